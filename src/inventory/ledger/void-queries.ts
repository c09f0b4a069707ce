// Voids: a ledger entry is never edited, only voided with its reason, event and audit row; a sale's cancellation reuses these.
import { newId } from "../../platform/ids";
import { rupeesSql, type WriteResult } from "../db/event-rows";
import { SETTLED_SQL } from "./receipt-queries";

/** The ledger entries that can be voided, by the kind named in their void route and event. */
export const VOIDABLE_ENTRIES = {
  payment: { table: "payments", settles: true },
  credit_note: { table: "credit_notes", settles: true },
  expense: { table: "expenses", settles: false },
  mill_invoice: { table: "mill_invoices", settles: false },
  mill_payment: { table: "mill_payments", settles: false },
} as const;
export type VoidableKind = keyof typeof VOIDABLE_ENTRIES;

export type VoidOutcome =
  | ({ kind: "voided" } & WriteResult<{ entryKind: VoidableKind; id: string; voidedAt: number; voidReason: string; voidedBy: string }>)
  | { kind: "not_found" }
  | { kind: "already_voided"; voidedAt: number }
  | { kind: "mill_invoice_has_payments" }
  | { kind: "return_credit_note" };

/**
 * Re-opens the invoices voided receipts no longer cover, once the event `eventId` is written: the invoice a receipt
 * settled directly (`saleId`, null for none) and those its money on account was applied to (`sourceIds`), each only
 * while what still settles it falls short of its total.
 */
