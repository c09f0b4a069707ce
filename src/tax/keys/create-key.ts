import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { IdempotencyKeyHeaders, idempotentWrites } from "../../platform/http/idempotency";
import { KEY_CAPS, KEYS_ISSUED_PER_DAY } from "../accounts/plan";
import { readBody } from "../../platform/http/body";
import {
  ACCOUNT_SELECTION_DESCRIPTION,
  requireAdmin,
  resolveAccount,
  idempotentForActor,
  ADMIN_WRITE_ERRORS,
  ACCOUNT_SELECTION_ERRORS,
} from "../accounts/operator-auth";
import { errorResponses, iso, type TaxApp, BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../hono";
import { taxDb } from "../db/client";
import { createKey } from "./service";
import { CreatedKeySchema, CreateKeySchema } from "./schemas";

const route = createRoute({
  method: "post",
  path: "/admin/api/keys",
  tags: ["Management"],
  summary: "Create an API key; the key is shown only in this response",
  description: `${ACCOUNT_SELECTION_DESCRIPTION} The key holds the \`scopes\` listed (none: only POST /api/v1/compute) and works for \`expiresInDays\` (1 to 365, default 90), with the plan's rate limits of its own. The full key is in this answer only (its hash is kept). 409 \`key_limit_reached\` at the plan's active keys (free ${KEY_CAPS.free}, paid ${KEY_CAPS.paid}). A signed-in user's account is issued at most ${KEYS_ISSUED_PER_DAY.free} keys a day (paid ${KEYS_ISSUED_PER_DAY.paid}, with rotations, IST day): beyond, 429 \`rate_limited\` until midnight IST. With an Idempotency-Key a retry gets the same key.`,
  middleware: [requireAdmin, readBody({ maxBytes: 16_384 }), idempotentForActor] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    body: { required: true, content: { "application/json": { schema: CreateKeySchema } } },
  },
  responses: {
    201: { description: "Created", content: { "application/json": { schema: z.object({ data: CreatedKeySchema }) } } },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...ACCOUNT_SELECTION_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, "key_limit_reached"),
  },
});

export function registerCreateKey(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const db = taxDb(idempotentWrites(c, c.env.DB));
    const account = await resolveAccount(c.var.actor, db, body.accountEmail);
    const { row, key } = await createKey(c.env, db, c.var.actor, account, body, Date.now());
    return c.json(
      {
        data: { id: row.id, key, prefix: row.prefix, scopes: row.scopes, expiresAt: iso(row.expiresAt), createdAt: iso(row.createdAt) },
      },
      201,
    );
  });
}
