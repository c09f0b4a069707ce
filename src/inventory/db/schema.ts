// D1 schema of the inventory service. Times are unix milliseconds; money is paise and weight is grams
// (integers), so nothing drifts. Every business row carries its organisation id.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const PLANS = ["starter", "growth", "business", "scale", "enterprise"] as const;
export type Plan = (typeof PLANS)[number];

export const organisations = sqliteTable("organisations", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  plan: text("plan", { enum: PLANS }).notNull(),
  subscriptionStatus: text("subscription_status", { enum: ["active", "lapsed"] }).notNull().default("active"),
  createdAt: integer("created_at").notNull(),
});

/** Organisation admins who sign in to the admin area. */
export const adminUsers = sqliteTable(
  "admin_users",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull().references(() => organisations.id),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("admin_users_org").on(t.orgId)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => adminUsers.id),
    orgId: text("org_id").notNull().references(() => organisations.id),
    tokenHash: text("token_hash").notNull().unique(),
    csrfToken: text("csrf_token").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    /** Null for legacy keys issued before keys were bound to an organisation: refused with key_not_bound. */
    orgId: text("org_id").references(() => organisations.id),
    name: text("name"),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    access: text("access", { enum: ["read_only", "read_write"] }).notNull(),
    scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at"),
    revokedAt: integer("revoked_at"),
    revokeReason: text("revoke_reason"),
    supersededAt: integer("superseded_at"),
    graceEndsAt: integer("grace_ends_at"),
    replacesKeyId: text("replaces_key_id"),
    replacedByKeyId: text("replaced_by_key_id"),
  },
  (t) => [index("api_keys_org_created").on(t.orgId, t.createdAt)],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull().references(() => organisations.id),
    action: text("action").notNull(),
    keyId: text("key_id"),
    actor: text("actor").notNull(),
    reason: text("reason"),
    at: integer("at").notNull(),
  },
  (t) => [index("audit_log_org_at").on(t.orgId, t.at)],
);

/** The outbox: every event is written in the same D1 batch as the change it reports. */
export const events = sqliteTable(
  "events",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull().references(() => organisations.id),
    type: text("type").notNull(),
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    /** Deduplicates events that must happen once (stock.low per SKU crossing, compliance.due per date). */
    dedupeKey: text("dedupe_key"),
    createdAt: integer("created_at").notNull(),
    dispatchedAt: integer("dispatched_at"),
  },
  (t) => [
    index("events_undispatched").on(t.dispatchedAt, t.createdAt).where(sql`dispatched_at IS NULL`),
    uniqueIndex("events_org_dedupe").on(t.orgId, t.dedupeKey),
  ],
);

export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull().references(() => organisations.id),
    url: text("url").notNull(),
    events: text("events", { mode: "json" }).$type<string[]>().notNull(),
    secret: text("secret").notNull(),
    createdAt: integer("created_at").notNull(),
    deletedAt: integer("deleted_at"),
  },
  (t) => [index("webhook_endpoints_org").on(t.orgId, t.createdAt)],
);

export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    endpointId: text("endpoint_id").notNull().references(() => webhookEndpoints.id),
    orgId: text("org_id").notNull().references(() => organisations.id),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    status: text("status", { enum: ["pending", "delivered", "failed"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** The first attempt's timestamp, re-sent on every retry (seed rule). */
    signedAt: integer("signed_at"),
    nextAttemptAt: integer("next_attempt_at"),
    createdAt: integer("created_at").notNull(),
    completedAt: integer("completed_at"),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_event_endpoint").on(t.eventId, t.endpointId),
    index("webhook_deliveries_endpoint_created").on(t.endpointId, t.createdAt),
  ],
);

export const webhookAttempts = sqliteTable(
  "webhook_attempts",
  {
    id: text("id").primaryKey(),
    deliveryId: text("delivery_id").notNull().references(() => webhookDeliveries.id),
    attempt: integer("attempt").notNull(),
    attemptedAt: integer("attempted_at").notNull(),
    outcome: text("outcome", { enum: ["delivered", "failed"] }).notNull(),
    responseStatus: integer("response_status"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
  },
  (t) => [uniqueIndex("webhook_attempts_delivery_attempt").on(t.deliveryId, t.attempt)],
);
