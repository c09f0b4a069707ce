// Tax webhook delivery through the queue: the consumer against a receiver that fails, redirects, times out
// and recovers (createMessageBatch/getQueueResult), the dead-letter consumer, the outbox sweep, and end to
// end from a verified billing payment to a verified delivery, once per payment.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { verifyWebhook } from "../../../src/platform/webhooks/verify";
import { webhookStore } from "../../../src/tax/webhooks/queries";
import { dispatchEvents, TAX_WEBHOOK_SCHEDULE, taxOutbox } from "../../../src/tax/webhooks/events";
import taxWorker from "../../../src/tax/worker";
import { standardSignatures, verifyStandardWebhook } from "../../standard-webhooks";
import { consumeDelivery } from "../../webhook-queue";
import { installReceivers, receiver, respond, type Behaviour } from "../../webhook-receiver";
import { api, createKey, expectStatus } from "../helpers";

const worker = taxWorker as Pick<Required<ExportedHandler<Record<string, unknown>>>, "queue" | "scheduled">;

installReceivers();
afterEach(() => {
  vi.useRealTimers();
});

async function setup(behaviour: Behaviour, events?: string[]) {
  const key = await createKey({ scopes: ["webhooks:manage"] });
  const { url, received } = receiver(behaviour);
  const created = await expectStatus(
    await api("/api/v1/webhooks", key.key, { method: "POST", body: JSON.stringify({ url, ...(events ? { events } : {}) }) }),
    201,
  );
  const account = await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(key.email).first<{ id: string }>();
  return { key, url, received, endpoint: created.data as { id: string; secret: string }, accountId: account!.id };
}

/** An outbox row, as the profile and billing writes insert them. */
async function insertEvent(accountId: string, type: string, payload: Record<string, unknown>, createdAt = Date.now()): Promise<string> {
  const id = `evt_${crypto.randomUUID()}`;
  await env.DB.prepare("INSERT INTO events (id, owner_id, type, payload, created_at) VALUES (?, ?, ?, ?, ?)")
    .bind(id, accountId, type, JSON.stringify(payload), createdAt)
    .run();
  return id;
}

/** Fans out without enqueueing, so only this test's hand-made batches run the consumer. */
async function deliveryFor(accountId: string, type = "profile.saved"): Promise<{ deliveryId: string; eventId: string }> {
  const eventId = await insertEvent(accountId, type, { profileId: "prof_1", label: "2025-26", summary: { taxPayable: 12_000 } });
  const [deliveryId] = await webhookStore.fanOutEvents(env.DB, [eventId], Date.now());
  return { deliveryId: deliveryId!, eventId };
}

/** One message through the worker's queue handler; `delays` are the delaySeconds of its retry() calls. */
function consume(deliveryId: string, queue = "tax-webhooks") {
  return consumeDelivery(worker, queue, deliveryId);
}

async function deliveryRow(id: string) {
  return env.DB.prepare("SELECT status, attempts, next_attempt_at, completed_at FROM webhook_deliveries WHERE id = ?").bind(id).first<{
    status: string;
    attempts: number;
    next_attempt_at: number | null;
    completed_at: number | null;
  }>();
}

async function attemptRows(id: string) {
  const { results } = await env.DB.prepare(
    "SELECT attempt, outcome, response_status, duration_ms, error FROM webhook_attempts WHERE delivery_id = ? ORDER BY attempt",
  )
    .bind(id)
    .all<{ attempt: number; outcome: string; response_status: number | null; duration_ms: number; error: string | null }>();
  return results;
}

