// What both services promise of recovering a webhook endpoint after an outage (src/platform/webhooks), run
// against each through a small driver: each service's recovery tests call `recoveryCases` inside their own describe
// and keep their service's own cases (how a caller is authorised, another owner's endpoint) beside it.
import { env } from "cloudflare:test";
import { expect, it, vi } from "vitest";
import type { webhookQueries } from "../src/platform/webhooks/queries";
import type { RetrySchedule } from "../src/platform/webhooks/schedule";
import { type WebhookScheme, verifyWebhook } from "../src/platform/webhooks/verify";
import { plansOf } from "./query-plan";
import { verifyStandardWebhook } from "./standard-webhooks";
import type { Received } from "./webhook-receiver";

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const iso = (ms: number) => new Date(ms).toISOString();

/** How a service stores its events and deliveries: the owner's column, the event written, its retry schedule. */
export interface DeliveryStore {
  ownerColumn: "owner_id" | "org_id";
  eventType: string;
  /** The payload of the event `eventId`, as the service would have stored it. */
  payload(eventId: string): object;
  schedule: RetrySchedule;
  /** The service's webhook store, whose queries the plan tests explain. */
  queries: Pick<ReturnType<typeof webhookQueries>, "listDeliveries" | "recoverableDeliveries">;
}

/** An endpoint a test recovers: its owner, its signing secret, and what its receiver (answering 2xx) was sent. */
export interface RecoveryEndpoint {
  ownerId: string;
  endpoint: { id: string; secret: string };
  received: Received[];
}

/** How one service's tests register an endpoint and call, authorise and read its recovery. */
export interface RecoveryDriver<E extends RecoveryEndpoint> extends DeliveryStore {
  /** The service's signature scheme and the header naming the delivery. */
  signing: { scheme: WebhookScheme; deliveryHeader: string };
  /** The answer's field naming where the next call begins, in the service's casing. */
  nextSince: "nextSince" | "next_since";
  /** The error code of a refused request body. */
  validationError: string;
  /** What the event's envelope says of its owner, beside `id` and `type`. */
  envelopeOwner(e: E): Record<string, string>;
  /** A new owner's endpoint, registered long ago, whose receiver answers 2xx. */
  setup(): Promise<E>;
  recover(e: E, body: unknown, headers?: Record<string, string>): Promise<Response>;
  /** The 202 answer, parsed with the service's schema. */
  recovered(response: Response): Promise<unknown>;
  setDisabled(e: E, disabled: boolean): Promise<void>;
  /** The endpoint's delivery log as its owner reads it: each delivery's status and number of attempts, by id. */
  log(e: E): Promise<Map<string, { status: string; attempts: number }>>;
  /** Expects the service's error envelope with `status` and `code`; its message. */
  expectError(response: Response, status: number, code: string): Promise<string>;
}

/** Registered long before the deliveries a test writes for it: only events of its present enabled period count. */
export async function registeredLongAgo(endpointId: string): Promise<void> {
  await env.DB.prepare("UPDATE webhook_endpoints SET created_at = ? WHERE id = ?")
    .bind(Date.now() - 1_000 * DAY, endpointId)
    .run();
}

type Outcome = "failed" | "not sent" | "delivered" | "pending";

/**
 * A delivery as the log shows it once its attempts are over (or, `pending`, while it waits for its last retry),
 * written directly: `failed` was refused with HTTP 503, `not sent` ended when its endpoint was disabled. Without
 * `resend` it is the first delivery of a new event created at `at`; with it, a re-send of `resendOf`.
 */
