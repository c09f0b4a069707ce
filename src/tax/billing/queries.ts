import type { billingAudit } from "../db/schema";

/** The provider's event that opens a dispute: the only reversal whose cut-off time a won dispute gives back. */
const DISPUTE_CREATED = "payment.dispute.created";

/**
 * SQL: the payment named by parameter `param` is taken back. A dispute that was won no longer takes it back:
 * the payment stands again, as if never disputed, until refunds reaching its amount take it back.
 */
function takenBack(param: string): string {
  return `EXISTS (SELECT 1 FROM payment_reversals WHERE payment_id = ${param} AND (event <> '${DISPUTE_CREATED}' OR restored_at IS NULL))`;
}

/** SQL: the account of the recorded payment named by parameter ?2 (null for a payment never recorded). */
const PAYMENT_ACCOUNT = "(SELECT account_id FROM payments WHERE payment_id = ?2)";

export interface OutboxEvent {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  createdAt: number;
}

type AuditEntry = Omit<typeof billingAudit.$inferInsert, "paidUntil" | "outcome">;

const AUDIT_INSERT = `INSERT INTO billing_audit (id, account_id, event, payment_id, outcome, amount_paise, currency, paid_until, created_at)
  SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, (SELECT paid_until FROM accounts WHERE id = ?2), ?8`;

function audit(d1: D1Database, entry: AuditEntry, outcome: string): D1PreparedStatement {
  return d1
    .prepare(AUDIT_INSERT)
    .bind(
      entry.id,
      entry.accountId ?? null,
      entry.event,
      entry.paymentId ?? null,
      outcome,
      entry.amountPaise ?? null,
      entry.currency ?? null,
      entry.createdAt,
    );
}

/** Records a billing decision that changes nothing (refused or ignored), with the account's period as it stands. */
export async function recordBillingDecision(d1: D1Database, entry: AuditEntry, outcome: string): Promise<void> {
  await audit(d1, entry, outcome).run();
}

/** What a captured payment of the plan price did: bought a period, was seen before, or had been taken back first. */
export type PaymentOutcome = "activated" | "replayed" | "refused_reversed";

/**
 * Records a verified payment of the plan price and extends the account's paid period by `periodMs` (from the
 * current end if still paid, else from now) with its `plan.activated` outbox event and an audit entry, in one
 * atomic batch. The payment holds the stretch it bought, the last `periodMs` of the new period. Everything but
 * the audit entry is conditional on the payment id being new and never taken back, so a replayed webhook
 * changes nothing and emits nothing, and neither does a payment whose refund or dispute was delivered before
 * it, unless that dispute was won since. Such a refused capture is kept (`refused_captures`): winning that
 * dispute later lets the payment buy its period then (`restoreDisputedPayment`).
 */
