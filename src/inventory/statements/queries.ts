// An account's ledger lines, a customer's or a mill's, read in ONE D1 batch: the account, the balance brought forward
// from before the period, and the period's lines (at most the cap plus one, to tell a period over the cap). Raw SQL:
// the opening sum and the period's lines share one ledger of the account's documents, each with its reversal; every
// part reads only the account's own rows through its (org_id, customer_id) or (org_id, supplier_id) index.
import { IST_OFFSET_MS } from "../../platform/pure/ist";
import type { creditNotes, customers, millInvoices, payments, sales } from "../db/schema";
import type { BalanceSide, StatementEntryKind, StatementLine } from "../domain/statement";
import type { ReadDb } from "../http/read-session";

/** A ledger line as read: what the running balance needs and what the statement prints of it. */
export interface StatementLineRow<K extends StatementEntryKind = StatementEntryKind> extends StatementLine {
  kind: K;
  /** Invoice number, payment reference (UTR, UPI reference, cheque number) or credit-note number. */
  reference: string | null;
  method: (typeof payments.$inferSelect)["method"] | null;
  /** The invoice the entry is for: an invoice's own number, or the one a payment or credit note was against. */
  invoiceNumber: (typeof sales.$inferSelect)["invoiceNumber"] | (typeof millInvoices.$inferSelect)["invoiceNumber"] | null;
  /** A credit note's reason, or why an entry was voided. */
  reason: (typeof creditNotes.$inferSelect)["reason"];
  /** For a void or cancellation: the entry it reverses. */
  reversesKind: Exclude<K, "void" | "cancellation"> | null;
  reversesDate: string | null;
}

/** The entries of a mill's account: its invoices, the trader's payments to it, and the voids of either. */
export type MillStatementEntryKind = Extract<StatementEntryKind, "invoice" | "payment" | "void">;

/** Whose statement it is, as printed at its head. */
export type StatementAccount = Pick<typeof customers.$inferSelect, "id" | "name" | "gstin">;

/** The IST date of instant column `ms`, as SQL. */
const istDateSql = (ms: string) => `date((${ms} + ${IST_OFFSET_MS}) / 1000, 'unixepoch')`;

/**
 * Each document is read twice, as itself (`r.column1` = 0) and, when it was cancelled or voided, as its reversal (1):
 * a join with two constant rows rather than more UNION ALL terms, which D1 caps at five.
 */
const TWICE = "JOIN (VALUES (0), (1)) r ON r.column1 = 0 OR";
const either = (document: string, reversal: string) => `CASE r.column1 WHEN 0 THEN ${document} ELSE ${reversal} END`;

/** A credit note `n` that took goods back (it has lines) is a sales return; looked up by its invoice, which the lines are indexed by. */
const NOTE_KIND_SQL = (n: string) =>
  `CASE WHEN EXISTS (SELECT 1 FROM credit_note_items i WHERE i.org_id = ${n}.org_id AND i.sale_id = ${n}.sale_id AND i.credit_note_id = ${n}.id)
     THEN 'sales_return' ELSE 'credit_note' END`;

/**
 * Every line of customer ?2 of organisation ?1. An entry counts on its own date; a void or a cancellation on the IST
 * day it was made (never before the entry it reverses), so a statement once sent stays true: a January payment
 * voided in February is in January's statement, and its void in February's. A cancellation reverses what its
 * invoice still charged: its total, less credit notes against it left standing (only sales cancelled before a
 * cancellation voided the invoice's notes have any), so the invoice, its notes and their reversals net to nothing,
 * as in the customers list and export, which leave a cancelled sale out whole.
 */
const CUSTOMER_LEDGER_SQL = `WITH ledger AS (
  SELECT ${either("s.sale_date", `MAX(s.sale_date, ${istDateSql("s.cancelled_at")})`)} AS date,
         ${either("s.created_at", "s.cancelled_at")} AS atMs, ${either("'invoice'", "'cancellation'")} AS kind,
         s.id, s.invoice_number AS reference, NULL AS method, s.invoice_number AS invoiceNumber, NULL AS reason,
         ${either("s.total_paise", "0")} AS debitPaise,
         ${either(
           "0",
           `s.total_paise - (SELECT COALESCE(SUM(n.amount_paise), 0) FROM credit_notes n
                              WHERE n.org_id = s.org_id AND n.sale_id = s.id AND n.voided_at IS NULL)`,
         )} AS creditPaise,
         ${either("NULL", "'invoice'")} AS reversesKind, ${either("NULL", "s.sale_date")} AS reversesDate
    FROM sales s ${TWICE} s.status = 'cancelled'
   WHERE s.org_id = ?1 AND s.customer_id = ?2
  UNION ALL
  SELECT ${either("p.paid_on", `MAX(p.paid_on, ${istDateSql("p.voided_at")})`)}, ${either("p.created_at", "p.voided_at")},
         ${either("'payment'", "'void'")}, p.id, p.reference, p.method, x.invoice_number, ${either("NULL", "p.void_reason")},
         ${either("0", "p.amount_paise")}, ${either("p.amount_paise", "0")}, ${either("NULL", "'payment'")}, ${either("NULL", "p.paid_on")}
    FROM payments p ${TWICE} p.voided_at IS NOT NULL
    LEFT JOIN sales x ON x.org_id = p.org_id AND x.id = p.sale_id
   WHERE p.org_id = ?1 AND p.customer_id = ?2
  UNION ALL
  SELECT ${either("n.issued_on", `MAX(n.issued_on, ${istDateSql("n.voided_at")})`)}, ${either("n.created_at", "n.voided_at")},
         ${either(NOTE_KIND_SQL("n"), "'void'")}, n.id, n.note_number, NULL, x.invoice_number, ${either("n.reason", "n.void_reason")},
         ${either("0", "n.amount_paise")}, ${either("n.amount_paise", "0")}, ${either("NULL", NOTE_KIND_SQL("n"))}, ${either("NULL", "n.issued_on")}
    FROM credit_notes n ${TWICE} n.voided_at IS NOT NULL
    LEFT JOIN sales x ON x.org_id = n.org_id AND x.id = n.sale_id
   WHERE n.org_id = ?1 AND n.customer_id = ?2)`;

