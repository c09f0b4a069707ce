// D1 schema of the inventory service. Times are unix milliseconds; money is paise and weight is grams
// (integers), so nothing drifts. Every business row carries its organisation id.
import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { webhookStoreTables } from "../../platform/webhooks/store-schema";
import { SALE_STATUSES, type SaleStatus } from "../domain/sale-status";
import { YARN_TYPES } from "../domain/yarn";

export const PLANS = ["starter", "growth", "business", "scale", "enterprise"] as const;
export type Plan = (typeof PLANS)[number];

export const organisations = sqliteTable(
  "organisations",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    plan: text("plan", { enum: PLANS }).notNull(),
    subscriptionStatus: text("subscription_status", { enum: ["active", "lapsed"] })
      .notNull()
      .default("active"),
    createdAt: integer("created_at").notNull(),
    /** The supplier's GSTIN printed on its invoices; its first two digits are `state_code`. */
    gstin: text("gstin"),
    /** The supplier's GST state code ("33"): with the place of supply it decides CGST + SGST or IGST. */
    stateCode: text("state_code"),
  },
  // The operator's list of organisations: newest first (the index ends with the rowid, which breaks ties), by
  // GSTIN, and by name prefix, which SQLite's LIKE reads off an index only when it is in NOCASE order.
  (t) => [
    index("organisations_created").on(t.createdAt),
    index("organisations_gstin").on(t.gstin),
    index("organisations_name_nocase").on(sql`${t.name} COLLATE NOCASE`),
  ],
);

/** Organisation admins who sign in to the admin area. */
export const adminUsers = sqliteTable(
  "admin_users",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("admin_users_org").on(t.orgId)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => adminUsers.id),
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id),
    tokenHash: text("token_hash").notNull().unique(),
    csrfToken: text("csrf_token").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    /** Null for legacy keys issued before keys were bound to an organisation: refused with key_not_bound. */
    orgId: text("org_id").references(() => organisations.id),
    name: text("name"),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    access: text("access", { enum: ["read_only", "read_write"] }).notNull(),
    scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at"),
    revokedAt: integer("revoked_at"),
    revokeReason: text("revoke_reason"),
    supersededAt: integer("superseded_at"),
    graceEndsAt: integer("grace_ends_at"),
    replacesKeyId: text("replaces_key_id"),
    replacedByKeyId: text("replaced_by_key_id"),
  },
  (t) => [index("api_keys_org_created").on(t.orgId, t.createdAt)],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id),
    action: text("action").notNull(),
    keyId: text("key_id"),
    actor: text("actor").notNull(),
    reason: text("reason"),
    at: integer("at").notNull(),
  },
  (t) => [index("audit_log_org_at").on(t.orgId, t.at)],
);

export const { events, webhookEndpoints, webhookDeliveries, webhookAttempts, webhookEndpointChanges } = webhookStoreTables(
  "org_id",
  () => organisations.id,
);

// ---- Stock, sales and the ledgers ----
// Every business table has a unique (org_id, id) so children reference their parent through a composite
// foreign key: a row of one organisation can never point at another organisation's row, even by a bug.

export { SALE_STATUSES, type SaleStatus };
export const PAYMENT_METHODS = ["neft", "rtgs", "imps", "upi", "cheque", "cash", "dd", "adjustment"] as const;

/** 500 kg: about ten 50 kg bags, a typical reorder point for a trader's fast-moving count. */
export const DEFAULT_STOCK_LOW_THRESHOLD_GRAMS = 500_000;

export const godowns = sqliteTable(
  "godowns",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id),
    code: text("code").notNull(),
    name: text("name").notNull(),
    city: text("city"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("godowns_org_id").on(t.orgId, t.id), uniqueIndex("godowns_org_code").on(t.orgId, t.code)],
);

