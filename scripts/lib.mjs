// Helpers shared by the local scripts (start, seed, bench): secrets, wrangler invocations, waiting for ports.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

export const ROOT = new URL("..", import.meta.url).pathname;
export const WRANGLER = `${ROOT}node_modules/.bin/wrangler`;

export const SERVICES = {
  tax: { config: "wrangler.tax.toml", database: "tax-db", defaultPort: 8787, portVariable: "TAX_PORT" },
  inventory: { config: "wrangler.inventory.toml", database: "inventory-db", defaultPort: 8788, portVariable: "INVENTORY_PORT" },
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

export function applyLocalMigrations(service, persistTo) {
  const { config, database } = SERVICES[service];
  const args = ["d1", "migrations", "apply", database, "--local", "-c", config];
  if (persistTo) args.push("--persist-to", persistTo);
  wrangler(args, { env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" } });
}

/** Runs SQL statements against the local D1 database of a service. */
export function executeLocalSql(service, file, persistTo) {
  const { config, database } = SERVICES[service];
  const args = ["d1", "execute", database, "--local", "-c", config, "--file", file, "--yes"];
  if (persistTo) args.push("--persist-to", persistTo);
  return wrangler(args, { env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" } });
}

export function startWranglerDev(service, port, { persistTo, extraArgs = [], quiet = false } = {}) {
  const { config } = SERVICES[service];
  const args = ["dev", "-c", config, "--port", String(port), "--ip", "127.0.0.1", "--inspector-port", String(port + 1000), "--show-interactive-dev-session=false", ...extraArgs];
  if (persistTo) args.push("--persist-to", persistTo);
  const child = spawn(WRANGLER, args, { cwd: ROOT, env: { ...process.env, WRANGLER_SEND_METRICS: "false" }, stdio: ["ignore", "pipe", "pipe"], detached: false });
  const prefix = `[${service}] `;
  const relay = (stream, target) =>
    stream.on("data", (chunk) => {
      if (quiet) return;
      for (const line of chunk.toString().split("\n")) if (line.trim()) target.write(prefix + line + "\n");
    });
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  return child;
}

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
