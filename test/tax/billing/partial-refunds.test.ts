// A refund takes a payment back only when the refunds of that payment together reach its amount: a goodwill
// refund of part of the ₹999 plan price leaves the customer paid. Each refund counts once, by its own id,
// however often it is delivered and in whatever order. Amounts are in paise: ₹999 is 99,900.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, billing, capture, createAccount, createKey, PRICE_PAISE } from "../helpers";

const refund = (paymentId: string, amount: number, refundId = `rfnd_${crypto.randomUUID()}`) =>
  billing("refund.processed", { refund: { entity: { id: refundId, entity: "refund", payment_id: paymentId, amount, currency: "INR" } } });

async function accountRow(email: string) {
  return env.DB.prepare("SELECT id, plan, paid_until FROM accounts WHERE email = ?")
    .bind(email)
    .first<{ id: string; plan: string; paid_until: number | null }>();
}

async function limitOf(key: string): Promise<string | null> {
  const response = await api("/api/v1/deadlines", key);
  await response.arrayBuffer();
  return response.headers.get("X-RateLimit-Limit");
}

async function events(accountId: string): Promise<string[]> {
  const rows = await env.DB.prepare("SELECT type FROM events WHERE owner_id = ? ORDER BY created_at, id").bind(accountId).all<{ type: string }>();
  return rows.results.map((row) => row.type);
}

async function refundAudit(paymentId: string) {
  const rows = await env.DB.prepare(
    "SELECT outcome, amount_paise FROM billing_audit WHERE payment_id = ? AND event = 'refund.processed' ORDER BY created_at, id",
  )
    .bind(paymentId)
    .all<{ outcome: string; amount_paise: number }>();
  return rows.results;
}

const countOf = (outcomes: string[]) => Object.fromEntries([...new Set(outcomes)].sort().map((o) => [o, outcomes.filter((x) => x === o).length]));

describe("refunds of part of a payment", () => {
  it("₹999 paid; ₹100 refunded: still paid; a further ₹899 refunded: the period ends; that ₹899 refund replayed: nothing", async () => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    const paymentId = `pay_${crypto.randomUUID()}`;
    await capture(key.email, paymentId);
    const paid = (await accountRow(key.email))!;
    expect(await limitOf(key.key)).toBe("120");

    const goodwill = await refund(paymentId, 10_000);
    expect(goodwill.data).toEqual({
      received: true,
      activated: false,
      deactivated: false,
      reason: "partial refund: 10000 of 99900 paise refunded so far; the payment is not taken back",
    });
    expect(await accountRow(key.email)).toEqual(paid);
    expect(await limitOf(key.key)).toBe("120");

    // ₹100 + ₹899 = ₹999, the whole payment.
    const restId = `rfnd_${crypto.randomUUID()}`;
    expect((await refund(paymentId, 89_900, restId)).data).toEqual({ received: true, activated: false, deactivated: true });
    expect((await accountRow(key.email))!.paid_until).toBeLessThanOrEqual(Date.now());
    expect(await limitOf(key.key)).toBe("30");

    const replay = await refund(paymentId, 89_900, restId);
    expect(replay.data).toEqual({ received: true, activated: false, deactivated: false, reason: "this refund was already counted" });
    expect(await limitOf(key.key)).toBe("30");
    expect(await events(paid.id)).toEqual(["plan.activated", "plan.deactivated"]);
    expect(await refundAudit(paymentId)).toEqual([
      { outcome: "partial_refund", amount_paise: 10_000 },
      { outcome: "ended", amount_paise: 89_900 },
      { outcome: "replayed_refund", amount_paise: 89_900 },
    ]);
  });

  it("a ₹500 refund delivered twice counts once: ₹500 of ₹999, still paid", async () => {
    const email = await createAccount();
    const paymentId = `pay_${crypto.randomUUID()}`;
    await capture(email, paymentId);
    const paid = (await accountRow(email))!;
    const refundId = `rfnd_${crypto.randomUUID()}`;

    expect((await refund(paymentId, 50_000, refundId)).data.reason).toContain("50000 of 99900 paise");
    // Counted twice it would make ₹1,000 and end the period.
    expect((await refund(paymentId, 50_000, refundId)).data).toMatchObject({ deactivated: false, reason: "this refund was already counted" });
    expect(await accountRow(email)).toEqual(paid);
    expect(await refundAudit(paymentId)).toEqual([
      { outcome: "partial_refund", amount_paise: 50_000 },
      { outcome: "replayed_refund", amount_paise: 50_000 },
    ]);
  });

  it("a single refund of the whole ₹999 ends the period at once", async () => {
    const email = await createAccount();
    const paymentId = `pay_${crypto.randomUUID()}`;
    await capture(email, paymentId);
    expect((await refund(paymentId, PRICE_PAISE)).data.deactivated).toBe(true);
    expect(await refundAudit(paymentId)).toEqual([{ outcome: "ended", amount_paise: PRICE_PAISE }]);
  });
});