export const skus = sqliteTable(
  "skus",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id),
    sku: text("sku").notNull(),
    name: text("name").notNull(),
    yarnType: text("yarn_type", { enum: YARN_TYPES }).notNull(),
    /** English count (Ne) of spun yarn; null for filament yarn, which is sold by denier. */
    countNe: integer("count_ne"),
    ply: integer("ply").notNull().default(1),
    denier: integer("denier"),
    filaments: integer("filaments"),
    blend: text("blend"),
    composition: text("composition").notNull(),
    shade: text("shade"),
    hsn: text("hsn").notNull(),
    /** Basis points: 500 = 5%. */
    gstRateBps: integer("gst_rate_bps").notNull(),
    /** stock.low fires when the SKU's kg across all godowns falls under this. */
    stockLowThresholdGrams: integer("stock_low_threshold_grams").notNull().default(DEFAULT_STOCK_LOW_THRESHOLD_GRAMS),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("skus_org_id").on(t.orgId, t.id),
    uniqueIndex("skus_org_sku").on(t.orgId, t.sku),
    index("skus_org_yarn_type").on(t.orgId, t.yarnType),
    check("skus_gst_rate_bps", sql`${t.gstRateBps} BETWEEN 0 AND 10000`),
    check("skus_threshold", sql`${t.stockLowThresholdGrams} >= 0`),
  ],
);

/** Spinning mills the organisation buys from. */
export const suppliers = sqliteTable(
  "suppliers",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id),
    name: text("name").notNull(),
    gstin: text("gstin"),
    city: text("city"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("suppliers_org_id").on(t.orgId, t.id), uniqueIndex("suppliers_org_name").on(t.orgId, t.name)],
);

/** One mill lot of one SKU in one godown: shade and quality are uniform only within a lot. */
export const lots = sqliteTable(
  "lots",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id),
    lotNumber: text("lot_number").notNull(),
    skuId: text("sku_id").notNull(),
    godownId: text("godown_id").notNull(),
    supplierId: text("supplier_id"),
    /** What the mill delivered into this lot in this godown: 0 for a lot that began with a transfer from another godown. */
    gramsReceived: integer("grams_received").notNull(),
    gramsRemaining: integer("grams_remaining").notNull(),
    /** Totals of the lot's stock movements, kept beside them so a lot's kg reconcile from its row alone. */
    gramsTransferredIn: integer("grams_transferred_in").notNull().default(0),
    gramsTransferredOut: integer("grams_transferred_out").notNull().default(0),
    /** Signed: damage and count corrections, net. */
    gramsAdjusted: integer("grams_adjusted").notNull().default(0),
    /** Kg of the lot on sales not cancelled (a cancel takes its kg off again). */
    gramsSold: integer("grams_sold").notNull().default(0),
    /** Kg of the lot that came back on credit notes (a note with returned kg is never voided). */
    gramsReturned: integer("grams_returned").notNull().default(0),
    costPaisePerKg: integer("cost_paise_per_kg").notNull(),
    receivedAt: integer("received_at").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("lots_org_id").on(t.orgId, t.id),
    uniqueIndex("lots_org_godown_sku_number").on(t.orgId, t.godownId, t.skuId, t.lotNumber),
    // GET /inventory: lots in stock, newest received first, optionally in one godown or of some SKUs.
    index("lots_in_stock_received").on(t.orgId, t.receivedAt, t.id).where(sql`grams_remaining > 0`),
    index("lots_in_stock_godown_received").on(t.orgId, t.godownId, t.receivedAt, t.id).where(sql`grams_remaining > 0`),
    index("lots_org_sku").on(t.orgId, t.skuId, t.gramsRemaining),
    foreignKey({ columns: [t.orgId, t.skuId], foreignColumns: [skus.orgId, skus.id], name: "lots_sku_fk" }),
    foreignKey({ columns: [t.orgId, t.godownId], foreignColumns: [godowns.orgId, godowns.id], name: "lots_godown_fk" }),
    foreignKey({ columns: [t.orgId, t.supplierId], foreignColumns: [suppliers.orgId, suppliers.id], name: "lots_supplier_fk" }),
    // Never more than ever came into the lot (a cancel or return past it is refused); see adjustLot for a count's cap.
    check("lots_grams_remaining", sql`${t.gramsRemaining} >= 0 AND ${t.gramsRemaining} <= ${t.gramsReceived} + ${t.gramsTransferredIn}`),
    check(
      "lots_grams_received",
      sql`${t.gramsReceived} >= 0 AND ${t.gramsTransferredIn} >= 0 AND ${t.gramsTransferredOut} >= 0 AND ${t.gramsReceived} + ${t.gramsTransferredIn} > 0`,
    ),
    check("lots_cost", sql`${t.costPaisePerKg} >= 0`),
  ],
);

