// A won dispute gives back the paid time its dispute ended, once: counted from the later of the win and the end
// of any period bought since, so a later payment's days are neither lost nor counted twice. Times are passed to
// the queries, so each figure below is worked by hand in days from the first payment (day 0).
import { env } from "cloudflare:test";
import { newId } from "../../../src/platform/ids";
import { describe, expect, it } from "vitest";
import { account, DAY_MS, daysFrom, dispute, events, newAccount, pay, paymentId, refund, win } from "./billing-days";

const day = daysFrom(Date.UTC(2026, 0, 5, 9, 30));

async function reversal(paymentId: string) {
  return env.DB.prepare("SELECT event, remaining_ms, restored_at FROM payment_reversals WHERE payment_id = ?")
    .bind(paymentId)
    .first<{ event: string; remaining_ms: number | null; restored_at: number | null }>();
}

describe("a won dispute gives back the paid time its dispute ended", () => {
  it("paid on day 0 for 30 days, disputed on day 10 (20 days left), won on day 15: paid until day 35", async () => {
    const accountId = await newAccount();
    const payment = paymentId();
    expect(await pay(accountId, payment, day(0))).toBe("activated");
    expect(await dispute(payment, day(10))).toMatchObject({ outcome: "ended", accountId });
    expect(await reversal(payment)).toEqual({ event: "payment.dispute.created", remaining_ms: 20 * DAY_MS, restored_at: null });
    expect(await account(accountId)).toEqual({ plan: "free", paid_until: day(10) });

    expect(await win(payment, day(15))).toEqual({ outcome: "restored", accountId });
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(35) });
    expect(await reversal(payment)).toMatchObject({ remaining_ms: 20 * DAY_MS, restored_at: day(15) });
    const sent = await events(accountId);
    expect(sent.map((e) => e.type)).toEqual(["plan.activated", "plan.deactivated", "plan.activated"]);
    expect(sent[2]!.data).toEqual({ accountId, plan: "paid", paymentId: payment, paidUntil: new Date(day(35)).toISOString() });
  });

  it.each([
    // Paid again on day 12, when the account was free: day 12 + 30 = day 42. The 20 days follow that period.
    { case: "won while a later period runs (paid again on day 12, until day 42): paid until day 62", wonOn: 15, paidUntil: 62 },
    // The later period ended on day 42; the 20 days count from the win on day 50.
    { case: "won after a later period ended (paid again on day 12, until day 42; won on day 50): paid until day 70", wonOn: 50, paidUntil: 70 },
  ])("$case", async ({ wonOn, paidUntil }) => {
    const accountId = await newAccount();
    const disputed = paymentId();
    await pay(accountId, disputed, day(0));
    await dispute(disputed, day(10));
    expect(await pay(accountId, paymentId(), day(12))).toBe("activated");
    expect((await account(accountId))!.paid_until).toBe(day(42));

    expect((await win(disputed, day(wonOn))).outcome).toBe("restored");
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(paidUntil) });
  });

  it("a replayed win, on day 16 and again on day 40, gives nothing more and sends nothing", async () => {
    const accountId = await newAccount();
    const payment = paymentId();
    await pay(accountId, payment, day(0));
    await dispute(payment, day(10));
    await win(payment, day(15));

    expect(await win(payment, day(16))).toEqual({ outcome: "already_restored", accountId });
    expect(await win(payment, day(40))).toEqual({ outcome: "already_restored", accountId });
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(35) });
    expect(await reversal(payment)).toMatchObject({ restored_at: day(15) });
    expect((await events(accountId)).map((e) => e.type)).toEqual(["plan.activated", "plan.deactivated", "plan.activated"]);
  });

  it("ten wins of one dispute delivered at once give the 20 days back once", async () => {
    const accountId = await newAccount();
    const payment = paymentId();
    await pay(accountId, payment, day(0));
    await dispute(payment, day(10));

    const outcomes = await Promise.all(Array.from({ length: 10 }, () => win(payment, day(15))));
    expect(outcomes.filter((o) => o.outcome === "restored")).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === "already_restored")).toHaveLength(9);
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(35) });
    expect((await events(accountId)).filter((e) => e.type === "plan.activated")).toHaveLength(2);
  });
});