export async function pastDelivery(
  store: DeliveryStore,
  endpoint: { id: string },
  ownerId: string,
  at: number,
  outcome: Outcome,
  resend?: { eventId: string; resendOf: string },
): Promise<{ id: string; eventId: string }> {
  const eventId = resend?.eventId ?? `evt_${crypto.randomUUID()}`;
  const id = `whd_${crypto.randomUUID().replaceAll("-", "")}`;
  const offsets = store.schedule.offsetsSeconds;
  const statements = [];
  if (!resend) {
    statements.push(
      env.DB.prepare(`INSERT INTO events (id, ${store.ownerColumn}, type, payload, created_at, dispatched_at) VALUES (?, ?, ?, ?, ?, ?)`).bind(
        eventId,
        ownerId,
        store.eventType,
        JSON.stringify(store.payload(eventId)),
        at,
        at,
      ),
    );
  }
  const status = outcome === "not sent" ? "failed" : outcome;
  statements.push(
    env.DB.prepare(
      `INSERT INTO webhook_deliveries (id, endpoint_id, ${store.ownerColumn}, event_id, event_type, status, attempts, signed_at, next_attempt_at, created_at, completed_at, resend_of)
       VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)`,
    ).bind(
      id,
      endpoint.id,
      ownerId,
      eventId,
      store.eventType,
      status,
      // Only a schedule that keeps the first attempt's timestamp records it.
      store.schedule.timestamps === "original" && outcome !== "not sent" ? at : null,
      outcome === "pending" ? Date.now() + offsets[offsets.length - 1]! * 1000 : null,
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

/** The re-sends written for the endpoint: what each repeats, by delivery id. */
export async function resendsOf(endpointId: string): Promise<Map<string, string>> {
  const rows = await env.DB.prepare("SELECT id, resend_of FROM webhook_deliveries WHERE endpoint_id = ? AND resend_of IS NOT NULL")
    .bind(endpointId)
    .all<{ id: string; resend_of: string }>();
  return new Map(rows.results.map((r) => [r.id, r.resend_of]));
}

/** The recovery cases every service's recovery keeps; call inside the service's describe. */
export function recoveryCases<E extends RecoveryEndpoint>(d: RecoveryDriver<E>): void {
  const past = (e: E, at: number, outcome: Outcome, resend?: { eventId: string; resendOf: string }) =>
    pastDelivery(d, e.endpoint, e.ownerId, at, outcome, resend);
  const answer = (queued: number, more: boolean, nextSince: string | null = null) => ({ queued, more, [d.nextSince]: nextSince });

  it("finds each event's latest delivery by (endpoint, event), never by walking the endpoint's failed deliveries", async () => {
    const [plan] = await plansOf((db) => d.queries.recoverableDeliveries(db, "whk_x", 0, 51));
    expect(plan).toMatch(/SEARCH latest_delivery USING INDEX webhook_deliveries_endpoint_event \(endpoint_id=\? AND event_id=\?\)/);
    expect(plan).not.toContain("webhook_deliveries_endpoint_status_created");
  });

  it("sends again, signed, each event since `since` whose latest delivery failed or was not sent; the rest are left alone", async () => {
    const e = await d.setup();
    const { endpoint, received } = e;
    const since = Date.now() - 2 * HOUR;
    const before = await past(e, since - 1, "failed");
    const refused = await past(e, since, "failed");
    const notSent = await past(e, since + 60_000, "not sent");
    const delivered = await past(e, since + 120_000, "delivered");
    const retrying = await past(e, since + 180_000, "pending");
    // Failed, then re-sent by hand and delivered: the receiver has it.
    const resentBefore = await past(e, since + 240_000, "failed");
    await past(e, since + 250_000, "delivered", { eventId: resentBefore.eventId, resendOf: resentBefore.id });
    // Failed, and its re-send by hand failed too: recovered as a re-send of that latest one.
    const resentFailed = await past(e, since + 300_000, "failed");
    const failedResend = await past(e, since + 310_000, "failed", { eventId: resentFailed.eventId, resendOf: resentFailed.id });
    const resendsBefore = await resendsOf(endpoint.id);

    expect(await d.recovered(await d.recover(e, { since: iso(since) }))).toEqual(answer(3, false));

    // Each repeats the latest delivery of its event, as a re-send does.
    const made = [...(await resendsOf(endpoint.id))].filter(([id]) => !resendsBefore.has(id));
    expect(made.map(([, of]) => of).sort()).toEqual([refused.id, notSent.id, failedResend.id].sort());

    await vi.waitFor(() => expect(received).toHaveLength(3), { timeout: 60_000, interval: 50 });
    const events = received.map((r) => JSON.parse(r.body) as { id: string; type: string });
    expect(events.map((event) => event.id).sort()).toEqual([refused.eventId, notSent.eventId, resentFailed.eventId].sort());
    for (const event of events) expect(event).toMatchObject({ type: d.eventType, ...d.envelopeOwner(e) });
    const { scheme, deliveryHeader } = d.signing;
    for (const request of received) {
      expect(made.map(([id]) => id)).toContain(request.headers.get(deliveryHeader));
      expect(await verifyWebhook(endpoint.secret, request.headers, request.body, { scheme })).toMatchObject({ ok: true });
      expect(await verifyStandardWebhook(endpoint.secret, request.headers, request.body, Math.floor(request.at / 1000))).toMatchObject({
        ok: true,
        id: request.headers.get(deliveryHeader),
      });
    }

    // The log: the re-sends delivered, naming what they repeat; every other delivery as it was.
    await vi.waitFor(
      async () => {
        const log = await d.log(e);
        expect(made.map(([id]) => log.get(id)?.status)).toEqual(["delivered", "delivered", "delivered"]);
      },
      { timeout: 60_000, interval: 50 },
    );
    const log = await d.log(e);
    for (const [delivery, status] of [
      [before, "failed"],
      [refused, "failed"],
      [notSent, "failed"],
      [delivered, "delivered"],
      [retrying, "pending"],
      [resentBefore, "failed"],
      [failedResend, "failed"],
    ] as const) {
      expect(log.get(delivery.id)?.status).toBe(status);
    }
    expect(log.get(retrying.id)?.attempts).toBe(1);

    // Recovered once: the same call again finds nothing left to send.
    expect(await d.recovered(await d.recover(e, { since: iso(since) }))).toEqual(answer(0, false));
    expect(received).toHaveLength(3);
  });

  it("reads `since` to its last digit: a time past a whole millisecond recovers nothing from that millisecond", async () => {
    const e = await d.setup();
    const at = Date.now() - HOUR;
    await past(e, at, "failed");
    const next = await past(e, at + 1, "failed");
    // Half a millisecond after the first event: only the second is at or after it.
    const since = iso(at).replace("Z", "500Z");
    expect(await d.recovered(await d.recover(e, { since }))).toEqual(answer(1, false));
    expect([...(await resendsOf(e.endpoint.id)).values()]).toEqual([next.id]);
  });

  it("queues at most 1,000 re-sends in 10 minutes, oldest first, says where the rest begin, and then 429 until the window has room", {
    timeout: 120_000,
  }, async () => {
    const e = await d.setup();
    const { endpoint, received } = e;
    // 1,001 events whose one delivery failed after every attempt of the schedule, a millisecond apart, written in
    // two statements.
    const tag = crypto.randomUUID().replaceAll("-", "");
    const start = Date.now() - HOUR;
    await env.DB.batch([
      env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
           INSERT INTO events (id, ${d.ownerColumn}, type, payload, created_at, dispatched_at)
           SELECT 'evt_' || ?1 || '_' || i, ?2, ?3, ?4, ?5 + i, ?5 + i FROM n`,
      ).bind(tag, e.ownerId, d.eventType, JSON.stringify(d.payload(`evt_${tag}`)), start),
      env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
           INSERT INTO webhook_deliveries (id, endpoint_id, ${d.ownerColumn}, event_id, event_type, status, attempts, created_at, completed_at)
           SELECT 'whd_' || ?1 || '_' || i, ?2, ?3, 'evt_' || ?1 || '_' || i, ?4, 'failed', ?5, ?6 + i, ?6 + i FROM n`,
      ).bind(tag, endpoint.id, e.ownerId, d.eventType, d.schedule.offsetsSeconds.length, start),
    ]);

    expect(await d.recovered(await d.recover(e, { since: iso(start) }))).toEqual(answer(1000, true, iso(start + 1000)));
    const first = await resendsOf(endpoint.id);
    expect(first.size).toBe(1000);
    expect([...first.values()]).not.toContain(`whd_${tag}_1000`);

    // The endpoint's 1,000 re-sends of the last 10 minutes are used up: nothing more is queued yet.
    const refused = await d.recover(e, { since: iso(start + 1000) });
    await d.expectError(refused, 429, "rate_limited");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(600);
    expect((await resendsOf(endpoint.id)).size).toBe(1000);
    // Ten minutes on (the re-sends written that long ago), the rest goes.
    await env.DB.prepare("UPDATE webhook_deliveries SET created_at = created_at - 600000 WHERE endpoint_id = ? AND resend_of IS NOT NULL")
      .bind(endpoint.id)
      .run();
    expect(await d.recovered(await d.recover(e, { since: iso(start + 1000) }))).toEqual(answer(1, false));
    expect(new Set((await resendsOf(endpoint.id)).values())).toEqual(new Set(Array.from({ length: 1001 }, (_, i) => `whd_${tag}_${i}`)));
    await vi.waitFor(() => expect(received).toHaveLength(1001), { timeout: 100_000, interval: 100 });
  });

  const notIso = "since: must be an ISO 8601 time with its offset, e.g. 2026-11-21T06:00:00Z";
  it.each([
    [{}, "since: is required"],
    [{ since: "yesterday" }, notIso],
    [{ since: "2026-11-21" }, notIso],
    [{ since: "2026-11-21T06:00:00" }, notIso],
    [{ since: "2026-02-30T06:00:00Z" }, notIso],
    [{ since: 1_763_704_800_000 }, notIso],
    [{ since: "2026-11-21T06:00:00Z", until: "2026-11-22T06:00:00Z" }, "until: unknown field"],
    [{ since: "2026-11-21T06:00:00Z", status: "failed" }, "status: unknown field"],
    [{ since: "2999-01-01T00:00:00Z" }, "since: must not be in the future"],
  ])("refuses %j with 400 naming the field, and queues nothing", async (body, message) => {
    const e = await d.setup();
    await past(e, Date.now() - HOUR, "failed");
    expect(await d.expectError(await d.recover(e, body), 400, d.validationError)).toBe(message);
    expect((await resendsOf(e.endpoint.id)).size).toBe(0);
    expect(e.received).toHaveLength(0);
  });

  it("a disabled endpoint answers 409 as a re-send does; enabled again, it recovers only what failed since it was enabled", async () => {
    const e = await d.setup();
    const { endpoint, received } = e;
    const since = Date.now() - HOUR;
    const notSent = await past(e, since, "not sent");
    await d.setDisabled(e, true);
    expect(await d.expectError(await d.recover(e, { since: iso(since) }), 409, "conflict")).toBe("The webhook endpoint is disabled; enable it first");
    expect((await resendsOf(endpoint.id)).size).toBe(0);

    // Ended unsent by the disabling, its event is from before the endpoint's present enabled period: never sent to it.
    await d.setDisabled(e, false);
    const failedSince = await past(e, Date.now(), "failed");
    expect(await d.recovered(await d.recover(e, { since: iso(since - DAY) }))).toEqual(answer(1, false));
    expect([...(await resendsOf(endpoint.id)).values()]).toEqual([failedSince.id]);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 60_000, interval: 50 });
    expect(JSON.parse(received[0]!.body).id).toBe(failedSince.eventId);
    expect(JSON.parse(received[0]!.body).id).not.toBe(notSent.eventId);
    expect((await d.log(e)).get(notSent.id)?.status).toBe("failed");
  });

  it("the same Idempotency-Key replays the first answer and queues nothing twice; with another body it is 422", async () => {
    const e = await d.setup();
    const since = Date.now() - HOUR;
    await past(e, since, "failed");
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    const first = await d.recover(e, { since: iso(since) }, headers);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await d.recovered(first)).toEqual(answer(1, false));
    await vi.waitFor(() => expect(e.received).toHaveLength(1), { timeout: 60_000, interval: 50 });
    // A failed event since then, so a second run would have something to send.
    await past(e, since + 1, "failed");

    const again = await d.recover(e, { since: iso(since) }, headers);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await d.recovered(again)).toEqual(answer(1, false));
    await d.expectError(await d.recover(e, { since: iso(since + 1) }, headers), 422, "idempotency_key_reused");
    expect((await resendsOf(e.endpoint.id)).size).toBe(1);
    expect(e.received).toHaveLength(1);
  });
}
