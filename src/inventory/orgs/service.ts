// Organisations: creating one, and changing its plan or subscription for every one of its keys at once.
import { newId } from "../../platform/ids";
import { settleKeyPolicy } from "../../platform/keys/client";
import type { InventoryDb } from "../db/client";
import type { InventoryEnv } from "../env";
import { PLAN_REQUESTS_PER_MINUTE } from "../keys/api-key-auth";
import { listUnrevokedKeys } from "../keys/queries";
import { keyDenial, orgPolicySource } from "../keys/service";
import { inventoryError } from "../http/errors";
import { auditRow, findOrg, insertOrg, updateOrgIfUnchanged, type AuditRow, type OrgRow } from "./queries";
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

/** Attempts at a change whose organisation other changes keep changing first. */
const UPDATE_ATTEMPTS = 5;

type OrgPatch = Partial<Pick<OrgRow, "plan" | "subscriptionStatus" | "gstin" | "stateCode">>;

/**
 * Changes plan, subscription or GST registration, then brings every unrevoked key of the organisation to it before
 * answering, so the very next request of any of its keys sees the change. The change is worked out from the row as
 * read and written only if the row is still so; otherwise it is worked out again from the row as it now is, so a
 * state sent alone is checked against the GSTIN really on file and each audit row's old value is the one it
 * replaced. The row is written before the keys are listed: a key issued meanwhile is either listed or reads the new
 * row itself (settleKeyPolicy says why that converges). Only the policy part of each key's state is touched, so a
 * rotation recorded meanwhile keeps its grace end.
 */
export async function updateOrgPolicy(
  env: Pick<InventoryEnv, "KEY_GUARD">,
  db: InventoryDb,
  org: OrgRow,
  patch: OrgPatch,
  actor: string,
  nowMs: number,
): Promise<OrgRow> {
  let read = org;
  for (let attempt = 1; ; attempt++) {
    const updated = changed(read, patch);
    if (await updateOrgIfUnchanged(db, read, updated, auditOf(read, updated, actor, nowMs))) {
      const keys = await listUnrevokedKeys(db, org.id);
      await settleKeyPolicy(
        env.KEY_GUARD,
        keys.map((row) => row.keyHash),
        orgPolicySource(db, org.id),
        null,
      );
      return updated;
    }
    if (attempt === UPDATE_ATTEMPTS) {
      throw inventoryError("conflict_retry", "Other changes to the organisation kept landing first; nothing was changed: send it again");
    }
    read = (await findOrg(db, org.id))!; // organisations are never deleted
  }
}

/** The organisation with `patch` applied. A state sent alone must still be the GSTIN's: invoices print that GSTIN, and the state decides CGST + SGST or IGST. */
function changed(org: OrgRow, patch: OrgPatch): OrgRow {
  const registeredState = org.gstin?.slice(0, 2);
  if (patch.gstin === undefined && patch.stateCode !== undefined && registeredState !== undefined && patch.stateCode !== registeredState) {
    throw inventoryError("bad_request", `state: must be the GSTIN's state, ${registeredState} (send a new gstin to move the registration)`);
  }
  return { ...org, ...patch };
}

/** The audit rows of a change: each field changed, with its old and new values. */
function auditOf(org: OrgRow, updated: OrgRow, actor: string, nowMs: number): AuditRow[] {
  const audit: AuditRow[] = [];
  if (updated.plan !== org.plan) audit.push(auditRow(org.id, "org.plan_changed", null, actor, `${org.plan} -> ${updated.plan}`, nowMs));
  if (updated.subscriptionStatus !== org.subscriptionStatus) {
    audit.push(auditRow(org.id, "org.subscription_changed", null, actor, `${org.subscriptionStatus} -> ${updated.subscriptionStatus}`, nowMs));
  }
  if (updated.gstin !== org.gstin || updated.stateCode !== org.stateCode) {
    const registration = (o: OrgRow) => `${o.gstin ?? "no GSTIN"}, state ${o.stateCode ?? "unset"}`;
    audit.push(auditRow(org.id, "org.gst_registration_changed", null, actor, `${registration(org)} -> ${registration(updated)}`, nowMs));
  }
  return audit;
}
