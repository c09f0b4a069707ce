import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { endpointDescriptions } from "../../platform/webhooks/schemas";
import { requireAdmin, resolveOrg, ORG_SELECTION_DESCRIPTION, ADMIN_READ_ERRORS, ORG_SELECTION_ERRORS } from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { webhookStore } from "./queries";
import { errorResponses } from "../http/schemas";
import { WebhookDetailSchema, WebhookParams } from "./schemas";
import { endpoints } from "./service";
import { changeView, webhookView } from "./views";

const route = createRoute({
  method: "get",
  path: "/admin/api/orgs/{id}/webhooks/{webhookId}",
  tags: ["Webhooks"],
  summary: "One webhook endpoint (no secret): whether it is enabled, why not, since when it has been failing, and its changes",
  description: `${ORG_SELECTION_DESCRIPTION} ${endpointDescriptions("organisation").get}`,
  middleware: [requireAdmin] as const,
  request: { params: WebhookParams, query: NoQueryParameters },
  responses: {
    200: { description: "The endpoint", content: { "application/json": { schema: z.object({ data: WebhookDetailSchema }) } } },
    ...errorResponses(...ADMIN_READ_ERRORS, ...ORG_SELECTION_ERRORS, "bad_request"),
  },
});

export function registerGetWebhook(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const { id, webhookId } = c.req.valid("param");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), id);
    const endpoint = await endpoints.find(c.env, org.id, webhookId);
    const changes = await webhookStore.listEndpointChanges(c.env.DB, endpoint.id, 50);
    return c.json({ data: { ...webhookView(endpoint), changes: changes.map(changeView) } }, 200);
  });
}
