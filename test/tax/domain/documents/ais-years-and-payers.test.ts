// The AIS (PDF text and utility JSON) as taxpayers get it, and the computeRequest built from it, alone and merged
// with a Form 16: a Form 16 whose salary TDS the AIS does not show, challans of another assessment year, a payer's
// identifier printed without a space, and a table's year column. Every expected figure is the text summed by hand.
import { describe, expect, it } from "vitest";
import { parseDocuments } from "../../../../src/tax/domain/documents";
import type { AisDocument } from "../../../../src/tax/domain/documents";
import { ComputeRequestSchema } from "../../../../src/tax/compute/request-schema";
import { byName } from "./fixtures";

function parsed(inputs: { text: string; type?: "ais" | "form16" }[]) {
  const result = parseDocuments(inputs);
  if (!result.ok) throw new Error(result.error.message);
  return result;
}

// ---- AIS utility JSON builder (the shape of test/fixtures/documents/ais-utility-positional.json) ----
const L2 = [
  "Information Category",
  "Information Code",
  "Information Description",
  "Information Source",
  "Count",
  "Amount",
  "Information Category Code",
  "Derived Amount",
  "Qualifies For",
];
const L1 = ["Quarter", "Date of Payment/Credit", "Amount Paid/Credited", "Tax Deducted", "Tax Deposited", "Status"];
const B3 = [
  "Assessment Year",
  "Major Head",
  "Minor Head",
  "Tax",
  "Surcharge",
  "Education Cess",
  "Others",
  "Total",
  "BSR Code",
  "Date of Deposit",
  "Challan Serial Number",
];

function element(code: string, description: string, source: string, amount: string, quarters?: string[][]) {
  return {
    title: description,
    infoSrcId: code,
    l2: { columnLabel: L2, columnData: [["x", code, description, source, "1", amount, "C", amount, ""]] },
    ...(quarters === undefined ? {} : { l1: { columnLabel: L1, columnData: quarters } }),
  };
}

function aisJson(b1: unknown[], b2: unknown[], b3?: string[][], pan = "ABCPV4321K"): string {
  const sections: unknown[] = [
    { sectionKey: "tdsTcs", title: "TDS/TCS Information", elements: b1 },
    { sectionKey: "sft", title: "SFT Information", elements: b2 },
  ];
  if (b3 !== undefined) sections.push({ sectionKey: "paymentOfTaxes", title: "Payment of Taxes", elements: [{ columnLabel: B3, columnData: b3 }] });
  return JSON.stringify({
    header: { columnLabel: ["Financial Year", "Assessment Year"], columnData: ["2024-25", "2025-26"] },
    partA: { columnLabel: ["PAN", "Name"], columnData: [pan, "ROHAN MEHTA"] },
    partB: { sections },
  });
}

const CANARA_194A = element("TDS-194A", "Interest other than Interest on securities (Section 194A)", "CANARA BANK (BLRC02211E)", "61000.00", [
  ["Q4(Jan-Mar)", "31-Mar-2025", "61000.00", "6100.00", "6100.00", "Active"],
]);

