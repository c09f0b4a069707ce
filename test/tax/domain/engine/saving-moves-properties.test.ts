// Every saving move checked against the engine's own totals on a few thousand seeded random profiles.
//
// This is independent of how the moves are found: it never calls the move code's helpers (no applySavingMove).
// It edits the profile the way the move's `change` and `investment` describe, as a user would, computes again
// through the public computeTax, and compares the totals with what the move states. Those totals come from the
// engine's regime computation, which the worked examples (compute.test.ts, worked-cases.test.ts,
// special-income.test.ts) check against rules worked by hand, so a move that states a saving the totals do not
// show fails here whatever the move code believes.
import { describe, expect, it } from "vitest";
import {
  CAPITAL_GAIN_SECTIONS,
  type CapitalGain,
  type ComputeResult,
  computeTax,
  FINANCIAL_YEARS,
  type FinancialYear,
  type MoveField,
  RESIDENTIAL_STATUSES,
  type SavingMove,
  type SavingMoveKind,
  type TaxInput,
} from "../../../../src/tax/domain/engine";
import { taxInput } from "./input";
import { seeded } from "./seeded";

// Taxable incomes where the rules turn: the s.87A thresholds and the end of the new regime's marginal relief,
// and the surcharge thresholds (reference §3, §4).
const TURNING_POINTS = [500_000, 700_000, 722_222, 1_200_000, 1_270_588, 5_000_000, 10_000_000, 20_000_000, 50_000_000];

function randomProfile(random: () => number): TaxInput {
  const int = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const chance = (p: number) => random() < p;
  const pick = <T>(values: readonly T[]): T => values[int(0, values.length - 1)]!;
  // Sometimes with paise, as a user may type them.
  const amount = (max: number) => (chance(0.3) ? int(0, max * 100) / 100 : int(0, max));
  const near = pick(TURNING_POINTS) + pick([50_000, 75_000]) + int(-200_000, 200_000);
  const grossSalary = Math.max(0, pick([near, int(0, 2_500_000), int(0, 80_000_000)]));
  const basicPlusDA = Math.floor((grossSalary * int(0, 60)) / 100);
  const gain = (): CapitalGain => ({
    section: pick(CAPITAL_GAIN_SECTIONS),
    gain: int(-500_000, pick([300_000, 3_000_000, 40_000_000])),
    transferredBefore23July2024: chance(0.3),
    indexedGain: chance(0.3) ? int(0, 2_000_000) : null,
    landOrBuildingAcquiredBefore23July2024: chance(0.3),
  });
  const input = taxInput({
    age: pick([int(18, 95), 59, 60, 79, 80]),
    residentialStatus: pick(RESIDENTIAL_STATUSES),
    salary: {
      grossSalary,
      basicPlusDA,
      hraReceived: chance(0.5) ? Math.floor((grossSalary * int(0, 40)) / 100) : 0,
      rentPaid: amount(800_000),
      isMetroCity: pick([null, true, false]),
      professionalTax: chance(0.5) ? 2_500 : 0,
      isGovernmentEmployer: chance(0.3),
      employerPfContribution: chance(0.3) ? amount(900_000) : 0,
      employerSuperannuationContribution: chance(0.2) ? amount(200_000) : 0,
    },
    houseProperties: chance(0.35)
      ? [
          {
            type: pick(["self_occupied", "let_out"] as const),
            annualRent: amount(500_000),
            municipalTaxesPaid: 0,
            interestOnHousingLoan: amount(350_000),
          },
        ]
      : [],
    otherIncome: {
      savingsInterest: chance(0.5) ? amount(30_000) : 0,
      depositInterest: chance(0.4) ? amount(300_000) : 0,
      dividends: chance(0.25) ? amount(pick([100_000, 30_000_000])) : 0,
      familyPension: chance(0.1) ? amount(200_000) : 0,
      casualWinnings: chance(0.15) ? amount(pick([100_000, 5_000_000])) : 0,
    },
    capitalGains: chance(0.3) ? Array.from({ length: int(1, 3) }, gain) : [],
    presumptive: chance(0.15)
      ? { profession: { grossReceipts: amount(5_000_000), cashReceipts: 0, declaredIncome: 0 } }
      : chance(0.1)
        ? { business: { digitalTurnover: amount(15_000_000), otherTurnover: amount(1_000_000), cashReceipts: 0, declaredIncome: 0 } }
        : {},
    deductions: {
      section80C: chance(0.3) ? 0 : amount(200_000),
      section80CCD1B: chance(0.5) ? 0 : amount(60_000),
      section80CCD2: chance(0.5) ? 0 : Math.floor((basicPlusDA * int(0, 16)) / 100),
      section80D_selfFamily: chance(0.5) ? 0 : amount(60_000),
      section80D_parents: chance(0.5) ? 0 : amount(60_000),
      parentsAge: chance(0.5) ? null : int(40, 90),
      section80E: chance(0.8) ? 0 : amount(150_000),
      section80G_50WithLimit: chance(0.85) ? 0 : amount(300_000),
    },
    taxesPaid: amount(500_000),
  });
  if (chance(0.12)) {
    input.reported = {
      section80D: amount(100_000),
      ...(chance(0.5) ? { parentsSeniorCitizen: chance(0.5) } : {}),
      ...(chance(0.4) ? { otherChapterVIA: { "80TTA": amount(15_000), "80DD": amount(125_000) } } : {}),
    };
  }
  return input;
}

