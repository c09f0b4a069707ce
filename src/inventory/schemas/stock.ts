// Request and response schemas of stock, sales, ledgers and exports: the back-office writes and the read
// API. Amounts come in as decimal strings or numbers and are parsed exactly to paise and grams; responses
// print them back as decimal strings ("1250.00" rupees, "12.500" kg), so no client sees a float drift.
import { z } from "@hono/zod-openapi";
import { validateGstin } from "../domain/gstin";
import { istDateOf, parseIsoDate } from "../domain/ist";
import { formatGrams, formatPaise, parseKg, parseRupees } from "../domain/money";
import { PAYMENT_METHODS, YARN_TYPE_VALUES } from "../db/schema";
import type { CreditNoteRow, CustomerRow, ExpenseRow, MillInvoiceRow, MillPaymentRow, PaymentRow } from "../db/ledger";
import type { SaleWithItems } from "../db/sales";
import type { LotRow } from "../db/stock";
import { iso, isoOrNull, IsoTime, pageOf, PageQuery } from "./common";

// ---- inputs ----

const decimalInput = (example: string) =>
  z.union([z.string().max(32), z.number()]).openapi({ description: "Decimal string or JSON number", example });

/** Rupees → paise; `positive` refuses zero and negatives. */
export const Rupees = (options: { positive: boolean }) =>
  decimalInput("1250.50").transform((value, ctx) => {
    const parsed = parseRupees(value);
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }
    if (parsed.paise < 0 || (options.positive && parsed.paise === 0)) {
      ctx.addIssue({ code: "custom", message: options.positive ? "must be > 0" : "must be >= 0" });
      return z.NEVER;
    }
    return parsed.paise;
  });

/** Kilograms → grams, > 0, at most 3 decimals. */
export const Kg = decimalInput("250.5").transform((value, ctx) => {
  const parsed = parseKg(value);
  if (!parsed.ok) {
    ctx.addIssue({ code: "custom", message: parsed.error });
    return z.NEVER;
  }
  if (parsed.grams <= 0) {
    ctx.addIssue({ code: "custom", message: "must be > 0" });
    return z.NEVER;
  }
  return parsed.grams;
});

export const IstDate = z
  .string()
  .superRefine((value, ctx) => {
    const parsed = parseIsoDate(value);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.error });
  })
  .openapi({ format: "date", description: "Calendar date in India (IST), YYYY-MM-DD", example: "2026-11-21" });

export const Gstin = z
  .string()
  .max(32)
  .transform((value, ctx) => {
    const result = validateGstin(value);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    }
    return result.gstin;
  })
  .openapi({ description: "15-character GSTIN, validated with its mod-36 check character; stored upper case", example: "33AAECG4315R1ZE" });

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((value) => (value === undefined || value === null || value.trim() === "" ? null : value));

export const YarnTypeSchema = z.enum(YARN_TYPE_VALUES).openapi({ description: "Fibre and process of the yarn" });
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS).openapi({ description: "How the money moved; reference holds the UTR, UPI reference or cheque number" });
const IdSchema = z.string().min(1).max(64);

export const OrgIdParam = z.object({ id: IdSchema.openapi({ param: { name: "id", in: "path" }, example: "org_01jd3k9x2m4n5p6q7r8s9t0v1w" }) });
export const SaleIdParam = z.object({ id: IdSchema.openapi({ param: { name: "id", in: "path" }, example: "sale_01jd3k9x2m4n5p6q7r8s9t0v1w" }) });

export const CreateCustomerSchema = z
  .object({
    name: text(200),
    contact: optionalText(200),
    gstin: Gstin.nullish().transform((v) => v ?? null),
    address: optionalText(500),
    credit_limit: Rupees({ positive: false }).optional().openapi({ description: "Rupees; default 0" }),
  })
  .strict();

export const CreateLotSchema = z
  .object({
    lot_number: text(64).openapi({ description: "The mill's lot number printed on the bags", example: "TPR-2611-0457" }),
    sku: z.string().regex(/^[A-Z0-9][A-Z0-9-]{1,47}$/, "must be upper-case letters, digits and dashes").openapi({ example: "CTN-CMB-30S1-RW" }),
    yarn_type: YarnTypeSchema,
    godown_code: z.string().regex(/^[A-Z0-9][A-Z0-9-]{0,31}$/, "must be upper-case letters, digits and dashes").openapi({ example: "TPR-1" }),
    kg: Kg,
    cost_per_kg: Rupees({ positive: false }).openapi({ description: "Purchase cost in rupees per kg, GST extra" }),
    received_at: z.iso.datetime({ offset: true }).optional().openapi({ description: "ISO-8601 instant; default now" }),
    supplier_name: optionalText(200).openapi({ description: "The mill; created on first use" }),
    // Only used when the SKU is new to the organisation; catalogue SKUs fill these themselves.
    sku_name: optionalText(200),
    composition: optionalText(200),
    count_ne: z.number().int().min(1).max(200).nullish(),
    ply: z.number().int().min(1).max(6).optional(),
    hsn: z.string().regex(/^\d{4}(\d{2}){0,2}$/, "must be 4, 6 or 8 digits").optional(),
    stock_low_threshold_kg: decimalInput("500").optional().transform((value, ctx) => {
      if (value === undefined) return undefined;
      const parsed = parseKg(value);
      if (!parsed.ok || parsed.grams < 0) {
        ctx.addIssue({ code: "custom", message: parsed.ok ? "must be >= 0" : parsed.error });
        return z.NEVER;
      }
      return parsed.grams;
    }),
  })
  .strict();

