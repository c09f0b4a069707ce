// POST /api/v1/webhooks/{id}/test (an API key with webhooks:manage) and POST /admin/api/webhooks/{id}/test (the
// web page's session, or the operator naming an account): one operation, two ways in.
import { IdempotencyKeyHeaders } from "../../platform/http/idempotency";
import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import {
  ACCOUNT_SELECTION_DESCRIPTION,
  requireAdmin,
  resolveAccount,
  idempotentForActor,
  ADMIN_WRITE_ERRORS,
  ACCOUNT_SELECTION_ERRORS,
} from "../accounts/operator-auth";
import { taxDb } from "../db/client";
import type { TaxEnv } from "../env";
import { errorResponses, taxError, type TaxApp, IDEMPOTENCY_ERRORS, BODY_ERRORS } from "../hono";
import { keySecurity, requireKey, idempotentForAccount, SCOPED_KEY_ERRORS } from "../keys/api-key-auth";
import { sendTestEvent } from "./events";
import { webhookStore } from "./queries";
import { AccountEmailQuery, TestSendSchema, WebhookIdParamSchema } from "./schemas";
import { testSendView } from "./service";
import { requireEnabled } from "../../platform/webhooks/endpoints";
import { noBody } from "../../platform/http/body";

/** A test send: its Idempotency-Key, no such endpoint, a disabled endpoint, the per-endpoint limit of manual sends. */
const TEST_SEND_ERRORS = [...IDEMPOTENCY_ERRORS, "not_found", "conflict", "rate_limited"] as const;

const responses = {
  200: { description: "Sent (see `attempt.outcome`)", content: { "application/json": { schema: z.object({ data: TestSendSchema }) } } },
};

const keyRoute = createRoute({
  method: "post",
  path: "/api/v1/webhooks/{id}/test",
  tags: ["Webhooks"],
  summary: "Send a signed `webhook.test` event now; answers with the delivery id and the first attempt's outcome",
  description:
    "A failed first attempt is retried on the normal schedule (2 s, 8 s, then 23 h after the first attempt). At most 10 test sends and re-sends per endpoint in any 60 s; beyond that 429 `rate_limited` with `Retry-After` (each test send may be retried on the schedule, so one endpoint receives at most 40 test requests a minute).",
  security: keySecurity("webhooks:manage"),
  middleware: [requireKey("webhooks:manage"), noBody, idempotentForAccount] as const,
  request: { query: NoQueryParameters, headers: IdempotencyKeyHeaders, params: WebhookIdParamSchema },
  responses: { ...responses, ...errorResponses(...SCOPED_KEY_ERRORS, ...TEST_SEND_ERRORS, ...BODY_ERRORS) },
});

const managementRoute = createRoute({
  method: "post",
  path: "/admin/api/webhooks/{id}/test",
  tags: ["Management"],
  summary: "Send a signed `webhook.test` event to one of an account's endpoints now",
  middleware: [requireAdmin, noBody, idempotentForActor] as const,
  description: `${ACCOUNT_SELECTION_DESCRIPTION} At most 10 test sends and re-sends per endpoint in any 60 s; beyond that 429 \`rate_limited\` with \`Retry-After\`.`,
  request: { headers: IdempotencyKeyHeaders, params: WebhookIdParamSchema, query: AccountEmailQuery },
  responses: { ...responses, ...errorResponses(...ADMIN_WRITE_ERRORS, ...ACCOUNT_SELECTION_ERRORS, ...TEST_SEND_ERRORS, ...BODY_ERRORS) },
});

async function testWebhook(env: TaxEnv, ownerId: string, id: string) {
  const endpoint = await webhookStore.findEndpoint(env.DB, id, ownerId);
  if (!endpoint) throw taxError("not_found", "No such webhook endpoint");
  requireEnabled(endpoint);
  return { data: testSendView(await sendTestEvent(env, endpoint)) };
}

export function registerTestWebhook(app: TaxApp): void {
  app.openapi(keyRoute, async (c) => c.json(await testWebhook(c.env, c.var.apiKey.state.ownerId, c.req.valid("param").id), 200));
}

export function registerManagementTestWebhook(app: TaxApp): void {
  app.openapi(managementRoute, async (c) => {
    const account = await resolveAccount(c.var.actor, taxDb(c.env.DB), c.req.valid("query").accountEmail);
    return c.json(await testWebhook(c.env, account.id, c.req.valid("param").id), 200);
  });
}