export async function recordPayment(
  d1: D1Database,
  payment: { paymentId: string; accountId: string; amountPaise: number; currency: string; receivedAt: number },
  periodMs: number,
  event: OutboxEvent,
  auditId: string,
): Promise<PaymentOutcome> {
  const buys = `NOT EXISTS (SELECT 1 FROM payments WHERE payment_id = ?2) AND NOT ${takenBack("?2")}`;
  const [, , , , , decided] = await d1.batch([
    d1
      .prepare(`UPDATE accounts SET plan = 'paid', paid_until = max(coalesce(paid_until, 0), ?3) + ?4 WHERE id = ?1 AND ${buys}`)
      .bind(payment.accountId, payment.paymentId, payment.receivedAt, periodMs),
    // The payload carries the new period's end, read from the row the update just wrote.
    d1
      .prepare(
        `INSERT INTO events (id, owner_id, type, payload, created_at)
         SELECT ?1, ?3, ?4, json_set(?5, '$.paidUntil', strftime('%Y-%m-%dT%H:%M:%fZ', paid_until / 1000.0, 'unixepoch')), ?6 FROM accounts WHERE id = ?3 AND ${buys}`,
      )
      .bind(event.id, payment.paymentId, payment.accountId, event.type, JSON.stringify(event.payload), event.createdAt),
    d1
      .prepare(
        `INSERT OR IGNORE INTO payments (payment_id, account_id, amount_paise, currency, received_at, paid_from, paid_to)
         SELECT ?1, ?2, ?3, ?4, ?5, paid_until - ?6, paid_until FROM accounts WHERE id = ?2 AND NOT ${takenBack("?1")}`,
      )
      .bind(payment.paymentId, payment.accountId, payment.amountPaise, payment.currency, payment.receivedAt, periodMs),
    d1
      .prepare(
        AUDIT_INSERT.replace(
          "?5",
          `CASE WHEN changes() = 1 THEN 'activated'
           WHEN EXISTS (SELECT 1 FROM payments WHERE payment_id = ?4) THEN 'replayed' ELSE 'refused_reversed' END`,
        ),
      )
      .bind(auditId, payment.accountId, "payment.captured", payment.paymentId, null, payment.amountPaise, payment.currency, payment.receivedAt),
    // Refused because its payment was taken back first: kept, so that winning that dispute lets it buy its period.
    d1
      .prepare(
        `INSERT OR IGNORE INTO refused_captures (payment_id, account_id, amount_paise, currency, received_at)
         SELECT ?1, ?2, ?3, ?4, ?5 WHERE NOT EXISTS (SELECT 1 FROM payments WHERE payment_id = ?1) AND ${takenBack("?1")}`,
      )
      .bind(payment.paymentId, payment.accountId, payment.amountPaise, payment.currency, payment.receivedAt),
    d1.prepare("SELECT outcome FROM billing_audit WHERE id = ?").bind(auditId),
  ]);
  return (decided!.results[0] as { outcome: PaymentOutcome }).outcome;
}

/** The account a recorded (activating) payment belongs to, or null for a payment this service never saw. */
export async function accountOfPayment(d1: D1Database, paymentId: string): Promise<string | null> {
  const row = await d1.prepare("SELECT account_id FROM payments WHERE payment_id = ?").bind(paymentId).first<{ account_id: string }>();
  return row?.account_id ?? null;
}

/**
 * What a refund or dispute did; `accountId` is the payment's account, null for a payment never recorded.
 * `refundedPaise` sums the payment's recorded refunds; `paymentPaise` is its captured amount, null if unknown.
 * `removedMs` is the unused paid time taking the payment back removed (null: none), `paidUntil` the account's
 * period end after it.
 */
export interface Reversal {
  outcome:
    | "ended"
    | "shortened_no_event"
    | "no_unused_days"
    | "partial_refund"
    | "replayed_refund"
    | "dispute_already_won"
    | "already_free"
    | "already_reversed"
    | "unknown_payment";
  accountId: string | null;
  refundedPaise: number;
  paymentPaise: number | null;
  removedMs: number | null;
  paidUntil: number | null;
}

/**
 * A refund as the provider reports it. `pricePaise` stands for the amount of a payment not yet recorded: only
 * a payment of the plan price buys a period, so refunds reaching it take back that payment before it arrives.
 */
export interface Refund {
  id: string;
  amountPaise: number;
  pricePaise: number;
}

/**
 * SQL, parameters ?1 now and ?2 the payment: the paid time the payment holds and has not used yet, the part of
 * its stretch after now (all of it if the stretch has not started), never past its account's period end. Null
 * when it holds no stretch.
 */
const UNUSED_MS = `(SELECT max(0, min(p.paid_to, a.paid_until) - max(p.paid_from, ?1))
  FROM payments AS p JOIN accounts AS a ON a.id = p.account_id WHERE p.payment_id = ?2)`;

/** SQL, parameters ?2 the payment and ?3 this decision: the paid time this decision took back with it, if any. */
const REMOVED_MS = "(SELECT remaining_ms FROM payment_reversals WHERE payment_id = ?2 AND audit_id = ?3)";

