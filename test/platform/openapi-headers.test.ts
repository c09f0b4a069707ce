// The OpenAPI pieces both services share: the response headers each answer documents, and an operation's error responses.
import { describe, expect, it } from "vitest";
import { errorResponsesOf, type ErrorCatalogue } from "../../src/platform/http/errors";
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

describe("completeOperations: a service's key-state headers", () => {
  it("go on every answer of a keyed operation, its 401 included, and on none of a public one; registered as components", () => {
    const keyed: Responses = { "200": {}, "400": {}, "401": {} };
    const open: Responses = { "200": {} };
    const document: { paths: Record<string, object>; components?: { headers?: Record<string, object> } } = {
      paths: { "/api/v1/things": { get: { security: [{ apiKey: [] }], responses: keyed } }, "/api/v1/health": { get: { responses: open } } },
    };
    const expires = { description: "When the key stops working", schema: { type: "string" as const, format: "date-time" } };
    completeOperations(document, { security: () => [], keyStateHeaders: { "X-Key-Expires": expires } });
    for (const status of ["200", "400", "401"]) expect(keyed[status]!.headers?.["X-Key-Expires"], status).toEqual(ref("X-Key-Expires"));
    expect(open["200"]!.headers).not.toHaveProperty("X-Key-Expires");
    expect(document.components?.headers?.["X-Key-Expires"]).toBe(expires);
  });
});

describe("errorResponsesOf", () => {
  const codeOf = Object.fromEntries(
    [
      "validation",
      "not_found",
      "method_not_allowed",
      "payload_too_large",
      "unsupported_media_type",
      "missing_credentials",
      "invalid_credentials",
      "rate_limited",
      "unauthenticated",
      "forbidden",
      "conflict",
      "idempotency_key_in_use",
      "idempotency_key_reused",
      "idempotency_answer_lost",
    ].map((problem) => [problem, problem]),
  );
  const catalogue: ErrorCatalogue = {
    statusOf: { conflict: 409, insufficient_stock: 409, not_found: 404, gone_wrong: 500 },
    meaningOf: {
      conflict: "the state conflicts",
      insufficient_stock: "a lot lacks the kg",
      not_found: "no such resource",
      gone_wrong: "an unexpected failure",
    },
    codeOf: { ...codeOf, internal: "gone_wrong" } as ErrorCatalogue["codeOf"],
    render: (code) => ({ code }),
  };

  it("describes each status by the operation's own codes only, and always adds the internal error", () => {
    const responses = errorResponsesOf(catalogue, ["insufficient_stock", "not_found", "insufficient_stock"], "the envelope");
    expect(responses).toEqual({
      404: { description: "`not_found`: no such resource", content: "the envelope" },
      409: { description: "`insufficient_stock`: a lot lacks the kg", content: "the envelope" },
      500: { description: "`gone_wrong`: an unexpected failure", content: "the envelope" },
    });
  });

  it("lists several codes of one status in the catalogue's order", () => {
    expect(errorResponsesOf(catalogue, ["insufficient_stock", "conflict"], null)[409]!.description).toBe(
      "`conflict`: the state conflicts; `insufficient_stock`: a lot lacks the kg",
    );
  });
});
