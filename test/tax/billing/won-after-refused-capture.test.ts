// A dispute received before its payment blocks the payment's capture; when that capture arrived while the dispute
// was open it was refused, and the provider does not send it again. Winning the dispute then lets that payment
// buy its 30 days at the win, from then or from the end of paid time bought meanwhile, once, with plan.activated;
// refunds reaching its amount still keep it from buying. Times are passed to the queries, so each figure below is
// worked by hand in days from the dispute (day 0). Amounts are in paise: ₹999 is 99,900.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newId } from "../../../src/platform/ids";
import { api, billing, createKey, PRICE_PAISE } from "../helpers";
import { account, DAY_MS, daysFrom, dispute, events, newAccount, pay, paymentId, refund, win } from "./billing-days";

const day = daysFrom(Date.UTC(2026, 7, 3, 12, 30));
const eventTypes = async (accountId: string) => (await events(accountId)).map((event) => event.type);

/** Disputed on day 0, captured on day 1 (refused: the dispute came first). */
async function refusedForDispute() {
  const accountId = await newAccount();
  const payment = paymentId();
  expect((await dispute(payment, day(0))).outcome).toBe("unknown_payment");
  expect(await pay(accountId, payment, day(1))).toBe("refused_reversed");
  expect(await account(accountId)).toEqual({ plan: "free", paid_until: null });
  return { accountId, payment };
}

describe("a dispute won after its payment's capture was refused", () => {
  it("disputed day 0, captured day 1 (refused), won day 2: the payment buys days 2-32, with plan.activated", async () => {
    const { accountId, payment } = await refusedForDispute();

    expect(await win(payment, day(2))).toEqual({ outcome: "bought_on_win", accountId });
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(32) });
    const sent = await events(accountId);
    expect(sent).toEqual([
      { type: "plan.activated", data: { accountId, plan: "paid", paymentId: payment, paidUntil: new Date(day(32)).toISOString() } },
    ]);
  });

  it("replays change nothing: the win on day 3, the capture on day 4, the dispute on day 5: paid until day 32, one event", async () => {
    const { accountId, payment } = await refusedForDispute();
    await win(payment, day(2));

    expect(await win(payment, day(3))).toEqual({ outcome: "already_restored", accountId });
    expect(await pay(accountId, payment, day(4))).toBe("replayed");
    expect((await dispute(payment, day(5))).outcome).toBe("dispute_already_won");
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(32) });
    expect(await eventTypes(accountId)).toEqual(["plan.activated"]);
  });

  it("ten wins delivered at once on day 2 buy the 30 days once: paid until day 32", async () => {
    const { accountId, payment } = await refusedForDispute();

    const outcomes = await Promise.all(Array.from({ length: 10 }, () => win(payment, day(2))));
    expect(outcomes.filter((o) => o.outcome === "bought_on_win")).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === "already_restored")).toHaveLength(9);
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(32) });
    expect(await eventTypes(accountId)).toEqual(["plan.activated"]);
  });

  it("another payment on day 1 (days 1-31), won on day 5: its 30 days follow, days 31-61; refunded in full on day 10, they go", async () => {
    const { accountId, payment } = await refusedForDispute();
    expect(await pay(accountId, paymentId(), day(1))).toBe("activated");

    expect((await win(payment, day(5))).outcome).toBe("bought_on_win");
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(61) });
    // The won payment's days 31-61 have not started on day 10: all 30 go, paid until day 31.
    expect(await refund(payment, day(10))).toMatchObject({ outcome: "shortened_no_event", removedMs: 30 * DAY_MS });
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(31) });
  });

  it("₹100 refunded on day 1 leaves it standing: won day 2, days 2-32; ₹899 more on day 5 (₹999 in all) ends them on day 5", async () => {
    const { accountId, payment } = await refusedForDispute();
    expect((await refund(payment, day(1), 10_000)).refundedPaise).toBe(10_000);

    expect((await win(payment, day(2))).outcome).toBe("bought_on_win");
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(32) });
    expect((await refund(payment, day(5), 89_900)).outcome).toBe("ended");
    expect(await account(accountId)).toEqual({ plan: "free", paid_until: day(5) });
  });

  it("the whole ₹999 refunded on day 1 before the win on day 2: nothing is bought", async () => {
    const { accountId, payment } = await refusedForDispute();
    await refund(payment, day(1));

    expect(await win(payment, day(2))).toEqual({ outcome: "refunded", accountId });
    expect(await account(accountId)).toEqual({ plan: "free", paid_until: null });
    expect(await eventTypes(accountId)).toEqual([]);
  });

  it("through the webhook: the win answers activated true and the account's keys get paid limits at once", async () => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    const payment = `pay_${crypto.randomUUID()}`;
    const disputePayload = { dispute: { entity: { id: `disp_${crypto.randomUUID()}`, payment_id: payment, amount: PRICE_PAISE, currency: "INR" } } };
    await billing("payment.dispute.created", disputePayload);
    const captured = await billing("payment.captured", {
      payment: { entity: { id: payment, amount: PRICE_PAISE, currency: "INR", status: "captured", notes: { accountEmail: key.email } } },
    });
    expect(captured.data).toMatchObject({ activated: false, reason: expect.stringContaining("disputed") });

    const before = Date.now();
    expect((await billing("payment.dispute.won", disputePayload)).data).toEqual({ received: true, activated: true, deactivated: false });
    const after = Date.now();
    const row = await env.DB.prepare("SELECT plan, paid_until FROM accounts WHERE email = ?")
      .bind(key.email)
      .first<{ plan: string; paid_until: number }>();
    // Bought at the win, with nothing else running: 30 days from then.
    expect(row!.plan).toBe("paid");
    expect(row!.paid_until - 30 * DAY_MS).toBeGreaterThanOrEqual(before);
    expect(row!.paid_until - 30 * DAY_MS).toBeLessThanOrEqual(after);
    const response = await api("/api/v1/deadlines", key.key);
    await response.arrayBuffer();
    expect(response.headers.get("X-RateLimit-Limit")).toBe("120");
  });
});

describe("migration 0013: captures refused before it", () => {
  it("a capture refused on day 1 for a dispute on day 0, recorded only in the audit log, buys days 2-32 when won on day 2", async () => {
    const accountId = await newAccount();
    const payment = paymentId();
    await dispute(payment, day(0));
    // As the service left it before: the refusal in the audit log, no kept capture.
    await env.DB.prepare(
      "INSERT INTO billing_audit (id, account_id, event, payment_id, outcome, amount_paise, currency, paid_until, created_at) VALUES (?, ?, 'payment.captured', ?, 'refused_reversed', ?, 'INR', NULL, ?)",
    )
      .bind(newId("bil", day(1)), accountId, payment, PRICE_PAISE, day(1))
      .run();
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0013_"));
    const backfill = migration!.queries.filter((query) => !/^\s*CREATE TABLE/i.test(query));
    expect(backfill).toHaveLength(1);
    await env.DB.prepare(backfill[0]!).run();

    expect(await win(payment, day(2))).toEqual({ outcome: "bought_on_win", accountId });
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(32) });
  });
});
