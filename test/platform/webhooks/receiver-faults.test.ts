// Receivers that misbehave in ways the delivery tests do not script: a response stream that breaks, binary
// garbage, a request that hangs until the timeout aborts it, a fetch that rejects with a non-Error. Every
// attempt still ends as a recorded outcome (never a throw), with a short, printable error.
import { describe, expect, it, vi } from "vitest";
import { attemptDelivery } from "../../../src/platform/webhooks/deliver";

function attempt(fetchImpl: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>, timeoutMs = 50) {
  return attemptDelivery({
    url: "https://receiver.example/hook",
    headers: { "Content-Type": "application/json" },
    body: "{}",
    timeoutMs,
    fetch: fetchImpl as typeof fetch,
    clock: Date.now,
  });
}

function brokenStream(status: number): Response {
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(new Uint8Array([0xff, 0xfe, 0x00, 0x41]));
      } else controller.error(new Error("connection reset"));
    },
  });
  return new Response(body, { status });
}

describe("receivers that return garbage or never answer", () => {
  it.each([
    ["200 whose body stream breaks", () => Promise.resolve(brokenStream(200)), "delivered", 200],
    ["500 whose body stream breaks", () => Promise.resolve(brokenStream(500)), "failed", 500],
    [
      "200 with binary garbage",
      () =>
        Promise.resolve(
          new Response(
            new Uint8Array(4096).map((_, i) => (i * 37) % 256),
            { status: 200 },
          ),
        ),
      "delivered",
      200,
    ],
    ["418 with control characters", () => Promise.resolve(new Response("\u0000\u001b[31mteapot\r\n\u0007", { status: 418 })), "failed", 418],
    ["a rejection that is not an Error", () => Promise.reject("socket hang up"), "failed", null],
    ["a rejection with undefined", () => Promise.reject(undefined), "failed", null],
  ] as const)("%s: %s", async (_name, fetchImpl, outcome, status) => {
    const result = await attempt(fetchImpl);
    expect(result).toMatchObject({ outcome, responseStatus: status });
    if (result.error !== null) {
      expect(result.error.length).toBeLessThanOrEqual(200);
      expect(result.error).not.toMatch(/[\u0000-\u001f\u007f]/);
    }
  });

  it("a response that breaks its lines with NEL, LS or PS, or holds C1 controls, is quoted on one line", async () => {
    // Unicode UAX #14: U+0085 (NEL), U+2028 (LS) and U+2029 (PS) are line breaks, like CR and LF; U+0080-U+009F are
    // the C1 control characters. The delivery log quotes a failure's response printable, on one line.
    const result = await attempt(() => Promise.resolve(new Response("busy\u0085retry\u2028in\u2029a\u009bminute", { status: 503 })));
    expect(result.error).toBe("HTTP 503: busy retry in a minute");
  });

  it("a receiver that hangs is cut off by the attempt's own timeout and recorded as one", async () => {
    const hanging = (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init!.signal!.addEventListener("abort", () => reject(init!.signal!.reason));
      });
    const result = await attempt(hanging, 50);
    expect(result).toMatchObject({ outcome: "failed", responseStatus: null, error: "timeout: no response within 50 ms" });
  });
});

describe("a receiver that stalls cannot hold an attempt past its deadline", () => {
  // The attempt's deadline is aborted by hand, and its clock moved by hand: nothing here waits on real time.
  // The fakes ignore the fetch's signal, as a runtime may for a body already being read.
  function stalledAttempt(response: () => Response | Promise<Response>) {
    let now = 1_800_000_000_000;
    const deadline = new AbortController();
    const result = attemptDelivery({
      url: "https://receiver.example/hook",
      headers: { "Content-Type": "application/json" },
      body: "{}",
      timeoutMs: 10_000,
      deadline: deadline.signal,
      fetch: (async () => response()) as typeof fetch,
      clock: () => now,
    });
    const timeUp = () => {
      now += 10_000;
      deadline.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
    };
    return { result, timeUp };
  }

  /** A body that sends `first` (if any), then neither sends nor ends; `stalled` once it is waiting. */
  function endlessBody(first: string | null) {
    const state = { stalled: false, cancelled: false };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        if (first !== null) controller.enqueue(new TextEncoder().encode(first));
      },
      pull() {
        state.stalled = true;
        return new Promise<void>(() => {});
      },
      cancel() {
        state.cancelled = true;
      },
    });
    return { body, state };
  }

  it("a 2xx whose body never ends is delivered without waiting for the body, which is cancelled", async () => {
    const { body, state } = endlessBody(null);
    const { result } = stalledAttempt(() => new Response(body, { status: 200 }));
    // The deadline is never reached: the 2xx alone decides.
    expect(await result).toEqual({ outcome: "delivered", attemptedAt: 1_800_000_000_000, responseStatus: 200, durationMs: 0, error: null });
    await vi.waitFor(() => expect(state.cancelled).toBe(true), { timeout: 60_000, interval: 10 });
  });

  it("a failure whose body stalls after its first bytes ends at the deadline, quoting what arrived", async () => {
    const { body, state } = endlessBody("overloaded, try later");
    const { result, timeUp } = stalledAttempt(() => new Response(body, { status: 503 }));
    await vi.waitFor(() => expect(state.stalled).toBe(true), { timeout: 60_000, interval: 10 });
    timeUp();
    // docs/webhooks.md: a failed attempt quotes the start of the response (`HTTP 503: …`) and its duration.
    expect(await result).toEqual({
      outcome: "failed",
      attemptedAt: 1_800_000_000_000,
      responseStatus: 503,
      durationMs: 10_000,
      error: "HTTP 503: overloaded, try later",
    });
    await vi.waitFor(() => expect(state.cancelled).toBe(true), { timeout: 60_000, interval: 10 });
  });

  it("headers that never come end the attempt at the deadline as a timeout, even when the fetch ignores its signal", async () => {
    let asked = false;
    const { result, timeUp } = stalledAttempt(() => {
      asked = true;
      return new Promise<Response>(() => {});
    });
    await vi.waitFor(() => expect(asked).toBe(true), { timeout: 60_000, interval: 10 });
    timeUp();
    expect(await result).toMatchObject({
      outcome: "failed",
      responseStatus: null,
      durationMs: 10_000,
      error: "timeout: no response within 10000 ms",
    });
  });
});