export const CreateSaleSchema = z
  .object({
    customer_id: IdSchema,
    sale_date: IstDate.optional().openapi({ description: "IST date of the invoice; default today (IST)" }),
    sold_at: z.iso.datetime({ offset: true }).optional().openapi({ description: "Instant of the sale; default now, or the start of sale_date if that is not today. Must fall on sale_date in IST" }),
    items: z
      .array(z.object({ lot_id: IdSchema, kg: Kg, rate_per_kg: Rupees({ positive: false }).openapi({ description: "Selling rate in rupees per kg, GST extra" }) }).strict())
      .min(1)
      .max(50)
      .superRefine((items, ctx) => {
        const seen = new Set<string>();
        items.forEach((item, index) => {
          if (seen.has(item.lot_id)) ctx.addIssue({ code: "custom", path: [index, "lot_id"], message: "lot appears twice; merge the lines" });
          seen.add(item.lot_id);
        });
      }),
  })
  .strict();

export const CreatePaymentSchema = z
  .object({
    customer_id: IdSchema,
    sale_id: IdSchema.optional(),
    amount: Rupees({ positive: true }),
    method: PaymentMethodSchema,
    reference: optionalText(100),
    date: IstDate.optional().openapi({ description: "IST date received; default today" }),
  })
  .strict();

export const CreateCreditNoteSchema = z
  .object({
    customer_id: IdSchema,
    sale_id: IdSchema.optional(),
    amount: Rupees({ positive: true }),
    reason: optionalText(500),
    date: IstDate.optional(),
  })
  .strict();

export const CreateExpenseSchema = z
  .object({
    date: IstDate.optional(),
    category: text(100).openapi({ example: "Freight" }),
    amount: Rupees({ positive: true }),
    notes: optionalText(1000),
    created_by: optionalText(200).openapi({ description: "Default: the signed-in admin's email, or `operator`" }),
  })
  .strict();

export const CreateMillInvoiceSchema = z
  .object({
    supplier_name: text(200),
    invoice_number: text(64),
    date: IstDate.optional(),
    amount: Rupees({ positive: true }),
    notes: optionalText(1000),
  })
  .strict();

export const CreateMillPaymentSchema = z
  .object({
    supplier_name: text(200),
    mill_invoice_id: IdSchema.optional(),
    amount: Rupees({ positive: true }),
    method: PaymentMethodSchema,
    reference: optionalText(100),
    date: IstDate.optional(),
  })
  .strict();

// ---- outputs ----

const Money = z.string().openapi({ description: "Rupees, 2 decimals, GST as stated", example: "1250.00" });
const KgText = z.string().openapi({ description: "Kilograms, 3 decimals", example: "250.500" });

export const LotSchema = z
  .object({
    id: z.string(),
    lot_number: z.string().openapi({ description: "Mill lot number; shade and quality are uniform within a lot" }),
    sku: z.string().openapi({ example: "CTN-CMB-30S1-RW" }),
    sku_name: z.string().openapi({ example: "30s combed cotton, raw white" }),
    yarn_type: YarnTypeSchema,
    count_ne: z.number().int().nullable().openapi({ description: "English count (Ne); null for filament yarn" }),
    ply: z.number().int(),
    denier: z.number().int().nullable(),
    filaments: z.number().int().nullable(),
    blend: z.string().nullable().openapi({ example: "65/35" }),
    composition: z.string().openapi({ example: "100% cotton" }),
    shade: z.string().nullable(),
    hsn: z.string().openapi({ example: "52052310" }),
    gst_rate_percent: z.number().openapi({ example: 5 }),
    godown_code: z.string(),
    godown_name: z.string(),
    godown_city: z.string().nullable(),
    supplier_name: z.string().nullable().openapi({ description: "The mill" }),
    kg_received: KgText,
    kg_remaining: KgText,
    cost_per_kg: Money.openapi({ description: "Purchase cost, rupees per kg, GST extra" }),
    stock_value: Money.openapi({ description: "kg_remaining × cost_per_kg, rupees" }),
    received_at: IsoTime,
  })
  .openapi("Lot");

