// The inventory admin area: organisation admins sign in (no sign-up: the operator creates the first admin), then
// manage their organisation's keys, webhooks, events, admins and audit log. Everything shown comes from the
// management API's JSON (the same handlers the operator uses).
import type { z } from "@hono/zod-openapi";
import { EMAIL_MAX_LENGTH, PASSWORD_LENGTH } from "../../platform/auth/credentials";
import type { DeliveriesView } from "../../platform/ui/deliveries";
import { Events, type EventsView } from "../../platform/ui/events";
import { ErrorBox, Layout, RevealPanel, State, Time } from "../../platform/ui/layout";
import { type PageQuery, pageHref } from "../../platform/ui/page-query";
import type { PasswordOutcome } from "../../platform/auth/change-password";
import { ChangePasswordCard, NewPasswordInput, PasswordOutcomePage, SignInForm, SignOutBar } from "../../platform/ui/session";
import { Table } from "../../platform/ui/table";
import { Webhooks } from "../../platform/ui/webhooks";
import type { AdminSchema } from "../admins/schemas";
import { INVENTORY_SCOPES } from "../keys/api-key-auth";
import type { KeySchema } from "../keys/schemas";
import type { AuditEntrySchema, OrgSchema } from "../orgs/schemas";
import type { DeliverySchema, EventSchema, WebhookSchema } from "../webhooks/schemas";
import { INVENTORY_WEBHOOK_EVENTS } from "../webhooks/service";
import { ADMIN_BASE, ASSET_BASE } from "./session";

type Org = z.infer<typeof OrgSchema>;
type ApiKey = z.infer<typeof KeySchema>;
type AuditEntry = z.infer<typeof AuditEntrySchema>;
type Admin = z.infer<typeof AdminSchema>;

export type WebhookEndpointView = z.infer<typeof WebhookSchema>;
export type WebhookDeliveryView = z.infer<typeof DeliverySchema>;
export type EventView = z.infer<typeof EventSchema>;

const SCOPE_HINTS: Record<(typeof INVENTORY_SCOPES)[number], string> = {
  "sales:read": "GET /sales, /gst-summary",
  "inventory:read": "GET /inventory",
  "customers:read": "GET /customers and their statements",
  "suppliers:read": "GET /suppliers and their statements",
  "exports:read": "CSV exports",
};

function Brand() {
  return <h1>Inventory and Sales — admin</h1>;
}

export function SignInPage(props: { formToken: string; error?: string | undefined; email?: string | undefined }) {
  return (
    <Layout title="Inventory admin — sign in" assetBase={ASSET_BASE} header={<Brand />}>
      <ErrorBox message={props.error} />
      <section class="card" aria-labelledby="signin-title">
        <h2 id="signin-title">Sign in</h2>
        <p class="hint">For organisation admins. Accounts are created by the service operator.</p>
        <SignInForm action={`${ADMIN_BASE}/signin`} formToken={props.formToken} email={props.email} />
      </section>
    </Layout>
  );
}

function Header(props: { email: string; org: Org; csrfToken: string }) {
  return (
    <>
      <Brand />
      <SignOutBar
        who={
          <>
            {props.email} · {props.org.name}
          </>
        }
        action={`${ADMIN_BASE}/signout`}
        csrfToken={props.csrfToken}
      />
    </>
  );
}

/** When a key stops working: its own expiry or, once rotated, the end of its grace if sooner (ISO times order as text). */
function KeyExpiry(props: { apiKey: ApiKey }) {
  const { expires_at: expiresAt, grace_ends_at: graceEndsAt } = props.apiKey;
  const stops = graceEndsAt !== null && (expiresAt === null || graceEndsAt < expiresAt) ? graceEndsAt : expiresAt;
  return stops ? <Time value={stops} /> : <span class="empty">no expiry</span>;
}

export interface AdminDashboardProps {
  email: string;
  org: Org;
  keys: ApiKey[];
  /** Offset of the next, older page of keys, or null on the last page. */
  keysNextOffset: number | null;
  /** Whether this page starts after the newest key (a link back to the first page is shown). */
  keysPaged: boolean;
  admins: Admin[];
  /** Offset of the next, older page of admins, or null on the last page. */
  adminsNextOffset: number | null;
  /** Whether this page starts after the newest admin (a link back to the first page is shown). */
  adminsPaged: boolean;
  /** The signed-in admin's id: their row is marked "you". */
  youId: string;
  audit: AuditEntry[];
  endpoints: WebhookEndpointView[] | null;
  deliveries: DeliveriesView;
  events: EventsView;
  /** What the page's cards show (a page of keys, of events, an event type, an endpoint's deliveries), for their links to keep. */
  query: PageQuery;
  csrfToken: string;
}

