import { EMAIL_MAX_LENGTH } from "../../platform/auth/credentials";
import { passwordMatches } from "../../platform/auth/password";
import { FORM_EXPIRED, readCookie, formToken, sameSiteFormPost } from "../../platform/auth/session";
import { checkSignIn, tooManyAttempts } from "../../platform/auth/throttle";
import { readForm } from "../../platform/ui/form";
import { htmlPage } from "../../platform/ui/headers";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { findAdminByEmail } from "./queries";
import { SignInPage } from "./views";
import { ADMIN_BASE, deviceCookie, FORM_COOKIE, startSession } from "./session";

/** One message for an unknown email and a wrong password. */
export const SIGN_IN_FAILED = "That email and password do not match an admin account.";

/**
 * POST /admin/signin (form post): throttled per account (or, for a browser the account signed in from before, per
 * browser) and per address before the password is checked.
 */
export function registerAdminSignIn(app: InventoryApp): void {
  app.post(`${ADMIN_BASE}/signin`, async (c) => {
    const form = await readForm(c);
    const email = (form?.get("email") ?? "").trim().toLowerCase().slice(0, EMAIL_MAX_LENGTH);
    // Never cut: a longer input that merely starts with the password must not match (the form is capped at 4 KB).
    const password = form?.get("password") ?? "";
    const page = (error: string, status: number) =>
      htmlPage(c, <SignInPage formToken={formToken(c, FORM_COOKIE)} error={error} email={email} />, status);

    if (!form || !sameSiteFormPost(c, form.get("csrf") ?? undefined, readCookie(c, FORM_COOKIE))) return page(FORM_EXPIRED, 403);
    if (!email || !password) return page(SIGN_IN_FAILED, 401);

    const throttle = await checkSignIn(c, c.env.SIGN_IN_THROTTLE, { email, device: deviceCookie(c.env), nowMs: Date.now() });
    if (!throttle.allowed) {
      c.header("Retry-After", String(throttle.retryAfterSeconds));
      return page(tooManyAttempts(throttle.retryAfterSeconds), 429);
    }
    const admin = await findAdminByEmail(inventoryDb(c.env.DB), email);
    if (!(await passwordMatches(admin?.passwordHash, password)) || !admin) return page(SIGN_IN_FAILED, 401);

    // An admin removed, or a password changed, since the check gets no session: to them it is a failed sign-in.
    if (!(await startSession(c, admin))) return page(SIGN_IN_FAILED, 401);
    await throttle.succeeded();
    return c.redirect(ADMIN_BASE, 303);
  });
}
