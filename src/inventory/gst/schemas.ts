// Request and response schemas of the month's GST summary (GET /api/v1/gst-summary).
import { z } from "@hono/zod-openapi";
import { parseMonth } from "../domain/gst-month";
import {
  type CreditNotesBlock,
  type DocumentTotals,
  type GstSummary,
  type HsnRow,
  type InvoicesBlock,
  type RateRow,
  REVERSED_DOCUMENTS_CAP,
  type TaxColumns,
} from "../domain/gst-summary";
import { formatGrams, formatPaise } from "../domain/money";
import { KgText, Money } from "../http/wire-formats";
import { GST_CORRECTION_LIMIT_DESCRIPTION } from "../annual-returns/schemas";
import type { ReversedDocument } from "./queries";

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

const InvoicesSchema = DocumentTotalsSchema.extend({
  by_rate: z.array(RateRowSchema).openapi({ description: "From the invoice lines, per rate" }),
  b2b: DocumentTotalsSchema.openapi({ description: "Invoices to buyers with a GSTIN" }),
  b2c: DocumentTotalsSchema.openapi({ description: "Invoices to buyers without a GSTIN" }),
  hsn: z.array(HsnRowSchema).openapi({ description: "From the invoice lines, per HSN code and rate" }),
  without_gst_split: z
    .object({ count: z.number().int(), taxable_amount: Money, gst_amount: Money })
    .openapi({ description: "Invoices booked before the CGST/SGST/IGST split was recorded: their GST total only, in no other figure" }),
});

const CreditNotesSchema = DocumentTotalsSchema.extend({
  by_rate: z.array(RateRowSchema),
  b2b: DocumentTotalsSchema,
  b2c: DocumentTotalsSchema,
  hsn: z.array(HsnRowSchema),
  without_gst_split: z.object({ count: z.number().int(), amount: Money }).openapi({
    description:
      "Credit notes that adjust no GST (past the CGST s.34(2) time limit, or against no invoice) or whose invoice has no split, and under `reversals` those voided with their invoice's cancellation after GST's time limit: their amount only, in no other figure",
  }),
});

const ReversedDocumentSchema = z
  .object({
    kind: z.enum(["invoice", "credit_note"]).openapi({ description: "An invoice cancelled, or a credit note (or sales return) voided" }),
    id: z.string(),
    number: z.string().openapi({ description: "Invoice or credit-note number", example: "INV/2627/000041" }),
    date: z.string().openapi({ description: "The document's own date (IST)", example: "2026-10-30" }),
    original_month: z.string().openapi({ description: "The month whose summary counted it, YYYY-MM", example: "2026-10" }),
    reversed_on: z.string().openapi({ description: "The IST day it was cancelled or voided, in this month", example: "2026-11-15" }),
    buyer_gstin: z.string().nullable().openapi({ description: "The buyer's GSTIN; null for a buyer without one (B2C)" }),
    amount: Money.openapi({ description: "Its amount, tax included" }),
    taxable_amount: Money.nullable().openapi({
      description:
        "As issued; null for a credit note that adjusted no GST, and for an invoice cancelled after GST's time limit and the notes voided with it",
    }),
    cgst_amount: Money.nullable().openapi({ description: "As issued; null when it has no CGST/SGST/IGST split" }),
    sgst_amount: Money.nullable(),
    igst_amount: Money.nullable(),
    adjusts_gst: z.boolean().openapi({
      description:
        "Whether reversing it adjusts GST: false for a credit note that adjusted none, and for an invoice cancelled after GST's time limit for correcting it and the notes voided with it (their tax stands as filed)",
    }),
  })
  .openapi("GstReversedDocument");

