import { clearSessionCookie, sameSiteFormPost, sessionTokenHash } from "../../../platform/auth/session";
import { readForm } from "../../../platform/ui/form";
import { SESSION_COOKIE } from "../../admin";
import type { TaxApp } from "../../app";
import { taxDb } from "../../db/client";
import { deleteSessionByTokenHash } from "../../db/sessions";
import { currentSession } from "../../ui/session";

/** POST /auth/signout: needs the session's CSRF token (a cross-site page cannot sign a user out). */
export function registerSignOut(app: TaxApp): void {
  app.post("/auth/signout", async (c) => {
    const session = await currentSession(c);
    if (session) {
      const form = await readForm(c);
      if (!form || !sameSiteFormPost(c, form.get("csrf") ?? undefined, session.csrfToken)) {
        return c.text("Missing or invalid CSRF token", 403);
      }
      const tokenHash = await sessionTokenHash(c, SESSION_COOKIE);
      if (tokenHash) await deleteSessionByTokenHash(taxDb(c.env.DB), tokenHash);
    }
    clearSessionCookie(c, SESSION_COOKIE);
    return c.redirect("/", 303);
  });
}
