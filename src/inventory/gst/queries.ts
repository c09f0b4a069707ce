// The sums behind GET /api/v1/gst-summary: one D1 batch (one round trip) over a month's invoices, their lines and the
// credit notes counted in it, and the documents of earlier months reversed in it, adding up the stored paise and
// grams columns. Nothing is recomputed from a rate.
import type { organisations } from "../db/schema";
import { IST_OFFSET_MS } from "../../platform/pure/ist";
import { type CreditNoteGroup, type DocumentGroups, type InvoiceGroup, type InvoiceLineGroup, REVERSED_DOCUMENTS_CAP } from "../domain/gst-summary";
import type { ReadDb } from "../http/read-session";

/** SQLite's booleans are 0 and 1. */
type Stored<T> = { [K in keyof T]: T[K] extends boolean ? 0 | 1 : T[K] };

export interface GstMonthSums extends DocumentGroups {
  sellerGstin: (typeof organisations.$inferSelect)["gstin"];
  /** Documents of earlier months reversed in this one: invoices cancelled in time, notes voided. */
  reversed: DocumentGroups;
  /** Invoices of earlier months cancelled in this one after GST's time limit: their count and amount. */
  cancelledLate: { count: number; amountPaise: number };
  /** The first REVERSED_DOCUMENTS_CAP of them, in the order listed. */
  reversedDocuments: ReversedDocument[];
  /** True when there were more than REVERSED_DOCUMENTS_CAP. */
  reversedDocumentsTruncated: boolean;
}

/** A document of an earlier month cancelled or voided in this one, its figures as issued (null: no split). */
export interface ReversedDocument {
  /** False for a note that adjusted no GST, and an invoice cancelled after GST's time limit (its figures null). */
  adjustsGst: boolean;
  kind: "invoice" | "credit_note";
  id: string;
  number: string;
  documentDate: string;
  originalMonth: string;
  reversedOn: string;
  buyerGstin: string | null;
  amountPaise: number;
  taxablePaise: number | null;
  cgstPaise: number | null;
  sgstPaise: number | null;
  igstPaise: number | null;
}

/** The IST date of instant column `ms`, as SQL. */
const istDateSql = (ms: string) => `date((${ms} + ${IST_OFFSET_MS}) / 1000, 'unixepoch')`;

// A month once filed must read the same ever after (GSTR-1 reports a later change as an amendment in the month it is
// made, as the statements date a reversal on the day it is made). So a document counts in its own month unless it
// was reversed within that month, and a reversal made in a later month counts in that later month, apart.
// ?1 organisation, ?2 and ?3 the month's instants [from, to), ?4 and ?5 its IST dates [first day, next first day).

/**
 * The month's invoices: sold in [?2, ?3) and not cancelled, as GET /api/v1/sales lists them (over the same index),
 * and those cancelled after the month ended (over the index of cancellations: a few, and only since the month).
 */
const MONTH_SALES = `SELECT * FROM sales WHERE org_id = ?1 AND status <> 'cancelled' AND sold_at >= ?2 AND sold_at < ?3
   UNION ALL
  SELECT * FROM sales WHERE org_id = ?1 AND status = 'cancelled' AND cancelled_at >= ?3 AND sold_at >= ?2 AND sold_at < ?3`;

/** Invoices of earlier months cancelled in [?2, ?3). A cancelled sale without its instant counts in no month. */
const SALES_CANCELLED =
  "SELECT * FROM sales WHERE org_id = ?1 AND status = 'cancelled' AND cancelled_at >= ?2 AND cancelled_at < ?3 AND sold_at < ?2";

/** Those cancelled within GST's time limit for correcting them: their tax is reversed. */
const SALES_CANCELLED_IN_TIME = `${SALES_CANCELLED} AND cancelled_after_gst_time_limit = 0`;

/** Those cancelled after it, in the books only: their tax stands, and they count by amount alone. */
const SALES_CANCELLED_LATE_SQL = `SELECT COUNT(*) AS count, COALESCE(SUM(total_paise), 0) AS amountPaise
  FROM (${SALES_CANCELLED}) WHERE cancelled_after_gst_time_limit = 1`;

