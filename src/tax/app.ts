// The composition root: builds the tax app from its features and serves the OpenAPI document.
import { KEY_HEADERS_DESCRIPTION } from "../platform/keys/rate-limit-headers";
import { serveApiReference } from "../platform/http/api-reference";
import { registerWebhookPayloads, serveOpenApi, type SecurityRequirement } from "../platform/http/openapi";
import { EVENTS_LISTED_DAYS } from "../platform/webhooks/schemas";
import { TAX_EVENT_PAYLOADS } from "./webhooks/payloads";
import { createTaxApp, type TaxApp } from "./hono";
import { registerCreateAccount } from "./accounts/create-account";
import { registerCreateKey } from "./keys/create-key";
import { registerGetAccount } from "./accounts/get-account";
import { registerListAccounts } from "./accounts/list-accounts";
import { registerListKeys } from "./keys/list-keys";
import { registerRevokeKey } from "./keys/revoke-key";
import { registerRotateKey } from "./keys/rotate-key";
import { registerBillingWebhook } from "./billing/billing-webhook";
import { registerCompute } from "./compute/compute";
import { registerDeleteProfile } from "./profiles/delete-profile";
import { registerGetProfile } from "./profiles/get-profile";
import { registerListProfiles } from "./profiles/list-profiles";
import { registerParseDocument } from "./documents/parse-document";
import { registerSaveProfile } from "./profiles/save-profile";
import { HEALTH_TAG } from "../platform/health/health";
import { registerHealth } from "./health/health";
import { registerWebPages } from "./web";
import { registerListDeadlines } from "./deadlines/list-deadlines";
import { registerCreateWebhook, registerManagementCreateWebhook } from "./webhooks/create-webhook";
import { registerDeleteWebhook, registerManagementDeleteWebhook } from "./webhooks/delete-webhook";
import { registerListWebhookDeliveries, registerManagementListWebhookDeliveries } from "./webhooks/list-webhook-deliveries";
import { registerListWebhooks, registerManagementListWebhooks } from "./webhooks/list-webhooks";
import { registerTestWebhook, registerManagementTestWebhook } from "./webhooks/test-webhook";
import { registerGetWebhook, registerManagementGetWebhook } from "./webhooks/get-webhook";
import { registerManagementUpdateWebhook, registerUpdateWebhook } from "./webhooks/update-webhook";
import { registerManagementRollWebhookSecret, registerRollWebhookSecret } from "./webhooks/roll-webhook-secret";
import { registerManagementResendWebhookDelivery, registerResendWebhookDelivery } from "./webhooks/resend-webhook-delivery";
import { registerManagementRecoverWebhookDeliveries, registerRecoverWebhookDeliveries } from "./webhooks/recover-webhook-deliveries";
import { registerListEvents, registerManagementListEvents } from "./webhooks/list-events";
import { registerGetEvent, registerManagementGetEvent } from "./webhooks/get-event";

const MANAGEMENT_SECURITY: SecurityRequirement[] = [{ operatorToken: [] }, { session: [] }];

