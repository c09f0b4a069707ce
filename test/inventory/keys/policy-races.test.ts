// An organisation's plan changing while one of its keys is rotated: once both have answered, the key must
// behave as its own lifecycle says (a rotated key works until its grace ends, marked superseded, seed section 6)
// and as the organisation's plan says (its per-minute limit, seed section 8).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PLAN_REQUESTS_PER_MINUTE } from "../../../src/inventory/keys/api-key-auth";
import { guardForKey } from "../../../src/platform/keys/client";
import { holdNextStateWrite } from "../../reliability/kit";
import { admin, createKey, createOrg, expectStatus, INVENTORY, inProcess } from "../helpers";

const call = inProcess;
const operator = (method: string, path: string, body?: unknown) => admin(method, path, body, call);

async function read(key: string) {
  const response = await call(`${INVENTORY}/api/v1/inventory?limit=1`, { headers: { Authorization: `Bearer ${key}` } });
  await response.arrayBuffer();
  return {
    status: response.status,
    limit: response.headers.get("X-RateLimit-Limit"),
    superseded: response.headers.get("X-Service-Key-Superseded"),
    expires: response.headers.get("X-Service-Key-Expires"),
  };
}

describe("a key rotated while the organisation's plan changes", () => {
  it("keeps its grace end and superseded mark, and gets the new plan's limit", { timeout: 30_000 }, async () => {
    const orgId = await createOrg("business");
    const { id, key } = await createKey(orgId);
    // The plan change reaches this key's live state only after the rotation has answered.
    const hold = await holdNextStateWrite(await guardForKey(env.KEY_GUARD, key));
    const patch = operator("PATCH", `/admin/api/orgs/${orgId}`, { plan: "scale" });
    await hold.held();
    const rotated = await expectStatus<{ data: { key: string; old_key_valid_until: string } }>(
      await operator("POST", `/admin/api/keys/${id}/rotate`, { grace_hours: 24 }),
      201,
    );
    hold.release();
    await expectStatus(await patch, 200);
    expect(await read(key)).toEqual({
      status: 200,
      limit: String(PLAN_REQUESTS_PER_MINUTE.scale),
      superseded: "true",
      expires: rotated.data.old_key_valid_until,
    });
  });
});
