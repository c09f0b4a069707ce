// Managing a webhook endpoint, the same in both services: register it, edit its URL, events (a fixed list, or
// every event) and description, disable and enable it, roll its signing secret, re-send a past
// delivery, send again every event that failed since a time. Every change is recorded with who made it. The
// service passes its store and outbox and renders the result its own way.
import { newId } from "../ids";
import { PlatformError } from "../http/errors";
import type { webhookOutbox } from "./outbox";
import type { EndpointPatch, EndpointRow, webhookQueries } from "./queries";
import { sealWebhookSecret } from "./secrets";
import { newWebhookSecret } from "./sign";
import { checkWebhookUrl } from "./url";

/** The longest a rolled secret keeps signing beside the new one. */
export const MAX_SECRET_OVERLAP_HOURS = 24;

export interface EndpointEdit {
  url?: string | undefined;
  /** A fixed list: the endpoint takes exactly these events from now on. */
  events?: string[] | undefined;
  /** true: every event, those the service adds later included; never given with `events`. */
  allEvents?: boolean | undefined;
  /** null or "" clears it. */
  description?: string | null | undefined;
  disabled?: boolean | undefined;
}

export interface ManagementEnv {
  DB: D1Database;
  WEBHOOK_ALLOW_LOOPBACK: boolean;
  /** Seals the new secret of a roll (secrets.ts). */
  SESSION_SECRET: string;
}

type Store = Pick<ReturnType<typeof webhookQueries>, "insertEndpointWithin" | "findEndpoint" | "updateEndpoint" | "rollSecret" | "findDelivery">;

export interface NewEndpoint {
  url: string;
  /** A fixed list; without one the endpoint takes every event, present and future. */
  events?: readonly string[] | undefined;
  description?: string | undefined;
}

/** What registration needs of the service: its events, and how many endpoints one owner may have. */
export interface RegistrationRules {
  everyEvent: readonly string[];
  maxEndpoints: number;
  /** How the owner is named in the refusal at the limit: "account", "organisation". */
  owner: string;
}
type Outbox = Pick<ReturnType<typeof webhookOutbox>, "resendDelivery" | "recoverDeliveries">;

const notFound = () => new PlatformError("not_found", "No such webhook endpoint");

/**
 * The answer to registering, or moving an endpoint to, a URL another live endpoint of the owner has: each endpoint
 * is sent every event it takes, so two with one URL would bring the receiver each event twice.
 */
export const urlTaken = (endpointId: string) =>
  new PlatformError("conflict", `url: webhook endpoint ${endpointId} already has this URL; change or delete that endpoint instead`);

/** Manual sends (test sends, re-sends) go only to an enabled endpoint. */
export function requireEnabled(endpoint: EndpointRow): void {
  if (endpoint.disabledAt !== null) throw new PlatformError("conflict", "The webhook endpoint is disabled; enable it first");
}

