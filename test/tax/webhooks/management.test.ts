// Managing a registered endpoint (tax): edit, disable and enable, roll the secret with an overlap, re-send a
// delivery, filter deliveries, and the automatic disable after 3 days of failures, each change audited.
import { parseTaxEnv } from "../../../src/tax/env";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "@hono/zod-openapi";
import { verifyWebhook } from "../../../src/platform/webhooks/verify";
import { dispatchEvents, taxOutbox } from "../../../src/tax/webhooks/events";
import {
  CreatedWebhookEndpointSchema,
  DeliverySchema,
  RolledWebhookEndpointSchema,
  TestSendSchema,
  WebhookEndpointDetailSchema,
  WebhookEndpointSchema,
} from "../../../src/tax/webhooks/schemas";
import { webhookStore } from "../../../src/tax/webhooks/queries";
import taxWorker from "../../../src/tax/worker";
import { consumeDelivery } from "../../webhook-queue";
import { installReceivers, receiver, respond, type Behaviour } from "../../webhook-receiver";
import { sameMillisecondIds } from "../../same-millisecond";
import { admin, api, createKey, expectError, expectStatus } from "../helpers";

installReceivers();

const queueWorker = taxWorker as Pick<Required<ExportedHandler<Record<string, unknown>>>, "queue">;

const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

async function setup(behaviour: Behaviour = respond.ok) {
  const key = await createKey({ scopes: ["webhooks:manage"] });
  const { url, received } = receiver(behaviour);
  const endpoint = CreatedWebhookEndpointSchema.parse(
    (await expectStatus(await api("/api/v1/webhooks", key.key, json("POST", { url, description: "books" })), 201)).data,
  );
  const account = await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(key.email).first<{ id: string }>();
  const keyRow = await env.DB.prepare("SELECT id FROM api_keys WHERE account_id = ?").bind(account!.id).first<{ id: string }>();
  return { key: key.key, email: key.email, keyId: keyRow!.id, url, received, endpoint, accountId: account!.id };
}

async function detail(key: string, id: string) {
  return WebhookEndpointDetailSchema.parse((await expectStatus(await api(`/api/v1/webhooks/${id}`, key), 200)).data);
}

async function testSend(key: string, id: string) {
  return TestSendSchema.parse((await expectStatus(await api(`/api/v1/webhooks/${id}/test`, key, { method: "POST" }), 200)).data);
}

async function deliveriesOf(key: string, id: string, query = "") {
  return z.array(DeliverySchema).parse((await expectStatus(await api(`/api/v1/webhooks/${id}/deliveries${query}`, key), 200)).data);
}

async function deliveryCount(endpointId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id = ?").bind(endpointId).first<{ n: number }>();
  return row!.n;
}

/** An outbox row, as the profile and billing writes insert them, dispatched as those writes do. */
async function emitEvent(accountId: string, type = "profile.deleted"): Promise<string> {
  const id = `evt_${crypto.randomUUID()}`;
  await env.DB.prepare("INSERT INTO events (id, owner_id, type, payload, created_at) VALUES (?, ?, ?, ?, ?)")
    .bind(id, accountId, type, JSON.stringify({ profileId: "prof_x" }), Date.now())
    .run();
  await dispatchEvents(parseTaxEnv(env), [id]);
  return id;
}

