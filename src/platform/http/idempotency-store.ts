// Where Idempotency-Key records live: one table in each service's D1 (both drizzle schemas export it, so
// each service's migrations create it). A claim is one conditional INSERT … ON CONFLICT, which D1 runs as
// one serialised write, so of any number of concurrent requests with one key exactly one claims it.
import { and, eq, isNull, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { failedWith } from "../d1";

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
    /**
     * When the first request's write committed, set in that write's own transaction: from then on the key is
     * never claimed again, even if the request ended before keeping its answer.
     */
    actedAt: integer("acted_at"),
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
  /** Gives the key back (the request never began: refused before the handler ran), if it is still this request's claim and it has not acted. */
  release(scope: string, key: string, claimedAt: number): Promise<void>;
  /**
   * Statements to run last in the batch of the request's write: they mark the claim as acted on in the write's
   * own transaction, and fail that transaction (so the write does not happen) when the claim is no longer this
   * request's, because it outlived its lock and a retry claimed the key.
   */
  actOn(scope: string, key: string, claimedAt: number, nowMs: number): D1PreparedStatement[];
}

/** The message of the statement that fails a write whose claim was lost (see `actOn`). */
const LOST_CLAIM = "NOT NULL constraint failed: idempotency_keys.scope";

/** Whether a write failed because its request no longer held its Idempotency-Key (see `actOn`). */
export function isLostClaim(error: unknown): boolean {
  return failedWith(error, LOST_CLAIM);
}

export function d1IdempotencyStore(d1: D1Database): IdempotencyStore {
  const db = drizzle(d1);
  const claimOf = (scope: string, key: string, claimedAt: number) =>
    and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), eq(idempotencyKeys.createdAt, claimedAt), isNull(idempotencyKeys.status));
  const markActed = d1.prepare("UPDATE idempotency_keys SET acted_at = ?4 WHERE scope = ?1 AND key = ?2 AND created_at = ?3 AND status IS NULL");
  // SQLite has no way to raise an error outside a trigger: inserting a row without its NOT NULL scope fails the
  // batch's transaction exactly when the mark above changed nothing.
  const failUnlessMarked = d1.prepare("INSERT INTO idempotency_keys (scope) SELECT NULL WHERE changes() = 0");
  return {
    async claim(scope, key, fingerprint, nowMs, expiredBefore, lockedUntil) {
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ scope, key, fingerprint, status: null, body: null, createdAt: nowMs, lockedUntil, actedAt: null })
        .onConflictDoUpdate({
          target: [idempotencyKeys.scope, idempotencyKeys.key],
          set: { fingerprint, status: null, body: null, createdAt: nowMs, lockedUntil, actedAt: null },
          // Only a record past its 24 h, or a first request that died while holding the key before it acted, is replaced.
          setWhere: sql`${idempotencyKeys.createdAt} < ${expiredBefore} OR (${idempotencyKeys.status} IS NULL AND ${idempotencyKeys.actedAt} IS NULL AND ${idempotencyKeys.lockedUntil} < ${nowMs})`,
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
      await db.delete(idempotencyKeys).where(and(claimOf(scope, key, claimedAt), isNull(idempotencyKeys.actedAt)));
    },
    actOn(scope, key, claimedAt, nowMs) {
      return [markActed.bind(scope, key, claimedAt, nowMs), failUnlessMarked];
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
