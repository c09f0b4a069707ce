// The inventory service's wire shapes of webhook endpoints, deliveries, manual sends and endpoint changes
// (snake_case, like the rest of the service).
import type { Processed } from "../../platform/webhooks/consumer";
import { type DeliveryView, type EndpointChange, type EndpointRow, subscribedEvents } from "../../platform/webhooks/queries";
import { iso, isoOrNull } from "../http/schemas";
import { INVENTORY_WEBHOOK_EVENTS } from "./service";

export function webhookView(e: EndpointRow, now: number = Date.now()) {
  return {
    id: e.id,
    url: e.url,
    events: subscribedEvents(e, INVENTORY_WEBHOOK_EVENTS),
    all_events: e.allEvents,
    description: e.description,
    created_at: iso(e.createdAt),
    status: e.disabledAt === null ? ("enabled" as const) : ("disabled" as const),
    disabled_at: isoOrNull(e.disabledAt),
    disabled_reason: e.disabledReason,
    failing_since: isoOrNull(e.failingSince),
    previous_secret_expires_at: e.previousSecretExpiresAt !== null && e.previousSecretExpiresAt > now ? iso(e.previousSecretExpiresAt) : null,
  };
}

export function changeView(change: EndpointChange) {
  return { action: change.action, actor: change.actor, detail: change.detail, at: iso(change.at) };
}

export function deliveryView(d: DeliveryView) {
  return {
    id: d.id,
    event_id: d.eventId,
    event_type: d.eventType,
    status: d.status,
    resend_of: d.resendOf,
    signed_at: isoOrNull(d.signedAt),
    next_retry_at: isoOrNull(d.nextAttemptAt),
    created_at: iso(d.createdAt),
    completed_at: isoOrNull(d.completedAt),
    attempts: d.attempts.map((a) => ({
      attempt: a.attempt,
      attempted_at: iso(a.attemptedAt),
      outcome: a.outcome,
      response_status: a.responseStatus,
      duration_ms: a.durationMs,
      error: a.error,
    })),
  };
}

/** The answer to a test send or a re-send: the new delivery and its first attempt. */
export function manualSendView({ deliveryId, eventId, processed }: { deliveryId: string; eventId: string; processed: Processed }) {
  const attempt = processed.attempt;
  return {
    delivery_id: deliveryId,
    event_id: eventId,
    status: processed.status ?? "pending",
    attempt: attempt && {
      attempt: attempt.attempt,
      attempted_at: iso(attempt.attemptedAt),
      outcome: attempt.outcome,
      response_status: attempt.responseStatus,
      duration_ms: attempt.durationMs,
      error: attempt.error,
    },
    next_retry_at: isoOrNull(processed.nextAttemptAt),
  };
}
