// Runs before every test file of the Worker projects. The files of a project share one runtime (vitest.config.ts), so
// each starts as if alone: the database a fresh deployment has (every migration applied, no rows), the real clock, and
// no spy or stubbed global left by the file before.
import { applyD1Migrations, env } from "cloudflare:test";
import { vi } from "vitest";
import { dataTables } from "./data-tables";

vi.useRealTimers();
vi.restoreAllMocks();
vi.unstubAllGlobals();

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
// One transaction; foreign keys are checked at its end, when every table is empty.
await env.DB.batch([
  env.DB.prepare("PRAGMA defer_foreign_keys = on"),
  ...(await dataTables(env.DB)).map((name) => env.DB.prepare(`DELETE FROM "${name}"`)),
]);
