// The inventory service's layout: features at the root beside worker/app/env/hono only; hono.ts is a leaf
// every route may import; no import cycle (type imports included); domain code imports only domain code;
// SQL is written only in a feature's queries.ts or in db/.
import { describe, expect, it } from "vitest";

const sources = import.meta.glob<string>("/src/inventory/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true });
const files = Object.keys(sources);

function importsOf(source: string): string[] {
  return [...source.matchAll(/^\s*(?:import|export)\b[^;]*?from\s+["']([^"']+)["']/gm)].map((m) => m[1]!);
}

/** The source file an import names, or the bare specifier for a package. */
function resolve(from: string, specifier: string): string {
  if (!specifier.startsWith(".")) return specifier;
  const parts = from.split("/").slice(0, -1);
  for (const segment of specifier.split("/")) {
    if (segment === "..") parts.pop();
    else if (segment !== ".") parts.push(segment);
  }
  const base = parts.join("/");
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((candidate) => candidate in sources) ?? base;
}

const graph = new Map(files.map((file) => [file, importsOf(sources[file]!).map((s) => resolve(file, s)).filter((t) => t in sources)]));

function cycles(): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (state.get(target) === "open") found.push([...stack.slice(stack.indexOf(target)), target]);
      else if (!state.has(target)) visit(target);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return found;
}

describe("inventory layout", () => {
  it("sees the source tree", () => {
    expect(files).toContain("/src/inventory/hono.ts");
    expect(files).toContain("/src/inventory/sales/queries.ts");
    expect(graph.get("/src/inventory/app.ts")).toContain("/src/inventory/sales/create-sale.ts");
  });

  it("keeps only the entry, the composition root, the env and the Hono leaf at the root", () => {
    const loose = files.filter((file) => /^\/src\/inventory\/[^/]+$/.test(file));
    expect(loose.sort()).toEqual(["/src/inventory/app.ts", "/src/inventory/env.ts", "/src/inventory/hono.ts", "/src/inventory/worker.ts"]);
  });

  it("has no import cycle", () => {
    expect(cycles()).toEqual([]);
  });

  it("hono.ts imports no feature, so every route can import it", () => {
    const features = (graph.get("/src/inventory/hono.ts") ?? []).filter((target) => !/^\/src\/inventory\/(env|http\/errors)\.ts$/.test(target));
    expect(features).toEqual([]);
  });

  it("only the composition root and the entry import app.ts", () => {
    const importers = files.filter((file) => graph.get(file)!.includes("/src/inventory/app.ts"));
    expect(importers).toEqual(["/src/inventory/worker.ts"]);
  });

  it("domain code imports only domain code (pure to pure)", () => {
    const found = files
      .filter((file) => file.startsWith("/src/inventory/domain/"))
      .flatMap((file) => importsOf(sources[file]!).map((s) => [file, resolve(file, s)] as const))
      .filter(([, target]) => !target.startsWith("/src/inventory/domain/"));
    expect(found).toEqual([]);
  });

  it("writes SQL only in a feature's queries.ts or in db/", () => {
    const found = files.filter(
      (file) => !/\/queries\.ts$/.test(file) && !file.startsWith("/src/inventory/db/") && /\.prepare\(|\bdb\s*\.\s*(select|insert|update|delete)\(/.test(sources[file]!),
    );
    expect(found).toEqual([]);
  });
});
