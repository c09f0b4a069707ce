// The webhooks card of both services' pages: the register form, the endpoint list with test and delete
// actions, and the recent deliveries. The service passes its management API path, labels and events.
import { State, Time } from "./layout";
import { Table } from "./table";

export interface EndpointItem {
  id: string;
  url: string;
  events: readonly string[];
  createdAt: string;
}

export interface DeliveryItem {
  eventType: string;
  endpointId: string;
  status: string;
  attempts: readonly unknown[];
  lastResponseStatus: number | null | undefined;
  createdAt: string;
}

export interface WebhooksProps {
  /** The management API's endpoints collection (`/admin/api/webhooks`, `/admin/api/orgs/{id}/webhooks`). */
  apiBase: string;
  /** The header receivers verify, named in the secret's reveal note. */
  signatureHeader: string;
  urlPlaceholder: string;
  events: readonly string[];
  endpoints: EndpointItem[] | null;
  deliveries: DeliveryItem[] | null;
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
          https only; private and loopback addresses are refused. Redirects are not followed.
        </p>
        <fieldset>
          <legend>Events</legend>
          {props.events.map((event) => (
            <label>
              <input type="checkbox" name="events" value={event} data-array checked />
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
        <Table columns={["URL", "Events", "Created", "Actions"]}>
          {props.endpoints.map((endpoint) => (
            <tr data-endpoint-id={endpoint.id}>
              <td data-label="URL">
                <code>{endpoint.url}</code>
              </td>
              <td data-label="Events">
                {endpoint.events.map((e) => (
                  <code>{e} </code>
                ))}
              </td>
              <td data-label="Created">
                <Time value={endpoint.createdAt} />
              </td>
              <td data-label="Actions">
                <div class="row-actions">
                  <form data-api={`${props.apiBase}/${endpoint.id}/test`} data-no-body data-refresh="webhooks" data-done="Test event sent.">
                    <button type="submit" class="secondary">
                      Send test<span class="visually-hidden"> to {endpoint.url}</span>
                    </button>
                  </form>
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
      <h3>Recent deliveries</h3>
      <Deliveries deliveries={props.deliveries ?? []} endpoints={props.endpoints} />
    </>
  );
}

function Deliveries(props: { deliveries: DeliveryItem[]; endpoints: EndpointItem[] }) {
  if (props.deliveries.length === 0) return <p class="empty">No deliveries yet.</p>;
  const urlOf = new Map(props.endpoints.map((e) => [e.id, e.url]));
  return (
    <Table columns={["Event", "Endpoint", "Status", "Attempts", "Last response", "Created"]}>
      {props.deliveries.map((d) => (
        <tr>
          <td data-label="Event">
            <code>{d.eventType}</code>
          </td>
          <td data-label="Endpoint">
            <code>{urlOf.get(d.endpointId) ?? d.endpointId}</code>
          </td>
          <td data-label="Status">
            <State value={d.status} />
          </td>
          <td data-label="Attempts">{d.attempts.length}</td>
          <td data-label="Last response">{d.lastResponseStatus ?? "—"}</td>
          <td data-label="Created">
            <Time value={d.createdAt} />
          </td>
        </tr>
      ))}
    </Table>
  );
}
