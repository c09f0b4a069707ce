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

export const NewPassword = z.string().min(PASSWORD_LENGTH.min).max(PASSWORD_LENGTH.max);

/** The same rule in the words the pages' forms show (signing up, changing a password). */
export const NewPasswordField = z
  .string()
  .min(PASSWORD_LENGTH.min, `Use a password of at least ${PASSWORD_LENGTH.min} characters.`)
  .max(PASSWORD_LENGTH.max, `Use a password of at most ${PASSWORD_LENGTH.max} characters.`);
