// A replacement key (rotation, regeneration) goes on from its old key's counters: the lifecycle change that ends
// or supersedes the old key answers its counters at that instant, and the replacement's guard inherits them. Only
// the windows still current count: a past minute or IST day carries nothing.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { changeKeyLifecycle, guardFor, inheritKeyUsage, keySnapshot, putKeyState } from "../../src/platform/keys/client";
import { KeyGuard, type KeyState, type Verdict } from "../../src/platform/keys/guard";
import { inKeyGuard } from "../reliability/kit";

const STATE: KeyState = {
  keyId: "key_usage",
  ownerId: "acct_usage",
  status: "active",
  expiresAt: null,
  grants: ["deadlines:read"],
  denial: null,
  limits: { perMinute: 5, perDay: 7 },
  attributes: { plan: "free" },
};

// 10:00:30 UTC is 15:30:30 in India: well inside one minute and one IST day.
const NOW_MS = Date.UTC(2026, 10, 25, 10, 0, 30);
// 18:29:30 UTC is 23:59:30 in India; a minute later it is 00:00:30 of the next IST day.
const BEFORE_IST_MIDNIGHT_MS = Date.UTC(2026, 10, 25, 18, 29, 30);

function inGuard<T>(keyHash: string, fn: (instance: KeyGuard, state: DurableObjectState) => T): Promise<T> {
  return inKeyGuard(guardFor(env.KEY_GUARD, keyHash), fn);
}

async function freshKey(): Promise<string> {
  const keyHash = `usage-${crypto.randomUUID()}`;
  await putKeyState(env.KEY_GUARD, keyHash, STATE);
  return keyHash;
}

/** `count` allowed requests on the key, 1 ms apart from `atMs`. */
async function spend(keyHash: string, count: number, atMs: number): Promise<void> {
  const outcomes = await inGuard(keyHash, (instance) => Array.from({ length: count }, (_, i) => instance.authorize(atMs + i, []).outcome));
  expect(outcomes).toEqual(Array(count).fill("allowed"));
}

function remaining(verdict: Verdict): { minute: number; day: number | undefined } | string {
  return verdict.outcome === "allowed" ? { minute: verdict.usage.minute.remaining, day: verdict.usage.day?.remaining } : verdict.outcome;
}

/** Ends `old` (as a rotation without overlap does) and starts `replacement` from its counters. */
async function replace(old: string, endedAtMs: number): Promise<string> {
  const { usage } = await changeKeyLifecycle(env.KEY_GUARD, old, { expiresAt: endedAtMs });
  const replacement = await freshKey();
  await inheritKeyUsage(env.KEY_GUARD, replacement, usage);
  return replacement;
}

describe("a replacement inherits its old key's usage", () => {
  // Limits 5 a minute and 7 a day; the old key made 3 requests. Worked by hand: the replacement's first request
  // is the 4th of the minute and of the day (5 - 4 = 1 and 7 - 4 = 3 left), unless that window has rolled over.
  it.each([
    { case: "in the same minute", countedAt: NOW_MS, askedAt: NOW_MS + 20_000, left: { minute: 1, day: 3 } },
    {
      case: "in the next minute, same IST day: the minute's counts stay behind",
      countedAt: NOW_MS,
      askedAt: NOW_MS + 60_000,
      left: { minute: 4, day: 3 },
    },
    {
      case: "on the next IST day: nothing carries",
      countedAt: BEFORE_IST_MIDNIGHT_MS,
      askedAt: BEFORE_IST_MIDNIGHT_MS + 60_000,
      left: { minute: 4, day: 6 },
    },
  ])("asked $case", async ({ countedAt, askedAt, left }) => {
    const old = await freshKey();
    await spend(old, 3, countedAt);
    const replacement = await replace(old, countedAt + 10);
    expect(remaining(await inGuard(replacement, (instance) => instance.authorize(askedAt, [])))).toEqual(left);
    // The old key ended at the change: it counts nothing more.
    expect((await inGuard(old, (instance) => instance.authorize(countedAt + 10, []))).outcome).toBe("expired");
  });

  it("a change refused because the key was revoked still answers its counters, and they carry", async () => {
    const old = await freshKey();
    await spend(old, 3, NOW_MS);
    expect((await changeKeyLifecycle(env.KEY_GUARD, old, { status: "revoked" })).revision).not.toBeNull();
    const refused = await changeKeyLifecycle(env.KEY_GUARD, old, { expiresAt: NOW_MS + 10 });
    expect(refused.revision).toBeNull();
    const replacement = await freshKey();
    await inheritKeyUsage(env.KEY_GUARD, replacement, refused.usage);
    expect(remaining(await inGuard(replacement, (instance) => instance.authorize(NOW_MS + 20, [])))).toEqual({ minute: 1, day: 3 });
  });

  it("an old key's later requests (an overlap) count on the old key alone", async () => {
    const old = await freshKey();
    await spend(old, 2, NOW_MS);
    const { usage } = await changeKeyLifecycle(env.KEY_GUARD, old, { expiresAt: NOW_MS + 3_600_000 });
    const replacement = await freshKey();
    await inheritKeyUsage(env.KEY_GUARD, replacement, usage);
    await spend(old, 2, NOW_MS + 10);
    // The old key: 2 + 2 before, this is its 5th (0 and 2 left); the replacement: 2 inherited, this is its 3rd.
    expect(remaining(await inGuard(old, (instance) => instance.authorize(NOW_MS + 20, [])))).toEqual({ minute: 0, day: 2 });
    expect(remaining(await inGuard(replacement, (instance) => instance.authorize(NOW_MS + 20, [])))).toEqual({ minute: 2, day: 4 });
  });

  it("inheriting never lowers a count: the higher count of a window, the later window, stay", async () => {
    const replacement = await freshKey();
    await spend(replacement, 2, NOW_MS);
    // Counts of 1 in the same windows, then of an earlier minute and day: neither lowers the replacement's 2.
    const old = await freshKey();
    await spend(old, 1, NOW_MS);
    await inheritKeyUsage(env.KEY_GUARD, replacement, (await changeKeyLifecycle(env.KEY_GUARD, old, {})).usage);
    const older = await freshKey();
    await spend(older, 4, NOW_MS - 86_400_000);
    await inheritKeyUsage(env.KEY_GUARD, replacement, (await changeKeyLifecycle(env.KEY_GUARD, older, {})).usage);
    expect(remaining(await inGuard(replacement, (instance) => instance.authorize(NOW_MS + 10, [])))).toEqual({ minute: 2, day: 4 });
  });

  it("the inherited counters are stored: a guard made anew keeps them, and the key's state and last use are untouched", async () => {
    const old = await freshKey();
    await spend(old, 3, NOW_MS);
    const replacement = await replace(old, NOW_MS + 10);
    expect(await keySnapshot(env.KEY_GUARD, replacement)).toEqual({ state: { ...STATE, revision: 1 }, lastUsedAt: null });
    const verdict = await inGuard(replacement, (_instance, state) => new KeyGuard(state, env).authorize(NOW_MS + 20, []));
    expect(remaining(verdict)).toEqual({ minute: 1, day: 3 });
  });
});
