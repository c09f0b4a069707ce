import { and, desc, eq } from "drizzle-orm";
import type { TaxDb } from "../db/client";
import { apiKeys } from "../db/schema";

export type ApiKeyRow = typeof apiKeys.$inferSelect;

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

/**
 * Rotation in one batch: the old key's shortened life and its replacement, or neither. The update claims the
 * old key only while it is unrotated and unrevoked, and the insert happens only if this rotation made that
 * claim, so concurrent rotations (or a revocation in between) yield one replacement at most. False: lost.
 */
export async function recordRotation(db: TaxDb, oldKeyId: string, oldExpiresAt: number, replacement: typeof apiKeys.$inferInsert): Promise<boolean> {
  const d1 = db.$client;
  const [claimed] = await d1.batch([
    d1
      .prepare("UPDATE api_keys SET expires_at = ?1, replaced_by_key_id = ?2 WHERE id = ?3 AND replaced_by_key_id IS NULL AND revoked_at IS NULL")
      .bind(oldExpiresAt, replacement.id, oldKeyId),
    d1
      .prepare(
        `INSERT INTO api_keys (id, account_id, name, prefix, key_hash, scopes, created_at, expires_at, revoked_at, replaces_key_id, replaced_by_key_id)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, NULL, ?9, NULL WHERE EXISTS (SELECT 1 FROM api_keys WHERE id = ?9 AND replaced_by_key_id = ?1)`,
      )
      .bind(replacement.id, replacement.accountId, replacement.name ?? null, replacement.prefix, replacement.keyHash, JSON.stringify(replacement.scopes), replacement.createdAt, replacement.expiresAt, oldKeyId),
  ]);
  return claimed!.meta.changes === 1;
}

export async function recordRevocation(db: TaxDb, keyId: string, revokedAt: number): Promise<void> {
  await db.update(apiKeys).set({ revokedAt }).where(eq(apiKeys.id, keyId));
}