export function endpointManagement(store: Store, outbox: Outbox) {
  async function find(env: ManagementEnv, ownerId: string, id: string): Promise<EndpointRow> {
    const endpoint = await store.findEndpoint(env.DB, id, ownerId);
    if (!endpoint) throw notFound();
    return endpoint;
  }

  /**
   * Registers an endpoint for `ownerId`, its write going through `env.DB` (which may mark the request's
   * Idempotency-Key), and returns it with its signing secret, which is never shown again.
   */
  async function register(env: ManagementEnv, ownerId: string, body: NewEndpoint, rules: RegistrationRules, now: number) {
    const checked = checkWebhookUrl(body.url, { allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK });
    if (!checked.ok) throw new PlatformError("validation", `url: ${checked.reason}`);
    const endpoint: EndpointRow = {
      id: newId("whk", now),
      ownerId,
      url: checked.url,
      events: [...(body.events ?? rules.everyEvent)],
      // The body's schema keeps `allEvents: true` from coming with a list, and `false` from coming without one.
      allEvents: body.events === undefined,
      description: body.description || null,
      createdAt: now,
      previousSecretExpiresAt: null,
      disabledAt: null,
      disabledReason: null,
      failingSince: null,
    };
    const secret = newWebhookSecret();
    const sealed = await sealWebhookSecret(env.SESSION_SECRET, endpoint.id, secret);
    const registration = await store.insertEndpointWithin(env.DB, { ...endpoint, secret: sealed }, rules.maxEndpoints);
    if (registration.outcome === "url_taken") throw urlTaken(registration.endpointId);
    if (registration.outcome === "at_limit") {
      throw new PlatformError("conflict", `An ${rules.owner} can have at most ${rules.maxEndpoints} webhook endpoints; delete one first`);
    }
    return { endpoint, secret };
  }

  /**
   * Applies the fields given; a field equal to its current value is no change. Enabling, or moving to another
   * URL, starts the failing streak afresh. Returns the endpoint as it now is.
   */
  async function edit(env: ManagementEnv, ownerId: string, id: string, edit: EndpointEdit, actor: string, now: number): Promise<EndpointRow> {
    const current = await find(env, ownerId, id);
    const patch: EndpointPatch = {};
    const changed: string[] = [];
    if (edit.url !== undefined) {
      const checked = checkWebhookUrl(edit.url, { allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK });
      if (!checked.ok) throw new PlatformError("validation", `url: ${checked.reason}`);
      if (checked.url !== current.url) {
        Object.assign(patch, { url: checked.url, failingSince: null });
        changed.push(`url ${current.url} → ${checked.url}`);
      }
    }
    if (edit.events !== undefined && (current.allEvents || [...edit.events].sort().join() !== [...current.events].sort().join())) {
      Object.assign(patch, { events: edit.events, allEvents: false });
      changed.push(`events ${edit.events.join(", ")}${current.allEvents ? " (no longer every event)" : ""}`);
    } else if (edit.allEvents === true && !current.allEvents) {
      patch.allEvents = true;
      changed.push("events every event, those added later included");
    }
    const description = edit.description === undefined ? undefined : edit.description || null;
    if (description !== undefined && description !== current.description) {
      patch.description = description;
      changed.push("description");
    }
    if (edit.disabled === true && current.disabledAt === null) {
      Object.assign(patch, { disabledAt: now, disabledReason: "manual" });
      changed.push("disabled");
    } else if (edit.disabled === false && current.disabledAt !== null) {
      Object.assign(patch, { disabledAt: null, disabledReason: null, failingSince: null });
      changed.push("enabled");
    }
    if (changed.length === 0) return current;
    // Disabling or enabling names the change even beside other fields: the fan-out dates an endpoint's enabled
    // period from its latest `enabled` change, so events of the disabled period are never sent later.
    const action = changed.includes("disabled") ? "disabled" : changed.includes("enabled") ? "enabled" : "updated";
    const updated = await store.updateEndpoint(env.DB, id, ownerId, patch, { action, actor, detail: changed.join("; "), at: now });
    if (updated.urlTakenBy) throw urlTaken(updated.urlTakenBy);
    if (!updated.endpoint) throw notFound();
    return updated.endpoint;
  }

  /**
   * A new signing secret, shown once. With `overlapHours` > 0 the old secret keeps signing beside it until
   * then (only the secret just replaced: a second roll inside the overlap ends the first one's).
   */
  async function roll(env: ManagementEnv, ownerId: string, id: string, overlapHours: number, actor: string, now: number) {
    const secret = newWebhookSecret();
    const until = overlapHours > 0 ? now + overlapHours * 3_600_000 : null;
    const detail =
      until === null ? "the previous secret stopped signing at once" : `the previous secret signs too until ${new Date(until).toISOString()}`;
    const sealed = await sealWebhookSecret(env.SESSION_SECRET, id, secret);
    const endpoint = await store.rollSecret(env.DB, id, ownerId, sealed, until, { action: "secret_rolled", actor, detail, at: now });
    if (!endpoint) throw notFound();
    return { endpoint, secret };
  }

  /** Sends the event of one of the endpoint's past deliveries again now, as a new delivery. */
  async function resend(env: ManagementEnv & Parameters<Outbox["resendDelivery"]>[0], ownerId: string, id: string, deliveryId: string, now: number) {
    const endpoint = await find(env, ownerId, id);
    requireEnabled(endpoint);
    const original = await store.findDelivery(env.DB, deliveryId, endpoint.id);
    if (!original) throw new PlatformError("not_found", "No such delivery for this endpoint");
    return { ...(await outbox.resendDelivery(env, endpoint, deliveryId, now)), eventId: original.eventId };
  }

  /**
   * After an outage: sends again, as re-sends, the endpoint's events since `since` whose deliveries all failed
   * (outbox.recoverDeliveries), under the same rules as a re-send: the owner's endpoint, enabled.
   */
  async function recover(env: ManagementEnv & Parameters<Outbox["recoverDeliveries"]>[0], ownerId: string, id: string, since: number, now: number) {
    if (since > now) throw new PlatformError("validation", "since: must not be in the future");
    const endpoint = await find(env, ownerId, id);
    requireEnabled(endpoint);
    return outbox.recoverDeliveries(env, endpoint, since, now);
  }

  return { register, find, edit, roll, resend, recover };
}
