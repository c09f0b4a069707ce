// GET /api/v1/events (an API key with events:read or webhooks:manage) and GET /admin/api/events (the web page's session, or the
// operator naming an account): the account's events of the last 30 days, newest first, for a receiver to fetch
// what it missed.
import { createRoute, z } from "@hono/zod-openapi";
import { queryInteger } from "../../platform/http/query";
import { EVENTS_LISTED_DAYS, eventListFilters, eventListWindow, sinceBeforeBefore } from "../../platform/webhooks/schemas";
import { ACCOUNT_SELECTION_DESCRIPTION, requireAdmin, resolveAccount, ADMIN_READ_ERRORS, ACCOUNT_SELECTION_ERRORS } from "../accounts/operator-auth";
import { taxDb } from "../db/client";
import type { TaxEnv } from "../env";
import { errorResponses, type TaxApp } from "../hono";
import { keySecurity, requireKey, SCOPED_KEY_ERRORS } from "../keys/api-key-auth";
import { CursorQuery, issueListCursor, openListCursor } from "../http/list-cursor";
import { webhookStore, wireEvent } from "./queries";
import { AccountEmailQuery, EventSchema, WebhookEventSchema } from "./schemas";

const Paging = {
  limit: queryInteger(1, 100).default(25).openapi({ description: "Page size, 1 to 100", example: 25 }),
  cursor: CursorQuery,
};
const Filters = eventListFilters(WebhookEventSchema);

const responses = {
  200: {
    description: "A page of events, newest first",
    content: { "application/json": { schema: z.object({ data: z.array(EventSchema), nextCursor: z.string().nullable() }).openapi("TaxEventList") } },
  },
};

const description = `The account's events of the last ${EVENTS_LISTED_DAYS} days, newest first (events of one millisecond by id), each exactly as its deliveries carry it: a receiver that missed deliveries processes them the same way (the event \`id\` is its idempotency key). Older events are not listed. Every event the account's changes produced is here, whether or not an endpoint took it; test sends (\`webhook.test\`) are not events of the account and are never listed. Filter by \`type\` (an unknown type is a 400 naming the known ones) and by time with \`since\` (at or after) and \`before\` (strictly before). Pages of up to 100 with an opaque keyset cursor: follow \`nextCursor\` until it is null; paging never repeats or skips an event, whatever is recorded meanwhile (send the same filters with each cursor). A tampered cursor, one issued for another account, or one sent with other \`type\`, \`since\` or \`before\` than the request that gave it is a 400.`;

const keyRoute = createRoute({
  method: "get",
  path: "/api/v1/events",
  tags: ["Webhooks"],
  summary: "The account's events of the last 30 days, newest first, as their deliveries carry them: fetch what a receiver missed",
  description: `A key with \`events:read\` (read only: it cannot change, test or delete endpoints, so it suits a receiver's server) or \`webhooks:manage\`. ${description}`,
  security: keySecurity("events:read", "webhooks:manage"),
  middleware: [requireKey("events:read", "webhooks:manage")] as const,
  // A misspelt filter is refused: left unread, every event would be listed.
  request: { query: Filters.extend(Paging).strict().superRefine(sinceBeforeBefore) },
  responses: { ...responses, ...errorResponses(...SCOPED_KEY_ERRORS, "validation_error") },
});

const managementRoute = createRoute({
  method: "get",
  path: "/admin/api/events",
  tags: ["Management"],
  summary: "An account's events of the last 30 days, newest first; the web page's view of GET /api/v1/events",
  description: `${ACCOUNT_SELECTION_DESCRIPTION} ${description}`,
  middleware: [requireAdmin] as const,
  request: {
    query: AccountEmailQuery.extend({ ...Filters.shape, ...Paging })
      .strict()
      .superRefine(sinceBeforeBefore),
  },
  responses: { ...responses, ...errorResponses(...ADMIN_READ_ERRORS, ...ACCOUNT_SELECTION_ERRORS) },
});

type ListQuery = z.infer<typeof Filters> & { limit: number; cursor?: string | undefined };

async function listEvents(env: TaxEnv, ownerId: string, query: ListQuery) {
  const filters = { type: query.type ?? null, since: query.since ?? null, before: query.before ?? null };
  // A cursor is bound to its account: another account's cursor is as invalid as a forged one.
  const after = query.cursor === undefined ? undefined : await openListCursor(env, ownerId, filters, query.cursor);
  const rows = await webhookStore.listEvents(env.DB, ownerId, {
    ...eventListWindow(query, Date.now()),
    type: query.type,
    after,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const nextCursor = rows.length > query.limit && last ? await issueListCursor(env, ownerId, filters, last) : null;
  return { data: page.map(wireEvent), nextCursor };
}

export function registerListEvents(app: TaxApp): void {
  app.openapi(keyRoute, async (c) => c.json(await listEvents(c.env, c.var.apiKey.state.ownerId, c.req.valid("query")), 200));
}

export function registerManagementListEvents(app: TaxApp): void {
  app.openapi(managementRoute, async (c) => {
    const { accountEmail, ...query } = c.req.valid("query");
    const account = await resolveAccount(c.var.actor, taxDb(c.env.DB), accountEmail);
    return c.json(await listEvents(c.env, account.id, query), 200);
  });
}
