import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { IdempotencyKeyHeaders, idempotentWrites } from "../../platform/http/idempotency";
import { readBody } from "../../platform/http/body";
import { PlatformError } from "../../platform/http/errors";
import {
  actorName,
  ORG_SELECTION_DESCRIPTION,
  requireAdmin,
  resolveOrg,
  idempotentForActor,
  ADMIN_WRITE_ERRORS,
  ORG_SELECTION_ERRORS,
} from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { createKey, issuanceCap, MAX_ACTIVE_KEYS_PER_ORG, MAX_KEYS_ISSUED_PER_DAY } from "./service";
import { errorResponses } from "../http/schemas";
import { CreatedKeySchema, CreateKeySchema, createdKeyView } from "./schemas";
import { OrgIdParam } from "../http/wire-formats";
import { BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../http/errors";

const route = createRoute({
  method: "post",
  path: "/admin/api/orgs/{id}/keys",
  tags: ["Management"],
  summary: "Issue an API key for the organisation; the key is shown only in this response",
  description: `${ORG_SELECTION_DESCRIPTION} \`access\` is \`read_only\` or \`read_write\`; \`scopes\` limits the key to those resources (omitted or empty: every resource); \`expires_at\`, if sent, must be in the future, and without it the key does not expire. The key works only while the organisation's plan includes the REST API and its subscription is active (otherwise 403 \`plan_required\` or \`subscription_lapsed\` on every request), at its plan's requests per minute. Only the key's hash is kept, so the full key is in this answer and nowhere else. 409 \`key_limit_reached\` when the organisation already holds ${MAX_ACTIVE_KEYS_PER_ORG} active keys: revoke one, or rotate one instead of adding a key. An organisation admin's session may have at most ${MAX_KEYS_ISSUED_PER_DAY} keys issued to the organisation a day, creations, rotations and regenerations together, by the calendar day in India: beyond that 429 \`rate_limited\` with \`Retry-After\` until midnight IST, and nothing is created (the operator's token is not limited). Recorded in the audit log as \`key.created\`; send an Idempotency-Key to retry without issuing a second key.`,
  middleware: [requireAdmin, readBody({ maxBytes: 16_384 }), idempotentForActor] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    params: OrgIdParam,
    body: { required: true, content: { "application/json": { schema: CreateKeySchema } } },
  },
  responses: {
    201: { description: "Created", content: { "application/json": { schema: z.object({ data: CreatedKeySchema }) } } },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...ORG_SELECTION_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, "key_limit_reached"),
  },
});

export function registerCreateKey(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const now = Date.now();
    const expiresAt = body.expires_at === undefined ? null : Date.parse(body.expires_at);
    if (expiresAt !== null && expiresAt <= now) throw new PlatformError("validation", "expires_at: must be in the future");
    const db = inventoryDb(idempotentWrites(c, c.env.DB));
    const org = await resolveOrg(c, db, c.req.valid("param").id);
    const { row, key } = await createKey(
      c.env,
      db,
      org,
      { name: body.name, access: body.access, scopes: body.scopes, expiresAt },
      actorName(c),
      issuanceCap(c.var.actor),
      now,
    );
    return c.json({ data: createdKeyView(row, key) }, 201);
  });
}
