// An updated return (s.139(8A)) and its additional income-tax (s.140B(3)), Income-tax Act, 1961 as amended by the
// Finance Act 2025: within 48 months from the end of the assessment year, 25 % of the aggregate of tax and interest
// payable within the first twelve months, 50 % within the next twelve. FY 2024-25, assessment year 2025-26, which
// ends on 31 March 2026. Every figure is worked by hand below, interest at 1 % a month under ss.234A-234C on bases
// rounded down to ₹100, a part of a month counting as a month (Rule 119A). The return's due date is 16 September
// 2025 (CBDT extensions, reference §10.2), the advance-tax dates 15 June, 15 September, 15 December 2024 and 15
// March 2025 (s.211).
//
// Deposit interest of ₹10,00,000, new regime FY 2024-25 (s.115BAC(1A) as amended by the Finance (No. 2) Act 2024):
// 3L-7L at 5 % = 20,000; 7L-10L at 10 % = 30,000; slab tax 50,000, no s.87A rebate above ₹7 lakh, cess 4 % =
// 2,000: tax 52,000.
import { describe, expect, it } from "vitest";
import { computeTax, type TaxInput, type UpdatedReturn } from "../../../../src/tax/domain/engine";
import { taxInput } from "./input";

const TAX = 52_000;

function updated(tdsTcs: number, returnFiledOn: string, updatedReturn: UpdatedReturn): TaxInput {
  return {
    ...taxInput({ otherIncome: { depositInterest: 1_000_000 }, taxesPaid: tdsTcs }),
    taxPayments: { tdsTcs, advanceTax: [], selfAssessmentTax: [] },
    returnFiledOn,
    updatedReturn,
  };
}

function newRegime(input: TaxInput) {
  const result = computeTax(input, "2024-25");
  const interest = result.regimes.new.interest;
  if (interest?.updatedReturn === undefined) throw new Error("no updated return worked out");
  return { result, totalTax: result.regimes.new.totalTax, interest, updatedReturn: interest.updatedReturn };
}

