// Writes of the admin area's sign-in: admins by email, and sessions (only the token's SHA-256 is stored).
import { and, eq, lte } from "drizzle-orm";
import type { InventoryDb } from "../db/client";
import { adminUsers, sessions } from "../db/schema";

export type AdminUserRow = typeof adminUsers.$inferSelect;

export async function findAdminByEmail(db: InventoryDb, email: string): Promise<AdminUserRow | undefined> {
  return db.select().from(adminUsers).where(eq(adminUsers.email, email)).get();
}

/** A new session; the admin's expired sessions are swept in the same batch. */
export async function insertSession(db: InventoryDb, session: typeof sessions.$inferInsert): Promise<void> {
  await db.batch([
    db.delete(sessions).where(and(eq(sessions.userId, session.userId), lte(sessions.expiresAt, session.createdAt))),
    db.insert(sessions).values(session),
  ]);
}

export async function deleteSessionByTokenHash(db: InventoryDb, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}
