// SQL of webhook endpoints, the outbox fan-out and delivery attempts (tax). Deliveries are unique per
// (event, endpoint), so running the fan-out twice for one event never creates a second delivery; attempts
// are unique per (delivery, attempt) and recorded only while the delivery still expects that attempt.
import { and, desc, eq, gt, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { chunks } from "../../platform/d1";
import { newId } from "../../platform/ids";
import type { AttemptRecord, DeliveryJob, DeliveryUpdate } from "../../platform/webhooks/consumer";
import { taxDb } from "../db/client";
import { events as eventsTable, webhookAttempts, webhookDeliveries, webhookEndpoints } from "../db/schema";

/** An endpoint as the API shows and uses it: every column but its secret and deletion time. */
export type EndpointRow = Omit<typeof webhookEndpoints.$inferSelect, "secret" | "deletedAt">;

const endpointColumns = {
  id: webhookEndpoints.id,
  ownerId: webhookEndpoints.ownerId,
  url: webhookEndpoints.url,
  events: webhookEndpoints.events,
  description: webhookEndpoints.description,
  createdAt: webhookEndpoints.createdAt,
};

const liveOf = (ownerId: string) => and(eq(webhookEndpoints.ownerId, ownerId), isNull(webhookEndpoints.deletedAt));

export async function countEndpoints(d1: D1Database, ownerId: string): Promise<number> {
  return taxDb(d1).$count(webhookEndpoints, liveOf(ownerId));
}

export async function insertEndpoint(d1: D1Database, row: EndpointRow & { secret: string }): Promise<void> {
  await taxDb(d1).insert(webhookEndpoints).values(row);
}

export async function listEndpoints(d1: D1Database, ownerId: string): Promise<EndpointRow[]> {
  return taxDb(d1)
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(liveOf(ownerId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
    .limit(100)
    .all();
}

/** The owner's live endpoint, or undefined for another owner's id, a deleted endpoint or an unknown id. */
export async function findEndpoint(d1: D1Database, id: string, ownerId: string): Promise<EndpointRow | undefined> {
  return taxDb(d1)
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), liveOf(ownerId)))
    .get();
}

/** Soft delete: deliveries keep their endpoint row; pending ones end as failed at their next attempt. */
export async function deleteEndpoint(d1: D1Database, id: string, ownerId: string, now: number): Promise<boolean> {
  const deleted = await taxDb(d1)
    .update(webhookEndpoints)
    .set({ deletedAt: now })
    .where(and(eq(webhookEndpoints.id, id), liveOf(ownerId)))
    .returning({ id: webhookEndpoints.id });
  return deleted.length === 1;
}

/**
 * Creates one delivery per (event, live endpoint subscribed to its type, registered no later than the
 * event) and returns the ids of the events' deliveries that have not been attempted yet, to enqueue.
 */
export async function fanOutEvents(d1: D1Database, eventIds: readonly string[], now: number): Promise<string[]> {
  const db = taxDb(d1);
  const events: Array<Pick<typeof eventsTable.$inferSelect, "id" | "ownerId" | "type" | "createdAt">> = [];
  for (const part of chunks(eventIds)) {
    events.push(
      ...(await db
        .select({ id: eventsTable.id, ownerId: eventsTable.ownerId, type: eventsTable.type, createdAt: eventsTable.createdAt })
        .from(eventsTable)
        .where(inArray(eventsTable.id, part))
        .all()),
    );
  }
  if (events.length === 0) return [];
  const owners = [...new Set(events.map((e) => e.ownerId))];
  const endpoints: Array<Pick<typeof webhookEndpoints.$inferSelect, "id" | "ownerId" | "events" | "createdAt">> = [];
  for (const part of chunks(owners)) {
    endpoints.push(
      ...(await db
        .select({
          id: webhookEndpoints.id,
          ownerId: webhookEndpoints.ownerId,
          events: webhookEndpoints.events,
          createdAt: webhookEndpoints.createdAt,
        })
        .from(webhookEndpoints)
        .where(and(inArray(webhookEndpoints.ownerId, part), isNull(webhookEndpoints.deletedAt)))
        .all()),
    );
  }
  const deliveries: Array<typeof webhookDeliveries.$inferInsert> = [];
  for (const event of events) {
    for (const endpoint of endpoints) {
      if (endpoint.ownerId !== event.ownerId || endpoint.createdAt > event.createdAt) continue;
      if (!endpoint.events.includes(event.type)) continue;
      deliveries.push({
        id: newId("whd", now),
        endpointId: endpoint.id,
        ownerId: event.ownerId,
        eventId: event.id,
        eventType: event.type,
        status: "pending",
        attempts: 0,
        createdAt: now,
      });
    }
  }
  // One (event, endpoint) pair has one delivery: a second fan-out of the same event inserts nothing.
  for (const part of chunks(deliveries, 10)) await db.insert(webhookDeliveries).values(part).onConflictDoNothing();
  const ids: string[] = [];
  for (const part of chunks(events.map((e) => e.id))) {
    const pending = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(inArray(webhookDeliveries.eventId, part), eq(webhookDeliveries.status, "pending"), eq(webhookDeliveries.attempts, 0)))
      .all();
    ids.push(...pending.map((r) => r.id));
  }
  return ids;
}

