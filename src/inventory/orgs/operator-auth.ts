// The management API's authentication and tenant resolution: the operator (ADMIN_TOKEN) acts on any
// organisation; a signed-in organisation admin acts on their own organisation only, and another
// organisation's ids look exactly like ids that do not exist (404), so they reveal nothing.
import { actorName as nameOf, adminAuth, operatorOnly, type ActorVariables, type AdminAuthOptions } from "../../platform/auth/admin";
import type { PageCookie } from "../../platform/auth/session";
import { sessionSecrets } from "../../platform/env";
import { idempotent } from "../../platform/http/idempotency";
import { d1IdempotencyStore } from "../../platform/http/idempotency-store";
import { PlatformError } from "../../platform/http/errors";
import { inventoryDb, type InventoryDb } from "../db/client";
import { findOrg, findSessionByTokenHash, type OrgRow } from "./queries";
import type { InventoryContext } from "../hono";
import { inventoryError, type InventoryErrorCode } from "../http/errors";
import type { InventoryEnv } from "../env";

/**
 * `__Host-inv_session` over https (session.ts): the prefix needs Path=/, and it keeps a sibling subdomain from
 * setting a cookie of that name that the browser would send first. /api/v1 ignores it (keys only).
 */
export const SESSION_COOKIE: PageCookie = { name: "inv_session" };

/** The operator's token and the admin session cookie, read the same way by the management API and the page. */
export const adminSessionOptions: AdminAuthOptions<InventoryEnv> = {
  adminToken: (env) => env.ADMIN_TOKEN,
  cookie: SESSION_COOKIE,
  throttle: (env) => env.SIGN_IN_THROTTLE,
  findSession: (env, tokenHash) => findSessionByTokenHash(inventoryDb(env.DB), tokenHash),
};

export const requireAdmin = adminAuth(adminSessionOptions);

/** What `requireAdmin` can refuse a read with: no or a wrong operator token or session, too many management calls. */
export const ADMIN_READ_ERRORS = ["unauthorized", "rate_limited"] as const satisfies readonly InventoryErrorCode[];

/**
 * What `requireAdmin` can refuse a write with: ADMIN_READ_ERRORS, and 403 `forbidden` for a session without its CSRF
 * token (or, with `requireOperator`, a session at all).
 */
export const ADMIN_WRITE_ERRORS = [...ADMIN_READ_ERRORS, "forbidden"] as const satisfies readonly InventoryErrorCode[];

/** Idempotency-Key for management writes: keys belong to the operator, or to a session's organisation. */
export const idempotentForActor = idempotent<{ Bindings: InventoryEnv; Variables: ActorVariables }>({
  store: (c) => d1IdempotencyStore(c.env.DB),
  secret: (c) => sessionSecrets(c.env),
  scope: (c) => (c.var.actor.kind === "operator" ? "operator" : `org:${c.var.actor.ownerId}`),
});

/** How the audit log names who acted: `operator`, or the signed-in admin's email. */
export function actorName(c: InventoryContext): string {
  return nameOf(c.var.actor);
}

/** What requireOperator means to a caller, for the OpenAPI descriptions of the operations that call it. */
export const OPERATOR_ONLY_DESCRIPTION = "Only the operator's token may do this: an organisation admin's session is 403 `forbidden`.";

/** What resolveOrg means to a caller, for the OpenAPI descriptions of the operations that call it. */
export const ORG_SELECTION_DESCRIPTION =
  "The operator may name any organisation, an organisation admin's session only their own: any other organisation's id is 404, like one that does not exist.";

/** Operations only the operator may perform (creating organisations, changing plans, resyncing keys): after requireAdmin. */
export const requireOperator = operatorOnly("Only the operator may do this");

/** The organisation a session may act on: null (any) for the operator. */
export function orgFilter(c: InventoryContext): string | null {
  const actor = c.var.actor;
  return actor.kind === "user" ? actor.ownerId : null;
}

/** What `resolveOrg` can answer: no such organisation for this caller, or the session's organisation gone. */
export const ORG_SELECTION_ERRORS = ["not_found", "unauthorized"] as const satisfies readonly InventoryErrorCode[];

export async function resolveOrg(c: InventoryContext, db: InventoryDb, orgId: string): Promise<OrgRow> {
  const allowed = orgFilter(c);
  if (allowed !== null && allowed !== orgId) throw inventoryError("not_found", "No such organisation");
  const org = await findOrg(db, orgId);
  if (!org) {
    if (allowed !== null) throw new PlatformError("unauthenticated", "The session's organisation no longer exists");
    throw inventoryError("not_found", "No such organisation");
  }
  return org;
}
