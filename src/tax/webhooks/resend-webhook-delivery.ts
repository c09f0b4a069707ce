// POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/resend (an API key with webhooks:manage) and the same under
// /admin/api (the web page's session, or the operator naming an account): send a past delivery's event again.
import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { IdempotencyKeyHeaders } from "../../platform/http/idempotency";
import {
  ACCOUNT_SELECTION_DESCRIPTION,
  idempotentForActor,
  requireAdmin,
  resolveAccount,
  ADMIN_WRITE_ERRORS,
  ACCOUNT_SELECTION_ERRORS,
} from "../accounts/operator-auth";
import { taxDb } from "../db/client";
import type { TaxEnv } from "../env";
import { errorResponses, type TaxApp, IDEMPOTENCY_ERRORS, BODY_ERRORS } from "../hono";
import { idempotentForAccount, keySecurity, requireKey, SCOPED_KEY_ERRORS } from "../keys/api-key-auth";
import { AccountEmailQuery, DeliveryParamsSchema, TestSendSchema } from "./schemas";
import { endpoints, testSendView } from "./service";
import { noBody } from "../../platform/http/body";

/** A re-send: its Idempotency-Key, no such endpoint or delivery, a disabled endpoint, the per-endpoint limit of manual sends. */
const RESEND_ERRORS = [...IDEMPOTENCY_ERRORS, "not_found", "conflict", "rate_limited"] as const;

const responses = {
  200: {
    description: "Sent as a new delivery (see `attempt.outcome`)",
    content: { "application/json": { schema: z.object({ data: TestSendSchema }) } },
  },
};

const description =
  "The same event body, as a new delivery with a fresh `Service-Delivery` id, signed now; a failed first attempt is retried on the normal schedule. Re-sends count with test sends: at most 10 a minute per endpoint (429 `rate_limited` with `Retry-After`). A disabled endpoint answers 409 `conflict`.";

const keyRoute = createRoute({
  method: "post",
  path: "/api/v1/webhooks/{id}/deliveries/{deliveryId}/resend",
  tags: ["Webhooks"],
  summary: "Re-send a past delivery's event now, as a new delivery",
  description,
  security: keySecurity("webhooks:manage"),
  middleware: [requireKey("webhooks:manage"), noBody, idempotentForAccount] as const,
  request: { query: NoQueryParameters, headers: IdempotencyKeyHeaders, params: DeliveryParamsSchema },
  responses: { ...responses, ...errorResponses(...SCOPED_KEY_ERRORS, ...RESEND_ERRORS, ...BODY_ERRORS) },
});

const managementRoute = createRoute({
  method: "post",
  path: "/admin/api/webhooks/{id}/deliveries/{deliveryId}/resend",
  tags: ["Management"],
  summary: "Re-send a past delivery of one of an account's endpoints, as a new delivery",
  description: `${ACCOUNT_SELECTION_DESCRIPTION} ${description}`,
  middleware: [requireAdmin, noBody, idempotentForActor] as const,
  request: { headers: IdempotencyKeyHeaders, params: DeliveryParamsSchema, query: AccountEmailQuery },
  responses: { ...responses, ...errorResponses(...ADMIN_WRITE_ERRORS, ...ACCOUNT_SELECTION_ERRORS, ...RESEND_ERRORS, ...BODY_ERRORS) },
});

async function resend(env: TaxEnv, ownerId: string, params: { id: string; deliveryId: string }) {
  return { data: testSendView(await endpoints.resend(env, ownerId, params.id, params.deliveryId, Date.now())) };
}

export function registerResendWebhookDelivery(app: TaxApp): void {
  app.openapi(keyRoute, async (c) => c.json(await resend(c.env, c.var.apiKey.state.ownerId, c.req.valid("param")), 200));
}

export function registerManagementResendWebhookDelivery(app: TaxApp): void {
  app.openapi(managementRoute, async (c) => {
    const account = await resolveAccount(c.var.actor, taxDb(c.env.DB), c.req.valid("query").accountEmail);
    return c.json(await resend(c.env, account.id, c.req.valid("param")), 200);
  });
}
