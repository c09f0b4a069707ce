// How an account reads in the management API: one view for creating, reading and listing accounts.
import type { z } from "@hono/zod-openapi";
import { iso, isoOrNull } from "../hono";
import { KEY_CAPS, PLAN_LIMITS } from "./plan";
import { paidPeriodEnd, planAt } from "./plan";
import type { AccountRow } from "./queries";
import type { AccountDetailSchema } from "./schemas";

export type AccountDetail = z.infer<typeof AccountDetailSchema>;

/** The account at `nowMs`: the plan in force then, its paid period's end, and what the plan allows each key. */
export function accountDetail(account: AccountRow, nowMs: number): AccountDetail {
  const plan = planAt(account, nowMs);
  return {
    id: account.id,
    email: account.email,
    plan,
    createdAt: iso(account.createdAt),
    paidUntil: isoOrNull(paidPeriodEnd(account, nowMs)),
    keyCap: KEY_CAPS[plan],
    limits: { ...PLAN_LIMITS[plan] },
  };
}
