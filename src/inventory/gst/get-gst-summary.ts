import { createRoute } from "@hono/zod-openapi";
import type { InventoryApp } from "../hono";
import { scopedKey, KEY_ERRORS } from "../keys/api-key-auth";
import { gstMonth } from "../domain/gst-month";
import { gstSummary, REVERSED_DOCUMENTS_CAP } from "../domain/gst-summary";
import { inventoryError } from "../http/errors";
import { bookmarkHeader, openReadSession } from "../http/read-session";
import { errorResponses } from "../http/schemas";
import { BookmarkHeader, readHeaders } from "../http/wire-formats";
import { gstMonthSums } from "./queries";
import { GstSummaryQuery, GstSummaryResponseSchema, gstSummaryView } from "./schemas";

const route = createRoute({
  method: "get",
  path: "/api/v1/gst-summary",
  tags: ["Sales"],
  summary: "The month's outward GST from the books, for GSTR-1 and GSTR-3B: invoices, credit notes and the net, by rate, buyer and HSN",
  description:
    "Sums the stored figures of the month's invoices and credit notes to the paisa; nothing is recomputed from a rate. " +
    "A month's figures never change once it has ended: a cancellation or a void made in a later IST month counts in that month, under `reversals`. " +
    "`invoices`: the sales of the IST calendar month (a sale at 23:59 IST on its last day is in, one at 00:00 IST on the next month's first day is not), " +
    "those cancelled within the month excluded (those cancelled later stay in); split by rate and by HSN code from their lines, " +
    "and into `b2b` (buyer with a GSTIN) and `b2c` (without). " +
    "`credit_notes`: credit notes and sales returns that adjust GST (carry a CGST/SGST/IGST split), each in the IST month of the later of its date and the day it was recorded, " +
    "those voided within that month (or with their invoice's cancellation in it) excluded; each is put at the rate and HSN code of the invoice lines it reduces " +
    "(a return's own lines, else all its invoice's), or at null when those lines have several. Notes without a split (past the CGST s.34(2) time limit, " +
    "or against no invoice) are counted apart, by amount only. " +
    "`reversals`: invoices of earlier months cancelled in this one and notes of earlier months voided in it, in the same columns with their figures as issued, " +
    "except invoices cancelled after GST's time limit for correcting them (30 November after their financial year, or its annual return if earlier): " +
    "their tax stands, so they are counted apart by amount (`invoices_past_time_limit`), " +
    `and each document with its \`original_month\` and \`reversed_on\` (at most the first ${REVERSED_DOCUMENTS_CAP}, \`documents_truncated\` true when there were more; the totals count them all). ` +
    "`net`: invoices less notes, less invoices reversed, plus notes reversed. Outward supplies only: no inward supplies or input tax credit, no reverse charge, no exports. " +
    "`month` malformed, after the current IST month or before July 2017, or an unknown query parameter: 400 `bad_request` naming it.",
  ...scopedKey("sales:read"),
  request: { query: GstSummaryQuery, headers: BookmarkHeader },
  responses: {
    200: { description: "The month's GST summary", headers: readHeaders, content: { "application/json": { schema: GstSummaryResponseSchema } } },
    ...errorResponses(...KEY_ERRORS, "bad_request"),
  },
});

export function registerGetGstSummary(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const month = gstMonth({ month: c.req.valid("query").month, nowMs: Date.now() });
    if (!month.ok) throw inventoryError("bad_request", `month: ${month.error}`);
    const session = openReadSession(c.env.DB, c.req.valid("header")["x-d1-bookmark"]);
    const sums = await gstMonthSums(session, c.var.apiKey.state.ownerId, month);
    const reversed = { documents: sums.reversedDocuments, truncated: sums.reversedDocumentsTruncated, cancelledLate: sums.cancelledLate };
    return c.json({ data: gstSummaryView(month.month, sums.sellerGstin, gstSummary(sums), reversed) }, 200, bookmarkHeader(session));
  });
}
