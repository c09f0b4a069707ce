import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { PlatformError } from "../../src/platform/http/errors";
import { readBody } from "../../src/platform/http/body";

const MAX_BYTES = 64;

/** A route behind readBody that answers with what hono's own body accessors see. */
function echoApp() {
  const app = new Hono();
  app.post("/echo", readBody({ maxBytes: MAX_BYTES, accept: ["json", "text"] }), async (c) => {
    const isJson = c.req.header("Content-Type") === "application/json";
    return c.json({ text: await c.req.text(), json: isJson ? await c.req.json() : null });
  });
  app.onError((error, c) => c.json({ problem: error instanceof PlatformError ? error.problem : "other" }, 400));
  return app;
}

describe("readBody", () => {
  it("gives hono's json() the parsed body and text() the exact bytes sent", async () => {
    const sent = '{ "b": [1, 2], "a": "₹" }';
    const response = await echoApp().request("/echo", { method: "POST", headers: { "Content-Type": "application/json" }, body: sent });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ text: sent, json: { b: [1, 2], a: "₹" } });
  });

  it("refuses a streamed body without Content-Length once it passes the limit", async () => {
    const chunk = new TextEncoder().encode("x".repeat(40));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(chunk);
        controller.enqueue(chunk);
        controller.close();
      },
    });
    const request = new Request("http://x/echo", { method: "POST", headers: { "Content-Type": "text/plain" }, body, duplex: "half" } as RequestInit);
    expect(request.headers.get("Content-Length")).toBeNull();
    const response = await echoApp().fetch(request);
    expect(await response.json()).toEqual({ problem: "payload_too_large" });
  });

  it("reads a body of exactly the limit, and refuses one byte more", async () => {
    const at = await echoApp().request("/echo", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "y".repeat(MAX_BYTES) });
    expect(await at.json()).toEqual({ text: "y".repeat(MAX_BYTES), json: null });
    const over = await echoApp().request("/echo", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "y".repeat(MAX_BYTES + 1) });
    expect(await over.json()).toEqual({ problem: "payload_too_large" });
  });
});
