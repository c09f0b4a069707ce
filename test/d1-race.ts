// A D1 database raced inside each write's own transaction, for tests of writes that check again in their batch.
/**
 * `d1` with every batch run between `before()` and `after()`, in the same transaction: what another request
 * committing just before the write and undone just after would look like to the write's own checks, while every
 * read outside the writes sees the database as it was. The race stops after `races` writes (then batches run
 * plainly), so code that retried without a bound finishes instead of looping for ever. `writes()` counts them.
 */
export function racedWrites(
  d1: D1Database,
  around: { before: () => D1PreparedStatement; after: () => D1PreparedStatement },
  races = 10,
): { db: D1Database; writes: () => number } {
  let writes = 0;
  const db: D1Database = {
    prepare: (query) => d1.prepare(query),
    batch: async <T = unknown>(statements: D1PreparedStatement[]) => {
      writes++;
      if (writes > races) return d1.batch<T>(statements);
      const results = await d1.batch<T>([around.before(), ...statements, around.after()]);
      return results.slice(1, -1);
    },
    exec: (query) => d1.exec(query),
    withSession: (constraint) => d1.withSession(constraint),
    dump: () => d1.dump(),
  };
  return { db, writes: () => writes };
}

/**
 * `d1` whose first `races` writes each wait, before their batch, for `other()` (another request, run to its end):
 * a write whose reads came before the other request and whose batch comes after it, as when both are sent at once.
 * `raced()` counts the writes that waited.
 */
export function writesAfter(d1: D1Database, other: () => Promise<unknown>, races = 1): { db: D1Database; raced: () => number } {
  let raced = 0;
  const db: D1Database = {
    prepare: (query) => d1.prepare(query),
    batch: async <T = unknown>(statements: D1PreparedStatement[]) => {
      if (raced < races) {
        raced++;
        await other();
      }
      return d1.batch<T>(statements);
    },
    exec: (query) => d1.exec(query),
    withSession: (constraint) => d1.withSession(constraint),
    dump: () => d1.dump(),
  };
  return { db, raced: () => raced };
}
