// Webhook endpoint operations for one owner, shared by the key-authenticated API (/api/v1/webhooks) and
// the management API the web page uses (/admin/api/webhooks): one set of rules (URL check, endpoint cap,
// secret shown once) and one wire shape, whoever the caller is. SQL stays in the webhook
// store (`queries.ts`, over the platform's `webhooks/*-queries.ts`).
import type { Actor } from "../../platform/auth/admin";
import { actorName } from "../../platform/auth/admin";
import type { KeyIdentity } from "../../platform/keys/guard";
import type { Processed } from "../../platform/webhooks/consumer";
import { endpointManagement, type NewEndpoint } from "../../platform/webhooks/endpoints";
import { type EndpointChange, subscribedEvents } from "../../platform/webhooks/queries";
import { webhookStore, type DeliveryView, type EndpointRow } from "./queries";
import type { TaxEnv } from "../env";
import { iso, isoOrNull } from "../hono";
import { MAX_ENDPOINTS_PER_ACCOUNT, TAX_WEBHOOK_EVENTS, taxOutbox } from "./events";

/** Edits, disable and enable, secret rolls and re-sends of the tax service's endpoints. */
export const endpoints = endpointManagement(webhookStore, taxOutbox);

/** Who the endpoint changes name: the API key that made them, the signed-in user, or the operator. */
export const keyActor = (key: KeyIdentity) => `api_key:${key.keyId}`;
export const sessionActor = (actor: Actor) => actorName(actor);

export function endpointView(e: EndpointRow, now: number = Date.now()) {
  return {
    id: e.id,
    url: e.url,
    events: subscribedEvents(e, TAX_WEBHOOK_EVENTS),
    allEvents: e.allEvents,
    description: e.description,
    createdAt: iso(e.createdAt),
    status: e.disabledAt === null ? ("enabled" as const) : ("disabled" as const),
    disabledAt: isoOrNull(e.disabledAt),
    disabledReason: e.disabledReason,
    failingSince: isoOrNull(e.failingSince),
    previousSecretExpiresAt: e.previousSecretExpiresAt !== null && e.previousSecretExpiresAt > now ? iso(e.previousSecretExpiresAt) : null,
  };
}

export function changeView(change: EndpointChange) {
  return { action: change.action, actor: change.actor, detail: change.detail, at: iso(change.at) };
}

export function deliveryView(d: DeliveryView) {
  const last = d.attempts[d.attempts.length - 1];
  return {
    id: d.id,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    resendOf: d.resendOf,
    nextRetryAt: isoOrNull(d.nextAttemptAt),
    createdAt: iso(d.createdAt),
    completedAt: isoOrNull(d.completedAt),
    lastResponseStatus: last?.responseStatus ?? null,
    lastDurationMs: last?.durationMs ?? null,
    attempts: d.attempts.map((a) => ({ ...a, attemptedAt: iso(a.attemptedAt) })),
  };
}

/** Registers an endpoint for `ownerId`; the returned secret is never shown again. */
export async function registerEndpoint(
  env: Pick<TaxEnv, "DB" | "WEBHOOK_ALLOW_LOOPBACK" | "SESSION_SECRET">,
  ownerId: string,
  body: NewEndpoint,
  now: number = Date.now(),
) {
  const rules = { everyEvent: TAX_WEBHOOK_EVENTS, maxEndpoints: MAX_ENDPOINTS_PER_ACCOUNT, owner: "account" };
  const { endpoint, secret } = await endpoints.register(env, ownerId, body, rules, now);
  return { ...endpointView(endpoint, now), secret };
}

/** The answer to a test send or a re-send: the new delivery and its first attempt. */
export function testSendView(result: { deliveryId: string; eventId: string; processed: Processed }) {
  const attempt = result.processed.attempt;
  return {
    deliveryId: result.deliveryId,
    eventId: result.eventId,
    status: result.processed.status ?? "pending",
    attempt: attempt
      ? {
          attempt: attempt.attempt,
          attemptedAt: iso(attempt.attemptedAt),
          outcome: attempt.outcome,
          responseStatus: attempt.responseStatus,
          durationMs: attempt.durationMs,
          error: attempt.error,
        }
      : null,
    nextRetryAt: isoOrNull(result.processed.nextAttemptAt),
  };
}
