// Receivables ageing: each open invoice falls in a bucket by its age in days on the IST day `today`, counted
// from its sale date (the invoice date): 0-30, 31-60, 61-90, and over 90 days.
import { addDays } from "./ist";

export const AGEING_BUCKETS = ["0_30", "31_60", "61_90", "over_90"] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/** The earliest sale date of each bucket, inclusive (over 90 has none): for 2026-11-23, 0-30 starts 2026-10-24. */
export function ageingStarts(today: string): { "0_30": string; "31_60": string; "61_90": string } {
  return { "0_30": addDays(today, -30), "31_60": addDays(today, -60), "61_90": addDays(today, -90) };
}

/** The bucket of one invoice dated `saleDate` on `today`. */
export function ageingBucket(saleDate: string, today: string): AgeingBucket {
  const starts = ageingStarts(today);
  if (saleDate >= starts["0_30"]) return "0_30";
  if (saleDate >= starts["31_60"]) return "31_60";
  if (saleDate >= starts["61_90"]) return "61_90";
  return "over_90";
}
