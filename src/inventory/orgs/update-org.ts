import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { readBody } from "../../platform/http/body";
import { actorName, requireAdmin, requireOperator, resolveOrg } from "./operator-auth";
import type { InventoryApp } from "../hono";
import { PLAN_REQUESTS_PER_MINUTE } from "../keys/api-key-auth";
import { inventoryDb } from "../db/client";
import { keyDenial } from "../keys/service";
import { updateOrgPolicy } from "./service";
import { inventoryError } from "../http/errors";
import { errorResponses } from "../http/schemas";
import { OrgIdParam, OrgSchema, orgView, UpdateOrgSchema } from "./schemas";

const route = createRoute({
  method: "patch",
  path: "/admin/api/orgs/{id}",
  tags: ["Management"],
  summary: "Change an organisation's plan or subscription (operator only); every key of it sees the change on its next request",
  middleware: [requireAdmin, readBody({ maxBytes: 4_096 })] as const,
  request: { query: NoQueryParameters, params: OrgIdParam, body: { required: true, content: { "application/json": { schema: UpdateOrgSchema } } } },
  responses: {
    200: { description: "Updated", content: { "application/json": { schema: z.object({ data: OrgSchema }) } } },
    ...errorResponses(400, 401, 403, 404, 413, 415, 429),
  },
});

export function registerUpdateOrg(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    requireOperator(c);
    const body = c.req.valid("json");
    const db = inventoryDb(c.env.DB);
    const org = await resolveOrg(c, db, c.req.valid("param").id);
    // A state sent alone must still agree with the GSTIN already on file: invoices print that GSTIN, and the
    // state decides CGST + SGST or IGST.
    const registeredState = org.gstin?.slice(0, 2);
    if (body.gstin === undefined && body.state !== undefined && registeredState !== undefined && body.state !== registeredState) {
      throw inventoryError("bad_request", `state: must be the GSTIN's state, ${registeredState} (send a new gstin to move the registration)`);
    }
    const patch = {
      ...(body.plan !== undefined ? { plan: body.plan } : {}),
      ...(body.subscription_status !== undefined ? { subscriptionStatus: body.subscription_status } : {}),
      ...(body.gstin !== undefined ? { gstin: body.gstin } : {}),
      ...(body.state !== undefined ? { stateCode: body.state } : {}),
    };
    const updated = await updateOrgPolicy(c.env, db, org, patch, actorName(c), Date.now());
    return c.json({ data: orgView(updated, PLAN_REQUESTS_PER_MINUTE[updated.plan], keyDenial(updated) === null) }, 200);
  });
}