describe("queue consumer", () => {
  it("fails, is redirected, times out, then recovers: retried at 2 s and 8 s, delivered on the 4th attempt 23 h later", async () => {
    const script = [respond.fail, respond.redirect, respond.timeout, respond.ok];
    const { received, endpoint, accountId } = await setup((n) => script[n - 1]!());
    const { deliveryId } = await deliveryFor(accountId);
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();

    expect((await consume(deliveryId)).delays).toEqual([2]);
    vi.setSystemTime(start + 2_000);
    expect((await consume(deliveryId)).delays).toEqual([6]);
    vi.setSystemTime(start + 8_000);
    // The last gap (23 h - 8 s) is longer than one 12 h Queues delay: the message hops.
    expect((await consume(deliveryId)).delays).toEqual([43_200]);
    vi.setSystemTime(start + 8_000 + 43_200_000);
    const hop = await consume(deliveryId);
    expect(hop.delays).toEqual([82_800 - 8 - 43_200]);
    expect(received).toHaveLength(3);
    vi.setSystemTime(start + 82_800_000);
    const last = await consume(deliveryId);
    expect(last.explicitAcks).toHaveLength(1);
    expect(last.retryMessages).toEqual([]);

    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "delivered", attempts: 4, next_attempt_at: null });
    expect(await attemptRows(deliveryId)).toEqual([
      { attempt: 1, outcome: "failed", response_status: 500, duration_ms: expect.any(Number), error: "HTTP 500: receiver down" },
      {
        attempt: 2,
        outcome: "failed",
        response_status: 302,
        duration_ms: expect.any(Number),
        error: expect.stringContaining("redirect 302 not followed"),
      },
      { attempt: 3, outcome: "failed", response_status: null, duration_ms: expect.any(Number), error: "timeout: no response within 10000 ms" },
      { attempt: 4, outcome: "delivered", response_status: 200, duration_ms: expect.any(Number), error: null },
    ]);
    expect(received.map((r) => r.at - start)).toEqual(TAX_WEBHOOK_SCHEDULE.offsetsSeconds.map((s) => s * 1000));
    // One delivery id throughout; every attempt signed afresh and verifiable at the moment it arrived.
    expect(new Set(received.map((r) => r.headers.get("Service-Delivery")))).toEqual(new Set([deliveryId]));
    expect(new Set(received.map((r) => r.headers.get("Service-Signature"))).size).toBe(4);
    for (const request of received) {
      expect((await verifyWebhook(endpoint.secret, request.headers, request.body, { scheme: "service-signature", now: request.at })).ok).toBe(true);
      expect(request.init.redirect).toBe("manual");
    }
    // The Standard Webhooks headers too: the delivery id as webhook-id on every attempt, and each attempt's own
    // time as webhook-timestamp, so a Standard Webhooks receiver accepts the 23 h retry the moment it arrives.
    for (const request of received) {
      const arrived = Math.floor(request.at / 1000);
      expect(request.headers.get("webhook-timestamp")).toBe(String(arrived));
      expect(await verifyStandardWebhook(endpoint.secret, request.headers, request.body, arrived)).toEqual({
        ok: true,
        id: deliveryId,
        timestamp: arrived,
      });
    }
    // Once final, a duplicate message is acked without another request.
    expect((await consume(deliveryId)).explicitAcks).toHaveLength(1);
    expect(received).toHaveLength(4);
  });

  it("during a secret roll's overlap, webhook-signature carries one v1 signature per secret, each verifying", async () => {
    const { key, received, endpoint, accountId } = await setup(respond.ok);
    const rolled = await expectStatus(
      await api(`/api/v1/webhooks/${endpoint.id}/roll-secret`, key.key, { method: "POST", body: JSON.stringify({ overlapHours: 1 }) }),
      200,
    );
    const { deliveryId } = await deliveryFor(accountId);
    await consume(deliveryId);
    const [request] = received;
    const signatures = standardSignatures(request!.headers);
    expect(signatures).toHaveLength(2);
    const withOnly = (signature: string) => new Headers({ ...Object.fromEntries(request!.headers), "webhook-signature": signature });
    const arrived = Math.floor(request!.at / 1000);
    expect(await verifyStandardWebhook(rolled.data.secret, withOnly(signatures[0]!), request!.body, arrived)).toMatchObject({
      ok: true,
      id: deliveryId,
    });
    expect(await verifyStandardWebhook(endpoint.secret, withOnly(signatures[1]!), request!.body, arrived)).toMatchObject({
      ok: true,
      id: deliveryId,
    });
  });

  it("marks the delivery failed after the last attempt fails", async () => {
    const { received, accountId } = await setup(() => respond.fail(503));
    const { deliveryId } = await deliveryFor(accountId);
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    for (const offset of TAX_WEBHOOK_SCHEDULE.offsetsSeconds) {
      vi.setSystemTime(start + offset * 1000);
      await consume(deliveryId);
    }
    expect(received).toHaveLength(4);
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "failed", attempts: 4, next_attempt_at: null, completed_at: expect.any(Number) });
  });

  it("a message that arrives before its attempt is due waits, without sending", async () => {
    const { received, accountId } = await setup(() => respond.fail());
    const { deliveryId } = await deliveryFor(accountId);
    await consume(deliveryId);
    const early = await consume(deliveryId);
    // Attempt 2 is due 2 s after attempt 1; the delay is rounded down (the consumer waits out the last second).
    expect(early.delays).toEqual([1]);
    expect(received).toHaveLength(1);
  });

  it("a delivery to a deleted endpoint ends as failed without a request", async () => {
    const { key, received, endpoint, accountId } = await setup(respond.ok);
    const { deliveryId } = await deliveryFor(accountId);
    await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key.key, { method: "DELETE" }), 200);
    expect((await consume(deliveryId)).explicitAcks).toHaveLength(1);
    expect(received).toHaveLength(0);
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "failed" });
    expect((await attemptRows(deliveryId))[0]).toMatchObject({
      outcome: "failed",
      response_status: null,
      error: "not sent: the endpoint was deleted",
    });
  });

  it("acks a message for an unknown delivery or without a delivery id", async () => {
    expect((await consume("whd_unknown")).explicitAcks).toHaveLength(1);
    const batch = createMessageBatch("tax-webhooks", [{ id: "m1", timestamp: new Date(), attempts: 1, body: { nope: true } }]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env as never, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["m1"]);
  });

  it("the dead-letter consumer records the final failed state", async () => {
    const { received, accountId } = await setup(respond.ok);
    const { deliveryId } = await deliveryFor(accountId);
    const result = await consume(deliveryId, "tax-webhooks-dlq");
    expect(result.explicitAcks).toHaveLength(1);
    expect(received).toHaveLength(0);
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "failed", completed_at: expect.any(Number) });
    expect((await attemptRows(deliveryId))[0]!.error).toBe("not sent: dead-lettered after the queue's retries ran out");
  });

  it("deliveries are not ordered: a retried event arrives after a later one, and `createdAt` still says which came first", async () => {
    const { received, accountId } = await setup((n) => (n === 1 ? respond.fail(503) : respond.ok()));
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const activated = await insertEvent(accountId, "plan.activated", { accountId, plan: "paid" }, start);
    const [activatedDelivery] = await webhookStore.fanOutEvents(env.DB, [activated], start);
    await consume(activatedDelivery!);
    vi.setSystemTime(start + 1_000);
    const deactivated = await insertEvent(accountId, "plan.deactivated", { accountId, plan: "free" }, start + 1_000);
    const [deactivatedDelivery] = await webhookStore.fanOutEvents(env.DB, [deactivated], start + 1_000);
    await consume(deactivatedDelivery!);
    vi.setSystemTime(start + 2_000);
    await consume(activatedDelivery!);

    const bodies = received.map((r) => JSON.parse(r.body) as { id: string; type: string; createdAt: string });
    // The receiver answered 503 to the first request, then 2xx: it processed plan.deactivated before plan.activated.
    expect(bodies.slice(1).map((b) => b.type)).toEqual(["plan.deactivated", "plan.activated"]);
    const [, later, earlier] = bodies;
    expect(earlier!.createdAt < later!.createdAt).toBe(true);
  });

  it("only endpoints subscribed to the event type get a delivery", async () => {
    const { accountId } = await setup(respond.ok, ["plan.activated"]);
    const eventId = await insertEvent(accountId, "profile.deleted", { profileId: "prof_1" });
    expect(await webhookStore.fanOutEvents(env.DB, [eventId], Date.now())).toEqual([]);
  });
});

