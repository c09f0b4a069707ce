// Presumptive income of a business of plying, hiring or leasing goods carriages, s.44AE (Income-tax Act, 2025: s.58,
// Table serial 2), read in the Act's text (the incometaxindia.gov.in edition reproduced in namish800/tax-act-scraper,
// sub-section (2) as substituted by the Finance Act 2018): for each goods carriage, ₹1,000 per ton of gross vehicle
// weight for every month or part of a month owned (a heavy goods vehicle, above 12,000 kg, Explanation (aa)) or
// ₹7,500 for every month or part of a month (any other), or the amount claimed as actually earned from it, whichever
// is higher (s.44AE(2)); the carriages added (s.44AE(1)); nothing more deducted (s.44AE(3)). Advance tax in four
// instalments: s.211(1)(b) names only ss.44AD(1) and 44ADA(1). A part of a ton is counted as it is (₹1 a kilogram):
// the Act rounds only the part of a month. Every expected figure is worked by hand in the comment beside it; none is
// engine output.
// FY 2025-26 rates: old regime below 60 — 2.5L–5L 5 %, 5L–10L 20 %, above 30 % (tax at 10L 1,12,500). New regime —
// 4L–8L 5 %, 8L–12L 10 %, 12L–16L 15 %, 16L–20L 20 % (tax at 12L 60,000, 16L 1,20,000, 20L 2,00,000); s.87A up to
// 12L. Cess 4 %, to the rupee; total tax to ₹10 (s.288B).
import { describe, expect, it } from "vitest";
import { computeTax, type FinancialYear, type GoodsCarriage, type TaxInput } from "../../../../src/tax/domain/engine";
import { ComputeResultSchema } from "../../../../src/tax/compute/schemas";
import { ComputeRequestSchema } from "../../../../src/tax/compute/request-schema";
import { taxInput, type InputParts } from "./input";

const FY25: FinancialYear = "2025-26";

const heavy = (grossVehicleWeightKg: number, monthsOwned: number, declaredIncome = 0): GoodsCarriage => ({
  kind: "heavy",
  grossVehicleWeightKg,
  monthsOwned,
  declaredIncome,
});
const other = (monthsOwned: number, declaredIncome = 0): GoodsCarriage => ({ kind: "other", monthsOwned, declaredIncome });

function withCarriages(goodsCarriages: GoodsCarriage[], parts: InputParts = {}, more: Partial<TaxInput> = {}): TaxInput {
  const input = taxInput(parts);
  return { ...input, presumptive: { ...input.presumptive, goodsCarriages }, ...more };
}

function compute(input: TaxInput, year: FinancialYear = FY25) {
  return ComputeResultSchema.parse(computeTax(input, year));
}

// A 40,200 kg truck all year: 40.2 tons × ₹1,000 × 12 = 4,82,400. A 49,000 kg truck bought on 10 August 2025:
// August (a part) to March, 8 months: 49 × 1,000 × 8 = 3,92,000. A light carriage sold on 5 November 2025: April to
// November (a part), 8 months: 7,500 × 8 = 60,000. Together 9,34,400.
const FLEET = [heavy(40_200, 12), heavy(49_000, 8), other(8)];
const FLEET_INCOME = 934_400;

