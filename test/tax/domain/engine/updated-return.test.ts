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

  it("over an earlier refund larger than what is now owed: the refund given back, not the whole of it, and 25 % more", () => {
    // TDS 55,000 against the tax of 52,000: the updated return alone shows 3,000 to refund, so no interest. The earlier
    // return, on time, made nothing payable and drew a refund of 13,000. s.140B(2), (3), Explanation (iii): 52,000 −
    // 55,000 + 13,000 = 10,000 > 0, allowed; 31 January 2027 is 10 months after the assessment year: 25 % = 2,500.
    // Owed with it: the 10,000 of the refund that should not have been given, and 2,500: 12,500.
    const { interest, updatedReturn } = newRegime(
      updated(55_000, "2025-09-10", {
        filedOn: "2027-01-31",
        earlierReturn: { filedOn: "2025-09-10", taxAndInterestPayable: 0, refundIssued: 13_000 },
      }),
    );
    expect(interest.refundAfterInterest).toBe(3_000);
    expect(updatedReturn).toMatchObject({ base: 10_000, additionalTax: 2_500, allowed: true, payableWithUpdatedReturn: 12_500 });
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

// Which regime an updated return may use. s.115BAC(6) proviso clause (ii): without income from business or profession
// the old regime is chosen only "along with the return of income to be furnished under sub-section (1) of section
// 139"; an updated return is furnished under s.139(8A), so it cannot opt out itself. The old regime is open to it only
// when the earlier return was furnished by its due date (16 September 2025) and opted out there.
//
// Deposit interest ₹10,00,000, s.80C ₹1,50,000 and ₹3,00,000 given to a fund deductible at 100 % without a
// qualifying limit (s.80G(1)(i)); TDS ₹10,000. Old regime: total income 10,00,000 − 4,50,000 = 5,50,000; tax
// 2.5L-5L at 5 % = 12,500, 5L-5.5L at 20 % = 10,000; no s.87A rebate above ₹5 lakh; cess 4 % = 900: 23,400. The new
// regime allows neither deduction (s.115BAC(2)(i)): 52,000 as above. The old regime leaves less tax unpaid, so less
// interest (ss.234A-234C) and less additional tax (s.140B(3)), and the same fee: it costs less in all.
describe("the regime of an updated return (s.115BAC(6)(ii), s.139(8A))", () => {
  const OLD_TAX = 23_400;
  const withDeductions = (returnFiledOn: string | undefined, updatedReturn: UpdatedReturn): TaxInput => ({
    ...taxInput({
      otherIncome: { depositInterest: 1_000_000 },
      deductions: { section80C: 150_000, section80G_100: 300_000 },
      taxesPaid: 10_000,
    }),
    taxPayments: { tdsTcs: 10_000, advanceTax: [], selfAssessmentTax: [] },
    ...(returnFiledOn === undefined ? {} : { returnFiledOn }),
    updatedReturn,
  });
  const onTime = (regime?: "old" | "new") => ({
    filedOn: "2025-09-10",
    taxAndInterestPayable: 0,
    refundIssued: 0,
    ...(regime === undefined ? {} : { regime }),
  });

  function expectOldRegimeClosed(input: TaxInput, why: string) {
    const result = computeTax(input, "2024-25");
    expect(result.regimes.old.totalTax).toBe(OLD_TAX);
    expect(result.regimes.new.totalTax).toBe(TAX);
    expect(result.regimes.old.notAvailable?.section).toBe("115BAC(6)(ii)");
    expect(result.regimes.old.notAvailable?.reason).toBe(
      `s.115BAC(6)(ii): without income from business or profession the old regime can be chosen only in the return furnished under s.139(1), by its due date 2025-09-16; ${why}, and an updated return (s.139(8A)) cannot opt out itself: it is taxed under the new regime`,
    );
    expect(result.recommendedRegime).toBe("new");
    // The new regime costs more than the old regime's figures, so it saves nothing over them.
    expect(result.recommendedRegimeSaving).toBe(0);
    expect(result.savingMoves.filter((move) => move.regimeAfter === "old")).toEqual([]);
    expect(result.notes.filter((note) => note.startsWith("updatedReturn."))).toEqual([]);
  }

  it("without an earlier return: the new regime, read from the updated return whatever returnFiledOn says", () => {
    const updatedReturn = { filedOn: "2027-01-31", earlierReturn: null };
    const why = "no return was furnished before the updated return of 2027-01-31";
    expectOldRegimeClosed(withDeductions("2027-01-31", updatedReturn), why);
    expectOldRegimeClosed(withDeductions(undefined, updatedReturn), why);
  });

  it("over an earlier return filed after its due date (s.139(4)): the new regime", () => {
    expectOldRegimeClosed(
      withDeductions("2025-11-20", { filedOn: "2027-01-31", earlierReturn: { ...onTime(), filedOn: "2025-11-20" } }),
      "the earlier return was filed after that date, on 2025-11-20",
    );
  });

  it("over an earlier return filed on time that stayed in the new regime: the new regime", () => {
    expectOldRegimeClosed(
      withDeductions("2025-09-10", { filedOn: "2027-01-31", earlierReturn: onTime("new") }),
      "the earlier return, filed on 2025-09-10, stayed in the new regime",
    );
  });

  it("over an earlier return filed on time that opted out: both regimes open, the cheaper old one recommended", () => {
    const result = computeTax(withDeductions("2025-09-10", { filedOn: "2027-01-31", earlierReturn: onTime("old") }), "2024-25");
    expect(result.regimes.old.notAvailable).toBeUndefined();
    expect(result.recommendedRegime).toBe("old");
    // The earlier return made the opt-out; the updated return can neither make it nor pay into the ended year.
    expect(result.savingMoves).toEqual([]);
    expect(result.notes.filter((note) => note.startsWith("updatedReturn."))).toEqual([]);
    expect(result.regimes.old.interest?.updatedReturn?.earlierReturn).toEqual(onTime("old"));
  });

  it("over an earlier return filed on time whose regime is not given: both regimes open, and the notes say what decides", () => {
    const result = computeTax(withDeductions("2025-09-10", { filedOn: "2027-01-31", earlierReturn: onTime() }), "2024-25");
    expect(result.regimes.old.notAvailable).toBeUndefined();
    expect(result.recommendedRegime).toBe("old");
    expect(result.notes).toContain(
      "updatedReturn.earlierReturn.regime: not given; without income from business or profession an updated return keeps the old regime only if the earlier return, furnished by its due date 2025-09-16, chose it (s.115BAC(6)(ii)), which the profile does not say: both regimes are shown as open",
    );
  });

  it("over an earlier return that opted out, where the new regime costs less: the notes say leaving it is not settled", () => {
    // No deductions: old regime 12,500 + 20 % of 5,00,000 = 1,12,500 + cess 4,500 = 1,17,000 against 52,000.
    const result = computeTax(updated(10_000, "2025-09-10", { filedOn: "2027-01-31", earlierReturn: onTime("old") }), "2024-25");
    expect(result.regimes.old.totalTax).toBe(117_000);
    expect(result.regimes.old.notAvailable).toBeUndefined();
    expect(result.recommendedRegime).toBe("new");
    expect(result.notes).toContain(
      "updatedReturn.earlierReturn.regime: the earlier return chose the old regime for the year (s.115BAC(6)(ii)); the new regime costs less, but no provision lets an updated return withdraw that choice, and whether it may leave it is not settled: both regimes are shown as open",
    );
  });

  it("with professional income the opt-out is a form apart from the return (clause (i)): both regimes stay open", () => {
    // s.44ADA: 50 % of ₹4,00,000 of receipts is income; with it the old regime depends on Form 10-IEA, not an input.
    const input: TaxInput = {
      ...withDeductions("2027-01-31", { filedOn: "2027-01-31", earlierReturn: null }),
      presumptive: { business: null, profession: { grossReceipts: 400_000, cashReceipts: 0, declaredIncome: 0 }, goodsCarriages: [] },
    };
    const result = computeTax(input, "2024-25");
    expect(result.regimes.old.notAvailable).toBeUndefined();
    expect(result.notes.some((note) => note.startsWith("returnFiledOn: after the due date") && note.includes("s.115BAC(6)(i)"))).toBe(true);
  });
});