export function AdminDashboard(props: AdminDashboardProps) {
  const { org } = props;
  return (
    <Layout
      title={`${org.name} — inventory admin`}
      assetBase={ASSET_BASE}
      csrfToken={props.csrfToken}
      header={<Header email={props.email} org={org} csrfToken={props.csrfToken} />}
    >
      <RevealPanel />
      <section class="card" id="plan" aria-labelledby="plan-title">
        <h2 id="plan-title">Plan and subscription</h2>
        <dl class="limits">
          <dt>Organisation</dt>
          <dd>{org.name}</dd>
          <dt>Plan</dt>
          <dd>
            <span class="state">{org.plan}</span>
          </dd>
          <dt>Subscription</dt>
          <dd>
            <State value={org.subscription_status} />
          </dd>
          <dt>REST API</dt>
          <dd>
            {org.api_access
              ? "included: keys can call /api/v1"
              : org.subscription_status === "lapsed"
                ? "refused: the subscription has lapsed"
                : "refused: business plan and above"}
          </dd>
          <dt>Per key</dt>
          <dd>{org.limits.requests_per_minute.toLocaleString("en-IN")} requests per minute</dd>
        </dl>
      </section>

      <section class="card" aria-labelledby="issue-title">
        <h2 id="issue-title">Issue a key</h2>
        <form
          data-api={`/admin/api/orgs/${org.id}/keys`}
          data-reveal="key"
          data-reveal-title="Your new API key"
          data-reveal-note="Copy it now: it is shown only this once. Only its hash is stored."
          data-refresh="keys audit"
          data-done="Key issued."
        >
          <label for="key-name">Name (optional)</label>
          <input id="key-name" name="name" type="text" maxlength={100} placeholder="e.g. accounting sync" />
          <fieldset>
            <legend>Access</legend>
            <label>
              <input type="radio" name="access" value="read_only" checked /> read_only
            </label>
            <label>
              <input type="radio" name="access" value="read_write" /> read_write
            </label>
          </fieldset>
          <fieldset aria-describedby="scopes-hint">
            <legend>Scopes (optional)</legend>
            {INVENTORY_SCOPES.map((scope) => (
              <label>
                <input type="checkbox" name="scopes" value={scope} data-array /> <code>{scope}</code> <span class="hint">{SCOPE_HINTS[scope]}</span>
              </label>
            ))}
            <p id="scopes-hint" class="hint">
              None ticked: the key reaches every resource.
            </p>
          </fieldset>
          <label for="key-expiry">Expires after (optional)</label>
          <input id="key-expiry" name="expires_at" type="date" data-ist-date aria-describedby="key-expiry-hint" />
          <p id="key-expiry-hint" class="hint">
            The key stops at the end of that day, India time. Empty: no expiry.
          </p>
          <div class="actions">
            <button type="submit">Issue key</button>
          </div>
        </form>
      </section>

      <section class="card" id="keys" aria-labelledby="keys-title">
        <h2 id="keys-title">Keys</h2>
        <KeyTable keys={props.keys} />
        <MorePages list="keys" nextOffset={props.keysNextOffset} paged={props.keysPaged} query={props.query} />
      </section>

      <section class="card" id="admins" aria-labelledby="admins-title">
        <h2 id="admins-title">Admins</h2>
        <p class="hint">Everyone who may sign in here. Each acts on this organisation as you do, adding and removing admins included.</p>
        <div id="admin-list">
          <AdminTable admins={props.admins} youId={props.youId} orgId={org.id} />
          <MorePages list="admins" nextOffset={props.adminsNextOffset} paged={props.adminsPaged} query={props.query} />
        </div>
        <h3 id="add-admin-title">Add an admin</h3>
        <form
          aria-labelledby="add-admin-title"
          data-api={`/admin/api/orgs/${org.id}/admins`}
          data-refresh="admin-list audit"
          data-done="Admin added: they can sign in here now."
        >
          <label for="admin-email">Email</label>
          <input id="admin-email" name="email" type="email" autocomplete="off" required maxlength={EMAIL_MAX_LENGTH} />
          <label for="admin-password">Password</label>
          <NewPasswordInput id="admin-password" name="password" hintId="admin-password-hint" />
          <p id="admin-password-hint" class="hint">
            {PASSWORD_LENGTH.min} to {PASSWORD_LENGTH.max} characters. Give it to them yourself: it is stored only as a hash and never shown again.
          </p>
          <div class="actions">
            <button type="submit">Add admin</button>
          </div>
        </form>
      </section>

      <section class="card" id="webhooks" aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">Webhook endpoints</h2>
        <Webhooks
          apiBase={`/admin/api/orgs/${org.id}/webhooks`}
          signatureHeader="X-Service-Signature"
          overlapField="overlap_hours"
          allEventsField="all_events"
          nextSinceField="next_since"
          urlPlaceholder="https://example.com/hooks/inventory"
          events={INVENTORY_WEBHOOK_EVENTS}
          endpoints={
            props.endpoints?.map((e) => ({
              id: e.id,
              url: e.url,
              events: e.events,
              allEvents: e.all_events,
              createdAt: e.created_at,
              status: e.status,
              disabledReason: e.disabled_reason,
              failingSince: e.failing_since,
              previousSecretExpiresAt: e.previous_secret_expires_at,
            })) ?? null
          }
          deliveries={props.deliveries}
          path={ADMIN_BASE}
          query={props.query}
        />
      </section>

      <section class="card" id="events" aria-labelledby="events-title">
        <h2 id="events-title">Events</h2>
        <Events {...props.events} path={ADMIN_BASE} query={props.query} types={INVENTORY_WEBHOOK_EVENTS} />
      </section>

      <section class="card" id="audit" aria-labelledby="audit-title">
        <h2 id="audit-title">Audit log</h2>
        <AuditTable entries={props.audit} />
      </section>

      <ChangePasswordCard action={PASSWORD_ACTION} csrfToken={props.csrfToken} email={props.email} />
    </Layout>
  );
}

