import { createRoute, z } from "@hono/zod-openapi";
import type { TaxApp } from "../../app";
import { bearerSecurity, requireKey } from "../../auth";
import { findEndpoint, listDeliveries } from "../../db/webhooks";
import { taxError } from "../../errors";
import { errorResponses } from "../../schemas/common";
import { DeliverySchema, WebhookIdParamSchema } from "../../schemas/webhooks";
import { deliveryView } from "../../webhook-endpoints";
import { queryInteger } from "../../../platform/http/query";

const route = createRoute({
  method: "get",
  path: "/api/v1/webhooks/{id}/deliveries",
  tags: ["Webhooks"],
  summary: "The endpoint's recent deliveries, newest first, with every attempt (status, response code, duration, error) and the next retry",
  security: bearerSecurity,
  middleware: [requireKey("webhooks:manage")] as const,
  request: {
    params: WebhookIdParamSchema,
    query: z.object({ limit: queryInteger(1, 100).default(25) }),
  },
  responses: {
    200: { description: "Deliveries", content: { "application/json": { schema: z.object({ data: z.array(DeliverySchema) }) } } },
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

export function registerListWebhookDeliveries(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const endpoint = await findEndpoint(c.env.DB, c.req.valid("param").id, c.get("apiKey").state.ownerId);
    if (!endpoint) throw taxError("not_found", "No such webhook endpoint");
    const deliveries = await listDeliveries(c.env.DB, endpoint.id, c.req.valid("query").limit);
    return c.json({ data: deliveries.map(deliveryView) }, 200);
  });
}
