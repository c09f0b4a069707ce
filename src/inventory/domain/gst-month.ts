// The tax period of a monthly GST return (GSTR-1, GSTR-3B): an IST calendar month, as the instants of the sales
// and the dates of the credit notes that fall in it.
import { GST_START_DATE } from "./gst-rates";
import { istDateOf, istDayStartUtcMs } from "./ist";

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export type MonthResult = { ok: true; value: string } | { ok: false; error: string };

/** Accepts only a real month written YYYY-MM (2026-13, 2026-1 and 2026-11-01 are refused). */
export function parseMonth(s: string): MonthResult {
  return MONTH.test(s) ? { ok: true, value: s } : { ok: false, error: "must be a month in YYYY-MM format, like 2026-11" };
}

export type GstMonthResult =
  | {
      ok: true;
      month: string;
      /** First and day after the last IST date of the month, YYYY-MM-DD: credit notes dated in [firstDay, nextMonthFirstDay). */
      firstDay: string;
      nextMonthFirstDay: string;
      /** The month's instants, UTC epoch ms: sales sold in [fromMs, toMsExclusive). */
      fromMs: number;
      toMsExclusive: number;
    }
  | { ok: false; error: string };

/** The month after `month` (YYYY-MM). */
function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const number = Number(month.slice(5, 7));
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, "0")}`;
}

/**
 * The IST month `month` (default: the current one in India at `nowMs`). A month after the current one has no return
 * yet, and one before July 2017 none at all (GST began on 1 July 2017): both are refused, saying why.
 */
export function gstMonth(input: { month?: string; nowMs: number }): GstMonthResult {
  const current = istDateOf(input.nowMs).slice(0, 7);
  const month = input.month ?? current;
  const parsed = parseMonth(month);
  if (!parsed.ok) return parsed;
  if (month > current) return { ok: false, error: `${month} is after the current month in India (IST), ${current}` };
  const first = GST_START_DATE.slice(0, 7);
  if (month < first) return { ok: false, error: `${month} is before GST began on ${GST_START_DATE}; the first month is ${first}` };
  const firstDay = `${month}-01`;
  const nextMonthFirstDay = `${nextMonth(month)}-01`;
  return { ok: true, month, firstDay, nextMonthFirstDay, fromMs: istDayStartUtcMs(firstDay), toMsExclusive: istDayStartUtcMs(nextMonthFirstDay) };
}
