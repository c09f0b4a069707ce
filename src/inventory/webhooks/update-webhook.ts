import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { readBody } from "../../platform/http/body";
import { actorName, requireAdmin, resolveOrg, ORG_SELECTION_DESCRIPTION, ADMIN_WRITE_ERRORS, ORG_SELECTION_ERRORS } from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { errorResponses } from "../http/schemas";
import { UpdateWebhookSchema, WebhookParams, WebhookSchema } from "./schemas";
import { endpoints } from "./service";
import { webhookView } from "./views";
import { BODY_ERRORS } from "../http/errors";

const route = createRoute({
  method: "patch",
  path: "/admin/api/orgs/{id}/webhooks/{webhookId}",
  tags: ["Webhooks"],
  summary: "Change a webhook endpoint's URL, events or description, or disable and enable it",
  description: `${ORG_SELECTION_DESCRIPTION} Send only the fields to change. A new \`url\` passes the checks of a registration, and a URL another endpoint of the organisation has is 409 \`conflict\` naming that endpoint. \`events\` sets a fixed list (\`all_events\` becomes false); \`all_events: true\` makes the endpoint take every event again, those added later included (not together with \`events\`: 400). A disabled endpoint gets no deliveries for new events, and its pending deliveries end as failed without being sent; the service also disables an endpoint itself after 3 days in which every attempt failed (\`disabled_reason: failing\`). Every change is recorded with who made it (see GET of the endpoint).`,
  middleware: [requireAdmin, readBody({ maxBytes: 8_192 })] as const,
  request: {
    query: NoQueryParameters,
    params: WebhookParams,
    body: { required: true, content: { "application/json": { schema: UpdateWebhookSchema } } },
  },
  responses: {
    200: { description: "The endpoint as it now is", content: { "application/json": { schema: z.object({ data: WebhookSchema }) } } },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...ORG_SELECTION_ERRORS, ...BODY_ERRORS, "conflict"),
  },
});

export function registerUpdateWebhook(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const { id, webhookId } = c.req.valid("param");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), id);
    const { all_events: allEvents, ...edit } = c.req.valid("json");
    const updated = await endpoints.edit(c.env, org.id, webhookId, { ...edit, allEvents }, actorName(c), Date.now());
    return c.json({ data: webhookView(updated) }, 200);
  });
}
