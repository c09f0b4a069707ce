// The load generator, run as its own process (`node bench/lib/load.mjs <spec.json>`) so the orchestrator's event
// loop never shares a thread with it. autocannon drives the requests; latencies are recorded here from its
// per-response event in fractional milliseconds, because its own histogram keeps whole milliseconds only and
// local responses take well under one. Prints one JSON line with the measured run.
import autocannon from "autocannon";
import { readFileSync } from "node:fs";

const spec = JSON.parse(readFileSync(process.argv[2], "utf8"));

// Keys are handed out in blocks of one key per connection, round-robin within a block, each key for at most
// `perKey` requests, so no key of the pool goes over its per-minute limit during the run (see Method in
// BENCHMARKS.md). The requests in flight at once carry different keys, as that many clients with a key each
// would send them, so a key's first request in the isolate (the one that asks the key registry) comes alone:
// handed to every connection at once, each key paid that query once per connection.
let issued = 0;
function authorization(connections) {
  if (!spec.keys?.length) return spec.authorization;
  const block = Math.floor(issued / (spec.perKey * connections));
  const index = Math.min(block * connections + (issued % connections), spec.keys.length - 1);
  issued++;
  return `Bearer ${spec.keys[index]}`;
}

function requestTemplate(connections) {
  const headers = { ...(spec.headers ?? {}) };
  const request = { method: spec.method ?? "GET", path: spec.path, headers };
  if (spec.body !== undefined) request.body = spec.body;
  if (spec.keys?.length || spec.authorization) {
    request.setupRequest = (req) => ({ ...req, headers: { ...headers, authorization: authorization(connections) } });
  }
  return request;
}

function run(connections, durationSeconds, record) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const statuses = {};
    let bytes = 0;
    const started = process.hrtime.bigint();
    const instance = autocannon(
      {
        url: spec.origin,
        connections,
        duration: durationSeconds,
        requests: [requestTemplate(connections)],
        timeout: 30,
      },
      (error, result) => {
        if (error) return reject(error);
        const elapsedSeconds = Number(process.hrtime.bigint() - started) / 1e9;
        resolve({ latencies, statuses, bytes, result, elapsedSeconds });
      },
    );
    instance.on("response", (_client, statusCode, resBytes, responseTime) => {
      // The warm-up's statuses are kept too: a wrong answer there fails the run as much as a measured one.
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      if (!record) return;
      latencies.push(responseTime);
      bytes += resBytes;
    });
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

const warmup = spec.warmupSeconds > 0 ? await run(spec.connections, spec.warmupSeconds, false) : { statuses: {}, result: { errors: 0, timeouts: 0 } };
const { latencies, statuses, bytes, result, elapsedSeconds } = await run(spec.connections, spec.durationSeconds, true);
latencies.sort((a, b) => a - b);
const round = (x) => (x === null ? null : Math.round(x * 1000) / 1000);
const completed = latencies.length;
process.stdout.write(
  JSON.stringify({
    connections: spec.connections,
    durationSeconds: spec.durationSeconds,
    requests: completed,
    rps: Math.round((completed / elapsedSeconds) * 10) / 10,
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies[latencies.length - 1] ?? null),
      mean: round(completed ? latencies.reduce((a, b) => a + b, 0) / completed : null),
    },
    statuses,
    warmupStatuses: warmup.statuses,
    bytesPerResponse: completed ? Math.round(bytes / completed) : 0,
    errors: result.errors + warmup.result.errors,
    timeouts: result.timeouts + warmup.result.timeouts,
    keysUsed: spec.keys?.length ? Math.min(spec.keys.length, Math.ceil(issued / spec.perKey)) : 0,
    keysOffered: spec.keys?.length ?? 0,
  }) + "\n",
);
