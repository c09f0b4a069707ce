// Sales returns: a credit note for the kg taken back and the kg back into their lots; beside the sales they reverse.
import { failedWith } from "../../platform/d1";
import { newId } from "../../platform/ids";
import { CONTENDED_WRITE_ATTEMPTS, insertedEventIds, type WriteResult } from "../db/event-rows";
import { creditNoteAdjustsGst } from "../domain/gst-time-limit";
import { istDateOf } from "../domain/ist";
import { invoiceTax, lineReturnTax, returnNoteTax, type TaxSplit } from "../domain/place-of-supply";
import { allocateReceipt, type AllocateResult } from "../domain/settlement";
import {
  CREDITED_SQL,
  type CreditNoteRow,
  creditNoteOrder,
  insertCreditNote,
  invoiceFigures,
  invoicePaidStatements,
  leftToCredit,
  readCreditNote,
  SETTLED_PAISE_SQL,
} from "../ledger/receipt-queries";
import type { LedgerRefusal } from "../ledger/queries";
import type { AnnualReturnAsRead } from "../annual-returns/queries";

export type ReturnOutcome =
  | ({ kind: "recorded" } & WriteResult<CreditNoteRow & { items: Array<{ lotId: string; grams: number; amountPaise: number; gstPaise: number }> }>)
  | { kind: "sale_not_found" }
  | { kind: "sale_cancelled" }
  | { kind: "not_dispatched" }
  | Extract<LedgerRefusal, { kind: "receipt_before_invoice" }>
  | Extract<LedgerRefusal, { kind: "credit_note_out_of_order" }>
  | { kind: "lot_not_on_invoice"; index: number; lotId: string }
  | { kind: "more_than_sold"; index: number; lotId: string; returnablePaise: number; returnableGrams: number }
  | { kind: "lot_full"; lotIds: string[] }
  | { kind: "over_applied"; refusal: Extract<AllocateResult, { ok: false }> }
  /** Other writes to the invoice changed its returns or receipts under each of the return's tries. */
  | { kind: "invoice_changed" };

/** Kg of sale line `i` (a sale_items row) given back on credit notes not voided. */
const RETURNED_GRAMS_SQL = (i: string) =>
  `(SELECT COALESCE(SUM(r.grams), 0) FROM credit_note_items r JOIN credit_notes n ON n.org_id = r.org_id AND n.id = r.credit_note_id
     WHERE r.org_id = ${i}.org_id AND r.sale_id = ${i}.sale_id AND r.lot_id = ${i}.lot_id AND n.voided_at IS NULL)`;

/** A return valued from its invoice's figures as read: each line's returns so far, the credit room and the outstanding. */
interface PlannedReturn {
  kind: "planned";
  customerId: string;
  lines: Array<{ lotId: string; grams: number; returnedGrams: number; tax: TaxSplit }>;
  tax: TaxSplit & { totalPaise: number };
  /** The part of the credit beyond what the invoice owes, held on the customer's account. */
  onAccountPaise: number;
  /**
   * False for a sale booked before the split was recorded (its credit notes stay unsplit too), and for a return past
   * the time limit of CGST s.34(2) by its date or the IST day it is recorded: valued at its lines' figures all the
   * same, it adjusts no GST.
   */
  split: boolean;
  /** The annual return of the invoice's year the split was judged by. */
  annualReturn: AnnualReturnAsRead;
}

type ReturnRefusal = Exclude<ReturnOutcome, { kind: "recorded" | "lot_full" | "invoice_changed" }>;