describe("outbox", () => {
  it("re-running the fan-out never duplicates a delivery", async () => {
    const { accountId } = await setup(respond.ok);
    const eventId = await insertEvent(accountId, "profile.saved", { profileId: "prof_1" });
    const first = await webhookStore.fanOutEvents(env.DB, [eventId], Date.now());
    const second = await webhookStore.fanOutEvents(env.DB, [eventId], Date.now());
    expect(first).toHaveLength(1);
    expect(second).toEqual(first);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM webhook_deliveries WHERE event_id = ?").bind(eventId).first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it("the sweep dispatches events whose enqueue never happened, once", async () => {
    const { received, accountId } = await setup(respond.ok);
    const eventId = await insertEvent(accountId, "profile.saved", { profileId: "prof_2" });
    const failing = {
      ...env,
      WEBHOOKS: { send: () => Promise.reject(new Error("queue down")), sendBatch: () => Promise.reject(new Error("queue down")) },
    };
    await dispatchEvents(failing as never, [eventId]); // the write's own dispatch fails: logged, not thrown
    const dispatched = () => env.DB.prepare("SELECT dispatched_at FROM events WHERE id = ?").bind(eventId).first<{ dispatched_at: number | null }>();
    expect((await dispatched())?.dispatched_at).toBeNull();

    await taxOutbox.sweepOutbox(env as never, Date.now()); // too young: the write's own dispatch may still be running
    expect((await dispatched())?.dispatched_at).toBeNull();
    await taxOutbox.sweepOutbox(env as never, Date.now() + 61_000);
    expect((await dispatched())?.dispatched_at).toEqual(expect.any(Number));
    await taxOutbox.sweepOutbox(env as never, Date.now() + 61_000);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 60_000, interval: 100 });
    const deliveries = await env.DB.prepare("SELECT status FROM webhook_deliveries WHERE event_id = ?").bind(eventId).all();
    expect(deliveries.results).toHaveLength(1);
  });

  it("the cron handler runs the sweep", async () => {
    const { received, accountId } = await setup(respond.ok);
    await insertEvent(accountId, "profile.deleted", { profileId: "prof_3" });
    const ctx = createExecutionContext();
    await worker.scheduled({ cron: "*/10 * * * *", scheduledTime: Date.now() + 120_000, noRetry() {} } as ScheduledController, env as never, ctx);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 60_000, interval: 100 });
  });
});

