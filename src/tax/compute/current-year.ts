import { currentFinancialYear, FINANCIAL_YEARS, isSupportedFinancialYear, type FinancialYear } from "../domain/engine";
import { taxError } from "../hono";

/** The financial year of today's IST date; a year whose rules are not in the engine yet must be asked for explicitly. */
export function currentYearOrFail(nowMs: number): FinancialYear {
  const current = currentFinancialYear(nowMs);
  if (isSupportedFinancialYear(current)) return current;
  throw taxError(
    "validation_error",
    `financialYear: not given, and the rules of the current financial year (${current}) are not available yet; give financialYear as one of ${FINANCIAL_YEARS.join(", ")}`,
  );
}
