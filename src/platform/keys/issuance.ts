// The daily cap on keys issued to one owner. A replacement inherits its old key's counters, but a new key starts
// with none, so without a cap revoking and creating keys would multiply an owner's quota without bound. The
// operator is not capped: the cap bounds what a signed-in owner can issue to itself.
import type { Actor } from "../auth/admin";
import { PlatformError } from "../http/errors";
import { istDayBounds } from "../pure/ist";

/** The keys `actor` may have issued to an owner per IST day: `perDay`, or null (no cap) for the operator. */
export function dailyIssuanceCap(actor: Actor, perDay: number): number | null {
  return actor.kind === "operator" ? null : perDay;
}

/** 429 for an owner issued its day's keys: Retry-After counts to the next midnight in India, when the count starts again. */
export function dailyIssuanceReached(message: string, nowMs: number): PlatformError {
  const { endMs } = istDayBounds(nowMs);
  return new PlatformError("rate_limited", message, { "Retry-After": String(Math.max(1, Math.ceil((endMs - nowMs) / 1000))) });
}
