// India Standard Time day boundaries. IST is a fixed UTC+05:30 with no DST since 1945, so a constant offset is
// exact and needs no Intl time-zone data in workerd. Pure: domain code of either service may import it.

export const IST_OFFSET_MS = 19_800_000;
const DAY_MS = 86_400_000;

/** Today's calendar date in India (YYYY-MM-DD) for an instant in epoch milliseconds. */
export function istToday(nowMs: number): string {
  return new Date(nowMs + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The number of the IST calendar day containing `nowMs` (days since 1970-01-01 in IST). */
export function istDayNumber(nowMs: number): number {
  return Math.floor((nowMs + IST_OFFSET_MS) / DAY_MS);
}

/** The instant (epoch ms, UTC) at which IST day number `day` begins: its midnight in India. */
export function istDayStartMs(day: number): number {
  return day * DAY_MS - IST_OFFSET_MS;
}

/** The IST calendar day containing `nowMs`, as instants: from its midnight in India (inclusive) to the next (exclusive). */
export function istDayBounds(nowMs: number): { startMs: number; endMs: number } {
  const day = istDayNumber(nowMs);
  return { startMs: istDayStartMs(day), endMs: istDayStartMs(day + 1) };
}
