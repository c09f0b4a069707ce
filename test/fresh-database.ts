// Runs before every test file of the Worker projects. The files of a project share one runtime (vitest.config.ts), so
// each starts as if alone: the database a fresh deployment has (every migration applied, no rows), the real clock, and
// no spy or stubbed global left by the file before.
import { applyD1Migrations, env } from "cloudflare:test";
import { vi } from "vitest";

vi.useRealTimers();
vi.restoreAllMocks();
vi.unstubAllGlobals();

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const { results: tables } = await env.DB.prepare(
  "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
).all<{ name: string }>();
// One transaction; foreign keys are checked at its end, when every table is empty.
await env.DB.batch([env.DB.prepare("PRAGMA defer_foreign_keys = on"), ...tables.map(({ name }) => env.DB.prepare(`DELETE FROM "${name}"`))]);
