// Where Idempotency-Key records live: one table in each service's D1 (both drizzle schemas export it, so
// each service's migrations create it). A claim is one conditional INSERT … ON CONFLICT, which D1 runs as
// one serialised write, so of any number of concurrent requests with one key exactly one claims it.
import { and, eq, isNull, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    /** Who sent the key (an API key's owner, the operator, a session's account): keys never cross callers. */
    scope: text("scope").notNull(),
    /** SHA-256 of the Idempotency-Key: the key itself is never stored. */
    key: text("key").notNull(),
    /** SHA-256 of method, path and body of the first request. */
    fingerprint: text("fingerprint").notNull(),
    /** The first response; null while the first request is still running. */
    status: integer("status"),
    /** The first response's headers and body, sealed under a key derived from the Idempotency-Key (see idempotency.ts). */
    body: text("body"),
    createdAt: integer("created_at").notNull(),
    /** While `status` is null: after this time the first request is presumed dead and the key may be claimed again. */
    lockedUntil: integer("locked_until").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("idempotency_keys_created").on(t.createdAt)],
);

export type IdempotencyRecord = typeof idempotencyKeys.$inferSelect;

export interface StoredResponse {
  status: number;
  body: string;
}

export interface IdempotencyStore {
  /** Claims the key for a new request; false when a live record already holds it. */
  claim(scope: string, key: string, fingerprint: string, nowMs: number, expiredBefore: number, lockedUntil: number): Promise<boolean>;
  find(scope: string, key: string): Promise<IdempotencyRecord | undefined>;
  /**
   * Stores the first request's response, only while the record is still this request's claim (`claimedAt`, no
   * answer yet): a request that outlived its lock, whose key was claimed again, must not replace that answer.
   */
  complete(scope: string, key: string, claimedAt: number, response: StoredResponse): Promise<void>;
  /** Gives the key back (the request never began: refused before the handler ran), if it is still this request's claim. */
  release(scope: string, key: string, claimedAt: number): Promise<void>;
}

export function d1IdempotencyStore(d1: D1Database): IdempotencyStore {
  const db = drizzle(d1);
  const claimOf = (scope: string, key: string, claimedAt: number) =>
    and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), eq(idempotencyKeys.createdAt, claimedAt), isNull(idempotencyKeys.status));
  return {
    async claim(scope, key, fingerprint, nowMs, expiredBefore, lockedUntil) {
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ scope, key, fingerprint, status: null, body: null, createdAt: nowMs, lockedUntil })
        .onConflictDoUpdate({
          target: [idempotencyKeys.scope, idempotencyKeys.key],
          set: { fingerprint, status: null, body: null, createdAt: nowMs, lockedUntil },
          // Only a record past its 24 h, or a first request that died while holding the key, is replaced.
          setWhere: sql`${idempotencyKeys.createdAt} < ${expiredBefore} OR (${idempotencyKeys.status} IS NULL AND ${idempotencyKeys.lockedUntil} < ${nowMs})`,
        })
        .returning({ key: idempotencyKeys.key });
      return claimed.length === 1;
    },
    async find(scope, key) {
      return db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
        .get();
    },
    async complete(scope, key, claimedAt, response) {
      await db
        .update(idempotencyKeys)
        .set({ status: response.status, body: response.body })
        .where(claimOf(scope, key, claimedAt));
    },
    async release(scope, key, claimedAt) {
      await db.delete(idempotencyKeys).where(claimOf(scope, key, claimedAt));
    },
  };
}

/** Records pruned per cron run: bounded work per run, and 10-minute runs keep far ahead of any real volume. */
const PRUNE_BATCH = 1_000;

/** Deletes records older than 24 h (`expiredBefore`); the services' crons call it. Returns how many went. */
export async function pruneIdempotencyKeys(d1: D1Database, expiredBefore: number): Promise<number> {
  const result = await d1
    .prepare("DELETE FROM idempotency_keys WHERE rowid IN (SELECT rowid FROM idempotency_keys WHERE created_at < ? LIMIT ?)")
    .bind(expiredBefore, PRUNE_BATCH)
    .run();
  return result.meta.changes;
}
