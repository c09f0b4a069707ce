// The events card of both services' pages: the owner's events of the last 30 days, newest first, each with the
// body its deliveries carry, so a user can check what their receiver should have got. Server-rendered: the type
// filter is a plain GET form and older pages are links, so the card needs no script.
import { EVENTS_LISTED_DAYS } from "../webhooks/schemas";
import { Filter } from "./filter";
import { Time } from "./layout";
import { type PageQuery, pageHref } from "./page-query";
import { Table } from "./table";

/** Events per page of the card. */
const EVENTS_PER_PAGE = 20;

/** The page's query parameters of the card: the cursor of the page shown, and the event type it is filtered by. */
const CURSOR_PARAM = "events";
const TYPE_PARAM = "event_type";
export const EVENTS_QUERY_PARAMS = [CURSOR_PARAM, TYPE_PARAM] as const;

export interface EventItem {
  id: string;
  type: string;
  createdAt: string;
  /** The event exactly as the management API lists it, which is its deliveries' body. */
  body: unknown;
}

/** A page of the service's events list, in the card's terms. */
export interface EventPage {
  events: EventItem[];
  nextCursor: string | null;
}

/** What the card shows. */
export interface EventsView {
  /** The event type shown; undefined for every type. */
  type: string | undefined;
  /** The cursor the page shown starts after; undefined for the newest page. */
  cursor: string | undefined;
  /** null when the list could not be loaded. */
  events: EventItem[] | null;
  nextCursor: string | null;
}

/**
 * The card's events for the page's query. A type that is not one of the service's shows every type; a cursor the
 * list refuses (expired, another owner's or list's, edited, or given for another type) shows the newest page,
 * never an error page, as the key list's does.
 */
export async function loadEvents(
  query: PageQuery,
  types: readonly string[],
  list: (type: string | undefined, cursor: string | undefined) => Promise<EventPage | null>,
): Promise<EventsView> {
  const asked = query[TYPE_PARAM];
  const type = asked !== undefined && types.includes(asked) ? asked : undefined;
  const cursor = query[CURSOR_PARAM] || undefined;
  const older = cursor === undefined ? null : await list(type, cursor);
  const page = older ?? (await list(type, undefined));
  return { type, cursor: older === null ? undefined : cursor, events: page?.events ?? null, nextCursor: page?.nextCursor ?? null };
}

/** A page of the management API's events list at `base` (both services name its parameters alike). */
export function eventListPath(base: string, type: string | undefined, cursor: string | undefined): string {
  const params = new URLSearchParams({ limit: String(EVENTS_PER_PAGE) });
  if (type !== undefined) params.set("type", type);
  if (cursor !== undefined) params.set("cursor", cursor);
  return `${base}?${params}`;
}

/** The card's own query parameters for what it shows, for the page's other links to keep. */
export function eventsQuery(view: EventsView): PageQuery {
  return { [CURSOR_PARAM]: view.cursor, [TYPE_PARAM]: view.type };
}

export interface EventsProps extends EventsView {
  /** The page's path, and its query for what every card shows (kept by the filter and the links). */
  path: string;
  query: PageQuery;
  /** The service's event types, offered by the filter. */
  types: readonly string[];
}

export function Events(props: EventsProps) {
  const { path, query } = props;
  return (
    <>
      <p class="hint">
        The last {EVENTS_LISTED_DAYS} days, newest first, whether or not an endpoint took them; each body is exactly what its deliveries carry. Test
        sends are not events.
      </p>
      <Filter
        path={path}
        query={query}
        anchor="events"
        own={EVENTS_QUERY_PARAMS}
        id="event-type"
        name={TYPE_PARAM}
        label="Event type"
        all="All events"
        options={props.types}
        selected={props.type}
      />
      <EventTable events={props.events} type={props.type} older={props.cursor !== undefined} />
      {props.nextCursor !== null || props.cursor !== undefined ? (
        <nav class="actions" aria-label="More events">
          {props.cursor !== undefined ? <a href={pageHref(path, query, { [CURSOR_PARAM]: undefined }, "events")}>Newest events</a> : null}
          {props.nextCursor !== null ? <a href={pageHref(path, query, { [CURSOR_PARAM]: props.nextCursor }, "events")}>Older events</a> : null}
        </nav>
      ) : null}
    </>
  );
}

function EventTable(props: { events: EventItem[] | null; type: string | undefined; older: boolean }) {
  if (props.events === null) return <p class="empty">Events could not be loaded just now. Reload the page shortly.</p>;
  if (props.events.length === 0)
    return (
      <p class="empty">{`No ${props.older ? "older " : ""}${props.type ? `${props.type} ` : ""}events in the last ${EVENTS_LISTED_DAYS} days.`}</p>
    );
  return (
    <Table columns={["Time", "Type", "ID", "Body"]} caption="Newest first">
      {props.events.map((event) => (
        <tr data-event-id={event.id}>
          <td data-label="Time">
            <Time value={event.createdAt} />
          </td>
          <td data-label="Type">
            <code>{event.type}</code>
          </td>
          <td data-label="ID">
            <code>{event.id}</code>
          </td>
          <td data-label="Body">
            <details>
              <summary>
                Body<span class="visually-hidden"> of {event.id}</span>
              </summary>
              <pre class="event-body">{JSON.stringify(event.body, null, 2)}</pre>
            </details>
          </td>
        </tr>
      ))}
    </Table>
  );
}
