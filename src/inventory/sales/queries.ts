// Sales: taking stock atomically (one D1 batch), cancelling (stock returns), dispatching, and the
// IST-windowed list of GET /api/v1/sales.
import { failedWith } from "../../platform/d1";
import { and, eq, isNull } from "drizzle-orm";
import { newId } from "../../platform/ids";
import { inventoryDb } from "../db/client";
import { creditNotes, customers, type lots, organisations, type saleItems, sales, type skus } from "../db/schema";
import { invoiceTax, lineTax, saleSupply } from "../domain/place-of-supply";
import { advanceApplication } from "../ledger/receipt-queries";
import { reopenInvoicesStatement, voidStatements } from "../ledger/void-queries";
import { gstRateOn, type GstRateResult } from "../domain/gst-rates";
import { checkSaleAfterLotReceipts, type SaleLotDatesResult } from "../domain/entry-dates";
import { financialYearCode } from "../domain/invoice-number";
import { MAX_INVOICES_PER_FINANCIAL_YEAR, nextInvoice, type LastIssued, type NextInvoiceResult } from "../domain/invoice-sequence";
import { istDateOf } from "../domain/ist";
import { cancellationAdjustsGst } from "../domain/gst-time-limit";
import { ANNUAL_RETURN_AS_READ_SQL, annualReturnOfInvoice } from "../annual-returns/queries";
import { amountPaise } from "../domain/money";
import { saleStatusChange, type SaleStatusChange } from "../domain/sale-status";
import { CONTENDED_WRITE_ATTEMPTS, insertedEventIds, kgSql, rupeesSql, type WriteResult } from "../db/event-rows";
import type { ReadDb } from "../http/read-session";
import { stockLowStatement } from "../stock/queries";

type Sale = typeof sales.$inferSelect;
type SaleItem = typeof saleItems.$inferSelect;
type Sku = typeof skus.$inferSelect;

/** A sale with its customer's name and GSTIN, as the read API and the back office show it. */
export type SaleRow = Pick<
  Sale,
  | "id"
  | "invoiceNumber"
  | "customerId"
  | "saleDate"
  | "soldAt"
  | "status"
  | "gramsTotal"
  | "taxablePaise"
  | "gstPaise"
  | "totalPaise"
  | "dispatchedAt"
  | "cancelledAt"
  | "paidAt"
  | "sellerGstin"
  | "sellerStateCode"
  | "placeOfSupply"
  | "cgstPaise"
  | "sgstPaise"
  | "igstPaise"
> & { customerName: (typeof customers.$inferSelect)["name"]; customerGstin: (typeof customers.$inferSelect)["gstin"] };

export type SaleItemRow = Pick<
  SaleItem,
  "saleId" | "lotId" | "grams" | "ratePaisePerKg" | "amountPaise" | "gstRateBps" | "gstPaise" | "cgstPaise" | "sgstPaise" | "igstPaise"
> &
  Pick<Sku, "sku" | "yarnType" | "hsn"> & { lotNumber: (typeof lots.$inferSelect)["lotNumber"] };

export type SaleWithItems = SaleRow & { items: SaleItemRow[] };

const SALE_SELECT = `
  SELECT s.id, s.invoice_number AS invoiceNumber, s.customer_id AS customerId, c.name AS customerName,
         c.gstin AS customerGstin, s.sale_date AS saleDate, s.sold_at AS soldAt, s.status, s.grams_total AS gramsTotal,
         s.taxable_paise AS taxablePaise, s.gst_paise AS gstPaise, s.total_paise AS totalPaise,
         s.dispatched_at AS dispatchedAt, s.cancelled_at AS cancelledAt, s.paid_at AS paidAt,
         s.seller_gstin AS sellerGstin, s.seller_state_code AS sellerStateCode, s.place_of_supply AS placeOfSupply,
         s.cgst_paise AS cgstPaise, s.sgst_paise AS sgstPaise, s.igst_paise AS igstPaise
    FROM sales s
    JOIN customers c ON c.org_id = s.org_id AND c.id = s.customer_id`;

