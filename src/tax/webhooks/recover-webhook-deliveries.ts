// POST /api/v1/webhooks/{id}/recover (an API key with webhooks:manage) and the same under /admin/api (the web
// page's session, or the operator naming an account): after an outage, send again every event since a time whose
// deliveries to the endpoint all failed.
import { createRoute, z } from "@hono/zod-openapi";
import { readBody } from "../../platform/http/body";
import { NoQueryParameters } from "../../platform/http/query";
import { IdempotencyKeyHeaders, idempotentWrites } from "../../platform/http/idempotency";
import { RECOVERY_LIMIT, RECOVERY_WINDOW_MINUTES } from "../../platform/webhooks/outbox";
import { RecoverBody, wholeMsFrom } from "../../platform/webhooks/schemas";
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
import { errorResponses, isoOrNull, type TaxApp, BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../hono";
import { idempotentForAccount, keySecurity, requireKey, SCOPED_KEY_ERRORS } from "../keys/api-key-auth";
import { AccountEmailQuery, RecoverySchema, WebhookIdParamSchema } from "./schemas";
import { endpoints } from "./service";

/** A recovery: its body and Idempotency-Key, no such endpoint, a disabled endpoint, the limit of re-sends in its window. */
const RECOVERY_ERRORS = [...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, "not_found", "conflict", "rate_limited"] as const;

const responses = {
  202: {
    description: "Queued: each event as a new delivery, sent through the queue and retried on the normal schedule",
    content: { "application/json": { schema: z.object({ data: RecoverySchema }) } },
  },
};

const description = `For an endpoint whose receiver was down and is back: queues again, oldest first, every event whose first delivery to this endpoint was created at or after \`since\` and whose every delivery to it, re-sends included, ended \`failed\` (refused, or not sent). Each goes out as a re-send of the latest of them: the same event body, a fresh \`Service-Delivery\` id, signed when sent, retried on the normal schedule. Events with a delivery that was delivered, or is still pending (a first delivery waiting for its retry, say), are left alone, and so are events from before the endpoint's present enabled period (it was last enabled, else registered, after them): as the fan-out, a recovery never sends those to it, so the deliveries its disabling ended stay ended; and so are events of a type the endpoint no longer takes (its events narrowed since; a failed test send is re-sent whatever they are). At most ${RECOVERY_LIMIT.toLocaleString("en")} re-sends per endpoint in any ${RECOVERY_WINDOW_MINUTES} minutes, its test sends and re-sends included, so that a backlog cannot go out all at once: while \`more\` is true, call again with \`since: nextSince\`; a call with none of them left answers 429 \`rate_limited\` with \`Retry-After\`. A disabled endpoint answers 409 \`conflict\` (enable it first); \`since\` in the future is 400. The deliveries a recovery queues count as re-sends, so test sends and re-sends may answer 429 for a minute after it.`;
const body = { required: true, content: { "application/json": { schema: RecoverBody } } };

const keyRoute = createRoute({
  method: "post",
  path: "/api/v1/webhooks/{id}/recover",
  tags: ["Webhooks"],
  summary: "Send again every event since a time whose deliveries to the endpoint all failed",
  description,
  security: keySecurity("webhooks:manage"),
  middleware: [requireKey("webhooks:manage"), readBody({ maxBytes: 1_024 }), idempotentForAccount] as const,
  request: { query: NoQueryParameters, headers: IdempotencyKeyHeaders, params: WebhookIdParamSchema, body },
  responses: { ...responses, ...errorResponses(...SCOPED_KEY_ERRORS, ...RECOVERY_ERRORS) },
});

const managementRoute = createRoute({
  method: "post",
  path: "/admin/api/webhooks/{id}/recover",
  tags: ["Management"],
  summary: "Send again every event since a time whose deliveries to one of an account's endpoints all failed",
  description: `${ACCOUNT_SELECTION_DESCRIPTION} ${description}`,
  middleware: [requireAdmin, readBody({ maxBytes: 1_024 }), idempotentForActor] as const,
  request: { headers: IdempotencyKeyHeaders, params: WebhookIdParamSchema, query: AccountEmailQuery, body },
  responses: { ...responses, ...errorResponses(...ADMIN_WRITE_ERRORS, ...ACCOUNT_SELECTION_ERRORS, ...RECOVERY_ERRORS) },
});

/** Its re-sends are written through `db`, which marks the request's Idempotency-Key in the same batch. */
async function recover(env: TaxEnv, db: D1Database, ownerId: string, id: string, since: string) {
  const recovery = await endpoints.recover({ ...env, DB: db }, ownerId, id, wholeMsFrom(since), Date.now());
  return { data: { queued: recovery.queued, more: recovery.more, nextSince: isoOrNull(recovery.nextSince) } };
}

export function registerRecoverWebhookDeliveries(app: TaxApp): void {
  app.openapi(keyRoute, async (c) =>
    c.json(await recover(c.env, idempotentWrites(c, c.env.DB), c.var.apiKey.state.ownerId, c.req.valid("param").id, c.req.valid("json").since), 202),
  );
}

export function registerManagementRecoverWebhookDeliveries(app: TaxApp): void {
  app.openapi(managementRoute, async (c) => {
    const account = await resolveAccount(c.var.actor, taxDb(c.env.DB), c.req.valid("query").accountEmail);
    return c.json(await recover(c.env, idempotentWrites(c, c.env.DB), account.id, c.req.valid("param").id, c.req.valid("json").since), 202);
  });
}
