// Recovering an endpoint after an outage (tax): every event since a time whose deliveries all failed is queued
// again as a re-send of the latest and delivered, signed; events with a delivered or pending delivery, of a type the
// endpoint no longer takes, or from before its present enabled period, and older events, are left alone; the bound
// per call and the `nextSince` to go on from; the error table, another account's endpoint, a disabled one, and
// Idempotency-Key replays.
import { env } from "cloudflare:test";
import { z } from "@hono/zod-openapi";
import { describe, expect, it, vi } from "vitest";
import { verifyWebhook } from "../../../src/platform/webhooks/verify";
import { taxOutbox } from "../../../src/tax/webhooks/events";
import { CreatedWebhookEndpointSchema, DeliverySchema, RecoverySchema } from "../../../src/tax/webhooks/schemas";
import { racedWrites } from "../../d1-race";
import { verifyStandardWebhook } from "../../standard-webhooks";
import { installReceivers, receiver, respond } from "../../webhook-receiver";
import { sessionCaller } from "../../web-session";
import { admin, api, createKey, expectError, expectStatus, signedIn, TAX } from "../helpers";

installReceivers();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  body: JSON.stringify(body),
  headers,
});

/** Registered long before the deliveries a test writes for it: only events of its present enabled period count. */
async function registeredLongAgo(endpointId: string) {
  await env.DB.prepare("UPDATE webhook_endpoints SET created_at = ? WHERE id = ?")
    .bind(Date.now() - 1_000 * DAY, endpointId)
    .run();
}

async function setup() {
  const key = await createKey({ scopes: ["webhooks:manage"] });
  const { url, received } = receiver(respond.ok);
  const endpoint = CreatedWebhookEndpointSchema.parse((await expectStatus(await api("/api/v1/webhooks", key.key, json("POST", { url })), 201)).data);
  const account = await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(key.email).first<{ id: string }>();
  await registeredLongAgo(endpoint.id);
  return { key: key.key, email: key.email, endpoint, received, accountId: account!.id };
}

type Outcome = "failed" | "not sent" | "delivered" | "pending";

/**
 * A delivery as the log shows it once its attempts are over (or, `pending`, while it waits for a retry), written
 * directly: `failed` was refused with HTTP 503, `not sent` ended when its endpoint was disabled. Without `eventId`
 * it is the first delivery of a new event created at `at`; with it, a re-send of `resendOf`.
 */
