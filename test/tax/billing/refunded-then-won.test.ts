// A dispute won after refunds of its payment reached the payment's amount gives nothing: the customer has the
// money back, so the paid time the dispute took stays taken, and a payment not received yet still buys nothing.
// Times are passed to the queries, so each figure below is worked by hand in days from day 0. Amounts are in
// paise: ₹999 is 99,900.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { billing, capture, createAccount, PRICE_PAISE } from "../helpers";
import { account, daysFrom, dispute, events, newAccount, pay, paymentId, refund, win } from "./billing-days";

const day = daysFrom(Date.UTC(2026, 6, 6, 10, 0));
const eventTypes = async (accountId: string) => (await events(accountId)).map((event) => event.type);

describe("a dispute won after the payment was refunded in full", () => {
  it("paid day 0, disputed day 10 (free from day 10), the whole ₹999 refunded day 12, won day 15: nothing back, free", async () => {
    const accountId = await newAccount();
    const payment = paymentId();
    await pay(accountId, payment, day(0));
    expect((await dispute(payment, day(10))).outcome).toBe("ended");
    expect((await refund(payment, day(12))).outcome).toBe("already_reversed");

    expect(await win(payment, day(15))).toEqual({ outcome: "refunded", accountId });
    expect(await account(accountId)).toEqual({ plan: "free", paid_until: day(10) });
    expect(await eventTypes(accountId)).toEqual(["plan.activated", "plan.deactivated"]);
    // Replayed on day 16, the win still gives nothing.
    expect(await win(payment, day(16))).toEqual({ outcome: "refunded", accountId });
    expect(await account(accountId)).toEqual({ plan: "free", paid_until: day(10) });
  });

  it("₹500 on day 11 and ₹499 on day 12 reach ₹999: the win on day 15 gives nothing; ₹500 alone would give days 15-35", async () => {
    const [refunded, partly] = [await newAccount(), await newAccount()];
    const [full, half] = [paymentId(), paymentId()];
    for (const [accountId, payment] of [
      [refunded, full],
      [partly, half],
    ] as const) {
      await pay(accountId, payment, day(0));
      await dispute(payment, day(10));
      await refund(payment, day(11), 50_000);
    }
    await refund(full, day(12), 49_900);

    expect(await win(full, day(15))).toEqual({ outcome: "refunded", accountId: refunded });
    expect(await account(refunded)).toEqual({ plan: "free", paid_until: day(10) });
    // ₹500 of ₹999 refunded: the payment stands, so the win gives back the 20 days the dispute took.
    expect(await win(half, day(15))).toEqual({ outcome: "restored", accountId: partly });
    expect(await account(partly)).toEqual({ plan: "paid", paid_until: day(35) });
  });

  it("disputed day 0 and refunded in full day 1 before the payment, won day 2: the capture on day 3 buys nothing", async () => {
    const accountId = await newAccount();
    const payment = paymentId();
    await dispute(payment, day(0));
    await refund(payment, day(1));

    expect(await win(payment, day(2))).toEqual({ outcome: "refunded", accountId: null });
    expect(await pay(accountId, payment, day(3))).toBe("refused_reversed");
    expect(await account(accountId)).toEqual({ plan: "free", paid_until: null });
  });

  it("through the webhook: 200, activated false, a reason, and the decision in the billing audit log", async () => {
    const email = await createAccount();
    const payment = `pay_${crypto.randomUUID()}`;
    const disputePayload = { dispute: { entity: { id: `disp_${crypto.randomUUID()}`, payment_id: payment, amount: PRICE_PAISE, currency: "INR" } } };
    await capture(email, payment);
    expect((await billing("payment.dispute.created", disputePayload)).data.deactivated).toBe(true);
    await billing("refund.processed", {
      refund: { entity: { id: `rfnd_${crypto.randomUUID()}`, payment_id: payment, amount: PRICE_PAISE, currency: "INR" } },
    });
    const before = await env.DB.prepare("SELECT id, plan, paid_until FROM accounts WHERE email = ?").bind(email).first<{ id: string }>();

    const won = await billing("payment.dispute.won", disputePayload);
    expect(won.data).toEqual({ received: true, activated: false, deactivated: false, reason: expect.stringContaining("refunded in full") });
    expect(await env.DB.prepare("SELECT id, plan, paid_until FROM accounts WHERE email = ?").bind(email).first()).toEqual(before);
    const audited = await env.DB.prepare("SELECT outcome FROM billing_audit WHERE payment_id = ? AND event = 'payment.dispute.won'")
      .bind(payment)
      .all<{ outcome: string }>();
    expect(audited.results).toEqual([{ outcome: "refunded" }]);
    expect(await eventTypes(before!.id)).toEqual(["plan.activated", "plan.deactivated"]);
  });
});
