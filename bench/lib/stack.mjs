// Bundling and starting Workers for the bench: `wrangler deploy --dry-run` bundles (the same bytes a deploy
// uploads), and Miniflare's Node API runs them on workerd with the bindings wrangler would give them, so the
// load reaches the workerd socket with no Node proxy in front. `wrangler dev` is started only to measure what
// its proxy adds.
import { spawn, execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { Miniflare } from "miniflare";
import { bundleConfig, ROOT, WRANGLER } from "../../scripts/lib.mjs";

/** Bundles one Worker; resolves to the bundle path and wrangler's own size line (total and gzip, KiB). */
export async function bundle(config, outdir) {
  const started = performance.now();
  const { worker, output } = await bundleConfig(config, outdir);
  const seconds = (performance.now() - started) / 1000;
  const size = /Total Upload:\s*([\d.]+)\s*KiB\s*\/\s*gzip:\s*([\d.]+)\s*KiB/.exec(output);
  return { config, path: worker, totalKiB: size ? Number(size[1]) : null, gzipKiB: size ? Number(size[2]) : null, seconds };
}

function childrenOf(_pid) {
  const out = execFileSync("ps", ["-eo", "pid=,ppid=,comm="], { encoding: "utf8" });
  return out
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter((parts) => parts.length >= 3)
    .map(([child, parent, comm]) => ({ pid: Number(child), ppid: Number(parent), comm }));
}

/** The workerd process among the descendants of `rootPid`. */
export function findWorkerd(rootPid, excluded = new Set()) {
  const all = childrenOf(rootPid);
  const frontier = [rootPid];
  const seen = new Set(frontier);
  while (frontier.length) {
    const parent = frontier.shift();
    for (const proc of all) {
      if (proc.ppid !== parent || seen.has(proc.pid)) continue;
      if (proc.comm === "workerd" && !excluded.has(proc.pid)) return proc.pid;
      seen.add(proc.pid);
      frontier.push(proc.pid);
    }
  }
  return null;
}

/** Starts one Miniflare instance (one workerd process) with the given Workers; the first is the fallback route. */
export async function startMiniflare({ workers, persistRoot, ...shared }) {
  const before = new Set(
    childrenOf(process.pid)
      .filter((p) => p.comm === "workerd")
      .map((p) => p.pid),
  );
  const started = performance.now();
  const mf = new Miniflare({ host: "127.0.0.1", port: 0, defaultPersistRoot: persistRoot, workers, ...shared });
  const url = await mf.ready;
  const readyMs = performance.now() - started;
  const pid = findWorkerd(process.pid, before);
  return { mf, origin: url.origin, readyMs, pid };
}

export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rssKiB: kib("VmRSS"), hwmKiB: kib("VmHWM") };
}

/** Starts `wrangler dev` for a config on a port; resolves once it answers. */
export async function startWranglerDev({ config, port, persistTo, envFile }) {
  const args = [
    "dev",
    "-c",
    config,
    "--port",
    String(port),
    "--ip",
    "127.0.0.1",
    "--inspector-port",
    String(port + 1000),
    "--show-interactive-dev-session=false",
    "--persist-to",
    persistTo,
    "--env-file",
    envFile,
    "--log-level",
    "warn",
  ];
  const started = performance.now();
  const child = spawn(WRANGLER, args, {
    cwd: ROOT,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (chunk) => (log += chunk));
  child.stderr.on("data", (chunk) => (log += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev -c ${config} exited:\n${log}`);
    try {
      await fetch(origin);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`wrangler dev -c ${config} did not answer:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return { child, origin, readyMs: performance.now() - started, pid: findWorkerd(child.pid), log: () => log };
}

export function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.exitCode === null && child.kill("SIGKILL"), 5_000).unref();
  });
}
