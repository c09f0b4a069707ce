// GET /api/v1/webhooks/{id} (an API key with webhooks:manage) and GET /admin/api/webhooks/{id} (the web page's
// session, or the operator naming an account): one endpoint with its state and its audited changes.
import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import type { ManagementEnv } from "../../platform/webhooks/endpoints";
import { endpointDescriptions } from "../../platform/webhooks/schemas";
import { ACCOUNT_SELECTION_DESCRIPTION, requireAdmin, resolveAccount, ADMIN_READ_ERRORS, ACCOUNT_SELECTION_ERRORS } from "../accounts/operator-auth";
import { taxDb } from "../db/client";
import { errorResponses, type TaxApp } from "../hono";
import { keySecurity, requireKey, SCOPED_KEY_ERRORS } from "../keys/api-key-auth";
import { webhookStore } from "./queries";
import { AccountEmailQuery, WebhookEndpointDetailSchema, WebhookIdParamSchema } from "./schemas";
import { changeView, endpoints, endpointView } from "./service";

const responses = {
  200: { description: "The endpoint", content: { "application/json": { schema: z.object({ data: WebhookEndpointDetailSchema }) } } },
};

const description = endpointDescriptions("account").get;

const keyRoute = createRoute({
  method: "get",
  path: "/api/v1/webhooks/{id}",
  tags: ["Webhooks"],
  summary: "One webhook endpoint (no secret): whether it is enabled, why not, since when it has been failing, and its changes",
  description,
  security: keySecurity("webhooks:manage"),
  middleware: [requireKey("webhooks:manage")] as const,
  request: { params: WebhookIdParamSchema, query: NoQueryParameters },
  responses: { ...responses, ...errorResponses(...SCOPED_KEY_ERRORS, "validation_error", "not_found") },
});

const managementRoute = createRoute({
  method: "get",
  path: "/admin/api/webhooks/{id}",
  tags: ["Management"],
  summary: "One of an account's webhook endpoints, with its changes",
  description: `${ACCOUNT_SELECTION_DESCRIPTION} ${description}`,
  middleware: [requireAdmin] as const,
  request: { params: WebhookIdParamSchema, query: AccountEmailQuery },
  responses: { ...responses, ...errorResponses(...ADMIN_READ_ERRORS, ...ACCOUNT_SELECTION_ERRORS, "not_found") },
});

async function getWebhook(env: ManagementEnv, ownerId: string, id: string) {
  const endpoint = await endpoints.find(env, ownerId, id);
  const changes = await webhookStore.listEndpointChanges(env.DB, endpoint.id, 50);
  return { data: { ...endpointView(endpoint), changes: changes.map(changeView) } };
}

export function registerGetWebhook(app: TaxApp): void {
  app.openapi(keyRoute, async (c) => c.json(await getWebhook(c.env, c.var.apiKey.state.ownerId, c.req.valid("param").id), 200));
}

export function registerManagementGetWebhook(app: TaxApp): void {
  app.openapi(managementRoute, async (c) => {
    const account = await resolveAccount(c.var.actor, taxDb(c.env.DB), c.req.valid("query").accountEmail);
    return c.json(await getWebhook(c.env, account.id, c.req.valid("param").id), 200);
  });
}
