// Client generation from the committed OpenAPI documents, as a user of the API would do it: openapi-typescript
// turns each document into types, and a small program written against them must compile under tsc --strict.
// A program that misuses the API must not compile, so the types really come from the document.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib.mjs";

const run = promisify(execFile);
const work = mkdtempSync(path.join(tmpdir(), "openapi-client-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function generate(service: "tax" | "inventory"): Promise<void> {
  const document = JSON.parse(readFileSync(path.join(ROOT, "docs", "openapi", `${service}.json`), "utf8"));
  writeFileSync(path.join(work, `${service}.d.ts`), astToString(await openapiTS(document)));
}

/** Compiles one program against the generated types; returns tsc's diagnostics ("" when it compiles). */
async function compile(name: string, program: string): Promise<string> {
  const file = path.join(work, `${name}.ts`);
  writeFileSync(file, program);
  const args = ["--noEmit", "--strict", "--target", "ES2022", "--module", "ES2022", "--moduleResolution", "bundler", "--lib", "ES2023,DOM", file];
  try {
    await run(path.join(ROOT, "node_modules", ".bin", "tsc"), args, { cwd: work });
    return "";
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

describe("clients generated with openapi-typescript", () => {
  it("tax: a program listing due dates and computing tax compiles against the generated types", { timeout: 120_000 }, async () => {
    await generate("tax");
    const diagnostics = await compile(
      "tax-client",
      `import type { components, operations } from "./tax";
type Deadlines = operations["getDeadlines"];
const query: NonNullable<Deadlines["parameters"]["query"]> = { from: "2026-07-01", limit: 5 };
async function deadlines(base: string, key: string): Promise<components["schemas"]["Deadline"][]> {
  const url = new URL("/api/v1/deadlines", base);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
  const response = await fetch(url, { headers: { Authorization: \`Bearer \${key}\` } });
  const body = (await response.json()) as Deadlines["responses"][200]["content"]["application/json"];
  return body.data;
}
type ComputeBody = NonNullable<operations["postCompute"]["requestBody"]>["content"]["application/json"];
export const program = { deadlines, compute: (body: ComputeBody) => JSON.stringify(body) };
export const firstTitle = async () => (await deadlines("http://127.0.0.1:8787", "tax_key"))[0]?.title.toUpperCase();
`,
    );
    expect(diagnostics).toBe("");
  });

  it("inventory: a program paging through lots compiles; reading a field the API does not have does not", { timeout: 120_000 }, async () => {
    await generate("inventory");
    const header = `import type { operations } from "./inventory";
type Page = operations["getInventory"]["responses"][200]["content"]["application/json"];
`;
    const good = await compile(
      "inventory-client",
      `${header}export function skus(page: Page): string[] {
  const next: number | null = page.next_offset;
  return page.has_more && next !== null ? page.data.map((lot) => lot.sku) : [];
}
export const query: NonNullable<operations["getInventory"]["parameters"]["query"]> = { limit: 50, offset: 0 };
`,
    );
    expect(good).toBe("");
    const bad = await compile("inventory-misuse", `${header}export const wrong = (page: Page) => page.data.map((lot) => lot.colour_of_the_sky);\n`);
    expect(bad).toMatch(/colour_of_the_sky/);
    expect(bad).toMatch(/error TS2339/);
  });
});
