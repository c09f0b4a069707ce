// The key registry's one question, for each service's own table of API keys.
import { eq, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { type Database, prepared } from "../d1";

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