describe("an updated return (s.139(8A), s.140B)", () => {
  it("with no earlier return, 10 months after the assessment year: interest and the fee to its date, and 25 % more", () => {
    // TDS 30,000; nothing else paid. Updated return on 31 January 2027: 1 April 2026 to 31 January 2027 is 10 months.
    // s.234A: 22,000 unpaid at the due date; 17 September 2025 to 31 January 2027 = 17 months: 3,740.
    // s.234B: advance tax 0 < 90 % of 22,000; April 2025 to January 2027 = 22 months: 4,840.
    // s.234C: 3,300 × 3 % = 99; 9,900 × 3 % = 297; 16,500 × 3 % = 495; 22,000 × 1 % = 220: 1,111.
    // Interest 9,691. s.234F: no earlier return, total income above ₹5 lakh: 5,000.
    // s.140B(3)(i): 25 % of (22,000 + 9,691 = 31,691) = 7,922.75.
    // Payable: 22,000 + 9,691 + 5,000 + 7,922.75 = 44,613.75, to the nearest ₹10 (s.288B): 44,610.
    const { totalTax, interest, updatedReturn, result } = newRegime(updated(30_000, "2027-01-31", { filedOn: "2027-01-31", earlierReturn: null }));
    expect(totalTax).toBe(TAX);
    expect(interest.lateReturn).toMatchObject({ filedOn: "2027-01-31", months: 17, base: 22_000, interest: 3_740 });
    expect(interest.advanceTaxDefault.interest).toBe(4_840);
    expect(interest.advanceTaxDeferment.interest).toBe(1_111);
    expect(interest.lateFilingFee?.fee).toBe(5_000);
    expect(updatedReturn).toEqual({
      section: "140B",
      filedOn: "2027-01-31",
      monthsAfterAssessmentYear: 10,
      additionalTaxPercent: 25,
      earlierReturn: null,
      base: 31_691,
      additionalTax: 7_922.75,
      allowed: true,
      notAllowedBecause: null,
      payableWithUpdatedReturn: 44_610,
    });
    expect(result.recommendedRegime).toBe("new");
  });

  it("over an earlier return filed on time, 20 months after the assessment year: the refund it drew is added back, and 50 % more", () => {
    // Earlier return on 10 September 2025 showed ₹8,00,000: tax 20,000 + 10,000 + cess 1,200 = 31,200, against TDS
    // of 35,000: nothing payable, a refund of 3,800 issued. Updated return on 30 November 2027 with ₹10,00,000:
    // 1 April 2026 to 30 November 2027 is 20 months. Tax 52,000 less TDS 35,000 = 17,000.
    // s.234A (the updated return is furnished after the due date, s.234A(1)): 17,000; 17 September 2025 to
    // 30 November 2027 = 27 months: 4,590.
    // s.234B: April 2025 to November 2027 = 32 months on 17,000: 5,440.
    // s.234C: 2,550 → 2,500 × 3 % = 75; 7,650 → 7,600 × 3 % = 228; 12,750 → 12,700 × 3 % = 381; 17,000 × 1 % = 170: 854.
    // Interest 10,884. No fee: the earlier return was on time.
    // s.140B(2), (3)(ii): 17,000 + 10,884 − 0 paid with the earlier return + 3,800 refund = 31,684; 50 % = 15,842.
    // Payable: 31,684 + 15,842 = 47,526 → 47,530.
    const { interest, updatedReturn } = newRegime(
      updated(35_000, "2025-09-10", {
        filedOn: "2027-11-30",
        earlierReturn: { filedOn: "2025-09-10", taxAndInterestPayable: 0, refundIssued: 3_800 },
      }),
    );
    expect(interest.lateReturn).toMatchObject({ months: 27, base: 17_000, interest: 4_590 });
    expect(interest.advanceTaxDefault.interest).toBe(5_440);
    expect(interest.advanceTaxDeferment.interest).toBe(854);
    expect(interest.lateFilingFee?.fee).toBe(0);
    expect(updatedReturn).toMatchObject({
      monthsAfterAssessmentYear: 20,
      additionalTaxPercent: 50,
      base: 31_684,
      additionalTax: 15_842,
      allowed: true,
      payableWithUpdatedReturn: 47_530,
    });
  });

  it("takes off what the earlier return made payable, and bars a return that would not raise the tax (first proviso to s.139(8A))", () => {
    // As the first case, 25 %, with an earlier return on 10 September 2025 that made 31,691 payable: the base is 0,
    // so the updated return would not raise the tax and interest: not allowed, no additional tax.
    const { updatedReturn } = newRegime(
      updated(30_000, "2025-09-10", {
        filedOn: "2027-01-31",
        earlierReturn: { filedOn: "2025-09-10", taxAndInterestPayable: 31_691, refundIssued: 0 },
      }),
    );
    expect(updatedReturn).toMatchObject({ base: 0, additionalTax: 0, allowed: false });
    expect(updatedReturn.notAllowedBecause).toContain("s.139(8A)");
    // 1 rupee less payable on the earlier return leaves a base of 1 and 25 paise of additional tax.
    const { updatedReturn: justAllowed } = newRegime(
      updated(30_000, "2025-09-10", {
        filedOn: "2027-01-31",
        earlierReturn: { filedOn: "2025-09-10", taxAndInterestPayable: 31_690, refundIssued: 0 },
      }),
    );
    expect(justAllowed).toMatchObject({ base: 1, additionalTax: 0.25, allowed: true });
  });

  it.each([
    ["2027-03-31", 12, 25],
    ["2027-04-01", 13, 50],
    ["2028-03-31", 24, 50],
    ["2028-04-01", 25, 60],
    ["2029-04-01", 37, 70],
    ["2030-03-31", 48, 70],
  ])("filed on %s, %i months after the assessment year, adds %i %%", (filedOn, months, percent) => {
    const { updatedReturn } = newRegime(updated(30_000, filedOn, { filedOn, earlierReturn: null }));
    expect(updatedReturn).toMatchObject({ monthsAfterAssessmentYear: months, additionalTaxPercent: percent });
  });
});
