// The orchestration between a service's outbox (events table), its WEBHOOKS queue and the consumer, shared by
// both services: fan-out and enqueue after a write commits, the cron's outbox sweep, the queue handlers and
// the test send. The service passes its store (queries.ts over its tables) and its signing scheme and schedule.
import type { SecretRing } from "../crypto";
import { sessionSecrets } from "../env";
import { PlatformError } from "../http/errors";
import { loggableError } from "../d1";
import { newId } from "../ids";
import {
  consumeDeadLetters,
  consumeWebhookBatch,
  processDelivery,
  type Processed,
  type WebhookMessage,
  type WebhookPolicy,
  type WebhookPorts,
} from "./consumer";
import type { webhookQueries } from "./queries";
import { openWebhookSecret, sealedUnder, sealWebhookSecret } from "./secrets";

/** The webhook store's queries the outbox needs (queries.ts), each taking the database first. */
export type OutboxStore = Pick<
  ReturnType<typeof webhookQueries>,
  | "loadDeliveryJob"
  | "resealSecret"
  | "endpointsToReseal"
  | "dropExpiredPreviousSecret"
  | "claimDeliveryAttempt"
  | "recordDeliveryAttempt"
  | "fanOutEvents"
  | "markEventsDispatched"
  | "undispatchedEventIds"
  | "overdueDeliveryIds"
  | "insertTestDelivery"
  | "insertResendDelivery"
  | "recoverableDeliveries"
  | "insertRecoveryDeliveries"
  | "manualSendsSince"
>;

/** Manual sends (test sends and re-sends together) an endpoint may receive in any 60 s. */
export const TEST_SENDS_PER_MINUTE = 10;

/** 429 until the oldest send a per-endpoint window of `windowMs` counts leaves it. */
const sendLimitError = (message: string, windowMs: number, oldestAt: number, now: number) =>
  new PlatformError("rate_limited", message, { "Retry-After": String(Math.max(1, Math.ceil((oldestAt + windowMs - now) / 1000))) });

// Each manual send may cost the whole retry schedule in outbound requests: bound it per endpoint.
const manualSendLimitError = (oldestAt: number, now: number) =>
  sendLimitError(`At most ${TEST_SENDS_PER_MINUTE} test sends and re-sends a minute per endpoint`, 60_000, oldestAt, now);

/**
 * The most re-sends recoveries queue for one endpoint in any RECOVERY_WINDOW_MINUTES, its other manual sends
 * counted: one call stays at a few D1 round trips and ten queue batches (sendBatch takes 100 messages), and a
 * backlog built up against a dead URL cannot be turned on another address all at once (the URL can be edited
 * before recovering). The answer tells the client where to go on from.
 */
export const RECOVERY_LIMIT = 1_000;
export const RECOVERY_WINDOW_MINUTES = 10;

const RECOVERY_WINDOW_MS = RECOVERY_WINDOW_MINUTES * 60_000;

const recoveryLimitError = (oldestAt: number, now: number) =>
  sendLimitError(
    `At most ${RECOVERY_LIMIT.toLocaleString("en")} re-sends per endpoint in ${RECOVERY_WINDOW_MINUTES} minutes, test sends and re-sends included`,
    RECOVERY_WINDOW_MS,
    oldestAt,
    now,
  );

/** The bindings both services' Env give webhooks, under the same names in both wrangler files. */
export interface WebhookBindings {
  DB: D1Database;
  WEBHOOKS: Queue<unknown>;
  WEBHOOK_ALLOW_LOOPBACK: boolean;
  /** Seals the endpoints' signing secrets at rest (secrets.ts). */
  SESSION_SECRET: string;
  /** During a rotation of SESSION_SECRET, the value it replaced: still opens the secrets sealed under it. */
  SESSION_SECRET_PREVIOUS?: string | undefined;
}

/** Events older than this without dispatched_at are re-dispatched by the sweep. */
export const SWEEP_EVENT_AGE_MS = 60_000;
/** Pending deliveries this far past their due time have lost their message and are re-enqueued. */
export const SWEEP_DELIVERY_OVERDUE_MS = 10 * 60_000;
const SWEEP_LIMIT = 500;

