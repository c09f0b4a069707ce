import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { IdempotencyKeyHeaders } from "../../platform/http/idempotency";
import { ownerFilter, requireAdmin, idempotentForActor, ADMIN_WRITE_ERRORS } from "../accounts/operator-auth";
import { errorResponses, iso, taxError, type TaxApp, IDEMPOTENCY_ERRORS, BODY_ERRORS } from "../hono";
import { taxDb } from "../db/client";
import { findAccountById } from "../accounts/queries";
import { findKeyForOwner } from "./queries";
import { revokeKey } from "./service";
import { noBody } from "../../platform/http/body";

const route = createRoute({
  method: "post",
  path: "/admin/api/keys/{id}/revoke",
  tags: ["Management"],
  summary: "Revoke a key; it fails on its very next request",
  description:
    "The operator may revoke any key; a signed-in user only their own account's (another account's key is 404, like an unknown id). From its very next request the key is refused with 401 `invalid_api_key`. A rotated key still in its overlap can be revoked to end the overlap at once; its replacement keeps working. Revoking again changes nothing (its first `revokedAt`); the key stays listed as `revoked`.",
  middleware: [requireAdmin, noBody, idempotentForActor] as const,
  request: { query: NoQueryParameters, headers: IdempotencyKeyHeaders, params: z.object({ id: z.string().max(64) }) },
  responses: {
    200: {
      description: "Revoked (repeating the call is harmless)",
      content: { "application/json": { schema: z.object({ data: z.object({ id: z.string(), revokedAt: z.string() }) }) } },
    },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...IDEMPOTENCY_ERRORS, "not_found", ...BODY_ERRORS),
  },
});

export function registerRevokeKey(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const db = taxDb(c.env.DB);
    const row = await findKeyForOwner(db, c.req.valid("param").id, ownerFilter(c.var.actor));
    if (!row) throw taxError("not_found", "No such key");
    const account = await findAccountById(db, row.accountId);
    if (!account) throw taxError("not_found", "No such key");
    const revokedAt = await revokeKey(c.env, db, account, row, Date.now());
    return c.json({ data: { id: row.id, revokedAt: iso(revokedAt) } }, 200);
  });
}
