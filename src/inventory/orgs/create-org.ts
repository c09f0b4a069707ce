import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { IdempotencyKeyHeaders, idempotentWrites } from "../../platform/http/idempotency";
import { readBody } from "../../platform/http/body";
import { actorName, idempotentForActor, OPERATOR_ONLY_DESCRIPTION, requireAdmin, requireOperator, ADMIN_WRITE_ERRORS } from "./operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { createOrg, orgDetails } from "./service";
import { errorResponses } from "../http/schemas";
import { CreateOrgSchema, OrgSchema } from "./schemas";
import { BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../http/errors";

const route = createRoute({
  method: "post",
  path: "/admin/api/orgs",
  tags: ["Management"],
  summary: "Create an organisation (operator only)",
  description: `${OPERATOR_ONLY_DESCRIPTION} The organisation starts with the \`plan\` sent and its \`subscription_status\` (\`active\` unless sent), and with \`gstin\` or \`state\` the GST registration its invoices print. Both may be left out, but a GSTIN is needed before sales can be recorded: until the organisation has one (sent here or later with PATCH /admin/api/orgs/{id}), every sale is refused with 409 \`seller_gstin_missing\`, since only a supplier registered for GST may charge it, and the GSTIN's state decides whether its invoices charge CGST and SGST or IGST. The answer says whether its keys may call /api/v1 (\`api_access\`: plan business or above, subscription active) and each key's requests per minute. Names need not be unique, so send an Idempotency-Key to retry without creating a second organisation. Recorded in its audit log as \`org.created\`.`,
  middleware: [requireAdmin, requireOperator, readBody({ maxBytes: 16_384 }), idempotentForActor] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    body: { required: true, content: { "application/json": { schema: CreateOrgSchema } } },
  },
  responses: {
    201: { description: "Created", content: { "application/json": { schema: z.object({ data: OrgSchema }) } } },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS),
  },
});

export function registerCreateOrg(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const org = await createOrg(
      inventoryDb(idempotentWrites(c, c.env.DB)),
      { name: body.name, plan: body.plan, subscriptionStatus: body.subscription_status, gstin: body.gstin ?? null, stateCode: body.state },
      actorName(c),
      Date.now(),
    );
    return c.json({ data: orgDetails(org) }, 201);
  });
}
