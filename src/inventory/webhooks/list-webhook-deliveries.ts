import { createRoute, z } from "@hono/zod-openapi";
import { requireAdmin, resolveOrg } from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { webhookStore } from "./queries";
import { inventoryError } from "../http/errors";
import { errorResponses, iso, isoOrNull } from "../http/schemas";
import { DeliverySchema, WebhookParams } from "./schemas";
import { queryInteger } from "../../platform/http/query";

const route = createRoute({
  method: "get",
  path: "/admin/api/orgs/{id}/webhooks/{webhookId}/deliveries",
  tags: ["Webhooks"],
  summary: "The endpoint's recent deliveries, newest first, with every attempt (status, response code, duration, error) and the next retry",
  middleware: [requireAdmin] as const,
  request: { params: WebhookParams, query: z.object({ limit: queryInteger(1, 100).default(25) }) },
  responses: {
    200: { description: "Deliveries", content: { "application/json": { schema: z.object({ data: z.array(DeliverySchema) }) } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerListWebhookDeliveries(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const { id, webhookId } = c.req.valid("param");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), id);
    const endpoint = await webhookStore.findEndpoint(c.env.DB, webhookId, org.id);
    if (!endpoint) throw inventoryError("not_found", "No such webhook endpoint");
    const deliveries = await webhookStore.listDeliveries(c.env.DB, endpoint.id, c.req.valid("query").limit);
    return c.json(
      {
        data: deliveries.map((d) => ({
          id: d.id,
          event_id: d.eventId,
          event_type: d.eventType,
          status: d.status,
          signed_at: isoOrNull(d.signedAt),
          next_retry_at: isoOrNull(d.nextAttemptAt),
          created_at: iso(d.createdAt),
          completed_at: isoOrNull(d.completedAt),
          attempts: d.attempts.map((a) => ({
            attempt: a.attempt,
            attempted_at: iso(a.attemptedAt),
            outcome: a.outcome,
            response_status: a.responseStatus,
            duration_ms: a.durationMs,
            error: a.error,
          })),
        })),
      },
      200,
    );
  });
}
