import { createRoute, z } from "@hono/zod-openapi";
import { requireAdmin, resolveAccount } from "../accounts/operator-auth";
import { IsoTime, errorResponses, iso, taxError, type TaxApp } from "../hono";
import { taxDb } from "../db/client";
import { deleteEndpoint } from "./queries";
import { WebhookIdParamSchema } from "./schemas";
import { AccountEmailQuery } from "./admin-list-webhooks";

const route = createRoute({
  method: "delete",
  path: "/admin/api/webhooks/{id}",
  tags: ["Management"],
  summary: "Delete one of an account's webhook endpoints",
  middleware: [requireAdmin] as const,
  request: { params: WebhookIdParamSchema, query: AccountEmailQuery },
  responses: {
    200: { description: "Deleted", content: { "application/json": { schema: z.object({ data: z.object({ id: z.string(), deletedAt: IsoTime }) }) } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerAdminDeleteWebhook(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const account = await resolveAccount(c.var.actor, taxDb(c.env.DB), c.req.valid("query").accountEmail);
    const { id } = c.req.valid("param");
    const now = Date.now();
    if (!(await deleteEndpoint(c.env.DB, id, account.id, now))) throw taxError("not_found", "No such webhook endpoint");
    return c.json({ data: { id, deletedAt: iso(now) } }, 200);
  });
}