export const PASSWORD_ACTION = `${ADMIN_BASE}/password`;

/** What changing the password did, with the form again when it did not. */
export function PasswordPage(props: { email: string; csrfToken: string; outcome: PasswordOutcome }) {
  return (
    <PasswordOutcomePage
      {...props}
      title="Inventory admin — change password"
      assetBase={ASSET_BASE}
      header={
        <>
          <Brand />
          <SignOutBar who={props.email} action={`${ADMIN_BASE}/signout`} csrfToken={props.csrfToken} />
        </>
      }
      action={PASSWORD_ACTION}
      back={{ href: ADMIN_BASE, label: "Back to the admin area" }}
    />
  );
}

function KeyTable(props: { keys: ApiKey[] }) {
  if (props.keys.length === 0) return <p class="empty">No keys yet.</p>;
  return (
    <Table columns={["Name", "Prefix", "Access", "Scopes", "Created", "Expires", "Last used", "State", "Actions"]}>
      {props.keys.map((key) => (
        <tr data-key-id={key.id}>
          <td data-label="Name">{key.name ?? <span class="empty">unnamed</span>}</td>
          <td data-label="Prefix">
            <code>inv_{key.prefix}_…</code>
          </td>
          <td data-label="Access">{key.access}</td>
          <td data-label="Scopes">{key.scopes.length ? key.scopes.map((s) => <code>{s} </code>) : <span class="empty">all</span>}</td>
          <td data-label="Created">
            <Time value={key.created_at} />
          </td>
          <td data-label="Expires">
            <KeyExpiry apiKey={key} />
          </td>
          <td data-label="Last used">
            <Time value={key.last_used_at} />
          </td>
          <td data-label="State">
            <State value={key.state} />
          </td>
          <td data-label="Actions">{key.state === "active" || key.state === "superseded" ? <KeyActions apiKey={key} /> : null}</td>
        </tr>
      ))}
    </Table>
  );
}

