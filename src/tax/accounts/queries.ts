import { and, eq, exists, lte, ne } from "drizzle-orm";
import type { SessionRecord } from "../../platform/auth/admin";
import type { PasswordChange } from "../../platform/auth/change-password";
import type { TaxDb } from "../db/client";
import { accounts, sessions } from "../db/schema";

export type AccountRow = typeof accounts.$inferSelect;

export async function findSessionByTokenHash(db: TaxDb, tokenHash: string): Promise<SessionRecord | null> {
  const row = await db
    .select({ id: sessions.id, accountId: sessions.accountId, csrfToken: sessions.csrfToken, expiresAt: sessions.expiresAt, email: accounts.email })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(eq(sessions.tokenHash, tokenHash))
    .get();
  if (!row) return null;
  return { sessionId: row.id, userId: row.accountId, ownerId: row.accountId, email: row.email, csrfToken: row.csrfToken, expiresAt: row.expiresAt };
}

/** A new web-page session; the account's expired sessions are swept in the same batch. */
export async function insertSession(db: TaxDb, session: typeof sessions.$inferInsert): Promise<void> {
  await db.batch([
    db.delete(sessions).where(and(eq(sessions.accountId, session.accountId), lte(sessions.expiresAt, session.createdAt))),
    db.insert(sessions).values(session),
  ]);
}

export async function deleteSessionByTokenHash(db: TaxDb, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function findAccountByEmail(db: TaxDb, email: string): Promise<AccountRow | undefined> {
  return db.select().from(accounts).where(eq(accounts.email, email)).get();
}

export async function findAccountById(db: TaxDb, id: string): Promise<AccountRow | undefined> {
  return db.select().from(accounts).where(eq(accounts.id, id)).get();
}

/** Inserts the account unless the email exists; returns whether it was created. */
export async function insertAccount(db: TaxDb, account: typeof accounts.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(accounts).values(account).onConflictDoNothing({ target: accounts.email }).returning({ id: accounts.id });
  return inserted.length === 1;
}

/**
 * The account's new password hash, while the one checked is still stored and the session that asked still exists,
 * and the end of every other session of the account (only once the new hash is stored), in one batch. False: the
 * password or the session changed meanwhile, and nothing was written.
 */
export async function changeAccountPassword(db: TaxDb, change: PasswordChange): Promise<boolean> {
  const { userId: accountId, sessionId } = change.session;
  // The session statements act only once the new hash is stored.
  const newHashStored = () =>
    exists(
      db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.id, accountId), eq(accounts.passwordHash, change.newHash))),
    );
  const [updated] = await db.batch([
    db
      .update(accounts)
      .set({ passwordHash: change.newHash })
      .where(
        and(
          eq(accounts.id, accountId),
          eq(accounts.passwordHash, change.currentHash),
          exists(
            db
              .select({ id: sessions.id })
              .from(sessions)
              .where(and(eq(sessions.id, sessionId), eq(sessions.accountId, accountId))),
          ),
        ),
      )
      .returning({ id: accounts.id }),
    db.delete(sessions).where(and(eq(sessions.accountId, accountId), ne(sessions.id, sessionId), newHashStored())),
    db
      .update(sessions)
      .set({ tokenHash: change.replacement.tokenHash, csrfToken: change.replacement.csrfToken, expiresAt: change.replacement.expiresAt })
      .where(and(eq(sessions.id, sessionId), newHashStored())),
  ]);
  return updated.length === 1;
}
