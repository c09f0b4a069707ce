// Properties that must hold for every profile, year and regime.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applySavingMove,
  computeTax,
  FINANCIAL_YEARS,
  REGIMES,
  RESIDENTIAL_STATUSES,
  type HouseProperty,
  type HraPeriod,
  type TaxInput,
} from "../../../../src/tax/domain/engine";
import { ComputeResultSchema } from "../../../../src/tax/compute/schemas";
import { taxInput as buildInput } from "./input";

const rupees = (max: number) => fc.integer({ min: 0, max });
// Sometimes a round figure, sometimes one with paise.
const amount = (max: number) =>
  fc.oneof(
    rupees(max),
    fc.integer({ min: 0, max: max * 100 }).map((p) => p / 100),
  );

const houseProperty: fc.Arbitrary<HouseProperty> = fc.record({
  type: fc.constantFrom("self_occupied" as const, "let_out" as const),
  annualRent: amount(1_200_000),
  municipalTaxesPaid: amount(50_000),
  interestOnHousingLoan: amount(600_000),
});

// Rule 2A's periods: their months, how the year's HRA, rent and basic + DA split between them, and their place.
const hraPeriod = fc.record({
  months: fc.integer({ min: 1, max: 3 }),
  hraWeight: fc.integer({ min: 0, max: 10 }),
  rentWeight: fc.integer({ min: 0, max: 10 }),
  basicWeight: fc.integer({ min: 0, max: 10 }),
  place: fc.constantFrom<Pick<HraPeriod, "isMetroCity" | "city">>(
    { isMetroCity: null, city: null },
    { isMetroCity: true, city: null },
    { isMetroCity: false, city: "Mumbai" },
    { isMetroCity: null, city: "Pune" },
    { isMetroCity: null, city: "Hyderabad" },
    { isMetroCity: null, city: "Jaipur" },
  ),
});

type DrawnPeriod = typeof hraPeriod extends fc.Arbitrary<infer T> ? T : never;

/** `rupees` split in paise by `weights`, the last part taking what rounding down leaves. */
function split(rupees: number, weights: number[]): number[] {
  const total = Math.round(rupees * 100);
  const sum = weights.reduce((a, b) => a + b, 0);
  let left = total;
  return weights.map((weight, i) => {
    const part = i === weights.length - 1 ? left : sum === 0 ? 0 : Math.floor((total * weight) / sum);
    left -= part;
    return part / 100;
  });
}

/** The periods of a year whose HRA and rent are theirs exactly and whose basic + DA holds theirs (all of it over 12 months). */
function hraPeriods(drawn: DrawnPeriod[] | null, hraReceived: number, rentPaid: number, basicPlusDA: number): HraPeriod[] | null {
  if (drawn === null) return null;
  const months = drawn.reduce((sum, p) => sum + p.months, 0);
  const hra = split(
    hraReceived,
    drawn.map((p) => p.hraWeight),
  );
  const rent = split(
    rentPaid,
    drawn.map((p) => p.rentWeight),
  );
  // Months outside the periods keep a share of the year's basic + DA.
  const basicWeights = drawn.map((p) => p.basicWeight);
  const basic = split(basicPlusDA, months < 12 ? [...basicWeights, 12 - months] : basicWeights);
  return drawn.map((p, i) => ({ months: p.months, hraReceived: hra[i]!, rentPaid: rent[i]!, basicPlusDA: basic[i]!, ...p.place }));
}