async function pastDelivery(
  endpoint: { id: string },
  accountId: string,
  at: number,
  outcome: Outcome,
  resend?: { eventId: string; resendOf: string },
): Promise<{ id: string; eventId: string }> {
  const eventId = resend?.eventId ?? `evt_${crypto.randomUUID()}`;
  const id = `whd_${crypto.randomUUID().replaceAll("-", "")}`;
  const statements = [];
  if (!resend) {
    statements.push(
      env.DB.prepare("INSERT INTO events (id, owner_id, type, payload, created_at, dispatched_at) VALUES (?, ?, 'profile.deleted', ?, ?, ?)").bind(
        eventId,
        accountId,
        JSON.stringify({ profileId: `prof_${eventId}`, label: "FY 2025-26" }),
        at,
        at,
      ),
    );
  }
  const status = outcome === "not sent" ? "failed" : outcome;
  statements.push(
    env.DB.prepare(
      `INSERT INTO webhook_deliveries (id, endpoint_id, owner_id, event_id, event_type, status, attempts, signed_at, next_attempt_at, created_at, completed_at, resend_of)
       VALUES (?, ?, ?, ?, 'profile.deleted', ?, 1, NULL, ?, ?, ?, ?)`,
    ).bind(
      id,
      endpoint.id,
      accountId,
      eventId,
      status,
      outcome === "pending" ? Date.now() + 23 * HOUR : null,
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

async function recover(key: string | null, id: string, body: unknown, headers: Record<string, string> = {}) {
  return api(`/api/v1/webhooks/${id}/recover`, key, json("POST", body, headers));
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

async function deliveriesOf(key: string, id: string) {
  return z.array(DeliverySchema).parse((await expectStatus(await api(`/api/v1/webhooks/${id}/deliveries?limit=100`, key), 200)).data);
}

describe("POST /api/v1/webhooks/{id}/recover", () => {
  it("sends again, signed, each event since `since` whose latest delivery failed or was not sent; the rest are left alone", async () => {
    const { key, endpoint, received, accountId } = await setup();
    const since = Date.now() - 2 * HOUR;
    const before = await pastDelivery(endpoint, accountId, since - 1, "failed");
    const refused = await pastDelivery(endpoint, accountId, since, "failed");
    const notSent = await pastDelivery(endpoint, accountId, since + 60_000, "not sent");
    const delivered = await pastDelivery(endpoint, accountId, since + 120_000, "delivered");
    const retrying = await pastDelivery(endpoint, accountId, since + 180_000, "pending");
    // Failed, then re-sent by hand and delivered: the receiver has it.
    const resentBefore = await pastDelivery(endpoint, accountId, since + 240_000, "failed");
    await pastDelivery(endpoint, accountId, since + 250_000, "delivered", { eventId: resentBefore.eventId, resendOf: resentBefore.id });
    // Failed, and its re-send by hand failed too: recovered as a re-send of that latest one.
    const resentFailed = await pastDelivery(endpoint, accountId, since + 300_000, "failed");
    const failedResend = await pastDelivery(endpoint, accountId, since + 310_000, "failed", {
      eventId: resentFailed.eventId,
      resendOf: resentFailed.id,
    });
    const resendsBefore = await resendsOf(endpoint.id);

    expect(await recovered(await recover(key, endpoint.id, { since: iso(since) }))).toEqual({ queued: 3, more: false, nextSince: null });

    // Each repeats the latest delivery of its event, as a re-send does.
    const made = [...(await resendsOf(endpoint.id))].filter(([id]) => !resendsBefore.has(id));
    expect(made.map(([, of]) => of).sort()).toEqual([refused.id, notSent.id, failedResend.id].sort());

    await vi.waitFor(() => expect(received).toHaveLength(3), { timeout: 20_000, interval: 50 });
    const events = received.map((r) => JSON.parse(r.body) as { id: string; type: string });
    expect(events.map((e) => e.id).sort()).toEqual([refused.eventId, notSent.eventId, resentFailed.eventId].sort());
    for (const request of received) {
      expect(made.map(([id]) => id)).toContain(request.headers.get("Service-Delivery"));
      expect(await verifyWebhook(endpoint.secret, request.headers, request.body, { scheme: "service-signature" })).toMatchObject({ ok: true });
      expect(await verifyStandardWebhook(endpoint.secret, request.headers, request.body, Math.floor(request.at / 1000))).toMatchObject({
        ok: true,
        id: request.headers.get("Service-Delivery"),
      });
    }

    // The log: the re-sends delivered, naming what they repeat; every other delivery as it was.
    await vi.waitFor(
      async () => {
        const log = await deliveriesOf(key, endpoint.id);
        expect(log.filter((d) => made.some(([id]) => id === d.id)).map((d) => d.status)).toEqual(["delivered", "delivered", "delivered"]);
      },
      { timeout: 20_000, interval: 50 },
    );
    const log = new Map((await deliveriesOf(key, endpoint.id)).map((d) => [d.id, d]));
    for (const [d, status] of [
      [before, "failed"],
      [refused, "failed"],
      [notSent, "failed"],
      [delivered, "delivered"],
      [retrying, "pending"],
      [resentBefore, "failed"],
      [failedResend, "failed"],
    ] as const) {
      expect(log.get(d.id)?.status).toBe(status);
    }
    expect(log.get(retrying.id)?.attempts).toHaveLength(1);

    // Recovered once: the same call again finds nothing left to send.
    expect(await recovered(await recover(key, endpoint.id, { since: iso(since) }))).toEqual({ queued: 0, more: false, nextSince: null });
    expect(received).toHaveLength(3);
  });

  it("an event whose first delivery a later automatic retry delivered, or is still to retry, is not sent again though a re-send of it failed", async () => {
    const { key, endpoint, received, accountId } = await setup();
    const since = Date.now() - 2 * HOUR;
    // The first delivery failed its first attempt and waits for its retry; a re-send by hand meanwhile failed.
    const waiting = await pastDelivery(endpoint, accountId, since, "pending");
    await pastDelivery(endpoint, accountId, since + 1_000, "failed", { eventId: waiting.eventId, resendOf: waiting.id });
    // The same, and then the first delivery's retry was answered 2xx: the receiver has the event.
    const retried = await pastDelivery(endpoint, accountId, since + 2_000, "pending");
    await pastDelivery(endpoint, accountId, since + 3_000, "failed", { eventId: retried.eventId, resendOf: retried.id });
    await env.DB.prepare("UPDATE webhook_deliveries SET status = 'delivered', attempts = 2, next_attempt_at = NULL, completed_at = ? WHERE id = ?")
      .bind(since + HOUR, retried.id)
      .run();
    const resendsBefore = await resendsOf(endpoint.id);

    expect(await recovered(await recover(key, endpoint.id, { since: iso(since) }))).toEqual({ queued: 0, more: false, nextSince: null });
    expect(await resendsOf(endpoint.id)).toEqual(resendsBefore);
    expect(received).toHaveLength(0);
  });

  it("an event of a type the endpoint no longer takes (its owner narrowed `events` since) is not sent again", async () => {
    const { key, endpoint, received, accountId } = await setup();
    const since = Date.now() - HOUR;
    const deleted = await pastDelivery(endpoint, accountId, since, "failed");
    const saved = await pastDelivery(endpoint, accountId, since + 1, "failed");
    await env.DB.batch([
      env.DB.prepare("UPDATE events SET type = 'profile.saved' WHERE id = ?").bind(saved.eventId),
      env.DB.prepare("UPDATE webhook_deliveries SET event_type = 'profile.saved' WHERE id = ?").bind(saved.id),
    ]);
    // It took every event when both failed; now it takes profile.saved only.
    await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, json("PATCH", { events: ["profile.saved"] })), 200);

    expect(await recovered(await recover(key, endpoint.id, { since: iso(since) }))).toEqual({ queued: 1, more: false, nextSince: null });
    expect([...(await resendsOf(endpoint.id)).values()]).toEqual([saved.id]);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 20_000, interval: 50 });
    expect(JSON.parse(received[0]!.body)).toMatchObject({ id: saved.eventId, type: "profile.saved" });
    expect(JSON.parse(received[0]!.body).id).not.toBe(deleted.eventId);
  });

  it("reaches back to the endpoint's first delivery: the log keeps every delivery", async () => {
    const { key, endpoint, received, accountId } = await setup();
    const old = await pastDelivery(endpoint, accountId, Date.now() - 400 * 24 * HOUR, "failed");
    expect(await recovered(await recover(key, endpoint.id, { since: "2000-01-01T00:00:00Z" }))).toEqual({ queued: 1, more: false, nextSince: null });
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 20_000, interval: 50 });
    expect(JSON.parse(received[0]!.body).id).toBe(old.eventId);
  });

  it("queues at most 1,000 re-sends in 10 minutes, oldest first, says where the rest begin, and then 429 until the window has room", {
    timeout: 120_000,
  }, async () => {
    const { key, endpoint, received, accountId } = await setup();
    // 1,001 events whose one delivery failed, a millisecond apart, written in two statements.
    const tag = crypto.randomUUID().replaceAll("-", "");
    const start = Date.now() - HOUR;
    await env.DB.batch([
      env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
           INSERT INTO events (id, owner_id, type, payload, created_at, dispatched_at)
           SELECT 'evt_' || ?1 || '_' || i, ?2, 'profile.deleted', '{"profileId":"prof_x"}', ?3 + i, ?3 + i FROM n`,
      ).bind(tag, accountId, start),
      env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
           INSERT INTO webhook_deliveries (id, endpoint_id, owner_id, event_id, event_type, status, attempts, created_at, completed_at)
           SELECT 'whd_' || ?1 || '_' || i, ?2, ?3, 'evt_' || ?1 || '_' || i, 'profile.deleted', 'failed', 4, ?4 + i, ?4 + i FROM n`,
      ).bind(tag, endpoint.id, accountId, start),
    ]);

    expect(await recovered(await recover(key, endpoint.id, { since: iso(start) }))).toEqual({
      queued: 1000,
      more: true,
      nextSince: iso(start + 1000),
    });
    const first = await resendsOf(endpoint.id);
    expect(first.size).toBe(1000);
    expect([...first.values()]).not.toContain(`whd_${tag}_1000`);

    // The endpoint's 1,000 re-sends of the last 10 minutes are used up: nothing more is queued yet.
    const refused = await recover(key, endpoint.id, { since: iso(start + 1000) });
    expect(refused.status).toBe(429);
    expect((await refused.json()) as unknown).toMatchObject({ error: { code: "rate_limited" } });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(600);
    expect((await resendsOf(endpoint.id)).size).toBe(1000);
    // Ten minutes on (the re-sends written that long ago), the rest goes.
    await env.DB.prepare("UPDATE webhook_deliveries SET created_at = created_at - 600000 WHERE endpoint_id = ? AND resend_of IS NOT NULL")
      .bind(endpoint.id)
      .run();
    expect(await recovered(await recover(key, endpoint.id, { since: iso(start + 1000) }))).toEqual({ queued: 1, more: false, nextSince: null });
    const all = await resendsOf(endpoint.id);
    expect(new Set(all.values())).toEqual(new Set(Array.from({ length: 1001 }, (_, i) => `whd_${tag}_${i}`)));
    await vi.waitFor(() => expect(received).toHaveLength(1001), { timeout: 100_000, interval: 100 });
  });

  it("an event another recovery re-sent while this one ran is not re-sent again", async () => {
    const { endpoint, received, accountId } = await setup();
    const since = Date.now() - HOUR;
    const taken = await pastDelivery(endpoint, accountId, since, "failed");
    const left = await pastDelivery(endpoint, accountId, since + 1, "failed");
    // The other recovery's re-send of `taken` commits just before this one writes (and is undone just after).
    const racer = `whd_${crypto.randomUUID().replaceAll("-", "")}`;
    const { db } = racedWrites(env.DB, {
      before: () =>
        env.DB.prepare(
          `INSERT INTO webhook_deliveries (id, endpoint_id, owner_id, event_id, event_type, status, attempts, created_at, resend_of)
           VALUES (?, ?, ?, ?, 'profile.deleted', 'pending', 0, ?, ?)`,
        ).bind(racer, endpoint.id, accountId, taken.eventId, Date.now(), taken.id),
      after: () => env.DB.prepare("DELETE FROM webhook_deliveries WHERE id = ?").bind(racer),
    });
    expect(await taxOutbox.recoverDeliveries({ ...env, DB: db }, endpoint, since)).toEqual({ queued: 1, more: false, nextSince: null });
    expect([...(await resendsOf(endpoint.id)).values()]).toEqual([left.id]);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 20_000, interval: 50 });
    expect(JSON.parse(received[0]!.body).id).toBe(left.eventId);
  });

  it("an endpoint disabled while the recovery ran is written no re-send, so enabling it later sends nothing from before", async () => {
    const { key, endpoint, received, accountId } = await setup();
    const since = Date.now() - HOUR;
    await pastDelivery(endpoint, accountId, since, "failed");
    // The owner's disabling commits between the recovery's read and its write; the re-sends' messages are lost, as
    // when an enqueue fails.
    const { db } = racedWrites(env.DB, {
      before: () =>
        env.DB.prepare("UPDATE webhook_endpoints SET disabled_at = ?, disabled_reason = 'manual' WHERE id = ?").bind(Date.now(), endpoint.id),
      after: () => env.DB.prepare("SELECT 1"),
    });
    const lost = { send: async () => {}, sendBatch: async () => {} } as unknown as Queue<unknown>;
    expect(await taxOutbox.recoverDeliveries({ ...env, DB: db, WEBHOOKS: lost }, endpoint, since)).toEqual({
      queued: 0,
      more: false,
      nextSince: null,
    });
    // A re-send written then would stay pending past the disabling, and go out once the owner enabled the endpoint
    // again (the sweep enqueues overdue pending deliveries), although its event is from before that enabling.
    await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, json("PATCH", { disabled: false })), 200);
    await taxOutbox.sweepOutbox(env as never, Date.now() + 11 * 60_000);
    expect((await resendsOf(endpoint.id)).size).toBe(0);
    expect(received).toHaveLength(0);
  });

  it.each([
    [{}, "since: is required"],
    [{ since: "yesterday" }, "since: must be an ISO 8601 time with its offset, e.g. 2026-11-21T06:00:00Z"],
    [{ since: "2026-11-21" }, "since: must be an ISO 8601 time with its offset, e.g. 2026-11-21T06:00:00Z"],
    [{ since: "2026-11-21T06:00:00" }, "since: must be an ISO 8601 time with its offset, e.g. 2026-11-21T06:00:00Z"],
    [{ since: "2026-02-30T06:00:00Z" }, "since: must be an ISO 8601 time with its offset, e.g. 2026-11-21T06:00:00Z"],
    [{ since: 1_763_704_800_000 }, "since: must be an ISO 8601 time with its offset, e.g. 2026-11-21T06:00:00Z"],
    [{ since: "2026-11-21T06:00:00Z", until: "2026-11-22T06:00:00Z" }, "until: unknown field"],
    [{ since: "2999-01-01T00:00:00Z" }, "since: must not be in the future"],
  ])("refuses %j with 400 naming the field, and queues nothing", async (body, message) => {
    const { key, endpoint, received, accountId } = await setup();
    await pastDelivery(endpoint, accountId, Date.now() - HOUR, "failed");
    expect(await expectError(await recover(key, endpoint.id, body), 400, "validation_error")).toBe(message);
    expect((await resendsOf(endpoint.id)).size).toBe(0);
    expect(received).toHaveLength(0);
  });

  it("a disabled endpoint answers 409 as a re-send does; enabled again, it recovers what failed since", async () => {
    const { key, endpoint, received, accountId } = await setup();
    const since = Date.now() - HOUR;
    const notSent = await pastDelivery(endpoint, accountId, since, "not sent");
    await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, json("PATCH", { disabled: true })), 200);
    expect(await expectError(await recover(key, endpoint.id, { since: iso(since) }), 409, "conflict")).toBe(
      "The webhook endpoint is disabled; enable it first",
    );
    expect((await resendsOf(endpoint.id)).size).toBe(0);

    await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, json("PATCH", { disabled: false })), 200);
    const failedSince = await pastDelivery(endpoint, accountId, Date.now(), "failed");
    expect(await recovered(await recover(key, endpoint.id, { since: iso(since) }))).toEqual({ queued: 1, more: false, nextSince: null });
    expect([...(await resendsOf(endpoint.id)).values()]).toEqual([failedSince.id]);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 20_000, interval: 50 });
    expect(JSON.parse(received[0]!.body).id).toBe(failedSince.eventId);
    expect(JSON.parse(received[0]!.body).id).not.toBe(notSent.eventId);
  });

  it("an endpoint disabled for a week and then enabled: a recovery since two weeks ago sends only what failed since it was enabled", async () => {
    const { key, endpoint, received, accountId } = await setup();
    const now = Date.now();
    // Failed 13 days ago, while it was enabled before; ended unsent when it was disabled 8 days ago; failed 12 hours
    // ago, after it was enabled again a day ago. The first two are from before its present enabled period: the
    // fan-out would not send them to it now, and neither does a recovery.
    const before = await pastDelivery(endpoint, accountId, now - 13 * DAY, "failed");
    const endedByDisabling = await pastDelivery(endpoint, accountId, now - 8 * DAY - HOUR, "not sent");
    await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, json("PATCH", { disabled: true })), 200);
    await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, json("PATCH", { disabled: false })), 200);
    for (const [action, at] of [
      ["disabled", now - 8 * DAY],
      ["enabled", now - DAY],
    ] as const) {
      await env.DB.prepare("UPDATE webhook_endpoint_changes SET at = ? WHERE endpoint_id = ? AND action = ?").bind(at, endpoint.id, action).run();
    }
    const after = await pastDelivery(endpoint, accountId, now - 12 * HOUR, "failed");

    expect(await recovered(await recover(key, endpoint.id, { since: iso(now - 14 * DAY) }))).toEqual({ queued: 1, more: false, nextSince: null });
    const resent = [...(await resendsOf(endpoint.id)).values()];
    expect(resent).toEqual([after.id]);
    expect(resent).not.toContain(before.id);
    expect(resent).not.toContain(endedByDisabling.id);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 20_000, interval: 50 });
    expect(JSON.parse(received[0]!.body).id).toBe(after.eventId);
  });

  it("needs a key (401), a valid key (401) and the webhooks:manage scope (403)", async () => {
    const { endpoint } = await setup();
    const body = { since: iso(Date.now() - HOUR) };
    await expectError(await recover(null, endpoint.id, body), 401, "unauthorized");
    await expectError(await recover("tax_abcdefgh_0123456789abcdefghijklmnopqrstuv", endpoint.id, body), 401, "invalid_api_key");
    const { key } = await createKey({ scopes: ["profiles:read", "profiles:write"] });
    await expectError(await recover(key, endpoint.id, body), 403, "forbidden");
  });

  it("another account's endpoint, or an unknown one, is 404 and nothing is queued", async () => {
    const owner = await setup();
    await pastDelivery(owner.endpoint, owner.accountId, Date.now() - HOUR, "failed");
    const stranger = await createKey({ scopes: ["webhooks:manage"] });
    const body = { since: iso(Date.now() - 2 * HOUR) };
    await expectError(await recover(stranger.key, owner.endpoint.id, body), 404, "not_found");
    await expectError(await recover(owner.key, "whk_01jd3k9x2m4n5p6q7r8s9t0v1w", body), 404, "not_found");
    const session = await signedIn();
    await expectError(await sessionCaller(TAX)(session, "POST", `/admin/api/webhooks/${owner.endpoint.id}/recover`, body), 404, "not_found");
    expect((await resendsOf(owner.endpoint.id)).size).toBe(0);
    expect(owner.received).toHaveLength(0);
  });

  it("the same Idempotency-Key replays the first answer and queues nothing twice; with another body it is 422", async () => {
    const { key, endpoint, received, accountId } = await setup();
    const since = Date.now() - HOUR;
    await pastDelivery(endpoint, accountId, since, "failed");
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    const first = await recover(key, endpoint.id, { since: iso(since) }, headers);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await recovered(first)).toEqual({ queued: 1, more: false, nextSince: null });
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 20_000, interval: 50 });
    // A failed event since then, so a second run would have something to send.
    await pastDelivery(endpoint, accountId, since + 1, "failed");

    const again = await recover(key, endpoint.id, { since: iso(since) }, headers);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await recovered(again)).toEqual({ queued: 1, more: false, nextSince: null });
    await expectError(await recover(key, endpoint.id, { since: iso(since + 1) }, headers), 422, "idempotency_key_reused");
    expect((await resendsOf(endpoint.id)).size).toBe(1);
    expect(received).toHaveLength(1);
  });
});

