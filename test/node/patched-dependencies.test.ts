// The fixes `npm install` applies to dependencies (scripts/patch-dependencies.mjs): in place in this install, applied
// once however often the install runs, refused on code they were not written for, and passed over where the
// dependency is not installed.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { applyFix, applyFixes, FIXES } from "../../scripts/patch-dependencies.mjs";
import { ROOT } from "../../scripts/lib.mjs";

describe.each(FIXES)("the fix to $file", (fix) => {
  it("is in place in this install, and only the fixed code is", () => {
    const installed = readFileSync(`${ROOT}${fix.file}`, "utf8");
    expect(installed).toContain(fix.with);
    expect(installed.split(fix.with).join("")).not.toContain(fix.replaces);
  });

  it("applies once: a second install leaves the file as the first left it", () => {
    const once = applyFix(`before\n${fix.replaces}\nafter`, fix);
    expect(once).toBe(`before\n${fix.with}\nafter`);
    expect(applyFix(once, fix)).toBe(once);
  });

  it("stops the install on code that no longer holds what it replaces, or holds it twice", () => {
    expect(() => applyFix("export {};", fix)).toThrow(/no longer holds the code this fix was written for/);
    expect(() => applyFix(`${fix.replaces}\n${fix.replaces}`, fix)).toThrow(/no longer holds/);
  });
});

describe("an install", () => {
  it("fixes each installed file once, and passes over a dependency that is not installed (npm ci --omit=dev)", () => {
    const root = `${mkdtempSync(path.join(tmpdir(), "patch-"))}/`;
    try {
      expect(applyFixes(root)).toEqual([]);
      const [fix] = FIXES;
      mkdirSync(path.dirname(`${root}${fix!.file}`), { recursive: true });
      writeFileSync(`${root}${fix!.file}`, `before\n${fix!.replaces}\nafter`);
      expect(applyFixes(root)).toEqual([fix!.file]);
      expect(readFileSync(`${root}${fix!.file}`, "utf8")).toBe(`before\n${fix!.with}\nafter`);
      expect(applyFixes(root)).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
