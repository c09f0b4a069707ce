// An optional JSON body may be left out with or without a Content-Type; what is sent is still checked.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { readBody } from "../../src/platform/http/body";
import { PlatformError } from "../../src/platform/http/errors";

function appWith(optional: boolean) {
  const app = new Hono();
  app.post("/", readBody({ maxBytes: 64, optional }), async (c) => c.json({ body: await c.req.json() }));
  app.onError((error, c) => c.json({ problem: error instanceof PlatformError ? error.problem : "other" }, 400));
  return app;
}

const post = (optional: boolean, headers: Record<string, string>, body?: string) => appWith(optional).request("/", { method: "POST", headers, body });

describe("readBody with an optional body", () => {
  it.each([
    ["no Content-Type", {}],
    ["a JSON Content-Type", { "Content-Type": "application/json" }],
    ["a JSON Content-Type with a charset", { "Content-Type": "application/json; charset=utf-8" }],
  ])("an empty body with %s reads as {}", async (_, headers) => {
    const response = await post(true, headers);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ body: {} });
  });

  it("a sent body is parsed, and still needs a JSON Content-Type and valid JSON", async () => {
    expect(await (await post(true, { "Content-Type": "application/json" }, '{"reason":"x"}')).json()).toEqual({ body: { reason: "x" } });
    expect(await (await post(true, {}, '{"reason":"x"}')).json()).toEqual({ problem: "unsupported_media_type" });
    expect(await (await post(true, { "Content-Type": "text/csv" })).json()).toEqual({ problem: "unsupported_media_type" });
    expect(await (await post(true, { "Content-Type": "application/json" }, "{")).json()).toEqual({ problem: "validation" });
  });

  it("a required body stays required: empty JSON is invalid, no Content-Type is unsupported", async () => {
    expect(await (await post(false, { "Content-Type": "application/json" })).json()).toEqual({ problem: "validation" });
    expect(await (await post(false, {})).json()).toEqual({ problem: "unsupported_media_type" });
  });
});
