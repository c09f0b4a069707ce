// The tax web page's sessions: the same cookie the management API reads (`tax_session`), a double-submit
// cookie for the sign-in and sign-up forms, and the device cookie of the sign-in throttle.
import type { Context } from "hono";
import { sessionFromCookie, type SessionRecord } from "../../platform/auth/admin";
import type { DeviceCookie } from "../../platform/auth/device-cookie";
import { type PageCookie, startPageSession } from "../../platform/auth/session";
import { sessionSecrets } from "../../platform/env";
import { newId } from "../../platform/ids";
import { SESSION_COOKIE, sessionOptions } from "../accounts/operator-auth";
import { taxDb } from "../db/client";
import { deleteSessionByTokenHash, insertSession } from "../accounts/queries";
import type { TaxEnv } from "../env";
import type { TaxAppEnv } from "../hono";

/** Double-submit cookie of the signed-out forms. */
export const FORM_COOKIE: PageCookie = { name: "tax_form" };
/** `__Host-tax_device` over https: the browsers an account signed in from keep their own sign-in throttle. */
export const deviceCookie = (env: TaxEnv): DeviceCookie => ({ cookie: { name: "tax_device" }, secrets: sessionSecrets(env) });
export const ASSET_BASE = "/ui";

export function currentSession(c: Context<TaxAppEnv>): Promise<SessionRecord | null> {
  return sessionFromCookie(c, c.env, sessionOptions);
}

/**
 * Starts a session for the account and sets its cookie, ending the one this browser held (its cookie is replaced);
 * false when the account's password is no longer the one checked (nothing set).
 */
export function startSession(c: Context<TaxAppEnv>, account: { id: string; passwordHash: string }): Promise<boolean> {
  const db = taxDb(c.env.DB);
  return startPageSession(c, SESSION_COOKIE, {
    end: (tokenHash) => deleteSessionByTokenHash(db, tokenHash),
    insert: (session, now) =>
      insertSession(
        db,
        {
          id: newId("sess", now),
          accountId: account.id,
          tokenHash: session.tokenHash,
          csrfToken: session.csrfToken,
          createdAt: now,
          expiresAt: session.expiresAt,
        },
        account.passwordHash,
      ),
  });
}
