import { and, desc, eq, gt, isNull, lt, or } from "drizzle-orm";
import { dailyIssuance, keyRegistry } from "../../platform/keys/queries";
import type { TaxDb } from "../db/client";
import { apiKeys } from "../db/schema";
import type { ListPosition } from "../http/list-cursor";

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Keys created, rotated included, per account and IST day (`dailyIssuance`). */
const issuance = dailyIssuance(apiKeys, apiKeys.accountId);

/** How a creation ended: inserted, or refused at the cap of active keys or of keys issued today. */
export type CreationRecord = "inserted" | "key_cap" | "issuance_cap";

/**
 * Inserts the key only while the account holds fewer than `cap` active keys (unrevoked, unexpired, not
 * rotated), in one statement: D1 runs statements one at a time, so concurrent creates at the cap cannot all
 * pass the count. With `issuedPerDay` (null: no daily cap), only while the account was issued fewer keys than
 * that this IST day, checked in the same transaction. A refusal writes nothing.
 */
export async function insertKeyUnderCap(db: TaxDb, key: ApiKeyRow, cap: number, issuedPerDay: number | null, nowMs: number): Promise<CreationRecord> {
  const d1 = db.$client;
  const insert = d1
    .prepare(
      `INSERT INTO api_keys (id, account_id, name, prefix, key_hash, scopes, created_at, expires_at, revoked_at, replaces_key_id, replaced_by_key_id)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, NULL, NULL, NULL
       WHERE (SELECT count(*) FROM api_keys WHERE account_id = ?2 AND revoked_at IS NULL AND replaced_by_key_id IS NULL AND expires_at > ?9) < ?10`,
    )
    .bind(key.id, key.accountId, key.name, key.prefix, key.keyHash, JSON.stringify(key.scopes), key.createdAt, key.expiresAt, nowMs, cap);
  // One batch: a creation that holds an Idempotency-Key marks it in the same transaction (idempotentWrites).
  const results = await issuance.batch(d1, key.accountId, issuedPerDay, nowMs, [insert]);
  if (!results) return "issuance_cap";
  return results[0]!.meta.changes === 1 ? "inserted" : "key_cap";
}

/** Whether a key with this hash was ever issued, revoked and expired keys included. */
export const keyHashIsRegistered = keyRegistry(apiKeys);

export async function findKeyForOwner(db: TaxDb, keyId: string, accountId: string | null): Promise<ApiKeyRow | undefined> {
  const where = accountId ? and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId)) : eq(apiKeys.id, keyId);
  return db.select().from(apiKeys).where(where).get();
}

/** One page of the account's keys, newest first, after `after` (keyset: created time, then id). */
export async function listKeysPage(db: TaxDb, accountId: string, limit: number, after: ListPosition | null): Promise<ApiKeyRow[]> {
  const position = after
    ? or(lt(apiKeys.createdAt, after.createdAt), and(eq(apiKeys.createdAt, after.createdAt), lt(apiKeys.id, after.id)))
    : undefined;
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), position))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(limit)
    .all();
}

/** The account's keys that can still answer: not revoked, not yet expired (a rotated key in its overlap included). */
export async function listWorkingKeys(db: TaxDb, accountId: string, nowMs: number): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt), gt(apiKeys.expiresAt, nowMs)))
    .all();
}

/** How a rotation ended: recorded, lost to another rotation or a revocation, or refused at the overlap cap or the daily cap. */
export type RotationRecord = "recorded" | "lost" | "overlap_cap" | "issuance_cap";

/**
 * Rotation in one batch: the old key's shortened life and its replacement, or neither. The update claims the
 * old key only while it is unrotated and unrevoked, and the insert happens only if this rotation made that
 * claim, so concurrent rotations (or a revocation in between) yield one replacement at most. An old key that
 * keeps working after `nowMs` is claimed only while fewer than `overlapCap` of the account's rotated keys are
 * still working, counted in the same statement: a replacement can be rotated at once, so without this bound a
 * chain of rotations would keep any number of keys working beside the capped active ones. With `issuedPerDay`
 * (null: no daily cap), only while the account was issued fewer keys than that this IST day, checked in the same
 * transaction; refused, nothing is written.
 */
export async function recordRotation(
  db: TaxDb,
  oldKeyId: string,
  oldExpiresAt: number,
  replacement: typeof apiKeys.$inferInsert,
  nowMs: number,
  overlapCap: number,
  issuedPerDay: number | null,
): Promise<RotationRecord> {
  const d1 = db.$client;
  const results = await issuance.batch(d1, replacement.accountId, issuedPerDay, nowMs, [
    d1
      .prepare(
        `UPDATE api_keys SET expires_at = ?1, replaced_by_key_id = ?2
          WHERE id = ?3 AND replaced_by_key_id IS NULL AND revoked_at IS NULL
            AND (?1 <= ?4 OR (SELECT count(*) FROM api_keys o WHERE o.account_id = api_keys.account_id AND o.replaced_by_key_id IS NOT NULL
                                AND o.revoked_at IS NULL AND o.expires_at > ?4) < ?5)`,
      )
      .bind(oldExpiresAt, replacement.id, oldKeyId, nowMs, overlapCap),
    d1
      .prepare(
        `INSERT INTO api_keys (id, account_id, name, prefix, key_hash, scopes, created_at, expires_at, revoked_at, replaces_key_id, replaced_by_key_id)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, NULL, ?9, NULL WHERE EXISTS (SELECT 1 FROM api_keys WHERE id = ?9 AND replaced_by_key_id = ?1)`,
      )
      .bind(
        replacement.id,
        replacement.accountId,
        replacement.name ?? null,
        replacement.prefix,
        replacement.keyHash,
        JSON.stringify(replacement.scopes),
        replacement.createdAt,
        replacement.expiresAt,
        oldKeyId,
      ),
  ]);
  if (!results) return "issuance_cap";
  if (results[0]!.meta.changes === 1) return "recorded";
  const old = await db
    .select({ replacedByKeyId: apiKeys.replacedByKeyId, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(eq(apiKeys.id, oldKeyId))
    .get();
  return old && old.replacedByKeyId === null && old.revokedAt === null ? "overlap_cap" : "lost";
}

/** Records the key's revocation unless one is recorded already, and returns the one that stands: the first. */
export async function recordRevocation(db: TaxDb, keyId: string, revokedAt: number): Promise<number> {
  const [, [recorded]] = await db.batch([
    db
      .update(apiKeys)
      .set({ revokedAt })
      .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt))),
    db.select({ revokedAt: apiKeys.revokedAt }).from(apiKeys).where(eq(apiKeys.id, keyId)),
  ]);
  return recorded?.revokedAt ?? revokedAt;
}
