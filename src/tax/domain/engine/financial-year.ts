// Which financial year a moment falls in, by the calendar in India. IST is a fixed UTC+05:30 (no DST).
import { financialYearLabel, financialYearStart } from "../../../platform/pure/financial-year";
import { FINANCIAL_YEARS, type FinancialYear } from "./types";

/** The financial year (1 April to 31 March, s.3) containing `nowMs` in IST, e.g. "2026-27". */
export function currentFinancialYear(nowMs: number): string {
  return financialYearLabel(financialYearStart(nowMs));
}

export function isSupportedFinancialYear(value: string): value is FinancialYear {
  return (FINANCIAL_YEARS as readonly string[]).includes(value);
}
