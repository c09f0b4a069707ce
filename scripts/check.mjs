// `npm run check` (after typecheck): lints both committed OpenAPI documents with Redocly's recommended rules
// (redocly.yaml), then bundles both Workers with `wrangler deploy --dry-run` and prints each bundle's size, gzip
// included, as wrangler reports it.
import { spawnSync } from "node:child_process";
import { bundleWorker, ROOT, SERVICES } from "./lib.mjs";

const lint = spawnSync(`${ROOT}node_modules/.bin/redocly`, ["lint", "docs/openapi/tax.json", "docs/openapi/inventory.json"], {
  cwd: ROOT,
  stdio: "inherit",
});
if (lint.status !== 0) process.exit(lint.status ?? 1);

for (const service of Object.keys(SERVICES)) {
  const { output } = await bundleWorker(service, `${ROOT}dist/${service}`);
  const size = /Total Upload:\s*([^\n]+)/.exec(output);
  if (!size) throw new Error(`No bundle size in wrangler's output for ${service}:\n${output}`);
  console.log(`${service.padEnd(10)} bundle: ${size[1].trim()}`);
}