describe("goods carriages under s.44AE", () => {
  it("presume each carriage's income by its kind, weight and months, and add them in the business head of both regimes", () => {
    const result = compute(withCarriages(FLEET, { otherIncome: { depositInterest: 400_000 }, deductions: { section80C: 150_000 } }));
    for (const regime of ["old", "new"] as const) {
      expect(result.regimes[regime].business).toMatchObject({
        presumptiveBusinessIncome: 0,
        presumptiveProfessionIncome: 0,
        presumptiveGoodsCarriageIncome: FLEET_INCOME,
        profitFromBooks: 0,
        incomeFromBusiness: FLEET_INCOME,
      });
      expect(result.regimes[regime].grossTotalIncome).toBe(1_334_400);
    }
    // Old: 13,34,400 − 80C 1,50,000 = 11,84,400; 1,12,500 + 30 % of 1,84,400 (55,320) = 1,67,820; cess 6,712.80 →
    // 6,713; 1,74,533 → 1,74,530. Nothing else comes off the presumed income (s.44AE(3)).
    expect(result.regimes.old).toMatchObject({ taxableIncome: 1_184_400, slabTax: 167_820, cess: 6_713, totalTax: 174_530 });
    // New: 13,34,400; 60,000 + 15 % of 1,34,400 (20,160) = 80,160; above ₹12 lakh, and 80,160 is below the excess of
    // 1,34,400, so no rebate; cess 3,206.40 → 3,206; 83,366 → 83,370.
    expect(result.regimes.new).toMatchObject({ taxableIncome: 1_334_400, slabTax: 80_160, rebate87A: 0, cess: 3_206, totalTax: 83_370 });
    expect(result.recommendedRegime).toBe("new");
  });

  it("take the income claimed for a carriage where it is higher than that carriage's presumed income, carriage by carriage", () => {
    // The 40,200 kg truck's ₹6,00,000 replaces its 4,82,400; the light carriage's ₹50,000 is below its 60,000 and
    // does not count: 6,00,000 + 3,92,000 + 60,000 = 10,52,000 (not 10,42,000, the claims added).
    const result = compute(withCarriages([heavy(40_200, 12, 600_000), heavy(49_000, 8), other(8, 50_000)]));
    expect(result.regimes.new.business).toMatchObject({ presumptiveGoodsCarriageIncome: 1_052_000, incomeFromBusiness: 1_052_000 });
    expect(result.regimes.old.business.presumptiveGoodsCarriageIncome).toBe(1_052_000);
  });

  it("count a heavy goods vehicle just above 12,000 kg by its weight, and one month for a carriage owned a few days", () => {
    // 12,001 kg for 1 month: 12.001 × 1,000 = 12,001; the other carriage's part month: 7,500.
    const result = compute(withCarriages([heavy(12_001, 1), other(1)]));
    expect(result.regimes.new.business.presumptiveGoodsCarriageIncome).toBe(19_501);
  });

  it("add up with s.44AD income and a loss from books within the head (s.70(1)), and the return is then ITR-3", () => {
    // s.44AD: 6 % of 50,00,000 = 3,00,000 and 8 % of 10,00,000 = 80,000, 3,80,000; one light carriage all year
    // 7,500 × 12 = 90,000; books −1,50,000: the head 3,80,000 + 90,000 − 1,50,000 = 3,20,000.
    const input = withCarriages(
      [other(12)],
      { presumptive: { business: { digitalTurnover: 5_000_000, otherTurnover: 1_000_000, cashReceipts: 0, declaredIncome: 0 } } },
      {
        business: {
          profit: -150_000,
          newRegimeProfit: null,
          lossesBroughtForward: [],
          speculationProfit: null,
          speculationLossesBroughtForward: [],
          taxAudit: false,
        },
      },
    );
    const result = compute(input);
    for (const regime of ["old", "new"] as const) {
      expect(result.regimes[regime].business).toMatchObject({
        presumptiveBusinessIncome: 380_000,
        presumptiveGoodsCarriageIncome: 90_000,
        profitFromBooks: -150_000,
        incomeFromBusiness: 320_000,
        lossSetOff: 0,
        lossToCarryForward: 0,
      });
    }
    expect(result.itr).toEqual({ form: "ITR-3", rule: "ITR-3: income from business or profession computed from books of account" });
    // A profit from books adds to them: 3,80,000 + 90,000 + 2,00,000 = 6,70,000.
    const profit = compute({
      ...input,
      business: {
        profit: 200_000,
        newRegimeProfit: null,
        lossesBroughtForward: [],
        speculationProfit: null,
        speculationLossesBroughtForward: [],
        taxAudit: false,
      },
    });
    expect(profit.regimes.new.business.incomeFromBusiness).toBe(670_000);
  });
});

