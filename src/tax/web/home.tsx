import type { Context } from "hono";
import { formToken } from "../../platform/auth/session";
import { htmlPage } from "../../platform/ui/headers";
import type { TaxApp, TaxAppEnv } from "../hono";
import { Dashboard, LandingPage, type DashboardProps, type WebhookDeliveryView, type WebhookEndpointView } from "./pages";
import { currentSession, FORM_COOKIE } from "./session-auth";

/**
 * GET /: the sign-in page, or the signed-in user's dashboard. The dashboard is rendered from the management
 * API's own responses (dispatched inside the Worker with the user's cookie), so the page and the operator
 * share one set of handlers and one set of access rules.
 */
export function registerHome(app: TaxApp): void {
  app.get("/", async (c) => {
    const session = await currentSession(c);
    if (!session) return htmlPage(c, <LandingPage formToken={formToken(c, FORM_COOKIE)} />);

    const call = async <T,>(path: string): Promise<T | null> => {
      const response = await app.request(path, { headers: { Cookie: c.req.header("Cookie") ?? "", Accept: "application/json" } }, c.env, c.executionCtx);
      if (!response.ok) return null;
      return ((await response.json()) as { data: T }).data;
    };
    const [account, keys, endpoints] = await Promise.all([
      call<DashboardProps["account"]>("/admin/api/account"),
      call<DashboardProps["keys"]>("/admin/api/keys"),
      call<WebhookEndpointView[]>("/admin/api/webhooks"),
    ]);
    if (!account || !keys) return signedOut(c);
    // Recent deliveries of every endpoint, newest first.
    const perEndpoint = await Promise.all(
      (endpoints ?? []).map(async (endpoint) =>
        ((await call<Omit<WebhookDeliveryView, "endpointId">[]>(`/admin/api/webhooks/${encodeURIComponent(endpoint.id)}/deliveries?limit=10`)) ?? []).map((d) => ({
          ...d,
          endpointId: endpoint.id,
        })),
      ),
    );
    const deliveries = perEndpoint.flat().sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, 20);
    return htmlPage(c, <Dashboard account={account} keys={keys} endpoints={endpoints} deliveries={deliveries} csrfToken={session.csrfToken} />);
  });
}

function signedOut(c: Context<TaxAppEnv>) {
  return htmlPage(c, <LandingPage formToken={formToken(c, FORM_COOKIE)} error="Your session has ended. Sign in again." />, 401);
}
