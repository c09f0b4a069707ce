// Running one scenario: a probe request that must answer the scenario's expected status, then, at each
// concurrency, REPEATS load runs back to back, each in its own process with a warm-up. Every response of the
// warm-up and of the measured run must carry the expected status too: anything else (a missing route's 404, a
// key pool that ran dry, a 500, a connection error) is a failure that makes the bench exit non-zero.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { ROOT } from "../../scripts/lib.mjs";
import { memoryOf } from "./stack.mjs";

export const TMP = `${ROOT}bench/results/tmp`;

let specCounter = 0;

/** One load run in its own process; returns its JSON line. */
export function load(spec) {
  mkdirSync(TMP, { recursive: true });
  const file = `${TMP}/spec-${process.pid}-${specCounter++}.json`;
  writeFileSync(file, JSON.stringify(spec));
  const out = execFileSync(process.execPath, [`${ROOT}bench/lib/load.mjs`, file], { cwd: ROOT, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(out.trim().split("\n").pop());
}

/**
 * fetch that retries when the connection fails before any response: workerd and wrangler's proxy close idle
 * kept-alive connections, and undici may pick one of them just as it closes. The request never reached the
 * Worker, so a retry is safe.
 */
export async function fetchRetry(url, init) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export async function probe(origin, { method = "GET", path, headers = {}, body, authorization }) {
  const response = await fetchRetry(`${origin}${path}`, {
    method,
    headers: { ...headers, ...(authorization ? { authorization } : {}) },
    body,
  });
  const text = await response.text();
  return { status: response.status, text };
}

/** Measured runs per scenario and concurrency; the report gives their median and their spread (min–max). */
export const REPEATS = 3;

export class BenchFailure extends Error {}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** Why a load run does not count, or null: every response must carry the expected status. */
function runFailure(scenario, run) {
  const wrong = Object.entries({ ...run.warmupStatuses, ...run.statuses }).filter(([code]) => Number(code) !== scenario.expectStatus);
  const problems = [];
  if (wrong.length)
    problems.push(`answered ${wrong.map(([code]) => `${code}×${(run.warmupStatuses[code] ?? 0) + (run.statuses[code] ?? 0)}`).join(" ")}`);
  if (run.errors || run.timeouts) problems.push(`${run.errors} connection errors, ${run.timeouts} timeouts`);
  if (run.requests === 0) problems.push("completed no request");
  return problems.length ? `${problems.join("; ")} (expected ${scenario.expectStatus} only)` : null;
}

/** Each run against the floor run measured right before it: the median of the per-pair ratios, and their range. */
function pairedRatios(samples) {
  const rpsRatios = samples.map((s) => s.rps / s.pairedFloor.rps);
  return {
    rps: median(samples.map((s) => s.pairedFloor.rps)),
    p50: median(samples.map((s) => s.pairedFloor.p50)),
    rpsRatio: median(rpsRatios),
    rpsRatioMin: Math.min(...rpsRatios),
    rpsRatioMax: Math.max(...rpsRatios),
    p50Ratio: median(samples.map((s) => s.latencyMs.p50 / s.pairedFloor.p50)),
  };
}

/** The median of the repeated runs at one concurrency, with the spread of throughput and p50. */
function summarise(connections, samples) {
  const pick = (f) => samples.map(f);
  const statuses = {};
  for (const s of samples) for (const [code, count] of Object.entries(s.statuses)) statuses[code] = (statuses[code] ?? 0) + count;
  return {
    connections,
    rps: median(pick((s) => s.rps)),
    rpsMin: Math.min(...pick((s) => s.rps)),
    rpsMax: Math.max(...pick((s) => s.rps)),
    latencyMs: {
      p50: median(pick((s) => s.latencyMs.p50)),
      p50Min: Math.min(...pick((s) => s.latencyMs.p50)),
      p50Max: Math.max(...pick((s) => s.latencyMs.p50)),
      p95: median(pick((s) => s.latencyMs.p95)),
      p99: median(pick((s) => s.latencyMs.p99)),
    },
    statuses,
    bytesPerResponse: median(pick((s) => s.bytesPerResponse)),
    paired: samples.every((s) => s.pairedFloor) ? pairedRatios(samples) : null,
    samples,
  };
}

/**
 * Measures `scenario` at each concurrency, REPEATS times. `keysFor(concurrency)` returns a fresh key pool for
 * each run (or null when the scenario sends a fixed Authorization header or none); `before()`, when given,
 * runs before the probe and before every run (to bring a limit into the state the scenario measures).
 * Throws BenchFailure when the probe or any response of a run is not `scenario.expectStatus`.
 */
export async function measure(context, scenario) {
  const { origin, seconds, warmupSeconds, concurrencies, log } = context;
  const entry = {
    id: scenario.id,
    group: scenario.group,
    label: scenario.label,
    via: context.via,
    floor: scenario.floor ?? null,
    expectStatus: scenario.expectStatus,
    runs: [],
  };
  const fail = (why) => {
    entry.failure = why;
    log(`  ${scenario.id}: FAILED ${why}`);
    throw Object.assign(new BenchFailure(`${scenario.id} (${context.via}): ${why}`), { entry });
  };
  await scenario.before?.();
  const first = await probe(origin, {
    ...scenario.request,
    authorization: scenario.request.authorization ?? (scenario.keysFor ? `Bearer ${(await scenario.keysFor(0, 1)).keys[0]}` : undefined),
  });
  entry.probe = { status: first.status, body: first.text.slice(0, 300) };
  if (first.status !== scenario.expectStatus) fail(`probe answered ${first.status}, expected ${scenario.expectStatus}: ${first.text.slice(0, 200)}`);
  for (const connections of scenario.concurrencies ?? concurrencies) {
    const samples = [];
    for (let repeat = 0; repeat < REPEATS; repeat++) {
      // The floor again, right before this run, so a neighbour slowing the machine for a minute weighs on both
      // sides of the ratio; each run is rated against its own floor run.
      const paired = scenario.pairedFloor
        ? load({ origin, method: "GET", ...scenario.pairedFloor, connections, durationSeconds: seconds, warmupSeconds })
        : null;
      await scenario.before?.();
      const keys = scenario.keysFor ? await scenario.keysFor(connections) : null;
      const memoryBefore = context.pid ? memoryOf(context.pid) : null;
      const run = load({
        origin,
        method: scenario.request.method ?? "GET",
        path: scenario.request.path,
        headers: scenario.request.headers ?? {},
        body: scenario.request.body,
        authorization: scenario.request.authorization,
        keys: keys?.keys,
        perKey: keys?.perKey,
        connections,
        durationSeconds: seconds,
        warmupSeconds,
      });
      if (memoryBefore) run.workerdRssKiB = { before: memoryBefore.rssKiB, after: memoryOf(context.pid).rssKiB };
      if (paired) run.pairedFloor = { rps: paired.rps, p50: paired.latencyMs.p50, statuses: paired.statuses };
      samples.push(run);
      const statuses = Object.entries(run.statuses)
        .map(([code, count]) => `${code}×${count}`)
        .join(" ");
      const pairedNote = paired ? `  (paired ${scenario.floor} ${paired.rps} req/s, p50 ${paired.latencyMs.p50} ms)` : "";
      log(
        `  ${scenario.id.padEnd(28)} c=${String(connections).padEnd(3)} #${repeat + 1} ${String(run.rps).padStart(8)} req/s  p50 ${run.latencyMs.p50} ms  p95 ${run.latencyMs.p95} ms  p99 ${run.latencyMs.p99} ms  [${statuses}]${pairedNote}`,
      );
      if (paired && Object.keys(paired.statuses).some((code) => code !== "200")) fail(`paired floor answered ${JSON.stringify(paired.statuses)}`);
      const why = runFailure(scenario, run);
      if (why) {
        entry.runs.push(summarise(connections, samples));
        fail(`c=${connections} run ${repeat + 1} ${why}`);
      }
    }
    entry.runs.push(summarise(connections, samples));
  }
  return entry;
}

/** Bounded-concurrency map, for creating key pools quickly without flooding the Worker. */
export async function mapLimit(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await fn(items[index], index);
      }
    }),
  );
  return results;
}

