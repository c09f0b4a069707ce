import { createRoute, z } from "@hono/zod-openapi";
import { requireAdmin, resolveOrg } from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { webhookStore } from "./queries";
import { inventoryError } from "../http/errors";
import { errorResponses } from "../http/schemas";
import { DeliveryFilterQuery, DeliverySchema, WebhookParams } from "./schemas";
import { deliveryView } from "./views";
import { queryInteger } from "../../platform/http/query";

const route = createRoute({
  method: "get",
  path: "/admin/api/orgs/{id}/webhooks/{webhookId}/deliveries",
  tags: ["Webhooks"],
  summary:
    "The endpoint's recent deliveries, newest first, optionally of one status or event type, with every attempt (status, response code, duration, error) and the next retry",
  middleware: [requireAdmin] as const,
  // A misspelt filter (the tax service's `eventType`, say) is refused: left unread, every delivery would be listed.
  request: { params: WebhookParams, query: DeliveryFilterQuery.extend({ limit: queryInteger(1, 100).default(25) }).strict() },
  responses: {
    200: { description: "Deliveries", content: { "application/json": { schema: z.object({ data: z.array(DeliverySchema) }) } } },
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

export function registerListWebhookDeliveries(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const { id, webhookId } = c.req.valid("param");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), id);
    const endpoint = await webhookStore.findEndpoint(c.env.DB, webhookId, org.id);
    if (!endpoint) throw inventoryError("not_found", "No such webhook endpoint");
    const { limit, status, event_type: eventType } = c.req.valid("query");
    const deliveries = await webhookStore.listDeliveries(c.env.DB, endpoint.id, { limit, status, eventType });
    return c.json({ data: deliveries.map(deliveryView) }, 200);
  });
}
