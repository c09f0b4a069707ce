// Receipts and how they settle invoices: payments, credit notes, money on account applied, and the settlement SQL the books share.
// Drizzle for plain reads and writes; raw SQL only where a D1 batch resolves ids or conditions inside the
// transaction (invoice.paid once the invoice is covered, the next credit-note number), with row types taken from
// the drizzle schema.
import { and, eq, getTableColumns } from "drizzle-orm";
import { newId } from "../../platform/ids";
import { ANNUAL_RETURN_AS_READ_SQL, type AnnualReturnAsRead, annualReturnOfInvoice } from "../annual-returns/queries";
import { inventoryDb } from "../db/client";
import { creditNotes, customers, type payments, sales } from "../db/schema";
import { creditNoteTax, type SupplyKind, supplyKind, type TaxSplit } from "../domain/place-of-supply";
import { CONTENDED_WRITE_ATTEMPTS, insertedEventIds, rupeesSql } from "../db/event-rows";
import { CASH_RECEIPT_LIMIT_PAISE, checkCashReceipt } from "../domain/cash-receipts";
import { creditNoteAdjustsGst } from "../domain/gst-time-limit";
import { creditNoteInOrder, creditNotePrefix, type LastCreditNote } from "../domain/invoice-number";
import { istDateOf } from "../domain/ist";
import { allocateReceipt, type OpenInvoice } from "../domain/settlement";
import { type LedgerOutcome, type LedgerRefusal, NOT_VOIDED, type VoidFields } from "./queries";

/**
 * An invoice's settlement figures as the books hold them now: billed, credited (all its credit notes, the bound on
 * further credit), and settled (payments, the part of its credit notes not held on account, advances applied).
 */
export async function invoiceFigures(
  d1: D1Database,
  orgId: string,
  saleId: string,
): Promise<(OpenInvoice & { customerId: string; saleDate: string; settledPaise: number }) | null> {
  const figures = await d1
    .prepare(
      `SELECT s.customer_id AS customerId, s.status, s.sale_date AS saleDate, s.total_paise AS totalPaise,
              ${CREDITED_SQL("s")} AS creditedPaise,
              ${SETTLED_PAISE_SQL("s")} AS settledPaise
         FROM sales s WHERE s.org_id = ?1 AND s.id = ?2`,
    )
    .bind(orgId, saleId)
    .first<{
      customerId: string;
      status: "confirmed" | "dispatched" | "cancelled";
      saleDate: string;
      totalPaise: number;
      creditedPaise: number;
      settledPaise: number;
    }>();
  return figures && { ...figures, saleId, outstandingPaise: figures.totalPaise - figures.settledPaise };
}

/**
 * A payment or credit note names its customer, and the sale it settles (if any) must be that customer's, not
 * cancelled, and dated no later than the receipt (it settles or reverses an invoice already issued). A payment owes at most the outstanding: more is refused with the outstanding (a payment without a sale
 * stays on the customer's account). A credit note credits at most what the invoice has left to credit (its total
 * less its earlier credit notes, returns included), and what it credits beyond the outstanding (an invoice already
 * paid, in part or in full) is held on the customer's account, as a sales return's is: CGST s.34(1) allows the note
 * on the invoice whether or not it was paid. Allowed, with the part held on account.
 */
async function settlementCheck(
  d1: D1Database,
  orgId: string,
  receipt: { kind: "payment" | "credit_note"; customerId: string; saleId: string | null; amountPaise: number; datedOn: string; nowMs: number },
): Promise<LedgerRefusal | { kind: "allowed"; onAccountPaise: number }> {
  const db = inventoryDb(d1);
  const { customerId, saleId } = receipt;
  const customer = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.orgId, orgId), eq(customers.id, customerId)))
    .get();
  if (!customer) return { kind: "customer_not_found", customerId };
  if (saleId === null) return { kind: "allowed", onAccountPaise: receipt.kind === "credit_note" ? receipt.amountPaise : 0 };
  const sale = await invoiceFigures(d1, orgId, saleId);
  if (!sale) return { kind: "sale_not_found", saleId };
  if (sale.customerId !== customerId) return { kind: "sale_of_other_customer" };
  if (sale.status === "cancelled") return { kind: "sale_cancelled" };
  if (receipt.datedOn < sale.saleDate) return { kind: "receipt_before_invoice", receipt: receipt.kind, saleDate: sale.saleDate };
  const allocated = allocateReceipt({
    kind: receipt.kind,
    sourceId: "",
    amountPaise: receipt.amountPaise,
    atMs: receipt.nowMs,
    invoice: sale,
    excess: receipt.kind === "credit_note" ? "advance" : "refuse",
  });
  return allocated.ok ? { kind: "allowed", onAccountPaise: allocated.toAdvancePaise } : { kind: "over_applied", refusal: allocated };
}