describe("end to end: billing payment to a verified plan.activated delivery", () => {
  async function sign(body: string): Promise<string> {
    const key = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(env.RAZORPAY_WEBHOOK_SECRET),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    return [...new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body)))]
      .map((b) => b.toString(16).padStart(2, "0"))
      .join("");
  }

  it("sends plan.activated once per payment id, signed, through the real queue", async () => {
    const { key, received, endpoint, accountId } = await setup(respond.ok);
    const paymentId = `pay_${crypto.randomUUID().slice(0, 12)}`;
    const body = JSON.stringify({
      entity: "event",
      event: "payment.captured",
      payload: { payment: { entity: { id: paymentId, amount: 99_900, currency: "INR", status: "captured", notes: { accountEmail: key.email } } } },
    });
    const post = async () => api("/billing/webhook", null, { method: "POST", body, headers: { "X-Razorpay-Signature": await sign(body) } });
    expect((await expectStatus(await post(), 200)).data.activated).toBe(true);
    expect((await expectStatus(await post(), 200)).data.activated).toBe(false);

    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 60_000, interval: 100 });
    const [request] = received;
    const verified = await verifyWebhook(endpoint.secret, request!.headers, request!.body, { scheme: "service-signature", toleranceSeconds: 300 });
    expect(verified.ok).toBe(true);
    expect(await verifyStandardWebhook(endpoint.secret, request!.headers, request!.body, Math.floor(request!.at / 1000))).toMatchObject({
      ok: true,
      id: verified.ok ? verified.deliveryId : "",
    });
    const event = JSON.parse(request!.body);
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: "plan.activated",
      createdAt: expect.any(String),
      data: { accountId, plan: "paid", paymentId, paidUntil: expect.stringMatching(/Z$/) },
    });

    await vi.waitFor(
      async () => {
        const rows = await env.DB.prepare("SELECT id, status FROM webhook_deliveries WHERE endpoint_id = ?")
          .bind(endpoint.id)
          .all<{ id: string; status: string }>();
        expect(rows.results).toEqual([{ id: verified.ok ? verified.deliveryId : "", status: "delivered" }]);
      },
      { timeout: 60_000, interval: 50 },
    );
    // A third replay; once the outbox holds nothing undelivered for this account, still one request and one event.
    await expectStatus(await post(), 200);
    await vi.waitFor(
      async () => {
        const open = await env.DB.prepare(
          "SELECT (SELECT count(*) FROM events WHERE owner_id = ?1 AND dispatched_at IS NULL) + (SELECT count(*) FROM webhook_deliveries WHERE owner_id = ?1 AND status = 'pending') AS n",
        )
          .bind(accountId)
          .first<{ n: number }>();
        expect(open?.n).toBe(0);
      },
      { timeout: 60_000, interval: 50 },
    );
    expect(received).toHaveLength(1);
    const events = await env.DB.prepare("SELECT count(*) AS n FROM events WHERE type = 'plan.activated' AND owner_id = ?")
      .bind(accountId)
      .first<{ n: number }>();
    expect(events?.n).toBe(1);
  });
});

