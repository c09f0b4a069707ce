// The one D1 definition of the webhook tables (outbox events, endpoints, deliveries, attempts), shared by both
// services. Each service owns its database, so the tables are made per service from its owner table; the owner
// column keeps the SQL name each service already uses (`owner_id` or `org_id`) so no column is renamed.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { DELIVERY_STATUSES } from "./schemas";

export type OwnerColumnName = "owner_id" | "org_id";

/** What an audited endpoint change did; `auto_disabled` is the service's own, after 3 days of failures. */
export const ENDPOINT_CHANGE_ACTIONS = ["updated", "disabled", "enabled", "secret_rolled", "auto_disabled", "deleted"] as const;

export function webhookStoreTables(ownerColumn: OwnerColumnName, ownerKey: () => AnySQLiteColumn) {
  // Index names follow the owner column (webhook_endpoints_owner / webhook_endpoints_org), as they always have.
  const owner = ownerColumn.replace(/_id$/, "");

  /** The outbox: every event is written in the same D1 batch as the change it reports. */
  const events = sqliteTable(
    "events",
    {
      id: text("id").primaryKey(),
      ownerId: text(ownerColumn).notNull().references(ownerKey),
      type: text("type").notNull(),
      payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
      /** Deduplicates events that must happen once (e.g. one low-stock event per crossing). */
      dedupeKey: text("dedupe_key"),
      createdAt: integer("created_at").notNull(),
      dispatchedAt: integer("dispatched_at"),
    },
    (t) => [
      index("events_undispatched").on(t.dispatchedAt, t.createdAt).where(sql`dispatched_at IS NULL`),
      uniqueIndex(`events_${owner}_dedupe`).on(t.ownerId, t.dedupeKey),
      // The events list and its keyset pages: one owner's events by time, newest first.
      index(`events_${owner}_created`).on(t.ownerId, t.createdAt, t.id),
      // The list filtered by type: a rare type is found without reading the owner's other events.
      index(`events_${owner}_type_created`).on(t.ownerId, t.type, t.createdAt, t.id),
    ],
  );

  const webhookEndpoints = sqliteTable(
    "webhook_endpoints",
    {
      id: text("id").primaryKey(),
      ownerId: text(ownerColumn).notNull().references(ownerKey),
      url: text("url").notNull(),
      /** The event types it takes; unused while `allEvents` (a registration then stores the types of that day). */
      events: text("events", { mode: "json" }).$type<string[]>().notNull(),
      /** Takes every event type, those the service adds later included. */
      allEvents: integer("all_events", { mode: "boolean" }).notNull().default(false),
      description: text("description"),
      secret: text("secret").notNull(),
      /** After a roll with overlap: the old secret, which also signs every delivery until it expires. */
      previousSecret: text("previous_secret"),
      previousSecretExpiresAt: integer("previous_secret_expires_at"),
      createdAt: integer("created_at").notNull(),
      /** A disabled endpoint receives no new deliveries; `failing` when the service disabled it itself. */
      disabledAt: integer("disabled_at"),
      disabledReason: text("disabled_reason", { enum: ["manual", "failing"] }),
      /** The first failed attempt since the endpoint last answered 2xx (null while it answers). */
      failingSince: integer("failing_since"),
      deletedAt: integer("deleted_at"),
    },
    (t) => [index(`webhook_endpoints_${owner}`).on(t.ownerId, t.createdAt)],
  );

  const webhookDeliveries = sqliteTable(
    "webhook_deliveries",
    {
      id: text("id").primaryKey(),
      endpointId: text("endpoint_id")
        .notNull()
        .references(() => webhookEndpoints.id),
      ownerId: text(ownerColumn).notNull().references(ownerKey),
      eventId: text("event_id").notNull(),
      eventType: text("event_type").notNull(),
      status: text("status", { enum: DELIVERY_STATUSES }).notNull(),
      attempts: integer("attempts").notNull().default(0),
      /** The first attempt's timestamp, re-sent on every retry so the signature stays the same. */
      signedAt: integer("signed_at"),
      nextAttemptAt: integer("next_attempt_at"),
      createdAt: integer("created_at").notNull(),
      completedAt: integer("completed_at"),
      /** A re-send: the delivery it repeats (same event, new delivery id). */
      resendOf: text("resend_of"),
    },
    (t) => [
      // The fan-out creates one delivery per (event, endpoint); re-sends are further deliveries of the same pair.
      uniqueIndex("webhook_deliveries_event_endpoint").on(t.eventId, t.endpointId).where(sql`resend_of IS NULL`),
      // The log, newest first: SQLite appends the rowid to every index, so this serves its whole order (created_at,
      // rowid) and its keyset cursor without sorting.
      index("webhook_deliveries_endpoint_created").on(t.endpointId, t.createdAt),
      // The log filtered by status: a few failed among many delivered are found without reading the others. No id
      // column: the rowid must follow created_at for the log's order. Written with the delivery and moved once, when
      // its status changes from pending (retries change no column of it).
      index("webhook_deliveries_endpoint_status_created").on(t.endpointId, t.status, t.createdAt),
      // A recovery reads each event's deliveries to the endpoint, re-sends included (rowid orders them).
      index("webhook_deliveries_endpoint_event").on(t.endpointId, t.eventId),
      // The outbox sweep looks for pending deliveries whose next attempt is long overdue (a lost message).
      index("webhook_deliveries_pending").on(t.nextAttemptAt, t.createdAt).where(sql`status = 'pending'`),
    ],
  );

  const webhookAttempts = sqliteTable(
    "webhook_attempts",
    {
      id: text("id").primaryKey(),
      deliveryId: text("delivery_id")
        .notNull()
        .references(() => webhookDeliveries.id),
      attempt: integer("attempt").notNull(),
      attemptedAt: integer("attempted_at").notNull(),
      outcome: text("outcome", { enum: ["delivered", "failed"] }).notNull(),
      responseStatus: integer("response_status"),
      durationMs: integer("duration_ms").notNull(),
      error: text("error"),
    },
    (t) => [uniqueIndex("webhook_attempts_delivery_attempt").on(t.deliveryId, t.attempt)],
  );

  /** Every change to an endpoint after its creation: who (or the service itself) changed what, and why. */
  const webhookEndpointChanges = sqliteTable(
    "webhook_endpoint_changes",
    {
      id: text("id").primaryKey(),
      endpointId: text("endpoint_id")
        .notNull()
        .references(() => webhookEndpoints.id),
      ownerId: text(ownerColumn).notNull().references(ownerKey),
      action: text("action", { enum: ENDPOINT_CHANGE_ACTIONS }).notNull(),
      /** The signed-in user's email, `operator`, `api_key:<id>`, or `service` for automatic changes. */
      actor: text("actor").notNull(),
      detail: text("detail"),
      at: integer("at").notNull(),
    },
    (t) => [index("webhook_endpoint_changes_endpoint_at").on(t.endpointId, t.at)],
  );

  return { events, webhookEndpoints, webhookDeliveries, webhookAttempts, webhookEndpointChanges };
}
