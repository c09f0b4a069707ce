// One attempt (redirects, timeouts, statuses), the schedule helpers, and the consumer's decisions against
// in-memory ports with a hand-driven clock.
import { describe, expect, it, vi } from "vitest";
import {
  processDelivery,
  type AttemptRecord,
  type DeliveryJob,
  type DeliveryUpdate,
  type WebhookPolicy,
  type WebhookPorts,
} from "../../../src/platform/webhooks/consumer";
import { attemptDelivery } from "../../../src/platform/webhooks/deliver";
import { TAX_WEBHOOK_SCHEDULE } from "../../../src/tax/webhooks/events";
import { INVENTORY_WEBHOOK_SCHEDULE } from "../../../src/inventory/webhooks/service";
import { defineSchedule, hopDelaySeconds, MAX_QUEUE_DELAY_SECONDS, nextAttemptDue } from "../../../src/platform/webhooks/schedule";
import { newWebhookSecret } from "../../../src/platform/webhooks/sign";
import { verifyWebhook } from "../../../src/platform/webhooks/verify";
import { standardSignatures, verifyStandardWebhook } from "../../standard-webhooks";

type Fetch = typeof globalThis.fetch;
const clock = () => Date.now();

function fetchReturning(response: () => Response) {
  return vi.fn<Fetch>(async () => response());
}

describe("attemptDelivery", () => {
  const base = { url: "https://hooks.example.com/x", headers: { "Content-Type": "application/json" }, body: "{}", timeoutMs: 1_000, clock };

  it("counts any 2xx as delivered and posts with redirect: manual and a timeout signal", async () => {
    const fetch = fetchReturning(() => new Response(null, { status: 204 }));
    const result = await attemptDelivery({ ...base, fetch });
    expect(result).toMatchObject({ outcome: "delivered", responseStatus: 204, error: null });
    const init = fetch.mock.calls[0]![1]!;
    expect(init).toMatchObject({ method: "POST", redirect: "manual", body: "{}" });
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it.each([301, 302, 307, 308])("treats a %i as a failed attempt and names the Location it did not follow", async (status) => {
    const fetch = fetchReturning(() => new Response(null, { status, headers: { Location: "https://elsewhere.example/" } }));
    const result = await attemptDelivery({ ...base, fetch });
    expect(result).toMatchObject({ outcome: "failed", responseStatus: status });
    expect(result.error).toContain("not followed");
    expect(result.error).toContain("https://elsewhere.example/");
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it.each([400, 404, 410, 429, 500, 503])("treats a %i as failed, quoting the start of the response", async (status) => {
    const result = await attemptDelivery({ ...base, fetch: fetchReturning(() => new Response("receiver says\nno", { status })) });
    expect(result).toMatchObject({ outcome: "failed", responseStatus: status, error: `HTTP ${status}: receiver says no` });
  });

  it("gives up after the timeout", async () => {
    const fetch = vi.fn<Fetch>(
      (_url, init) => new Promise((_resolve, reject) => init!.signal!.addEventListener("abort", () => reject(init!.signal!.reason))),
    );
    const result = await attemptDelivery({ ...base, timeoutMs: 50, fetch });
    expect(result).toMatchObject({ outcome: "failed", responseStatus: null, error: "timeout: no response within 50 ms" });
  });

  it("records a network error without throwing", async () => {
    const fetch = vi.fn<Fetch>(async () => {
      throw new TypeError("connection refused");
    });
    expect(await attemptDelivery({ ...base, fetch })).toMatchObject({
      outcome: "failed",
      responseStatus: null,
      error: "network error: connection refused",
    });
  });

  it("reads only the start of a large response and quotes 200 characters of it", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new TextEncoder().encode("x".repeat(512)));
        if (pulled > 1_000) controller.close();
      },
    });
    const result = await attemptDelivery({ ...base, fetch: fetchReturning(() => new Response(stream, { status: 500 })) });
    expect(pulled).toBeLessThan(10);
    // docs/webhooks.md: the log shows `HTTP 503: <first 200 characters of the response>`, and no more of it.
    expect(result.error).toBe(`HTTP 500: ${"x".repeat(200)}`);
  });

  it("quotes exactly the first 200 characters of a response, whole characters only", async () => {
    // 199 letters, then an emoji as the 200th character (two UTF-16 units), then more the log must not keep.
    const body = `${"a".repeat(199)}😀${"b".repeat(100)}`;
    const result = await attemptDelivery({ ...base, fetch: fetchReturning(() => new Response(body, { status: 503 })) });
    expect(result.error).toBe(`HTTP 503: ${"a".repeat(199)}😀`);
  });

  it("quotes the first 200 characters of a redirect's Location", async () => {
    const location = `https://elsewhere.example/${"p".repeat(300)}`;
    const result = await attemptDelivery({
      ...base,
      fetch: fetchReturning(() => new Response(null, { status: 302, headers: { Location: location } })),
    });
    expect(result.error).toBe(`redirect 302 not followed (Location: ${location.slice(0, 200)})`);
  });
});

