// Form 16 layouts a generator of forms from random figures found misread: each case is the smallest text that showed
// it. Expected figures are the text's own, worked by hand (old regime, FY 2024-25: 2.5L/5L/10L at 5/20/30 %).
import { describe, expect, it } from "vitest";
import { parseDocuments, type Form16Document } from "../../../../src/tax/domain/documents";
import { computeTax } from "../../../../src/tax/domain/engine";
import { ComputeRequestSchema, toTaxInput } from "../../../../src/tax/compute/request-schema";

const HEADER = `FORM NO. 16
PART B (Annexure-I)
Assessment Year: 2025-26
Whether opting out of taxation u/s 115BAC(1A)? Yes
`;

function parse(text: string) {
  const parsed = parseDocuments([{ text }]);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return { parsed, form: parsed.documents[0] as Form16Document };
}

function oldRegime(text: string) {
  const { parsed, form } = parse(text);
  const request = ComputeRequestSchema.parse(parsed.computeRequest);
  const regime = computeTax({ ...toTaxInput(request.profile), chosenRegime: "old" }, request.financialYear!).regimes.old;
  return { parsed, form, request, regime };
}

describe('after "u/s." (with its full stop) the section number is not the amount', () => {
  // The API guide: "nor is a section number of at most three digits ("u/s 16", "section 10"), though a figure
  // printed after one is ("Standard deduction u/s 16   75000" is 75,000)".
  // 10,00,000 − 2(h) 5,000 − 50,000 = 9,45,000; tax 12,500 + 20 % × 4,45,000 = 1,01,500.
  const text = `${HEADER}1. Gross Salary
(d) Total                                                    10,00,000.00
2. Less: Allowances to the extent exempt under section 10
(h) Total amount of any other exemption u/s. 10               5,000.00
(i) Total amount of exemption claimed u/s. 10                 5,000.00
4. Less: Deductions under section 16
(a) Standard deduction u/s. 16                               50,000.00
12. Total taxable income (9-11)                               9,45,000.00
13. Tax on total income                                       1,01,500.00
`;

  it("reads row 4(a) as ₹50,000, not ₹16", () => {
    const { form } = parse(text);
    expect(form.amounts.standardDeduction16ia).toBe(50_000);
  });

  it("reads row 2(h) as ₹5,000, not ₹10", () => {
    const { form } = parse(text);
    expect(form.amounts.totalOtherExemptions10).toBe(5_000);
  });

  it("with rows 2(h) and 2(i) printed 0.00, computes to 10,00,000 − 50,000 = 9,50,000 and 1,02,500 (not 2(h) ₹10 exempt)", () => {
    const zero = text
      .replace(/5,000\.00/g, "0.00")
      .replace("9,45,000.00", "9,50,000.00")
      .replace("1,01,500.00", "1,02,500.00");
    const { form, request, regime } = oldRegime(zero);
    expect(form.amounts.totalOtherExemptions10).toBe(0);
    expect(request.profile.salary?.exemptions10?.["10(other)"]).toBeUndefined();
    expect({ taxableIncome: regime.taxableIncome, slabTax: regime.slabTax }).toEqual({ taxableIncome: 950_000, slabTax: 102_500 });
  });

  it("row 2(i), read right, restores 10(other): computes to the form's own rows 12 and 13", () => {
    const { regime } = oldRegime(text);
    expect({ taxableIncome: regime.taxableIncome, slabTax: regime.slabTax }).toEqual({ taxableIncome: 945_000, slabTax: 101_500 });
  });
});

describe('in a tab-separated export, a loss printed "- 62,100.00" (minus, one space) is a loss', () => {
  // The API guide lists "- 1,000" among the negatives a cell may hold, and "a tab-separated export" among the
  // layouts; "A dash is a minus sign only one space before its digits and apart from the label (at the start of the
  // line or after a column gap)". A tab is the column gap of a tab-separated export.
  // 10,00,000 − 50,000 − 62,100 = 8,87,900; tax 12,500 + 20 % × 3,87,900 = 90,080.
  const text = `${HEADER}1.\tGross Salary
(d)\tTotal\t10,00,000.00
4.\tLess: Deductions under section 16
(a)\tStandard deduction under section 16(ia)\t50,000.00
7.\tAdd: Any other income reported by the employee under as per section 192 (2B)
(a)\tIncome (or admissible loss) from house property reported by employee offered for TDS\t- 62,100.00
(b)\tIncome under the head Other Sources offered for TDS\t0.00
8.\tTotal amount of other income reported by the employee [7(a)+7(b)]\t- 62,100.00
9.\tGross total income (6+8)\t8,87,900.00
12.\tTotal taxable income (9-11)\t8,87,900.00
13.\tTax on total income\t90,080.00
`;

  it("reads rows 7(a) and 8 as −62,100", () => {
    const { form } = parse(text);
    expect(form.amounts.housePropertyIncome).toBe(-62_100);
    expect(form.amounts.totalOtherIncome).toBe(-62_100);
  });

  it("computes to the form's own rows 12 and 13", () => {
    const { regime } = oldRegime(text);
    expect({ taxableIncome: regime.taxableIncome, slabTax: regime.slabTax }).toEqual({ taxableIncome: 887_900, slabTax: 90_080 });
  });
});

