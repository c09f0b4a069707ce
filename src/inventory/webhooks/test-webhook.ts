import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { IdempotencyKeyHeaders } from "../../platform/http/idempotency";
import {
  requireAdmin,
  resolveOrg,
  idempotentForActor,
  ORG_SELECTION_DESCRIPTION,
  ADMIN_WRITE_ERRORS,
  ORG_SELECTION_ERRORS,
} from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { webhookStore } from "./queries";
import { inventoryError, IDEMPOTENCY_ERRORS, BODY_ERRORS } from "../http/errors";
import { errorResponses } from "../http/schemas";
import { requireEnabled } from "../../platform/webhooks/endpoints";
import { manualSendView } from "./views";
import { TestSendSchema, WebhookParams } from "./schemas";
import { sendTestEvent } from "./service";
import { noBody } from "../../platform/http/body";

const route = createRoute({
  method: "post",
  path: "/admin/api/orgs/{id}/webhooks/{webhookId}/test",
  tags: ["Webhooks"],
  summary: "Send a signed `webhook.test` event now; answers with the delivery id and the first attempt's outcome",
  description: `${ORG_SELECTION_DESCRIPTION} A failed first attempt is retried at 10 s, 30 s, 90 s and 240 s, each with the first attempt's timestamp. At most 10 test sends and re-sends per endpoint in any 60 s; beyond that 429 \`rate_limited\` with \`Retry-After\` (each test send may be retried on the schedule, so one endpoint receives at most 50 test requests a minute).`,
  middleware: [requireAdmin, noBody, idempotentForActor] as const,
  request: { query: NoQueryParameters, headers: IdempotencyKeyHeaders, params: WebhookParams },
  responses: {
    200: { description: "Sent (see `attempt.outcome`)", content: { "application/json": { schema: z.object({ data: TestSendSchema }) } } },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...ORG_SELECTION_ERRORS, ...IDEMPOTENCY_ERRORS, "conflict", ...BODY_ERRORS),
  },
});

export function registerTestWebhook(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const { id, webhookId } = c.req.valid("param");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), id);
    const endpoint = await webhookStore.findEndpoint(c.env.DB, webhookId, org.id);
    if (!endpoint) throw inventoryError("not_found", "No such webhook endpoint");
    requireEnabled(endpoint);
    return c.json({ data: manualSendView(await sendTestEvent(c.env, endpoint)) }, 200);
  });
}
