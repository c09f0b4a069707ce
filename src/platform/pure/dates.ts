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

const twoDigits = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** The last instant `isoTime` writes itself: 9999-12-31T23:59:59.999Z. */
const LAST_FOUR_DIGIT_YEAR_MS = 253_402_300_799_999;

/**
 * `new Date(ms).toISOString()`, character for character, about three times as fast: lists print a time for each of
 * up to 1,000 rows, and the Date object per row was the largest single cost of building their answers. Days become
 * a civil date by H. Hinnant's days-to-civil algorithm (https://howardhinnant.github.io/date_algorithms.html);
 * instants outside 1970 to 9999 go through Date.
 */
export function isoTime(ms: number): string {
  if (!Number.isSafeInteger(ms) || ms < 0 || ms > LAST_FOUR_DIGIT_YEAR_MS) return new Date(ms).toISOString();
  const days = Math.floor(ms / 86_400_000);
  const msOfDay = ms - days * 86_400_000;
  // Days since 0000-03-01, counted in 400-year eras of 146,097 days; a year starts in March, so February is last.
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const marchMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * marchMonth + 2) / 5) + 1;
  const month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9;
  const year = era * 400 + yearOfEra + (month <= 2 ? 1 : 0);
  const hours = Math.floor(msOfDay / 3_600_000);
  const minutes = Math.floor(msOfDay / 60_000) % 60;
  const seconds = Math.floor(msOfDay / 1000) % 60;
  const millis = msOfDay % 1000;
  const fraction = millis < 10 ? `00${millis}` : millis < 100 ? `0${millis}` : `${millis}`;
  return `${year}-${twoDigits(month)}-${twoDigits(day)}T${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(seconds)}.${fraction}Z`;
}
