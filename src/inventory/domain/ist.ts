// India Standard Time windows of the inventory service, on the shared pure IST and calendar-date helpers.
import { parseIsoDate } from "../../platform/pure/dates";
import { IST_OFFSET_MS, istToday as istDateOf } from "../../platform/pure/ist";

export { parseIsoDate, type IsoDateResult } from "../../platform/pure/dates";
/** The IST calendar date an instant falls on. */
export { istDateOf };

const DAY_MS = 86_400_000;

/** How far ahead of the service's clock "now" by a client's clock may read: clocks drift by a few minutes. */
const CLIENT_CLOCK_AHEAD_MS = 5 * 60_000;

/**
 * Whether an instant a client sends (a sale's, a lot's receipt) lies in the future: more than clock drift ahead, or
 * on an IST date after today's, which would date the entry tomorrow.
 */
export function isAheadOfNow(instantMs: number, nowMs: number): boolean {
  return instantMs > nowMs + CLIENT_CLOCK_AHEAD_MS || istDateOf(instantMs) > istDateOf(nowMs);
}

/** Default sales window: the 30 days before today plus today (IST). */
export const DEFAULT_SALES_WINDOW_DAYS = 30;

/** First instant (epoch ms) of an IST calendar date: "2026-11-01" → 2026-10-31T18:30:00Z. Takes a valid date. */
export function istDayStartUtcMs(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00Z`) - IST_OFFSET_MS;
}

/** A valid date moved by whole days (negative goes back). */
export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export type SalesWindowResult =
  | { ok: true; from: string; to: string; fromMs: number; toMsExclusive: number }
  | { ok: false; field: "from" | "to"; error: string };

/**
 * The UTC half-open interval covering IST dates `from`..`to`, both inclusive. Every calendar day counts
 * (Sundays and holidays too): sales are booked on any day, as the reference recommends. So a sale at
 * 23:59 IST on `to` is in, and one at 00:00 IST the next day is out.
 */
export function salesWindow(input: { from?: string; to?: string; nowMs: number }): SalesWindowResult {
  const today = istDateOf(input.nowMs);
  const to = input.to ?? today;
  const parsedTo = parseIsoDate(to);
  if (!parsedTo.ok) return { ok: false, field: "to", error: parsedTo.error };
  const from = input.from ?? addDays(today, -DEFAULT_SALES_WINDOW_DAYS);
  const parsedFrom = parseIsoDate(from);
  if (!parsedFrom.ok) return { ok: false, field: "from", error: parsedFrom.error };
  if (from > to) {
    // A default is named as one (from: 30 days ago; to: today), or the caller hears about a field they never sent.
    const error =
      input.from === undefined
        ? `must not be after to (without from, the window starts ${DEFAULT_SALES_WINDOW_DAYS} days ago, ${from}, which is after ${to}); send from too`
        : input.to === undefined
          ? `must not be after to (without to, the window ends today, ${to}, and ${from} is after it); send to too, or an earlier from`
          : `must not be after to (${from} is after ${to})`;
    return { ok: false, field: "from", error };
  }
  return {
    ok: true,
    from,
    to,
    fromMs: istDayStartUtcMs(from),
    toMsExclusive: istDayStartUtcMs(to) + DAY_MS,
  };
}
