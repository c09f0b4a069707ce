// An organisation's plan or subscription changing while its keys are issued or rotated: once both have
// answered, every key must behave as the organisation's final plan says (denial or per-minute limit, seed
// sections 7 and 8) and as its own lifecycle says (a rotated key works until its grace ends, marked
// superseded, seed section 6). Races left to timing are repeated; the rare ones are forced by holding a write.
import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { describe, expect, it } from "vitest";
import type { Plan } from "../../../src/inventory/db/schema";
import { PLAN_REQUESTS_PER_MINUTE } from "../../../src/inventory/keys/api-key-auth";
import { guardForKey } from "../../key-guards";
import { holdNextStateWrite } from "../../reliability/kit";
import { admin, createKey, createOrg, expectStatus, INVENTORY } from "../helpers";

async function read(key: string) {
  const response = await fetchWorker(`${INVENTORY}/api/v1/inventory?limit=1`, { headers: { Authorization: `Bearer ${key}` } });
  const body = await response.text();
  return {
    status: response.status,
    code: response.status === 200 ? null : (JSON.parse(body) as { code: string }).code,
    limit: response.headers.get("X-RateLimit-Limit"),
    superseded: response.headers.get("X-Service-Key-Superseded"),
    expires: response.headers.get("X-Service-Key-Expires"),
  };
}

describe("a key rotated while the organisation's plan changes", () => {
  it("keeps its grace end and superseded mark; it and its replacement get the new plan's limit", async () => {
    const orgId = await createOrg("business");
    const { id, key } = await createKey(orgId);
    // The plan change reaches this key's live state only after the rotation has answered.
    const hold = await holdNextStateWrite(await guardForKey(env.KEY_GUARD, key));
    const patch = admin("PATCH", `/admin/api/orgs/${orgId}`, { plan: "scale" });
    await hold.held();
    const rotated = await expectStatus<{ data: { key: string; old_key_valid_until: string } }>(
      await admin("POST", `/admin/api/keys/${id}/rotate`, { grace_hours: 24 }),
      201,
    );
    hold.release();
    await expectStatus(await patch, 200);
    expect(await read(rotated.data.key)).toMatchObject({ status: 200, limit: String(PLAN_REQUESTS_PER_MINUTE.scale), superseded: null });
    expect(await read(key)).toEqual({
      status: 200,
      code: null,
      limit: String(PLAN_REQUESTS_PER_MINUTE.scale),
      superseded: "true",
      expires: rotated.data.old_key_valid_until,
    });
  });
});

describe("keys issued while the organisation's plan or subscription changes", () => {
  it.each([
    // The seed's code for a lapsed subscription, refused before any limit applies.
    {
      change: "the subscription lapses",
      plan: "business" as Plan,
      patch: { subscription_status: "lapsed" },
      expected: { status: 403, code: "subscription_lapsed" },
    },
    // Business includes the REST API (seed section 8).
    { change: "starter is upgraded to business", plan: "starter" as Plan, patch: { plan: "business" }, expected: { status: 200, code: null } },
  ])("$change: every key issued during the change behaves as the final plan", async ({ plan, patch, expected }) => {
    const wrong: string[] = [];
    for (let round = 0; round < 5; round++) {
      const orgId = await createOrg(plan);
      const creates = Array.from({ length: 8 }, () => admin("POST", `/admin/api/orgs/${orgId}/keys`, { access: "read_only" }));
      const [patched, ...created] = await Promise.all([admin("PATCH", `/admin/api/orgs/${orgId}`, patch), ...creates]);
      await expectStatus(patched, 200);
      const org = await expectStatus<{ data: { api_access: boolean } }>(await admin("GET", `/admin/api/orgs/${orgId}`), 200);
      expect(org.data.api_access).toBe(expected.status === 200);
      for (const response of created) {
        const { data } = await expectStatus<{ data: { id: string; key: string } }>(response, 201);
        const answer = await read(data.key);
        if (answer.status !== expected.status || answer.code !== expected.code)
          wrong.push(`round ${round}, ${data.id}: ${answer.status} ${answer.code}`);
      }
    }
    expect(wrong, `keys that disagree with the organisation's final plan: ${wrong.join("; ")}`).toEqual([]);
  });

  it("a key issued while a plan change is reaching the other keys gets the new plan", async () => {
    const orgId = await createOrg("business");
    const { key } = await createKey(orgId);
    const hold = await holdNextStateWrite(await guardForKey(env.KEY_GUARD, key));
    const patch = admin("PATCH", `/admin/api/orgs/${orgId}`, { subscription_status: "lapsed" });
    await hold.held();
    const issued = await expectStatus<{ data: { key: string } }>(await admin("POST", `/admin/api/orgs/${orgId}/keys`, { access: "read_only" }), 201);
    hold.release();
    await expectStatus(await patch, 200);
    for (const each of [key, issued.data.key]) expect(await read(each)).toMatchObject({ status: 403, code: "subscription_lapsed" });
  });
});
