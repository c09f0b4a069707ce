// GET /admin/api/orgs/{id}/events/{eventId} (the operator, or the organisation's session): one of the
// organisation's events of the last 30 days, as its deliveries carry it.
import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { EVENTS_LISTED_DAYS } from "../../platform/webhooks/schemas";
import { requireAdmin, resolveOrg, ORG_SELECTION_DESCRIPTION, ADMIN_READ_ERRORS, ORG_SELECTION_ERRORS } from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { inventoryError } from "../http/errors";
import { errorResponses } from "../http/schemas";
import { webhookStore, wireEvent } from "./queries";
import { EventParams, EventSchema } from "./schemas";

const route = createRoute({
  method: "get",
  path: "/admin/api/orgs/{id}/events/{eventId}",
  tags: ["Webhooks"],
  summary: "One of the organisation's events of the last 30 days, as its deliveries carry it",
  description: `${ORG_SELECTION_DESCRIPTION} An event older than ${EVENTS_LISTED_DAYS} days, a test send (\`webhook.test\`), another organisation's event and an unknown id are all the same 404.`,
  middleware: [requireAdmin] as const,
  request: { params: EventParams, query: NoQueryParameters },
  responses: {
    200: { description: "The event", content: { "application/json": { schema: z.object({ data: EventSchema }) } } },
    ...errorResponses(...ADMIN_READ_ERRORS, ...ORG_SELECTION_ERRORS, "bad_request"),
  },
});

export function registerGetEvent(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const { id, eventId } = c.req.valid("param");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), id);
    const event = await webhookStore.findEvent(c.env.DB, org.id, eventId, Date.now() - EVENTS_LISTED_DAYS * 86_400_000);
    if (!event) throw inventoryError("not_found", "No such event");
    return c.json({ data: wireEvent(event) }, 200);
  });
}