export function buildTaxApp(): TaxApp {
  const app = createTaxApp();
  app.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: `\`Authorization: Bearer tax_<prefix>_<secret>\`. Keys are for servers only: API routes send no CORS headers. ${KEY_HEADERS_DESCRIPTION}`,
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "operatorToken", {
    type: "http",
    scheme: "bearer",
    description: "The operator's `ADMIN_TOKEN` secret: `Authorization: Bearer <ADMIN_TOKEN>`. Acts on any account (name it with `accountEmail`).",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "session", {
    type: "apiKey",
    in: "cookie",
    name: "__Host-tax_session",
    description:
      "The web page's session cookie, set by signing in at `/` (named `tax_session` under plain-http local development on 127.0.0.1). Acts on the signed-in account only; state-changing requests also send its CSRF token in `X-CSRF-Token`.",
  });

  registerWebhookPayloads(app.openAPIRegistry, TAX_EVENT_PAYLOADS, {
    header: "Service-Signature",
    description:
      'Each delivery is signed: `Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint\'s secret>`, with `Service-Delivery` (the delivery id, the same on every attempt). Refuse a timestamp more than 300 s away.',
  });
  registerHealth(app);
  registerCreateAccount(app);
  registerCreateKey(app);
  registerGetAccount(app);
  registerListAccounts(app);
  registerListKeys(app);
  registerRotateKey(app);
  registerRevokeKey(app);
  registerBillingWebhook(app);
  registerListDeadlines(app);
  registerCompute(app);
  registerSaveProfile(app);
  registerListProfiles(app);
  registerCreateWebhook(app);
  registerListWebhooks(app);
  registerDeleteWebhook(app);
  registerTestWebhook(app);
  registerListWebhookDeliveries(app);
  registerGetWebhook(app);
  registerUpdateWebhook(app);
  registerRollWebhookSecret(app);
  registerResendWebhookDelivery(app);
  registerRecoverWebhookDeliveries(app);
  registerListEvents(app);
  registerGetEvent(app);
  registerGetProfile(app);
  registerDeleteProfile(app);
  registerParseDocument(app);

  // The web page's webhook management: the same operations as /api/v1/webhooks, for the session's account.
  registerManagementListWebhooks(app);
  registerManagementCreateWebhook(app);
  registerManagementDeleteWebhook(app);
  registerManagementTestWebhook(app);
  registerManagementListWebhookDeliveries(app);
  registerManagementGetWebhook(app);
  registerManagementUpdateWebhook(app);
  registerManagementRollWebhookSecret(app);
  registerManagementResendWebhookDelivery(app);
  registerManagementRecoverWebhookDeliveries(app);
  registerManagementListEvents(app);
  registerManagementGetEvent(app);
  registerWebPages(app);

  serveOpenApi(
    app,
    "/api/v1/openapi.json",
    () => ({
      openapi: "3.1.0",
      info: {
        title: "Tax Computation Service API",
        version: "1.0.0",
        license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
        description:
          "Indian income tax under both regimes, document parsing, due dates, profiles and signed webhooks. Results are informational and not tax advice.",
      },
      // The groups the reference shows, in the order a new user meets them.
      tags: [
        {
          name: "Compute",
          description:
            "Income tax for a financial year under the old and the new regime, with the regime to choose, the ITR form and ranked ways to save.",
        },
        {
          name: "Documents",
          description: "Read the text of a Form 16 Part B (Form 130) or an AIS into its amounts and a body that /compute accepts unchanged.",
        },
        {
          name: "Profiles",
          description: "Save a person's tax inputs under a label and read them back, each with a summary worked out by the current tax rules.",
        },
        {
          name: "Deadlines",
          description: "Income-tax due dates from a date onward: advance tax, TDS, returns, certificates and audit reports.",
        },
        {
          name: "Webhooks",
          description: `With an API key: endpoints that receive signed events when a profile is saved or deleted and when the plan changes, their delivery logs, and the account's events of the last ${EVENTS_LISTED_DAYS} days.`,
        },
        {
          name: "Management",
          description:
            "Accounts (the operator creates and lists them), each account's API keys and webhook endpoints, for the operator or the account's signed-in user; the web page works through these operations.",
        },
        {
          name: "Billing",
          description: "Where the payment provider (Razorpay) reports the payments, refunds and disputes that buy or take back paid time.",
        },
        HEALTH_TAG,
      ],
      servers: [{ url: "/" }],
    }),
    {
      // Management takes the operator token or a web-page session; health and the Razorpay webhook (verified by
      // its signature header) are public.
      security: (_method, path) => (path.startsWith("/admin/api/") ? MANAGEMENT_SECURITY : []),
    },
  );
  serveApiReference(app, { path: "/api/v1/docs", documentPath: "/api/v1/openapi.json", title: "Tax Computation Service API" });
  return app;
}
