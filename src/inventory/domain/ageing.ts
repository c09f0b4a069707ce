// Receivables ageing: each open invoice falls in a bucket by its age in days on the IST day `today`, counted
// from its sale date (the invoice date): 0-30, 31-60, 61-90, and over 90 days.
import { addDays } from "./ist";

/** The earliest sale date of each bucket, inclusive (over 90 has none): for 2026-11-23, 0-30 starts 2026-10-24. */
export function ageingStarts(today: string): { "0_30": string; "31_60": string; "61_90": string } {
  return { "0_30": addDays(today, -30), "31_60": addDays(today, -60), "61_90": addDays(today, -90) };
}
