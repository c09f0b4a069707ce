// An owner's stored events: the events list and its look-up, the owners subscribed to a type, events written once per key.
import { and, desc, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import { chunks } from "../d1";
import { db, type WebhookTables as Tables } from "./shared-queries";

/** An event as its wire body is built from it. */
export interface StoredEvent {
  id: string;
  ownerId: string;
  type: string;
  createdAt: number;
  data: Record<string, unknown>;
}

/** Test sends are not business events: the events list and its look-up leave them out. */
export const TEST_EVENT_TYPE = "webhook.test";

/** Which of an owner's events to list: created in [since, before), optionally of one type, newest first. */
export interface EventListFilter {
  since: number;
  before?: number | undefined;
  type?: string | undefined;
  /** Keyset paging: only events strictly older, in the list's order, than this one. */
  after?: { createdAt: number; id: string } | undefined;
  offset?: number | undefined;
  limit: number;
}

export function eventQueries(tables: Tables) {
  const { events, webhookEndpoints: endpoints } = tables;

  const storedEventColumns = { id: events.id, ownerId: events.ownerId, type: events.type, createdAt: events.createdAt, data: events.payload };

  /**
   * The owner's events, newest first (events of one millisecond by id, so keyset pages neither repeat nor skip one),
   * test sends left out. The index on (owner, created, id) serves the list, the one on (owner, type, created, id) a `type`.
   */
  async function listEvents(d1: D1Database, ownerId: string, filter: EventListFilter): Promise<StoredEvent[]> {
    const { after } = filter;
    return db(d1)
      .select(storedEventColumns)
      .from(events)
      .where(
        and(
          eq(events.ownerId, ownerId),
          gte(events.createdAt, filter.since),
          filter.before === undefined ? undefined : lt(events.createdAt, filter.before),
          sql`${events.type} <> ${TEST_EVENT_TYPE}`,
          filter.type === undefined ? undefined : eq(events.type, filter.type),
          after === undefined
            ? undefined
            : or(lt(events.createdAt, after.createdAt), and(eq(events.createdAt, after.createdAt), lt(events.id, after.id))),
        ),
      )
      .orderBy(desc(events.createdAt), desc(events.id))
      .limit(filter.limit)
      .offset(filter.offset ?? 0)
      .all();
  }

  /** One of the owner's events created at or after `since`, or undefined (another owner's, older, a test send, unknown). */
  async function findEvent(d1: D1Database, ownerId: string, id: string, since: number): Promise<StoredEvent | undefined> {
    return db(d1)
      .select(storedEventColumns)
      .from(events)
      .where(and(eq(events.id, id), eq(events.ownerId, ownerId), gte(events.createdAt, since), sql`${events.type} <> ${TEST_EVENT_TYPE}`))
      .get();
  }

  /** Owners with a live endpoint subscribed to `eventType`: taking every event, or naming it in its list. */
  async function ownersSubscribedTo(d1: D1Database, eventType: string): Promise<string[]> {
    const rows = await db(d1)
      .selectDistinct({ ownerId: endpoints.ownerId })
      .from(endpoints)
      .where(
        and(
          isNull(endpoints.deletedAt),
          isNull(endpoints.disabledAt),
          or(eq(endpoints.allEvents, true), sql`EXISTS (SELECT 1 FROM json_each(${endpoints.events}) WHERE json_each.value = ${eventType})`),
        ),
      )
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
    ownersSubscribedTo,
    insertDedupedEvents,
    listEvents,
    findEvent,
  };
}
