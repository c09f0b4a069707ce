// GET /api/v1/events/{id} (an API key with events:read or webhooks:manage) and GET /admin/api/events/{id} (the web page's session,
// or the operator naming an account): one of the account's events of the last 30 days, as its deliveries carry it.
import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { EVENTS_LISTED_DAYS } from "../../platform/webhooks/schemas";
import { ACCOUNT_SELECTION_DESCRIPTION, requireAdmin, resolveAccount, ADMIN_READ_ERRORS, ACCOUNT_SELECTION_ERRORS } from "../accounts/operator-auth";
import { taxDb } from "../db/client";
import { errorResponses, taxError, type TaxApp } from "../hono";
import { keySecurity, requireKey, SCOPED_KEY_ERRORS } from "../keys/api-key-auth";
import { webhookStore, wireEvent } from "./queries";
import { AccountEmailQuery, EventIdParamSchema, EventSchema } from "./schemas";

const responses = {
  200: { description: "The event", content: { "application/json": { schema: z.object({ data: EventSchema }) } } },
};

const description = `One event exactly as its deliveries carry it. An event older than ${EVENTS_LISTED_DAYS} days, a test send (\`webhook.test\`), another account's event and an unknown id are all the same 404.`;

const keyRoute = createRoute({
  method: "get",
  path: "/api/v1/events/{id}",
  tags: ["Webhooks"],
  summary: "One of the account's events of the last 30 days, as its deliveries carry it",
  description: `A key with \`events:read\` (read only: it cannot change, test or delete endpoints, so it suits a receiver's server) or \`webhooks:manage\`. ${description}`,
  security: keySecurity("events:read", "webhooks:manage"),
  middleware: [requireKey("events:read", "webhooks:manage")] as const,
  request: { params: EventIdParamSchema, query: NoQueryParameters },
  responses: { ...responses, ...errorResponses(...SCOPED_KEY_ERRORS, "validation_error", "not_found") },
});

const managementRoute = createRoute({
  method: "get",
  path: "/admin/api/events/{id}",
  tags: ["Management"],
  summary: "One of an account's events of the last 30 days",
  description: `${ACCOUNT_SELECTION_DESCRIPTION} ${description}`,
  middleware: [requireAdmin] as const,
  request: { params: EventIdParamSchema, query: AccountEmailQuery },
  responses: { ...responses, ...errorResponses(...ADMIN_READ_ERRORS, ...ACCOUNT_SELECTION_ERRORS, "not_found") },
});

async function getEvent(db: D1Database, ownerId: string, id: string) {
  const event = await webhookStore.findEvent(db, ownerId, id, Date.now() - EVENTS_LISTED_DAYS * 86_400_000);
  if (!event) throw taxError("not_found", "No such event");
  return { data: wireEvent(event) };
}

export function registerGetEvent(app: TaxApp): void {
  app.openapi(keyRoute, async (c) => c.json(await getEvent(c.env.DB, c.var.apiKey.state.ownerId, c.req.valid("param").id), 200));
}

export function registerManagementGetEvent(app: TaxApp): void {
  app.openapi(managementRoute, async (c) => {
    const account = await resolveAccount(c.var.actor, taxDb(c.env.DB), c.req.valid("query").accountEmail);
    return c.json(await getEvent(c.env.DB, account.id, c.req.valid("param").id), 200);
  });
}
