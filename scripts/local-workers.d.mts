// Types of local-workers.mjs, for the TypeScript callers (the browser and node tests).
import type { Miniflare } from "miniflare";

export declare function serveBundled(
  service: "tax" | "inventory",
  options: { persistTo: string; vars: Record<string, string>; bundlePath?: string },
): Promise<{ url: string; database: () => ReturnType<Miniflare["getD1Database"]>; stop: () => Promise<void> }>;
