import { formToken } from "../../platform/auth/session";
import { htmlPage } from "../../platform/ui/headers";
import type { InventoryApp } from "../hono";
import { AdminDashboard, SignInPage, type AdminDashboardProps, type WebhookDeliveryView, type WebhookEndpointView } from "./views";
import { ADMIN_BASE, COOKIE_PATH, currentSession, FORM_COOKIE } from "./session";

/**
 * GET /admin: the sign-in form, or the admin's dashboard for their own organisation. The dashboard is
 * rendered from the management API's own responses (dispatched inside the Worker with the admin's cookie),
 * so the page and the operator share one set of handlers and one set of access rules.
 */
export function registerAdminHome(app: InventoryApp): void {
  app.get(ADMIN_BASE, async (c) => {
    const session = await currentSession(c);
    if (!session) return htmlPage(c, <SignInPage formToken={formToken(c, FORM_COOKIE, COOKIE_PATH)} />);

    const call = async <T,>(path: string): Promise<T | null> => {
      const response = await app.request(
        path,
        { headers: { Cookie: c.req.header("Cookie") ?? "", Accept: "application/json" } },
        c.env,
        c.executionCtx,
      );
      if (!response.ok) return null;
      return ((await response.json()) as { data: T }).data;
    };
    const org = `/admin/api/orgs/${encodeURIComponent(session.ownerId)}`;
    const [orgView, keys, audit, endpoints] = await Promise.all([
      call<AdminDashboardProps["org"]>(org),
      call<AdminDashboardProps["keys"]>(`${org}/keys?limit=200`),
      call<AdminDashboardProps["audit"]>(`${org}/audit?limit=50`),
      call<WebhookEndpointView[]>(`${org}/webhooks`),
    ]);
    // Recent deliveries of every endpoint, newest first.
    const perEndpoint = await Promise.all(
      (endpoints ?? []).map(async (endpoint) =>
        (
          (await call<Omit<WebhookDeliveryView, "endpoint_id">[]>(`${org}/webhooks/${encodeURIComponent(endpoint.id)}/deliveries?limit=10`)) ?? []
        ).map((d) => ({
          ...d,
          endpoint_id: endpoint.id,
        })),
      ),
    );
    const deliveries = perEndpoint
      .flat()
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .slice(0, 20);
    if (!orgView || !keys || !audit) {
      return htmlPage(c, <SignInPage formToken={formToken(c, FORM_COOKIE, COOKIE_PATH)} error="Your session has ended. Sign in again." />, 401);
    }
    return htmlPage(
      c,
      <AdminDashboard
        email={session.email}
        org={orgView}
        keys={keys}
        audit={audit}
        endpoints={endpoints}
        deliveries={deliveries}
        csrfToken={session.csrfToken}
      />,
    );
  });
}
