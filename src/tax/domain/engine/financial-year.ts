// Which financial year a moment falls in, by the calendar in India. IST is a fixed UTC+05:30 (no DST).
import { FINANCIAL_YEARS, type FinancialYear } from "./types";

const IST_OFFSET_MS = 19_800_000;

/** The financial year (1 April to 31 March, s.3) containing `nowMs` in IST, e.g. "2026-27". */
export function currentFinancialYear(nowMs: number): string {
  const ist = new Date(nowMs + IST_OFFSET_MS);
  const year = ist.getUTCFullYear();
  const startYear = ist.getUTCMonth() >= 3 ? year : year - 1;
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, "0")}`;
}

export function isSupportedFinancialYear(value: string): value is FinancialYear {
  return (FINANCIAL_YEARS as readonly string[]).includes(value);
}
