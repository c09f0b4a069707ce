// The change-password form of both services' signed-in pages, which differ only in their tables. It posts like
// sign-out does (the session's CSRF token in a field, and this origin); the current password is checked as sign-in
// checks it and counted by the same throttle, so the form guesses no faster than sign-in; the new hash is stored,
// every other session of the person ends and this one gets a new token in one batch, so a stolen session (a copy of
// this browser's cookie included) dies with the old password.
import type { Context } from "hono";
import { readForm } from "../ui/form";
import type { SessionRecord } from "./admin";
import { NewPasswordField } from "./credentials";
import type { DeviceCookie } from "./device-cookie";
import { hashPassword, passwordMatches } from "./password";
import { FORM_EXPIRED, type IssuedSession, issueSession, type PageCookie, sameSiteFormPost, setSessionCookie } from "./session";
import { checkSignIn, type SignInThrottle, tooManyAttempts } from "./throttle";

/** The form's fields, as the pages name them (`autocomplete` tells password managers which is which). */
export const PASSWORD_FIELDS = { current: "current_password", next: "new_password", confirm: "confirm_password" } as const;

export const PASSWORD_CHANGED = "Your password has been changed. You have been signed out everywhere else; this browser stays signed in.";
export const WRONG_CURRENT_PASSWORD = "That is not your current password. Nothing was changed.";

/** The current session's new token (as stored: its hash), CSRF token and expiry, stored with the new password. */
export type ReplacementSession = Omit<IssuedSession, "token">;

/** A new password to store for the signed-in person, as one batch with the end of their other sessions. */
export interface PasswordChange {
  session: SessionRecord;
  /** The hash the current password matched: the new one is stored only while it is still the stored one. */
  currentHash: string;
  newHash: string;
  /** The current session goes on under these: its old token, wherever it was copied, no longer signs in. */
  replacement: ReplacementSession;
  nowMs: number;
}

export interface PasswordOutcome {
  status: 200 | 400 | 401 | 403 | 409 | 429;
  message: string;
  changed: boolean;
}

export interface ChangePasswordOptions<Bindings extends object> {
  currentSession(c: Context): Promise<SessionRecord | null>;
  /** The signed-in person's stored hash; null or undefined when there is none. */
  passwordHash(env: Bindings, session: SessionRecord): Promise<string | null | undefined>;
  /**
   * Stores the new hash while the current one is still stored and the session still exists, deletes every other
   * session of the person and gives the current one its replacement token, in one D1 batch; false when nothing was
   * stored.
   */
  storePassword(env: Bindings, change: PasswordChange): Promise<boolean>;
  throttle(env: Bindings): DurableObjectNamespace<SignInThrottle>;
  device(env: Bindings): DeviceCookie;
  /** Where a browser without a session goes (303): the sign-in form. */
  signedOutTo: string;
  /** The session cookie, set again with the current session's new token. */
  sessionCookie: PageCookie;
  /** The page that says what happened, answered with the outcome's status. */
  render(c: Context<{ Bindings: Bindings }>, session: SessionRecord, outcome: PasswordOutcome): Promise<Response>;
}

/** Three passwords of 200 characters, each character up to 9 bytes once percent-encoded, and the token. */
const FORM_MAX_BYTES = 8_192;

export function changePasswordHandler<Bindings extends object>(options: ChangePasswordOptions<Bindings>) {
  return async (c: Context<{ Bindings: Bindings }>): Promise<Response> => {
    const session = await options.currentSession(c);
    if (!session) return c.redirect(options.signedOutTo, 303);
    const { outcome, csrfToken } = await change(c, session, options);
    // After a change the page's next form carries the session's new CSRF token.
    return options.render(c, { ...session, csrfToken }, outcome);
  };
}

async function change<Bindings extends object>(
  c: Context<{ Bindings: Bindings }>,
  session: SessionRecord,
  options: ChangePasswordOptions<Bindings>,
): Promise<{ outcome: PasswordOutcome; csrfToken: string }> {
  const refused = (status: PasswordOutcome["status"], message: string) => ({
    outcome: { status, message, changed: false },
    csrfToken: session.csrfToken,
  });
  const form = await readForm(c, FORM_MAX_BYTES);
  if (!form || !sameSiteFormPost(c, form.get("csrf") ?? undefined, session.csrfToken)) return refused(403, FORM_EXPIRED);

  // Never cut or trimmed, as sign-in takes a password.
  const current = form.get(PASSWORD_FIELDS.current) ?? "";
  const next = form.get(PASSWORD_FIELDS.next) ?? "";
  if (!current) return refused(400, "Enter your current password.");
  const rule = NewPasswordField.safeParse(next);
  if (!rule.success) return refused(400, rule.error.issues[0]!.message);
  if (form.get(PASSWORD_FIELDS.confirm) !== next) return refused(400, "The new password and its confirmation differ. Nothing was changed.");

  const nowMs = Date.now();
  const throttle = await checkSignIn(c, options.throttle(c.env), { email: session.email, device: options.device(c.env), nowMs });
  if (!throttle.allowed) {
    c.header("Retry-After", String(throttle.retryAfterSeconds));
    return refused(429, tooManyAttempts(throttle.retryAfterSeconds));
  }
  const currentHash = await options.passwordHash(c.env, session);
  if (!(await passwordMatches(currentHash, current)) || !currentHash) return refused(401, WRONG_CURRENT_PASSWORD);
  await throttle.succeeded();

  // The new token keeps the session's end: 12 hours after sign-in, whatever happens in them.
  const { token, ...stored } = await issueSession(nowMs, session.expiresAt - nowMs);
  const newHash = await hashPassword(next);
  const changed = await options.storePassword(c.env, { session, currentHash, newHash, replacement: stored, nowMs });
  if (!changed) return refused(409, "Your password or your session changed while this was sent. Nothing was changed: reload the page and try again.");
  setSessionCookie(c, options.sessionCookie, { token, ...stored }, nowMs);
  return { outcome: { status: 200, message: PASSWORD_CHANGED, changed: true }, csrfToken: stored.csrfToken };
}