describe("end to end: a profile save and delete to verified deliveries", () => {
  it("sends profile.saved with identifiers and the summary, never the inputs, then profile.deleted", async () => {
    const { key, received, endpoint } = await setup(respond.ok, ["profile.saved", "profile.deleted"]);
    const writer = await createKey({ scopes: ["profiles:write"], email: key.email });
    const profile = {
      age: 30,
      residentialStatus: "resident",
      houseProperties: [],
      salary: { grossSalary: 1_876_543, basicPlusDA: 900_000, hraReceived: 360_000, rentPaid: 300_000, isMetroCity: true, professionalTax: 2_400 },
      deductions: { section80C: 150_000 },
      taxesPaid: 150_000,
    };
    const saved = await expectStatus(
      await api("/api/v1/profiles", writer.key, { method: "POST", body: JSON.stringify({ label: "Salary", profile, financialYear: "2025-26" }) }),
      201,
    );
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 60_000, interval: 100 });
    const first = received[0]!;
    expect((await verifyWebhook(endpoint.secret, first.headers, first.body, { scheme: "service-signature" })).ok).toBe(true);
    const event = JSON.parse(first.body);
    expect(event).toMatchObject({ type: "profile.saved", data: { profileId: saved.data.id, label: "Salary" } });
    expect(first.body).not.toContain("1876543");
    expect(first.body).not.toContain("grossSalary");

    await expectStatus(await api(`/api/v1/profiles/${saved.data.id}`, writer.key, { method: "DELETE" }), 200);
    await vi.waitFor(() => expect(received).toHaveLength(2), { timeout: 60_000, interval: 100 });
    expect(JSON.parse(received[1]!.body)).toMatchObject({ type: "profile.deleted", data: { profileId: saved.data.id } });
    expect(received[1]!.headers.get("Service-Delivery")).not.toBe(first.headers.get("Service-Delivery"));
  });
});