/** Per kind of buyer (a GSTIN or none) and whether the invoice carries a CGST/SGST/IGST split. */
const invoicesSql = (sales: string) => `SELECT c.gstin IS NOT NULL AS registered, s.cgst_paise IS NOT NULL AS split, COUNT(*) AS count,
       SUM(s.taxable_paise) AS taxablePaise, SUM(s.gst_paise) AS gstPaise, COALESCE(SUM(s.cgst_paise), 0) AS cgstPaise,
       COALESCE(SUM(s.sgst_paise), 0) AS sgstPaise, COALESCE(SUM(s.igst_paise), 0) AS igstPaise
  FROM (${sales}) s
  JOIN customers c ON c.org_id = s.org_id AND c.id = s.customer_id
 GROUP BY 1, 2`;

/**
 * The lines of the invoices with a split, per HSN code and rate. CROSS JOIN keeps SQLite's join order: the sales
 * first (their index range), then their lines; left to choose, it walks every line of the organisation.
 */
const invoiceLinesSql = (sales: string) => `SELECT k.hsn, i.gst_rate_bps AS gstRateBps, SUM(i.grams) AS grams, SUM(i.amount_paise) AS taxablePaise,
       SUM(i.cgst_paise) AS cgstPaise, SUM(i.sgst_paise) AS sgstPaise, SUM(i.igst_paise) AS igstPaise
  FROM (${sales}) s
 CROSS JOIN sale_items i ON i.org_id = s.org_id AND i.sale_id = s.id
  JOIN skus k ON k.org_id = i.org_id AND k.id = i.sku_id
 WHERE s.cgst_paise IS NOT NULL
 GROUP BY 1, 2`;

/**
 * The IST day a credit note `n` counts on: the later of its date and the day it was recorded, as CGST s.34(2)'s time
 * limit reads it (a note cannot be declared before it is recorded), so a note back-dated into a month already filed
 * counts in the month it was recorded.
 */
const NOTE_DAY = `MAX(n.issued_on, ${istDateSql("n.created_at")})`;

/**
 * The instant a note `n` stopped counting: its void, or, for a note of an invoice cancelled before cancelling voided
 * its notes (it stands unvoided), that cancellation; 0 (before every month) when such a cancellation has no instant.
 * Null while it counts.
 */
const NOTE_ENDED_AT = `CASE WHEN n.voided_at IS NOT NULL THEN n.voided_at
       ELSE (SELECT COALESCE(x.cancelled_at, 0) FROM sales x WHERE x.org_id = n.org_id AND x.id = n.sale_id AND x.status = 'cancelled') END`;

/** The month's notes: counted on a day in [?4, ?5), and not voided within the month. */
const MONTH_NOTES = `${NOTE_DAY} >= ?4 AND ${NOTE_DAY} < ?5 AND COALESCE(${NOTE_ENDED_AT}, ?3) >= ?3`;

/** Notes of earlier months voided in [?2, ?3), on their own or with their invoice's cancellation. */
const NOTES_VOIDED = `${NOTE_ENDED_AT} >= ?2 AND ${NOTE_ENDED_AT} < ?3 AND ${NOTE_DAY} < ?4`;

/** Whether note `n` carries a split, that is adjusts GST. */
const NOTE_ADJUSTS_GST = "n.taxable_paise IS NOT NULL";

/**
 * Whether voiding note `n` adjusts GST: it carried a split, and was not voided with its invoice's cancellation after
 * GST's time limit, which is in the books only (neither document can be corrected in a return any more).
 */
const NOTE_VOID_ADJUSTS_GST = `${NOTE_ADJUSTS_GST} AND NOT EXISTS (SELECT 1 FROM sales x
   WHERE x.org_id = n.org_id AND x.id = n.sale_id AND x.cancelled_after_gst_time_limit = 1 AND x.cancelled_at = n.voided_at)`;

