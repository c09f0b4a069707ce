// The sums behind GET /api/v1/gst-summary: one D1 batch (one round trip) over a month's invoices, their lines and the
// credit notes dated in it, adding up the stored paise and grams columns. Nothing is recomputed from a rate.
import type { organisations } from "../db/schema";
import type { CreditNoteGroup, InvoiceGroup, InvoiceLineGroup } from "../domain/gst-summary";
import type { ReadDb } from "../http/read-session";

/** SQLite's booleans are 0 and 1. */
type Stored<T> = { [K in keyof T]: T[K] extends boolean ? 0 | 1 : T[K] };

export interface GstMonthSums {
  sellerGstin: (typeof organisations.$inferSelect)["gstin"];
  invoices: InvoiceGroup[];
  invoiceLines: InvoiceLineGroup[];
  creditNotes: CreditNoteGroup[];
}

/**
 * The month's invoices: sold in [?2, ?3), not cancelled, as GET /api/v1/sales lists them (and over the same index).
 * Cancelled sales count nowhere in the books.
 */
const MONTH_SALES = "s.org_id = ?1 AND s.status <> 'cancelled' AND s.sold_at >= ?2 AND s.sold_at < ?3";

/** Per kind of buyer (a GSTIN or none) and whether the invoice carries a CGST/SGST/IGST split. */
const INVOICES_SQL = `SELECT c.gstin IS NOT NULL AS registered, s.cgst_paise IS NOT NULL AS split, COUNT(*) AS count,
       SUM(s.taxable_paise) AS taxablePaise, SUM(s.gst_paise) AS gstPaise, COALESCE(SUM(s.cgst_paise), 0) AS cgstPaise,
       COALESCE(SUM(s.sgst_paise), 0) AS sgstPaise, COALESCE(SUM(s.igst_paise), 0) AS igstPaise
  FROM sales s
  JOIN customers c ON c.org_id = s.org_id AND c.id = s.customer_id
 WHERE ${MONTH_SALES}
 GROUP BY 1, 2`;

/**
 * The lines of the invoices with a split, per HSN code and rate. CROSS JOIN keeps SQLite's join order: the month's
 * sales first (their index range), then their lines; left to choose, it walks every line of the organisation.
 */
const INVOICE_LINES_SQL = `SELECT k.hsn, i.gst_rate_bps AS gstRateBps, SUM(i.grams) AS grams, SUM(i.amount_paise) AS taxablePaise,
       SUM(i.cgst_paise) AS cgstPaise, SUM(i.sgst_paise) AS sgstPaise, SUM(i.igst_paise) AS igstPaise
  FROM sales s
 CROSS JOIN sale_items i ON i.org_id = s.org_id AND i.sale_id = s.id
  JOIN skus k ON k.org_id = i.org_id AND k.id = i.sku_id
 WHERE ${MONTH_SALES} AND s.cgst_paise IS NOT NULL
 GROUP BY 1, 2`;

/**
 * Credit notes dated in [?2, ?3) that still count: not voided, and not against an invoice since cancelled (its notes
 * are voided with it; those of sales cancelled before that rule count nowhere either). A note with a split adjusts
 * GST; it is put at the rate (and HSN code) of the invoice lines it reduces, a sales return's own lines or else all
 * its invoice's, when they have only one: its split is one for all those lines, so no share of it belongs to a rate.
 * The notes are found by the organisation's index and their date checked row by row: a trader issues a note for a
 * few invoices in a hundred, so even years of them are a short scan (and the lines follow them, CROSS JOIN).
 */
const CREDIT_NOTES_SQL = `WITH month_notes AS (
  SELECT n.id, n.sale_id, n.amount_paise, n.taxable_paise, n.cgst_paise, n.sgst_paise, n.igst_paise,
         c.gstin IS NOT NULL AS registered,
         (SELECT COUNT(*) FROM credit_note_items r WHERE r.org_id = n.org_id AND r.sale_id = n.sale_id AND r.credit_note_id = n.id) AS returned_lines,
         (SELECT COALESCE(SUM(r.grams), 0) FROM credit_note_items r WHERE r.org_id = n.org_id AND r.sale_id = n.sale_id AND r.credit_note_id = n.id) AS grams
    FROM credit_notes n
    JOIN customers c ON c.org_id = n.org_id AND c.id = n.customer_id
   WHERE n.org_id = ?1 AND n.issued_on >= ?2 AND n.issued_on < ?3 AND n.voided_at IS NULL
     AND NOT EXISTS (SELECT 1 FROM sales x WHERE x.org_id = n.org_id AND x.id = n.sale_id AND x.status = 'cancelled')),
reduced AS (
  SELECT m.id, MIN(i.gst_rate_bps) AS min_rate, MAX(i.gst_rate_bps) AS max_rate, MIN(k.hsn) AS min_hsn, MAX(k.hsn) AS max_hsn
    FROM month_notes m
   CROSS JOIN sale_items i ON i.org_id = ?1 AND i.sale_id = m.sale_id
    JOIN skus k ON k.org_id = i.org_id AND k.id = i.sku_id
   WHERE m.taxable_paise IS NOT NULL
     AND (m.returned_lines = 0 OR EXISTS (SELECT 1 FROM credit_note_items r
                                           WHERE r.org_id = ?1 AND r.sale_id = m.sale_id AND r.lot_id = i.lot_id AND r.credit_note_id = m.id))
   GROUP BY m.id)
SELECT m.taxable_paise IS NOT NULL AS adjustsGst, m.registered,
       CASE WHEN d.min_rate = d.max_rate THEN d.min_rate END AS gstRateBps,
       CASE WHEN d.min_rate = d.max_rate AND d.min_hsn = d.max_hsn THEN d.min_hsn END AS hsn,
       COUNT(*) AS count, SUM(m.amount_paise) AS amountPaise, SUM(m.grams) AS grams,
       COALESCE(SUM(m.taxable_paise), 0) AS taxablePaise, COALESCE(SUM(m.cgst_paise), 0) AS cgstPaise,
       COALESCE(SUM(m.sgst_paise), 0) AS sgstPaise, COALESCE(SUM(m.igst_paise), 0) AS igstPaise
  FROM month_notes m
  LEFT JOIN reduced d ON d.id = m.id
 GROUP BY 1, 2, 3, 4`;

export async function gstMonthSums(
  db: ReadDb,
  orgId: string,
  month: { fromMs: number; toMsExclusive: number; firstDay: string; nextMonthFirstDay: string },
): Promise<GstMonthSums> {
  const [seller, invoices, lines, notes] = await db.batch([
    db.prepare("SELECT gstin FROM organisations WHERE id = ?1").bind(orgId),
    db.prepare(INVOICES_SQL).bind(orgId, month.fromMs, month.toMsExclusive),
    db.prepare(INVOICE_LINES_SQL).bind(orgId, month.fromMs, month.toMsExclusive),
    db.prepare(CREDIT_NOTES_SQL).bind(orgId, month.firstDay, month.nextMonthFirstDay),
  ]);
  const rows = <T>(result: D1Result | undefined) => (result?.results ?? []) as T[];
  return {
    sellerGstin: rows<{ gstin: string | null }>(seller)[0]?.gstin ?? null,
    invoices: rows<Stored<InvoiceGroup>>(invoices).map((g) => ({ ...g, registered: g.registered === 1, split: g.split === 1 })),
    invoiceLines: rows<InvoiceLineGroup>(lines),
    creditNotes: rows<Stored<CreditNoteGroup>>(notes).map((g) => ({ ...g, registered: g.registered === 1, adjustsGst: g.adjustsGst === 1 })),
  };
}
