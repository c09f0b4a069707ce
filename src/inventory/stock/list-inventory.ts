import { createRoute, z } from "@hono/zod-openapi";
import { sessionSecrets } from "../../platform/env";
import type { InventoryApp } from "../hono";
import { scopedKey, KEY_ERRORS } from "../keys/api-key-auth";
import { issueCursor, openCursor } from "../http/list-cursor";
import { bookmarkHeader, openReadSession } from "../http/read-session";
import { listInventory, listInventoryAfter, type LotPosition } from "./queries";
import { istDateOf } from "../domain/ist";
import { errorResponses, nextOffset } from "../http/schemas";
import { InventoryPageSchema, InventoryQuerySchema, lotView } from "./schemas";
import { BookmarkHeader, readHeaders } from "../http/wire-formats";

/** Where an inventory cursor continues: after its page's last lot. */
const LotCursorPosition = z.object({ receivedAt: z.number().int(), id: z.string() }).strict() satisfies z.ZodType<LotPosition>;

const route = createRoute({
  method: "get",
  path: "/api/v1/inventory",
  tags: ["Inventory"],
  summary: "Lots with kg remaining > 0, newest received first",
  description:
    "Each lot with its SKU (count, composition, HSN, GST rate), godown, mill and cost. Page with `offset` = the previous `next_offset` until `next_offset` is null (with `has_more` still true when the next page would start beyond offset 100000), or with `cursor` = the previous `next_cursor` until it is null: a cursor walk never repeats or skips a lot that stays in stock meanwhile, whatever is received or sold between two requests, and has no 100000 cap. `cursor` with `offset`, or a cursor that was altered, is another organisation's, or was given for other `godown_code`/`yarn_type`: 400 `bad_request`. Served from the nearest D1 replica; see `X-D1-Bookmark`.",
  ...scopedKey("inventory:read"),
  request: { query: InventoryQuerySchema, headers: BookmarkHeader },
  responses: {
    200: { description: "A page of lots", headers: readHeaders, content: { "application/json": { schema: InventoryPageSchema } } },
    ...errorResponses(...KEY_ERRORS, "bad_request"),
  },
});

export function registerListInventory(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const query = c.req.valid("query");
    const session = openReadSession(c.env.DB, c.req.valid("header")["x-d1-bookmark"]);
    const orgId = c.var.apiKey.state.ownerId;
    const secrets = sessionSecrets(c.env);
    const today = istDateOf(Date.now());
    const filters = { godown_code: query.godown_code ?? null, yarn_type: query.yarn_type ?? null };
    const selection = { godownCode: query.godown_code, yarnType: query.yarn_type, limit: query.limit };
    const { rows, hasMore } =
      query.cursor === undefined
        ? await listInventory(session, orgId, { ...selection, offset: query.offset ?? 0 })
        : await listInventoryAfter(session, orgId, {
            ...selection,
            after: await openCursor(secrets, "inventory", orgId, filters, query.cursor, LotCursorPosition),
          });
    const last = rows.at(-1);
    const nextCursor =
      hasMore && last !== undefined ? await issueCursor(secrets, "inventory", orgId, filters, { receivedAt: last.receivedAt, id: last.id }) : null;
    return c.json(
      {
        data: rows.map((row) => lotView(row, today)),
        has_more: hasMore,
        next_offset: query.cursor === undefined ? nextOffset(query.offset ?? 0, rows.length, hasMore) : null,
        next_cursor: nextCursor,
      },
      200,
      bookmarkHeader(session),
    );
  });
}
