// The management API's authentication and owner resolution: the operator names an account by email; a
// signed-in user always acts on their own account.
import type { Context } from "hono";
import { adminAuth, type Actor, type AdminAuthOptions } from "../../platform/auth/admin";
import { PlatformError } from "../../platform/http/errors";
import { taxDb, type TaxDb } from "../db/client";
import { findAccountByEmail, findAccountById, type AccountRow } from "../keys/queries";
import { findSessionByTokenHash } from "./queries";
import type { TaxEnv } from "../env";
import { taxError } from "../hono";

export const SESSION_COOKIE = "tax_session";

/** How a session cookie becomes a session; the web page reads its session the same way. */
export const sessionOptions: AdminAuthOptions = {
  adminToken: (c) => (c.env as TaxEnv).ADMIN_TOKEN,
  cookieName: SESSION_COOKIE,
  findSession: (c, tokenHash) => findSessionByTokenHash(taxDb((c.env as TaxEnv).DB), tokenHash),
};

export const requireAdmin = adminAuth(sessionOptions);

export function actorOf(c: Context): Actor {
  return c.get("actor") as Actor;
}

export async function resolveAccount(c: Context, db: TaxDb, accountEmail: string | undefined): Promise<AccountRow> {
  const actor = actorOf(c);
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
export function ownerFilter(c: Context): string | null {
  const actor = actorOf(c);
  return actor.kind === "user" ? actor.ownerId : null;
}
