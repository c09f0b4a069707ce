import { createRoute } from "@hono/zod-openapi";
import type { InventoryApp } from "../hono";
import { scopedKey } from "../keys/api-key-auth";
import { csvNumber } from "../domain/csv";
import { formatPaise } from "../domain/money";
import { customerExportRows, exceedsCap } from "./queries";
import { bookmarkHeader, openReadSession } from "../http/read-session";
import { BookmarkHeader } from "../http/wire-formats";
import { csvResponse, csvResponses, ExportQuery, mapRows } from "./csv-response";

/** The seed's header row, in order. */
export const CUSTOMER_COLUMNS = ["id", "name", "contact", "gstin", "address", "credit_limit", "total_billed", "total_paid", "outstanding"] as const;

const route = createRoute({
  method: "get",
  path: "/api/v1/export/customers",
  tags: ["Exports"],
  summary: "Customers as CSV with billed, paid and outstanding totals",
  description:
    "Columns: " +
    CUSTOMER_COLUMNS.join(", ") +
    ". `total_billed` sums the customer's sales that are not cancelled (GST included); `total_paid` their payments; `outstanding` = total_billed − total_paid − credit notes, and may be negative (an advance). Amounts are plain decimals in rupees. Customers in creation order, at most 10,000.",
  ...scopedKey("exports:read"),
  request: { query: ExportQuery, headers: BookmarkHeader },
  responses: csvResponses("The customers export"),
});

export function registerExportCustomers(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const session = openReadSession(c.env.DB, c.req.valid("header")["x-d1-bookmark"]);
    const orgId = c.var.apiKey.state.ownerId;
    const truncated = await exceedsCap(session, "customers", orgId);
    const rows = mapRows(customerExportRows(session, orgId), (r) => [
      r.id,
      r.name,
      r.contact,
      r.gstin,
      r.address,
      csvNumber(formatPaise(r.creditLimitPaise)),
      csvNumber(formatPaise(r.billedPaise)),
      csvNumber(formatPaise(r.paidPaise)),
      csvNumber(formatPaise(r.billedPaise - r.paidPaise - r.creditedPaise)),
    ]);
    return csvResponse(c, "customers", CUSTOMER_COLUMNS, rows, {
      truncated,
      bom: c.req.valid("query").bom,
      headers: bookmarkHeader(session),
    });
  });
}