export const GstSummarySchema = z
  .object({
    month: z.string().openapi({ description: "The IST calendar month summed, YYYY-MM", example: "2026-10" }),
    seller_gstin: z.string().nullable().openapi({ description: "The organisation's GSTIN", example: "33ABGFS4821K1Z3" }),
    invoices: InvoicesSchema.openapi({
      description:
        "Sales of the month (by sale date, IST), those cancelled within the month excluded; one cancelled in a later month stays here and is a reversal of that month",
    }),
    credit_notes: CreditNotesSchema.openapi({
      description:
        "Credit notes and sales returns that adjust GST (carry a split), counted in the month of the later of their date and the IST day they were recorded; those voided within that month excluded, one voided in a later month stays here and is a reversal of that month",
    }),
    reversals: z
      .object({
        invoices: InvoicesSchema.openapi({
          description: "Invoices of earlier months cancelled in this month within GST's time limit for correcting them, their figures as issued",
        }),
        invoices_past_time_limit: z
          .object({ count: z.number().int(), amount: Money.openapi({ description: "Their amounts, tax included" }) })
          .openapi({
            description: `Invoices of earlier months cancelled in this month after ${GST_CORRECTION_LIMIT_DESCRIPTION}: cancelled in the books only. No return can correct them any more (CGST s.37(3) and s.34(2)), so their tax stands as issued and is in no other figure here or in \`net\`; so do the credit notes voided with them, counted in \`credit_notes.without_gst_split\``,
          }),
        credit_notes: CreditNotesSchema.openapi({
          description: "Credit notes of earlier months voided in this month (on their own or with their invoice), their figures as issued",
        }),
        documents: z.array(ReversedDocumentSchema).openapi({
          description: `Each of them, by the day it was reversed, invoices first, then notes, each kind by number; at most the first ${REVERSED_DOCUMENTS_CAP}`,
        }),
        documents_truncated: z.boolean().openapi({
          description: `true when more than ${REVERSED_DOCUMENTS_CAP} documents were reversed in the month and only the first ${REVERSED_DOCUMENTS_CAP} are listed; the totals above count them all`,
        }),
      })
      .openapi({
        description:
          "Documents counted in an earlier month's summary and cancelled or voided in this one. The earlier month's figures never change; the reversal counts here, in the month it was made",
      }),
    net: z.object({ ...taxColumns, by_rate: z.array(RateRowSchema) }).openapi({
      description:
        "Invoices less credit notes, less invoices reversed, plus credit notes reversed, in total and per rate; negative when the deductions are more",
    }),
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

const invoicesView = (invoices: InvoicesBlock): z.infer<typeof InvoicesSchema> => ({
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
});

const creditNotesView = (notes: CreditNotesBlock): z.infer<typeof CreditNotesSchema> => ({
  ...totals(notes),
  by_rate: notes.byRate.map(rateRow),
  b2b: totals(notes.b2b),
  b2c: totals(notes.b2c),
  hsn: notes.hsn.map(hsnRow),
  without_gst_split: { count: notes.withoutSplit.count, amount: formatPaise(notes.withoutSplit.amountPaise) },
});

const orNull = (paise: number | null) => (paise === null ? null : formatPaise(paise));
const documentView = (d: ReversedDocument): z.infer<typeof ReversedDocumentSchema> => ({
  kind: d.kind,
  id: d.id,
  number: d.number,
  date: d.documentDate,
  original_month: d.originalMonth,
  reversed_on: d.reversedOn,
  buyer_gstin: d.buyerGstin,
  amount: formatPaise(d.amountPaise),
  taxable_amount: orNull(d.taxablePaise),
  cgst_amount: orNull(d.cgstPaise),
  sgst_amount: orNull(d.sgstPaise),
  igst_amount: orNull(d.igstPaise),
  adjusts_gst: d.adjustsGst,
});

export function gstSummaryView(
  month: string,
  sellerGstin: string | null,
  summary: GstSummary,
  reversed: { documents: readonly ReversedDocument[]; truncated: boolean; cancelledLate: { count: number; amountPaise: number } },
): z.infer<typeof GstSummarySchema> {
  const { cancelledLate } = reversed;
  const { invoices, creditNotes, reversals, net } = summary;
  return {
    month,
    seller_gstin: sellerGstin,
    invoices: invoicesView(invoices),
    credit_notes: creditNotesView(creditNotes),
    reversals: {
      invoices: invoicesView(reversals.invoices),
      invoices_past_time_limit: { count: cancelledLate.count, amount: formatPaise(cancelledLate.amountPaise) },
      credit_notes: creditNotesView(reversals.creditNotes),
      documents: reversed.documents.map(documentView),
      documents_truncated: reversed.truncated,
    },
    net: { ...columns(net), by_rate: net.byRate.map(rateRow) },
  };
}
