// The engine's entry point: both regimes, the recommendation, the return form and the saving moves.
import { assess, emptyRegimeResult, toFacts } from "./assess";
import { reportedFigureNotes } from "./form16-figures";
import { chooseItrForm } from "./itr-form";
import { formatRupees, toPaise } from "./rounding";
import { findSavingMoves } from "./moves";
import type { ComputeResult, FinancialYear, TaxInput } from "./types";
import { YEAR_RULES } from "./years";

export const DISCLAIMER =
  "This computation is informational only and is not tax advice. It covers the income and deductions entered, " +
  "under the rules documented for the chosen year; check your return with a qualified professional before filing.";

export function computeTax(input: TaxInput, financialYear: FinancialYear): ComputeResult {
  const year = YEAR_RULES[financialYear];
  const facts = toFacts(input, year);
  const oldRegime = emptyRegimeResult("old");
  const newRegime = emptyRegimeResult("new");
  const oldTotal = assess(facts, year, "old", oldRegime);
  const newTotal = assess(facts, year, "new", newRegime);
  // A tie goes to the new regime: it is the default (s.115BAC(1A)) and needs no opting out.
  const recommendedRegime = oldTotal < newTotal ? "old" : "new";
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
