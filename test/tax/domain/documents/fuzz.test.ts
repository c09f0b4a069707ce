// Random and mutated text never throws and always yields a schema-valid result; parsing work grows linearly
// with the input, measured by counting string operations (never by the clock).
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { parseDocument } from "../../../../src/tax/domain/documents";
import { ParsedDocumentSchema } from "../../../../src/tax/documents/schemas";
import { FIXTURES, byName } from "./fixtures";

function checkedParse(text: string, type?: "form16" | "ais"): void {
  const result = parseDocument(text, type);
  if (result.ok) {
    const parsed = ParsedDocumentSchema.safeParse(result.document);
    if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  }
}

const types = fc.constantFrom<"form16" | "ais" | undefined>("form16", "ais", undefined);

// Edits a real document the way extraction noise does: lines dropped, duplicated, joined, split, characters changed.
const mutation = fc.record({
  fixture: fc.integer({ min: 0, max: FIXTURES.length - 1 }),
  edits: fc.array(
    fc.record({
      kind: fc.constantFrom("drop", "duplicate", "join", "split", "replace", "insert"),
      at: fc.nat(),
      text: fc.string({ maxLength: 12, unit: fc.constantFrom(...' ()-,.0123456789₹RsNIL\n\t(a)17ABCPE1234F{}[]"'.split("")) }),
    }),
    { maxLength: 20 },
  ),
});

function mutate(text: string, edits: { kind: string; at: number; text: string }[]): string {
  let lines = text.split("\n");
  for (const edit of edits) {
    const i = edit.at % Math.max(lines.length, 1);
    const line = lines[i] ?? "";
    const cut = edit.at % (line.length + 1);
    if (edit.kind === "drop") lines.splice(i, 1);
    else if (edit.kind === "duplicate") lines.splice(i, 0, line);
    else if (edit.kind === "join") lines.splice(i, 2, `${line} ${lines[i + 1] ?? ""}`);
    else if (edit.kind === "split") lines.splice(i, 1, line.slice(0, cut), line.slice(cut));
    else if (edit.kind === "replace") lines[i] = line.slice(0, cut) + edit.text + line.slice(cut + edit.text.length);
    else lines[i] = line.slice(0, cut) + edit.text + line.slice(cut);
    if (lines.length === 0) lines = [""];
  }
  return lines.join("\n");
}

// Property runs are heavy on a shared machine: each sets its own time limit.
const FUZZ_TIMEOUT_MS = 60_000;

