// POST /api/v1/webhooks/{id}/roll-secret (an API key with webhooks:manage) and POST /admin/api/webhooks/{id}/roll-secret
// (the web page's session, or the operator naming an account): a new signing secret, shown once.
import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { readBody } from "../../platform/http/body";
import { IdempotencyKeyHeaders, idempotentWrites } from "../../platform/http/idempotency";
import {
  ACCOUNT_SELECTION_DESCRIPTION,
  idempotentForActor,
  requireAdmin,
  resolveAccount,
  ADMIN_WRITE_ERRORS,
  ACCOUNT_SELECTION_ERRORS,
} from "../accounts/operator-auth";
import { taxDb } from "../db/client";
import { errorResponses, type TaxApp, BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../hono";
import { idempotentForAccount, keySecurity, requireKey, SCOPED_KEY_ERRORS } from "../keys/api-key-auth";
import { AccountEmailQuery, RolledWebhookEndpointSchema, RollSecretSchema, WebhookIdParamSchema } from "./schemas";
import { endpoints, endpointView, keyActor, sessionActor } from "./service";

/** A roll: its optional body and Idempotency-Key, and no such endpoint. */
const ROLL_ERRORS = [...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, "not_found"] as const;

const responses = {
  200: {
    description: "The endpoint and its new secret, shown only in this response",
    content: { "application/json": { schema: z.object({ data: RolledWebhookEndpointSchema }) } },
  },
};

const description =
  "With `overlapHours` > 0 the old secret keeps signing until then: every delivery carries two signatures in `Service-Signature` (`t=…,v1=<new>,v1=<old>`) and in `webhook-signature` (`v1,<new> v1,<old>`), so receivers can switch secrets at their own pace. Rolling again inside an overlap ends the older secret at once.";
const body = { required: false, content: { "application/json": { schema: RollSecretSchema } } };

const keyRoute = createRoute({
  method: "post",
  path: "/api/v1/webhooks/{id}/roll-secret",
  tags: ["Webhooks"],
  summary: "Roll a webhook endpoint's signing secret, optionally keeping the old one signing for up to 24 h",
  description,
  security: keySecurity("webhooks:manage"),
  middleware: [requireKey("webhooks:manage"), readBody({ maxBytes: 1_024, optional: true }), idempotentForAccount] as const,
  request: { query: NoQueryParameters, headers: IdempotencyKeyHeaders, params: WebhookIdParamSchema, body },
  responses: { ...responses, ...errorResponses(...SCOPED_KEY_ERRORS, ...ROLL_ERRORS) },
});

const managementRoute = createRoute({
  method: "post",
  path: "/admin/api/webhooks/{id}/roll-secret",
  tags: ["Management"],
  summary: "Roll the signing secret of one of an account's webhook endpoints",
  description: `${ACCOUNT_SELECTION_DESCRIPTION} ${description}`,
  middleware: [requireAdmin, readBody({ maxBytes: 1_024, optional: true }), idempotentForActor] as const,
  request: { headers: IdempotencyKeyHeaders, params: WebhookIdParamSchema, query: AccountEmailQuery, body },
  responses: { ...responses, ...errorResponses(...ADMIN_WRITE_ERRORS, ...ACCOUNT_SELECTION_ERRORS, ...ROLL_ERRORS) },
});

export function registerRollWebhookSecret(app: TaxApp): void {
  app.openapi(keyRoute, async (c) => {
    const { overlapHours } = RollSecretSchema.parse(c.req.valid("json") ?? {});
    // Written through a database that marks the request's Idempotency-Key in the same batch: a retry never rolls twice.
    const rolled = await endpoints.roll(
      { ...c.env, DB: idempotentWrites(c, c.env.DB) },
      c.var.apiKey.state.ownerId,
      c.req.valid("param").id,
      overlapHours,
      keyActor(c.var.apiKey.state),
      Date.now(),
    );
    return c.json({ data: { ...endpointView(rolled.endpoint), secret: rolled.secret } }, 200);
  });
}

export function registerManagementRollWebhookSecret(app: TaxApp): void {
  app.openapi(managementRoute, async (c) => {
    const account = await resolveAccount(c.var.actor, taxDb(c.env.DB), c.req.valid("query").accountEmail);
    const { overlapHours } = RollSecretSchema.parse(c.req.valid("json") ?? {});
    const rolled = await endpoints.roll(
      { ...c.env, DB: idempotentWrites(c, c.env.DB) },
      account.id,
      c.req.valid("param").id,
      overlapHours,
      sessionActor(c.var.actor),
      Date.now(),
    );
    return c.json({ data: { ...endpointView(rolled.endpoint), secret: rolled.secret } }, 200);
  });
}
