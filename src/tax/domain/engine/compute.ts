// The engine's entry point: both regimes, the recommendation, the return form and the saving moves.
import { assess, emptyRegimeResult, toFacts } from "./assess";
import { reportedFigureNotes } from "./form16-figures";
import { chooseItrForm } from "./itr-form";
import { formatRupees, toPaise } from "./rounding";
import { findSavingMoves } from "./moves";
import type { ComputeResult, FinancialYear, Regime, TaxInput } from "./types";
import { YEAR_RULES, type YearRules } from "./years";

export const DISCLAIMER =
  "This computation is informational only and is not tax advice. It covers the income and deductions entered, " +
  "under the rules documented for the chosen year; check your return with a qualified professional before filing.";

/** Both regimes assessed and the one that costs less; a tie goes to the new regime, the default (s.115BAC(1A)). */
function assessBoth(facts: ReturnType<typeof toFacts>, year: YearRules) {
  const oldRegime = emptyRegimeResult("old");
  const newRegime = emptyRegimeResult("new");
  const oldTotal = assess(facts, year, "old", oldRegime);
  const newTotal = assess(facts, year, "new", newRegime);
  const recommendedRegime: Regime = oldTotal < newTotal ? "old" : "new";
  return { oldRegime, newRegime, oldTotal, newTotal, recommendedRegime };
}

/**
 * Only each regime's total tax and the recommendation, as `computeTax` works them out, without the return form
 * and the saving moves (which assess the profile again for every move): what a list of saved profiles shows.
 */
export function compareRegimes(input: TaxInput, financialYear: FinancialYear): RegimeComparison {
  const { oldRegime, newRegime, recommendedRegime } = assessBoth(toFacts(input, YEAR_RULES[financialYear]), YEAR_RULES[financialYear]);
  return { recommendedRegime, totalTax: { old: oldRegime.totalTax, new: newRegime.totalTax } };
}

export interface RegimeComparison {
  recommendedRegime: Regime;
  totalTax: Record<Regime, number>;
}

export function computeTax(input: TaxInput, financialYear: FinancialYear): ComputeResult {
  const year = YEAR_RULES[financialYear];
  const facts = toFacts(input, year);
  const { oldRegime, newRegime, oldTotal, newTotal, recommendedRegime } = assessBoth(facts, year);
  return {
    financialYear,
    yearLabel: year.yearLabel,
    act: year.act,
    regimes: { old: oldRegime, new: newRegime },
    recommendedRegime,
    recommendedRegimeSaving: Math.abs(newTotal - oldTotal),
    chosenRegime: input.chosenRegime ?? null,
    itr: chooseItrForm(input, year, recommendedRegime === "old" ? oldRegime : newRegime),
    savingMoves: findSavingMoves(facts, year, oldTotal, newTotal, toPaise(oldRegime.chapterVIADeductions)),
    notes: [
      ...reportedFigureNotes(input, input.ageGiven ?? true),
      ...(input.chosenRegime !== undefined && input.chosenRegime !== recommendedRegime && oldTotal !== newTotal
        ? [
            `chosenRegime: the ${recommendedRegime} regime costs ${formatRupees(Math.abs(newTotal - oldTotal))} less than the ${input.chosenRegime} regime chosen with the employer; the return can still choose (s.115BAC(6))`,
          ]
        : []),
    ],
    disclaimer: DISCLAIMER,
  };
}
