// The orchestration between a service's outbox (events table), its WEBHOOKS queue and the consumer, shared by
// both services: fan-out and enqueue after a write commits, the cron's outbox sweep, the queue handlers and
// the test send. The service passes its SQL (the store), its queue binding and its policy.
import { PlatformError } from "../http/errors";
import { newId } from "../ids";
import {
  consumeDeadLetters,
  consumeWebhookBatch,
  processDelivery,
  type AttemptRecord,
  type DeliveryJob,
  type DeliveryUpdate,
  type Processed,
  type WebhookMessage,
  type WebhookPolicy,
  type WebhookPorts,
} from "./consumer";

/** The service's outbox SQL (its `db/webhooks.ts`), each function taking the database first. */
export interface OutboxStore<Db> {
  loadDeliveryJob(db: Db, deliveryId: string): Promise<DeliveryJob | null>;
  claimDeliveryAttempt(db: Db, deliveryId: string, attempt: number, dueBy: number, leaseUntil: number): Promise<boolean>;
  recordDeliveryAttempt(db: Db, deliveryId: string, record: AttemptRecord, update: DeliveryUpdate): Promise<boolean>;
  /** Creates the events' deliveries and returns the ids of those not attempted yet. */
  fanOutEvents(db: Db, eventIds: readonly string[], now: number): Promise<string[]>;
  markEventsDispatched(db: Db, eventIds: readonly string[], now: number): Promise<void>;
  undispatchedEventIds(db: Db, createdBefore: number, limit: number): Promise<string[]>;
  overdueDeliveryIds(db: Db, dueBefore: number, limit: number): Promise<string[]>;
}

/** Test sends an endpoint may receive in any 60 s. */
export const TEST_SENDS_PER_MINUTE = 10;

/**
 * Writes a test event and its delivery in one step, only while the endpoint has fewer than `limit` test
 * deliveries created after `since`; otherwise writes nothing and returns the oldest of those (Unix ms).
 */
export type TestInsert = (request: { eventId: string; deliveryId: string; since: number; limit: number }) => Promise<{ oldestAt: number } | null>;

/** What one request's or batch's Env gives the outbox: the database handle, the queue and the policy. */
export interface OutboxBinding<Db> {
  db: Db;
  queue: Queue<WebhookMessage>;
  policy: WebhookPolicy;
}

/** Events older than this without dispatched_at are re-dispatched by the sweep. */
export const SWEEP_EVENT_AGE_MS = 60_000;
/** Pending deliveries this far past their due time have lost their message and are re-enqueued. */
export const SWEEP_DELIVERY_OVERDUE_MS = 10 * 60_000;
const SWEEP_LIMIT = 500;