describe("Part A and Part B: taxes paid are Part A's TDS, not row 21", () => {
  // The API guide: taxesPaid is "Part A total tax deducted (without Part A, row 21 net tax payable)". Part A here says
  // ₹40,000 was deducted; row 21 says ₹1,06,600 is payable (the employer deducted short).
  const lines = `FORM NO. 16
PART A
Quarter(s) Receipt Numbers of original quarterly statements of TDS Amount paid/credited Amount of tax deducted Amount of tax deposited/remitted
Q1      QRCP022220      2,50,000.00      10,000.00      10,000.00
Q2      QRCP022221      2,50,000.00      10,000.00      10,000.00
Q3      QRCP022222      2,50,000.00      10,000.00      10,000.00
Q4      QRCP022223      2,50,000.00      10,000.00      10,000.00
Total (Rs.)      10,00,000.00      40,000.00      40,000.00
FORM NO. 16
PART B (Annexure-I)
Assessment Year: 2025-26
Whether opting out of taxation u/s 115BAC(1A)? Yes
1. Gross Salary
(d) Total 10,00,000.00
4. Less: Deductions under section 16
(a) Standard deduction under section 16(ia) 50,000.00
12. Total taxable income (9-11) 9,50,000.00
13. Tax on total income 1,02,500.00
16. Health and education cess 4,100.00
17. Tax payable (13+15+16-14) 1,06,600.00
21. Net tax payable (17-18-19-20) 1,06,600.00
`;

  it("taxesPaid is Part A's ₹40,000", () => {
    const { parsed, form } = parse(lines);
    expect(form.partA?.taxDeducted).toBe(40_000);
    expect(parsed.computeRequest?.profile.taxesPaid).toBe(40_000);
  });
});

describe("a negative whole number without grouping, (38200), ( 38200 ) or 38200-, is read", () => {
  // The API guide: "In a cell, `1,23,456.00`, `1,234,567`, …, negatives (…`(1,000)`…`( 1,000 )`) … all parse", and
  // whole rupees without grouping are amounts ("Standard deduction u/s 16   75000"). A bracketed number of more
  // than three digits after a column gap cannot be a sub-section "(1)". 10,00,000 − 50,000 − 38,200 = 9,11,800;
  // tax 12,500 + 20 % × 4,11,800 = 94,860.
  const text = (loss: string) => `${HEADER}1. Gross Salary
(d) Total                                                                    1000000
4. Less: Deductions under section 16
(a) Standard deduction under section 16(ia)                            50000
7. Add: Any other income reported by the employee under as per section 192 (2B)
(a) Income (or admissible loss) from house property reported by employee offered for TDS        ${loss}
(b) Income under the head Other Sources offered for TDS                0
8. Total amount of other income reported by the employee [7(a)+7(b)]          ${loss}
9. Gross total income (6+8)                                                  911800
12. Total taxable income (9-11)                                              911800
13. Tax on total income                                                      94860
`;

  it.each(["(38200)", "( 38200 )", "38200-"])("%s reads as −38,200 and computes to rows 12 and 13", (loss) => {
    const { form, regime } = oldRegime(text(loss));
    expect(form.amounts.housePropertyIncome).toBe(-38_200);
    expect({ taxableIncome: regime.taxableIncome, slabTax: regime.slabTax }).toEqual({ taxableIncome: 911_800, slabTax: 94_860 });
  });
});

describe("NIL and - cells read as 0", () => {
  // The API guide: "blank, `-` and `NIL` cells (0) all parse" and "`0` means it was printed as 0, blank, `-` or
  // NIL".
  const text = `${HEADER}1. Gross Salary
(a) Salary as per provisions contained in section 17(1) 10,00,000.00
(b) Value of perquisites under section 17(2) (as per Form No. 12BA, wherever applicable) NIL
(c) Profits in lieu of salary under section 17(3) (as per Form No. 12BA, wherever applicable) -
(d) Total 10,00,000.00
4. Less: Deductions under section 16
(a) Standard deduction under section 16(ia) 50,000.00
12. Total taxable income (9-11) 9,50,000.00
13. Tax on total income 1,02,500.00
`;

  it("rows 1(b) and 1(c) read 0 with no warning", () => {
    const { form } = parse(text);
    expect(form.amounts).toMatchObject({ perquisites17_2: 0, profitsInLieuOfSalary17_3: 0 });
    expect(form.warnings).toEqual([]);
  });
});

describe("a row's amounts after a column gap are read though the label's first line ends in \"u/s\"", () => {
  // The API guide: values may be "on the first line of a row whose label goes on to the next", and "figures after
  // a column gap are the row's amounts". Here the first line ends in "u/s"; the gross column (500) is still a column.
  const text = `${HEADER}1. Gross Salary
(d) Total                                                                    1000000
10. Deductions under Chapter VI-A                                            Gross Amount    Deductible Amount
      (c) Deduction in respect of contribution by taxpayer to pension scheme u/s           500             500
          80CCD (1)
`;

  it("reads 10(c) as gross 500, deductible 500", () => {
    const { form } = parse(text);
    expect(form.chapterVIA.section80CCD1).toEqual({ gross: 500, qualifying: null, deductible: 500 });
  });
});
