// An account's plan at a moment: paid only inside a paid period. The stored `plan` column follows billing
// changes, but a period ends by time alone, so readers ask here instead of trusting the column.
import type { TaxPlan } from "../keys/api-key-auth";
import type { AccountRow } from "./queries";

export const PAID_PERIOD_DAYS = 30;
export const PAID_PERIOD_MS = PAID_PERIOD_DAYS * 86_400_000;

export function planAt(account: Pick<AccountRow, "paidUntil">, nowMs: number): TaxPlan {
  return account.paidUntil !== null && nowMs < account.paidUntil ? "paid" : "free";
}

/** When the current paid period ends, or null on the free plan. */
export function paidPeriodEnd(account: Pick<AccountRow, "paidUntil">, nowMs: number): number | null {
  return planAt(account, nowMs) === "paid" ? account.paidUntil : null;
}
