import { createRoute } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import type { InventoryApp } from "../hono";
import { scopedKey, KEY_ERRORS } from "../keys/api-key-auth";
import { inventoryError } from "../http/errors";
import { bookmarkHeader, openReadSession } from "../http/read-session";
import { findSale } from "./queries";
import { errorResponses } from "../http/schemas";
import { SaleIdParam, SaleResponseSchema, saleView } from "./schemas";
import { BookmarkHeader, readHeaders } from "../http/wire-formats";

const route = createRoute({
  method: "get",
  path: "/api/v1/sales/{id}",
  tags: ["Sales"],
  summary: "One sale by its id, with its items; cancelled sales too (status says so)",
  description: "A sale of another organisation is 404 `not_found`, as is one that does not exist.",
  ...scopedKey("sales:read"),
  request: { params: SaleIdParam, query: NoQueryParameters, headers: BookmarkHeader },
  responses: {
    200: { description: "The sale", headers: readHeaders, content: { "application/json": { schema: SaleResponseSchema } } },
    ...errorResponses(...KEY_ERRORS, "bad_request", "not_found"),
  },
});

export function registerGetSale(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const session = openReadSession(c.env.DB, c.req.valid("header")["x-d1-bookmark"]);
    const { id } = c.req.valid("param");
    const sale = await findSale(session, c.var.apiKey.state.ownerId, id);
    if (!sale) throw inventoryError("not_found", `No sale ${id}`);
    return c.json({ data: saleView(sale) }, 200, bookmarkHeader(session));
  });
}