describe("schedules", () => {
  it("refuses malformed schedules and original-timestamp schedules that outlive their window", () => {
    expect(() => defineSchedule({ offsetsSeconds: [1, 2], timestamps: "fresh", timeoutMs: 1 })).toThrow();
    expect(() => defineSchedule({ offsetsSeconds: [0, 5, 5], timestamps: "fresh", timeoutMs: 1 })).toThrow();
    expect(() => defineSchedule({ offsetsSeconds: [0, 290], timestamps: "original", maxAgeSeconds: 285, timeoutMs: 1_000 })).toThrow();
    expect(() => defineSchedule({ offsetsSeconds: [0, 240], timestamps: "original", timeoutMs: 1_000 })).toThrow();
  });

  it("dates each retry from the first attempt and caps one queue hop at 12 h", () => {
    const schedule = defineSchedule({ offsetsSeconds: [0, 2, 8, 82_800], timestamps: "fresh", timeoutMs: 1_000 });
    const first = 1_000_000;
    expect([1, 2, 3, 4].map((n) => nextAttemptDue(schedule, n, first))).toEqual([first + 2_000, first + 8_000, first + 82_800_000, null]);
    expect(hopDelaySeconds(1_000 + 82_792_000, 1_000)).toBe(MAX_QUEUE_DELAY_SECONDS);
    // Rounded down: the message arrives up to a second early and the consumer waits out the rest.
    expect(hopDelaySeconds(10_999, 1_000)).toBe(9);
    expect(hopDelaySeconds(11_000, 1_000)).toBe(10);
    expect(hopDelaySeconds(0, 1_000)).toBe(0);
  });
});

/** A delivery store and a clock the test moves by hand. */
function memoryPorts(job: Partial<DeliveryJob> = {}, respond: (n: number) => Response = () => new Response("", { status: 500 })) {
  let now = 1_763_719_200_000;
  const state: DeliveryJob = {
    id: "whd_test",
    status: "pending",
    attempts: 0,
    nextAttemptAt: null,
    signedAt: null,
    eventType: "sale.created",
    body: '{"id":"evt_1"}',
    endpoint: { id: "whk_test", url: "https://hooks.example.com/x", secret: "whsec_test", previousSecret: null, deleted: false, disabled: false },
    ...job,
  };
  const attempts: AttemptRecord[] = [];
  const waits: number[] = [];
  const requests: Array<{ at: number; headers: Headers; body: string }> = [];
  const fetch = vi.fn<Fetch>(async (_url, init) => {
    requests.push({ at: now, headers: new Headers(init!.headers), body: String(init!.body) });
    return respond(requests.length);
  });
  const ports: WebhookPorts = {
    async getDelivery() {
      return structuredClone(state);
    },
    // Stored in clear here: sealing at rest is the store's, tested against D1 in each service.
    openSecrets: async (_deliveryId, _endpointId, stored) => ({ ...stored }),
    async dropExpiredPreviousSecret(_endpointId, at) {
      const previous = state.endpoint?.previousSecret;
      if (previous && previous.expiresAt <= at) state.endpoint!.previousSecret = null;
    },
    async claimAttempt(_id, attempt, dueBy, leaseUntil) {
      if (state.attempts !== attempt - 1 || state.status !== "pending" || (state.nextAttemptAt !== null && state.nextAttemptAt > dueBy)) return false;
      state.nextAttemptAt = leaseUntil;
      return true;
    },
    async recordAttempt(_id, record: AttemptRecord, update: DeliveryUpdate) {
      if (state.attempts !== record.attempt - 1 || state.status !== "pending") return false;
      attempts.push(record);
      Object.assign(state, { attempts: record.attempt, status: update.status, nextAttemptAt: update.nextAttemptAt, signedAt: update.signedAt });
      return true;
    },
    clock: () => now,
    wait: async (ms) => {
      waits.push(ms);
      now += ms;
    },
    fetch,
  };
  return { ports, state, attempts, requests, waits, advance: (seconds: number) => (now += seconds * 1000), now: () => now };
}

