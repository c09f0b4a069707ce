import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { IdempotencyKeyHeaders } from "../../platform/http/idempotency";
import { readBody } from "../../platform/http/body";
import { actorName, requireAdmin, idempotentForActor, ADMIN_WRITE_ERRORS } from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { revokeKey } from "./service";
import { errorResponses, iso } from "../http/schemas";
import { KeyIdParam, RevokedKeySchema, RevokeKeySchema } from "./schemas";
import { KEY_SELECTION_DESCRIPTION, resolveKey } from "./resolve-key";
import { BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../http/errors";

const route = createRoute({
  method: "post",
  path: "/admin/api/keys/{id}/revoke",
  tags: ["Management"],
  summary: "Revoke a key: it fails on its very next request; the reason is kept in the audit log",
  description: `${KEY_SELECTION_DESCRIPTION} The body is optional: \`reason\` (up to 500 characters) is kept with the revocation and in the audit log entry \`key.revoked\`. From its very next request the key is refused with 401 \`invalid_api_key\`. A rotated key still in its grace can be revoked to end the grace at once; its replacement keeps working. Revoking a revoked key changes nothing and answers with its first \`revoked_at\` and reason.`,
  middleware: [requireAdmin, readBody({ maxBytes: 4_096, optional: true }), idempotentForActor] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    params: KeyIdParam,
    body: { required: false, content: { "application/json": { schema: RevokeKeySchema } } },
  },
  responses: {
    200: {
      description: "Revoked (repeating the call is harmless and keeps the first reason)",
      content: { "application/json": { schema: z.object({ data: RevokedKeySchema }) } },
    },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, "not_found"),
  },
});

export function registerRevokeKey(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const { reason } = RevokeKeySchema.parse(c.req.valid("json") ?? {});
    const db = inventoryDb(c.env.DB);
    const { row, org } = await resolveKey(c, db, c.req.valid("param").id);
    const revoked = await revokeKey(c.env, db, org, row, reason ?? null, actorName(c), Date.now());
    return c.json({ data: { id: row.id, revoked_at: iso(revoked.revokedAt), reason: revoked.reason } }, 200);
  });
}
