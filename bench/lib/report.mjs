// The printed report and the target checks, both derived from the results object (so latest.json alone can
// be re-rendered: `node bench/lib/report.mjs bench/results/latest.json`).
import { readFileSync } from "node:fs";

const fmt = (x, digits = 2) => (x === null || x === undefined || Number.isNaN(x) ? "–" : Number(x).toFixed(digits));

function floorRun(results, scenario, connections) {
  if (!scenario.floor) return null;
  const floor = results.scenarios.find((s) => s.id === scenario.floor && s.via === scenario.via && !s.failure);
  return floor?.runs.find((r) => r.connections === connections) ?? null;
}

export function rows(results) {
  const out = [];
  for (const scenario of results.scenarios) {
    for (const run of scenario.runs) {
      const floor = floorRun(results, scenario, run.connections);
      out.push({
        scenario,
        run,
        rpsRatio: run.paired ? run.paired.rpsRatio : floor ? run.rps / floor.rps : null,
        p50Ratio: run.paired ? run.paired.p50Ratio : floor ? run.latencyMs.p50 / floor.latencyMs.p50 : null,
      });
    }
    if (scenario.failure) out.push({ scenario, failure: scenario.failure });
  }
  return out;
}

function find(results, id, via, connections) {
  const scenario = results.scenarios.find((s) => s.id === id && s.via === via);
  if (!scenario || scenario.failure) return { scenario, run: null, floor: null };
  const run = scenario.runs.find((r) => r.connections === connections) ?? null;
  return { scenario, run, floor: floorRun(results, scenario, connections) };
}

const spread = (run) => `${fmt(run.rpsMin, 0)}–${fmt(run.rpsMax, 0)}`;

/**
 * A throughput target at c=10: the median of each run's ratio to its paired floor run when the scenario has
 * one, else the median's ratio to the median of the scenario's floor.
 */
function throughputTarget(results, id, factor) {
  const { run, floor, scenario } = find(results, id, "workerd", 10);
  const floorName = scenario?.floor ?? "its floor";
  if (run?.paired) {
    const p = run.paired;
    return {
      target: `${id}: throughput ≥ ${factor} × ${floorName} at c=10`,
      measured: `${fmt(p.rpsRatio)} × [${fmt(p.rpsRatioMin)}–${fmt(p.rpsRatioMax)}] (${fmt(run.rps, 0)} [${spread(run)}] req/s; paired floor runs ${fmt(p.rps, 0)} req/s)`,
      met: p.rpsRatio >= factor,
    };
  }
  return {
    target: `${id}: throughput ≥ ${factor} × ${floorName} at c=10`,
    measured:
      run && floor
        ? `${fmt(run.rps / floor.rps)} × (${fmt(run.rps, 0)} [${spread(run)}] vs ${fmt(floor.rps, 0)} [${spread(floor)}] req/s)`
        : scenario?.failure
          ? `failed: ${scenario.failure}`
          : "not measured",
    met: run && floor ? run.rps >= factor * floor.rps : null,
  };
}

/**
 * Each target with the measured value (median of the repeats); `met` is null when it could not be measured,
 * "reported" for a figure the report gives without a target.
 */
export function targets(results) {
  const out = [throughputTarget(results, "tax.compute", 0.85)];
  const compute = find(results, "tax.compute", "workerd", 10);
  const floorP50 = compute.run?.paired?.p50 ?? compute.floor?.latencyMs.p50;
  const p50Ratio = compute.run?.paired?.p50Ratio ?? (compute.run && floorP50 ? compute.run.latencyMs.p50 / floorP50 : null);
  out.push({
    target: `tax.compute: p50 ≤ 1.3 × ${compute.scenario?.floor ?? "its floor"} at c=10`,
    measured: p50Ratio !== null ? `${fmt(p50Ratio)} × (${fmt(compute.run.latencyMs.p50, 3)} vs ${fmt(floorP50, 3)} ms)` : "not measured",
    met: p50Ratio !== null ? p50Ratio <= 1.3 : null,
  });
  out.push(throughputTarget(results, "tax.deadlines", 0.9));
  out.push(throughputTarget(results, "tax.documents-parse", 0.6));
  out.push(throughputTarget(results, "tax.profiles", 0.8));
  out.push(throughputTarget(results, "inventory.sales", 0.8));
  out.push(throughputTarget(results, "inventory.inventory", 0.8));
  const micro = results.micro ?? [];
  const engine = micro.find((m) => /computeTax/i.test(m.name));
  out.push({
    target: "engine ≥ 100,000 computes/s per core",
    measured: engine ? `${fmt(engine.hz, 0)} /s` : "not measured",
    met: engine ? engine.hz >= 100_000 : null,
  });
  const form16 = micro.find((m) => /form ?16/i.test(m.name) && /\b1\d\.\d KB/.test(m.name) && /type given/.test(m.name));
  out.push({
    target: "10 KB Form 16 parse ≤ 0.5 ms",
    measured: form16 ? `${fmt(form16.meanMs, 4)} ms (${form16.name})` : "not measured",
    met: form16 ? form16.meanMs <= 0.5 : null,
  });
  const oneLine = micro.find((m) => /form ?16/i.test(m.name) && /one line/i.test(m.name));
  out.push({
    target: "1 MB one-line Form 16 parse < 100 ms, warm",
    measured: oneLine ? `${fmt(oneLine.meanMs, 1)} ms mean, ${fmt(oneLine.minMs ?? oneLine.meanMs, 1)} ms min (${oneLine.name})` : "not measured",
    met: oneLine ? oneLine.meanMs < 100 : null,
  });
  const cold = results.coldParse;
  out.push({
    target: "1 MB one-line Form 16, first parse in a fresh process < 100 ms CPU",
    measured: cold
      ? `median ${fmt(cold.medianMs, 1)} ms CPU (${fmt(cold.minMs, 1)}–${fmt(cold.maxMs, 1)}, ${cold.samples} processes)`
      : "not measured",
    met: cold ? cold.medianMs < 100 : null,
  });
  for (const name of ["customers", "expenses", "mill-payments"]) {
    const small = results.exports.find((e) => e.export === name && e.dataset === "1k");
    const large = results.exports.find((e) => e.export === name && e.dataset === "10k");
    const ok = small && large && small.status === 200 && large.status === 200;
    // Flat: the 10,000-row export's RSS rise stays within 2 MiB of the 1,000-row one's (rows × 10 would be linear).
    out.push({
      target: `export ${name}: peak memory flat in rows (1k vs 10k)`,
      measured: ok
        ? `RSS +${fmt(small.rssDeltaKiB / 1024, 1)} MiB at ${small.rows} rows, +${fmt(large.rssDeltaKiB / 1024, 1)} MiB at ${large.rows} rows`
        : "not measured",
      met: ok ? large.rssDeltaKiB <= small.rssDeltaKiB + 2048 : null,
    });
    out.push({
      target: `export ${name}: first byte before the query finishes (10k)`,
      measured: ok ? `first byte ${fmt(large.firstByteMs, 1)} ms of ${fmt(large.totalMs, 1)} ms` : "not measured",
      met: ok ? large.firstByteMs < large.totalMs / 2 : null,
    });
  }
  for (const service of ["tax", "inventory"]) {
    const b = results.bundles[service];
    out.push({
      target: `${service} bundle ≤ 250 KiB gzip`,
      measured: b ? `${b.gzipKiB} KiB gzip (${b.totalKiB} KiB)` : "not measured",
      met: b?.gzipKiB ? b.gzipKiB <= 250 : null,
    });
  }
  return out;
}

