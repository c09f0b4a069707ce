// The admin area's sessions: the same `inv_session` cookie the management API reads, scoped to /admin (it
// never travels with /api/v1 requests), a double-submit cookie for the sign-in form, and the throttle.
import type { Context } from "hono";
import { sessionFromCookie, type AdminAuthOptions, type SessionRecord } from "../../platform/auth/admin";
import { issueSession, setSessionCookie } from "../../platform/auth/session";
import { newId } from "../../platform/ids";
import { SESSION_COOKIE } from "../admin";
import { inventoryDb } from "../db/client";
import { findSessionByTokenHash } from "../db/sessions";
import { insertSession } from "../db/web-sessions";
import type { InventoryEnv } from "../env";

export const ADMIN_BASE = "/admin";
export const ASSET_BASE = "/admin/assets";
export const COOKIE_PATH = "/admin";
/** Double-submit cookie of the sign-in form. */
export const FORM_COOKIE = "inv_form";

const sessionOptions: AdminAuthOptions<InventoryEnv> = {
  adminToken: (env) => env.ADMIN_TOKEN,
  cookieName: SESSION_COOKIE,
  findSession: (env, tokenHash) => findSessionByTokenHash(inventoryDb(env.DB), tokenHash),
};

export function currentSession(c: Context): Promise<SessionRecord | null> {
  return sessionFromCookie(c, c.env, sessionOptions);
}

export async function startSession(c: Context, admin: { id: string; orgId: string }): Promise<void> {
  const now = Date.now();
  const session = await issueSession(now);
  await insertSession(inventoryDb((c.env as InventoryEnv).DB), {
    id: newId("sess", now),
    userId: admin.id,
    orgId: admin.orgId,
    tokenHash: session.tokenHash,
    csrfToken: session.csrfToken,
    createdAt: now,
    expiresAt: session.expiresAt,
  });
  setSessionCookie(c, SESSION_COOKIE, session, now, COOKIE_PATH);
}
