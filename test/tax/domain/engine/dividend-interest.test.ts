// Interest on money borrowed to earn dividends. The proviso to s.57 of the Income-tax Act, 1961 (Finance Act 2020,
// from AY 2021-22; ACT:57): against dividends and mutual-fund income the only deduction is interest, at most 20 %
// of that income as included in total income. s.115BAC(2) does not list s.57 (ACT:115bac), so the new regime
// allows it too. s.115A(3) (ACT:115a) allows no s.57 deduction against a non-resident's dividends charged under
// s.115A(1)(a). Tax year 2026-27: s.93(2) of the Income-tax Act, 2025, as the Finance Act 2026 substituted it,
// allows none (Budget 2026 memorandum, clause 36, as reported by taxtmi.com and caclubindia.com).
// Every expected figure is worked by hand in `work` from those rules and the year's slabs; none is engine output.
// Slabs used: new regime FY 2025-26 and TY 2026-27: 4L–8L 5 %, 8L–12L 10 %, 12L–16L 15 %, 16L–20L 20 %,
// 20L–24L 25 %, above 30 % (tax at 20L 2,00,000, at 24L 3,00,000); FY 2024-25 new: 3L–7L 5 %; old below 60:
// 2.5L–5L 5 %, 5L–10L 20 %, above 30 % (tax at 10L 1,12,500).
import { describe, expect, it } from "vitest";
import { computeTax, type DeductionLine, type FinancialYear, type Regime, type RegimeResult, type TaxInput } from "../../../../src/tax/domain/engine";
import { taxInput } from "./input";

interface WorkedCase {
  name: string;
  work: string;
  year: FinancialYear;
  input: TaxInput;
  expected: Partial<Record<Regime, Partial<Omit<RegimeResult, "otherSources">> & { otherSources?: Partial<RegimeResult["otherSources"]> }>>;
  /** The interest line, in both regimes alike. */
  line: Partial<DeductionLine>;
  notes: string[];
}

const FY24: FinancialYear = "2024-25";
const FY25: FinancialYear = "2025-26";
const TY26: FinancialYear = "2026-27";

const CAP_57 = "s.57(i) proviso: interest only, up to 20 % of the dividends";
const NON_RESIDENT = "s.115A(3): no deduction under s.57 from a non-resident's dividends taxed under s.115A";
const WITHDRAWN = "s.93(2) as amended by the Finance Act, 2026: no deduction from dividends or mutual-fund income";
const note = (allowed: string, claimed: string, reason: string) =>
  `otherIncome.dividendInterestExpense: ${allowed} of ${claimed} is deducted from the dividends (${reason})`;

const resident = (salary: number, dividends: number, dividendInterestExpense: number, more: Parameters<typeof taxInput>[0] = {}) =>
  taxInput({ salary: { grossSalary: salary }, otherIncome: { dividends, dividendInterestExpense }, ...more });

