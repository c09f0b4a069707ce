// SQL of webhook endpoints, the outbox fan-out, delivery attempts and compliance.due events (inventory).
// Deliveries are unique per (event, endpoint), so running the fan-out twice never creates a second delivery;
// attempts are unique per (delivery, attempt) and recorded only while the delivery still expects that attempt.
import { chunks, marks } from "../../platform/d1";
import { newId } from "../../platform/ids";
import type { AttemptRecord, DeliveryJob, DeliveryStatus, DeliveryUpdate } from "../../platform/webhooks/consumer";

export interface EndpointRow {
  id: string;
  orgId: string;
  url: string;
  events: string[];
  createdAt: number;
}

interface EndpointRecord {
  id: string;
  org_id: string;
  url: string;
  events: string;
  created_at: number;
}

const toEndpoint = (r: EndpointRecord): EndpointRow => ({
  id: r.id,
  orgId: r.org_id,
  url: r.url,
  events: JSON.parse(r.events) as string[],
  createdAt: r.created_at,
});

export async function countEndpoints(d1: D1Database, orgId: string): Promise<number> {
  const row = await d1
    .prepare("SELECT count(*) AS n FROM webhook_endpoints WHERE org_id = ? AND deleted_at IS NULL")
    .bind(orgId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export async function insertEndpoint(d1: D1Database, row: EndpointRow & { secret: string }): Promise<void> {
  await d1
    .prepare("INSERT INTO webhook_endpoints (id, org_id, url, events, secret, created_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(row.id, row.orgId, row.url, JSON.stringify(row.events), row.secret, row.createdAt)
    .run();
}

export async function listEndpoints(d1: D1Database, orgId: string): Promise<EndpointRow[]> {
  const { results } = await d1
    .prepare(
      "SELECT id, org_id, url, events, created_at FROM webhook_endpoints WHERE org_id = ? AND deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 100",
    )
    .bind(orgId)
    .all<EndpointRecord>();
  return results.map(toEndpoint);
}

/** The organisation's live endpoint, or undefined for another organisation's id, a deleted or unknown one. */
export async function findEndpoint(d1: D1Database, id: string, orgId: string): Promise<EndpointRow | undefined> {
  const row = await d1
    .prepare("SELECT id, org_id, url, events, created_at FROM webhook_endpoints WHERE id = ? AND org_id = ? AND deleted_at IS NULL")
    .bind(id, orgId)
    .first<EndpointRecord>();
  return row ? toEndpoint(row) : undefined;
}

/** Soft delete: deliveries keep their endpoint row; pending ones end as failed at their next attempt. */
export async function deleteEndpoint(d1: D1Database, id: string, orgId: string, now: number): Promise<boolean> {
  const result = await d1
    .prepare("UPDATE webhook_endpoints SET deleted_at = ? WHERE id = ? AND org_id = ? AND deleted_at IS NULL")
    .bind(now, id, orgId)
    .run();
  return result.meta.changes === 1;
}

/**
 * Creates one delivery per (event, live endpoint subscribed to its type, registered no later than the
 * event) and returns the ids of the events' deliveries that have not been attempted yet, to enqueue.
 */
export async function fanOutEvents(d1: D1Database, eventIds: readonly string[], now: number): Promise<string[]> {
  const events: Array<{ id: string; org_id: string; type: string; created_at: number }> = [];
  for (const part of chunks(eventIds)) {
    const { results } = await d1
      .prepare(`SELECT id, org_id, type, created_at FROM events WHERE id IN (${marks(part.length)})`)
      .bind(...part)
      .all<(typeof events)[number]>();
    events.push(...results);
  }
  if (events.length === 0) return [];
  const orgs = [...new Set(events.map((e) => e.org_id))];
  const endpoints: EndpointRecord[] = [];
  for (const part of chunks(orgs)) {
    const { results } = await d1
      .prepare(`SELECT id, org_id, url, events, created_at FROM webhook_endpoints WHERE org_id IN (${marks(part.length)}) AND deleted_at IS NULL`)
      .bind(...part)
      .all<EndpointRecord>();
    endpoints.push(...results);
  }
  const inserts: D1PreparedStatement[] = [];
  for (const event of events) {
    for (const endpoint of endpoints) {
      if (endpoint.org_id !== event.org_id || endpoint.created_at > event.created_at) continue;
      if (!(JSON.parse(endpoint.events) as string[]).includes(event.type)) continue;
      inserts.push(
        d1
          .prepare(
            "INSERT OR IGNORE INTO webhook_deliveries (id, endpoint_id, org_id, event_id, event_type, status, attempts, created_at) VALUES (?, ?, ?, ?, ?, 'pending', 0, ?)",
          )
          .bind(newId("whd", now), endpoint.id, event.org_id, event.id, event.type, now),
      );
    }
  }
  for (const part of chunks(inserts, 50)) await d1.batch(part);
  const ids: string[] = [];
  for (const part of chunks(events.map((e) => e.id))) {
    const { results } = await d1
      .prepare(`SELECT id FROM webhook_deliveries WHERE event_id IN (${marks(part.length)}) AND status = 'pending' AND attempts = 0`)
      .bind(...part)
      .all<{ id: string }>();
    ids.push(...results.map((r) => r.id));
  }
  return ids;
}

export async function markEventsDispatched(d1: D1Database, eventIds: readonly string[], now: number): Promise<void> {
  for (const part of chunks(eventIds)) {
    await d1
      .prepare(`UPDATE events SET dispatched_at = ? WHERE id IN (${marks(part.length)}) AND dispatched_at IS NULL`)
      .bind(now, ...part)
      .run();
  }
}

export async function undispatchedEventIds(d1: D1Database, createdBefore: number, limit: number): Promise<string[]> {
  const { results } = await d1
    .prepare("SELECT id FROM events WHERE dispatched_at IS NULL AND created_at < ? ORDER BY created_at LIMIT ?")
    .bind(createdBefore, limit)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/** Pending deliveries whose next attempt (or first, if never attempted) was due before `dueBefore`. */
export async function overdueDeliveryIds(d1: D1Database, dueBefore: number, limit: number): Promise<string[]> {
  const { results } = await d1
    .prepare(
      "SELECT id FROM webhook_deliveries WHERE status = 'pending' AND (next_attempt_at < ?1 OR (next_attempt_at IS NULL AND created_at < ?1)) ORDER BY created_at LIMIT ?2",
    )
    .bind(dueBefore, limit)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/** The wire body of an inventory event (snake_case like the rest of the service). */
export function eventBody(event: { id: string; orgId: string; type: string; createdAt: number; data: Record<string, unknown> }): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: new Date(event.createdAt).toISOString(),
    org_id: event.orgId,
    data: event.data,
  });
}

export async function loadDeliveryJob(d1: D1Database, deliveryId: string): Promise<DeliveryJob | null> {
  const row = await d1
    .prepare(
      `SELECT d.id, d.status, d.attempts, d.next_attempt_at, d.signed_at, d.event_type, d.event_id, d.org_id, e.payload, e.created_at AS event_created_at,
              w.url, w.secret, w.deleted_at
         FROM webhook_deliveries d
         LEFT JOIN events e ON e.id = d.event_id
         LEFT JOIN webhook_endpoints w ON w.id = d.endpoint_id
        WHERE d.id = ?`,
    )
    .bind(deliveryId)
    .first<{
      id: string;
      status: DeliveryStatus;
      attempts: number;
      next_attempt_at: number | null;
      signed_at: number | null;
      event_type: string;
      event_id: string;
      org_id: string;
      payload: string | null;
      event_created_at: number | null;
      url: string | null;
      secret: string | null;
      deleted_at: number | null;
    }>();
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    signedAt: row.signed_at,
    eventType: row.event_type,
    body: eventBody({
      id: row.event_id,
      orgId: row.org_id,
      type: row.event_type,
      createdAt: row.event_created_at ?? 0,
      data: row.payload ? (JSON.parse(row.payload) as Record<string, unknown>) : {},
    }),
    endpoint: row.url === null || row.secret === null ? null : { url: row.url, secret: row.secret, deleted: row.deleted_at !== null },
  };
}

/** Claims the next attempt: the delivery's next attempt time becomes the lease, if nobody holds one. */
export async function claimDeliveryAttempt(d1: D1Database, deliveryId: string, attempt: number, dueBy: number, leaseUntil: number): Promise<boolean> {
  const result = await d1
    .prepare(
      "UPDATE webhook_deliveries SET next_attempt_at = ? WHERE id = ? AND attempts = ? AND status = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= ?)",
    )
    .bind(leaseUntil, deliveryId, attempt - 1, dueBy)
    .run();
  return result.meta.changes === 1;
}

/** The attempt row and the delivery's new state in one batch, guarded on the attempt count. */
export async function recordDeliveryAttempt(d1: D1Database, deliveryId: string, record: AttemptRecord, update: DeliveryUpdate): Promise<boolean> {
  const [updated] = await d1.batch([
    d1
      .prepare(
        "UPDATE webhook_deliveries SET attempts = ?, status = ?, next_attempt_at = ?, signed_at = ?, completed_at = ? WHERE id = ? AND attempts = ? AND status = 'pending'",
      )
      .bind(record.attempt, update.status, update.nextAttemptAt, update.signedAt, update.completedAt, deliveryId, record.attempt - 1),
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

/** A `webhook.test` event for one endpoint and its delivery; the event is born dispatched (no fan-out). */
/**
 * The test event and its delivery in one batch, only while the endpoint has fewer than `limit` test deliveries
 * created after `since` (the count and the insert are one statement, so concurrent sends cannot pass it
 * together). Returns null when written, else the oldest counted send's time.
 */
export async function insertTestDelivery(
  d1: D1Database,
  input: {
    eventId: string;
    deliveryId: string;
    orgId: string;
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
        `INSERT INTO events (id, org_id, type, payload, created_at, dispatched_at)
         SELECT ?1, ?2, 'webhook.test', ?3, ?4, ?4
         WHERE (SELECT COUNT(*) FROM webhook_deliveries WHERE endpoint_id = ?5 AND event_type = 'webhook.test' AND created_at > ?6) < ?7`,
      )
      .bind(input.eventId, input.orgId, JSON.stringify(input.payload), input.now, input.endpointId, input.since, input.limit),
    d1
      .prepare(
        `INSERT INTO webhook_deliveries (id, endpoint_id, org_id, event_id, event_type, status, attempts, created_at)
         SELECT ?1, ?2, ?3, ?4, 'webhook.test', 'pending', 0, ?5 WHERE EXISTS (SELECT 1 FROM events WHERE id = ?4)`,
      )
      .bind(input.deliveryId, input.endpointId, input.orgId, input.eventId, input.now),
  ]);
  if (event!.meta.changes === 1) return null;
  const oldest = await d1
    .prepare("SELECT MIN(created_at) AS oldest FROM webhook_deliveries WHERE endpoint_id = ? AND event_type = 'webhook.test' AND created_at > ?")
    .bind(input.endpointId, input.since)
    .first<{ oldest: number | null }>();
  return { oldestAt: oldest?.oldest ?? input.now };
}

export interface DeliveryView {
  id: string;
  eventId: string;
  eventType: string;
  status: DeliveryStatus;
  signedAt: number | null;
  nextAttemptAt: number | null;
  createdAt: number;
  completedAt: number | null;
  attempts: Array<{
    attempt: number;
    attemptedAt: number;
    outcome: "delivered" | "failed";
    responseStatus: number | null;
    durationMs: number;
    error: string | null;
  }>;
}

/** The endpoint's most recent deliveries, newest first, each with its attempts in order. */
export async function listDeliveries(d1: D1Database, endpointId: string, limit: number): Promise<DeliveryView[]> {
  const { results: deliveries } = await d1
    .prepare(
      "SELECT id, event_id, event_type, status, signed_at, next_attempt_at, created_at, completed_at FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY created_at DESC, id DESC LIMIT ?",
    )
    .bind(endpointId, limit)
    .all<{
      id: string;
      event_id: string;
      event_type: string;
      status: DeliveryStatus;
      signed_at: number | null;
      next_attempt_at: number | null;
      created_at: number;
      completed_at: number | null;
    }>();
  const attempts = new Map<string, DeliveryView["attempts"]>();
  for (const part of chunks(deliveries.map((d) => d.id))) {
    const { results } = await d1
      .prepare(
        `SELECT delivery_id, attempt, attempted_at, outcome, response_status, duration_ms, error FROM webhook_attempts WHERE delivery_id IN (${marks(part.length)}) ORDER BY attempt`,
      )
      .bind(...part)
      .all<{
        delivery_id: string;
        attempt: number;
        attempted_at: number;
        outcome: "delivered" | "failed";
        response_status: number | null;
        duration_ms: number;
        error: string | null;
      }>();
    for (const r of results) {
      const list = attempts.get(r.delivery_id) ?? [];
      list.push({
        attempt: r.attempt,
        attemptedAt: r.attempted_at,
        outcome: r.outcome,
        responseStatus: r.response_status,
        durationMs: r.duration_ms,
        error: r.error,
      });
      attempts.set(r.delivery_id, list);
    }
  }
  return deliveries.map((d) => ({
    id: d.id,
    eventId: d.event_id,
    eventType: d.event_type,
    status: d.status,
    signedAt: d.signed_at,
    nextAttemptAt: d.next_attempt_at,
    createdAt: d.created_at,
    completedAt: d.completed_at,
    attempts: attempts.get(d.id) ?? [],
  }));
}

/** Organisations with a live endpoint subscribed to `eventType`. */
export async function orgsSubscribedTo(d1: D1Database, eventType: string): Promise<string[]> {
  const { results } = await d1
    .prepare("SELECT DISTINCT w.org_id FROM webhook_endpoints w, json_each(w.events) j WHERE w.deleted_at IS NULL AND j.value = ?")
    .bind(eventType)
    .all<{ org_id: string }>();
  return results.map((r) => r.org_id);
}

/**
 * Inserts events that must exist once per (organisation, dedupe key): a second insert with the same key is
 * ignored by the unique index. Returns the ids actually inserted.
 */
export async function insertDedupedEvents(
  d1: D1Database,
  events: ReadonlyArray<{ id: string; orgId: string; type: string; payload: Record<string, unknown>; dedupeKey: string; createdAt: number }>,
): Promise<string[]> {
  const inserted: string[] = [];
  for (const part of chunks(events, 50)) {
    const results = await d1.batch(
      part.map((e) =>
        d1
          .prepare("INSERT OR IGNORE INTO events (id, org_id, type, payload, dedupe_key, created_at) VALUES (?, ?, ?, ?, ?, ?)")
          .bind(e.id, e.orgId, e.type, JSON.stringify(e.payload), e.dedupeKey, e.createdAt),
      ),
    );
    part.forEach((e, i) => {
      if ((results[i]?.meta.changes ?? 0) > 0) inserted.push(e.id);
    });
  }
  return inserted;
}
