import { createRoute, z } from "@hono/zod-openapi";
import { checkAttempt, type ThrottleRule } from "../../platform/auth/throttle";
import { NoQueryParameters } from "../../platform/http/query";
import { IdempotencyKeyHeaders, idempotentWrites } from "../../platform/http/idempotency";
import { readBody } from "../../platform/http/body";
import {
  actorName,
  idempotentForActor,
  ORG_SELECTION_DESCRIPTION,
  requireAdmin,
  resolveOrg,
  ADMIN_WRITE_ERRORS,
  ORG_SELECTION_ERRORS,
} from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { inventoryError, BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../http/errors";
import { errorResponses } from "../http/schemas";
import { OrgIdParam } from "../http/wire-formats";
import { createAdmin } from "./service";
import { AdminSchema, adminView, CreateAdminSchema } from "./schemas";

/**
 * Admin emails are unique across the service, so each addition tells its caller whether an email is an admin's
 * somewhere: an organisation admin's session may try at most this many in a window opened by the first.
 */
export const ADMIN_ADDITIONS: ThrottleRule = { limit: 20, windowMs: 24 * 60 * 60_000 };

const route = createRoute({
  method: "post",
  path: "/admin/api/orgs/{id}/admins",
  tags: ["Management"],
  summary: "Create an admin of the organisation, who signs in to the admin area at /admin",
  description: `${ORG_SELECTION_DESCRIPTION} The admin signs in at \`/admin\` with \`email\` (kept in lower case: sign-in ignores letter case) and \`password\`, and acts on this organisation only, as its other admins do: its keys, webhooks, books and admins. The password is kept only as a salted PBKDF2 hash and is in no answer; pass it to the admin yourself. An email is the admin of one organisation at most: one already an admin's, here or in another organisation, in any letter case, is 409 \`conflict\` (the answer does not say which organisation). An organisation admin's session may try to add at most ${ADMIN_ADDITIONS.limit} admins in 24 hours from its first try, those refused as taken (409) included but not invalid bodies (400): beyond that 429 \`rate_limited\` with \`Retry-After\`, and nothing is created (the operator's token is not limited). Recorded in the audit log as \`admin.created\` with the email; send an Idempotency-Key to retry and get the first answer again.`,
  middleware: [requireAdmin, readBody({ maxBytes: 4_096 }), idempotentForActor] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    params: OrgIdParam,
    body: { required: true, content: { "application/json": { schema: CreateAdminSchema } } },
  },
  responses: {
    201: { description: "Created", content: { "application/json": { schema: z.object({ data: AdminSchema }) } } },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...ORG_SELECTION_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, "conflict"),
  },
});

export function registerCreateAdmin(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const db = inventoryDb(idempotentWrites(c, c.env.DB));
    const org = await resolveOrg(c, db, c.req.valid("param").id);
    const nowMs = Date.now();
    if (c.var.actor.kind === "user") {
      const attempt = await checkAttempt(c.env.SIGN_IN_THROTTLE, `admin-additions:${org.id}`, ADMIN_ADDITIONS, nowMs);
      if (!attempt.allowed) {
        throw inventoryError("rate_limited", `At most ${ADMIN_ADDITIONS.limit} admins can be added in 24 hours; try again later`, {
          "Retry-After": String(attempt.retryAfterSeconds),
        });
      }
    }
    const admin = await createAdmin(db, org, body, actorName(c), nowMs);
    if (!admin) throw inventoryError("conflict", "An admin with that email exists");
    return c.json({ data: adminView(admin) }, 201);
  });
}
