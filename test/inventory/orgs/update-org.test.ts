// PATCH /admin/api/orgs/{id} against changes committed since it read the organisation: it is worked out again from
// the row as it is, so the GSTIN and its state never disagree and the audit log's old and new values chain.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { inventoryDb } from "../../../src/inventory/db/client";
import { findOrg } from "../../../src/inventory/orgs/queries";
import { updateOrgPolicy } from "../../../src/inventory/orgs/service";
import { admin, createOrg, expectStatus } from "../helpers";

const TAMIL_NADU_GSTIN = "33AAECG4315R1ZE";
const db = () => inventoryDb(env.DB);

/** The organisation as a request read it, then another request's change committed before the first one writes. */
async function readThenChanged(change: Record<string, unknown>) {
  const orgId = await createOrg("business"); // GSTIN 27… (Maharashtra), state 27
  const read = (await findOrg(db(), orgId))!;
  await expectStatus(await admin("PATCH", `/admin/api/orgs/${orgId}`, change), 200);
  return { orgId, read };
}

async function auditOf(orgId: string, action: string) {
  const { results } = await env.DB.prepare("SELECT reason FROM audit_log WHERE org_id = ? AND action = ? ORDER BY at, rowid")
    .bind(orgId, action)
    .all<{ reason: string }>();
  return results.map((row) => row.reason);
}

describe("an organisation change worked out from a row changed since", () => {
  it("a state sent alone is checked against the GSTIN now on file, not the one read", async () => {
    const { orgId, read } = await readThenChanged({ gstin: TAMIL_NADU_GSTIN });
    await expect(updateOrgPolicy(env, db(), read, { stateCode: "27" }, "operator", Date.now())).rejects.toThrow(
      "state: must be the GSTIN's state, 33",
    );
    expect(await findOrg(db(), orgId)).toMatchObject({ gstin: TAMIL_NADU_GSTIN, stateCode: "33" });
  });

  it("the same change made meanwhile is recorded once", async () => {
    const { orgId, read } = await readThenChanged({ subscription_status: "lapsed" });
    expect(await updateOrgPolicy(env, db(), read, { subscriptionStatus: "lapsed" }, "operator", Date.now())).toMatchObject({
      subscriptionStatus: "lapsed",
    });
    expect(await auditOf(orgId, "org.subscription_changed")).toEqual(["active -> lapsed"]);
  });

  it("another plan set meanwhile is the old value of the next change", async () => {
    const { orgId, read } = await readThenChanged({ plan: "growth" });
    await updateOrgPolicy(env, db(), read, { plan: "scale" }, "operator", Date.now());
    expect(await auditOf(orgId, "org.plan_changed")).toEqual(["business -> growth", "growth -> scale"]);
    expect(await findOrg(db(), orgId)).toMatchObject({ plan: "scale" });
  });
});
