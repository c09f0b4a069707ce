// Detection, error values and PAN masking of the entry point.
import { describe, expect, it } from "vitest";
import { detectDocumentType, maskPan, parseAis, parseDocument, parseForm16 } from "../../../../src/tax/domain/documents";
import { maskPansIn } from "../../../../src/tax/domain/documents/lines";
import { byName } from "./fixtures";

describe("detectDocumentType", () => {
  it.each([
    ["form16-traces-layout-old-regime", "form16"],
    ["form130-tax-year-2026-27", "form16"],
    ["ais-layout-fy2024-25", "ais"],
    ["ais-utility-object-rows", "ais"],
  ] as const)("%s is %s", (name, type) => {
    expect(detectDocumentType(byName(name).text)).toBe(type);
  });

  it.each([[""], ["hello world"], ['{"not": "ais"}'], ["{ broken json"]])("%j is neither", (text) => {
    expect(detectDocumentType(text)).toBeNull();
  });
});

describe("parseDocument error values", () => {
  it.each([
    ["", undefined, "unrecognised_document"],
    ["a shopping list: 2 apples, 3 pears", undefined, "unrecognised_document"],
    ["a shopping list: 2 apples, 3 pears", "form16", "no_items_found"],
    ["a shopping list: 2 apples, 3 pears", "ais", "no_items_found"],
    ['{"partB": 1}', "ais", "unsupported_json"],
    ['{"partB": ', "ais", "unsupported_json"],
    ["U2FsdGVkX1".padEnd(400, "AbCdEf0123456789+/"), undefined, "encrypted_ais_json"],
    ["U2FsdGVkX1".padEnd(400, "AbCdEf0123456789+/"), "ais", "encrypted_ais_json"],
  ] as const)("%j (type %s) is %s", (text, type, code) => {
    const result = parseDocument(text, type);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe(code);
  });

  it("a Form 16 parsed as an AIS finds no AIS entry rather than inventing one", () => {
    const result = parseDocument(byName("form16-traces-layout-old-regime").text, "ais");
    expect(result).toMatchObject({ ok: false, error: { code: "no_items_found" } });
  });

  it("parseForm16 and parseAis are the typed entry points", () => {
    expect(parseForm16(byName("form16-copy-paste-mangled").text).amounts.netTaxPayable).toBe(73820.8);
    expect(parseAis(byName("ais-layout-fy2024-25").text)).toMatchObject({ ok: true, document: { totals: { salary: 1475000 } } });
  });
});

describe("maskPan", () => {
  it("keeps the first two and last two characters", () => {
    expect(maskPan("ABCDE1234F")).toBe("ABXXXXXX4F");
  });

  it("masks an individual's PAN inside warning text but leaves a company PAN", () => {
    const text =
      "Form No. 16\nGross Salary\n(a) Salary as per provisions contained in section 17(1) 1000.00\nPaid to ABCPE1234F and AAACB1234C 5,000.00\n";
    const warning = parseForm16(text).warnings[0]!;
    expect(warning.text).toContain("ABXXXXXX4F");
    expect(warning.text).toContain("AAACB1234C");
  });

  // A PAN is a whole word of capitals and digits: five letters, four digits, a letter; the fourth letter P is a person.
  it.each([
    ["(ABCPE1234F),ABCPE1234F.", "(ABXXXXXX4F),ABXXXXXX4F."],
    ["PAN:ABCPE1234F/ABCPE1234F", "PAN:ABXXXXXX4F/ABXXXXXX4F"],
    ["XABCPE1234F ABCPE1234F9 abcpe1234f", "XABCPE1234F ABCPE1234F9 abcpe1234f"],
    ["AAACB1234C ABCPE12345F ABCPE123F", "AAACB1234C ABCPE12345F ABCPE123F"],
    ["₹ABCPE1234F😀ABCPE1234Fé", "₹ABXXXXXX4F😀ABXXXXXX4Fé"],
  ])("maskPansIn(%j) is %j", (text, masked) => {
    expect(maskPansIn(text)).toBe(masked);
  });
});

describe("Form 16 items by wording", () => {
  it.each([
    ["Whether opting for taxation u/s 115BAC? Yes", false],
    ["Whether opting for taxation u/s 115BAC? No", true],
    ["Whether opting out of taxation u/s 115BAC(1A)? Yes", true],
    ["Whether opting out of taxation u/s 115BAC(1A)?\nNo", false],
    ["Whether opting out of taxation u/s 115BAC(1A)? YES (Old Regime)", true],
    ["Whether opting out of taxation u/s 115BAC(1A)? (New Regime)", false],
    ["Whether opting out of taxation u/s 115BAC(1A)? No 1. Gross Salary (a) Salary as per section 17(1) 1,00,000.00", false],
  ])("%j means optedOutOf115BAC %s", (line, optedOut) => {
    expect(parseForm16(line).optedOutOf115BAC).toBe(optedOut);
  });

  it("keeps the first of two different amounts for one item and warns", () => {
    const doc = parseForm16("Tax on total income 1,000.00\nTax on total income 2,000.00");
    expect(doc.amounts.taxOnTotalIncome).toBe(1000);
    expect(doc.warnings.filter((w) => w.message.includes("appears again"))).toHaveLength(1);
  });

  it("says which of the figures the computation rests on it could not find", () => {
    const doc = parseForm16("Tax on total income 1,000.00");
    expect(doc.warnings.map((w) => w.message)).toEqual([
      "row A, whether opting out of s.115BAC(1A) (the regime chosen): not found in the text; left null",
      "row 1, gross salary: not found in the text; left null",
      "row 12, total taxable income: not found in the text; left null",
    ]);
  });
});