function bound<Db>(store: OutboxStore<Db>, { db, queue, policy }: OutboxBinding<Db>) {
  const ports: WebhookPorts = {
    getDelivery: (id) => store.loadDeliveryJob(db, id),
    claimAttempt: (id, attempt, dueBy, leaseUntil) => store.claimDeliveryAttempt(db, id, attempt, dueBy, leaseUntil),
    recordAttempt: (id, record, update) => store.recordDeliveryAttempt(db, id, record, update),
    clock: () => Date.now(),
    wait: (ms) => scheduler.wait(ms),
    // Looked up at call time, so a test's spy on globalThis.fetch sees the request.
    fetch: (input, init) => globalThis.fetch(input, init),
  };

  async function enqueue(deliveryIds: readonly string[]): Promise<void> {
    for (let i = 0; i < deliveryIds.length; i += 100) {
      await queue.sendBatch(deliveryIds.slice(i, i + 100).map((deliveryId) => ({ body: { deliveryId } satisfies WebhookMessage })));
    }
  }

  /** Fans the events out, enqueues their new deliveries (plus `alsoEnqueue`, once each), marks them dispatched. */
  async function dispatch(eventIds: readonly string[], now: number, alsoEnqueue: readonly string[] = []): Promise<void> {
    const deliveryIds = eventIds.length > 0 ? await store.fanOutEvents(db, eventIds, now) : [];
    await enqueue([...new Set([...deliveryIds, ...alsoEnqueue])]);
    if (eventIds.length > 0) await store.markEventsDispatched(db, eventIds, now);
  }

  return {
    /** Never throws: on failure the events stay undispatched for the sweep. */
    async dispatchEvents(eventIds: readonly string[], now: number): Promise<void> {
      if (eventIds.length === 0) return;
      try {
        await dispatch(eventIds, now);
      } catch (error) {
        console.error(
          "webhook dispatch deferred to the outbox sweep",
          JSON.stringify({ eventIds, error: error instanceof Error ? error.message : String(error) }),
        );
      }
    },

    async sweep(now: number): Promise<{ events: number; deliveries: number }> {
      const eventIds = await store.undispatchedEventIds(db, now - SWEEP_EVENT_AGE_MS, SWEEP_LIMIT);
      const overdue = await store.overdueDeliveryIds(db, now - SWEEP_DELIVERY_OVERDUE_MS, SWEEP_LIMIT);
      await dispatch(eventIds, now, overdue);
      return { events: eventIds.length, deliveries: overdue.length };
    },

    consume: (batch: MessageBatch<unknown>): Promise<void> => consumeWebhookBatch(batch, ports, policy),

    consumeDeadLetters: (batch: MessageBatch<unknown>): Promise<void> => consumeDeadLetters(batch, ports),

    /**
     * Sends a signed `webhook.test` now: `insert` writes the event (born dispatched) and its one delivery
     * under the ids given, unless the endpoint already had TEST_SENDS_PER_MINUTE test sends in the last
     * minute; later attempts, if needed, go through the queue.
     */
    async sendTestEvent(insert: TestInsert, now: number): Promise<{ deliveryId: string; eventId: string; processed: Processed }> {
      const eventId = newId("evt", now);
      const deliveryId = newId("whd", now);
      const refused = await insert({ eventId, deliveryId, since: now - 60_000, limit: TEST_SENDS_PER_MINUTE });
      if (refused !== null) {
        // Each test send may cost the whole retry schedule in outbound requests: bound it per endpoint.
        const retryAfterSeconds = Math.max(1, Math.ceil((refused.oldestAt + 60_000 - now) / 1000));
        throw new PlatformError("rate_limited", `At most ${TEST_SENDS_PER_MINUTE} test sends a minute per endpoint`, {
          "Retry-After": String(retryAfterSeconds),
        });
      }
      const processed = await processDelivery(deliveryId, ports, policy);
      if (processed.decision.action === "retry") {
        await queue.send({ deliveryId } satisfies WebhookMessage, { delaySeconds: processed.decision.delaySeconds });
      }
      return { deliveryId, eventId, processed };
    },
  };
}

/**
 * A service's outbox: its SQL (`store`) and how to get the database, queue and policy from its Env (`bind`).
 * Every function takes the Env of the request, batch or cron run it serves.
 */
export function webhookOutbox<Env, Db>(store: OutboxStore<Db>, bind: (env: Env) => OutboxBinding<Db>) {
  return {
    /**
     * Call after a write that inserted outbox events has committed: creates one delivery per subscribed
     * endpoint, enqueues them and marks the events dispatched. Never throws: on failure the events stay
     * undispatched and the cron sweep picks them up a minute later.
     */
    dispatchEvents: async (env: Env, eventIds: readonly string[], now: number = Date.now()): Promise<void> =>
      bound(store, bind(env)).dispatchEvents(eventIds, now),
    /** The cron's outbox sweep: nothing written to the outbox is lost if an enqueue failed. */
    sweepOutbox: async (env: Env, now: number): Promise<{ events: number; deliveries: number }> => bound(store, bind(env)).sweep(now),
    consumeWebhooks: async (batch: MessageBatch<unknown>, env: Env): Promise<void> => bound(store, bind(env)).consume(batch),
    consumeDeadLetters: async (batch: MessageBatch<unknown>, env: Env): Promise<void> => bound(store, bind(env)).consumeDeadLetters(batch),
    /** See `sendTestEvent` of the bound outbox: `insert` writes the test event and its delivery. */
    sendTestEvent: async (env: Env, insert: TestInsert, now: number) => bound(store, bind(env)).sendTestEvent(insert, now),
  };
}
