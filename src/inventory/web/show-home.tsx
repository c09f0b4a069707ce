import { formToken } from "../../platform/auth/session";
import { dashboardCallHeaders, dashboardCalls, dashboardFailure } from "../../platform/ui/dashboard-calls";
import { deliveriesQuery, deliveryListPath, loadDeliveries } from "../../platform/ui/deliveries";
import { eventListPath, eventsQuery, loadEvents } from "../../platform/ui/events";
import { htmlPage } from "../../platform/ui/headers";
import type { InventoryApp } from "../hono";
import { INVENTORY_WEBHOOK_EVENTS } from "../webhooks/service";
import { AdminDashboard, SignInPage, type AdminDashboardProps, type EventView, type WebhookDeliveryView, type WebhookEndpointView } from "./views";
import { ADMIN_BASE, currentSession, FORM_COOKIE } from "./session";

/** Keys per page of the dashboard's key table; older ones are behind the "Older keys" link. */
const KEYS_PER_PAGE = 50;
/** Admins per page of the Admins card; older ones are behind the "Older admins" link. */
const ADMINS_PER_PAGE = 50;

type FetchBody = ReturnType<typeof dashboardCalls>["fetchBody"];

/**
 * One page of a list the dashboard shows `perPage` at a time from the offset in its query parameter: an offset that is
 * not a number, or one the API refuses (past its cap), falls back to the newest page. Null: the list could not be loaded.
 */
async function offsetPage<Row>(
  fetchBody: FetchBody,
  listPath: string,
  perPage: number,
  requested: string | undefined,
): Promise<{ rows: Row[]; nextOffset: number | null; offset: number } | null> {
  type Page = { data: Row[]; next_offset: number | null };
  const offset = /^\d{1,6}$/.test(requested ?? "") ? Number(requested) : 0;
  const page = await fetchBody<Page>(`${listPath}?limit=${perPage}&offset=${offset}`);
  if (page) return { rows: page.data, nextOffset: page.next_offset, offset };
  if (offset === 0) return null;
  const newest = await fetchBody<Page>(`${listPath}?limit=${perPage}`);
  return newest && { rows: newest.data, nextOffset: newest.next_offset, offset: 0 };
}

/**
 * GET /admin: the sign-in form, or the admin's dashboard for their own organisation. The dashboard is
 * rendered from the management API's own responses (dispatched inside the Worker with the admin's cookie),
 * so the page and the operator share one set of handlers and one set of access rules.
 */
export function registerAdminHome(app: InventoryApp): void {
  app.get(ADMIN_BASE, async (c) => {
    const session = await currentSession(c);
    if (!session) return htmlPage(c, <SignInPage formToken={formToken(c, FORM_COOKIE)} />);

    // Dispatched on the page's own origin: the session cookie's name depends on it (`__Host-` over https).
    const { fetchBody, call, refusal } = dashboardCalls(async (path) =>
      app.request(new URL(path, c.req.url).href, { headers: dashboardCallHeaders(c.req) }, c.env, c.executionCtx),
    );
    const org = `/admin/api/orgs/${encodeURIComponent(session.ownerId)}`;
    // `?keys=` pages through older keys, so an old active key behind many newer ones can still be rotated or
    // revoked here, and `?admins=` through older admins; an offset that is not a number falls back to the newest
    // page. `?events=` pages through older events (`?event_type=` filters them), and `?endpoint=` shows one
    // endpoint's deliveries, `?deliveries=` its older ones (`?delivery_status=` filters them); a stale or foreign
    // cursor falls back to the newest page, an endpoint not the organisation's to every endpoint's.
    type EventList = { data: EventView[]; next_cursor: string | null };
    const [orgView, keys, admins, audit, endpoints, events] = await Promise.all([
      call<AdminDashboardProps["org"]>(org),
      offsetPage<AdminDashboardProps["keys"][number]>(fetchBody, `${org}/keys`, KEYS_PER_PAGE, c.req.query("keys")),
      offsetPage<AdminDashboardProps["admins"][number]>(fetchBody, `${org}/admins`, ADMINS_PER_PAGE, c.req.query("admins")),
      call<AdminDashboardProps["audit"]>(`${org}/audit?limit=50`),
      call<WebhookEndpointView[]>(`${org}/webhooks`),
      loadEvents(c.req.query(), INVENTORY_WEBHOOK_EVENTS, async (type, cursor) => {
        const page = await fetchBody<EventList>(eventListPath(`${org}/events`, type, cursor));
        return (
          page && {
            events: page.data.map((event) => ({ id: event.id, type: event.type, createdAt: event.created_at, body: event })),
            nextCursor: page.next_cursor,
          }
        );
      }),
    ]);
    if (!orgView || !keys || !admins || !audit) {
      const failure = dashboardFailure(refusal(), c.var.requestId);
      for (const [name, value] of Object.entries(failure.headers)) c.header(name, value);
      return htmlPage(c, <SignInPage formToken={formToken(c, FORM_COOKIE)} error={failure.message} />, failure.status);
    }
    type DeliveryList = { data: WebhookDeliveryView[]; next_cursor: string | null };
    const deliveries = await loadDeliveries(
      c.req.query(),
      (endpoints ?? []).map((endpoint) => endpoint.id),
      async (endpointId, request) => {
        const page = await fetchBody<DeliveryList>(deliveryListPath(`${org}/webhooks/${encodeURIComponent(endpointId)}/deliveries`, request));
        return (
          page && {
            deliveries: page.data.map((d) => ({
              id: d.id,
              eventType: d.event_type,
              status: d.status,
              attempts: d.attempts,
              lastResponseStatus: d.attempts[d.attempts.length - 1]?.response_status,
              createdAt: d.created_at,
            })),
            nextCursor: page.next_cursor,
          }
        );
      },
    );
    return htmlPage(
      c,
      <AdminDashboard
        email={session.email}
        org={orgView}
        keys={keys.rows}
        keysNextOffset={keys.nextOffset}
        keysPaged={keys.offset > 0}
        admins={admins.rows}
        adminsNextOffset={admins.nextOffset}
        adminsPaged={admins.offset > 0}
        youId={session.userId}
        audit={audit}
        endpoints={endpoints}
        deliveries={deliveries}
        events={events}
        query={{
          keys: keys.offset > 0 ? String(keys.offset) : undefined,
          admins: admins.offset > 0 ? String(admins.offset) : undefined,
          ...eventsQuery(events),
          ...deliveriesQuery(deliveries),
        }}
        csrfToken={session.csrfToken}
      />,
    );
  });
}
