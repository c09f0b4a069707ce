// Helpers shared by the local scripts (start, seed, bench): secrets, wrangler invocations, waiting for ports.
import { execFile, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const ROOT = new URL("..", import.meta.url).pathname;
export const WRANGLER = `${ROOT}node_modules/.bin/wrangler`;

export const SERVICES = {
  tax: { config: "wrangler.tax.toml", workerName: "tax-api", database: "tax-db", defaultPort: 8787, portVariable: "TAX_PORT" },
  inventory: {
    config: "wrangler.inventory.toml",
    workerName: "inventory-api",
    database: "inventory-db",
    defaultPort: 8788,
    portVariable: "INVENTORY_PORT",
  },
};

export function portOf(service) {
  const { defaultPort, portVariable } = SERVICES[service];
  return Number(process.env[portVariable] ?? defaultPort);
}

/** Creates `.dev.vars` with fresh random secrets when it is missing; returns the parsed file. */
export function ensureDevVars() {
  const path = `${ROOT}.dev.vars`;
  if (!existsSync(path)) {
    const secret = () => randomBytes(24).toString("base64url");
    writeFileSync(
      path,
      [
        "# Local secrets for `npm start` (git-ignored). Production uses `wrangler secret put NAME -c <config>`.",
        `ADMIN_TOKEN=${secret()}`,
        `RAZORPAY_WEBHOOK_SECRET=${secret()}`,
        `SESSION_SECRET=${secret()}`,
        "# Lets webhooks reach http://127.0.0.1:<port> on this machine. Never set in production.",
        "WEBHOOK_ALLOW_LOOPBACK=true",
        "",
      ].join("\n"),
      { mode: 0o600 },
    );
    console.log("Created .dev.vars with fresh random secrets.");
  }
  const vars = {};
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (match) vars[match[1]] = match[2];
  }
  return vars;
}

