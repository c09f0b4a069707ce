import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { ORG_SELECTION_DESCRIPTION, requireAdmin, resolveOrg, ADMIN_READ_ERRORS, ORG_SELECTION_ERRORS } from "./operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { errorResponses } from "../http/schemas";
import { orgDetails } from "./service";
import { OrgIdParam } from "../http/wire-formats";
import { OrgSchema } from "./schemas";

const route = createRoute({
  method: "get",
  path: "/admin/api/orgs/{id}",
  tags: ["Management"],
  summary: "An organisation: plan, subscription and per-key limits",
  description: `${ORG_SELECTION_DESCRIPTION} Its name, plan, subscription status and GST registration (GSTIN and state, null until set), whether its keys may call /api/v1 now (\`api_access\`: plan business or above, subscription active; otherwise they are refused with 403 \`plan_required\` or \`subscription_lapsed\`) and each key's requests per minute under its plan.`,
  middleware: [requireAdmin] as const,
  request: { params: OrgIdParam, query: NoQueryParameters },
  responses: {
    200: { description: "The organisation", content: { "application/json": { schema: z.object({ data: OrgSchema }) } } },
    ...errorResponses(...ADMIN_READ_ERRORS, ...ORG_SELECTION_ERRORS, "bad_request"),
  },
});

export function registerGetOrg(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const org = await resolveOrg(c, inventoryDb(c.env.DB), c.req.valid("param").id);
    return c.json({ data: orgDetails(org) }, 200);
  });
}
