// Stands in for drizzle's Postgres enum module when wrangler bundles a Worker (the [alias] in wrangler.*.toml).
// drizzle's SQL builder (sql/sql.js, shared by every dialect) imports it for one check, whether a query chunk is a
// Postgres enum, which brings pg-core's column classes into a SQLite Worker. Only `pgEnum()` makes such an object
// (it carries Symbol.for("drizzle:isPgEnum")), and no D1 query has one.

/** As drizzle's: whether `chunk` is a Postgres enum; never, in a Worker that builds SQLite queries only. */
export function isPgEnum(_chunk: unknown): boolean {
  return false;
}
