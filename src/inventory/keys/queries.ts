// Every SQL statement of API keys. Each lifecycle
// write and its audit row go in one D1 batch; the conditional ones (rotate, regenerate, revoke) chain on
// `changes()`, so two racing calls cannot both replace a key or both record a revocation.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { dailyIssuance, keyRegistry } from "../../platform/keys/queries";
import type { InventoryDb } from "../db/client";
import { apiKeys } from "../db/schema";
import { type AuditRow, insertAuditIfChanged } from "../orgs/queries";

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Whether a key with this hash was ever issued, revoked and expired keys included. */
export const keyHashIsRegistered = keyRegistry(apiKeys);

/** Keys created, rotated or regenerated per organisation and IST day (`dailyIssuance`). */
const issuance = dailyIssuance(apiKeys, apiKeys.orgId);

/** How a creation ended: inserted, or refused at the cap of active keys or of keys issued today. */
export type CreationRecord = "inserted" | "key_cap" | "issuance_cap";

/**
 * Inserts the key and its audit row only while the organisation holds fewer than `cap` active keys (unrevoked,
 * unexpired, not replaced), the count and the insert in one statement: D1 runs statements one at a time, so
 * concurrent creates at the cap cannot overshoot. With `issuedPerDay` (null: no daily cap), only while the
 * organisation was issued fewer keys than that this IST day, checked in the same transaction. A refusal writes
 * nothing.
 */
export async function insertKeyUnderCap(
  db: InventoryDb,
  key: ApiKeyRow,
  audit: AuditRow,
  cap: number,
  issuedPerDay: number | null,
  nowMs: number,
): Promise<CreationRecord> {
  const d1 = db.$client;
  const results = await issuance.batch(d1, key.orgId!, issuedPerDay, nowMs, [
    d1
      .prepare(
        `INSERT INTO api_keys (${KEY_COLUMNS}) SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, NULL, NULL, NULL, NULL, NULL, NULL
         WHERE (SELECT count(*) FROM api_keys WHERE org_id = ?2 AND revoked_at IS NULL AND replaced_by_key_id IS NULL AND (expires_at IS NULL OR expires_at > ?10)) < ?11`,
      )
      .bind(key.id, key.orgId, key.name, key.prefix, key.keyHash, key.access, JSON.stringify(key.scopes), key.createdAt, key.expiresAt, nowMs, cap),
    insertAuditIfChanged(d1, audit),
  ]);
  if (!results) return "issuance_cap";
  return results[0]!.meta.changes === 1 ? "inserted" : "key_cap";
}

/** A key by id; with `orgId`, only if it belongs to that organisation (a session never sees another's keys). */
export async function findKey(db: InventoryDb, keyId: string, orgId: string | null): Promise<ApiKeyRow | undefined> {
  const where = orgId === null ? eq(apiKeys.id, keyId) : and(eq(apiKeys.id, keyId), eq(apiKeys.orgId, orgId));
  return db.select().from(apiKeys).where(where).get();
}

/** A key by the SHA-256 of the whole key, as a request presents it. */
export async function findKeyByHash(db: InventoryDb, keyHash: string): Promise<ApiKeyRow | undefined> {
  return db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).get();
}

/**
 * One page of an organisation's keys, newest first, and keys of one millisecond later written first (rowid: their ids
 * differ only in their random part), so the order never depends on chance. The (org_id, created_at) index ends with
 * the rowid, so it serves the whole order. Fetches one row more than asked to tell `has_more`.
 */
export async function listKeys(db: InventoryDb, orgId: string, limit: number, offset: number): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.orgId, orgId))
    .orderBy(desc(apiKeys.createdAt), desc(sql`rowid`))
    .limit(limit + 1)
    .offset(offset)
    .all();
}

/** Every key of the organisation that is not revoked: the ones whose live state a plan change must reach. */
export async function listUnrevokedKeys(db: InventoryDb, orgId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.orgId, orgId), isNull(apiKeys.revokedAt)))
    .all();
}

const KEY_COLUMNS =
  "id, org_id, name, prefix, key_hash, access, scopes, created_at, expires_at, revoked_at, revoke_reason, superseded_at, grace_ends_at, replaces_key_id, replaced_by_key_id";

function insertKeyIfChanged(d1: D1Database, key: ApiKeyRow): D1PreparedStatement {
  return d1
    .prepare(`INSERT INTO api_keys (${KEY_COLUMNS}) SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE changes() = 1`)
    .bind(
      key.id,
      key.orgId,
      key.name,
      key.prefix,
      key.keyHash,
      key.access,
      JSON.stringify(key.scopes),
      key.createdAt,
      key.expiresAt,
      key.revokedAt,
      key.revokeReason,
      key.supersededAt,
      key.graceEndsAt,
      key.replacesKeyId,
      key.replacedByKeyId,
    );
}

