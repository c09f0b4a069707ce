// The suite waits on conditions, with ceilings generous enough for a machine whose cores are busy with other work:
// vitest's own default for vi.waitFor and vi.waitUntil is one second, which a loaded CI machine can overrun while
// the condition is on its way. Every such wait states a ceiling of at least a minute.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib.mjs";

const CEILING_MS = 60_000;

function sourcesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourcesUnder(rel);
    return /\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

/** The text of a call from its opening parenthesis to the one that closes it. */
function callText(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === "(") depth++;
    else if (source[i] === ")" && --depth === 0) return source.slice(open, i + 1);
  }
  return source.slice(open);
}

/** Each vi.waitFor / vi.waitUntil call in a source: where it is and the ceiling it sets (vitest's default: 1 s). */
function waitsIn(source: string): Array<{ line: number; timeoutMs: number }> {
  return [...source.matchAll(/vi\.wait(?:For|Until)\(/g)].map((match) => {
    const call = callText(source, match.index + match[0].length - 1);
    const timeout = /timeout:\s*([\d_]+)/.exec(call)?.[1];
    return { line: source.slice(0, match.index).split("\n").length, timeoutMs: timeout === undefined ? 1_000 : Number(timeout.replaceAll("_", "")) };
  });
}

describe("waits in the suite", () => {
  it("reads a call's ceiling, and vitest's one-second default where it states none", () => {
    const source = "await vi.waitFor(() => expect(f(1)).toBe(2));\nawait vi.waitUntil(\n  () => g(),\n  { timeout: 60_000, interval: 5 },\n);";
    expect(waitsIn(source)).toEqual([
      { line: 1, timeoutMs: 1_000 },
      { line: 2, timeoutMs: 60_000 },
    ]);
  });

  it(`every vi.waitFor and vi.waitUntil waits up to at least ${CEILING_MS / 1000} s`, () => {
    const files = sourcesUnder("test").filter((file) => file !== "test/node/wait-ceilings.test.ts");
    const short = files.flatMap((file) =>
      waitsIn(readFileSync(path.join(ROOT, file), "utf8"))
        .filter((wait) => wait.timeoutMs < CEILING_MS)
        .map((wait) => `${file}:${wait.line} (${wait.timeoutMs} ms)`),
    );
    expect(short).toEqual([]);
    expect(files.reduce((n, file) => n + waitsIn(readFileSync(path.join(ROOT, file), "utf8")).length, 0)).toBeGreaterThan(30);
  });
});
