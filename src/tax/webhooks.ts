// Webhook delivery for the tax service: its events, its schedule, and the glue between the outbox (events
// table), the WEBHOOKS queue and the platform's consumer. Routes that write an event call `dispatchEvents`
// after the write commits; the cron sweep re-dispatches anything that call did not get to.
import type { WebhookPolicy } from "../platform/webhooks/consumer";
import { webhookOutbox } from "../platform/webhooks/outbox";
import { defineSchedule } from "../platform/webhooks/schedule";
import {
  claimDeliveryAttempt,
  fanOutEvents,
  insertTestDelivery,
  loadDeliveryJob,
  markEventsDispatched,
  overdueDeliveryIds,
  recordDeliveryAttempt,
  undispatchedEventIds,
  type EndpointRow,
} from "./db/webhooks";
import type { TaxEnv } from "./env";

/** Events an endpoint can subscribe to (seed section 6). `webhook.test` is only sent by the test route. */
export const TAX_WEBHOOK_EVENTS = ["profile.saved", "profile.deleted", "plan.activated"] as const;
export type TaxWebhookEvent = (typeof TAX_WEBHOOK_EVENTS)[number];

/**
 * Seed section 6: attempts at 0 s, 2 s and 8 s, then one last attempt within 24 h; here 23 h after the first,
 * which leaves an hour for queue lag and crosses the 12 h Queues delay cap in two hops. Every attempt is
 * signed afresh: a retry hours later with the first timestamp would fail the receiver's 300 s check.
 */
export const TAX_WEBHOOK_SCHEDULE = defineSchedule({ offsetsSeconds: [0, 2, 8, 23 * 3600], timestamps: "fresh", timeoutMs: 10_000 });

export const MAX_ENDPOINTS_PER_ACCOUNT = 20;

type WebhookEnv = Pick<TaxEnv, "DB" | "WEBHOOKS" | "WEBHOOK_ALLOW_LOOPBACK">;

export function taxWebhookPolicy(env: Pick<TaxEnv, "WEBHOOK_ALLOW_LOOPBACK">): WebhookPolicy {
  return { scheme: "service-signature", schedule: TAX_WEBHOOK_SCHEDULE, allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK === "true" };
}

const store = { loadDeliveryJob, claimDeliveryAttempt, recordDeliveryAttempt, fanOutEvents, markEventsDispatched, undispatchedEventIds, overdueDeliveryIds };

const outbox = (env: WebhookEnv) => webhookOutbox({ db: env.DB, store, queue: env.WEBHOOKS, policy: taxWebhookPolicy(env) });

/**
 * Call after a write that inserted outbox events has committed: creates one delivery per subscribed
 * endpoint, enqueues them and marks the events dispatched. Never throws: on failure the events stay
 * undispatched and the cron sweep picks them up a minute later.
 */
export async function dispatchEvents(env: WebhookEnv, eventIds: readonly string[], now: number = Date.now()): Promise<void> {
  return outbox(env).dispatchEvents(eventIds, now);
}

export { SWEEP_DELIVERY_OVERDUE_MS, SWEEP_EVENT_AGE_MS } from "../platform/webhooks/outbox";

/** The cron's outbox sweep: nothing written to the outbox is lost if an enqueue failed. */
export async function sweepOutbox(env: WebhookEnv, now: number): Promise<{ events: number; deliveries: number }> {
  return outbox(env).sweep(now);
}

export async function consumeTaxWebhooks(batch: MessageBatch<unknown>, env: WebhookEnv): Promise<void> {
  return outbox(env).consume(batch);
}

export async function consumeTaxDeadLetters(batch: MessageBatch<unknown>, env: WebhookEnv): Promise<void> {
  return outbox(env).consumeDeadLetters(batch);
}

/** Sends a signed `webhook.test` to one endpoint now; later attempts, if needed, go through the queue. */
export async function sendTestEvent(env: WebhookEnv, endpoint: EndpointRow, now: number = Date.now()) {
  return outbox(env).sendTestEvent(
    ({ eventId, deliveryId }) =>
      insertTestDelivery(env.DB, {
        eventId,
        deliveryId,
        ownerId: endpoint.ownerId,
        endpointId: endpoint.id,
        payload: { endpointId: endpoint.id, message: "A test event sent from the API; it changes nothing." },
        now,
      }),
    now,
  );
}
