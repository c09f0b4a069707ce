import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { describe, expect, it, vi } from "vitest";
import { captureConsole, unreachableDatabase } from "../../reliability/kit";

describe("tax foundation", () => {
  it("GET /api/v1/health reports each dependency and the version", async () => {
    const response = await fetchWorker("http://tax.test/api/v1/health");
    const body = await response.json<{ data: { status: string; version: string; checks: Record<string, string> } }>();
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.data).toEqual({ status: "ok", version: "1.0.0", checks: { database: "ok", queue: "ok", keyGuard: "ok" } });
    expect(response.headers.get("X-Request-Id")).toMatch(/^req_/);
  });

  it("GET /api/v1/health with the database failing every query: 503 naming it, with Retry-After and nothing of the cause", async () => {
    const response = await fetchWorker("http://tax.test/api/v1/health", undefined, { ...env, DB: unreachableDatabase() });
    const text = await response.text();
    expect(response.status, text).toBe(503);
    // The whole answer, so nothing of the cause can hide in it; the request id is random (it may spell "d1").
    const { requestId, ...answer } = JSON.parse(text);
    expect(answer).toEqual({ error: { code: "service_unavailable", message: "Unhealthy: database failed" } });
    expect(requestId).toMatch(/^req_/);
    expect(response.headers.get("Retry-After")).toBe("30");
  });

  it("SESSION_SECRET_PREVIOUS is optional; when set it needs 16 characters, else the Worker answers 500 and logs why", async () => {
    const health = (bindings: object) => fetchWorker("http://tax.test/api/v1/health", undefined, bindings);
    expect((await health({ ...env, SESSION_SECRET_PREVIOUS: "an-old-session-secret-0123456789" })).status).toBe(200);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const short = await health({ ...env, SESSION_SECRET_PREVIOUS: "too-short" });
    const errors = logged.mock.calls.map((call) => call.join(" ")).join("\n");
    logged.mockRestore();
    expect(short.status).toBe(500);
    expect(errors).toContain("SESSION_SECRET_PREVIOUS: a secret of at least 16 characters");
  });

  it("a Worker missing a secret logs its name in one line with the X-Request-Id its 500 carried", async () => {
    const { SESSION_SECRET: _, ...withoutSecret } = env;
    const logs = captureConsole();
    let response: Response;
    try {
      response = await fetchWorker("http://tax.test/api/v1/health", undefined, withoutSecret);
    } finally {
      logs.restore();
    }
    expect(response.status, await response.text()).toBe(500);
    const requestId = response.headers.get("X-Request-Id")!;
    expect(requestId).toMatch(/^req_/);
    expect(logs.lineWith(requestId), logs.text()).toContain("SESSION_SECRET: ");
  });

  // The operator sends ADMIN_TOKEN as `Authorization: Bearer <token>`: a value no such header can carry is refused at
  // the entry, so the operator is not left with "Invalid operator token" for the right token.
  it.each([
    ["holding a space (a pass phrase)", "correct horse battery staple"],
    ["holding a tab", "correct\thorse-battery-staple"],
    ["of 513 characters", "a".repeat(513)],
  ])("an ADMIN_TOKEN %s: 500 at the entry, and the log line says why", async (_name, token) => {
    const logs = captureConsole();
    let response: Response;
    try {
      response = await fetchWorker("http://tax.test/api/v1/health", undefined, { ...env, ADMIN_TOKEN: token });
    } finally {
      logs.restore();
    }
    expect(response.status, await response.text()).toBe(500);
    expect(logs.lineWith(response.headers.get("X-Request-Id")!), logs.text()).toContain("ADMIN_TOKEN: a secret of 16 to 512 characters");
  });

  it("an ADMIN_TOKEN of 512 characters, the longest the operator can send, lets the operator in", async () => {
    const token = "a".repeat(512);
    const response = await fetchWorker(
      "http://tax.test/admin/api/accounts?limit=1",
      { headers: { Authorization: `Bearer ${token}` } },
      { ...env, ADMIN_TOKEN: token },
    );
    expect(response.status, await response.text()).toBe(200);
  });

  it("unknown paths get 404 in the tax envelope with the request id", async () => {
    const response = await fetchWorker("http://tax.test/api/v1/nope");
    const body = await response.json<{ error: { code: string; message: string }; requestId: string }>();
    expect(response.status).toBe(404);
    expect(body.error.code).toBe("not_found");
    expect(body.requestId).toBe(response.headers.get("X-Request-Id"));
  });

  it("a known path with the wrong method gets 405 with Allow", async () => {
    const response = await fetchWorker("http://tax.test/api/v1/health", { method: "DELETE" });
    const body = await response.json<{ error: { code: string } }>();
    expect(response.status).toBe(405);
    expect(body.error.code).toBe("method_not_allowed");
    expect(response.headers.get("Allow")).toContain("GET");
  });

  it("serves a cacheable OpenAPI 3.1 document", async () => {
    const response = await fetchWorker("http://tax.test/api/v1/openapi.json");
    const document = await response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toBe("3.1.0");
    expect(document.paths["/api/v1/health"]).toBeDefined();
    expect(response.headers.get("Cache-Control")).toContain("public");
    const etag = response.headers.get("ETag")!;
    const revalidated = await fetchWorker("http://tax.test/api/v1/openapi.json", { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
  });

  // Behind a compressing proxy the client holds the weakened tag; If-None-Match compares weakly (RFC 9110 §13.1.2).
  it.each([
    ["the weak form of its tag", (etag: string) => `W/${etag}`],
    ["a list that holds its tag", (etag: string) => `"0123456789abcdef", ${etag}`],
    ["the wildcard", () => "*"],
  ])("revalidates the OpenAPI document with %s: 304", async (_name, header) => {
    const first = await fetchWorker("http://tax.test/api/v1/openapi.json");
    await first.text();
    const etag = first.headers.get("ETag")!;
    const again = await fetchWorker("http://tax.test/api/v1/openapi.json", { headers: { "If-None-Match": header(etag) } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });
});

describe("trailing slashes", () => {
  it("a known path with a trailing slash is an unknown path (404), not a 405", async () => {
    const response = await fetchWorker("http://tax.test/api/v1/health/");
    const body = await response.json<{ error: { code: string } }>();
    expect(response.status).toBe(404);
    expect(body.error.code).toBe("not_found");
  });
});
