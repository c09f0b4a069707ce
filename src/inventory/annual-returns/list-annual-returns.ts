import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { ORG_SELECTION_DESCRIPTION, requireAdmin, resolveOrg, ADMIN_READ_ERRORS, ORG_SELECTION_ERRORS } from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { errorResponses } from "../http/schemas";
import { OrgIdParam } from "../http/wire-formats";
import { listAnnualReturns } from "./queries";
import { AnnualReturnSchema, annualReturnView } from "./schemas";

const route = createRoute({
  method: "get",
  path: "/admin/api/orgs/{id}/annual-returns",
  tags: ["Back office"],
  summary: "The financial years whose annual GST return is recorded as furnished, newest year first",
  description: `${ORG_SELECTION_DESCRIPTION} Each recorded year with the day its annual return was furnished and the last day a credit note against its invoices adjusts GST. A year not listed keeps to 30 November after it (CGST s.34(2)).`,
  middleware: [requireAdmin] as const,
  request: { params: OrgIdParam, query: NoQueryParameters },
  responses: {
    200: { description: "Recorded years", content: { "application/json": { schema: z.object({ data: z.array(AnnualReturnSchema) }) } } },
    ...errorResponses(...ADMIN_READ_ERRORS, ...ORG_SELECTION_ERRORS, "bad_request"),
  },
});

export function registerListAnnualReturns(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const db = inventoryDb(c.env.DB);
    const org = await resolveOrg(c, db, c.req.valid("param").id);
    const rows = await listAnnualReturns(db, org.id);
    return c.json({ data: rows.map(annualReturnView) }, 200);
  });
}
