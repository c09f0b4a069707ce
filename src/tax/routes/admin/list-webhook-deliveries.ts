import { createRoute, z } from "@hono/zod-openapi";
import { requireAdmin, resolveAccount } from "../../admin";
import type { TaxApp } from "../../app";
import { taxDb } from "../../db/client";
import { findEndpoint, listDeliveries } from "../../db/webhooks";
import { taxError } from "../../errors";
import { errorResponses } from "../../schemas/common";
import { DeliverySchema, WebhookIdParamSchema } from "../../schemas/webhooks";
import { deliveryView } from "../../webhook-endpoints";
import { AccountEmailQuery } from "./list-webhooks";
import { queryInteger } from "../../../platform/http/query";

const route = createRoute({
  method: "get",
  path: "/admin/api/webhooks/{id}/deliveries",
  tags: ["Management"],
  summary: "Recent deliveries of one of an account's endpoints, newest first, with every attempt",
  middleware: [requireAdmin] as const,
  request: { params: WebhookIdParamSchema, query: AccountEmailQuery.extend({ limit: queryInteger(1, 100).default(25) }) },
  responses: {
    200: { description: "Deliveries", content: { "application/json": { schema: z.object({ data: z.array(DeliverySchema) }) } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerAdminListWebhookDeliveries(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const query = c.req.valid("query");
    const account = await resolveAccount(c, taxDb(c.env.DB), query.accountEmail);
    const endpoint = await findEndpoint(c.env.DB, c.req.valid("param").id, account.id);
    if (!endpoint) throw taxError("not_found", "No such webhook endpoint");
    return c.json({ data: (await listDeliveries(c.env.DB, endpoint.id, query.limit)).map(deliveryView) }, 200);
  });
}
