import { createRoute, z } from "@hono/zod-openapi";
import { requireAdmin, resolveAccount } from "../accounts/operator-auth";
import { errorResponses, type TaxApp } from "../hono";
import { taxDb } from "../db/client";
import { listEndpoints } from "./queries";
import { WebhookEndpointSchema } from "./schemas";
import { endpointView } from "./service";

export const AccountEmailQuery = z.object({
  accountEmail: z.email().max(254).transform((e) => e.toLowerCase()).optional().openapi({ description: "Operator calls only; a signed-in user acts on their own account" }),
});

const route = createRoute({
  method: "get",
  path: "/admin/api/webhooks",
  tags: ["Management"],
  summary: "An account's webhook endpoints, newest first (no secrets); the web page's view of GET /api/v1/webhooks",
  middleware: [requireAdmin] as const,
  request: { query: AccountEmailQuery },
  responses: {
    200: { description: "Endpoints", content: { "application/json": { schema: z.object({ data: z.array(WebhookEndpointSchema) }) } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerAdminListWebhooks(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const account = await resolveAccount(c.var.actor, taxDb(c.env.DB), c.req.valid("query").accountEmail);
    return c.json({ data: (await listEndpoints(c.env.DB, account.id)).map(endpointView) }, 200);
  });
}
