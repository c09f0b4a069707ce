// Automatic delivery: the outbox's fan-out into deliveries and its sweep, the queue consumer's attempts, auto-disabling.
import { and, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { chunks } from "../d1";
import { newId } from "../ids";
import { ENDPOINT_STOPPED, notSentError, type AttemptRecord, type DeliveryJob, type DeliveryUpdate } from "./consumer";
import { subscribes } from "./endpoint-queries";
import type { StoredEvent } from "./event-queries";
import { db, sharedQueries, type WebhookTables as Tables } from "./shared-queries";

/** An endpoint that has failed every attempt for this long is disabled by the service itself. */
export const AUTO_DISABLE_AFTER_MS = 3 * 86_400_000;

export function deliveryQueries(tables: Tables, eventBody: (event: StoredEvent) => string) {
  const {
    events,
    webhookEndpoints: endpoints,
    webhookDeliveries: deliveries,
    webhookAttempts: attempts,
    webhookEndpointChanges: endpointChanges,
  } = tables;
  const { enabledSince, endPendingDeliveries } = sharedQueries(tables);
  const endpointOfDelivery = (deliveryId: string) => sql`(SELECT ${deliveries.endpointId} FROM ${deliveries} WHERE ${deliveries.id} = ${deliveryId})`;

  /**
   * Creates one delivery per (event, live endpoint subscribed to its type, registered no later than the
   * event) and returns the ids of the events' deliveries that have not been attempted yet, to enqueue.
   */
  async function fanOutEvents(d1: D1Database, eventIds: readonly string[], now: number): Promise<string[]> {
    const q = db(d1);
    const found: Array<Pick<Tables["events"]["$inferSelect"], "id" | "ownerId" | "type" | "createdAt"> & { written: number }> = [];
    for (const part of chunks(eventIds)) {
      found.push(
        ...(await q
          .select({ id: events.id, ownerId: events.ownerId, type: events.type, createdAt: events.createdAt, written: sql<number>`rowid` })
          .from(events)
          .where(inArray(events.id, part))
          .all()),
      );
    }
    if (found.length === 0) return [];
    // Deliveries are written in the order their events were (ids of one millisecond sort by chance), so the
    // delivery log, newest first by insertion, shows one request's events in the order it wrote them.
    found.sort((a, b) => a.written - b.written);
    const owners = [...new Set(found.map((e) => e.ownerId))];
    // An endpoint takes the events from the start of its present enabled period, even when their fan-out runs
    // late (the sweep after a lost dispatch).
    // Qualified by hand: drizzle leaves the columns of a one-table query unqualified, and inside the subquery an
    // unqualified "id" would be the change's own.
    const endpointEnabledSince = enabledSince(sql`${endpoints}.id`, sql`${endpoints}.created_at`);
    const subscribed: Array<Pick<Tables["webhookEndpoints"]["$inferSelect"], "id" | "ownerId" | "events" | "allEvents"> & { enabledSince: number }> =
      [];
    for (const part of chunks(owners)) {
      subscribed.push(
        ...(await q
          .select({
            id: endpoints.id,
            ownerId: endpoints.ownerId,
            events: endpoints.events,
            allEvents: endpoints.allEvents,
            enabledSince: endpointEnabledSince,
          })
          .from(endpoints)
          .where(and(inArray(endpoints.ownerId, part), isNull(endpoints.deletedAt), isNull(endpoints.disabledAt)))
          .all()),
      );
    }
    const rows: Array<Tables["webhookDeliveries"]["$inferInsert"]> = [];
    for (const event of found) {
      for (const endpoint of subscribed) {
        if (endpoint.ownerId !== event.ownerId || endpoint.enabledSince > event.createdAt) continue;
        if (!subscribes(endpoint, event.type)) continue;
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
        endpointId: endpoints.id,
        url: endpoints.url,
        secret: endpoints.secret,
        previousSecret: endpoints.previousSecret,
        previousSecretExpiresAt: endpoints.previousSecretExpiresAt,
        deletedAt: endpoints.deletedAt,
        disabledAt: endpoints.disabledAt,
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
      endpoint:
        row.endpointId === null || row.url === null || row.secret === null
          ? null
          : {
              id: row.endpointId,
              url: row.url,
              secret: row.secret,
              previousSecret: row.previousSecret === null ? null : { secret: row.previousSecret, expiresAt: row.previousSecretExpiresAt ?? 0 },
              deleted: row.deletedAt !== null,
              disabled: row.disabledAt !== null,
            },
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

  /**
   * The attempt row and the delivery's new state in one batch, guarded on the attempt count. An attempt that
   * was sent also keeps the endpoint's failing streak: a 2xx ends it; a failure starts it, and a failure
   * AUTO_DISABLE_AFTER_MS into it disables the endpoint, recorded as a change by the service.
   *
   * A sent attempt whose delivery ended while it was on its way (the endpoint was disabled or deleted, or a
   * duplicate message gave up on it) takes the place of that ending's "not sent" record of the same attempt: it
   * was sent, and a 2xx makes the delivery delivered. False then too, as the delivery's state is not `update`.
   */
  async function recordDeliveryAttempt(d1: D1Database, deliveryId: string, record: AttemptRecord, update: DeliveryUpdate): Promise<boolean> {
    const q = db(d1);
    const attemptId = newId("wha", record.attemptedAt);
    const recorded = sql`EXISTS (SELECT 1 FROM ${attempts} WHERE ${attempts.id} = ${attemptId})`;
    const endpointId = endpointOfDelivery(deliveryId);
    const delivered = record.outcome === "delivered";
    const sentInPlaceOfNotSent = record.notSent
      ? []
      : [
          q
            .update(attempts)
            .set({
              attemptedAt: record.attemptedAt,
              outcome: record.outcome,
              responseStatus: record.responseStatus,
              durationMs: record.durationMs,
              error: record.error,
            })
            .where(
              and(
                eq(attempts.deliveryId, deliveryId),
                eq(attempts.attempt, record.attempt),
                sql`${attempts.error} LIKE ${`${notSentError("")}%`}`,
                sql`NOT ${recorded}`,
              ),
            ),
          ...(delivered
            ? [
                q
                  .update(deliveries)
                  .set({ status: "delivered", completedAt: update.completedAt })
                  .where(and(eq(deliveries.id, deliveryId), eq(deliveries.attempts, record.attempt), sql`changes() = 1`)),
              ]
            : []),
        ];
    // This attempt's row, whether inserted or put in place of a "not sent" one.
    const landed = sql`EXISTS (SELECT 1 FROM ${attempts} WHERE ${attempts.deliveryId} = ${deliveryId} AND ${attempts.attempt} = ${record.attempt}
      AND ${attempts.attemptedAt} = ${record.attemptedAt} AND ${attempts.outcome} = ${record.outcome} AND ${attempts.error} IS ${record.error})`;
    const streak = record.notSent
      ? []
      : [
          q
            .update(endpoints)
            .set({ failingSince: delivered ? null : sql`COALESCE(${endpoints.failingSince}, ${record.attemptedAt})` })
            .where(and(sql`${endpoints.id} = ${endpointId}`, landed)),
        ];
    const autoDisable =
      delivered || record.notSent
        ? []
        : [
            q
              .update(endpoints)
              .set({ disabledAt: record.attemptedAt, disabledReason: "failing" })
              .where(
                and(
                  sql`${endpoints.id} = ${endpointId}`,
                  isNull(endpoints.disabledAt),
                  isNull(endpoints.deletedAt),
                  lte(endpoints.failingSince, record.attemptedAt - AUTO_DISABLE_AFTER_MS),
                  recorded,
                ),
              ),
            // Columns in table order: id, endpoint, owner, action, actor, detail, at.
            q
              .insert(endpointChanges)
              .select(
                sql`SELECT ${newId("whc", record.attemptedAt)}, ${endpoints.id}, ${endpoints.ownerId}, 'auto_disabled', 'service', 'no 2xx answer since ' || strftime('%Y-%m-%dT%H:%M:%fZ', ${endpoints.failingSince} / 1000.0, 'unixepoch'), ${record.attemptedAt} FROM ${endpoints} WHERE ${endpoints.id} = ${endpointId} AND changes() = 1`,
              ),
            ...endPendingDeliveries(
              q,
              endpointId,
              sql`EXISTS (SELECT 1 FROM ${endpoints} WHERE ${endpoints.id} = ${endpointId} AND ${endpoints.disabledAt} IS NOT NULL)`,
              record.attemptedAt,
              ENDPOINT_STOPPED.disabled,
            ),
          ];
    const [updated, ...rest] = await q.batch([
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
          sql`SELECT ${attemptId}, ${deliveryId}, ${record.attempt}, ${record.attemptedAt}, ${record.outcome}, ${record.responseStatus}, ${record.durationMs}, ${record.error} WHERE changes() = 1`,
        ),
      ...sentInPlaceOfNotSent,
      ...streak,
      ...autoDisable,
      // Last, the delivery as the batch left it: a failure that disabled the endpoint has ended it as well.
      q.select({ status: deliveries.status }).from(deliveries).where(eq(deliveries.id, deliveryId)),
    ]);
    const after = rest.at(-1);
    return updated.meta.changes === 1 && Array.isArray(after) && after[0]?.status === update.status;
  }

  return {
    fanOutEvents,
    markEventsDispatched,
    undispatchedEventIds,
    overdueDeliveryIds,
    loadDeliveryJob,
    claimDeliveryAttempt,
    recordDeliveryAttempt,
  };
}
