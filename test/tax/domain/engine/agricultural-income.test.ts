// Agricultural income counted for the rate (partial integration). It is exempt (s.10(1) of the Income-tax Act, 1961)
// and stays out of total income, but the Finance Act for the year (s.2(2); Finance Act 2025 for FY 2024-25, Finance
// Act 2026 for FY 2025-26 and, for the Income-tax Act, 2025, tax year 2026-27) makes an individual's income-tax, where
// net agricultural income exceeds ₹5,000 and total income exceeds the basic exemption, (1) the tax on total income plus
// net agricultural income less (2) the tax on net agricultural income plus the basic exemption, both at the slab rates
// of the regime (the sub-section covers s.115BAC(1A) income too); the s.87A rebate (on "income-tax … on his total
// income", which is that tax), surcharge (its rate set by total income, which leaves agricultural income out) and cess
// follow. Special-rate income keeps its rate, and the slab rates charge the rest "as if such balance amount were the
// total income" (s.111A(1)(ii) and its kin), so (1) and (2) are worked on incomeAtSlabRates.
// Basic exemption: old regime ₹2,50,000, for a resident aged 60 or more ₹3,00,000, aged 80 or more ₹5,00,000; new
// regime ₹3,00,000 (FY 2024-25) or ₹4,00,000. Slabs: old below 60: 2.5L–5L 5 %, 5L–10L 20 %, above 30 % (tax at 5L
// 12,500, at 10L 1,12,500); new FY 2025-26 on: 4L–8L 5 %, 8L–12L 10 %, 12L–16L 15 %, 16L–20L 20 %, 20L–24L 25 %, above
// 30 % (tax at 8L 20,000, 12L 60,000, 16L 1,20,000, 20L 2,00,000); new FY 2024-25: 3L–7L 5 %, 7L–10L 10 %, 10L–12L
// 15 %. Every expected figure is worked by hand in `work`; none is engine output.
import { describe, expect, it } from "vitest";
import { computeTax, type FinancialYear, type Regime, type RegimeResult, type TaxInput } from "../../../../src/tax/domain/engine";
import { ComputeResultSchema } from "../../../../src/tax/compute/schemas";
import { taxInput, type InputParts } from "./input";

const FY24: FinancialYear = "2024-25";
const FY25: FinancialYear = "2025-26";
const TY26: FinancialYear = "2026-27";

interface WorkedCase {
  name: string;
  work: string;
  year: FinancialYear;
  input: TaxInput;
  expected: Partial<Record<Regime, Partial<Omit<RegimeResult, "deductions" | "slabs" | "specialRateIncome">>>>;
}

const withAgriculture = (agriculturalIncome: number, parts: InputParts): TaxInput => ({ ...taxInput(parts), agriculturalIncome });
const salary = (grossSalary: number, more: InputParts = {}): InputParts => ({ ...more, salary: { grossSalary } });
const integrated = (maximumAmountNotChargeable: number, netAgriculturalIncome: number, withIt: number, onItAndExemption: number) => ({
  netAgriculturalIncome,
  maximumAmountNotChargeable,
  integrated: true,
  taxWithAgriculturalIncome: withIt,
  taxOnAgriculturalIncomeAndExemption: onItAndExemption,
});
const notIntegrated = (maximumAmountNotChargeable: number, netAgriculturalIncome: number) => ({
  netAgriculturalIncome,
  maximumAmountNotChargeable,
  integrated: false,
  taxWithAgriculturalIncome: null,
  taxOnAgriculturalIncomeAndExemption: null,
});