describe("a won dispute with nothing to give back changes nothing", () => {
  it("the period had lapsed (paid on day 0, disputed on day 31): nothing ended, so the win on day 35 gives nothing", async () => {
    const accountId = await newAccount();
    const payment = paymentId();
    await pay(accountId, payment, day(0));
    expect((await dispute(payment, day(31))).outcome).toBe("already_free");
    expect((await reversal(payment))!.remaining_ms).toBeNull();

    expect(await win(payment, day(35))).toEqual({ outcome: "nothing_to_restore", accountId });
    expect(await account(accountId)).toMatchObject({ paid_until: day(30) });
    expect((await events(accountId)).map((e) => e.type)).toEqual(["plan.activated"]);
  });

  it("the payment was refunded on day 10, not disputed: a win on day 15 gives nothing", async () => {
    const accountId = await newAccount();
    const payment = paymentId();
    await pay(accountId, payment, day(0));
    expect((await refund(payment, day(10))).outcome).toBe("ended");
    // The refund took days 10 to 30; a refund's days are never given back.
    expect(await reversal(payment)).toMatchObject({ event: "refund.processed", remaining_ms: 20 * DAY_MS });

    expect(await win(payment, day(15))).toEqual({ outcome: "refunded", accountId });
    expect(await account(accountId)).toEqual({ plan: "free", paid_until: day(10) });
  });

  it("a dispute recorded before the paid time it ended was kept (remaining time unknown) gives nothing back", async () => {
    const accountId = await newAccount();
    const payment = paymentId();
    await pay(accountId, payment, day(0));
    // The row as such a dispute left it: the period ended on day 10, no remaining time recorded.
    await env.DB.batch([
      env.DB.prepare("INSERT INTO payment_reversals (payment_id, event, audit_id, created_at) VALUES (?, 'payment.dispute.created', ?, ?)").bind(
        payment,
        newId("bil", day(10)),
        day(10),
      ),
      env.DB.prepare("UPDATE accounts SET plan = 'free', paid_until = ? WHERE id = ?").bind(day(10), accountId),
    ]);

    expect(await win(payment, day(15))).toEqual({ outcome: "nothing_to_restore", accountId });
    expect(await account(accountId)).toEqual({ plan: "free", paid_until: day(10) });
  });
});

describe("every won dispute is kept in the billing audit log", () => {
  it("with its outcome and the account's period end after it", async () => {
    const accountId = await newAccount();
    const payment = paymentId();
    await pay(accountId, payment, day(0));
    await dispute(payment, day(10));
    await win(payment, day(15));
    await win(payment, day(16));
    const rows = await env.DB.prepare("SELECT event, outcome, payment_id, paid_until FROM billing_audit WHERE account_id = ? ORDER BY created_at, id")
      .bind(accountId)
      .all();
    expect(rows.results).toEqual([
      { event: "payment.captured", outcome: "activated", payment_id: payment, paid_until: day(30) },
      { event: "payment.dispute.created", outcome: "ended", payment_id: payment, paid_until: day(10) },
      { event: "payment.dispute.won", outcome: "restored", payment_id: payment, paid_until: day(35) },
      { event: "payment.dispute.won", outcome: "already_restored", payment_id: payment, paid_until: day(35) },
    ]);
  });
});

describe("a win delivered before its dispute", () => {
  it("paid on day 0, won on day 15, disputed on day 16: the dispute ends nothing, paid until day 30", async () => {
    const accountId = await newAccount();
    const payment = paymentId();
    await pay(accountId, payment, day(0));

    expect(await win(payment, day(15))).toEqual({ outcome: "won_before_dispute", accountId });
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(30) });
    expect(await dispute(payment, day(16))).toMatchObject({ outcome: "dispute_already_won", accountId });
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(30) });
    expect(await reversal(payment)).toBeNull();

    // Replayed, on day 17, neither the win nor the dispute changes anything.
    expect(await win(payment, day(17))).toEqual({ outcome: "already_won", accountId });
    expect((await dispute(payment, day(17))).outcome).toBe("dispute_already_won");
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(30) });
    expect((await events(accountId)).map((e) => e.type)).toEqual(["plan.activated"]);
  });

  it("won on day 15, then the whole ₹999 refunded on day 20: the refund still ends the period on day 20", async () => {
    const accountId = await newAccount();
    const payment = paymentId();
    await pay(accountId, payment, day(0));
    expect((await win(payment, day(15))).outcome).toBe("won_before_dispute");

    expect(await refund(payment, day(20))).toMatchObject({ outcome: "ended", accountId });
    expect(await account(accountId)).toEqual({ plan: "free", paid_until: day(20) });
    // The dispute arriving after the refund finds the payment taken back already.
    expect((await dispute(payment, day(21))).outcome).toBe("already_reversed");
    expect((await events(accountId)).map((e) => e.type)).toEqual(["plan.activated", "plan.deactivated"]);
  });

  it("won on day 0 and disputed on day 1 before the payment arrives on day 2: the payment buys days 2 to 32", async () => {
    const accountId = await newAccount();
    const payment = paymentId();
    expect(await win(payment, day(0))).toEqual({ outcome: "won_before_dispute", accountId: null });
    expect(await dispute(payment, day(1))).toMatchObject({ outcome: "dispute_already_won", accountId: null });

    expect(await pay(accountId, payment, day(2))).toBe("activated");
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(32) });
  });

  it("a win and its dispute delivered at once on day 10: whichever lands first, the account stays paid until day 30", async () => {
    const accountId = await newAccount();
    const payment = paymentId();
    await pay(accountId, payment, day(0));

    // Dispute first: it cuts off 20 days and the win gives them back from day 10. Win first: the dispute ends nothing.
    const [won, disputed] = await Promise.all([win(payment, day(10)), dispute(payment, day(10))]);
    expect([
      ["won_before_dispute", "dispute_already_won"],
      ["restored", "ended"],
    ]).toContainEqual([won.outcome, disputed.outcome]);
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(30) });
  });
});