describe("PATCH /api/v1/webhooks/{id}", () => {
  it("changes the URL, events and description given, keeps the rest, and records who changed what", async () => {
    const { key, keyId, endpoint } = await setup();
    const { url: newUrl } = receiver();
    const updated = WebhookEndpointSchema.parse(
      (await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, json("PATCH", { url: newUrl, events: ["plan.activated"] })), 200)).data,
    );
    expect(updated).toMatchObject({ id: endpoint.id, url: newUrl, events: ["plan.activated"], description: "books", status: "enabled" });

    const cleared = await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, json("PATCH", { description: null })), 200);
    expect(cleared.data.description).toBeNull();

    const seen = await detail(key, endpoint.id);
    expect(seen.changes).toEqual([
      { action: "updated", actor: `api_key:${keyId}`, detail: "description", at: expect.any(String) },
      {
        action: "updated",
        actor: `api_key:${keyId}`,
        detail: `url ${endpoint.url} → ${newUrl}; events plan.activated (no longer every event)`,
        at: expect.any(String),
      },
    ]);
    expect(JSON.stringify(seen)).not.toContain("whsec_");
  });

  it("a field equal to its current value is no change and records nothing", async () => {
    const { key, endpoint } = await setup();
    await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, json("PATCH", { url: endpoint.url, description: "books" })), 200);
    expect((await detail(key, endpoint.id)).changes).toEqual([]);
  });

  it("moving to a URL another endpoint of the account has is 409 naming it and changes nothing; its own URL in another spelling is no change", async () => {
    const { key, endpoint } = await setup();
    const other = CreatedWebhookEndpointSchema.parse(
      (await expectStatus(await api("/api/v1/webhooks", key, json("POST", { url: "https://hooks.example.com/other" })), 201)).data,
    );
    // The endpoint's URL with its host in capitals and the default port written out: the same URL.
    const sameUrl = endpoint.url.replace("receiver.example", "RECEIVER.Example:443");
    const moved = await api(`/api/v1/webhooks/${other.id}`, key, json("PATCH", { url: sameUrl, description: "x" }));
    expect(await expectError(moved, 409, "conflict")).toBe(
      `url: webhook endpoint ${endpoint.id} already has this URL; change or delete that endpoint instead`,
    );
    expect(await detail(key, other.id)).toMatchObject({ url: "https://hooks.example.com/other", description: null, changes: [] });

    await expectStatus(await api(`/api/v1/webhooks/${other.id}`, key, json("PATCH", { url: "https://HOOKS.example.com:443/other" })), 200);
    expect((await detail(key, other.id)).changes).toEqual([]);
  });

  it("of two endpoints moved to one URL at once, one moves and the other is 409", async () => {
    const { key, endpoint } = await setup();
    const other = CreatedWebhookEndpointSchema.parse(
      (await expectStatus(await api("/api/v1/webhooks", key, json("POST", { url: receiver().url })), 201)).data,
    );
    const { url: target } = receiver();
    const answers = await Promise.all([endpoint.id, other.id].map((id) => api(`/api/v1/webhooks/${id}`, key, json("PATCH", { url: target }))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const listed = z.array(WebhookEndpointSchema).parse((await expectStatus(await api("/api/v1/webhooks", key), 200)).data);
    expect(listed.filter((e) => e.url === target)).toHaveLength(1);
  });

  it.each([
    [{}, "give at least one of url, events, allEvents, description, disabled"],
    [{ url: "http://hooks.example.com/x" }, "url: must use https"],
    [{ url: "https://localhost./x" }, "url: must not point at an internal host name"],
    [{ url: "https://hooks.example.com:6667/x" }, "url: must not use port 6667, one of the ports browsers block"],
    [{ events: [] }, "events"],
    [{ events: ["webhook.test"] }, "events[0]"],
    [{ disabled: "yes" }, "disabled"],
    [{ secret: "mine" }, "secret"],
  ])("refuses %j with 400 naming %s and changes nothing", async (body, message) => {
    const { key, endpoint } = await setup();
    const text = await expectError(await api(`/api/v1/webhooks/${endpoint.id}`, key, json("PATCH", body)), 400, "validation_error");
    expect(text).toContain(message);
    const seen = await detail(key, endpoint.id);
    expect(seen).toMatchObject({ url: endpoint.url, events: endpoint.events, status: "enabled", changes: [] });
  });

  it("disabling stops new deliveries and manual sends; enabling starts them again", async () => {
    const { key, endpoint, accountId, received } = await setup();
    const disabled = await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, json("PATCH", { disabled: true })), 200);
    expect(disabled.data).toMatchObject({ status: "disabled", disabledReason: "manual", disabledAt: expect.any(String) });

    await emitEvent(accountId);
    expect(await deliveryCount(endpoint.id)).toBe(0);
    const refused = await expectError(await api(`/api/v1/webhooks/${endpoint.id}/test`, key, { method: "POST" }), 409, "conflict");
    expect(refused).toContain("disabled");
    expect(received).toHaveLength(0);

    const enabled = await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, json("PATCH", { disabled: false })), 200);
    expect(enabled.data).toMatchObject({ status: "enabled", disabledReason: null, disabledAt: null });
    await emitEvent(accountId);
    expect(await deliveryCount(endpoint.id)).toBe(1);
    expect((await detail(key, endpoint.id)).changes.map((c) => c.action)).toEqual(["enabled", "disabled"]);
  });

  it("disabling ends the pending deliveries as failed, not sent, and they stay so when it is enabled again", async () => {
    const { key, endpoint, accountId, received } = await setup(() => respond.fail(503));
    const eventId = `evt_${crypto.randomUUID()}`;
    await env.DB.prepare("INSERT INTO events (id, owner_id, type, payload, created_at) VALUES (?, ?, ?, ?, ?)")
      .bind(eventId, accountId, "profile.deleted", JSON.stringify({ profileId: "prof_x" }), Date.now())
      .run();
    const [deliveryId] = await webhookStore.fanOutEvents(env.DB, [eventId], Date.now());
    await consumeDelivery(queueWorker, "tax-webhooks", deliveryId!);
    expect(received).toHaveLength(1);
    expect((await deliveriesOf(key, endpoint.id))[0]).toMatchObject({ id: deliveryId, status: "pending", nextRetryAt: expect.any(String) });

    await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, json("PATCH", { disabled: true })), 200);
    const [ended] = await deliveriesOf(key, endpoint.id);
    expect(ended).toMatchObject({ id: deliveryId, status: "failed", nextRetryAt: null, completedAt: expect.any(String) });
    expect(ended!.attempts.map((a) => [a.outcome, a.responseStatus, a.error])).toEqual([
      ["failed", 503, expect.stringContaining("HTTP 503")],
      ["failed", null, "not sent: the endpoint is disabled"],
    ]);

    // Enabled again, the retry that was queued finds the delivery ended and sends nothing.
    await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, json("PATCH", { disabled: false })), 200);
    await consumeDelivery(queueWorker, "tax-webhooks", deliveryId!);
    expect(received).toHaveLength(1);
    expect((await deliveriesOf(key, endpoint.id))[0]!.status).toBe("failed");
  });

  describe("an attempt already on its way when the endpoint is stopped is recorded as it ended, not as 'not sent'", () => {
    /** A receiver that, while answering the first attempt, has the endpoint disabled or deleted, then answers `status`. */
    async function stoppedMidAttempt(stop: "disable" | "delete", status: number) {
      const stopRequest = stop === "disable" ? json("PATCH", { disabled: true }) : { method: "DELETE" };
      const ctx = { key: "", id: "" };
      const s = await setup(async () => {
        await expectStatus(await api(`/api/v1/webhooks/${ctx.id}`, ctx.key, stopRequest), 200);
        return status < 300 ? respond.ok() : respond.fail(status);
      });
      Object.assign(ctx, { key: s.key, id: s.endpoint.id });
      return s;
    }

    it("disabled while the receiver answers 2xx: the delivery is delivered, with that one attempt", async () => {
      const { key, endpoint, accountId, received } = await stoppedMidAttempt("disable", 200);
      const eventId = `evt_${crypto.randomUUID()}`;
      await env.DB.prepare("INSERT INTO events (id, owner_id, type, payload, created_at) VALUES (?, ?, ?, ?, ?)")
        .bind(eventId, accountId, "profile.deleted", JSON.stringify({ profileId: "prof_x" }), Date.now())
        .run();
      const [deliveryId] = await webhookStore.fanOutEvents(env.DB, [eventId], Date.now());
      await consumeDelivery(queueWorker, "tax-webhooks", deliveryId!);

      expect(received).toHaveLength(1);
      expect((await detail(key, endpoint.id)).status).toBe("disabled");
      const [delivery] = await deliveriesOf(key, endpoint.id);
      expect(delivery).toMatchObject({ id: deliveryId, status: "delivered", nextRetryAt: null, lastResponseStatus: 200 });
      expect(delivery!.attempts.map((a) => [a.attempt, a.outcome, a.responseStatus, a.error])).toEqual([[1, "delivered", 200, null]]);
    });

    it("disabled while the receiver answers 503: that attempt is kept, and the delivery ends failed without a retry", async () => {
      const { key, endpoint, received } = await stoppedMidAttempt("disable", 503);
      const sent = await testSend(key, endpoint.id);
      expect(sent).toMatchObject({ status: "failed", nextRetryAt: null, attempt: { outcome: "failed", responseStatus: 503 } });
      const [delivery] = await deliveriesOf(key, endpoint.id);
      expect(delivery).toMatchObject({ status: "failed", nextRetryAt: null });
      expect(delivery!.attempts.map((a) => [a.attempt, a.outcome, a.responseStatus, a.error])).toEqual([
        [1, "failed", 503, "HTTP 503: receiver down"],
      ]);
      // Enabled again, the retry the test send queued finds the delivery ended and sends nothing.
      await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, json("PATCH", { disabled: false })), 200);
      await consumeDelivery(queueWorker, "tax-webhooks", sent.deliveryId);
      expect(received).toHaveLength(1);
    });

    it("deleted while the receiver answers 2xx: the test send answers delivered", async () => {
      const { key, endpoint, received } = await stoppedMidAttempt("delete", 200);
      const sent = await testSend(key, endpoint.id);
      expect(received).toHaveLength(1);
      expect(sent).toMatchObject({ status: "delivered", nextRetryAt: null, attempt: { outcome: "delivered", responseStatus: 200, error: null } });
      const attempts = await env.DB.prepare("SELECT attempt, outcome, response_status, error FROM webhook_attempts WHERE delivery_id = ?")
        .bind(sent.deliveryId)
        .all();
      expect(attempts.results).toEqual([{ attempt: 1, outcome: "delivered", response_status: 200, error: null }]);
    });
  });

  it("an event of a disabled period is never sent, even when its dispatch was lost and the sweep finds it after enabling", async () => {
    const { key, endpoint, accountId, received } = await setup();
    await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, json("PATCH", { disabled: true })), 200);
    // The write committed its event, but its own dispatch never ran.
    const eventId = `evt_${crypto.randomUUID()}`;
    await env.DB.prepare("INSERT INTO events (id, owner_id, type, payload, created_at) VALUES (?, ?, ?, ?, ?)")
      .bind(eventId, accountId, "profile.deleted", JSON.stringify({ profileId: "prof_x" }), Date.now() - 1)
      .run();
    await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, json("PATCH", { disabled: false })), 200);
    await taxOutbox.sweepOutbox(parseTaxEnv(env), Date.now() + 61_000);
    expect(await deliveryCount(endpoint.id)).toBe(0);
    expect(received).toHaveLength(0);
  });

  it("disabling or enabling together with another field is recorded as `disabled` or `enabled`, and the disabled period's events stay unsent", async () => {
    const { key, keyId, endpoint, accountId, received } = await setup();
    await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, json("PATCH", { disabled: true, description: "paused" })), 200);
    // The write committed its event while the endpoint was disabled, but its own dispatch never ran.
    const eventId = `evt_${crypto.randomUUID()}`;
    await env.DB.prepare("INSERT INTO events (id, owner_id, type, payload, created_at) VALUES (?, ?, ?, ?, ?)")
      .bind(eventId, accountId, "profile.deleted", JSON.stringify({ profileId: "prof_x" }), Date.now() - 1)
      .run();
    await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, json("PATCH", { disabled: false, description: "back" })), 200);
    await taxOutbox.sweepOutbox(parseTaxEnv(env), Date.now() + 61_000);
    expect(await deliveryCount(endpoint.id)).toBe(0);
    expect(received).toHaveLength(0);
    expect((await detail(key, endpoint.id)).changes).toEqual([
      { action: "enabled", actor: `api_key:${keyId}`, detail: "description; enabled", at: expect.any(String) },
      { action: "disabled", actor: `api_key:${keyId}`, detail: "description; disabled", at: expect.any(String) },
    ]);
  });

  it("another account's endpoint, or a deleted one, is 404 and unchanged", async () => {
    const owner = await setup();
    const stranger = await createKey({ scopes: ["webhooks:manage"] });
    await expectError(await api(`/api/v1/webhooks/${owner.endpoint.id}`, stranger.key, json("PATCH", { disabled: true })), 404, "not_found");
    await expectError(await api(`/api/v1/webhooks/${owner.endpoint.id}`, stranger.key), 404, "not_found");
    expect((await detail(owner.key, owner.endpoint.id)).status).toBe("enabled");
    await expectStatus(await api(`/api/v1/webhooks/${owner.endpoint.id}`, owner.key, { method: "DELETE" }), 200);
    await expectError(await api(`/api/v1/webhooks/${owner.endpoint.id}`, owner.key, json("PATCH", { disabled: true })), 404, "not_found");
  });
});