const FRESH: WebhookPolicy = {
  scheme: "service-signature",
  allowLoopback: false,
  schedule: defineSchedule({ offsetsSeconds: [0, 2, 8, 82_800], timestamps: "fresh", timeoutMs: 1_000 }),
};
const ORIGINAL: WebhookPolicy = {
  scheme: "x-service",
  allowLoopback: false,
  schedule: defineSchedule({ offsetsSeconds: [0, 10, 30, 90, 240], timestamps: "original", maxAgeSeconds: 285, timeoutMs: 1_000 }),
};

describe("processDelivery", () => {
  it("fresh timestamps: signs every attempt with its own time, hops long gaps, fails after the last attempt", async () => {
    const t = memoryPorts();
    const decisions = [];
    decisions.push((await processDelivery("whd_test", t.ports, FRESH)).decision);
    t.advance(2);
    decisions.push((await processDelivery("whd_test", t.ports, FRESH)).decision);
    t.advance(6);
    decisions.push((await processDelivery("whd_test", t.ports, FRESH)).decision);
    t.advance(MAX_QUEUE_DELAY_SECONDS);
    decisions.push((await processDelivery("whd_test", t.ports, FRESH)).decision); // a hop: not due yet
    t.advance(82_792 - MAX_QUEUE_DELAY_SECONDS);
    decisions.push((await processDelivery("whd_test", t.ports, FRESH)).decision);
    expect(decisions).toEqual([
      { action: "retry", delaySeconds: 2, reason: "attempt 1 failed" },
      { action: "retry", delaySeconds: 6, reason: "attempt 2 failed" },
      { action: "retry", delaySeconds: MAX_QUEUE_DELAY_SECONDS, reason: "attempt 3 failed" },
      { action: "retry", delaySeconds: 82_792 - MAX_QUEUE_DELAY_SECONDS, reason: "not due yet" },
      { action: "ack", reason: "failed" },
    ]);
    expect(t.state.status).toBe("failed");
    expect(t.attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4]);
    const stamps = t.requests.map((r) => Number(/t=(\d+)/.exec(r.headers.get("Service-Signature")!)![1]));
    expect(new Set(stamps).size).toBe(4);
    expect(new Set(t.requests.map((r) => r.headers.get("Service-Delivery")))).toEqual(new Set(["whd_test"]));
    for (const request of t.requests) {
      const verified = await verifyWebhook("whsec_test", request.headers, request.body, { scheme: "service-signature", now: request.at });
      expect(verified.ok).toBe(true);
    }
  });

  it("original timestamps: every retry re-sends the first attempt's timestamp and all land within 300 s", async () => {
    const t = memoryPorts({}, (n) => new Response("", { status: n < 5 ? 503 : 200 }));
    const first = t.now();
    for (const gap of [0, 10, 20, 60, 150]) {
      t.advance(gap);
      await processDelivery("whd_test", t.ports, ORIGINAL);
    }
    expect(t.state.status).toBe("delivered");
    expect(t.requests.map((r) => r.at - first)).toEqual([0, 10_000, 30_000, 90_000, 240_000]);
    const stamps = new Set(t.requests.map((r) => r.headers.get("X-Service-Timestamp")));
    expect(stamps).toEqual(new Set([String(first / 1000)]));
    expect(new Set(t.requests.map((r) => r.headers.get("X-Service-Signature"))).size).toBe(1);
    for (const request of t.requests) {
      // The receiver's own 300 s check passes for the last retry too.
      expect((await verifyWebhook("whsec_test", request.headers, request.body, { scheme: "x-service", now: request.at })).ok).toBe(true);
    }
  });

  /**
   * Drives a delivery to a receiver that always fails after `attemptSeconds`, with the queue handing each
   * retry over `lagSeconds` after its delay, and returns each attempt's time after the first, in seconds.
   */
  async function attemptTimes(policy: WebhookPolicy, attemptSeconds: number, lagSeconds: number, attempts: number): Promise<number[]> {
    let advance = (_seconds: number) => {};
    const t = memoryPorts({}, () => {
      advance(attemptSeconds);
      return new Response("", { status: 503 });
    });
    advance = t.advance;
    const first = t.now();
    for (let i = 0; i < attempts; i++) {
      const { decision } = await processDelivery("whd_test", t.ports, policy);
      if (decision.action !== "retry") break;
      t.advance(decision.delaySeconds + lagSeconds);
    }
    return t.requests.map((r) => (r.at - first) / 1000);
  }

  it.each([
    ["tax", TAX_WEBHOOK_SCHEDULE, [0, 2, 8]],
    ["inventory", INVENTORY_WEBHOOK_SCHEDULE, [0, 10, 30, 90, 240]],
  ])("%s: each retry is dated from the first attempt, so a slow receiver and queue lag do not add up", async (_, schedule, offsets) => {
    // A receiver that takes 1.3 s to fail and a queue that hands each retry over 0.4 s late: every attempt
    // must still land within 0.5 s of its offset (counting from the previous attempt put the third tax attempt
    // at 2.4 + 1.3 + 6 + 0.4 ≈ 10 s).
    const times = await attemptTimes(
      { ...FRESH, scheme: schedule === TAX_WEBHOOK_SCHEDULE ? "service-signature" : "x-service", schedule },
      1.3,
      0.4,
      offsets.length,
    );
    expect(times).toHaveLength(offsets.length);
    times.forEach((time, i) => expect(Math.abs(time - offsets[i]!), `attempt ${i + 1} at ${time} s`).toBeLessThanOrEqual(0.5));
  });

  it("tax: the fourth attempt is due 23 h after the first, crossed in queue hops", async () => {
    const t = memoryPorts();
    const first = t.now();
    for (let i = 0; i < 6; i++) {
      const { decision } = await processDelivery("whd_test", t.ports, { ...FRESH, schedule: TAX_WEBHOOK_SCHEDULE });
      if (decision.action !== "retry") break;
      t.advance(decision.delaySeconds);
    }
    expect(t.requests.map((r) => (r.at - first) / 1000)).toEqual([0, 2, 8, 23 * 3600]);
  });

  it("original timestamps: a retry that arrives too late is not sent, and the delivery is failed", async () => {
    const t = memoryPorts();
    await processDelivery("whd_test", t.ports, ORIGINAL);
    t.advance(286); // the queue was backed up far past attempt 2's time
    const late = await processDelivery("whd_test", t.ports, ORIGINAL);
    expect(late.decision.action).toBe("ack");
    expect(t.requests).toHaveLength(1);
    expect(t.state.status).toBe("failed");
    expect(t.attempts[1]).toMatchObject({ attempt: 2, outcome: "failed", responseStatus: null, durationMs: 0 });
    expect(t.attempts[1]!.error).toMatch(/^not sent: more than 285 s/);
  });

  it("a duplicate message that arrives early waits for the row's time; a stale one after the end is acked", async () => {
    const t = memoryPorts();
    await processDelivery("whd_test", t.ports, FRESH);
    const early = await processDelivery("whd_test", t.ports, FRESH);
    expect(early.decision).toEqual({ action: "retry", delaySeconds: 2, reason: "not due yet" });
    expect(t.requests).toHaveLength(1);
    t.state.status = "delivered";
    expect((await processDelivery("whd_test", t.ports, FRESH)).decision).toEqual({ action: "ack", reason: "already delivered" });
  });

  it("a disabled endpoint's pending delivery ends as failed without sending", async () => {
    const disabled = memoryPorts({
      endpoint: { id: "whk_test", url: "https://hooks.example.com/x", secret: "whsec_test", previousSecret: null, deleted: false, disabled: true },
    });
    await processDelivery("whd_test", disabled.ports, FRESH);
    expect(disabled.state.status).toBe("failed");
    expect(disabled.attempts[0]).toMatchObject({ error: "not sent: the endpoint is disabled", notSent: true });
    expect(disabled.requests).toHaveLength(0);
  });

  describe("during a secret roll's overlap, both secrets sign and a receiver holding either one verifies", () => {
    const rolled = (expiresAt: number) => ({
      id: "whk_test",
      url: "https://hooks.example.com/x",
      secret: "whsec_new",
      previousSecret: { secret: "whsec_old", expiresAt },
      deleted: false,
      disabled: false,
    });

    it.each([FRESH, ORIGINAL])("$scheme", async (policy) => {
      const { ports, requests, now } = memoryPorts({ endpoint: rolled(Date.now() + 3_600_000) }, () => new Response("ok"));
      await processDelivery("whd_test", ports, policy);
      const { headers, body } = requests[0]!;
      for (const secret of ["whsec_new", "whsec_old"]) {
        expect(await verifyWebhook(secret, headers, body, { scheme: policy.scheme, now: now() })).toMatchObject({ ok: true });
      }
      expect(await verifyWebhook("whsec_other", headers, body, { scheme: policy.scheme, now: now() })).toMatchObject({ ok: false });
    });

    it.each([FRESH, ORIGINAL])("$scheme: once the overlap has ended, only the new secret signs", async (policy) => {
      const { ports, requests, now } = memoryPorts({ endpoint: rolled(0) }, () => new Response("ok"));
      await processDelivery("whd_test", ports, policy);
      const { headers, body } = requests[0]!;
      expect(await verifyWebhook("whsec_new", headers, body, { scheme: policy.scheme, now: now() })).toMatchObject({ ok: true });
      expect(await verifyWebhook("whsec_old", headers, body, { scheme: policy.scheme, now: now() })).toMatchObject({
        ok: false,
        reason: "signature_mismatch",
      });
      expect(headers.get("X-Service-Signature-Previous")).toBeNull();
      expect(headers.get("Service-Signature") ?? "").not.toMatch(/v1=.*v1=/);
    });
  });

  it("a deleted endpoint or a URL that is no longer allowed ends the delivery without sending", async () => {
    const deleted = memoryPorts({
      endpoint: { id: "whk_test", url: "https://hooks.example.com/x", secret: "whsec_test", previousSecret: null, deleted: true, disabled: false },
    });
    expect((await processDelivery("whd_test", deleted.ports, FRESH)).decision.action).toBe("ack");
    expect(deleted.state.status).toBe("failed");
    expect(deleted.attempts[0]!.error).toBe("not sent: the endpoint was deleted");

    const loopback = memoryPorts({
      endpoint: { id: "whk_test", url: "http://127.0.0.1:9000/", secret: "whsec_test", previousSecret: null, deleted: false, disabled: false },
    });
    await processDelivery("whd_test", loopback.ports, FRESH);
    expect(loopback.state.status).toBe("failed");
    expect(loopback.attempts[0]!.error).toContain("not sent: the URL is not allowed");
    expect(loopback.requests).toHaveLength(0);
    // An endpoint registered on a port browsers block, before such ports were refused, is sent nothing.
    const badPort = memoryPorts({
      endpoint: {
        id: "whk_test",
        url: "https://hooks.example.com:25/x",
        secret: "whsec_test",
        previousSecret: null,
        deleted: false,
        disabled: false,
      },
    });
    await processDelivery("whd_test", badPort.ports, FRESH);
    expect(badPort.state.status).toBe("failed");
    expect(badPort.attempts[0]!.error).toBe("not sent: the URL is not allowed (must not use port 25, one of the ports browsers block)");
    expect(badPort.requests).toHaveLength(0);
    const allowed = memoryPorts(
      { endpoint: { id: "whk_test", url: "http://127.0.0.1:9000/", secret: "whsec_test", previousSecret: null, deleted: false, disabled: false } },
      () => new Response("ok"),
    );
    await processDelivery("whd_test", allowed.ports, { ...FRESH, allowLoopback: true });
    expect(allowed.state.status).toBe("delivered");
  });

  it("two copies of one message at once: one claims the attempt and sends, the other acks without sending", async () => {
    const t = memoryPorts();
    const [a, b] = await Promise.all([processDelivery("whd_test", t.ports, FRESH), processDelivery("whd_test", t.ports, FRESH)]);
    expect(t.requests).toHaveLength(1);
    expect([a.decision.reason, b.decision.reason].sort()).toEqual(["attempt 1 failed", "attempt claimed by another consumer"]);
    expect(t.state).toMatchObject({ attempts: 1, status: "pending", nextAttemptAt: t.now() + 2_000 });
  });

  it("when another consumer records the same attempt first, this one acks and leaves the chain to it", async () => {
    const t = memoryPorts();
    const record = t.ports.recordAttempt.bind(t.ports);
    t.ports.recordAttempt = async (id, attempt, update) => {
      await record(id, attempt, update); // the other consumer wins the race
      return record(id, attempt, update);
    };
    expect((await processDelivery("whd_test", t.ports, FRESH)).decision).toEqual({ action: "ack", reason: "attempt recorded by another consumer" });
    expect(t.attempts).toHaveLength(1);
  });
});