function KeyActions(props: { apiKey: ApiKey }) {
  const { id, prefix, state } = props.apiKey;
  const label = `inv_${prefix}`;
  return (
    <div class="row-actions">
      {state === "active" ? (
        <>
          <form
            data-api={`/admin/api/keys/${id}/rotate`}
            data-reveal="key"
            data-reveal-title="Your replacement key"
            data-reveal-note="Copy it now: it is shown only this once. The old key keeps working until its grace period ends."
            data-refresh="keys audit"
            data-done="Key rotated."
            data-keep
          >
            <label class="visually-hidden" for={`grace-${id}`}>
              Grace period for {label}
            </label>
            <select id={`grace-${id}`} name="grace_hours" data-number>
              <option value="24">24 h grace</option>
              <option value="72">72 h grace</option>
            </select>
            <button type="submit" class="secondary">
              Rotate<span class="visually-hidden"> {label}</span>
            </button>
          </form>
          <form
            data-api={`/admin/api/keys/${id}/regenerate`}
            data-no-body
            data-confirm={`Regenerate ${label}…? The old key stops at once; use this when it may have leaked.`}
            data-reveal="key"
            data-reveal-title="Your regenerated key"
            data-reveal-note="Copy it now: it is shown only this once. The old key no longer works."
            data-refresh="keys audit"
            data-done="Key regenerated."
          >
            <button type="submit" class="secondary">
              Regenerate<span class="visually-hidden"> {label}</span>
            </button>
          </form>
        </>
      ) : null}
      <form
        data-api={`/admin/api/keys/${id}/revoke`}
        data-confirm={`Revoke ${label}…? Requests with it fail at once; this cannot be undone.`}
        data-refresh="keys audit"
        data-done="Key revoked."
      >
        <label class="visually-hidden" for={`reason-${id}`}>
          Reason for revoking {label}
        </label>
        <input id={`reason-${id}`} name="reason" type="text" maxlength={500} placeholder="reason (optional)" />
        <button type="submit" class="danger">
          Revoke<span class="visually-hidden"> {label}</span>
        </button>
      </form>
    </div>
  );
}

/**
 * The links of a card paged by offset (`?keys=`, `?admins=`, the card's id as well): back to its newest page, and on
 * to the next, older one; each changes only its own card's parameter.
 */
function MorePages(props: { list: "keys" | "admins"; nextOffset: number | null; paged: boolean; query: PageQuery }) {
  const { list, query } = props;
  if (props.nextOffset === null && !props.paged) return null;
  return (
    <nav class="actions" aria-label={`More ${list}`}>
      {props.paged ? <a href={pageHref(ADMIN_BASE, query, { [list]: undefined }, list)}>Newest {list}</a> : null}
      {props.nextOffset !== null ? <a href={pageHref(ADMIN_BASE, query, { [list]: String(props.nextOffset) }, list)}>Older {list}</a> : null}
    </nav>
  );
}

function AdminTable(props: { admins: Admin[]; youId: string; orgId: string }) {
  if (props.admins.length === 0) return <p class="empty">No admins on this page.</p>;
  return (
    <Table columns={["Email", "Created", "Actions"]} caption="Newest first">
      {props.admins.map((admin) => {
        const you = admin.id === props.youId;
        return (
          <tr data-admin-id={admin.id}>
            <td data-label="Email">
              {admin.email}
              {you ? (
                <>
                  {" "}
                  <span class="state">you</span>
                </>
              ) : null}
            </td>
            <td data-label="Created">
              <Time value={admin.created_at} />
            </td>
            <td data-label="Actions">
              <div class="row-actions">
                <form
                  data-api={`/admin/api/orgs/${props.orgId}/admins/${admin.id}`}
                  data-method="DELETE"
                  data-confirm={
                    you
                      ? `Remove yourself (${admin.email}) as an admin? You are signed out at once and can no longer sign in.`
                      : `Remove the admin ${admin.email}? They are signed out at once and can no longer sign in.`
                  }
                  data-refresh={you ? undefined : "admin-list audit"}
                  data-reload={you ? "" : undefined}
                  data-done="Admin removed."
                >
                  <button type="submit" class="danger">
                    Remove<span class="visually-hidden"> {you ? "yourself" : admin.email}</span>
                  </button>
                </form>
              </div>
            </td>
          </tr>
        );
      })}
    </Table>
  );
}

function AuditTable(props: { entries: AuditEntry[] }) {
  if (props.entries.length === 0) return <p class="empty">Nothing recorded yet.</p>;
  return (
    <Table columns={["When", "Action", "Key", "By", "Reason"]} caption="Newest first">
      {props.entries.map((entry) => (
        <tr>
          <td data-label="When">
            <Time value={entry.at} />
          </td>
          <td data-label="Action">
            <code>{entry.action}</code>
          </td>
          <td data-label="Key">{entry.key_id ? <code>{entry.key_id}</code> : "—"}</td>
          <td data-label="By">{entry.actor}</td>
          <td data-label="Reason">{entry.reason ?? "—"}</td>
        </tr>
      ))}
    </Table>
  );
}