const cases: WorkedCase[] = [
  {
    name: "old regime below 60: the rate on 8 lakh rises; the new regime's rebate still takes the integrated tax",
    work:
      "old: salary 8,50,000 − 50,000 = TI 8,00,000, agricultural 2,00,000: (1) tax on 10,00,000 = 12,500 + 1,00,000 = 1,12,500; (2) tax on " +
      "2,00,000 + 2,50,000 = 4,50,000 = 10,000; 1,02,500; no s.87A (TI > 5L); cess 4,100; 1,06,600 (without it: 72,500 + 2,900 = 75,400). " +
      "new: TI 7,75,000: (1) tax on 9,75,000 = 20,000 + 17,500 = 37,500; (2) tax on 6,00,000 = 10,000; 27,500; TI ≤ 12L: rebate 27,500; 0",
    year: FY25,
    input: withAgriculture(200_000, salary(850_000)),
    expected: {
      old: {
        taxableIncome: 800_000,
        incomeAtSlabRates: 800_000,
        agriculturalIncome: integrated(250_000, 200_000, 112_500, 10_000),
        slabTax: 102_500,
        rebate87A: 0,
        cess: 4_100,
        totalTax: 106_600,
      },
      new: {
        taxableIncome: 775_000,
        agriculturalIncome: integrated(400_000, 200_000, 37_500, 10_000),
        slabTax: 27_500,
        rebate87A: 27_500,
        rebate87ABasis: "within_threshold",
        totalTax: 0,
      },
    },
  },
  {
    name: "old regime: total income within the s.87A threshold keeps the rebate, now on the integrated tax",
    work:
      "old: TI 4,00,000, agricultural 3,00,000: (1) tax on 7,00,000 = 12,500 + 40,000 = 52,500; (2) tax on 5,50,000 = 12,500 + 10,000 = " +
      "22,500; 30,000; TI ≤ 5L: rebate 12,500 (its maximum); 17,500; cess 700; 18,200 (without it: 7,500, all rebated, 0). new: TI 3,75,000 " +
      "is within the ₹4,00,000 exemption: not integrated, 0",
    year: FY25,
    input: withAgriculture(300_000, salary(450_000)),
    expected: {
      old: {
        taxableIncome: 400_000,
        agriculturalIncome: integrated(250_000, 300_000, 52_500, 22_500),
        slabTax: 30_000,
        rebate87A: 12_500,
        rebate87ABasis: "within_threshold",
        taxAfterRebate: 17_500,
        cess: 700,
        totalTax: 18_200,
      },
      new: { taxableIncome: 375_000, agriculturalIncome: notIntegrated(400_000, 300_000), slabTax: 0, totalTax: 0 },
    },
  },
  {
    name: "total income within the basic exemption: no effect, however large the agricultural income",
    work: "old: TI 2,90,000 − 50,000 = 2,40,000 ≤ 2,50,000; new: 2,15,000 ≤ 4,00,000: neither integrated, no tax",
    year: FY25,
    input: withAgriculture(500_000, salary(290_000)),
    expected: {
      old: { taxableIncome: 240_000, agriculturalIncome: notIntegrated(250_000, 500_000), slabTax: 0, totalTax: 0 },
      new: { taxableIncome: 215_000, agriculturalIncome: notIntegrated(400_000, 500_000), slabTax: 0, totalTax: 0 },
    },
  },
  {
    name: "₹5,000 exactly does not exceed ₹5,000: no effect",
    work: "old: TI 8,00,000: 12,500 + 60,000 = 72,500; cess 2,900; 75,400, as without it",
    year: FY25,
    input: withAgriculture(5_000, salary(850_000)),
    expected: { old: { agriculturalIncome: notIntegrated(250_000, 5_000), slabTax: 72_500, cess: 2_900, totalTax: 75_400 } },
  },
  {
    name: "₹5,001 is counted, and (1) and (2) are exact to the paisa",
    work:
      "old: (1) tax on 8,05,001 = 12,500 + 3,05,001 × 20 % 61,000.20 = 73,500.20; (2) tax on 2,55,001 = 5,001 × 5 % = 250.05; 73,250.15 → " +
      "73,250; cess 2,930; 76,180. new: TI 7,75,000: (1) tax on 7,80,001 = 3,80,001 × 5 % = 19,000.05; (2) tax on 4,05,001 = 250.05; " +
      "18,750 (all within the 5 % band, as without it); rebated, 0",
    year: FY25,
    input: withAgriculture(5_001, salary(850_000)),
    expected: {
      old: { agriculturalIncome: integrated(250_000, 5_001, 73_500.2, 250.05), slabTax: 73_250, cess: 2_930, totalTax: 76_180 },
      new: { agriculturalIncome: integrated(400_000, 5_001, 19_000.05, 250.05), slabTax: 18_750, rebate87A: 18_750, totalTax: 0 },
    },
  },
  {
    name: "₹5,000.50 exceeds ₹5,000; its paise are ignored in (1) and (2)",
    work: "old: 5,000 counted: (1) tax on 8,05,000 = 12,500 + 61,000 = 73,500; (2) tax on 2,55,000 = 250; 73,250; cess 2,930; 76,180",
    year: FY25,
    input: withAgriculture(5_000.5, salary(850_000)),
    expected: { old: { agriculturalIncome: integrated(250_000, 5_000.5, 73_500, 250), slabTax: 73_250, totalTax: 76_180 } },
  },
  {
    name: "a resident senior citizen: the ₹3,00,000 exemption of the senior slabs goes into (2)",
    work:
      "age 65, old: TI 6,00,000, agricultural 1,00,000: senior slabs 3L–5L 5 %, 5L–10L 20 %: (1) tax on 7,00,000 = 10,000 + 40,000 = 50,000; " +
      "(2) tax on 4,00,000 = 5,000; 45,000; no rebate (TI > 5L); cess 1,800; 46,800. new (no age bands): TI 5,75,000: (1) tax on 6,75,000 " +
      "= 13,750; (2) tax on 5,00,000 = 5,000; 8,750; rebated, 0",
    year: FY25,
    input: withAgriculture(100_000, salary(650_000, { age: 65 })),
    expected: {
      old: { agriculturalIncome: integrated(300_000, 100_000, 50_000, 5_000), slabTax: 45_000, cess: 1_800, totalTax: 46_800 },
      new: { agriculturalIncome: integrated(400_000, 100_000, 13_750, 5_000), slabTax: 8_750, totalTax: 0 },
    },
  },
  {
    name: "a resident aged 80: the ₹5,00,000 exemption",
    work: "age 82, old: TI 8,00,000: slabs 5L–10L 20 %: (1) tax on 10,00,000 = 1,00,000; (2) tax on 7,00,000 = 40,000; 60,000; cess 2,400; 62,400",
    year: FY25,
    input: withAgriculture(200_000, salary(850_000, { age: 82 })),
    expected: { old: { agriculturalIncome: integrated(500_000, 200_000, 100_000, 40_000), slabTax: 60_000, cess: 2_400, totalTax: 62_400 } },
  },
  {
    name: "a non-resident aged 65: the rule is for every individual; the senior bands are residents' only",
    work:
      "old, general slabs: TI 6,00,000: (1) tax on 7,00,000 = 52,500; (2) tax on 3,50,000 = 5,000; 47,500; no s.87A for a non-resident; " +
      "cess 1,900; 49,400. new: (1) 13,750; (2) 5,000; 8,750; no rebate; cess 350; 9,100",
    year: FY25,
    input: withAgriculture(100_000, salary(650_000, { age: 65, residentialStatus: "non_resident" })),
    expected: {
      old: { agriculturalIncome: integrated(250_000, 100_000, 52_500, 5_000), slabTax: 47_500, rebate87ABasis: "not_resident", totalTax: 49_400 },
      new: { agriculturalIncome: integrated(400_000, 100_000, 13_750, 5_000), slabTax: 8_750, rebate87A: 0, cess: 350, totalTax: 9_100 },
    },
  },
  {
    name: "FY 2024-25: the new regime's ₹3,00,000 exemption",
    work:
      "new: TI 10,75,000 − 75,000 = 10,00,000, agricultural 2,00,000: (1) tax on 12,00,000 = 20,000 + 30,000 + 30,000 = 80,000; (2) tax on " +
      "5,00,000 = 10,000; 70,000; above 7L and the tax does not exceed the excess 3,00,000 → no rebate; cess 2,800; 72,800. old: TI 10,25,000: " +
      "(1) tax on 12,25,000 = 1,12,500 + 67,500 = 1,80,000; (2) tax on 4,50,000 = 10,000; 1,70,000; cess 6,800; 1,76,800",
    year: FY24,
    input: withAgriculture(200_000, salary(1_075_000)),
    expected: {
      new: { agriculturalIncome: integrated(300_000, 200_000, 80_000, 10_000), slabTax: 70_000, rebate87A: 0, cess: 2_800, totalTax: 72_800 },
      old: { agriculturalIncome: integrated(250_000, 200_000, 180_000, 10_000), slabTax: 170_000, cess: 6_800, totalTax: 176_800 },
    },
  },
  {
    name: "tax year 2026-27 (Income-tax Act, 2025; Finance Act 2026): both regimes",
    work:
      "new: TI 16,00,000, agricultural 4,00,000: (1) tax on 20,00,000 = 2,00,000; (2) tax on 8,00,000 = 20,000; 1,80,000; cess 7,200; 1,87,200. " +
      "old: TI 16,25,000: (1) tax on 20,25,000 = 1,12,500 + 3,07,500 = 4,20,000; (2) tax on 6,50,000 = 12,500 + 30,000 = 42,500; 3,77,500; " +
      "cess 15,100; 3,92,600",
    year: TY26,
    input: withAgriculture(400_000, salary(1_675_000)),
    expected: {
      new: { agriculturalIncome: integrated(400_000, 400_000, 200_000, 20_000), slabTax: 180_000, cess: 7_200, totalTax: 187_200 },
      old: { agriculturalIncome: integrated(250_000, 400_000, 420_000, 42_500), slabTax: 377_500, cess: 15_100, totalTax: 392_600 },
    },
  },
  {
    name: "new regime: within ₹12 lakh the rebate still applies, up to its ₹60,000",
    work:
      "TI 12,00,000, agricultural 10,00,000: (1) tax on 22,00,000 = 2,00,000 + 50,000 = 2,50,000; (2) tax on 14,00,000 = 60,000 + 30,000 = " +
      "90,000; 1,60,000; rebate the lesser of 1,60,000 and 60,000; 1,00,000; cess 4,000; 1,04,000",
    year: FY25,
    input: withAgriculture(1_000_000, salary(1_275_000)),
    expected: {
      new: {
        agriculturalIncome: integrated(400_000, 1_000_000, 250_000, 90_000),
        slabTax: 160_000,
        rebate87A: 60_000,
        rebate87ABasis: "within_threshold",
        taxAfterRebate: 100_000,
        cess: 4_000,
        totalTax: 104_000,
      },
    },
  },
  {
    name: "new regime just above ₹12 lakh: the marginal relief works on the integrated tax, within the rebate's ₹60,000",
    work:
      "TI 12,10,000, agricultural 1,00,000: (1) tax on 13,10,000 = 60,000 + 16,500 = 76,500; (2) tax on 5,00,000 = 5,000; 71,500; it exceeds " +
      "the excess 10,000, so the rebate is 71,500 − 10,000 = 61,500, held to 60,000; 11,500; cess 460; 11,960",
    year: FY25,
    input: withAgriculture(100_000, salary(1_285_000)),
    expected: {
      new: {
        agriculturalIncome: integrated(400_000, 100_000, 76_500, 5_000),
        slabTax: 71_500,
        rebate87A: 60_000,
        rebate87ABasis: "marginal_relief",
        taxAfterRebate: 11_500,
        cess: 460,
        totalTax: 11_960,
      },
    },
  },
  {
    name: "s.112A gains keep their own rate; (1) and (2) work on the income at the slab rates",
    work:
      "old: salary 6,00,000 + s.112A 3,00,000 = TI 9,00,000, slab income 6,00,000: (1) tax on 7,00,000 = 52,500; (2) tax on 3,50,000 = 5,000; " +
      "47,500; gains (3,00,000 − 1,25,000) × 12.5 % = 21,875; no rebate (TI > 5L); 69,375; cess 2,775; 72,150. new: TI 8,75,000, slab income " +
      "5,75,000: (1) tax on 6,75,000 = 13,750; (2) 5,000; 8,750; the rebate covers slab tax only: 8,750; 21,875; cess 875; 22,750",
    year: FY25,
    input: withAgriculture(100_000, salary(650_000, { capitalGains: [{ section: "112A", gain: 300_000 }] })),
    expected: {
      old: {
        taxableIncome: 900_000,
        incomeAtSlabRates: 600_000,
        agriculturalIncome: integrated(250_000, 100_000, 52_500, 5_000),
        slabTax: 47_500,
        specialRateTax: 21_875,
        cess: 2_775,
        totalTax: 72_150,
      },
      new: {
        incomeAtSlabRates: 575_000,
        agriculturalIncome: integrated(400_000, 100_000, 13_750, 5_000),
        slabTax: 8_750,
        rebate87A: 8_750,
        specialRateTax: 21_875,
        cess: 875,
        totalTax: 22_750,
      },
    },
  },
  {
    name: "slab income within the exemption: the shortfall still goes against s.111A gains, untouched by agricultural income",
    work:
      "old: salary 2,00,000 + s.111A 4,00,000 = TI 6,00,000; slab income 2,00,000 ≤ 2,50,000: not integrated; the 50,000 short of the " +
      "exemption comes off the gains (s.111A(1) proviso, on total income, which leaves agricultural income out): 3,50,000 × 20 % = 70,000; " +
      "no rebate (TI > 5L); cess 2,800; 72,800. new: slab income 1,75,000: 2,25,000 off the gains: 1,75,000 × 20 % = 35,000; no rebate on " +
      "special-rate tax from FY 2025-26; cess 1,400; 36,400",
    year: FY25,
    input: withAgriculture(100_000, salary(250_000, { capitalGains: [{ section: "111A", gain: 400_000 }] })),
    expected: {
      old: { incomeAtSlabRates: 200_000, agriculturalIncome: notIntegrated(250_000, 100_000), slabTax: 0, specialRateTax: 70_000, totalTax: 72_800 },
      new: { incomeAtSlabRates: 175_000, agriculturalIncome: notIntegrated(400_000, 100_000), slabTax: 0, specialRateTax: 35_000, totalTax: 36_400 },
    },
  },
  {
    name: "surcharge: its rate is set by total income, which leaves agricultural income out",
    work:
      "old: TI 45,00,000, agricultural 20,00,000 (together 65 lakh): (1) tax on 65,00,000 = 1,12,500 + 16,50,000 = 17,62,500; (2) tax on " +
      "22,50,000 = 1,12,500 + 3,75,000 = 4,87,500; 12,75,000; TI ≤ 50L: no surcharge; cess 51,000; 13,26,000",
    year: FY25,
    input: withAgriculture(2_000_000, salary(4_550_000)),
    expected: {
      old: {
        agriculturalIncome: integrated(250_000, 2_000_000, 1_762_500, 487_500),
        slabTax: 1_275_000,
        surchargeRatePercent: 0,
        surcharge: 0,
        cess: 51_000,
        totalTax: 1_326_000,
      },
    },
  },
  {
    name: "surcharge: the marginal relief compares with the integrated tax at ₹50 lakh",
    work:
      "old: TI 50,10,000, agricultural 5,00,000: (1) tax on 55,10,000 = 1,12,500 + 13,53,000 = 14,65,500; (2) tax on 7,50,000 = 12,500 + " +
      "50,000 = 62,500; 14,03,000; surcharge 10 % 1,40,300. At 50,00,000 the same rule gives 14,62,500 − 62,500 = 14,00,000, so tax and " +
      "surcharge may be at most 14,00,000 + 10,000 = 14,10,000: relief 14,03,000 + 1,40,300 − 14,10,000 = 1,33,300; cess 4 % of 14,10,000 = " +
      "56,400; 14,66,400",
    year: FY25,
    input: withAgriculture(500_000, salary(5_060_000)),
    expected: {
      old: {
        taxableIncome: 5_010_000,
        agriculturalIncome: integrated(250_000, 500_000, 1_465_500, 62_500),
        slabTax: 1_403_000,
        surchargeRatePercent: 10,
        surcharge: 140_300,
        surchargeMarginalRelief: 133_300,
        cess: 56_400,
        totalTax: 1_466_400,
      },
    },
  },
];

