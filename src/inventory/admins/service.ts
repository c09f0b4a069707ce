// An organisation's admins: creating one with a hashed password, removing one with every session they hold, and an
// admin changing their own password.
import type { PasswordChange } from "../../platform/auth/change-password";
import { hashPassword } from "../../platform/auth/password";
import { newId } from "../../platform/ids";
import type { InventoryDb } from "../db/client";
import { auditRow, type OrgRow } from "../orgs/queries";
import { type AdminListing, type AdminRow, changeAdminPassword, deleteAdmin, findAdmin, insertAdmin } from "./queries";

/** The new admin, or null when the email is already an admin's (of this organisation or another). */
export async function createAdmin(
  db: InventoryDb,
  org: OrgRow,
  input: { email: string; password: string },
  actor: string,
  nowMs: number,
): Promise<AdminRow | null> {
  const admin: AdminRow = {
    id: newId("usr", nowMs),
    orgId: org.id,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    createdAt: nowMs,
  };
  const created = await insertAdmin(db, admin, auditRow(org.id, "admin.created", null, actor, admin.email, nowMs));
  return created ? admin : null;
}

export type AdminRemoval = { kind: "removed"; admin: AdminListing } | { kind: "last_admin" } | { kind: "not_found" };

/** Removes the admin and ends their sessions; with `keepLastAdmin`, never the organisation's last admin. */
export async function removeAdmin(
  db: InventoryDb,
  org: OrgRow,
  adminId: string,
  keepLastAdmin: boolean,
  actor: string,
  nowMs: number,
): Promise<AdminRemoval> {
  const removed = await deleteAdmin(db.$client, org.id, adminId, keepLastAdmin, { id: newId("aud", nowMs), actor, at: nowMs });
  if (removed) return { kind: "removed", admin: removed };
  return (await findAdmin(db, org.id, adminId)) ? { kind: "last_admin" } : { kind: "not_found" };
}

/** Stores the signed-in admin's new password and ends their other sessions, recorded as `admin.password_changed` by them. */
export function changeOwnPassword(db: InventoryDb, change: PasswordChange): Promise<boolean> {
  const { ownerId: orgId, email } = change.session;
  return changeAdminPassword(db.$client, change, auditRow(orgId, "admin.password_changed", null, email, null, change.nowMs));
}
