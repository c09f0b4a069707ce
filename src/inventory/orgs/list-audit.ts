import { createRoute } from "@hono/zod-openapi";
import { requireAdmin, resolveOrg } from "./operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { listAudit } from "./queries";
import { errorResponses, iso, nextOffset, PageQuery, pageOf } from "../http/schemas";
import { AuditEntrySchema, OrgIdParam } from "./schemas";

const route = createRoute({
  method: "get",
  path: "/admin/api/orgs/{id}/audit",
  tags: ["Management"],
  summary: "The organisation's audit log, newest first",
  middleware: [requireAdmin] as const,
  request: { params: OrgIdParam, query: PageQuery.strict() },
  responses: {
    200: { description: "One page of audit entries", content: { "application/json": { schema: pageOf(AuditEntrySchema) } } },
    ...errorResponses(400, 401, 404, 429),
  },
});

export function registerListAudit(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const { limit, offset } = c.req.valid("query");
    const db = inventoryDb(c.env.DB);
    const org = await resolveOrg(c, db, c.req.valid("param").id);
    const rows = await listAudit(db, org.id, limit, offset);
    const data = rows
      .slice(0, limit)
      .map((row) => ({ action: row.action, key_id: row.keyId, actor: row.actor, reason: row.reason, at: iso(row.at) }));
    const hasMore = rows.length > limit;
    return c.json({ data, has_more: hasMore, next_offset: nextOffset(offset, data.length, hasMore) }, 200);
  });
}
