// Inventory webhook delivery through the queue: every retry re-sends the first attempt's timestamp and lands
// within 300 s of it (the receivers' window), a receiver that fails, redirects, times out and recovers, the
// dead-letter consumer, the compliance.due cron (once per date), and end to end from a sale.
import { createExecutionContext, env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { webhookStore } from "../../../src/inventory/webhooks/queries";
import { complianceDatesBetween } from "../../../src/inventory/domain/compliance";
import { INVENTORY_WEBHOOK_SCHEDULE } from "../../../src/inventory/webhooks/service";
import inventoryWorker from "../../../src/inventory/worker";
import { verifyWebhook } from "../../../src/platform/webhooks/verify";
import { standardSignatures, verifyStandardWebhook } from "../../standard-webhooks";
import { consumeDelivery } from "../../webhook-queue";
import { installReceivers, receiver, respond, type Behaviour } from "../../webhook-receiver";
import { admin, createOrg, expectStatus } from "../helpers";
import { customer, lot, sale } from "../stock-fixtures";

const worker = inventoryWorker as Pick<Required<ExportedHandler<Record<string, unknown>>>, "queue" | "scheduled">;

installReceivers();
afterEach(() => {
  vi.useRealTimers();
});

async function setup(behaviour: Behaviour, events?: string[]) {
  const orgId = await createOrg();
  const { url, received } = receiver(behaviour);
  const created = await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/webhooks`, { url, ...(events ? { events } : {}) }), 201);
  return { orgId, url, received, endpoint: created.data as { id: string; secret: string } };
}

/** An outbox row and its delivery, without enqueueing: only this test's batches run the consumer. */
async function deliveryFor(orgId: string, type = "sale.created"): Promise<string> {
  const eventId = `evt_${crypto.randomUUID()}`;
  await env.DB.prepare("INSERT INTO events (id, org_id, type, payload, created_at) VALUES (?, ?, ?, ?, ?)")
    .bind(eventId, orgId, type, JSON.stringify({ sale_id: "sale_1", total: "1250.00" }), Date.now())
    .run();
  const [deliveryId] = await webhookStore.fanOutEvents(env.DB, [eventId], Date.now());
  return deliveryId!;
}

function consume(deliveryId: string, queue = "inventory-webhooks") {
  return consumeDelivery(worker, queue, deliveryId);
}

async function deliveryRow(id: string) {
  return env.DB.prepare("SELECT status, attempts, signed_at, next_attempt_at FROM webhook_deliveries WHERE id = ?").bind(id).first<{
    status: string;
    attempts: number;
    signed_at: number | null;
    next_attempt_at: number | null;
  }>();
}

describe("the schedule", () => {
  it("puts every attempt within 300 s of the first, with a margin, and re-sends the first timestamp", () => {
    expect(INVENTORY_WEBHOOK_SCHEDULE.offsetsSeconds).toEqual([0, 10, 30, 90, 240]);
    expect(INVENTORY_WEBHOOK_SCHEDULE.timestamps).toBe("original");
    expect(Math.max(...INVENTORY_WEBHOOK_SCHEDULE.offsetsSeconds) + INVENTORY_WEBHOOK_SCHEDULE.timeoutMs / 1000).toBeLessThan(300);
    expect(INVENTORY_WEBHOOK_SCHEDULE.maxAgeSeconds).toBeLessThan(300);
  });
});

describe("queue consumer", () => {
  it("fails, is redirected, times out, fails again, then recovers; every retry carries the original timestamp and verifies", async () => {
    const script = [respond.fail, respond.redirect, respond.timeout, () => respond.fail(429), respond.ok];
    const { received, endpoint, orgId } = await setup((n) => script[n - 1]!());
    const deliveryId = await deliveryFor(orgId);
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Math.floor(Date.now() / 1000) * 1000;
    vi.setSystemTime(start);

    const delays = [];
    for (const offset of INVENTORY_WEBHOOK_SCHEDULE.offsetsSeconds) {
      vi.setSystemTime(start + offset * 1000);
      delays.push((await consume(deliveryId)).delays);
    }
    expect(delays).toEqual([[10], [20], [60], [150], []]);
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "delivered", attempts: 5, signed_at: start });

    expect(received.map((r) => (r.at - start) / 1000)).toEqual([0, 10, 30, 90, 240]);
    expect(new Set(received.map((r) => r.headers.get("X-Service-Timestamp")))).toEqual(new Set([String(start / 1000)]));
    expect(new Set(received.map((r) => r.headers.get("X-Service-Signature"))).size).toBe(1);
    expect(new Set(received.map((r) => r.headers.get("X-Service-Delivery")))).toEqual(new Set([deliveryId]));
    for (const request of received) {
      // A receiver applying the seed's 300 s rule at the moment each attempt arrives accepts it.
      const verified = await verifyWebhook(endpoint.secret, request.headers, request.body, {
        scheme: "x-service",
        toleranceSeconds: 300,
        now: request.at,
      });
      expect(verified).toMatchObject({ ok: true, eventType: "sale.created" });
      expect(request.init.redirect).toBe("manual");
    }
    // The Standard Webhooks headers carry each attempt's own time instead (the 240 s retry says start + 240), with
    // the delivery id as webhook-id throughout; a Standard Webhooks receiver verifies each as it arrives.
    expect(received.map((r) => Number(r.headers.get("webhook-timestamp")) - start / 1000)).toEqual([0, 10, 30, 90, 240]);
    for (const request of received) {
      const arrived = Math.floor(request.at / 1000);
      expect(await verifyStandardWebhook(endpoint.secret, request.headers, request.body, arrived)).toEqual({
        ok: true,
        id: deliveryId,
        timestamp: arrived,
      });
    }
    const attempts = await env.DB.prepare(
      "SELECT attempt, outcome, response_status, error FROM webhook_attempts WHERE delivery_id = ? ORDER BY attempt",
    )
      .bind(deliveryId)
      .all();
    expect(attempts.results).toEqual([
      { attempt: 1, outcome: "failed", response_status: 500, error: "HTTP 500: receiver down" },
      { attempt: 2, outcome: "failed", response_status: 302, error: expect.stringContaining("redirect 302 not followed") },
      { attempt: 3, outcome: "failed", response_status: null, error: "timeout: no response within 10000 ms" },
      { attempt: 4, outcome: "failed", response_status: 429, error: "HTTP 429: receiver down" },
      { attempt: 5, outcome: "delivered", response_status: 200, error: null },
    ]);
  });

  it("fails for good after the 240 s attempt: nothing is sent later than 300 s after the first attempt", async () => {
    const { received, orgId } = await setup(() => respond.fail(503));
    const deliveryId = await deliveryFor(orgId);
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    for (const offset of INVENTORY_WEBHOOK_SCHEDULE.offsetsSeconds) {
      vi.setSystemTime(start + offset * 1000);
      await consume(deliveryId);
    }
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "failed", attempts: 5, next_attempt_at: null });
    vi.setSystemTime(start + 600_000);
    expect((await consume(deliveryId)).explicitAcks).toHaveLength(1);
    expect(received).toHaveLength(5);
    expect(Math.max(...received.map((r) => r.at - start))).toBeLessThan(300_000);
  });

  it("a retry the queue delivers too late (past 285 s) is not sent with a stale timestamp; the delivery fails", async () => {
    const { received, orgId } = await setup(() => respond.fail());
    const deliveryId = await deliveryFor(orgId);
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    await consume(deliveryId);
    vi.setSystemTime(start + 290_000);
    const late = await consume(deliveryId);
    expect(late.explicitAcks).toHaveLength(1);
    expect(received).toHaveLength(1);
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "failed", attempts: 2 });
    const last = await env.DB.prepare("SELECT error, response_status FROM webhook_attempts WHERE delivery_id = ? AND attempt = 2")
      .bind(deliveryId)
      .first();
    expect(last).toEqual({ error: expect.stringMatching(/^not sent: more than 285 s after the first attempt/), response_status: null });
  });

  it.each([
    [0, false],
    [1, true],
  ])(
    "a secret rolled between attempts (overlap_hours %i): the retry keeps the first timestamp and is signed with the new secret (the old one verifies: %s)",
    async (overlapHours, oldVerifies) => {
      const { received, orgId, endpoint } = await setup((n) => (n === 1 ? respond.fail(503) : respond.ok()));
      const deliveryId = await deliveryFor(orgId);
      vi.useFakeTimers({ toFake: ["Date"] });
      const start = Date.now();
      await consume(deliveryId);
      const rolled = await expectStatus(
        await admin("POST", `/admin/api/orgs/${orgId}/webhooks/${endpoint.id}/roll-secret`, { overlap_hours: overlapHours }),
        200,
      );
      vi.setSystemTime(start + 10_000);
      await consume(deliveryId);

      expect(await deliveryRow(deliveryId)).toMatchObject({ status: "delivered", attempts: 2 });
      const [first, retry] = received;
      expect(retry!.headers.get("X-Service-Timestamp")).toBe(first!.headers.get("X-Service-Timestamp"));
      expect(retry!.headers.get("X-Service-Delivery")).toBe(deliveryId);
      expect(retry!.headers.get("X-Service-Signature")).not.toBe(first!.headers.get("X-Service-Signature"));
      const verify = (secret: string) => verifyWebhook(secret, retry!.headers, retry!.body, { scheme: "x-service", now: retry!.at });
      expect(await verify(rolled.data.secret)).toMatchObject({ ok: true });
      expect((await verify(endpoint.secret)).ok).toBe(oldVerifies);
      // Standard Webhooks: one v1 signature per secret signing now, each verifying with its own secret.
      const signatures = standardSignatures(retry!.headers);
      expect(signatures).toHaveLength(oldVerifies ? 2 : 1);
      const withOnly = (signature: string) => new Headers({ ...Object.fromEntries(retry!.headers), "webhook-signature": signature });
      const arrived = Math.floor(retry!.at / 1000);
      expect(await verifyStandardWebhook(rolled.data.secret, withOnly(signatures[0]!), retry!.body, arrived)).toMatchObject({
        ok: true,
        id: deliveryId,
      });
      expect((await verifyStandardWebhook(endpoint.secret, retry!.headers, retry!.body, arrived)).ok).toBe(oldVerifies);
      if (oldVerifies) {
        expect(await verifyStandardWebhook(endpoint.secret, withOnly(signatures[1]!), retry!.body, arrived)).toMatchObject({
          ok: true,
          id: deliveryId,
        });
      }
    },
  );

  it("the dead-letter consumer records the final failed state", async () => {
    const { received, orgId } = await setup(respond.ok);
    const deliveryId = await deliveryFor(orgId);
    expect((await consume(deliveryId, "inventory-webhooks-dlq")).explicitAcks).toHaveLength(1);
    expect(received).toHaveLength(0);
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "failed" });
  });

  it("a deleted endpoint's pending delivery ends as failed without a request", async () => {
    const { received, orgId, endpoint } = await setup(respond.ok);
    const deliveryId = await deliveryFor(orgId);
    await expectStatus(await admin("DELETE", `/admin/api/orgs/${orgId}/webhooks/${endpoint.id}`), 200);
    await consume(deliveryId);
    expect(received).toHaveLength(0);
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "failed" });
  });
});

describe("end to end: a sale to a verified sale.created delivery", () => {
  it("delivers sale.created once, through the real queue, to an endpoint subscribed to it only", async () => {
    const { received, endpoint, orgId } = await setup(respond.ok, ["sale.created"]);
    const buyer = await customer(orgId);
    const stock = await lot(orgId);
    const created = await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "25" }]);

    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 60_000, interval: 100 });
    const [request] = received;
    expect(request!.headers.get("X-Service-Event")).toBe("sale.created");
    const verified = await verifyWebhook(endpoint.secret, request!.headers, request!.body, { scheme: "x-service", toleranceSeconds: 300 });
    expect(verified.ok).toBe(true);
    expect(await verifyStandardWebhook(endpoint.secret, request!.headers, request!.body, Math.floor(request!.at / 1000))).toMatchObject({
      ok: true,
      id: verified.ok ? verified.deliveryId : "",
    });
    const body = JSON.parse(request!.body);
    expect(body).toMatchObject({ id: expect.stringMatching(/^evt_/), type: "sale.created", org_id: orgId, created_at: expect.any(String) });
    expect(JSON.stringify(body.data)).toContain(created.id);

    // Once every event of the organisation has been fanned out, customer.created has gone nowhere: not subscribed.
    await vi.waitFor(
      async () => {
        const events = await env.DB.prepare("SELECT dispatched_at FROM events WHERE org_id = ?").bind(orgId).all<{ dispatched_at: number | null }>();
        expect(events.results.every((e) => e.dispatched_at !== null)).toBe(true);
      },
      { timeout: 60_000, interval: 50 },
    );
    expect(received).toHaveLength(1);
  });
});

describe("compliance.due cron", () => {
  /** 03:30 UTC (09:00 IST) on the 9th of next month: the window 9th..12th holds that month's GSTR-1 (11th). */
  function ninthOfNextMonth(dayOffset = 0): { scheduledTime: number; today: string } {
    const now = new Date();
    const year = now.getUTCMonth() === 11 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
    const month = (now.getUTCMonth() + 1) % 12;
    const scheduledTime = Date.UTC(year, month, 9 + dayOffset, 3, 30);
    return { scheduledTime, today: new Date(scheduledTime).toISOString().slice(0, 10) };
  }

  async function run(cron: string, scheduledTime: number) {
    const ctx = createExecutionContext();
    await worker.scheduled({ cron, scheduledTime, noRetry() {} } as ScheduledController, env as never, ctx);
  }

  it("emits each GST/TDS due date a few days ahead once per organisation, and delivers it", async () => {
    const { received, endpoint, orgId } = await setup(respond.ok, ["compliance.due"]);
    const unsubscribed = await setup(respond.ok, ["sale.created"]);
    const day = ninthOfNextMonth();
    const expected = complianceDatesBetween(day.today, new Date(day.scheduledTime + 3 * 86_400_000).toISOString().slice(0, 10));
    expect(expected.map((d) => d.kind)).toEqual(["gstr1"]);

    await run("30 3 * * *", day.scheduledTime);
    await run("30 3 * * *", ninthOfNextMonth(1).scheduledTime); // the next day: same filing, no second event
    await run("*/10 * * * *", ninthOfNextMonth(1).scheduledTime); // the sweep alone never emits compliance events

    const rows = await env.DB.prepare("SELECT type, payload, dedupe_key FROM events WHERE org_id = ? AND type = 'compliance.due'")
      .bind(orgId)
      .all<{ payload: string; dedupe_key: string }>();
    expect(rows.results).toHaveLength(1);
    expect(JSON.parse(rows.results[0]!.payload)).toEqual({
      kind: "gstr1",
      period: expected[0]!.period,
      due_date: expected[0]!.date,
      days_left: 2,
      title: expected[0]!.title,
      description: expected[0]!.description,
    });
    expect(rows.results[0]!.dedupe_key).toBe(`compliance.due:gstr1:${expected[0]!.period}`);
    const none = await env.DB.prepare("SELECT count(*) AS n FROM events WHERE org_id = ? AND type = 'compliance.due'")
      .bind(unsubscribed.orgId)
      .first<{ n: number }>();
    expect(none?.n).toBe(0);

    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 60_000, interval: 100 });
    expect(received[0]!.headers.get("X-Service-Event")).toBe("compliance.due");
    expect((await verifyWebhook(endpoint.secret, received[0]!.headers, received[0]!.body, { scheme: "x-service" })).ok).toBe(true);
  });

  it("an endpoint enabled between the cron's scheduled time and the run's start, which the run counts, receives the reminder", async () => {
    const day = ninthOfNextMonth();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(day.scheduledTime + 1_000);
    const { received, orgId } = await setup(respond.ok, ["compliance.due"]);
    vi.setSystemTime(day.scheduledTime + 2_000);
    await run("30 3 * * *", day.scheduledTime);
    const made = await env.DB.prepare("SELECT count(*) AS n FROM events WHERE org_id = ? AND type = 'compliance.due'")
      .bind(orgId)
      .first<{ n: number }>();
    expect(made?.n).toBe(1);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 60_000, interval: 100 });
    expect(received[0]!.headers.get("X-Service-Event")).toBe("compliance.due");
  });
});
