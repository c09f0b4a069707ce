import { createRoute } from "@hono/zod-openapi";
import type { InventoryApp } from "../hono";
import { scopedKey, KEY_ERRORS } from "../keys/api-key-auth";
import { inventoryError } from "../http/errors";
import { bookmarkHeader, openReadSession } from "../http/read-session";
import { findSaleByInvoiceNumber } from "./queries";
import { errorResponses } from "../http/schemas";
import { InvoiceNumberQuery, SaleResponseSchema, saleView } from "./schemas";
import { BookmarkHeader, readHeaders } from "../http/wire-formats";

const route = createRoute({
  method: "get",
  path: "/api/v1/sales/by-invoice-number",
  tags: ["Sales"],
  summary: "One sale by its tax-invoice number, with its items",
  description:
    "Invoice numbers contain slashes, so the number goes in the query: `?invoice_number=INV/2627/000123` (URL-encoding the slashes is optional). Unknown numbers and other organisations' invoices are 404 `not_found`.",
  ...scopedKey("sales:read"),
  request: { query: InvoiceNumberQuery, headers: BookmarkHeader },
  responses: {
    200: { description: "The sale", headers: readHeaders, content: { "application/json": { schema: SaleResponseSchema } } },
    ...errorResponses(...KEY_ERRORS, "bad_request", "not_found"),
  },
});

export function registerFindSaleByInvoice(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const session = openReadSession(c.env.DB, c.req.valid("header")["x-d1-bookmark"]);
    const number = c.req.valid("query").invoice_number;
    const sale = await findSaleByInvoiceNumber(session, c.var.apiKey.state.ownerId, number);
    if (!sale) throw inventoryError("not_found", `No sale with invoice number ${number}`);
    return c.json({ data: saleView(sale) }, 200, bookmarkHeader(session));
  });
}
