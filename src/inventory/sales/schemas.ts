// Request and response schemas of sales: booking, cancelling and dispatching one, and the sales read.
import { z } from "@hono/zod-openapi";
import { amountPaise, formatGrams, formatPaise, formatPaiseOrNull } from "../domain/money";
import { BOUNDS, checkBound } from "../domain/write-bounds";
import { iso, isoOrNull, IsoTime, KeysetPageQuery, keysetPageOf, oneStartingPoint } from "../http/schemas";
import { IdSchema, IstDate, Kg, KgText, Money, Rupees, YarnTypeSchema } from "../http/wire-formats";
import type { SaleWithItems } from "./queries";

export const SaleIdParam = z.object({ id: IdSchema.openapi({ param: { name: "id", in: "path" }, example: "sale_01jd3k9x2m4n5p6q7r8s9t0v1w" }) });

/** Lines name each lot once: a lot listed twice is refused, naming the second line. */
export function eachLotOnce(items: ReadonlyArray<{ lot_id: string }>, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.lot_id)) ctx.addIssue({ code: "custom", path: [index, "lot_id"], message: "lot appears twice; merge the lines" });
    seen.add(item.lot_id);
  });
}

export const CreateSaleSchema = z
  .object({
    customer_id: IdSchema,
    sale_date: IstDate.optional().openapi({ description: "IST date of the invoice; default today (IST)" }),
    sold_at: z.iso.datetime({ offset: true }).optional().openapi({
      description:
        "Instant of the sale; default now, or the start of sale_date if that is not today. Must fall on sale_date in IST, and not in the future (up to five minutes ahead of the service's clock is taken as clock drift; the date never)",
    }),
    items: z
      .array(
        z
          .object({
            lot_id: IdSchema,
            kg: Kg,
            rate_per_kg: Rupees("ratePaisePerKg").openapi({
              description: `Selling rate in rupees per kg, GST extra: more than 0 (yarn given away free is no sale and takes no invoice number) and at most ${formatPaise(BOUNDS.ratePaisePerKg.max)}; the line (kg × rate, to the paisa) must come to at least 0.01`,
            }),
          })
          .strict()
          .superRefine((line, ctx) => {
            // A line that rounds to nothing is yarn given away: it would print a ₹0.00 line, or a ₹0.00
            // invoice. Judged only on a valid kg and rate (each refusal of its own comes first).
            if (
              checkBound("kg", "gramsPerEntry", line.kg).ok &&
              checkBound("rate_per_kg", "ratePaisePerKg", line.rate_per_kg).ok &&
              amountPaise(line.kg, line.rate_per_kg) === 0
            ) {
              ctx.addIssue({
                code: "custom",
                message: `${formatGrams(line.kg)} kg at ${formatPaise(line.rate_per_kg)} a kg comes to 0.00; yarn given away free is no sale`,
              });
            }
          }),
      )
      .min(1)
      .max(50)
      .superRefine(eachLotOnce),
  })
  .strict();

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
    cgst_amount: Money.nullable().openapi({ description: "Half the rate, intra-state; null on sales booked before the split was recorded" }),
    sgst_amount: Money.nullable(),
    igst_amount: Money.nullable().openapi({ description: "The full rate, inter-state" }),
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
    seller_gstin: z.string().nullable().openapi({ description: "The organisation's GSTIN as printed on the invoice" }),
    seller_state: z.string().nullable().openapi({ description: "GST state code the goods were supplied from" }),
    place_of_supply: z.string().nullable().openapi({
      description: "GST state code supplied to: the customer's GSTIN state, else its address state, else the seller's (goods collected)",
    }),
    cgst_amount: Money.nullable().openapi({
      description:
        "gst_amount = cgst + sgst (seller_state = place_of_supply) or igst (otherwise); null on sales booked before the split was recorded",
    }),
    sgst_amount: Money.nullable(),
    igst_amount: Money.nullable(),
    items: z.array(SaleItemSchema).openapi({ description: "The invoice's lines, in the order they were written when the sale was booked" }),
  })
  .openapi("Sale");

export function saleView(row: SaleWithItems): z.infer<typeof SaleSchema> {
  return {
    id: row.id,
    invoice_number: row.invoiceNumber,
    customer_id: row.customerId,
    customer_name: row.customerName,
    customer_gstin: row.customerGstin,
    sale_date: row.saleDate,
    sold_at: iso(row.soldAt),
    status: row.status,
    dispatched_at: isoOrNull(row.dispatchedAt),
    paid_at: isoOrNull(row.paidAt),
    kg: formatGrams(row.gramsTotal),
    taxable_amount: formatPaise(row.taxablePaise),
    gst_amount: formatPaise(row.gstPaise),
    total_amount: formatPaise(row.totalPaise),
    seller_gstin: row.sellerGstin,
    seller_state: row.sellerStateCode,
    place_of_supply: row.placeOfSupply,
    cgst_amount: formatPaiseOrNull(row.cgstPaise),
    sgst_amount: formatPaiseOrNull(row.sgstPaise),
    igst_amount: formatPaiseOrNull(row.igstPaise),
    items: row.items.map((i) => ({
      lot_id: i.lotId,
      lot_number: i.lotNumber,
      sku: i.sku,
      yarn_type: i.yarnType,
      hsn: i.hsn,
      kg: formatGrams(i.grams),
      rate_per_kg: formatPaise(i.ratePaisePerKg),
      amount: formatPaise(i.amountPaise),
      gst_rate_percent: i.gstRateBps / 100,
      gst_amount: formatPaise(i.gstPaise),
      cgst_amount: formatPaiseOrNull(i.cgstPaise),
      sgst_amount: formatPaiseOrNull(i.sgstPaise),
      igst_amount: formatPaiseOrNull(i.igstPaise),
    })),
  };
}

export const SalesQuerySchema = KeysetPageQuery.extend({
  from: IstDate.optional().openapi({ description: "First IST calendar day, inclusive; default 30 days before today (IST)" }),
  to: IstDate.optional().openapi({ description: "Last IST calendar day, inclusive; default today (IST)" }),
})
  .strict()
  .superRefine(oneStartingPoint);

export const SalesPageSchema = keysetPageOf(SaleSchema).openapi("SalesPage");

export const InvoiceNumberQuery = z
  .object({
    invoice_number: z
      .string()
      .regex(/^INV\/\d{4}\/\d{6}$/, "must look like INV/2526/000123")
      .openapi({ description: "The tax-invoice number printed on the invoice", example: "INV/2627/000123" }),
  })
  .strict();

export const SaleResponseSchema = z.object({ data: SaleSchema }).openapi("SaleResponse");
