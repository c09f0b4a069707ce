import { createRoute, z } from "@hono/zod-openapi";
import { IsoTime, errorResponses, iso, taxError, type TaxApp } from "../hono";
import { bearerSecurity, requireKey } from "../keys/api-key-auth";
import { deleteEndpoint } from "./queries";
import { WebhookIdParamSchema } from "./schemas";

const route = createRoute({
  method: "delete",
  path: "/api/v1/webhooks/{id}",
  tags: ["Webhooks"],
  summary: "Delete a webhook endpoint; its pending deliveries end as failed without being sent",
  security: bearerSecurity,
  middleware: [requireKey("webhooks:manage")] as const,
  request: { params: WebhookIdParamSchema },
  responses: {
    200: { description: "Deleted", content: { "application/json": { schema: z.object({ data: z.object({ id: z.string(), deletedAt: IsoTime }) }) } } },
    ...errorResponses(401, 403, 404, 429),
  },
});

export function registerDeleteWebhook(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const { id } = c.req.valid("param");
    const now = Date.now();
    if (!(await deleteEndpoint(c.env.DB, id, c.var.apiKey.state.ownerId, now))) throw taxError("not_found", "No such webhook endpoint");
    return c.json({ data: { id, deletedAt: iso(now) } }, 200);
  });
}
