import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";

export type TaxDb = DrizzleD1Database & { $client: D1Database };

// One client per D1 binding, made on first use: drizzle builds its session and dialect once per isolate, not
// per request. No relational schema is given: every query names its tables, and the relational config drizzle
// would otherwise derive from the whole schema per client goes unused.
const clients = new WeakMap<D1Database, TaxDb>();

export function taxDb(d1: D1Database): TaxDb {
  let db = clients.get(d1);
  if (!db) clients.set(d1, (db = drizzle(d1)));
  return db;
}
