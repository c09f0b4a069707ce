// A won dispute gives the payment back its standing: refunds reaching its amount then take it back, ending the
// period once, as they would for a payment never disputed. Times are passed to the queries, so each figure below
// is worked by hand in days from the payment (day 0). Amounts are in paise: ₹999 is 99,900.
import { describe, expect, it } from "vitest";
import { PRICE_PAISE } from "../helpers";
import { account, DAY_MS, daysFrom, dispute, events, newAccount, pay, refund, win } from "./billing-days";

const day = daysFrom(Date.UTC(2026, 2, 2, 11, 0));

/** Paid on day 0 (until day 30), disputed on day 10 (20 days cut off), won on day 15: paid until day 35. */
async function disputedAndWon(): Promise<{ accountId: string; payment: string }> {
  const accountId = await newAccount();
  const payment = `pay_${crypto.randomUUID()}`;
  expect(await pay(accountId, payment, day(0))).toBe("activated");
  expect((await dispute(payment, day(10))).outcome).toBe("ended");
  expect((await win(payment, day(15))).outcome).toBe("restored");
  expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(35) });
  return { accountId, payment };
}

describe("a refund after a won dispute takes the payment back", () => {
  it("paid day 0, disputed day 10, won day 15 (until day 35), the whole ₹999 refunded on day 20: free from day 20", async () => {
    const { accountId, payment } = await disputedAndWon();
    const refundId = `rfnd_${crypto.randomUUID()}`;

    // The win's days 15 to 35 are the payment's; from day 20 on, 15 of them are unused and taken back.
    expect(await refund(payment, day(20), PRICE_PAISE, refundId)).toEqual({
      outcome: "ended",
      accountId,
      refundedPaise: PRICE_PAISE,
      paymentPaise: PRICE_PAISE,
      removedMs: 15 * DAY_MS,
      paidUntil: day(20),
    });
    expect(await account(accountId)).toEqual({ plan: "free", paid_until: day(20) });
    const sent = await events(accountId);
    expect(sent.map((e) => e.type)).toEqual(["plan.activated", "plan.deactivated", "plan.activated", "plan.deactivated"]);
    expect(sent[3]!.data).toEqual({ accountId, plan: "free", paymentId: payment, reason: "refund" });
  });

  it("replays change nothing: the refund on day 21, a second full refund on day 22, the win on day 23, the dispute on day 24", async () => {
    const { accountId, payment } = await disputedAndWon();
    const refundId = `rfnd_${crypto.randomUUID()}`;
    expect((await refund(payment, day(20), PRICE_PAISE, refundId)).outcome).toBe("ended");

    expect((await refund(payment, day(21), PRICE_PAISE, refundId)).outcome).toBe("replayed_refund");
    expect((await refund(payment, day(22), PRICE_PAISE)).outcome).toBe("already_reversed");
    expect(await win(payment, day(23))).toEqual({ outcome: "refunded", accountId });
    expect((await dispute(payment, day(24))).outcome).toBe("already_reversed");
    expect(await account(accountId)).toEqual({ plan: "free", paid_until: day(20) });
    expect((await events(accountId)).map((e) => e.type)).toEqual(["plan.activated", "plan.deactivated", "plan.activated", "plan.deactivated"]);
  });

  it("₹400 refunded on day 16 leaves it paid until day 35; ₹599 more on day 20 (₹999 in all) ends it on day 20", async () => {
    const { accountId, payment } = await disputedAndWon();

    expect(await refund(payment, day(16), 40_000)).toMatchObject({ outcome: "partial_refund", refundedPaise: 40_000, paymentPaise: PRICE_PAISE });
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(35) });
    expect(await refund(payment, day(20), 59_900)).toMatchObject({ outcome: "ended", refundedPaise: PRICE_PAISE });
    expect(await account(accountId)).toEqual({ plan: "free", paid_until: day(20) });
  });

  it("the dispute replayed after its win, on day 17, ends nothing: paid until day 35", async () => {
    const { accountId, payment } = await disputedAndWon();

    expect((await dispute(payment, day(17))).outcome).toBe("dispute_already_won");
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(35) });
  });

  it("ten full refunds of it delivered at once on day 20 end the period once", async () => {
    const { accountId, payment } = await disputedAndWon();

    const outcomes = await Promise.all(Array.from({ length: 10 }, () => refund(payment, day(20), PRICE_PAISE)));
    expect(outcomes.filter((o) => o.outcome === "ended")).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === "already_reversed")).toHaveLength(9);
    expect(await account(accountId)).toEqual({ plan: "free", paid_until: day(20) });
    expect((await events(accountId)).filter((e) => e.type === "plan.deactivated")).toHaveLength(2);
  });
});
