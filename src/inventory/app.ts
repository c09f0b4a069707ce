import type { OpenAPIHono } from "@hono/zod-openapi";
import { createApp, type AppEnv } from "../platform/http/app";
import { PlatformError } from "../platform/http/errors";
import { serveApiReference } from "../platform/http/api-reference";
import { serveOpenApi, type SecurityRequirement } from "../platform/http/openapi";
import type { AuthenticatedKey } from "../platform/keys/middleware";
import { requireWriteAccess } from "./auth";
import type { InventoryEnv } from "./env";
import { inventoryErrors } from "./errors";
import { registerAdminPages } from "./routes/web";
import { registerCreateKey } from "./routes/admin/create-key";
import { registerCreateOrg } from "./routes/admin/create-org";
import { registerGetOrg } from "./routes/admin/get-org";
import { registerListAudit } from "./routes/admin/list-audit";
import { registerListKeys } from "./routes/admin/list-keys";
import { registerRegenerateKey } from "./routes/admin/regenerate-key";
import { registerRevokeKey } from "./routes/admin/revoke-key";
import { registerRotateKey } from "./routes/admin/rotate-key";
import { registerSyncKey } from "./routes/admin/sync-key";
import { registerUpdateOrg } from "./routes/admin/update-org";
import { registerCreateWebhook } from "./routes/admin/create-webhook";
import { registerDeleteWebhook } from "./routes/admin/delete-webhook";
import { registerListWebhookDeliveries } from "./routes/admin/list-webhook-deliveries";
import { registerListWebhooks } from "./routes/admin/list-webhooks";
import { registerTestWebhook } from "./routes/admin/test-webhook";
import { registerStockAndSalesRoutes } from "./routes/stock-and-sales";

/** Management operations a session may not call (they check for the operator after authentication). */
const OPERATOR_ONLY = new Set(["POST /admin/api/orgs", "PATCH /admin/api/orgs/{id}", "POST /admin/api/keys/{id}/sync"]);

const MANAGEMENT_SECURITY: SecurityRequirement[] = [{ operatorToken: [] }, { session: [] }];

export type InventoryAppEnv = AppEnv<InventoryEnv, { apiKey: AuthenticatedKey }>;
export type InventoryApp = OpenAPIHono<InventoryAppEnv>;

export function buildInventoryApp(): InventoryApp {
  const app = createApp<InventoryAppEnv>({ catalogue: inventoryErrors });
  app.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: "`Authorization: Bearer inv_<prefix>_<secret>`, issued in the admin area. Keys are for servers only.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "operatorToken", {
    type: "http",
    scheme: "bearer",
    description: "The operator's `ADMIN_TOKEN` secret: `Authorization: Bearer <ADMIN_TOKEN>`. Acts on any organisation.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "session", {
    type: "apiKey",
    in: "cookie",
    name: "inv_session",
    description: "An organisation admin's session cookie, set by signing in at `/admin`. Acts on that organisation only; state-changing requests also send its CSRF token in `X-CSRF-Token`.",
  });

  // Management API: organisations, keys and the audit log (operator token or an organisation admin's session).
  registerCreateOrg(app);
  registerGetOrg(app);
  registerUpdateOrg(app);
  registerCreateKey(app);
  registerListKeys(app);
  registerRotateKey(app);
  registerRegenerateKey(app);
  registerRevokeKey(app);
  registerSyncKey(app);
  registerListAudit(app);

  // Webhook endpoints of an organisation (secret shown once), their test send and delivery log.
  registerCreateWebhook(app);
  registerListWebhooks(app);
  registerDeleteWebhook(app);
  registerTestWebhook(app);
  registerListWebhookDeliveries(app);

  // Back-office writes (customers, lots, sales, ledgers) and the read API (inventory, sales, CSV exports).
  registerStockAndSalesRoutes(app);

  // The admin area's web page (organisation admins sign in; it calls the management API above).
  registerAdminPages(app);

  serveOpenApi(app, "/api/v1/openapi.json", () => ({
    openapi: "3.1.0",
    info: {
      title: "Inventory and Sales Service API",
      version: "1.0.0",
      description: "Read-only, organisation-scoped API for lots in stock, sales and CSV exports, with signed webhooks.",
    },
    servers: [{ url: "/" }],
  }), {
    // Management takes the operator token or an organisation admin's session, except the operator-only changes.
    security: (method, path) => {
      if (!path.startsWith("/admin/api/")) return [];
      return OPERATOR_ONLY.has(`${method} ${path}`) ? [{ operatorToken: [] }] : MANAGEMENT_SECURITY;
    },
  });
  serveApiReference(app, { path: "/api/v1/docs", documentPath: "/api/v1/openapi.json", title: "Inventory and Sales Service API" });
  // The service has no home page of its own: its root leads to the API reference, `/admin/` to the admin area.
  app.get("/", (c) => c.redirect("/api/v1/docs", 302));
  app.get("/admin/", (c) => c.redirect("/admin", 301));

  // Every v1 endpoint is a read: a write attempt is refused for read-only keys, and is 405 for the others.
  app.on(["POST", "PUT", "PATCH", "DELETE"], "/api/v1/*", requireWriteAccess, (c) => {
    throw new PlatformError("method_not_allowed", `Method ${c.req.method} is not allowed: every v1 endpoint is a read`);
  });
  return app;
}