/**
 * Every change to a lot's kg other than a sale: an adjustment (damage, a count correction) or a transfer between
 * godowns (out of one lot, into the same lot in another godown). Append-only, with who made it and why.
 */
export const stockMovements = sqliteTable(
  "stock_movements",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id),
    lotId: text("lot_id").notNull(),
    kind: text("kind", { enum: ["adjustment", "transfer_out", "transfer_in"] }).notNull(),
    /** Signed: what the movement did to the lot's grams remaining. */
    gramsDelta: integer("grams_delta").notNull(),
    reason: text("reason", { enum: ["damage", "count_correction", "transfer"] }).notNull(),
    notes: text("notes"),
    /** For a transfer: the lot on the other side. */
    counterpartLotId: text("counterpart_lot_id"),
    actor: text("actor").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("stock_movements_org_lot").on(t.orgId, t.lotId, t.createdAt),
    foreignKey({ columns: [t.orgId, t.lotId], foreignColumns: [lots.orgId, lots.id], name: "stock_movements_lot_fk" }),
    check("stock_movements_delta", sql`${t.gramsDelta} <> 0`),
  ],
);

export const customers = sqliteTable(
  "customers",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id),
    name: text("name").notNull(),
    contact: text("contact"),
    /** Validated with its check character on the way in; upper case. */
    gstin: text("gstin"),
    address: text("address"),
    /** GST state code of the customer's address; the GSTIN's state when it has one. */
    stateCode: text("state_code"),
    creditLimitPaise: integer("credit_limit_paise").notNull().default(0),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("customers_org_id").on(t.orgId, t.id),
    index("customers_org_gstin").on(t.orgId, t.gstin),
    check("customers_credit_limit", sql`${t.creditLimitPaise} >= 0`),
  ],
);

/** A tax invoice. `sold_at` is the instant; `sale_date` is its IST calendar date (always istDateOf(sold_at)). */
export const sales = sqliteTable(
  "sales",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id),
    /** `INV/<FY>/<seq>`, at most 16 characters, consecutive per financial year (CGST Rule 46(b)). */
    invoiceNumber: text("invoice_number").notNull(),
    financialYear: text("financial_year").notNull(),
    invoiceSeq: integer("invoice_seq").notNull(),
    customerId: text("customer_id").notNull(),
    saleDate: text("sale_date").notNull(),
    soldAt: integer("sold_at").notNull(),
    status: text("status", { enum: SALE_STATUSES }).notNull().default("confirmed"),
    gramsTotal: integer("grams_total").notNull(),
    taxablePaise: integer("taxable_paise").notNull(),
    gstPaise: integer("gst_paise").notNull(),
    totalPaise: integer("total_paise").notNull(),
    dispatchedAt: integer("dispatched_at"),
    cancelledAt: integer("cancelled_at"),
    /**
     * Cancelled after GST's time limit for correcting the invoice (30 November after its financial year, or that
     * year's annual return if furnished earlier): cancelled in the books only, its tax stands as issued.
     */
    cancelledAfterGstTimeLimit: integer("cancelled_after_gst_time_limit", { mode: "boolean" }).notNull().default(false),
    paidAt: integer("paid_at"),
    createdAt: integer("created_at").notNull(),
    // As printed on the invoice when it was issued (null on sales booked before the split was recorded).
    sellerGstin: text("seller_gstin"),
    sellerStateCode: text("seller_state_code"),
    placeOfSupply: text("place_of_supply"),
    cgstPaise: integer("cgst_paise"),
    sgstPaise: integer("sgst_paise"),
    igstPaise: integer("igst_paise"),
    /**
     * The sale's lines as the JSON array the sales list answers with, kept by the database: a trigger on sale_items
     * (migration 0029) writes it whenever a line is inserted, and lines never change after that.
     */
    itemsJson: text("items_json").notNull().default("[]"),
  },
  (t) => [
    uniqueIndex("sales_org_id").on(t.orgId, t.id),
    uniqueIndex("sales_org_invoice_number").on(t.orgId, t.invoiceNumber),
    uniqueIndex("sales_org_fy_seq").on(t.orgId, t.financialYear, t.invoiceSeq),
    // GET /sales: the IST window over sold_at, cancelled excluded, newest first.
    index("sales_active_sold_at").on(t.orgId, t.soldAt, t.id).where(sql`status <> 'cancelled'`),
    // GET /gst-summary: the sales cancelled since an instant (a month's cancellations, or those after it ended).
    index("sales_cancelled_at").on(t.orgId, t.cancelledAt).where(sql`status = 'cancelled'`),
    index("sales_org_customer").on(t.orgId, t.customerId),
    foreignKey({ columns: [t.orgId, t.customerId], foreignColumns: [customers.orgId, customers.id], name: "sales_customer_fk" }),
    check(
      "sales_amounts",
      sql`${t.gramsTotal} > 0 AND ${t.taxablePaise} >= 0 AND ${t.gstPaise} >= 0 AND ${t.totalPaise} = ${t.taxablePaise} + ${t.gstPaise}`,
    ),
  ],
);

