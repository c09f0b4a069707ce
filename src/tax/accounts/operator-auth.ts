// The management API's authentication and owner resolution: the operator names an account by email; a
// signed-in user always acts on their own account.
import { adminAuth, type Actor, type ActorVariables, type AdminAuthOptions } from "../../platform/auth/admin";
import { SignInEmail } from "../../platform/auth/credentials";
import type { PageCookie } from "../../platform/auth/session";
import { sessionSecrets } from "../../platform/env";
import { idempotent } from "../../platform/http/idempotency";
import { d1IdempotencyStore } from "../../platform/http/idempotency-store";
import { PlatformError } from "../../platform/http/errors";
import { taxDb, type TaxDb } from "../db/client";
import { findAccountByEmail, findAccountById, type AccountRow } from "./queries";
import { findSessionByTokenHash } from "./queries";
import type { TaxEnv } from "../env";
import { taxError, type TaxErrorCode } from "../hono";

/** `__Host-tax_session` over https (session.ts). */
export const SESSION_COOKIE: PageCookie = { name: "tax_session" };

/** How a session cookie becomes a session; the web page reads its session the same way. */
export const sessionOptions: AdminAuthOptions<TaxEnv> = {
  adminToken: (env) => env.ADMIN_TOKEN,
  cookie: SESSION_COOKIE,
  throttle: (env) => env.SIGN_IN_THROTTLE,
  findSession: (env, tokenHash) => findSessionByTokenHash(taxDb(env.DB), tokenHash),
};

export const requireAdmin = adminAuth(sessionOptions);

/** What `requireAdmin` can refuse a read with: no or a wrong operator token or session, too many management calls. */
export const ADMIN_READ_ERRORS = ["unauthorized", "rate_limited"] as const satisfies readonly TaxErrorCode[];

/** What `requireAdmin` can refuse a write with: ADMIN_READ_ERRORS, and 403 `forbidden` for a session without its CSRF token. */
export const ADMIN_WRITE_ERRORS = [...ADMIN_READ_ERRORS, "forbidden"] as const satisfies readonly TaxErrorCode[];

/** Idempotency-Key for management writes: keys belong to the operator, or to a session's account. */
export const idempotentForActor = idempotent<{ Bindings: TaxEnv; Variables: ActorVariables }>({
  store: (c) => d1IdempotencyStore(c.env.DB),
  secret: (c) => sessionSecrets(c.env),
  scope: (c) => (c.var.actor.kind === "operator" ? "operator" : `account:${c.var.actor.ownerId}`),
});

/** The management routes' account selector: operator calls name the account; a signed-in user acts on their own. */
export const AccountEmailField = SignInEmail.optional();

/** How resolveAccount picks the account, for the OpenAPI descriptions of the operations that call it. */
export const ACCOUNT_SELECTION_DESCRIPTION =
  "The operator names the account with `accountEmail` (400 without it, 404 when no account has that email); a signed-in user acts on their own account and may leave it out, and naming another account is 403 `forbidden`.";

/** What `resolveAccount` can answer: no `accountEmail` from the operator, no such account, another account's, a session's account gone. */
export const ACCOUNT_SELECTION_ERRORS = ["validation_error", "not_found", "forbidden", "unauthorized"] as const satisfies readonly TaxErrorCode[];

export async function resolveAccount(actor: Actor, db: TaxDb, accountEmail: string | undefined): Promise<AccountRow> {
  if (actor.kind === "user") {
    if (accountEmail !== undefined && accountEmail !== actor.email) throw taxError("forbidden", "A signed-in user manages only their own account");
    const account = await findAccountById(db, actor.ownerId);
    if (!account) throw new PlatformError("unauthenticated", "The session's account no longer exists");
    return account;
  }
  if (!accountEmail) throw new PlatformError("validation", "accountEmail: is required for operator calls");
  const account = await findAccountByEmail(db, accountEmail);
  if (!account) throw taxError("not_found", "No account with that email");
  return account;
}

/** The account whose keys the actor may touch: null (any) for the operator. */
export function ownerFilter(actor: Actor): string | null {
  return actor.kind === "user" ? actor.ownerId : null;
}
