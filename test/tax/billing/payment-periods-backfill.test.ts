// Migration 0012 gives each payment recorded before it the stretch of paid time it holds, read back from the
// billing audit log, so that taking it back afterwards removes only its own unused days. The rows below are
// written as the service wrote them before (payments with no stretch; a refund or dispute then ended the whole
// period); the migration's backfill runs on them; the service then takes payments back by the new rule. Figures
// are worked by hand in days from the first payment (day 0).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newId } from "../../../src/platform/ids";
import { PRICE_PAISE } from "../helpers";
import { account, DAY_MS, daysFrom, newAccount, paymentId, refund } from "./billing-days";

const day = daysFrom(Date.UTC(2026, 5, 1, 7, 0));

/** The backfill of migration 0012: its statements other than the added columns. */
async function backfill() {
  const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0012_"));
  const statements = migration!.queries.filter((query) => !/^\s*ALTER TABLE/i.test(query));
  expect(statements).toHaveLength(1);
  for (const statement of statements) await env.DB.prepare(statement).run();
}

/** The rows an old decision left: the audit entry with the account's period end after it, and what it wrote. */
function decided(accountId: string, event: string, payment: string, outcome: string, paidUntil: number, at: number) {
  return env.DB.prepare(
    "INSERT INTO billing_audit (id, account_id, event, payment_id, outcome, amount_paise, currency, paid_until, created_at) VALUES (?, ?, ?, ?, ?, NULL, NULL, ?, ?)",
  ).bind(newId("bil", at), accountId, event, payment, outcome, paidUntil, at);
}

/** A capture of the plan price as recorded before this migration: no stretch of its own. */
async function paidBefore(accountId: string, payment: string, at: number, paidUntil: number) {
  await env.DB.batch([
    env.DB.prepare("INSERT INTO payments (payment_id, account_id, amount_paise, currency, received_at) VALUES (?, ?, ?, 'INR', ?)").bind(
      payment,
      accountId,
      PRICE_PAISE,
      at,
    ),
    env.DB.prepare("UPDATE accounts SET plan = 'paid', paid_until = ? WHERE id = ?").bind(paidUntil, accountId),
    decided(accountId, "payment.captured", payment, "activated", paidUntil, at),
  ]);
}

/** A refund or dispute as recorded before this migration: it ended the whole period at `at`. */
async function endedBefore(accountId: string, event: string, payment: string, at: number, remainingMs: number | null) {
  await env.DB.batch([
    env.DB.prepare("INSERT INTO payment_reversals (payment_id, event, audit_id, created_at, remaining_ms) VALUES (?, ?, ?, ?, ?)").bind(
      payment,
      event,
      newId("bil", at),
      at,
      remainingMs,
    ),
    env.DB.prepare("UPDATE accounts SET plan = 'free', paid_until = ? WHERE id = ?").bind(at, accountId),
    decided(accountId, event, payment, "ended", at, at),
  ]);
}

async function stretch(payment: string) {
  return env.DB.prepare("SELECT paid_from, paid_to FROM payments WHERE payment_id = ?")
    .bind(payment)
    .first<{ paid_from: number | null; paid_to: number | null }>();
}

describe("migration 0012: the stretch each earlier payment holds", () => {
  it("paid on day 0 and day 12 (paid until day 60): days 0-30 and 30-60; the first refunded on day 15 then leaves day 45", async () => {
    const accountId = await newAccount();
    const [first, second] = [paymentId(), paymentId()];
    await paidBefore(accountId, first, day(0), day(30));
    await paidBefore(accountId, second, day(12), day(60));

    await backfill();
    expect(await stretch(first)).toEqual({ paid_from: day(0), paid_to: day(30) });
    expect(await stretch(second)).toEqual({ paid_from: day(30), paid_to: day(60) });
    expect((await refund(first, day(15))).outcome).toBe("shortened_no_event");
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(60 - 15) });
  });

  it("paid day 0, disputed day 10 (20 days left), paid again day 12 (until 42), won day 15 (until 62): days 12-42 and 42-62", async () => {
    const accountId = await newAccount();
    const [disputed, later] = [paymentId(), paymentId()];
    await paidBefore(accountId, disputed, day(0), day(30));
    await endedBefore(accountId, "payment.dispute.created", disputed, day(10), 20 * DAY_MS);
    await paidBefore(accountId, later, day(12), day(42));
    await env.DB.batch([
      env.DB.prepare("UPDATE payment_reversals SET restored_at = ?, restored_audit_id = ? WHERE payment_id = ?").bind(
        day(15),
        newId("bil", day(15)),
        disputed,
      ),
      env.DB.prepare("UPDATE accounts SET plan = 'paid', paid_until = ? WHERE id = ?").bind(day(62), accountId),
      decided(accountId, "payment.dispute.won", disputed, "restored", day(62), day(15)),
    ]);

    await backfill();
    expect(await stretch(later)).toEqual({ paid_from: day(12), paid_to: day(42) });
    expect(await stretch(disputed)).toEqual({ paid_from: day(42), paid_to: day(62) });
    // The later payment refunded on day 20: its days 20-42 (22) go, the won days move to 20-40.
    expect((await refund(later, day(20))).removedMs).toBe(22 * DAY_MS);
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(40) });
  });

  it("paid day 0 and day 5 (until 60), the first refunded day 10 (the whole period ended), paid again day 12 (until 42)", async () => {
    const accountId = await newAccount();
    const [refunded, cutOff, latest] = [paymentId(), paymentId(), paymentId()];
    await paidBefore(accountId, refunded, day(0), day(30));
    await paidBefore(accountId, cutOff, day(5), day(60));
    await endedBefore(accountId, "refund.processed", refunded, day(10), null);
    await paidBefore(accountId, latest, day(12), day(42));

    await backfill();
    // The refunded payment holds nothing; the day-5 payment's days 30-60 were ended on day 10 with the period.
    expect(await stretch(refunded)).toEqual({ paid_from: null, paid_to: null });
    expect(await stretch(cutOff)).toEqual({ paid_from: null, paid_to: null });
    expect(await stretch(latest)).toEqual({ paid_from: day(12), paid_to: day(42) });
    // Refunding the day-5 payment on day 20 takes nothing more: the day-12 payment keeps the account paid until day 42.
    expect(await refund(cutOff, day(20))).toMatchObject({ outcome: "no_unused_days", paidUntil: day(42) });
    expect(await account(accountId)).toEqual({ plan: "paid", paid_until: day(42) });
  });

  it("a payment with no decision in the audit log (paid before paid periods existed) holds no stretch and loses nothing", async () => {
    const accountId = await newAccount();
    const payment = paymentId();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO payments (payment_id, account_id, amount_paise, currency, received_at) VALUES (?, ?, ?, 'INR', ?)").bind(
        payment,
        accountId,
        PRICE_PAISE,
        day(0),
      ),
      env.DB.prepare("UPDATE accounts SET plan = 'paid', paid_until = ? WHERE id = ?").bind(day(30), accountId),
    ]);

    await backfill();
    expect(await stretch(payment)).toEqual({ paid_from: null, paid_to: null });
    expect(await refund(payment, day(5))).toMatchObject({ outcome: "no_unused_days", paidUntil: day(30) });
  });
});
