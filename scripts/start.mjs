// `npm start`: local D1 migrations, idempotent demo data, `.dev.vars`, both Workers on 127.0.0.1, and demo
// keys printed ready for curl. Runs until Ctrl-C, then stops both Workers.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { ROOT, SERVICES, adminCall, applyLocalMigrations, ensureDevVars, freePort, portIsFree, portOf, startWranglerDev, waitFor } from "./lib.mjs";
import { DEMO_ORG_ID, seedDemo } from "./seed.mjs";

const vars = ensureDevVars();
const taxPort = portOf("tax");
const inventoryPort = portOf("inventory");
const taxUrl = `http://127.0.0.1:${taxPort}`;
const inventoryUrl = `http://127.0.0.1:${inventoryPort}`;

// A taken port would otherwise surface later as a confusing answer from whatever listens there.
for (const [service, port] of [
  ["tax", taxPort],
  ["inventory", inventoryPort],
]) {
  if (!(await portIsFree(port))) {
    console.error(
      `Port ${port} (the ${service} service) is already in use on 127.0.0.1. Stop whatever listens there (an earlier npm start?) or choose another port: ${SERVICES[service].portVariable}=<port> npm start`,
    );
    process.exit(1);
  }
}

console.log("Applying local D1 migrations…");
applyLocalMigrations("tax");
applyLocalMigrations("inventory");
await seedDemo({ large: false });

// Each Worker's devtools inspector on a port that is free now, never a fixed one that another program may hold.
const children = [
  startWranglerDev("tax", taxPort, { inspectorPort: await freePort() }),
  startWranglerDev("inventory", inventoryPort, { inspectorPort: await freePort() }),
];
let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGINT");
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
for (const child of children) child.on("exit", (code) => !stopping && (console.error(`A Worker exited (${code}); stopping.`), stop(1)));

let demo;
try {
  await Promise.all([waitFor(`${taxUrl}/api/v1/health`), waitFor(`${inventoryUrl}/api/v1/health`)]);
  demo = await demoKeys();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  stop(1);
  await new Promise(() => {});
}

console.log(`
Tax service        ${taxUrl}/api/v1        (API reference: ${taxUrl}/api/v1/docs, health: ${taxUrl}/api/v1/health)
Inventory service  ${inventoryUrl}/api/v1  (API reference: ${inventoryUrl}/api/v1/docs, health: ${inventoryUrl}/api/v1/health)
Tax web page       ${taxUrl}/              sign in as ${demo.taxAccount.email} / ${demo.taxAccount.password}
Inventory admin    ${inventoryUrl}/admin   sign in as ${demo.inventoryAdmin.email} / ${demo.inventoryAdmin.password}

Demo keys (also in .wrangler/demo-keys.json):
  export TAX_KEY=${demo.taxKey}
  export INV_KEY=${demo.inventoryKey}
  export ADMIN_TOKEN=${vars.ADMIN_TOKEN}

Try:
  curl -s -X POST ${taxUrl}/api/v1/compute -H "Authorization: Bearer $TAX_KEY" -H 'Content-Type: application/json' \\
    -d '{"financialYear":"2025-26","profile":{"age":30,"residentialStatus":"resident","houseProperties":[],"salary":{"grossSalary":1800000,"basicPlusDA":900000,"hraReceived":360000,"rentPaid":300000,"isMetroCity":true,"professionalTax":2400},"deductions":{"section80C":150000,"section80D_selfFamily":25000},"taxesPaid":150000}}'
  curl -s "${inventoryUrl}/api/v1/inventory?limit=5" -H "Authorization: Bearer $INV_KEY"

Press Ctrl-C to stop both Workers.
`);

/** Re-uses the demo keys from an earlier start while they still work; otherwise issues new ones. */
async function demoKeys() {
  const file = `${ROOT}.wrangler/demo-keys.json`;
  const saved = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
  const works = async (url, key) => key && (await fetch(url, { headers: { Authorization: `Bearer ${key}` } })).status === 200;
  const taxAccount = { email: "demo@tax.example", password: "demo-password-2026" };
  const inventoryAdmin = { email: "admin@yarn.example", password: "demo-password-2026" };
  let taxKey = saved?.taxKey;
  let inventoryKey = saved?.inventoryKey;

  // The web page's demo account, with its password (409 when it exists already, which is fine).
  const account = await adminCall(taxUrl, vars.ADMIN_TOKEN, "POST", "/admin/api/accounts", taxAccount);
  if (account.status !== 201 && account.status !== 409) throw new Error(`Could not create the tax demo account: ${JSON.stringify(account.body)}`);
  if (!(await works(`${taxUrl}/api/v1/deadlines?limit=1`, taxKey))) {
    const created = await adminCall(taxUrl, vars.ADMIN_TOKEN, "POST", "/admin/api/keys", {
      accountEmail: taxAccount.email,
      name: "demo",
      scopes: ["documents:parse", "deadlines:read", "profiles:read", "profiles:write", "webhooks:manage", "events:read"],
    });
    if (created.status !== 201) throw new Error(`Could not create the tax demo key: ${JSON.stringify(created.body)}`);
    taxKey = created.body.data.key;
  }
  if (!(await works(`${inventoryUrl}/api/v1/inventory?limit=1`, inventoryKey))) {
    const created = await adminCall(inventoryUrl, vars.ADMIN_TOKEN, "POST", `/admin/api/orgs/${DEMO_ORG_ID}/keys`, {
      name: "demo",
      access: "read_only",
    });
    if (created.status !== 201) throw new Error(`Could not create the inventory demo key: ${JSON.stringify(created.body)}`);
    inventoryKey = created.body.data.key;
  }
  mkdirSync(`${ROOT}.wrangler`, { recursive: true });
  writeFileSync(file, JSON.stringify({ taxKey, inventoryKey }, null, 2), { mode: 0o600 });
  return { taxKey, inventoryKey, taxAccount, inventoryAdmin };
}
