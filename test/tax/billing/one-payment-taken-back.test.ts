// Taking a payment back (refunds reaching its amount, or a dispute) removes only that payment's unused days.
// Payments hold their 30 days one after another, in the order bought: paid on day 0 and again on day 12, the
// first holds days 0-30 and the second days 30-60. Taking one back removes the part of its own days after now
// (all of them if they have not started), and the days bought after it move that much earlier. The account is
// free, with plan.deactivated, only when no paid time is left. Times are passed to the queries, so each figure
// below is worked by hand in days from the first payment (day 0). Amounts are in paise: ₹999 is 99,900.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { account, DAY_MS, daysFrom, dispute, events, newAccount, pay, paymentId, refund, win } from "./billing-days";

const day = daysFrom(Date.UTC(2026, 4, 4, 6, 45));
const eventTypes = async (accountId: string) => (await events(accountId)).map((event) => event.type);

async function audit(accountId: string) {
  const rows = await env.DB.prepare("SELECT event, outcome, payment_id, paid_until FROM billing_audit WHERE account_id = ? ORDER BY created_at, id")
    .bind(accountId)
    .all<{ event: string; outcome: string; payment_id: string; paid_until: number | null }>();
  return rows.results;
}

/** Paid on day 0 (days 0-30) and on day 12 (days 30-60): paid until day 60. */
async function paidTwice() {
  const accountId = await newAccount();
  const [first, second] = [paymentId(), paymentId()];
  expect(await pay(accountId, first, day(0))).toBe("activated");
  expect(await pay(accountId, second, day(12))).toBe("activated");
  expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(60) });
  return { accountId, first, second };
}

describe("the earlier payment taken back while it runs", () => {
  it("the first ₹999 refunded on day 15: its days 15-30 go, the second's 30 days count from day 15: paid until day 45", async () => {
    const { accountId, first } = await paidTwice();

    expect(await refund(first, day(15))).toMatchObject({ outcome: "shortened_no_event", accountId, removedMs: 15 * DAY_MS, paidUntil: day(45) });
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(45) });
    // Neither event describes a shorter paid period: nothing is sent, and the audit log says so.
    expect(await eventTypes(accountId)).toEqual(["plan.activated", "plan.activated"]);
    expect((await audit(accountId)).at(-1)).toEqual({
      event: "refund.processed",
      outcome: "shortened_no_event",
      payment_id: first,
      paid_until: day(45),
    });
  });

  it("the first disputed on day 15: paid until day 45; the dispute won on day 20 gives its 15 days back after day 45: day 60", async () => {
    const { accountId, first } = await paidTwice();

    expect(await dispute(first, day(15))).toMatchObject({ outcome: "shortened_no_event", removedMs: 15 * DAY_MS });
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(45) });
    expect(await win(first, day(20))).toEqual({ outcome: "restored", accountId });
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(60) });
    expect(await eventTypes(accountId)).toEqual(["plan.activated", "plan.activated", "plan.activated"]);
  });

  it("then the second refunded on day 20: it holds days 15-45, so days 20-45 go and the account is free from day 20", async () => {
    const { accountId, first, second } = await paidTwice();
    await refund(first, day(15));

    expect(await refund(second, day(20))).toMatchObject({ outcome: "ended", removedMs: 25 * DAY_MS, paidUntil: day(20) });
    expect(await account(accountId)).toEqual({ plan: "free", paid_until: day(20) });
    const sent = await events(accountId);
    expect(sent.map((e) => e.type)).toEqual(["plan.activated", "plan.activated", "plan.deactivated"]);
    expect(sent[2]!.data).toEqual({ accountId, plan: "free", paymentId: second, reason: "refund" });
  });
});

describe("a payment whose days have not started taken back", () => {
  it.each([
    ["refunded", refund],
    ["disputed", dispute],
  ] as const)("the second %s on day 15 loses all its days 30-60: paid until day 30", async (_how, takeBack) => {
    const { accountId, second } = await paidTwice();

    expect(await takeBack(second, day(15))).toMatchObject({ outcome: "shortened_no_event", removedMs: 30 * DAY_MS, paidUntil: day(30) });
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(30) });
    expect(await eventTypes(accountId)).toEqual(["plan.activated", "plan.activated"]);
  });

  it("paid on days 0, 5 and 10 (days 0-30, 30-60, 60-90): the second refunded on day 20, the first on day 25, the third on day 30", async () => {
    const accountId = await newAccount();
    const [first, second, third] = [paymentId(), paymentId(), paymentId()];
    await pay(accountId, first, day(0));
    await pay(accountId, second, day(5));
    await pay(accountId, third, day(10));
    expect((await account(accountId))!.paid_until).toBe(day(90));

    // The second's days 30-60 go; the third's move to days 30-60.
    expect((await refund(second, day(20))).outcome).toBe("shortened_no_event");
    expect((await account(accountId))!.paid_until).toBe(day(60));
    // The first's days 25-30 go; the third's move to days 25-55.
    expect((await refund(first, day(25))).outcome).toBe("shortened_no_event");
    expect((await account(accountId))!.paid_until).toBe(day(55));
    // The third's days 30-55 go: nothing is left.
    expect(await refund(third, day(30))).toMatchObject({ outcome: "ended", removedMs: 25 * DAY_MS });
    expect(await account(accountId)).toEqual({ plan: "free", paid_until: day(30) });
    expect(await eventTypes(accountId)).toEqual(["plan.activated", "plan.activated", "plan.activated", "plan.deactivated"]);
  });
});

describe("a payment whose days are used up taken back", () => {
  it("the first refunded on day 35 (its days 0-30 are used): nothing goes, paid until day 60", async () => {
    const { accountId, first } = await paidTwice();

    expect(await refund(first, day(35))).toMatchObject({ outcome: "no_unused_days", removedMs: null, paidUntil: day(60) });
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(60) });
    expect(await eventTypes(accountId)).toEqual(["plan.activated", "plan.activated"]);
  });
});

describe("refunds of the earlier payment, replayed, partial and at once", () => {
  it("₹500 refunded on day 15 takes nothing; ₹499 more on day 16 (₹999 in all) takes days 16-30: paid until day 46", async () => {
    const { accountId, first } = await paidTwice();

    expect((await refund(first, day(15), 50_000)).outcome).toBe("partial_refund");
    expect((await account(accountId))!.paid_until).toBe(day(60));
    expect(await refund(first, day(16), 49_900)).toMatchObject({ outcome: "shortened_no_event", removedMs: 14 * DAY_MS });
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(46) });
  });

  it("replays change nothing: the same refund on day 16, another full refund on day 17, a dispute on day 18: paid until day 45", async () => {
    const { accountId, first } = await paidTwice();
    const refundId = `rfnd_${crypto.randomUUID()}`;
    expect((await refund(first, day(15), 99_900, refundId)).outcome).toBe("shortened_no_event");

    expect((await refund(first, day(16), 99_900, refundId)).outcome).toBe("replayed_refund");
    expect((await refund(first, day(17))).outcome).toBe("already_reversed");
    expect((await dispute(first, day(18))).outcome).toBe("already_reversed");
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(45) });
  });

  it("ten full refunds of the first delivered at once on day 15 take its days 15-30 once: paid until day 45", async () => {
    const { accountId, first } = await paidTwice();

    const outcomes = await Promise.all(Array.from({ length: 10 }, () => refund(first, day(15))));
    expect(outcomes.filter((o) => o.outcome === "shortened_no_event")).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === "already_reversed")).toHaveLength(9);
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(45) });
  });
});