function bound(store: OutboxStore, db: D1Database, queue: Queue<unknown>, sessionSecrets: SecretRing, policy: WebhookPolicy) {
  /**
   * Opens one stored secret; one not sealed under the current SESSION_SECRET (in clear from before sealing, or
   * sealed under the previous value during a rotation) is sealed under it in its row on the way.
   */
  async function open(deliveryId: string, endpointId: string, column: "secret" | "previousSecret", stored: string): Promise<string | null> {
    const opened = await openWebhookSecret(sessionSecrets, endpointId, stored);
    if (opened === null) {
      // For the operator: the delivery log tells the endpoint's owner to roll the secret.
      console.error(
        "webhook signing secret cannot be opened: sealed under neither SESSION_SECRET nor SESSION_SECRET_PREVIOUS",
        JSON.stringify({ endpointId, deliveryId, column }),
      );
      return null;
    }
    if (opened.stale) await reseal(endpointId, column, stored, opened.secret);
    return opened.secret;
  }

  /** Writes `secret` sealed under the current SESSION_SECRET in place of `stored`, if the row still holds it. */
  async function reseal(endpointId: string, column: "secret" | "previousSecret", stored: string, secret: string): Promise<void> {
    await store.resealSecret(db, endpointId, column, stored, await sealWebhookSecret(sessionSecrets.current, endpointId, secret));
  }

  const ports: WebhookPorts = {
    getDelivery: (id) => store.loadDeliveryJob(db, id),
    async openSecrets(deliveryId, endpointId, stored) {
      const secret = await open(deliveryId, endpointId, "secret", stored.secret);
      if (secret === null) return null;
      // A previous secret that cannot be opened only loses its extra signature: the current one still signs.
      const previousSecret = stored.previousSecret === null ? null : await open(deliveryId, endpointId, "previousSecret", stored.previousSecret);
      return { secret, previousSecret };
    },
    dropExpiredPreviousSecret: (endpointId, now) => store.dropExpiredPreviousSecret(db, endpointId, now),
    claimAttempt: (id, attempt, dueBy, leaseUntil) => store.claimDeliveryAttempt(db, id, attempt, dueBy, leaseUntil),
    recordAttempt: (id, record, update) => store.recordDeliveryAttempt(db, id, record, update),
    clock: () => Date.now(),
    wait: (ms) => scheduler.wait(ms),
    // Looked up at call time, so a test's spy on globalThis.fetch sees the request.
    fetch: (input, init) => globalThis.fetch(input, init),
  };

  /**
   * Seals under the current SESSION_SECRET every stored secret not yet so, in endpoints of every state: those in
   * clear from before sealing, and during a rotation those under the previous value, which a disabled, deleted or
   * idle endpoint's delivery would never move. So a rotation completes within one sweep of the cron. A secret that
   * neither value opens is left as it is: the delivery path reports it.
   */
  async function resealStaleSecrets(): Promise<number> {
    const current = await sealedUnder(sessionSecrets.current);
    const previous = sessionSecrets.previous === undefined ? null : await sealedUnder(sessionSecrets.previous);
    let resealed = 0;
    for (const row of await store.endpointsToReseal(db, previous, SWEEP_LIMIT)) {
      for (const [column, stored] of [
        ["secret", row.secret],
        ["previousSecret", row.previousSecret],
      ] as const) {
        if (stored === null || stored.startsWith(current)) continue;
        const opened = await openWebhookSecret(sessionSecrets, row.id, stored);
        if (opened === null) continue;
        await reseal(row.id, column, stored, opened.secret);
        resealed++;
      }
    }
    return resealed;
  }

  async function enqueue(deliveryIds: readonly string[]): Promise<void> {
    for (let i = 0; i < deliveryIds.length; i += 100) {
      await queue.sendBatch(deliveryIds.slice(i, i + 100).map((deliveryId) => ({ body: { deliveryId } satisfies WebhookMessage })));
    }
  }

  /** The first attempt of a manual send, made in the request; later attempts, if needed, go through the queue. */
  async function attemptNow(deliveryId: string): Promise<Processed> {
    const processed = await processDelivery(deliveryId, ports, policy);
    if (processed.decision.action === "retry") {
      await queue.send({ deliveryId } satisfies WebhookMessage, { delaySeconds: processed.decision.delaySeconds });
    }
    return processed;
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
        console.error("webhook dispatch deferred to the outbox sweep", JSON.stringify({ eventIds, error: loggableError(error) }));
      }
    },

    async sweep(now: number): Promise<{ events: number; deliveries: number; secretsResealed: number }> {
      const eventIds = await store.undispatchedEventIds(db, now - SWEEP_EVENT_AGE_MS, SWEEP_LIMIT);
      const overdue = await store.overdueDeliveryIds(db, now - SWEEP_DELIVERY_OVERDUE_MS, SWEEP_LIMIT);
      await dispatch(eventIds, now, overdue);
      return { events: eventIds.length, deliveries: overdue.length, secretsResealed: await resealStaleSecrets() };
    },

    consume: (batch: MessageBatch<unknown>): Promise<void> => consumeWebhookBatch(batch, ports, policy),

    consumeDeadLetters: (batch: MessageBatch<unknown>): Promise<void> => consumeDeadLetters(batch, ports),

    /**
     * Sends a signed `webhook.test` to `endpoint` now: the event (born dispatched) and its one delivery are
     * written unless the endpoint already had TEST_SENDS_PER_MINUTE test sends in the last minute; later
     * attempts, if needed, go through the queue.
     */
    async sendTestEvent(
      endpoint: { id: string; ownerId: string },
      payload: Record<string, unknown>,
      now: number,
    ): Promise<{ deliveryId: string; eventId: string; processed: Processed }> {
      const eventId = newId("evt", now);
      const deliveryId = newId("whd", now);
      const refused = await store.insertTestDelivery(db, {
        eventId,
        deliveryId,
        ownerId: endpoint.ownerId,
        endpointId: endpoint.id,
        payload,
        now,
        since: now - 60_000,
        limit: TEST_SENDS_PER_MINUTE,
      });
      if (refused !== null) throw manualSendLimitError(refused.oldestAt, now);
      return { deliveryId, eventId, processed: await attemptNow(deliveryId) };
    },

    /**
     * Re-sends the event of `resendOf` to `endpoint` now, as a new delivery with a fresh id (receivers that
     * deduplicate on the delivery id take it as new), under the same per-endpoint limit as test sends.
     */
    async resendDelivery(
      endpoint: { id: string; ownerId: string },
      resendOf: string,
      now: number,
    ): Promise<{ deliveryId: string; processed: Processed }> {
      const deliveryId = newId("whd", now);
      const refused = await store.insertResendDelivery(db, {
        deliveryId,
        resendOf,
        ownerId: endpoint.ownerId,
        endpointId: endpoint.id,
        now,
        since: now - 60_000,
        limit: TEST_SENDS_PER_MINUTE,
      });
      if (refused !== null) throw manualSendLimitError(refused.oldestAt, now);
      return { deliveryId, processed: await attemptNow(deliveryId) };
    },

    /**
     * Re-sends, as `resendDelivery` does, the latest delivery of each of the endpoint's events since `since` whose
     * deliveries all failed (`recoverableDeliveries`), oldest first and within RECOVERY_LIMIT, through the queue
     * rather than in the request. `nextSince` is where the rest begin. A re-send whose enqueue failed stays pending,
     * and the outbox sweep enqueues it.
     */
    async recoverDeliveries(
      endpoint: { id: string },
      since: number,
      now: number,
    ): Promise<{ queued: number; more: boolean; nextSince: number | null }> {
      const recent = await store.manualSendsSince(db, endpoint.id, now - RECOVERY_WINDOW_MS);
      const budget = RECOVERY_LIMIT - recent.count;
      if (budget <= 0) throw recoveryLimitError(recent.oldestAt ?? now, now);
      const found = await store.recoverableDeliveries(db, endpoint.id, since, budget + 1);
      const resends = found.slice(0, budget).map((d) => ({ deliveryId: newId("whd", now), resendOf: d.id }));
      const written = new Set(await store.insertRecoveryDeliveries(db, endpoint.id, resends, now));
      const queued = resends.filter((r) => written.has(r.deliveryId)).map((r) => r.deliveryId);
      try {
        await enqueue(queued);
      } catch (error) {
        console.error(
          "webhook recovery enqueue deferred to the outbox sweep",
          JSON.stringify({ endpointId: endpoint.id, error: loggableError(error) }),
        );
      }
      const next = found[budget];
      return { queued: queued.length, more: next !== undefined, nextSince: next?.firstCreatedAt ?? null };
    },
  };
}

