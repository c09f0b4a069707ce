import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { endpointDescriptions } from "../../platform/webhooks/schemas";
import { actorName, requireAdmin, resolveOrg, ORG_SELECTION_DESCRIPTION, ADMIN_WRITE_ERRORS, ORG_SELECTION_ERRORS } from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { webhookStore } from "./queries";
import { inventoryError, BODY_ERRORS } from "../http/errors";
import { errorResponses, iso, IsoTime } from "../http/schemas";
import { WebhookParams } from "./schemas";
import { noBody } from "../../platform/http/body";

const route = createRoute({
  method: "delete",
  path: "/admin/api/orgs/{id}/webhooks/{webhookId}",
  tags: ["Webhooks"],
  summary: "Delete a webhook endpoint; its pending deliveries end as failed without being sent",
  description: `${ORG_SELECTION_DESCRIPTION} ${endpointDescriptions("organisation").delete}`,
  middleware: [requireAdmin, noBody] as const,
  request: { query: NoQueryParameters, params: WebhookParams },
  responses: {
    200: {
      description: "Deleted",
      content: { "application/json": { schema: z.object({ data: z.object({ id: z.string(), deleted_at: IsoTime }) }) } },
    },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...ORG_SELECTION_ERRORS, "bad_request", ...BODY_ERRORS),
  },
});

export function registerDeleteWebhook(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const { id, webhookId } = c.req.valid("param");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), id);
    const now = Date.now();
    const change = { action: "deleted" as const, actor: actorName(c), detail: null, at: now };
    if (!(await webhookStore.deleteEndpoint(c.env.DB, webhookId, org.id, change))) throw inventoryError("not_found", "No such webhook endpoint");
    return c.json({ data: { id: webhookId, deleted_at: iso(now) } }, 200);
  });
}