const cases: WorkedCase[] = [
  {
    name: "the 20 % cap binds, both regimes",
    work:
      "dividends 1,00,000, interest 30,000 → 20 % = 20,000 allowed; other sources 80,000. New: salary 15,75,000 − 75,000 = 15,00,000 + 80,000 = " +
      "15,80,000: 20,000 + 40,000 + 3,80,000 × 15 % 57,000 = 1,17,000; no s.87A above 12L (excess 3,80,000 > tax); cess 4,680; 1,21,680. " +
      "Old: 15,25,000 + 80,000 = 16,05,000: 1,12,500 + 6,05,000 × 30 % 1,81,500 = 2,94,000; cess 11,760; 3,05,760",
    year: FY25,
    input: resident(1_575_000, 100_000, 30_000),
    expected: {
      new: {
        otherSources: { dividends: 100_000, dividendInterestDeduction: 20_000, incomeFromOtherSources: 80_000 },
        grossTotalIncome: 1_580_000,
        taxableIncome: 1_580_000,
        slabTax: 117_000,
        rebate87A: 0,
        cess: 4_680,
        totalTax: 121_680,
      },
      old: {
        otherSources: { dividendInterestDeduction: 20_000, incomeFromOtherSources: 80_000 },
        taxableIncome: 1_605_000,
        slabTax: 294_000,
        cess: 11_760,
        totalTax: 305_760,
      },
    },
    line: { section: "57(i)", claimed: 30_000, allowed: 20_000, limit: 20_000, limitedBy: CAP_57 },
    notes: [note("₹20,000", "₹30,000", CAP_57)],
  },
  {
    name: "the interest is below the cap and allowed in full, both regimes",
    work:
      "dividends 2,00,000, interest 25,000 < 20 % 40,000 → all 25,000; other sources 1,75,000. Old: 10,50,000 − 50,000 + 1,75,000 = 11,75,000: " +
      "1,12,500 + 1,75,000 × 30 % 52,500 = 1,65,000; cess 6,600; 1,71,600. New: 10,50,000 − 75,000 + 1,75,000 = 11,50,000: 20,000 + 3,50,000 × 10 % " +
      "= 55,000; within 12L the s.87A rebate takes all of it: 0",
    year: FY25,
    input: resident(1_050_000, 200_000, 25_000),
    expected: {
      old: {
        otherSources: { dividendInterestDeduction: 25_000, incomeFromOtherSources: 175_000 },
        taxableIncome: 1_175_000,
        slabTax: 165_000,
        cess: 6_600,
        totalTax: 171_600,
      },
      new: { otherSources: { dividendInterestDeduction: 25_000 }, taxableIncome: 1_150_000, slabTax: 55_000, rebate87A: 55_000, totalTax: 0 },
    },
    line: { section: "57(i)", claimed: 25_000, allowed: 25_000, limit: 40_000, limitedBy: null },
    notes: [],
  },
  {
    name: "FY 2024-25: the deduction brings total income within the new regime's ₹7 lakh rebate",
    work:
      "dividends 8,00,000, interest 2,00,000 → 20 % = 1,60,000 allowed; total income 6,40,000. New: 3,40,000 × 5 % = 17,000, rebate 17,000 (TI ≤ 7L): 0 " +
      "(without the deduction 8,00,000 would pay 20,000 + 10,000 = 30,000 + cess). Old: 12,500 + 1,40,000 × 20 % 28,000 = 40,500; cess 1,620; 42,120",
    year: FY24,
    input: resident(0, 800_000, 200_000),
    expected: {
      new: {
        otherSources: { dividendInterestDeduction: 160_000, incomeFromOtherSources: 640_000 },
        taxableIncome: 640_000,
        slabTax: 17_000,
        rebate87A: 17_000,
        totalTax: 0,
      },
      old: { taxableIncome: 640_000, slabTax: 40_500, cess: 1_620, totalTax: 42_120 },
    },
    line: { section: "57(i)", claimed: 200_000, allowed: 160_000, limit: 160_000, limitedBy: CAP_57 },
    notes: [note("₹1,60,000", "₹2,00,000", CAP_57)],
  },
  {
    name: "a non-resident's dividends under s.115A: no deduction, the 20 % is on the gross dividends",
    work:
      "s.115A(3): nil allowed; dividends 5,00,000 × 20 % = 1,00,000. New: salary 10L − 75,000 = 9,25,000: 20,000 + 12,500 = 32,500; no s.87A; " +
      "1,32,500 + cess 5,300 = 1,37,800. Old: 9,50,000: 12,500 + 4,50,000 × 20 % = 1,02,500; 2,02,500 + cess 8,100 = 2,10,600",
    year: FY25,
    input: resident(1_000_000, 500_000, 100_000, { residentialStatus: "non_resident" }),
    expected: {
      new: {
        otherSources: { dividends: 500_000, dividendInterestDeduction: 0, incomeFromOtherSources: 500_000 },
        taxableIncome: 1_425_000,
        specialRateTax: 100_000,
        totalTax: 137_800,
      },
      old: { otherSources: { dividendInterestDeduction: 0 }, taxableIncome: 1_450_000, specialRateTax: 100_000, totalTax: 210_600 },
    },
    line: { section: "57(i)", claimed: 100_000, allowed: 0, limit: 0, limitedBy: NON_RESIDENT },
    notes: [note("₹0", "₹1,00,000", NON_RESIDENT)],
  },
  {
    name: "a resident but not ordinarily resident is resident (s.6): the deduction applies",
    work: "dividends 1,00,000, interest 10,000 < 20,000 → all allowed; total income 90,000, within the nil slab: 0",
    year: FY25,
    input: resident(0, 100_000, 10_000, { residentialStatus: "resident_not_ordinarily_resident" }),
    expected: { new: { otherSources: { dividendInterestDeduction: 10_000, incomeFromOtherSources: 90_000 }, taxableIncome: 90_000, totalTax: 0 } },
    line: { section: "57(i)", claimed: 10_000, allowed: 10_000, limitedBy: null },
    notes: [],
  },
  {
    name: "tax year 2026-27: the deduction is withdrawn, both regimes",
    work:
      "nil allowed (s.93(2) as substituted); other sources 1,00,000. New: 15,00,000 + 1,00,000 = 16,00,000: 20,000 + 40,000 + 60,000 = 1,20,000; " +
      "cess 4,800; 1,24,800. Old: 15,25,000 + 1,00,000 = 16,25,000: 1,12,500 + 6,25,000 × 30 % 1,87,500 = 3,00,000; cess 12,000; 3,12,000",
    year: TY26,
    input: resident(1_575_000, 100_000, 30_000),
    expected: {
      new: {
        otherSources: { dividendInterestDeduction: 0, incomeFromOtherSources: 100_000 },
        taxableIncome: 1_600_000,
        slabTax: 120_000,
        cess: 4_800,
        totalTax: 124_800,
      },
      old: { otherSources: { dividendInterestDeduction: 0 }, taxableIncome: 1_625_000, slabTax: 300_000, cess: 12_000, totalTax: 312_000 },
    },
    line: { section: "93(2)", claimed: 30_000, allowed: 0, limit: 0, limitedBy: WITHDRAWN },
    notes: [note("₹0", "₹30,000", WITHDRAWN)],
  },
  {
    name: "tax year 2026-27, a non-resident: the withdrawal is the reason given",
    work: "nil allowed; dividends 3,00,000 × 20 % = 60,000 + cess 2,400 = 62,400",
    year: TY26,
    input: resident(0, 300_000, 50_000, { residentialStatus: "non_resident" }),
    expected: { new: { otherSources: { dividendInterestDeduction: 0 }, specialRateTax: 60_000, totalTax: 62_400 } },
    line: { section: "93(2)", claimed: 50_000, allowed: 0, limitedBy: WITHDRAWN },
    notes: [note("₹0", "₹50,000", WITHDRAWN)],
  },
  {
    name: "the dividends' share of slab tax, which takes at most 15 % surcharge, is the dividends net of the interest",
    work:
      "old regime: salary 2,50,50,000 − 50,000 = 2,50,00,000; dividends 10,00,000, interest 3,00,000 → 2,00,000 allowed, net 8,00,000; TI 2,58,00,000. " +
      "Tax 1,12,500 + 2,48,00,000 × 30 % = 75,52,500. Band measured without dividends: 2,50,00,000 > 2 crore → 25 %; the dividends' share " +
      "8,00,000 / 2,58,00,000 of the tax takes 15 %: 75,52,500 × (25 × 2,50,00,000 + 15 × 8,00,000) / (100 × 2,58,00,000) = 18,64,706.40 → 18,64,706. " +
      "Relief at 2 crore: cut 50L of other income → tax on 2,08,00,000 = 60,52,500 + 15 % 9,07,875 + 50,00,000 = 1,19,60,375 > 94,17,206: none. " +
      "Cess 4 % of 94,17,206 = 3,76,688; 97,93,894 → 97,93,890",
    year: FY25,
    input: resident(25_050_000, 1_000_000, 300_000),
    expected: {
      old: {
        otherSources: { dividendInterestDeduction: 200_000 },
        taxableIncome: 25_800_000,
        slabTax: 7_552_500,
        surchargeRatePercent: 25,
        surcharge: 1_864_706,
        surchargeMarginalRelief: 0,
        cess: 376_688,
        totalTax: 9_793_890,
      },
    },
    line: { section: "57(i)", claimed: 300_000, allowed: 200_000, limit: 200_000, limitedBy: CAP_57 },
    notes: [note("₹2,00,000", "₹3,00,000", CAP_57)],
  },
];