describe("POST /admin/api/webhooks/{id}/recover", () => {
  it("the operator names the account; a signed-in user recovers their own endpoint", async () => {
    const { email, endpoint, received, accountId } = await setup();
    const since = Date.now() - HOUR;
    await pastDelivery(endpoint, accountId, since, "failed");
    const path = `/admin/api/webhooks/${endpoint.id}/recover?accountEmail=${encodeURIComponent(email)}`;
    expect(await recovered(await admin("POST", path, { since: iso(since) }))).toEqual({ queued: 1, more: false, nextSince: null });
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 20_000, interval: 50 });

    const user = await signedIn();
    const as = sessionCaller(TAX);
    const { url, received: own } = receiver(respond.ok);
    const created = await expectStatus(await as(user, "POST", "/admin/api/webhooks", { url }), 201);
    const ownAccount = await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(user.email).first<{ id: string }>();
    await registeredLongAgo(created.data.id);
    await pastDelivery(created.data, ownAccount!.id, since, "not sent");
    expect(await recovered(await as(user, "POST", `/admin/api/webhooks/${created.data.id}/recover`, { since: iso(since) }))).toEqual({
      queued: 1,
      more: false,
      nextSince: null,
    });
    await vi.waitFor(() => expect(own).toHaveLength(1), { timeout: 20_000, interval: 50 });
  });
});
