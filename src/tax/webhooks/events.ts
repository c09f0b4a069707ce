// Webhook delivery for the tax service: its events, its schedule, and the glue between the outbox (events
// table), the WEBHOOKS queue and the platform's consumer. Routes that write an event call `dispatchEvents`
// after the write commits; the cron sweep re-dispatches anything that call did not get to.
import type { WebhookPolicy } from "../../platform/webhooks/consumer";
import { webhookOutbox } from "../../platform/webhooks/outbox";
import { defineSchedule } from "../../platform/webhooks/schedule";
import { webhookStore, type EndpointRow } from "./queries";
import type { TaxEnv } from "../env";

/** Events an endpoint can subscribe to (seed section 6). `webhook.test` is only sent by the test route. */
export const TAX_WEBHOOK_EVENTS = ["profile.saved", "profile.deleted", "plan.activated", "plan.deactivated"] as const;
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

const outbox = webhookOutbox(webhookStore, (env: WebhookEnv) => ({ db: env.DB, queue: env.WEBHOOKS, policy: taxWebhookPolicy(env) }));

/** Call after a write that inserted outbox events has committed; never throws (the cron sweep retries). */
export const dispatchEvents = outbox.dispatchEvents;
export const sweepOutbox = outbox.sweepOutbox;
export const consumeTaxWebhooks = outbox.consumeWebhooks;
export const consumeTaxDeadLetters = outbox.consumeDeadLetters;
export { SWEEP_DELIVERY_OVERDUE_MS, SWEEP_EVENT_AGE_MS } from "../../platform/webhooks/outbox";

/** Sends a signed `webhook.test` to one endpoint now; later attempts, if needed, go through the queue. */
export async function sendTestEvent(env: WebhookEnv, endpoint: EndpointRow, now: number = Date.now()) {
  return outbox.sendTestEvent(
    env,
    ({ eventId, deliveryId, since, limit }) =>
      webhookStore.insertTestDelivery(env.DB, {
        eventId,
        deliveryId,
        since,
        limit,
        ownerId: endpoint.ownerId,
        endpointId: endpoint.id,
        payload: { endpointId: endpoint.id, message: "A test event sent from the API; it changes nothing." },
        now,
      }),
    now,
  );
}
