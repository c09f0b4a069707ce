import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { IdempotencyKeyHeaders } from "../../platform/http/idempotency";
import { KEY_CAPS, KEYS_ISSUED_PER_DAY } from "../accounts/plan";
import { readBody } from "../../platform/http/body";
import { ownerFilter, requireAdmin, idempotentForActor, ADMIN_WRITE_ERRORS } from "../accounts/operator-auth";
import { errorResponses, iso, taxError, type TaxApp, BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../hono";
import { taxDb } from "../db/client";
import { findAccountById } from "../accounts/queries";
import { findKeyForOwner } from "./queries";
import { lifecycleState, rotateKey } from "./service";
import { RotatedKeySchema, RotateKeySchema } from "./schemas";

const route = createRoute({
  method: "post",
  path: "/admin/api/keys/{id}/rotate",
  tags: ["Management"],
  summary: "Rotate a key: a new key with the same scopes; the old one works for the overlap, then fails",
  description: `Only an active key not yet rotated can be rotated (409 \`conflict\` otherwise). The new key goes on from the old key's counts of the current minute and IST day, so a rotation resets no limit. With an overlap it is 409 \`key_limit_reached\` while as many rotated keys are in theirs as the plan holds active keys (free ${KEY_CAPS.free}, paid ${KEY_CAPS.paid}); \`overlapHours\` 0 ends the old key at once and is never refused for this. Rotations count with creations toward the keys issued a day (free ${KEYS_ISSUED_PER_DAY.free}, paid ${KEYS_ISSUED_PER_DAY.paid}, IST day; not for the operator): beyond, 429 \`rate_limited\` until midnight IST, the old key unchanged.`,
  middleware: [requireAdmin, readBody({ maxBytes: 4_096, optional: true }), idempotentForActor] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    params: z.object({ id: z.string().max(64) }),
    body: { required: false, content: { "application/json": { schema: RotateKeySchema } } },
  },
  responses: {
    201: { description: "The replacement key, shown only here", content: { "application/json": { schema: z.object({ data: RotatedKeySchema }) } } },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, "not_found", "conflict", "key_limit_reached"),
  },
});

export function registerRotateKey(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const { overlapHours } = RotateKeySchema.parse(c.req.valid("json") ?? {});
    const db = taxDb(c.env.DB);
    const old = await findKeyForOwner(db, c.req.valid("param").id, ownerFilter(c.var.actor));
    if (!old) throw taxError("not_found", "No such key");
    const now = Date.now();
    if (lifecycleState(old, now) !== "active") throw taxError("conflict", "Only an active key can be rotated");
    if (old.replacedByKeyId) throw taxError("conflict", "This key has already been rotated");
    const account = await findAccountById(db, old.accountId);
    if (!account) throw taxError("not_found", "No such key");
    const { replacement, key, oldValidUntil } = await rotateKey(c.env, db, c.var.actor, account, old, overlapHours, now);
    return c.json(
      {
        data: {
          id: replacement.id,
          key,
          prefix: replacement.prefix,
          scopes: replacement.scopes,
          expiresAt: iso(replacement.expiresAt),
          createdAt: iso(replacement.createdAt),
          replaces: old.id,
          previousKeyValidUntil: iso(oldValidUntil),
        },
      },
      201,
    );
  });
}
