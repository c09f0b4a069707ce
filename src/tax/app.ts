import type { OpenAPIHono } from "@hono/zod-openapi";
import { createApp, type AppEnv } from "../platform/http/app";
import { serveApiReference } from "../platform/http/api-reference";
import { serveOpenApi, type SecurityRequirement } from "../platform/http/openapi";
import type { AuthenticatedKey } from "../platform/keys/middleware";
import type { TaxEnv } from "./env";
import { taxErrors } from "./errors";
import { registerCreateAccount } from "./routes/admin/create-account";
import { registerCreateKey } from "./routes/admin/create-key";
import { registerAdminCreateWebhook } from "./routes/admin/create-webhook";
import { registerAdminDeleteWebhook } from "./routes/admin/delete-webhook";
import { registerGetAccount } from "./routes/admin/get-account";
import { registerListKeys } from "./routes/admin/list-keys";
import { registerAdminListWebhookDeliveries } from "./routes/admin/list-webhook-deliveries";
import { registerAdminListWebhooks } from "./routes/admin/list-webhooks";
import { registerRevokeKey } from "./routes/admin/revoke-key";
import { registerRotateKey } from "./routes/admin/rotate-key";
import { registerAdminTestWebhook } from "./routes/admin/test-webhook";
import { registerBillingWebhook } from "./routes/billing-webhook";
import { registerCompute } from "./routes/compute";
import { registerDeleteProfile } from "./routes/delete-profile";
import { registerGetProfile } from "./routes/get-profile";
import { registerListProfiles } from "./routes/list-profiles";
import { registerParseDocument } from "./routes/parse-document";
import { registerSaveProfile } from "./routes/save-profile";
import { registerHealth } from "./routes/health";
import { registerWebPages } from "./routes/web";
import { registerListDeadlines } from "./routes/list-deadlines";
import { registerCreateWebhook } from "./routes/webhooks/create-webhook";
import { registerDeleteWebhook } from "./routes/webhooks/delete-webhook";
import { registerListWebhookDeliveries } from "./routes/webhooks/list-webhook-deliveries";
import { registerListWebhooks } from "./routes/webhooks/list-webhooks";
import { registerTestWebhook } from "./routes/webhooks/test-webhook";

const MANAGEMENT_SECURITY: SecurityRequirement[] = [{ operatorToken: [] }, { session: [] }];

export type TaxAppEnv = AppEnv<TaxEnv, { apiKey: AuthenticatedKey }>;
export type TaxApp = OpenAPIHono<TaxAppEnv>;

export function buildTaxApp(): TaxApp {
  const app = createApp<TaxAppEnv>({ catalogue: taxErrors });
  app.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: "`Authorization: Bearer tax_<prefix>_<secret>`. Keys are for servers only: API routes send no CORS headers.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "operatorToken", {
    type: "http",
    scheme: "bearer",
    description: "The operator's `ADMIN_TOKEN` secret: `Authorization: Bearer <ADMIN_TOKEN>`. Acts on any account (name it with `accountEmail`).",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "session", {
    type: "apiKey",
    in: "cookie",
    name: "tax_session",
    description: "The web page's session cookie, set by signing in at `/`. Acts on the signed-in account only; state-changing requests also send its CSRF token in `X-CSRF-Token`.",
  });

  registerHealth(app);
  registerCreateAccount(app);
  registerCreateKey(app);
  registerGetAccount(app);
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
  registerGetProfile(app);
  registerDeleteProfile(app);
  registerParseDocument(app);

  // The web page's webhook management: the same operations as /api/v1/webhooks, for the session's account.
  registerAdminListWebhooks(app);
  registerAdminCreateWebhook(app);
  registerAdminDeleteWebhook(app);
  registerAdminTestWebhook(app);
  registerAdminListWebhookDeliveries(app);
  registerWebPages(app);

  serveOpenApi(app, "/api/v1/openapi.json", () => ({
    openapi: "3.1.0",
    info: {
      title: "Tax Computation Service API",
      version: "1.0.0",
      description: "Indian income tax under both regimes, document parsing, due dates, profiles and signed webhooks. Results are informational and not tax advice.",
    },
    servers: [{ url: "/" }],
  }), {
    // Management takes the operator token or a web-page session; health and the Razorpay webhook (verified by
    // its signature header) are public.
    security: (_method, path) => (path.startsWith("/admin/api/") ? MANAGEMENT_SECURITY : []),
  });
  serveApiReference(app, { path: "/api/v1/docs", documentPath: "/api/v1/openapi.json", title: "Tax Computation Service API" });
  return app;
}