describe("Standard Webhooks headers on every attempt", () => {
  const endpoint = (secret: string, previousSecret: { secret: string; expiresAt: number } | null = null) => ({
    id: "whk_test",
    url: "https://hooks.example.com/x",
    secret,
    previousSecret,
    deleted: false,
    disabled: false,
  });

  /** Runs every attempt of the schedule against a receiver that accepts only the last one. */
  async function everyAttempt(policy: WebhookPolicy, secret: string) {
    const last = policy.schedule.offsetsSeconds.length;
    const t = memoryPorts({ endpoint: endpoint(secret) }, (n) => new Response("", { status: n < last ? 503 : 200 }));
    for (let i = 0; i < 2 * last; i++) {
      const { decision } = await processDelivery("whd_test", t.ports, policy);
      if (decision.action !== "retry") break;
      t.advance(decision.delaySeconds);
    }
    expect(t.state.status).toBe("delivered");
    expect(t.requests).toHaveLength(last);
    return t.requests;
  }

  it.each([FRESH, ORIGINAL])(
    "$scheme: one webhook-id throughout, each attempt's own webhook-timestamp, verifiable when it arrives",
    async (policy) => {
      const secret = newWebhookSecret();
      const requests = await everyAttempt(policy, secret);
      for (const { headers, body, at } of requests) {
        const arrived = Math.floor(at / 1000);
        expect(headers.get("webhook-id")).toBe("whd_test");
        expect(headers.get("webhook-timestamp")).toBe(String(arrived));
        expect(await verifyStandardWebhook(secret, headers, body, arrived), `attempt at ${arrived}`).toMatchObject({ ok: true, id: "whd_test" });
      }
    },
  );

  it("inventory's retries keep their first X-Service-Timestamp, while webhook-timestamp moves on with each attempt", async () => {
    const requests = await everyAttempt(ORIGINAL, newWebhookSecret());
    const first = requests[0]!.headers.get("X-Service-Timestamp");
    expect(requests.map((r) => r.headers.get("X-Service-Timestamp"))).toEqual(requests.map(() => first));
    expect(requests.map((r) => Number(r.headers.get("webhook-timestamp")) - Number(first))).toEqual([0, 10, 30, 90, 240]);
  });

  it.each([FRESH, ORIGINAL])("$scheme: during a roll's overlap, two v1 signatures, each verifying with its own secret", async (policy) => {
    const [secret, previousSecret] = [newWebhookSecret(), newWebhookSecret()];
    const { ports, requests, now } = memoryPorts(
      { endpoint: endpoint(secret, { secret: previousSecret, expiresAt: Date.now() + 3_600_000 }) },
      () => new Response("ok"),
    );
    await processDelivery("whd_test", ports, policy);
    const { headers, body } = requests[0]!;
    const signatures = standardSignatures(headers);
    expect(signatures).toHaveLength(2);
    const withOnly = (signature: string) => new Headers({ ...Object.fromEntries(headers), "webhook-signature": signature });
    const at = Math.floor(now() / 1000);
    expect(await verifyStandardWebhook(secret, withOnly(signatures[0]!), body, at)).toMatchObject({ ok: true });
    expect(await verifyStandardWebhook(previousSecret, withOnly(signatures[1]!), body, at)).toMatchObject({ ok: true });
    expect(await verifyStandardWebhook(newWebhookSecret(), headers, body, at)).toMatchObject({ ok: false });
  });
});
