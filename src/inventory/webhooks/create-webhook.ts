import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { IdempotencyKeyHeaders, idempotentWrites } from "../../platform/http/idempotency";
import { readBody } from "../../platform/http/body";
import { newId } from "../../platform/ids";
import { urlTaken } from "../../platform/webhooks/endpoints";
import { sealWebhookSecret } from "../../platform/webhooks/secrets";
import { newWebhookSecret } from "../../platform/webhooks/sign";
import { checkWebhookUrl } from "../../platform/webhooks/url";
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
import { inventoryError, BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../http/errors";
import { errorResponses } from "../http/schemas";
import { webhookView } from "./views";
import { OrgIdParam } from "../http/wire-formats";
import { CreatedWebhookSchema, CreateWebhookSchema } from "./schemas";
import { INVENTORY_WEBHOOK_EVENTS, MAX_ENDPOINTS_PER_ORG } from "./service";

const route = createRoute({
  method: "post",
  path: "/admin/api/orgs/{id}/webhooks",
  tags: ["Webhooks"],
  summary: "Register a webhook endpoint; its signing secret is shown only in this response",
  description: `${ORG_SELECTION_DESCRIPTION} Events: ${INVENTORY_WEBHOOK_EVENTS.join(", ")}. Without \`events\` the endpoint takes every event, those added later included (\`all_events: true\`); with it, exactly those. At most ${MAX_ENDPOINTS_PER_ORG} endpoints per organisation, each with its own URL: a URL another endpoint of the organisation has (disabled ones included) is 409 \`conflict\` naming that endpoint.`,
  middleware: [requireAdmin, readBody({ maxBytes: 8_192 }), idempotentForActor] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    params: OrgIdParam,
    body: { required: true, content: { "application/json": { schema: CreateWebhookSchema } } },
  },
  responses: {
    201: { description: "Registered", content: { "application/json": { schema: z.object({ data: CreatedWebhookSchema }) } } },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...ORG_SELECTION_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, "conflict"),
  },
});

export function registerCreateWebhook(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), c.req.valid("param").id);
    const checked = checkWebhookUrl(body.url, { allowLoopback: c.env.WEBHOOK_ALLOW_LOOPBACK === "true" });
    if (!checked.ok) throw inventoryError("bad_request", `url: ${checked.reason}`);
    const now = Date.now();
    const endpoint = {
      id: newId("whk", now),
      ownerId: org.id,
      url: checked.url,
      events: body.events ?? [...INVENTORY_WEBHOOK_EVENTS],
      // Without a list the endpoint takes every event, present and future (the body's schema keeps
      // `all_events: true` from coming with a list, and `false` from coming without one).
      allEvents: body.events === undefined,
      description: body.description || null,
      createdAt: now,
      previousSecretExpiresAt: null,
      disabledAt: null,
      disabledReason: null,
      failingSince: null,
    };
    const secret = newWebhookSecret();
    const sealed = await sealWebhookSecret(c.env.SESSION_SECRET, endpoint.id, secret);
    const registration = await webhookStore.insertEndpointWithin(
      idempotentWrites(c, c.env.DB),
      { ...endpoint, secret: sealed },
      MAX_ENDPOINTS_PER_ORG,
    );
    if (registration.outcome === "url_taken") throw urlTaken(registration.endpointId);
    if (registration.outcome === "at_limit") {
      throw inventoryError("conflict", `An organisation can have at most ${MAX_ENDPOINTS_PER_ORG} webhook endpoints; delete one first`);
    }
    return c.json({ data: { ...webhookView(endpoint, now), secret } }, 201);
  });
}
