// Totals per AIS category, shared by the text and JSON readers.
import { emptyTotals } from "./ais-codes";
import type { AisEntry, AisTotals } from "./types";

/**
 * Sums in paise. Deposit interest and dividends are reported twice in an AIS, by the deductor under TDS-194A /
 * TDS-194 and by the bank or company under SFT-016 / SFT-015; the total takes the larger of the two reports
 * instead of their sum. Taxes paid are advance and self-assessment tax plus every entry's TDS/TCS.
 */
export function aisTotals(entries: AisEntry[]): AisTotals {
  const paise = emptyTotals();
  const tdsReported = { depositInterest: 0, dividends: 0 };
  for (const entry of entries) {
    if (entry.taxDeducted !== null) paise.taxesPaid += Math.round(entry.taxDeducted * 100);
    if (entry.amount === null || entry.category === "other") continue;
    const amount = Math.round(entry.amount * 100);
    const fromDeductor = entry.code?.startsWith("TDS-") === true;
    if (fromDeductor && (entry.category === "depositInterest" || entry.category === "dividends")) {
      tdsReported[entry.category] += amount;
    } else {
      paise[entry.category] += amount;
    }
  }
  paise.depositInterest = Math.max(paise.depositInterest, tdsReported.depositInterest);
  paise.dividends = Math.max(paise.dividends, tdsReported.dividends);
  const totals = emptyTotals();
  for (const key of Object.keys(totals) as (keyof AisTotals)[]) totals[key] = paise[key] / 100;
  return totals;
}
