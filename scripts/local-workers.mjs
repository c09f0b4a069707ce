// The Workers as deployed, run locally on workerd through Miniflare's Node API: the bundle `wrangler deploy` uploads,
// with the bindings its wrangler config declares. Used by the benchmarks and by the tests that need a Worker on a
// real port (Chromium, the documented shell examples). `wrangler dev` runs the same runtime behind a proxy of its
// own, a second workerd whose pooled connections to the first now and then lose a request on a loaded machine;
// here a request reaches the Worker's own socket.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { Miniflare, NoOpLog } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { bundleWorker, ROOT, SERVICES } from "./lib.mjs";

/** Miniflare options for one Worker from its wrangler config, running `bundlePath` instead of the sources. */
export function workerOptions({ name, config, bundlePath, routes, envFile }) {
  // An explicit env file replaces .dev.vars, so the developer's local secrets are never read.
  const { workerOptions: options } = unstable_getMiniflareWorkerOptions(`${ROOT}${config}`, undefined, { envFiles: [envFile] });
  return { ...options, name, modules: true, scriptPath: bundlePath, modulesRoot: dirname(bundlePath), routes };
}

/**
 * Serves a service's Worker on a free port of 127.0.0.1: `bundlePath` (bundled here when not given, as `wrangler
 * deploy` does), `vars` as its secrets and variables, its local state (D1, Durable Objects, queues) in a folder of
 * `persistTo` named after it, its database empty (the caller migrates it through `database()`). The runtime's own
 * output is kept, not printed; the last of it comes with a start that fails.
 */
export async function serveBundled(service, { persistTo, vars, bundlePath }) {
  const { config, workerName } = SERVICES[service];
  bundlePath ??= (await bundleWorker(service, join(persistTo, `bundle-${service}`))).worker;
  const envFile = join(persistTo, `${service}.env`);
  writeFileSync(
    envFile,
    Object.entries(vars)
      .map(([name, value]) => `${name}=${value}\n`)
      .join(""),
    { mode: 0o600 },
  );
  const output = [];
  const keep = (stream) =>
    stream.on("data", (chunk) => {
      output.push(...chunk.toString().split("\n").filter(Boolean));
      output.splice(0, Math.max(0, output.length - 30));
    });
  const miniflare = new Miniflare({
    host: "127.0.0.1",
    port: 0,
    // Each service's state (D1 included) apart: two runtimes starting at once on one storage folder fail with
    // "database is locked", as both create the same SQLite file.
    defaultPersistRoot: join(persistTo, service),
    log: new NoOpLog(),
    handleRuntimeStdio: (stdout, stderr) => {
      keep(stdout);
      keep(stderr);
    },
    workers: [workerOptions({ name: workerName, config, bundlePath, envFile })],
  });
  try {
    const url = await miniflare.ready;
    return { url: url.origin, database: () => miniflare.getD1Database("DB"), stop: () => miniflare.dispose() };
  } catch (error) {
    await miniflare.dispose().catch(() => {});
    throw new Error(`${service} did not start: ${error}; its last output: ${output.join(" | ")}`);
  }
}