/**
 * Cash received in respect of invoice `sale` (s.269ST(b)): cash paid against it, and cash paid on account earlier
 * that the invoice consumed as an advance; none voided. `org` and `sale` are SQL expressions.
 */
const CASH_FOR_INVOICE_SQL = (org: string, sale: string) =>
  `((SELECT COALESCE(SUM(amount_paise), 0) FROM payments WHERE org_id = ${org} AND sale_id = ${sale} AND method = 'cash' AND voided_at IS NULL)
    + (SELECT COALESCE(SUM(a.amount_paise), 0) FROM advance_applications a JOIN payments p ON p.org_id = a.org_id AND p.id = a.source_id
        WHERE a.org_id = ${org} AND a.sale_id = ${sale} AND a.source_kind = 'payment' AND p.method = 'cash' AND p.voided_at IS NULL))`;

/** s.269ST: cash already received from the customer that day, and in respect of the invoice on any day. */
async function cashRefusal(
  d1: D1Database,
  orgId: string,
  input: { customerId: string; saleId: string | null; method: string; amountPaise: number; paidOn: string },
): Promise<LedgerRefusal | null> {
  if (input.method !== "cash") return null;
  const already = await d1
    .prepare(
      `SELECT COALESCE(SUM(amount_paise), 0) AS sameDay, ${CASH_FOR_INVOICE_SQL("?1", "?4")} AS sameInvoice
         FROM payments WHERE org_id = ?1 AND customer_id = ?2 AND method = 'cash' AND voided_at IS NULL AND paid_on = ?3`,
    )
    .bind(orgId, input.customerId, input.paidOn, input.saleId)
    .first<{ sameDay: number; sameInvoice: number }>();
  const checked = checkCashReceipt({
    method: input.method,
    amountPaise: input.amountPaise,
    sameDayCashPaise: already?.sameDay ?? 0,
    sameInvoiceCashPaise: input.saleId === null ? null : (already?.sameInvoice ?? 0),
  });
  return checked.ok ? null : { kind: "cash_limit", refusal: checked };
}

/** Whether the source of advance application `a` (a payment or credit note on account) has been voided. */
export const SOURCE_VOIDED_SQL = (a: string) =>
  `(CASE ${a}.source_kind WHEN 'payment' THEN (SELECT voided_at FROM payments WHERE org_id = ${a}.org_id AND id = ${a}.source_id)
     ELSE (SELECT voided_at FROM credit_notes WHERE org_id = ${a}.org_id AND id = ${a}.source_id) END) IS NOT NULL`;
/** All credit notes of sale `sale` not voided, parts held on account included: the bound on further credit. */
export const CREDITED_SQL = (sale: string) =>
  `(SELECT COALESCE(SUM(amount_paise), 0) FROM credit_notes WHERE org_id = ${sale}.org_id AND sale_id = ${sale}.id AND voided_at IS NULL)`;
/** The credit notes of sale `sale` that settle it: each note less its part held on the customer's account. */
export const CREDITED_TO_INVOICE_SQL = (sale: string) =>
  `(SELECT COALESCE(SUM(n.amount_paise - n.on_account_paise), 0) FROM credit_notes n
     WHERE n.org_id = ${sale}.org_id AND n.sale_id = ${sale}.id AND n.voided_at IS NULL)`;
