// Loads a source module the way wrangler deploys it: one esbuild bundle (the esbuild wrangler bundles with), so
// calls between the module's files are plain function calls. Imported straight from src/, each call between files
// would go through vitest's module runner, which cost the engine more than half its speed.
import { build } from "esbuild";

export async function deployed<Module>(entry: string): Promise<Module> {
  // In this checkout's own .wrangler/ (git-ignored): node_modules may be shared with another checkout.
  const outfile = new URL(`../../.wrangler/bench-cache/micro/${entry.replace(/\W+/g, "_")}.mjs`, import.meta.url).pathname;
  await build({ entryPoints: [entry], bundle: true, format: "esm", platform: "neutral", outfile, logLevel: "error" });
  return import(/* @vite-ignore */ outfile);
}