describe("refunds delivered at once", () => {
  it("₹300, ₹300 and ₹399, each delivered twice at once: each counts once and the period ends exactly once", async () => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    const paymentId = `pay_${crypto.randomUUID()}`;
    await capture(key.email, paymentId);
    const account = (await accountRow(key.email))!;

    const refunds = [30_000, 30_000, 39_900].map((amount) => ({ amount, id: `rfnd_${crypto.randomUUID()}` }));
    const answers = await Promise.all(refunds.flatMap(({ amount, id }) => [refund(paymentId, amount, id), refund(paymentId, amount, id)]));
    expect(answers.filter((a) => a.data.deactivated)).toHaveLength(1);
    expect(countOf((await refundAudit(paymentId)).map((r) => r.outcome))).toEqual({ ended: 1, partial_refund: 2, replayed_refund: 3 });
    expect(await events(account.id)).toEqual(["plan.activated", "plan.deactivated"]);
    expect(await limitOf(key.key)).toBe("30");
  });

  it("three ₹500 refunds at once: the second to be counted (₹1,000 of ₹999) ends the period, the third finds it taken back", async () => {
    const email = await createAccount();
    const paymentId = `pay_${crypto.randomUUID()}`;
    await capture(email, paymentId);
    const account = (await accountRow(email))!;

    const answers = await Promise.all([1, 2, 3].map(() => refund(paymentId, 50_000)));
    expect(answers.filter((a) => a.data.deactivated)).toHaveLength(1);
    expect(countOf((await refundAudit(paymentId)).map((r) => r.outcome))).toEqual({ already_reversed: 1, ended: 1, partial_refund: 1 });
    expect(await events(account.id)).toEqual(["plan.activated", "plan.deactivated"]);
  });
});

describe("refunds that arrive before their payment", () => {
  it("₹100 refunded first is counted when the ₹999 payment arrives: it buys its 30 days; a further ₹899 ends them", async () => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    const paymentId = `pay_${crypto.randomUUID()}`;
    const early = await refund(paymentId, 10_000);
    expect(early.data).toEqual({
      received: true,
      activated: false,
      deactivated: false,
      reason: "partial refund: 10000 of 99900 paise refunded so far; no activating payment with this id yet; it is counted when the payment arrives",
    });

    expect((await capture(key.email, paymentId)).data).toEqual({ received: true, activated: true, deactivated: false });
    expect(await limitOf(key.key)).toBe("120");
    expect((await refund(paymentId, 89_900)).data.deactivated).toBe(true);
    expect(await limitOf(key.key)).toBe("30");
    expect((await refundAudit(paymentId)).map((r) => r.outcome)).toEqual(["partial_refund", "ended"]);
  });

  it("₹500 and then ₹499 refunded first reach ₹999: the payment arriving later buys nothing", async () => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    const paymentId = `pay_${crypto.randomUUID()}`;
    expect((await refund(paymentId, 50_000)).data.reason).toContain("50000 of 99900 paise");
    expect((await refund(paymentId, 49_900)).data.reason).toContain("if it arrives later it buys nothing");

    expect((await capture(key.email, paymentId)).data).toMatchObject({ activated: false, reason: expect.stringContaining("refunded or disputed") });
    expect(await accountRow(key.email)).toMatchObject({ plan: "free", paid_until: null });
    expect(await limitOf(key.key)).toBe("30");
    expect((await refundAudit(paymentId)).map((r) => r.outcome)).toEqual(["partial_refund", "unknown_payment"]);
  });
});
