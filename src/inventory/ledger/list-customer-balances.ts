import { createRoute } from "@hono/zod-openapi";
import type { InventoryApp } from "../hono";
import { scopedKey, KEY_ERRORS } from "../keys/api-key-auth";
import { ageingStarts } from "../domain/ageing";
import { istDateOf } from "../domain/ist";
import { bookmarkHeader, openReadSession } from "../http/read-session";
import { listCustomerBalances } from "./customer-queries";
import { errorResponses, nextOffset } from "../http/schemas";
import { CustomerBalancesPageSchema, CustomerBalancesQuery, customerBalanceView } from "./schemas";
import { BookmarkHeader, readHeaders } from "../http/wire-formats";

const route = createRoute({
  method: "get",
  path: "/api/v1/customers",
  tags: ["Customers"],
  summary: "Customers with their outstanding, receivables ageing (0-30, 31-60, 61-90, over 90 days) and money on account",
  description:
    "Customers in creation order. Each non-cancelled invoice's outstanding (its total less its payments, its credit notes and money on account applied to it; never below zero) falls in the bucket of its age in days on today's IST date, counted from its sale date. `outstanding` is the buckets' sum less `on_account`, the same figure as the customers export.",
  ...scopedKey("customers:read"),
  request: { query: CustomerBalancesQuery, headers: BookmarkHeader },
  responses: {
    200: { description: "A page of customers", headers: readHeaders, content: { "application/json": { schema: CustomerBalancesPageSchema } } },
    ...errorResponses(...KEY_ERRORS, "bad_request"),
  },
});

export function registerListCustomerBalances(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const query = c.req.valid("query");
    const session = openReadSession(c.env.DB, c.req.valid("header")["x-d1-bookmark"]);
    const starts = ageingStarts(istDateOf(Date.now()));
    const { rows, hasMore } = await listCustomerBalances(session, c.var.apiKey.state.ownerId, { starts, limit: query.limit, offset: query.offset });
    return c.json(
      { data: rows.map(customerBalanceView), has_more: hasMore, next_offset: nextOffset(query.offset, rows.length, hasMore) },
      200,
      bookmarkHeader(session),
    );
  });
}
