// The fixes `npm install` applies to dependencies (scripts/patch-dependencies.mjs): in place in this install, applied
// once however often the install runs, and refused on code they were not written for.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { applyFix, FIXES } from "../../scripts/patch-dependencies.mjs";
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
