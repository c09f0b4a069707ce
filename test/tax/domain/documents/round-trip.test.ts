// The one flow: a Form 16's text, parsed, computes to the taxable income and the tax on total income that its
// own Part B states (rows 12 and 13), to the rupee, in the regime the employee chose. The expected figures are
// each fixture's own Part B, worked by hand from the year's slabs in the fixture's expected.json "working".
import { describe, expect, it } from "vitest";
import { parseDocuments } from "../../../../src/tax/domain/documents";
import { computeTax, isSupportedFinancialYear } from "../../../../src/tax/domain/engine";
import { ComputeRequestSchema, toTaxInput } from "../../../../src/tax/profiles/profile-schema";
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
