import { createRoute, z } from "@hono/zod-openapi";
import { sessionSecrets } from "../../platform/env";
import { issueCursor, openCursor } from "../http/list-cursor";
import { requireAdmin, resolveOrg, ORG_SELECTION_DESCRIPTION, ADMIN_READ_ERRORS, ORG_SELECTION_ERRORS } from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { webhookStore } from "./queries";
import { inventoryError } from "../http/errors";
import { errorResponses, KeysetPageQuery, keysetPageOf } from "../http/schemas";
import { DeliveryFilterQuery, DeliverySchema, WebhookParams } from "./schemas";
import { deliveryView } from "./views";
import { queryInteger } from "../../platform/http/query";

const route = createRoute({
  method: "get",
  path: "/admin/api/orgs/{id}/webhooks/{webhookId}/deliveries",
  tags: ["Webhooks"],
  summary:
    "The endpoint's deliveries, newest first, optionally of one status or event type, with every attempt (status, response code, duration, error) and the next retry",
  description: `${ORG_SELECTION_DESCRIPTION} The endpoint's deliveries, newest first (one request's events in the reverse of the order it wrote them), optionally of one \`status\` or \`event_type\`. Pages of up to 100: follow \`next_cursor\` until it is null, with the same filters; paging never repeats or skips a delivery that keeps its status meanwhile, and reaches back to the endpoint's first delivery. A cursor that was altered, is another organisation's, endpoint's or list's, or comes with another \`status\` or \`event_type\` than the request that gave it is a 400 \`bad_request\`.`,
  middleware: [requireAdmin] as const,
  // A misspelt filter (the tax service's `eventType`, say) is refused: left unread, every delivery would be listed.
  request: {
    params: WebhookParams,
    query: DeliveryFilterQuery.extend({ limit: queryInteger(1, 100).default(25), cursor: KeysetPageQuery.shape.cursor }).strict(),
  },
  responses: {
    200: {
      description: "A page of deliveries, newest first",
      content: {
        "application/json": {
          schema: keysetPageOf(DeliverySchema).omit({ next_offset: true }).openapi("InventoryDeliveryList"),
        },
      },
    },
    ...errorResponses(...ADMIN_READ_ERRORS, ...ORG_SELECTION_ERRORS, "bad_request"),
  },
});

export function registerListWebhookDeliveries(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const { id, webhookId } = c.req.valid("param");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), id);
    const endpoint = await webhookStore.findEndpoint(c.env.DB, webhookId, org.id);
    if (!endpoint) throw inventoryError("not_found", "No such webhook endpoint");
    const { limit, status, event_type: eventType, cursor } = c.req.valid("query");
    const secrets = sessionSecrets(c.env);
    const filters = { status: status ?? null, event_type: eventType ?? null };
    // The position names its endpoint: a cursor of another of the organisation's endpoints reads as not issued here.
    const position = z.object({ createdAt: z.number().int(), id: z.string().max(64), endpoint: z.literal(endpoint.id) }).strict();
    const after = cursor === undefined ? undefined : await openCursor(secrets, "deliveries", org.id, filters, cursor, position);
    const { deliveries, next } = await webhookStore.listDeliveries(c.env.DB, endpoint.id, { limit, status, eventType, after });
    const nextCursor = next === null ? null : await issueCursor(secrets, "deliveries", org.id, filters, { ...next, endpoint: endpoint.id });
    return c.json({ data: deliveries.map(deliveryView), has_more: next !== null, next_cursor: nextCursor }, 200);
  });
}
