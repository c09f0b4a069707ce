// Webhook delivery for the tax service: its events, its schedule, and the glue between the outbox (events
// table), the WEBHOOKS queue and the platform's consumer. Routes that write an event call `dispatchEvents`
// after the write commits; the cron sweep re-dispatches anything that call did not get to.
import { webhookOutbox, type WebhookBindings } from "../../platform/webhooks/outbox";
import { defineSchedule } from "../../platform/webhooks/schedule";
import { webhookStore, type EndpointRow } from "./queries";

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

/** The tax outbox: signs with the tax service's scheme, on the schedule above. */
export const taxOutbox = webhookOutbox(webhookStore, { scheme: "service-signature", schedule: TAX_WEBHOOK_SCHEDULE });

/** Call after a write that inserted outbox events has committed; never throws (the cron sweep retries). */
export const dispatchEvents = taxOutbox.dispatchEvents;

/** Sends a signed `webhook.test` to one endpoint now; later attempts, if needed, go through the queue. */
export function sendTestEvent(env: WebhookBindings, endpoint: EndpointRow, now: number = Date.now()) {
  return taxOutbox.sendTestEvent(env, endpoint, { endpointId: endpoint.id, message: "A test event sent from the API; it changes nothing." }, now);
}
