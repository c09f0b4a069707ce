// The management API's authentication and tenant resolution: the operator (ADMIN_TOKEN) acts on any
// organisation; a signed-in organisation admin acts on their own organisation only, and another
// organisation's ids look exactly like ids that do not exist (404), so they reveal nothing.
import type { Context } from "hono";
import { adminAuth, type Actor } from "../platform/auth/admin";
import { PlatformError } from "../platform/http/errors";
import { idempotent } from "../platform/http/idempotency";
import { d1IdempotencyStore } from "../platform/http/idempotency-store";
import { inventoryDb, type InventoryDb } from "./db/client";
import { findKey, findOrg, type ApiKeyRow, type OrgRow } from "./db/keys";
import { findSessionByTokenHash } from "./db/sessions";
import type { InventoryEnv } from "./env";
import { inventoryError } from "./errors";

export const SESSION_COOKIE = "inv_session";

export const requireAdmin = adminAuth({
  adminToken: (c) => (c.env as InventoryEnv).ADMIN_TOKEN,
  cookieName: SESSION_COOKIE,
  findSession: (c, tokenHash) => findSessionByTokenHash(inventoryDb((c.env as InventoryEnv).DB), tokenHash),
});

/** Idempotency-Key for management writes: keys belong to the operator, or to a session's organisation. */
export const idempotentForActor = idempotent({
  store: (c) => d1IdempotencyStore((c.env as InventoryEnv).DB),
  scope: (c) => {
    const actor = actorOf(c);
    return actor.kind === "operator" ? "operator" : `org:${actor.ownerId}`;
  },
});

export function actorOf(c: Context): Actor {
  return c.get("actor") as Actor;
}

/** How the audit log names who acted: `operator`, or the signed-in admin's email. */
export function actorName(c: Context): string {
  const actor = actorOf(c);
  return actor.kind === "operator" ? "operator" : actor.email;
}

/** Operations only the operator may perform (creating organisations, changing plans, resyncing keys). */
export function requireOperator(c: Context): void {
  if (actorOf(c).kind !== "operator") throw inventoryError("forbidden", "Only the operator may do this");
}

/** The organisation a session may act on: null (any) for the operator. */
export function orgFilter(c: Context): string | null {
  const actor = actorOf(c);
  return actor.kind === "user" ? actor.ownerId : null;
}

export async function resolveOrg(c: Context, db: InventoryDb, orgId: string): Promise<OrgRow> {
  const allowed = orgFilter(c);
  if (allowed !== null && allowed !== orgId) throw inventoryError("not_found", "No such organisation");
  const org = await findOrg(db, orgId);
  if (!org) {
    if (allowed !== null) throw new PlatformError("unauthenticated", "The session's organisation no longer exists");
    throw inventoryError("not_found", "No such organisation");
  }
  return org;
}

/** A key the actor may act on, with its organisation (null for a legacy key, which only the operator sees). */
export async function resolveKey(c: Context, db: InventoryDb, keyId: string): Promise<{ row: ApiKeyRow; org: OrgRow | null }> {
  const row = await findKey(db, keyId, orgFilter(c));
  if (!row) throw inventoryError("not_found", "No such key");
  if (row.orgId === null) return { row, org: null };
  const org = await findOrg(db, row.orgId);
  if (!org) throw inventoryError("not_found", "No such key");
  return { row, org };
}
