// Calendar dates written YYYY-MM-DD. Pure: domain code of either service may import it.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export type IsoDateResult = { ok: true; value: string } | { ok: false; error: string };

/** Accepts only a real calendar date written YYYY-MM-DD (2026-02-30 and 2026-2-3 are rejected). */
export function parseIsoDate(s: string): IsoDateResult {
  const match = ISO_DATE.exec(s);
  if (!match) return { ok: false, error: "must be a date in YYYY-MM-DD format" };
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return { ok: false, error: "is not a real calendar date" };
  }
  return { ok: true, value: s };
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}
