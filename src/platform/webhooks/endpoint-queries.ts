// The webhook store's endpoints: registration within a limit, reads, patches with their audited changes, secrets, deletion.
import { and, asc, desc, eq, isNotNull, isNull, like, lte, ne, notExists, notLike, or, type SQL, sql } from "drizzle-orm";
import { newId } from "../ids";
import { ENDPOINT_STOPPED } from "./consumer";
import { SEALED_FORMS, type SealedWebhookSecret } from "./secrets";
import { db, sharedQueries, type WebhookTables as Tables } from "./shared-queries";

/** An endpoint as the API shows and uses it: every column but its secrets and deletion time. */
export type EndpointRow = Omit<Tables["webhookEndpoints"]["$inferSelect"], "secret" | "previousSecret" | "deletedAt">;

/** What registering an endpoint writes, its secret sealed; every other column starts empty. */
export type NewEndpoint = Pick<
  Tables["webhookEndpoints"]["$inferInsert"],
  "id" | "ownerId" | "url" | "events" | "allEvents" | "description" | "createdAt"
> & {
  secret: SealedWebhookSecret;
};

export type EndpointPatch = Partial<
  Pick<EndpointRow, "url" | "events" | "allEvents" | "description" | "disabledAt" | "disabledReason" | "failingSince">
>;

/**
 * What a registration did. Nothing is written when the owner is at its limit of live endpoints, or when another of
 * its live endpoints (disabled ones included) has the URL already (`url_taken`, naming the oldest such endpoint).
 */
export type Registration = { outcome: "registered" } | { outcome: "at_limit" } | { outcome: "url_taken"; endpointId: string };

/**
 * What an update did: the endpoint as changed; or nothing written, because the owner has no such live endpoint, or
 * (`urlTakenBy`, the oldest such endpoint) because the patch moves it to a URL another of its live endpoints has.
 */
export type EndpointUpdate = { endpoint: EndpointRow; urlTakenBy: null } | { endpoint: undefined; urlTakenBy: string | null };

/** One audited change to an endpoint. */
export type EndpointChange = Pick<Tables["webhookEndpointChanges"]["$inferSelect"], "action" | "actor" | "detail" | "at">;

/**
 * Whether an endpoint takes events of `eventType`: an all-events endpoint takes every type, those the service
 * added after it was registered included; any other takes the types of its list.
 */
export function subscribes(endpoint: Pick<EndpointRow, "events" | "allEvents">, eventType: string): boolean {
  return endpoint.allEvents || endpoint.events.includes(eventType);
}

/**
 * The event types an endpoint takes among those the service sends (`serviceEvents`): all of them for an all-events
 * endpoint, those added after it was registered included; otherwise those of its list.
 */
export function subscribedEvents<E extends string>(endpoint: Pick<EndpointRow, "events" | "allEvents">, serviceEvents: readonly E[]): E[] {
  return endpoint.allEvents ? [...serviceEvents] : serviceEvents.filter((type) => endpoint.events.includes(type));
}

