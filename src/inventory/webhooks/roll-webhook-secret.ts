import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { readBody } from "../../platform/http/body";
import { IdempotencyKeyHeaders, idempotentWrites } from "../../platform/http/idempotency";
import {
  actorName,
  idempotentForActor,
  requireAdmin,
  resolveOrg,
  ORG_SELECTION_DESCRIPTION,
  ADMIN_WRITE_ERRORS,
  ORG_SELECTION_ERRORS,
} from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { errorResponses } from "../http/schemas";
import { RolledWebhookSchema, RollSecretSchema, WebhookParams } from "./schemas";
import { endpoints } from "./service";
import { webhookView } from "./views";
import { BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../http/errors";

const route = createRoute({
  method: "post",
  path: "/admin/api/orgs/{id}/webhooks/{webhookId}/roll-secret",
  tags: ["Webhooks"],
  summary: "Roll a webhook endpoint's signing secret, optionally keeping the old one signing for up to 24 h",
  description: `${ORG_SELECTION_DESCRIPTION} With \`overlap_hours\` > 0 the old secret keeps signing until then: every delivery carries \`X-Service-Signature\` (new secret) and \`X-Service-Signature-Previous\` (old secret) over the same timestamp and body, and two signatures in \`webhook-signature\` (\`v1,<new> v1,<old>\`), so receivers can switch secrets at their own pace. Rolling again inside an overlap ends the older secret at once.`,
  middleware: [requireAdmin, readBody({ maxBytes: 1_024, optional: true }), idempotentForActor] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    params: WebhookParams,
    body: { required: false, content: { "application/json": { schema: RollSecretSchema } } },
  },
  responses: {
    200: {
      description: "The endpoint and its new secret, shown only in this response",
      content: { "application/json": { schema: z.object({ data: RolledWebhookSchema }) } },
    },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...ORG_SELECTION_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS),
  },
});

export function registerRollWebhookSecret(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const { id, webhookId } = c.req.valid("param");
    const { overlap_hours: overlapHours } = RollSecretSchema.parse(c.req.valid("json") ?? {});
    const org = await resolveOrg(c, inventoryDb(c.env.DB), id);
    // Written through a database that marks the request's Idempotency-Key in the same batch: a retry never rolls twice.
    const rolled = await endpoints.roll({ ...c.env, DB: idempotentWrites(c, c.env.DB) }, org.id, webhookId, overlapHours, actorName(c), Date.now());
    return c.json({ data: { ...webhookView(rolled.endpoint), secret: rolled.secret } }, 200);
  });
}