export const saleItems = sqliteTable(
  "sale_items",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id),
    saleId: text("sale_id").notNull(),
    lotId: text("lot_id").notNull(),
    skuId: text("sku_id").notNull(),
    grams: integer("grams").notNull(),
    ratePaisePerKg: integer("rate_paise_per_kg").notNull(),
    amountPaise: integer("amount_paise").notNull(),
    gstRateBps: integer("gst_rate_bps").notNull(),
    gstPaise: integer("gst_paise").notNull(),
    cgstPaise: integer("cgst_paise"),
    sgstPaise: integer("sgst_paise"),
    igstPaise: integer("igst_paise"),
  },
  (t) => [
    index("sale_items_org_sale").on(t.orgId, t.saleId),
    index("sale_items_org_lot").on(t.orgId, t.lotId),
    foreignKey({ columns: [t.orgId, t.saleId], foreignColumns: [sales.orgId, sales.id], name: "sale_items_sale_fk" }),
    foreignKey({ columns: [t.orgId, t.lotId], foreignColumns: [lots.orgId, lots.id], name: "sale_items_lot_fk" }),
    foreignKey({ columns: [t.orgId, t.skuId], foreignColumns: [skus.orgId, skus.id], name: "sale_items_sku_fk" }),
    // The sale batch writes grams = 0 when its lot update changed no row, so this CHECK fails the batch.
    check("sale_items_grams", sql`${t.grams} > 0`),
    check("sale_items_rate", sql`${t.ratePaisePerKg} >= 0`),
  ],
);

/** Money received from a customer, optionally against one invoice. */
/**
 * A ledger entry is never edited or deleted: a mistake is voided, with who did it and why, and a voided entry
 * no longer counts anywhere (balances, settlement, exports). The void is also in the audit log.
 */
const voidColumns = () => ({
  voidedAt: integer("voided_at"),
  voidReason: text("void_reason"),
  voidedBy: text("voided_by"),
});

export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id),
    customerId: text("customer_id").notNull(),
    saleId: text("sale_id"),
    amountPaise: integer("amount_paise").notNull(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    reference: text("reference"),
    paidOn: text("paid_on").notNull(),
    createdAt: integer("created_at").notNull(),
    ...voidColumns(),
  },
  (t) => [
    uniqueIndex("payments_org_id").on(t.orgId, t.id),
    index("payments_org_customer").on(t.orgId, t.customerId),
    index("payments_org_sale").on(t.orgId, t.saleId),
    foreignKey({ columns: [t.orgId, t.customerId], foreignColumns: [customers.orgId, customers.id], name: "payments_customer_fk" }),
    foreignKey({ columns: [t.orgId, t.saleId], foreignColumns: [sales.orgId, sales.id], name: "payments_sale_fk" }),
    check("payments_amount", sql`${t.amountPaise} > 0`),
  ],
);