describe("the return form with goods carriages", () => {
  it("is ITR-4 for a resident within its limits, with the sections each year's Act numbers", () => {
    expect(compute(withCarriages(FLEET)).itr).toEqual({
      form: "ITR-4",
      rule: "ITR-4 (Sugam): resident individual with presumptive income (ss.44AD/44ADA/44AE), total income up to ₹50,00,000",
    });
    // Tax year 2026-27: all three are s.58 of the Income-tax Act, 2025, with the same amounts (its Table's serial 2).
    const taxYear = compute(withCarriages(FLEET), "2026-27");
    expect(taxYear.itr.rule).toBe("ITR-4 (Sugam): resident individual with presumptive income (s.58), total income up to ₹50,00,000");
    expect(taxYear.regimes.new.business.presumptiveGoodsCarriageIncome).toBe(FLEET_INCOME);
  });

  it("is ITR-3 for a non-resident, whom s.44AE does not exclude, and above ₹50 lakh of total income", () => {
    const nonResident = compute(withCarriages(FLEET, { residentialStatus: "non_resident" }));
    expect(nonResident.regimes.new.business.presumptiveGoodsCarriageIncome).toBe(FLEET_INCOME);
    expect(nonResident.itr).toEqual({
      form: "ITR-3",
      rule: "ITR-3: business or professional income, and ITR-4 is only for a resident and ordinarily resident individual",
    });
    // Ten heavy goods vehicles of 45,000 kg all year: 45 × 1,000 × 12 × 10 = 54,00,000, above ₹50 lakh.
    const large = compute(withCarriages(Array.from({ length: 10 }, () => heavy(45_000, 12))));
    expect(large.regimes.new.business.presumptiveGoodsCarriageIncome).toBe(5_400_000);
    expect(large.itr).toEqual({ form: "ITR-3", rule: "ITR-3: business or professional income, and total income above ₹50,00,000 (50 lakh)" });
  });
});

describe("advance tax with goods carriages", () => {
  // Each profile's business income is 20,00,000; new regime: 2,00,000 + cess 8,000 = 2,08,000, nothing paid.
  // s.234C(1)(a) on 2,08,000: 15 % = 31,200 × 3 % = 936; 45 % = 93,600 × 3 % = 2,808; 75 % = 1,56,000 × 3 % = 4,680;
  // 100 % = 2,08,000 × 1 % = 2,080; 10,504. s.234C(1)(b), 15 March only: 2,080.
  const payments = { taxPayments: { tdsTcs: 0, advanceTax: [], selfAssessmentTax: [] } };
  // Three 50,000 kg trucks all year, 6,00,000 each, and a 25,000 kg one for 8 months, 2,00,000: 20,00,000.
  const trucks = [heavy(50_000, 12), heavy(50_000, 12), heavy(50_000, 12), heavy(25_000, 8)];

  it("are due in the four instalments of s.211(1)(a): s.211(1)(b) names only ss.44AD and 44ADA", () => {
    const result = compute(withCarriages(trucks, {}, payments));
    expect(result.regimes.new.totalTax).toBe(208_000);
    const deferment = result.regimes.new.interest?.advanceTaxDeferment;
    expect(deferment?.instalments.map((line) => [line.dueDate, line.interest])).toEqual([
      ["2025-06-15", 936],
      ["2025-09-15", 2_808],
      ["2025-12-15", 4_680],
      ["2026-03-15", 2_080],
    ]);
    expect(deferment?.interest).toBe(10_504);
  });

  it("keep the four instalments for the whole tax beside s.44AD income, which alone has one", () => {
    // s.44AD alone: 6 % of 2,00,00,000 = 12,00,000, the higher 20,00,000 declared: 15 March only.
    const business = { digitalTurnover: 20_000_000, otherTurnover: 0, cashReceipts: 0, declaredIncome: 2_000_000 };
    const alone = compute({ ...taxInput({ presumptive: { business } }), ...payments });
    expect(alone.regimes.new.interest?.advanceTaxDeferment.instalments.map((line) => line.dueDate)).toEqual(["2026-03-15"]);
    expect(alone.regimes.new.interest?.advanceTaxDeferment.interest).toBe(2_080);
    // 6 % of 1,00,00,000 = 6,00,000 under s.44AD and two 50,000 kg trucks and the 25,000 kg one, 14,00,000: four.
    const both = compute(
      withCarriages(
        trucks.slice(1),
        { presumptive: { business: { digitalTurnover: 10_000_000, otherTurnover: 0, cashReceipts: 0, declaredIncome: 0 } } },
        payments,
      ),
    );
    expect(both.regimes.new.business.incomeFromBusiness).toBe(2_000_000);
    expect(both.regimes.new.interest?.advanceTaxDeferment.instalments).toHaveLength(4);
    expect(both.regimes.new.interest?.advanceTaxDeferment.interest).toBe(10_504);
  });

  it("make the return due on the business date, 31 August after FY 2025-26 (Explanation 2 to s.139(1))", () => {
    const result = compute(withCarriages(trucks, {}, { ...payments, returnFiledOn: "2026-08-31" }));
    expect(result.regimes.new.interest?.lateReturn).toMatchObject({ dueDate: "2026-08-31", months: 0, interest: 0 });
  });
});