describe("POST /api/v1/webhooks/{id}/roll-secret", () => {
  it("with an overlap, both secrets sign every delivery until it ends; the new secret is shown once", async () => {
    const { key, endpoint, received } = await setup();
    const rolled = RolledWebhookEndpointSchema.parse(
      (await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}/roll-secret`, key, json("POST", { overlapHours: 24 })), 200)).data,
    );
    expect(rolled.secret).toMatch(/^whsec_[0-9A-Za-z]{40}$/);
    expect(rolled.secret).not.toBe(endpoint.secret);
    const overlapMs = Date.parse(rolled.previousSecretExpiresAt!) - Date.now();
    expect(overlapMs).toBeGreaterThan(23 * 3_600_000);
    expect(overlapMs).toBeLessThanOrEqual(24 * 3_600_000);

    await testSend(key, endpoint.id);
    const [request] = received;
    expect(request!.headers.get("Service-Signature")).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    for (const secret of [rolled.secret, endpoint.secret]) {
      expect(await verifyWebhook(secret, request!.headers, request!.body, { scheme: "service-signature" })).toMatchObject({ ok: true });
    }
    expect(JSON.stringify((await detail(key, endpoint.id)).changes)).not.toContain("whsec_");
  });

  it("without an overlap the old secret stops signing at once", async () => {
    const { key, endpoint, received } = await setup();
    const rolled = await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}/roll-secret`, key, { method: "POST" }), 200);
    expect(rolled.data.previousSecretExpiresAt).toBeNull();
    await testSend(key, endpoint.id);
    const [request] = received;
    expect(await verifyWebhook(rolled.data.secret, request!.headers, request!.body, { scheme: "service-signature" })).toMatchObject({ ok: true });
    expect(await verifyWebhook(endpoint.secret, request!.headers, request!.body, { scheme: "service-signature" })).toMatchObject({
      ok: false,
      reason: "signature_mismatch",
    });
    expect((await detail(key, endpoint.id)).changes).toEqual([
      expect.objectContaining({ action: "secret_rolled", detail: "the previous secret stopped signing at once" }),
    ]);
  });

  it.each([[{ overlapHours: 25 }], [{ overlapHours: -1 }], [{ overlapHours: 1.5 }], [{ overlap: 2 }]])("refuses %j with 400", async (body) => {
    const { key, endpoint, received } = await setup();
    await expectError(await api(`/api/v1/webhooks/${endpoint.id}/roll-secret`, key, json("POST", body)), 400, "validation_error");
    await testSend(key, endpoint.id);
    expect(await verifyWebhook(endpoint.secret, received[0]!.headers, received[0]!.body, { scheme: "service-signature" })).toMatchObject({
      ok: true,
    });
  });
});

