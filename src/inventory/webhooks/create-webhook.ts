import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { IdempotencyKeyHeaders, idempotentWrites } from "../../platform/http/idempotency";
import { readBody } from "../../platform/http/body";
import {
  requireAdmin,
  resolveOrg,
  idempotentForActor,
  ORG_SELECTION_DESCRIPTION,
  ADMIN_WRITE_ERRORS,
  ORG_SELECTION_ERRORS,
} from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../http/errors";
import { errorResponses } from "../http/schemas";
import { webhookView } from "./views";
import { OrgIdParam } from "../http/wire-formats";
import { CreatedWebhookSchema, CreateWebhookSchema } from "./schemas";
import { endpoints, INVENTORY_WEBHOOK_EVENTS, MAX_ENDPOINTS_PER_ORG } from "./service";

const route = createRoute({
  method: "post",
  path: "/admin/api/orgs/{id}/webhooks",
  tags: ["Webhooks"],
  summary: "Register a webhook endpoint; its signing secret is shown only in this response",
  description: `${ORG_SELECTION_DESCRIPTION} Events: ${INVENTORY_WEBHOOK_EVENTS.join(", ")}. Without \`events\` the endpoint takes every event, those added later included (\`all_events: true\`); with it, exactly those. At most ${MAX_ENDPOINTS_PER_ORG} endpoints per organisation, each with its own URL: a URL another endpoint of the organisation has (disabled ones included) is 409 \`conflict\` naming that endpoint.`,
  middleware: [requireAdmin, readBody({ maxBytes: 8_192 }), idempotentForActor] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    params: OrgIdParam,
    body: { required: true, content: { "application/json": { schema: CreateWebhookSchema } } },
  },
  responses: {
    201: { description: "Registered", content: { "application/json": { schema: z.object({ data: CreatedWebhookSchema }) } } },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...ORG_SELECTION_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, "conflict"),
  },
});

export function registerCreateWebhook(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), c.req.valid("param").id);
    const now = Date.now();
    const writes = { DB: idempotentWrites(c, c.env.DB), WEBHOOK_ALLOW_LOOPBACK: c.env.WEBHOOK_ALLOW_LOOPBACK, SESSION_SECRET: c.env.SESSION_SECRET };
    const rules = { everyEvent: INVENTORY_WEBHOOK_EVENTS, maxEndpoints: MAX_ENDPOINTS_PER_ORG, owner: "organisation" };
    const { endpoint, secret } = await endpoints.register(writes, org.id, body, rules, now);
    return c.json({ data: { ...webhookView(endpoint, now), secret } }, 201);
  });
}
