// An endpoint's delivery log and the sends a person asks for: its pages, test sends, re-sends and recoveries.
import { and, type AnyColumn, desc, eq, gt, gte, inArray, isNull, or, type SQL, sql, type Table } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { chunks } from "../d1";
import { db, sharedQueries, type WebhookTables as Tables } from "./shared-queries";

type AttemptView = Pick<Tables["webhookAttempts"]["$inferSelect"], "attempt" | "attemptedAt" | "outcome" | "responseStatus" | "durationMs" | "error">;

export type DeliveryView = Pick<
  Tables["webhookDeliveries"]["$inferSelect"],
  "id" | "eventId" | "eventType" | "status" | "signedAt" | "nextAttemptAt" | "createdAt" | "completedAt" | "resendOf"
> & { attempts: AttemptView[] };

/**
 * A delivery's place in its endpoint's log: newest first, deliveries of one millisecond in the reverse of the order
 * they were written (SQLite's rowid, which the log's index carries after created_at). A cursor names the delivery by
 * id and the query looks its rowid up: the rowid counts every owner's deliveries, which no cursor may tell.
 */
export interface DeliveryPosition {
  createdAt: number;
  id: string;
}

export interface DeliveryFilter {
  limit: number;
  status?: Tables["webhookDeliveries"]["$inferSelect"]["status"] | undefined;
  eventType?: string | undefined;
  /** Keyset paging: only deliveries strictly after this one in the log's order. */
  after?: DeliveryPosition | undefined;
}

/** A page of an endpoint's deliveries, and where the next page starts (null on the last page). */
export interface DeliveryPage {
  deliveries: DeliveryView[];
  next: DeliveryPosition | null;
}

/** A re-send to write: its new delivery id, and the delivery it repeats. */
export interface Resend {
  deliveryId: string;
  resendOf: string;
}

