// Types of lib.mjs, for the TypeScript callers (the browser and node tests, the test config).

export declare const ROOT: string;
export declare const SERVICES: Record<
  "tax" | "inventory",
  { config: string; workerName: string; database: string; defaultPort: number; portVariable: string }
>;
/** Runs wrangler from the project root; returns its standard output, throws when it fails. */
export declare function wrangler(args: string[], options?: import("node:child_process").SpawnSyncOptions): string;
/** `wrangler` without blocking; resolves to its standard output, rejects when it fails. */
export declare function wranglerAsync(args: string[]): Promise<string>;
/** A wrangler config's Worker bundled as `wrangler deploy` would, with esbuild's metafile; wrangler's output beside. */
export declare function bundleConfig(config: string, outdir: string): Promise<{ worker: string; metafile: string; output: string }>;
/** A service's Worker bundled as `wrangler deploy` would: bundleConfig of its wrangler config. */
export declare function bundleWorker(service: "tax" | "inventory", outdir: string): Promise<{ worker: string; metafile: string; output: string }>;
export declare function createLocalDatabase(service: "tax" | "inventory", persistTo: string): void;
export declare function queryLocal(service: "tax" | "inventory", queries: string[], persistTo?: string): Record<string, unknown>[][];
export declare function adminCall(
  baseUrl: string,
  adminToken: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }>;