describe("AIS Part B3 tax payments", () => {
  it("a row whose total cannot be told from its BSR code and challan number is reported, not dropped", () => {
    // Only one bare figure before the BSR code: 15000 and 0510308 read alike, and no cells add up to a total.
    const text = [
      "Part B3 - Information relating to payment of taxes",
      "1 2025-26 0021 Self Assessment Tax (300) 800 0 0 0 800 0510308 25/07/2025 00031",
      "2 2025-26 0021 Advance Tax (100) 15000 0510308 15/03/2025 00032",
    ].join("\n");
    const result = parseAis(text);
    if (!result.ok || result.document.documentType !== "ais") throw new Error("not parsed");
    expect(result.document.entries.map((e) => [e.description, e.amount])).toEqual([["Self-assessment tax", 800]]);
    expect(result.document.warnings).toEqual([
      expect.objectContaining({ line: 3, message: "tax payment whose amount could not be read; add it yourself" }),
    ]);
  });
});

describe("AIS quarter rows", () => {
  // A TDS-194A entry whose third quarter row reverses part of an earlier deduction, its figures negative.
  const withReversal = (paid: string, deducted: string, deposited: string): string =>
    [
      "Annual Information Statement (AIS)",
      "PART B1 - INFORMATION RELATING TO TAX DEDUCTED OR COLLECTED AT SOURCE",
      "SR. NO.  INFORMATION CODE  INFORMATION DESCRIPTION                                     INFORMATION SOURCE               COUNT   AMOUNT",
      "1        TDS-194A          Interest other than Interest on securities (Section 194A)   HDFC BANK LIMITED (MUMH01234C)   3       37,500",
      "   1        Q3(Oct-Dec)    15/12/2024               20,000                 2,000          2,000           Active",
      "   2        Q4(Jan-Mar)    15/03/2025               22,500                 2,250          2,250           Active",
      `   3        Q4(Jan-Mar)    31/03/2025               ${paid.padEnd(23)}${deducted.padEnd(15)}${deposited.padEnd(16)}Active`,
    ].join("\n");

  it.each([
    ["-5,000", "-500", "-500"],
    ["- 5,000", "- 500", "- 500"],
    ["(-) 5,000", "(-) 500", "(-) 500"],
    ["5,000 (-)", "500 (-)", "500 (-)"],
  ])("a reversal printed as %s, %s, %s takes its tax back: 2,000 + 2,250 - 500 = 3,750 deducted", (paid, deducted, deposited) => {
    const result = parseAis(withReversal(paid, deducted, deposited));
    if (!result.ok || result.document.documentType !== "ais") throw new Error("not parsed");
    // The entry's own figures: 20,000 + 22,500 - 5,000 = 37,500 paid, as its AMOUNT column states.
    expect(result.document.entries.map((e) => [e.code, e.amount, e.taxDeducted])).toEqual([["TDS-194A", 37_500, 3_750]]);
    expect(result.document.totals.taxesPaid).toBe(3_750);
  });
});

describe("AIS entries that reverse an earlier one", () => {
  // Part B2 as pdftotext -layout prints it: a dividend of 6,250 and a later entry taking 1,250 of it back.
  const withReversal = (amount: string): string =>
    [
      "Annual Information Statement (AIS)",
      "PART B2 - INFORMATION RELATING TO SPECIFIED FINANCIAL TRANSACTION (SFT)",
      "SR. NO.  INFORMATION CODE  INFORMATION DESCRIPTION                  INFORMATION SOURCE                              COUNT        AMOUNT",
      "1        SFT-015           Dividend                                 NORTHWIND POWER LIMITED (AAACN4455Q)                2         6,250",
      `2        SFT-015           Dividend                                 NORTHWIND POWER LIMITED (AAACN4455Q)                1     ${amount.padStart(9)}`,
    ].join("\n");

  it.each(["-1,250", "- 1,250", "(-) 1,250", "1,250 (-)"])(
    "a reversal printed as %s is a negative entry of its own, and the dividends total 6,250 - 1,250 = 5,000",
    (amount) => {
      const result = parseAis(withReversal(amount));
      if (!result.ok || result.document.documentType !== "ais") throw new Error("not parsed");
      expect(result.document.entries.map((e) => [e.code, e.source, e.count, e.amount])).toEqual([
        ["SFT-015", "NORTHWIND POWER LIMITED (AAACN4455Q)", 2, 6_250],
        ["SFT-015", "NORTHWIND POWER LIMITED (AAACN4455Q)", 1, -1_250],
      ]);
      expect(result.document.totals.dividends).toBe(5_000);
    },
  );
});
