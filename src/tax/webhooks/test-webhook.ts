import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses, taxError, type TaxApp } from "../hono";
import { bearerSecurity, requireKey } from "../keys/api-key-auth";
import { findEndpoint } from "./queries";
import { TestSendSchema, WebhookIdParamSchema } from "./schemas";
import { testSendView } from "./service";
import { sendTestEvent } from "./events";

const route = createRoute({
  method: "post",
  path: "/api/v1/webhooks/{id}/test",
  tags: ["Webhooks"],
  summary: "Send a signed `webhook.test` event now; answers with the delivery id and the first attempt's outcome",
  description: "A failed first attempt is retried on the normal schedule (2 s, 8 s, then 23 h after the first attempt).",
  security: bearerSecurity,
  middleware: [requireKey("webhooks:manage")] as const,
  request: { params: WebhookIdParamSchema },
  responses: {
    200: { description: "Sent (see `attempt.outcome`)", content: { "application/json": { schema: z.object({ data: TestSendSchema }) } } },
    ...errorResponses(401, 403, 404, 429),
  },
});

export function registerTestWebhook(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const endpoint = await findEndpoint(c.env.DB, c.req.valid("param").id, c.var.apiKey.state.ownerId);
    if (!endpoint) throw taxError("not_found", "No such webhook endpoint");
    return c.json({ data: testSendView(await sendTestEvent(c.env, endpoint)) }, 200);
  });
}
