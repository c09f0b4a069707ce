// `npm run check` (after typecheck): bundles both Workers with `wrangler deploy --dry-run` and prints each
// bundle's size, gzip included, as wrangler reports it.
import { ROOT, SERVICES, wrangler } from "./lib.mjs";

for (const [service, { config }] of Object.entries(SERVICES)) {
  const output = wrangler(["deploy", "--dry-run", "--outdir", `${ROOT}dist/${service}`, "-c", config]);
  const size = /Total Upload:\s*([^\n]+)/.exec(output);
  if (!size) throw new Error(`No bundle size in wrangler's output for ${service}:\n${output}`);
  console.log(`${service.padEnd(10)} bundle: ${size[1].trim()}`);
}
