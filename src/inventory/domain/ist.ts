// India Standard Time windows. Asia/Kolkata is a fixed UTC+05:30 with no DST since 1945, so constant-offset
// arithmetic is exact and needs no Intl time-zone data in workerd (inventory-domain reference §4).
// The tax service has its own copy of parseIsoDate: services never import each other.

const IST_OFFSET_MS = 19_800_000;
const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Default sales window: the 30 days before today plus today (IST). */
export const DEFAULT_SALES_WINDOW_DAYS = 30;

export type IsoDateResult = { ok: true; value: string } | { ok: false; error: string };

/** Accepts only a real calendar date written YYYY-MM-DD (2026-02-30 and 2026-2-3 are rejected). */
export function parseIsoDate(s: string): IsoDateResult {
  const match = ISO_DATE.exec(s);
  if (!match) return { ok: false, error: "must be a date in YYYY-MM-DD format" };
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const monthDays = month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  if (day < 1 || day > monthDays) return { ok: false, error: "is not a real calendar date" };
  return { ok: true, value: s };
}

/** First instant (epoch ms) of an IST calendar date: "2026-11-01" → 2026-10-31T18:30:00Z. Takes a valid date. */
export function istDayStartUtcMs(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00Z`) - IST_OFFSET_MS;
}

/** The IST calendar date an instant falls on. */
export function istDateOf(ms: number): string {
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
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
  if (from > to) return { ok: false, field: "from", error: `must not be after to (${from} is after ${to})` };
  return {
    ok: true,
    from,
    to,
    fromMs: istDayStartUtcMs(from),
    toMsExclusive: istDayStartUtcMs(to) + DAY_MS,
  };
}