/**
 * A sale's lines in the order the invoice was written: the batch inserts them in that order, so rowid keeps it.
 * Their ids cannot: they share the sale's millisecond, and the random part after it orders them by chance.
 */
const LINE_ORDER = "i.rowid";

async function itemsOf(db: ReadDb, orgId: string, saleIds: string[]): Promise<Map<string, SaleItemRow[]>> {
  const bySale = new Map<string, SaleItemRow[]>(saleIds.map((id) => [id, []]));
  if (saleIds.length === 0) return bySale;
  // One bound parameter whatever the page size (D1 allows 100 per statement).
  const { results } = await db
    .prepare(
      `SELECT i.sale_id AS saleId, i.lot_id AS lotId, l.lot_number AS lotNumber, k.sku, k.yarn_type AS yarnType, k.hsn, i.grams,
              i.rate_paise_per_kg AS ratePaisePerKg, i.amount_paise AS amountPaise, i.gst_rate_bps AS gstRateBps, i.gst_paise AS gstPaise,
              i.cgst_paise AS cgstPaise, i.sgst_paise AS sgstPaise, i.igst_paise AS igstPaise
         FROM sale_items i
         JOIN lots l ON l.org_id = i.org_id AND l.id = i.lot_id
         JOIN skus k ON k.org_id = i.org_id AND k.id = i.sku_id
        WHERE i.org_id = ?1 AND i.sale_id IN (SELECT value FROM json_each(?2))
        ORDER BY i.sale_id, ${LINE_ORDER}`,
    )
    .bind(orgId, JSON.stringify(saleIds))
    .all<SaleItemRow>();
  for (const item of results) bySale.get(item.saleId)?.push(item);
  return bySale;
}

export interface SalesQuery {
  fromMs: number;
  toMsExclusive: number;
  limit: number;
  offset: number;
}

// Printing in SQL, for the sales read: the same text as formatPaise/formatGrams and Date#toISOString (years
// 0000-9999), so each sale leaves SQLite as the JSON of its API view and is never decoded or re-encoded here.
const signedScaledSql = (column: string, scale: 100 | 1000) =>
  `printf('%s%d.${scale === 100 ? "%02d" : "%03d"}', CASE WHEN ${column} < 0 THEN '-' ELSE '' END, abs(${column}) / ${scale}, abs(${column}) % ${scale})`;
