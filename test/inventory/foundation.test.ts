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
});
