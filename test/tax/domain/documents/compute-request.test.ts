// From documents to one /compute body: several documents of one person and year merged, conflicts reported,
// years and identities checked, figures that have no /compute field listed, and no figure ever taken from a
// date, an identifier or a signature stamp.
import { describe, expect, it } from "vitest";
import { parseDocument, parseDocuments } from "../../../../src/tax/domain/documents";
import { WARNINGS_MAX_BYTES } from "../../../../src/tax/domain/documents/warnings";
import { computeTax } from "../../../../src/tax/domain/engine";
import { COMPUTE_MAX_RUPEES } from "../../../../src/tax/domain/documents/compute-request";
import { ComputeRequestSchema, MAX_AMOUNT, toTaxInput } from "../../../../src/tax/compute/request-schema";
import { FIXTURES, byName } from "./fixtures";

const text = (name: string): string => byName(name).text;

function merged(...texts: string[]) {
  const result = parseDocuments(texts.map((t) => ({ text: t })));
  if (!result.ok) throw new Error(result.error.message);
  return result;
}

describe("merging the documents of one person and year", () => {
  it("two employers' Form 16s: each salary once, employer TDS added, and the second employer's own Part B reproduced", () => {
    // First employer 1(d) 4,50,000 (TDS nil after the s.87A rebate); second 1(d) 9,00,000 with 1(e) 4,50,000 for
    // the first, 80CCD(2) 45,000, Part A TDS 89,440. New regime FY 2024-25: 13,50,000 − 75,000 − 45,000 =
    // 12,30,000; tax 20,000 + 30,000 + 30,000 + 6,000 = 86,000, the second Form 16's rows 12 and 13.
    const result = merged(text("form16-first-employer-fy2024-25-new"), text("form16-other-employer-fy2024-25-new"));
    expect(result.conflicts).toEqual([]);
    const request = ComputeRequestSchema.parse(result.computeRequest);
    expect(request.profile.salary?.grossSalary).toBe(1_350_000);
    expect(request.profile.taxesPaid).toBe(89_440);
    const regime = computeTax(toTaxInput(request.profile), request.financialYear!).regimes.new;
    expect([regime.taxableIncome, regime.slabTax]).toEqual([1_230_000, 86_000]);
  });

  it("the same employer's Form 16 given twice is used once, and a conflict says so", () => {
    // An employer issues one Form 16 a year: the second employer's form sent again must not double its salary or TDS.
    // Counted once, the totals are the test above's: 4,50,000 + 9,00,000 salary and 89,440 of TDS.
    const second = text("form16-other-employer-fy2024-25-new");
    const result = parseDocuments([{ text: text("form16-first-employer-fy2024-25-new") }, { text: second }, { text: second }]);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.conflicts).toEqual([
      {
        field: "documents",
        values: [
          { source: "documents[1]", amount: null, value: "BLRK05050Q" },
          { source: "documents[2]", amount: null, value: "BLRK05050Q" },
        ],
        resolution: expect.stringContaining("more than one Form 16 from the employer with TAN BLRK05050Q"),
      },
    ]);
    const request = ComputeRequestSchema.parse(result.computeRequest);
    expect(request.profile.salary?.grossSalary).toBe(1_350_000);
    expect(request.profile.taxesPaid).toBe(89_440);
  });

  it("Form 16s and the AIS: salary compared not added, the AIS's taxes and interest taken, inactive TDS left out", () => {
    const result = merged(
      text("form16-first-employer-fy2024-25-new"),
      text("form16-other-employer-fy2024-25-new"),
      text("ais-two-employers-inactive-fy2024-25"),
    );
    expect(result.conflicts).toEqual([]);
    const profile = ComputeRequestSchema.parse(result.computeRequest).profile;
    expect(profile.salary?.grossSalary).toBe(1_350_000);
    // 89,440 salary TDS + 1,840 on interest + advance tax 5,000 + 7,500 + 2,500.
    expect(profile.taxesPaid).toBe(106_280);
    expect(profile.otherIncome).toEqual({ savingsInterest: 6_230, depositInterest: 18_400 });
  });

  it("reports an AIS whose salary or salary TDS differs from the Form 16s, keeping the Form 16 salary", () => {
    const ais = text("ais-two-employers-inactive-fy2024-25")
      .replace("2     9,00,000", "2     9,10,000")
      .replace(/44,720/g, "45,000");
    const result = merged(text("form16-first-employer-fy2024-25-new"), text("form16-other-employer-fy2024-25-new"), ais);
    expect(result.conflicts.map((c) => c.field)).toEqual(["salary.grossSalary", "taxesPaid"]);
    expect(result.computeRequest?.profile.salary?.grossSalary).toBe(1_350_000);
  });

  it("reports a row 1(e) that disagrees with the other employer's Form 16 instead of adding it", () => {
    const second = text("form16-other-employer-fy2024-25-new").replace("450,000.00", "400,000.00");
    const result = merged(text("form16-first-employer-fy2024-25-new"), second);
    expect(result.conflicts.map((c) => c.field)).toEqual(["salary.grossSalary"]);
    expect(result.computeRequest?.profile.salary?.grossSalary).toBe(1_350_000);
  });

  it("reports the same deduction declared differently to two employers, keeping the larger", () => {
    const a = text("form16-traces-layout-old-regime");
    // Another employer's form (another TAN), with the employee's 80C declared to it differently.
    const b = a
      .replaceAll("PNEZ04567C", "PNEZ07654D")
      .replace("180000.00        150000.00", "120000.00        120000.00")
      .replace(
        "(d) Total deduction under section 80C, 80CCC and 80CCD(1)                     180000.00        150000.00",
        "(d) Total deduction under section 80C, 80CCC and 80CCD(1)                     120000.00        120000.00",
      );
    const result = merged(a, b);
    const conflict = result.conflicts.find((c) => c.field === "deductions.section80C");
    expect(conflict?.values.map((v) => v.amount)).toEqual([150_000, 120_000]);
    expect(result.computeRequest?.profile.deductions?.section80C).toBe(150_000);
  });

  it("refuses to merge documents of different people or different years", () => {
    const people = merged(text("form16-cells-fy2024-25-old"), text("form16-tab-separated-fy2024-25-new"));
    expect(people.computeRequest).toBeNull();
    expect(people.conflicts.map((c) => c.field)).toEqual(["pan"]);
    const years = merged(text("form16-cells-fy2024-25-old"), text("form16-reflowed-fy2025-26-old"));
    expect(years.computeRequest).toBeNull();
    expect(years.conflicts.map((c) => c.field)).toEqual(["financialYear"]);
  });
});

