// GET /api/v1/webhooks (an API key with webhooks:manage) and GET /admin/api/webhooks (the web page's session,
// or the operator naming an account): one operation, two ways in.
import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { ACCOUNT_SELECTION_DESCRIPTION, requireAdmin, resolveAccount, ADMIN_READ_ERRORS, ACCOUNT_SELECTION_ERRORS } from "../accounts/operator-auth";
import { taxDb } from "../db/client";
import type { TaxEnv } from "../env";
import { errorResponses, type TaxApp } from "../hono";
import { keySecurity, requireKey, SCOPED_KEY_ERRORS } from "../keys/api-key-auth";
import { webhookStore } from "./queries";
import { AccountEmailQuery, WebhookEndpointSchema } from "./schemas";
import { endpointView } from "./service";

const responses = {
  200: { description: "Endpoints", content: { "application/json": { schema: z.object({ data: z.array(WebhookEndpointSchema) }) } } },
};

const keyRoute = createRoute({
  method: "get",
  path: "/api/v1/webhooks",
  tags: ["Webhooks"],
  summary: "The account's webhook endpoints, newest first (no secrets)",
  description: "Newest first; endpoints registered in the same millisecond are listed in the reverse of the order they were registered.",
  security: keySecurity("webhooks:manage"),
  middleware: [requireKey("webhooks:manage")] as const,
  request: { query: NoQueryParameters },
  responses: { ...responses, ...errorResponses(...SCOPED_KEY_ERRORS, "validation_error") },
});

const managementRoute = createRoute({
  method: "get",
  path: "/admin/api/webhooks",
  tags: ["Management"],
  summary: "An account's webhook endpoints, newest first (no secrets); the web page's view of GET /api/v1/webhooks",
  description: `${ACCOUNT_SELECTION_DESCRIPTION} Newest first; endpoints registered in the same millisecond are listed in the reverse of the order they were registered.`,
  middleware: [requireAdmin] as const,
  request: { query: AccountEmailQuery },
  responses: { ...responses, ...errorResponses(...ADMIN_READ_ERRORS, ...ACCOUNT_SELECTION_ERRORS) },
});

async function listWebhooks(env: TaxEnv, ownerId: string) {
  return { data: (await webhookStore.listEndpoints(env.DB, ownerId)).map((endpoint) => endpointView(endpoint)) };
}

export function registerListWebhooks(app: TaxApp): void {
  app.openapi(keyRoute, async (c) => c.json(await listWebhooks(c.env, c.var.apiKey.state.ownerId), 200));
}

export function registerManagementListWebhooks(app: TaxApp): void {
  app.openapi(managementRoute, async (c) => {
    const account = await resolveAccount(c.var.actor, taxDb(c.env.DB), c.req.valid("query").accountEmail);
    return c.json(await listWebhooks(c.env, account.id), 200);
  });
}
