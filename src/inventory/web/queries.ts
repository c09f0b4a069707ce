// Writes of the admin area's sign-in: admins by email, and sessions (only the token's SHA-256 is stored).
import { eq } from "drizzle-orm";
import type { InventoryDb } from "../db/client";
import { adminUsers, sessions } from "../db/schema";

export type AdminUserRow = typeof adminUsers.$inferSelect;

export async function findAdminByEmail(db: InventoryDb, email: string): Promise<AdminUserRow | undefined> {
  return db.select().from(adminUsers).where(eq(adminUsers.email, email)).get();
}

/**
 * A new session, only while its admin exists with the password hash the sign-in checked: an admin removed, or a
 * password changed, between the check and this insert gets no session (false), since a change has already ended every
 * other session. The admin's expired sessions are swept in the same batch.
 */
export async function insertSession(db: InventoryDb, session: typeof sessions.$inferInsert, checkedPasswordHash: string): Promise<boolean> {
  const [, inserted] = await db.$client.batch([
    db.$client.prepare("DELETE FROM sessions WHERE user_id = ?1 AND expires_at <= ?2").bind(session.userId, session.createdAt),
    db.$client
      .prepare(
        `INSERT INTO sessions (id, user_id, org_id, token_hash, csrf_token, created_at, expires_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE EXISTS (SELECT 1 FROM admin_users WHERE id = ?2 AND org_id = ?3 AND password_hash = ?8)`,
      )
      .bind(
        session.id,
        session.userId,
        session.orgId,
        session.tokenHash,
        session.csrfToken,
        session.createdAt,
        session.expiresAt,
        checkedPasswordHash,
      ),
  ]);
  return inserted!.meta.changes === 1;
}

export async function deleteSessionByTokenHash(db: InventoryDb, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}