export function reopenInvoicesStatement(
  db: D1Database,
  orgId: string,
  eventId: string,
  receipts: { saleId: string | null; sourceIds: readonly string[] },
): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE sales SET paid_at = NULL
        WHERE org_id = ?1 AND paid_at IS NOT NULL AND EXISTS (SELECT 1 FROM events WHERE id = ?2)
          AND id IN (SELECT s.id FROM sales s
                      WHERE s.org_id = ?1
                        AND (s.id = ?3 OR s.id IN (SELECT a.sale_id FROM advance_applications a
                                                    WHERE a.org_id = ?1 AND a.source_id IN (SELECT value FROM json_each(?4))))
                        AND NOT (${SETTLED_SQL}))`,
    )
    .bind(orgId, eventId, receipts.saleId, JSON.stringify(receipts.sourceIds));
}

/** An entry about to be voided, with what its entry.voided event says of it. */
export interface EntryToVoid {
  kind: VoidableKind;
  id: string;
  amountPaise: number;
  saleId: string | null;
}

/**
 * A void's statements for a batch, in this order: its entry.voided event, the entry's void columns, its audit row.
 * Each is guarded so that a concurrent void of the same entry records nothing twice. With `afterEventId`, the entry
 * is voided only if that event row was written earlier in the batch (a cancellation's own event, so a cancel that
 * lost a race voids nothing).
 */
export function voidStatements(
  db: D1Database,
  orgId: string,
  entry: EntryToVoid,
  voided: { reason: string; actor: string },
  nowMs: number,
  afterEventId: string | null = null,
): { statements: D1PreparedStatement[]; eventId: string } {
  const { table } = VOIDABLE_ENTRIES[entry.kind];
  const guards: Partial<Record<VoidableKind, string>> = {
    mill_invoice: "AND NOT EXISTS (SELECT 1 FROM mill_payments WHERE org_id = ?1 AND mill_invoice_id = ?2 AND voided_at IS NULL)",
    // A return's kg went back into stock, which may have been sold again since: a return is not voided.
    credit_note: "AND NOT EXISTS (SELECT 1 FROM credit_note_items WHERE org_id = ?1 AND credit_note_id = ?2)",
  };
  const guard = guards[entry.kind] ?? "";
  const eventId = newId("evt", nowMs);
  // The entry.voided event goes first and is the void's token: inserted only while the entry is not voided (and,
  // after `afterEventId`, only when that event exists), so of concurrent voids exactly one inserts it, and the
  // void and its audit entry follow only when this batch's own event exists.
  const statements = [
    db
      .prepare(
        `INSERT INTO events (id, org_id, type, payload, dedupe_key, created_at)
         SELECT ?6, ?1, 'entry.voided',
                json_object('kind', ?7, 'id', ?2, 'amount', ${rupeesSql("?8")}, 'reason', ?4, 'voided_by', ?5, 'sale_id', ?9),
                NULL, ?3
          WHERE EXISTS (SELECT 1 FROM ${table} WHERE org_id = ?1 AND id = ?2 AND voided_at IS NULL ${guard})
            AND (?10 IS NULL OR EXISTS (SELECT 1 FROM events WHERE id = ?10))`,
      )
      .bind(orgId, entry.id, nowMs, voided.reason, voided.actor, eventId, entry.kind, entry.amountPaise, entry.saleId, afterEventId),
    db
      .prepare(
        `UPDATE ${table} SET voided_at = ?3, void_reason = ?4, voided_by = ?5
          WHERE org_id = ?1 AND id = ?2 AND voided_at IS NULL AND EXISTS (SELECT 1 FROM events WHERE id = ?6)`,
      )
      .bind(orgId, entry.id, nowMs, voided.reason, voided.actor, eventId),
    db
      .prepare(
        `INSERT INTO audit_log (id, org_id, action, key_id, actor, reason, at)
         SELECT ?6, ?1, ?7, NULL, ?5, ?2 || ': ' || ?4, ?3 WHERE EXISTS (SELECT 1 FROM events WHERE id = ?8)`,
      )
      .bind(orgId, entry.id, nowMs, voided.reason, voided.actor, newId("aud", nowMs), `${entry.kind}.voided`, eventId),
  ];
  return { statements, eventId };
}

/**
 * Voids one entry in ONE batch: its void statements and, for a payment or credit note that had completed its
 * invoice, the invoice's paid_at cleared (its receipts no longer cover it). A mill invoice with payments still
 * against it is refused: void those first.
 */
export async function voidEntry(
  db: D1Database,
  orgId: string,
  entryKind: VoidableKind,
  id: string,
  voided: { reason: string; actor: string },
  nowMs: number,
): Promise<VoidOutcome> {
  const { table, settles } = VOIDABLE_ENTRIES[entryKind];
  const entry = await db
    .prepare(
      `SELECT amount_paise AS amountPaise, voided_at AS voidedAt, ${settles ? "sale_id" : "NULL"} AS saleId FROM ${table} WHERE org_id = ?1 AND id = ?2`,
    )
    .bind(orgId, id)
    .first<{ amountPaise: number; voidedAt: number | null; saleId: string | null }>();
  if (!entry) return { kind: "not_found" };
  if (entry.voidedAt !== null) return { kind: "already_voided", voidedAt: entry.voidedAt };
  const { statements, eventId } = voidStatements(
    db,
    orgId,
    { kind: entryKind, id, amountPaise: entry.amountPaise, saleId: entry.saleId },
    voided,
    nowMs,
  );
  // The invoices this receipt paid, directly or as money on account applied to them, that it no longer covers.
  if (settles) statements.push(reopenInvoicesStatement(db, orgId, eventId, { saleId: entry.saleId, sourceIds: [id] }));
  const [, update] = await db.batch(statements);
  if (update!.meta.changes !== 1) {
    const now = await db
      .prepare(`SELECT voided_at AS voidedAt FROM ${table} WHERE org_id = ?1 AND id = ?2`)
      .bind(orgId, id)
      .first<{ voidedAt: number | null }>();
    if (now?.voidedAt) return { kind: "already_voided", voidedAt: now.voidedAt };
    return entryKind === "credit_note" ? { kind: "return_credit_note" } : { kind: "mill_invoice_has_payments" };
  }
  return {
    kind: "voided",
    value: { entryKind, id, voidedAt: nowMs, voidReason: voided.reason, voidedBy: voided.actor },
    eventIds: [eventId],
  };
}
