// Imports flow one way: service -> platform. Platform never imports a service; the services never import
// each other; pure domain code imports neither a framework nor the platform's I/O.
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

  it("pure domain code imports no framework, database or platform I/O", () => {
    expect(
      violations(
        (file, target) =>
          /^\/src\/(tax|inventory)\/domain\//.test(file) &&
          (/^(hono|@hono\/|drizzle-orm|zod|cloudflare:)/.test(target) || /^\/src\/(platform|tax\/db|inventory\/db)\//.test(target)),
      ),
    ).toEqual([]);
  });
});