describe("the request schema for goods carriages", () => {
  const profile = (goodsCarriages: unknown, more: Record<string, unknown> = {}) => ({
    financialYear: "2025-26",
    profile: { residentialStatus: "resident", presumptive: { goodsCarriages }, ...more },
  });

  function firstIssue(body: unknown): { path: string; message: string } {
    const parsed = ComputeRequestSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    const issue = parsed.success ? undefined : parsed.error.issues[0];
    return { path: issue?.path.join(".") ?? "", message: issue?.message ?? "" };
  }

  it("accepts a non-resident's carriages and counts their income for foreign income listed under business", () => {
    expect(ComputeRequestSchema.safeParse(profile([{ kind: "other", monthsOwned: 12 }], { residentialStatus: "non_resident" })).success).toBe(true);
    // The fleet's 9,34,400 bounds a resident's foreign business income: 9,34,400 is accepted, 9,34,401 is not.
    const foreign = (income: number) => ({
      foreignIncome: [{ country: "NP", head: "business", income, foreignTaxPaid: 0, relief: "no_treaty" }],
    });
    const fleet = [
      { kind: "heavy", grossVehicleWeightKg: 40_200, monthsOwned: 12 },
      { kind: "heavy", grossVehicleWeightKg: 49_000, monthsOwned: 8 },
      { kind: "other", monthsOwned: 8 },
    ];
    expect(ComputeRequestSchema.safeParse(profile(fleet, foreign(934_400))).success).toBe(true);
    expect(firstIssue(profile(fleet, foreign(934_401))).path).toBe("profile.foreignIncome");
  });

  it.each<[string, unknown, string, string]>([
    [
      "a heavy goods vehicle without its weight",
      [{ kind: "heavy", monthsOwned: 12 }],
      "profile.presumptive.goodsCarriages.0.grossVehicleWeightKg",
      "is required for a heavy goods vehicle: its presumed income is ₹1,000 per ton of it a month (s.44AE(2)(i))",
    ],
    [
      "a heavy goods vehicle of 12,000 kg",
      [{ kind: "heavy", grossVehicleWeightKg: 12_000, monthsOwned: 12 }],
      "profile.presumptive.goodsCarriages.0.grossVehicleWeightKg",
      "must exceed 12,000 kg for a heavy goods vehicle (s.44AE Explanation (aa)); a lighter carriage is kind other",
    ],
    [
      "a weight on another goods carriage",
      [{ kind: "other", grossVehicleWeightKg: 7_500, monthsOwned: 12 }],
      "profile.presumptive.goodsCarriages.0.grossVehicleWeightKg",
      "applies only to kind heavy: any other goods carriage is presumed to earn ₹7,500 a month whatever its weight (s.44AE(2)(ii))",
    ],
    [
      "eleven carriages",
      Array.from({ length: 11 }, () => ({ kind: "other", monthsOwned: 12 })),
      "profile.presumptive.goodsCarriages",
      "lists 11 goods carriages: s.44AE is only for a business that owns no more than ten at any time in the year; compute this business's income from its books and give it in business.profit",
    ],
  ])("rejects %s", (_, goodsCarriages, path, message) => {
    expect(firstIssue(profile(goodsCarriages))).toEqual({ path, message });
  });

  it.each<[string, unknown, string]>([
    ["no carriage", [], "profile.presumptive.goodsCarriages"],
    ["no months", [{ kind: "other", monthsOwned: 0 }], "profile.presumptive.goodsCarriages.0.monthsOwned"],
    ["thirteen months", [{ kind: "other", monthsOwned: 13 }], "profile.presumptive.goodsCarriages.0.monthsOwned"],
    ["a part month not rounded up", [{ kind: "other", monthsOwned: 2.5 }], "profile.presumptive.goodsCarriages.0.monthsOwned"],
    ["an unknown kind", [{ kind: "light", monthsOwned: 12 }], "profile.presumptive.goodsCarriages.0.kind"],
    ["a negative income claimed", [{ kind: "other", monthsOwned: 12, declaredIncome: -1 }], "profile.presumptive.goodsCarriages.0.declaredIncome"],
  ])("rejects %s", (_, goodsCarriages, path) => {
    expect(firstIssue(profile(goodsCarriages)).path).toBe(path);
  });
});
