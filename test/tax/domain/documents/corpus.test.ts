// Every amount of every fixture is found, with nothing extra, and the result is what the response schema and
// /compute's profile schema accept.
import { describe, expect, it } from "vitest";
import { parseDocument, parseDocuments } from "../../../../src/tax/domain/documents";
import { CHAPTER_VIA_KEYS, FORM16_AMOUNT_KEYS, type ParsedDocument } from "../../../../src/tax/domain/documents/types";
import { ParsedDocumentSchema } from "../../../../src/tax/documents/schemas";
import { ComputeRequestSchema } from "../../../../src/tax/compute/request-schema";
import { FIXTURES, type AisExpected, type Form16Expected } from "./fixtures";

function parsed(text: string, type?: "form16" | "ais"): ParsedDocument {
  const result = parseDocument(text, type);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.document;
}

function checkForm16(document: ParsedDocument, expected: Form16Expected): void {
  if (document.documentType !== "form16") throw new Error(`detected ${document.documentType}`);
  expect(document).toMatchObject(expected.fields);
  // Every Annexure item: the expected amount where the fixture prints one, null everywhere else.
  const amounts = Object.fromEntries(FORM16_AMOUNT_KEYS.map((key) => [key, expected.amounts[key] ?? null]));
  expect(document.amounts).toEqual(amounts);
  const chapterVIA = Object.fromEntries(CHAPTER_VIA_KEYS.map((key) => [key, expected.chapterVIA[key] ?? null]));
  expect(document.chapterVIA).toEqual(chapterVIA);
  expect(document.partA).toEqual(expected.partA);
}

function checkAis(document: ParsedDocument, expected: AisExpected): void {
  if (document.documentType !== "ais") throw new Error(`detected ${document.documentType}`);
  expect(document).toMatchObject(expected.fields);
  expect(document.entries).toEqual(expected.entries);
  expect(document.totals).toEqual(expected.totals);
}

describe.each(FIXTURES)("$name", ({ text, expected }) => {
  it(`detects ${expected.type} and finds every expected amount`, () => {
    const document = parsed(text);
    expect(document.typeSource).toBe("detected");
    if (expected.type === "form16") checkForm16(document, expected);
    else checkAis(document, expected);
    expect(document.warnings, JSON.stringify(document.warnings, null, 1)).toHaveLength(expected.warnings);
  });

  it("gives the same result when the type is named, except for typeSource", () => {
    const named = parsed(text, expected.type);
    expect(named.typeSource).toBe("given");
    expect({ ...named, typeSource: "detected" }).toEqual(parsed(text));
  });

  it("is accepted by the response schema", () => {
    const result = ParsedDocumentSchema.safeParse(parsed(text));
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
  });

  it("builds a compute request /compute accepts unchanged, or says why it cannot", () => {
    const result = parseDocuments([{ text }]);
    if (!result.ok) throw new Error(result.error.message);
    if (result.computeRequest === null) {
      expect(result.unmapped.map((u) => u.field)).toContain("financialYear");
      return;
    }
    const request = ComputeRequestSchema.safeParse(result.computeRequest);
    expect(request.success, JSON.stringify(request.error?.issues)).toBe(true);
  });

  it("never returns an individual's PAN in clear", () => {
    const json = JSON.stringify(parsed(text));
    for (const pan of json.match(/\b[A-Z]{3}P[A-Z][0-9]{4}[A-Z]\b/g) ?? []) {
      throw new Error(`unmasked PAN ${pan}`);
    }
  });

  it("is deterministic: the same text twice gives the same result", () => {
    expect(JSON.stringify(parseDocument(text))).toBe(JSON.stringify(parseDocument(text)));
  });
});

it("the corpus has at least 20 Form 16s and 8 AIS texts, both AIS forms", () => {
  const ais = FIXTURES.map((f) => f.expected).filter((e): e is AisExpected => e.type === "ais");
  expect(ais.length).toBeGreaterThanOrEqual(8);
  expect(new Set(ais.map((e) => e.fields.format))).toEqual(new Set(["text", "json"]));
  expect(FIXTURES.filter((f) => f.expected.type === "form16").length).toBeGreaterThanOrEqual(20);
});
