// The key registry's questions, for each service's own table of API keys: was a key ever issued, and may its
// owner be issued one more today.
import { eq, getTableName, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { type Database, failedWith, prepared } from "../d1";
import { istDayBounds } from "../pure/ist";

/** A service's table of issued API keys: the columns the registry reads. */
export type KeyRegistryTable = SQLiteTable & { id: SQLiteColumn; keyHash: SQLiteColumn };

/**
 * Whether a key with this SHA-256 was ever issued (revoked and expired keys included), asked of `table`. Asked
 * for every unknown key, so the statement is prepared once per client: a flood of random keys costs a query
 * each, not a query build.
 */
export function keyRegistry(table: KeyRegistryTable): (db: Database, keyHash: string) => Promise<boolean> {
  const byHash = (db: Database) =>
    db
      .select({ id: table.id })
      .from(table)
      .where(eq(table.keyHash, sql.placeholder("keyHash")))
      .prepare();
  return async (db, keyHash) => (await prepared(db, byHash).get({ keyHash })) !== undefined;
}

/** A service's table of issued API keys with its creation time: the columns the daily issuance cap counts. */
export type IssuedKeysTable = SQLiteTable & { id: SQLiteColumn; createdAt: SQLiteColumn };

/**
 * The daily cap on keys issued to one owner (`owner`: the column naming the account or organisation), created,
 * rotated and regenerated keys together, for the D1 batch that records a new key: `batch` runs it after a guard
 * that, when the owner already holds `perDay` keys created in the IST day of `nowMs`, fails the batch's whole
 * transaction, so the key, its audit row and the mark of its Idempotency-Key all stay unwritten. D1 runs one
 * transaction at a time, so concurrent requests at the cap cannot all pass the count.
 */
export function dailyIssuance(table: IssuedKeysTable, owner: SQLiteColumn) {
  const name = getTableName(table);
  // SQLite has no way to raise an error outside a trigger: the guard inserts a row without its NOT NULL id,
  // which fails exactly when the count has reached the cap.
  const guard = `INSERT INTO ${name} (${table.id.name}) SELECT NULL
    WHERE (SELECT count(*) FROM ${name} WHERE ${owner.name} = ?1 AND ${table.createdAt.name} >= ?2 AND ${table.createdAt.name} < ?3) >= ?4`;
  const failure = `NOT NULL constraint failed: ${name}.${table.id.name}`;
  return {
    /** The results of `statements`, run as one batch (guarded unless `perDay` is null), or null when refused at the cap. */
    async batch(
      d1: D1Database,
      ownerId: string,
      perDay: number | null,
      nowMs: number,
      statements: D1PreparedStatement[],
    ): Promise<D1Result[] | null> {
      if (perDay === null) return d1.batch(statements);
      const { startMs, endMs } = istDayBounds(nowMs);
      try {
        return (await d1.batch([d1.prepare(guard).bind(ownerId, startMs, endMs, perDay), ...statements])).slice(1);
      } catch (error) {
        if (failedWith(error, failure)) return null;
        throw error;
      }
    },
  };
}
