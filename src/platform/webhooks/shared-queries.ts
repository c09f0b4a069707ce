// What more than one concern of the webhook store uses: its tables' type, the drizzle client, enabledSince, endPendingDeliveries.
import { and, eq, type SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { notSentError } from "./consumer";
import type { webhookStoreTables } from "./store-schema";

export type WebhookTables = ReturnType<typeof webhookStoreTables>;

export const db = (d1: D1Database) => drizzle(d1);

export function sharedQueries(tables: WebhookTables) {
  const { webhookDeliveries: deliveries, webhookAttempts: attempts, webhookEndpointChanges: endpointChanges } = tables;

  /**
   * When an endpoint's present enabled period began: its latest enabling, else its registration (`registeredAt`).
   * It is sent only the events from then on; those from before (while it was disabled, or whose deliveries its
   * disabling ended) never, neither by the fan-out nor by a recovery.
   */
  const enabledSince = (endpointId: SQL, registeredAt: SQL) => sql<number>`COALESCE((SELECT MAX(ch.at) FROM ${endpointChanges} ch
      WHERE ch.endpoint_id = ${endpointId} AND ch.action = 'enabled'), ${registeredAt})`;

  /**
   * Ends the pending deliveries of an endpoint that `stopped` says is disabled or deleted, each with a "not sent"
   * attempt, in the batch that stops it: left pending, they would stay so until their next attempt came round
   * (up to a day away), and go out after all if the endpoint were enabled again before then. The attempt's id
   * is the delivery's own suffix: a delivery ends this way once, and its attempt number keeps the order.
   */
  function endPendingDeliveries(q: ReturnType<typeof db>, endpointId: string | SQL, stopped: SQL, at: number, reason: string) {
    const pendingOf = and(sql`${deliveries.endpointId} = ${endpointId}`, eq(deliveries.status, "pending"), stopped);
    return [
      // Columns in table order: id, delivery, attempt, time, outcome, status, duration, error.
      q
        .insert(attempts)
        .select(
          sql`SELECT 'wha_' || substr(${deliveries.id}, 5), ${deliveries.id}, ${deliveries.attempts} + 1, ${at}, 'failed', NULL, 0, ${notSentError(reason)} FROM ${deliveries} WHERE ${pendingOf}`,
        ),
      q
        .update(deliveries)
        .set({ status: "failed", attempts: sql`${deliveries.attempts} + 1`, nextAttemptAt: null, completedAt: at })
        .where(pendingOf),
    ] as const;
  }

  return { enabledSince, endPendingDeliveries };
}