/**
 * A service's outbox over its store, signing with `delivery.scheme` on `delivery.schedule`. Every function takes
 * the Env of the request, batch or cron run it serves.
 */
export function webhookOutbox(store: OutboxStore, delivery: Pick<WebhookPolicy, "scheme" | "schedule">) {
  const bind = (env: WebhookBindings) =>
    bound(store, env.DB, env.WEBHOOKS, sessionSecrets(env), { ...delivery, allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK });
  return {
    /**
     * Call after a write that inserted outbox events has committed: creates one delivery per subscribed
     * endpoint, enqueues them and marks the events dispatched. Never throws: on failure the events stay
     * undispatched and the next cron sweep (every 10 minutes) picks them up.
     */
    dispatchEvents: async (env: WebhookBindings, eventIds: readonly string[], now: number = Date.now()): Promise<void> =>
      bind(env).dispatchEvents(eventIds, now),
    /** The cron's outbox sweep: nothing written to the outbox is lost if an enqueue failed; clear secrets get sealed. */
    sweepOutbox: async (env: WebhookBindings, now: number): Promise<{ events: number; deliveries: number; secretsResealed: number }> =>
      bind(env).sweep(now),
    consumeWebhooks: async (batch: MessageBatch<unknown>, env: WebhookBindings): Promise<void> => bind(env).consume(batch),
    consumeDeadLetters: async (batch: MessageBatch<unknown>, env: WebhookBindings): Promise<void> => bind(env).consumeDeadLetters(batch),
    sendTestEvent: async (
      env: WebhookBindings,
      endpoint: { id: string; ownerId: string },
      payload: Record<string, unknown>,
      now: number = Date.now(),
    ) => bind(env).sendTestEvent(endpoint, payload, now),
    resendDelivery: async (env: WebhookBindings, endpoint: { id: string; ownerId: string }, resendOf: string, now: number = Date.now()) =>
      bind(env).resendDelivery(endpoint, resendOf, now),
    recoverDeliveries: async (env: WebhookBindings, endpoint: { id: string }, since: number, now: number = Date.now()) =>
      bind(env).recoverDeliveries(endpoint, since, now),
  };
}
