// `npm run openapi`: starts both Workers on free ports with throwaway state, fetches each served OpenAPI document
// and writes it to docs/openapi/<service>.json. The committed files are what users and client generators read; a
// test in each service compares them with the served document, so a route change without a refresh fails.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT, freePort, startWranglerDev, waitFor } from "./lib.mjs";

const persistTo = mkdtempSync(path.join(tmpdir(), "openapi-"));
// The document does not depend on secrets, but the Workers refuse to start without them.
const vars = ["ADMIN_TOKEN", "SESSION_SECRET", "RAZORPAY_WEBHOOK_SECRET"].flatMap((name) => ["--var", `${name}:openapi-${crypto.randomUUID()}`]);
const children = [];
try {
  mkdirSync(path.join(ROOT, "docs", "openapi"), { recursive: true });
  const services = ["tax", "inventory"];
  const ports = [];
  for (const service of services) {
    const port = await freePort();
    ports.push(port);
    children.push(startWranglerDev(service, port, { persistTo, extraArgs: vars, quiet: true, inspectorPort: await freePort() }));
  }
  await Promise.all(
    services.map(async (service, index) => {
      const url = `http://127.0.0.1:${ports[index]}/api/v1/openapi.json`;
      const response = await waitFor(url, 180_000);
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      const file = path.join(ROOT, "docs", "openapi", `${service}.json`);
      writeFileSync(file, `${JSON.stringify(await response.json(), null, 2)}\n`);
      console.log(`Wrote ${path.relative(ROOT, file)}`);
    }),
  );
} finally {
  await Promise.all(
    children.map((child) => {
      if (child.exitCode !== null || child.signalCode !== null) return undefined;
      const exited = once(child, "exit");
      child.kill("SIGINT");
      return exited;
    }),
  );
  rmSync(persistTo, { recursive: true, force: true });
}
