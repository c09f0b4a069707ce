import { createRoute } from "@hono/zod-openapi";
import { ORG_SELECTION_DESCRIPTION, requireAdmin, resolveOrg, ADMIN_READ_ERRORS, ORG_SELECTION_ERRORS } from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { errorResponses, nextOffset, PageQuery, pageOf } from "../http/schemas";
import { OrgIdParam } from "../http/wire-formats";
import { listAdmins } from "./queries";
import { AdminSchema, adminView } from "./schemas";

const route = createRoute({
  method: "get",
  path: "/admin/api/orgs/{id}/admins",
  tags: ["Management"],
  summary: "The organisation's admins, newest first (no passwords)",
  description: `${ORG_SELECTION_DESCRIPTION} Everyone who may sign in to the organisation's admin area, newest first; admins created in the same millisecond are listed in the reverse of the order they were created. No password or hash is ever shown. Page with \`offset\` = the previous \`next_offset\` until \`next_offset\` is null.`,
  middleware: [requireAdmin] as const,
  request: { params: OrgIdParam, query: PageQuery.strict() },
  responses: {
    200: { description: "One page of admins", content: { "application/json": { schema: pageOf(AdminSchema) } } },
    ...errorResponses(...ADMIN_READ_ERRORS, ...ORG_SELECTION_ERRORS, "bad_request"),
  },
});

export function registerListAdmins(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const { limit, offset } = c.req.valid("query");
    const db = inventoryDb(c.env.DB);
    const org = await resolveOrg(c, db, c.req.valid("param").id);
    const rows = await listAdmins(db, org.id, limit, offset);
    const data = rows.slice(0, limit).map(adminView);
    const hasMore = rows.length > limit;
    return c.json({ data, has_more: hasMore, next_offset: nextOffset(offset, data.length, hasMore) }, 200);
  });
}
