import { createRoute } from "@hono/zod-openapi";
import type { InventoryApp } from "../hono";
import { scopedKey, KEY_ERRORS } from "../keys/api-key-auth";
import { bookmarkHeader, openReadSession } from "../http/read-session";
import { listSupplierPayables } from "./mill-queries";
import { errorResponses, nextOffset } from "../http/schemas";
import { SupplierPayablesPageSchema, SupplierPayablesQuery, supplierPayableView } from "./schemas";
import { BookmarkHeader, readHeaders } from "../http/wire-formats";

const route = createRoute({
  method: "get",
  path: "/api/v1/suppliers",
  tags: ["Suppliers"],
  summary: "Mills with what they invoiced, what was paid to them, and what is payable",
  description:
    "Mills in creation order, also those with no invoices yet (mills named on lots). `payable` is the mill invoices less the mill payments: the sums of that mill's rows in the mill-payments export; negative when the mill holds an advance.",
  ...scopedKey("suppliers:read"),
  request: { query: SupplierPayablesQuery, headers: BookmarkHeader },
  responses: {
    200: { description: "A page of mills", headers: readHeaders, content: { "application/json": { schema: SupplierPayablesPageSchema } } },
    ...errorResponses(...KEY_ERRORS, "bad_request"),
  },
});

export function registerListSupplierPayables(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const query = c.req.valid("query");
    const session = openReadSession(c.env.DB, c.req.valid("header")["x-d1-bookmark"]);
    const { rows, hasMore } = await listSupplierPayables(session, c.var.apiKey.state.ownerId, { limit: query.limit, offset: query.offset });
    return c.json(
      { data: rows.map(supplierPayableView), has_more: hasMore, next_offset: nextOffset(query.offset, rows.length, hasMore) },
      200,
      bookmarkHeader(session),
    );
  });
}