/**
 * Credit notes chosen by `which`, per whether they adjust GST (`adjustsGst`, over note `n`) and kind of buyer. A note
 * that adjusts GST is put at the rate (and HSN code) of the invoice lines it reduces, a sales return's own lines or
 * else all its invoice's, when they have only one: its split is one for all those lines, so no share of it belongs to
 * a rate.
 * The notes are found by the organisation's index and checked row by row: a trader issues a note for a few invoices
 * in a hundred, so even years of them are a short scan (and the lines follow them, CROSS JOIN).
 */
const creditNotesSql = (which: string, adjustsGst: string) => `WITH month_notes AS (
  SELECT n.id, n.sale_id, n.amount_paise, n.taxable_paise, n.cgst_paise, n.sgst_paise, n.igst_paise,
         ${adjustsGst} AS adjusts_gst, c.gstin IS NOT NULL AS registered,
         (SELECT COUNT(*) FROM credit_note_items r WHERE r.org_id = n.org_id AND r.sale_id = n.sale_id AND r.credit_note_id = n.id) AS returned_lines,
         (SELECT COALESCE(SUM(r.grams), 0) FROM credit_note_items r WHERE r.org_id = n.org_id AND r.sale_id = n.sale_id AND r.credit_note_id = n.id) AS grams
    FROM credit_notes n
    JOIN customers c ON c.org_id = n.org_id AND c.id = n.customer_id
   WHERE n.org_id = ?1 AND ${which}),
reduced AS (
  SELECT m.id, MIN(i.gst_rate_bps) AS min_rate, MAX(i.gst_rate_bps) AS max_rate, MIN(k.hsn) AS min_hsn, MAX(k.hsn) AS max_hsn
    FROM month_notes m
   CROSS JOIN sale_items i ON i.org_id = ?1 AND i.sale_id = m.sale_id
    JOIN skus k ON k.org_id = i.org_id AND k.id = i.sku_id
   WHERE m.adjusts_gst
     AND (m.returned_lines = 0 OR EXISTS (SELECT 1 FROM credit_note_items r
                                           WHERE r.org_id = ?1 AND r.sale_id = m.sale_id AND r.lot_id = i.lot_id AND r.credit_note_id = m.id))
   GROUP BY m.id)
SELECT m.adjusts_gst AS adjustsGst, m.registered,
       CASE WHEN d.min_rate = d.max_rate THEN d.min_rate END AS gstRateBps,
       CASE WHEN d.min_rate = d.max_rate AND d.min_hsn = d.max_hsn THEN d.min_hsn END AS hsn,
       COUNT(*) AS count, SUM(m.amount_paise) AS amountPaise, SUM(m.grams) AS grams,
       COALESCE(SUM(m.taxable_paise), 0) AS taxablePaise, COALESCE(SUM(m.cgst_paise), 0) AS cgstPaise,
       COALESCE(SUM(m.sgst_paise), 0) AS sgstPaise, COALESCE(SUM(m.igst_paise), 0) AS igstPaise
  FROM month_notes m
  LEFT JOIN reduced d ON d.id = m.id
 GROUP BY 1, 2, 3, 4`;

/**
 * Each document reversed in the month, with the month it counted in and its figures as issued (none for an invoice
 * cancelled after GST's time limit, whose tax stands): the first REVERSED_DOCUMENTS_CAP, and one more to tell whether
 * there were more.
 */