/**
 * Streams one CSV export and samples the workerd process's resident memory every few milliseconds meanwhile:
 * time to the first body byte, total time, rows, and the RSS peak above the level just before the request.
 */
export async function measureExport(origin, path, key, pid) {
  const baseline = memoryOf(pid).rssKiB;
  let peak = baseline;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, memoryOf(pid).rssKiB);
    } catch {
      /* process gone */
    }
  }, 5);
  const started = performance.now();
  const response = await fetchRetry(`${origin}${path}`, { headers: { authorization: `Bearer ${key}` } });
  const headersMs = performance.now() - started;
  let firstByteMs = null;
  let bytes = 0;
  let newlines = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (firstByteMs === null) firstByteMs = performance.now() - started;
    bytes += value.byteLength;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) newlines++;
  }
  const totalMs = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, memoryOf(pid).rssKiB);
  return {
    status: response.status,
    truncated: response.headers.get("X-Export-Truncated"),
    rows: Math.max(0, newlines - 1),
    bytes,
    headersMs: round(headersMs),
    firstByteMs: round(firstByteMs),
    totalMs: round(totalMs),
    rssBeforeKiB: baseline,
    rssPeakKiB: peak,
    rssDeltaKiB: peak - baseline,
  };
}

export const round = (x, digits = 3) => (x === null || x === undefined ? null : Math.round(x * 10 ** digits) / 10 ** digits);