export function lotView(row: LotRow): z.infer<typeof LotSchema> {
  return {
    id: row.id,
    lot_number: row.lot_number,
    sku: row.sku,
    sku_name: row.sku_name,
    yarn_type: row.yarn_type as z.infer<typeof YarnTypeSchema>,
    count_ne: row.count_ne,
    ply: row.ply,
    denier: row.denier,
    filaments: row.filaments,
    blend: row.blend,
    composition: row.composition,
    shade: row.shade,
    hsn: row.hsn,
    gst_rate_percent: row.gst_rate_bps / 100,
    godown_code: row.godown_code,
    godown_name: row.godown_name,
    godown_city: row.godown_city,
    supplier_name: row.supplier_name,
    kg_received: formatGrams(row.grams_received),
    kg_remaining: formatGrams(row.grams_remaining),
    cost_per_kg: formatPaise(row.cost_paise_per_kg),
    stock_value: formatPaise(Math.round((row.grams_remaining * row.cost_paise_per_kg) / 1000)),
    received_at: iso(row.received_at),
  };
}

export const SaleItemSchema = z
  .object({
    lot_id: z.string(),
    lot_number: z.string(),
    sku: z.string(),
    yarn_type: YarnTypeSchema,
    hsn: z.string(),
    kg: KgText,
    rate_per_kg: Money.openapi({ description: "Rupees per kg, GST extra" }),
    amount: Money.openapi({ description: "Taxable value of the line" }),
    gst_rate_percent: z.number(),
    gst_amount: Money,
  })
  .openapi("SaleItem");

export const SaleSchema = z
  .object({
    id: z.string(),
    invoice_number: z.string().openapi({ description: "Consecutive per financial year, at most 16 characters", example: "INV/2627/000123" }),
    customer_id: z.string(),
    customer_name: z.string(),
    customer_gstin: z.string().nullable(),
    sale_date: z.string().openapi({ format: "date", description: "IST calendar date of the sale" }),
    sold_at: IsoTime,
    status: z.enum(["confirmed", "dispatched", "cancelled"]),
    dispatched_at: IsoTime.nullable(),
    paid_at: IsoTime.nullable().openapi({ description: "When payments and credit notes first covered the total" }),
    kg: KgText,
    taxable_amount: Money,
    gst_amount: Money,
    total_amount: Money.openapi({ description: "taxable_amount + gst_amount" }),
    items: z.array(SaleItemSchema),
  })
  .openapi("Sale");

export function saleView(row: SaleWithItems): z.infer<typeof SaleSchema> {
  return {
    id: row.id,
    invoice_number: row.invoice_number,
    customer_id: row.customer_id,
    customer_name: row.customer_name,
    customer_gstin: row.customer_gstin,
    sale_date: row.sale_date,
    sold_at: iso(row.sold_at),
    status: row.status,
    dispatched_at: isoOrNull(row.dispatched_at),
    paid_at: isoOrNull(row.paid_at),
    kg: formatGrams(row.grams_total),
    taxable_amount: formatPaise(row.taxable_paise),
    gst_amount: formatPaise(row.gst_paise),
    total_amount: formatPaise(row.total_paise),
    items: row.items.map((i) => ({
      lot_id: i.lot_id,
      lot_number: i.lot_number,
      sku: i.sku,
      yarn_type: i.yarn_type as z.infer<typeof YarnTypeSchema>,
      hsn: i.hsn,
      kg: formatGrams(i.grams),
      rate_per_kg: formatPaise(i.rate_paise_per_kg),
      amount: formatPaise(i.amount_paise),
      gst_rate_percent: i.gst_rate_bps / 100,
      gst_amount: formatPaise(i.gst_paise),
    })),
  };
}

export const CustomerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    contact: z.string().nullable(),
    gstin: z.string().nullable(),
    address: z.string().nullable(),
    credit_limit: Money,
    created_at: IsoTime,
  })
  .openapi("Customer");

export const customerView = (row: CustomerRow): z.infer<typeof CustomerSchema> => ({
  id: row.id,
  name: row.name,
  contact: row.contact,
  gstin: row.gstin,
  address: row.address,
  credit_limit: formatPaise(row.credit_limit_paise),
  created_at: iso(row.created_at),
});

export const PaymentSchema = z
  .object({
    id: z.string(),
    customer_id: z.string(),
    sale_id: z.string().nullable(),
    amount: Money,
    method: PaymentMethodSchema,
    reference: z.string().nullable(),
    date: z.string(),
    invoice_paid: z.boolean().openapi({ description: "true when this payment completed the sale's invoice (invoice.paid was emitted)" }),
    created_at: IsoTime,
  })
  .openapi("Payment");