/** Reads the invoice and values the return, or says why it is refused. */
async function planReturn(
  db: D1Database,
  orgId: string,
  saleId: string,
  input: { items: Array<{ lotId: string; grams: number }>; issuedOn: string },
  nowMs: number,
): Promise<PlannedReturn | ReturnRefusal> {
  const sale = await invoiceFigures(db, orgId, saleId);
  if (!sale) return { kind: "sale_not_found" };
  // Goods come back only after they left: before dispatch the sale is cancelled instead.
  if (sale.status !== "dispatched") return { kind: sale.status === "cancelled" ? "sale_cancelled" : "not_dispatched" };
  if (input.issuedOn < sale.saleDate) return { kind: "receipt_before_invoice", receipt: "credit_note", saleDate: sale.saleDate };
  const order = await creditNoteOrder(db, orgId, input.issuedOn);
  if (!order.ok) return { kind: "credit_note_out_of_order", refusal: order };
  const { split, annualReturn } = await leftToCredit(db, orgId, saleId);
  const { results: soldLines } = await db
    .prepare(
      `SELECT i.lot_id AS lotId, i.grams, i.rate_paise_per_kg AS ratePaisePerKg, i.gst_rate_bps AS gstRateBps,
              ${RETURNED_GRAMS_SQL("i")} AS returnedGrams
         FROM sale_items i WHERE i.org_id = ?1 AND i.sale_id = ?2`,
    )
    .bind(orgId, saleId)
    .all<{ lotId: string; grams: number; ratePaisePerKg: number; gstRateBps: number; returnedGrams: number }>();
  // Sales booked before the split was recorded keep no split, so their kind does not reach the credit note.
  const kind = split === null ? "inter_state" : split.kind;
  const lines: PlannedReturn["lines"] = [];
  for (const [index, item] of input.items.entries()) {
    const line = soldLines.find((l) => l.lotId === item.lotId);
    if (!line) return { kind: "lot_not_on_invoice", index, lotId: item.lotId };
    const returnableGrams = line.grams - line.returnedGrams;
    if (item.grams > returnableGrams) {
      return {
        kind: "more_than_sold",
        index,
        lotId: item.lotId,
        returnableGrams,
        returnablePaise: lineReturnTax(line, line.returnedGrams, returnableGrams, kind).taxablePaise,
      };
    }
    lines.push({
      lotId: item.lotId,
      grams: item.grams,
      returnedGrams: line.returnedGrams,
      tax: lineReturnTax(line, line.returnedGrams, item.grams, kind),
    });
  }
  // Each column held to what the invoice has left of it, after credit notes that took part of it in the invoice's proportions.
  const linesTax = invoiceTax(lines.map((l) => l.tax));
  const tax = split === null ? linesTax : returnNoteTax(linesTax, split);
  const allocated = allocateReceipt({
    kind: "credit_note",
    sourceId: "",
    amountPaise: tax.totalPaise,
    atMs: nowMs,
    invoice: sale,
    excess: "advance",
  });
  if (!allocated.ok) return { kind: "over_applied", refusal: allocated };
  return {
    kind: "planned",
    customerId: sale.customerId,
    lines,
    tax,
    onAccountPaise: allocated.toAdvancePaise,
    split: split !== null && creditNoteAdjustsGst(sale.saleDate, { issuedOn: input.issuedOn, recordedOn: istDateOf(nowMs) }, annualReturn.filedOn),
    annualReturn,
  };
}

/** Of sale `s`'s taxable value or tax `column`, what its credit notes not voided have not yet credited. */
const COLUMN_LEFT_SQL = (column: "taxable_paise" | "cgst_paise" | "sgst_paise" | "igst_paise") =>
  `(s.${column} - (SELECT COALESCE(SUM(${column}), 0) FROM credit_notes WHERE org_id = s.org_id AND sale_id = s.id AND voided_at IS NULL))`;

/**
 * Whether a return's figures still hold in the transaction (SQL over the credit note insert's parameters: ?2
 * organisation, ?4 sale, ?6 amount, ?10-?13 its taxable value, CGST, SGST and IGST (null unsplit), ?14 the part on
 * account, ?15 the lines as JSON `[{lot_id, grams, returned}]`): the sale takes returns; each line is on it, its
 * returns so far are those the line was valued from (its figures run on from them) and it has the kg left; the
 * invoice has the amount left to credit, and of each column the note credits at least that much left (a note that
 * credited part of the invoice meanwhile may have taken it); and it owes what the note does not put on account (so
 * that part is neither more than it owes nor held back from it).
 */
const RETURN_ROOM_SQL = `EXISTS (SELECT 1 FROM sales s WHERE s.org_id = ?2 AND s.id = ?4 AND s.status = 'dispatched'
     AND s.total_paise - ${CREDITED_SQL("s")} >= ?6
     AND (COALESCE(?10, 0) = 0 OR ${COLUMN_LEFT_SQL("taxable_paise")} >= ?10)
     AND (COALESCE(?11, 0) = 0 OR ${COLUMN_LEFT_SQL("cgst_paise")} >= ?11)
     AND (COALESCE(?12, 0) = 0 OR ${COLUMN_LEFT_SQL("sgst_paise")} >= ?12)
     AND (COALESCE(?13, 0) = 0 OR ${COLUMN_LEFT_SQL("igst_paise")} >= ?13)
     AND MIN(?6, s.total_paise - ${SETTLED_PAISE_SQL("s")}) = ?6 - ?14)
  AND NOT EXISTS (SELECT 1 FROM json_each(?15) asked
     LEFT JOIN sale_items i ON i.org_id = ?2 AND i.sale_id = ?4 AND i.lot_id = json_extract(asked.value, '$.lot_id')
     WHERE i.lot_id IS NULL
        OR ${RETURNED_GRAMS_SQL("i")} <> json_extract(asked.value, '$.returned')
        OR i.grams - ${RETURNED_GRAMS_SQL("i")} < json_extract(asked.value, '$.grams'))`;

/**
 * Writes a planned return in ONE batch: its credit note, written only while RETURN_ROOM_SQL holds, and after it the
 * kg back into the lots, the note's lines and invoice.paid, each written only when the note was. Null when the
 * room or figures the plan was read with are gone (nothing written).
 */