/** Money on account applied to sale `sale` that still counts (its source not voided). */
export const APPLIED_SQL = (sale: string) =>
  `(SELECT COALESCE(SUM(a.amount_paise), 0) FROM advance_applications a
     WHERE a.org_id = ${sale}.org_id AND a.sale_id = ${sale}.id AND NOT ${SOURCE_VOIDED_SQL("a")})`;

/** The receipts of sale `sale` that still count: payments, credit notes bar their part on account, and advances applied, none voided. */
export const SETTLED_PAISE_SQL = (sale: string) =>
  `((SELECT COALESCE(SUM(amount_paise), 0) FROM payments WHERE org_id = ${sale}.org_id AND sale_id = ${sale}.id AND voided_at IS NULL)
    + ${CREDITED_TO_INVOICE_SQL(sale)} + ${APPLIED_SQL(sale)})`;
/** Whether the receipts of sale `s` that still count cover its total. */
export const SETTLED_SQL = `${SETTLED_PAISE_SQL("s")} >= s.total_paise`;
/** Voided receipts of sale `s`: a void may re-open a paid invoice, and settling it again is a new invoice.paid. */
const VOIDED_RECEIPTS_SQL = `((SELECT COUNT(*) FROM payments WHERE org_id = s.org_id AND sale_id = s.id AND voided_at IS NOT NULL)
              + (SELECT COUNT(*) FROM credit_notes WHERE org_id = s.org_id AND sale_id = s.id AND voided_at IS NOT NULL)
              + (SELECT COUNT(*) FROM advance_applications a WHERE a.org_id = s.org_id AND a.sale_id = s.id AND ${SOURCE_VOIDED_SQL("a")}))`;

/**
 * invoice.paid and paid_at, when payments plus credit notes on the sale now cover the total of an invoice not paid
 * until now (once per settlement: a void that re-opens the invoice clears paid_at, and the number of voided receipts
 * keeps the next settlement's dedupe key apart): run in the same batch as the
 * receipt that may complete it, and written only when that receipt was (one refused in its transaction completes nothing).
 */
export function invoicePaidStatements(
  db: D1Database,
  orgId: string,
  saleId: string,
  eventId: string,
  receipt: { paymentId: string | null; creditNoteId: string | null },
  nowMs: number,
) {
  return [
    db
      .prepare(
        `INSERT OR IGNORE INTO events (id, org_id, type, payload, dedupe_key, created_at)
         SELECT ?1, s.org_id, 'invoice.paid',
                json_object('sale_id', s.id, 'invoice_number', s.invoice_number, 'customer_id', s.customer_id,
                            'total_amount', ${rupeesSql("s.total_paise")}, 'payment_id', ?4, 'credit_note_id', ?6),
                'invoice.paid:' || s.id || CASE WHEN ${VOIDED_RECEIPTS_SQL} = 0 THEN '' ELSE ':' || ${VOIDED_RECEIPTS_SQL} END, ?5
           FROM sales s
          WHERE s.org_id = ?2 AND s.id = ?3 AND s.status <> 'cancelled' AND s.paid_at IS NULL
            AND (?4 IS NULL OR EXISTS (SELECT 1 FROM payments WHERE org_id = ?2 AND id = ?4))
            AND (?6 IS NULL OR EXISTS (SELECT 1 FROM credit_notes WHERE org_id = ?2 AND id = ?6))
            AND ${SETTLED_SQL}`,
      )
      .bind(eventId, orgId, saleId, receipt.paymentId, nowMs, receipt.creditNoteId),
    db
      .prepare("UPDATE sales SET paid_at = ?1 WHERE org_id = ?2 AND id = ?3 AND paid_at IS NULL AND EXISTS (SELECT 1 FROM events WHERE id = ?4)")
      .bind(nowMs, orgId, saleId, eventId),
  ];
}

export type PaymentRow = Omit<typeof payments.$inferSelect, "orgId">;

