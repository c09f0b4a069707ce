// The key guard's two kinds of management write: an owner's policy (plan, billing) and the key's own lifecycle
// (rotation, regeneration, revocation). Neither may undo the other, and of two lifecycle changes decided from
// the same revision only the first is accepted.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { changeKeyLifecycle, guardFor, keySnapshot, putKeyState } from "../../src/platform/keys/client";
import type { KeyPolicy, KeyState } from "../../src/platform/keys/guard";

const STATE: KeyState = {
  keyId: "key_writes",
  ownerId: "org_writes",
  status: "active",
  expiresAt: null,
  grants: ["inventory:read"],
  denial: null,
  limits: { perMinute: 1_200, perDay: null },
  attributes: { plan: "business", access: "read_only", superseded: false },
};

const LAPSED: KeyPolicy = { denial: "subscription_lapsed", limits: { perMinute: 3_000, perDay: null }, lapse: null, attributes: { plan: "scale" } };
const GRACE_END = Date.UTC(2026, 10, 26, 10, 0, 0);

async function freshKey(): Promise<string> {
  const keyHash = `writes-${crypto.randomUUID()}`;
  await putKeyState(env.KEY_GUARD, keyHash, STATE);
  return keyHash;
}

const stateOf = async (keyHash: string) => (await keySnapshot(env.KEY_GUARD, keyHash)).state!;

describe("key guard writes", () => {
  it("a policy write changes denial, limits and plan and leaves a rotation's grace end and superseded mark", async () => {
    const keyHash = await freshKey();
    const { revision } = await changeKeyLifecycle(env.KEY_GUARD, keyHash, { expiresAt: GRACE_END, attributes: { superseded: true } }, 1);
    expect(revision).toBe(2);
    await guardFor(env.KEY_GUARD, keyHash).applyPolicy(LAPSED);
    expect(await stateOf(keyHash)).toEqual({
      ...STATE,
      expiresAt: GRACE_END,
      denial: "subscription_lapsed",
      limits: { perMinute: 3_000, perDay: null },
      lapse: null,
      attributes: { plan: "scale", access: "read_only", superseded: true },
      revision: 2,
    });
  });

  it("replacing a key's grants leaves its lifecycle, revision and policy; the same grants again change nothing", async () => {
    const keyHash = await freshKey();
    await changeKeyLifecycle(env.KEY_GUARD, keyHash, { expiresAt: GRACE_END, attributes: { superseded: true } }, 1);
    await guardFor(env.KEY_GUARD, keyHash).applyPolicy(LAPSED);
    const before = await stateOf(keyHash);
    const grants = ["inventory:read", "customers:read"];
    expect(await guardFor(env.KEY_GUARD, keyHash).replaceGrants(grants)).toBe(true);
    expect(await stateOf(keyHash)).toEqual({ ...before, grants });
    expect(await guardFor(env.KEY_GUARD, keyHash).replaceGrants([...grants])).toBe(false);
    expect(await guardFor(env.KEY_GUARD, `writes-${crypto.randomUUID()}`).replaceGrants(grants)).toBe(false);
  });

  it("of two lifecycle changes decided from one revision, the second is refused and changes nothing", async () => {
    const keyHash = await freshKey();
    const { revision } = await stateOf(keyHash);
    expect((await changeKeyLifecycle(env.KEY_GUARD, keyHash, { expiresAt: GRACE_END, attributes: { superseded: true } }, revision)).revision).toBe(
      revision! + 1,
    );
    const afterFirst = await stateOf(keyHash);
    expect((await changeKeyLifecycle(env.KEY_GUARD, keyHash, { status: "revoked" }, revision)).revision).toBeNull();
    expect(await stateOf(keyHash)).toEqual(afterFirst);
  });

  it("a revoked key accepts revocation only: no lifecycle change or full write brings it back", async () => {
    const keyHash = await freshKey();
    expect((await changeKeyLifecycle(env.KEY_GUARD, keyHash, { status: "revoked" })).revision).not.toBeNull();
    expect((await changeKeyLifecycle(env.KEY_GUARD, keyHash, { expiresAt: GRACE_END, attributes: { superseded: true } })).revision).toBeNull();
    await putKeyState(env.KEY_GUARD, keyHash, STATE);
    await guardFor(env.KEY_GUARD, keyHash).applyPolicy(LAPSED);
    expect((await stateOf(keyHash)).status).toBe("revoked");
  });
});
