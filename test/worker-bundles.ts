// The Workers as `vitest run` bundled them for the Worker projects (vitest.config.ts), for the node and browser tests
// to serve and inspect the very same code. In watch mode there are none: those tests bundle for themselves.
import path from "node:path";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** Each Worker's `worker.js`, as `wrangler deploy --dry-run` wrote it, with esbuild's `metafile.json` beside it. */
    workerBundles: Record<"tax" | "inventory", string | null>;
  }
}

/** The built bundle of `service` and its metafile, or null when this run built none. */
export function builtBundle(service: "tax" | "inventory"): { worker: string; metafile: string } | null {
  const worker = inject("workerBundles")[service];
  return worker ? { worker, metafile: path.join(path.dirname(worker), "metafile.json") } : null;
}
