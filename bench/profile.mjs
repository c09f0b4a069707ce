// `node bench/profile.mjs [compute|deadlines|profiles|garbage|unknown] [seconds]`: where a request's CPU time
// goes inside workerd. Starts the tax Worker (dry-run bundle) on Miniflare with the V8 inspector on, drives
// load at concurrency 10 from a second process, records a V8 CPU profile of the tax Worker's isolate and
// prints self time by function and by source module. Not part of `npm run bench` (the profiler slows the
// isolate); BENCHMARKS.md quotes its output.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import WebSocket from "ws";
import { applyLocalMigrations } from "../scripts/lib.mjs";
import { load } from "./lib/scenarios.mjs";
import { bundle, startMiniflare, workerOptions } from "./lib/stack.mjs";

const scenario = process.argv[2] ?? "compute";
const seconds = Number(process.argv[3] ?? 4);
const work = mkdtempSync(`${existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir()}/bench-profile-`);
const admin = randomBytes(24).toString("base64url");
const envFile = `${work}/bench.env`;
writeFileSync(envFile, `ADMIN_TOKEN=${admin}\nRAZORPAY_WEBHOOK_SECRET=${randomBytes(24).toString("base64url")}\nSESSION_SECRET=${randomBytes(24).toString("base64url")}\n`);

const made = bundle("wrangler.tax.toml", `${work}/dist`);
applyLocalMigrations("tax", `${work}/state`);
const inspectorPort = 9_000 + Math.floor(Math.random() * 900);
const stack = await startMiniflare({ persistRoot: `${work}/state/v3`, workers: [workerOptions({ name: "tax-api", config: "wrangler.tax.toml", bundlePath: made.path, envFile })], inspectorPort });

async function post(path, body, key = admin) {
  const response = await fetch(`${stack.origin}${path}`, { method: "POST", headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()).data;
}

try {
  const email = "profile@bench.example";
  await post("/admin/api/accounts", { email });
  // Free keys (30 a minute): profile runs are short, so a pool of them covers the load.
  const keys = [];
  for (let i = 0; i < 400; i++) keys.push((await post("/admin/api/keys", { accountEmail: email, scopes: ["deadlines:read", "profiles:read", "profiles:write"], expiresInDays: 1 })).key);
  for (let i = 0; i < 20; i++) await post("/api/v1/profiles", { label: `p${i}`, profile: { age: 34, residentialStatus: "resident", salary: { grossSalary: 1_800_000 } } }, keys[0]);

  const requests = {
    compute: { method: "POST", path: "/api/v1/compute", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ profile: { age: 34, residentialStatus: "resident", city: "Bengaluru", salary: { grossSalary: 1_800_000, basicPlusDA: 900_000, hraReceived: 360_000, rentPaid: 300_000, professionalTax: 2_500 }, houseProperties: [{ type: "self_occupied", interestOnHousingLoan: 150_000 }], otherIncome: { savingsInterest: 8_000, depositInterest: 25_000, dividends: 4_000 }, deductions: { section80C: 100_000, section80D_selfFamily: 15_000 }, taxesPaid: 150_000 }, financialYear: "2025-26" }) },
    deadlines: { path: "/api/v1/deadlines" },
    profiles: { path: "/api/v1/profiles" },
    garbage: { path: "/api/v1/deadlines", authorization: "Bearer not-a-key" },
    unknown: { path: "/api/v1/deadlines", authorization: `Bearer tax_zzzzzzzz_${"Q".repeat(32)}` },
  }[scenario];
  if (!requests) throw new Error(`unknown scenario ${scenario}`);

  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  const target = targets.find((t) => /tax-api/.test(t.title ?? t.id ?? ""));
  if (!target) throw new Error(`no inspector target for tax-api in ${JSON.stringify(targets)}`);
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => (ws.once("open", resolve), ws.once("error", reject)));
  let nextId = 1;
  const pending = new Map();
  ws.on("message", (data) => {
    const message = JSON.parse(data.toString());
    if (message.id && pending.has(message.id)) pending.get(message.id)(message);
  });
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 100 });
  await send("Profiler.start");
  const run = load({ origin: stack.origin, ...requests, keys: requests.authorization ? undefined : keys, perKey: 25, connections: 10, durationSeconds: seconds, warmupSeconds: 0 });
  const { result } = await send("Profiler.stop");
  ws.close();

  const { nodes, samples, timeDeltas } = result.profile;
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const self = new Map();
  for (let i = 0; i < samples.length; i++) self.set(samples[i], (self.get(samples[i]) ?? 0) + (timeDeltas[i] ?? 0));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map();
  const byModule = new Map();
  for (const [id, us] of self) {
    const { callFrame } = byId.get(id);
    const name = `${callFrame.functionName || "(anonymous)"} ${callFrame.url.split("/").pop()}:${callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    const module = callFrame.url ? callFrame.url.split("/").pop() : callFrame.functionName;
    byModule.set(module, (byModule.get(module) ?? 0) + us);
  }
  const perRequestUs = (us) => (us / run.requests).toFixed(1);
  console.log(`${scenario}: ${run.rps} req/s at c=10 under the profiler, ${run.requests} requests, statuses ${JSON.stringify(run.statuses)}`);
  console.log(`isolate CPU sampled: ${(total / 1000).toFixed(0)} ms over ${seconds} s = ${perRequestUs(total)} µs per request (idle excluded below)`);
  const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log("\nself time by function (µs per request):");
  for (const [name, us] of top(byFunction, 25)) console.log(`${perRequestUs(us).padStart(8)}  ${((us / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
  console.log("\nself time by module (µs per request):");
  for (const [name, us] of top(byModule, 12)) console.log(`${perRequestUs(us).padStart(8)}  ${((us / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
} finally {
  await stack.mf.dispose();
  rmSync(work, { recursive: true, force: true });
}