export function printReport(results, log = console.log) {
  log(
    `\nThroughput and latency: median of ${results.settings.repeats} runs [min–max] (req/s; latency ms; ratios of medians to the floor named in the scenario, same concurrency)`,
  );
  log(
    `${"scenario".padEnd(28)} ${"via".padEnd(12)} ${"c".padStart(3)} ${"req/s".padStart(8)} ${"[min–max]".padStart(13)} ${"p50".padStart(7)} ${"[min–max]".padStart(15)} ${"p95".padStart(7)} ${"p99".padStart(7)} ${"×floor".padStart(7)} ${"p50×fl".padStart(7)}  statuses`,
  );
  for (const row of rows(results)) {
    if (row.failure) {
      log(`${row.scenario.id.padEnd(28)} ${row.scenario.via.padEnd(12)} FAILED: ${row.failure}`);
      continue;
    }
    const { run, scenario } = row;
    const statuses = Object.entries(run.statuses)
      .map(([code, count]) => `${code}×${count}`)
      .join(" ");
    const p50Spread = `${fmt(run.latencyMs.p50Min, 3)}–${fmt(run.latencyMs.p50Max, 3)}`;
    log(
      `${scenario.id.padEnd(28)} ${scenario.via.padEnd(12)} ${String(run.connections).padStart(3)} ${fmt(run.rps, 0).padStart(8)} ${spread(run).padStart(13)} ${fmt(run.latencyMs.p50, 3).padStart(7)} ${p50Spread.padStart(15)} ${fmt(run.latencyMs.p95, 3).padStart(7)} ${fmt(run.latencyMs.p99, 3).padStart(7)} ${fmt(row.rpsRatio).padStart(7)} ${fmt(row.p50Ratio).padStart(7)}  ${statuses}`,
    );
  }
  if (results.exports.length) {
    log("\nExports (median of 3; RSS rise = peak workerd RSS during the export minus RSS just before, max of 3)");
    for (const e of results.exports) {
      log(
        `${e.export.padEnd(14)} ${e.dataset.padEnd(10)} ${String(e.rows).padStart(6)} rows ${String(e.bytes).padStart(9)} B  first byte ${fmt(e.firstByteMs, 1).padStart(7)} ms  total ${fmt(e.totalMs, 1).padStart(8)} ms  RSS +${fmt(e.rssDeltaKiB / 1024, 1)} MiB (peak ${fmt(e.rssPeakKiB / 1024, 1)} MiB)  [${e.status}]`,
      );
    }
  }
  if (results.micro?.length) {
    log("\nMicrobenchmarks (plain Node, one core)");
    for (const m of results.micro) log(`${m.name.slice(0, 72).padEnd(72)} ${fmt(m.hz, 0).padStart(10)} ops/s  mean ${fmt(m.meanMs, 4)} ms`);
  }
  log("\nBundles (wrangler deploy --dry-run) and start-up");
  for (const [name, b] of Object.entries(results.bundles)) log(`${name.padEnd(12)} ${b.totalKiB} KiB, gzip ${b.gzipKiB} KiB`);
  for (const [name, s] of Object.entries(results.startup)) log(`${name.padEnd(12)} ${JSON.stringify(s)}`);
  log("\nTargets");
  const verdict = (met) => (met === null ? "  ?  " : met === "reported" ? " info" : met ? " met " : "MISSED");
  for (const t of targets(results)) log(`${verdict(t.met)} ${t.target}: ${t.measured}`);
  if (results.failures?.length) {
    log("\nFailures (the bench exits non-zero)");
    for (const f of results.failures) log(`- ${f}`);
  }
  if (results.notes.length) {
    log("\nNotes");
    for (const n of results.notes) log(`- ${n}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printReport(JSON.parse(readFileSync(process.argv[2] ?? new URL("../results/latest.json", import.meta.url), "utf8")));
}
