import { createRoute, z } from "@hono/zod-openapi";
import type { TypedResponse } from "hono";
import { sessionSecrets } from "../../platform/env";
import type { InventoryApp } from "../hono";
import { scopedKey, KEY_ERRORS } from "../keys/api-key-auth";
import { salesWindow } from "../domain/ist";
import { inventoryError } from "../http/errors";
import { issueCursor, openCursor } from "../http/list-cursor";
import { bookmarkHeader, openReadSession } from "../http/read-session";
import { listSales, listSalesAfter, type SalesPage } from "./queries";
import { errorResponses, nextOffset } from "../http/schemas";
import { SalesPageSchema, SalesQuerySchema } from "./schemas";
import { BookmarkHeader, readHeaders } from "../http/wire-formats";

/**
 * Where a sales cursor continues: after its page's last sale, inside the window the walk began with (a window left
 * to its defaults moves at midnight IST, and would otherwise drop a day's sales from the end of a walk under way).
 */
const SalesCursorPosition = z
  .object({ soldAt: z.number().int(), id: z.string(), fromMs: z.number().int(), toMsExclusive: z.number().int() })
  .strict();

const route = createRoute({
  method: "get",
  path: "/api/v1/sales",
  tags: ["Sales"],
  summary: "Sales in an IST date window, cancelled excluded, newest first",
  description:
    "`from` and `to` are calendar days in India (IST, UTC+05:30), both inclusive; every day counts, Sundays and holidays too. A sale at 23:59 IST on `to` is in; one at 00:00 IST the next day is not. Page with `offset` = `next_offset`, or with `cursor` = `next_cursor`: a cursor walk never repeats or skips a sale that stays uncancelled meanwhile, whatever is booked or cancelled between two requests, keeps the window of its first page (a default window does not move at midnight IST during the walk) and has no 100000 cap. `from` after `to`, a malformed date, `limit`/`offset` out of range, `cursor` with `offset`, or a cursor that was altered, is another organisation's, or was given for other `from`/`to`: 400 `bad_request`.",
  ...scopedKey("sales:read"),
  request: { query: SalesQuerySchema, headers: BookmarkHeader },
  responses: {
    200: { description: "A page of sales", headers: readHeaders, content: { "application/json": { schema: SalesPageSchema } } },
    ...errorResponses(...KEY_ERRORS, "bad_request"),
  },
});

export function registerListSales(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const query = c.req.valid("query");
    const orgId = c.var.apiKey.state.ownerId;
    const secrets = sessionSecrets(c.env);
    const filters = { from: query.from ?? null, to: query.to ?? null };
    const session = openReadSession(c.env.DB, c.req.valid("header")["x-d1-bookmark"]);
    let window: { fromMs: number; toMsExclusive: number };
    let page: SalesPage;
    if (query.cursor === undefined) {
      const resolved = salesWindow({ from: query.from, to: query.to, nowMs: Date.now() });
      if (!resolved.ok) throw inventoryError("bad_request", `${resolved.field}: ${resolved.error}`);
      window = { fromMs: resolved.fromMs, toMsExclusive: resolved.toMsExclusive };
      page = await listSales(session, orgId, { ...window, limit: query.limit, offset: query.offset ?? 0 });
    } else {
      const { soldAt, id, ...pinned } = await openCursor(secrets, "sales", orgId, filters, query.cursor, SalesCursorPosition);
      window = pinned;
      page = await listSalesAfter(session, orgId, { ...window, limit: query.limit, after: { soldAt, id } });
    }
    const { saleJson, hasMore, last } = page;
    const nextCursor = hasMore && last !== null ? await issueCursor(secrets, "sales", orgId, filters, { ...last, ...window }) : null;
    const offsetAfter = query.cursor === undefined ? nextOffset(query.offset ?? 0, saleJson.length, hasMore) : null;
    // The sales arrive as JSON text from SQLite; the page is spliced around them, byte for byte what c.json
    // would print for the parsed page, without decoding and re-encoding up to 200 sales.
    const body = `{"data":[${saleJson.join(",")}],"has_more":${hasMore},"next_offset":${offsetAfter},"next_cursor":${JSON.stringify(nextCursor)}}`;
    // Typed as the JSON answer it is: the response schema still documents and types this route.
    return c.body(body, 200, { ...bookmarkHeader(session), "Content-Type": "application/json" }) as unknown as TypedResponse<
      z.infer<typeof SalesPageSchema>,
      200,
      "json"
    >;
  });
}
