// The due-date calendar: one table per financial / tax year, merged once into one ascending list.
import { FY_2024_25 } from "./fy-2024-25";
import { FY_2025_26 } from "./fy-2025-26";
import { TY_2026_27 } from "./ty-2026-27";
import type { Deadline, DeadlineYear, IndividualReturnDates } from "./types";
import { parseIsoDate } from "../../../platform/pure/dates";

export { parseIsoDate };
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

/** Where a page of the calendar starts: the first record due on or after `from`, passing `skip` records due on that day. */
export interface DeadlinePosition {
  from: string;
  skip?: number;
}

/** The index of the first record due on or after `date`; -1 when none is. */
const firstDueFrom = (date: string) => ALL_DEADLINES.findIndex((deadline) => deadline.date >= date);

/**
 * Due dates from a position (`from` an already validated YYYY-MM-DD; such strings order like the dates they name),
 * ascending, at most `limit` of them, and where the next page starts (null after the last record). A position counts
 * records within its day, so a page may end between two records due on the same day and the next goes on from there.
 */
export function listDeadlines({ from, skip = 0, limit }: DeadlinePosition & { limit: number }): {
  deadlines: Deadline[];
  next: DeadlinePosition | null;
} {
  const first = firstDueFrom(from);
  if (first === -1) return { deadlines: [], next: null };
  let start = first;
  while (start - first < skip && ALL_DEADLINES[start]?.date === from) start++;
  const end = start + Math.max(0, limit);
  const following = ALL_DEADLINES[end];
  return {
    deadlines: ALL_DEADLINES.slice(start, end),
    next: following === undefined ? null : { from: following.date, skip: end - firstDueFrom(following.date) },
  };
}

/** A position as the `cursor` of the next page: the day and how many of its records were listed (`2026-06-15.2`). */
export const deadlineCursor = ({ from, skip = 0 }: DeadlinePosition): string => `${from}.${skip}`;

/**
 * The position a cursor names, or null for text that is no cursor of this calendar: one it issued names a day with
 * records due and one of that day's records, its count written without leading zeros.
 */
export function parseDeadlineCursor(cursor: string): Required<DeadlinePosition> | null {
  const match = /^(\d{4}-\d{2}-\d{2})\.(0|[1-9]\d{0,2})$/.exec(cursor);
  if (!match) return null;
  const from = match[1]!;
  const skip = Number(match[2]);
  const first = firstDueFrom(from);
  return first !== -1 && ALL_DEADLINES[first + skip]?.date === from ? { from, skip } : null;
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
