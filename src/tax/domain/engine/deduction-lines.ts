// The detailed result's deduction lines: what was claimed, what is allowed, and the rule that cut it.
import { toRupees } from "./rounding";
import type { DeductionLine, IncomeHead } from "./types";

/** Why the new regime allows nil of a claim the old regime allows. */
export const NEW_REGIME_BAR = "s.115BAC(2): not allowed in the new regime";

/** Adds a line; `limitedBy` shows only when less than the claim is allowed; an Infinity `limit` is shown as none. */
export function pushLine(
  lines: DeductionLine[],
  section: string,
  head: IncomeHead,
  description: string,
  claimed: number,
  allowed: number,
  limit: number,
  limitedBy: string | null,
): void {
  lines.push({
    section,
    head,
    description,
    claimed: toRupees(claimed),
    allowed: toRupees(allowed),
    limit: limit === Infinity ? null : toRupees(limit),
    limitedBy: allowed < claimed ? limitedBy : null,
  });
}
