// GET /admin/api/orgs/{id}/events (the operator, or the organisation's session): the organisation's events of the
// last 30 days, newest first, for a receiver to fetch what it missed.
import { createRoute, z } from "@hono/zod-openapi";
import { sessionSecrets } from "../../platform/env";
import { EVENTS_LISTED_DAYS, eventListFilters, eventListWindow, sinceBeforeBefore } from "../../platform/webhooks/schemas";
import { requireAdmin, resolveOrg, ORG_SELECTION_DESCRIPTION, ADMIN_READ_ERRORS, ORG_SELECTION_ERRORS } from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { issueCursor, openCursor } from "../http/list-cursor";
import { errorResponses, KeysetPageQuery, keysetPageOf, nextOffset, oneStartingPoint } from "../http/schemas";
import { OrgIdParam } from "../http/wire-formats";
import { webhookStore, wireEvent } from "./queries";
import { EventSchema, WebhookEventSchema } from "./schemas";

/** Where an events cursor continues: strictly after its page's last event, in the list's order (newest first). */
const EventCursorPosition = z.object({ createdAt: z.number().int(), id: z.string().max(64) }).strict();

const route = createRoute({
  method: "get",
  path: "/admin/api/orgs/{id}/events",
  tags: ["Webhooks"],
  summary: "The organisation's events of the last 30 days, newest first, as their deliveries carry them: fetch what a receiver missed",
  description: `${ORG_SELECTION_DESCRIPTION} The organisation's events of the last ${EVENTS_LISTED_DAYS} days, newest first (events of one millisecond by id), each exactly as its deliveries carry it: a receiver that missed deliveries processes them the same way (the event \`id\` is its idempotency key). Older events are not listed. Every event of the organisation's own changes is here whether or not an endpoint took it; \`compliance.due\` reminders are made only for an organisation with an enabled endpoint taking them when the daily run happens, so only those are here. Test sends (\`webhook.test\`) are never listed. Filter by \`type\` (an unknown kind is a 400 naming the known ones) and by time with \`since\` (at or after) and \`before\` (strictly before). Page with \`cursor\` = \`next_cursor\`: a cursor walk never repeats or skips an event, whatever is recorded meanwhile (send the same \`type\`, \`since\` and \`before\` with each cursor). \`offset\` instead counts the list as it stands at each request: an event recorded during such a walk moves later pages on by one, so one may come twice. A cursor that was altered, is another organisation's or another list's, or was given for other filters, and \`cursor\` with \`offset\`, are a 400.`,
  middleware: [requireAdmin] as const,
  // A misspelt filter is refused: left unread, every event would be listed.
  request: {
    params: OrgIdParam,
    query: KeysetPageQuery.extend(eventListFilters(WebhookEventSchema).shape).strict().superRefine(sinceBeforeBefore).superRefine(oneStartingPoint),
  },
  responses: {
    200: {
      description: "One page of events, newest first",
      content: { "application/json": { schema: keysetPageOf(EventSchema).openapi("InventoryEventList") } },
    },
    ...errorResponses(...ADMIN_READ_ERRORS, ...ORG_SELECTION_ERRORS, "bad_request"),
  },
});

export function registerListEvents(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const org = await resolveOrg(c, inventoryDb(c.env.DB), c.req.valid("param").id);
    const query = c.req.valid("query");
    const secrets = sessionSecrets(c.env);
    const filters = { type: query.type ?? null, since: query.since ?? null, before: query.before ?? null };
    const after = query.cursor === undefined ? undefined : await openCursor(secrets, "events", org.id, filters, query.cursor, EventCursorPosition);
    const rows = await webhookStore.listEvents(c.env.DB, org.id, {
      ...eventListWindow(query, Date.now()),
      type: query.type,
      ...(after === undefined ? { offset: query.offset ?? 0 } : { after }),
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const hasMore = rows.length > query.limit;
    const last = page.at(-1);
    const nextCursor = hasMore && last ? await issueCursor(secrets, "events", org.id, filters, { createdAt: last.createdAt, id: last.id }) : null;
    return c.json(
      {
        data: page.map(wireEvent),
        has_more: hasMore,
        next_offset: after === undefined ? nextOffset(query.offset ?? 0, page.length, hasMore) : null,
        next_cursor: nextCursor,
      },
      200,
    );
  });
}
