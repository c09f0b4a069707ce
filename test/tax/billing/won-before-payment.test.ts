// A dispute received before its payment blocks that payment's capture; once the dispute is won the block is
// lifted, so the capture buys its 30 days as usual, once. Times are passed to the queries, so each figure below
// is worked by hand in days from the dispute (day 0).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newId } from "../../../src/platform/ids";
import { PAID_PERIOD_MS } from "../../../src/tax/accounts/plan";
import { recordPayment, restoreDisputedPayment, reversePayment } from "../../../src/tax/billing/queries";
import { createAccount, PRICE_PAISE } from "../helpers";

const DAY_MS = 86_400_000;
const DAY_0 = Date.UTC(2026, 3, 6, 8, 15);
const day = (n: number) => DAY_0 + n * DAY_MS;

async function newAccount(): Promise<string> {
  const email = await createAccount();
  const row = await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(email).first<{ id: string }>();
  return row!.id;
}

async function account(id: string) {
  return env.DB.prepare("SELECT plan, paid_until FROM accounts WHERE id = ?").bind(id).first<{ plan: string; paid_until: number | null }>();
}

async function pay(accountId: string, paymentId: string, at: number) {
  const event = { id: newId("evt", at), type: "plan.activated", payload: { accountId, plan: "paid", paymentId }, createdAt: at };
  const payment = { paymentId, accountId, amountPaise: PRICE_PAISE, currency: "INR", receivedAt: at };
  return recordPayment(env.DB, payment, PAID_PERIOD_MS, event, newId("bil", at));
}

function dispute(paymentId: string, at: number) {
  return reversePayment(
    env.DB,
    at,
    { id: newId("evt", at), type: "plan.deactivated", payload: { plan: "free", paymentId, reason: "dispute" }, createdAt: at },
    { id: newId("bil", at), event: "payment.dispute.created", paymentId, createdAt: at },
  );
}

function refund(paymentId: string, at: number) {
  return reversePayment(
    env.DB,
    at,
    { id: newId("evt", at), type: "plan.deactivated", payload: { plan: "free", paymentId, reason: "refund" }, createdAt: at },
    { id: newId("bil", at), event: "refund.processed", paymentId, amountPaise: PRICE_PAISE, createdAt: at },
    { id: `rfnd_${crypto.randomUUID()}`, amountPaise: PRICE_PAISE, pricePaise: PRICE_PAISE },
  );
}

function win(paymentId: string, at: number) {
  return restoreDisputedPayment(
    env.DB,
    at,
    { id: newId("evt", at), type: "plan.activated", payload: { plan: "paid", paymentId }, createdAt: at },
    { id: newId("bil", at), event: "payment.dispute.won", paymentId, createdAt: at },
  );
}

async function eventTypes(accountId: string): Promise<string[]> {
  const rows = await env.DB.prepare("SELECT type FROM events WHERE owner_id = ? ORDER BY created_at, id").bind(accountId).all<{ type: string }>();
  return rows.results.map((row) => row.type);
}

const paymentId = () => `pay_${crypto.randomUUID()}`;

describe("a dispute received before its payment, then won", () => {
  it("disputed on day 0, won on day 1, captured on day 2: the capture buys days 2 to 32", async () => {
    const accountId = await newAccount();
    const payment = paymentId();
    expect(await dispute(payment, day(0))).toMatchObject({ outcome: "unknown_payment", accountId: null });
    expect(await win(payment, day(1))).toEqual({ outcome: "won_before_payment", accountId: null });

    expect(await pay(accountId, payment, day(2))).toBe("activated");
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(32) });
    expect(await eventTypes(accountId)).toEqual(["plan.activated"]);
  });

  it("replays change nothing: the win on day 1 again, the dispute on day 1, the capture on day 3, the win on day 4", async () => {
    const accountId = await newAccount();
    const payment = paymentId();
    await dispute(payment, day(0));
    await win(payment, day(1));
    expect(await win(payment, day(1))).toEqual({ outcome: "won_before_payment", accountId: null });
    expect((await dispute(payment, day(1))).outcome).toBe("dispute_already_won");
    expect(await pay(accountId, payment, day(2))).toBe("activated");

    expect(await pay(accountId, payment, day(3))).toBe("replayed");
    // The dispute took no paid time away, so its win has nothing to give back once the payment is known.
    expect(await win(payment, day(4))).toEqual({ outcome: "nothing_to_restore", accountId });
    expect((await dispute(payment, day(4))).outcome).toBe("dispute_already_won");
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(32) });
    expect(await eventTypes(accountId)).toEqual(["plan.activated"]);
  });

  it("captured on day 2 (until day 32), the whole ₹999 refunded on day 5: free from day 5", async () => {
    const accountId = await newAccount();
    const payment = paymentId();
    await dispute(payment, day(0));
    await win(payment, day(1));
    await pay(accountId, payment, day(2));

    expect(await refund(payment, day(5))).toMatchObject({ outcome: "ended", accountId });
    expect(await account(accountId)).toEqual({ plan: "free", paid_until: day(5) });
    expect(await eventTypes(accountId)).toEqual(["plan.activated", "plan.deactivated"]);
  });

  it("the whole ₹999 refunded on day 1 after the win, before the payment: the capture on day 2 buys nothing", async () => {
    const accountId = await newAccount();
    const payment = paymentId();
    await dispute(payment, day(0));
    await win(payment, day(1));
    expect((await refund(payment, day(1))).outcome).toBe("unknown_payment");

    expect(await pay(accountId, payment, day(2))).toBe("refused_reversed");
    expect(await account(accountId)).toEqual({ plan: "free", paid_until: null });
  });

  it("ten wins delivered at once on day 1, then ten captures at once on day 2: paid until day 32, one activation", async () => {
    const accountId = await newAccount();
    const payment = paymentId();
    await dispute(payment, day(0));

    const wins = await Promise.all(Array.from({ length: 10 }, () => win(payment, day(1))));
    expect(new Set(wins.map((w) => w.outcome))).toEqual(new Set(["won_before_payment"]));
    const captures = await Promise.all(Array.from({ length: 10 }, () => pay(accountId, payment, day(2))));
    expect(captures.filter((c) => c === "activated")).toHaveLength(1);
    expect(captures.filter((c) => c === "replayed")).toHaveLength(9);
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(32) });
    expect(await eventTypes(accountId)).toEqual(["plan.activated"]);
  });
});
