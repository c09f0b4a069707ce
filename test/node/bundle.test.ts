// What wrangler deploys: each Worker bundled exactly as `wrangler deploy` does (--dry-run), read through esbuild's
// metafile. zod's English is the only locale the services answer in; the 60-odd others once made up over a third
// of each bundle (see the [alias] in wrangler.*.toml), and nothing else would notice them coming back. Nor would
// anything notice zod's code generator (`z.compile`, which Workers cannot run) or `fromJSONSchema` returning.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SERVICES, wrangler } from "../../scripts/lib.mjs";

const work = mkdtempSync(path.join(tmpdir(), "bundle-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Metafile {
  inputs: Record<string, { imports: { path: string; original?: string }[] }>;
}

function bundle(service: keyof typeof SERVICES): Metafile {
  const metafile = path.join(work, `${service}.json`);
  wrangler(["deploy", "--dry-run", "--outdir", path.join(work, service), "--metafile", metafile, "-c", SERVICES[service].config]);
  return JSON.parse(readFileSync(metafile, "utf8"));
}

describe.each(["tax", "inventory"] as const)("the %s Worker's bundle", (service) => {
  it("carries zod's English messages and no other locale, nor zod's code generator", { timeout: 60_000 }, () => {
    const { inputs } = bundle(service);
    const locales = Object.keys(inputs).filter((file) => file.includes("/zod/v4/locales/"));
    expect(locales.map((file) => path.basename(file))).toEqual(["en.js"]);
    expect(Object.keys(inputs).filter((file) => /\/zod\/v4\/(core\/compile|classic\/from-json-schema)\.js$/.test(file))).toEqual([]);
    // Each alias swaps a module of zod's and nothing else: every import it redirects comes from zod.
    for (const standIn of ["src/platform/zod-locales.ts", "src/platform/zod-compile.ts", "src/platform/zod-from-json-schema.ts"]) {
      const redirected = Object.entries(inputs).flatMap(([file, { imports }]) =>
        imports.filter((imported) => imported.path === standIn).map(() => file),
      );
      expect(redirected.length, standIn).toBeGreaterThan(0);
      // Metafile paths are relative to the project: `node_modules/zod/…` in a checkout, `../…/node_modules/zod/…`
      // when node_modules is a link to another checkout's.
      expect(redirected.filter((file) => !/(^|\/)node_modules\/zod\//.test(file))).toEqual([]);
    }
  });
});
