// Customers and the money ledgers: payments, credit notes, expenses, mill invoices and mill payments.
import { newId } from "../../platform/ids";
import { insertEvent, insertedEventIds, rupeesSql, type WriteResult } from "../db/event-rows";
import type { ReadDb } from "../http/read-session";
import { creditNotePrefix } from "../domain/invoice-number";
import { upsertSupplier } from "../stock/queries";

export interface CustomerRow {
  id: string;
  name: string;
  contact: string | null;
  gstin: string | null;
  address: string | null;
  credit_limit_paise: number;
  created_at: number;
}

export async function createCustomer(
  db: D1Database,
  orgId: string,
  input: { name: string; contact: string | null; gstin: string | null; address: string | null; creditLimitPaise: number },
  nowMs: number,
): Promise<WriteResult<CustomerRow>> {
  const row: CustomerRow = {
    id: newId("cust", nowMs),
    name: input.name,
    contact: input.contact,
    gstin: input.gstin,
    address: input.address,
    credit_limit_paise: input.creditLimitPaise,
    created_at: nowMs,
  };
  const event = insertEvent(db, { orgId, type: "customer.created", payload: { customer_id: row.id, name: row.name, gstin: row.gstin }, nowMs });
  await db.batch([
    db
      .prepare("INSERT INTO customers (id, org_id, name, contact, gstin, address, credit_limit_paise, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")
      .bind(row.id, orgId, row.name, row.contact, row.gstin, row.address, row.credit_limit_paise, nowMs),
    event.statement,
  ]);
  return { value: row, eventIds: [event.id] };
}

/** Why a ledger write was not recorded; nothing was written. */
export type LedgerRefusal =
  | { kind: "customer_not_found"; customerId: string }
  | { kind: "sale_not_found"; saleId: string }
  | { kind: "sale_of_other_customer" }
  | { kind: "sale_cancelled" }
  | { kind: "duplicate_mill_invoice"; supplierName: string; invoiceNumber: string }
  | { kind: "mill_invoice_not_found"; millInvoiceId: string }
  | { kind: "mill_invoice_of_other_mill" };

export type LedgerOutcome<T> = ({ kind: "recorded" } & WriteResult<T>) | LedgerRefusal;

/** A payment or credit note names its customer, and the sale it settles (if any) must be that customer's, not cancelled. */
async function settlementRefusal(db: ReadDb, orgId: string, customerId: string, saleId: string | null): Promise<LedgerRefusal | null> {
  const row = await db.prepare("SELECT id FROM customers WHERE org_id = ?1 AND id = ?2").bind(orgId, customerId).first();
  if (!row) return { kind: "customer_not_found", customerId };
  if (saleId === null) return null;
  const sale = await db.prepare("SELECT customer_id, status FROM sales WHERE org_id = ?1 AND id = ?2").bind(orgId, saleId).first<{ customer_id: string; status: string }>();
  if (!sale) return { kind: "sale_not_found", saleId };
  if (sale.customer_id !== customerId) return { kind: "sale_of_other_customer" };
  if (sale.status === "cancelled") return { kind: "sale_cancelled" };
  return null;
}

export interface PaymentRow {
  id: string;
  customer_id: string;
  sale_id: string | null;
  amount_paise: number;
  method: string;
  reference: string | null;
  paid_on: string;
  created_at: number;
}

/**
 * Records money received. When it is against a sale and payments plus credit notes on that sale now cover
 * its total, the sale is marked paid and invoice.paid is emitted, once per sale (dedupe key).
 */