/** Whether sale `sale` of organisation `org` (SQL parameters) is not cancelled and still owes at least `amount`. */
const owesAtLeastSql = (org: string, sale: string, amount: string) =>
  `EXISTS (SELECT 1 FROM sales s WHERE s.org_id = ${org} AND s.id = ${sale} AND s.status <> 'cancelled'
     AND s.total_paise - ${SETTLED_PAISE_SQL("s")} >= ${amount})`;

/**
 * Whether sale `sale` of organisation `org` (SQL parameters) is not cancelled, has at least `amount` left to credit,
 * and owes exactly what a credit note of `amount` holding `onAccount` on the customer's account does not put there
 * (so that part is neither more than the invoice owes nor held back from it).
 */
export const CREDIT_ROOM_SQL = (org: string, sale: string, amount: string, onAccount: string) =>
  `EXISTS (SELECT 1 FROM sales s WHERE s.org_id = ${org} AND s.id = ${sale} AND s.status <> 'cancelled'
     AND s.total_paise - ${CREDITED_SQL("s")} >= ${amount}
     AND MIN(${amount}, s.total_paise - ${SETTLED_PAISE_SQL("s")}) = ${amount} - ${onAccount})`;

async function paymentRefusal(db: D1Database, orgId: string, input: Omit<PaymentRow, "id" | "createdAt" | VoidFields>, nowMs: number) {
  const checked = await settlementCheck(db, orgId, {
    kind: "payment",
    customerId: input.customerId,
    saleId: input.saleId,
    amountPaise: input.amountPaise,
    datedOn: input.paidOn,
    nowMs,
  });
  return checked.kind === "allowed" ? cashRefusal(db, orgId, input) : checked;
}

/**
 * Records money received. When it is against a sale and payments plus credit notes on that sale now cover
 * its total, the sale is marked paid and invoice.paid is emitted, once per sale (dedupe key).
 */
export async function createPayment(
  db: D1Database,
  orgId: string,
  input: Omit<PaymentRow, "id" | "createdAt" | VoidFields>,
  nowMs: number,
): Promise<LedgerOutcome<PaymentRow & { invoicePaid: boolean }>> {
  const cashSoFar = (also: string) =>
    `(SELECT COALESCE(SUM(amount_paise), 0) FROM payments WHERE org_id = ?2 AND customer_id = ?3 AND method = 'cash' AND voided_at IS NULL AND ${also})`;
  for (let attempt = 1; attempt <= CONTENDED_WRITE_ATTEMPTS; attempt++) {
    const refusal = await paymentRefusal(db, orgId, input, nowMs);
    if (refusal) return refusal;
    const row: PaymentRow = { id: newId("pay", nowMs), ...input, createdAt: nowMs, ...NOT_VOIDED };
    // The checks above read before the batch; concurrent receipts could each pass them alone. So the insert checks
    // again in the transaction (the invoice still owes the amount; the cash limits still hold) and writes nothing
    // otherwise, and the next attempt reads the refusal afresh.
    const statements = [
      db
        .prepare(
          `INSERT INTO payments (id, org_id, customer_id, sale_id, amount_paise, method, reference, paid_on, created_at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9
            WHERE (?4 IS NULL OR ${owesAtLeastSql("?2", "?4", "?5")})
              AND (?6 <> 'cash' OR (${cashSoFar("paid_on = ?8")} + ?5 < ?10 AND (?4 IS NULL OR ${CASH_FOR_INVOICE_SQL("?2", "?4")} + ?5 < ?10)))`,
        )
        .bind(row.id, orgId, row.customerId, row.saleId, row.amountPaise, row.method, row.reference, row.paidOn, nowMs, CASH_RECEIPT_LIMIT_PAISE),
    ];
    const events: Array<{ id: string; index: number }> = [];
    if (input.saleId !== null) {
      const eventId = newId("evt", nowMs);
      events.push({ id: eventId, index: statements.length });
      statements.push(...invoicePaidStatements(db, orgId, input.saleId, eventId, { paymentId: row.id, creditNoteId: null }, nowMs));
    }
    const results = await db.batch(statements);
    if (results[0]!.meta.changes === 0) continue;
    const eventIds = insertedEventIds(results, events);
    return { kind: "recorded", value: { ...row, invoicePaid: eventIds.length > 0 }, eventIds };
  }
  return { kind: "contended" };
}

