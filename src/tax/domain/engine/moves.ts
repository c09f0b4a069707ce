// Saving moves: each candidate action is priced by re-running `assess` on the changed facts; only actions that
// lower the best total survive, ranked by the rupees they save.
import { financialYearLastDay } from "../../../platform/pure/financial-year";
import { assess, emptyRegimeResult, type Facts } from "./assess";
import { formatPaise, percentOfFloor, toPaise, toRupees } from "./rounding";
import type { MoveField, Regime, RegimeResult, SavingMove, SavingMoveKind, TaxInput } from "./types";
import { LIMITS, type SectionNames, type YearRules } from "./years";

type FactKey = "section80C" | "section80CCD1B" | "section80D_selfFamily" | "section80D_parents" | "section80CCD2";

const FACT_OF_FIELD: Readonly<Record<MoveField, FactKey>> = {
  "deductions.section80C": "section80C",
  "deductions.section80CCD1B": "section80CCD1B",
  "deductions.section80D_selfFamily": "section80D_selfFamily",
  "deductions.section80D_parents": "section80D_parents",
  "deductions.section80CCD2": "section80CCD2",
};

interface Candidate {
  kind: SavingMoveKind;
  section: string;
  field: MoveField;
  /** Target claim in paise: the section's limit, or for s.80CCD(2) the contribution chosen. */
  target: number;
}

interface Priced {
  totalTaxAfter: number;
  regimeAfter: Regime;
}

/**
 * Re-runs the engine with one fact changed on `scratch` (a copy of the base facts), then restores it. Of these
 * facts only s.80CCD(2) counts in the new regime (s.115BAC(2)(i)), so for the others its base total stands.
 * Without `oldRegimeOpen` (a late return, s.115BAC(6)(ii)) only the new regime is priced.
 */
function price(scratch: Facts, year: YearRules, key: FactKey, target: number, baseNewTotal: number, oldRegimeOpen: boolean): Priced {
  const current = scratch[key];
  scratch[key] = target;
  const newRegimeUnchanged = key !== "section80CCD2" && !year.new.allowsOldRegimeDeductions;
  const oldTotal = oldRegimeOpen ? assess(scratch, year, "old", null) : Infinity;
  const newTotal = newRegimeUnchanged ? baseNewTotal : assess(scratch, year, "new", null);
  scratch[key] = current;
  // Ties go to the new regime: it is the default (s.115BAC(1A)) and needs no opting out.
  return oldTotal < newTotal ? { totalTaxAfter: oldTotal, regimeAfter: "old" } : { totalTaxAfter: newTotal, regimeAfter: "new" };
}

/** What a move's words depend on beyond its amounts: the year's sections and the regime it is compared with. */
interface MoveWording {
  sections: SectionNames;
  recommended: Regime;
  business: boolean;
}

/**
 * When and for how long an opt-out holds, s.115BAC(6): without business income it is made in each year's return
 * filed by the s.139(1) due date; with it, by that date, and it then binds later years until withdrawn, once.
 */
function optOutTerms({ sections, business }: MoveWording): string {
  return business
    ? `on or before the s.${sections.returnByDueDate} due date; with business or professional income the opt-out carries on to later years and can be withdrawn only once`
    : `in a return filed by the s.${sections.returnByDueDate} due date`;
}

/**
 * The regime step a move needs when it pays off only in the regime not recommended now: opting out for the old
 * regime; for the new one, staying in it, since s.80CCD(2) above 10 % of basic + DA counts only there.
 */
function regimeStep(regimeAfter: Regime, wording: MoveWording): string {
  if (regimeAfter === wording.recommended) return "";
  return regimeAfter === "old"
    ? `, and opt out of the new regime (s.${wording.sections.regimeOptOut}) ${optOutTerms(wording)}`
    : `, and stay in the new regime rather than opting out of it (s.${wording.sections.newRegimeDefault})`;
}

/**
 * The words of a move; `from`, `to` and `limit` are the claim and the section's limit in paise, so the amounts are
 * the exact ones to pay. A claim short of its limit says that no more of it can be deducted.
 */
