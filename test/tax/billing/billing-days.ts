// Billing decisions driven day by day through their queries: times are passed in, so each test works its
// figures by hand in days from its own day 0. Amounts are in paise: ₹999 is 99,900.
import { env } from "cloudflare:test";
import { newId } from "../../../src/platform/ids";
import { PAID_PERIOD_MS } from "../../../src/tax/accounts/plan";
import { recordPayment, restoreDisputedPayment, reversePayment } from "../../../src/tax/billing/queries";
import { createAccount, PRICE_PAISE } from "../helpers";

export const DAY_MS = 86_400_000;

/** Day `n` counted from `day0`. */
export const daysFrom = (day0: number) => (n: number) => day0 + n * DAY_MS;

export const paymentId = () => `pay_${crypto.randomUUID()}`;

export async function newAccount(): Promise<string> {
  const email = await createAccount();
  const row = await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(email).first<{ id: string }>();
  return row!.id;
}

export async function account(id: string) {
  return env.DB.prepare("SELECT plan, paid_until FROM accounts WHERE id = ?").bind(id).first<{ plan: string; paid_until: number | null }>();
}

/** A captured payment of the plan price. */
export async function pay(accountId: string, paymentId: string, at: number) {
  const event = { id: newId("evt", at), type: "plan.activated", payload: { accountId, plan: "paid", paymentId }, createdAt: at };
  const payment = { paymentId, accountId, amountPaise: PRICE_PAISE, currency: "INR", receivedAt: at };
  return recordPayment(env.DB, payment, PAID_PERIOD_MS, event, newId("bil", at));
}

export function dispute(paymentId: string, at: number) {
  return reversePayment(
    env.DB,
    at,
    { id: newId("evt", at), type: "plan.deactivated", payload: { plan: "free", paymentId, reason: "dispute" }, createdAt: at },
    { id: newId("bil", at), event: "payment.dispute.created", paymentId, createdAt: at },
  );
}

/** A refund of `amountPaise` (the whole plan price unless said), under its own refund id. */
export function refund(paymentId: string, at: number, amountPaise = PRICE_PAISE, refundId = `rfnd_${crypto.randomUUID()}`) {
  return reversePayment(
    env.DB,
    at,
    { id: newId("evt", at), type: "plan.deactivated", payload: { plan: "free", paymentId, reason: "refund" }, createdAt: at },
    { id: newId("bil", at), event: "refund.processed", paymentId, amountPaise, createdAt: at },
    { id: refundId, amountPaise, pricePaise: PRICE_PAISE },
  );
}

export function win(paymentId: string, at: number) {
  return restoreDisputedPayment(
    env.DB,
    at,
    { id: newId("evt", at), type: "plan.activated", payload: { plan: "paid", paymentId }, createdAt: at },
    { id: newId("bil", at), event: "payment.dispute.won", paymentId, createdAt: at },
    { pricePaise: PRICE_PAISE, periodMs: PAID_PERIOD_MS },
  );
}

/** The account's outbox events, oldest first. */
export async function events(accountId: string) {
  const rows = await env.DB.prepare("SELECT type, payload FROM events WHERE owner_id = ? ORDER BY created_at, id")
    .bind(accountId)
    .all<{ type: string; payload: string }>();
  return rows.results.map((row) => ({ type: row.type, data: JSON.parse(row.payload) as Record<string, unknown> }));
}
