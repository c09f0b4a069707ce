// The annual GST return (GSTR-9, CGST s.44) of a financial year and the day it was furnished: the earlier of that day
// and 30 November after the year ends the credit notes that may still reduce the year's GST (CGST s.34(2)).
import { financialYearLabel, financialYearStartOf } from "../../platform/pure/financial-year";
import { lastGstCorrectionDate } from "./gst-time-limit";

/** GST came into force on 1 July 2017, so 2017-18 is the first year with an annual return. */
const FIRST_GST_YEAR = 2017;

export type FinancialYearResult = { ok: true; startYear: number; label: string } | { ok: false; error: string };

/** A financial year written as its two calendar years, "2024-25": the second half is the year after the first. */
export function parseFinancialYear(value: string): FinancialYearResult {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  if (!match) return { ok: false, error: 'must be a financial year written like "2024-25"' };
  const startYear = Number(match[1]);
  const label = financialYearLabel(startYear);
  if (value !== label) return { ok: false, error: `must be two consecutive years: ${startYear} is followed by ${label}` };
  if (startYear < FIRST_GST_YEAR) {
    return { ok: false, error: `${value} is before GST, which began on 1 July 2017: the first annual return is for 2017-18` };
  }
  return { ok: true, startYear, label };
}

/** The financial year (April to March) of an IST date, as its label: 2025-03-31 → "2024-25", 2025-04-01 → "2025-26". */
export function financialYearOf(isoDate: string): string {
  return financialYearLabel(financialYearStartOf(isoDate));
}

export type FilingDateResult = { ok: true } | { ok: false; error: string };

/**
 * Whether `filedOn` (a real YYYY-MM-DD date) can be the day the annual return of the financial year that began in
 * `startYear` was furnished, judged on the IST day `today`: after the year ended (a return is for a finished year),
 * and not after today.
 */
export function checkAnnualReturnFiledOn(input: { startYear: number; filedOn: string; today: string }): FilingDateResult {
  const { startYear, filedOn, today } = input;
  if (financialYearStartOf(filedOn) <= startYear) {
    return {
      ok: false,
      error: `${filedOn} is not after 31 March ${startYear + 1}, when financial year ${financialYearLabel(startYear)} ends: an annual return is furnished for a finished year`,
    };
  }
  if (filedOn > today) return { ok: false, error: `${filedOn} is after today (${today}, IST)` };
  return { ok: true };
}

/**
 * The last IST date on which a credit note against any invoice of `financialYear` (a valid label) still adjusts GST,
 * its annual return furnished on `filedOn`: every invoice of the year shares it, so its first day, 1 April, stands for
 * them all.
 */
export function creditNotesAdjustGstUntil(financialYear: string, filedOn: string): string {
  return lastGstCorrectionDate(`${financialYear.slice(0, 4)}-04-01`, filedOn);
}
