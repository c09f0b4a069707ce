import { EMAIL_MAX_LENGTH } from "../../platform/auth/credentials";
import { checkSignIn, tooManyAttempts } from "../../platform/auth/throttle";
import { FORM_EXPIRED, readCookie, formToken, sameSiteFormPost } from "../../platform/auth/session";
import { passwordMatches } from "../../platform/auth/password";
import { readForm } from "../../platform/ui/form";
import { htmlPage } from "../../platform/ui/headers";
import type { TaxApp } from "../hono";
import { taxDb } from "../db/client";
import { findAccountByEmail } from "../accounts/queries";
import { LandingPage } from "./pages";
import { deviceCookie, FORM_COOKIE, startSession } from "./session-auth";

/** One message for an unknown email, a wrong password and an account without a password. */
export const SIGN_IN_FAILED = "That email and password do not match an account.";

/**
 * POST /auth/signin (form post): throttled per account (or, for a browser the account signed in from before, per
 * browser) and per address before the password is checked.
 */
export function registerSignIn(app: TaxApp): void {
  app.post("/auth/signin", async (c) => {
    const form = await readForm(c);
    const email = (form?.get("email") ?? "").trim().toLowerCase().slice(0, EMAIL_MAX_LENGTH);
    // Never cut: a longer input that merely starts with the password must not match (the form is capped at 4 KB).
    const password = form?.get("password") ?? "";
    const page = (error: string, status: number) =>
      htmlPage(c, <LandingPage formToken={formToken(c, FORM_COOKIE)} error={error} email={email} mode="signin" />, status);

    if (!form || !sameSiteFormPost(c, form.get("csrf") ?? undefined, readCookie(c, FORM_COOKIE))) return page(FORM_EXPIRED, 403);
    if (!email || !password) return page(SIGN_IN_FAILED, 401);

    const throttle = await checkSignIn(c, c.env.SIGN_IN_THROTTLE, { email, device: deviceCookie(c.env), nowMs: Date.now() });
    if (!throttle.allowed) {
      c.header("Retry-After", String(throttle.retryAfterSeconds));
      return page(tooManyAttempts(throttle.retryAfterSeconds), 429);
    }
    const account = await findAccountByEmail(taxDb(c.env.DB), email);
    if (!(await passwordMatches(account?.passwordHash, password)) || !account?.passwordHash) return page(SIGN_IN_FAILED, 401);

    // A password changed since the check gets no session: to the old password it is a failed sign-in.
    if (!(await startSession(c, { id: account.id, passwordHash: account.passwordHash }))) return page(SIGN_IN_FAILED, 401);
    await throttle.succeeded();
    return c.redirect("/", 303);
  });
}
