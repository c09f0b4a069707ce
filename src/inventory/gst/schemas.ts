// Request and response schemas of the month's GST summary (GET /api/v1/gst-summary).
import { z } from "@hono/zod-openapi";
import { parseMonth } from "../domain/gst-month";
import type { DocumentTotals, GstSummary, HsnRow, RateRow, TaxColumns } from "../domain/gst-summary";
import { formatGrams, formatPaise } from "../domain/money";
import { KgText, Money } from "../http/wire-formats";

export const GstSummaryQuery = z
  .object({
    month: z
      .string()
      .superRefine((value, ctx) => {
        const parsed = parseMonth(value);
        if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.error });
      })
      .optional()
      .openapi({
        description: "The IST calendar month, YYYY-MM; default the current month in India. A later month, or one before July 2017, is 400",
        example: "2026-10",
      }),
  })
  .strict();

const taxColumns = {
  taxable_amount: Money.openapi({ description: "Taxable value" }),
  cgst_amount: Money,
  sgst_amount: Money,
  igst_amount: Money,
};

const Rate = z.number().nullable().openapi({
  description: "GST rate in percent (IGST, or CGST + SGST together); null for credit notes against lines of several rates",
  example: 5,
});

const DocumentTotalsSchema = z.object({ count: z.number().int().openapi({ description: "Documents" }), ...taxColumns }).openapi("GstDocumentTotals");
const RateRowSchema = z.object({ gst_rate_percent: Rate, ...taxColumns }).openapi("GstRateRow");
const HsnRowSchema = z
  .object({
    hsn: z.string().nullable().openapi({ description: "HSN code; null for credit notes against lines of several codes", example: "52052310" }),
    gst_rate_percent: Rate,
    kg: KgText.openapi({ description: "Kilograms invoiced; for credit notes, kilograms returned" }),
    ...taxColumns,
  })
  .openapi("GstHsnRow");

export const GstSummarySchema = z
  .object({
    month: z.string().openapi({ description: "The IST calendar month summed, YYYY-MM", example: "2026-10" }),
    seller_gstin: z.string().nullable().openapi({ description: "The organisation's GSTIN", example: "33ABGFS4821K1Z3" }),
    invoices: DocumentTotalsSchema.extend({
      by_rate: z.array(RateRowSchema).openapi({ description: "From the invoice lines, per rate" }),
      b2b: DocumentTotalsSchema.openapi({ description: "Invoices to buyers with a GSTIN" }),
      b2c: DocumentTotalsSchema.openapi({ description: "Invoices to buyers without a GSTIN" }),
      hsn: z.array(HsnRowSchema).openapi({ description: "From the invoice lines, per HSN code and rate" }),
      without_gst_split: z
        .object({ count: z.number().int(), taxable_amount: Money, gst_amount: Money })
        .openapi({ description: "Invoices booked before the CGST/SGST/IGST split was recorded: their GST total only, in no other figure" }),
    }).openapi({ description: "Sales of the month (by sale date, IST), cancelled sales excluded" }),
    credit_notes: DocumentTotalsSchema.extend({
      by_rate: z.array(RateRowSchema),
      b2b: DocumentTotalsSchema,
      b2c: DocumentTotalsSchema,
      hsn: z.array(HsnRowSchema),
      without_gst_split: z.object({ count: z.number().int(), amount: Money }).openapi({
        description:
          "Credit notes that adjust no GST (past the CGST s.34(2) time limit, or against no invoice) or whose invoice has no split: their amount only, in no other figure",
      }),
    }).openapi({
      description:
        "Credit notes and sales returns dated in the month that adjust GST (carry a split), voided ones and those of cancelled invoices excluded",
    }),
    net: z
      .object({ ...taxColumns, by_rate: z.array(RateRowSchema) })
      .openapi({ description: "Invoices less credit notes that adjust GST, in total and per rate; negative when the notes are more" }),
  })
  .openapi("GstSummary");

export const GstSummaryResponseSchema = z.object({ data: GstSummarySchema }).openapi("GstSummaryResponse");

const columns = (c: TaxColumns) => ({
  taxable_amount: formatPaise(c.taxablePaise),
  cgst_amount: formatPaise(c.cgstPaise),
  sgst_amount: formatPaise(c.sgstPaise),
  igst_amount: formatPaise(c.igstPaise),
});
const rate = (bps: number | null) => (bps === null ? null : bps / 100);
const totals = (t: DocumentTotals) => ({ count: t.count, ...columns(t) });
const rateRow = (r: RateRow) => ({ gst_rate_percent: rate(r.gstRateBps), ...columns(r) });
const hsnRow = (r: HsnRow) => ({ hsn: r.hsn, gst_rate_percent: rate(r.gstRateBps), kg: formatGrams(r.grams), ...columns(r) });

export function gstSummaryView(month: string, sellerGstin: string | null, summary: GstSummary): z.infer<typeof GstSummarySchema> {
  const { invoices, creditNotes, net } = summary;
  return {
    month,
    seller_gstin: sellerGstin,
    invoices: {
      ...totals(invoices),
      by_rate: invoices.byRate.map(rateRow),
      b2b: totals(invoices.b2b),
      b2c: totals(invoices.b2c),
      hsn: invoices.hsn.map(hsnRow),
      without_gst_split: {
        count: invoices.withoutSplit.count,
        taxable_amount: formatPaise(invoices.withoutSplit.taxablePaise),
        gst_amount: formatPaise(invoices.withoutSplit.gstPaise),
      },
    },
    credit_notes: {
      ...totals(creditNotes),
      by_rate: creditNotes.byRate.map(rateRow),
      b2b: totals(creditNotes.b2b),
      b2c: totals(creditNotes.b2c),
      hsn: creditNotes.hsn.map(hsnRow),
      without_gst_split: { count: creditNotes.withoutSplit.count, amount: formatPaise(creditNotes.withoutSplit.amountPaise) },
    },
    net: { ...columns(net), by_rate: net.byRate.map(rateRow) },
  };
}
