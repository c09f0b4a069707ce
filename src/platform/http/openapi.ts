// Serves the OpenAPI 3.1 document generated from the route schemas: built once per isolate, public,
// cacheable, with an ETag so clients revalidate cheaply. Operations that name no operationId or security get
// them here, so every client generator sees stable method names and knows which credential to send.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Env } from "hono";
import { sha256Hex } from "../crypto";

type DocumentConfig = Parameters<OpenAPIHono["getOpenAPI31Document"]>[0];
export type SecurityRequirement = Record<string, string[]>;

export interface OperationDefaults {
  /** The security of an operation that declares none: `[]` marks it public. */
  security: (method: string, path: string) => SecurityRequirement[];
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

export function completeOperations(document: { paths?: Record<string, object> }, defaults: OperationDefaults): void {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (item as Record<string, unknown>)[method] as { operationId?: string; security?: SecurityRequirement[] } | undefined;
      if (!operation) continue;
      operation.operationId ??= operationIdOf(method, path);
      operation.security ??= defaults.security(method.toUpperCase(), path);
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
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      ETag: etag,
      "Access-Control-Allow-Origin": "*",
    };
    if (c.req.header("If-None-Match") === etag) return new Response(null, { status: 304, headers });
    return new Response(body, { status: 200, headers });
  });
}
