// SQL of an organisation's admins. Each change and its audit row go in one D1 batch; removing an admin deletes their
// sessions in the same batch, so no request is served under a session of an admin who is gone, and changing an
// admin's password deletes their other sessions with it, so none opened with the old password outlives it.
import { and, desc, eq, sql } from "drizzle-orm";
import type { PasswordChange } from "../../platform/auth/change-password";
import type { InventoryDb } from "../db/client";
import { adminUsers } from "../db/schema";
import { type AuditRow, insertAuditIfChanged } from "../orgs/queries";

export type AdminRow = typeof adminUsers.$inferSelect;
/** An admin as the management API shows one: everything but the password's hash. */
export type AdminListing = Omit<AdminRow, "passwordHash">;

const listing = { id: adminUsers.id, orgId: adminUsers.orgId, email: adminUsers.email, createdAt: adminUsers.createdAt };

/**
 * Inserts the admin and its audit row unless the email is already an admin's (of any organisation: sign-in looks an
 * admin up by email alone), the audit row chained on the insert's `changes()`. False: the email is taken, nothing written.
 */
export async function insertAdmin(db: InventoryDb, admin: AdminRow, audit: AuditRow): Promise<boolean> {
  const d1 = db.$client;
  const [inserted] = await d1.batch([
    d1
      .prepare("INSERT INTO admin_users (id, org_id, email, password_hash, created_at) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (email) DO NOTHING")
      .bind(admin.id, admin.orgId, admin.email, admin.passwordHash, admin.createdAt),
    insertAuditIfChanged(d1, audit),
  ]);
  return inserted!.meta.changes === 1;
}

export async function findAdmin(db: InventoryDb, orgId: string, adminId: string): Promise<AdminListing | undefined> {
  return db
    .select(listing)
    .from(adminUsers)
    .where(and(eq(adminUsers.id, adminId), eq(adminUsers.orgId, orgId)))
    .get();
}

/** One page of the organisation's admins, newest first (rowid breaks ties within a millisecond); one row more for `has_more`. */
export async function listAdmins(db: InventoryDb, orgId: string, limit: number, offset: number): Promise<AdminListing[]> {
  return db
    .select(listing)
    .from(adminUsers)
    .where(eq(adminUsers.orgId, orgId))
    .orderBy(desc(adminUsers.createdAt), desc(sql`rowid`))
    .limit(limit + 1)
    .offset(offset)
    .all();
}

/**
 * Removes the organisation's admin with their sessions, and the audit row naming their email, in one batch. With
 * `keepLastAdmin`, only while the organisation has another admin, counted in each statement: two admins removing each
 * other at once cannot leave it with none. The sessions go first, as they refer to the admin's row. Null: nothing
 * removed (no such admin of the organisation, or its last one kept).
 */
export async function deleteAdmin(
  d1: D1Database,
  orgId: string,
  adminId: string,
  keepLastAdmin: boolean,
  audit: Pick<AuditRow, "id" | "actor" | "at">,
): Promise<AdminListing | null> {
  const removable = "id = ?1 AND org_id = ?2 AND (?3 = 0 OR (SELECT count(*) FROM admin_users WHERE org_id = ?2) > 1)";
  const keep = keepLastAdmin ? 1 : 0;
  const [, , removed] = await d1.batch<AdminListing>([
    d1.prepare(`DELETE FROM sessions WHERE user_id IN (SELECT id FROM admin_users WHERE ${removable})`).bind(adminId, orgId, keep),
    d1
      .prepare(
        `INSERT INTO audit_log (id, org_id, action, key_id, actor, reason, at)
         SELECT ?4, org_id, 'admin.removed', NULL, ?5, email, ?6 FROM admin_users WHERE ${removable}`,
      )
      .bind(adminId, orgId, keep, audit.id, audit.actor, audit.at),
    d1.prepare(`DELETE FROM admin_users WHERE ${removable} RETURNING id, org_id AS orgId, email, created_at AS createdAt`).bind(adminId, orgId, keep),
  ]);
  return removed!.results[0] ?? null;
}

/** The admin's stored password hash, to check the current password against before changing it. */
export async function findAdminPasswordHash(db: InventoryDb, orgId: string, adminId: string): Promise<string | undefined> {
  const row = await db
    .select({ passwordHash: adminUsers.passwordHash })
    .from(adminUsers)
    .where(and(eq(adminUsers.id, adminId), eq(adminUsers.orgId, orgId)))
    .get();
  return row?.passwordHash;
}

/**
 * The admin's new password hash, while the one checked is still stored and the session that asked still exists; its
 * audit row (chained on the update); and the end of the admin's other sessions once the new hash is stored: one batch.
 * False: the password or the session changed meanwhile (or the admin was removed), and nothing was written.
 */
export async function changeAdminPassword(d1: D1Database, change: PasswordChange, audit: AuditRow): Promise<boolean> {
  const { userId, ownerId: orgId, sessionId } = change.session;
  // The session statements act only once the new hash is stored (?1 the admin, ?3 the new hash).
  const newHashStored = "EXISTS (SELECT 1 FROM admin_users WHERE id = ?1 AND password_hash = ?3)";
  const [updated] = await d1.batch([
    d1
      .prepare(
        `UPDATE admin_users SET password_hash = ?1 WHERE id = ?2 AND org_id = ?3 AND password_hash = ?4
         AND EXISTS (SELECT 1 FROM sessions WHERE id = ?5 AND user_id = ?2)`,
      )
      .bind(change.newHash, userId, orgId, change.currentHash, sessionId),
    insertAuditIfChanged(d1, audit),
    d1.prepare(`DELETE FROM sessions WHERE user_id = ?1 AND id <> ?2 AND ${newHashStored}`).bind(userId, sessionId, change.newHash),
    d1
      .prepare(`UPDATE sessions SET token_hash = ?4, csrf_token = ?5, expires_at = ?6 WHERE id = ?2 AND ${newHashStored}`)
      .bind(userId, sessionId, change.newHash, change.replacement.tokenHash, change.replacement.csrfToken, change.replacement.expiresAt),
  ]);
  return updated!.meta.changes === 1;
}
