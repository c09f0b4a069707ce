// A dispute received before its payment blocks that payment's capture; once the dispute is won the block is
// lifted, so the capture buys its 30 days as usual, once. Times are passed to the queries, so each figure below
// is worked by hand in days from the dispute (day 0).
import { describe, expect, it } from "vitest";
import { account, daysFrom, dispute, events, newAccount, pay, paymentId, refund, win } from "./billing-days";

const day = daysFrom(Date.UTC(2026, 3, 6, 8, 15));
const eventTypes = async (accountId: string) => (await events(accountId)).map((event) => event.type);

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
