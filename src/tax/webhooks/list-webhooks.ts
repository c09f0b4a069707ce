import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses, type TaxApp } from "../hono";
import { bearerSecurity, requireKey } from "../keys/api-key-auth";
import { listEndpoints } from "./queries";
import { WebhookEndpointSchema } from "./schemas";
import { endpointView } from "./service";

const route = createRoute({
  method: "get",
  path: "/api/v1/webhooks",
  tags: ["Webhooks"],
  summary: "The account's webhook endpoints, newest first (no secrets)",
  security: bearerSecurity,
  middleware: [requireKey("webhooks:manage")] as const,
  responses: {
    200: { description: "Endpoints", content: { "application/json": { schema: z.object({ data: z.array(WebhookEndpointSchema) }) } } },
    ...errorResponses(401, 403, 429),
  },
});

export function registerListWebhooks(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const endpoints = await listEndpoints(c.env.DB, c.var.apiKey.state.ownerId);
    return c.json({ data: endpoints.map(endpointView) }, 200);
  });
}
