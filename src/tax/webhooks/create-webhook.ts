import { createRoute, z } from "@hono/zod-openapi";
import { readBody } from "../../platform/http/body";
import { errorResponses, type TaxApp } from "../hono";
import { bearerSecurity, requireKey } from "../keys/api-key-auth";
import { CreatedWebhookEndpointSchema, CreateWebhookSchema } from "./schemas";
import { registerEndpoint } from "./service";
import { MAX_ENDPOINTS_PER_ACCOUNT, TAX_WEBHOOK_EVENTS } from "./events";

const route = createRoute({
  method: "post",
  path: "/api/v1/webhooks",
  tags: ["Webhooks"],
  summary: "Register a webhook endpoint; its signing secret is shown only in this response",
  description: `Events: ${TAX_WEBHOOK_EVENTS.join(", ")} (all when \`events\` is omitted). At most ${MAX_ENDPOINTS_PER_ACCOUNT} endpoints per account.`,
  security: bearerSecurity,
  middleware: [requireKey("webhooks:manage"), readBody({ maxBytes: 8_192 })] as const,
  request: { body: { required: true, content: { "application/json": { schema: CreateWebhookSchema } } } },
  responses: {
    201: { description: "Registered", content: { "application/json": { schema: z.object({ data: CreatedWebhookEndpointSchema }) } } },
    ...errorResponses(400, 401, 403, 409, 413, 415, 429),
  },
});

export function registerCreateWebhook(app: TaxApp): void {
  app.openapi(route, async (c) => {
    return c.json({ data: await registerEndpoint(c.env, c.var.apiKey.state.ownerId, c.req.valid("json")) }, 201);
  });
}
