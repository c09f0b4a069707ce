import { and, desc, eq, exists, gt, gte, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { SessionRecord } from "../../platform/auth/admin";
import type { PasswordChange } from "../../platform/auth/change-password";
import type { TaxDb } from "../db/client";
import { accounts, sessions } from "../db/schema";
import type { TaxPlan } from "./plan";

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

/**
 * A new web-page session, only while the account still has the password hash the sign-in checked: a password changed
 * (or an account removed) between the check and this insert gets no session (false), since the change has already
 * ended every other session. The account's expired sessions are swept in the same batch.
 */
export async function insertSession(db: TaxDb, session: typeof sessions.$inferInsert, checkedPasswordHash: string): Promise<boolean> {
  const [, inserted] = await db.$client.batch([
    db.$client.prepare("DELETE FROM sessions WHERE account_id = ?1 AND expires_at <= ?2").bind(session.accountId, session.createdAt),
    db.$client
      .prepare(
        `INSERT INTO sessions (id, account_id, token_hash, csrf_token, created_at, expires_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE EXISTS (SELECT 1 FROM accounts WHERE id = ?2 AND password_hash = ?7)`,
      )
      .bind(session.id, session.accountId, session.tokenHash, session.csrfToken, session.createdAt, session.expiresAt, checkedPasswordHash),
  ]);
  return inserted!.meta.changes === 1;
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

/** Which accounts a list holds (null: no condition): one only (a session's), an email prefix, the plan in force. */
export interface AccountListFilter {
  only: string | null;
  emailPrefix: string | null;
  plan: TaxPlan | null;
}

/** Where a page of accounts ends: its last account's creation time and id. */
export interface AccountPosition {
  createdAt: number;
  id: string;
}

/**
 * A page of accounts, newest first; accounts of one millisecond in the reverse of the order they were written (the
 * rowid, which the creation-time index carries). A position names its account by id and the query looks its rowid
 * up, so a cursor never tells how many accounts there are.
 *
 * Emails are stored in lower case and are ASCII (the email rule every sign-up passes), so the prefix, lower-cased,
 * is a range of the email index: from the prefix itself to the prefix followed by the highest code point.
 * The plan is planAt's rule at `nowMs`: paid exactly while `nowMs` is before `paid_until` (the `plan` column is
 * not trusted, as a paid period ends by time alone).
 */
export async function listAccountsPage(
  db: TaxDb,
  filter: AccountListFilter,
  nowMs: number,
  limit: number,
  after: AccountPosition | null,
): Promise<AccountRow[]> {
  const onPlan = { paid: gt(accounts.paidUntil, nowMs), free: or(isNull(accounts.paidUntil), lte(accounts.paidUntil, nowMs)) };
  return db
    .select()
    .from(accounts)
    .where(
      and(
        filter.only === null ? undefined : eq(accounts.id, filter.only),
        filter.emailPrefix === null ? undefined : and(gte(accounts.email, filter.emailPrefix), lt(accounts.email, `${filter.emailPrefix}\u{10FFFF}`)),
        filter.plan === null ? undefined : onPlan[filter.plan],
        after === null
          ? undefined
          : sql`(${accounts.createdAt}, rowid) < (${after.createdAt}, (SELECT rowid FROM ${accounts} AS cursor_row WHERE cursor_row.id = ${after.id}))`,
      ),
    )
    .orderBy(desc(accounts.createdAt), desc(sql`rowid`))
    .limit(limit)
    .all();
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