/**
 * Takes back a payment (a refund or a dispute) in one atomic batch: removes the paid time it holds and has not
 * used, moves the stretches bought after it that much earlier, and writes an audit entry. The account is free
 * at once only if no paid time remains; then the `plan.deactivated` outbox event is written, its payload
 * gaining the account id. Paid time bought by other payments stays, so no event is sent then: neither event
 * describes a paid period that got shorter. The payment's account is looked up inside the batch, so a capture
 * landing meanwhile is seen. A payment is taken back once: its reversal row is written first as this decision's
 * token, and time is removed only if this batch wrote it, so a replayed refund, or a refund after a dispute of
 * the same payment, never removes time another payment bought. A payment not yet recorded keeps its reversal
 * row, so its capture arriving later buys nothing. The row keeps the time removed, which a won dispute gives
 * back (`restoreDisputedPayment`).
 *
 * A refund is recorded by its own id first (a replayed refund counts once) and takes the payment back only
 * when this batch recorded it and the payment's refunds together reach its amount; a smaller refund changes
 * nothing else and is audited as `partial_refund`, with its amount. A dispute whose win was received first
 * takes nothing back (`dispute_already_won`). A won dispute no longer takes its payment back: refunds reaching
 * the payment's amount then take it back, once, by making its reversal row this refund's token.
 */
