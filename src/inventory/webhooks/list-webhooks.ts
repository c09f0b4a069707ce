import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { requireAdmin, resolveOrg, ORG_SELECTION_DESCRIPTION, ADMIN_READ_ERRORS, ORG_SELECTION_ERRORS } from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { webhookStore } from "./queries";
import { errorResponses } from "../http/schemas";
import { OrgIdParam } from "../http/wire-formats";
import { WebhookSchema } from "./schemas";
import { webhookView } from "./views";

const route = createRoute({
  method: "get",
  path: "/admin/api/orgs/{id}/webhooks",
  tags: ["Webhooks"],
  summary: "The organisation's webhook endpoints, newest first (no secrets)",
  description: `${ORG_SELECTION_DESCRIPTION} Newest first; endpoints registered in the same millisecond are listed in the reverse of the order they were registered.`,
  middleware: [requireAdmin] as const,
  request: { params: OrgIdParam, query: NoQueryParameters },
  responses: {
    200: { description: "Endpoints", content: { "application/json": { schema: z.object({ data: z.array(WebhookSchema) }) } } },
    ...errorResponses(...ADMIN_READ_ERRORS, ...ORG_SELECTION_ERRORS, "bad_request"),
  },
});

export function registerListWebhooks(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const org = await resolveOrg(c, inventoryDb(c.env.DB), c.req.valid("param").id);
    const endpoints = await webhookStore.listEndpoints(c.env.DB, org.id);
    return c.json({ data: endpoints.map((endpoint) => webhookView(endpoint)) }, 200);
  });
}