/** A credit note, with the place of supply of the invoice it credits (null without one). */
export type CreditNoteRow = Omit<typeof creditNotes.$inferSelect, "orgId"> & { placeOfSupply: string | null };

/** A credit note as written, with its invoice's place of supply: one query. */
export async function readCreditNote(db: D1Database, orgId: string, id: string): Promise<CreditNoteRow> {
  const { orgId: _org, ...row } = (await inventoryDb(db)
    .select({ ...getTableColumns(creditNotes), placeOfSupply: sales.placeOfSupply })
    .from(creditNotes)
    .leftJoin(sales, and(eq(sales.orgId, creditNotes.orgId), eq(sales.id, creditNotes.saleId)))
    .where(and(eq(creditNotes.orgId, orgId), eq(creditNotes.id, id)))
    .get())!;
  return row;
}

/** Issues a credit note numbered `CN/<FY>/<seq>`, consecutive per financial year, computed in the transaction. */
export async function createCreditNote(
  db: D1Database,
  orgId: string,
  input: { customerId: string; saleId: string | null; amountPaise: number; reason: string | null; issuedOn: string },
  nowMs: number,
): Promise<LedgerOutcome<CreditNoteRow>> {
  const checkNow = () =>
    settlementCheck(db, orgId, {
      kind: "credit_note",
      customerId: input.customerId,
      saleId: input.saleId,
      amountPaise: input.amountPaise,
      datedOn: input.issuedOn,
      nowMs,
    });
  for (let attempt = 1; attempt <= CONTENDED_WRITE_ATTEMPTS; attempt++) {
    const checked = await checkNow();
    if (checked.kind !== "allowed") return checked;
    const order = await creditNoteOrder(db, orgId, input.issuedOn);
    if (!order.ok) return { kind: "credit_note_out_of_order", refusal: order };
    const id = newId("cn", nowMs);
    // The note credits what the invoice has left to credit, in that remainder's proportions: so the invoice's notes
    // never reverse more of a tax than it charged, and those that credit all of it reproduce its figures exactly.
    // Past the time limit of CGST s.34(2) (30 November after the invoice's year, or the day that year's annual return
    // was furnished if earlier), by its date or by the IST day it is recorded (now), it is only commercial: it settles
    // the invoice but adjusts no GST.
    const left = input.saleId === null ? null : await leftToCredit(db, orgId, input.saleId);
    const recordedOn = istDateOf(nowMs);
    const tax =
      left?.split && creditNoteAdjustsGst(left.invoiceDate, { issuedOn: input.issuedOn, recordedOn }, left.annualReturn.filedOn)
        ? creditNoteTax(input.amountPaise, left.split)
        : null;
    // Without an invoice the note is money on the customer's account; against one it settles the outstanding first
    // and holds the rest there. As for a payment, the invoice's room is checked again in the transaction: that much
    // left to credit, owing what the note does not hold on account, and its credit notes as read above (else the
    // split would be of a stale remainder), else nothing is written and the next attempt reads the refusal afresh.
    const stillRoom = `?4 IS NULL OR (${CREDIT_ROOM_SQL("?2", "?4", "?6", "?14")} AND ${CREDIT_NOTES_VERSION_SQL("?2", "?4")} = ?15)`;
    const insert = insertCreditNote(
      db,
      { id, orgId, ...input, onAccountPaise: checked.onAccountPaise, tax, annualReturn: left?.annualReturn ?? null, nowMs },
      { sql: stillRoom, param: left?.notesVersion ?? null },
    );
    // A credit note settles like a payment: it may complete the invoice.
    const events: Array<{ id: string; index: number }> = [];
    const statements = [insert];
    if (input.saleId !== null) {
      const eventId = newId("evt", nowMs);
      events.push({ id: eventId, index: statements.length });
      statements.push(...invoicePaidStatements(db, orgId, input.saleId, eventId, { paymentId: null, creditNoteId: id }, nowMs));
    }
    const results = await db.batch(statements);
    if (results[0]!.meta.changes === 0) continue;
    const row = await readCreditNote(db, orgId, id);
    return { kind: "recorded", value: row, eventIds: insertedEventIds(results, events) };
  }
  return { kind: "contended" };
}

