import { fetchWorker } from "../worker-under-test";
import { describe, expect, it } from "vitest";

describe("inventory foundation", () => {
  it("unknown paths get 404 in the inventory envelope {error, code}", async () => {
    const response = await fetchWorker("http://inventory.test/api/v1/nope");
    const body = await response.json<Record<string, unknown>>();
    expect(response.status).toBe(404);
    expect(body).toEqual({ error: expect.any(String), code: "not_found" });
    expect(response.headers.get("X-Request-Id")).toMatch(/^req_/);
  });

  it("serves a cacheable OpenAPI 3.1 document", async () => {
    const response = await fetchWorker("http://inventory.test/api/v1/openapi.json");
    const document = await response.json<{ openapi: string }>();
    expect(response.status).toBe(200);
    expect(document.openapi).toBe("3.1.0");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    const etag = response.headers.get("ETag");
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    // A cache holding the document revalidates it for nothing: 304, no body, the same validator.
    const revalidated = await fetchWorker("http://inventory.test/api/v1/openapi.json", { headers: { "If-None-Match": etag ?? "" } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(revalidated.headers.get("ETag")).toBe(etag);
  });

  // Behind a compressing proxy the client holds the weakened tag; If-None-Match compares weakly (RFC 9110 §13.1.2).
  it.each([
    ["the weak form of its tag", (etag: string) => `W/${etag}`],
    ["a list that holds its tag", (etag: string) => `"0123456789abcdef", ${etag}`],
    ["the wildcard", () => "*"],
  ])("revalidates the OpenAPI document with %s: 304", async (_name, header) => {
    const first = await fetchWorker("http://inventory.test/api/v1/openapi.json");
    await first.text();
    const etag = first.headers.get("ETag")!;
    const again = await fetchWorker("http://inventory.test/api/v1/openapi.json", { headers: { "If-None-Match": header(etag) } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });
});
