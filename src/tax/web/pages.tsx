// The tax service's web page: sign in / sign up when signed out; keys, plan, webhooks and events when signed in.
// Everything shown comes from the management API's JSON (the same handlers the operator uses).
import type { z } from "@hono/zod-openapi";
import type { DeliveriesView } from "../../platform/ui/deliveries";
import { Events, type EventsView } from "../../platform/ui/events";
import { ErrorBox, HiddenCsrf, Layout, RevealPanel, State, Time } from "../../platform/ui/layout";
import { type PageQuery, pageHref } from "../../platform/ui/page-query";
import type { PasswordOutcome } from "../../platform/auth/change-password";
import { EMAIL_MAX_LENGTH, PASSWORD_LENGTH } from "../../platform/auth/credentials";
import { ChangePasswordCard, NewPasswordInput, PasswordOutcomePage, SignInForm, SignOutBar } from "../../platform/ui/session";
import { Table } from "../../platform/ui/table";
import { Webhooks } from "../../platform/ui/webhooks";
import { TAX_SCOPES } from "../keys/scopes";
import type { AccountDetail } from "../accounts/service";
import type { KeySchema } from "../keys/schemas";
import type { DeliverySchema, EventSchema, WebhookEndpointSchema } from "../webhooks/schemas";
import { TAX_WEBHOOK_EVENTS } from "../webhooks/events";
import { ASSET_BASE } from "./session-auth";

type ApiKey = z.infer<typeof KeySchema>;

export type WebhookEndpointView = z.infer<typeof WebhookEndpointSchema>;
export type WebhookDeliveryView = z.infer<typeof DeliverySchema>;
export type EventView = z.infer<typeof EventSchema>;

const SCOPE_HINTS: Record<(typeof TAX_SCOPES)[number], string> = {
  "documents:parse": "POST /documents/parse",
  "deadlines:read": "GET /deadlines",
  "profiles:read": "GET /profiles",
  "profiles:write": "POST and DELETE /profiles",
  "webhooks:manage": "/webhooks",
  "events:read": "GET /events (read only)",
};

function Brand() {
  return <h1>Tax Computation Service</h1>;
}

export function LandingPage(props: { formToken: string; error?: string | undefined; email?: string | undefined; mode?: "signin" | "signup" }) {
  return (
    <Layout title="Tax Computation Service — sign in" assetBase={ASSET_BASE} header={<Brand />}>
      <section class="card" aria-labelledby="about">
        <h2 id="about">API keys for the Tax Computation Service</h2>
        <p>
          Sign in to create, rotate and revoke API keys, see your plan's limits, manage webhook endpoints and see the events they are sent. Results of
          the API are informational and not tax advice.
        </p>
      </section>
      <ErrorBox message={props.error} />
      <div class="grid">
        <section class="card" aria-labelledby="signin-title">
          <h2 id="signin-title">Sign in</h2>
          <SignInForm action="/auth/signin" formToken={props.formToken} email={props.mode === "signin" ? props.email : undefined} />
        </section>
        <section class="card" aria-labelledby="signup-title">
          <h2 id="signup-title">Create an account</h2>
          <form method="post" action="/auth/signup">
            <HiddenCsrf token={props.formToken} />
            <label for="signup-email">Email</label>
            <input
              id="signup-email"
              name="email"
              type="email"
              autocomplete="email"
              required
              maxlength={EMAIL_MAX_LENGTH}
              value={props.mode === "signup" ? props.email : undefined}
            />
            <label for="signup-password">Password</label>
            <NewPasswordInput id="signup-password" name="password" hintId="signup-password-hint" />
            <p id="signup-password-hint" class="hint">
              At least {PASSWORD_LENGTH.min} characters. A passphrase is best.
            </p>
            <div class="actions">
              <button type="submit">Create account</button>
            </div>
          </form>
        </section>
      </div>
    </Layout>
  );
}

function SignOut(props: { email: string; csrfToken: string }) {
  return (
    <>
      <Brand />
      <SignOutBar who={<>Signed in as {props.email}</>} action="/auth/signout" csrfToken={props.csrfToken} />
    </>
  );
}