export function wrangler(args, options = {}) {
  const result = spawnSync(WRANGLER, args, { cwd: ROOT, encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false" }, ...options });
  if (result.status !== 0) {
    throw new Error(`wrangler ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

/** `wrangler` without blocking, for runs side by side (the test config builds both Workers at once). */
export function wranglerAsync(args) {
  const options = { cwd: ROOT, encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false" }, maxBuffer: 16 * 1024 * 1024 };
  return new Promise((resolve, reject) => {
    execFile(WRANGLER, args, options, (error, stdout, stderr) => {
      if (error) reject(new Error(`wrangler ${args.join(" ")} failed:\n${stdout}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/**
 * Bundles the Worker of a wrangler config into `outdir` exactly as `wrangler deploy` would (--dry-run), with esbuild's
 * metafile beside it (what went into the bundle); resolves to both paths and wrangler's output (its size line among
 * it). The bundle is named after the config's entry module (`worker.js` for both services).
 */
export async function bundleConfig(config, outdir) {
  const metafile = join(outdir, "metafile.json");
  const output = await wranglerAsync(["deploy", "--dry-run", "--outdir", outdir, "--metafile", metafile, "-c", config]);
  const file = readdirSync(outdir).find((name) => name.endsWith(".js"));
  if (!file) throw new Error(`No bundle in ${outdir}:\n${output}`);
  return { worker: join(outdir, file), metafile, output };
}

/** A service's Worker bundled as `wrangler deploy` would: bundleConfig of its wrangler config. */
export function bundleWorker(service, outdir) {
  return bundleConfig(SERVICES[service].config, outdir);
}

/** `wrangler d1 <command…> <database> --local` for a service, never prompting, on `persistTo` when given. */
function localD1(service, command, extraArgs, persistTo, options = {}) {
  const { config, database } = SERVICES[service];
  const args = ["d1", ...command, database, "--local", "-c", config, ...extraArgs];
  if (persistTo) args.push("--persist-to", persistTo);
  return wrangler(args, { env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" }, ...options });
}

export function applyLocalMigrations(service, persistTo) {
  localD1(service, ["migrations", "apply"], [], persistTo);
}

/**
 * A new local database of a service under `persistTo` with every migration applied and recorded as `migrations apply`
 * records them, in one wrangler run: for throwaway databases (tests, benchmarks). `migrations apply` runs each file on
 * its own, some 20 s for a service's thirty files.
 */
export function createLocalDatabase(service, persistTo) {
  const folder = `${ROOT}migrations/${service}`;
  const files = readdirSync(folder)
    .filter((name) => name.endsWith(".sql"))
    .sort();
  const sql = [
    "CREATE TABLE IF NOT EXISTS d1_migrations(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL);",
    ...files.flatMap((name) => [readFileSync(`${folder}/${name}`, "utf8"), `INSERT INTO d1_migrations (name) VALUES ('${name}');`]),
  ];
  const scratch = mkdtempSync(`${tmpdir()}/migrations-`);
  try {
    writeFileSync(`${scratch}/all.sql`, sql.join("\n"));
    executeLocalSql(service, `${scratch}/all.sql`, persistTo);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Runs SQL statements against the local D1 database of a service. */
export function executeLocalSql(service, file, persistTo) {
  return localD1(service, ["execute"], ["--file", file, "--yes"], persistTo);
}

/** The rows each of `queries` returns from the local D1 database of a service, in one wrangler run. */
export function queryLocal(service, queries, persistTo) {
  const output = localD1(service, ["execute"], ["--command", queries.join(";\n"), "--json"], persistTo, { maxBuffer: 256 * 1024 * 1024 });
  return JSON.parse(output).map((result) => result.results);
}

/** Whether a TCP port can be listened on at 127.0.0.1 right now. */
export function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A port the system reports free at 127.0.0.1 (for a Worker or its inspector). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const ANSI = /\x1b\[[0-9;]*m/g;

/**
 * Relays wrangler's output line by line with a prefix, folding each failed rebuild into one line. wrangler dev
 * watches every file its bundle read, node_modules included, so reinstalling dependencies beside it fails one
 * rebuild after another, each printing every unresolved import; the Worker keeps serving its last good build.
 */
function relayLines(stream, target, prefix, quiet) {
  let pending = "";
  let folding = false; // inside a "Build failed" block, whose detail lines are indented
  let reported = false; // one line per run of failed rebuilds, until a rebuild succeeds
  let errors = 0;
  let cfWarned = false; // offline, every reload warns that Request.cf cannot be fetched, with a stack: say it once
  let inCfStack = false;
  const emit = (line) => !quiet && target.write(prefix + line + "\n");
  const handle = (line) => {
    const plain = line.replace(ANSI, "");
    if (/Unable to fetch the `Request\.cf` object/.test(plain)) {
      inCfStack = true;
      if (!cfWarned) emit(line);
      cfWarned = true;
      return;
    }
    if (inCfStack && (/^Error: getaddrinfo/.test(plain) || /^\s+at /.test(plain))) return;
    inCfStack = false;
    const failed = /Build failed with (\d+) error/.exec(plain);
    if (failed) {
      folding = true;
      errors = Number(failed[1]);
      return;
    }
    if (folding && (plain.trim() === "" || /^\s/.test(plain))) {
      const first = /\[ERROR\]\s*(.+)$/.exec(plain);
      if (first && !reported) {
        reported = true;
        emit(
          `Rebuild failed (${errors} error${errors === 1 ? "" : "s"}, first: ${first[1].trim()}); still serving the last good build until the next change builds.`,
        );
      }
      return;
    }
    folding = false;
    if (/Local server updated and ready/.test(plain) && reported) {
      reported = false;
      emit("Rebuilt after the failure; serving the new build.");
      return;
    }
    if (plain.trim()) emit(line);
  };
  stream.on("data", (chunk) => {
    const lines = (pending + chunk.toString()).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) handle(line);
  });
  stream.on("end", () => pending && handle(pending));
}

/**
 * `wrangler dev` of one service on 127.0.0.1:port. Its inspector listens on `inspectorPort` (pick one with
 * freePort()), by default port + 1000: never wrangler's own choice, which two Workers started at once can both
 * make (9229) so that one of them fails.
 */
export function startWranglerDev(service, port, { persistTo, extraArgs = [], quiet = false, inspectorPort } = {}) {
  const { config } = SERVICES[service];
  const args = ["dev", "-c", config, "--port", String(port), "--ip", "127.0.0.1", "--show-interactive-dev-session=false", ...extraArgs];
  args.push("--inspector-port", String(inspectorPort ?? port + 1000));
  if (persistTo) args.push("--persist-to", persistTo);
  const child = spawn(WRANGLER, args, {
    cwd: ROOT,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: false,
  });
  const prefix = `[${service}] `;
  relayLines(child.stdout, process.stdout, prefix, quiet);
  relayLines(child.stderr, process.stderr, prefix, quiet);
  // The last lines it printed, quiet or not, for the error when it dies before serving.
  child.recentOutput = [];
  const keep = (chunk) => {
    child.recentOutput.push(...chunk.toString().replace(ANSI, "").split("\n").filter(Boolean));
    child.recentOutput.splice(0, Math.max(0, child.recentOutput.length - 30));
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  // A Worker that dies on its own (not stopped by its caller) fails the requests after it with only "connection
  // refused": say why it went, with what it printed last, even when quiet.
  child.on("exit", (code, signal) => {
    if (child.killed) return;
    process.stderr.write(`${prefix}wrangler dev exited by itself (${code ?? signal}); its last output: ${child.recentOutput.join(" | ")}\n`);
  });
  return child;
}

/** Waits until `url` answers below 500. */
export async function waitFor(url, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return response;
      lastError = new Error(`status ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms: ${lastError}`);
}

export async function adminCall(baseUrl, adminToken, method, path, body) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${adminToken}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = { raw: text };
  }
  return { status: response.status, body: json };
}