/** CGST s.34 credit note: reduces what a customer owes (returned or deficient goods, over-billing). */
export const creditNotes = sqliteTable(
  "credit_notes",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id),
    customerId: text("customer_id").notNull(),
    saleId: text("sale_id"),
    noteNumber: text("note_number").notNull(),
    amountPaise: integer("amount_paise").notNull(),
    reason: text("reason"),
    issuedOn: text("issued_on").notNull(),
    createdAt: integer("created_at").notNull(),
    ...voidColumns(),
    /**
     * The amount split in the proportions of what the invoice had left to credit (CGST s.34); null when the note
     * adjusts no GST: without an invoice or its split, or past the time limit of CGST s.34(2).
     */
    taxablePaise: integer("taxable_paise"),
    cgstPaise: integer("cgst_paise"),
    sgstPaise: integer("sgst_paise"),
    igstPaise: integer("igst_paise"),
    /**
     * The part held on the customer's account, like an advance: the whole note without an invoice, else what
     * exceeded the invoice's outstanding when it was issued (goods returned after payment).
     */
    onAccountPaise: integer("on_account_paise").notNull().default(0),
  },
  (t) => [
    uniqueIndex("credit_notes_org_id").on(t.orgId, t.id),
    uniqueIndex("credit_notes_org_number").on(t.orgId, t.noteNumber),
    index("credit_notes_org_customer").on(t.orgId, t.customerId),
    index("credit_notes_org_sale").on(t.orgId, t.saleId),
    foreignKey({ columns: [t.orgId, t.customerId], foreignColumns: [customers.orgId, customers.id], name: "credit_notes_customer_fk" }),
    foreignKey({ columns: [t.orgId, t.saleId], foreignColumns: [sales.orgId, sales.id], name: "credit_notes_sale_fk" }),
    check("credit_notes_amount", sql`${t.amountPaise} > 0`),
  ],
);

/**
 * Money on a customer's account (a payment or credit note against no invoice) applied to an invoice booked
 * later. An application stops counting when its invoice is cancelled or its source voided, and the money is on
 * the account again.
 */
export const advanceApplications = sqliteTable(
  "advance_applications",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id),
    customerId: text("customer_id").notNull(),
    saleId: text("sale_id").notNull(),
    sourceKind: text("source_kind", { enum: ["payment", "credit_note"] }).notNull(),
    sourceId: text("source_id").notNull(),
    amountPaise: integer("amount_paise").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("advance_applications_org_sale").on(t.orgId, t.saleId),
    index("advance_applications_org_source").on(t.orgId, t.sourceId),
    foreignKey({ columns: [t.orgId, t.saleId], foreignColumns: [sales.orgId, sales.id], name: "advance_applications_sale_fk" }),
    check("advance_applications_amount", sql`${t.amountPaise} > 0`),
  ],
);

/** The goods a credit note takes back (a sales return): per lot of the invoice, the kg and their value and tax. */
export const creditNoteItems = sqliteTable(
  "credit_note_items",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id),
    creditNoteId: text("credit_note_id").notNull(),
    saleId: text("sale_id").notNull(),
    lotId: text("lot_id").notNull(),
    grams: integer("grams").notNull(),
    /** Taxable value of the kg returned, at the invoice line's rate. */
    amountPaise: integer("amount_paise").notNull(),
    /** The line's GST on those kg, credited with the value; reversed as GST only when the note carries a split. */
    gstPaise: integer("gst_paise").notNull(),
  },
  (t) => [
    index("credit_note_items_org_sale").on(t.orgId, t.saleId, t.lotId),
    foreignKey({ columns: [t.orgId, t.creditNoteId], foreignColumns: [creditNotes.orgId, creditNotes.id], name: "credit_note_items_note_fk" }),
    foreignKey({ columns: [t.orgId, t.lotId], foreignColumns: [lots.orgId, lots.id], name: "credit_note_items_lot_fk" }),
    // The return batch writes grams = 0 when its lot update changed no row, so this CHECK fails the batch.
    check("credit_note_items_grams", sql`${t.grams} > 0`),
  ],
);

