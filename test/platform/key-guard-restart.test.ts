// A key's Durable Object is evicted when idle and made anew on deploys: the new instance must start from what
// the old one wrote (the key's state through management, its counters through requests), or a restart would
// forget revocations and reset rate limits.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { guardFor, putKeyState } from "../../src/platform/keys/client";
import { KeyGuard, type KeyState } from "../../src/platform/keys/guard";
import { inKeyGuard } from "../reliability/kit";

const STATE: KeyState = {
  keyId: "key_restart",
  ownerId: "acct_restart",
  status: "active",
  expiresAt: null,
  grants: ["deadlines:read"],
  denial: null,
  limits: { perMinute: 5, perDay: 7 },
  attributes: { plan: "free" },
};

// 10:00:30 UTC is 15:30:30 in India: the requests below share one minute and one IST day.
const NOW_MS = Date.UTC(2026, 10, 25, 10, 0, 30);

function inGuard<T>(keyHash: string, fn: (instance: KeyGuard, state: DurableObjectState) => T): Promise<T> {
  return inKeyGuard(guardFor(env.KEY_GUARD, keyHash), fn);
}

describe("a key guard made anew", () => {
  it("reads the state and the counters its predecessor wrote, and goes on counting from them", async () => {
    const keyHash = `restart-${crypto.randomUUID()}`;
    await putKeyState(env.KEY_GUARD, keyHash, STATE);
    await inGuard(keyHash, (instance) => {
      for (let i = 0; i < 3; i++) expect(instance.authorize(NOW_MS + i, []).outcome).toBe("allowed");
    });

    const [snapshot, verdict] = await inGuard(keyHash, (_instance, state) => {
      const restarted = new KeyGuard(state, env);
      return [restarted.snapshot(), restarted.authorize(NOW_MS + 10, [])] as const;
    });
    // The first lifecycle write is revision 1 (what a rotation or regeneration compares and sets).
    expect(snapshot).toEqual({ state: { ...STATE, revision: 1 }, lastUsedAt: NOW_MS + 2 });
    // Three requests counted before the restart, the fourth after it: 5 - 4 left this minute, 7 - 4 today.
    expect(verdict).toMatchObject({
      outcome: "allowed",
      usage: { minute: { limit: 5, remaining: 1 }, day: { limit: 7, remaining: 3 } },
    });
  });

  it("keeps a revocation", async () => {
    const keyHash = `restart-${crypto.randomUUID()}`;
    await putKeyState(env.KEY_GUARD, keyHash, { ...STATE, status: "revoked" });
    const verdict = await inGuard(keyHash, (_instance, state) => new KeyGuard(state, env).authorize(NOW_MS, []));
    expect(verdict.outcome).toBe("revoked");
  });
});
