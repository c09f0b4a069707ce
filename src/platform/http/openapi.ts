// Serves the OpenAPI 3.1 document generated from the route schemas: built once per isolate, public,
// cacheable, with an ETag so clients revalidate cheaply. Operations that name no operationId or security get
// them here, so every client generator sees stable method names and knows which credential to send.
import type { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Env } from "hono";
import { sha256Hex } from "../crypto";
import { matchesIfNoneMatch } from "./conditional";

type DocumentConfig = Parameters<OpenAPIHono["getOpenAPI31Document"]>[0];
export type SecurityRequirement = Record<string, string[]>;

export interface OperationDefaults {
  /** The security of an operation that declares none: `[]` marks it public. */
  security: (method: string, path: string) => SecurityRequirement[];
  /** Headers about the key itself that every answer to a key may carry, its 401 included (registered as components). */
  keyStateHeaders?: Record<string, HeaderObject>;
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

const pascal = (words: string) =>
  words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join("");

/** `GET /api/v1/profiles/{id}` -> `getProfilesById`; `/admin/api/...` -> `admin...`. Unique as (method, path) is. */
export function operationIdOf(method: string, path: string): string {
  const segments = path
    .replace(/^\/api\/v\d+(?=\/|$)/, "")
    .replace(/^\/admin\/api(?=\/|$)/, "/admin")
    .split("/")
    .filter(Boolean);
  return (
    method.toLowerCase() + segments.map((segment) => (/^\{.+\}$/.test(segment) ? `By${pascal(segment.slice(1, -1))}` : pascal(segment))).join("")
  );
}

type HeaderObject = { description: string; schema: { type: "string" | "integer"; format?: string; enum?: string[] } };
type ResponseObject = { headers?: Record<string, HeaderObject | { $ref: string }> };
type OperationObject = {
  operationId?: string;
  security?: SecurityRequirement[];
  parameters?: Array<{ in?: string; name?: string }>;
  responses?: Record<string, ResponseObject>;
};

/** The response headers both services send, described once under `components.headers`. */
const RESPONSE_HEADERS: Record<string, HeaderObject> = {
  "X-Request-Id": { description: "This request's id (`req_…`); quote it when reporting a problem", schema: { type: "string" } },
  "X-RateLimit-Limit": { description: "Requests allowed in the window that binds (the one with fewer left)", schema: { type: "integer" } },
  "X-RateLimit-Remaining": { description: "Requests left in that window", schema: { type: "integer" } },
  "X-RateLimit-Reset": { description: "When that window resets, in Unix seconds", schema: { type: "integer" } },
  "RateLimit-Policy": {
    description: 'Every window of the key, IETF draft syntax (`"minute";q=120;w=60, "day";q=10000;w=86400`)',
    schema: { type: "string" },
  },
  RateLimit: {
    description: 'The binding window, IETF draft syntax: requests left and seconds to its reset (`"minute";r=87;t=41`)',
    schema: { type: "string" },
  },
  "X-Service-Key-Expires-Soon": { description: "Sent when the key expires within 7 days: its expiry, ISO 8601", schema: { type: "string" } },
  "Retry-After": { description: "Seconds to wait before retrying", schema: { type: "integer" } },
  "WWW-Authenticate": { description: "`Bearer`: how to authenticate", schema: { type: "string" } },
  "Idempotent-Replayed": {
    description: "`true` when this is the stored answer to an earlier request with the same Idempotency-Key",
    schema: { type: "string" },
  },
};

/** Which of RESPONSE_HEADERS a response carries: rate limits on keyed answers, Retry-After on 429 and 503, … */
function headersOf(operation: OperationObject, status: string, keyStateHeaders: readonly string[]): string[] {
  const keyed = (operation.security ?? []).some((requirement) => "apiKey" in requirement);
  const idempotent = (operation.parameters ?? []).some((p) => p.in === "header" && p.name?.toLowerCase() === "idempotency-key");
  return [
    "X-Request-Id",
    ...(keyed && status !== "401"
      ? ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "RateLimit-Policy", "RateLimit", "X-Service-Key-Expires-Soon"]
      : []),
    ...(keyed ? keyStateHeaders : []),
    ...(status === "401" ? ["WWW-Authenticate"] : []),
    ...(status === "429" || status === "503" ? ["Retry-After"] : []),
    ...(idempotent && status.startsWith("2") ? ["Idempotent-Replayed"] : []),
  ];
}