export const paymentView = (row: PaymentRow & { invoice_paid: boolean }): z.infer<typeof PaymentSchema> => ({
  id: row.id,
  customer_id: row.customer_id,
  sale_id: row.sale_id,
  amount: formatPaise(row.amount_paise),
  method: row.method as z.infer<typeof PaymentMethodSchema>,
  reference: row.reference,
  date: row.paid_on,
  invoice_paid: row.invoice_paid,
  created_at: iso(row.created_at),
});

export const CreditNoteSchema = z
  .object({
    id: z.string(),
    note_number: z.string().openapi({ example: "CN/2627/000004" }),
    customer_id: z.string(),
    sale_id: z.string().nullable(),
    amount: Money,
    reason: z.string().nullable(),
    date: z.string(),
    created_at: IsoTime,
  })
  .openapi("CreditNote");

export const creditNoteView = (row: CreditNoteRow): z.infer<typeof CreditNoteSchema> => ({
  id: row.id,
  note_number: row.note_number,
  customer_id: row.customer_id,
  sale_id: row.sale_id,
  amount: formatPaise(row.amount_paise),
  reason: row.reason,
  date: row.issued_on,
  created_at: iso(row.created_at),
});

export const ExpenseSchema = z
  .object({ id: z.string(), date: z.string(), category: z.string(), amount: Money, notes: z.string().nullable(), created_by: z.string(), created_at: IsoTime })
  .openapi("Expense");

export const expenseView = (row: ExpenseRow): z.infer<typeof ExpenseSchema> => ({
  id: row.id,
  date: row.spent_on,
  category: row.category,
  amount: formatPaise(row.amount_paise),
  notes: row.notes,
  created_by: row.created_by,
  created_at: iso(row.created_at),
});

export const MillInvoiceSchema = z
  .object({ id: z.string(), supplier_name: z.string(), invoice_number: z.string(), date: z.string(), amount: Money, notes: z.string().nullable(), created_at: IsoTime })
  .openapi("MillInvoice");

export const millInvoiceView = (row: MillInvoiceRow): z.infer<typeof MillInvoiceSchema> => ({
  id: row.id,
  supplier_name: row.supplier_name,
  invoice_number: row.invoice_number,
  date: row.invoiced_on,
  amount: formatPaise(row.amount_paise),
  notes: row.notes,
  created_at: iso(row.created_at),
});

export const MillPaymentSchema = z
  .object({
    id: z.string(),
    supplier_name: z.string(),
    mill_invoice_id: z.string().nullable(),
    date: z.string(),
    amount: Money,
    reference: z.string().nullable(),
    method: PaymentMethodSchema,
    created_at: IsoTime,
  })
  .openapi("MillPayment");

export const millPaymentView = (row: MillPaymentRow): z.infer<typeof MillPaymentSchema> => ({
  id: row.id,
  supplier_name: row.supplier_name,
  mill_invoice_id: row.mill_invoice_id,
  date: row.paid_on,
  amount: formatPaise(row.amount_paise),
  reference: row.reference,
  method: row.method as z.infer<typeof PaymentMethodSchema>,
  created_at: iso(row.created_at),
});

// ---- read API ----

export const BookmarkHeader = z.object({
  "x-d1-bookmark": z
    .string()
    .optional()
    .openapi({
      param: { name: "x-d1-bookmark", in: "header" },
      description: "The X-D1-Bookmark of a previous response: this read then sees data at least that new. An empty value is the same as no header.",
      example: "0000007b-0000b26e-00001538-0c3e87bb37b3db5cc52eedb93cd3b96b",
    }),
});

export const InventoryQuerySchema = PageQuery.extend({
  godown_code: z.string().min(1).max(32).optional().openapi({ description: "Only lots in this godown" }),
  yarn_type: YarnTypeSchema.optional().openapi({ description: "Only SKUs of this type" }),
}).strict();

export const SalesQuerySchema = PageQuery.extend({
  from: IstDate.optional().openapi({ description: "First IST calendar day, inclusive; default 30 days before today (IST)" }),
  to: IstDate.optional().openapi({ description: "Last IST calendar day, inclusive; default today (IST)" }),
}).strict();

export const InventoryPageSchema = pageOf(LotSchema).openapi("InventoryPage");
export const SalesPageSchema = pageOf(SaleSchema).openapi("SalesPage");

/** The response headers every read documents. */
export const readHeaders = {
  "X-D1-Bookmark": { description: "Send it back as the X-D1-Bookmark request header to read data at least this new", schema: { type: "string" as const } },
  "X-RateLimit-Limit": { description: "Requests per minute for this key", schema: { type: "integer" as const } },
  "X-RateLimit-Remaining": { description: "Requests left this minute", schema: { type: "integer" as const } },
  "X-RateLimit-Reset": { description: "Unix seconds when the minute window resets", schema: { type: "integer" as const } },
};

export { istDateOf };
