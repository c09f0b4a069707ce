import { createRoute } from "@hono/zod-openapi";
import { ORG_SELECTION_DESCRIPTION, requireAdmin, resolveOrg, ADMIN_READ_ERRORS, ORG_SELECTION_ERRORS } from "./operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { listAudit } from "./queries";
import { errorResponses, iso, nextOffset, PageQuery, pageOf } from "../http/schemas";
import { OrgIdParam } from "../http/wire-formats";
import { AuditEntrySchema } from "./schemas";

const route = createRoute({
  method: "get",
  path: "/admin/api/orgs/{id}/audit",
  tags: ["Management"],
  summary: "The organisation's audit log, newest first",
  description: `${ORG_SELECTION_DESCRIPTION} What was done to the organisation and its keys and books: its creation and changes of plan, subscription and GST registration; admins created and removed (with their email) and an admin changing their own password in the admin area; keys created, rotated, regenerated, revoked (with the reason given) and resynced; payments, credit notes, expenses and mill ledger entries voided (a cancelled sale's credit notes included); stock adjusted and transferred; the day each year's annual GST return was furnished, when first recorded, and its removal by the operator. Each entry gives its \`action\`, the key it concerns (if any), who acted (\`operator\` or the signed-in admin's email), its reason or detail, and when; entries of one millisecond are listed in the reverse of the order they were written. Page with \`offset\` = the previous \`next_offset\` until \`next_offset\` is null.`,
  middleware: [requireAdmin] as const,
  request: { params: OrgIdParam, query: PageQuery.strict() },
  responses: {
    200: { description: "One page of audit entries", content: { "application/json": { schema: pageOf(AuditEntrySchema) } } },
    ...errorResponses(...ADMIN_READ_ERRORS, ...ORG_SELECTION_ERRORS, "bad_request"),
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