describe("re-sending a delivery", () => {
  it("sends the same event again as a new delivery with a fresh id, listed with what it repeats", async () => {
    const { key, endpoint, received } = await setup();
    const first = await testSend(key, endpoint.id);
    const again = TestSendSchema.parse(
      (await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}/deliveries/${first.deliveryId}/resend`, key, { method: "POST" }), 200)).data,
    );
    expect(again).toMatchObject({ eventId: first.eventId, status: "delivered" });
    expect(again.deliveryId).not.toBe(first.deliveryId);
    expect(received).toHaveLength(2);
    expect(received[1]!.body).toBe(received[0]!.body);
    expect(received[1]!.headers.get("Service-Delivery")).toBe(again.deliveryId);
    expect(await verifyWebhook(endpoint.secret, received[1]!.headers, received[1]!.body, { scheme: "service-signature" })).toMatchObject({
      ok: true,
    });
    const [latest] = await deliveriesOf(key, endpoint.id);
    expect(latest).toMatchObject({ id: again.deliveryId, eventId: first.eventId, resendOf: first.deliveryId });
  });

  it("an unknown delivery, another endpoint's delivery or another account's endpoint is 404", async () => {
    const owner = await setup();
    const sent = await testSend(owner.key, owner.endpoint.id);
    const other = await setup();
    const otherSent = await testSend(other.key, other.endpoint.id);
    const resend = (key: string, endpointId: string, deliveryId: string) =>
      api(`/api/v1/webhooks/${endpointId}/deliveries/${deliveryId}/resend`, key, { method: "POST" });
    await expectError(await resend(owner.key, owner.endpoint.id, "whd_01jd3k9x2m4n5p6q7r8s9t0v1w"), 404, "not_found");
    await expectError(await resend(owner.key, owner.endpoint.id, otherSent.deliveryId), 404, "not_found");
    await expectError(await resend(other.key, owner.endpoint.id, sent.deliveryId), 404, "not_found");
    expect(owner.received).toHaveLength(1);
    expect(other.received).toHaveLength(1);
  });

  it("re-sends count with test sends: at most 10 manual sends a minute per endpoint", async () => {
    const { key, endpoint, received } = await setup();
    const first = await testSend(key, endpoint.id);
    for (let i = 0; i < 9; i++) {
      await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}/deliveries/${first.deliveryId}/resend`, key, { method: "POST" }), 200);
    }
    const limited = await api(`/api/v1/webhooks/${endpoint.id}/deliveries/${first.deliveryId}/resend`, key, { method: "POST" });
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    await expectError(limited, 429, "rate_limited");
    await expectError(await api(`/api/v1/webhooks/${endpoint.id}/test`, key, { method: "POST" }), 429, "rate_limited");
    expect(received).toHaveLength(10);
  });
});

