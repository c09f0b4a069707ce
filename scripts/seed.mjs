// Idempotent demo data for `npm start` (and `npm run seed:large` for the benchmark): every row has a fixed
// id and is written with INSERT OR IGNORE, and every date is relative to the day the demo organisation was first
// created, so running it again, on any later day, changes nothing.
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { ROOT, executeLocalSql, queryLocal } from "./lib.mjs";

export const DEMO_ORG_ID = "org_00000000000000000000000001";
/** The demo organisation supplies from Tiruppur, Tamil Nadu. */
export const DEMO_SELLER = { gstin: "33ABGFS4821K1Z3", stateCode: "33" };
export const DEMO_ADMIN = { id: "usr_00000000000000000000000001", email: "admin@yarn.example", password: "demo-password-2026" };

/** Same format as src/platform/auth/password.ts. */
export function hashPassword(password) {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, 100_000, 32, "sha256");
  return `pbkdf2-sha256$100000$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

export const sqlString = (value) => (value === null || value === undefined ? "NULL" : `'${String(value).replace(/'/g, "''")}'`);

function organisationSql(now) {
  return [
    `INSERT OR IGNORE INTO organisations (id, name, plan, subscription_status, created_at, gstin, state_code) VALUES (${sqlString(DEMO_ORG_ID)}, 'Shree Ganesh Yarn Traders', 'business', 'active', ${now}, ${sqlString(DEMO_SELLER.gstin)}, ${sqlString(DEMO_SELLER.stateCode)});`,
    `INSERT OR IGNORE INTO admin_users (id, org_id, email, password_hash, created_at) VALUES (${sqlString(DEMO_ADMIN.id)}, ${sqlString(DEMO_ORG_ID)}, ${sqlString(DEMO_ADMIN.email)}, ${sqlString(hashPassword(DEMO_ADMIN.password))}, ${now});`,
  ];
}

/**
 * The instant the demo data is dated from: the demo organisation's creation when it exists, else `nowMs`. Rows that
 * exist are kept (INSERT OR IGNORE), so a rerun on a later day that dated its rows from that day would mix two
 * generations: sales whose lines and totals, lots whose stock and credit notes whose invoices no longer agree.
 */
function seedAnchor(persistTo, nowMs) {
  const [[organisation]] = queryLocal("inventory", [`SELECT created_at FROM organisations WHERE id = ${sqlString(DEMO_ORG_ID)}`], persistTo);
  return organisation?.created_at ?? nowMs;
}

/** Every statement of the demo data, dated from `now`, one SQL statement each. */
export async function demoSeedStatements({ large = false, now }) {
  // The seed takes its catalogue and rules from the service's TypeScript domain modules: tsx loads them.
  const { register } = await import("tsx/esm/api");
  const unregister = register();
  try {
    const { inventorySeedStatements } = await import("./seed-inventory.mjs");
    return [...organisationSql(now), ...inventorySeedStatements({ orgId: DEMO_ORG_ID, seller: DEMO_SELLER, large, nowMs: now })];
  } finally {
    await unregister();
  }
}

export async function seedDemo({ large = false, persistTo, nowMs = Date.now() } = {}) {
  const statements = await demoSeedStatements({ large, now: seedAnchor(persistTo, nowMs) });
  // A file of its own: seeds of other databases may run at the same time (the tests seed several side by side).
  mkdirSync(`${ROOT}.wrangler`, { recursive: true });
  const folder = mkdtempSync(`${ROOT}.wrangler/seed-`);
  try {
    const file = `${folder}/inventory.sql`;
    writeFileSync(file, statements.join("\n") + "\n");
    executeLocalSql("inventory", file, persistTo);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  console.log(`Seeded the demo organisation (${statements.length} statements).`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { applyLocalMigrations } = await import("./lib.mjs");
  applyLocalMigrations("inventory");
  await seedDemo({ large: process.argv.includes("--large") });
}
