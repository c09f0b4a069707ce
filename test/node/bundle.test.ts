// What wrangler deploys: each Worker bundled exactly as `wrangler deploy` does (--dry-run), read through esbuild's
// metafile. zod's English is the only locale the services answer in; the 60-odd others once made up over a third
// of each bundle (see the [alias] in wrangler.*.toml), and nothing else would notice them coming back. Nor would
// anything notice zod's code generator (`z.compile`, which Workers cannot run), `fromJSONSchema` or its JSON Schema
// generator returning.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as zodJsonSchemaGenerator from "../../node_modules/zod/v4/core/json-schema-generator.js";
import * as zodJsonSchemaProcessors from "../../node_modules/zod/v4/core/json-schema-processors.js";
import * as zodToJsonSchema from "../../node_modules/zod/v4/core/to-json-schema.js";
import { bundleWorker, ROOT, SERVICES } from "../../scripts/lib.mjs";
import { sql } from "drizzle-orm";
import { isPgEnum } from "drizzle-orm/pg-core";
import * as pgEnumStandIn from "../../src/platform/drizzle-pg-enum";
import * as standIn from "../../src/platform/zod-json-schema";
import { builtBundle } from "../worker-bundles";

const work = mkdtempSync(path.join(tmpdir(), "bundle-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Metafile {
  inputs: Record<string, { imports: { path: string; original?: string }[] }>;
}

/** The Worker as this run's other tests load it (bundled here in watch mode), and what esbuild says went into it. */
async function bundle(service: keyof typeof SERVICES): Promise<{ inputs: Metafile["inputs"]; code: string }> {
  const built = builtBundle(service) ?? (await bundleWorker(service, path.join(work, service)));
  const { inputs }: Metafile = JSON.parse(readFileSync(built.metafile, "utf8"));
  return { inputs, code: readFileSync(built.worker, "utf8") };
}

/** The [alias] table of a wrangler config: each import, exactly as written, and the module that replaces it. */
function aliasesOf(config: string): [string, string][] {
  const table = /^\[alias\]\n([^[]*)/m.exec(readFileSync(path.join(ROOT, config), "utf8"))?.[1] ?? "";
  return [...table.matchAll(/^"([^"]+)" = "\.\/([^"]+)"$/gm)].map((m): [string, string] => [m[1]!, m[2]!]);
}

// Metafile paths are relative to the project: `node_modules/zod/…` in a checkout, `../…/node_modules/zod/…` when
// node_modules is a link to another checkout's.
const fromZod = (file: string) => /(^|\/)node_modules\/zod\//.test(file);

describe.each(["tax", "inventory"] as const)("the %s Worker's bundle", (service) => {
  let built: Awaited<ReturnType<typeof bundle>>;
  beforeAll(async () => {
    built = await bundle(service);
  });
  const importersOf = (target: (imported: { path: string; original?: string }) => boolean) =>
    Object.entries(built.inputs).flatMap(([file, { imports }]) => imports.filter(target).map(() => file));

  // The budget the services were built to (what `wrangler deploy` uploads, gzip as wrangler measures it): a Worker
  // that starts fast everywhere. The pages' script and stylesheet and Swagger UI are static assets, outside it.
  it("fits in 250 KiB gzip", () => {
    expect(gzipSync(built.code).length / 1024).toBeLessThanOrEqual(250);
  });

  it("carries zod's English messages and no other locale, nor zod's code generator", () => {
    const files = Object.keys(built.inputs);
    expect(files.filter((file) => file.includes("/zod/v4/locales/")).map((file) => path.basename(file))).toEqual(["en.js"]);
    expect(files.filter((file) => /\/zod\/v4\/(core\/compile|classic\/from-json-schema)\.js$/.test(file))).toEqual([]);
  });

  it("carries no JSON Schema generator, only the summary of a schema's checks that the OpenAPI document reads", () => {
    expect(Object.keys(built.inputs).filter((file) => /\/zod\/v4\/core\/(to-json-schema|json-schema-generator)\.js$/.test(file))).toEqual([]);
    // zod's own importers of its processors get the stand-in, which takes `aggregateChecks` alone from the real file:
    // every processor, each with its "cannot be represented" refusal, is left out.
    expect(importersOf((imported) => imported.path.endsWith("node_modules/zod/v4/core/json-schema-processors.js"))).toEqual([
      "src/platform/zod-json-schema.ts",
    ]);
    expect(built.code).not.toContain("cannot be represented in JSON Schema");
  });

  it("swaps, with each alias, imports of zod's and of drizzle's SQL builder, and nothing else", () => {
    const aliases = aliasesOf(SERVICES[service].config);
    expect(aliases.map(([, replacement]) => replacement)).toContain("src/platform/zod-json-schema.ts");
    for (const [specifier, replacement] of aliases) {
      // wrangler matches the whole import string, so every import written this way is swapped.
      const importers = importersOf((imported) => imported.original === specifier);
      expect(importers.length, specifier).toBeGreaterThan(0);
      const intended =
        replacement === "src/platform/drizzle-pg-enum.ts" ? (file: string) => file.endsWith("node_modules/drizzle-orm/sql/sql.js") : fromZod;
      expect(
        importers.filter((file) => !intended(file)),
        specifier,
      ).toEqual([]);
    }
  });

  it('carries none of drizzle\'s Postgres columns (each class names its kind in the code, e.g. "PgColumn")', () => {
    expect(built.code.match(/"Pg[A-Za-z]*Column[A-Za-z]*"/g)).toBeNull();
  });
});

describe("the stand-in for drizzle's Postgres enum module", () => {
  it("exports every name drizzle's SQL builder imports from it, and answers as drizzle does for anything but pgEnum()", () => {
    const sqlBuilder = readFileSync(path.join(ROOT, "node_modules/drizzle-orm/sql/sql.js"), "utf8");
    const imported = /import \{([^}]*)\} from "\.\.\/pg-core\/columns\/enum\.js";/
      .exec(sqlBuilder)?.[1]
      ?.split(",")
      .map((name) => name.trim());
    expect(imported).toEqual(["isPgEnum"]);
    for (const chunk of [sql`select 1`, sql.raw("x"), "text", 1, null, { enumName: "e" }]) {
      expect(pgEnumStandIn.isPgEnum(chunk)).toBe(false);
      expect(isPgEnum(chunk)).toBe(false);
    }
  });
});

describe("the stand-in for zod's JSON Schema generator", () => {
  it("exports every name of each zod module it replaces, so every import of theirs finds its binding", () => {
    for (const zodModule of [zodToJsonSchema, zodJsonSchemaProcessors, zodJsonSchemaGenerator]) {
      expect(Object.keys(standIn)).toEqual(expect.arrayContaining(Object.keys(zodModule)));
    }
  });

  it("keeps zod's own summary of checks, which the minLength, maxLength and format getters read", () => {
    expect(standIn.aggregateChecks).toBe(zodJsonSchemaProcessors.aggregateChecks);
  });

  it("refuses every kind of JSON Schema generation with an error that says it is not bundled", () => {
    const refusal = /JSON Schema generation .* is not bundled in this Worker/;
    expect(() => standIn.toJSONSchema()).toThrow(refusal);
    expect(() => standIn.createToJSONSchemaMethod()()).toThrow(refusal);
    expect(() => standIn.createStandardJSONSchemaMethod()()).toThrow(refusal);
    expect(() => standIn.stringProcessor()).toThrow(refusal);
    expect(() => new standIn.JSONSchemaGenerator()).toThrow(refusal);
  });
});