/** An event a recovery sends again: its latest delivery, to re-send, and when its first delivery was created. */
export interface RecoverableDelivery {
  id: string;
  firstCreatedAt: number;
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

export function deliveryLogQueries(tables: Tables) {
  const { events, webhookEndpoints: endpoints, webhookDeliveries: deliveries, webhookAttempts: attempts } = tables;
  const { enabledSince } = sharedQueries(tables);
  /** Test sends and re-sends: deliveries a person asked for, metered per endpoint. */
  const isManualSendOf = (endpointId: string, since: number) =>
    and(
      eq(deliveries.endpointId, endpointId),
      or(eq(deliveries.eventType, "webhook.test"), sql`${deliveries.resendOf} IS NOT NULL`),
      gt(deliveries.createdAt, since),
    );

  /** How many manual sends (test sends and re-sends) the endpoint had after `since`, and the oldest of them. */
  async function manualSendsSince(d1: D1Database, endpointId: string, since: number): Promise<{ count: number; oldestAt: number | null }> {
    const [sends] = await db(d1)
      .select({ count: sql<number>`COUNT(*)`, oldestAt: sql<number | null>`MIN(${deliveries.createdAt})` })
      .from(deliveries)
      .where(isManualSendOf(endpointId, since));
    return { count: sends?.count ?? 0, oldestAt: sends?.oldestAt ?? null };
  }

  /** The oldest manual send the endpoint's limit still counts (for Retry-After). */
  async function oldestManualSend(d1: D1Database, endpointId: string, since: number, now: number): Promise<{ oldestAt: number }> {
    return { oldestAt: (await manualSendsSince(d1, endpointId, since)).oldestAt ?? now };
  }

  /**
   * The test event and its delivery in one batch (the event is born dispatched: no fan-out), only while the
   * endpoint has fewer than `limit` manual sends created after `since` (the count and the insert are one
   * statement, so concurrent sends cannot pass it together). Returns null when written, else the oldest counted
   * send's time.
   */
  async function insertTestDelivery(d1: D1Database, input: TestDeliveryInput): Promise<{ oldestAt: number } | null> {
    const q = db(d1);
    const recentSends = q.$count(deliveries, isManualSendOf(input.endpointId, input.since));
    const [event] = await q.batch([
      // Columns in table order: id, owner, type, payload, dedupe key, created, dispatched.
      q
        .insert(events)
        .select(
          sql`SELECT ${input.eventId}, ${input.ownerId}, 'webhook.test', ${JSON.stringify(input.payload)}, NULL, ${input.now}, ${input.now} WHERE (${recentSends}) < ${input.limit}`,
        ),
      // Columns in table order: id, endpoint, owner, event, type, status, attempts, signed, next, created, completed, resend of.
      q
        .insert(deliveries)
        .select(
          sql`SELECT ${input.deliveryId}, ${input.endpointId}, ${input.ownerId}, ${input.eventId}, 'webhook.test', 'pending', 0, NULL, NULL, ${input.now}, NULL, NULL WHERE EXISTS (SELECT 1 FROM ${events} WHERE ${events.id} = ${input.eventId})`,
        ),
    ]);
    if (event.meta.changes === 1) return null;
    return oldestManualSend(d1, input.endpointId, input.since, input.now);
  }

  /** One of the endpoint's deliveries, or undefined. */
  async function findDelivery(d1: D1Database, deliveryId: string, endpointId: string): Promise<{ id: string; eventId: string } | undefined> {
    return db(d1)
      .select({ id: deliveries.id, eventId: deliveries.eventId })
      .from(deliveries)
      .where(and(eq(deliveries.id, deliveryId), eq(deliveries.endpointId, endpointId)))
      .get();
  }

  /**
   * Re-sends: for each of `resends`, a new pending delivery `deliveryId`, created `now`, of the same event to the
   * same endpoint as the endpoint's delivery `resendOf`, written only where `allowed` holds (of that delivery, or
   * of the endpoint's manual sends). A single re-send and a recovery write their rows alike.
   */
  function insertResends(q: ReturnType<typeof db>, endpointId: string, resends: readonly Resend[], now: number, allowed: SQL) {
    const asked = sql.join(
      resends.map((r) => sql`(${r.deliveryId}, ${r.resendOf})`),
      sql`, `,
    );
    // Columns in table order: id, endpoint, owner, event, type, status, attempts, signed, next, created, completed, resend of.
    return q
      .insert(deliveries)
      .select(
        sql`SELECT asked.column1, ${deliveries.endpointId}, ${deliveries.ownerId}, ${deliveries.eventId}, ${deliveries.eventType}, 'pending', 0, NULL, NULL, ${now}, NULL, ${deliveries.id} FROM (VALUES ${asked}) AS asked JOIN ${deliveries} ON ${deliveries.id} = asked.column2 WHERE ${deliveries.endpointId} = ${endpointId} AND ${allowed}`,
      );
  }

  /**
   * A re-send of `input.resendOf`: a new delivery of the same event to the same endpoint, under the same limit
   * on manual sends as test sends. Returns null when written, else the oldest counted send's time.
   */
  async function insertResendDelivery(
    d1: D1Database,
    input: Omit<TestDeliveryInput, "eventId" | "payload"> & Resend,
  ): Promise<{ oldestAt: number } | null> {
    const q = db(d1);
    const recentSends = q.$count(deliveries, isManualSendOf(input.endpointId, input.since));
    const inserted = await insertResends(q, input.endpointId, [input], input.now, sql`(${recentSends}) < ${input.limit}`);
    if (inserted.meta.changes === 1) return null;
    return oldestManualSend(d1, input.endpointId, input.since, input.now);
  }

  /**
   * Whether `delivery` (the deliveries table or an alias of it) is its event's latest delivery to its endpoint (no
   * re-send followed it: rowid orders an endpoint's deliveries of one event as they were written) and every
   * delivery of that event to the endpoint ended failed. The latest is not enough: a re-send can fail while the
   * delivery it repeats still waits for a retry, which may then deliver the event.
   * The unary plus keeps SQLite from finding `delivery` by (endpoint, status): that index ties with (endpoint, event)
   * in its estimate, and would read every failed delivery of the endpoint for each event a recovery looks at.
   */
  function latestOfFailedEvent(delivery: Record<"status" | "endpointId" | "eventId", AnyColumn> & Table): SQL {
    const other = alias(deliveries, "other_delivery");
    return sql`+${delivery.status} = 'failed' AND NOT EXISTS (SELECT 1 FROM ${deliveries} AS ${other}
      WHERE ${other.endpointId} = ${delivery.endpointId} AND ${other.eventId} = ${delivery.eventId}
        AND (${other}.rowid > ${delivery}.rowid OR ${other.status} <> 'failed'))`;
  }

  /**
   * Whether the endpoint `endpointId`'s `delivery` (the deliveries table or an alias of it) is one a recovery re-sends:
   * the latest of an event whose deliveries to the endpoint all failed, of the endpoint's present enabled period,
   * and of a type the endpoint still takes (`subscribes`; a test send's whatever its events), as the fan-out would
   * send it now: an owner who narrowed the endpoint's events since no longer wants the others. The endpoint must be
   * enabled still: a re-send written after its disabling would outlive it, pending, and go out once it was enabled.
   */
  function recoverable(endpointId: string, delivery: Record<"status" | "endpointId" | "eventId" | "eventType", AnyColumn> & Table): SQL {
    const event = alias(events, "recovered_event");
    return sql`${latestOfFailedEvent(delivery)} AND EXISTS (SELECT 1 FROM ${endpoints}, ${events} AS ${event}
      WHERE ${endpoints.id} = ${endpointId} AND ${endpoints.disabledAt} IS NULL AND ${endpoints.deletedAt} IS NULL
        AND ${event.id} = ${delivery.eventId} AND ${event.createdAt} >= ${enabledSince(sql`${endpoints.id}`, sql`${endpoints.createdAt}`)}
        AND (${endpoints.allEvents} = 1 OR ${delivery.eventType} = 'webhook.test'
          OR EXISTS (SELECT 1 FROM json_each(${endpoints.events}) WHERE json_each.value = ${delivery.eventType})))`;
  }

  /**
   * The endpoint's events to recover, oldest first: those whose first delivery to it (the fan-out's, or a test
   * send's) was created at or after `since`, and whose every delivery to it, re-sends included, ended failed
   * (sent and refused, or not sent), that happened in the endpoint's present enabled period and whose type it still
   * takes. Each comes as its latest delivery, to re-send, and the time of its first.
   * An event with a delivery that was delivered, or is still pending, is not one; nor is a re-send counted as
   * an event of its own, so the re-sends a recovery makes never come round again in a later page of it.
   */
  async function recoverableDeliveries(d1: D1Database, endpointId: string, since: number, limit: number): Promise<RecoverableDelivery[]> {
    const first = alias(deliveries, "first_delivery");
    const latest = alias(deliveries, "latest_delivery");
    return db(d1)
      .select({ id: latest.id, firstCreatedAt: first.createdAt })
      .from(first)
      .innerJoin(latest, and(eq(latest.endpointId, first.endpointId), eq(latest.eventId, first.eventId)))
      .where(and(eq(first.endpointId, endpointId), isNull(first.resendOf), gte(first.createdAt, since), recoverable(endpointId, latest)))
      .orderBy(first.createdAt, sql`${first}.rowid`)
      .limit(limit)
      .all();
  }

  /**
   * A recovery's re-sends, in one batch, each written only while the delivery it repeats is still `recoverable`:
   * recoveries at once, or a re-send by hand meanwhile, never make one event go out twice, and an endpoint disabled
   * and enabled again meanwhile is not sent the events from before. Returns the ids written.
   */
  async function insertRecoveryDeliveries(d1: D1Database, endpointId: string, resends: readonly Resend[], now: number): Promise<string[]> {
    if (resends.length === 0) return [];
    const q = db(d1);
    // Two bound values a re-send: 40 of them, beside the few of the guard, stay inside D1's 100 a statement.
    const [first, ...rest] = chunks(resends, 40).map((part) =>
      insertResends(q, endpointId, part, now, recoverable(endpointId, deliveries)).returning({ id: deliveries.id }),
    );
    const written = await q.batch([first!, ...rest]);
    return written.flat().map((row) => row.id);
  }

  /**
   * A page of the endpoint's deliveries, newest first, each with its attempts in order; optionally only one status or
   * event type. The (endpoint, created_at) index serves the log, the (endpoint, status, created_at) one a `status`;
   * an event type is read off the rows.
   */
  async function listDeliveries(d1: D1Database, endpointId: string, filter: DeliveryFilter): Promise<DeliveryPage> {
    const q = db(d1);
    const { after } = filter;
    const rows = await q
      .select({
        id: deliveries.id,
        eventId: deliveries.eventId,
        eventType: deliveries.eventType,
        status: deliveries.status,
        signedAt: deliveries.signedAt,
        nextAttemptAt: deliveries.nextAttemptAt,
        createdAt: deliveries.createdAt,
        completedAt: deliveries.completedAt,
        resendOf: deliveries.resendOf,
      })
      .from(deliveries)
      .where(
        and(
          eq(deliveries.endpointId, endpointId),
          filter.status === undefined ? undefined : eq(deliveries.status, filter.status),
          filter.eventType === undefined ? undefined : eq(deliveries.eventType, filter.eventType),
          after === undefined
            ? undefined
            : sql`(${deliveries.createdAt}, rowid) < (${after.createdAt}, (SELECT rowid FROM ${deliveries} AS cursor_row WHERE cursor_row.id = ${after.id}))`,
        ),
      )
      .orderBy(desc(deliveries.createdAt), desc(sql`rowid`))
      .limit(filter.limit + 1)
      .all();
    const recent = rows.slice(0, filter.limit);
    const last = recent.at(-1);
    const next = rows.length > filter.limit && last ? { createdAt: last.createdAt, id: last.id } : null;
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
    return { deliveries: recent.map((d) => ({ ...d, attempts: byDelivery.get(d.id) ?? [] })), next };
  }

  return {
    insertTestDelivery,
    findDelivery,
    insertResendDelivery,
    recoverableDeliveries,
    insertRecoveryDeliveries,
    manualSendsSince,
    listDeliveries,
  };
}
