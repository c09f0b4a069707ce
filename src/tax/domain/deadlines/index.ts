// The due-date calendar: one table per financial / tax year, merged once into one ascending list.
import { FY_2024_25 } from "./fy-2024-25";
import { FY_2025_26 } from "./fy-2025-26";
import { TY_2026_27 } from "./ty-2026-27";
import type { Deadline, DeadlineYear, IndividualReturnDates } from "./types";

export { parseIsoDate } from "../../../platform/pure/dates";
export type { IsoDateResult } from "../../../platform/pure/dates";
export { istToday } from "../../../platform/pure/ist";
export { ACTS, DEADLINE_CATEGORIES } from "./types";
export type { Act, Deadline, DeadlineCategory, DeadlineYear, IndividualReturnDates } from "./types";
export { advanceTaxDueDates } from "./recurring";

/** Adding a year is adding its table here. */
export const DEADLINE_YEARS: readonly DeadlineYear[] = [FY_2024_25, FY_2025_26, TY_2026_27];

// Array.prototype.sort is stable (ES2019), so same-date records keep table order: year, then row.
const ALL_DEADLINES: readonly Deadline[] = DEADLINE_YEARS.flatMap((year) =>
  year.deadlines.map((row) => ({
    ...row,
    act: year.act,
    financialYear: year.financialYear,
    assessmentYear: year.assessmentYear,
    taxYear: year.taxYear,
  })),
).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

/**
 * Due dates on or after `from` (an already validated YYYY-MM-DD; such strings order like the dates they name),
 * ascending, at most `limit` of them.
 */
export function listDeadlines({ from, limit }: { from: string; limit: number }): Deadline[] {
  const first = ALL_DEADLINES.findIndex((deadline) => deadline.date >= from);
  return first === -1 ? [] : ALL_DEADLINES.slice(first, first + Math.max(0, limit));
}

/** An individual's return dates for a financial year the calendar covers; undefined for any other year. */
export function individualReturnDates(financialYear: string): IndividualReturnDates | undefined {
  return DEADLINE_YEARS.find((year) => year.financialYear === financialYear)?.individualReturns;
}

/**
 * An individual's s.139(1) due date (Explanation 2; tax year 2026-27: s.263(1)): later with income from business or
 * profession, later still when the accounts must be audited.
 */
export function individualReturnDueDate(returns: IndividualReturnDates, business: { income: boolean; taxAudit: boolean }): string {
  if (business.taxAudit) return returns.dueWithAudit;
  return business.income ? returns.dueWithBusinessIncome : returns.dueWithoutBusinessIncome;
}
