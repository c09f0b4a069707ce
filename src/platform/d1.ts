// D1 for the services' db/ code: one drizzle client per binding, and the binding limits. No SQL here.
import { DrizzleQueryError } from "drizzle-orm";
import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";

export type Database = DrizzleD1Database & { $client: D1Database };

// Made on first use: drizzle builds its session and dialect once per isolate, not per request. No relational
// schema is given: every query names its tables, and the relational config drizzle would otherwise derive from
// the whole schema per client goes unused.
const clients = new WeakMap<D1Database, Database>();

/** The drizzle client of a D1 binding. */
export function database(d1: D1Database): Database {
  let db = clients.get(d1);
  if (!db) clients.set(d1, (db = drizzle(d1)));
  return db;
}

const statements = new WeakMap<Database, Map<unknown, unknown>>();

/**
 * A query `build` makes once per client, run again with new placeholder values (`sql.placeholder`): drizzle's
 * building of a query (its SQL text and field mapping) costs more isolate time than sending it. `build` must be
 * a module-level function, the key of its statement.
 */
export function prepared<Statement>(db: Database, build: (db: Database) => Statement): Statement {
  let built = statements.get(db);
  if (!built) statements.set(db, (built = new Map()));
  let statement = built.get(build) as Statement | undefined;
  if (!statement) built.set(build, (statement = build(db)));
  return statement;
}

/** D1 binds at most 100 parameters per statement; 90 leaves room for a statement's other parameters. */
const CHUNK = 90;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * What a log may say about an unexpected error. A failed drizzle query's message carries its SQL and every bound
 * value (names, GSTINs, key hashes, a webhook signing secret being sealed), so only the database's own error, its
 * cause, is logged.
 */
export function loggableError(error: unknown): string {
  const shown = error instanceof DrizzleQueryError && error.cause ? error.cause : error;
  return shown instanceof Error ? `${shown.name}: ${shown.message}` : String(shown);
}

/**
 * Whether a failed query's error says `message`, whether D1 threw it or drizzle wrapped it (as its cause): how a
 * batch that a guard statement failed on purpose (a NOT NULL insert, SQLite having no RAISE outside triggers) is
 * told from any other failure.
 */
export function failedWith(error: unknown, message: string): boolean {
  for (let cause = error; cause !== undefined; cause = cause instanceof Error ? cause.cause : undefined) {
    if (String(cause).includes(message)) return true;
  }
  return false;
}