describe("the compute request of one document", () => {
  it("names the financial year, keeps the assessment year only to catch it passed as the financial year", () => {
    const request = merged(text("form16-cells-fy2024-25-old")).computeRequest!;
    expect([request.financialYear, request.assessmentYear]).toEqual(["2024-25", "2025-26"]);
    const mistaken = ComputeRequestSchema.safeParse({ ...request, financialYear: request.assessmentYear });
    expect(mistaken.success).toBe(false);
    expect(mistaken.error?.issues[0]?.path).toEqual(["financialYear"]);
  });

  it("Form 130 names the tax year itself and prints no assessment year", () => {
    const request = merged(text("form130-cells-ty2026-27-new")).computeRequest!;
    expect(request.financialYear).toBe("2026-27");
    expect(request.assessmentYear).toBeUndefined();
  });

  it("withholds the request for a year /compute does not cover, with the reason", () => {
    const result = merged(text("form16-fy2023-24-old-older-form"));
    expect(result.computeRequest).toBeNull();
    expect(result.unmapped[0]?.field).toBe("financialYear");
    expect(result.unmapped[0]?.reason).toContain("2023-24");
  });

  it("carries the caller's age, which a Form 16 does not print", () => {
    const result = parseDocuments([{ text: text("form16-cells-fy2024-25-old") }], { age: 41 });
    expect(result.ok && result.computeRequest?.profile.age).toBe(41);
  });

  // The AIS's Part A prints the date of birth. A senior's old-regime slabs go by the age reached in the year (s.2(1)
  // of the Finance Act's First Schedule: "at any time during the previous year"); one born on 1 April reaches it on
  // the day before the birthday, 31 March, as the return's own utility counts it.
  it.each([
    ["01/01/1985", 41],
    ["01/04/1966", 60],
    ["02/04/1966", 59],
  ])("takes the age from the AIS's date of birth %s: %i at the end of FY 2025-26", (born, age) => {
    const result = parseDocuments([{ text: text("ais-copy-paste-fy2025-26").replace("01/01/1985", born) }]);
    expect(result.ok && result.documents[0]).toMatchObject({ age });
    expect(result.ok && result.computeRequest?.profile.age).toBe(age);
    expect(result.ok && result.notes).toContain(`profile.age: ${age}, the age at the end of FY 2025-26 by the AIS's date of birth`);
    // The caller's age stands.
    const given = parseDocuments([{ text: text("ais-copy-paste-fy2025-26").replace("01/01/1985", born) }], { age: 70 });
    expect(given.ok && given.computeRequest?.profile.age).toBe(70);
  });

  it.each(["31/02/1990", "30/02/1966", "31/04/1966"])("takes no age from %s, a day its month does not have", (born) => {
    const result = parseDocuments([{ text: text("ais-copy-paste-fy2025-26").replace("01/01/1985", born) }]);
    expect(result.ok && result.documents[0]).toMatchObject({ age: null });
    expect(result.ok && result.computeRequest?.profile.age).toBeUndefined();
  });

  it("takes the year from the assessment year when the AIS prints no financial year", () => {
    const onlyAssessmentYear = text("ais-copy-paste-fy2025-26").replace("Financial Year 2025-26 Assessment Year 2026-27", "Assessment Year 2026-27");
    const result = parseDocuments([{ text: onlyAssessmentYear }]);
    expect(result.ok && result.computeRequest).toMatchObject({ financialYear: "2025-26", profile: { age: 41 } });
  });

  it.each([
    ["below its label", "Date of\nBirth\n01/01/1985\n"],
    ["beside its label's second line", "Date of\nBirth   01/01/1985\n"],
  ])("reads a date of birth whose label is broken over two lines, the date %s (41 at the end of FY 2025-26)", (_, broken) => {
    const result = parseDocuments([{ text: text("ais-copy-paste-fy2025-26").replace("Date of Birth\n01/01/1985\n", broken) }]);
    expect(result.ok && result.computeRequest?.profile.age).toBe(41);
  });

  it("takes no other column's date below a blank date of birth", () => {
    const blank = text("ais-copy-paste-fy2025-26").replace(
      "PAN\nAFGPS2468Q\nName\nVIKRAM SINGH\nDate of Birth\n01/01/1985\n",
      "Name of Assessee   VIKRAM SINGH        Date of Birth\nDate of generation 29/11/2025         Mobile Number  XXXXXX1122\n",
    );
    expect(blank).not.toContain("01/01/1985");
    const result = parseDocuments([{ text: blank }]);
    expect(result.ok && result.documents[0]).toMatchObject({ age: null });
  });

  it("reads the date of birth of the AIS utility's JSON (11-Feb-1988: 37 at the end of FY 2024-25)", () => {
    const result = parseDocuments([{ text: text("ais-utility-positional") }]);
    expect(result.ok && result.computeRequest?.profile.age).toBe(37);
  });

  /** `name`'s text with each `[from, to]` replaced once (each must be there). */
  function edited(name: string, ...edits: [string, string][]): string {
    return edits.reduce((t, [from, to]) => {
      expect(t).toContain(from);
      return t.replace(from, to);
    }, text(name));
  }

  it("lists an 80GG deduction beside an HRA exemption instead of claiming it, so the request stays valid", () => {
    // The old-regime TRACES form (HRA exemption 2(e) 1,20,000) with 10(n) 60,000 broken up as 80GG, rows 11 to 13
    // as such a form prints them (11,42,500 − 3,58,000 = 7,84,500; 12,500 + 20 % of 2,84,500 = 69,400). s.80GG is for
    // someone who receives no house rent allowance.
    const form = edited(
      "form16-traces-layout-old-regime",
      [
        "          Chapter VI-A                                                        0.00            0.00            0.00",
        "          Chapter VI-A                                                    60000.00        60000.00        60000.00",
      ],
      ["+10(l)+10(n)]                                     298000.00", "+10(l)+10(n)]                                     358000.00"],
      [
        "Total taxable income (9-11)                                                                       844500.00",
        "Total taxable income (9-11)                                                                       784500.00",
      ],
      [
        "Tax on total income                                                                                81400.00",
        "Tax on total income                                                                                69400.00",
      ],
      [
        "Page 1 of 1",
        "Break up for 'Amount deductible under any other provision(s) of Chapter VI-A' to be filled by the employer:\n" +
          "S.No.    Section under which deduction is allowed       Gross Amount   Qualifying Amount   Deductible Amount\n" +
          "1.       80GG                                             60000.00          60000.00             60000.00\n" +
          "Page 1 of 1",
      ],
    );
    const result = merged(form);
    expect(result.unmapped.find((u) => u.field === "80GG")).toMatchObject({ source: "text", amount: 60_000 });
    expect(result.computeRequest?.profile.deductions?.otherChapterVIA?.["80GG"]).toBeUndefined();
    expect(ComputeRequestSchema.safeParse(result.computeRequest).success).toBe(true);
  });

  it("lists an 80CCD(2) larger than the salary, and keeps the salary at row 1(d) as nothing adds a perquisite back", () => {
    // Row 1(b) 25,000, 1(d) 14,75,000; the 80CCD(2) row read as 20,00,000, more than the whole salary.
    const form = edited("form16-traces-layout-old-regime", [
      "          under section 80CCD (2)                                                    60000.00         60000.00",
      "          under section 80CCD (2)                                                  2000000.00       2000000.00",
    ]);
    const result = merged(form);
    expect(result.unmapped.find((u) => u.field === "section80CCD2")).toMatchObject({ source: "text", amount: 2_000_000 });
    const request = ComputeRequestSchema.parse(result.computeRequest);
    expect(request.profile.deductions?.section80CCD2).toBeUndefined();
    expect(request.profile.salary?.grossSalary).toBe(1_475_000);
  });

  it("leaves out a figure larger than /compute accepts, so the request stays valid", () => {
    expect(COMPUTE_MAX_RUPEES).toBe(MAX_AMOUNT);
    const huge = text("form16-traces-layout-old-regime").replace("1450000.00", "999999999999999.00").replace("1475000.00", "999999999999999.00");
    const result = merged(huge);
    expect(ComputeRequestSchema.safeParse(result.computeRequest).success).toBe(true);
    expect(result.unmapped.map((u) => u.field)).toContain("grossSalary");
    // The form's s.80CCD(2) contribution (₹60,000) is part of the salary left out, so it is listed with it.
    expect(result.unmapped.find((u) => u.field === "section80CCD2")?.amount).toBe(60_000);
    expect(result.computeRequest?.profile.deductions?.section80CCD2).toBeUndefined();
  });

  it("lists figures it cannot carry, with the reason", () => {
    const withRelief = text("form16-traces-layout-old-regime").replace(
      /(18\.\s+Less: Relief under section 89 \(attach details\)\s+)0\.00/,
      "$15000.00",
    );
    const result = merged(withRelief);
    expect(result.unmapped).toEqual([expect.objectContaining({ field: "amounts.relief89", amount: 5_000 })]);
  });

  it("says when the TDS of AIS income it cannot place is counted in taxes paid, so the income is added by hand", () => {
    const ais = [
      "Annual Information Statement (AIS)",
      "Financial Year 2024-25 Assessment Year 2025-26",
      "PART B1 - INFORMATION RELATING TO TAX DEDUCTED OR COLLECTED AT SOURCE",
      "1 TDS-194J Fees for professional or technical services (Section 194J) ORBIT DESIGN STUDIO LLP (PNEO04321B) 1 50,000",
      "Q2(Jul-Sep) 30/09/2024 50,000 5,000 5,000 Active",
      "2 SFT-005 Time deposits STATE BANK OF INDIA (AAACS8577K) 1 10,00,000",
    ].join("\n");
    const result = merged(ais);
    // The quarter row's 5,000 deducted is tax paid on the 50,000 fees, which /compute has no field for.
    expect(result.computeRequest?.profile.taxesPaid).toBe(5_000);
    const [fees, deposits] = result.unmapped;
    expect(fees).toMatchObject({ field: "entries.TDS-194J", amount: 50_000 });
    expect(fees?.reason).toContain("its tax deducted (5000) is counted in taxesPaid");
    expect(deposits).toMatchObject({ field: "entries.SFT-005", amount: 1_000_000 });
    expect(deposits?.reason).not.toContain("taxesPaid");
  });

  it("splits 80D when the form prints the parents' premium on a row of its own, with their senior-citizen flag", () => {
    // The cells fixture's 80D of 75,000, printed instead as 25,000 for self and family and 50,000 for senior
    // parents (s.80D(2)(a), (2)(b), (4)): the same Part B, so the same taxable income 10,45,500 and tax 1,26,150.
    const split = text("form16-cells-fy2024-25-old").replace(
      "Deduction in respect of health insurance premia under section 80D\n75000.00\n75000.00",
      "Deduction in respect of health insurance premia under section 80D (self, spouse and children)\n25000.00\n25000.00\n" +
        "Health insurance premia under section 80D for parents (senior citizens)\n50000.00\n50000.00",
    );
    const result = merged(split);
    const request = ComputeRequestSchema.parse(result.computeRequest);
    expect(request.profile.deductions).toMatchObject({ section80D_selfFamily: 25_000, section80D_parents: 50_000, parentsSeniorCitizen: true });
    expect(request.profile.deductions?.section80D).toBeUndefined();
    const regime = computeTax(toTaxInput(request.profile), request.financialYear!).regimes.old;
    expect([regime.taxableIncome, regime.slabTax]).toEqual([1_045_500, 126_150]);
  });

  it("counts AIS challans printed as bare integers in taxes paid", () => {
    // The fixture's own figures: TDS-192 4 × 21,164 = 84,656, plus the TOTAL column of each Part B3 challan:
    // advance tax 15,000, self-assessment tax 800 and 1,000 + 40 cess = 1,040; 84,656 + 16,840 = 1,01,496.
    const request = ComputeRequestSchema.parse(merged(text("ais-plain-number-payments-fy2024-25")).computeRequest);
    expect(request.profile.taxesPaid).toBe(101_496);
  });

  it("carries AIS lottery and crossword winnings (TDS-194B) as casual winnings, taxed at 30 % beside the TDS it credits", () => {
    const ais = [
      "Annual Information Statement (AIS)",
      "Financial Year 2024-25 Assessment Year 2025-26",
      "PART B1 - INFORMATION RELATING TO TAX DEDUCTED OR COLLECTED AT SOURCE",
      "1 TDS-194B Winnings from lottery or crossword puzzle (Section 194B) KERALA STATE LOTTERIES (TVDK01234A) 1 1,00,000",
      "Q3(Oct-Dec) 31/12/2024 1,00,000 30,000 30,000 Active",
    ].join("\n");
    const result = merged(ais);
    expect(result.unmapped).toEqual([]);
    const request = ComputeRequestSchema.parse(result.computeRequest);
    expect(request.profile.otherIncome?.casualWinnings).toBe(100_000);
    expect(request.profile.taxesPaid).toBe(30_000);
    // s.115BB(i) (ACT:115bb): winnings taxed at thirty per cent, with no basic exemption: 30 % of 1,00,000 = 30,000.
    const special = computeTax(toTaxInput(request.profile), request.financialYear!).regimes.new.specialRateIncome;
    expect(special).toEqual([expect.objectContaining({ section: "115BB", ratePercent: 30, income: 100_000, tax: 30_000 })]);
  });

  it("takes AIS tax deducted on cash withdrawals (TDS-194N) as tax paid, not income, and as the fact that rules out ITR-1", () => {
    const ais = [
      "Annual Information Statement (AIS)",
      "Financial Year 2024-25 Assessment Year 2025-26",
      "PART B1 - INFORMATION RELATING TO TAX DEDUCTED OR COLLECTED AT SOURCE",
      "1 TDS-192 Salary received (Section 192) ORBIT DESIGN STUDIO LLP (PNEO04321B) 1 9,00,000",
      "Q4(Jan-Mar) 31/03/2025 9,00,000 20,000 20,000 Active",
      "2 TDS-194N Payment of certain amounts in cash (Section 194N) STATE BANK OF INDIA (MUMS12345A) 1 1,20,00,000",
      "Q3(Oct-Dec) 31/12/2024 1,20,00,000 40,000 40,000 Active",
    ].join("\n");
    const result = merged(ais);
    expect(result.unmapped).toEqual([]);
    const request = ComputeRequestSchema.parse(result.computeRequest);
    // s.194N: 2 % of the cash withdrawn above ₹1 crore, 2 % × 20,00,000 = 40,000, is tax paid like the salary's.
    expect(request.profile.taxesPaid).toBe(60_000);
    expect(request.profile.returnFormFacts).toEqual({ tdsOnCashWithdrawals: true });
    expect(computeTax(toTaxInput(request.profile), request.financialYear!).itr.form).toBe("ITR-2");
  });

  it("gives the employer's 80D total unsplit, and the 80TTA and other-provision rows as reported", () => {
    const deductions = merged(text("form16-cells-fy2024-25-old")).computeRequest!.profile.deductions!;
    expect(deductions.section80D).toBe(75_000);
    expect(deductions.otherChapterVIA).toEqual({ "80TTA": 10_000 });
  });
});

