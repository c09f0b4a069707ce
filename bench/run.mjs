// `npm run bench`: latency, throughput and memory of both Workers against floors measured in the same run,
// plus the pure microbenchmarks and bundle sizes. Writes bench/results/latest.json and prints a table.
// Everything runs in a temporary --persist-to directory with the bench's own secrets; the developer's
// .wrangler/state and .dev.vars are never read or written. See BENCHMARKS.md for the method.
//
// Knobs (environment): BENCH_SECONDS (measured seconds per run, default 3), BENCH_WARMUP (default 1),
// BENCH_CONCURRENCY (default "1,10,50"), BENCH_SKIP_WRANGLER_DEV=1, BENCH_SKIP_MICRO=1, BENCH_SKIP_STARTUP=1,
// BENCH_SKIP_TAX=1, BENCH_SKIP_INVENTORY=1, BENCH_ONLY=<scenario ids> (partial runs, for work on one service or
// route). Each scenario runs
// REPEATS (3) times per concurrency; the report gives the median and the spread. The process exits non-zero
// when any scenario answers other than its expected status (see bench/lib/scenarios.mjs).
import { execFileSync } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import { ROOT, createLocalDatabase, executeLocalSql, waitFor } from "../scripts/lib.mjs";
import { coldParse } from "./cold/parse.mjs";
import { organisationDataSql, organisationSql } from "./lib/data.mjs";
import { printReport, targets } from "./lib/report.mjs";
import { BenchFailure, REPEATS, TMP, fetchRetry, mapLimit, measure, measureExport, probe, round } from "./lib/scenarios.mjs";
import { bundle, memoryOf, startMiniflare, startWranglerDev, stopChild } from "./lib/stack.mjs";
import { workerOptions } from "../scripts/local-workers.mjs";

const benchStarted = performance.now();
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 1);
const concurrencies = (process.env.BENCH_CONCURRENCY ?? "1,10,50").split(",").map(Number);
const log = (line) => console.log(line);
const elapsed = () => `${((performance.now() - benchStarted) / 1000).toFixed(0)}s`;

const RESULTS = `${ROOT}bench/results`;
mkdirSync(TMP, { recursive: true });
// Storage on tmpfs when there is one: local D1 and Durable Object writes fsync the SQLite files, and on a
// shared VM disk each fsync costs milliseconds (BENCHMARKS.md, "Why tmpfs"), which would measure the disk.
const persistRoot = process.env.BENCH_PERSIST_ROOT ?? (existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir());
const work = mkdtempSync(`${persistRoot}/bench-`);
const persist = `${work}/state`;
const secret = () => randomBytes(24).toString("base64url");
const secrets = { ADMIN_TOKEN: secret(), RAZORPAY_WEBHOOK_SECRET: secret(), SESSION_SECRET: secret(), WEBHOOK_ALLOW_LOOPBACK: "false" };
// The bench's own secrets, given to both Miniflare and wrangler dev as their only env file.
const envFile = `${work}/bench.env`;
writeFileSync(
  envFile,
  Object.entries(secrets)
    .map(([name, value]) => `${name}=${value}`)
    .join("\n") + "\n",
  { mode: 0o600 },
);

const results = {
  startedAt: new Date().toISOString(),
  settings: { seconds, warmupSeconds, concurrencies, repeats: REPEATS, persistRoot },
  machine: machine(),
  bundles: {},
  startup: {},
  micro: null,
  coldParse: null,
  scenarios: [],
  exports: [],
  notes: [],
  failures: [],
};
const _note = (text) => {
  results.notes.push(text);
  log(`  note: ${text}`);
};
const failure = (text) => {
  results.failures.push(text);
  log(`  FAILURE: ${text}`);
};

// BENCH_ONLY=tax.compute,floor.do-put measures only those scenarios (floor.bare always runs: it sizes the key pools).
const only = process.env.BENCH_ONLY?.split(",");

/**
 * Measures a scenario and records it. A scenario that answers anything but its expected status is recorded
 * as a failure (the bench then exits non-zero) and the run goes on, so one report shows every failure.
 */
async function measured(context, scenario) {
  if (only && scenario.id !== "floor.bare" && !only.includes(scenario.id)) return null;
  try {
    const entry = await measure(context, scenario);
    results.scenarios.push(entry);
    return entry;
  } catch (error) {
    if (!(error instanceof BenchFailure)) throw error;
    results.scenarios.push(error.entry);
    failure(error.message);
    return error.entry;
  }
}

