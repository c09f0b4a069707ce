// The SQL of the webhook store, written once for both services over their tables (store-schema.ts): endpoints,
// the outbox fan-out, delivery attempts and test sends. Deliveries are unique per (event, endpoint), so running
// the fan-out twice for one event never creates a second delivery; attempts are unique per (delivery, attempt)
// and recorded only while the delivery still expects that attempt. A service supplies its tables and the wire
// body of its events; everything else is the same.
import { and, desc, eq, gt, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { chunks } from "../d1";
import { newId } from "../ids";
import type { AttemptRecord, DeliveryJob, DeliveryUpdate } from "./consumer";
import type { webhookStoreTables } from "./store-schema";

export type WebhookTables = ReturnType<typeof webhookStoreTables>;
type Tables = WebhookTables;

/** An endpoint as the API shows and uses it: every column but its secret and deletion time. */
export type EndpointRow = Omit<Tables["webhookEndpoints"]["$inferSelect"], "secret" | "deletedAt">;

type AttemptView = Pick<Tables["webhookAttempts"]["$inferSelect"], "attempt" | "attemptedAt" | "outcome" | "responseStatus" | "durationMs" | "error">;

export type DeliveryView = Pick<
  Tables["webhookDeliveries"]["$inferSelect"],
  "id" | "eventId" | "eventType" | "status" | "signedAt" | "nextAttemptAt" | "createdAt" | "completedAt"
> & { attempts: AttemptView[] };

/** An event as its wire body is built from it. */
export interface StoredEvent {
  id: string;
  ownerId: string;
  type: string;
  createdAt: number;
  data: Record<string, unknown>;
}

export interface TestDeliveryInput {
  eventId: string;
  deliveryId: string;
  ownerId: string;
  endpointId: string;
  payload: Record<string, unknown>;
  now: number;
  since: number;
  limit: number;
}

export function webhookQueries(tables: Tables, eventBody: (event: StoredEvent) => string) {
  const { events, webhookEndpoints: endpoints, webhookDeliveries: deliveries, webhookAttempts: attempts } = tables;
  const db = (d1: D1Database) => drizzle(d1);

  const endpointColumns = {
    id: endpoints.id,
    ownerId: endpoints.ownerId,
    url: endpoints.url,
    events: endpoints.events,
    description: endpoints.description,
    createdAt: endpoints.createdAt,
  };
  const liveOf = (ownerId: string) => and(eq(endpoints.ownerId, ownerId), isNull(endpoints.deletedAt));
  const isTestSendOf = (endpointId: string, since: number) =>
    and(eq(deliveries.endpointId, endpointId), eq(deliveries.eventType, "webhook.test"), gt(deliveries.createdAt, since));

  async function countEndpoints(d1: D1Database, ownerId: string): Promise<number> {
    return db(d1).$count(endpoints, liveOf(ownerId));
  }

  async function insertEndpoint(d1: D1Database, row: EndpointRow & { secret: string }): Promise<void> {
    await db(d1).insert(endpoints).values(row);
  }

  async function listEndpoints(d1: D1Database, ownerId: string): Promise<EndpointRow[]> {
    return db(d1)
      .select(endpointColumns)
      .from(endpoints)
      .where(liveOf(ownerId))
      .orderBy(desc(endpoints.createdAt), desc(endpoints.id))
      .limit(100)
      .all();
  }

  /** The owner's live endpoint, or undefined for another owner's id, a deleted endpoint or an unknown id. */
  async function findEndpoint(d1: D1Database, id: string, ownerId: string): Promise<EndpointRow | undefined> {
    return db(d1)
      .select(endpointColumns)
      .from(endpoints)
      .where(and(eq(endpoints.id, id), liveOf(ownerId)))
      .get();
  }

  /** Soft delete: deliveries keep their endpoint row; pending ones end as failed at their next attempt. */
  async function deleteEndpoint(d1: D1Database, id: string, ownerId: string, now: number): Promise<boolean> {
    const deleted = await db(d1)
      .update(endpoints)
      .set({ deletedAt: now })
      .where(and(eq(endpoints.id, id), liveOf(ownerId)))
      .returning({ id: endpoints.id });
    return deleted.length === 1;
  }

  /**
   * Creates one delivery per (event, live endpoint subscribed to its type, registered no later than the
   * event) and returns the ids of the events' deliveries that have not been attempted yet, to enqueue.
   */
  async function fanOutEvents(d1: D1Database, eventIds: readonly string[], now: number): Promise<string[]> {
    const q = db(d1);
    const found: Array<Pick<Tables["events"]["$inferSelect"], "id" | "ownerId" | "type" | "createdAt">> = [];
    for (const part of chunks(eventIds)) {
      found.push(
        ...(await q
          .select({ id: events.id, ownerId: events.ownerId, type: events.type, createdAt: events.createdAt })
          .from(events)
          .where(inArray(events.id, part))
          .all()),
      );
    }
    if (found.length === 0) return [];
    const owners = [...new Set(found.map((e) => e.ownerId))];
    const subscribed: Array<Pick<Tables["webhookEndpoints"]["$inferSelect"], "id" | "ownerId" | "events" | "createdAt">> = [];
    for (const part of chunks(owners)) {
      subscribed.push(
        ...(await q
          .select({ id: endpoints.id, ownerId: endpoints.ownerId, events: endpoints.events, createdAt: endpoints.createdAt })
          .from(endpoints)
          .where(and(inArray(endpoints.ownerId, part), isNull(endpoints.deletedAt)))
          .all()),
      );
    }
    const rows: Array<Tables["webhookDeliveries"]["$inferInsert"]> = [];
    for (const event of found) {
      for (const endpoint of subscribed) {
        if (endpoint.ownerId !== event.ownerId || endpoint.createdAt > event.createdAt) continue;
        if (!endpoint.events.includes(event.type)) continue;
        rows.push({
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
    for (const part of chunks(rows, 10)) await q.insert(deliveries).values(part).onConflictDoNothing();
    const ids: string[] = [];
    for (const part of chunks(found.map((e) => e.id))) {
      const pending = await q
        .select({ id: deliveries.id })
        .from(deliveries)
        .where(and(inArray(deliveries.eventId, part), eq(deliveries.status, "pending"), eq(deliveries.attempts, 0)))
        .all();
      ids.push(...pending.map((r) => r.id));
    }
    return ids;
  }

  async function markEventsDispatched(d1: D1Database, eventIds: readonly string[], now: number): Promise<void> {
    const q = db(d1);
    for (const part of chunks(eventIds)) {
      await q
        .update(events)
        .set({ dispatchedAt: now })
        .where(and(inArray(events.id, part), isNull(events.dispatchedAt)));
    }
  }

  async function undispatchedEventIds(d1: D1Database, createdBefore: number, limit: number): Promise<string[]> {
    const rows = await db(d1)
      .select({ id: events.id })
      .from(events)
      .where(and(isNull(events.dispatchedAt), lt(events.createdAt, createdBefore)))
      .orderBy(events.createdAt)
      .limit(limit)
      .all();
    return rows.map((r) => r.id);
  }

  /** Pending deliveries whose next attempt (or first, if never attempted) was due before `dueBefore`. */
  async function overdueDeliveryIds(d1: D1Database, dueBefore: number, limit: number): Promise<string[]> {
    const rows = await db(d1)
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(
        and(
          eq(deliveries.status, "pending"),
          or(lt(deliveries.nextAttemptAt, dueBefore), and(isNull(deliveries.nextAttemptAt), lt(deliveries.createdAt, dueBefore))),
        ),
      )
      .orderBy(deliveries.createdAt)
      .limit(limit)
      .all();
    return rows.map((r) => r.id);
  }

  async function loadDeliveryJob(d1: D1Database, deliveryId: string): Promise<DeliveryJob | null> {
    const row = await db(d1)
      .select({
        id: deliveries.id,
        ownerId: deliveries.ownerId,
        status: deliveries.status,
        attempts: deliveries.attempts,
        signedAt: deliveries.signedAt,
        nextAttemptAt: deliveries.nextAttemptAt,
        eventType: deliveries.eventType,
        eventId: deliveries.eventId,
        payload: events.payload,
        eventCreatedAt: events.createdAt,
        url: endpoints.url,
        secret: endpoints.secret,
        deletedAt: endpoints.deletedAt,
      })
      .from(deliveries)
      .leftJoin(events, eq(events.id, deliveries.eventId))
      .leftJoin(endpoints, eq(endpoints.id, deliveries.endpointId))
      .where(eq(deliveries.id, deliveryId))
      .get();
    if (!row) return null;
    return {
      id: row.id,
      status: row.status,
      attempts: row.attempts,
      nextAttemptAt: row.nextAttemptAt,
      signedAt: row.signedAt,
      eventType: row.eventType,
      body: eventBody({
        id: row.eventId,
        ownerId: row.ownerId,
        type: row.eventType,
        createdAt: row.eventCreatedAt ?? 0,
        data: row.payload ?? {},
      }),
      endpoint: row.url === null || row.secret === null ? null : { url: row.url, secret: row.secret, deleted: row.deletedAt !== null },
    };
  }

  /** Claims the next attempt: the delivery's next attempt time becomes the lease, if nobody holds one. */
  async function claimDeliveryAttempt(d1: D1Database, deliveryId: string, attempt: number, dueBy: number, leaseUntil: number): Promise<boolean> {
    const claimed = await db(d1)
      .update(deliveries)
      .set({ nextAttemptAt: leaseUntil })
      .where(
        and(
          eq(deliveries.id, deliveryId),
          eq(deliveries.attempts, attempt - 1),
          eq(deliveries.status, "pending"),
          or(isNull(deliveries.nextAttemptAt), lte(deliveries.nextAttemptAt, dueBy)),
        ),
      )
      .returning({ id: deliveries.id });
    return claimed.length === 1;
  }

  /** The attempt row and the delivery's new state in one batch, guarded on the attempt count. */
  async function recordDeliveryAttempt(d1: D1Database, deliveryId: string, record: AttemptRecord, update: DeliveryUpdate): Promise<boolean> {
    const q = db(d1);
    const [updated] = await q.batch([
      q
        .update(deliveries)
        .set({
          attempts: record.attempt,
          status: update.status,
          nextAttemptAt: update.nextAttemptAt,
          signedAt: update.signedAt,
          completedAt: update.completedAt,
        })
        .where(and(eq(deliveries.id, deliveryId), eq(deliveries.attempts, record.attempt - 1), eq(deliveries.status, "pending"))),
      // Columns in table order: id, delivery, attempt, time, outcome, status, duration, error.
      q
        .insert(attempts)
        .select(
          sql`SELECT ${newId("wha", record.attemptedAt)}, ${deliveryId}, ${record.attempt}, ${record.attemptedAt}, ${record.outcome}, ${record.responseStatus}, ${record.durationMs}, ${record.error} WHERE changes() = 1`,
        ),
    ]);
    return updated.meta.changes === 1;
  }

  /**
   * The test event and its delivery in one batch (the event is born dispatched: no fan-out), only while the
   * endpoint has fewer than `limit` test deliveries created after `since` (the count and the insert are one
   * statement, so concurrent sends cannot pass it together). Returns null when written, else the oldest counted
   * send's time.
   */
  async function insertTestDelivery(d1: D1Database, input: TestDeliveryInput): Promise<{ oldestAt: number } | null> {
    const q = db(d1);
    const recentSends = q.$count(deliveries, isTestSendOf(input.endpointId, input.since));
    const [event] = await q.batch([
      // Columns in table order: id, owner, type, payload, dedupe key, created, dispatched.
      q
        .insert(events)
        .select(
          sql`SELECT ${input.eventId}, ${input.ownerId}, 'webhook.test', ${JSON.stringify(input.payload)}, NULL, ${input.now}, ${input.now} WHERE (${recentSends}) < ${input.limit}`,
        ),
      // Columns in table order: id, endpoint, owner, event, type, status, attempts, signed, next, created, completed.
      q
        .insert(deliveries)
        .select(
          sql`SELECT ${input.deliveryId}, ${input.endpointId}, ${input.ownerId}, ${input.eventId}, 'webhook.test', 'pending', 0, NULL, NULL, ${input.now}, NULL WHERE EXISTS (SELECT 1 FROM ${events} WHERE ${events.id} = ${input.eventId})`,
        ),
    ]);
    if (event.meta.changes === 1) return null;
    const [oldest] = await q
      .select({ oldest: sql<number | null>`MIN(${deliveries.createdAt})` })
      .from(deliveries)
      .where(isTestSendOf(input.endpointId, input.since));
    return { oldestAt: oldest?.oldest ?? input.now };
  }

  /** The endpoint's most recent deliveries, newest first, each with its attempts in order. */
  async function listDeliveries(d1: D1Database, endpointId: string, limit: number): Promise<DeliveryView[]> {
    const q = db(d1);
    const recent = await q
      .select({
        id: deliveries.id,
        eventId: deliveries.eventId,
        eventType: deliveries.eventType,
        status: deliveries.status,
        signedAt: deliveries.signedAt,
        nextAttemptAt: deliveries.nextAttemptAt,
        createdAt: deliveries.createdAt,
        completedAt: deliveries.completedAt,
      })
      .from(deliveries)
      .where(eq(deliveries.endpointId, endpointId))
      .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
      .limit(limit)
      .all();
    const byDelivery = new Map<string, AttemptView[]>();
    for (const part of chunks(recent.map((d) => d.id))) {
      const rows = await q
        .select({
          deliveryId: attempts.deliveryId,
          attempt: attempts.attempt,
          attemptedAt: attempts.attemptedAt,
          outcome: attempts.outcome,
          responseStatus: attempts.responseStatus,
          durationMs: attempts.durationMs,
          error: attempts.error,
        })
        .from(attempts)
        .where(inArray(attempts.deliveryId, part))
        .orderBy(attempts.attempt)
        .all();
      for (const { deliveryId, ...attempt } of rows) {
        const list = byDelivery.get(deliveryId) ?? [];
        list.push(attempt);
        byDelivery.set(deliveryId, list);
      }
    }
    return recent.map((d) => ({ ...d, attempts: byDelivery.get(d.id) ?? [] }));
  }

  /** Owners with a live endpoint subscribed to `eventType`. */
  async function ownersSubscribedTo(d1: D1Database, eventType: string): Promise<string[]> {
    const rows = await db(d1)
      .selectDistinct({ ownerId: endpoints.ownerId })
      .from(endpoints)
      .where(and(isNull(endpoints.deletedAt), sql`EXISTS (SELECT 1 FROM json_each(${endpoints.events}) WHERE json_each.value = ${eventType})`))
      .all();
    return rows.map((r) => r.ownerId);
  }

  /**
   * Inserts events that must exist once per (owner, dedupe key): a second insert with the same key is ignored
   * by the unique index. Returns the ids actually inserted.
   */
  async function insertDedupedEvents(
    d1: D1Database,
    rows: ReadonlyArray<Required<Pick<Tables["events"]["$inferInsert"], "id" | "ownerId" | "type" | "payload" | "dedupeKey" | "createdAt">>>,
  ): Promise<string[]> {
    const q = db(d1);
    const inserted: string[] = [];
    for (const part of chunks(rows, 10)) {
      const written = await q.insert(events).values(part).onConflictDoNothing().returning({ id: events.id });
      inserted.push(...written.map((r) => r.id));
    }
    return inserted;
  }

  return {
    countEndpoints,
    insertEndpoint,
    listEndpoints,
    findEndpoint,
    deleteEndpoint,
    fanOutEvents,
    markEventsDispatched,
    undispatchedEventIds,
    overdueDeliveryIds,
    loadDeliveryJob,
    claimDeliveryAttempt,
    recordDeliveryAttempt,
    insertTestDelivery,
    listDeliveries,
    ownersSubscribedTo,
    insertDedupedEvents,
  };
}