export async function reversePayment(
  d1: D1Database,
  nowMs: number,
  event: OutboxEvent,
  entry: Omit<AuditEntry, "accountId"> & { paymentId: string },
  refund?: Refund,
): Promise<Reversal> {
  const reversal = [entry.paymentId, entry.event, entry.id, entry.createdAt] as const;
  // Parameters ?1 payment, ?3 this decision, ?5 refund, ?6 the plan price: this batch recorded the refund and the
  // payment's refunds now reach its amount (the plan price for a payment not recorded yet).
  const refundsReachAmount = `EXISTS (SELECT 1 FROM payment_refunds WHERE refund_id = ?5 AND audit_id = ?3)
    AND (SELECT sum(amount_paise) FROM payment_refunds WHERE payment_id = ?1)
      >= coalesce((SELECT amount_paise FROM payments WHERE payment_id = ?1), ?6)`;
  const statements = refund
    ? [
        d1
          .prepare("INSERT OR IGNORE INTO payment_refunds (refund_id, payment_id, amount_paise, audit_id, created_at) VALUES (?, ?, ?, ?, ?)")
          .bind(refund.id, entry.paymentId, refund.amountPaise, entry.id, entry.createdAt),
        d1
          .prepare(
            `INSERT OR IGNORE INTO payment_reversals (payment_id, event, audit_id, created_at) SELECT ?1, ?2, ?3, ?4
             WHERE ${refundsReachAmount}`,
          )
          .bind(...reversal, refund.id, refund.pricePaise),
        // A won dispute left its row, but the payment stands again: refunds reaching its amount take it back now,
        // with this decision as the row's token, and the row no longer reads as a dispute to win.
        d1
          .prepare(
            `UPDATE payment_reversals SET event = ?2, audit_id = ?3, created_at = ?4
             WHERE payment_id = ?1 AND event = '${DISPUTE_CREATED}' AND restored_at IS NOT NULL AND ${refundsReachAmount}`,
          )
          .bind(...reversal, refund.id, refund.pricePaise),
      ]
    : [
        d1
          .prepare(
            `INSERT OR IGNORE INTO payment_reversals (payment_id, event, audit_id, created_at) SELECT ?1, ?2, ?3, ?4
             WHERE NOT EXISTS (SELECT 1 FROM dispute_wins WHERE payment_id = ?1)`,
          )
          .bind(...reversal),
      ];
  const mine = "EXISTS (SELECT 1 FROM payment_reversals WHERE payment_id = ?2 AND audit_id = ?3)";
  const results = await d1.batch([
    ...statements,
    // What taking the payment back removes, kept on its row: the statements below read it, a won dispute gives it back.
    d1
      .prepare(`UPDATE payment_reversals SET remaining_ms = nullif(${UNUSED_MS}, 0) WHERE payment_id = ?2 AND audit_id = ?3`)
      .bind(nowMs, entry.paymentId, entry.id),
    // While the payment still holds its stretch: the stretches that start where it ends, or later, come after it.
    d1
      .prepare(
        `UPDATE payments SET paid_from = paid_from - ${REMOVED_MS}, paid_to = paid_to - ${REMOVED_MS}
         WHERE account_id = ${PAYMENT_ACCOUNT} AND payment_id <> ?2 AND ${REMOVED_MS} IS NOT NULL
           AND paid_from >= (SELECT paid_to FROM payments WHERE payment_id = ?2)`,
      )
      .bind(nowMs, entry.paymentId, entry.id),
    d1.prepare(`UPDATE payments SET paid_from = NULL, paid_to = NULL WHERE payment_id = ?2 AND ${mine}`).bind(nowMs, entry.paymentId, entry.id),
    d1
      .prepare(
        `UPDATE accounts SET paid_until = paid_until - ${REMOVED_MS}, plan = CASE WHEN paid_until - ${REMOVED_MS} > ?1 THEN 'paid' ELSE 'free' END
         WHERE id = ${PAYMENT_ACCOUNT} AND ${REMOVED_MS} IS NOT NULL`,
      )
      .bind(nowMs, entry.paymentId, entry.id),
    // Only when no paid time is left: the account is free now.
    d1
      .prepare(
        `INSERT INTO events (id, owner_id, type, payload, created_at)
         SELECT ?1, p.account_id, ?3, json_set(?4, '$.accountId', p.account_id), ?5 FROM payments AS p JOIN accounts AS a ON a.id = p.account_id
         WHERE p.payment_id = ?2 AND changes() = 1 AND a.paid_until <= ?6`,
      )
      .bind(event.id, entry.paymentId, event.type, JSON.stringify(event.payload), event.createdAt, nowMs),
    d1
      .prepare(
        `INSERT INTO billing_audit (id, account_id, event, payment_id, outcome, amount_paise, currency, paid_until, created_at)
         SELECT ?1, p.account_id, ?3, ?2,
           CASE WHEN EXISTS (SELECT 1 FROM events WHERE id = ?7) THEN 'ended'
             WHEN ?8 IS NOT NULL AND NOT EXISTS (SELECT 1 FROM payment_refunds WHERE refund_id = ?8 AND audit_id = ?1) THEN 'replayed_refund'
             WHEN NOT ${takenBack("?2")} THEN
               CASE WHEN ?3 = '${DISPUTE_CREATED}' THEN 'dispute_already_won' ELSE 'partial_refund' END
             WHEN p.account_id IS NULL THEN 'unknown_payment'
             WHEN EXISTS (SELECT 1 FROM payment_reversals WHERE payment_id = ?2 AND audit_id = ?1) THEN
               CASE WHEN (SELECT remaining_ms FROM payment_reversals WHERE payment_id = ?2 AND audit_id = ?1) IS NOT NULL THEN 'shortened_no_event'
                 WHEN (SELECT paid_until FROM accounts WHERE id = p.account_id) > ?6 THEN 'no_unused_days'
                 ELSE 'already_free' END
             ELSE 'already_reversed' END,
           ?4, ?5, (SELECT paid_until FROM accounts WHERE id = p.account_id), ?6
         FROM (SELECT ${PAYMENT_ACCOUNT} AS account_id) AS p`,
      )
      .bind(entry.id, entry.paymentId, entry.event, entry.amountPaise ?? null, entry.currency ?? null, entry.createdAt, event.id, refund?.id ?? null),
    d1
      .prepare(
        `SELECT outcome, account_id, paid_until, (SELECT coalesce(sum(amount_paise), 0) FROM payment_refunds WHERE payment_id = ?2) AS refunded_paise,
           (SELECT amount_paise FROM payments WHERE payment_id = ?2) AS payment_paise,
           (SELECT remaining_ms FROM payment_reversals WHERE payment_id = ?2 AND audit_id = ?1) AS removed_ms
         FROM billing_audit WHERE id = ?1`,
      )
      .bind(entry.id, entry.paymentId),
  ]);
  const row = results.at(-1)!.results[0] as {
    outcome: Reversal["outcome"];
    account_id: string | null;
    paid_until: number | null;
    refunded_paise: number;
    payment_paise: number | null;
    removed_ms: number | null;
  };
  return {
    outcome: row.outcome,
    accountId: row.account_id,
    refundedPaise: row.refunded_paise,
    paymentPaise: row.payment_paise,
    removedMs: row.removed_ms,
    paidUntil: row.paid_until,
  };
}

