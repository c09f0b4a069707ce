import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { IdempotencyKeyHeaders } from "../../platform/http/idempotency";
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
import { errorResponses } from "../http/schemas";
import { DeliveryParams, TestSendSchema } from "./schemas";
import { endpoints } from "./service";
import { manualSendView } from "./views";
import { IDEMPOTENCY_ERRORS, BODY_ERRORS } from "../http/errors";
import { noBody } from "../../platform/http/body";

const route = createRoute({
  method: "post",
  path: "/admin/api/orgs/{id}/webhooks/{webhookId}/deliveries/{deliveryId}/resend",
  tags: ["Webhooks"],
  summary: "Re-send a past delivery's event now, as a new delivery",
  description: `${ORG_SELECTION_DESCRIPTION} The same event body, as a new delivery with a fresh \`X-Service-Delivery\` id and its own timestamp; a failed first attempt is retried on the normal schedule. Re-sends count with test sends: at most 10 a minute per endpoint (429 \`rate_limited\` with \`Retry-After\`). A disabled endpoint answers 409 \`conflict\`.`,
  middleware: [requireAdmin, noBody, idempotentForActor] as const,
  request: { query: NoQueryParameters, headers: IdempotencyKeyHeaders, params: DeliveryParams },
  responses: {
    200: {
      description: "Sent as a new delivery (see `attempt.outcome`)",
      content: { "application/json": { schema: z.object({ data: TestSendSchema }) } },
    },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...ORG_SELECTION_ERRORS, ...IDEMPOTENCY_ERRORS, "conflict", ...BODY_ERRORS),
  },
});

export function registerResendWebhookDelivery(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const { id, webhookId, deliveryId } = c.req.valid("param");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), id);
    return c.json({ data: manualSendView(await endpoints.resend(c.env, org.id, webhookId, deliveryId, Date.now())) }, 200);
  });
}
