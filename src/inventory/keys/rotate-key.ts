import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { IdempotencyKeyHeaders } from "../../platform/http/idempotency";
import { readBody } from "../../platform/http/body";
import { actorName, requireAdmin, idempotentForActor, ADMIN_WRITE_ERRORS } from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { inventoryError, BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../http/errors";
import { issuanceCap, MAX_ACTIVE_KEYS_PER_ORG, MAX_KEYS_ISSUED_PER_DAY, rotateKey } from "./service";
import { errorResponses, iso } from "../http/schemas";
import { createdKeyView, KeyIdParam, RotatedKeySchema, RotateKeySchema } from "./schemas";
import { KEY_SELECTION_DESCRIPTION, resolveKey } from "./resolve-key";

const route = createRoute({
  method: "post",
  path: "/admin/api/keys/{id}/rotate",
  tags: ["Management"],
  summary: "Rotate a key: a replacement with the same access; the old key works until the grace ends, marked superseded",
  description: `${KEY_SELECTION_DESCRIPTION} Only an active key not yet replaced can be rotated: a rotated, revoked or expired key, or one another request rotates or revokes at the same time, is 409 \`conflict\`, as is a legacy key bound to no organisation (issue a new key instead). 409 \`key_limit_reached\` while ${MAX_ACTIVE_KEYS_PER_ORG} of the organisation's rotated keys are still in their grace; regenerate instead to replace the key with no grace. The replacement goes on from the old key's usage: the requests the old key made in the current minute count against the replacement's limit too, so a rotation resets no limit (requests the old key makes in its grace count on the old key). Rotations count toward the ${MAX_KEYS_ISSUED_PER_DAY} keys an organisation admin's session may have issued a day (by the calendar day in India): beyond that 429 \`rate_limited\` with \`Retry-After\` until midnight IST, and the old key is left as it was (the operator's token is not limited).`,
  middleware: [requireAdmin, readBody({ maxBytes: 4_096 }), idempotentForActor] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    params: KeyIdParam,
    body: { required: true, content: { "application/json": { schema: RotateKeySchema } } },
  },
  responses: {
    201: { description: "The replacement key, shown only here", content: { "application/json": { schema: z.object({ data: RotatedKeySchema }) } } },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, "not_found", "conflict", "key_limit_reached"),
  },
});

export function registerRotateKey(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const { grace_hours } = c.req.valid("json");
    const db = inventoryDb(c.env.DB);
    const { row, org } = await resolveKey(c, db, c.req.valid("param").id);
    if (!org) throw inventoryError("conflict", "A legacy key is not bound to an organisation: issue a new key instead");
    const { replacement, key, oldValidUntil } = await rotateKey(c.env, db, org, row, grace_hours, actorName(c), issuanceCap(c.var.actor), Date.now());
    return c.json({ data: { ...createdKeyView(replacement, key), replaces: row.id, old_key_valid_until: iso(oldValidUntil) } }, 201);
  });
}
