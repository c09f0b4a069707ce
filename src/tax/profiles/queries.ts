// Profiles with their outbox events: every save that changes a profile, and every delete, writes `profile.saved` /
// `profile.deleted` in the same D1 batch as the change. Events carry identifiers and the computed summary, never the inputs.
import { and, eq, sql } from "drizzle-orm";
import type { FinancialYear, Regime, RegimeNotAvailable } from "../domain/engine";
import type { TaxDb } from "../db/client";
import { profiles } from "../db/schema";

export type ProfileRow = typeof profiles.$inferSelect;

export interface ProfileSummary {
  financialYear: FinancialYear;
  recommendedRegime: Regime;
  totalTax: { old: number; new: number };
  notAvailable?: { old: RegimeNotAvailable };
}

export interface SavedProfile {
  row: Pick<ProfileRow, "id" | "label" | "createdAt" | "updatedAt">;
  created: boolean;
  /** The `profile.saved` event written, or null when the save held what was stored already and changed nothing. */
  eventId: string | null;
}

/**
 * SQL: whether the JSON texts `a` and `b` hold the same content whatever the order of their keys, as the same set
 * of paths with the same types and values. Rows stored by an earlier version may order their keys differently.
 */
const sameJson = (a: string, b: string): string =>
  `(NOT EXISTS (SELECT fullkey, type, atom FROM json_tree(${a}) EXCEPT SELECT fullkey, type, atom FROM json_tree(${b}))
    AND NOT EXISTS (SELECT fullkey, type, atom FROM json_tree(${b}) EXCEPT SELECT fullkey, type, atom FROM json_tree(${a})))`;

/**
 * Upserts by (owner, label key) in one statement, so two concurrent saves of a new label end as one profile.
 * The proposed id wins only when the row is new, which is how the caller tells 201 from 200. A save holding the
 * label, inputs and summary already stored updates nothing and writes no event, in the same transaction, so
 * concurrent identical saves send one event between them.
 */
export async function saveProfile(
  d1: D1Database,
  input: {
    proposedId: string;
    ownerId: string;
    label: string;
    labelKey: string;
    inputs: unknown;
    summary: ProfileSummary;
    nowMs: number;
    eventId: string;
  },
): Promise<SavedProfile> {
  const [, event, saved] = await d1.batch<Pick<ProfileRow, "id" | "label" | "createdAt" | "updatedAt">>([
    d1
      .prepare(
        `INSERT INTO profiles (id, owner_id, label, label_key, inputs, summary, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)
         ON CONFLICT (owner_id, label_key) DO UPDATE SET label = excluded.label, inputs = excluded.inputs,
           summary = excluded.summary, updated_at = MAX(excluded.updated_at, profiles.updated_at + 1)
         WHERE profiles.label IS NOT excluded.label OR NOT (${sameJson("profiles.inputs", "?5")} AND ${sameJson("profiles.summary", "?6")})`,
      )
      .bind(input.proposedId, input.ownerId, input.label, input.labelKey, JSON.stringify(input.inputs), JSON.stringify(input.summary), input.nowMs),
    d1
      .prepare(
        `INSERT INTO events (id, owner_id, type, payload, created_at)
         SELECT ?1, owner_id, 'profile.saved',
           json_object('profileId', id, 'label', label, 'created', json(CASE WHEN id = ?2 THEN 'true' ELSE 'false' END), 'summary', json(summary)), ?3
         FROM profiles WHERE owner_id = ?4 AND label_key = ?5 AND changes() = 1`,
      )
      .bind(input.eventId, input.proposedId, input.nowMs, input.ownerId, input.labelKey),
    d1
      .prepare("SELECT id, label, created_at AS createdAt, updated_at AS updatedAt FROM profiles WHERE owner_id = ?1 AND label_key = ?2")
      .bind(input.ownerId, input.labelKey),
  ]);
  const row = saved!.results[0]!;
  return {
    row: { id: row.id, label: row.label, createdAt: row.createdAt, updatedAt: row.updatedAt },
    created: row.id === input.proposedId,
    eventId: event!.meta.changes === 1 ? input.eventId : null,
  };
}

export async function findProfile(db: TaxDb, ownerId: string, id: string): Promise<ProfileListRow | undefined> {
  return db
    .select(listed)
    .from(profiles)
    .where(and(eq(profiles.ownerId, ownerId), eq(profiles.id, id)))
    .get();
}

export interface ProfilePosition {
  updatedAt: number;
  id: string;
}

/** A stored profile as read: its inputs and summary as their stored JSON text, parsed only when an answer needs them. */
export type ProfileListRow = Pick<ProfileRow, "id" | "label" | "createdAt" | "updatedAt"> & { inputsJson: string; summaryJson: string };

/**
 * Newest save first; keyset on (updated_at, id) so concurrent saves and deletes never shift a page: the row-value
 * comparison is where SQLite starts its walk of profiles_owner_updated. The inputs are read so that each summary is
 * worked out by the current rules. Plain D1 rows, not drizzle's: its per-value mapping took more of the isolate than
 * the query on this, the busiest read of the service.
 */
export async function listProfiles(d1: D1Database, ownerId: string, limit: number, after: ProfilePosition | null): Promise<ProfileListRow[]> {
  const statement = after
    ? d1.prepare(`${LISTED} WHERE owner_id = ?1 AND (updated_at, id) < (?3, ?4) ${NEWEST_FIRST}`).bind(ownerId, limit, after.updatedAt, after.id)
    : d1.prepare(`${LISTED} WHERE owner_id = ?1 ${NEWEST_FIRST}`).bind(ownerId, limit);
  const rows = await statement.raw<[string, string, string, string, number, number]>();
  return rows.map(([id, label, inputsJson, summaryJson, createdAt, updatedAt]) => ({ id, label, inputsJson, summaryJson, createdAt, updatedAt }));
}

const LISTED = "SELECT id, label, inputs, summary, created_at, updated_at FROM profiles";
const NEWEST_FIRST = "ORDER BY updated_at DESC, id DESC LIMIT ?2";

const listed = {
  id: profiles.id,
  label: profiles.label,
  inputsJson: sql<string>`${profiles.inputs}`,
  summaryJson: sql<string>`${profiles.summary}`,
  createdAt: profiles.createdAt,
  updatedAt: profiles.updatedAt,
};

/** Deletes the owner's profile and records `profile.deleted` atomically; false when there was none. */
export async function deleteProfile(d1: D1Database, ownerId: string, id: string, eventId: string, nowMs: number): Promise<boolean> {
  const [, deleted] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO events (id, owner_id, type, payload, created_at)
         SELECT ?1, owner_id, 'profile.deleted', json_object('profileId', id, 'label', label), ?2
         FROM profiles WHERE owner_id = ?3 AND id = ?4`,
      )
      .bind(eventId, nowMs, ownerId, id),
    d1.prepare("DELETE FROM profiles WHERE owner_id = ? AND id = ?").bind(ownerId, id),
  ]);
  return (deleted?.meta.changes ?? 0) === 1;
}
