import { createRoute } from "@hono/zod-openapi";
import type { InventoryApp } from "../hono";
import { scopedKey } from "../keys/api-key-auth";
import { csvNumber } from "../domain/csv";
import { formatPaise } from "../domain/money";
import { exceedsCap, millLedgerExportRows } from "./queries";
import { bookmarkHeader, openReadSession } from "../http/read-session";
import { BookmarkHeader } from "../http/wire-formats";
import { csvResponse, csvResponses, ExportQuery, mapRows } from "./csv-response";

export const MILL_PAYMENT_COLUMNS = ["supplier_name", "type", "date", "amount", "reference", "method"] as const;

const route = createRoute({
  method: "get",
  path: "/api/v1/export/mill-payments",
  tags: ["Exports"],
  summary: "Mill invoices and payments as CSV, one row each, newest first",
  description:
    "Columns: " +
    MILL_PAYMENT_COLUMNS.join(", ") +
    ". `type` is `invoice` (reference = the mill's invoice number, method empty) or `payment` (reference = UTR, UPI reference or cheque number). Newest date first; within a date, later written first, and rows written in the same millisecond list invoices before payments, each kind later entries first. Each source table capped at 10,000 rows.",
  ...scopedKey("exports:read"),
  request: { query: ExportQuery, headers: BookmarkHeader },
  responses: csvResponses("The mill-payments export"),
});

export function registerExportMillPayments(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const session = openReadSession(c.env.DB, c.req.valid("header")["x-d1-bookmark"]);
    const orgId = c.var.apiKey.state.ownerId;
    const [invoicesOver, paymentsOver] = await Promise.all([
      exceedsCap(session, "mill_invoices", orgId),
      exceedsCap(session, "mill_payments", orgId),
    ]);
    const rows = mapRows(millLedgerExportRows(session, orgId), (r) => [
      r.supplierName,
      r.type,
      r.date,
      csvNumber(formatPaise(r.amountPaise)),
      r.reference,
      r.method,
    ]);
    return csvResponse(c, "mill-payments", MILL_PAYMENT_COLUMNS, rows, {
      truncated: invoicesOver || paymentsOver,
      bom: c.req.valid("query").bom,
      headers: bookmarkHeader(session),
    });
  });
}
