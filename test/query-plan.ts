// SQLite's plan for the statements a query function runs, read off the SQL it prepares: a plan test of a hand-written
// copy of the SQL would go on passing whatever the code came to write.
import { env } from "cloudflare:test";

/** EXPLAIN QUERY PLAN of each statement `run` prepares on the test database, in the order it ran them. */
export async function plansOf(run: (db: D1Database) => Promise<unknown>): Promise<string[]> {
  const statements: Array<{ query: string; params: unknown[] }> = [];
  const recording: D1Database = {
    prepare: (query) =>
      new Proxy(env.DB.prepare(query), {
        get(statement, name) {
          if (name !== "bind") return Reflect.get(statement, name).bind(statement);
          return (...params: unknown[]) => {
            statements.push({ query, params });
            return statement.bind(...params);
          };
        },
      }),
    batch: <T = unknown>(batch: D1PreparedStatement[]) => env.DB.batch<T>(batch),
    exec: (query) => env.DB.exec(query),
    withSession: (constraint) => env.DB.withSession(constraint),
    dump: () => env.DB.dump(),
  };
  await run(recording);
  const plans: string[] = [];
  for (const { query, params } of statements) {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`)
      .bind(...params)
      .all<{ detail: string }>();
    plans.push(results.map((row) => row.detail).join("\n"));
  }
  return plans;
}
