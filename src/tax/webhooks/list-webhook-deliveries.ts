// GET /api/v1/webhooks/{id}/deliveries (an API key with webhooks:manage) and GET /admin/api/webhooks/{id}/deliveries
// (the web page's session, or the operator naming an account): one operation, two ways in.
import { createRoute, z } from "@hono/zod-openapi";
import { requireAdmin, resolveAccount } from "../accounts/operator-auth";
import { taxDb } from "../db/client";
import { errorResponses, taxError, type TaxApp } from "../hono";
import { keySecurity, requireKey } from "../keys/api-key-auth";
import { webhookStore } from "./queries";
import { AccountEmailQuery, DeliveryFilterQuery, DeliverySchema, WebhookIdParamSchema } from "./schemas";
import type { DeliveryFilter } from "../../platform/webhooks/queries";
import { deliveryView } from "./service";
import { queryInteger } from "../../platform/http/query";

const Limit = queryInteger(1, 100).default(25);

const responses = {
  200: { description: "Deliveries", content: { "application/json": { schema: z.object({ data: z.array(DeliverySchema) }) } } },
};

const keyRoute = createRoute({
  method: "get",
  path: "/api/v1/webhooks/{id}/deliveries",
  tags: ["Webhooks"],
  summary:
    "The endpoint's recent deliveries, newest first, optionally of one status or event type, with every attempt (status, response code, duration, error) and the next retry",
  security: keySecurity("webhooks:manage"),
  middleware: [requireKey("webhooks:manage")] as const,
  // A misspelt filter is refused: left unread, every delivery would be listed.
  request: { params: WebhookIdParamSchema, query: DeliveryFilterQuery.extend({ limit: Limit }).strict() },
  responses: { ...responses, ...errorResponses(400, 401, 403, 404, 429) },
});

const managementRoute = createRoute({
  method: "get",
  path: "/admin/api/webhooks/{id}/deliveries",
  tags: ["Management"],
  summary: "Recent deliveries of one of an account's endpoints, newest first, with every attempt",
  middleware: [requireAdmin] as const,
  request: { params: WebhookIdParamSchema, query: AccountEmailQuery.extend({ ...DeliveryFilterQuery.shape, limit: Limit }).strict() },
  responses: { ...responses, ...errorResponses(400, 401, 403, 404, 429) },
});

async function listWebhookDeliveries(db: D1Database, ownerId: string, id: string, filter: DeliveryFilter) {
  const endpoint = await webhookStore.findEndpoint(db, id, ownerId);
  if (!endpoint) throw taxError("not_found", "No such webhook endpoint");
  return { data: (await webhookStore.listDeliveries(db, endpoint.id, filter)).map(deliveryView) };
}

export function registerListWebhookDeliveries(app: TaxApp): void {
  app.openapi(keyRoute, async (c) => {
    return c.json(await listWebhookDeliveries(c.env.DB, c.var.apiKey.state.ownerId, c.req.valid("param").id, c.req.valid("query")), 200);
  });
}

export function registerManagementListWebhookDeliveries(app: TaxApp): void {
  app.openapi(managementRoute, async (c) => {
    const { accountEmail, ...filter } = c.req.valid("query");
    const account = await resolveAccount(c.var.actor, taxDb(c.env.DB), accountEmail);
    return c.json(await listWebhookDeliveries(c.env.DB, account.id, c.req.valid("param").id, filter), 200);
  });
}
