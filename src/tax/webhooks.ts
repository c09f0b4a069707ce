// Webhook delivery for the tax service: its events, its schedule, and the glue between the outbox (events
// table), the WEBHOOKS queue and the platform's consumer. Routes that write an event call `dispatchEvents`
// after the write commits; the cron sweep re-dispatches anything that call did not get to.
import { newId } from "../platform/ids";
import {
  consumeDeadLetters,
  consumeWebhookBatch,
  processDelivery,
  type Processed,
  type WebhookMessage,
  type WebhookPolicy,
  type WebhookPorts,
} from "../platform/webhooks/consumer";
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

function ports(env: WebhookEnv): WebhookPorts {
  return {
    getDelivery: (id) => loadDeliveryJob(env.DB, id),
    claimAttempt: (id, attempt, dueBy, leaseUntil) => claimDeliveryAttempt(env.DB, id, attempt, dueBy, leaseUntil),
    recordAttempt: (id, record, update) => recordDeliveryAttempt(env.DB, id, record, update),
    clock: () => Date.now(),
    // Looked up at call time, so a test's spy on globalThis.fetch sees the request.
    fetch: (input, init) => globalThis.fetch(input, init),
  };
}

async function enqueue(env: WebhookEnv, deliveryIds: readonly string[]): Promise<void> {
  for (let i = 0; i < deliveryIds.length; i += 100) {
    await env.WEBHOOKS.sendBatch(deliveryIds.slice(i, i + 100).map((deliveryId) => ({ body: { deliveryId } satisfies WebhookMessage })));
  }
}

/** Fans the events out, enqueues their new deliveries (plus `alsoEnqueue`, once each), marks them dispatched. */
async function dispatch(env: WebhookEnv, eventIds: readonly string[], now: number, alsoEnqueue: readonly string[] = []): Promise<void> {
  const deliveryIds = eventIds.length > 0 ? await fanOutEvents(env.DB, eventIds, now) : [];
  await enqueue(env, [...new Set([...deliveryIds, ...alsoEnqueue])]);
  if (eventIds.length > 0) await markEventsDispatched(env.DB, eventIds, now);
}

/**
 * Call after a write that inserted outbox events has committed: creates one delivery per subscribed
 * endpoint, enqueues them and marks the events dispatched. Never throws: on failure the events stay
 * undispatched and the cron sweep picks them up a minute later.
 */
export async function dispatchEvents(env: WebhookEnv, eventIds: readonly string[], now: number = Date.now()): Promise<void> {
  if (eventIds.length === 0) return;
  try {
    await dispatch(env, eventIds, now);
  } catch (error) {
    console.error("webhook dispatch deferred to the outbox sweep", JSON.stringify({ eventIds, error: error instanceof Error ? error.message : String(error) }));
  }
}

/** Events older than this without dispatched_at are re-dispatched by the sweep. */
export const SWEEP_EVENT_AGE_MS = 60_000;
/** Pending deliveries this far past their due time have lost their message and are re-enqueued. */
export const SWEEP_DELIVERY_OVERDUE_MS = 10 * 60_000;
const SWEEP_LIMIT = 500;

/** The cron's outbox sweep: nothing written to the outbox is lost if an enqueue failed. */
export async function sweepOutbox(env: WebhookEnv, now: number): Promise<{ events: number; deliveries: number }> {
  const eventIds = await undispatchedEventIds(env.DB, now - SWEEP_EVENT_AGE_MS, SWEEP_LIMIT);
  const overdue = await overdueDeliveryIds(env.DB, now - SWEEP_DELIVERY_OVERDUE_MS, SWEEP_LIMIT);
  await dispatch(env, eventIds, now, overdue);
  return { events: eventIds.length, deliveries: overdue.length };
}

export function consumeTaxWebhooks(batch: MessageBatch<unknown>, env: WebhookEnv): Promise<void> {
  return consumeWebhookBatch(batch, ports(env), taxWebhookPolicy(env));
}

export function consumeTaxDeadLetters(batch: MessageBatch<unknown>, env: WebhookEnv): Promise<void> {
  return consumeDeadLetters(batch, ports(env));
}

/** Sends a signed `webhook.test` to one endpoint now; later attempts, if needed, go through the queue. */
export async function sendTestEvent(env: WebhookEnv, endpoint: EndpointRow, now: number = Date.now()): Promise<{ deliveryId: string; eventId: string; processed: Processed }> {
  const eventId = newId("evt", now);
  const deliveryId = newId("whd", now);
  await insertTestDelivery(env.DB, {
    eventId,
    deliveryId,
    ownerId: endpoint.ownerId,
    endpointId: endpoint.id,
    payload: { endpointId: endpoint.id, message: "A test event sent from the API; it changes nothing." },
    now,
  });
  const processed = await processDelivery(deliveryId, ports(env), taxWebhookPolicy(env));
  if (processed.decision.action === "retry") {
    await env.WEBHOOKS.send({ deliveryId } satisfies WebhookMessage, { delaySeconds: processed.decision.delaySeconds });
  }
  return { deliveryId, eventId, processed };
}
