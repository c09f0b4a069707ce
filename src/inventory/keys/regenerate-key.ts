import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { IdempotencyKeyHeaders } from "../../platform/http/idempotency";
import { actorName, requireAdmin, idempotentForActor, ADMIN_WRITE_ERRORS } from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { inventoryError, IDEMPOTENCY_ERRORS, BODY_ERRORS } from "../http/errors";
import { issuanceCap, MAX_KEYS_ISSUED_PER_DAY, regenerateKey } from "./service";
import { errorResponses } from "../http/schemas";
import { createdKeyView, KeyIdParam, RegeneratedKeySchema } from "./schemas";
import { KEY_SELECTION_DESCRIPTION, resolveKey } from "./resolve-key";
import { noBody } from "../../platform/http/body";

const route = createRoute({
  method: "post",
  path: "/admin/api/keys/{id}/regenerate",
  tags: ["Management"],
  summary: "Regenerate a key that may have leaked: the old key stops at once; a replacement with the same access is issued",
  description: `${KEY_SELECTION_DESCRIPTION} The old key is revoked and refused from its very next request, with no grace (rotate instead to keep it working for a while); the replacement, shown only in this answer, has the same name, access, scopes and expiry. Only an active key not yet replaced can be regenerated: a rotated, revoked or expired key, or one another request rotates or revokes at the same time, is 409 \`conflict\`, as is a legacy key bound to no organisation (issue a new key instead). The replacement goes on from the old key's usage: the requests the old key made in the current minute count against the replacement's limit too, so a regeneration resets no limit. Regenerations count toward the ${MAX_KEYS_ISSUED_PER_DAY} keys an organisation admin's session may have issued a day (by the calendar day in India): beyond that 429 \`rate_limited\` with \`Retry-After\` until midnight IST, and the old key keeps working (the operator's token is not limited). Recorded in the audit log as \`key.regenerated\`, naming the replacement.`,
  middleware: [requireAdmin, noBody, idempotentForActor] as const,
  request: { query: NoQueryParameters, headers: IdempotencyKeyHeaders, params: KeyIdParam },
  responses: {
    201: {
      description: "The replacement key, shown only here",
      content: { "application/json": { schema: z.object({ data: RegeneratedKeySchema }) } },
    },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...IDEMPOTENCY_ERRORS, "not_found", "conflict", ...BODY_ERRORS),
  },
});

export function registerRegenerateKey(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const db = inventoryDb(c.env.DB);
    const { row, org } = await resolveKey(c, db, c.req.valid("param").id);
    if (!org) throw inventoryError("conflict", "A legacy key is not bound to an organisation: issue a new key instead");
    const { replacement, key } = await regenerateKey(c.env, db, org, row, actorName(c), issuanceCap(c.var.actor), Date.now());
    return c.json({ data: { ...createdKeyView(replacement, key), replaces: row.id } }, 201);
  });
}