const moneyOrNullSql = (column: string) => `CASE WHEN ${column} IS NULL THEN NULL ELSE ${signedScaledSql(column, 100)} END`;
const isoSql = (column: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${column} / 1000.0, 'unixepoch')`;
/**
 * Key order is the wire order of SaleSchema. The lines come as the database keeps them (`items_json`, in the wire
 * order of SaleItemSchema, printed alike; migration 0029).
 */
const SALE_JSON = `json_object(
    'id', s.id, 'invoice_number', s.invoice_number, 'customer_id', s.customer_id, 'customer_name', c.name,
    'customer_gstin', c.gstin, 'sale_date', s.sale_date, 'sold_at', ${isoSql("s.sold_at")}, 'status', s.status,
    'dispatched_at', ${isoSql("s.dispatched_at")}, 'paid_at', ${isoSql("s.paid_at")}, 'kg', ${signedScaledSql("s.grams_total", 1000)},
    'taxable_amount', ${signedScaledSql("s.taxable_paise", 100)}, 'gst_amount', ${signedScaledSql("s.gst_paise", 100)},
    'total_amount', ${signedScaledSql("s.total_paise", 100)}, 'seller_gstin', s.seller_gstin, 'seller_state', s.seller_state_code,
    'place_of_supply', s.place_of_supply, 'cgst_amount', ${moneyOrNullSql("s.cgst_paise")},
    'sgst_amount', ${moneyOrNullSql("s.sgst_paise")}, 'igst_amount', ${moneyOrNullSql("s.igst_paise")},
    'items', json(s.items_json))`;

/** The order of the sales list: newest first, id breaking ties (ids are unique, so no two sales share a place). */
const SALES_ORDER = "s.sold_at DESC, s.id DESC";

/** A row of a sales page: the sale as the JSON text of its view, then its sort key, read beside it. */
type SalesPageRow = [sale: string, soldAt: number, id: string];

/**
 * A page of sales: their JSON, whether more follow, and the last one's place, where a next page continues. The
 * place comes from its own columns, so the route never decodes a sale's JSON to find it.
 */
export interface SalesPage {
  saleJson: string[];
  hasMore: boolean;
  last: SalePosition | null;
}

function salesPageOf(rows: SalesPageRow[], limit: number): SalesPage {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { saleJson: page.map(([sale]) => sale), hasMore: rows.length > limit, last: last ? { soldAt: last[1], id: last[2] } : null };
}

/**
 * Sales in [fromMs, toMsExclusive), cancelled excluded, newest first (id breaks ties), each with its items, in
 * ONE query: every sale comes back as the JSON text of its view, so a page costs one round trip and no mapping.
 */
export async function listSales(db: ReadDb, orgId: string, query: SalesQuery): Promise<SalesPage> {
  const rows = await db
    .prepare(
      `SELECT ${SALE_JSON} AS sale, s.sold_at, s.id
         FROM sales s
         JOIN customers c ON c.org_id = s.org_id AND c.id = s.customer_id
        WHERE s.org_id = ?1 AND s.status <> 'cancelled' AND s.sold_at >= ?2 AND s.sold_at < ?3
        ORDER BY ${SALES_ORDER}
        LIMIT ?4 OFFSET ?5`,
    )
    .bind(orgId, query.fromMs, query.toMsExclusive, query.limit + 1, query.offset)
    .raw<SalesPageRow>();
  return salesPageOf(rows, query.limit);
}

/** A place in the sales list: a sale's instant and id, its sort key. */
export interface SalePosition {
  soldAt: number;
  id: string;
}

export interface SalesAfterQuery {
  fromMs: number;
  toMsExclusive: number;
  limit: number;
  after: SalePosition;
}

/**
 * The sales of listSales's window and order that come strictly after `after`. The row-value comparison is where
 * SQLite starts its walk of sales_active_sold_at, so a page costs the same at any depth (an offset walks past every
 * row before it). The window's end is folded into it: (toMsExclusive, '') sorts after every sale of the window
 * and before every later one, as no id is empty.
 */
export async function listSalesAfter(db: ReadDb, orgId: string, query: SalesAfterQuery): Promise<SalesPage> {
  const before = query.after.soldAt < query.toMsExclusive ? query.after : { soldAt: query.toMsExclusive, id: "" };
  const rows = await db
    .prepare(
      `SELECT ${SALE_JSON} AS sale, s.sold_at, s.id
         FROM sales s
         JOIN customers c ON c.org_id = s.org_id AND c.id = s.customer_id
        WHERE s.org_id = ?1 AND s.status <> 'cancelled' AND s.sold_at >= ?2 AND (s.sold_at, s.id) < (?3, ?4)
        ORDER BY ${SALES_ORDER}
        LIMIT ?5`,
    )
    .bind(orgId, query.fromMs, before.soldAt, before.id, query.limit + 1)
    .raw<SalesPageRow>();
  return salesPageOf(rows, query.limit);
}

export async function findSale(db: ReadDb, orgId: string, saleId: string): Promise<SaleWithItems | null> {
  const row = await db.prepare(`${SALE_SELECT} WHERE s.org_id = ?1 AND s.id = ?2`).bind(orgId, saleId).first<SaleRow>();
  if (!row) return null;
  const items = await itemsOf(db, orgId, [row.id]);
  return { ...row, items: items.get(row.id) ?? [] };
}

/** A sale by its invoice number, which is unique within the organisation. */
export async function findSaleByInvoiceNumber(db: ReadDb, orgId: string, invoiceNumber: string): Promise<SaleWithItems | null> {
  const row = await db.prepare(`${SALE_SELECT} WHERE s.org_id = ?1 AND s.invoice_number = ?2`).bind(orgId, invoiceNumber).first<SaleRow>();
  if (!row) return null;
  const items = await itemsOf(db, orgId, [row.id]);
  return { ...row, items: items.get(row.id) ?? [] };
}

/** The organisation a sale belongs to (routes without an org in the path resolve it first). */
export async function saleOrgId(db: D1Database, saleId: string): Promise<string | null> {
  const row = await inventoryDb(db).select({ orgId: sales.orgId }).from(sales).where(eq(sales.id, saleId)).get();
  return row?.orgId ?? null;
}

export interface NewSale {
  customerId: string;
  saleDate: string;
  soldAt: number;
  items: Array<{ lotId: string; grams: number; ratePaisePerKg: number }>;
}

type LotForSale = Pick<typeof lots.$inferSelect, "id" | "skuId" | "gramsRemaining" | "receivedAt"> & Pick<Sku, "sku" | "hsn">;

async function lotsForSale(db: ReadDb, orgId: string, lotIds: string[]): Promise<Map<string, LotForSale>> {
  const { results } = await db
    .prepare(
      `SELECT l.id, l.sku_id AS skuId, k.sku, l.grams_remaining AS gramsRemaining, l.received_at AS receivedAt, k.hsn
         FROM lots l JOIN skus k ON k.org_id = l.org_id AND k.id = l.sku_id
        WHERE l.org_id = ?1 AND l.id IN (SELECT value FROM json_each(?2))`,
    )
    .bind(orgId, JSON.stringify(lotIds))
    .all<LotForSale>();
  return new Map(results.map((r) => [r.id, r]));
}

/** The last invoice issued in a financial year (cancelled ones keep their number), or null. */
async function lastIssued(db: ReadDb, orgId: string, financialYear: string): Promise<LastIssued | null> {
  return db
    .prepare(
      `SELECT sale_date AS saleDate, invoice_seq AS seq, invoice_number AS invoiceNumber
         FROM sales WHERE org_id = ?1 AND financial_year = ?2 ORDER BY invoice_seq DESC LIMIT 1`,
    )
    .bind(orgId, financialYear)
    .first<LastIssued>();
}

/**
 * Books a sale and takes its kg from the lots in ONE batch (one transaction). Each lot update is
 * conditional (`grams_remaining >= ?`); the item row after it writes grams = 0 when that update changed no
 * row, which violates `CHECK (grams > 0)` and rolls the whole batch back. So concurrent sales on one lot
 * never take it below zero, and a loser changes nothing: the outcome names the lots that are short.
 */
export type CreateSaleOutcome =
  | ({ kind: "created" } & WriteResult<SaleWithItems>)
  | { kind: "customer_not_found"; customerId: string }
  | { kind: "seller_gstin_missing" }
  | { kind: "place_of_supply"; refusal: Extract<ReturnType<typeof saleSupply>, { ok: false }> }
  | { kind: "lot_not_found"; index: number; lotId: string }
  | { kind: "insufficient_stock"; lotIds: string[] }
  | { kind: "no_gst_rate"; index: number; refusal: Extract<GstRateResult, { ok: false }> }
  | { kind: "sale_before_lot_receipt"; refusal: Extract<SaleLotDatesResult, { ok: false }> }
  | { kind: "invoice_out_of_order"; refusal: Extract<NextInvoiceResult, { ok: false }> };

export async function createSale(db: D1Database, orgId: string, sale: NewSale, nowMs: number): Promise<CreateSaleOutcome> {
  const [customer, seller] = await Promise.all([
    inventoryDb(db)
      .select({ id: customers.id, gstin: customers.gstin, stateCode: customers.stateCode })
      .from(customers)
      .where(and(eq(customers.orgId, orgId), eq(customers.id, sale.customerId)))
      .get(),
    inventoryDb(db)
      .select({ gstin: organisations.gstin, stateCode: organisations.stateCode })
      .from(organisations)
      .where(eq(organisations.id, orgId))
      .get(),
  ]);
  if (!customer) return { kind: "customer_not_found", customerId: sale.customerId };
  // Only a registered person may collect GST (CGST Act s.32), so a tax invoice carries the supplier's GSTIN; its
  // state, with the place of supply, decides CGST + SGST or IGST.
  if (!seller?.gstin || !seller.stateCode) return { kind: "seller_gstin_missing" };
  const supply = saleSupply(seller.stateCode, { gstin: customer.gstin, addressState: customer.stateCode });
  if ("ok" in supply) return { kind: "place_of_supply", refusal: supply };
  const lots = await lotsForSale(
    db,
    orgId,
    sale.items.map((i) => i.lotId),
  );
  const missing = sale.items.findIndex((i) => !lots.has(i.lotId));
  if (missing >= 0) return { kind: "lot_not_found", index: missing, lotId: sale.items[missing]!.lotId };

  // The rate is the one in force on the date of supply for the line's HSN, not the rate the SKU was set up with.
  const rates = sale.items.map((item) => gstRateOn(lots.get(item.lotId)!.hsn, sale.saleDate));
  const unrated = rates.findIndex((r) => !r.ok);
  if (unrated >= 0) return { kind: "no_gst_rate", index: unrated, refusal: rates[unrated] as Extract<GstRateResult, { ok: false }> };
  const lines = sale.items.map((item, index) => {
    const lot = lots.get(item.lotId)!;
    const gstRateBps = (rates[index] as Extract<GstRateResult, { ok: true }>).rateBps;
    const amount = amountPaise(item.grams, item.ratePaisePerKg);
    const tax = lineTax(amount, gstRateBps, supply.kind);
    return { ...item, lot, amount, gstRateBps, tax, gst: tax.cgstPaise + tax.sgstPaise + tax.igstPaise };
  });
  const short = lines.filter((l) => l.lot.gramsRemaining < l.grams);
  if (short.length > 0) return { kind: "insufficient_stock", lotIds: short.map((l) => l.lotId) };
  const receipts = checkSaleAfterLotReceipts(
    sale.saleDate,
    lines.map((l) => ({ lotId: l.lotId, receivedOn: istDateOf(l.lot.receivedAt) })),
  );
  if (!receipts.ok) return { kind: "sale_before_lot_receipt", refusal: receipts };
  const fy = financialYearCode(sale.saleDate);
  const numbered = nextInvoice(sale.saleDate, await lastIssued(db, orgId, fy));
  if (!numbered.ok) return { kind: "invoice_out_of_order", refusal: numbered };

  const invoice = invoiceTax(lines.map((l) => l.tax));
  const taxable = invoice.taxablePaise;
  const gstTotal = invoice.cgstPaise + invoice.sgstPaise + invoice.igstPaise;
  const gramsTotal = lines.reduce((sum, l) => sum + l.grams, 0);
  const saleId = newId("sale", nowMs);

  const statements: D1PreparedStatement[] = [
    // The next consecutive number of the financial year, computed inside the transaction. When a sale dated
    // later was numbered since the check above, no row is inserted, the items' foreign key fails the batch,
    // and the refusal is worked out again below. "Later" is against the year's last invoice, as in the check
    // above: invoices booked before numbering followed the date may hold a later date under a lower number.
    db
      .prepare(
        `INSERT INTO sales (id, org_id, invoice_number, financial_year, invoice_seq, customer_id, sale_date, sold_at, status,
                            grams_total, taxable_paise, gst_paise, total_paise, created_at,
                            seller_gstin, seller_state_code, place_of_supply, cgst_paise, sgst_paise, igst_paise)
         SELECT ?1, ?2, printf('INV/%s/%06d', ?3, COALESCE(MAX(invoice_seq), 0) + 1), ?3, COALESCE(MAX(invoice_seq), 0) + 1,
                ?4, ?5, ?6, 'confirmed', ?7, ?8, ?9, ?10, ?11, ?13, ?14, ?15, ?16, ?17, ?18
           FROM sales WHERE org_id = ?2 AND financial_year = ?3
         HAVING COALESCE((SELECT sale_date FROM sales WHERE org_id = ?2 AND financial_year = ?3 ORDER BY invoice_seq DESC LIMIT 1), '') <= ?5
            AND COALESCE(MAX(invoice_seq), 0) < ?12`,
      )
      .bind(
        saleId,
        orgId,
        fy,
        sale.customerId,
        sale.saleDate,
        sale.soldAt,
        gramsTotal,
        taxable,
        gstTotal,
        taxable + gstTotal,
        nowMs,
        MAX_INVOICES_PER_FINANCIAL_YEAR,
        seller.gstin,
        seller.stateCode,
        supply.placeOfSupply,
        invoice.cgstPaise,
        invoice.sgstPaise,
        invoice.igstPaise,
      ),
  ];
  for (const line of lines) {
    statements.push(
      db
        .prepare(
          "UPDATE lots SET grams_remaining = grams_remaining - ?1, grams_sold = grams_sold + ?1 WHERE org_id = ?2 AND id = ?3 AND grams_remaining >= ?1",
        )
        .bind(line.grams, orgId, line.lotId),
      db
        .prepare(
          `INSERT INTO sale_items (id, org_id, sale_id, lot_id, sku_id, grams, rate_paise_per_kg, amount_paise, gst_rate_bps, gst_paise,
                                  cgst_paise, sgst_paise, igst_paise)
           VALUES (?1, ?2, ?3, ?4, ?5, CASE WHEN changes() = 1 THEN ?6 ELSE 0 END, ?7, ?8, ?9, ?10, ?11, ?12, ?13)`,
        )
        .bind(
          newId("item", nowMs),
          orgId,
          saleId,
          line.lotId,
          line.lot.skuId,
          line.grams,
          line.ratePaisePerKg,
          line.amount,
          line.gstRateBps,
          line.gst,
          line.tax.cgstPaise,
          line.tax.sgstPaise,
          line.tax.igstPaise,
        ),
    );
  }
  const events: Array<{ id: string; index: number }> = [];
  const created = newId("evt", nowMs);
  events.push({ id: created, index: statements.length });
  statements.push(
    db
      .prepare(
        `INSERT INTO events (id, org_id, type, payload, dedupe_key, created_at)
         SELECT ?1, org_id, 'sale.created',
                json_object('sale_id', id, 'invoice_number', invoice_number, 'customer_id', customer_id, 'sale_date', sale_date,
                            'kg', ${kgSql("grams_total")}, 'total_amount', ${rupeesSql("total_paise")}, 'items', CAST(?3 AS INTEGER)),
                NULL, ?4
           FROM sales WHERE org_id = ?2 AND id = ?5`,
      )
      .bind(created, orgId, lines.length, nowMs, saleId),
  );
  const takenBySku = new Map<string, number>();
  for (const line of lines) takenBySku.set(line.lot.skuId, (takenBySku.get(line.lot.skuId) ?? 0) + line.grams);
  for (const [skuId, gramsTaken] of takenBySku) {
    const eventId = newId("evt", nowMs);
    events.push({ id: eventId, index: statements.length });
    statements.push(stockLowStatement(db, { cause: "sale", saleId, eventId, orgId, skuId, gramsTaken, nowMs }));
  }

  // Money already on the customer's account pays this invoice first.
  const advances = await advanceApplication(db, orgId, { id: saleId, customerId: sale.customerId, totalPaise: taxable + gstTotal }, nowMs);
  statements.push(...advances.applications);
  if (advances.paid) {
    events.push({ id: advances.paid.eventId, index: statements.length });
    statements.push(...advances.paid.statements);
  }

  let results: D1Result[];
  try {
    results = await db.batch(statements);
  } catch (error) {
    if (failedWith(error, "FOREIGN KEY constraint failed")) {
      const renumbered = nextInvoice(sale.saleDate, await lastIssued(db, orgId, fy));
      if (!renumbered.ok) return { kind: "invoice_out_of_order", refusal: renumbered };
    }
    if (!failedWith(error, "CHECK constraint failed")) throw error;
    // Another sale took the stock between our read and our batch: name the lots that are now short.
    const now = await lotsForSale(
      db,
      orgId,
      sale.items.map((i) => i.lotId),
    );
    return { kind: "insufficient_stock", lotIds: sale.items.filter((i) => (now.get(i.lotId)?.gramsRemaining ?? 0) < i.grams).map((i) => i.lotId) };
  }
  const value = (await findSale(db, orgId, saleId))!;
  return { kind: "created", value, eventIds: insertedEventIds(results, events) };
}

/** What a cancel or dispatch did: changed the sale, or why it did not. */
export type SaleStatusOutcome =
  | ({ kind: "changed" } & WriteResult<SaleWithItems>)
  | { kind: "sale_not_found"; saleId: string }
  | { kind: "refused"; change: Exclude<SaleStatusChange, { kind: "allowed" }> }
  /** Another request changed the sale between the read and the write. */
  | { kind: "lost_race" }
  /** A lot counted up since the sale cannot take its kg back without holding more than it received. */
  | { kind: "lot_full"; lotIds: string[] };

/**
 * Cancels a confirmed sale in one batch: its kg go back to the lots, and the credit notes against it are voided
 * (each audited, with its entry.voided event), since the invoice they reduce no longer exists. Money paid against
 * it stays paid, on the customer's account. Dispatched sales need a credit note instead. After GST's time limit for
 * correcting the invoice the sale is marked cancelled after it, and its tax is not reversed. A write that finds the
 * sale, its credit notes or the annual return of its year changed since its read is tried again from a fresh read (as
 * credit notes are), so the cancellation is judged as if sent after the other request, or refused for what it did.
 */
export async function cancelSale(db: D1Database, orgId: string, saleId: string, actor: string, nowMs: number): Promise<SaleStatusOutcome> {
  let outcome: SaleStatusOutcome = { kind: "lost_race" };
  for (let attempt = 1; attempt <= CONTENDED_WRITE_ATTEMPTS && outcome.kind === "lost_race"; attempt++) {
    outcome = await cancelSaleAsRead(db, orgId, saleId, actor, nowMs);
  }
  return outcome;
}

async function cancelSaleAsRead(db: D1Database, orgId: string, saleId: string, actor: string, nowMs: number): Promise<SaleStatusOutcome> {
  const current = await findSale(db, orgId, saleId);
  if (!current) return { kind: "sale_not_found", saleId };
  const change = saleStatusChange(current.status, "cancelled");
  if (change.kind !== "allowed") return { kind: "refused", change };
  const credits = await inventoryDb(db)
    .select({ id: creditNotes.id, amountPaise: creditNotes.amountPaise })
    .from(creditNotes)
    .where(and(eq(creditNotes.orgId, orgId), eq(creditNotes.saleId, saleId), isNull(creditNotes.voidedAt)))
    .orderBy(creditNotes.id)
    .all();
  // Past GST's time limit for correcting the invoice, the cancellation is the books' only: its tax stands as issued.
  // Judged on the annual return as read here; the write below changes nothing if it is recorded or removed meanwhile.
  const annualReturn = await annualReturnOfInvoice(db, orgId, current.saleDate);
  const afterGstTimeLimit = !cancellationAdjustsGst(current.saleDate, istDateOf(nowMs), annualReturn.filedOn);
  const eventId = newId("evt", nowMs);
  const voids = credits.map((note) =>
    voidStatements(
      db,
      orgId,
      { kind: "credit_note", id: note.id, amountPaise: note.amountPaise, saleId },
      { reason: `invoice ${current.invoiceNumber} cancelled`, actor },
      nowMs,
      eventId,
    ),
  );
  const statements = [
    // A credit note issued since the read above would escape its void, and an annual return recorded or removed since
    // would move the time limit: then nothing changes (a lost race).
    db
      .prepare(
        `UPDATE sales SET status = 'cancelled', cancelled_at = ?1, cancelled_after_gst_time_limit = ?5
          WHERE org_id = ?2 AND id = ?3 AND status = 'confirmed'
            AND NOT EXISTS (SELECT 1 FROM credit_notes WHERE org_id = ?2 AND sale_id = ?3 AND voided_at IS NULL
                              AND id NOT IN (SELECT value FROM json_each(?4)))
            AND ${ANNUAL_RETURN_AS_READ_SQL("?2", "?6", "?7")}`,
      )
      .bind(
        nowMs,
        orgId,
        saleId,
        JSON.stringify(credits.map((c) => c.id)),
        afterGstTimeLimit ? 1 : 0,
        annualReturn.financialYear,
        annualReturn.filedOn,
      ),
    // The event is the cancellation's token: a concurrent second cancel inserts nothing (dedupe key) and so
    // returns no stock below.
    db
      .prepare(
        `INSERT OR IGNORE INTO events (id, org_id, type, payload, dedupe_key, created_at)
         SELECT ?1, org_id, 'sale.cancelled',
                json_object('sale_id', id, 'invoice_number', invoice_number, 'customer_id', customer_id, 'kg', ${kgSql("grams_total")},
                            'total_amount', ${rupeesSql("total_paise")},
                            'adjusts_gst', json(CASE WHEN cancelled_after_gst_time_limit = 1 THEN 'false' ELSE 'true' END)),
                'sale.cancelled:' || id, ?2
           FROM sales WHERE org_id = ?3 AND id = ?4 AND status = 'cancelled' AND cancelled_at = ?2`,
      )
      .bind(eventId, nowMs, orgId, saleId),
    db
      .prepare(
        `UPDATE lots SET grams_remaining = grams_remaining + sold.grams, grams_sold = grams_sold - sold.grams
           FROM (SELECT lot_id, SUM(grams) AS grams FROM sale_items WHERE org_id = ?1 AND sale_id = ?2 GROUP BY lot_id) sold
          WHERE lots.org_id = ?1 AND lots.id = sold.lot_id AND EXISTS (SELECT 1 FROM events WHERE id = ?3)`,
      )
      .bind(orgId, saleId, eventId),
  ];
  const events = [{ id: eventId, index: 1 }];
  for (const { statements: noteVoid, eventId: voidEventId } of voids) {
    // The entry.voided event is the void's first statement.
    events.push({ id: voidEventId, index: statements.length });
    statements.push(...noteVoid);
  }
  // A voided note's part held on account no longer pays the later invoices it was applied to: those it had
  // completed are paid no longer, as when such a note is voided alone.
  if (credits.length > 0) {
    statements.push(reopenInvoicesStatement(db, orgId, eventId, { saleId: null, sourceIds: credits.map((c) => c.id) }));
  }
  let results: D1Result[];
  try {
    results = await db.batch(statements);
  } catch (error) {
    // The batch is one transaction: the sale stays confirmed and no lot changed.
    if (failedWith(error, "CHECK constraint failed")) return { kind: "lot_full", lotIds: [...new Set(current.items.map((i) => i.lotId))] };
    throw error;
  }
  if ((results[1]?.meta.changes ?? 0) === 0) return { kind: "lost_race" };
  return { kind: "changed", value: (await findSale(db, orgId, saleId))!, eventIds: insertedEventIds(results, events) };
}

/** Marks a confirmed sale as dispatched (goods left the godown). */
export async function dispatchSale(db: D1Database, orgId: string, saleId: string, nowMs: number): Promise<SaleStatusOutcome> {
  const current = await findSale(db, orgId, saleId);
  if (!current) return { kind: "sale_not_found", saleId };
  const change = saleStatusChange(current.status, "dispatched");
  if (change.kind !== "allowed") return { kind: "refused", change };
  const eventId = newId("evt", nowMs);
  const results = await db.batch([
    db
      .prepare("UPDATE sales SET status = 'dispatched', dispatched_at = ?1 WHERE org_id = ?2 AND id = ?3 AND status = 'confirmed'")
      .bind(nowMs, orgId, saleId),
    db
      .prepare(
        `INSERT OR IGNORE INTO events (id, org_id, type, payload, dedupe_key, created_at)
         SELECT ?1, org_id, 'sale.dispatched',
                json_object('sale_id', id, 'invoice_number', invoice_number, 'customer_id', customer_id, 'kg', ${kgSql("grams_total")},
                            'dispatched_at', strftime('%Y-%m-%dT%H:%M:%fZ', dispatched_at / 1000.0, 'unixepoch')),
                'sale.dispatched:' || id, ?2
           FROM sales WHERE org_id = ?3 AND id = ?4 AND status = 'dispatched' AND dispatched_at = ?2`,
      )
      .bind(eventId, nowMs, orgId, saleId),
  ]);
  if ((results[1]?.meta.changes ?? 0) === 0) return { kind: "lost_race" };
  return { kind: "changed", value: (await findSale(db, orgId, saleId))!, eventIds: [eventId] };
}
