// POST /admin/api/orgs/{id}/webhooks/{webhookId}/recover: after an outage, send again every event since a time
// whose deliveries to the endpoint all failed.
import { createRoute, z } from "@hono/zod-openapi";
import { readBody } from "../../platform/http/body";
import { NoQueryParameters } from "../../platform/http/query";
import { IdempotencyKeyHeaders, idempotentWrites } from "../../platform/http/idempotency";
import { RECOVERY_LIMIT, RECOVERY_WINDOW_MINUTES } from "../../platform/webhooks/outbox";
import { RecoverBody, wholeMsFrom } from "../../platform/webhooks/schemas";
import {
  idempotentForActor,
  requireAdmin,
  resolveOrg,
  ORG_SELECTION_DESCRIPTION,
  ADMIN_WRITE_ERRORS,
  ORG_SELECTION_ERRORS,
} from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { errorResponses, isoOrNull } from "../http/schemas";
import { RecoverySchema, WebhookParams } from "./schemas";
import { endpoints } from "./service";
import { BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../http/errors";

const route = createRoute({
  method: "post",
  path: "/admin/api/orgs/{id}/webhooks/{webhookId}/recover",
  tags: ["Webhooks"],
  summary: "Send again every event since a time whose deliveries to the endpoint all failed",
  description: `${ORG_SELECTION_DESCRIPTION} For an endpoint whose receiver was down and is back: queues again, oldest first, every event whose first delivery to this endpoint was created at or after \`since\` and whose every delivery to it, re-sends included, ended \`failed\` (refused, or not sent). Each goes out as a re-send of the latest of them: the same event body, a fresh \`X-Service-Delivery\` id and its own timestamp, retried on the normal schedule. Events with a delivery that was delivered, or is still pending (a first delivery waiting for its retry, say), are left alone, and so are events from before the endpoint's present enabled period (it was last enabled, else registered, after them): as the fan-out, a recovery never sends those to it, so the deliveries its disabling ended stay ended; and so are events of a type the endpoint no longer takes (its events narrowed since; a failed test send is re-sent whatever they are). At most ${RECOVERY_LIMIT.toLocaleString("en")} re-sends per endpoint in any ${RECOVERY_WINDOW_MINUTES} minutes, its test sends and re-sends included, so that a backlog cannot go out all at once: while \`more\` is true, call again with \`since: next_since\`; a call with none of them left answers 429 \`rate_limited\` with \`Retry-After\`. A disabled endpoint answers 409 \`conflict\` (enable it first); \`since\` in the future is 400. The deliveries a recovery queues count as re-sends, so test sends and re-sends may answer 429 for a minute after it.`,
  middleware: [requireAdmin, readBody({ maxBytes: 1_024 }), idempotentForActor] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    params: WebhookParams,
    body: { required: true, content: { "application/json": { schema: RecoverBody } } },
  },
  responses: {
    202: {
      description: "Queued: each event as a new delivery, sent through the queue and retried on the normal schedule",
      content: { "application/json": { schema: z.object({ data: RecoverySchema }) } },
    },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...ORG_SELECTION_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, "conflict"),
  },
});

export function registerRecoverWebhookDeliveries(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const { id, webhookId } = c.req.valid("param");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), id);
    // The re-sends are written through a database that marks the request's Idempotency-Key in the same batch.
    const env = { ...c.env, DB: idempotentWrites(c, c.env.DB) };
    const recovery = await endpoints.recover(env, org.id, webhookId, wholeMsFrom(c.req.valid("json").since), Date.now());
    return c.json({ data: { queued: recovery.queued, more: recovery.more, next_since: isoOrNull(recovery.nextSince) } }, 202);
  });
}
