// The admin area's sessions: the same `inv_session` cookie the management API reads, a double-submit cookie for
// the sign-in form, and the device cookie of the sign-in throttle.
import { sessionFromCookie, type SessionRecord } from "../../platform/auth/admin";
import type { DeviceCookie } from "../../platform/auth/device-cookie";
import { type PageCookie, startPageSession } from "../../platform/auth/session";
import { sessionSecrets } from "../../platform/env";
import { newId } from "../../platform/ids";
import { inventoryDb } from "../db/client";
import type { InventoryEnv } from "../env";
import type { InventoryContext } from "../hono";
import { adminSessionOptions, SESSION_COOKIE } from "../orgs/operator-auth";
import { deleteSessionByTokenHash, insertSession } from "./queries";

export const ADMIN_BASE = "/admin";
export const ASSET_BASE = "/admin/assets";
/** Double-submit cookie of the sign-in form, scoped like the session's. */
export const FORM_COOKIE: PageCookie = { name: "inv_form" };
/** `__Host-inv_device` over https: the browsers an admin signed in from keep their own sign-in throttle. */
export const deviceCookie = (env: InventoryEnv): DeviceCookie => ({ cookie: { name: "inv_device" }, secrets: sessionSecrets(env) });

export function currentSession(c: InventoryContext): Promise<SessionRecord | null> {
  return sessionFromCookie(c, c.env, adminSessionOptions);
}

/**
 * Starts a session for the admin and sets its cookie, ending the one this browser held (its cookie is replaced); false
 * when the admin no longer exists or no longer has the password checked (nothing set).
 */
export function startSession(c: InventoryContext, admin: { id: string; orgId: string; passwordHash: string }): Promise<boolean> {
  const db = inventoryDb(c.env.DB);
  return startPageSession(c, SESSION_COOKIE, {
    end: (tokenHash) => deleteSessionByTokenHash(db, tokenHash),
    insert: (session, now) =>
      insertSession(
        db,
        {
          id: newId("sess", now),
          userId: admin.id,
          orgId: admin.orgId,
          tokenHash: session.tokenHash,
          csrfToken: session.csrfToken,
          createdAt: now,
          expiresAt: session.expiresAt,
        },
        admin.passwordHash,
      ),
  });
}
