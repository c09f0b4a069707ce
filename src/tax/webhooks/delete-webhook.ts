// DELETE /api/v1/webhooks/{id} (an API key with webhooks:manage) and DELETE /admin/api/webhooks/{id} (the web
// page's session, or the operator naming an account): one operation, two ways in.
import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { endpointDescriptions } from "../../platform/webhooks/schemas";
import { ACCOUNT_SELECTION_DESCRIPTION, requireAdmin, resolveAccount, ADMIN_WRITE_ERRORS, ACCOUNT_SELECTION_ERRORS } from "../accounts/operator-auth";
import { taxDb } from "../db/client";
import { IsoTime, errorResponses, iso, taxError, type TaxApp, BODY_ERRORS } from "../hono";
import { keySecurity, requireKey, SCOPED_KEY_ERRORS } from "../keys/api-key-auth";
import { webhookStore } from "./queries";
import { AccountEmailQuery, WebhookIdParamSchema } from "./schemas";
import { keyActor, sessionActor } from "./service";
import { noBody } from "../../platform/http/body";

const responses = {
  200: { description: "Deleted", content: { "application/json": { schema: z.object({ data: z.object({ id: z.string(), deletedAt: IsoTime }) }) } } },
};

const description = endpointDescriptions("account").delete;

const keyRoute = createRoute({
  method: "delete",
  path: "/api/v1/webhooks/{id}",
  tags: ["Webhooks"],
  summary: "Delete a webhook endpoint; its pending deliveries end as failed without being sent",
  description,
  security: keySecurity("webhooks:manage"),
  middleware: [requireKey("webhooks:manage"), noBody] as const,
  request: { query: NoQueryParameters, params: WebhookIdParamSchema },
  responses: { ...responses, ...errorResponses(...SCOPED_KEY_ERRORS, "validation_error", "not_found", ...BODY_ERRORS) },
});

const managementRoute = createRoute({
  method: "delete",
  path: "/admin/api/webhooks/{id}",
  tags: ["Management"],
  summary: "Delete one of an account's webhook endpoints",
  description: `${ACCOUNT_SELECTION_DESCRIPTION} ${description}`,
  middleware: [requireAdmin, noBody] as const,
  request: { params: WebhookIdParamSchema, query: AccountEmailQuery },
  responses: { ...responses, ...errorResponses(...ADMIN_WRITE_ERRORS, ...ACCOUNT_SELECTION_ERRORS, "not_found", ...BODY_ERRORS) },
});

async function deleteWebhook(db: D1Database, ownerId: string, id: string, actor: string) {
  const now = Date.now();
  if (!(await webhookStore.deleteEndpoint(db, id, ownerId, { action: "deleted", actor, detail: null, at: now }))) {
    throw taxError("not_found", "No such webhook endpoint");
  }
  return { data: { id, deletedAt: iso(now) } };
}

export function registerDeleteWebhook(app: TaxApp): void {
  app.openapi(keyRoute, async (c) =>
    c.json(await deleteWebhook(c.env.DB, c.var.apiKey.state.ownerId, c.req.valid("param").id, keyActor(c.var.apiKey.state)), 200),
  );
}

export function registerManagementDeleteWebhook(app: TaxApp): void {
  app.openapi(managementRoute, async (c) => {
    const account = await resolveAccount(c.var.actor, taxDb(c.env.DB), c.req.valid("query").accountEmail);
    return c.json(await deleteWebhook(c.env.DB, account.id, c.req.valid("param").id, sessionActor(c.var.actor)), 200);
  });
}
