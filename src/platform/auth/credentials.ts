// The email and password someone signs in to a web page with, as both services take them when an account or an
// admin is created or a password is changed: the email in lower case, as sign-in looks it up, and a password of 10
// to 200 characters.
import { z } from "@hono/zod-openapi";

export const PASSWORD_LENGTH = { min: 10, max: 200 } as const;
/** The longest address mail can carry: RFC 5321's 256-octet path less its angle brackets. */
export const EMAIL_MAX_LENGTH = 254;

/** An email as sign-in looks it up: letter case never makes a second account. */
export const SignInEmail = z
  .email()
  .max(EMAIL_MAX_LENGTH)
  .transform((email) => email.toLowerCase());

/** The one rule for a new password; each caller says it in its own words, or in zod's. */
function newPassword(messages: { tooShort?: string; tooLong?: string } = {}) {
  return z.string().min(PASSWORD_LENGTH.min, messages.tooShort).max(PASSWORD_LENGTH.max, messages.tooLong);
}

/** As the APIs take it: their validation errors name the field and the limit. */
export const NewPassword = newPassword();

/** As the pages' forms take it (signing up, changing a password), in the words they show. */
export const NewPasswordField = newPassword({
  tooShort: `Use a password of at least ${PASSWORD_LENGTH.min} characters.`,
  tooLong: `Use a password of at most ${PASSWORD_LENGTH.max} characters.`,
});
