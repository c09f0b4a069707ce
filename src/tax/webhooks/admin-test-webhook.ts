import { createRoute, z } from "@hono/zod-openapi";
import { requireAdmin, resolveAccount } from "../accounts/operator-auth";
import { errorResponses, taxError, type TaxApp } from "../hono";
import { taxDb } from "../db/client";
import { findEndpoint } from "./queries";
import { TestSendSchema, WebhookIdParamSchema } from "./schemas";
import { testSendView } from "./service";
import { sendTestEvent } from "./events";
import { AccountEmailQuery } from "./admin-list-webhooks";

const route = createRoute({
  method: "post",
  path: "/admin/api/webhooks/{id}/test",
  tags: ["Management"],
  summary: "Send a signed `webhook.test` event to one of an account's endpoints now",
  middleware: [requireAdmin] as const,
  request: { params: WebhookIdParamSchema, query: AccountEmailQuery },
  responses: {
    200: { description: "Sent (see `attempt.outcome`)", content: { "application/json": { schema: z.object({ data: TestSendSchema }) } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerAdminTestWebhook(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const account = await resolveAccount(c.var.actor, taxDb(c.env.DB), c.req.valid("query").accountEmail);
    const endpoint = await findEndpoint(c.env.DB, c.req.valid("param").id, account.id);
    if (!endpoint) throw taxError("not_found", "No such webhook endpoint");
    return c.json({ data: testSendView(await sendTestEvent(c.env, endpoint)) }, 200);
  });
}