/** The last credit note numbered in the financial year of `issuedOn` (voided ones keep their number), null for the first. */
async function lastCreditNote(db: D1Database, orgId: string, issuedOn: string): Promise<LastCreditNote | null> {
  return db
    .prepare(
      `SELECT note_number AS noteNumber, issued_on AS issuedOn FROM credit_notes
        WHERE org_id = ?1 AND note_number LIKE ?2 || '%' ORDER BY note_number DESC LIMIT 1`,
    )
    .bind(orgId, creditNotePrefix(issuedOn))
    .first<LastCreditNote>();
}

/** Whether a note dated `issuedOn` may take the next number of its financial year: not dated before its last note. */
export async function creditNoteOrder(db: D1Database, orgId: string, issuedOn: string) {
  return creditNoteInOrder(issuedOn, await lastCreditNote(db, orgId, issuedOn));
}

/**
 * The credit note's row, numbered `CN/<FY>/<next of the year>` inside the batch, written only when `onlyIf` holds:
 * SQL over the statement's parameters (?2 organisation, ?4 sale, ?6 amount, ?14 the part on account, and ?15 its
 * own `param`), checked in the transaction, and only while its date (?8) is not before the last note numbered in its
 * year, so that the year's series stays in date order (a note dated later numbered meanwhile writes nothing, and the
 * caller's next read refuses it). Against an invoice it is also written only while the annual return of the
 * invoice's year (?16) is as it was read (?17, null when none was recorded): the note was judged by it, so a filing
 * date recorded or removed meanwhile makes it be judged again, and a note written before that change keeps its split.
 */