export async function markEventsDispatched(d1: D1Database, eventIds: readonly string[], now: number): Promise<void> {
  const db = taxDb(d1);
  for (const part of chunks(eventIds)) {
    await db
      .update(eventsTable)
      .set({ dispatchedAt: now })
      .where(and(inArray(eventsTable.id, part), isNull(eventsTable.dispatchedAt)));
  }
}

export async function undispatchedEventIds(d1: D1Database, createdBefore: number, limit: number): Promise<string[]> {
  const rows = await taxDb(d1)
    .select({ id: eventsTable.id })
    .from(eventsTable)
    .where(and(isNull(eventsTable.dispatchedAt), lt(eventsTable.createdAt, createdBefore)))
    .orderBy(eventsTable.createdAt)
    .limit(limit)
    .all();
  return rows.map((r) => r.id);
}

/** Pending deliveries whose next attempt (or first, if never attempted) was due before `dueBefore`. */
export async function overdueDeliveryIds(d1: D1Database, dueBefore: number, limit: number): Promise<string[]> {
  const rows = await taxDb(d1)
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, "pending"),
        or(lt(webhookDeliveries.nextAttemptAt, dueBefore), and(isNull(webhookDeliveries.nextAttemptAt), lt(webhookDeliveries.createdAt, dueBefore))),
      ),
    )
    .orderBy(webhookDeliveries.createdAt)
    .limit(limit)
    .all();
  return rows.map((r) => r.id);
}

/** The wire body of a tax event: identifiers and a summary only, never a profile's inputs. */
export function eventBody(event: { id: string; type: string; createdAt: number; data: Record<string, unknown> }): string {
  return JSON.stringify({ id: event.id, type: event.type, createdAt: new Date(event.createdAt).toISOString(), data: event.data });
}

export async function loadDeliveryJob(d1: D1Database, deliveryId: string): Promise<DeliveryJob | null> {
  const row = await taxDb(d1)
    .select({
      id: webhookDeliveries.id,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      eventType: webhookDeliveries.eventType,
      eventId: webhookDeliveries.eventId,
      payload: eventsTable.payload,
      eventCreatedAt: eventsTable.createdAt,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      deletedAt: webhookEndpoints.deletedAt,
    })
    .from(webhookDeliveries)
    .leftJoin(eventsTable, eq(eventsTable.id, webhookDeliveries.eventId))
    .leftJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId))
    .get();
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt,
    signedAt: null,
    eventType: row.eventType,
    body: eventBody({ id: row.eventId, type: row.eventType, createdAt: row.eventCreatedAt ?? 0, data: row.payload ?? {} }),
    endpoint: row.url === null || row.secret === null ? null : { url: row.url, secret: row.secret, deleted: row.deletedAt !== null },
  };
}

/** Claims the next attempt: the delivery's next attempt time becomes the lease, if nobody holds one. */
export async function claimDeliveryAttempt(d1: D1Database, deliveryId: string, attempt: number, dueBy: number, leaseUntil: number): Promise<boolean> {
  const claimed = await taxDb(d1)
    .update(webhookDeliveries)
    .set({ nextAttemptAt: leaseUntil })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.attempts, attempt - 1),
        eq(webhookDeliveries.status, "pending"),
        or(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.nextAttemptAt, dueBy)),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return claimed.length === 1;
}

