import { clearSessionCookie, sameSiteFormPost, sessionTokenHash } from "../../../platform/auth/session";
import { readForm } from "../../../platform/ui/form";
import { SESSION_COOKIE } from "../../admin";
import type { InventoryApp } from "../../app";
import { inventoryDb } from "../../db/client";
import { deleteSessionByTokenHash } from "../../db/web-sessions";
import { ADMIN_BASE, COOKIE_PATH, currentSession } from "../../ui/session";

/** POST /admin/signout: needs the session's CSRF token (a cross-site page cannot sign an admin out). */
export function registerAdminSignOut(app: InventoryApp): void {
  app.post(`${ADMIN_BASE}/signout`, async (c) => {
    const session = await currentSession(c);
    if (session) {
      const form = await readForm(c);
      if (!form || !sameSiteFormPost(c, form.get("csrf") ?? undefined, session.csrfToken)) {
        return c.text("Missing or invalid CSRF token", 403);
      }
      const tokenHash = await sessionTokenHash(c, SESSION_COOKIE);
      if (tokenHash) await deleteSessionByTokenHash(inventoryDb(c.env.DB), tokenHash);
    }
    clearSessionCookie(c, SESSION_COOKIE, COOKIE_PATH);
    return c.redirect(ADMIN_BASE, 303);
  });
}
