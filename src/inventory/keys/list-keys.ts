import { createRoute, type z } from "@hono/zod-openapi";
import { requireAdmin, resolveOrg, ORG_SELECTION_DESCRIPTION, ADMIN_READ_ERRORS, ORG_SELECTION_ERRORS } from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { listKeys } from "./queries";
import { lastUsedAt, lifecycleState } from "./service";
import { errorResponses, isoOrNull, iso, nextOffset, PageQuery, pageOf } from "../http/schemas";
import { queryInteger } from "../../platform/http/query";
import { KeySchema, type ScopeSchema } from "./schemas";
import { OrgIdParam } from "../http/wire-formats";

/**
 * Every key on a page costs a call to its own guard (its last use lives there), so a page holds at most 100 keys:
 * a page of 1000 made one request 1000 calls.
 */
const KeyPageQuery = PageQuery.extend({
  limit: queryInteger(1, 100).default(100).openapi({ description: "Keys per page, 1 to 100 (default 100)", example: 50 }),
}).strict();

const route = createRoute({
  method: "get",
  path: "/admin/api/orgs/{id}/keys",
  tags: ["Management"],
  summary: "The organisation's keys, newest first (no secrets), with state and last use",
  description: `${ORG_SELECTION_DESCRIPTION} Newest first; keys created in the same millisecond are listed in the reverse of the order they were created.`,
  middleware: [requireAdmin] as const,
  request: { params: OrgIdParam, query: KeyPageQuery },
  responses: {
    200: { description: "One page of keys", content: { "application/json": { schema: pageOf(KeySchema) } } },
    ...errorResponses(...ADMIN_READ_ERRORS, ...ORG_SELECTION_ERRORS, "bad_request"),
  },
});

export function registerListKeys(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const { limit, offset } = c.req.valid("query");
    const db = inventoryDb(c.env.DB);
    const org = await resolveOrg(c, db, c.req.valid("param").id);
    const rows = await listKeys(db, org.id, limit, offset);
    const page = rows.slice(0, limit);
    const now = Date.now();
    const data = await Promise.all(
      page.map(async (row) => ({
        id: row.id,
        name: row.name,
        prefix: row.prefix,
        access: row.access,
        scopes: row.scopes as z.infer<typeof ScopeSchema>[],
        state: lifecycleState(row, now),
        created_at: iso(row.createdAt),
        expires_at: isoOrNull(row.expiresAt),
        revoked_at: isoOrNull(row.revokedAt),
        grace_ends_at: isoOrNull(row.graceEndsAt),
        last_used_at: isoOrNull(await lastUsedAt(c.env, row)),
        replaces_key_id: row.replacesKeyId,
        replaced_by_key_id: row.replacedByKeyId,
      })),
    );
    const hasMore = rows.length > limit;
    return c.json({ data, has_more: hasMore, next_offset: nextOffset(offset, data.length, hasMore) }, 200);
  });
}
