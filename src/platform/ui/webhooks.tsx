// The webhooks card of both services' pages: the register form, the endpoint list with its state and its
// actions (test, disable or enable, roll the secret, re-send what failed since a time, delete, its deliveries), and
// the deliveries (every endpoint's latest, or one endpoint's log page by page) with a re-send action. The service
// passes its management API path, labels, events and the names of the fields that differ in its casing.
import { DELIVERIES_CURSOR_PARAM, DELIVERY_STATUS_PARAM, type DeliveriesView, ENDPOINT_PARAM } from "./deliveries";
import { DELIVERY_STATUSES } from "../webhooks/schemas";
import { Filter } from "./filter";
import { State, Time } from "./layout";
import { type PageQuery, pageHref } from "./page-query";
import { Table } from "./table";

export interface EndpointItem {
  id: string;
  url: string;
  events: readonly string[];
  /** It takes every event, those the service adds later included; `events` lists today's. */
  allEvents: boolean;
  createdAt: string;
  status: "enabled" | "disabled";
  disabledReason: "manual" | "failing" | null;
  failingSince: string | null;
  previousSecretExpiresAt: string | null;
}

export interface WebhooksProps {
  /** The management API's endpoints collection (`/admin/api/webhooks`, `/admin/api/orgs/{id}/webhooks`). */
  apiBase: string;
  /** The header receivers verify, named in the secret's reveal note. */
  signatureHeader: string;
  /** The roll-secret body's field for the overlap in hours (`overlapHours`, `overlap_hours`). */
  overlapField: string;
  /** The register body's field for every event, those added later included (`allEvents`, `all_events`). */
  allEventsField: string;
  /** The recover answer's field for where the next call goes on from (`nextSince`, `next_since`). */
  nextSinceField: string;
  urlPlaceholder: string;
  events: readonly string[];
  endpoints: EndpointItem[] | null;
  deliveries: DeliveriesView;
  /** The page's path, and its query for what every card shows (kept by the deliveries' filter and links). */
  path: string;
  query: PageQuery;
}