export async function createPayment(
  db: D1Database,
  orgId: string,
  input: { customerId: string; saleId: string | null; amountPaise: number; method: string; reference: string | null; paidOn: string },
  nowMs: number,
): Promise<LedgerOutcome<PaymentRow & { invoice_paid: boolean }>> {
  const refusal = await settlementRefusal(db, orgId, input.customerId, input.saleId);
  if (refusal) return refusal;
  const row: PaymentRow = {
    id: newId("pay", nowMs),
    customer_id: input.customerId,
    sale_id: input.saleId,
    amount_paise: input.amountPaise,
    method: input.method,
    reference: input.reference,
    paid_on: input.paidOn,
    created_at: nowMs,
  };
  const statements = [
    db
      .prepare("INSERT INTO payments (id, org_id, customer_id, sale_id, amount_paise, method, reference, paid_on, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)")
      .bind(row.id, orgId, row.customer_id, row.sale_id, row.amount_paise, row.method, row.reference, row.paid_on, nowMs),
  ];
  const events: Array<{ id: string; index: number }> = [];
  if (input.saleId !== null) {
    const eventId = newId("evt", nowMs);
    events.push({ id: eventId, index: statements.length });
    statements.push(
      db
        .prepare(
          `INSERT OR IGNORE INTO events (id, org_id, type, payload, dedupe_key, created_at)
           SELECT ?1, s.org_id, 'invoice.paid',
                  json_object('sale_id', s.id, 'invoice_number', s.invoice_number, 'customer_id', s.customer_id,
                              'total_amount', ${rupeesSql("s.total_paise")}, 'payment_id', ?4),
                  'invoice.paid:' || s.id, ?5
             FROM sales s
            WHERE s.org_id = ?2 AND s.id = ?3 AND s.status <> 'cancelled'
              AND (SELECT COALESCE(SUM(amount_paise), 0) FROM payments WHERE org_id = ?2 AND sale_id = ?3)
                + (SELECT COALESCE(SUM(amount_paise), 0) FROM credit_notes WHERE org_id = ?2 AND sale_id = ?3) >= s.total_paise`,
        )
        .bind(eventId, orgId, input.saleId, row.id, nowMs),
      db
        .prepare("UPDATE sales SET paid_at = ?1 WHERE org_id = ?2 AND id = ?3 AND paid_at IS NULL AND EXISTS (SELECT 1 FROM events WHERE id = ?4)")
        .bind(nowMs, orgId, input.saleId, eventId),
    );
  }
  const results = await db.batch(statements);
  const eventIds = insertedEventIds(results, events);
  return { kind: "recorded", value: { ...row, invoice_paid: eventIds.length > 0 }, eventIds };
}

export interface CreditNoteRow {
  id: string;
  note_number: string;
  customer_id: string;
  sale_id: string | null;
  amount_paise: number;
  reason: string | null;
  issued_on: string;
  created_at: number;
}

/** Issues a credit note numbered `CN/<FY>/<seq>`, consecutive per financial year, computed in the transaction. */
export async function createCreditNote(
  db: D1Database,
  orgId: string,
  input: { customerId: string; saleId: string | null; amountPaise: number; reason: string | null; issuedOn: string },
  nowMs: number,
): Promise<LedgerOutcome<CreditNoteRow>> {
  const refusal = await settlementRefusal(db, orgId, input.customerId, input.saleId);
  if (refusal) return refusal;
  const id = newId("cn", nowMs);
  const prefix = creditNotePrefix(input.issuedOn);
  await db
    .prepare(
      `INSERT INTO credit_notes (id, org_id, customer_id, sale_id, note_number, amount_paise, reason, issued_on, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5 || printf('%06d', COUNT(*) + 1), ?6, ?7, ?8, ?9
         FROM credit_notes WHERE org_id = ?2 AND note_number LIKE ?5 || '%'`,
    )
    .bind(id, orgId, input.customerId, input.saleId, prefix, input.amountPaise, input.reason, input.issuedOn, nowMs)
    .run();
  const row = await db
    .prepare("SELECT id, note_number, customer_id, sale_id, amount_paise, reason, issued_on, created_at FROM credit_notes WHERE org_id = ?1 AND id = ?2")
    .bind(orgId, id)
    .first<CreditNoteRow>();
  return { kind: "recorded", value: row!, eventIds: [] };
}

export interface ExpenseRow {
  id: string;
  spent_on: string;
  category: string;
  amount_paise: number;
  notes: string | null;
  created_by: string;
  created_at: number;
}