/** The attempt row and the delivery's new state in one batch, guarded on the attempt count. */
export async function recordDeliveryAttempt(d1: D1Database, deliveryId: string, record: AttemptRecord, update: DeliveryUpdate): Promise<boolean> {
  const [updated] = await d1.batch([
    d1
      .prepare(
        "UPDATE webhook_deliveries SET attempts = ?, status = ?, next_attempt_at = ?, completed_at = ? WHERE id = ? AND attempts = ? AND status = 'pending'",
      )
      .bind(record.attempt, update.status, update.nextAttemptAt, update.completedAt, deliveryId, record.attempt - 1),
    d1
      .prepare(
        "INSERT INTO webhook_attempts (id, delivery_id, attempt, attempted_at, outcome, response_status, duration_ms, error) SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE changes() = 1",
      )
      .bind(
        newId("wha", record.attemptedAt),
        deliveryId,
        record.attempt,
        record.attemptedAt,
        record.outcome,
        record.responseStatus,
        record.durationMs,
        record.error,
      ),
  ]);
  return (updated?.meta.changes ?? 0) === 1;
}

/**
 * The test event and its delivery in one batch (the event is born dispatched: no fan-out), only while the endpoint
 * has fewer than `limit` test deliveries created after `since` (the count and the insert are one statement, so
 * concurrent sends cannot pass it together). Returns null when written, else the oldest counted send's time.
 */
export async function insertTestDelivery(
  d1: D1Database,
  input: {
    eventId: string;
    deliveryId: string;
    ownerId: string;
    endpointId: string;
    payload: Record<string, unknown>;
    now: number;
    since: number;
    limit: number;
  },
): Promise<{ oldestAt: number } | null> {
  const [event] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO events (id, owner_id, type, payload, created_at, dispatched_at)
         SELECT ?1, ?2, 'webhook.test', ?3, ?4, ?4
         WHERE (SELECT COUNT(*) FROM webhook_deliveries WHERE endpoint_id = ?5 AND event_type = 'webhook.test' AND created_at > ?6) < ?7`,
      )
      .bind(input.eventId, input.ownerId, JSON.stringify(input.payload), input.now, input.endpointId, input.since, input.limit),
    d1
      .prepare(
        `INSERT INTO webhook_deliveries (id, endpoint_id, owner_id, event_id, event_type, status, attempts, created_at)
         SELECT ?1, ?2, ?3, ?4, 'webhook.test', 'pending', 0, ?5 WHERE EXISTS (SELECT 1 FROM events WHERE id = ?4)`,
      )
      .bind(input.deliveryId, input.endpointId, input.ownerId, input.eventId, input.now),
  ]);
  if (event!.meta.changes === 1) return null;
  const [oldest] = await taxDb(d1)
    .select({ oldest: sql<number | null>`MIN(${webhookDeliveries.createdAt})` })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, input.endpointId),
        eq(webhookDeliveries.eventType, "webhook.test"),
        gt(webhookDeliveries.createdAt, input.since),
      ),
    );
  return { oldestAt: oldest?.oldest ?? input.now };
}

type AttemptView = Pick<typeof webhookAttempts.$inferSelect, "attempt" | "attemptedAt" | "outcome" | "responseStatus" | "durationMs" | "error">;

export type DeliveryView = Pick<
  typeof webhookDeliveries.$inferSelect,
  "id" | "eventId" | "eventType" | "status" | "nextAttemptAt" | "createdAt" | "completedAt"
> & {
  attempts: AttemptView[];
};

/** The endpoint's most recent deliveries, newest first, each with its attempts in order. */
export async function listDeliveries(d1: D1Database, endpointId: string, limit: number): Promise<DeliveryView[]> {
  const db = taxDb(d1);
  const deliveries = await db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      eventType: webhookDeliveries.eventType,
      status: webhookDeliveries.status,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      createdAt: webhookDeliveries.createdAt,
      completedAt: webhookDeliveries.completedAt,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit)
    .all();
  const attempts = new Map<string, AttemptView[]>();
  for (const part of chunks(deliveries.map((d) => d.id))) {
    const rows = await db
      .select({
        deliveryId: webhookAttempts.deliveryId,
        attempt: webhookAttempts.attempt,
        attemptedAt: webhookAttempts.attemptedAt,
        outcome: webhookAttempts.outcome,
        responseStatus: webhookAttempts.responseStatus,
        durationMs: webhookAttempts.durationMs,
        error: webhookAttempts.error,
      })
      .from(webhookAttempts)
      .where(inArray(webhookAttempts.deliveryId, part))
      .orderBy(webhookAttempts.attempt)
      .all();
    for (const { deliveryId, ...attempt } of rows) {
      const list = attempts.get(deliveryId) ?? [];
      list.push(attempt);
      attempts.set(deliveryId, list);
    }
  }
  return deliveries.map((d) => ({ ...d, attempts: attempts.get(d.id) ?? [] }));
}