// ---------------------------------------------------------------------------------------------------------------
// Form 16 + an AIS without the salary's TDS: the Form 16's TDS disappears from taxesPaid, with no conflict.
// docs/tax-api.md: "conflicts[] ... lists what two documents state differently and what was done; nothing is
// resolved silently." The Form 16 (form16-traces-part-a-and-b-new-regime, PAN BQZPM7788L, AY 2025-26) certifies
// Part A TDS of 58,022. The AIS (same PAN and year) shows only Canara Bank's TDS-194A of 6,100: its employer's
// salary is not (yet) in it. Tax paid is 58,022 + 6,100 = 64,122; and the addition is reported as a conflict.
// ---------------------------------------------------------------------------------------------------------------
describe("Form 16 with an AIS that does not show the salary TDS", () => {
  const form16 = byName("form16-traces-part-a-and-b-new-regime").text;
  const keepsOrReports = (result: ReturnType<typeof parsed>) => {
    const taxesPaid = result.computeRequest?.profile.taxesPaid;
    const reported = result.conflicts.some((c) => c.values.some((v) => v.amount === 58_022));
    return { taxesPaid, reported };
  };

  it("AIS JSON with no TDS-192 element: the Form 16's 58,022 is added to taxesPaid and named in a conflict", () => {
    const ais = aisJson([CANARA_194A], [], undefined, "BQZPM7788L");
    const result = parsed([
      { text: form16, type: "form16" },
      { text: ais, type: "ais" },
    ]);
    expect(keepsOrReports(result)).toEqual({ taxesPaid: 64_122, reported: true });
  });

  it("AIS text whose TDS-192 entry lost its quarter rows: the Form 16's 58,022 is added and named in a conflict", () => {
    const ais =
      "Annual Information Statement (AIS)\nFinancial Year 2024-25 Assessment Year 2025-26\n" +
      "PAN\nBQZPM7788L\n" +
      "Part B1-Information relating to tax deducted or collected at source\n" +
      "1 TDS-192 Salary received (Section 192) NILGIRI LOGISTICS LIMITED (BLRN09876D) 4 11,60,000\n" +
      "2 TDS-194A Interest other than Interest on securities (Section 194A) CANARA BANK (BLRC02211E) 1 61,000\n" +
      "Q4(Jan-Mar) 31/03/2025 61,000 6,100 6,100 Active\n";
    const result = parsed([
      { text: form16, type: "form16" },
      { text: ais, type: "ais" },
    ]);
    expect(keepsOrReports(result)).toEqual({ taxesPaid: 64_122, reported: true });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Part B3 challans of another assessment year are counted as this year's taxes paid.
// docs/tax-api.md (AIS categories): taxesPaid = "Part B3 advance and self-assessment tax, plus every entry's TDS/TCS";
// /compute's profile.taxesPaid is "Tax already paid" for the year. A challan prints the assessment year it pays
// (Challan 280; s.140A self-assessment tax is tax of that year's return); a self-assessment challan for AY 2024-25
// (deposited 25/07/2024, within FY 2024-25) or a regular-assessment (400) payment for AY 2023-24 is no credit
// against the tax of AY 2025-26.
// ---------------------------------------------------------------------------------------------------------------
describe("Part B3 rows whose own assessment year is not the AIS's", () => {
  it("text: only the AY 2025-26 challan and the TDS count (10,000 + 15,000 = 25,000)", () => {
    const text =
      "Annual Information Statement (AIS)\nFinancial Year 2024-25 Assessment Year 2025-26\n" +
      "Part B1-Information relating to tax deducted or collected at source\n" +
      "1 TDS-192 Salary received (Section 192) ACME LIMITED (BLRA01234A) 4 9,00,000\n" +
      "Q4(Jan-Mar) 31/03/2025 9,00,000 10,000 10,000 Active\n" +
      "Part B3 - Information relating to payment of taxes\n" +
      "SR. NO. ASSESSMENT YEAR MAJOR HEAD MINOR HEAD TAX SURCHARGE EDUCATION CESS OTHERS TOTAL BSR CODE DATE OF DEPOSIT CHALLAN SERIAL NUMBER\n" +
      "1 2025-26 0021 Advance Tax (100) 15,000 0 0 0 15,000 0510308 15/12/2024 00041\n" +
      "2 2024-25 0021 Self Assessment Tax (300) 4,000 0 160 0 4,160 0510308 25/07/2024 00031\n" +
      "3 2023-24 0021 Tax on Regular Assessment (400) 7,000 0 280 0 7,280 0510308 12/11/2024 00012\n";
    const result = parsed([{ text, type: "ais" }]);
    expect((result.documents[0] as AisDocument).totals.taxesPaid).toBe(25_000);
    expect(result.computeRequest?.profile.taxesPaid).toBe(25_000);
  });

  it("JSON: only the AY 2025-26 challan and the TDS count (6,100 + 15,000 = 21,100)", () => {
    const json = aisJson(
      [CANARA_194A],
      [],
      [
        ["2025-26", "0021", "Advance Tax (100)", "15000.00", "0.00", "0.00", "0.00", "15000.00", "0510308", "15-Dec-2024", "00041"],
        ["2024-25", "0021", "Self Assessment Tax (300)", "4000.00", "0.00", "160.00", "0.00", "4160.00", "0510308", "25-Jul-2024", "00031"],
      ],
    );
    const result = parsed([{ text: json, type: "ais" }]);
    expect(result.computeRequest?.profile.taxesPaid).toBe(21_100);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// "NAME(PAN)" with no space before the bracket: the identifier is not ignored, so the bank's TDS-194A and
// SFT-016 reports are not paired and its interest is counted twice, with no warning.
// docs/tax-api.md: "Banks are matched by the name in the information source, ignoring case, punctuation, the
// identifier in brackets ... and Ltd/Limited". HDFC's one interest of 18,600 is depositInterest 18,600.
// ---------------------------------------------------------------------------------------------------------------
describe("the identifier in brackets printed without a space before it", () => {
  it("text: HDFC BANK LIMITED(AAACH2702H) pairs with HDFC BANK LIMITED (HYDH05521C): 18,600 once", () => {
    const text =
      "Annual Information Statement (AIS)\nFinancial Year 2024-25 Assessment Year 2025-26\n" +
      "Part B1-Information relating to tax deducted or collected at source\n" +
      "1 TDS-194A Interest other than Interest on securities (Section 194A) HDFC BANK LIMITED (HYDH05521C) 1 18,600\n" +
      "Q4(Jan-Mar) 31/03/2025 18,600 1,860 1,860 Active\n" +
      "Part B2-Information relating to specified financial transaction (SFT)\n" +
      "2 SFT-016(TD) Interest income (SFT-016) - Term Deposit HDFC BANK LIMITED(AAACH2702H) 1 18,600\n";
    const result = parsed([{ text, type: "ais" }]);
    expect(result.computeRequest?.profile.otherIncome?.depositInterest).toBe(18_600);
  });

  it("JSON: the same, from the utility's Information Source cells", () => {
    const json = aisJson(
      [
        element("TDS-194A", "Interest other than Interest on securities (Section 194A)", "HDFC BANK LIMITED (HYDH05521C)", "18600.00", [
          ["Q4(Jan-Mar)", "31-Mar-2025", "18600.00", "1860.00", "1860.00", "Active"],
        ]),
      ],
      [element("SFT-016(TD)", "Interest income - time deposit", "HDFC BANK LIMITED(AAACH2702H.AB772)", "18600.00")],
    );
    const result = parsed([{ text: json, type: "ais" }]);
    expect(result.computeRequest?.profile.otherIncome?.depositInterest).toBe(18_600);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// An AIS whose title prints only its financial year (as the repo's own ais-one-cell-per-line-ty2026-27 fixture
// does) takes its "assessment year" from the first row under a Part B3/B4 "ASSESSMENT YEAR" column: a refund
// of an earlier year's return gives a computeRequest that POST /compute refuses.
// docs/tax-api.md: "computeRequest is { financialYear, assessmentYear?, ... }, valid for POST /compute as it
// stands ... the printed assessment year goes along as assessmentYear".
// ---------------------------------------------------------------------------------------------------------------
describe("a Part B4 table row read as the AIS's assessment year", () => {
  it("tax year 2026-27 AIS with a refund for AY 2025-26: the computeRequest is valid for /compute", () => {
    const text =
      "Annual Information Statement (AIS)\nFinancial Year 2026-27\n" +
      "Part B1 - Information relating to tax deducted or collected at source\n" +
      "SR. NO. INFORMATION CODE INFORMATION DESCRIPTION INFORMATION SOURCE COUNT AMOUNT\n" +
      "1 TDS-192 Salary received (Section 192) KOSI HYDRO ENGINEERING LIMITED (PTNK02020M) 4 9,60,000\n" +
      "Q4(Jan-Mar) 31/03/2027 9,60,000 12,000 12,000 Active\n" +
      "Part B4 - Information relating to demand and refund\n" +
      "SR. NO. ASSESSMENT YEAR MODE AMOUNT OF REFUND INTEREST DATE OF PAYMENT REMARKS\n" +
      "1 2025-26 ECS 3,210 128 12/10/2026 Refund issued\n";
    const result = parsed([{ text, type: "ais" }]);
    const check = ComputeRequestSchema.safeParse(result.computeRequest);
    expect(check.success ? "valid" : check.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`)).toBe("valid");
    expect((result.documents[0] as AisDocument).assessmentYear).not.toBe("2025-26");
  });
});