export interface DashboardProps {
  account: AccountDetail;
  keys: ApiKey[];
  /** Cursor of the next, older page of keys, or null on the last page. */
  keysNextCursor: string | null;
  /** Whether this page starts after the newest key (a link back to the first page is shown). */
  keysPaged: boolean;
  endpoints: WebhookEndpointView[] | null;
  deliveries: DeliveriesView;
  events: EventsView;
  /** What the page's cards show (a page of keys, of events, an event type, an endpoint's deliveries), for their links to keep. */
  query: PageQuery;
  csrfToken: string;
}

export function Dashboard(props: DashboardProps) {
  return (
    <Layout
      title="Tax Computation Service — API keys"
      assetBase={ASSET_BASE}
      csrfToken={props.csrfToken}
      header={<SignOut email={props.account.email} csrfToken={props.csrfToken} />}
    >
      <RevealPanel />
      <section class="card" id="plan" aria-labelledby="plan-title">
        <h2 id="plan-title">Plan and limits</h2>
        <dl class="limits">
          <dt>Plan</dt>
          <dd>
            <span class="state">{props.account.plan}</span>
          </dd>
          {props.account.paidUntil ? (
            <>
              <dt>Paid until</dt>
              <dd>
                <Time value={props.account.paidUntil} /> <span class="hint">then free, unless paid again</span>
              </dd>
            </>
          ) : null}
          <dt>Active keys allowed</dt>
          <dd>{props.account.keyCap}</dd>
          <dt>Per key, per minute</dt>
          <dd>{props.account.limits.perMinute.toLocaleString("en-IN")} requests</dd>
          <dt>Per key, per day</dt>
          <dd>{props.account.limits.perDay.toLocaleString("en-IN")} requests (calendar day in India, IST)</dd>
        </dl>
        {props.account.plan === "free" ? <p class="hint">The paid plan allows 120 requests per minute and 10,000 per day per key.</p> : null}
      </section>

      <section class="card" aria-labelledby="create-title">
        <h2 id="create-title">Create a key</h2>
        <form
          data-api="/admin/api/keys"
          data-reveal="key"
          data-reveal-title="Your new API key"
          data-reveal-note="Copy it now: it is shown only this once. Only its hash is stored."
          data-refresh="keys"
          data-done="Key created."
        >
          <label for="key-name">Name (optional)</label>
          <input id="key-name" name="name" type="text" maxlength={100} placeholder="e.g. payroll server" />
          <fieldset>
            <legend>Scopes</legend>
            {TAX_SCOPES.map((scope) => (
              <label>
                <input type="checkbox" name="scopes" value={scope} data-array checked={scope === "deadlines:read"} />
                <code>{scope}</code> <span class="hint">{SCOPE_HINTS[scope]}</span>
              </label>
            ))}
            <p class="hint">POST /compute needs a valid key and no scope.</p>
          </fieldset>
          <label for="key-lifetime">Lifetime in days</label>
          <input
            id="key-lifetime"
            name="expiresInDays"
            type="number"
            min={1}
            max={365}
            value="90"
            required
            data-number
            aria-describedby="key-lifetime-hint"
          />
          <p id="key-lifetime-hint" class="hint">
            1 to 365 days; 90 by default.
          </p>
          <div class="actions">
            <button type="submit">Create key</button>
          </div>
        </form>
      </section>

      <section class="card" id="keys" aria-labelledby="keys-title">
        <h2 id="keys-title">Your keys</h2>
        <KeyTable keys={props.keys} />
        {props.keysNextCursor || props.keysPaged ? (
          <nav class="actions" aria-label="More keys">
            {props.keysPaged ? <a href={pageHref("/", props.query, { keys: undefined }, "keys")}>Newest keys</a> : null}
            {props.keysNextCursor ? <a href={pageHref("/", props.query, { keys: props.keysNextCursor }, "keys")}>Older keys</a> : null}
          </nav>
        ) : null}
      </section>

      <section class="card" id="webhooks" aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">Webhook endpoints</h2>
        <Webhooks
          apiBase="/admin/api/webhooks"
          signatureHeader="Service-Signature"
          overlapField="overlapHours"
          allEventsField="allEvents"
          nextSinceField="nextSince"
          urlPlaceholder="https://example.com/hooks/tax"
          events={TAX_WEBHOOK_EVENTS}
          endpoints={props.endpoints}
          deliveries={props.deliveries}
          path="/"
          query={props.query}
        />
      </section>

      <section class="card" id="events" aria-labelledby="events-title">
        <h2 id="events-title">Events</h2>
        <Events {...props.events} path="/" query={props.query} types={TAX_WEBHOOK_EVENTS} />
      </section>

      <ChangePasswordCard action={PASSWORD_ACTION} csrfToken={props.csrfToken} email={props.account.email} />
    </Layout>
  );
}