// Lines a PDF carries beside the table: stamps, dates, identifiers. None of them is money.
const NOISE = [
  "Digitally signed by RAMESH KUMAR",
  "Date: 2025.06.11 18:20:11 +05'30'",
  "Phone: 9876543210",
  "Challan Serial No. 00123 BSR Code 0510308 Date of deposit 07/06/2025",
  "PAN of the Deductor: AABCZ1234E TAN: PNEZ04567C",
  "Signature Not Verified 11.06.2025",
];

describe("no figure from a date, an identifier or a stamp", () => {
  const form16s = FIXTURES.filter((f) => f.expected.type === "form16" && !f.name.includes("one-line"));
  it.each(form16s.map((f) => [f.name, f.text] as const))("%s: stamps and identifiers between the rows change no figure", (_, clean) => {
    const before = parseDocument(clean);
    const noisy = clean
      .split("\n")
      .flatMap((line, i) => (i % 9 === 8 ? [line, NOISE[i % NOISE.length]!] : [line]))
      .join("\n");
    const after = parseDocument(noisy);
    if (!before.ok || !after.ok || before.document.documentType !== "form16" || after.document.documentType !== "form16") {
      throw new Error("fixture did not parse");
    }
    expect(after.document.amounts).toEqual(before.document.amounts);
    expect(after.document.chapterVIA).toEqual(before.document.chapterVIA);
  });
});

describe("warnings", () => {
  it("stop at 64 KB and count the rest", () => {
    const rows = "Whether opting out of taxation u/s 115BAC(1A)? No\n(a) Salary as per provisions contained in section 17(1) 1,00,000.00\n";
    const text = `Form No. 16\n${rows}${"Bonus paid in arrears 12,345.00\n".repeat(5_000)}12. Total taxable income 25,000.00\n13. Tax on total income 0.00\n`;
    const result = parseDocument(text, "form16");
    if (!result.ok) throw new Error(result.error.message);
    expect(result.document.warningsTotal).toBe(5_000);
    expect(result.document.warnings.length).toBeLessThan(5_000);
    expect(new TextEncoder().encode(JSON.stringify(result.document.warnings)).length).toBeLessThanOrEqual(WARNINGS_MAX_BYTES);
  });
});
