// Customers and the money ledgers: payments, credit notes, expenses, mill invoices and mill payments.
// Drizzle for plain reads and writes; raw SQL only where a D1 batch resolves ids or conditions inside the
// transaction (a supplier created on first use, invoice.paid once the invoice is covered, the next
// credit-note number), with row types taken from the drizzle schema.
import { and, eq } from "drizzle-orm";
import { newId } from "../../platform/ids";
import { inventoryDb } from "../db/client";
import { creditNotes, customers, events, expenses, millInvoices, millPayments, payments, sales, suppliers } from "../db/schema";
import { insertedEventIds, rupeesSql, type WriteResult } from "../db/event-rows";
import { creditNotePrefix } from "../domain/invoice-number";
import { upsertSupplier } from "../stock/queries";

export type CustomerRow = Omit<typeof customers.$inferSelect, "orgId">;

export async function createCustomer(
  db: D1Database,
  orgId: string,
  input: { name: string; contact: string | null; gstin: string | null; address: string | null; creditLimitPaise: number },
  nowMs: number,
): Promise<WriteResult<CustomerRow>> {
  const row: CustomerRow = { id: newId("cust", nowMs), ...input, createdAt: nowMs };
  const eventId = newId("evt", nowMs);
  const orm = inventoryDb(db);
  await orm.batch([
    orm.insert(customers).values({ ...row, orgId }),
    orm.insert(events).values({ id: eventId, ownerId: orgId, type: "customer.created", payload: { customer_id: row.id, name: row.name, gstin: row.gstin }, createdAt: nowMs }),
  ]);
  return { value: row, eventIds: [eventId] };
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
async function settlementRefusal(d1: D1Database, orgId: string, customerId: string, saleId: string | null): Promise<LedgerRefusal | null> {
  const db = inventoryDb(d1);
  const customer = await db.select({ id: customers.id }).from(customers).where(and(eq(customers.orgId, orgId), eq(customers.id, customerId))).get();
  if (!customer) return { kind: "customer_not_found", customerId };
  if (saleId === null) return null;
  const sale = await db.select({ customerId: sales.customerId, status: sales.status }).from(sales).where(and(eq(sales.orgId, orgId), eq(sales.id, saleId))).get();
  if (!sale) return { kind: "sale_not_found", saleId };
  if (sale.customerId !== customerId) return { kind: "sale_of_other_customer" };
  if (sale.status === "cancelled") return { kind: "sale_cancelled" };
  return null;
}

export type PaymentRow = Omit<typeof payments.$inferSelect, "orgId">;

/**
 * Records money received. When it is against a sale and payments plus credit notes on that sale now cover
 * its total, the sale is marked paid and invoice.paid is emitted, once per sale (dedupe key).
 */
export async function createPayment(
  db: D1Database,
  orgId: string,
  input: Omit<PaymentRow, "id" | "createdAt">,
  nowMs: number,
): Promise<LedgerOutcome<PaymentRow & { invoicePaid: boolean }>> {
  const refusal = await settlementRefusal(db, orgId, input.customerId, input.saleId);
  if (refusal) return refusal;
  const row: PaymentRow = { id: newId("pay", nowMs), ...input, createdAt: nowMs };
  const statements = [
    db
      .prepare("INSERT INTO payments (id, org_id, customer_id, sale_id, amount_paise, method, reference, paid_on, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)")
      .bind(row.id, orgId, row.customerId, row.saleId, row.amountPaise, row.method, row.reference, row.paidOn, nowMs),
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
  return { kind: "recorded", value: { ...row, invoicePaid: eventIds.length > 0 }, eventIds };
}

export type CreditNoteRow = Omit<typeof creditNotes.$inferSelect, "orgId">;

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
  const { orgId: _org, ...row } = (await inventoryDb(db).select().from(creditNotes).where(and(eq(creditNotes.orgId, orgId), eq(creditNotes.id, id))).get())!;
  return { kind: "recorded", value: row, eventIds: [] };
}

export type ExpenseRow = Omit<typeof expenses.$inferSelect, "orgId">;

export async function createExpense(
  db: D1Database,
  orgId: string,
  input: Omit<ExpenseRow, "id" | "createdAt">,
  nowMs: number,
): Promise<WriteResult<ExpenseRow>> {
  const row: ExpenseRow = { id: newId("exp", nowMs), ...input, createdAt: nowMs };
  // Raw on purpose: a failed drizzle query's error message carries its parameters, and the app logs that
  // message for an unexpected error; D1's own error names the failure without the row's values.
  await db
    .prepare("INSERT INTO expenses (id, org_id, spent_on, category, amount_paise, notes, created_by, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")
    .bind(row.id, orgId, row.spentOn, row.category, row.amountPaise, row.notes, row.createdBy, nowMs)
    .run();
  return { value: row, eventIds: [] };
}

export type MillInvoiceRow = Omit<typeof millInvoices.$inferSelect, "orgId" | "supplierId"> & { supplierName: string };

export async function createMillInvoice(
  db: D1Database,
  orgId: string,
  input: Omit<MillInvoiceRow, "id" | "createdAt">,
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
    value: { id, ...input, createdAt: nowMs },
    eventIds: [],
  };
}

export type MillPaymentRow = Omit<typeof millPayments.$inferSelect, "orgId" | "supplierId"> & { supplierName: string };

export async function createMillPayment(
  db: D1Database,
  orgId: string,
  input: Omit<MillPaymentRow, "id" | "createdAt">,
  nowMs: number,
): Promise<LedgerOutcome<MillPaymentRow>> {
  if (input.millInvoiceId !== null) {
    const invoice = await inventoryDb(db)
      .select({ name: suppliers.name })
      .from(millInvoices)
      .innerJoin(suppliers, and(eq(suppliers.orgId, millInvoices.orgId), eq(suppliers.id, millInvoices.supplierId)))
      .where(and(eq(millInvoices.orgId, orgId), eq(millInvoices.id, input.millInvoiceId)))
      .get();
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
    value: { id, ...input, createdAt: nowMs },
    eventIds: [],
  };
}
