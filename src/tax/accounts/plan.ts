// The plans and what each allows, and an account's plan at a moment: paid only inside a paid period. The stored
// `plan` column follows billing changes, but a period ends by time alone, so readers ask here instead of trusting it.

export const PLAN_LIMITS = {
  free: { perMinute: 30, perDay: 500 },
  paid: { perMinute: 120, perDay: 10_000 },
} as const;
export type TaxPlan = keyof typeof PLAN_LIMITS;

/**
 * Active keys an account may hold. Active: not revoked, not expired and not rotated; a rotated key in its
 * overlap does not count, because its replacement has taken its place.
 */
export const KEY_CAPS: Record<TaxPlan, number> = { free: 10, paid: 100 };

/**
 * Keys an account may be issued per calendar day in India, creations and rotations together: twice the active keys
 * its plan allows, room to replace every key twice in a day. A rotation's replacement carries on its old key's
 * counts, but a new key starts afresh, so without this bound revoking and creating keys would multiply the daily
 * quota per key without end. The operator is not capped.
 */
export const KEYS_ISSUED_PER_DAY: Record<TaxPlan, number> = { free: 20, paid: 200 };

export const PAID_PERIOD_DAYS = 30;
export const PAID_PERIOD_MS = PAID_PERIOD_DAYS * 86_400_000;

export function planAt(account: { paidUntil: number | null }, nowMs: number): TaxPlan {
  return account.paidUntil !== null && nowMs < account.paidUntil ? "paid" : "free";
}

/** When the current paid period ends, or null on the free plan. */
export function paidPeriodEnd(account: { paidUntil: number | null }, nowMs: number): number | null {
  return planAt(account, nowMs) === "paid" ? account.paidUntil : null;
}
