// The one flow: a Form 16's text, parsed, computes to the taxable income and the tax on total income that its
// own Part B states (rows 12 and 13), to the rupee, in the regime the employee chose. The expected figures are
// each fixture's own Part B, worked by hand from the year's slabs in the fixture's expected.json "working".
import { describe, expect, it } from "vitest";
import { parseDocuments } from "../../../../src/tax/domain/documents";
import { computeTax, isSupportedFinancialYear } from "../../../../src/tax/domain/engine";
import { ComputeRequestSchema, toTaxInput } from "../../../../src/tax/compute/request-schema";
import { FIXTURES, byName, type Form16Expected } from "./fixtures";

const form16s = FIXTURES.filter((f): f is typeof f & { expected: Form16Expected } => f.expected.type === "form16");

function yearOf(expected: Form16Expected): string {
  const fields = expected.fields as { assessmentYear?: string | null; taxYear?: string | null };
  if (fields.taxYear) return fields.taxYear;
  const start = Number(fields.assessmentYear!.slice(0, 4)) - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

const supported = form16s.filter((f) => isSupportedFinancialYear(yearOf(f.expected)));

/** The text parsed, its compute request sent through /compute's own schema unchanged (as a client would send it), and computed. */
function compute(text: string) {
  const parsed = parseDocuments([{ text }]);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const request = ComputeRequestSchema.parse(parsed.computeRequest);
  const result = computeTax({ ...toTaxInput(request.profile), chosenRegime: request.chosenRegime! }, request.financialYear!);
  return { parsed, request, regime: result.regimes[request.chosenRegime!] };
}

describe.each(supported)("$name", ({ text, expected }) => {
  it("computes to its own Part B: total taxable income and tax on total income, in the chosen regime", () => {
    const { request, regime } = compute(text);
    expect(request.financialYear).toBe(yearOf(expected));
    const chosen = (expected.fields as { optedOutOf115BAC: boolean }).optedOutOf115BAC ? "old" : "new";
    expect(request.chosenRegime).toBe(chosen);
    expect({ taxableIncome: regime.taxableIncome, slabTax: regime.slabTax }).toEqual({
      taxableIncome: expected.amounts.totalTaxableIncome,
      slabTax: expected.amounts.taxOnTotalIncome,
    });
    if (expected.amounts.rebate87A !== undefined) expect(regime.rebate87A).toBe(expected.amounts.rebate87A);
  });
});

it("every Form 16 states its Part B working", () => {
  for (const { name, expected } of form16s) expect(expected.working, name).toMatch(/total taxable income/);
});

it("covers every supported year and both regimes", () => {
  const years = new Set(supported.map((f) => yearOf(f.expected)));
  expect(years).toEqual(new Set(["2024-25", "2025-26", "2026-27"]));
  const regimes = new Set(supported.map((f) => (f.expected.fields as { optedOutOf115BAC: boolean }).optedOutOf115BAC));
  expect(regimes).toEqual(new Set([true, false]));
});

// The old-regime TRACES fixture with one thing printed differently; each variant still states its own rows 12 and
// 13 (total taxable income 8,44,500, tax 81,400: the working in its expected.json), so it must compute to them.
describe("form16-traces-layout-old-regime printed differently", () => {
  const base = byName("form16-traces-layout-old-regime").text;
  const printed = (from: string, to: string, text = base): string => {
    if (!text.includes(from)) throw new Error(`the fixture no longer prints ${from}`);
    return text.replace(from, to);
  };
  const rows12And13 = { taxableIncome: 844500, slabTax: 81400 };

  // Row 7(a), the house property loss of 1,50,000, and row 8, the other income of −1,30,000, as other
  // generators print a negative amount.
  it.each([
    ["- 150000.00", "- 130000.00"],
    ["(-) 150000.00", "(-) 130000.00"],
    ["-Rs. 1,50,000", "-Rs. 1,30,000"],
    ["-₹ 1,50,000", "-₹ 1,30,000"],
    ["( 1,50,000 )", "( 1,30,000 )"],
    ["(Rs. 1,50,000.00)", "(Rs. 1,30,000.00)"],
    ["1,50,000.00 (-)", "1,30,000.00 (-)"],
    ["150000.00-", "130000.00-"],
  ])("a loss from house property printed as %j computes to rows 12 and 13", (loss, otherIncome) => {
    const { parsed, regime } = compute(printed("-130000.00", otherIncome, printed("-150000.00", loss)));
    expect(parsed.documents[0]).toMatchObject({ amounts: { housePropertyIncome: -150000, totalOtherIncome: -130000 }, warnings: [] });
    expect({ taxableIncome: regime.taxableIncome, slabTax: regime.slabTax }).toEqual(rows12And13);
  });

  // A sub-row's own figure in the first amount column and the running total it adds up to printed beside it on
  // the same line, as a two-column layout without the total's own line prints them.
  it.each([
    [
      "4(c) with the total of row 5",
      `      (c) Tax on employment under section 16(iii)                                               2500.00
 5.   Total amount of deductions under section 16 [4(a)+4(b)+4(c)]                                      52500.00`,
      "      (c) Tax on employment under section 16(iii)                                               2500.00       52500.00",
      { taxOnEmployment16iii: 2500 },
    ],
    [
      "7(b) with the total of row 8",
      `      (b) Income under the head Other Sources offered for TDS                                 20000.00
 8.   Total amount of other income reported by the employee [7(a)+7(b)]                                -130000.00`,
      "      (b) Income under the head Other Sources offered for TDS                                 20000.00        -130000.00",
      { otherSourcesIncome: 20000 },
    ],
    [
      "7(b) with a blank total column",
      "      (b) Income under the head Other Sources offered for TDS                                 20000.00",
      "      (b) Income under the head Other Sources offered for TDS                                 20000.00        -",
      { otherSourcesIncome: 20000 },
    ],
  ])("%s reads the row's own figure and computes to rows 12 and 13", (_, rows, oneLine, own) => {
    const { parsed, regime } = compute(printed(rows, oneLine));
    expect(parsed.documents[0]).toMatchObject({ amounts: own });
    expect({ taxableIncome: regime.taxableIncome, slabTax: regime.slabTax }).toEqual(rows12And13);
  });

  it("an exemption under section 10 printed as a whole number after the section computes to rows 12 and 13", () => {
    // 9,600 more exempt in 2(h), rows 2(i) to 13 restated by the form, and every amount printed without paise.
    // Old regime FY 2024-25 (tax-rules.md §1): 8,44,500 − 9,600 = 8,34,900; 12,500 + 20% × 3,34,900 = 79,480.
    let text = printed(
      "(h) Total amount of any other exemption under section 10                                    0.00",
      "(h) Total amount of any other exemption under section 10                                 9600.00",
    );
    text = printed(
      "(i) Total amount of exemption claimed under section 10\n          [2(a)+2(b)+2(c)+2(d)+2(e)+2(f)+2(h)]                                                         150000.00",
      "(i) Total amount of exemption claimed under section 10                                           159600.00",
      text,
    );
    for (const [row, restated] of [
      ["1325000.00", "1315400.00"],
      ["1272500.00", "1262900.00"],
      ["1142500.00", "1132900.00"],
      ["844500.00", "834900.00"],
      ["81400.00", "79480.00"],
    ]) {
      text = printed(row!, restated!, text);
    }
    const { parsed, regime } = compute(text.replace(/(\d)\.00\b/g, "$1"));
    expect(parsed.documents[0]).toMatchObject({ amounts: { totalOtherExemptions10: 9600, totalExemptions10: 159600 } });
    expect({ taxableIncome: regime.taxableIncome, slabTax: regime.slabTax }).toEqual({ taxableIncome: 834900, slabTax: 79480 });
  });
});

describe("form16-tab-separated-fy2024-25-new printed differently", () => {
  it('reads the standard deduction of row 4(a) printed as "Standard deduction u/s 16 75000"', () => {
    const base = byName("form16-tab-separated-fy2024-25-new").text;
    const row = "(a)\tStandard deduction under section 16(ia)\t75,000.00";
    expect(base).toContain(row);
    const { parsed, regime } = compute(base.replace(row, "(a)\tStandard deduction u/s 16\t75000"));
    // The form's own row 4(a), and its rows 12 and 13 still computed.
    expect(parsed.documents[0]).toMatchObject({ amounts: { standardDeduction16ia: 75000 }, warnings: [] });
    const expected = byName("form16-tab-separated-fy2024-25-new").expected as Form16Expected;
    expect({ taxableIncome: regime.taxableIncome, slabTax: regime.slabTax }).toEqual({
      taxableIncome: expected.amounts.totalTaxableIncome,
      slabTax: expected.amounts.taxOnTotalIncome,
    });
  });
});

// Employer and payroll layouts that print a row the TRACES form prints otherwise. Each text states its own rows 12
// and 13, worked by hand from the year's slabs (tax-rules.md §1), and must compute to them.
describe("Part B rows as employers' own layouts print them", () => {
  const header = (assessmentYear: string, optedOut: "Yes" | "No") =>
    `FORM NO. 16\nPART B (Annexure-I)\nAssessment Year: ${assessmentYear}\nWhether opting out of taxation u/s 115BAC(1A)? ${optedOut}\n`;

  it("an employer NPS contribution above ₹7,50,000, which row 1(b) counts as a perquisite, is counted once", () => {
    // New regime FY 2025-26. 1(a) 90,00,000 holds the employer's NPS of 8,40,000 (s.17(1)(viii)); 1(b) the 90,000 above
    // ₹7,50,000 (s.17(2)(vii)). 90,90,000 − 75,000 − 80CCD(2) 8,40,000 = 81,75,000. Slabs: 20,000 + 40,000 + 60,000 +
    // 80,000 + 1,00,000 + 30 % × 57,75,000 = 20,32,500.
    const text = `${header("2026-27", "No")}1. Gross Salary
(a) Salary as per provisions contained in section 17(1)                9000000.00
(b) Value of perquisites under section 17(2)                             90000.00
(d) Total                                                                        9090000.00
4. Less: Deductions under section 16
(a) Standard deduction under section 16(ia)                              75000.00
(f) Deduction in respect of contribution by Employer to pension scheme under section 80CCD (2)   840000.00   840000.00
12. Total taxable income (9-11)                                                  8175000.00
13. Tax on total income                                                          2032500.00
`;
    const { parsed, request, regime } = compute(text);
    expect(request.profile.salary?.grossSalary).toBe(9_000_000);
    expect(parsed.notes).toContainEqual(expect.stringMatching(/^salary\.grossSalary: row 1\(d\) less ₹90,000, .*s\.17\(2\)\(vii\)/));
    expect({ taxableIncome: regime.taxableIncome, slabTax: regime.slabTax }).toEqual({ taxableIncome: 8_175_000, slabTax: 2_032_500 });
  });

  it("a salary component listed under row 1 is pay, not a section 10 exemption", () => {
    // Old regime FY 2024-25. 10,00,000 − 50,000 = 9,50,000, nothing exempt (2(i) is 0); 12,500 + 20 % × 4,50,000 = 1,02,500.
    const text = `${header("2025-26", "Yes")}1. Gross Salary
(a) Salary as per provisions contained in section 17(1)                10,00,000.00
    Basic Salary                                   5,00,000.00
    House Rent Allowance                           2,00,000.00
    Leave Travel Allowance                           50,000.00
    Special Allowance                              2,50,000.00
(d) Total                                                                        10,00,000.00
2. Less: Allowances to the extent exempt under section 10
(i) Total amount of exemption claimed under section 10                                  0.00
4. Less: Deductions under section 16
(a) Standard deduction under section 16(ia)                              50,000.00
12. Total taxable income (9-11)                                                  9,50,000.00
13. Tax on total income                                                          1,02,500.00
`;
    const { parsed, request, regime } = compute(text);
    expect(request.profile.salary?.exemptions10).toBeUndefined();
    // Each component line is said to match no row, rather than read as an exemption.
    const unmatched = parsed.documents[0]!.warnings.filter((w) => w.message.includes("matched no known Form 16 item"));
    expect(unmatched.map((w) => w.text)).toEqual([
      "Basic Salary 5,00,000.00",
      "House Rent Allowance 2,00,000.00",
      "Leave Travel Allowance 50,000.00",
      "Special Allowance 2,50,000.00",
    ]);
    expect({ taxableIncome: regime.taxableIncome, slabTax: regime.slabTax }).toEqual({ taxableIncome: 950_000, slabTax: 102_500 });
  });

  it("a house property loss printed without its sign on a row worded as a deduction reads as the loss row 8 shows", () => {
    // Old regime FY 2024-25. 10,00,000 − 50,000 − 2,00,000 = 7,50,000 (rows 8 and 9); 12,500 + 20 % × 2,50,000 = 62,500.
    const text = `${header("2025-26", "Yes")}1. Gross Salary
(d) Total                                                                        10,00,000.00
(a) Standard deduction under section 16(ia)                              50,000.00
7. Add: Any other income reported by the employee
   (a) Less: Loss from house property (interest on housing loan u/s 24(b))   2,00,000.00
8. Total amount of other income reported by the employee [7(a)+7(b)]           -2,00,000.00
9. Gross total income (6+8)                                                     7,50,000.00
12. Total taxable income (9-11)                                                  7,50,000.00
13. Tax on total income                                                            62,500.00
`;
    const { parsed, request, regime } = compute(text);
    expect(request.profile.housePropertyIncome).toBe(-200_000);
    expect(parsed.notes).toContainEqual(
      expect.stringMatching(/^housePropertyIncome: a loss of ₹2,00,000: .* row 8 \(7\(a\) \+ 7\(b\)\) as -₹2,00,000$/),
    );
    expect({ taxableIncome: regime.taxableIncome, slabTax: regime.slabTax }).toEqual({ taxableIncome: 750_000, slabTax: 62_500 });
  });

  it("reads whole-rupee amounts in columns after a label that ends in a word naming a number", () => {
    // Old regime FY 2025-26: 10,00,000 − 50,000 − 80TTA 10,000 = 9,40,000; 12,500 + 20 % × 4,40,000 = 1,00,500.
    const text = `${header("2026-27", "Yes")}1. Gross Salary
(d) Total                                                                        1000000
(a) Standard deduction under section 16(ia)                              50000
80TTA - Interest on savings bank account                     18400           10000
12. Total taxable income (9-11)                                                  940000
13. Tax on total income                                                          100500
`;
    const { parsed, regime } = compute(text);
    expect(parsed.documents[0]).toMatchObject({ chapterVIA: { section80TTA: { gross: 18_400, deductible: 10_000 } }, warnings: [] });
    expect({ taxableIncome: regime.taxableIncome, slabTax: regime.slabTax }).toEqual({ taxableIncome: 940_000, slabTax: 100_500 });
  });

  it("reads row 10(g) printed as a self-and-family sub-row and a parents' sub-row", () => {
    // Old regime FY 2025-26: 10,00,000 − 50,000 − 80D 22,000 − 80D parents (senior) 43,000 = 8,85,000;
    // 12,500 + 20 % × 3,85,000 = 89,500.
    const text = `${header("2026-27", "Yes")}1. Gross Salary
(d) Total                                                                        10,00,000.00
(a) Standard deduction under section 16(ia)                              50,000.00
(g) Deduction in respect of health insurance premia under section 80D
    - Self, spouse and dependent children                              22,000.00       22,000.00
    - Parents (senior citizen)                                         43,000.00       43,000.00
12. Total taxable income (9-11)                                                  8,85,000.00
13. Tax on total income                                                            89,500.00
`;
    const { parsed, request, regime } = compute(text);
    expect(parsed.documents[0]).toMatchObject({ parentsSeniorCitizen: true, warnings: [] });
    expect(request.profile.deductions).toMatchObject({ section80D_selfFamily: 22_000, section80D_parents: 43_000, parentsSeniorCitizen: true });
    expect({ taxableIncome: regime.taxableIncome, slabTax: regime.slabTax }).toEqual({ taxableIncome: 885_000, slabTax: 89_500 });
  });

  it('reads Part B after Part A when its heading is the one line "FORM NO. 16 - PART B", and row 5 worded "u/s"', () => {
    // Old regime FY 2025-26: 10,00,000 − 50,000 = 9,50,000; 12,500 + 20 % × 4,50,000 = 1,02,500.
    const text = `FORM NO. 16
PART A
Total (Rs.)     1000000.00  89500.00  89500.00
FORM NO. 16 - PART B
Assessment Year: 2026-27
Whether opting out of taxation u/s 115BAC(1A)? Yes
1. Gross Salary
(d) Total                                                                        10,00,000.00
(a) Standard deduction under section 16(ia)                              50,000.00
5. Total amount of deductions u/s 16                                     50,000.00
12. Total taxable income (9-11)                                                  9,50,000.00
13. Tax on total income                                                          1,02,500.00
`;
    const { parsed, regime } = compute(text);
    expect(parsed.documents[0]).toMatchObject({
      partA: { taxDeducted: 89_500 },
      amounts: { grossSalary: 1_000_000, totalDeductions16: 50_000 },
      warnings: [],
    });
    expect({ taxableIncome: regime.taxableIncome, slabTax: regime.slabTax }).toEqual({ taxableIncome: 950_000, slabTax: 102_500 });
  });
});
