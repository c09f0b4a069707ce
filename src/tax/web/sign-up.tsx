import { z } from "zod";
import { EMAIL_MAX_LENGTH, NewPasswordField } from "../../platform/auth/credentials";
import { hashPassword } from "../../platform/auth/password";
import { FORM_EXPIRED, readCookie, formToken, sameSiteFormPost } from "../../platform/auth/session";
import { rememberDevice } from "../../platform/auth/device-cookie";
import { checkSignIn, tooManyAttempts } from "../../platform/auth/throttle";
import { newId } from "../../platform/ids";
import { readForm } from "../../platform/ui/form";
import { htmlPage } from "../../platform/ui/headers";
import type { TaxApp } from "../hono";
import { taxDb } from "../db/client";
import { insertAccount } from "../accounts/queries";
import { LandingPage } from "./pages";
import { deviceCookie, FORM_COOKIE, startSession } from "./session-auth";

const SignUpSchema = z.object({
  email: z.email("Enter a valid email address.").max(EMAIL_MAX_LENGTH, "Enter a valid email address."),
  password: NewPasswordField,
});

/**
 * POST /auth/signup (form post). An email that already has an account gets a refusal that cannot be told
 * apart from other conflicts; sign-ups count against the address's throttle, which bounds enumeration.
 */
export function registerSignUp(app: TaxApp): void {
  app.post("/auth/signup", async (c) => {
    const form = await readForm(c);
    const email = (form?.get("email") ?? "").trim().toLowerCase();
    const page = (error: string, status: number) =>
      htmlPage(c, <LandingPage formToken={formToken(c, FORM_COOKIE)} error={error} email={email.slice(0, EMAIL_MAX_LENGTH)} mode="signup" />, status);

    if (!form || !sameSiteFormPost(c, form.get("csrf") ?? undefined, readCookie(c, FORM_COOKIE))) return page(FORM_EXPIRED, 403);
    const throttle = await checkSignIn(c, c.env.SIGN_IN_THROTTLE, { nowMs: Date.now() });
    if (!throttle.allowed) {
      c.header("Retry-After", String(throttle.retryAfterSeconds));
      return page(tooManyAttempts(throttle.retryAfterSeconds), 429);
    }
    const parsed = SignUpSchema.safeParse({ email, password: form.get("password") ?? "" });
    if (!parsed.success) return page(parsed.error.issues[0]!.message, 400);

    const now = Date.now();
    const account = {
      id: newId("acct", now),
      email: parsed.data.email,
      plan: "free" as const,
      passwordHash: await hashPassword(parsed.data.password),
      createdAt: now,
    };
    if (!(await insertAccount(taxDb(c.env.DB), account))) {
      return page("An account could not be created with that email. If it is yours, sign in instead.", 409);
    }
    await startSession(c, account);
    // The browser that created the account is one it signed in from.
    await rememberDevice(c, deviceCookie(c.env), account.email, now);
    return c.redirect("/", 303);
  });
}