async function recordReturn(
  db: D1Database,
  orgId: string,
  saleId: string,
  plan: PlannedReturn,
  note: { reason: string | null; issuedOn: string },
  nowMs: number,
): Promise<Extract<ReturnOutcome, { kind: "recorded" | "lot_full" }> | null> {
  const id = newId("cn", nowMs);
  const room = JSON.stringify(plan.lines.map((l) => ({ lot_id: l.lotId, grams: l.grams, returned: l.returnedGrams })));
  const statements: D1PreparedStatement[] = [
    insertCreditNote(
      db,
      {
        id,
        orgId,
        customerId: plan.customerId,
        saleId,
        amountPaise: plan.tax.totalPaise,
        onAccountPaise: plan.onAccountPaise,
        reason: note.reason,
        issuedOn: note.issuedOn,
        tax: plan.split ? plan.tax : null,
        annualReturn: plan.annualReturn,
        nowMs,
      },
      { sql: RETURN_ROOM_SQL, param: room },
    ),
  ];
  const noteWritten = "EXISTS (SELECT 1 FROM credit_notes WHERE org_id = ?2 AND id = ?4)";
  for (const line of plan.lines) {
    statements.push(
      db
        .prepare(
          `UPDATE lots SET grams_remaining = grams_remaining + ?1, grams_returned = grams_returned + ?1
            WHERE org_id = ?2 AND id = ?3 AND grams_remaining + ?1 <= grams_received + grams_transferred_in AND ${noteWritten}`,
        )
        .bind(line.grams, orgId, line.lotId, id),
      // grams = 0 when the note was written but its lot could not take the kg back: the CHECK fails the batch.
      db
        .prepare(
          `INSERT INTO credit_note_items (id, org_id, credit_note_id, sale_id, lot_id, grams, amount_paise, gst_paise)
           SELECT ?1, ?2, ?4, ?3, ?5, CASE WHEN changes() = 1 THEN ?6 ELSE 0 END, ?7, ?8 WHERE ${noteWritten}`,
        )
        .bind(
          newId("cni", nowMs),
          orgId,
          saleId,
          id,
          line.lotId,
          line.grams,
          line.tax.taxablePaise,
          line.tax.cgstPaise + line.tax.sgstPaise + line.tax.igstPaise,
        ),
    );
  }
  const eventId = newId("evt", nowMs);
  const events = [{ id: eventId, index: statements.length }];
  statements.push(...invoicePaidStatements(db, orgId, saleId, eventId, { paymentId: null, creditNoteId: id }, nowMs));
  let results: D1Result[];
  try {
    results = await db.batch(statements);
  } catch (error) {
    // A lot already holding all it received cannot take the kg back (it was adjusted up since): nothing was written.
    if (failedWith(error, "CHECK constraint failed")) return { kind: "lot_full", lotIds: plan.lines.map((l) => l.lotId) };
    throw error;
  }
  if (results[0]!.meta.changes === 0) return null;
  const row = await readCreditNote(db, orgId, id);
  return {
    kind: "recorded",
    value: {
      ...row,
      items: plan.lines.map((l) => ({
        lotId: l.lotId,
        grams: l.grams,
        amountPaise: l.tax.taxablePaise,
        gstPaise: l.tax.cgstPaise + l.tax.sgstPaise + l.tax.igstPaise,
      })),
    },
    eventIds: insertedEventIds(results, events),
  };
}

/**
 * A sales return: a credit note for the kg taken back, valued at each invoice line's rate with that line's GST
 * (CGST + SGST or IGST, as the invoice), and the kg put back into their lots, in ONE batch. A line gives back at
 * most what it sold less earlier returns (returns on voided notes do not count). What a return credits beyond the
 * invoice's outstanding is held on the customer's account, like an advance (goods returned after payment are owed
 * back), for later invoices to consume; it may complete the invoice, like any credit note. Past the time limit of
 * CGST s.34(2) it credits the same value but adjusts no GST (its split is null).
 * The figures are read before the batch, so returns or receipts sent at once could each pass alone: the batch
 * checks them again and writes nothing if they moved, and the invoice is then read afresh, so a return left with
 * no room is refused as if sent after the others.
 */
export async function returnSale(
  db: D1Database,
  orgId: string,
  saleId: string,
  input: { items: Array<{ lotId: string; grams: number }>; reason: string | null; issuedOn: string },
  nowMs: number,
): Promise<ReturnOutcome> {
  for (let tries = 0; ; tries++) {
    const plan = await planReturn(db, orgId, saleId, input, nowMs);
    if (plan.kind !== "planned") return plan;
    if (tries === CONTENDED_WRITE_ATTEMPTS) return { kind: "invoice_changed" };
    const recorded = await recordReturn(db, orgId, saleId, plan, input, nowMs);
    if (recorded !== null) return recorded;
  }
}