export function completeOperations(
  document: { paths?: Record<string, object>; components?: { headers?: Record<string, object> } },
  defaults: OperationDefaults,
): void {
  document.components ??= {};
  document.components.headers = { ...RESPONSE_HEADERS, ...defaults.keyStateHeaders, ...document.components.headers };
  const keyStateHeaders = Object.keys(defaults.keyStateHeaders ?? {});
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (item as Record<string, OperationObject | undefined>)[method];
      if (!operation) continue;
      operation.operationId ??= operationIdOf(method, path);
      operation.security ??= defaults.security(method.toUpperCase(), path);
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        for (const name of headersOf(operation, status, keyStateHeaders)) {
          // A route's own description of a header (e.g. a per-minute limit) stands.
          response.headers ??= {};
          response.headers[name] ??= { $ref: `#/components/headers/${name}` };
        }
      }
    }
  }
}

export function serveOpenApi<E extends Env>(app: OpenAPIHono<E>, path: string, config: () => DocumentConfig, defaults: OperationDefaults): void {
  let cached: Promise<{ body: string; etag: string }> | undefined;
  app.get(path, async (c) => {
    cached ??= (async () => {
      const document = app.getOpenAPI31Document(config());
      completeOperations(document, defaults);
      const body = JSON.stringify(document);
      return { body, etag: `"${(await sha256Hex(body)).slice(0, 32)}"` };
    })();
    const { body, etag } = await cached;
    const headers = {
      "Content-Type": "application/json",
      "Cache-Control": "public, max-age=300",
      ETag: etag,
      "Access-Control-Allow-Origin": "*",
    };
    if (matchesIfNoneMatch(c.req.header("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
    return new Response(body, { status: 200, headers });
  });
}

/** An event kind a service delivers, for the OpenAPI 3.1 `webhooks` section: its delivery body's schema. */
export interface WebhookPayload {
  type: string;
  description: string;
  schema: z.ZodType;
}

/** What every delivery of both services carries beside the service's own signature (see sign.ts). */
const STANDARD_WEBHOOKS_HEADERS =
  'Every delivery also carries the Standard Webhooks headers, for any Standard Webhooks library: `webhook-id` (the delivery id), `webhook-timestamp` (this attempt\'s Unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoded secret after whsec_>` (two space-separated `v1,` values while a rolled secret overlaps).';

/**
 * Documents each event's delivery (a signed POST of its body) under the document's `webhooks`. The signature is
 * described as the `webhookSignature` security scheme: `header` names the header that carries it.
 */
export function registerWebhookPayloads(
  registry: OpenAPIHono["openAPIRegistry"],
  payloads: readonly WebhookPayload[],
  signature: { header: string; description: string },
): void {
  registry.registerComponent("securitySchemes", "webhookSignature", {
    type: "apiKey",
    in: "header",
    name: signature.header,
    description: `${signature.description} ${STANDARD_WEBHOOKS_HEADERS}`,
  });
  for (const { type, description, schema } of payloads) {
    registry.registerWebhook({
      method: "post",
      path: type,
      operationId: `on${pascal(type)}`,
      summary: type,
      description,
      security: [{ webhookSignature: [] }],
      request: { body: { required: true, content: { "application/json": { schema } } } },
      responses: {
        200: { description: "Any 2xx answer acknowledges the delivery; any other answer or a timeout is retried on the documented schedule" },
      },
    });
  }
}
