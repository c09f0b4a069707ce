// The composition root: builds the app from the leaf factory and registers every feature's routes.
import { KEY_HEADERS_DESCRIPTION } from "../platform/keys/rate-limit-headers";
import { routePattern } from "../platform/http/app";
import { PlatformError } from "../platform/http/errors";
import { serveApiReference } from "../platform/http/api-reference";
import { servePageFiles } from "../platform/ui/headers";
import { registerWebhookPayloads, serveOpenApi, type SecurityRequirement } from "../platform/http/openapi";
import { EVENTS_LISTED_DAYS } from "../platform/webhooks/schemas";
import { INVENTORY_EVENT_PAYLOADS } from "./webhooks/payloads";
import { KEY_STATE_HEADERS } from "./http/wire-formats";
import { type InventoryScope, requireWriteAccess } from "./keys/api-key-auth";
import { createInventoryApp, type InventoryApp } from "./hono";
import { HEALTH_TAG } from "../platform/health/health";
import { registerHealth } from "./health/health";
import { registerExportCustomers } from "./exports/export-customers";
import { registerExportCustomerStatement } from "./exports/export-customer-statement";
import { registerExportMillStatement } from "./exports/export-mill-statement";
import { registerExportExpenses } from "./exports/export-expenses";
import { registerExportMillPayments } from "./exports/export-mill-payments";
import { registerListAnnualReturns } from "./annual-returns/list-annual-returns";
import { registerRecordAnnualReturn } from "./annual-returns/record-annual-return";
import { registerRemoveAnnualReturn } from "./annual-returns/remove-annual-return";
import { registerCreateAdmin } from "./admins/create-admin";
import { registerListAdmins } from "./admins/list-admins";
import { registerRemoveAdmin } from "./admins/remove-admin";
import { registerCreateKey } from "./keys/create-key";
import { registerListKeys } from "./keys/list-keys";
import { registerRegenerateKey } from "./keys/regenerate-key";
import { registerRevokeKey } from "./keys/revoke-key";
import { registerRotateKey } from "./keys/rotate-key";
import { registerSyncKey } from "./keys/sync-key";
import { registerCreateCreditNote } from "./ledger/create-credit-note";
import { registerCreateCustomer } from "./ledger/create-customer";
import { registerCreateExpense } from "./ledger/create-expense";
import { registerCreateMillInvoice } from "./ledger/create-mill-invoice";
import { registerCreateMillPayment } from "./ledger/create-mill-payment";
import { registerVoidEntries } from "./ledger/void-entry";
import { registerMoveStock } from "./stock/move-stock";
import { registerReturnSale } from "./sales/return-sale";
import { registerCreatePayment } from "./ledger/create-payment";
import { registerCreateOrg } from "./orgs/create-org";
import { registerGetOrg } from "./orgs/get-org";
import { registerListOrgs } from "./orgs/list-orgs";
import { registerListAudit } from "./orgs/list-audit";
import { registerUpdateOrg } from "./orgs/update-org";
import { registerCancelSale } from "./sales/cancel-sale";
import { registerCreateSale } from "./sales/create-sale";
import { registerDispatchSale } from "./sales/dispatch-sale";
import { registerListSales } from "./sales/list-sales";
import { registerFindSaleByInvoice } from "./sales/find-sale-by-invoice";
import { registerGetSale } from "./sales/get-sale";
import { registerGetGstSummary } from "./gst/get-gst-summary";
import { registerListCustomerBalances } from "./ledger/list-customer-balances";
import { registerListSupplierPayables } from "./ledger/list-supplier-payables";
import { registerGetCustomerStatement } from "./statements/get-customer-statement";
import { registerGetMillStatement } from "./statements/get-mill-statement";
import { registerCreateLot } from "./stock/create-lot";
import { registerListInventory } from "./stock/list-inventory";
import { registerAdminChangePassword } from "./web/change-password";
import { registerAdminHome } from "./web/show-home";
import { registerAdminSignIn } from "./web/sign-in";
import { registerAdminSignOut } from "./web/sign-out";
import { ASSET_BASE } from "./web/session";
import { registerCreateWebhook } from "./webhooks/create-webhook";
import { registerDeleteWebhook } from "./webhooks/delete-webhook";
import { registerListWebhookDeliveries } from "./webhooks/list-webhook-deliveries";
import { registerListEvents } from "./webhooks/list-events";
import { registerGetEvent } from "./webhooks/get-event";
import { registerListWebhooks } from "./webhooks/list-webhooks";
import { registerTestWebhook } from "./webhooks/test-webhook";
import { registerGetWebhook } from "./webhooks/get-webhook";
import { registerUpdateWebhook } from "./webhooks/update-webhook";
import { registerRollWebhookSecret } from "./webhooks/roll-webhook-secret";
import { registerResendWebhookDelivery } from "./webhooks/resend-webhook-delivery";
import { registerRecoverWebhookDeliveries } from "./webhooks/recover-webhook-deliveries";

