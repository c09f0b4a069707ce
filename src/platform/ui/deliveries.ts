// The deliveries table of both services' webhooks card: every endpoint's latest deliveries merged, or one endpoint's
// whole delivery log, paged by the log's own cursor. Which one, the page, and the status shown are the page's query
// parameters (like the Events card's), so the table needs no script and a page of it can be bookmarked.
import { DELIVERY_STATUSES } from "../webhooks/schemas";
import type { PageQuery } from "./page-query";

/** Deliveries per page of one endpoint's log, and the most the merged view shows. */
const DELIVERIES_PER_PAGE = 20;
/** Each endpoint's latest deliveries the merged view reads. */
const LATEST_PER_ENDPOINT = 10;

/** The page's query parameters of the table: the endpoint shown alone, the cursor of its page, the status shown. */
export const ENDPOINT_PARAM = "endpoint";
export const DELIVERIES_CURSOR_PARAM = "deliveries";
export const DELIVERY_STATUS_PARAM = "delivery_status";

export interface DeliveryItem {
  id: string;
  eventType: string;
  endpointId: string;
  status: string;
  attempts: readonly unknown[];
  lastResponseStatus: number | null | undefined;
  createdAt: string;
}

/** A page of one endpoint's deliveries log, in the table's terms. */
export interface DeliveryPage {
  deliveries: Omit<DeliveryItem, "endpointId">[];
  nextCursor: string | null;
}

/** What a call to an endpoint's deliveries log asks for. */
export interface DeliveryListRequest {
  status: string | undefined;
  cursor: string | undefined;
  limit: number;
}

/** What the table shows. */
export interface DeliveriesView {
  /** The endpoint whose log is shown; undefined for every endpoint's latest deliveries. */
  endpointId: string | undefined;
  /** The status shown; undefined for every status. */
  status: string | undefined;
  /** The cursor the page shown starts after; undefined for the newest page. */
  cursor: string | undefined;
  /** null when the log could not be loaded. */
  deliveries: DeliveryItem[] | null;
  nextCursor: string | null;
}

/**
 * The table's deliveries for the page's query. Only an endpoint of the owner's own list (`endpointIds`, as the
 * management API listed it for the signed-in user) is read alone: any other id (unknown, deleted, another owner's)
 * shows every endpoint's latest deliveries and is never sent to the API. A status the log does not filter by shows
 * every status; a cursor the log refuses (edited, another endpoint's, or given with another status) shows the newest
 * page, never an error page, as the Events card does.
 */
export async function loadDeliveries(
  query: PageQuery,
  endpointIds: readonly string[],
  list: (endpointId: string, request: DeliveryListRequest) => Promise<DeliveryPage | null>,
): Promise<DeliveriesView> {
  const askedStatus = query[DELIVERY_STATUS_PARAM];
  const status = askedStatus !== undefined && (DELIVERY_STATUSES as readonly string[]).includes(askedStatus) ? askedStatus : undefined;
  const endpointId = endpointIds.find((id) => id === query[ENDPOINT_PARAM]);
  const sentTo = (id: string, page: DeliveryPage | null): DeliveryItem[] | null =>
    page === null ? null : page.deliveries.map((delivery) => ({ ...delivery, endpointId: id }));

  if (endpointId === undefined) {
    const latest = await Promise.all(
      endpointIds.map(async (id) => sentTo(id, await list(id, { status, cursor: undefined, limit: LATEST_PER_ENDPOINT })) ?? []),
    );
    const deliveries = latest
      .flat()
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, DELIVERIES_PER_PAGE);
    return { endpointId: undefined, status, cursor: undefined, deliveries, nextCursor: null };
  }
  const cursor = query[DELIVERIES_CURSOR_PARAM] || undefined;
  const older = cursor === undefined ? null : await list(endpointId, { status, cursor, limit: DELIVERIES_PER_PAGE });
  const page = older ?? (await list(endpointId, { status, cursor: undefined, limit: DELIVERIES_PER_PAGE }));
  return {
    endpointId,
    status,
    cursor: older === null ? undefined : cursor,
    deliveries: sentTo(endpointId, page),
    nextCursor: page?.nextCursor ?? null,
  };
}

/** A page of the management API's deliveries log at `base` (both services name its parameters alike). */
export function deliveryListPath(base: string, request: DeliveryListRequest): string {
  const params = new URLSearchParams({ limit: String(request.limit) });
  if (request.status !== undefined) params.set("status", request.status);
  if (request.cursor !== undefined) params.set("cursor", request.cursor);
  return `${base}?${params}`;
}

/** The table's own query parameters for what it shows, for the page's other links to keep. */
export function deliveriesQuery(view: DeliveriesView): PageQuery {
  return { [ENDPOINT_PARAM]: view.endpointId, [DELIVERIES_CURSOR_PARAM]: view.cursor, [DELIVERY_STATUS_PARAM]: view.status };
}
