// Row sources of the CSV exports: keyset pages of PAGE_ROWS, pulled one page at a time as the response
// stream asks for more, so memory stays flat in the row count. Each source table stops at EXPORT_ROW_CAP.
// They read through a D1 read-replica session (raw SQL; drizzle's D1 driver is not typed for sessions), with
// columns aliased to the drizzle schema's names and row types taken from it.
import type { customers, expenses, millInvoices, millPayments, suppliers } from "../db/schema";
import type { ReadDb } from "../http/read-session";

/** Seed rule: each source table of an export is capped at 10,000 rows. */
export const EXPORT_ROW_CAP = 10_000;
export const PAGE_ROWS = 500;
/** Sorts after every date and id (BINARY collation), so the first keyset page needs no special case and the
 * row-value comparison stays an index seek. */
const AFTER_ALL = "~";

type Customer = typeof customers.$inferSelect;
type Expense = typeof expenses.$inferSelect;

/** A customer with the sums the export prints: billed (sales not cancelled), paid, and credited. */
export type CustomerExportRow = Pick<Customer, "id" | "name" | "contact" | "gstin" | "address" | "creditLimitPaise"> & {
  /** Keyset position: the order the customer was written in. */
  rowid: number;
  billedPaise: number;
  paidPaise: number;
  creditedPaise: number;
};

export type ExpenseExportRow = Pick<Expense, "id" | "spentOn" | "category" | "amountPaise" | "notes" | "createdBy"> & {
  /** Keyset position within a date: the order the expense was written in. */
  rowid: number;
};

/** One row of the mill ledger: an invoice (reference = its number) or a payment (reference = UTR, cheque…). */
export type MillLedgerRow = {
  id: string;
  supplierName: (typeof suppliers.$inferSelect)["name"];
  type: "invoice" | "payment";
  date: string;
  amountPaise: number;
  reference: string | null;
  method: (typeof millPayments.$inferSelect)["method"] | null;
  /** When the row was written (ms), and its keyset position within its table: the order it was written in. */
  createdAt: (typeof millInvoices.$inferSelect)["createdAt"];
  rowid: number;
};

// The rows each export reads: voided ledger entries are never exported, so they never count towards the cap.
const EXPORTED_ROWS = {
  customers: "customers WHERE org_id = ?1",
  expenses: "expenses WHERE org_id = ?1 AND voided_at IS NULL",
  mill_invoices: "mill_invoices WHERE org_id = ?1 AND voided_at IS NULL",
  mill_payments: "mill_payments WHERE org_id = ?1 AND voided_at IS NULL",
} as const;

/** True when the organisation has more exportable rows in the table than the cap (the export is then truncated). */
export async function exceedsCap(db: ReadDb, table: keyof typeof EXPORTED_ROWS, orgId: string): Promise<boolean> {
  const row = await db.prepare(`SELECT 1 AS more FROM ${EXPORTED_ROWS[table]} LIMIT 1 OFFSET ${EXPORT_ROW_CAP}`).bind(orgId).first();
  return row !== null;
}

async function* paged<T>(cap: number, page: (after: T | null, size: number) => Promise<T[]>): AsyncGenerator<T> {
  let emitted = 0;
  let last: T | null = null;
  while (emitted < cap) {
    const size = Math.min(PAGE_ROWS, cap - emitted);
    const rows = await page(last, size);
    for (const row of rows) yield row;
    emitted += rows.length;
    if (rows.length < size) return;
    last = rows[rows.length - 1]!;
  }
}

/**
 * Customers in creation order (rowid, as GET /api/v1/customers: ids of customers written in the same millisecond
 * differ only in their random part) with their billed, paid and credited totals. A cancelled
 * sale leaves the books whole: neither its total nor the credit notes against it count (cancelling voids them;
 * those of sales cancelled before it did are left out here), while money paid against it stays paid, so the
 * customer is owed it.
 */
export function customerExportRows(db: ReadDb, orgId: string, cap = EXPORT_ROW_CAP): AsyncGenerator<CustomerExportRow> {
  return paged<CustomerExportRow>(cap, async (after, size) => {
    const { results } = await db
      .prepare(
        `SELECT c.rowid, c.id, c.name, c.contact, c.gstin, c.address, c.credit_limit_paise AS creditLimitPaise,
                (SELECT COALESCE(SUM(s.total_paise), 0) FROM sales s
                  WHERE s.org_id = c.org_id AND s.customer_id = c.id AND s.status <> 'cancelled') AS billedPaise,
                (SELECT COALESCE(SUM(p.amount_paise), 0) FROM payments p WHERE p.org_id = c.org_id AND p.customer_id = c.id AND p.voided_at IS NULL) AS paidPaise,
                (SELECT COALESCE(SUM(n.amount_paise), 0) FROM credit_notes n
                  WHERE n.org_id = c.org_id AND n.customer_id = c.id AND n.voided_at IS NULL
                    AND NOT EXISTS (SELECT 1 FROM sales x WHERE x.org_id = n.org_id AND x.id = n.sale_id AND x.status = 'cancelled')) AS creditedPaise
           FROM customers c
          WHERE c.org_id = ?1 AND c.rowid > ?2
          ORDER BY c.rowid
          LIMIT ?3`,
      )
      .bind(orgId, after?.rowid ?? 0, size)
      .all<CustomerExportRow>();
    return results;
  });
}

