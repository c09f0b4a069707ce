// The mill (supplier) side of the books, apart from the customers': invoices from mills, payments to them, what each mill is owed.
// Raw SQL only where a D1 batch resolves ids inside the transaction: the supplier, created on first use.
import { failedWith } from "../../platform/d1";
import { and, eq } from "drizzle-orm";
import { newId } from "../../platform/ids";
import { inventoryDb } from "../db/client";
import { millInvoices, type millPayments, suppliers } from "../db/schema";
import type { ReadDb } from "../http/read-session";
import { upsertSupplier } from "../stock/queries";
import { type LedgerOutcome, NOT_VOIDED, type VoidFields } from "./queries";

export type MillInvoiceRow = Omit<typeof millInvoices.$inferSelect, "orgId" | "supplierId"> & { supplierName: string };

export async function createMillInvoice(
  db: D1Database,
  orgId: string,
  input: Omit<MillInvoiceRow, "id" | "createdAt" | VoidFields>,
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
    if (failedWith(error, "UNIQUE constraint failed: mill_invoices.")) {
      return { kind: "duplicate_mill_invoice", supplierName: input.supplierName, invoiceNumber: input.invoiceNumber };
    }
    throw error;
  }
  return {
    kind: "recorded",
    value: { id, ...input, createdAt: nowMs, ...NOT_VOIDED },
    eventIds: [],
  };
}

export type MillPaymentRow = Omit<typeof millPayments.$inferSelect, "orgId" | "supplierId"> & { supplierName: string };

export async function createMillPayment(
  db: D1Database,
  orgId: string,
  input: Omit<MillPaymentRow, "id" | "createdAt" | VoidFields>,
  nowMs: number,
): Promise<LedgerOutcome<MillPaymentRow>> {
  if (input.millInvoiceId !== null) {
    const invoice = await inventoryDb(db)
      .select({ name: suppliers.name, voidedAt: millInvoices.voidedAt })
      .from(millInvoices)
      .innerJoin(suppliers, and(eq(suppliers.orgId, millInvoices.orgId), eq(suppliers.id, millInvoices.supplierId)))
      .where(and(eq(millInvoices.orgId, orgId), eq(millInvoices.id, input.millInvoiceId)))
      .get();
    if (!invoice) return { kind: "mill_invoice_not_found", millInvoiceId: input.millInvoiceId };
    if (invoice.name !== input.supplierName) return { kind: "mill_invoice_of_other_mill" };
    if (invoice.voidedAt !== null) return { kind: "mill_invoice_voided" };
  }
  const id = newId("mpay", nowMs);
  // The invoice is checked again in the transaction: a void of it that commits first leaves nothing to pay.
  const [, inserted] = await db.batch([
    upsertSupplier(db, orgId, input.supplierName, nowMs),
    db
      .prepare(
        `INSERT INTO mill_payments (id, org_id, supplier_id, mill_invoice_id, paid_on, amount_paise, reference, method, created_at)
         SELECT ?1, ?2, (SELECT id FROM suppliers WHERE org_id = ?2 AND name = ?3), ?4, ?5, ?6, ?7, ?8, ?9
          WHERE ?4 IS NULL OR EXISTS (SELECT 1 FROM mill_invoices WHERE org_id = ?2 AND id = ?4 AND voided_at IS NULL)`,
      )
      .bind(id, orgId, input.supplierName, input.millInvoiceId, input.paidOn, input.amountPaise, input.reference, input.method, nowMs),
  ]);
  if (inserted!.meta.changes === 0) return { kind: "mill_invoice_voided" };
  return {
    kind: "recorded",
    value: { id, ...input, createdAt: nowMs, ...NOT_VOIDED },
    eventIds: [],
  };
}

/** A mill's account: what it invoiced, what was paid to it, and the oldest invoice date. */
export interface SupplierPayableRow {
  id: string;
  name: string;
  gstin: string | null;
  invoicedPaise: number;
  paidPaise: number;
  oldestInvoiceOn: string | null;
}

/**
 * Suppliers in creation order (rowid: ids of mills written in the same millisecond differ only in their random
 * part) with their mill invoices and mill payments summed; payable = invoiced − paid.
 */
export async function listSupplierPayables(
  db: ReadDb,
  orgId: string,
  query: { limit: number; offset: number },
): Promise<{ rows: SupplierPayableRow[]; hasMore: boolean }> {
  const { results } = await db
    .prepare(
      `SELECT m.id, m.name, m.gstin,
              (SELECT COALESCE(SUM(i.amount_paise), 0) FROM mill_invoices i WHERE i.org_id = m.org_id AND i.supplier_id = m.id AND i.voided_at IS NULL) AS invoicedPaise,
              (SELECT COALESCE(SUM(p.amount_paise), 0) FROM mill_payments p WHERE p.org_id = m.org_id AND p.supplier_id = m.id AND p.voided_at IS NULL) AS paidPaise,
              (SELECT MIN(i.invoiced_on) FROM mill_invoices i WHERE i.org_id = m.org_id AND i.supplier_id = m.id AND i.voided_at IS NULL) AS oldestInvoiceOn
         FROM suppliers m
        WHERE m.org_id = ?1
        ORDER BY m.rowid
        LIMIT ?2 OFFSET ?3`,
    )
    .bind(orgId, query.limit + 1, query.offset)
    .all<SupplierPayableRow>();
  return { rows: results.slice(0, query.limit), hasMore: results.length > query.limit };
}
