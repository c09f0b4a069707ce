// The OpenAPI post-processing that documents the response headers both services send.
import { describe, expect, it } from "vitest";
import { errorStatusDescription } from "../../src/platform/http/errors";
import { completeOperations } from "../../src/platform/http/openapi";

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

type Responses = Record<string, { headers?: Record<string, unknown> }>;

describe("completeOperations: response headers", () => {
  it("keyed answers carry the rate-limit headers, 401 WWW-Authenticate, 429 Retry-After, idempotent 2xx Idempotent-Replayed", () => {
    const route = { description: "Requests per minute for this key", schema: { type: "integer" } };
    const postResponses: Responses = { "201": { headers: { "X-RateLimit-Limit": route } }, "401": {}, "429": {} };
    const healthResponses: Responses = { "200": {}, "503": {} };
    const document: { paths: Record<string, object>; components?: { headers?: Record<string, object> } } = {
      paths: {
        "/api/v1/things": {
          post: {
            security: [{ apiKey: ["things:write"] }],
            parameters: [{ in: "header", name: "idempotency-key" }],
            responses: postResponses,
          },
        },
        "/api/v1/health": { get: { responses: healthResponses } },
      },
    };
    completeOperations(document, { security: () => [] });
    const post = postResponses as Record<string, { headers: Record<string, unknown> }>;
    expect(post["201"]!.headers["X-RateLimit-Limit"]).toBe(route);
    expect(post["201"]!.headers["RateLimit-Policy"]).toEqual(ref("RateLimit-Policy"));
    expect(post["201"]!.headers["Idempotent-Replayed"]).toEqual(ref("Idempotent-Replayed"));
    expect(Object.keys(post["401"]!.headers).sort()).toEqual(["WWW-Authenticate", "X-Request-Id"]);
    expect(post["429"]!.headers["Retry-After"]).toEqual(ref("Retry-After"));
    expect(post["429"]!.headers["Idempotent-Replayed"]).toBeUndefined();
    const health = healthResponses as Record<string, { headers: Record<string, unknown> }>;
    expect(Object.keys(health["200"]!.headers)).toEqual(["X-Request-Id"]);
    expect(Object.keys(health["503"]!.headers).sort()).toEqual(["Retry-After", "X-Request-Id"]);
    for (const response of [...Object.values(post), ...Object.values(health)]) {
      for (const header of Object.values(response.headers)) {
        const target = (header as { $ref?: string }).$ref?.replace("#/components/headers/", "");
        if (target) expect(document.components?.headers).toHaveProperty(target);
      }
    }
  });
});

describe("errorStatusDescription", () => {
  it("lists every code of the status with its meaning, and no code of another status", () => {
    const statusOf = { conflict: 409, insufficient_stock: 409, not_found: 404 };
    const meaningOf = { conflict: "the state conflicts", insufficient_stock: "a lot lacks the kg", not_found: "no such resource" };
    expect(errorStatusDescription(statusOf, meaningOf, 409)).toBe("`conflict`: the state conflicts; `insufficient_stock`: a lot lacks the kg");
    expect(errorStatusDescription(statusOf, meaningOf, 404)).toBe("`not_found`: no such resource");
  });
});
