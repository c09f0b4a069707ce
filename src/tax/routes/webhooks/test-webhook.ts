import { createRoute, z } from "@hono/zod-openapi";
import type { TaxApp } from "../../app";
import { bearerSecurity, requireKey } from "../../auth";
import { findEndpoint } from "../../db/webhooks";
import { taxError } from "../../errors";
import { errorResponses } from "../../schemas/common";
import { TestSendSchema, WebhookIdParamSchema } from "../../schemas/webhooks";
import { testSendView } from "../../webhook-endpoints";
import { sendTestEvent } from "../../webhooks";

const route = createRoute({
  method: "post",
  path: "/api/v1/webhooks/{id}/test",
  tags: ["Webhooks"],
  summary: "Send a signed `webhook.test` event now; answers with the delivery id and the first attempt's outcome",
  description: "A failed first attempt is retried on the normal schedule (2 s, 8 s, then 23 h after the first attempt). At most 10 test sends per endpoint in any 60 s; beyond that 429 `rate_limited` with `Retry-After` (each test send may be retried on the schedule, so one endpoint receives at most 40 test requests a minute).",
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
    const endpoint = await findEndpoint(c.env.DB, c.req.valid("param").id, c.get("apiKey").state.ownerId);
    if (!endpoint) throw taxError("not_found", "No such webhook endpoint");
    return c.json({ data: testSendView(await sendTestEvent(c.env, endpoint)) }, 200);
  });
}