type Claim = "section80C" | "section80CCD1B" | "section80CCD2" | "section80D_selfFamily" | "section80D_parents";

function claimOf(field: MoveField): Claim {
  return field.slice("deductions.".length) as Claim;
}

function withClaim(input: TaxInput, claim: Claim, value: number): TaxInput {
  return { ...input, deductions: { ...input.deductions, [claim]: value } };
}

const best = (result: ComputeResult) => Math.min(result.regimes.old.totalTax, result.regimes.new.totalTax);
const paise = (rupees: number) => Math.round(rupees * 100);

/** The statutory limit of each old-regime claim a move may top up (reference §7). */
function limits(input: TaxInput): [SavingMoveKind, Claim, number][] {
  const senior = input.residentialStatus !== "non_resident" && input.age >= 60;
  const parentsAge = input.deductions.parentsAge;
  const parentsSenior = parentsAge !== null ? parentsAge >= 60 : input.reported?.parentsSeniorCitizen === true;
  return [
    ["top_up_80c", "section80C", 150_000],
    ["nps_80ccd1b", "section80CCD1B", 50_000],
    ["health_insurance_self_80d", "section80D_selfFamily", senior ? 50_000 : 25_000],
    ["health_insurance_parents_80d", "section80D_parents", parentsSenior ? 50_000 : 25_000],
  ];
}

function checkMove(input: TaxInput, fy: FinancialYear, result: ComputeResult, move: SavingMove): void {
  expect(move.taxSaving).toBeGreaterThan(0);
  expect(move.taxSaving).toBe(move.totalTaxBefore - move.totalTaxAfter);
  if (move.change === null) {
    // Switching regime changes no input: it saves the difference between the default new regime and the old.
    expect(move.kind).toBe("switch_regime");
    expect(move.regimeAfter).toBe("old");
    expect(move.totalTaxBefore).toBe(result.regimes.new.totalTax);
    expect(move.totalTaxAfter).toBe(result.regimes.old.totalTax);
    return;
  }
  const claim = claimOf(move.change.field);
  // The move starts from what the profile claims and asks for `investment` more, to the paisa.
  expect(move.change.from).toBe(input.deductions[claim]);
  expect(move.investment).toBe(paise(move.investment) / 100);
  expect(paise(move.change.to) - paise(move.change.from)).toBe(paise(move.investment));
  const after = computeTax(withClaim(input, claim, (paise(move.change.from) + paise(move.investment)) / 100), fy);
  // Measured from what the profile pays now (the cheaper regime) to the regime the move names, which is then
  // the cheaper one.
  expect(move.totalTaxBefore).toBe(best(result));
  expect(after.regimes[move.regimeAfter].totalTax).toBe(move.totalTaxAfter);
  expect(best(after)).toBe(move.totalTaxAfter);
  // Only s.80CCD(2) counts in the new regime (s.115BAC(2)(i)).
  if (claim !== "section80CCD2") {
    expect(move.regimeAfter).toBe("old");
    // No more than can still be deducted: a paisa less deducts less in the old regime.
    const short = computeTax(withClaim(input, claim, (paise(move.change.to) - 1) / 100), fy);
    expect(short.regimes.old.chapterVIADeductions).toBeLessThan(after.regimes.old.chapterVIADeductions);
  }
}

