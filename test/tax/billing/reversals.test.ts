// Refunds and disputes take back one payment, once: a replayed or repeated reversal of a payment never ends a
// period another payment bought, and a reversal that arrives before its payment keeps that payment from
// activating when it does arrive (webhooks come in any order and more than once).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { billing, capture, createAccount } from "../helpers";

const DAY_MS = 86_400_000;

async function accountRow(email: string) {
  return env.DB.prepare("SELECT id, plan, paid_until FROM accounts WHERE email = ?")
    .bind(email)
    .first<{ id: string; plan: string; paid_until: number | null }>();
}

async function events(accountId: string): Promise<string[]> {
  const rows = await env.DB.prepare("SELECT type FROM events WHERE owner_id = ? ORDER BY created_at, id").bind(accountId).all<{ type: string }>();
  return rows.results.map((row) => row.type);
}

const refund = (paymentId: string, refundId = `rfnd_${crypto.randomUUID()}`) =>
  billing("refund.processed", { refund: { entity: { id: refundId, payment_id: paymentId, amount: 99_900, currency: "INR" } } });
const dispute = (paymentId: string) =>
  billing("payment.dispute.created", { dispute: { entity: { id: `disp_${crypto.randomUUID()}`, payment_id: paymentId, amount: 99_900 } } });

describe("a payment is taken back once", () => {
  it("a replayed refund of an earlier payment leaves the period a later payment bought", async () => {
    const email = await createAccount();
    const first = `pay_${crypto.randomUUID()}`;
    await capture(email, first);
    const refundId = `rfnd_${crypto.randomUUID()}`;
    expect((await refund(first, refundId)).data.deactivated).toBe(true);
    const before = Date.now();
    expect((await capture(email, `pay_${crypto.randomUUID()}`)).data.activated).toBe(true);
    const paidUntil = (await accountRow(email))!.paid_until!;
    expect(paidUntil).toBeGreaterThanOrEqual(before + 30 * DAY_MS);

    // The provider delivers the same refund event again after the second payment.
    const replay = await refund(first, refundId);
    expect(replay.data.deactivated).toBe(false);
    const account = (await accountRow(email))!;
    expect(account).toMatchObject({ plan: "paid", paid_until: paidUntil });
    expect(await events(account.id)).toEqual(["plan.activated", "plan.deactivated", "plan.activated"]);
  });

  it("a refund after a dispute of the same payment leaves the period a later payment bought", async () => {
    const email = await createAccount();
    const first = `pay_${crypto.randomUUID()}`;
    await capture(email, first);
    expect((await dispute(first)).data.deactivated).toBe(true);
    await capture(email, `pay_${crypto.randomUUID()}`);
    const paidUntil = (await accountRow(email))!.paid_until!;

    expect((await refund(first)).data.deactivated).toBe(false);
    expect(await accountRow(email)).toMatchObject({ plan: "paid", paid_until: paidUntil });
  });
});

describe("a reversal that arrives before its payment", () => {
  it.each([
    ["refund.processed", refund],
    ["payment.dispute.created", dispute],
  ] as const)("%s first: the late payment.captured buys nothing and sends no plan.activated", async (_event, reverse) => {
    const email = await createAccount();
    const paymentId = `pay_${crypto.randomUUID()}`;
    expect((await reverse(paymentId)).data.deactivated).toBe(false);

    const late = await capture(email, paymentId);
    expect(late.data).toMatchObject({ activated: false, reason: expect.stringContaining("refunded or disputed") });
    const account = (await accountRow(email))!;
    expect(account).toMatchObject({ plan: "free", paid_until: null });
    expect(await events(account.id)).toEqual([]);
    const audit = await env.DB.prepare("SELECT outcome FROM billing_audit WHERE account_id = ? AND payment_id = ?")
      .bind(account.id, paymentId)
      .all<{ outcome: string }>();
    expect(audit.results.map((row) => row.outcome)).toEqual(["refused_reversed"]);

    // Replayed, the captured payment still buys nothing.
    expect((await capture(email, paymentId)).data.activated).toBe(false);
    expect((await accountRow(email))!.paid_until).toBeNull();
  });
});

describe("a reversal racing its payment", () => {
  it("a capture that lands while the refund of its payment is being recorded is taken back: the period ends", async () => {
    const email = await createAccount();
    const account = (await accountRow(email))!;
    const paymentId = `pay_${crypto.randomUUID()}`;
    // The capture's write lands after the refund looked the payment up and before the refund's own write: a
    // trigger on the refund's first statement performs it at exactly that point, the 30 days it buys included.
    const trigger = `race_${crypto.randomUUID().replaceAll("-", "")}`;
    const capturedAt = Date.now();
    await env.DB.prepare(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON payment_reversals WHEN NEW.payment_id = '${paymentId}' BEGIN
         INSERT INTO payments (payment_id, account_id, amount_paise, currency, received_at, paid_from, paid_to)
           VALUES ('${paymentId}', '${account.id}', 99900, 'INR', ${capturedAt}, ${capturedAt}, ${capturedAt + 30 * DAY_MS});
         UPDATE accounts SET plan = 'paid', paid_until = ${capturedAt + 30 * DAY_MS} WHERE id = '${account.id}';
       END`,
    ).run();
    try {
      expect((await refund(paymentId)).data.deactivated).toBe(true);
    } finally {
      await env.DB.prepare(`DROP TRIGGER ${trigger}`).run();
    }
    expect((await accountRow(email))!.paid_until).toBeLessThanOrEqual(Date.now());
    expect(await events(account.id)).toEqual(["plan.deactivated"]);
  });
});