const taxInput: fc.Arbitrary<TaxInput> = fc
  .record({
    age: fc.integer({ min: 0, max: 130 }),
    residentialStatus: fc.constantFrom(...RESIDENTIAL_STATUSES),
    city: fc.constantFrom(null, "Pune", "Mumbai", "Jaipur"),
    grossSalary: fc.oneof(rupees(3_000_000), rupees(700_000_000)),
    basicShare: fc.integer({ min: 0, max: 100 }),
    hraShare: fc.integer({ min: 0, max: 50 }),
    rentPaid: amount(1_500_000),
    isMetroCity: fc.constantFrom(null, true, false),
    hraPeriods: fc.option(fc.array(hraPeriod, { minLength: 1, maxLength: 4 }), { nil: null }),
    professionalTax: amount(3_000),
    isGovernmentEmployer: fc.boolean(),
    houseProperties: fc.array(houseProperty, { maxLength: 3 }),
    savingsInterest: amount(60_000),
    depositInterest: amount(500_000),
    dividends: fc.oneof(rupees(100_000), rupees(200_000_000)),
    dividendInterestExpense: fc.oneof(fc.constant(0), amount(100_000), amount(50_000_000)),
    // A non-resident's treaty rate on dividends (s.90(2)), 0.1 % to 30 % in tenths; residents never send one.
    dividendTreatyRatePercent: fc.option(
      fc.integer({ min: 1, max: 300 }).map((tenths) => tenths / 10),
      { nil: undefined },
    ),
    familyPension: amount(300_000),
    section80C: amount(200_000),
    section80CCD1: amount(150_000),
    section80CCD1B: amount(80_000),
    npsShare: fc.integer({ min: 0, max: 20 }),
    section80D_selfFamily: amount(80_000),
    section80D_parents: amount(80_000),
    parentsAge: fc.option(fc.integer({ min: 30, max: 110 }), { nil: null }),
    section80D_checkUpSelfFamily: amount(10_000),
    section80D_checkUpParents: amount(10_000),
    section80D_medicalSelfFamily: amount(80_000),
    section80D_medicalParents: amount(80_000),
    section80E: amount(300_000),
    section80GG_rentPaid: amount(300_000),
    rentWithoutHra: fc.boolean(),
    section80G_100: amount(100_000),
    section80G_50: amount(100_000),
    section80G_50WithLimit: amount(300_000),
    taxesPaid: amount(5_000_000),
    // None, around the ₹5,000 that counts for the rate, or up to crores.
    agriculturalIncome: fc.oneof(fc.constant(0), amount(10_000), amount(3_000_000), amount(100_000_000)),
  })
  .map((r) => {
    // Basic, HRA and the employer's NPS contribution are parts of gross salary (s.17(1)).
    const basicPlusDA = Math.floor((r.grossSalary * r.basicShare) / 100);
    const hraReceived = r.rentWithoutHra ? 0 : Math.floor((r.grossSalary * r.hraShare) / 100);
    const periods = hraPeriods(r.hraPeriods, hraReceived, r.rentPaid, basicPlusDA);
    return {
      age: r.age,
      residentialStatus: r.residentialStatus,
      city: r.city,
      salary: {
        grossSalary: r.grossSalary,
        basicPlusDA,
        hraReceived,
        rentPaid: r.rentPaid,
        isMetroCity: r.isMetroCity,
        ...(periods === null ? {} : { hraPeriods: periods }),
        professionalTax: r.professionalTax,
        isGovernmentEmployer: r.isGovernmentEmployer,
        employerPfContribution: 0,
        employerSuperannuationContribution: 0,
      },
      houseProperties: r.houseProperties,
      otherIncome: {
        savingsInterest: r.savingsInterest,
        depositInterest: r.depositInterest,
        dividends: r.dividends,
        dividendInterestExpense: r.dividendInterestExpense,
        ...(r.residentialStatus === "non_resident" && r.dividends > 0 && r.dividendTreatyRatePercent !== undefined
          ? { dividendTreatyRatePercent: r.dividendTreatyRatePercent }
          : {}),
        familyPension: r.familyPension,
        casualWinnings: 0,
      },
      capitalGains: [],
      presumptive: { business: null, profession: null, goodsCarriages: [] },
      deductions: {
        section80C: r.section80C,
        section80CCD1: r.section80CCD1,
        section80CCD1B: r.section80CCD1B,
        section80CCD2: Math.floor((basicPlusDA * r.npsShare) / 100),
        section80D_selfFamily: r.section80D_selfFamily,
        section80D_parents: r.section80D_parents,
        parentsAge: r.parentsAge,
        section80D_checkUpSelfFamily: r.section80D_checkUpSelfFamily,
        section80D_checkUpParents: r.section80D_checkUpParents,
        section80D_medicalSelfFamily: r.section80D_medicalSelfFamily,
        section80D_medicalParents: r.section80D_medicalParents,
        section80E: r.section80E,
        // s.80GG is for someone without house rent allowance.
        section80GG_rentPaid: r.rentWithoutHra ? r.section80GG_rentPaid : 0,
        section80G_100: r.section80G_100,
        section80G_50: r.section80G_50,
        section80G_50WithLimit: r.section80G_50WithLimit,
      },
      taxesPaid: r.taxesPaid,
      agriculturalIncome: r.agriculturalIncome,
    };
  });

