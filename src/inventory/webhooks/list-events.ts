// GET /admin/api/orgs/{id}/events (the operator, or the organisation's session): the organisation's events of the
// last 30 days, newest first, for a receiver to fetch what it missed.
import { createRoute } from "@hono/zod-openapi";
import { EVENTS_LISTED_DAYS, eventListFilters, eventListWindow, sinceBeforeBefore } from "../../platform/webhooks/schemas";
import { requireAdmin, resolveOrg } from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { errorResponses, nextOffset, PageQuery, pageOf } from "../http/schemas";
import { OrgIdParam } from "../http/wire-formats";
import { webhookStore, wireEvent } from "./queries";
import { EventSchema, WebhookEventSchema } from "./schemas";

const route = createRoute({
  method: "get",
  path: "/admin/api/orgs/{id}/events",
  tags: ["Webhooks"],
  summary: "The organisation's events of the last 30 days, newest first, as their deliveries carry them: fetch what a receiver missed",
  description: `The organisation's events of the last ${EVENTS_LISTED_DAYS} days, newest first (events of one millisecond by id), each exactly as its deliveries carry it: a receiver that missed deliveries processes them the same way (the event \`id\` is its idempotency key). Older events are not listed. Every event of the organisation's own changes is here whether or not an endpoint took it; \`compliance.due\` reminders are made only for an organisation with an enabled endpoint taking them when the daily run happens, so only those are here. Test sends (\`webhook.test\`) are never listed. Filter by \`type\` (an unknown kind is a 400 naming the known ones) and by time with \`since\` (at or after) and \`before\` (strictly before). \`offset\` counts the list as it stands at each request: an event recorded during a walk moves later pages on by one, so one may come twice, never one be skipped; send the same \`before\` (the time you started) on every page to walk without repeats.`,
  middleware: [requireAdmin] as const,
  // A misspelt filter is refused: left unread, every event would be listed.
  request: { params: OrgIdParam, query: PageQuery.extend(eventListFilters(WebhookEventSchema).shape).strict().superRefine(sinceBeforeBefore) },
  responses: {
    200: { description: "One page of events, newest first", content: { "application/json": { schema: pageOf(EventSchema) } } },
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

export function registerListEvents(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const org = await resolveOrg(c, inventoryDb(c.env.DB), c.req.valid("param").id);
    const query = c.req.valid("query");
    const rows = await webhookStore.listEvents(c.env.DB, org.id, {
      ...eventListWindow(query, Date.now()),
      type: query.type,
      offset: query.offset,
      limit: query.limit + 1,
    });
    const data = rows.slice(0, query.limit).map(wireEvent);
    const hasMore = rows.length > query.limit;
    return c.json({ data, has_more: hasMore, next_offset: nextOffset(query.offset, data.length, hasMore) }, 200);
  });
}