describe("interest on money borrowed to earn dividends", () => {
  it.each(cases)("$year: $name", ({ year, input, expected, line, notes }) => {
    const result = computeTax(input, year);
    for (const regime of ["old", "new"] as const) {
      const r = result.regimes[regime];
      if (expected[regime] !== undefined) expect(r, regime).toMatchObject(expected[regime]);
      const lines = r.deductions.filter((d) => d.description === "Interest on money borrowed to earn dividends");
      expect(lines, regime).toEqual([expect.objectContaining({ head: "otherSources", ...line })]);
    }
    expect(result.notes.filter((n) => n.startsWith("otherIncome.dividendInterestExpense"))).toEqual(notes);
  });

  it("without interest claimed there is no line, no note and nothing deducted", () => {
    const result = computeTax(taxInput({ otherIncome: { dividends: 100_000 } }), FY25);
    for (const regime of ["old", "new"] as const) {
      expect(result.regimes[regime].otherSources).toMatchObject({ dividendInterestDeduction: 0, incomeFromOtherSources: 100_000 });
      expect(result.regimes[regime].deductions.some((d) => d.section === "57(i)")).toBe(false);
    }
    expect(result.notes.some((n) => n.startsWith("otherIncome.dividendInterestExpense"))).toBe(false);
  });

  it("names ITR-2 when interest is deducted (ITR-1 has a row for the family-pension deduction only), ITR-1 when none is", () => {
    const allowed = computeTax(resident(1_575_000, 100_000, 30_000), FY25);
    expect(allowed.itr).toEqual({
      form: "ITR-2",
      rule: "ITR-2: interest deducted from dividends (s.57(i)) has no row in ITR-1, which takes only the family-pension deduction",
    });
    expect(computeTax(resident(1_575_000, 100_000, 30_000), TY26).itr.form).toBe("ITR-1");
  });

  // s.234C first proviso: tax on dividends received after an instalment date is left out of that instalment. The
  // interest goes with the dividends in proportion, so each period's dividends are charged net of their share.
  it("s.234C: the interest allowed is spread over the periods in proportion to the dividends received", () => {
    const input: TaxInput = {
      ...resident(2_075_000, 1_000_000, 150_000),
      dividendsByPeriod: [400_000, 0, 600_000, 0, 0],
      taxesPaid: 452_400,
      taxPayments: { tdsTcs: 208_000, advanceTax: [{ date: "2025-12-10", amount: 244_400 }], selfAssessmentTax: [] },
    };
    // New regime, FY 2025-26. The year: interest 1,50,000 < 20 % of 10,00,000 → all allowed; TI 20,00,000 +
    // 8,50,000 = 28,50,000: 3,00,000 + 4,50,000 × 30 % = 4,35,000 + cess 17,400 = 4,52,400. By 15 June and by 15
    // September: dividends 4,00,000 (40 %) with 40 % of the interest, 60,000 (< 20 % = 80,000): TI 23,40,000:
    // 2,00,000 + 3,40,000 × 25 % = 2,85,000 + cess 11,400 = 2,96,400; 4,52,400 − 2,96,400 = 1,56,000 is left out
    // (paid on 10 December, 2,44,400 ≥ 1,56,000), and June's tax due is 4,52,400 − 1,56,000 − TDS 2,08,000 =
    // 88,400. Charging the whole interest to the first dividends would allow 80,000 and leave out 1,61,200.
    // By 15 December every dividend had arrived: nothing is left out.
    const r = computeTax(input, FY25).regimes.new;
    expect(r.totalTax).toBe(452_400);
    const instalments = r.interest?.advanceTaxDeferment.instalments ?? [];
    expect(instalments.map((i) => i.laterIncomeTaxLeftOut)).toEqual([156_000, 156_000, 0, 0]);
    expect(instalments[0]?.taxDue).toBe(88_400);
  });
});
