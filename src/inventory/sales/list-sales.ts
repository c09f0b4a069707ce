import { createRoute, type z } from "@hono/zod-openapi";
import type { TypedResponse } from "hono";
import type { InventoryApp } from "../hono";
import { scopedKey } from "../keys/api-key-auth";
import { salesWindow } from "../domain/ist";
import { inventoryError } from "../http/errors";
import { bookmarkHeader, openReadSession } from "../http/read-session";
import { listSales } from "./queries";
import { errorResponses, nextOffset } from "../http/schemas";
import { SalesPageSchema, SalesQuerySchema } from "./schemas";
import { BookmarkHeader, readHeaders } from "../http/wire-formats";

const route = createRoute({
  method: "get",
  path: "/api/v1/sales",
  tags: ["Sales"],
  summary: "Sales in an IST date window, cancelled excluded, newest first",
  description:
    "`from` and `to` are calendar days in India (IST, UTC+05:30), both inclusive; every day counts, Sundays and holidays too. A sale at 23:59 IST on `to` is in; one at 00:00 IST the next day is not. `from` after `to`, a malformed date, or `limit`/`offset` out of range: 400 `bad_request`.",
  ...scopedKey("sales:read"),
  request: { query: SalesQuerySchema, headers: BookmarkHeader },
  responses: {
    200: { description: "A page of sales", headers: readHeaders, content: { "application/json": { schema: SalesPageSchema } } },
    ...errorResponses(400, 401, 403, 429, 500),
  },
});

export function registerListSales(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const query = c.req.valid("query");
    const window = salesWindow({ from: query.from, to: query.to, nowMs: Date.now() });
    if (!window.ok) throw inventoryError("bad_request", `${window.field}: ${window.error}`);
    const session = openReadSession(c.env.DB, c.req.valid("header")["x-d1-bookmark"]);
    const orgId = c.var.apiKey.state.ownerId;
    const { saleJson, hasMore } = await listSales(session, orgId, {
      fromMs: window.fromMs,
      toMsExclusive: window.toMsExclusive,
      limit: query.limit,
      offset: query.offset,
    });
    // The sales arrive as JSON text from SQLite; the page is spliced around them, byte for byte what c.json
    // would print for the parsed page, without decoding and re-encoding up to 200 sales.
    const page = `{"data":[${saleJson.join(",")}],"has_more":${hasMore},"next_offset":${nextOffset(query.offset, saleJson.length, hasMore)}}`;
    // Typed as the JSON answer it is: the response schema still documents and types this route.
    return c.body(page, 200, { ...bookmarkHeader(session), "Content-Type": "application/json" }) as unknown as TypedResponse<
      z.infer<typeof SalesPageSchema>,
      200,
      "json"
    >;
  });
}
