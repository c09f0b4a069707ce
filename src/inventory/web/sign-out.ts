import { signOutHandler } from "../../platform/auth/sign-out";
import { SESSION_COOKIE } from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import type { InventoryEnv } from "../env";
import { inventoryDb } from "../db/client";
import { deleteSessionByTokenHash } from "./queries";
import { ADMIN_BASE, currentSession } from "./session";

/** POST /admin/signout: needs the session's CSRF token (a cross-site page cannot sign an admin out). */
export function registerAdminSignOut(app: InventoryApp): void {
  app.post(
    `${ADMIN_BASE}/signout`,
    signOutHandler({
      currentSession,
      deleteSession: (env: InventoryEnv, tokenHash) => deleteSessionByTokenHash(inventoryDb(env.DB), tokenHash),
      cookie: SESSION_COOKIE,
      redirectTo: ADMIN_BASE,
    }),
  );
}
