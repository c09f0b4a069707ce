// Income from other sources (ss.56-57) for one regime: interest against dividends (the s.57(i) proviso) and the
// family-pension deduction (s.57(iia)). A non-resident's dividends (s.115A) and winnings (s.115BB) are in the head
// too, charged at their own rates.
import { pushLine } from "./deduction-lines";
import type { Facts } from "./facts";
import type { DeductionLine } from "./types";
import type { RegimeRules } from "./years";

const REASON_FAMILY_PENSION = "s.57(iia): one-third of the family pension or the cap, whichever is less";

/** The head, in paise. */
export interface OtherSourcesHead {
  familyPensionDeduction: number;
  /** The part at the slab rates: a non-resident's dividends and winnings left out. */
  ordinary: number;
  income: number;
}

/** The Other sources head under `rules`; adds its deduction lines to `lines` when given. */
export function otherSourcesHead(f: Facts, rules: RegimeRules, lines: DeductionLine[] | null): OtherSourcesHead {
  const interest = f.dividendInterest;
  // s.57(iia): one-third of family pension, capped per regime.
  const familyPensionCap = rules.familyPensionDeductionCap * 100;
  const oneThird = Math.floor(f.familyPension / 3);
  const familyPensionDeduction = Math.min(oneThird, familyPensionCap);
  if (lines !== null) {
    if (interest.claimed > 0) {
      const description = "Interest on money borrowed to earn dividends";
      pushLine(lines, interest.section, "otherSources", description, interest.claimed, interest.allowed, interest.limit, interest.limitedBy);
    }
    if (f.familyPension > 0) {
      pushLine(lines, "57(iia)", "otherSources", "Family pension", oneThird, familyPensionDeduction, familyPensionCap, REASON_FAMILY_PENSION);
    }
  }
  // A non-resident's dividends stay out of the slab-rate part: s.115A charges them apart.
  const ordinary =
    f.savingsInterest + f.depositInterest + slabRateDividends(f) + f.familyPension - familyPensionDeduction + f.reported.otherSourcesIncome;
  return { familyPensionDeduction, ordinary, income: ordinary + f.nonResidentDividends + f.casualWinnings };
}

/** A resident's dividends less the interest allowed against them: the dividends the slab rates charge. */
export function slabRateDividends(f: Facts): number {
  return f.dividends - f.nonResidentDividends - f.dividendInterest.allowed;
}
