// Recovering an endpoint after an outage (inventory): every event since a time whose deliveries all failed is
// queued again as a re-send of the latest and delivered, signed; events from before the endpoint's present enabled
// period, delivered, pending and older events are left alone; the bound per call and the `next_since` to go on
// from; the error table, another organisation's endpoint, a disabled one, and Idempotency-Key replays.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { CreatedWebhookSchema, RecoverySchema } from "../../../src/inventory/webhooks/schemas";
import { verifyWebhook } from "../../../src/platform/webhooks/verify";
import { verifyStandardWebhook } from "../../standard-webhooks";
import { installReceivers, receiver, respond } from "../../webhook-receiver";
import { admin, asSession, createOrg, expectError, expectStatus, INVENTORY, signIn } from "../helpers";

installReceivers();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

async function setup() {
  const orgId = await createOrg();
  const { url, received } = receiver(respond.ok);
  const endpoint = CreatedWebhookSchema.parse((await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/webhooks`, { url }), 201)).data);
  // Registered long before the deliveries the tests write for it: only events of its present enabled period count.
  await env.DB.prepare("UPDATE webhook_endpoints SET created_at = ? WHERE id = ?")
    .bind(Date.now() - 1_000 * DAY, endpoint.id)
    .run();
  return { orgId, endpoint, received, base: `/admin/api/orgs/${orgId}/webhooks/${endpoint.id}` };
}

type Outcome = "failed" | "not sent" | "delivered" | "pending";

/**
 * A delivery as the log shows it once its attempts are over (or, `pending`, while it waits for a retry), written
 * directly: `failed` was refused with HTTP 503, `not sent` ended when its endpoint was disabled. Without `resend`
 * it is the first delivery of a new `customer.created` event created at `at`; with it, a re-send of `resendOf`.
 */
async function pastDelivery(
  endpoint: { id: string },
  orgId: string,
  at: number,
  outcome: Outcome,
  resend?: { eventId: string; resendOf: string },
): Promise<{ id: string; eventId: string }> {
  const eventId = resend?.eventId ?? `evt_${crypto.randomUUID()}`;
  const id = `whd_${crypto.randomUUID().replaceAll("-", "")}`;
  const statements = [];
  if (!resend) {
    statements.push(
      env.DB.prepare("INSERT INTO events (id, org_id, type, payload, created_at, dispatched_at) VALUES (?, ?, 'customer.created', ?, ?, ?)").bind(
        eventId,
        orgId,
        JSON.stringify({ customer_id: `cust_${eventId}`, name: "Sri Murugan Tex", gstin: null }),
        at,
        at,
      ),
    );
  }
  const status = outcome === "not sent" ? "failed" : outcome;
  statements.push(
    env.DB.prepare(
      `INSERT INTO webhook_deliveries (id, endpoint_id, org_id, event_id, event_type, status, attempts, signed_at, next_attempt_at, created_at, completed_at, resend_of)
       VALUES (?, ?, ?, ?, 'customer.created', ?, 1, ?, ?, ?, ?, ?)`,
    ).bind(
      id,
      endpoint.id,
      orgId,
      eventId,
      status,
      outcome === "not sent" ? null : at,
      outcome === "pending" ? Date.now() + 10_000 : null,
      at,
      outcome === "pending" ? null : at,
      resend?.resendOf ?? null,
    ),
    env.DB.prepare(
      "INSERT INTO webhook_attempts (id, delivery_id, attempt, attempted_at, outcome, response_status, duration_ms, error) VALUES (?, ?, 1, ?, ?, ?, ?, ?)",
    ).bind(
      `wha_${id.slice(4)}`,
      id,
      at,
      outcome === "delivered" ? "delivered" : "failed",
      outcome === "not sent" ? null : outcome === "delivered" ? 200 : 503,
      outcome === "not sent" ? 0 : 40,
      outcome === "not sent" ? "not sent: the endpoint is disabled" : outcome === "delivered" ? null : "HTTP 503: receiver down",
    ),
  );
  await env.DB.batch(statements);
  return { id, eventId };
}

function recover(base: string, body: unknown, headers: Record<string, string> = {}) {
  return SELF.fetch(`${INVENTORY}${base}/recover`, {
    method: "POST",
    headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

async function recovered(response: Response) {
  return RecoverySchema.parse((await expectStatus(response, 202)).data);
}

/** The re-sends written for the endpoint: what each repeats, by delivery id. */
async function resendsOf(endpointId: string): Promise<Map<string, string>> {
  const rows = await env.DB.prepare("SELECT id, resend_of FROM webhook_deliveries WHERE endpoint_id = ? AND resend_of IS NOT NULL")
    .bind(endpointId)
    .all<{ id: string; resend_of: string }>();
  return new Map(rows.results.map((r) => [r.id, r.resend_of]));
}

async function statusOf(deliveryId: string): Promise<string | undefined> {
  return (await env.DB.prepare("SELECT status FROM webhook_deliveries WHERE id = ?").bind(deliveryId).first<{ status: string }>())?.status;
}

describe("POST /admin/api/orgs/{id}/webhooks/{webhookId}/recover", () => {
  it("sends again, signed, each event since `since` whose latest delivery failed or was not sent; the rest are left alone", async () => {
    const { orgId, endpoint, received, base } = await setup();
    const since = Date.now() - 2 * HOUR;
    const before = await pastDelivery(endpoint, orgId, since - 1, "failed");
    const refused = await pastDelivery(endpoint, orgId, since, "failed");
    const notSent = await pastDelivery(endpoint, orgId, since + 60_000, "not sent");
    const delivered = await pastDelivery(endpoint, orgId, since + 120_000, "delivered");
    const retrying = await pastDelivery(endpoint, orgId, since + 180_000, "pending");
    // Failed, then re-sent by hand and delivered: the receiver has it.
    const resentBefore = await pastDelivery(endpoint, orgId, since + 240_000, "failed");
    await pastDelivery(endpoint, orgId, since + 250_000, "delivered", { eventId: resentBefore.eventId, resendOf: resentBefore.id });
    // Failed, and its re-send by hand failed too: recovered as a re-send of that latest one.
    const resentFailed = await pastDelivery(endpoint, orgId, since + 300_000, "failed");
    const failedResend = await pastDelivery(endpoint, orgId, since + 310_000, "failed", { eventId: resentFailed.eventId, resendOf: resentFailed.id });
    const resendsBefore = await resendsOf(endpoint.id);

    expect(await recovered(await recover(base, { since: iso(since) }))).toEqual({ queued: 3, more: false, next_since: null });

    const made = [...(await resendsOf(endpoint.id))].filter(([id]) => !resendsBefore.has(id));
    expect(made.map(([, of]) => of).sort()).toEqual([refused.id, notSent.id, failedResend.id].sort());

    await vi.waitFor(() => expect(received).toHaveLength(3), { timeout: 20_000, interval: 50 });
    const events = received.map((r) => JSON.parse(r.body) as { id: string; type: string; org_id: string });
    expect(events.map((e) => e.id).sort()).toEqual([refused.eventId, notSent.eventId, resentFailed.eventId].sort());
    expect(events.every((e) => e.type === "customer.created" && e.org_id === orgId)).toBe(true);
    for (const request of received) {
      expect(made.map(([id]) => id)).toContain(request.headers.get("X-Service-Delivery"));
      expect(await verifyWebhook(endpoint.secret, request.headers, request.body, { scheme: "x-service" })).toMatchObject({ ok: true });
      expect(await verifyStandardWebhook(endpoint.secret, request.headers, request.body, Math.floor(request.at / 1000))).toMatchObject({
        ok: true,
        id: request.headers.get("X-Service-Delivery"),
      });
    }
    await vi.waitFor(async () => expect(await Promise.all(made.map(([id]) => statusOf(id)))).toEqual(["delivered", "delivered", "delivered"]), {
      timeout: 20_000,
      interval: 50,
    });
    for (const [d, status] of [
      [before, "failed"],
      [refused, "failed"],
      [notSent, "failed"],
      [delivered, "delivered"],
      [retrying, "pending"],
      [resentBefore, "failed"],
      [failedResend, "failed"],
    ] as const) {
      expect(await statusOf(d.id)).toBe(status);
    }

    expect(await recovered(await recover(base, { since: iso(since) }))).toEqual({ queued: 0, more: false, next_since: null });
    expect(received).toHaveLength(3);
  });

  it("queues at most 1,000 re-sends in 10 minutes, oldest first, says where the rest begin, and then 429 until the window has room", {
    timeout: 120_000,
  }, async () => {
    const { orgId, endpoint, received, base } = await setup();
    const tag = crypto.randomUUID().replaceAll("-", "");
    const start = Date.now() - HOUR;
    await env.DB.batch([
      env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
         INSERT INTO events (id, org_id, type, payload, created_at, dispatched_at)
         SELECT 'evt_' || ?1 || '_' || i, ?2, 'customer.created', '{"customer_id":"cust_x","name":"x","gstin":null}', ?3 + i, ?3 + i FROM n`,
      ).bind(tag, orgId, start),
      env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
         INSERT INTO webhook_deliveries (id, endpoint_id, org_id, event_id, event_type, status, attempts, created_at, completed_at)
         SELECT 'whd_' || ?1 || '_' || i, ?2, ?3, 'evt_' || ?1 || '_' || i, 'customer.created', 'failed', 5, ?4 + i, ?4 + i FROM n`,
      ).bind(tag, endpoint.id, orgId, start),
    ]);

    expect(await recovered(await recover(base, { since: iso(start) }))).toEqual({ queued: 1000, more: true, next_since: iso(start + 1000) });
    expect([...(await resendsOf(endpoint.id)).values()]).not.toContain(`whd_${tag}_1000`);
    // The endpoint's 1,000 re-sends of the last 10 minutes are used up: nothing more is queued yet.
    const refused = await recover(base, { since: iso(start + 1000) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(600);
    expect((await resendsOf(endpoint.id)).size).toBe(1000);
    // Ten minutes on (the re-sends written that long ago), the rest goes.
    await env.DB.prepare("UPDATE webhook_deliveries SET created_at = created_at - 600000 WHERE endpoint_id = ? AND resend_of IS NOT NULL")
      .bind(endpoint.id)
      .run();
    expect(await recovered(await recover(base, { since: iso(start + 1000) }))).toEqual({ queued: 1, more: false, next_since: null });
    expect(new Set((await resendsOf(endpoint.id)).values())).toEqual(new Set(Array.from({ length: 1001 }, (_, i) => `whd_${tag}_${i}`)));
    await vi.waitFor(() => expect(received).toHaveLength(1001), { timeout: 100_000, interval: 100 });
  });

  it.each([
    [{}, "since: is required"],
    [{ since: "yesterday" }, "since: must be an ISO 8601 time with its offset, e.g. 2026-11-21T06:00:00Z"],
    [{ since: "2026-11-21T06:00:00" }, "since: must be an ISO 8601 time with its offset, e.g. 2026-11-21T06:00:00Z"],
    [{ since: 1_763_704_800_000 }, "since: must be an ISO 8601 time with its offset, e.g. 2026-11-21T06:00:00Z"],
    [{ since: "2026-11-21T06:00:00Z", status: "failed" }, "status: unknown field"],
    [{ since: "2999-01-01T00:00:00Z" }, "since: must not be in the future"],
  ])("refuses %j with 400 naming the field, and queues nothing", async (body, message) => {
    const { orgId, endpoint, received, base } = await setup();
    await pastDelivery(endpoint, orgId, Date.now() - HOUR, "failed");
    expect(await expectError(await recover(base, body), 400, "bad_request")).toBe(message);
    expect((await resendsOf(endpoint.id)).size).toBe(0);
    expect(received).toHaveLength(0);
  });

  it("a disabled endpoint answers 409 as a re-send does; enabled again, it recovers only what failed since it was enabled", async () => {
    const { orgId, endpoint, received, base } = await setup();
    const since = Date.now() - HOUR;
    const notSent = await pastDelivery(endpoint, orgId, since, "not sent");
    await expectStatus(await admin("PATCH", base, { disabled: true }), 200);
    expect(await expectError(await recover(base, { since: iso(since) }), 409, "conflict")).toBe("The webhook endpoint is disabled; enable it first");
    expect((await resendsOf(endpoint.id)).size).toBe(0);

    // Ended unsent by the disabling, its event is from before the endpoint's present enabled period: never sent to it.
    await expectStatus(await admin("PATCH", base, { disabled: false }), 200);
    const failedSince = await pastDelivery(endpoint, orgId, Date.now(), "failed");
    expect(await recovered(await recover(base, { since: iso(since - DAY) }))).toEqual({ queued: 1, more: false, next_since: null });
    expect([...(await resendsOf(endpoint.id)).values()]).toEqual([failedSince.id]);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 20_000, interval: 50 });
    expect(JSON.parse(received[0]!.body).id).toBe(failedSince.eventId);
    expect(await statusOf(notSent.id)).toBe("failed");
  });

  it("needs the operator token or a session (401); another organisation's endpoint is 404 and nothing is queued", async () => {
    const owner = await setup();
    await pastDelivery(owner.endpoint, owner.orgId, Date.now() - HOUR, "failed");
    const body = { since: iso(Date.now() - 2 * HOUR) };
    const path = `${INVENTORY}${owner.base}/recover`;
    const init = (headers: Record<string, string>) => ({
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    await expectError(await SELF.fetch(path, init({})), 401, "unauthorized");
    await expectError(await SELF.fetch(path, init({ Authorization: "Bearer wrong-token" })), 401, "unauthorized");

    const other = await createOrg();
    const session = await signIn(other);
    await expectError(await asSession(session, "POST", `${owner.base}/recover`, body), 404, "not_found");
    await expectError(await asSession(session, "POST", `/admin/api/orgs/${other}/webhooks/${owner.endpoint.id}/recover`, body), 404, "not_found");
    await expectError(await recover(`/admin/api/orgs/${owner.orgId}/webhooks/whk_01jd3k9x2m4n5p6q7r8s9t0v1w`, body), 404, "not_found");
    expect((await resendsOf(owner.endpoint.id)).size).toBe(0);
    expect(owner.received).toHaveLength(0);

    // The organisation's own admin may.
    const own = await signIn(owner.orgId);
    expect(await recovered(await asSession(own, "POST", `${owner.base}/recover`, body))).toEqual({ queued: 1, more: false, next_since: null });
    await vi.waitFor(() => expect(owner.received).toHaveLength(1), { timeout: 20_000, interval: 50 });
  });

  it("the same Idempotency-Key replays the first answer and queues nothing twice; with another body it is 422", async () => {
    const { orgId, endpoint, received, base } = await setup();
    const since = Date.now() - HOUR;
    await pastDelivery(endpoint, orgId, since, "failed");
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    const first = await recover(base, { since: iso(since) }, headers);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await recovered(first)).toEqual({ queued: 1, more: false, next_since: null });
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 20_000, interval: 50 });
    // A failed event since then, so a second run would have something to send.
    await pastDelivery(endpoint, orgId, since + 1, "failed");

    const again = await recover(base, { since: iso(since) }, headers);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await recovered(again)).toEqual({ queued: 1, more: false, next_since: null });
    await expectError(await recover(base, { since: iso(since + 1) }, headers), 422, "idempotency_key_reused");
    expect((await resendsOf(endpoint.id)).size).toBe(1);
    expect(received).toHaveLength(1);
  });
});