function actionText(kind: SavingMoveKind, from: number, to: number, limit: number, regimeAfter: Regime, wording: MoveWording): string {
  const more = formatPaise(to - from);
  const step = regimeStep(regimeAfter, wording);
  const inAll = `${formatPaise(to)} in all, as much as can still be deducted this year`;
  const limitWords = to < limit ? `${inAll}; limit ${formatPaise(limit)}` : `limit ${formatPaise(limit)}`;
  switch (kind) {
    case "top_up_80c":
      return `Invest ${more} more in s.80C instruments (PPF, ELSS, VPF, life insurance premium) ${to < limit ? `to claim ${inAll}` : "to reach the ₹1,50,000 limit"}${step}`;
    case "nps_80ccd1b":
      return `Contribute ${more} more to your NPS Tier I account under s.80CCD(1B), over and above the s.80C limit${to < limit ? `, to claim ${inAll}` : ""}${step}`;
    case "health_insurance_self_80d":
      return `Pay ${more} more in health-insurance premium for yourself, spouse and children under s.80D (${limitWords})${step}`;
    case "health_insurance_parents_80d":
      return `Buy health insurance for your parents: ${more} more in premium under s.80D (${limitWords})${step}`;
    case "employer_nps_80ccd2":
      return `Restructure salary so your employer pays ${formatPaise(to)} a year into your NPS account (s.80CCD(2))${from > 0 ? `, up from ${formatPaise(from)}` : ""}${step}`;
    case "switch_regime":
      return `Opt out of the new regime and file under the old regime (s.${wording.sections.regimeOptOut}), ${wording.business ? "opting out " : ""}${optOutTerms(wording)}`;
  }
}

/** The least of `a`..`d` above `floor`, or Infinity: the NPS targets in ascending order without a sort. */
function smallestAbove(floor: number, a: number, b: number, c: number, d: number): number {
  let least = Infinity;
  if (a > floor && a < least) least = a;
  if (b > floor && b < least) least = b;
  if (c > floor && c < least) least = c;
  if (d > floor && d < least) least = d;
  return least;
}

/** Chapter VI-A the old regime allows, in paise, with `key` claimed at `claim` (`probe` is reused: no allocation). */
function oldRegimeDeductions(scratch: Facts, year: YearRules, key: FactKey, claim: number, probe: RegimeResult): number {
  const current = scratch[key];
  scratch[key] = claim;
  probe.deductions.length = 0;
  probe.slabs.length = 0;
  probe.specialRateIncome.length = 0;
  assess(scratch, year, "old", probe);
  scratch[key] = current;
  return toPaise(probe.chapterVIADeductions);
}

/**
 * The claim a move takes: its limit, or less where no more of it can be deducted (s.80A(2) keeps Chapter VI-A
 * within gross total income other than special-rate income, a non-resident's dividends included (s.115A(4));
 * an unsplit s.80D total shares both s.80D caps). It is the least claim that deducts as much as the limit does, so
 * it saves as much. A rupee more claimed deducts at most a rupee more, so that claim is at least `current` plus the
 * gain; it is exactly that unless a s.80G qualifying limit (10 % of adjusted gross total income) shrinks as the claim
 * grows, and then halving finds it. s.80GG breaks the first rule: it grows by a tenth of each rupee another claim
 * takes off total income, so with it halving looks below that amount too.
 */
function claimWithinRoom(scratch: Facts, year: YearRules, key: FactKey, limit: number, baseDeductions: number, probe: RegimeResult): number {
  const atLimit = oldRegimeDeductions(scratch, year, key, limit, probe);
  const reaches = (claim: number) => oldRegimeDeductions(scratch, year, key, claim, probe) === atLimit;
  const least = Math.min(limit, scratch[key] + atLimit - baseDeductions);
  const leastReaches = least === limit || reaches(least);
  if (leastReaches && scratch.section80GG_rentPaid === 0) return least;
  let short = leastReaches ? scratch[key] : least;
  let enough = leastReaches ? least : limit;
  while (enough - short > 1) {
    const middle = Math.floor((short + enough) / 2);
    if (reaches(middle)) enough = middle;
    else short = middle;
  }
  return enough;
}

/**
 * Candidate moves for `base`, priced against the best of `oldTotal` and `newTotal`. A regime switch is priced
 * against the new regime, the default a taxpayer gets by doing nothing (s.115BAC(1A)). `oldDeductions`: the old
 * regime's Chapter VI-A for `base`, in paise. `recommended` is the answer's regime: with interest and the
 * late-filing fee counted it can be the new one though the old regime's tax is lower, and then opting out saves
 * tax but costs more in all. Without `oldRegimeOpen` the return can no longer opt out (s.115BAC(6)(ii)): moves are
 * priced in the new regime alone, against its total.
 */
