// Serves the OpenAPI 3.1 document generated from the route schemas: built once per isolate, public,
// cacheable, with an ETag so clients revalidate cheaply.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Env } from "hono";
import { sha256Hex } from "../crypto";

type DocumentConfig = Parameters<OpenAPIHono["getOpenAPI31Document"]>[0];

export function serveOpenApi<E extends Env>(app: OpenAPIHono<E>, path: string, config: () => DocumentConfig): void {
  let cached: Promise<{ body: string; etag: string }> | undefined;
  app.get(path, async (c) => {
    cached ??= (async () => {
      const body = JSON.stringify(app.getOpenAPI31Document(config()));
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
