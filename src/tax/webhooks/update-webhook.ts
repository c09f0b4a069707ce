// PATCH /api/v1/webhooks/{id} (an API key with webhooks:manage) and PATCH /admin/api/webhooks/{id} (the web
// page's session, or the operator naming an account): edit, disable or enable an endpoint.
import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { readBody } from "../../platform/http/body";
import { ACCOUNT_SELECTION_DESCRIPTION, requireAdmin, resolveAccount, ADMIN_WRITE_ERRORS, ACCOUNT_SELECTION_ERRORS } from "../accounts/operator-auth";
import { taxDb } from "../db/client";
import { errorResponses, type TaxApp, BODY_ERRORS } from "../hono";
import { keySecurity, requireKey, SCOPED_KEY_ERRORS } from "../keys/api-key-auth";
import { AccountEmailQuery, UpdateWebhookSchema, WebhookEndpointSchema, WebhookIdParamSchema } from "./schemas";
import { endpoints, endpointView, keyActor, sessionActor } from "./service";

/** An update: its body, no such endpoint, and a URL another endpoint of the account has. */
const UPDATE_ERRORS = [...BODY_ERRORS, "not_found", "conflict"] as const;

const responses = {
  200: { description: "The endpoint as it now is", content: { "application/json": { schema: z.object({ data: WebhookEndpointSchema }) } } },
};

const description =
  "Send only the fields to change. A new `url` is checked as at registration; a URL another endpoint of the account has is 409 `conflict` naming it. `events` sets a fixed list (`allEvents` becomes false); `allEvents: true` takes every event again, later ones included (not with `events`: 400). A disabled endpoint gets no new deliveries and its pending ones end as failed; the service disables one itself after 3 days of failed attempts (`disabledReason: failing`). Every change is recorded with who made it.";

const keyRoute = createRoute({
  method: "patch",
  path: "/api/v1/webhooks/{id}",
  tags: ["Webhooks"],
  summary: "Change a webhook endpoint's URL, events or description, or disable and enable it",
  description,
  security: keySecurity("webhooks:manage"),
  middleware: [requireKey("webhooks:manage"), readBody({ maxBytes: 8_192 })] as const,
  request: {
    query: NoQueryParameters,
    params: WebhookIdParamSchema,
    body: { required: true, content: { "application/json": { schema: UpdateWebhookSchema } } },
  },
  responses: { ...responses, ...errorResponses(...SCOPED_KEY_ERRORS, ...UPDATE_ERRORS) },
});

const managementRoute = createRoute({
  method: "patch",
  path: "/admin/api/webhooks/{id}",
  tags: ["Management"],
  summary: "Change one of an account's webhook endpoints, or disable and enable it",
  description: `${ACCOUNT_SELECTION_DESCRIPTION} ${description}`,
  middleware: [requireAdmin, readBody({ maxBytes: 8_192 })] as const,
  request: {
    params: WebhookIdParamSchema,
    query: AccountEmailQuery,
    body: { required: true, content: { "application/json": { schema: UpdateWebhookSchema } } },
  },
  responses: { ...responses, ...errorResponses(...ADMIN_WRITE_ERRORS, ...ACCOUNT_SELECTION_ERRORS, ...UPDATE_ERRORS) },
});

export function registerUpdateWebhook(app: TaxApp): void {
  app.openapi(keyRoute, async (c) => {
    const updated = await endpoints.edit(
      c.env,
      c.var.apiKey.state.ownerId,
      c.req.valid("param").id,
      c.req.valid("json"),
      keyActor(c.var.apiKey.state),
      Date.now(),
    );
    return c.json({ data: endpointView(updated) }, 200);
  });
}

export function registerManagementUpdateWebhook(app: TaxApp): void {
  app.openapi(managementRoute, async (c) => {
    const account = await resolveAccount(c.var.actor, taxDb(c.env.DB), c.req.valid("query").accountEmail);
    const updated = await endpoints.edit(c.env, account.id, c.req.valid("param").id, c.req.valid("json"), sessionActor(c.var.actor), Date.now());
    return c.json({ data: endpointView(updated) }, 200);
  });
}