/**
 * Every line of mill ?2 of organisation ?1: its invoices and the payments to it on their own dates, and a void on the
 * IST day it was made (never before the entry it reverses), as on a customer's statement. An invoice is a credit (the
 * trader owes the mill more) and a payment a debit; a void is the other side of what it reverses. A mill invoice is
 * voided only once no payment against it stands, so its payments' invoice number is always the one they were made
 * against.
 */
const MILL_LEDGER_SQL = `WITH ledger AS (
  SELECT ${either("i.invoiced_on", `MAX(i.invoiced_on, ${istDateSql("i.voided_at")})`)} AS date,
         ${either("i.created_at", "i.voided_at")} AS atMs, ${either("'invoice'", "'void'")} AS kind,
         i.id, i.invoice_number AS reference, NULL AS method, i.invoice_number AS invoiceNumber, ${either("NULL", "i.void_reason")} AS reason,
         ${either("0", "i.amount_paise")} AS debitPaise, ${either("i.amount_paise", "0")} AS creditPaise,
         ${either("NULL", "'invoice'")} AS reversesKind, ${either("NULL", "i.invoiced_on")} AS reversesDate
    FROM mill_invoices i ${TWICE} i.voided_at IS NOT NULL
   WHERE i.org_id = ?1 AND i.supplier_id = ?2
  UNION ALL
  SELECT ${either("p.paid_on", `MAX(p.paid_on, ${istDateSql("p.voided_at")})`)}, ${either("p.created_at", "p.voided_at")},
         ${either("'payment'", "'void'")}, p.id, p.reference, p.method, x.invoice_number, ${either("NULL", "p.void_reason")},
         ${either("p.amount_paise", "0")}, ${either("0", "p.amount_paise")}, ${either("NULL", "'payment'")}, ${either("NULL", "p.paid_on")}
    FROM mill_payments p ${TWICE} p.voided_at IS NOT NULL
    LEFT JOIN mill_invoices x ON x.org_id = p.org_id AND x.id = p.mill_invoice_id
   WHERE p.org_id = ?1 AND p.supplier_id = ?2)`;

/** One kind of account: its own row and its ledger, both over organisation ?1 and account ?2, and the side that raises its balance. */
export interface AccountLedger {
  accountSql: string;
  ledgerSql: string;
  side: BalanceSide;
}

export const CUSTOMER_ACCOUNT: AccountLedger = {
  accountSql: "SELECT id, name, gstin FROM customers WHERE org_id = ?1 AND id = ?2",
  ledgerSql: CUSTOMER_LEDGER_SQL,
  side: "debit",
};

export const MILL_ACCOUNT: AccountLedger = {
  accountSql: "SELECT id, name, gstin FROM suppliers WHERE org_id = ?1 AND id = ?2",
  ledgerSql: MILL_LEDGER_SQL,
  side: "credit",
};

export interface StatementRead<L extends StatementLineRow> {
  account: StatementAccount | null;
  openingPaise: number;
  /** The period's lines, unordered; more than `cap` says the period holds more than the cap. */
  lines: L[];
}

/** The account, its balance before `from` and its lines dated `from` to `to` (IST, inclusive), at most `cap` + 1. */
export async function readStatement<L extends StatementLineRow>(
  db: ReadDb,
  ledger: AccountLedger,
  orgId: string,
  accountId: string,
  period: { from: string; to: string; cap: number },
): Promise<StatementRead<L>> {
  const change = ledger.side === "debit" ? "debitPaise - creditPaise" : "creditPaise - debitPaise";
  const [account, opening, lines] = await db.batch([
    db.prepare(ledger.accountSql).bind(orgId, accountId),
    db
      .prepare(`${ledger.ledgerSql} SELECT COALESCE(SUM(${change}), 0) AS openingPaise FROM ledger WHERE date < ?3`)
      .bind(orgId, accountId, period.from),
    db
      .prepare(`${ledger.ledgerSql} SELECT * FROM ledger WHERE date >= ?3 AND date <= ?4 LIMIT ?5`)
      .bind(orgId, accountId, period.from, period.to, period.cap + 1),
  ]);
  return {
    account: (account!.results[0] as StatementAccount | undefined) ?? null,
    openingPaise: (opening!.results[0] as { openingPaise: number }).openingPaise,
    lines: lines!.results as L[],
  };
}
