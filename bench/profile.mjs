// `node bench/profile.mjs <scenario> [seconds]`: where a request's CPU time goes inside workerd. Scenarios:
// compute, deadlines, parse (11 KB Form 16), profiles, garbage, unknown (tax Worker); sales, inventory
// (inventory Worker on seed:large data). Starts the Worker (dry-run bundle) on Miniflare with the V8 inspector
// on, drives load at concurrency 10 from a second process, records a V8 CPU profile of the Worker's isolate,
// maps every frame through the bundle's source map back to its source file, and prints, per request:
// self time by area (zod, hono, drizzle, src/platform/..., the service's own files, V8 natives), inclusive
// time by area (a frame counts once per sample however deep it recurs), and the top functions by self time.
// With PROFILE_OUT=<file> the raw V8 profile is written there too (open it in Chrome DevTools' Performance panel).
// Not part of `npm run bench` (the profiler slows the isolate); BENCHMARKS.md quotes its output.
import { TraceMap, originalPositionFor } from "@jridgewell/trace-mapping";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import WebSocket from "ws";
import { ROOT, createLocalDatabase } from "../scripts/lib.mjs";
import { load } from "./lib/scenarios.mjs";
import { bundle, startMiniflare } from "./lib/stack.mjs";
import { workerOptions } from "../scripts/local-workers.mjs";

/** Linux reports process CPU time in clock ticks of 1/100 s (USER_HZ). */
const CLOCK_TICKS_PER_SECOND = 100;
/** User + system CPU ticks of a process (/proc/<pid>/stat fields 14 and 15). */
function cpuTicksOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8")
    .replace(/^.*\) /, "")
    .split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

const scenario = process.argv[2] ?? "compute";
const seconds = Number(process.argv[3] ?? 4);
const service = ["sales", "inventory"].includes(scenario) ? "inventory" : "tax";
const work = mkdtempSync(`${existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir()}/bench-profile-`);
const admin = randomBytes(24).toString("base64url");
const envFile = `${work}/bench.env`;
writeFileSync(
  envFile,
  `ADMIN_TOKEN=${admin}\nRAZORPAY_WEBHOOK_SECRET=${randomBytes(24).toString("base64url")}\nSESSION_SECRET=${randomBytes(24).toString("base64url")}\n`,
);

const config = `wrangler.${service}.toml`;
const workerName = `${service}-api`;
const made = await bundle(config, `${work}/dist`);
createLocalDatabase(service, `${work}/state`);
if (service === "inventory") {
  const { seedDemo } = await import("../scripts/seed.mjs");
  await seedDemo({ large: true, persistTo: `${work}/state` });
}
const inspectorPort = 9_000 + Math.floor(Math.random() * 900);
const stack = await startMiniflare({
  persistRoot: `${work}/state/v3`,
  // Routed, so requests reach the Worker without Miniflare's static-assets router in front (as in the bench).
  workers: [workerOptions({ name: workerName, config, bundlePath: made.path, routes: ["*/api/*"], envFile })],
  inspectorPort,
});