/** Management operations a session may not call (they check for the operator after authentication). */
const OPERATOR_ONLY = new Set([
  "POST /admin/api/orgs",
  "PATCH /admin/api/orgs/{id}",
  "POST /admin/api/keys/{id}/sync",
  "DELETE /admin/api/orgs/{id}/annual-returns/{financialYear}",
]);

const MANAGEMENT_SECURITY: SecurityRequirement[] = [{ operatorToken: [] }, { session: [] }];

/** Who calls the admin area's operations, for their tags' descriptions. */
const ADMIN_CALLERS = "the operator or the organisation's signed-in admin";
/** Who may call a group of keyed reads, for its tag's description. */
const readWith = (scope: InventoryScope) => `Read with an API key holding \`${scope}\` (a key issued without scopes reaches every resource).`;

export function buildInventoryApp(): InventoryApp {
  const app = createInventoryApp();
  app.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: `\`Authorization: Bearer inv_<prefix>_<secret>\`, issued in the admin area. Keys are for servers only. ${KEY_HEADERS_DESCRIPTION} Every answer to a key with an expiry, refusals included, carries \`X-Service-Key-Expires: <ISO 8601>\` (for a rotated key, the end of its grace), and every answer to a rotated key during its grace \`X-Service-Key-Superseded: true\`.`,
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "operatorToken", {
    type: "http",
    scheme: "bearer",
    description: "The operator's `ADMIN_TOKEN` secret: `Authorization: Bearer <ADMIN_TOKEN>`. Acts on any organisation.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "session", {
    type: "apiKey",
    in: "cookie",
    name: "__Host-inv_session",
    description:
      "An organisation admin's session cookie, set by signing in at `/admin` (named `inv_session` under plain-http local development on 127.0.0.1). Acts on that organisation only; state-changing requests also send its CSRF token in `X-CSRF-Token`.",
  });

  registerWebhookPayloads(app.openAPIRegistry, INVENTORY_EVENT_PAYLOADS, {
    header: "X-Service-Signature",
    description:
      'Each delivery is signed: `X-Service-Signature: <hex HMAC-SHA256 of "<X-Service-Timestamp>.<raw body>" keyed with the endpoint\'s secret>`, beside `X-Service-Timestamp`, `X-Service-Event` and `X-Service-Delivery` (the delivery id, the same on every attempt). Refuse a timestamp more than 300 s away.',
  });

  // Monitoring, without a key: whether D1, the webhook queue and the key guard answer.
  registerHealth(app);

  // Management API: organisations, their admins, keys and the audit log (operator token or an organisation admin's session).
  registerCreateOrg(app);
  registerListOrgs(app);
  registerGetOrg(app);
  registerUpdateOrg(app);
  registerCreateAdmin(app);
  registerListAdmins(app);
  registerRemoveAdmin(app);
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
  registerGetWebhook(app);
  registerUpdateWebhook(app);
  registerRollWebhookSecret(app);
  registerResendWebhookDelivery(app);
  registerRecoverWebhookDeliveries(app);
  // The organisation's events, to fetch what a receiver missed.
  registerListEvents(app);
  registerGetEvent(app);

  // Back-office writes: customers, lots, sales, payments, credit notes, expenses, mill ledgers and annual returns.
  registerCreateCustomer(app);
  registerCreateLot(app);
  registerCreateSale(app);
  registerCancelSale(app);
  registerDispatchSale(app);
  registerCreatePayment(app);
  registerCreateCreditNote(app);
  registerCreateExpense(app);
  registerCreateMillInvoice(app);
  registerCreateMillPayment(app);
  registerVoidEntries(app);
  registerMoveStock(app);
  registerReturnSale(app);
  registerRecordAnnualReturn(app);
  registerListAnnualReturns(app);
  registerRemoveAnnualReturn(app);

  // The read API: lots in stock, sales, the month's GST summary, customers and their statements, and CSV exports.
  const firstRead = app.routes.length;
  registerListInventory(app);
  registerListSales(app);
  // Before /sales/{id}, which would otherwise take "by-invoice-number" as an id.
  registerFindSaleByInvoice(app);
  registerGetSale(app);
  registerGetGstSummary(app);
  registerListCustomerBalances(app);
  registerGetCustomerStatement(app);
  registerListSupplierPayables(app);
  registerGetMillStatement(app);
  registerExportCustomers(app);
  registerExportCustomerStatement(app);
  registerExportMillStatement(app);
  registerExportExpenses(app);
  registerExportMillPayments(app);
  const readPaths = app.routes.slice(firstRead).map((route) => routePattern(route.path));

  // The admin area's web page (organisation admins sign in; it calls the management API above).
  servePageFiles(app, ASSET_BASE);
  registerAdminHome(app);
  registerAdminSignIn(app);
  registerAdminSignOut(app);
  registerAdminChangePassword(app);

  serveOpenApi(
    app,
    "/api/v1/openapi.json",
    () => ({
      openapi: "3.1.0",
      info: {
        title: "Inventory and Sales Service API",
        version: "1.0.0",
        license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
        description: "Read-only, organisation-scoped API for lots in stock, sales and CSV exports, with signed webhooks.",
      },
      // The groups the reference shows: the keyed reads first, one per scope, then the admin area's operations, then health.
      tags: [
        {
          name: "Inventory",
          description: `Lots of yarn in stock, with their SKU, godown, mill, cost and kg remaining. ${readWith("inventory:read")}`,
        },
        {
          name: "Sales",
          description: `Sales and their tax invoices, and the month's GST summary. ${readWith("sales:read")}`,
        },
        {
          name: "Customers",
          description: `Customers with their contact, GSTIN, address, credit limit, outstanding and ageing, and their statements of account. ${readWith("customers:read")}`,
        },
        {
          name: "Suppliers",
          description: `Mills with what they invoiced, what was paid to them and what is payable, and their statements of account. ${readWith("suppliers:read")}`,
        },
        {
          name: "Exports",
          description: `CSV files of customers, statements of account, expenses and mill ledgers. ${readWith("exports:read")}`,
        },
        {
          name: "Webhooks",
          description: `An organisation's webhook endpoints, which receive its events signed, with their delivery logs, test sends, re-sends and recovery, and its events of the last ${EVENTS_LISTED_DAYS} days, for ${ADMIN_CALLERS}.`,
        },
        {
          name: "Back office",
          description: `The writes that keep an organisation's books (customers, lots and stock movements, sales, payments, credit notes, expenses, mill ledgers and the day each year's annual GST return was furnished), made by ${ADMIN_CALLERS} in place of the organisation's own application; removing a filing day recorded wrong is the operator's alone.`,
        },
        {
          name: "Management",
          description: `Organisations, the admins who sign in to their admin area, their API keys and their audit log, for ${ADMIN_CALLERS}; creating organisations, changing their plans and resyncing keys are the operator's alone.`,
        },
        HEALTH_TAG,
      ],
      servers: [{ url: "/" }],
    }),
    {
      // Management takes the operator token or an organisation admin's session, except the operator-only changes;
      // the keyed reads name their own security, and health is public.
      security: (method, path) => {
        if (!path.startsWith("/admin/api/")) return [];
        return OPERATOR_ONLY.has(`${method} ${path}`) ? [{ operatorToken: [] }] : MANAGEMENT_SECURITY;
      },
      keyStateHeaders: KEY_STATE_HEADERS,
    },
  );
  serveApiReference(app, { path: "/api/v1/docs", documentPath: "/api/v1/openapi.json", title: "Inventory and Sales Service API" });
  // The service has no home page of its own: its root leads to the API reference, `/admin/` to the admin area.
  app.get("/", (c) => c.redirect("/api/v1/docs", 302));
  app.get("/admin/", (c) => c.redirect("/admin", 301));

  // Every v1 endpoint is a read: the key requirement refuses a write attempt, 403 for read-only keys and 405 for
  // the others, without counting it against the key's limit. A path that is no keyed endpoint gets the app's own
  // answer: 404, or the public document's 405.
  app.on(
    ["POST", "PUT", "PATCH", "DELETE"],
    "/api/v1/*",
    async (c, next) => (readPaths.some((pattern) => pattern.test(c.req.path)) ? next() : c.notFound()),
    requireWriteAccess,
    // Not reached while no grant allows a write; should one ever pass, it is still refused.
    (c) => {
      throw new PlatformError("method_not_allowed", `Method ${c.req.method} is not allowed: every v1 endpoint is a read`, { Allow: "GET" });
    },
  );
  return app;
}
