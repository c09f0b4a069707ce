// SQL of organisations, their audit log, and the admin sessions that act on one organisation.
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { SessionRecord } from "../../platform/auth/admin";
import { newId } from "../../platform/ids";
import type { InventoryDb } from "../db/client";
import { adminUsers, auditLog, organisations, sessions } from "../db/schema";

export type OrgRow = typeof organisations.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;

export function auditRow(orgId: string, action: string, keyId: string | null, actor: string, reason: string | null, nowMs: number): AuditRow {
  return { id: newId("aud", nowMs), orgId, action, keyId, actor, reason, at: nowMs };
}

/** A signed-in organisation admin: the session's organisation is the only one it may act on. */
export async function findSessionByTokenHash(db: InventoryDb, tokenHash: string): Promise<SessionRecord | null> {
  const row = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      orgId: sessions.orgId,
      csrfToken: sessions.csrfToken,
      expiresAt: sessions.expiresAt,
      email: adminUsers.email,
    })
    .from(sessions)
    .innerJoin(adminUsers, eq(adminUsers.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .get();
  if (!row) return null;
  return { sessionId: row.id, userId: row.userId, ownerId: row.orgId, email: row.email, csrfToken: row.csrfToken, expiresAt: row.expiresAt };
}

export async function insertOrg(db: InventoryDb, org: OrgRow, audit: AuditRow): Promise<void> {
  await db.batch([db.insert(organisations).values(org), db.insert(auditLog).values(audit)]);
}

export async function findOrg(db: InventoryDb, id: string): Promise<OrgRow | undefined> {
  return db.select().from(organisations).where(eq(organisations.id, id)).get();
}

/** Which organisations a list holds (null: no condition): one only (a session's), a name prefix, a GSTIN. */
export interface OrgListFilter {
  only: string | null;
  namePrefix: string | null;
  gstin: string | null;
}

/**
 * One page of organisations, newest first (rowid breaks ties within a millisecond); one row more for `has_more`.
 * The name prefix is a LIKE with its wildcards escaped, which SQLite answers from the NOCASE name index (A to Z
 * in either case): a substring match could only read every organisation.
 */
export async function listOrgs(db: InventoryDb, filter: OrgListFilter, limit: number, offset: number): Promise<OrgRow[]> {
  const conditions: SQL[] = [];
  if (filter.only !== null) conditions.push(eq(organisations.id, filter.only));
  if (filter.gstin !== null) conditions.push(eq(organisations.gstin, filter.gstin));
  if (filter.namePrefix !== null) {
    conditions.push(sql`${organisations.name} LIKE ${`${filter.namePrefix.replace(/[\\%_]/g, "\\$&")}%`} ESCAPE '\\'`);
  }
  return db
    .select()
    .from(organisations)
    .where(and(...conditions))
    .orderBy(desc(organisations.createdAt), desc(sql`rowid`))
    .limit(limit + 1)
    .offset(offset)
    .all();
}

/**
 * Writes the organisation's plan, subscription and GST registration as `updated`, with their audit rows, only if they
 * are still those of `read`; false, with nothing written, when another change was committed since.
 */
export async function updateOrgIfUnchanged(db: InventoryDb, read: OrgRow, updated: OrgRow, audit: AuditRow[]): Promise<boolean> {
  const d1 = db.$client;
  const [written] = await d1.batch([
    d1
      .prepare(
        `UPDATE organisations SET plan = ?1, subscription_status = ?2, gstin = ?3, state_code = ?4
          WHERE id = ?5 AND plan = ?6 AND subscription_status = ?7 AND gstin IS ?8 AND state_code IS ?9`,
      )
      .bind(
        updated.plan,
        updated.subscriptionStatus,
        updated.gstin,
        updated.stateCode,
        read.id,
        read.plan,
        read.subscriptionStatus,
        read.gstin,
        read.stateCode,
      ),
    ...audit.map((row) => insertAuditIfChanged(d1, row)),
  ]);
  return written!.meta.changes === 1;
}

export async function insertAudit(db: InventoryDb, audit: AuditRow): Promise<void> {
  await db.insert(auditLog).values(audit);
}

/** The audit row of a conditional write, for its batch: written only if the statement before it changed one row. */
export function insertAuditIfChanged(d1: D1Database, audit: AuditRow): D1PreparedStatement {
  return d1
    .prepare("INSERT INTO audit_log (id, org_id, action, key_id, actor, reason, at) SELECT ?, ?, ?, ?, ?, ?, ? WHERE changes() = 1")
    .bind(audit.id, audit.orgId, audit.action, audit.keyId, audit.actor, audit.reason, audit.at);
}

/** One page of the organisation's audit log, newest first (rowid breaks ties within a millisecond). */
export async function listAudit(db: InventoryDb, orgId: string, limit: number, offset: number): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(eq(auditLog.orgId, orgId))
    .orderBy(desc(auditLog.at), desc(sql`rowid`))
    .limit(limit + 1)
    .offset(offset)
    .all();
}