describe("GET /api/v1/webhooks/{id}/deliveries filters", () => {
  it("by status and by event type", async () => {
    let n = 0;
    const { key, endpoint, accountId } = await setup(() => (++n === 1 ? respond.fail(503) : respond.ok()));
    const failed = await testSend(key, endpoint.id);
    const delivered = await testSend(key, endpoint.id);
    await emitEvent(accountId, "plan.activated");

    expect((await deliveriesOf(key, endpoint.id, "?status=pending")).map((d) => d.id)).toContain(failed.deliveryId);
    expect((await deliveriesOf(key, endpoint.id, "?status=delivered")).map((d) => d.id)).toContain(delivered.deliveryId);
    expect((await deliveriesOf(key, endpoint.id, "?status=delivered")).map((d) => d.id)).not.toContain(failed.deliveryId);
    expect((await deliveriesOf(key, endpoint.id, "?eventType=plan.activated")).map((d) => d.eventType)).toEqual(["plan.activated"]);
    expect(await deliveriesOf(key, endpoint.id, "?eventType=webhook.test&limit=1")).toHaveLength(1);
    await expectError(await api(`/api/v1/webhooks/${endpoint.id}/deliveries?status=lost`, key), 400, "validation_error");
    await expectError(await api(`/api/v1/webhooks/${endpoint.id}/deliveries?eventType=sale.created`, key), 400, "validation_error");
  });

  it.each([
    ["event_type=plan.activated", "event_type"],
    ["state=failed", "state"],
  ])(
    "the management API's log refuses a filter it does not know (%s) with a 400 naming it, rather than listing every delivery",
    async (query, name) => {
      const { key, email, endpoint } = await setup();
      await testSend(key, endpoint.id);
      const path = `/admin/api/webhooks/${endpoint.id}/deliveries?accountEmail=${encodeURIComponent(email)}&${query}`;
      expect(await expectError(await admin("GET", path), 400, "validation_error")).toBe(`${name}: unknown field`);
    },
  );
});