describe("saving moves against the engine's own totals", () => {
  it("every move saves exactly what it states, no saving is left out, and the order is the documented one", () => {
    const random = seeded(20_260_401);
    let moves = 0;
    for (let i = 0; i < 3_000; i++) {
      const input = randomProfile(random);
      const fy = FINANCIAL_YEARS[i % FINANCIAL_YEARS.length]!;
      const result = computeTax(input, fy);
      for (const move of result.savingMoves) checkMove(input, fy, result, move);
      moves += result.savingMoves.length;

      // Largest saving first; for equal savings the smaller investment first.
      for (let k = 1; k < result.savingMoves.length; k++) {
        const [a, b] = [result.savingMoves[k - 1]!, result.savingMoves[k]!];
        expect(a.taxSaving > b.taxSaving || (a.taxSaving === b.taxSaving && a.investment <= b.investment)).toBe(true);
      }
      // One move of each kind at most; the switch exactly when the old regime costs less.
      const kinds = result.savingMoves.map((m) => m.kind);
      expect(new Set(kinds).size).toBe(kinds.length);
      expect(kinds.includes("switch_regime")).toBe(result.regimes.old.totalTax < result.regimes.new.totalTax);
      // A claim raised to its limit that lowers the tax is offered, and saves as much.
      for (const [kind, claim, limit] of limits(input)) {
        if (input.deductions[claim] >= limit) continue;
        const atLimit = best(computeTax(withClaim(input, claim, limit), fy));
        const offered = result.savingMoves.find((m) => m.kind === kind);
        if (atLimit < best(result)) expect(offered?.totalTaxAfter).toBe(atLimit);
        else expect(offered).toBeUndefined();
      }
      // Employer NPS at 10 % or 14 % of basic + DA (s.80CCD(2)) that lowers the tax is offered, saving at least as much.
      for (const percent of [10, 14]) {
        const contribution = Math.floor((paise(input.salary.basicPlusDA) * percent) / 100) / 100;
        if (contribution <= input.deductions.section80CCD2) continue;
        const after = best(computeTax(withClaim(input, "section80CCD2", contribution), fy));
        const offered = result.savingMoves.find((m) => m.kind === "employer_nps_80ccd2");
        if (after < best(result)) expect(offered?.totalTaxAfter).toBeLessThanOrEqual(after);
      }
    }
    // The generator reaches moves often enough for the checks above to mean something.
    console.log("MOVES", moves);
    expect(moves).toBeGreaterThan(3_000);
  }, 60_000);

  it("the same rupee by rupee around the rebate and surcharge thresholds, where a move can cross one", () => {
    const residents = ["resident", "non_resident"] as const;
    for (const fy of FINANCIAL_YEARS) {
      for (const threshold of TURNING_POINTS) {
        for (let offset = -25; offset <= 25; offset++) {
          for (const residentialStatus of residents) {
            // Old-regime taxable income at threshold + offset with 50,000 of 80C room; then the new regime's, with
            // room for employer NPS (basic + DA 40 % of salary); then half of it as s.111A gains.
            const oldSide = taxInput({
              age: offset % 2 === 0 ? 35 : 62,
              residentialStatus,
              salary: { grossSalary: threshold + offset + 150_000 + 0.5 },
              deductions: { section80C: 100_000.5, section80D_parents: 10_000 },
            });
            const newGross = threshold + offset + 75_000;
            const newSide = taxInput({
              residentialStatus,
              salary: { grossSalary: newGross, basicPlusDA: Math.floor(newGross * 0.4) },
              deductions: { section80CCD2: Math.floor(newGross * 0.04) },
            });
            const withGains = taxInput({
              residentialStatus,
              salary: { grossSalary: Math.ceil(newGross / 2), basicPlusDA: Math.floor(newGross / 5) },
              capitalGains: [{ section: "111A", gain: Math.floor(newGross / 2) }],
              deductions: { section80C: 20_000 },
            });
            for (const input of [oldSide, newSide, withGains]) {
              const result = computeTax(input, fy);
              for (const move of result.savingMoves) checkMove(input, fy, result, move);
            }
          }
        }
      }
    }
  }, 60_000);
});