/**
 * What a won dispute did; `accountId` is the payment's account (or its refused capture's), null for a payment
 * never recorded. `bought_on_win`: the payment's capture had been refused because of the dispute, and the win
 * let it buy its period.
 */
export interface Restoration {
  outcome:
    | "restored"
    | "bought_on_win"
    | "already_restored"
    | "nothing_to_restore"
    | "refunded"
    | "won_before_dispute"
    | "won_before_payment"
    | "already_won"
    | "unknown_payment";
  accountId: string | null;
}

/** The plan a payment buys: its price (the amount of a payment not recorded yet) and its period. */
export interface PlanTerms {
  pricePaise: number;
  periodMs: number;
}

/**
 * Gives back the paid time a dispute cut off, once the dispute is won, in one atomic batch: the account is paid
 * for that time again, counted from the later of now and the end of any period bought since, with a
 * `plan.activated` outbox event and an audit entry. The reversal row is marked restored first as this decision's
 * token, and the period grows only if this batch marked it, so a replayed or concurrent win gives nothing more.
 * The payment then holds that time as its stretch, the last of the account's period. A payment whose capture
 * was refused because of the dispute (`refused_captures`) is recorded by the win instead and buys its period
 * the same way, from the later of now and the end of the running period (`bought_on_win`).
 * A payment whose refunds reach its amount (before or after the dispute), never disputed, or whose dispute
 * removed no paid time has nothing to give back; a refunded payment's dispute is not marked won, so it stays
 * taken back. The event's payload gains the account id and the new period's end. A win received before any dispute
 * or full refund of its payment is kept (`won_before_dispute`), so that dispute, when it arrives, ends nothing.
 * A win of a dispute received before its payment lifts the dispute (`won_before_payment`, also on replays), so
 * the payment's capture, when it arrives, buys its period as usual.
 */