describe("the failing streak and the automatic disable", () => {
  it("a failed attempt starts the streak and a 2xx ends it", async () => {
    let fail = true;
    const { key, endpoint } = await setup(() => (fail ? respond.fail(500) : respond.ok()));
    const sent = await testSend(key, endpoint.id);
    expect((await detail(key, endpoint.id)).failingSince).toBe(sent.attempt!.attemptedAt);
    await testSend(key, endpoint.id);
    expect((await detail(key, endpoint.id)).failingSince).toBe(sent.attempt!.attemptedAt);
    fail = false;
    await testSend(key, endpoint.id);
    expect((await detail(key, endpoint.id)).failingSince).toBeNull();
  });

  it("a failure 3 days into the streak disables the endpoint, recorded as the service's change", async () => {
    const { key, endpoint, accountId } = await setup(() => respond.fail(500));
    const since = Date.now() - 3 * 86_400_000 - 60_000;
    await env.DB.prepare("UPDATE webhook_endpoints SET failing_since = ? WHERE id = ?").bind(since, endpoint.id).run();

    const sent = await testSend(key, endpoint.id);
    // The answer tells what the log will: this failure disabled the endpoint, so no retry is coming.
    expect(sent).toMatchObject({ status: "failed", nextRetryAt: null, attempt: { outcome: "failed", responseStatus: 500 } });
    const seen = await detail(key, endpoint.id);
    expect(seen).toMatchObject({ status: "disabled", disabledReason: "failing", failingSince: new Date(since).toISOString() });
    expect(seen.changes).toEqual([
      { action: "auto_disabled", actor: "service", detail: `no 2xx answer since ${new Date(since).toISOString()}`, at: expect.any(String) },
    ]);
    // The failed test send would have been retried; disabled, it ends at once, not sent.
    const [testDelivery] = await deliveriesOf(key, endpoint.id);
    expect(testDelivery).toMatchObject({ status: "failed", nextRetryAt: null });
    expect(testDelivery!.attempts.at(-1)).toMatchObject({ outcome: "failed", responseStatus: null, error: "not sent: the endpoint is disabled" });
    await emitEvent(accountId);
    expect(await deliveryCount(endpoint.id)).toBe(1);
  });

  it("a re-send whose failure disables the endpoint answers failed, with no retry to come", async () => {
    const { key, endpoint } = await setup(() => respond.fail(503));
    const first = await testSend(key, endpoint.id);
    await env.DB.prepare("UPDATE webhook_endpoints SET failing_since = ? WHERE id = ?")
      .bind(Date.now() - 3 * 86_400_000 - 60_000, endpoint.id)
      .run();
    const resent = TestSendSchema.parse(
      (await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}/deliveries/${first.deliveryId}/resend`, key, { method: "POST" }), 200)).data,
    );
    expect(resent).toMatchObject({ status: "failed", nextRetryAt: null, attempt: { outcome: "failed", responseStatus: 503 } });
    expect((await detail(key, endpoint.id)).status).toBe("disabled");
    expect((await deliveriesOf(key, endpoint.id)).find((d) => d.id === resent.deliveryId)).toMatchObject({ status: "failed", nextRetryAt: null });
  });

  it("a failure less than 3 days into the streak leaves it enabled", async () => {
    const { key, endpoint } = await setup(() => respond.fail(500));
    await env.DB.prepare("UPDATE webhook_endpoints SET failing_since = ? WHERE id = ?")
      .bind(Date.now() - 3 * 86_400_000 + 3_600_000, endpoint.id)
      .run();
    await testSend(key, endpoint.id);
    expect((await detail(key, endpoint.id)).status).toBe("enabled");
  });
});

describe("the delivery log's order", () => {
  it("lists the deliveries of events written in one millisecond newest first, in the order the events were written", async () => {
    const { key, endpoint, accountId } = await setup();
    // Six events of one request: ids of one millisecond whose random parts sort opposite to the order written.
    const now = Date.now();
    const eventIds = sameMillisecondIds("evt", 6, now);
    for (const id of eventIds) {
      await env.DB.prepare("INSERT INTO events (id, owner_id, type, payload, created_at) VALUES (?, ?, 'profile.saved', '{}', ?)")
        .bind(id, accountId, now)
        .run();
    }
    await webhookStore.fanOutEvents(env.DB, eventIds, now);
    const log = await deliveriesOf(key, endpoint.id);
    expect(log.map((d) => d.eventId)).toEqual([...eventIds].reverse());
  });
});

describe("the order of endpoints and their changes written in one millisecond", () => {
  it("lists endpoints registered in one millisecond newest first, in the reverse of the order they were registered", async () => {
    const { key, endpoint, accountId } = await setup();
    // Ids of one millisecond whose random parts sort opposite to the order written, a minute after the first.
    const at = Date.parse(endpoint.createdAt) + 60_000;
    const written = sameMillisecondIds("whk", 3, at);
    for (const [i, id] of written.entries()) {
      await env.DB.prepare(
        "INSERT INTO webhook_endpoints (id, owner_id, url, events, all_events, secret, created_at) VALUES (?, ?, ?, '[]', 1, 'sealed-v1:unused', ?)",
      )
        .bind(id, accountId, `https://hooks.example.com/${i}`, at)
        .run();
    }
    const listed = z.array(WebhookEndpointSchema).parse((await expectStatus(await api("/api/v1/webhooks", key), 200)).data);
    expect(listed.map((e) => e.id)).toEqual([written[2], written[1], written[0], endpoint.id]);
  });

  it("shows an endpoint's changes of one millisecond newest first, in the reverse of the order they were made", async () => {
    const { key, endpoint, accountId } = await setup();
    const at = Date.now();
    const written = sameMillisecondIds("whc", 3, at);
    for (const [i, id] of written.entries()) {
      await env.DB.prepare(
        "INSERT INTO webhook_endpoint_changes (id, endpoint_id, owner_id, action, actor, detail, at) VALUES (?, ?, ?, 'updated', 'operator', ?, ?)",
      )
        .bind(id, endpoint.id, accountId, `change ${i}`, at)
        .run();
    }
    expect((await detail(key, endpoint.id)).changes.map((c) => c.detail)).toEqual(["change 2", "change 1", "change 0"]);
  });
});
