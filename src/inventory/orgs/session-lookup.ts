import { eq } from "drizzle-orm";
import type { SessionRecord } from "../../platform/auth/admin";
import type { InventoryDb } from "../db/client";
import { adminUsers, sessions } from "../db/schema";

/** A signed-in organisation admin: the session's organisation is the only one it may act on. */
export async function findSessionByTokenHash(db: InventoryDb, tokenHash: string): Promise<SessionRecord | null> {
  const row = await db
    .select({ id: sessions.id, userId: sessions.userId, orgId: sessions.orgId, csrfToken: sessions.csrfToken, expiresAt: sessions.expiresAt, email: adminUsers.email })
    .from(sessions)
    .innerJoin(adminUsers, eq(adminUsers.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .get();
  if (!row) return null;
  return { sessionId: row.id, userId: row.userId, ownerId: row.orgId, email: row.email, csrfToken: row.csrfToken, expiresAt: row.expiresAt };
}
