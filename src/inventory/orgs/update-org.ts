import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { readBody } from "../../platform/http/body";
import {
  actorName,
  OPERATOR_ONLY_DESCRIPTION,
  requireAdmin,
  requireOperator,
  resolveOrg,
  ADMIN_WRITE_ERRORS,
  ORG_SELECTION_ERRORS,
} from "./operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { orgDetails, updateOrgPolicy } from "./service";
import { BODY_ERRORS } from "../http/errors";
import { errorResponses } from "../http/schemas";
import { OrgIdParam } from "../http/wire-formats";
import { OrgSchema, UpdateOrgSchema } from "./schemas";

const route = createRoute({
  method: "patch",
  path: "/admin/api/orgs/{id}",
  tags: ["Management"],
  summary: "Change an organisation's plan or subscription (operator only); every key of it sees the change on its next request",
  description: `${OPERATOR_ONLY_DESCRIPTION} Send any of \`plan\`, \`subscription_status\`, \`gstin\` and \`state\` (none is a 400). Every key of the organisation not revoked is brought to the new plan and subscription before the answer, so its next request gets the new per-minute limit, or 403 \`plan_required\` (starter, growth) or \`subscription_lapsed\` (lapsed). A \`state\` sent alone must be that of the GSTIN on file, if there is one (400; send a new \`gstin\` to move the registration); invoices already issued keep the GSTIN and state they were issued with. Each change is recorded in the audit log (\`org.plan_changed\`, \`org.subscription_changed\`, \`org.gst_registration_changed\`, with the old and new values); a value equal to the current one changes nothing. Changes sent at once are made one after the other, each from the organisation as the one before left it (409 \`conflict_retry\` if others kept landing first). An unknown organisation is 404.`,
  middleware: [requireAdmin, requireOperator, readBody({ maxBytes: 4_096 })] as const,
  request: { query: NoQueryParameters, params: OrgIdParam, body: { required: true, content: { "application/json": { schema: UpdateOrgSchema } } } },
  responses: {
    200: { description: "Updated", content: { "application/json": { schema: z.object({ data: OrgSchema }) } } },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...ORG_SELECTION_ERRORS, ...BODY_ERRORS, "conflict_retry"),
  },
});

export function registerUpdateOrg(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const db = inventoryDb(c.env.DB);
    const org = await resolveOrg(c, db, c.req.valid("param").id);
    const patch = {
      ...(body.plan !== undefined ? { plan: body.plan } : {}),
      ...(body.subscription_status !== undefined ? { subscriptionStatus: body.subscription_status } : {}),
      ...(body.gstin !== undefined ? { gstin: body.gstin } : {}),
      ...(body.state !== undefined ? { stateCode: body.state } : {}),
    };
    const updated = await updateOrgPolicy(c.env, db, org, patch, actorName(c), Date.now());
    return c.json({ data: orgDetails(updated) }, 200);
  });
}