/**
 * Brings a per-minute budget into its spent state for a whole run: waits for the next minute when too little
 * of the current one is left for warm-up + run (the windows are calendar minutes), then sends requests until
 * one answers 429, so every request of the run meets the refusal the scenario measures.
 */
async function spendMinute(origin, authorization, limit) {
  const needMs = (warmupSeconds + seconds + 5) * 1000;
  if (needMs > 60_000) throw new Error("BENCH_WARMUP + BENCH_SECONDS must leave room in one minute for the over-limit scenarios");
  const leftMs = 60_000 - (Date.now() % 60_000);
  if (leftMs < needMs) await new Promise((resolve) => setTimeout(resolve, leftMs + 50));
  for (let i = 0; i <= limit + 1; i++) if ((await probe(origin, { path: "/api/v1/deadlines", authorization })).status === 429) return;
  throw new BenchFailure(`${limit + 2} requests with ${authorization.slice(0, 20)}… never answered 429`);
}

function machine() {
  const workerdVersion = execFileSync(`${ROOT}node_modules/.bin/workerd`, ["--version"], { encoding: "utf8" }).trim();
  const pkg = (name) => JSON.parse(readFileSync(`${ROOT}node_modules/${name}/package.json`, "utf8")).version;
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    memoryGiB: round(os.totalmem() / 2 ** 30, 1),
    node: process.version,
    workerd: workerdVersion,
    wrangler: pkg("wrangler"),
    miniflare: pkg("miniflare"),
    autocannon: pkg("autocannon"),
    platform: `${os.type()} ${os.release()}`,
    // Other work on the machine during the run (shared CI or developer boxes) shows here; see BENCHMARKS.md.
    loadAverageAtStart: os.loadavg().map((x) => round(x, 2)),
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function call(origin, method, path, body, headers = {}) {
  const init = {
    method,
    headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  };
  const response = await fetchRetry(`${origin}${path}`, init);
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 400)}`);
  return json;
}
const admin = (origin) => (method, path, body) => call(origin, method, path, body, { Authorization: `Bearer ${secrets.ADMIN_TOKEN}` });

// ---------------------------------------------------------------------------------------------------------
// Inputs of the scenarios.

/** The seed's typical salaried profile (same facts as bench/micro/tax-engine.bench.ts). */
const SALARIED_PROFILE = {
  age: 34,
  residentialStatus: "resident",
  city: "Bengaluru",
  salary: {
    grossSalary: 1_800_000,
    basicPlusDA: 900_000,
    hraReceived: 360_000,
    rentPaid: 300_000,
    professionalTax: 2_500,
    isGovernmentEmployer: false,
  },
  houseProperties: [{ type: "self_occupied", annualRent: 0, municipalTaxesPaid: 0, interestOnHousingLoan: 150_000 }],
  otherIncome: { savingsInterest: 8_000, depositInterest: 25_000, dividends: 4_000, familyPension: 0 },
  deductions: { section80C: 100_000, section80D_selfFamily: 15_000, parentsAge: 63 },
  taxesPaid: 150_000,
};
const FORM16_FIXTURE = "test/fixtures/documents/form16-traces-part-a-and-b-new-regime.txt";
const TAX_SCOPES = ["documents:parse", "deadlines:read", "profiles:read", "profiles:write"];
const TAX_PAID_PER_MINUTE = 120;
const INVENTORY_ENTERPRISE_PER_MINUTE = 6_000;
const UNKNOWN_TAX_KEY = `tax_zzzzzzzz_${"Q".repeat(32)}`;
/** The auth floor: one exact, durable counting call to a Durable Object, what every authenticated request needs. */
const AUTH_FLOOR = "floor.do-put";
const AUTH_FLOOR_REQUEST = { path: "/floor/do/put" };

/** Upper bound of any Worker's throughput at a concurrency: the bare floor's, measured first in this run. */
const ceilingRps = new Map();
function poolSize(connections, perKey) {
  const ceiling = ceilingRps.get(connections) ?? Math.max(...ceilingRps.values(), 5_000);
  return Math.ceil((ceiling * (seconds + warmupSeconds) * 1.3) / perKey) + connections;
}

// ---------------------------------------------------------------------------------------------------------

async function bundles() {
  log(`[${elapsed()}] bundling with wrangler deploy --dry-run`);
  const out = `${work}/dist`;
  const made = {
    tax: await bundle("wrangler.tax.toml", `${out}/tax`),
    inventory: await bundle("wrangler.inventory.toml", `${out}/inventory`),
    bare: await bundle("bench/floors/wrangler.bare.toml", `${out}/bare`),
    d1Tax: await bundle("bench/floors/wrangler.d1-tax.toml", `${out}/d1-tax`),
    d1Inventory: await bundle("bench/floors/wrangler.d1-inventory.toml", `${out}/d1-inventory`),
    do: await bundle("bench/floors/wrangler.do.toml", `${out}/do`),
  };
  for (const [name, b] of Object.entries(made)) {
    results.bundles[name] = { totalKiB: b.totalKiB, gzipKiB: b.gzipKiB };
    log(`  ${name.padEnd(12)} ${b.totalKiB} KiB, gzip ${b.gzipKiB} KiB`);
  }
  return made;
}

function micro() {
  if (process.env.BENCH_SKIP_MICRO) return;
  log(`[${elapsed()}] microbenchmarks: vitest bench (plain Node, one core)`);
  const file = `${TMP}/micro.json`;
  rmSync(file, { force: true });
  try {
    execFileSync(`${ROOT}node_modules/.bin/vitest`, ["bench", "--run", "--config", "vitest.pure.config.ts", "--outputJson", file], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "pipe"],
      encoding: "utf8",
      env: { ...process.env, CI: "true" },
    });
  } catch (error) {
    failure(`vitest bench failed: ${String(error.stderr ?? error).slice(0, 500)}`);
  }
  if (!existsSync(file)) return;
  const json = JSON.parse(readFileSync(file, "utf8"));
  results.micro = [];
  for (const f of json.files ?? []) {
    for (const group of f.groups ?? []) {
      for (const b of group.benchmarks ?? []) {
        const entry = {
          file: f.filepath.replace(ROOT, ""),
          group: group.fullName,
          name: b.name,
          hz: round(b.hz, 1),
          meanMs: round(b.mean, 6),
          minMs: round(b.min, 6),
          p99Ms: round(b.p99, 6),
          rme: round(b.rme, 2),
          samples: b.sampleCount,
        };
        results.micro.push(entry);
        log(`  ${entry.name.padEnd(70).slice(0, 70)} ${String(Math.round(entry.hz)).padStart(10)} ops/s  mean ${entry.meanMs} ms`);
      }
    }
  }
}

async function firstParse() {
  if (process.env.BENCH_SKIP_MICRO) return;
  log(`[${elapsed()}] first parse of a 1 MB one-line Form 16 in fresh processes`);
  results.coldParse = await coldParse();
  const r = results.coldParse;
  log(`  median ${round(r.medianMs, 1)} ms CPU (${round(r.minMs, 1)}–${round(r.maxMs, 1)}, ${r.samples} processes, ${round(r.kb, 1)} KB)`);
}

/** Cold start: a fresh workerd with one Worker until ready, then its first request (module evaluation included). */
async function startup(made) {
  if (process.env.BENCH_SKIP_STARTUP) return;
  log(`[${elapsed()}] start-up: each Worker alone on a fresh workerd (3 starts each, median)`);
  const cases = [
    ["bare", "bench-floor-bare", "bench/floors/wrangler.bare.toml", made.bare, "/floor/bare"],
    ["tax", "tax-api", "wrangler.tax.toml", made.tax, "/api/v1/deadlines"],
    ["inventory", "inventory-api", "wrangler.inventory.toml", made.inventory, "/api/v1/openapi.json"],
  ];
  for (const [name, workerName, config, b, path] of cases) {
    const ready = [];
    const first = [];
    for (let i = 0; i < 3; i++) {
      const stack = await startMiniflare({
        persistRoot: `${work}/startup-${name}-${i}`,
        workers: [workerOptions({ name: workerName, config, bundlePath: b.path, envFile })],
      });
      const t = performance.now();
      await probe(stack.origin, { path });
      first.push(performance.now() - t);
      ready.push(stack.readyMs);
      await stack.mf.dispose();
    }
    const median = (xs) => xs.sort((a, b) => a - b)[1];
    results.startup[name] = { readyMs: round(median(ready), 1), firstRequestMs: round(median(first), 1), path };
    log(`  ${name.padEnd(10)} workerd ready ${round(median(ready), 1)} ms, first request ${round(median(first), 1)} ms`);
  }
}

/** The measured API paths, routed to each service's Worker as the floors are to theirs (see taxPhase). */
const SERVICE_ROUTES = ["*/api/*"];

// ---------------------------------------------------------------------------------------------------------
// Tax

/** A paid account's cap of active keys. */
const TAX_KEYS_PER_PAID_ACCOUNT = 100;
/** The paid plan's price, as the tax Worker is configured with it. */
const PLAN_PRICE_PAISE = Number(/^PAID_PLAN_PRICE_PAISE = "(\d+)"/m.exec(readFileSync(`${ROOT}wrangler.tax.toml`, "utf8"))[1]);

async function taxAccount(origin) {
  const email = `bench-${randomBytes(4).toString("hex")}@bench.example`;
  const account = (await admin(origin)("POST", "/admin/api/accounts", { email })).data;
  // The paid plan through the real payment webhook, signed as Razorpay signs it.
  const body = JSON.stringify({
    event: "payment.captured",
    payload: {
      payment: {
        entity: { id: `pay_bench${randomBytes(6).toString("hex")}`, amount: PLAN_PRICE_PAISE, currency: "INR", notes: { accountEmail: email } },
      },
    },
  });
  const signature = createHmac("sha256", secrets.RAZORPAY_WEBHOOK_SECRET).update(body).digest("hex");
  const paid = await call(origin, "POST", "/billing/webhook", body, { "X-Razorpay-Signature": signature });
  if (!paid.data.activated) throw new Error(`the payment webhook did not activate the paid plan: ${JSON.stringify(paid)}`);
  return { ...account, email };
}

/** Keys on paid accounts, each account up to its cap of active keys, each with the same 25 profiles to read. */
function taxKeyFactory(origin) {
  const adminCall = admin(origin);
  let account = null;
  let issued = 0;
  const nextAccount = async () => {
    account = await taxAccount(origin);
    issued = 0;
    const writer = (await adminCall("POST", "/admin/api/keys", { accountEmail: account.email, scopes: TAX_SCOPES, expiresInDays: 1 })).data.key;
    issued++;
    for (let i = 1; i <= 25; i++) {
      await call(
        origin,
        "POST",
        "/api/v1/profiles",
        { label: `Bench profile ${i}`, financialYear: "2025-26", profile: { ...SALARIED_PROFILE, taxesPaid: 100_000 + i } },
        { Authorization: `Bearer ${writer}` },
      );
    }
  };
  let first = null;
  const newKeys = async (count) => {
    const keys = [];
    while (keys.length < count) {
      if (account === null || issued >= TAX_KEYS_PER_PAID_ACCOUNT) await nextAccount();
      first ??= account;
      const batch = Math.min(count - keys.length, TAX_KEYS_PER_PAID_ACCOUNT - issued);
      issued += batch;
      const email = account.email;
      keys.push(
        ...(await mapLimit(
          Array.from({ length: batch }),
          8,
          async () => (await adminCall("POST", "/admin/api/keys", { accountEmail: email, scopes: TAX_SCOPES, expiresInDays: 1 })).data.key,
        )),
      );
    }
    return keys;
  };
  /** The first paid account (created on demand): the one whose profiles the D1 floor reads. */
  newKeys.firstAccount = async () => {
    if (first === null) await newKeys(1);
    return first;
  };
  return newKeys;
}

async function taxPhase(made) {
  if (process.env.BENCH_SKIP_TAX) return;
  log(`[${elapsed()}] tax: migrations, workerd via Miniflare (tax-api + floors in one process)`);
  createLocalDatabase("tax", persist);
  const stack = await startMiniflare({
    persistRoot: `${persist}/v3`,
    workers: [
      // Routed like the floors: a route reaches the Worker itself, while the fallback (the first Worker) would go
      // through Miniflare's static-assets router first, a local Worker hop that halves a bare Worker's throughput
      // and that production runs outside the Worker's own CPU.
      workerOptions({ name: "tax-api", config: "wrangler.tax.toml", bundlePath: made.tax.path, routes: SERVICE_ROUTES, envFile }),
      workerOptions({
        name: "bench-floor-bare",
        config: "bench/floors/wrangler.bare.toml",
        bundlePath: made.bare.path,
        routes: ["*/floor/bare"],
        envFile,
      }),
      workerOptions({
        name: "bench-floor-d1-tax",
        config: "bench/floors/wrangler.d1-tax.toml",
        bundlePath: made.d1Tax.path,
        routes: ["*/floor/d1/*"],
        envFile,
      }),
      workerOptions({ name: "bench-floor-do", config: "bench/floors/wrangler.do.toml", bundlePath: made.do.path, routes: ["*/floor/do/*"], envFile }),
    ],
  });
  log(`  workerd pid ${stack.pid}, ready in ${round(stack.readyMs, 1)} ms at ${stack.origin}`);
  try {
    const newKeys = taxKeyFactory(stack.origin);
    const account = await newKeys.firstAccount();
    const context = { origin: stack.origin, seconds, warmupSeconds, concurrencies, log, via: "workerd", pid: stack.pid };
    const pool = async (connections, fixed) => {
      const perKey = Math.floor(TAX_PAID_PER_MINUTE * 0.8);
      return { keys: await newKeys(fixed ?? poolSize(connections, perKey)), perKey };
    };
    const json = { "Content-Type": "application/json" };
    const run = (scenario) => measured(context, scenario);
    const profilesFloorRequest = { path: `/floor/d1/profiles?owner=${account.id}` };

    log(`[${elapsed()}] tax floors`);
    const bare = await run({
      id: "floor.bare",
      group: "floor",
      label: "Floor (1): bare Hono Worker, small JSON",
      request: { path: "/floor/bare" },
      expectStatus: 200,
    });
    for (const r of bare.runs) ceilingRps.set(r.connections, r.rpsMax);
    await run({
      id: "floor.do-rpc",
      group: "floor",
      label: "Floor: + one DO RPC (no storage)",
      request: { path: "/floor/do/rpc" },
      expectStatus: 200,
    });
    await run({
      id: "floor.do-put",
      group: "floor",
      label: "Floor: + one DO RPC that counts and writes (storage.put)",
      request: AUTH_FLOOR_REQUEST,
      expectStatus: 200,
    });
    await run({
      id: "floor.do-keyed",
      group: "floor",
      label: "Floor: SHA-256 of the key + counting DO RPC (key-check shape)",
      request: { path: "/floor/do/keyed", authorization: `Bearer ${UNKNOWN_TAX_KEY}` },
      expectStatus: 200,
    });
    await run({
      id: "floor.do-keyed-pool",
      group: "floor",
      label: "Floor: the key-check shape over the scenarios' key pools (one Durable Object per key, 96 requests each)",
      request: { path: "/floor/do/keyed" },
      keysFor: pool,
      expectStatus: 200,
    });
    await run({
      id: "floor.d1-profiles",
      group: "floor",
      label: "Floor (2): one D1 query, profiles page shape",
      request: profilesFloorRequest,
      expectStatus: 200,
    });

    log(`[${elapsed()}] tax scenarios (paid keys, a fresh pool per run, at most ${Math.floor(TAX_PAID_PER_MINUTE * 0.8)} requests per key)`);
    const body = JSON.stringify({ profile: SALARIED_PROFILE, financialYear: "2025-26" });
    await run({
      id: "tax.compute",
      group: "tax",
      label: "POST /api/v1/compute (typical salaried)",
      floor: AUTH_FLOOR,
      pairedFloor: AUTH_FLOOR_REQUEST,
      request: { method: "POST", path: "/api/v1/compute", headers: json, body },
      keysFor: pool,
      expectStatus: 200,
    });
    await run({
      id: "tax.deadlines",
      group: "tax",
      label: "GET /api/v1/deadlines",
      floor: AUTH_FLOOR,
      pairedFloor: AUTH_FLOOR_REQUEST,
      request: { path: "/api/v1/deadlines" },
      keysFor: pool,
      expectStatus: 200,
    });
    await run({
      id: "tax.profiles",
      group: "tax",
      label: "GET /api/v1/profiles (page of 20)",
      floor: "floor.d1-profiles",
      pairedFloor: profilesFloorRequest,
      request: { path: "/api/v1/profiles" },
      keysFor: pool,
      expectStatus: 200,
    });
    const form16 = readFileSync(`${ROOT}${FORM16_FIXTURE}`, "utf8");
    await run({
      id: "tax.documents-parse",
      group: "tax",
      label: `POST /api/v1/documents/parse (Form 16, ${round(Buffer.byteLength(form16) / 1024, 1)} KiB)`,
      floor: AUTH_FLOOR,
      pairedFloor: AUTH_FLOOR_REQUEST,
      request: { method: "POST", path: "/api/v1/documents/parse", headers: json, body: JSON.stringify({ type: "form16", text: form16 }) },
      keysFor: pool,
      expectStatus: 200,
    });
    await run({
      id: "tax.garbage-key",
      group: "tax",
      label: "Malformed key (401, no I/O)",
      floor: "floor.bare",
      request: { path: "/api/v1/deadlines", authorization: "Bearer not-a-key" },
      expectStatus: 401,
    });
    // Unknown keys from one address: 120 verdicts a minute (401 after the key registry's D1 query finds no such
    // key), then 429, still after that query: a registered key from the same network must keep working. The run
    // measures the 429 of a spent budget, brought about before each run within one calendar minute.
    const unknown = `Bearer ${UNKNOWN_TAX_KEY}`;
    await run({
      id: "tax.unknown-key",
      group: "tax",
      label: "Well-formed unknown key, address budget spent (429 after one key-registry query)",
      floor: "floor.bare",
      request: { path: "/api/v1/deadlines", authorization: unknown },
      before: () => spendMinute(stack.origin, unknown, 120),
      expectStatus: 429,
    });

    // A free key over its limit (30 a minute): the minute is used up before each run, everything after is the 429 path.
    const freeEmail = `bench-free-${randomBytes(4).toString("hex")}@bench.example`;
    await admin(stack.origin)("POST", "/admin/api/accounts", { email: freeEmail });
    const limited = `Bearer ${(await admin(stack.origin)("POST", "/admin/api/keys", { accountEmail: freeEmail, scopes: ["deadlines:read"], expiresInDays: 1 })).data.key}`;
    await run({
      id: "tax.over-limit",
      group: "tax",
      label: "Key over its limit (429)",
      floor: "floor.bare",
      request: { path: "/api/v1/deadlines", authorization: limited },
      before: () => spendMinute(stack.origin, limited, 30),
      expectStatus: 429,
    });
    results.tax = { accountId: account.id, workerdPid: stack.pid, memoryAfterKiB: memoryOf(stack.pid) };
    return account;
  } finally {
    await stack.mf.dispose();
  }
}

/** The same Worker through `wrangler dev` (its Node proxy in front of workerd), to show what the proxy adds. */
async function wranglerDevPhase() {
  if (process.env.BENCH_SKIP_WRANGLER_DEV) return;
  log(`[${elapsed()}] wrangler dev: the same tax Worker and bare floor behind wrangler's proxy`);
  const [taxPort, barePort] = [await freePort(), await freePort()];
  const tax = await startWranglerDev({ config: "wrangler.tax.toml", port: taxPort, persistTo: persist, envFile });
  const bare = await startWranglerDev({ config: "bench/floors/wrangler.bare.toml", port: barePort, persistTo: `${work}/bare-state`, envFile });
  results.startup.wranglerDev = { taxReadyMs: round(tax.readyMs, 1), bareReadyMs: round(bare.readyMs, 1) };
  try {
    await waitFor(`${tax.origin}/api/v1/health`);
    const newKeys = taxKeyFactory(tax.origin);
    const perKey = Math.floor(TAX_PAID_PER_MINUTE * 0.8);
    const pool = async (connections, fixed) => ({ keys: await newKeys(fixed ?? poolSize(connections, perKey)), perKey });
    const base = { seconds, warmupSeconds, concurrencies, log, via: "wrangler dev" };
    await measured(
      { ...base, origin: bare.origin, pid: bare.pid },
      { id: "floor.bare", group: "floor", label: "Floor (1) via wrangler dev", request: { path: "/floor/bare" }, expectStatus: 200 },
    );
    await measured(
      { ...base, origin: tax.origin, pid: tax.pid },
      {
        id: "tax.deadlines",
        group: "tax",
        label: "GET /api/v1/deadlines via wrangler dev",
        floor: "floor.bare",
        request: { path: "/api/v1/deadlines" },
        keysFor: pool,
        expectStatus: 200,
      },
    );
    await measured(
      { ...base, origin: tax.origin, pid: tax.pid },
      {
        id: "tax.compute",
        group: "tax",
        label: "POST /api/v1/compute via wrangler dev",
        floor: "floor.bare",
        concurrencies: [10],
        request: {
          method: "POST",
          path: "/api/v1/compute",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ profile: SALARIED_PROFILE, financialYear: "2025-26" }),
        },
        keysFor: pool,
        expectStatus: 200,
      },
    );
  } finally {
    await stopChild(tax.child);
    await stopChild(bare.child);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Inventory

async function inventoryPhase(made) {
  if (process.env.BENCH_SKIP_INVENTORY) return;
  log(`[${elapsed()}] inventory: migrations and seed`);
  createLocalDatabase("inventory", persist);
  const nowMs = Date.now();
  const seedStarted = performance.now();
  const { seedDemo, DEMO_ORG_ID: demoOrgId } = await import("../scripts/seed.mjs");
  await seedDemo({ large: true, persistTo: persist });
  results.seedLargeSeconds = round((performance.now() - seedStarted) / 1000, 1);
  log(`  seed:large in ${results.seedLargeSeconds} s`);
  // Two organisations of the same generated shape for the 1,000 against 10,000 row comparison.
  const orgs = {
    small: { id: "org_bench000000000000000000001k", rows: 1_000, tag: "aa" },
    large: { id: "org_bench00000000000000000010k", rows: 10_000, tag: "bb" },
  };
  const statements = [];
  for (const org of Object.values(orgs)) {
    statements.push(
      ...organisationSql({ orgId: org.id, name: `Bench ${org.rows} rows`, nowMs }),
      ...organisationDataSql({ orgId: org.id, tag: org.tag, rows: org.rows, nowMs }),
    );
  }
  const file = `${TMP}/bench-orgs.sql`;
  writeFileSync(file, statements.join("\n") + "\n");
  const t = performance.now();
  executeLocalSql("inventory", file, persist);
  log(`  bench organisations (1,000 and 10,000 rows per table) in ${round((performance.now() - t) / 1000, 1)} s`);

  const stack = await startMiniflare({
    persistRoot: `${persist}/v3`,
    workers: [
      workerOptions({ name: "inventory-api", config: "wrangler.inventory.toml", bundlePath: made.inventory.path, routes: SERVICE_ROUTES, envFile }),
      workerOptions({
        name: "bench-floor-d1-inventory",
        config: "bench/floors/wrangler.d1-inventory.toml",
        bundlePath: made.d1Inventory.path,
        routes: ["*/floor/d1/*"],
        envFile,
      }),
    ],
  });
  log(`  workerd pid ${stack.pid}, ready in ${round(stack.readyMs, 1)} ms`);
  try {
    const adminCall = admin(stack.origin);
    const listOrg = demoOrgId;
    await adminCall("PATCH", `/admin/api/orgs/${demoOrgId}`, { plan: "enterprise" });
    // An organisation holds at most 100 active keys: each pool revokes the keys of the pools before it first.
    const issuedByOrg = new Map();
    const newKeys = (orgId) => async (count) => {
      const previous = issuedByOrg.get(orgId) ?? [];
      await mapLimit(previous, 8, async (id) => adminCall("POST", `/admin/api/keys/${id}/revoke`));
      const created = await mapLimit(
        Array.from({ length: count }),
        8,
        async () => (await adminCall("POST", `/admin/api/orgs/${orgId}/keys`, { access: "read_only" })).data,
      );
      issuedByOrg.set(
        orgId,
        created.map((k) => k.id),
      );
      return created.map((k) => k.key);
    };
    const perKey = Math.floor(INVENTORY_ENTERPRISE_PER_MINUTE * 0.8);
    const pool = (orgId) => async (connections, fixed) => ({ keys: await newKeys(orgId)(fixed ?? poolSize(connections, perKey)), perKey });
    const context = { origin: stack.origin, seconds, warmupSeconds, concurrencies, log, via: "workerd", pid: stack.pid };
    const run = (scenario) => measured(context, scenario);
    const istDayMs = 86_400_000;
    const istOffset = 330 * 60_000;
    const todayStart = Math.floor((nowMs + istOffset) / istDayMs) * istDayMs - istOffset;
    const inventoryFloorRequest = { path: `/floor/d1/inventory?org=${listOrg}` };
    const salesFloorRequest = { path: `/floor/d1/sales?org=${listOrg}&from=${todayStart - 30 * istDayMs}&to=${todayStart + istDayMs}&limit=200` };
    log(`[${elapsed()}] inventory floors and scenarios (organisation ${listOrg}; enterprise keys, ${perKey} requests per key)`);
    await run({
      id: "floor.d1-inventory",
      group: "floor",
      label: "Floor (2): one D1 query, lots page shape (200)",
      request: inventoryFloorRequest,
      expectStatus: 200,
    });
    await run({
      id: "floor.d1-sales",
      group: "floor",
      label: "Floor (2): one D1 query, sales page with its items (200)",
      request: salesFloorRequest,
      expectStatus: 200,
    });
    await run({
      id: "inventory.inventory",
      group: "inventory",
      label: "GET /api/v1/inventory?limit=200",
      floor: "floor.d1-inventory",
      pairedFloor: inventoryFloorRequest,
      request: { path: "/api/v1/inventory?limit=200" },
      keysFor: pool(listOrg),
      expectStatus: 200,
    });
    await run({
      id: "inventory.sales",
      group: "inventory",
      label: "GET /api/v1/sales (default window)",
      floor: "floor.d1-sales",
      pairedFloor: salesFloorRequest,
      request: { path: "/api/v1/sales" },
      keysFor: pool(listOrg),
      expectStatus: 200,
    });

    log(`[${elapsed()}] exports: time to first byte, total, workerd RSS (1,000 then 10,000 rows, 3 each)`);
    const exportOrgs = [
      ["1k", orgs.small.id],
      ["10k", orgs.large.id],
      ["seed:large", demoOrgId],
    ];
    for (const name of ["customers", "expenses", "mill-payments"]) {
      const path = `/api/v1/export/${name}`;
      const keys = Object.fromEntries(await Promise.all(exportOrgs.map(async ([label, orgId]) => [label, (await newKeys(orgId)(1))[0]])));
      for (const [label] of exportOrgs) {
        const samples = [];
        for (let i = 0; i < 3; i++) samples.push(await measureExport(stack.origin, path, keys[label], stack.pid));
        const wrong = samples.filter((sample) => sample.status !== 200);
        if (wrong.length) failure(`GET ${path} (${label}) answered ${wrong.map((sample) => sample.status).join(", ")}, expected 200`);
        const median = (field) => samples.map((s) => s[field]).sort((a, b) => a - b)[1];
        const entry = {
          export: name,
          dataset: label,
          status: samples[0].status,
          rows: samples[0].rows,
          bytes: samples[0].bytes,
          truncated: samples[0].truncated,
          firstByteMs: median("firstByteMs"),
          totalMs: median("totalMs"),
          rssDeltaKiB: Math.max(...samples.map((s) => s.rssDeltaKiB)),
          rssPeakKiB: Math.max(...samples.map((s) => s.rssPeakKiB)),
          samples,
        };
        results.exports.push(entry);
        log(
          `  ${name.padEnd(14)} ${label.padEnd(10)} ${String(entry.rows).padStart(6)} rows  first byte ${entry.firstByteMs} ms  total ${entry.totalMs} ms  RSS +${entry.rssDeltaKiB} KiB (peak ${entry.rssPeakKiB} KiB)  [${entry.status}]`,
        );
      }
    }
    results.inventory = { workerdPid: stack.pid, memoryAfterKiB: memoryOf(stack.pid), listOrg };
  } finally {
    await stack.mf.dispose();
  }
}

// ---------------------------------------------------------------------------------------------------------

try {
  log(
    `bench: ${results.machine.cpus} × ${results.machine.cpuModel}, ${results.machine.memoryGiB} GiB, Node ${results.machine.node}, ${results.machine.workerd}; ${seconds} s per run after ${warmupSeconds} s warm-up, concurrency ${concurrencies.join("/")}`,
  );
  const made = await bundles();
  micro();
  await firstParse();
  await startup(made);
  await taxPhase(made);
  await wranglerDevPhase();
  await inventoryPhase(made);
} finally {
  results.totalSeconds = round((performance.now() - benchStarted) / 1000, 1);
  results.machine.loadAverageAtEnd = os.loadavg().map((x) => round(x, 2));
  results.targets = targets(results);
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(`${RESULTS}/latest.json`, JSON.stringify(results, null, 2) + "\n");
  rmSync(work, { recursive: true, force: true });
  rmSync(TMP, { recursive: true, force: true });
}
printReport(results, log);
log(`\nbench/results/latest.json written; ${results.totalSeconds} s in all.`);
if (results.failures.length) {
  log(`\nbench FAILED: ${results.failures.length} scenario(s) answered other than expected:`);
  for (const f of results.failures) log(`- ${f}`);
  process.exitCode = 1;
}