export function endpointQueries(tables: Tables) {
  const { webhookEndpoints: endpoints, webhookEndpointChanges: endpointChanges } = tables;
  const { endPendingDeliveries } = sharedQueries(tables);

  const endpointColumns = {
    id: endpoints.id,
    ownerId: endpoints.ownerId,
    url: endpoints.url,
    events: endpoints.events,
    allEvents: endpoints.allEvents,
    description: endpoints.description,
    createdAt: endpoints.createdAt,
    previousSecretExpiresAt: endpoints.previousSecretExpiresAt,
    disabledAt: endpoints.disabledAt,
    disabledReason: endpoints.disabledReason,
    failingSince: endpoints.failingSince,
  };
  const liveOf = (ownerId: string) => and(eq(endpoints.ownerId, ownerId), isNull(endpoints.deletedAt));

  /**
   * The owner's live endpoints other than `exceptId` with `url`, oldest first. A URL is stored as checkWebhookUrl
   * normalised it, so spellings of one URL (`https://Example.com:443/hook`, `https://example.com/hook`) compare equal.
   */
  const urlHolders = (q: ReturnType<typeof db>, ownerId: string, url: string, exceptId: string) =>
    q
      .select({ id: endpoints.id })
      .from(endpoints)
      .where(and(liveOf(ownerId), eq(endpoints.url, url), ne(endpoints.id, exceptId)))
      .orderBy(asc(endpoints.createdAt));

  /**
   * Registers the endpoint while its owner has fewer than `limit` live ones and none of them has its URL; otherwise
   * writes nothing. Both conditions and the insert are one statement, so registrations at once can neither pass the
   * limit nor register one URL twice together; the read after it, in the same batch, names the endpoint that has
   * the URL. Endpoints that already shared a URL before this rule keep working; a further one is refused.
   */
  async function insertEndpointWithin(d1: D1Database, row: NewEndpoint, limit: number): Promise<Registration> {
    const q = db(d1);
    const live = q.$count(endpoints, liveOf(row.ownerId));
    // Columns in table order: id, owner, url, events, all events, description, secret, previous secret, its expiry,
    // created, disabled at, disabled reason, failing since, deleted at.
    // A registration that holds an Idempotency-Key marks it in the same transaction (idempotentWrites).
    const [inserted, holder] = await q.batch([
      q
        .insert(endpoints)
        .select(
          sql`SELECT ${row.id}, ${row.ownerId}, ${row.url}, ${JSON.stringify(row.events)}, ${row.allEvents ? 1 : 0}, ${row.description ?? null}, ${row.secret}, NULL, NULL, ${row.createdAt}, NULL, NULL, NULL, NULL WHERE ${live} < ${limit} AND ${notExists(urlHolders(q, row.ownerId, row.url, row.id))}`,
        ),
      urlHolders(q, row.ownerId, row.url, row.id).limit(1),
    ]);
    if (inserted.meta.changes === 1) return { outcome: "registered" };
    return holder[0] ? { outcome: "url_taken", endpointId: holder[0].id } : { outcome: "at_limit" };
  }

  /**
   * The owner's live endpoints, newest first; those of one millisecond later written first (rowid: their ids differ
   * only in their random part). The (owner, created_at) index ends with the rowid, so it serves the whole order.
   */
  async function listEndpoints(d1: D1Database, ownerId: string): Promise<EndpointRow[]> {
    return db(d1)
      .select(endpointColumns)
      .from(endpoints)
      .where(liveOf(ownerId))
      .orderBy(desc(endpoints.createdAt), desc(sql`rowid`))
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

  /**
   * Applies `patch` to the owner's live endpoint and records `change` in the same batch. A patch that moves the
   * endpoint to another URL applies only while no other live endpoint of the owner has that URL, checked in the
   * same statement as the update. Nothing is written for another owner's, a deleted or an unknown endpoint, or a
   * URL taken (the batch's last read names the endpoint that has it).
   */
  async function updateEndpoint(
    d1: D1Database,
    id: string,
    ownerId: string,
    patch: EndpointPatch & { secret?: SealedWebhookSecret; previousSecret?: SQL | null; previousSecretExpiresAt?: number | null; deletedAt?: number },
    change: EndpointChange,
  ): Promise<EndpointUpdate> {
    const q = db(d1);
    const stopping = patch.deletedAt !== undefined ? ENDPOINT_STOPPED.deleted : patch.disabledAt ? ENDPOINT_STOPPED.disabled : null;
    // Stopped by this batch: the owner's endpoint, now disabled or deleted.
    const stopped = sql`EXISTS (SELECT 1 FROM ${endpoints} WHERE ${endpoints.id} = ${id} AND ${endpoints.ownerId} = ${ownerId}
      AND (${endpoints.disabledAt} IS NOT NULL OR ${endpoints.deletedAt} IS NOT NULL))`;
    // A previous secret whose overlap has ended signs nothing more: a write that does not set it clears it.
    const expired = sql`${endpoints.previousSecretExpiresAt} <= ${change.at}`;
    const dropExpired =
      patch.previousSecret === undefined
        ? {
            previousSecret: sql`CASE WHEN ${expired} THEN NULL ELSE ${endpoints.previousSecret} END`,
            previousSecretExpiresAt: sql`CASE WHEN ${expired} THEN NULL ELSE ${endpoints.previousSecretExpiresAt} END`,
          }
        : {};
    const holders = (url: string) => urlHolders(q, ownerId, url, id);
    const [updated, , ...rest] = await q.batch([
      q
        .update(endpoints)
        .set({ ...dropExpired, ...patch })
        .where(and(eq(endpoints.id, id), liveOf(ownerId), patch.url === undefined ? undefined : notExists(holders(patch.url))))
        .returning(endpointColumns),
      // Columns in table order: id, endpoint, owner, action, actor, detail, at.
      q
        .insert(endpointChanges)
        .select(
          sql`SELECT ${newId("whc", change.at)}, ${id}, ${ownerId}, ${change.action}, ${change.actor}, ${change.detail}, ${change.at} WHERE changes() = 1`,
        ),
      ...(stopping === null ? [] : endPendingDeliveries(q, id, stopped, change.at, stopping)),
      ...(patch.url === undefined ? [] : [holders(patch.url).limit(1)]),
    ]);
    if (updated[0]) return { endpoint: updated[0], urlTakenBy: null };
    // The read of the endpoint holding the URL is the batch's last statement, and its only one answering rows.
    const holder = rest.at(-1);
    return { endpoint: undefined, urlTakenBy: Array.isArray(holder) ? (holder[0]?.id ?? null) : null };
  }

  /**
   * A new signing secret. With an overlap the current secret becomes the previous one, which also signs every
   * delivery until `previousSecretExpiresAt`; without one it stops signing at once.
   */
  async function rollSecret(
    d1: D1Database,
    id: string,
    ownerId: string,
    secret: SealedWebhookSecret,
    previousSecretExpiresAt: number | null,
    change: EndpointChange,
  ): Promise<EndpointRow | undefined> {
    // In an UPDATE, the right-hand side reads the row as it was: previous_secret gets the secret being replaced.
    const previousSecret = previousSecretExpiresAt === null ? null : sql`${endpoints.secret}`;
    return (await updateEndpoint(d1, id, ownerId, { secret, previousSecret, previousSecretExpiresAt }, change)).endpoint;
  }

  /**
   * Replaces a secret a row holds in clear (written before sealing) or sealed under an earlier SESSION_SECRET with
   * its form sealed under the current one, only while the column still holds the value read: of readers sealing
   * it at once one writes, and a roll meanwhile wins.
   */
  async function resealSecret(
    d1: D1Database,
    id: string,
    column: "secret" | "previousSecret",
    read: string,
    sealed: SealedWebhookSecret,
  ): Promise<void> {
    await db(d1)
      .update(endpoints)
      .set({ [column]: sealed })
      .where(and(eq(endpoints.id, id), eq(endpoints[column], read)));
  }

  /**
   * Endpoints of every state (disabled and deleted included) holding a secret, current or previous, that the sweep
   * can seal under the current SESSION_SECRET: in clear from before sealing, or, during a rotation, starting with
   * `previousForm` (how the previous value sealed). A secret sealed under a value no longer known is never picked, so
   * such rows cannot crowd the others out of a sweep's limit.
   */
  async function endpointsToReseal(
    d1: D1Database,
    previousForm: string | null,
    limit: number,
  ): Promise<Array<{ id: string; secret: string; previousSecret: string | null }>> {
    const movable = (column: typeof endpoints.secret | typeof endpoints.previousSecret) =>
      previousForm === null ? notLike(column, `${SEALED_FORMS}%`) : or(notLike(column, `${SEALED_FORMS}%`), like(column, `${previousForm}%`));
    return db(d1)
      .select({ id: endpoints.id, secret: endpoints.secret, previousSecret: endpoints.previousSecret })
      .from(endpoints)
      .where(or(movable(endpoints.secret), and(isNotNull(endpoints.previousSecret), movable(endpoints.previousSecret))))
      .limit(limit)
      .all();
  }

  /**
   * Clears the endpoint's previous secret once its overlap has ended (`now` at or after its expiry): it signs
   * nothing more, so it is not kept. A roll meanwhile that set a new previous secret, expiring later, is left as it is.
   */
  async function dropExpiredPreviousSecret(d1: D1Database, id: string, now: number): Promise<void> {
    await db(d1)
      .update(endpoints)
      .set({ previousSecret: null, previousSecretExpiresAt: null })
      .where(and(eq(endpoints.id, id), lte(endpoints.previousSecretExpiresAt, now)));
  }

  /** Soft delete: deliveries keep their endpoint row; pending ones end as failed at their next attempt. */
  async function deleteEndpoint(d1: D1Database, id: string, ownerId: string, change: EndpointChange): Promise<boolean> {
    return (await updateEndpoint(d1, id, ownerId, { deletedAt: change.at }, change)).endpoint !== undefined;
  }

  /** The endpoint's audited changes, newest first; changes of one millisecond later made first (rowid, as above). */
  async function listEndpointChanges(d1: D1Database, endpointId: string, limit: number): Promise<EndpointChange[]> {
    return db(d1)
      .select({ action: endpointChanges.action, actor: endpointChanges.actor, detail: endpointChanges.detail, at: endpointChanges.at })
      .from(endpointChanges)
      .where(eq(endpointChanges.endpointId, endpointId))
      .orderBy(desc(endpointChanges.at), desc(sql`rowid`))
      .limit(limit)
      .all();
  }

  return {
    insertEndpointWithin,
    listEndpoints,
    findEndpoint,
    updateEndpoint,
    rollSecret,
    resealSecret,
    endpointsToReseal,
    dropExpiredPreviousSecret,
    deleteEndpoint,
    listEndpointChanges,
  };
}
