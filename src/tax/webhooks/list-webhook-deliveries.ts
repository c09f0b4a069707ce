// GET /api/v1/webhooks/{id}/deliveries (an API key with webhooks:manage) and GET /admin/api/webhooks/{id}/deliveries
// (the web page's session, or the operator naming an account): one operation, two ways in.
import { createRoute, z } from "@hono/zod-openapi";
import { ACCOUNT_SELECTION_DESCRIPTION, requireAdmin, resolveAccount, ADMIN_READ_ERRORS, ACCOUNT_SELECTION_ERRORS } from "../accounts/operator-auth";
import { taxDb } from "../db/client";
import type { TaxEnv } from "../env";
import { errorResponses, taxError, type TaxApp } from "../hono";
import { keySecurity, requireKey, SCOPED_KEY_ERRORS } from "../keys/api-key-auth";
import { CursorQuery, issueListCursor, openListCursor } from "../http/list-cursor";
import { webhookStore } from "./queries";
import { AccountEmailQuery, DeliveryFilterQuery, DeliverySchema, WebhookIdParamSchema } from "./schemas";
import { deliveryView } from "./service";
import { queryInteger } from "../../platform/http/query";

const Paging = { limit: queryInteger(1, 100).default(25), cursor: CursorQuery };

const responses = {
  200: {
    description: "A page of deliveries, newest first",
    content: {
      "application/json": { schema: z.object({ data: z.array(DeliverySchema), nextCursor: z.string().nullable() }).openapi("TaxDeliveryList") },
    },
  },
};

const description =
  "The endpoint's deliveries, newest first (one request's events in the reverse of the order it wrote them), optionally of one `status` or `eventType`, each with every attempt and its next retry. Pages of up to 100: follow `nextCursor` until it is null, with the same filters; paging never repeats or skips a delivery that keeps its status meanwhile, and reaches back to the endpoint's first delivery. A tampered cursor, one of another endpoint, or one sent with another `status` or `eventType` than the request that gave it is a 400.";

const keyRoute = createRoute({
  method: "get",
  path: "/api/v1/webhooks/{id}/deliveries",
  tags: ["Webhooks"],
  summary:
    "The endpoint's deliveries, newest first, optionally of one status or event type, with every attempt (status, response code, duration, error) and the next retry",
  description,
  security: keySecurity("webhooks:manage"),
  middleware: [requireKey("webhooks:manage")] as const,
  // A misspelt filter is refused: left unread, every delivery would be listed.
  request: { params: WebhookIdParamSchema, query: DeliveryFilterQuery.extend(Paging).strict() },
  responses: { ...responses, ...errorResponses(...SCOPED_KEY_ERRORS, "validation_error", "not_found") },
});

const managementRoute = createRoute({
  method: "get",
  path: "/admin/api/webhooks/{id}/deliveries",
  tags: ["Management"],
  summary: "Deliveries of one of an account's endpoints, newest first, with every attempt",
  description: `${ACCOUNT_SELECTION_DESCRIPTION} ${description}`,
  middleware: [requireAdmin] as const,
  request: { params: WebhookIdParamSchema, query: AccountEmailQuery.extend({ ...DeliveryFilterQuery.shape, ...Paging }).strict() },
  responses: { ...responses, ...errorResponses(...ADMIN_READ_ERRORS, ...ACCOUNT_SELECTION_ERRORS, "not_found") },
});

type ListQuery = z.infer<typeof DeliveryFilterQuery> & { limit: number; cursor?: string | undefined };

async function listWebhookDeliveries(env: TaxEnv, ownerId: string, id: string, query: ListQuery) {
  const endpoint = await webhookStore.findEndpoint(env.DB, id, ownerId);
  if (!endpoint) throw taxError("not_found", "No such webhook endpoint");
  const filters = { status: query.status ?? null, eventType: query.eventType ?? null };
  // The endpoint was found among the caller's own, so a cursor of another endpoint, anyone's, is refused.
  const after = query.cursor === undefined ? undefined : await openListCursor(env, endpoint.id, filters, query.cursor);
  const { deliveries, next } = await webhookStore.listDeliveries(env.DB, endpoint.id, { ...query, after });
  const nextCursor = next === null ? null : await issueListCursor(env, endpoint.id, filters, next);
  return { data: deliveries.map(deliveryView), nextCursor };
}

export function registerListWebhookDeliveries(app: TaxApp): void {
  app.openapi(keyRoute, async (c) => {
    return c.json(await listWebhookDeliveries(c.env, c.var.apiKey.state.ownerId, c.req.valid("param").id, c.req.valid("query")), 200);
  });
}

export function registerManagementListWebhookDeliveries(app: TaxApp): void {
  app.openapi(managementRoute, async (c) => {
    const { accountEmail, ...query } = c.req.valid("query");
    const account = await resolveAccount(c.var.actor, taxDb(c.env.DB), accountEmail);
    return c.json(await listWebhookDeliveries(c.env, account.id, c.req.valid("param").id, query), 200);
  });
}
