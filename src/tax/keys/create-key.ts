import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { IdempotencyKeyHeaders, idempotentWrites } from "../../platform/http/idempotency";
import type { TaxScope } from "./api-key-auth";
import { readBody } from "../../platform/http/body";
import { requireAdmin, resolveAccount, idempotentForActor } from "../accounts/operator-auth";
import { errorResponses, iso, type TaxApp } from "../hono";
import { taxDb } from "../db/client";
import { createKey } from "./service";
import { CreatedKeySchema, CreateKeySchema } from "./schemas";

const route = createRoute({
  method: "post",
  path: "/admin/api/keys",
  tags: ["Management"],
  summary: "Create an API key; the key is shown only in this response",
  middleware: [requireAdmin, readBody({ maxBytes: 16_384 }), idempotentForActor] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    body: { required: true, content: { "application/json": { schema: CreateKeySchema } } },
  },
  responses: {
    201: { description: "Created", content: { "application/json": { schema: z.object({ data: CreatedKeySchema }) } } },
    ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429),
  },
});

export function registerCreateKey(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const db = taxDb(idempotentWrites(c, c.env.DB));
    const account = await resolveAccount(c.var.actor, db, body.accountEmail);
    const { row, key } = await createKey(c.env, db, account, body, Date.now());
    return c.json(
      {
        data: { id: row.id, key, prefix: row.prefix, scopes: row.scopes as TaxScope[], expiresAt: iso(row.expiresAt), createdAt: iso(row.createdAt) },
      },
      201,
    );
  });
}