export async function createExpense(
  db: D1Database,
  orgId: string,
  input: { spentOn: string; category: string; amountPaise: number; notes: string | null; createdBy: string },
  nowMs: number,
): Promise<WriteResult<ExpenseRow>> {
  const row: ExpenseRow = {
    id: newId("exp", nowMs),
    spent_on: input.spentOn,
    category: input.category,
    amount_paise: input.amountPaise,
    notes: input.notes,
    created_by: input.createdBy,
    created_at: nowMs,
  };
  await db
    .prepare("INSERT INTO expenses (id, org_id, spent_on, category, amount_paise, notes, created_by, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")
    .bind(row.id, orgId, row.spent_on, row.category, row.amount_paise, row.notes, row.created_by, nowMs)
    .run();
  return { value: row, eventIds: [] };
}

export interface MillInvoiceRow {
  id: string;
  supplier_name: string;
  invoice_number: string;
  invoiced_on: string;
  amount_paise: number;
  notes: string | null;
  created_at: number;
}

export async function createMillInvoice(
  db: D1Database,
  orgId: string,
  input: { supplierName: string; invoiceNumber: string; invoicedOn: string; amountPaise: number; notes: string | null },
  nowMs: number,
): Promise<LedgerOutcome<MillInvoiceRow>> {
  const id = newId("minv", nowMs);
  try {
    await db.batch([
      upsertSupplier(db, orgId, input.supplierName, nowMs),
      db
        .prepare(
          `INSERT INTO mill_invoices (id, org_id, supplier_id, invoice_number, invoiced_on, amount_paise, notes, created_at)
           VALUES (?1, ?2, (SELECT id FROM suppliers WHERE org_id = ?2 AND name = ?3), ?4, ?5, ?6, ?7, ?8)`,
        )
        .bind(id, orgId, input.supplierName, input.invoiceNumber, input.invoicedOn, input.amountPaise, input.notes, nowMs),
    ]);
  } catch (error) {
    if (String(error).includes("UNIQUE constraint failed: mill_invoices.")) {
      return { kind: "duplicate_mill_invoice", supplierName: input.supplierName, invoiceNumber: input.invoiceNumber };
    }
    throw error;
  }
  return {
    kind: "recorded",
    value: { id, supplier_name: input.supplierName, invoice_number: input.invoiceNumber, invoiced_on: input.invoicedOn, amount_paise: input.amountPaise, notes: input.notes, created_at: nowMs },
    eventIds: [],
  };
}

export interface MillPaymentRow {
  id: string;
  supplier_name: string;
  mill_invoice_id: string | null;
  paid_on: string;
  amount_paise: number;
  reference: string | null;
  method: string;
  created_at: number;
}

export async function createMillPayment(
  db: D1Database,
  orgId: string,
  input: { supplierName: string; millInvoiceId: string | null; paidOn: string; amountPaise: number; reference: string | null; method: string },
  nowMs: number,
): Promise<LedgerOutcome<MillPaymentRow>> {
  if (input.millInvoiceId !== null) {
    const invoice = await db
      .prepare("SELECT m.name FROM mill_invoices i JOIN suppliers m ON m.org_id = i.org_id AND m.id = i.supplier_id WHERE i.org_id = ?1 AND i.id = ?2")
      .bind(orgId, input.millInvoiceId)
      .first<{ name: string }>();
    if (!invoice) return { kind: "mill_invoice_not_found", millInvoiceId: input.millInvoiceId };
    if (invoice.name !== input.supplierName) return { kind: "mill_invoice_of_other_mill" };
  }
  const id = newId("mpay", nowMs);
  await db.batch([
    upsertSupplier(db, orgId, input.supplierName, nowMs),
    db
      .prepare(
        `INSERT INTO mill_payments (id, org_id, supplier_id, mill_invoice_id, paid_on, amount_paise, reference, method, created_at)
         VALUES (?1, ?2, (SELECT id FROM suppliers WHERE org_id = ?2 AND name = ?3), ?4, ?5, ?6, ?7, ?8, ?9)`,
      )
      .bind(id, orgId, input.supplierName, input.millInvoiceId, input.paidOn, input.amountPaise, input.reference, input.method, nowMs),
  ]);
  return {
    kind: "recorded",
    value: { id, supplier_name: input.supplierName, mill_invoice_id: input.millInvoiceId, paid_on: input.paidOn, amount_paise: input.amountPaise, reference: input.reference, method: input.method, created_at: nowMs },
    eventIds: [],
  };
}
