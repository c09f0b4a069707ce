import type { Context } from "hono";
import { formToken } from "../../platform/auth/session";
import { type DashboardRefusal, dashboardCallHeaders, dashboardCalls, dashboardFailure } from "../../platform/ui/dashboard-calls";
import { deliveriesQuery, deliveryListPath, loadDeliveries } from "../../platform/ui/deliveries";
import { eventListPath, eventsQuery, loadEvents } from "../../platform/ui/events";
import { htmlPage } from "../../platform/ui/headers";
import type { TaxApp, TaxAppEnv } from "../hono";
import { TAX_WEBHOOK_EVENTS } from "../webhooks/events";
import { Dashboard, LandingPage, type DashboardProps, type EventView, type WebhookDeliveryView, type WebhookEndpointView } from "./pages";
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

    // Dispatched on the page's own origin: the session cookie's name depends on it (`__Host-` over https).
    const { fetchBody, call, refusal } = dashboardCalls(async (path) =>
      app.request(new URL(path, c.req.url).href, { headers: dashboardCallHeaders(c.req) }, c.env, c.executionCtx),
    );
    // `?keys=` pages through older keys, `?events=` through older events (`?event_type=` filters them), and
    // `?endpoint=` shows one endpoint's deliveries, `?deliveries=` its older ones (`?delivery_status=` filters them);
    // a stale or foreign cursor falls back to the newest page, an endpoint not the account's to every endpoint's.
    const keysCursor = c.req.query("keys");
    const keysPath = (cursor: string | undefined) => `/admin/api/keys${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`;
    type KeyPage = { data: DashboardProps["keys"]; nextCursor: string | null };
    type EventList = { data: EventView[]; nextCursor: string | null };
    const [account, pagedKeys, endpoints, events] = await Promise.all([
      call<DashboardProps["account"]>("/admin/api/account"),
      fetchBody<KeyPage>(keysPath(keysCursor)),
      call<WebhookEndpointView[]>("/admin/api/webhooks"),
      loadEvents(c.req.query(), TAX_WEBHOOK_EVENTS, async (type, cursor) => {
        const page = await fetchBody<EventList>(eventListPath("/admin/api/events", type, cursor));
        return (
          page && {
            events: page.data.map((event) => ({ id: event.id, type: event.type, createdAt: event.createdAt, body: event })),
            nextCursor: page.nextCursor,
          }
        );
      }),
    ]);
    const keys = pagedKeys ?? (keysCursor ? await fetchBody<KeyPage>(keysPath(undefined)) : null);
    if (!account || !keys) return signedOut(c, refusal());
    const keysPaged = pagedKeys !== null && keysCursor !== undefined;
    type DeliveryList = { data: WebhookDeliveryView[]; nextCursor: string | null };
    const deliveries = await loadDeliveries(
      c.req.query(),
      (endpoints ?? []).map((endpoint) => endpoint.id),
      async (endpointId, request) => {
        const page = await fetchBody<DeliveryList>(deliveryListPath(`/admin/api/webhooks/${encodeURIComponent(endpointId)}/deliveries`, request));
        return page && { deliveries: page.data, nextCursor: page.nextCursor };
      },
    );
    return htmlPage(
      c,
      <Dashboard
        account={account}
        keys={keys.data}
        keysNextCursor={keys.nextCursor}
        keysPaged={keysPaged}
        endpoints={endpoints}
        deliveries={deliveries}
        events={events}
        query={{ keys: keysPaged ? keysCursor : undefined, ...eventsQuery(events), ...deliveriesQuery(deliveries) }}
        csrfToken={session.csrfToken}
      />,
    );
  });
}

function signedOut(c: Context<TaxAppEnv>, refusal: DashboardRefusal | null) {
  const failure = dashboardFailure(refusal, c.var.requestId);
  for (const [name, value] of Object.entries(failure.headers)) c.header(name, value);
  return htmlPage(c, <LandingPage formToken={formToken(c, FORM_COOKIE)} error={failure.message} />, failure.status);
}
