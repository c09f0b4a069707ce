// Indian financial years (1 April to 31 March, s.3 of the Income-tax Act; the GST invoice year is the same).
// Pure: domain code of either service may import it.
import { IST_OFFSET_MS } from "./ist";

/** The year in which the financial year containing `nowMs` (by the calendar in India) began, e.g. 2026. */
export function financialYearStart(nowMs: number): number {
  const ist = new Date(nowMs + IST_OFFSET_MS);
  const year = ist.getUTCFullYear();
  return ist.getUTCMonth() >= 3 ? year : year - 1;
}

/** The year in which the financial year of a calendar date (YYYY-MM-DD) began: 2026-03-31 -> 2025, 2026-04-01 -> 2026. */
export function financialYearStartOf(isoDate: string): number {
  const year = Number(isoDate.slice(0, 4));
  return Number(isoDate.slice(5, 7)) >= 4 ? year : year - 1;
}

/** A financial year's last day, e.g. 2025 -> "2026-03-31". */
export function financialYearLastDay(startYear: number): string {
  return `${startYear + 1}-03-31`;
}

/** The first year of a financial year's label, "2021-22" -> 2021; null when the label is not a financial year's. */
export function financialYearStartOfLabel(label: string): number | null {
  const match = /^(\d{4})-(\d{2})$/.exec(label);
  if (match === null) return null;
  const start = Number(match[1]);
  return Number(match[2]) === (start + 1) % 100 ? start : null;
}

/** A financial year's label, e.g. 2026 -> "2026-27". */
export function financialYearLabel(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, "0")}`;
}
