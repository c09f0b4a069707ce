// The sign-out form's handler, shared by both services' pages: it needs the session's CSRF token (a
// cross-site page cannot sign anyone out), deletes the session row and clears the cookie.
import type { Context } from "hono";
import { readForm } from "../ui/form";
import type { SessionRecord } from "./admin";
import { clearSessionCookie, type PageCookie, sameSiteFormPost, sessionTokenHash } from "./session";

export interface SignOutOptions<Bindings extends object> {
  currentSession(c: Context): Promise<SessionRecord | null>;
  deleteSession(env: Bindings, tokenHash: string): Promise<unknown>;
  cookie: PageCookie;
  /** Where the browser goes afterwards (303). */
  redirectTo: string;
}

export function signOutHandler<Bindings extends object>(options: SignOutOptions<Bindings>) {
  return async (c: Context<{ Bindings: Bindings }>): Promise<Response> => {
    const session = await options.currentSession(c);
    if (session) {
      const form = await readForm(c);
      if (!form || !sameSiteFormPost(c, form.get("csrf") ?? undefined, session.csrfToken)) {
        return c.text("Missing or invalid CSRF token", 403);
      }
      const tokenHash = await sessionTokenHash(c, options.cookie);
      if (tokenHash) await options.deleteSession(c.env, tokenHash);
    }
    clearSessionCookie(c, options.cookie);
    return c.redirect(options.redirectTo, 303);
  };
}