/**
 * Expenses newest first: by date, then later entries first within a date, by rowid (the order they were written):
 * ids of expenses written in the same millisecond differ only in their random part.
 */
export function expenseExportRows(db: ReadDb, orgId: string, cap = EXPORT_ROW_CAP): AsyncGenerator<ExpenseExportRow> {
  return paged<ExpenseExportRow>(cap, async (after, size) => {
    const { results } = await db
      .prepare(
        `SELECT rowid, id, spent_on AS spentOn, category, amount_paise AS amountPaise, notes, created_by AS createdBy FROM expenses
          WHERE org_id = ?1 AND voided_at IS NULL AND (spent_on, rowid) < (?2, ?3)
          ORDER BY spent_on DESC, rowid DESC
          LIMIT ?4`,
      )
      .bind(orgId, after?.spentOn ?? AFTER_ALL, after?.rowid ?? Number.MAX_SAFE_INTEGER, size)
      .all<ExpenseExportRow>();
    return results;
  });
}

/**
 * A mill table's rows newest first: by date, then by when they were written, later first, and rows of one millisecond
 * later entries first (rowid): ids of rows written in the same millisecond differ only in their random part.
 */
function millInvoiceRows(db: ReadDb, orgId: string, cap: number): AsyncGenerator<MillLedgerRow> {
  return paged<MillLedgerRow>(cap, async (after, size) => {
    const { results } = await db
      .prepare(
        `SELECT i.rowid, i.id, m.name AS supplierName, 'invoice' AS type, i.invoiced_on AS date, i.amount_paise AS amountPaise,
                i.invoice_number AS reference, NULL AS method, i.created_at AS createdAt
           FROM mill_invoices i JOIN suppliers m ON m.org_id = i.org_id AND m.id = i.supplier_id
          WHERE i.org_id = ?1 AND i.voided_at IS NULL AND (i.invoiced_on, i.created_at, i.rowid) < (?2, ?3, ?4)
          ORDER BY i.invoiced_on DESC, i.created_at DESC, i.rowid DESC
          LIMIT ?5`,
      )
      .bind(...millKeyset(orgId, after), size)
      .all<MillLedgerRow>();
    return results;
  });
}

/** As millInvoiceRows. */
function millPaymentRows(db: ReadDb, orgId: string, cap: number): AsyncGenerator<MillLedgerRow> {
  return paged<MillLedgerRow>(cap, async (after, size) => {
    const { results } = await db
      .prepare(
        `SELECT p.rowid, p.id, m.name AS supplierName, 'payment' AS type, p.paid_on AS date, p.amount_paise AS amountPaise, p.reference,
                p.method, p.created_at AS createdAt
           FROM mill_payments p JOIN suppliers m ON m.org_id = p.org_id AND m.id = p.supplier_id
          WHERE p.org_id = ?1 AND p.voided_at IS NULL AND (p.paid_on, p.created_at, p.rowid) < (?2, ?3, ?4)
          ORDER BY p.paid_on DESC, p.created_at DESC, p.rowid DESC
          LIMIT ?5`,
      )
      .bind(...millKeyset(orgId, after), size)
      .all<MillLedgerRow>();
    return results;
  });
}

/** The keyset parameters (organisation, then the position after `after`) of a mill table's next page. */
const millKeyset = (orgId: string, after: MillLedgerRow | null) =>
  [orgId, after?.date ?? AFTER_ALL, after?.createdAt ?? Number.MAX_SAFE_INTEGER, after?.rowid ?? Number.MAX_SAFE_INTEGER] as const;

/**
 * Whether the invoice row comes before the payment row: a later date, or the same date and written later or in the
 * same millisecond, where the invoice, which the payment settles, comes first.
 */
function invoiceFirst(invoice: MillLedgerRow, payment: MillLedgerRow): boolean {
  if (invoice.date !== payment.date) return invoice.date > payment.date;
  return invoice.createdAt >= payment.createdAt;
}

/** Mill invoices and mill payments merged newest first; each table capped on its own. */
export async function* millLedgerExportRows(db: ReadDb, orgId: string, cap = EXPORT_ROW_CAP): AsyncGenerator<MillLedgerRow> {
  const invoices = millInvoiceRows(db, orgId, cap);
  const payments = millPaymentRows(db, orgId, cap);
  try {
    let a = await invoices.next();
    let b = await payments.next();
    while (!a.done || !b.done) {
      if (b.done || (!a.done && invoiceFirst(a.value, b.value))) {
        yield a.value as MillLedgerRow;
        a = await invoices.next();
      } else {
        yield b.value;
        b = await payments.next();
      }
    }
  } finally {
    await invoices.return(undefined);
    await payments.return(undefined);
  }
}
