// Receivers that misbehave in ways the delivery tests do not script: a response stream that breaks, binary
// garbage, a request that hangs until the timeout aborts it, a fetch that rejects with a non-Error. Every
// attempt still ends as a recorded outcome (never a throw), with a short, printable error.
import { describe, expect, it } from "vitest";
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

  it("a receiver that hangs is cut off by the attempt's own timeout and recorded as one", async () => {
    const hanging = (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init!.signal!.addEventListener("abort", () => reject(init!.signal!.reason));
      });
    const result = await attempt(hanging, 50);
    expect(result).toMatchObject({ outcome: "failed", responseStatus: null, error: "timeout: no response within 50 ms" });
  });
});