async function call(method, path, body, key = admin) {
  const response = await fetch(`${stack.origin}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()).data;
}
const post = (path, body, key) => call("POST", path, body, key);

/** Keys and the request of the scenario. Each key serves at most 80 % of its per-minute limit. */
async function setup() {
  if (service === "inventory") {
    const { DEMO_ORG_ID } = await import("../scripts/seed.mjs");
    await call("PATCH", `/admin/api/orgs/${DEMO_ORG_ID}`, { plan: "enterprise" });
    const keys = [];
    for (let i = 0; i < 4; i++) keys.push((await post(`/admin/api/orgs/${DEMO_ORG_ID}/keys`, { access: "read_only" })).key);
    const request = { sales: { path: "/api/v1/sales" }, inventory: { path: "/api/v1/inventory?limit=200" } }[scenario];
    return { keys, perKey: 4_800, request };
  }
  // Free keys (30 a minute, 10 per account): profile runs are short, so 100 accounts' keys cover the load. The
  // first key of each account writes its profiles and stays out of the load's pool, so no key exceeds its limit.
  const keys = [];
  for (let account = 0; account < 100; account++) {
    const email = `profile-${account}@bench.example`;
    await post("/admin/api/accounts", { email });
    for (let i = 0; i < 10; i++) {
      const key = (
        await post("/admin/api/keys", {
          accountEmail: email,
          scopes: ["documents:parse", "deadlines:read", "profiles:read", "profiles:write"],
          expiresInDays: 1,
        })
      ).key;
      if (i > 0) keys.push(key);
      else if (scenario === "profiles") {
        for (let p = 0; p < 20; p++)
          await post(
            "/api/v1/profiles",
            { label: `p${p}`, financialYear: "2025-26", profile: { age: 34, residentialStatus: "resident", salary: { grossSalary: 1_800_000 } } },
            key,
          );
      }
    }
  }
  const form16 = readFileSync(`${ROOT}test/fixtures/documents/form16-traces-part-a-and-b-new-regime.txt`, "utf8");
  const json = { "Content-Type": "application/json" };
  const request = {
    compute: {
      method: "POST",
      path: "/api/v1/compute",
      headers: json,
      body: JSON.stringify({
        profile: {
          age: 34,
          residentialStatus: "resident",
          city: "Bengaluru",
          salary: { grossSalary: 1_800_000, basicPlusDA: 900_000, hraReceived: 360_000, rentPaid: 300_000, professionalTax: 2_500 },
          houseProperties: [{ type: "self_occupied", interestOnHousingLoan: 150_000 }],
          otherIncome: { savingsInterest: 8_000, depositInterest: 25_000, dividends: 4_000 },
          deductions: { section80C: 100_000, section80D_selfFamily: 15_000 },
          taxesPaid: 150_000,
        },
        financialYear: "2025-26",
      }),
    },
    deadlines: { path: "/api/v1/deadlines" },
    parse: { method: "POST", path: "/api/v1/documents/parse", headers: json, body: JSON.stringify({ type: "form16", text: form16 }) },
    profiles: { path: "/api/v1/profiles" },
    garbage: { path: "/api/v1/deadlines", authorization: "Bearer not-a-key" },
    unknown: { path: "/api/v1/deadlines", authorization: `Bearer tax_zzzzzzzz_${"Q".repeat(32)}` },
  }[scenario];
  return { keys, perKey: 24, request };
}

/** Source file of a bundle position, shortened: the path inside its package, or the path under src/. */
function fileOf(source) {
  if (!source) return null;
  const inModules = /.*node_modules\/(.*)$/.exec(source);
  if (inModules) return inModules[1];
  const inSrc = /(src\/.*)$/.exec(source);
  return inSrc ? inSrc[1] : source.replace(/^(\.\.\/)+/, "");
}

/** The area of a source file: a package, or a file under src/. */
function areaOf(source) {
  const file = fileOf(source);
  if (!file || file.startsWith("src/")) return file;
  return /^((?:@[^/]+\/)?[^/]+)/.exec(file)[1];
}

try {
  const { keys, perKey, request } = await setup();
  if (!request) throw new Error(`unknown scenario ${scenario}`);
  const map = new TraceMap(readFileSync(`${made.path}.map`, "utf8"));

  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  const target = targets.find((t) => new RegExp(workerName).test(t.title ?? t.id ?? ""));
  if (!target) throw new Error(`no inspector target for ${workerName} in ${JSON.stringify(targets)}`);
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
  const cpuBefore = cpuTicksOf(stack.pid);
  const run = load({
    origin: stack.origin,
    ...request,
    keys: request.authorization ? undefined : keys,
    perKey,
    connections: 10,
    durationSeconds: seconds,
    warmupSeconds: 0,
  });
  const cpuMs = ((cpuTicksOf(stack.pid) - cpuBefore) * 1000) / CLOCK_TICKS_PER_SECOND;
  const { result } = await send("Profiler.stop");
  ws.close();

  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(result.profile));
  const { nodes, samples } = result.profile;
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  // Each node's function and area, from the source map when the frame is in the bundle.
  const frame = new Map();
  for (const n of nodes) {
    const { functionName, url, lineNumber, columnNumber } = n.callFrame;
    let name = functionName || "(anonymous)";
    let area = url ? url.split("/").pop() : `(V8) ${name}`;
    if (url?.endsWith(made.path.split("/").pop())) {
      const original = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
      area = areaOf(original.source) ?? area;
      name = `${original.name ?? (functionName || "(anonymous)")} ${fileOf(original.source) ?? ""}:${original.line ?? "?"}`;
    }
    frame.set(n.id, { name, area });
  }
  // Every sample weighs the same. Summing timeDeltas instead would charge a thread's time off the CPU (other
  // processes on a busy machine) to whichever frame it resumed in, and one such gap outweighs hundreds of samples.
  const self = new Map();
  for (const id of samples) self.set(id, (self.get(id) ?? 0) + 1);
  const idle = [...self].filter(([id]) => byId.get(id).callFrame.functionName === "(idle)").reduce((a, [, n]) => a + n, 0);
  const busy = [...self].filter(([id]) => byId.get(id).callFrame.functionName !== "(idle)");
  const total = busy.reduce((a, [, n]) => a + n, 0);
  const add = (m, k, v) => m.set(k, (m.get(k) ?? 0) + v);
  const selfByFunction = new Map();
  const selfByArea = new Map();
  const inclusiveByArea = new Map();
  for (const [id, us] of busy) {
    add(selfByFunction, frame.get(id).name, us);
    add(selfByArea, frame.get(id).area, us);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) seen.add(frame.get(at).area);
    for (const area of seen) add(inclusiveByArea, area, us);
  }
  // Shares come from the samples; µs per request scale them to the workerd process's own CPU time (all its
  // threads, so I/O and HTTP handling outside V8 are in the total and show as "(program)").
  const cpuPerRequestUs = (cpuMs * 1000) / run.requests;
  const perRequestUs = (n) => ((n / total) * cpuPerRequestUs).toFixed(1);
  console.log(`${scenario}: ${run.rps} req/s at c=10 under the profiler, ${run.requests} requests, statuses ${JSON.stringify(run.statuses)}`);
  console.log(
    `workerd CPU ${cpuMs.toFixed(0)} ms over ${seconds} s = ${cpuPerRequestUs.toFixed(1)} µs per request; ${total} busy and ${idle} idle samples`,
  );
  const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  const print = (title, m, n) => {
    console.log(`\n${title} (µs per request, share of busy time):`);
    for (const [name, us] of top(m, n)) console.log(`${perRequestUs(us).padStart(8)}  ${((us / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
  };
  print("self time by area", selfByArea, 20);
  print("inclusive time by area", inclusiveByArea, 20);
  print("self time by function", selfByFunction, 30);
} finally {
  await stack.mf.dispose();
  rmSync(work, { recursive: true, force: true });
}
