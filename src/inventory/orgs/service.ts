// Organisations: creating one, and changing its plan or subscription for every one of its keys at once.
import { newId } from "../../platform/ids";
import { settleKeyPolicy } from "../../platform/keys/client";
import type { InventoryDb } from "../db/client";
import type { InventoryEnv } from "../env";
import { PLAN_REQUESTS_PER_MINUTE } from "../keys/api-key-auth";
import { listUnrevokedKeys } from "../keys/queries";
import { keyDenial, orgPolicySource } from "../keys/service";
import { auditRow, insertOrg, updateOrg, type AuditRow, type OrgRow } from "./queries";
import { orgView, type OrgView } from "./schemas";

/** An organisation as the management API shows it: with its keys' per-minute limit and whether they may call /api/v1 now. */
export function orgDetails(org: OrgRow): OrgView {
  return orgView(org, PLAN_REQUESTS_PER_MINUTE[org.plan], keyDenial(org) === null);
}

export async function createOrg(
  db: InventoryDb,
  input: Pick<OrgRow, "name" | "plan" | "subscriptionStatus" | "gstin" | "stateCode">,
  actor: string,
  nowMs: number,
): Promise<OrgRow> {
  const org: OrgRow = { id: newId("org", nowMs), ...input, createdAt: nowMs };
  await insertOrg(db, org, auditRow(org.id, "org.created", null, actor, null, nowMs));
  return org;
}

/**
 * Changes plan or subscription, then brings every unrevoked key of the organisation to it before answering, so
 * the very next request of any of its keys sees the change. The row is written before the keys are listed: a
 * key issued meanwhile is either listed or reads the new row itself (settleKeyPolicy says why that converges).
 * Only the policy part of each key's state is touched, so a rotation recorded meanwhile keeps its grace end.
 */
export async function updateOrgPolicy(
  env: InventoryEnv,
  db: InventoryDb,
  org: OrgRow,
  patch: Partial<Pick<OrgRow, "plan" | "subscriptionStatus" | "gstin" | "stateCode">>,
  actor: string,
  nowMs: number,
): Promise<OrgRow> {
  const updated: OrgRow = { ...org, ...patch };
  const audit: AuditRow[] = [];
  if (updated.plan !== org.plan) audit.push(auditRow(org.id, "org.plan_changed", null, actor, `${org.plan} -> ${updated.plan}`, nowMs));
  if (updated.subscriptionStatus !== org.subscriptionStatus) {
    audit.push(auditRow(org.id, "org.subscription_changed", null, actor, `${org.subscriptionStatus} -> ${updated.subscriptionStatus}`, nowMs));
  }
  if (updated.gstin !== org.gstin || updated.stateCode !== org.stateCode) {
    const registration = (o: OrgRow) => `${o.gstin ?? "no GSTIN"}, state ${o.stateCode ?? "unset"}`;
    audit.push(auditRow(org.id, "org.gst_registration_changed", null, actor, `${registration(org)} -> ${registration(updated)}`, nowMs));
  }
  await updateOrg(db, org.id, patch, audit);
  const keys = await listUnrevokedKeys(db, org.id);
  await settleKeyPolicy(
    env.KEY_GUARD,
    keys.map((row) => row.keyHash),
    orgPolicySource(db, org.id),
    null,
  );
  return updated;
}
