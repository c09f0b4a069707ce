// Imports flow one way: composition root -> features -> platform; pure code imports only pure code. Platform
// never imports a service; the services never import each other; no import cycle exists (type imports
// included); a service root holds only its entry, its composition root, its env and its Hono leaf.
import { describe, expect, it } from "vitest";

const sources = import.meta.glob<string>("/src/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true });

function importsOf(source: string): string[] {
  return [...source.matchAll(/^\s*(?:import|export)\b[^;]*?from\s+["']([^"']+)["']/gm)].map((m) => m[1]!);
}

function resolve(from: string, specifier: string): string {
  if (!specifier.startsWith(".")) return specifier;
  const parts = from.split("/").slice(0, -1);
  for (const segment of specifier.split("/")) {
    if (segment === "..") parts.pop();
    else if (segment !== ".") parts.push(segment);
  }
  return parts.join("/");
}

/** The source file a relative import lands on, as TypeScript resolves it (.ts, .tsx, folder index). */
function resolveFile(from: string, specifier: string): string | undefined {
  const base = resolve(from, specifier);
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((candidate) => candidate in sources);
}

function violations(rule: (file: string, target: string) => boolean): string[] {
  const found: string[] = [];
  for (const [file, source] of Object.entries(sources)) {
    for (const specifier of importsOf(source)) {
      const target = resolve(file, specifier);
      if (rule(file, target)) found.push(`${file} imports ${specifier}`);
    }
  }
  return found;
}

type Graph = Map<string, string[]>;

function importGraph(include: (file: string) => boolean): Graph {
  const graph: Graph = new Map();
  for (const [file, source] of Object.entries(sources)) {
    if (!include(file)) continue;
    const targets = importsOf(source).flatMap((specifier) => (specifier.startsWith(".") ? [resolveFile(file, specifier)] : []));
    graph.set(file, [...new Set(targets.filter((t): t is string => t !== undefined && include(t)))]);
  }
  return graph;
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
function cyclesOf(graph: Graph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** Pure modules: each service's domain/ and the platform's pure helpers. */
const isPure = (file: string) => /^\/src\/(tax\/domain|inventory\/domain|platform\/pure)\//.test(file);
/** The service and the platform already laid out one folder per feature; the checks below hold them to it. */
const checked = (file: string) => /^\/src\/(tax|inventory|platform)\//.test(file);

describe("architecture", () => {
  it("sees the source tree", () => {
    expect(Object.keys(sources)).toContain("/src/platform/http/app.ts");
    expect(Object.keys(sources)).toContain("/src/tax/worker.ts");
    expect(Object.keys(sources)).toContain("/src/inventory/worker.ts");
  });

  it("platform imports neither service", () => {
    expect(violations((file, target) => file.startsWith("/src/platform/") && /^\/src\/(tax|inventory)\//.test(target))).toEqual([]);
  });

  it("tax and inventory never import each other", () => {
    expect(
      violations(
        (file, target) =>
          (file.startsWith("/src/tax/") && target.startsWith("/src/inventory/")) ||
          (file.startsWith("/src/inventory/") && target.startsWith("/src/tax/")),
      ),
    ).toEqual([]);
  });

  it("pure modules import only other pure modules: no package, no framework, no I/O", () => {
    const found: string[] = [];
    for (const [file, source] of Object.entries(sources)) {
      if (!isPure(file)) continue;
      for (const specifier of importsOf(source)) {
        const target = specifier.startsWith(".") ? resolveFile(file, specifier) : undefined;
        if (!target || !isPure(target)) found.push(`${file} imports ${specifier}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("the cycle finder finds a cycle and a self-import, and nothing in a chain", () => {
    const graph: Graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a", "d"]],
      ["e", ["d"]],
    ]);
    expect(cyclesOf(graph)).toEqual([["a", "b", "c"], ["d"]]);
    expect(
      cyclesOf(
        new Map([
          ["x", ["y"]],
          ["y", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("no import cycle in either service or the platform, type imports included", () => {
    const graph = importGraph(checked);
    expect(graph.size).toBeGreaterThan(100);
    // The graph is real: the composition root reaches the routes, and a route reaches the leaf.
    expect(graph.get("/src/tax/app.ts")).toContain("/src/tax/keys/rotate-key.ts");
    expect(graph.get("/src/tax/keys/rotate-key.ts")).toContain("/src/tax/hono.ts");
    expect(graph.get("/src/inventory/app.ts")).toContain("/src/inventory/sales/create-sale.ts");
    expect(cyclesOf(graph)).toEqual([]);
  });

  it.each(["tax", "inventory"])(
    "the %s root holds only worker.ts, app.ts, env.ts and hono.ts; everything else lives in a feature folder",
    (service) => {
      const loose = Object.keys(sources).filter((file) => new RegExp(`^/src/${service}/[^/]+$`).test(file));
      expect(loose.sort()).toEqual(["app.ts", "env.ts", "hono.ts", "worker.ts"].map((name) => `/src/${service}/${name}`));
    },
  );

  it.each(["tax", "inventory"])("%s: hono.ts imports no feature, and only the entry imports the composition root", (service) => {
    const graph = importGraph(checked);
    const leafImports = (graph.get(`/src/${service}/hono.ts`) ?? []).filter((target) => target.startsWith(`/src/${service}/`));
    expect(leafImports.filter((target) => !/\/(env|http\/errors)\.ts$/.test(target))).toEqual([]);
    const importersOfApp = [...graph].filter(([, targets]) => targets.includes(`/src/${service}/app.ts`)).map(([file]) => file);
    expect(importersOfApp).toEqual([`/src/${service}/worker.ts`]);
  });

  // A feature whose queries hold several concerns splits them into files named for each: `receipt-queries.ts`.
  it.each(["tax", "inventory"])("%s writes SQL only in a feature's queries.ts or <concern>-queries.ts, or in db/", (service) => {
    const found = Object.entries(sources)
      .filter(([file]) => file.startsWith(`/src/${service}/`) && !/[/-]queries\.ts$/.test(file) && !file.startsWith(`/src/${service}/db/`))
      .filter(([, source]) => /\.prepare\(|\bdb\s*\.\s*(select|insert|update|delete)\(/.test(source))
      .map(([file]) => file);
    expect(found).toEqual([]);
  });
});