describe("agricultural income counted for the rate (partial integration), worked by hand", () => {
  it.each(cases)("$name", ({ year, input, expected }) => {
    const result = computeTax(input, year);
    expect(ComputeResultSchema.parse(result)).toEqual(result);
    for (const regime of Object.keys(expected) as Regime[]) expect(result.regimes[regime]).toMatchObject(expected[regime]!);
  });

  it("leaves the result as it was without agricultural income: no agriculturalIncome field", () => {
    const result = computeTax(taxInput(salary(850_000)), FY25);
    for (const regime of ["old", "new"] as const) expect(result.regimes[regime]).not.toHaveProperty("agriculturalIncome");
    // TI 8,00,000 old: 12,500 + 60,000 = 72,500; cess 2,900; 75,400.
    expect(result.regimes.old.totalTax).toBe(75_400);
  });

  it("places the slab income above the agricultural income, slab by slab, so the lines add up to (1) − (2)", () => {
    // Old, TI 8,00,000, agricultural 2,00,000: the first 2,50,000 at nil; the other 5,50,000 from 4,50,000 to 10,00,000:
    // 50,000 in the 5 % slab (2,500) and 5,00,000 in the 20 % slab (1,00,000); 1,02,500 in all, and 8,00,000 of income.
    const old = computeTax(withAgriculture(200_000, salary(850_000)), FY25).regimes.old;
    expect(old.slabs.map((line) => [line.from, line.taxableAmount, line.tax])).toEqual([
      [0, 250_000, 0],
      [250_000, 50_000, 2_500],
      [500_000, 500_000, 100_000],
      [1_000_000, 0, 0],
    ]);
  });

  it("names ITR-2, or ITR-3 with business income, above ₹5,000 of agricultural income; ₹5,000 keeps ITR-1", () => {
    // Salary income of 8 lakh alone would be ITR-1; ITR-1 and ITR-4 take agricultural income of at most ₹5,000.
    expect(computeTax(withAgriculture(5_000, salary(850_000)), FY25).itr.form).toBe("ITR-1");
    expect(computeTax(withAgriculture(5_001, salary(850_000)), FY25).itr).toEqual({
      form: "ITR-2",
      rule: "ITR-2: agricultural income above ₹5,000 cannot be reported in ITR-1",
    });
    const profession = withAgriculture(10_000, { presumptive: { profession: { grossReceipts: 1_000_000, cashReceipts: 0, declaredIncome: 0 } } });
    expect(computeTax(profession, FY25).itr).toEqual({
      form: "ITR-3",
      rule: "ITR-3: business or professional income, and agricultural income above ₹5,000 cannot be reported in ITR-4",
    });
  });

  it("prices saving moves with the agricultural income counted: employer NPS saves at the raised rate", () => {
    // New, FY 2025-26: salary 20,75,000 (basic 10,00,000) − 75,000 = TI 20,00,000, agricultural 3,00,000: (1) tax on
    // 23,00,000 = 2,00,000 + 75,000 = 2,75,000; (2) tax on 7,00,000 = 15,000; 2,60,000; cess 10,400; 2,70,400 (the old
    // regime costs far more). s.80CCD(2) at 14 % of basic, 1,40,000: TI 18,60,000: (1) tax on 21,60,000 = 2,40,000;
    // less 15,000 = 2,25,000; cess 9,000; 2,34,000: a saving of 36,400 (1,40,000 at 25 %, with cess), where without the
    // agricultural income it would be at 20 %.
    const input = { ...taxInput({ salary: { grossSalary: 2_075_000, basicPlusDA: 1_000_000 } }), agriculturalIncome: 300_000 };
    const result = computeTax(input, FY25);
    expect(result.regimes.new.totalTax).toBe(270_400);
    expect(result.savingMoves).toHaveLength(1);
    expect(result.savingMoves[0]).toMatchObject({
      kind: "employer_nps_80ccd2",
      change: { field: "deductions.section80CCD2", from: 0, to: 140_000 },
      regimeAfter: "new",
      totalTaxBefore: 270_400,
      totalTaxAfter: 234_000,
      taxSaving: 36_400,
    });
  });

  it("keeps the agricultural income in each instalment's tax under s.234C: only the later gain is left out", () => {
    // New, FY 2025-26: salary 16,75,000 − 75,000 = 16,00,000, s.111A gain 1,00,000 arising 16 December-15 March,
    // agricultural 4,00,000. Slab income 16,00,000: (1) tax on 20,00,000 = 2,00,000; (2) tax on 8,00,000 = 20,000;
    // 1,80,000; gain 20,000; 2,00,000; cess 8,000; 2,08,000. Without the gain: 1,80,000 + 7,200 = 1,87,200, so the
    // June to December instalments leave out 20,800 (advance tax of 2,08,000 paid on 15 March covers it) and are
    // due on 1,87,200: the agricultural income stays in.
    const input: TaxInput = {
      ...withAgriculture(400_000, salary(1_675_000, { capitalGains: [{ section: "111A", gain: 100_000, arose: "by_15_march" }] })),
      taxesPaid: 208_000,
      taxPayments: { tdsTcs: 0, advanceTax: [{ date: "2026-03-15", amount: 208_000 }], selfAssessmentTax: [] },
    };
    const regime = computeTax(input, FY25).regimes.new;
    expect(regime.totalTax).toBe(208_000);
    const instalments = regime.interest!.advanceTaxDeferment.instalments;
    expect(instalments.map((instalment) => [instalment.taxDue, instalment.laterIncomeTaxLeftOut])).toEqual([
      [187_200, 20_800],
      [187_200, 20_800],
      [187_200, 20_800],
      [208_000, 0],
    ]);
  });
});
