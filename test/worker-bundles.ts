// The Workers as `vitest run` bundled them for the Worker projects (vitest.config.ts), for the node and browser tests
// to serve and inspect the very same code. In watch mode there are none: those tests bundle for themselves.
import { inject } from "vitest";

/** A Worker bundled as `wrangler deploy --dry-run` writes it, and esbuild's metafile of what went into it. */
export interface WorkerBundle {
  worker: string;
  metafile: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    workerBundles: Record<"tax" | "inventory", WorkerBundle | null>;
  }
}

/** The bundle of `service` this run built, or null when it built none. */
export function builtBundle(service: "tax" | "inventory"): WorkerBundle | null {
  return inject("workerBundles")[service];
}
