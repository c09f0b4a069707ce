import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { webhookStoreTables } from "../../platform/webhooks/store-schema";
import type { TaxScope } from "../keys/scopes";

export const accounts = sqliteTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash"),
    plan: text("plan", { enum: ["free", "paid"] })
      .notNull()
      .default("free"),
    createdAt: integer("created_at").notNull(),
    /** End of the paid period; the account is paid only while now is before it (`plan` alone is not enough). */
    paidUntil: integer("paid_until"),
  },
  // The operator's list, newest first: SQLite appends the rowid to the index, which orders accounts of one millisecond.
  (t) => [index("accounts_created").on(t.createdAt)],
);

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    name: text("name"),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    scopes: text("scopes", { mode: "json" }).$type<TaxScope[]>().notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
    replacesKeyId: text("replaces_key_id"),
    replacedByKeyId: text("replaced_by_key_id"),
  },
  (t) => [index("api_keys_account_created").on(t.accountId, t.createdAt)],
);

/** One row per verified payment id: the primary key makes a replayed payment webhook a no-op. */
export const payments = sqliteTable("payments", {
  paymentId: text("payment_id").primaryKey(),
  accountId: text("account_id")
    .notNull()
    .references(() => accounts.id),
  amountPaise: integer("amount_paise").notNull(),
  currency: text("currency").notNull(),
  receivedAt: integer("received_at").notNull(),
  /**
   * The stretch of paid time this payment holds, from `paidFrom` (included) to `paidTo` (excluded): payments
   * hold their stretches one after another, in the order they bought them, and taking one back removes only
   * the unused part of its own. Null when it holds none: taken back, or bought before stretches were kept and
   * not derivable from the billing audit log.
   */
  paidFrom: integer("paid_from"),
  paidTo: integer("paid_to"),
});

/**
 * One row per payment whose verified capture of the plan price was refused because a refund or dispute of it
 * arrived first: kept so that, if that dispute is won, the payment buys its period then, once.
 */
export const refusedCaptures = sqliteTable("refused_captures", {
  paymentId: text("payment_id").primaryKey(),
  accountId: text("account_id")
    .notNull()
    .references(() => accounts.id),
  amountPaise: integer("amount_paise").notNull(),
  currency: text("currency").notNull(),
  receivedAt: integer("received_at").notNull(),
});

/**
 * One row per payment id a refund or dispute took back: the primary key lets a payment end a paid period at
 * most once, however often its reversals are delivered, and a payment whose reversal came first never buys a
 * period. `auditId` names the decision that recorded it first.
 */
export const paymentReversals = sqliteTable("payment_reversals", {
  paymentId: text("payment_id").primaryKey(),
  event: text("event").notNull(),
  auditId: text("audit_id").notNull(),
  createdAt: integer("created_at").notNull(),
  /**
   * Paid time taking the payment back removed: the unused part of its stretch. For a dispute, what winning it
   * gives back. Null: none removed.
   */
  remainingMs: integer("remaining_ms"),
  /** When a won dispute gave `remainingMs` back; set once, so a replayed win gives nothing. */
  restoredAt: integer("restored_at"),
  /** The decision that gave it back: the batch acts only if it wrote this, so concurrent wins act once. */
  restoredAuditId: text("restored_audit_id"),
});

/**
 * One row per payment whose dispute was won before the dispute itself was received (the provider does not
 * promise delivery order): that dispute, when it arrives, ends nothing. A refund still takes the payment back.
 */
export const disputeWins = sqliteTable("dispute_wins", {
  paymentId: text("payment_id").primaryKey(),
  auditId: text("audit_id").notNull(),
  createdAt: integer("created_at").notNull(),
});

/**
 * One row per refund id the provider reported: the primary key counts a replayed refund once. A payment is
 * taken back only when its refunds together reach its amount, so a goodwill refund of part of it ends nothing.
 * `auditId` names the decision that recorded it first.
 */
export const paymentRefunds = sqliteTable(
  "payment_refunds",
  {
    refundId: text("refund_id").primaryKey(),
    paymentId: text("payment_id").notNull(),
    amountPaise: integer("amount_paise").notNull(),
    auditId: text("audit_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("payment_refunds_payment").on(t.paymentId)],
);

/**
 * Every billing decision, applied or refused: activations, refusals (wrong amount, currency or account),
 * payments taken back (refund, dispute) and paid time given back (a won dispute). Append-only.
 */
export const billingAudit = sqliteTable(
  "billing_audit",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id"),
    /** The provider's event (`payment.captured`, `refund.processed`, `payment.dispute.created`, …). */
    event: text("event").notNull(),
    paymentId: text("payment_id"),
    /**
     * What happened: activated, replayed, refused_amount, refused_currency, refused_reversed, unknown_account, ended,
     * shortened_no_event (a payment's unused time was taken back, other paid time remains, no event sent),
     * no_unused_days, partial_refund, replayed_refund, already_free, already_reversed, unknown_payment,
     * dispute_already_won, restored, bought_on_win, already_restored, nothing_to_restore, refunded, won_before_dispute,
     * already_won, ignored.
     */
    outcome: text("outcome").notNull(),
    amountPaise: integer("amount_paise"),
    currency: text("currency"),
    /** The account's paid-period end after this record (null: free). */
    paidUntil: integer("paid_until"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("billing_audit_account_created").on(t.accountId, t.createdAt)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    tokenHash: text("token_hash").notNull().unique(),
    csrfToken: text("csrf_token").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("sessions_account").on(t.accountId)],
);

export const profiles = sqliteTable(
  "profiles",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => accounts.id),
    label: text("label").notNull(),
    /** Trimmed, NFC-normalised, lower-cased label: labels are unique per owner regardless of case. */
    labelKey: text("label_key").notNull(),
    /** The profile as its save parsed it: always a JSON object. */
    inputs: text("inputs", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    summary: text("summary", { mode: "json" }).$type<unknown>(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("profiles_owner_label").on(t.ownerId, t.labelKey), index("profiles_owner_updated").on(t.ownerId, t.updatedAt, t.id)],
);

export const { events, webhookEndpoints, webhookDeliveries, webhookAttempts, webhookEndpointChanges } = webhookStoreTables(
  "owner_id",
  () => accounts.id,
);

// Idempotency-Key records (src/platform/http/idempotency.ts), in this service's own database.
export { idempotencyKeys } from "../../platform/http/idempotency-store";
