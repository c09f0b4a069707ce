import { createRoute } from "@hono/zod-openapi";
import type { InventoryApp } from "../hono";
import { scopedKey } from "../keys/api-key-auth";
import { bookmarkHeader, openReadSession } from "../http/read-session";
import { listInventory } from "./queries";
import { istDateOf } from "../domain/ist";
import { errorResponses, nextOffset } from "../http/schemas";
import { InventoryPageSchema, InventoryQuerySchema, lotView } from "./schemas";
import { BookmarkHeader, readHeaders } from "../http/wire-formats";

const route = createRoute({
  method: "get",
  path: "/api/v1/inventory",
  tags: ["Inventory"],
  summary: "Lots with kg remaining > 0, newest received first",
  description:
    "Each lot with its SKU (count, composition, HSN, GST rate), godown, mill and cost. Page with `offset` = the previous `next_offset` until `next_offset` is null (with `has_more` still true when the next page would start beyond offset 100000). Served from the nearest D1 replica; see `X-D1-Bookmark`.",
  ...scopedKey("inventory:read"),
  request: { query: InventoryQuerySchema, headers: BookmarkHeader },
  responses: {
    200: { description: "A page of lots", headers: readHeaders, content: { "application/json": { schema: InventoryPageSchema } } },
    ...errorResponses(400, 401, 403, 429, 500),
  },
});

export function registerListInventory(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const query = c.req.valid("query");
    const session = openReadSession(c.env.DB, c.req.valid("header")["x-d1-bookmark"]);
    const orgId = c.var.apiKey.state.ownerId;
    const today = istDateOf(Date.now());
    const { rows, hasMore } = await listInventory(session, orgId, {
      godownCode: query.godown_code,
      yarnType: query.yarn_type,
      limit: query.limit,
      offset: query.offset,
    });
    return c.json(
      { data: rows.map((row) => lotView(row, today)), has_more: hasMore, next_offset: nextOffset(query.offset, rows.length, hasMore) },
      200,
      bookmarkHeader(session),
    );
  });
}
