import { and, desc, eq } from "drizzle-orm";
import type { TaxDb } from "./client";
import { accounts, apiKeys, payments } from "./schema";

export type AccountRow = typeof accounts.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;

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

export async function insertKey(db: TaxDb, key: typeof apiKeys.$inferInsert): Promise<void> {
  await db.insert(apiKeys).values(key);
}

export async function findKeyForOwner(db: TaxDb, keyId: string, accountId: string | null): Promise<ApiKeyRow | undefined> {
  const where = accountId ? and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId)) : eq(apiKeys.id, keyId);
  return db.select().from(apiKeys).where(where).get();
}

export async function listKeys(db: TaxDb, accountId: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.accountId, accountId)).orderBy(desc(apiKeys.createdAt)).limit(500).all();
}

/** Rotation in one batch: the replacement key and the old key's shortened life, or neither. */
export async function recordRotation(db: TaxDb, oldKeyId: string, oldExpiresAt: number, replacement: typeof apiKeys.$inferInsert): Promise<void> {
  await db.batch([
    db.insert(apiKeys).values(replacement),
    db.update(apiKeys).set({ expiresAt: oldExpiresAt, replacedByKeyId: replacement.id }).where(eq(apiKeys.id, oldKeyId)),
  ]);
}

export async function recordRevocation(db: TaxDb, keyId: string, revokedAt: number): Promise<void> {
  await db.update(apiKeys).set({ revokedAt }).where(eq(apiKeys.id, keyId));
}

/**
 * Records a verified payment, upgrades the account and writes `plan.activated` to the outbox, in one
 * atomic batch. The payment id is the primary key and the event is inserted only when the payment row was
 * (`changes() = 1`), so a replayed webhook emits nothing. Returns whether this payment was new.
 */
export async function recordPayment(
  d1: D1Database,
  payment: typeof payments.$inferInsert,
  event: { id: string; type: string; payload: Record<string, unknown>; createdAt: number },
): Promise<boolean> {
  const [inserted] = await d1.batch([
    d1
      .prepare("INSERT OR IGNORE INTO payments (payment_id, account_id, amount_paise, currency, received_at) VALUES (?, ?, ?, ?, ?)")
      .bind(payment.paymentId, payment.accountId, payment.amountPaise, payment.currency, payment.receivedAt),
    d1
      .prepare("INSERT INTO events (id, owner_id, type, payload, created_at) SELECT ?, ?, ?, ?, ? WHERE changes() = 1")
      .bind(event.id, payment.accountId, event.type, JSON.stringify(event.payload), event.createdAt),
    d1.prepare("UPDATE accounts SET plan = 'paid' WHERE id = ?").bind(payment.accountId),
  ]);
  return (inserted?.meta.changes ?? 0) === 1;
}