export function findSavingMoves(
  base: Facts,
  year: YearRules,
  oldTotal: number,
  newTotal: number,
  oldDeductions: number,
  recommended: Regime,
  oldRegimeOpen: boolean,
): SavingMove[] {
  const best = oldRegimeOpen ? Math.min(oldTotal, newTotal) : newTotal;
  const scratch: Facts = { ...base };
  const moves: SavingMove[] = [];
  const wording: MoveWording = { sections: year.sections, recommended, business: base.hasBusinessIncome };
  // ss.80C, 80CCD(1B), 80CCD(2) and 80D count only what is paid in the year, so a payment is due by its 31 March.
  const paidBy = financialYearLastDay(Number(year.financialYear.slice(0, 4)));
  if (recommended === "old" && oldTotal < newTotal) {
    moves.push({
      kind: "switch_regime",
      section: year.sections.regimeOptOut,
      action: actionText("switch_regime", 0, 0, 0, "old", { ...wording, recommended: "new" }),
      actBy: base.returnDueDate,
      change: null,
      investment: 0,
      regimeAfter: "old",
      totalTaxBefore: newTotal,
      totalTaxAfter: oldTotal,
      taxSaving: newTotal - oldTotal,
    });
  }

  const candidates: Candidate[] = [
    { kind: "top_up_80c", section: "80C", field: "deductions.section80C", target: LIMITS.section80CCE * 100 },
    { kind: "nps_80ccd1b", section: "80CCD(1B)", field: "deductions.section80CCD1B", target: LIMITS.section80CCD1B * 100 },
    {
      kind: "health_insurance_self_80d",
      section: "80D",
      field: "deductions.section80D_selfFamily",
      target: (base.seniorCitizen ? LIMITS.section80DSenior : LIMITS.section80D) * 100,
    },
    {
      kind: "health_insurance_parents_80d",
      section: "80D",
      field: "deductions.section80D_parents",
      target: (base.parentsSeniorCitizen ? LIMITS.section80DSenior : LIMITS.section80D) * 100,
    },
  ];
  // s.80CCD(2): the employer's contribution is limited to a percentage of basic + DA that differs by regime and
  // employer; and above the s.17(2)(vii) aggregate of ₹7,50,000 (with PF and superannuation) each further rupee
  // is taxed as a perquisite, so the contribution that just fills the aggregate is a candidate too. Try each
  // distinct target, smallest first, and keep the one that saves most (ties: the smaller outlay). A pension comes with
  // no employer to contribute.
  if (base.basicPlusDA > 0 && !base.salaryIsPension) {
    const percents = base.isGovernmentEmployer
      ? [year.old.employerNpsPercentGovernment, year.new.employerNpsPercentGovernment]
      : [year.old.employerNpsPercent, year.new.employerNpsPercent];
    const aggregateRoom = LIMITS.employerContributionsPerquisiteAbove * 100 - base.otherEmployerContributions;
    const first = percentOfFloor(base.basicPlusDA, percents[0]!);
    const second = percentOfFloor(base.basicPlusDA, percents[1]!);
    const firstCapped = Math.min(first, aggregateRoom);
    const secondCapped = Math.min(second, aggregateRoom);
    let bestNps: Candidate | null = null;
    let bestNpsTotal = best;
    for (let target = base.section80CCD2; ; ) {
      target = smallestAbove(target, first, second, firstCapped, secondCapped);
      if (target === Infinity) break;
      const total = price(scratch, year, "section80CCD2", target, newTotal, oldRegimeOpen).totalTaxAfter;
      if (total < bestNpsTotal) {
        bestNpsTotal = total;
        bestNps = { kind: "employer_nps_80ccd2", section: "80CCD(2)", field: "deductions.section80CCD2", target };
      }
    }
    if (bestNps !== null) candidates.push(bestNps);
  }

  let probe: RegimeResult | null = null;
  for (const candidate of candidates) {
    const key = FACT_OF_FIELD[candidate.field];
    const current = base[key];
    if (candidate.target <= current) continue;
    const priced = price(scratch, year, key, candidate.target, newTotal, oldRegimeOpen);
    if (priced.totalTaxAfter >= best) continue;
    // Only the old regime allows the other four; the least claim that deducts as much saves as much.
    const claim =
      key === "section80CCD2"
        ? candidate.target
        : claimWithinRoom(scratch, year, key, candidate.target, oldDeductions, (probe ??= emptyRegimeResult("old")));
    moves.push({
      kind: candidate.kind,
      section: candidate.section,
      action: actionText(candidate.kind, current, claim, candidate.target, priced.regimeAfter, wording),
      actBy: paidBy,
      change: { field: candidate.field, from: toRupees(current), to: toRupees(claim) },
      // In paise first: rupees with paise subtracted in floating point drift (1,50,000 − 1,00,000.10).
      investment: toRupees(claim - current),
      regimeAfter: priced.regimeAfter,
      totalTaxBefore: best,
      totalTaxAfter: priced.totalTaxAfter,
      taxSaving: best - priced.totalTaxAfter,
    });
  }
  // Largest saving first; for equal savings the smaller outlay first (Array.prototype.sort is stable).
  return moves.sort((a, b) => b.taxSaving - a.taxSaving || a.investment - b.investment);
}

/** The input a move describes: what a caller re-runs to check the move's saving. */
export function applySavingMove(input: TaxInput, move: SavingMove): TaxInput {
  if (move.change === null) return input;
  const key = FACT_OF_FIELD[move.change.field];
  return { ...input, deductions: { ...input.deductions, [key]: move.change.to } };
}
