import type { payments } from "../db/schema";

/**
 * Records a verified payment, upgrades the account and writes `plan.activated` to the outbox, in one
 * atomic batch. The payment id is the primary key and the event is inserted only when the payment row was
 * (`changes() = 1`), so a replayed webhook emits nothing. Returns whether this payment was new.
 */
export async function recordPayment(
  d1: D1Database,
  payment: typeof payments.$inferInsert,
  event: { id: string; type: string; payload: Record<string, unknown>; createdAt: number },
): Promise<boolean> {
  const [inserted] = await d1.batch([
    d1
      .prepare("INSERT OR IGNORE INTO payments (payment_id, account_id, amount_paise, currency, received_at) VALUES (?, ?, ?, ?, ?)")
      .bind(payment.paymentId, payment.accountId, payment.amountPaise, payment.currency, payment.receivedAt),
    d1
      .prepare("INSERT INTO events (id, owner_id, type, payload, created_at) SELECT ?, ?, ?, ?, ? WHERE changes() = 1")
      .bind(event.id, payment.accountId, event.type, JSON.stringify(event.payload), event.createdAt),
    d1.prepare("UPDATE accounts SET plan = 'paid' WHERE id = ?").bind(payment.accountId),
  ]);
  return (inserted?.meta.changes ?? 0) === 1;
}
