import { changePasswordHandler } from "../../platform/auth/change-password";
import { htmlPage } from "../../platform/ui/headers";
import { findAdminPasswordHash } from "../admins/queries";
import { changeOwnPassword } from "../admins/service";
import { inventoryDb } from "../db/client";
import type { InventoryEnv } from "../env";
import type { InventoryApp } from "../hono";
import { ADMIN_BASE, currentSession, deviceCookie } from "./session";
import { SESSION_COOKIE } from "../orgs/operator-auth";
import { PASSWORD_ACTION, PasswordPage } from "./views";

/**
 * POST /admin/password (form post from the admin area): the current password, counted by the sign-in throttle, then
 * the new one; the admin's other sessions end with the old password, and the audit log records the change.
 */
export function registerAdminChangePassword(app: InventoryApp): void {
  app.post(
    PASSWORD_ACTION,
    changePasswordHandler({
      currentSession,
      passwordHash: (env: InventoryEnv, session) => findAdminPasswordHash(inventoryDb(env.DB), session.ownerId, session.userId),
      storePassword: (env: InventoryEnv, change) => changeOwnPassword(inventoryDb(env.DB), change),
      throttle: (env: InventoryEnv) => env.SIGN_IN_THROTTLE,
      device: deviceCookie,
      sessionCookie: SESSION_COOKIE,
      signedOutTo: ADMIN_BASE,
      render: (c, session, outcome) =>
        htmlPage(c, <PasswordPage email={session.email} csrfToken={session.csrfToken} outcome={outcome} />, outcome.status),
    }),
  );
}
