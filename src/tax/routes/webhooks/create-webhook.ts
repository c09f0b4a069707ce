import { createRoute, z } from "@hono/zod-openapi";
import { readBody } from "../../../platform/http/body";
import { newId } from "../../../platform/ids";
import { newWebhookSecret } from "../../../platform/webhooks/sign";
import { checkWebhookUrl } from "../../../platform/webhooks/url";
import type { TaxApp } from "../../app";
import { bearerSecurity, requireKey } from "../../auth";
import { countEndpoints, insertEndpoint } from "../../db/webhooks";
import { taxError } from "../../errors";
import { errorResponses, iso } from "../../schemas/common";
import { CreatedWebhookEndpointSchema, CreateWebhookSchema } from "../../schemas/webhooks";
import { MAX_ENDPOINTS_PER_ACCOUNT, TAX_WEBHOOK_EVENTS } from "../../webhooks";

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
    const body = c.req.valid("json");
    const checked = checkWebhookUrl(body.url, { allowLoopback: c.env.WEBHOOK_ALLOW_LOOPBACK === "true" });
    if (!checked.ok) throw taxError("validation_error", `url: ${checked.reason}`);
    const ownerId = c.get("apiKey").state.ownerId;
    if ((await countEndpoints(c.env.DB, ownerId)) >= MAX_ENDPOINTS_PER_ACCOUNT) {
      throw taxError("conflict", `An account can have at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints; delete one first`);
    }
    const now = Date.now();
    const endpoint = {
      id: newId("whk", now),
      ownerId,
      url: checked.url,
      events: body.events ?? [...TAX_WEBHOOK_EVENTS],
      description: body.description || null,
      createdAt: now,
    };
    const secret = newWebhookSecret();
    await insertEndpoint(c.env.DB, { ...endpoint, secret });
    return c.json(
      { data: { id: endpoint.id, url: endpoint.url, events: endpoint.events, description: endpoint.description, createdAt: iso(now), secret } },
      201,
    );
  });
}
