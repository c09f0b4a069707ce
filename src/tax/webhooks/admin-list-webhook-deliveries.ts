import { createRoute, z } from "@hono/zod-openapi";
import { requireAdmin, resolveAccount } from "../accounts/operator-auth";
import { errorResponses, taxError, type TaxApp } from "../hono";
import { taxDb } from "../db/client";
import { findEndpoint, listDeliveries } from "./queries";
import { DeliverySchema, WebhookIdParamSchema } from "./schemas";
import { deliveryView } from "./service";
import { AccountEmailQuery } from "./admin-list-webhooks";

const route = createRoute({
  method: "get",
  path: "/admin/api/webhooks/{id}/deliveries",
  tags: ["Management"],
  summary: "Recent deliveries of one of an account's endpoints, newest first, with every attempt",
  middleware: [requireAdmin] as const,
  request: { params: WebhookIdParamSchema, query: AccountEmailQuery.extend({ limit: z.coerce.number().int().min(1).max(100).default(25) }) },
  responses: {
    200: { description: "Deliveries", content: { "application/json": { schema: z.object({ data: z.array(DeliverySchema) }) } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerAdminListWebhookDeliveries(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const query = c.req.valid("query");
    const account = await resolveAccount(c.var.actor, taxDb(c.env.DB), query.accountEmail);
    const endpoint = await findEndpoint(c.env.DB, c.req.valid("param").id, account.id);
    if (!endpoint) throw taxError("not_found", "No such webhook endpoint");
    return c.json({ data: (await listDeliveries(c.env.DB, endpoint.id, query.limit)).map(deliveryView) }, 200);
  });
}