export function Webhooks(props: WebhooksProps) {
  if (props.endpoints === null) return <p class="empty">Webhooks are not available yet.</p>;
  return (
    <>
      <form
        data-api={props.apiBase}
        data-reveal="secret"
        data-reveal-title="Signing secret of the new endpoint"
        data-reveal-note={`Copy it now: it is shown only this once. Verify ${props.signatureHeader} with it.`}
        data-refresh="webhooks"
        data-done="Endpoint registered."
      >
        <label for="webhook-url">Endpoint URL</label>
        <input
          id="webhook-url"
          name="url"
          type="url"
          required
          maxlength={2048}
          placeholder={props.urlPlaceholder}
          aria-describedby="webhook-url-hint"
        />
        <p id="webhook-url-hint" class="hint">
          https only; private and loopback addresses, and ports browsers block (such as 22 or 25), are refused. One endpoint per URL. Redirects are
          not followed.
        </p>
        <fieldset>
          <legend>Events</legend>
          <label>
            <input type="checkbox" name={props.allEventsField} value="true" data-boolean checked />
            Every event, those added later included
          </label>
          <p class="hint">Or untick it and choose the events this endpoint takes:</p>
          {props.events.map((event) => (
            <label>
              <input type="checkbox" name="events" value={event} data-array data-unless={props.allEventsField} checked />
              <code>{event}</code>
            </label>
          ))}
        </fieldset>
        <div class="actions">
          <button type="submit">Register endpoint</button>
        </div>
      </form>
      <h3>Registered endpoints</h3>
      {props.endpoints.length === 0 ? (
        <p class="empty">No endpoints yet.</p>
      ) : (
        <Table columns={["URL", "Events", "State", "Created", "Actions"]}>
          {props.endpoints.map((endpoint) => (
            <tr data-endpoint-id={endpoint.id} data-state={endpoint.status}>
              <td data-label="URL">
                <code>{endpoint.url}</code>
              </td>
              <td data-label="Events">{endpoint.allEvents ? "Every event" : endpoint.events.map((e) => <code>{e} </code>)}</td>
              <td data-label="State">
                <EndpointState endpoint={endpoint} />
              </td>
              <td data-label="Created">
                <Time value={endpoint.createdAt} />
              </td>
              <td data-label="Actions">
                <div class="row-actions">
                  <a
                    href={pageHref(props.path, props.query, { [ENDPOINT_PARAM]: endpoint.id, [DELIVERIES_CURSOR_PARAM]: undefined }, "deliveries")}
                    aria-current={endpoint.id === props.deliveries.endpointId ? "true" : undefined}
                  >
                    Deliveries<span class="visually-hidden"> to {endpoint.url}</span>
                  </a>
                  {endpoint.status === "enabled" ? (
                    <form data-api={`${props.apiBase}/${endpoint.id}/test`} data-no-body data-refresh="webhooks" data-done="Test event sent.">
                      <button type="submit" class="secondary">
                        Send test<span class="visually-hidden"> to {endpoint.url}</span>
                      </button>
                    </form>
                  ) : null}
                  <form
                    data-api={`${props.apiBase}/${endpoint.id}`}
                    data-method="PATCH"
                    data-refresh="webhooks"
                    data-done={endpoint.status === "enabled" ? "Endpoint disabled." : "Endpoint enabled."}
                  >
                    <input type="hidden" name="disabled" value={endpoint.status === "enabled" ? "true" : "false"} data-boolean />
                    <button type="submit" class="secondary">
                      {endpoint.status === "enabled" ? "Disable" : "Enable"}
                      <span class="visually-hidden"> {endpoint.url}</span>
                    </button>
                  </form>
                  <form
                    data-api={`${props.apiBase}/${endpoint.id}/roll-secret`}
                    data-reveal="secret"
                    data-reveal-title="New signing secret"
                    data-reveal-note={`Copy it now: it is shown only this once. Verify ${props.signatureHeader} with it.`}
                    data-refresh="webhooks"
                    data-done="Signing secret rolled."
                  >
                    <label for={`overlap-${endpoint.id}`} class="visually-hidden">
                      Old secret keeps signing for
                    </label>
                    <select id={`overlap-${endpoint.id}`} name={props.overlapField} data-number>
                      <option value="0">Old secret stops now</option>
                      <option value="1">Old secret signs 1 h more</option>
                      <option value="24">Old secret signs 24 h more</option>
                    </select>
                    <button type="submit" class="secondary">
                      Roll secret<span class="visually-hidden"> of {endpoint.url}</span>
                    </button>
                  </form>
                  <RecoverForm apiBase={props.apiBase} endpoint={endpoint} nextSinceField={props.nextSinceField} />
                  <form
                    data-api={`${props.apiBase}/${endpoint.id}`}
                    data-method="DELETE"
                    data-confirm={`Delete the endpoint ${endpoint.url}? It receives no more events.`}
                    data-refresh="webhooks"
                    data-done="Endpoint deleted."
                  >
                    <button type="submit" class="danger">
                      Delete<span class="visually-hidden"> {endpoint.url}</span>
                    </button>
                  </form>
                </div>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <Deliveries {...props} endpoints={props.endpoints} />
    </>
  );
}

/**
 * Re-sends every event whose deliveries all failed since a time, 24 hours ago by default. The field is the
 * browser's local time, which the script fills in and sends as an ISO time; the service refuses a disabled
 * endpoint, so the form is disabled with it.
 */
function RecoverForm(props: { apiBase: string; endpoint: EndpointItem; nextSinceField: string }) {
  const { endpoint } = props;
  const disabled = endpoint.status !== "enabled";
  const field = `recover-since-${endpoint.id}`;
  return (
    <form data-api={`${props.apiBase}/${endpoint.id}/recover`} data-recover={props.nextSinceField} data-refresh="webhooks" data-keep>
      <label for={field}>
        Re-send failed<span class="visually-hidden"> deliveries to {endpoint.url}</span> since
      </label>
      <input
        id={field}
        name="since"
        type="datetime-local"
        step={1}
        required
        data-local-time
        data-hours-ago="24"
        disabled={disabled}
        aria-describedby={disabled ? `${field}-hint` : undefined}
      />
      <button type="submit" class="secondary" disabled={disabled}>
        Re-send failed<span class="visually-hidden"> deliveries to {endpoint.url}</span>
      </button>
      {disabled ? (
        <span id={`${field}-hint`} class="hint">
          Enable the endpoint first.
        </span>
      ) : null}
    </form>
  );
}

/** Enabled, or disabled and why; a failing streak and a rolled secret still signing are shown too. */
function EndpointState(props: { endpoint: EndpointItem }) {
  const { endpoint } = props;
  return (
    <>
      <State value={endpoint.status} />
      {endpoint.disabledReason === "failing" ? <p class="hint">Disabled automatically: no 2xx answer for 3 days.</p> : null}
      {endpoint.failingSince ? (
        <p class="hint">
          Failing since <Time value={endpoint.failingSince} />
        </p>
      ) : null}
      {endpoint.previousSecretExpiresAt ? (
        <p class="hint">
          Old secret signs until <Time value={endpoint.previousSecretExpiresAt} />
        </p>
      ) : null}
    </>
  );
}

/**
 * Every endpoint's latest deliveries, or the log of the endpoint chosen with its row's Deliveries link, 20 a page:
 * the filter is a plain GET form and the pages are links, which change only the table's own query parameters.
 */
function Deliveries(props: WebhooksProps & { endpoints: EndpointItem[] }) {
  const { path, query, deliveries: view } = props;
  const shown = props.endpoints.find((e) => e.id === view.endpointId);
  return (
    <>
      <h3 id="deliveries">
        {shown ? (
          <>
            Deliveries to <code>{shown.url}</code>
          </>
        ) : (
          "Recent deliveries"
        )}
      </h3>
      <p class="hint">
        {shown
          ? "Every delivery to this endpoint, newest first, 20 a page."
          : "The latest deliveries of every endpoint, newest first. An endpoint's Deliveries link shows all of its own."}
      </p>
      <Filter
        path={path}
        query={query}
        anchor="deliveries"
        own={[DELIVERIES_CURSOR_PARAM, DELIVERY_STATUS_PARAM]}
        id="delivery-status"
        name={DELIVERY_STATUS_PARAM}
        label="Delivery status"
        all="Every status"
        options={DELIVERY_STATUSES}
        selected={view.status}
      />
      <DeliveryTable apiBase={props.apiBase} view={view} endpoints={props.endpoints} />
      {shown ? (
        <nav class="actions" aria-label="More deliveries">
          {view.cursor !== undefined ? (
            <a href={pageHref(path, query, { [DELIVERIES_CURSOR_PARAM]: undefined }, "deliveries")}>Newest deliveries</a>
          ) : null}
          {view.nextCursor !== null ? (
            <a href={pageHref(path, query, { [DELIVERIES_CURSOR_PARAM]: view.nextCursor }, "deliveries")}>Older deliveries</a>
          ) : null}
          <a href={pageHref(path, query, { [ENDPOINT_PARAM]: undefined, [DELIVERIES_CURSOR_PARAM]: undefined }, "deliveries")}>All endpoints</a>
        </nav>
      ) : null}
    </>
  );
}

function DeliveryTable(props: { apiBase: string; view: DeliveriesView; endpoints: EndpointItem[] }) {
  const { view } = props;
  if (view.deliveries === null) return <p class="empty">Deliveries could not be loaded just now. Reload the page shortly.</p>;
  if (view.deliveries.length === 0) {
    const which = `${view.cursor !== undefined ? "older " : ""}${view.status ? `${view.status} ` : ""}`;
    return <p class="empty">{view.endpointId === undefined ? `No ${which}deliveries yet.` : `No ${which}deliveries to this endpoint.`}</p>;
  }
  const endpointOf = new Map(props.endpoints.map((e) => [e.id, e]));
  return (
    <Table columns={["Event", "Endpoint", "Status", "Attempts", "Last response", "Created", "Actions"]} caption="Newest first">
      {view.deliveries.map((d) => (
        <tr data-delivery-id={d.id}>
          <td data-label="Event">
            <code>{d.eventType}</code>
          </td>
          <td data-label="Endpoint">
            <code>{endpointOf.get(d.endpointId)?.url ?? d.endpointId}</code>
          </td>
          <td data-label="Status">
            <State value={d.status} />
          </td>
          <td data-label="Attempts">{d.attempts.length}</td>
          <td data-label="Last response">{d.lastResponseStatus ?? "—"}</td>
          <td data-label="Created">
            <Time value={d.createdAt} />
          </td>
          <td data-label="Actions">
            {endpointOf.get(d.endpointId)?.status === "enabled" ? (
              <form
                data-api={`${props.apiBase}/${d.endpointId}/deliveries/${d.id}/resend`}
                data-no-body
                data-refresh="webhooks"
                data-done="Delivery re-sent as a new delivery."
              >
                <button type="submit" class="secondary">
                  Re-send<span class="visually-hidden"> {d.eventType}</span>
                </button>
              </form>
            ) : null}
          </td>
        </tr>
      ))}
    </Table>
  );
}