export async function restoreDisputedPayment(
  d1: D1Database,
  nowMs: number,
  event: OutboxEvent,
  entry: Omit<AuditEntry, "accountId"> & { paymentId: string },
  plan: PlanTerms,
): Promise<Restoration> {
  // Parameters ?2 payment, ?4 the plan price (the amount of a payment not recorded yet).
  const refundedInFull = `coalesce((SELECT sum(amount_paise) FROM payment_refunds WHERE payment_id = ?2), 0)
    >= coalesce((SELECT amount_paise FROM payments WHERE payment_id = ?2), ?4)`;
  // Parameters ?2 payment, ?3 this decision, ?4 the plan's period. This batch marked the dispute won; the time
  // its dispute took from the recorded payment; the capture refused because of it, not recorded yet.
  const won = "EXISTS (SELECT 1 FROM payment_reversals WHERE payment_id = ?2 AND restored_audit_id = ?3)";
  const mine = "SELECT remaining_ms FROM payment_reversals WHERE payment_id = ?2 AND restored_audit_id = ?3 AND remaining_ms IS NOT NULL";
  const refusedCapture = `SELECT 1 FROM refused_captures WHERE payment_id = ?2 AND ${won} AND NOT EXISTS (SELECT 1 FROM payments WHERE payment_id = ?2)`;
  // The paid time this win gives: what the dispute took, or the period the refused capture buys. Null: none.
  const gained = `coalesce((${mine}), (SELECT ?4 WHERE EXISTS (${refusedCapture})))`;
  // The payment's account, or its refused capture's.
  const account =
    "coalesce((SELECT account_id FROM payments WHERE payment_id = ?2), (SELECT account_id FROM refused_captures WHERE payment_id = ?2))";
  const [, , , , , , , decided] = await d1.batch([
    d1
      .prepare(
        "INSERT OR IGNORE INTO dispute_wins (payment_id, audit_id, created_at) SELECT ?1, ?2, ?3 WHERE NOT EXISTS (SELECT 1 FROM payment_reversals WHERE payment_id = ?1)",
      )
      .bind(entry.paymentId, entry.id, entry.createdAt),
    d1
      .prepare(
        // Marked won even with no time to give back: the payment stands again, so a capture not yet received buys.
        // Not once its refunds reach its amount: the money went back, so the payment stays taken back.
        `UPDATE payment_reversals SET restored_at = ?1, restored_audit_id = ?3
         WHERE payment_id = ?2 AND event = '${DISPUTE_CREATED}' AND restored_at IS NULL AND NOT (${refundedInFull})`,
      )
      .bind(nowMs, entry.paymentId, entry.id, plan.pricePaise),
    d1
      .prepare(
        `UPDATE accounts SET plan = 'paid', paid_until = max(coalesce(paid_until, 0), ?1) + ${gained}
         WHERE id = ${account} AND ${gained} IS NOT NULL`,
      )
      .bind(nowMs, entry.paymentId, entry.id, plan.periodMs),
    d1
      .prepare(
        `INSERT INTO events (id, owner_id, type, payload, created_at)
         SELECT ?1, id, ?3, json_set(?4, '$.accountId', id, '$.paidUntil', strftime('%Y-%m-%dT%H:%M:%fZ', paid_until / 1000.0, 'unixepoch')), ?5
         FROM accounts WHERE id = ${account} AND changes() = 1`,
      )
      .bind(event.id, entry.paymentId, event.type, JSON.stringify(event.payload), event.createdAt),
    // The refused capture is recorded now, holding the period it bought: the last stretch of the new period.
    d1
      .prepare(
        `INSERT INTO payments (payment_id, account_id, amount_paise, currency, received_at, paid_from, paid_to)
         SELECT c.payment_id, c.account_id, c.amount_paise, c.currency, c.received_at, a.paid_until - ?4, a.paid_until
         FROM refused_captures AS c JOIN accounts AS a ON a.id = c.account_id WHERE c.payment_id = ?2 AND EXISTS (${refusedCapture})`,
      )
      .bind(nowMs, entry.paymentId, entry.id, plan.periodMs),
    // The payment holds the time given back, the last stretch of the new period, so a refund can take it back.
    d1
      .prepare(
        `UPDATE payments SET paid_from = (SELECT paid_until FROM accounts WHERE id = account_id) - (${mine}),
           paid_to = (SELECT paid_until FROM accounts WHERE id = account_id)
         WHERE payment_id = ?2 AND EXISTS (${mine})`,
      )
      .bind(nowMs, entry.paymentId, entry.id),
    d1
      .prepare(
        `INSERT INTO billing_audit (id, account_id, event, payment_id, outcome, amount_paise, currency, paid_until, created_at)
         SELECT ?1, p.account_id, ?3, ?2,
           CASE WHEN EXISTS (SELECT 1 FROM events WHERE id = ?7) THEN CASE WHEN r.remaining_ms IS NULL THEN 'bought_on_win' ELSE 'restored' END
             WHEN r.payment_id IS NULL AND EXISTS (SELECT 1 FROM dispute_wins WHERE payment_id = ?2 AND audit_id = ?1) THEN 'won_before_dispute'
             WHEN r.payment_id IS NULL THEN 'already_won'
             WHEN p.account_id IS NULL AND r.event <> '${DISPUTE_CREATED}' THEN 'unknown_payment'
             WHEN r.event <> '${DISPUTE_CREATED}' OR r.restored_at IS NULL THEN 'refunded'
             WHEN NOT EXISTS (SELECT 1 FROM payments WHERE payment_id = ?2) THEN 'won_before_payment'
             WHEN r.remaining_ms IS NOT NULL OR EXISTS (SELECT 1 FROM refused_captures WHERE payment_id = ?2) THEN 'already_restored'
             ELSE 'nothing_to_restore' END,
           ?4, ?5, (SELECT paid_until FROM accounts WHERE id = p.account_id), ?6
         FROM (SELECT ${account} AS account_id) AS p LEFT JOIN payment_reversals AS r ON r.payment_id = ?2`,
      )
      .bind(entry.id, entry.paymentId, entry.event, entry.amountPaise ?? null, entry.currency ?? null, entry.createdAt, event.id),
    d1.prepare("SELECT outcome, account_id FROM billing_audit WHERE id = ?").bind(entry.id),
  ]);
  const row = decided!.results[0] as { outcome: Restoration["outcome"]; account_id: string | null };
  return { outcome: row.outcome, accountId: row.account_id };
}
