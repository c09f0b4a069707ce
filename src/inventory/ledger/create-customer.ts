import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { readBody } from "../../platform/http/body";
import { IdempotencyKeyHeaders, idempotentWrites } from "../../platform/http/idempotency";
import {
  idempotentForActor,
  requireAdmin,
  resolveOrg,
  ORG_SELECTION_DESCRIPTION,
  ADMIN_WRITE_ERRORS,
  ORG_SELECTION_ERRORS,
} from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { createCustomer } from "./customer-queries";
import { errorResponses } from "../http/schemas";
import { CreateCustomerSchema, CustomerSchema, customerView } from "./schemas";
import { OrgIdParam } from "../http/wire-formats";
import { dispatchEvents } from "../webhooks/service";
import { BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../http/errors";

const route = createRoute({
  method: "post",
  path: "/admin/api/orgs/{id}/customers",
  tags: ["Back office"],
  summary: "Add a customer; emits customer.created",
  description: `${ORG_SELECTION_DESCRIPTION} \`gstin\` is validated with its mod-36 check character and stored upper case; \`credit_limit\` is in rupees.`,
  middleware: [requireAdmin, readBody({ maxBytes: 16_384 }), idempotentForActor] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    params: OrgIdParam,
    body: { required: true, content: { "application/json": { schema: CreateCustomerSchema } } },
  },
  responses: {
    201: { description: "Created", content: { "application/json": { schema: z.object({ data: CustomerSchema }) } } },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...ORG_SELECTION_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS),
  },
});

export function registerCreateCustomer(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), c.req.valid("param").id);
    const { value, eventIds } = await createCustomer(
      idempotentWrites(c, c.env.DB),
      org.id,
      {
        name: body.name,
        contact: body.contact,
        gstin: body.gstin,
        address: body.address,
        stateCode: body.state,
        creditLimitPaise: body.credit_limit ?? 0,
      },
      Date.now(),
    );
    await dispatchEvents(c.env, eventIds);
    return c.json({ data: customerView(value) }, 201);
  });
}