export const PASSWORD_ACTION = "/auth/password";

/** What changing the password did, with the form again when it did not. */
export function PasswordPage(props: { email: string; csrfToken: string; outcome: PasswordOutcome }) {
  return (
    <PasswordOutcomePage
      {...props}
      title="Tax Computation Service — change password"
      assetBase={ASSET_BASE}
      header={<SignOut email={props.email} csrfToken={props.csrfToken} />}
      action={PASSWORD_ACTION}
      back={{ href: "/", label: "Back to your keys" }}
    />
  );
}

function KeyTable(props: { keys: ApiKey[] }) {
  if (props.keys.length === 0) return <p class="empty">No keys yet.</p>;
  return (
    <Table columns={["Name", "Prefix", "Scopes", "Created", "Expires", "Last used", "State", "Actions"]}>
      {props.keys.map((key) => (
        <tr data-key-id={key.id}>
          <td data-label="Name">{key.name ?? <span class="empty">unnamed</span>}</td>
          <td data-label="Prefix">
            <code>tax_{key.prefix}_…</code>
          </td>
          <td data-label="Scopes">{key.scopes.length ? key.scopes.map((s) => <code>{s} </code>) : <span class="empty">none</span>}</td>
          <td data-label="Created">
            <Time value={key.createdAt} />
          </td>
          <td data-label="Expires">
            <Time value={key.expiresAt} />
          </td>
          <td data-label="Last used">
            <Time value={key.lastUsedAt} />
          </td>
          <td data-label="State">
            <State value={key.state} />
            {key.replacedByKeyId && key.state === "active" ? <span class="hint"> rotated; works until it expires</span> : null}
          </td>
          <td data-label="Actions">{key.state === "active" ? <KeyActions apiKey={key} /> : null}</td>
        </tr>
      ))}
    </Table>
  );
}

function KeyActions(props: { apiKey: ApiKey }) {
  const { id, prefix } = props.apiKey;
  return (
    <div class="row-actions">
      {props.apiKey.replacedByKeyId ? null : (
        <form
          data-api={`/admin/api/keys/${id}/rotate`}
          data-reveal="key"
          data-reveal-title="Your replacement key"
          data-reveal-note="Copy it now: it is shown only this once. The old key works until the overlap ends."
          data-refresh="keys"
          data-done="Key rotated."
          data-keep
        >
          <label class="visually-hidden" for={`overlap-${id}`}>
            Overlap for tax_{prefix}
          </label>
          <select id={`overlap-${id}`} name="overlapHours" data-number>
            {Array.from({ length: 25 }, (_, hours) => (
              <option value={String(hours)}>{hours === 0 ? "no overlap" : `${hours} h overlap`}</option>
            ))}
          </select>
          <button type="submit" class="secondary">
            Rotate<span class="visually-hidden"> tax_{prefix}</span>
          </button>
        </form>
      )}
      <form
        data-api={`/admin/api/keys/${id}/revoke`}
        data-no-body
        data-confirm={`Revoke tax_${prefix}…? Requests with it fail at once; this cannot be undone.`}
        data-refresh="keys"
        data-done="Key revoked."
      >
        <button type="submit" class="danger">
          Revoke<span class="visually-hidden"> tax_{prefix}</span>
        </button>
      </form>
    </div>
  );
}