export function insertCreditNote(
  db: D1Database,
  note: {
    id: string;
    orgId: string;
    customerId: string;
    saleId: string | null;
    amountPaise: number;
    onAccountPaise: number;
    reason: string | null;
    issuedOn: string;
    tax: TaxSplit | null;
    annualReturn: AnnualReturnAsRead | null;
    nowMs: number;
  },
  onlyIf: { sql: string; param: number | string | null },
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO credit_notes (id, org_id, customer_id, sale_id, note_number, amount_paise, reason, issued_on, created_at,
                                 taxable_paise, cgst_paise, sgst_paise, igst_paise, on_account_paise)
       SELECT ?1, ?2, ?3, ?4, ?5 || printf('%06d', COUNT(*) + 1), ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14
         FROM credit_notes WHERE org_id = ?2 AND note_number LIKE ?5 || '%'
       HAVING (${onlyIf.sql})
          AND COALESCE((SELECT issued_on FROM credit_notes WHERE org_id = ?2 AND note_number LIKE ?5 || '%' ORDER BY note_number DESC LIMIT 1), '') <= ?8
          AND ${ANNUAL_RETURN_AS_READ_SQL("?2", "?16", "?17")}`,
    )
    .bind(
      note.id,
      note.orgId,
      note.customerId,
      note.saleId,
      creditNotePrefix(note.issuedOn),
      note.amountPaise,
      note.reason,
      note.issuedOn,
      note.nowMs,
      note.tax?.taxablePaise ?? null,
      note.tax?.cgstPaise ?? null,
      note.tax?.sgstPaise ?? null,
      note.tax?.igstPaise ?? null,
      note.onAccountPaise,
      onlyIf.param,
      note.annualReturn?.financialYear ?? null,
      note.annualReturn?.filedOn ?? null,
    );
}

/**
 * The version of sale `sale`'s credit notes (SQL parameters): one more for each note issued and each voided, so it
 * is unchanged exactly while the invoice's active notes are.
 */
const CREDIT_NOTES_VERSION_SQL = (org: string, sale: string) =>
  `(SELECT COUNT(*) + COUNT(voided_at) FROM credit_notes WHERE org_id = ${org} AND sale_id = ${sale})`;

/**
 * What an invoice has left to credit, column by column: its taxable value and taxes less those of its credit notes
 * not voided (returns included), and whether it was intra- or inter-state; null split for a sale booked before the
 * split was recorded. A note that adjusted no GST (past the time limit of CGST s.34(2)) took no tax, so its null
 * split leaves the columns whole, while its amount still counts against what the invoice has left to credit
 * (CREDITED_SQL). With the invoice's date, the annual return of its financial year and the version of its credit
 * notes this was read at.
 */
export async function leftToCredit(
  db: D1Database,
  orgId: string,
  saleId: string,
): Promise<{ split: (TaxSplit & { kind: SupplyKind }) | null; invoiceDate: string; annualReturn: AnnualReturnAsRead; notesVersion: number }> {
  const [split, credited] = await Promise.all([
    saleTaxSplit(db, orgId, saleId),
    db
      .prepare(
        `SELECT COALESCE(SUM(CASE WHEN voided_at IS NULL THEN taxable_paise END), 0) AS taxablePaise,
                COALESCE(SUM(CASE WHEN voided_at IS NULL THEN cgst_paise END), 0) AS cgstPaise,
                COALESCE(SUM(CASE WHEN voided_at IS NULL THEN sgst_paise END), 0) AS sgstPaise,
                COALESCE(SUM(CASE WHEN voided_at IS NULL THEN igst_paise END), 0) AS igstPaise,
                ${CREDIT_NOTES_VERSION_SQL("?1", "?2")} AS notesVersion,
                (SELECT sale_date FROM sales WHERE org_id = ?1 AND id = ?2) AS invoiceDate
           FROM credit_notes WHERE org_id = ?1 AND sale_id = ?2`,
      )
      .bind(orgId, saleId)
      .first<TaxSplit & { notesVersion: number; invoiceDate: string }>(),
  ]);
  // An aggregate without GROUP BY always gives one row.
  const { notesVersion, invoiceDate, ...credit } = credited!;
  const annualReturn = await annualReturnOfInvoice(db, orgId, invoiceDate);
  if (split === null) return { split: null, invoiceDate, annualReturn, notesVersion };
  return {
    split: {
      taxablePaise: split.taxablePaise - credit.taxablePaise,
      cgstPaise: split.cgstPaise - credit.cgstPaise,
      sgstPaise: split.sgstPaise - credit.sgstPaise,
      igstPaise: split.igstPaise - credit.igstPaise,
      kind: split.kind,
    },
    invoiceDate,
    annualReturn,
    notesVersion,
  };
}

/** An invoice's tax columns and whether it was intra- or inter-state; null for a sale booked before the split. */
async function saleTaxSplit(db: D1Database, orgId: string, saleId: string): Promise<(TaxSplit & { kind: SupplyKind }) | null> {
  const row = await inventoryDb(db)
    .select({
      taxablePaise: sales.taxablePaise,
      cgstPaise: sales.cgstPaise,
      sgstPaise: sales.sgstPaise,
      igstPaise: sales.igstPaise,
      sellerStateCode: sales.sellerStateCode,
      placeOfSupply: sales.placeOfSupply,
    })
    .from(sales)
    .where(and(eq(sales.orgId, orgId), eq(sales.id, saleId)))
    .get();
  if (!row || row.cgstPaise === null || row.sgstPaise === null || row.igstPaise === null) return null;
  if (row.sellerStateCode === null || row.placeOfSupply === null) return null;
  return {
    taxablePaise: row.taxablePaise,
    cgstPaise: row.cgstPaise,
    sgstPaise: row.sgstPaise,
    igstPaise: row.igstPaise,
    kind: supplyKind(row.sellerStateCode, row.placeOfSupply),
  };
}

/** What applying the customer's money on account to a new invoice adds to the invoice's batch. */
export interface AdvanceApplication {
  /** One insert per source used, each conditional on the source still having that much unapplied. */
  applications: D1PreparedStatement[];
  /** invoice.paid and paid_at when the advances cover the invoice; null when nothing was on account. */
  paid: { eventId: string; statements: D1PreparedStatement[] } | null;
}

/**
 * A source's money still on account: what it put there (a payment's amount, a credit note's part on account) less
 * its applications to invoices that were not cancelled.
 */
const UNAPPLIED_SQL = (source: string, kind: "payment" | "credit_note") =>
  `${source}.${kind === "payment" ? "amount_paise" : "on_account_paise"} - (SELECT COALESCE(SUM(a.amount_paise), 0) FROM advance_applications a
     JOIN sales x ON x.org_id = a.org_id AND x.id = a.sale_id
    WHERE a.org_id = ${source}.org_id AND a.source_id = ${source}.id AND x.status <> 'cancelled')`;

/**
 * Money on the customer's account (payments against no invoice or one since cancelled, and credit notes against
 * no invoice or beyond what their invoice owed; none voided) is consumed by the invoices booked after it, oldest money first, up to the
 * invoice's total: written in the invoice's own batch.
 * Each application re-checks in SQL that its source still has that much unapplied, so two invoices booked at
 * once never spend the same advance twice (one of them gets less).
 */
export async function advanceApplication(
  db: D1Database,
  orgId: string,
  sale: { id: string; customerId: string; totalPaise: number },
  nowMs: number,
): Promise<AdvanceApplication> {
  const { results: sources } = await db
    .prepare(
      `SELECT kind, id, available, cash FROM (
         SELECT 'payment' AS kind, p.id, ${UNAPPLIED_SQL("p", "payment")} AS available, p.method = 'cash' AS cash, p.created_at AS at
           FROM payments p WHERE p.org_id = ?1 AND p.customer_id = ?2 AND p.voided_at IS NULL
            AND (p.sale_id IS NULL OR EXISTS (SELECT 1 FROM sales x WHERE x.org_id = p.org_id AND x.id = p.sale_id AND x.status = 'cancelled'))
         UNION ALL
         SELECT 'credit_note', n.id, ${UNAPPLIED_SQL("n", "credit_note")}, 0, n.created_at
           FROM credit_notes n WHERE n.org_id = ?1 AND n.customer_id = ?2 AND n.on_account_paise > 0 AND n.voided_at IS NULL)
        WHERE available > 0 ORDER BY at, id`,
    )
    .bind(orgId, sale.customerId)
    .all<{ kind: "payment" | "credit_note"; id: string; available: number; cash: number }>();
  const applications: D1PreparedStatement[] = [];
  let left = sale.totalPaise;
  // s.269ST: cash of ₹2,00,000 or more for one transaction is refused; cash on account consumed by one invoice stops
  // a paisa short of it, and the rest stays on account for later invoices.
  let cashRoom = CASH_RECEIPT_LIMIT_PAISE - 1;
  let last: (typeof sources)[number] | null = null;
  for (const source of sources) {
    if (left === 0) break;
    const amount = Math.min(left, source.available, source.cash ? cashRoom : Infinity);
    if (amount === 0) continue;
    if (source.cash) cashRoom -= amount;
    left -= amount;
    last = source;
    const table = source.kind === "payment" ? "payments" : "credit_notes";
    applications.push(
      db
        .prepare(
          `INSERT INTO advance_applications (id, org_id, customer_id, sale_id, source_kind, source_id, amount_paise, created_at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 FROM ${table} src
            WHERE src.org_id = ?2 AND src.id = ?6 AND src.voided_at IS NULL AND ${UNAPPLIED_SQL("src", source.kind)} >= ?7
              AND EXISTS (SELECT 1 FROM sales WHERE org_id = ?2 AND id = ?4)`,
        )
        .bind(newId("adv", nowMs), orgId, sale.customerId, sale.id, source.kind, source.id, amount, nowMs),
    );
  }
  if (last === null) return { applications, paid: null };
  const eventId = newId("evt", nowMs);
  const receipt = last.kind === "payment" ? { paymentId: last.id, creditNoteId: null } : { paymentId: null, creditNoteId: last.id };
  return { applications, paid: { eventId, statements: invoicePaidStatements(db, orgId, sale.id, eventId, receipt, nowMs) } };
}