export const expenses = sqliteTable(
  "expenses",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id),
    spentOn: text("spent_on").notNull(),
    category: text("category").notNull(),
    amountPaise: integer("amount_paise").notNull(),
    notes: text("notes"),
    createdBy: text("created_by").notNull(),
    createdAt: integer("created_at").notNull(),
    ...voidColumns(),
  },
  (t) => [
    uniqueIndex("expenses_org_id").on(t.orgId, t.id),
    // Export: newest first, later entries first within a date; every index ends with the rowid, so it serves both.
    index("expenses_org_spent_on").on(t.orgId, t.spentOn),
    check("expenses_amount", sql`${t.amountPaise} > 0`),
  ],
);

/** A mill's bill for yarn bought. */
export const millInvoices = sqliteTable(
  "mill_invoices",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id),
    supplierId: text("supplier_id").notNull(),
    invoiceNumber: text("invoice_number").notNull(),
    invoicedOn: text("invoiced_on").notNull(),
    amountPaise: integer("amount_paise").notNull(),
    notes: text("notes"),
    createdAt: integer("created_at").notNull(),
    ...voidColumns(),
  },
  (t) => [
    uniqueIndex("mill_invoices_org_id").on(t.orgId, t.id),
    // A voided invoice (keyed wrongly) gives up its number, so the corrected one is entered under it.
    uniqueIndex("mill_invoices_org_supplier_number").on(t.orgId, t.supplierId, t.invoiceNumber).where(sql`${t.voidedAt} IS NULL`),
    // Export: newest first by date, then by when written, later entries first within a millisecond (every index ends
    // with the rowid).
    index("mill_invoices_org_invoiced_on").on(t.orgId, t.invoicedOn, t.createdAt),
    // A mill's statement reads its invoices, voided ones included (the unique index above holds only the live ones).
    index("mill_invoices_org_supplier").on(t.orgId, t.supplierId),
    foreignKey({ columns: [t.orgId, t.supplierId], foreignColumns: [suppliers.orgId, suppliers.id], name: "mill_invoices_supplier_fk" }),
    check("mill_invoices_amount", sql`${t.amountPaise} > 0`),
  ],
);

export const millPayments = sqliteTable(
  "mill_payments",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id),
    supplierId: text("supplier_id").notNull(),
    millInvoiceId: text("mill_invoice_id"),
    paidOn: text("paid_on").notNull(),
    amountPaise: integer("amount_paise").notNull(),
    /** UTR for NEFT/RTGS, UPI reference or cheque number. */
    reference: text("reference"),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    createdAt: integer("created_at").notNull(),
    ...voidColumns(),
  },
  (t) => [
    uniqueIndex("mill_payments_org_id").on(t.orgId, t.id),
    // As mill_invoices_org_invoiced_on.
    index("mill_payments_org_paid_on").on(t.orgId, t.paidOn, t.createdAt),
    index("mill_payments_org_supplier").on(t.orgId, t.supplierId),
    foreignKey({ columns: [t.orgId, t.supplierId], foreignColumns: [suppliers.orgId, suppliers.id], name: "mill_payments_supplier_fk" }),
    foreignKey({ columns: [t.orgId, t.millInvoiceId], foreignColumns: [millInvoices.orgId, millInvoices.id], name: "mill_payments_invoice_fk" }),
    check("mill_payments_amount", sql`${t.amountPaise} > 0`),
  ],
);

/**
 * The day an organisation furnished its annual GST return (GSTR-9) for a financial year ("2024-25"): the earlier of
 * that day and 30 November after the year ends the credit notes that reduce the year's GST (CGST s.34(2)). A fact of
 * the books: written once, never edited.
 */
export const annualReturns = sqliteTable(
  "annual_returns",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id),
    financialYear: text("financial_year").notNull(),
    filedOn: text("filed_on").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.financialYear] })],
);

// Idempotency-Key records (src/platform/http/idempotency.ts), in this service's own database.
export { idempotencyKeys } from "../../platform/http/idempotency-store";
