// Invoice and credit-note numbers run consecutively within an Indian financial year (April to March), so
// the year is part of the number: INV/2526/000001, CN/2526/000001.
import { financialYearStartOf } from "../../platform/pure/financial-year";

/** The financial year of an IST date (YYYY-MM-DD) as its 4-digit code: 2026-03-31 → "2526", 2026-04-01 → "2627". */
export function financialYearCode(isoDate: string): string {
  const start = financialYearStartOf(isoDate);
  return `${String(start % 100).padStart(2, "0")}${String((start + 1) % 100).padStart(2, "0")}`;
}

/** The prefix every credit note of that financial year shares: "CN/2526/". */
export function creditNotePrefix(isoDate: string): string {
  return `CN/${financialYearCode(isoDate)}/`;
}
