// POST /api/v1/webhooks (an API key with webhooks:manage) and POST /admin/api/webhooks (the web page's session,
// or the operator naming an account): one operation, two ways in.
import { IdempotencyKeyHeaders, idempotentWrites } from "../../platform/http/idempotency";
import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { readBody } from "../../platform/http/body";
import {
  ACCOUNT_SELECTION_DESCRIPTION,
  AccountEmailField,
  requireAdmin,
  resolveAccount,
  idempotentForActor,
  ADMIN_WRITE_ERRORS,
  ACCOUNT_SELECTION_ERRORS,
} from "../accounts/operator-auth";
import { taxDb } from "../db/client";
import { errorResponses, type TaxApp, BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../hono";
import { keySecurity, requireKey, idempotentForAccount, SCOPED_KEY_ERRORS } from "../keys/api-key-auth";
import { MAX_ENDPOINTS_PER_ACCOUNT, TAX_WEBHOOK_EVENTS } from "./events";
import { CreatedWebhookEndpointSchema, CreateWebhookSchema } from "./schemas";
import { registerEndpoint } from "./service";
import type { TaxEnv } from "../env";

const ManagementCreateWebhookSchema = CreateWebhookSchema.extend({
  accountEmail: AccountEmailField.openapi({ description: "Operator calls only" }),
}).strict();

/** A registration: its body and Idempotency-Key, and a URL another endpoint has or the most endpoints an account may have. */
const REGISTRATION_ERRORS = [...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, "conflict"] as const;

const responses = {
  201: { description: "Registered", content: { "application/json": { schema: z.object({ data: CreatedWebhookEndpointSchema }) } } },
};

const description = `Events: ${TAX_WEBHOOK_EVENTS.join(", ")}. Without \`events\` the endpoint takes every event, those added later included (\`allEvents: true\`); with it, exactly those. At most ${MAX_ENDPOINTS_PER_ACCOUNT} endpoints per account, each with its own URL: a URL another endpoint of the account has (disabled ones included) is 409 \`conflict\` naming that endpoint.`;

const keyRoute = createRoute({
  method: "post",
  path: "/api/v1/webhooks",
  tags: ["Webhooks"],
  summary: "Register a webhook endpoint; its signing secret is shown only in this response",
  description,
  security: keySecurity("webhooks:manage"),
  middleware: [requireKey("webhooks:manage"), readBody({ maxBytes: 8_192 }), idempotentForAccount] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    body: { required: true, content: { "application/json": { schema: CreateWebhookSchema } } },
  },
  responses: { ...responses, ...errorResponses(...SCOPED_KEY_ERRORS, ...REGISTRATION_ERRORS) },
});

const managementRoute = createRoute({
  method: "post",
  path: "/admin/api/webhooks",
  tags: ["Management"],
  summary: "Register a webhook endpoint for an account; the signing secret is shown only in this response",
  description: `${ACCOUNT_SELECTION_DESCRIPTION} ${description}`,
  middleware: [requireAdmin, readBody({ maxBytes: 8_192 }), idempotentForActor] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    body: { required: true, content: { "application/json": { schema: ManagementCreateWebhookSchema } } },
  },
  responses: { ...responses, ...errorResponses(...ADMIN_WRITE_ERRORS, ...ACCOUNT_SELECTION_ERRORS, ...REGISTRATION_ERRORS) },
});

export function registerCreateWebhook(app: TaxApp): void {
  app.openapi(keyRoute, async (c) => {
    return c.json(
      { data: await registerEndpoint(registrationEnv(c.env, idempotentWrites(c, c.env.DB)), c.var.apiKey.state.ownerId, c.req.valid("json")) },
      201,
    );
  });
}

export function registerManagementCreateWebhook(app: TaxApp): void {
  app.openapi(managementRoute, async (c) => {
    const { accountEmail, ...body } = c.req.valid("json");
    const account = await resolveAccount(c.var.actor, taxDb(c.env.DB), accountEmail);
    return c.json({ data: await registerEndpoint(registrationEnv(c.env, idempotentWrites(c, c.env.DB)), account.id, body) }, 201);
  });
}

/** The bindings a registration needs, its write going through `db` (which marks the request's Idempotency-Key). */
function registrationEnv(env: TaxEnv, db: D1Database): Pick<TaxEnv, "DB" | "WEBHOOK_ALLOW_LOOPBACK" | "SESSION_SECRET"> {
  return { DB: db, WEBHOOK_ALLOW_LOOPBACK: env.WEBHOOK_ALLOW_LOOPBACK, SESSION_SECRET: env.SESSION_SECRET };
}