const year = fc.constantFrom(...FINANCIAL_YEARS);
const RUNS = { numRuns: 400 };

describe("properties of every computation", () => {
  it("total tax is never negative and never above gross total income", () => {
    fc.assert(
      fc.property(taxInput, year, (input, fy) => {
        const result = computeTax(input, fy);
        for (const regime of REGIMES) {
          const r = result.regimes[regime];
          expect(r.totalTax).toBeGreaterThanOrEqual(0);
          expect(r.totalTax).toBeLessThanOrEqual(r.grossTotalIncome);
          expect(r.taxableIncome % 10).toBe(0);
          expect(r.totalTax % 10).toBe(0);
        }
      }),
      RUNS,
    );
  });

  // A non-resident's dividends are special-rate income (s.115A): taken out of total income (rounded to ₹10,
  // s.288A) in whole rupees, a few rupees more of them can move up to ₹9 out of dearer slab income, so tax may
  // fall by one ₹10 step of s.288B, never more.
  it("total tax never decreases when salary, interest or dividends rise with all else fixed (a non-resident's dividends: within one ₹10 step)", () => {
    fc.assert(
      fc.property(
        taxInput,
        year,
        fc.constantFrom("grossSalary" as const, "depositInterest" as const, "dividends" as const),
        fc.oneof(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 50_000_000 })),
        (input, fy, what, rise) => {
          const richer: TaxInput =
            what === "grossSalary"
              ? { ...input, salary: { ...input.salary, grossSalary: input.salary.grossSalary + rise } }
              : { ...input, otherIncome: { ...input.otherIncome, [what]: input.otherIncome[what] + rise } };
          const before = computeTax(input, fy);
          const after = computeTax(richer, fy);
          const step = what === "dividends" && input.residentialStatus === "non_resident" ? 10 : 0;
          for (const regime of REGIMES) {
            expect(after.regimes[regime].totalTax).toBeGreaterThanOrEqual(before.regimes[regime].totalTax - step);
          }
        },
      ),
      RUNS,
    );
  });

  it("total tax never decreases across the rebate and surcharge thresholds, rupee by rupee", () => {
    // Dense walk over ±300 rupees of taxable income around 7L, 12L, 12,70,588, 50L, 1Cr, 2Cr and 5Cr.
    for (const fy of FINANCIAL_YEARS) {
      for (const regime of REGIMES) {
        for (const threshold of [700_000, 1_200_000, 1_270_588, 5_000_000, 10_000_000, 20_000_000, 50_000_000]) {
          let previous = -1;
          for (let income = threshold - 300; income <= threshold + 300; income++) {
            const total = computeTax(buildInput({ otherIncome: { depositInterest: income } }), fy).regimes[regime].totalTax;
            expect(total).toBeGreaterThanOrEqual(previous);
            previous = total;
          }
        }
      }
    }
  });

  // s.71B: a loss of earlier years only comes off income from house property, so it can lower tax, never raise it;
  // the old regime loses none of it, the new one only the part from a self-occupied home's interest (s.115BAC(3)).
  it("relief for arrears (s.89, Rule 21A(2)) leaves the lesser of the tax with them and the tax without them plus their tax in earlier years", () => {
    fc.assert(
      fc.property(
        taxInput,
        year,
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        amount(2_000_000),
        (input, fy, salaryShare, pensionShare, extraTaxInEarlierYears) => {
          const arrears = {
            salary: Math.floor((input.salary.grossSalary * salaryShare) / 100),
            familyPension: Math.floor((input.otherIncome.familyPension * pensionShare) / 100),
            extraTaxInEarlierYears,
          };
          const without = computeTax(input, fy);
          const relieved = computeTax({ ...input, arrears }, fy);
          expect(ComputeResultSchema.parse(relieved)).toEqual(relieved);
          for (const regime of REGIMES) {
            const result = relieved.regimes[regime];
            const relief = result.arrearsRelief!;
            expect(relief.taxWithArrears).toBe(result.taxLiability);
            expect(result.taxLiability).toBe(without.regimes[regime].taxLiability);
            expect(result.totalTax).toBeLessThanOrEqual(without.regimes[regime].totalTax);
            // Relief = item 6 − item 7 when positive, so the tax left is min(with, without + item 7), to the rupee.
            const left = result.taxLiability - relief.relief;
            const bound = Math.min(relief.taxWithArrears, relief.taxWithoutArrears + extraTaxInEarlierYears);
            expect(Math.abs(left - bound)).toBeLessThanOrEqual(0.5);
          }
        },
      ),
      RUNS,
    );
  });

  it("a house-property loss brought forward never raises tax, and is set off or carried, never lost, in the old regime", () => {
    fc.assert(
      fc.property(taxInput, year, rupees(1_000_000), fc.integer({ min: 0, max: 100 }), (input, fy, amount, selfOccupiedShare) => {
        const fromSelfOccupiedInterest = Math.floor((amount * selfOccupiedShare) / 100);
        const without = computeTax(input, fy);
        const withLoss = computeTax({ ...input, housePropertyLossBroughtForward: { amount, fromSelfOccupiedInterest } }, fy);
        for (const regime of REGIMES) {
          const house = withLoss.regimes[regime].houseProperty;
          expect(withLoss.regimes[regime].totalTax).toBeLessThanOrEqual(without.regimes[regime].totalTax);
          expect(house.lossBroughtForwardSetOff).toBeLessThanOrEqual(Math.max(0, house.incomeFromHouseProperty));
          expect(house.lossToCarryForwardFromSelfOccupiedInterest).toBeLessThanOrEqual(house.lossToCarryForward);
          // s.71B: in the old regime what is not set off is carried, this year's loss and the loss brought forward.
          if (regime === "old") expect(house.lossBroughtForwardSetOff + house.lossToCarryForward - house.lossNotSetOff).toBeCloseTo(amount, 2);
        }
      }),
      RUNS,
    );
  });

  // s.80D: each group's insurance, check-ups and medical expenditure stay within ₹50,000 (a senior's insurance limit,
  // and the second proviso), and the check-ups of both groups within ₹5,000 (s.80D(2A)).
  it("s.80D never allows more than ₹50,000 a group, nor more than ₹5,000 of check-ups; 80C with 80CCD(1) never more than ₹1,50,000", () => {
    fc.assert(
      fc.property(taxInput, year, (input, fy) => {
        const lines = computeTax(input, fy).regimes.old.deductions.filter((line) => line.section === "80D");
        // In paise: rupee amounts with paise do not add up exactly as floating-point numbers.
        const allowedPaise = (match: string) =>
          lines.filter((line) => line.description.includes(match)).reduce((sum, line) => sum + Math.round(line.allowed * 100), 0);
        expect(allowedPaise("self")).toBeLessThanOrEqual(5_000_000);
        expect(allowedPaise("parents")).toBeLessThanOrEqual(5_000_000);
        expect(allowedPaise("check-ups")).toBeLessThanOrEqual(500_000);
        const cce = computeTax(input, fy).regimes.old.deductions.filter((line) => line.section === "80C" || line.section === "80CCD(1)");
        expect(cce.reduce((sum, line) => sum + Math.round(line.allowed * 100), 0)).toBeLessThanOrEqual(15_000_000);
      }),
      RUNS,
    );
  });

  it("claiming more under s.80D or s.80GG never deducts less", () => {
    const claims = [
      "section80D_selfFamily",
      "section80D_parents",
      "section80D_checkUpSelfFamily",
      "section80D_checkUpParents",
      "section80D_medicalSelfFamily",
      "section80D_medicalParents",
      "section80GG_rentPaid",
    ] as const;
    fc.assert(
      fc.property(taxInput, year, fc.constantFrom(...claims), rupees(60_000), (input, fy, claim, more) => {
        const before = computeTax(input, fy).regimes.old.chapterVIADeductions;
        const raised = { ...input, deductions: { ...input.deductions, [claim]: (input.deductions[claim] ?? 0) + more } };
        expect(computeTax(raised, fy).regimes.old.chapterVIADeductions).toBeGreaterThanOrEqual(before);
      }),
      RUNS,
    );
  });

  // s.57(i) proviso: interest against dividends, at most 20 % of them; none for a non-resident's s.115A dividends
  // (s.115A(3)) nor from tax year 2026-27 (s.93(2) as amended by the Finance Act 2026).
  it("interest claimed against dividends never raises tax and is allowed up to 20 % of a resident's dividends before tax year 2026-27", () => {
    fc.assert(
      fc.property(taxInput, year, (input, fy) => {
        const result = computeTax(input, fy);
        const without = computeTax({ ...input, otherIncome: { ...input.otherIncome, dividendInterestExpense: 0 } }, fy);
        const claimedPaise = Math.round((input.otherIncome.dividendInterestExpense ?? 0) * 100);
        const allowedPaise =
          fy === "2026-27" || input.residentialStatus === "non_resident"
            ? 0
            : Math.min(claimedPaise, Math.floor((input.otherIncome.dividends * 100 * 20) / 100));
        for (const regime of REGIMES) {
          expect(Math.round(result.regimes[regime].otherSources.dividendInterestDeduction * 100)).toBe(allowedPaise);
          expect(result.regimes[regime].totalTax).toBeLessThanOrEqual(without.regimes[regime].totalTax);
        }
      }),
      RUNS,
    );
  });

  // Partial integration (the Finance Act's s.2(2)): agricultural income is exempt but raises the rate on slab income,
  // so it can only add tax; at ₹5,000 or less it is not counted at all.
  it("agricultural income never lowers tax, and at most ₹5,000 of it changes nothing", () => {
    fc.assert(
      fc.property(taxInput, year, fc.oneof(amount(5_000), amount(100_000_000)), (input, fy, agriculturalIncome) => {
        const without = computeTax({ ...input, agriculturalIncome: 0 }, fy);
        const counted = computeTax({ ...input, agriculturalIncome }, fy);
        for (const regime of REGIMES) {
          expect(counted.regimes[regime].totalTax).toBeGreaterThanOrEqual(without.regimes[regime].totalTax);
          if (agriculturalIncome <= 5_000) {
            const { agriculturalIncome: shown, ...rest } = counted.regimes[regime];
            expect(shown === undefined || !shown.integrated).toBe(true);
            expect(rest).toEqual(without.regimes[regime]);
          }
        }
        if (agriculturalIncome <= 5_000) expect({ ...counted, regimes: null }).toEqual({ ...without, regimes: null });
      }),
      RUNS,
    );
  });

  // s.10(13A) with Rule 2A: each period exempts at most its HRA, its rent (less 10 % of its salary) and half its
  // salary, so the sum never exceeds the year's HRA, rent or half the periods' basic + DA.
  it("the HRA exemption never exceeds the HRA received, the rent paid or half the salary, period by period or not", () => {
    fc.assert(
      fc.property(taxInput, year, (input, fy) => {
        const line = computeTax(input, fy).regimes.old.deductions.find((l) => l.section === "10(13A)");
        const { hraReceived, rentPaid, basicPlusDA, hraPeriods: periods } = input.salary;
        if (line === undefined) {
          expect(hraReceived).toBe(0);
          return;
        }
        const periodsBasic = periods === undefined ? basicPlusDA : periods.reduce((sum, p) => sum + Math.round(p.basicPlusDA * 100), 0) / 100;
        expect(line.claimed).toBe(hraReceived);
        expect(line.allowed).toBeLessThanOrEqual(hraReceived);
        expect(line.allowed).toBeLessThanOrEqual(rentPaid);
        expect(line.allowed).toBeLessThanOrEqual(periodsBasic / 2);
      }),
      RUNS,
    );
  });

  it("one period covering the year gives the annual computation", () => {
    fc.assert(
      fc.property(taxInput, year, (input, fy) => {
        const { hraPeriods: _, ...salary } = input.salary;
        const annual: TaxInput = { ...input, salary };
        const whole: HraPeriod = {
          months: 12,
          hraReceived: salary.hraReceived,
          rentPaid: salary.rentPaid,
          basicPlusDA: salary.basicPlusDA,
          isMetroCity: salary.isMetroCity,
          city: input.city,
        };
        const byPeriod = computeTax({ ...input, salary: { ...salary, hraPeriods: [whole] } }, fy);
        // Without rent the one period names the reason (s.10(13A), Explanation (b)); the figures are the same.
        if (salary.rentPaid === 0) {
          for (const regime of REGIMES) {
            const line = byPeriod.regimes[regime].deductions.find((l) => l.section === "10(13A)");
            if (line?.limitedBy === "s.10(13A), Rule 2A: no rent paid (s.10(13A), Explanation (b))")
              line.limitedBy = "s.10(13A), Rule 2A: rent paid minus 10 % of salary";
          }
        }
        expect(byPeriod).toEqual(computeTax(annual, fy));
      }),
      RUNS,
    );
  });

  it("the recommended regime is never the costlier one", () => {
    fc.assert(
      fc.property(taxInput, year, (input, fy) => {
        const result = computeTax(input, fy);
        const other = result.recommendedRegime === "old" ? "new" : "old";
        expect(result.regimes[result.recommendedRegime].totalTax).toBeLessThanOrEqual(result.regimes[other].totalTax);
        expect(result.recommendedRegimeSaving).toBe(result.regimes[other].totalTax - result.regimes[result.recommendedRegime].totalTax);
      }),
      RUNS,
    );
  });

  it("every saving move saves exactly what it claims when the engine is re-run, and moves are ranked", () => {
    fc.assert(
      fc.property(taxInput, year, (input, fy) => {
        const result = computeTax(input, fy);
        const now = Math.min(result.regimes.old.totalTax, result.regimes.new.totalTax);
        let previousSaving = Infinity;
        for (const move of result.savingMoves) {
          expect(move.taxSaving).toBeGreaterThan(0);
          expect(move.taxSaving).toBe(move.totalTaxBefore - move.totalTaxAfter);
          expect(move.taxSaving).toBeLessThanOrEqual(previousSaving);
          previousSaving = move.taxSaving;
          if (move.change === null) {
            // A regime switch is priced against the default new regime.
            expect(move.totalTaxBefore).toBe(result.regimes.new.totalTax);
            expect(move.totalTaxAfter).toBe(result.regimes.old.totalTax);
          } else {
            expect(move.totalTaxBefore).toBe(now);
            const rerun = computeTax(applySavingMove(input, move), fy);
            expect(Math.min(rerun.regimes.old.totalTax, rerun.regimes.new.totalTax)).toBe(move.totalTaxAfter);
            // The saving is there in the regime the move names, and the words say when that is not the recommended one.
            expect(rerun.regimes[move.regimeAfter].totalTax).toBe(move.totalTaxAfter);
            if (move.regimeAfter !== result.recommendedRegime) {
              expect(move.action).toContain(move.regimeAfter === "old" ? "opt out of the new regime" : "stay in the new regime");
            }
          }
        }
      }),
      RUNS,
    );
  });

  it("the response schema accepts every result unchanged", () => {
    fc.assert(
      fc.property(taxInput, year, (input, fy) => {
        const result = computeTax(input, fy);
        expect(ComputeResultSchema.parse(result)).toEqual(result);
      }),
      { numRuns: 100 },
    );
  });
});