/** How a rotation ended: recorded, lost to another call, or refused at the cap of keys in their grace or the daily cap. */
export type RotationRecord = "recorded" | "lost" | "grace_cap" | "issuance_cap";

/**
 * Rotation: marks the old key superseded with its grace end, inserts the replacement and the audit row, all
 * only if the old key was still active and unreplaced, and only while fewer than `graceCap` of the
 * organisation's superseded keys are still in their grace, counted in the same statement: a replacement can be
 * rotated at once, so without this bound a chain of rotations would keep any number of keys working. With
 * `issuedPerDay` (null: no daily cap), only while the organisation was issued fewer keys than that this IST day,
 * checked in the same transaction.
 */
export async function recordRotation(
  d1: D1Database,
  old: { id: string; supersededAt: number; graceEndsAt: number },
  replacement: ApiKeyRow,
  audit: AuditRow,
  graceCap: number,
  issuedPerDay: number | null,
): Promise<RotationRecord> {
  const results = await issuance.batch(d1, replacement.orgId!, issuedPerDay, old.supersededAt, [
    d1
      .prepare(
        `UPDATE api_keys SET superseded_at = ?1, grace_ends_at = ?2, replaced_by_key_id = ?3
          WHERE id = ?4 AND revoked_at IS NULL AND replaced_by_key_id IS NULL
            AND (SELECT count(*) FROM api_keys o WHERE o.org_id = api_keys.org_id AND o.superseded_at IS NOT NULL AND o.revoked_at IS NULL
                   AND o.grace_ends_at > ?1 AND (o.expires_at IS NULL OR o.expires_at > ?1)) < ?5`,
      )
      .bind(old.supersededAt, old.graceEndsAt, replacement.id, old.id, graceCap),
    insertKeyIfChanged(d1, replacement),
    insertAuditIfChanged(d1, audit),
  ]);
  if (!results) return "issuance_cap";
  if ((results[0]?.meta.changes ?? 0) === 1) return "recorded";
  const now = await d1
    .prepare("SELECT 1 AS open FROM api_keys WHERE id = ? AND revoked_at IS NULL AND replaced_by_key_id IS NULL")
    .bind(old.id)
    .first<{ open: number }>();
  return now ? "grace_cap" : "lost";
}

/** How a regeneration ended: recorded, lost to a revocation, or refused at the daily cap. */
export type RegenerationRecord = "recorded" | "lost" | "issuance_cap";

/**
 * Regeneration: revokes the old key (reason `regenerated`) and inserts the replacement, or nothing. With
 * `issuedPerDay` (null: no daily cap), only while the organisation was issued fewer keys than that this IST day.
 */
export async function recordRegeneration(
  d1: D1Database,
  old: { id: string; revokedAt: number },
  replacement: ApiKeyRow,
  audit: AuditRow,
  issuedPerDay: number | null,
): Promise<RegenerationRecord> {
  const results = await issuance.batch(d1, replacement.orgId!, issuedPerDay, old.revokedAt, [
    d1
      .prepare(
        "UPDATE api_keys SET revoked_at = ?, revoke_reason = 'regenerated', replaced_by_key_id = ? WHERE id = ? AND revoked_at IS NULL AND replaced_by_key_id IS NULL",
      )
      .bind(old.revokedAt, replacement.id, old.id),
    insertKeyIfChanged(d1, replacement),
    insertAuditIfChanged(d1, audit),
  ]);
  if (!results) return "issuance_cap";
  return (results[0]?.meta.changes ?? 0) === 1 ? "recorded" : "lost";
}

/**
 * Revocation with its reason and audit row, once: a repeated call changes nothing. A legacy key has no
 * organisation and so no audit log; its revocation lives on the key row alone.
 */
export async function recordRevocation(
  d1: D1Database,
  keyId: string,
  revokedAt: number,
  reason: string | null,
  audit: AuditRow | null,
): Promise<boolean> {
  const update = d1
    .prepare("UPDATE api_keys SET revoked_at = ?, revoke_reason = ? WHERE id = ? AND revoked_at IS NULL")
    .bind(revokedAt, reason, keyId);
  const [updated] = await d1.batch(audit ? [update, insertAuditIfChanged(d1, audit)] : [update]);
  return (updated?.meta.changes ?? 0) === 1;
}