describe("fuzz", () => {
  it(
    "random text never throws",
    () => {
      fc.assert(
        fc.property(fc.string({ maxLength: 2000, unit: "grapheme" }), types, (text, type) => checkedParse(text, type)),
        {
          numRuns: 300,
        },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    "random binary-ish text never throws",
    () => {
      fc.assert(
        fc.property(fc.string({ maxLength: 2000, unit: "binary" }), types, (text, type) => checkedParse(text, type)),
        {
          numRuns: 200,
        },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    "mutated corpus documents never throw",
    () => {
      fc.assert(
        fc.property(mutation, types, ({ fixture, edits }, type) => checkedParse(mutate(FIXTURES[fixture]!.text, edits), type)),
        { numRuns: 400 },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    "random JSON never throws when read as an AIS",
    () => {
      fc.assert(
        fc.property(fc.json({ maxDepth: 6 }), (json) => checkedParse(json, "ais")),
        { numRuns: 300 },
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});

// Work is the number of characters string operations touch: every scan and for...of over a string, every
// character a hand-written scanner reads one at a time (charCodeAt, the scanners' loop step), and for a slice
// the characters it copies (V8 copies a slice's own characters, never the rest of the string).
type Patched = { target: object; key: PropertyKey; original: unknown };
let patched: Patched[] = [];

type Cost = (self: unknown, result: unknown) => number;
const wholeString: Cost = (self) => (typeof self === "string" || self instanceof String ? self.length : 1);
const oneCall: Cost = () => 1;
const resultLength: Cost = (_, result) => (typeof result === "string" ? result.length : 1);

function countWork(run: () => void): number {
  let work = 0;
  const patch = (target: object, key: PropertyKey, cost: Cost): void => {
    const original = Reflect.get(target, key) as (...args: unknown[]) => unknown;
    patched.push({ target, key, original });
    Reflect.set(target, key, function (this: unknown, ...args: unknown[]) {
      const result = original.apply(this, args);
      work += cost(this, result);
      return result;
    });
  };
  for (const key of ["includes", "indexOf", "split", "startsWith", "endsWith", "toLowerCase", "toUpperCase", "trim", "replace", Symbol.iterator]) {
    patch(String.prototype, key, wholeString);
  }
  patch(String.prototype, "slice", resultLength);
  for (const key of ["charCodeAt", "codePointAt"]) patch(String.prototype, key, oneCall);
  for (const key of ["test", "exec"]) patch(RegExp.prototype, key, oneCall);
  try {
    run();
  } finally {
    restore();
  }
  return work;
}

function restore(): void {
  for (const { target, key, original } of patched.reverse()) Reflect.set(target, key, original);
  patched = [];
}

afterEach(restore);

describe("linear time", () => {
  // Doubling the input may at most about double the work; a quadratic step would quadruple it.
  const growth = (make: (n: number) => string): number[] => {
    const work = [1_000, 2_000, 4_000, 8_000].map((n) => countWork(() => parseDocument(make(n))));
    return work.slice(1).map((w, i) => w / work[i]!);
  };

  it.each([
    ["a Form 16 repeated", (n: number) => byName("form16-traces-layout-old-regime").text.repeat(Math.ceil(n / 400))],
    ["an AIS repeated", (n: number) => byName("ais-layout-fy2024-25").text.repeat(Math.ceil(n / 400))],
    // Warnings on one long line: each must cost a bounded window of the line, not the whole line again.
    [
      "a Form 16 reflowed onto one line",
      (n: number) =>
        byName("form16-traces-layout-old-regime")
          .text.replace(/\n/g, " ")
          .repeat(Math.ceil(n / 400)),
    ],
    [
      "an AIS reflowed onto one line",
      (n: number) =>
        byName("ais-layout-fy2024-25")
          .text.replace(/\n/g, " ")
          .repeat(Math.ceil(n / 400)),
    ],
    ["a Form 16 one cell per line", (n: number) => byName("form16-cells-fy2024-25-old").text.repeat(Math.ceil(n / 400))],
    ["a tab-separated Form 16", (n: number) => byName("form16-tab-separated-fy2024-25-new").text.repeat(Math.ceil(n / 400))],
    ["row markers run together on one line", (n: number) => `Form No. 16 ${"(a) 1. (b) 12. ".repeat(n / 16)}Total 1,000.00`],
    ["regime questions with no row markers", (n: number) => `Form No. 16 ${"Whether opting out of taxation u/s 115BAC(1A)? Yes ".repeat(n / 50)}`],
    [
      "regime answers on one line",
      (n: number) => `Form No. 16 ${"Whether opting out of taxation u/s 115BAC(1A)? YES (Old Regime) (a) Salary ".repeat(n / 70)}`,
    ],
    ["stray figures on one line", (n: number) => `Form No. 16 (a) Salary as per section 17(1) 1,00,000.00 ${"Bonus 12,345.00 ".repeat(n / 16)}`],
    ["one line of grouped digits", (n: number) => `Form No. 16 Gross Salary ${"1,".repeat(n)}1`],
    ["one line of brackets", (n: number) => `section 17(1) ${"(".repeat(n)}1${")".repeat(n)}`],
    ["one word with no spaces", (n: number) => `Form No. 16 ${"a1.".repeat(n)}00`],
    ["labels that never get an amount", (n: number) => "Form No. 16\n(a) Salary as per section 17(1)\n".repeat(n / 10)],
    ["AIS entries that never end", (n: number) => `Annual Information Statement\n1 TDS-192 ${"Salary (Section\n".repeat(n / 10)}`],
    [
      "an AIS JSON with many rows",
      (n: number) =>
        JSON.stringify({
          partB: {
            sections: [
              {
                elements: [
                  { l2: { columnLabel: ["Information Code", "Amount"], columnData: Array.from({ length: n / 10 }, () => ["TDS-192", "1,000"]) } },
                ],
              },
            ],
          },
        }),
    ],
  ])("%s", (_, make) => {
    const ratios = growth(make);
    for (const ratio of ratios) expect(ratio).toBeLessThan(2.6);
  });
});
