// Relief when salary is paid in arrears or in advance, or family pension in arrears: s.89 of the Income-tax Act,
// 1961 with Rule 21A(2) (tax year 2026-27: s.157 of the Income-tax Act, 2025). Form 10E, Annexure I: tax on the
// total income with the arrears (item 4), without them (item 5), the difference (item 6), what they would have added
// in the years they belong to (item 7, the caller's), and the relief, item 6 less item 7 when positive (item 8).
// Every figure is worked by hand below, FY 2025-26, resident aged 40 unless said.
//
// Salary 15,00,000 of which 3,00,000 are arrears; 30,000 would have been the extra tax in the earlier years.
//   New regime (standard deduction 75,000; slabs 4L-8L 5 %, 8L-12L 10 %, 12L-16L 15 %):
//     with: TI 14,25,000: 20,000 + 40,000 + 2,25,000 × 15 % = 33,750 → 93,750; above ₹12 lakh and 93,750 under the
//       excess of 2,25,000, so no s.87A rebate; cess 3,750; tax 97,500.
//     without: TI 11,25,000: 20,000 + 3,25,000 × 10 % = 52,500, all rebated (s.87A, TI ≤ ₹12 lakh): tax 0.
//     extra this year 97,500; relief 97,500 − 30,000 = 67,500; tax 30,000.
//   Old regime (standard deduction 50,000; slabs 2.5L-5L 5 %, 5L-10L 20 %, above 30 %):
//     with: TI 14,50,000: 12,500 + 1,00,000 + 4,50,000 × 30 % = 1,35,000 → 2,47,500; cess 9,900; tax 2,57,400.
//     without: TI 11,50,000: 12,500 + 1,00,000 + 45,000 = 1,57,500; cess 6,300; tax 1,63,800.
//     extra this year 93,600; relief 93,600 − 30,000 = 63,600; tax 2,57,400 − 63,600 = 1,93,800.
import { describe, expect, it } from "vitest";
import { computeTax, type TaxInput } from "../../../../src/tax/domain/engine";
import { taxInput } from "./input";

function withArrears(input: TaxInput, arrears: TaxInput["arrears"]): TaxInput {
  return { ...input, arrears };
}

const SALARY_WITH_ARREARS = taxInput({ age: 40, salary: { grossSalary: 1_500_000 } });

describe("relief for arrears, s.89 with Rule 21A(2)", () => {
  it("takes off the tax the arrears add this year beyond what they would have added in their own years, in each regime", () => {
    const result = computeTax(withArrears(SALARY_WITH_ARREARS, { salary: 300_000, familyPension: 0, extraTaxInEarlierYears: 30_000 }), "2025-26");
    expect(result.regimes.new).toMatchObject({
      taxLiability: 97_500,
      arrearsRelief: {
        section: "89",
        taxWithArrears: 97_500,
        taxWithoutArrears: 0,
        extraTaxThisYear: 97_500,
        extraTaxInEarlierYears: 30_000,
        relief: 67_500,
      },
      totalTax: 30_000,
    });
    expect(result.regimes.old).toMatchObject({
      taxLiability: 257_400,
      arrearsRelief: { taxWithArrears: 257_400, taxWithoutArrears: 163_800, extraTaxThisYear: 93_600, relief: 63_600 },
      totalTax: 193_800,
    });
    expect(result.recommendedRegime).toBe("new");
    expect(result.recommendedRegimeSaving).toBe(163_800);
  });

  it("gives no relief when the arrears would have cost as much in their own years, and none without arrears", () => {
    // New regime: extra this year 97,500 against 1,00,000 in the earlier years: no relief, tax 97,500.
    const result = computeTax(withArrears(SALARY_WITH_ARREARS, { salary: 300_000, familyPension: 0, extraTaxInEarlierYears: 100_000 }), "2025-26");
    expect(result.regimes.new.arrearsRelief).toMatchObject({ extraTaxThisYear: 97_500, relief: 0 });
    expect(result.regimes.new.totalTax).toBe(97_500);
    const without = computeTax(SALARY_WITH_ARREARS, "2025-26");
    expect(without.regimes.new.arrearsRelief).toBeUndefined();
    expect(without.regimes.new.totalTax).toBe(97_500);
  });

  it("relieves family pension paid in arrears, its s.57(iia) deduction worked again without them", () => {
    // Resident aged 65 (old regime: nil band to 3,00,000); family pension 6,00,000, of which 2,40,000 arrears; 5,000
    // would have been the extra tax in the earlier years.
    // Old regime: with: deduction min(2,00,000, 15,000) = 15,000; TI 5,85,000: 10,000 + 85,000 × 20 % = 17,000 →
    //   27,000, above ₹5 lakh so no rebate; cess 1,080; tax 28,080. without: 3,60,000 − 15,000 = 3,45,000: 45,000 × 5 %
    //   = 2,250, rebated (s.87A, TI ≤ ₹5 lakh): 0. Relief 28,080 − 5,000 = 23,080; tax 5,000.
    // New regime: with: deduction min(2,00,000, 25,000) = 25,000; TI 5,75,000: 1,75,000 × 5 % = 8,750, rebated: 0.
    //   The arrears add nothing: relief 0.
    const input = taxInput({ age: 65, otherIncome: { familyPension: 600_000 } });
    const result = computeTax(withArrears(input, { salary: 0, familyPension: 240_000, extraTaxInEarlierYears: 5_000 }), "2025-26");
    expect(result.regimes.old).toMatchObject({
      taxLiability: 28_080,
      arrearsRelief: { taxWithoutArrears: 0, extraTaxThisYear: 28_080, relief: 23_080 },
      totalTax: 5_000,
    });
    expect(result.regimes.new).toMatchObject({ taxLiability: 0, arrearsRelief: { extraTaxThisYear: 0, relief: 0 }, totalTax: 0 });
  });

  it("measures interest on the tax after the relief (s.234B assessed tax, s.234C tax due on returned income)", () => {
    // New regime: tax after relief 30,000, all deducted at source: tax less TDS is nil, so no advance tax was due (s.208).
    const input = withArrears(SALARY_WITH_ARREARS, { salary: 300_000, familyPension: 0, extraTaxInEarlierYears: 30_000 });
    const paid = { ...input, taxesPaid: 30_000, taxPayments: { tdsTcs: 30_000, advanceTax: [], selfAssessmentTax: [] }, returnFiledOn: "2026-07-31" };
    const interest = computeTax(paid, "2025-26").regimes.new.interest;
    expect(interest).toMatchObject({ advanceTaxDue: false, totalInterest: 0, payableWithInterest: 0, refundAfterInterest: 0 });
  });

  it("names s.157 of the Income-tax Act, 2025 in tax year 2026-27", () => {
    // The new regime's rates and rebate are those of FY 2025-26: the same figures as above.
    const result = computeTax(withArrears(SALARY_WITH_ARREARS, { salary: 300_000, familyPension: 0, extraTaxInEarlierYears: 30_000 }), "2026-27");
    expect(result.regimes.new.arrearsRelief).toMatchObject({ section: "157", relief: 67_500 });
    expect(result.regimes.new.totalTax).toBe(30_000);
  });
});
