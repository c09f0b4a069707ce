import { createRoute } from "@hono/zod-openapi";
import { orgFilter, requireAdmin, ADMIN_READ_ERRORS } from "./operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { listOrgs } from "./queries";
import { orgDetails } from "./service";
import { errorResponses, nextOffset, pageOf } from "../http/schemas";
import { OrgListQuery, OrgSchema } from "./schemas";

const route = createRoute({
  method: "get",
  path: "/admin/api/orgs",
  tags: ["Management"],
  summary: "Organisations, newest first, found by name or GSTIN",
  description:
    "The operator's token lists every organisation; an organisation admin's session lists its own organisation only (a list of one, or none when the filters leave it out), never another. Newest first; organisations created in the same millisecond are listed in the reverse of the order they were created. Each item is what `GET /admin/api/orgs/{id}` answers. `name` keeps those whose name begins with the text sent, ignoring the case of the letters A to Z; `gstin` those registered under that GSTIN; sent together, both apply. Page with `offset` = the previous `next_offset` until `next_offset` is null; an organisation created while you page moves the later ones down by one, so one may be listed twice, but none is missed.",
  middleware: [requireAdmin] as const,
  request: { query: OrgListQuery },
  responses: {
    200: { description: "One page of organisations", content: { "application/json": { schema: pageOf(OrgSchema) } } },
    ...errorResponses(...ADMIN_READ_ERRORS, "bad_request"),
  },
});

export function registerListOrgs(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const { limit, offset, name, gstin } = c.req.valid("query");
    const filter = { only: orgFilter(c), namePrefix: name ?? null, gstin: gstin ?? null };
    const rows = await listOrgs(inventoryDb(c.env.DB), filter, limit, offset);
    const data = rows.slice(0, limit).map(orgDetails);
    const hasMore = rows.length > limit;
    return c.json({ data, has_more: hasMore, next_offset: nextOffset(offset, data.length, hasMore) }, 200);
  });
}