const REVERSED_DOCUMENTS_SQL = `SELECT 'invoice' AS kind, s.id AS id, s.invoice_number AS number, s.sale_date AS documentDate,
       substr(s.sale_date, 1, 7) AS originalMonth, ${istDateSql("s.cancelled_at")} AS reversedOn, c.gstin AS buyerGstin,
       s.total_paise AS amountPaise, s.cancelled_after_gst_time_limit = 0 AS adjustsGst,
       CASE WHEN s.cancelled_after_gst_time_limit = 0 THEN s.taxable_paise END AS taxablePaise,
       CASE WHEN s.cancelled_after_gst_time_limit = 0 THEN s.cgst_paise END AS cgstPaise,
       CASE WHEN s.cancelled_after_gst_time_limit = 0 THEN s.sgst_paise END AS sgstPaise,
       CASE WHEN s.cancelled_after_gst_time_limit = 0 THEN s.igst_paise END AS igstPaise
  FROM (${SALES_CANCELLED}) s
  JOIN customers c ON c.org_id = s.org_id AND c.id = s.customer_id
 UNION ALL
SELECT 'credit_note', n.id, n.note_number, n.issued_on, substr(${NOTE_DAY}, 1, 7), ${istDateSql(NOTE_ENDED_AT)}, c.gstin,
       n.amount_paise, n.adjusts_gst, CASE WHEN n.adjusts_gst THEN n.taxable_paise END, CASE WHEN n.adjusts_gst THEN n.cgst_paise END,
       CASE WHEN n.adjusts_gst THEN n.sgst_paise END, CASE WHEN n.adjusts_gst THEN n.igst_paise END
  FROM (SELECT n.*, ${NOTE_VOID_ADJUSTS_GST} AS adjusts_gst FROM credit_notes n WHERE n.org_id = ?1 AND ${NOTES_VOIDED}) n
  JOIN customers c ON c.org_id = n.org_id AND c.id = n.customer_id
 ORDER BY reversedOn, kind DESC, number, id
 LIMIT ${REVERSED_DOCUMENTS_CAP + 1}`;

export async function gstMonthSums(db: ReadDb, orgId: string, month: Month): Promise<GstMonthSums> {
  const [seller, invoices, lines, notes, cancelled, cancelledLines, cancelledLate, voided, documents] = await db.batch([
    db.prepare("SELECT gstin FROM organisations WHERE id = ?1").bind(orgId),
    ...[
      invoicesSql(MONTH_SALES),
      invoiceLinesSql(MONTH_SALES),
      creditNotesSql(MONTH_NOTES, NOTE_ADJUSTS_GST),
      invoicesSql(SALES_CANCELLED_IN_TIME),
      invoiceLinesSql(SALES_CANCELLED_IN_TIME),
      SALES_CANCELLED_LATE_SQL,
      creditNotesSql(NOTES_VOIDED, NOTE_VOID_ADJUSTS_GST),
      REVERSED_DOCUMENTS_SQL,
    ].map((sql) => bindMonth(db, sql, orgId, month)),
  ]);
  const rows = <T>(result: D1Result | undefined) => (result?.results ?? []) as T[];
  const invoiceGroups = (result: D1Result | undefined) =>
    rows<Stored<InvoiceGroup>>(result).map((g) => ({ ...g, registered: g.registered === 1, split: g.split === 1 }));
  const noteGroups = (result: D1Result | undefined) =>
    rows<Stored<CreditNoteGroup>>(result).map((g) => ({ ...g, registered: g.registered === 1, adjustsGst: g.adjustsGst === 1 }));
  return {
    sellerGstin: rows<{ gstin: string | null }>(seller)[0]?.gstin ?? null,
    invoices: invoiceGroups(invoices),
    invoiceLines: rows<InvoiceLineGroup>(lines),
    creditNotes: noteGroups(notes),
    reversed: { invoices: invoiceGroups(cancelled), invoiceLines: rows<InvoiceLineGroup>(cancelledLines), creditNotes: noteGroups(voided) },
    cancelledLate: rows<{ count: number; amountPaise: number }>(cancelledLate)[0]!,
    reversedDocuments: rows<Stored<ReversedDocument>>(documents)
      .slice(0, REVERSED_DOCUMENTS_CAP)
      .map((d) => ({ ...d, adjustsGst: d.adjustsGst === 1 })),
    reversedDocumentsTruncated: rows(documents).length > REVERSED_DOCUMENTS_CAP,
  };
}

type Month = { fromMs: number; toMsExclusive: number; firstDay: string; nextMonthFirstDay: string };

/**
 * The statements here number their parameters from the same five; each is bound up to the highest it reads, as D1
 * refuses more bindings than a statement has.
 */
function bindMonth(db: ReadDb, sql: string, orgId: string, month: Month) {
  const highest = Math.max(...[...sql.matchAll(/\?(\d)/g)].map((m) => Number(m[1])));
  return db.prepare(sql).bind(...[orgId, month.fromMs, month.toMsExclusive, month.firstDay, month.nextMonthFirstDay].slice(0, highest));
}
