// Neither rotating nor re-issuing keys buys more requests: a rotation's replacement goes on from the old key's
// counts of the current minute and IST day, and an account may be issued at most 20 keys (free) or 200 (paid) a
// day in India, creations and rotations together; the operator is not capped.
import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { guardForKey } from "../../key-guards";
import type { Verdict } from "../../../src/platform/keys/guard";
import { inKeyGuard, roomInThisMinute } from "../../reliability/kit";
import { sessionCaller } from "../../web-session";
import { admin, api, capture, createKey, expectError, expectStatus, signedIn, TAX } from "../helpers";

const DAY_MS = 86_400_000;
const as = sessionCaller(TAX);

/** POST /admin/api/keys as a signed-in user, with an Idempotency-Key. */
function createWithIdempotencyKey(user: { cookie: string; csrf: string }, idempotencyKey: string): Promise<Response> {
  return fetchWorker(`${TAX}/admin/api/keys`, {
    method: "POST",
    headers: { Cookie: user.cookie, "X-CSRF-Token": user.csrf, "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
    body: JSON.stringify({ scopes: ["deadlines:read"] }),
  });
}

async function verdictAt(key: string, nowMs: number): Promise<Verdict> {
  return inKeyGuard(await guardForKey(env.KEY_GUARD, key), (instance) => instance.authorize(nowMs, []));
}

function left(verdict: Verdict): { minute: number; day: number | undefined } | string {
  return verdict.outcome === "allowed" ? { minute: verdict.usage.minute.remaining, day: verdict.usage.day?.remaining } : verdict.outcome;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("a rotation resets no limit", () => {
  it("3 requests on a free key, a rotation without overlap, then the new key's first request: 26 of the minute's 30 left", async () => {
    // Free plan: 30 a minute. The old key's 3 requests leave 29, 28, 27; the new key's first is the 4th: 30 - 4 = 26.
    await roomInThisMinute();
    const old = await createKey({ scopes: ["deadlines:read"] });
    const seen: Array<string | null> = [];
    for (let i = 0; i < 3; i++) {
      const response = await api("/api/v1/deadlines?limit=1", old.key);
      await expectStatus(response, 200);
      seen.push(response.headers.get("X-RateLimit-Remaining"));
    }
    expect(seen).toEqual(["29", "28", "27"]);
    const rotated = await expectStatus(await admin("POST", `/admin/api/keys/${old.id}/rotate`, { overlapHours: 0 }), 201);
    const response = await api("/api/v1/deadlines?limit=1", rotated.data.key);
    await expectStatus(response, 200);
    expect(response.headers.get("X-RateLimit-Remaining")).toBe("26");
    expect(response.headers.get("RateLimit")).toMatch(/^"minute";r=26;t=\d+$/);
  });

  // Free plan: 30 a minute, 500 a day in India. The old key makes 3 requests; the replacement's first request is
  // the 4th of every window that has not rolled over since (30 - 4 = 26, 500 - 4 = 496), else the 1st (29, 499).
  // 10:00:30 UTC is 15:30:30 IST; 18:29:30 UTC is 23:59:30 IST, and a minute later it is the next IST day.
  const afternoon = Date.UTC(2026, 10, 25, 10, 0, 30);
  const lastMinute = Date.UTC(2026, 10, 25, 18, 29, 30);
  it.each([
    { case: "in the same minute", countedAt: afternoon, rotatedAt: afternoon + 10_000, expected: { minute: 26, day: 496 } },
    { case: "in the next minute", countedAt: afternoon, rotatedAt: afternoon + 60_000, expected: { minute: 29, day: 496 } },
    { case: "on the next IST day", countedAt: lastMinute, rotatedAt: lastMinute + 40_000, expected: { minute: 29, day: 499 } },
  ])("rotated $case, the replacement's first request leaves $expected.minute and $expected.day", async ({ countedAt, rotatedAt, expected }) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(countedAt);
    const old = await createKey({ scopes: ["deadlines:read"] });
    for (let i = 0; i < 3; i++) expect((await verdictAt(old.key, countedAt + i)).outcome).toBe("allowed");
    vi.setSystemTime(rotatedAt);
    const rotated = await expectStatus(await admin("POST", `/admin/api/keys/${old.id}/rotate`, { overlapHours: 0 }), 201);
    expect(left(await verdictAt(rotated.data.key, rotatedAt + 1_000))).toEqual(expected);
  });
});

describe("keys issued per account and IST day", () => {
  // 18:20 UTC is 23:50 IST on 25 November 2026: the next IST day begins 10 minutes (600 s) later, at 18:30 UTC.
  const T = Date.UTC(2026, 10, 25, 18, 20, 0);
  const NEXT_IST_DAY = Date.UTC(2026, 10, 25, 18, 30, 0);
  const TODAY_IST = { from: Date.UTC(2026, 10, 24, 18, 30, 0), to: NEXT_IST_DAY };

  async function accountIdOf(email: string): Promise<string> {
    return (await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(email).first<{ id: string }>())!.id;
  }

  async function issuedToday(accountId: string): Promise<number> {
    const row = await env.DB.prepare("SELECT count(*) AS n FROM api_keys WHERE account_id = ? AND created_at >= ? AND created_at < ?")
      .bind(accountId, TODAY_IST.from, TODAY_IST.to)
      .first<{ n: number }>();
    return row!.n;
  }

  const body = { scopes: ["deadlines:read"] };

  it("a free account is issued 20 keys a day, created and rotated, also under concurrency; then 429 until 00:00 IST, with nothing written", async () => {
    const user = await signedIn();
    const accountId = await accountIdOf(user.email);
    vi.useFakeTimers({ toFake: ["Date"] });
    const createAndRevoke = async (times: number) => {
      for (let i = 0; i < times; i++) {
        const created = await expectStatus(await as(user, "POST", "/admin/api/keys", body), 201);
        await expectStatus(await as(user, "POST", `/admin/api/keys/${created.data.id}/revoke`), 200);
      }
    };
    // Yesterday (IST) 6 keys, which do not count today; earlier today 12 created and revoked again, each a new key.
    vi.setSystemTime(T - DAY_MS);
    await createAndRevoke(6);
    vi.setSystemTime(T - 3_600_000);
    await createAndRevoke(12);
    vi.setSystemTime(T);
    // One more created and rotated twice: 15 issued today.
    let current = (await expectStatus(await as(user, "POST", "/admin/api/keys", body), 201)).data;
    for (let i = 0; i < 2; i++)
      current = (await expectStatus(await as(user, "POST", `/admin/api/keys/${current.id}/rotate`, { overlapHours: 0 }), 201)).data;
    expect(await issuedToday(accountId)).toBe(15);

    // 10 at once with 5 left: exactly 5 are issued.
    const responses = await Promise.all(Array.from({ length: 10 }, () => as(user, "POST", "/admin/api/keys", body)));
    const statuses = responses.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 201),
      statuses.join(","),
    ).toHaveLength(5);
    for (const refused of responses.filter((r) => r.status !== 201)) {
      expect(refused.headers.get("Retry-After")).toBe("600");
      expect(await expectError(refused, 429, "rate_limited")).toContain("20 keys today");
    }
    await Promise.all(responses.filter((r) => r.status === 201).map((r) => r.arrayBuffer()));
    expect(await issuedToday(accountId)).toBe(20);

    // A rotation is refused too, and leaves the key as it was: unrotated, working, no replacement written.
    const before = await env.DB.prepare("SELECT expires_at, replaced_by_key_id, revoked_at FROM api_keys WHERE id = ?").bind(current.id).first();
    const rotation = await as(user, "POST", `/admin/api/keys/${current.id}/rotate`, { overlapHours: 0 });
    expect(rotation.headers.get("Retry-After")).toBe("600");
    await expectError(rotation, 429, "rate_limited");
    expect(await env.DB.prepare("SELECT expires_at, replaced_by_key_id, revoked_at FROM api_keys WHERE id = ?").bind(current.id).first()).toEqual(
      before,
    );
    expect(await env.DB.prepare("SELECT count(*) AS n FROM api_keys WHERE replaces_key_id = ?").bind(current.id).first()).toEqual({ n: 0 });
    expect((await verdictAt(current.key, T + 1)).outcome).toBe("allowed");

    // Refused with an Idempotency-Key, nothing of the request is kept: the same key is free for tomorrow.
    const idempotencyKey = `daily-cap-${crypto.randomUUID()}`;
    await expectError(await createWithIdempotencyKey(user, idempotencyKey), 429, "rate_limited");
    expect(await issuedToday(accountId)).toBe(20);

    // The operator is not capped; its keys count all the same.
    await expectStatus(await admin("POST", "/admin/api/keys", { accountEmail: user.email, ...body }), 201);
    expect(await issuedToday(accountId)).toBe(21);

    vi.setSystemTime(NEXT_IST_DAY - 1);
    const lastMoment = await as(user, "POST", "/admin/api/keys", body);
    expect(lastMoment.headers.get("Retry-After")).toBe("1");
    await expectError(lastMoment, 429, "rate_limited");

    // A new IST day: the count starts again, and the refused request's Idempotency-Key issues a key, not a replay.
    vi.setSystemTime(NEXT_IST_DAY);
    const created = await createWithIdempotencyKey(user, idempotencyKey);
    expect(created.headers.get("Idempotent-Replayed")).toBeNull();
    await expectStatus(created, 201);
    await expectStatus(await as(user, "POST", `/admin/api/keys/${current.id}/rotate`, { overlapHours: 0 }), 201);
  });

  // The caps themselves: free 20, paid 200 a day. Keys already issued today are written as rows, revoked (so the
  // cap of active keys stays out of the way), one short of the cap: the next key is issued, the one after refused.
  it.each([
    { plan: "free", cap: 20 },
    { plan: "paid", cap: 200 },
  ])("$plan: key number $cap of the IST day is issued, the next is refused", async ({ plan, cap }) => {
    const user = await signedIn();
    const accountId = await accountIdOf(user.email);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T);
    if (plan === "paid") expect((await capture(user.email, `pay_${crypto.randomUUID()}`)).data.activated).toBe(true);
    const rows = Array.from({ length: cap - 1 }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO api_keys (id, account_id, name, prefix, key_hash, scopes, created_at, expires_at, revoked_at) VALUES (?, ?, NULL, ?, ?, '[]', ?, ?, ?)",
      ).bind(
        `key_issued${i}${crypto.randomUUID().slice(0, 8)}`,
        accountId,
        `p${i}`,
        `hash-${crypto.randomUUID()}`,
        T - 60_000 - i,
        T + DAY_MS,
        T - 1,
      ),
    );
    for (let i = 0; i < rows.length; i += 100) await env.DB.batch(rows.slice(i, i + 100));
    await expectStatus(await as(user, "POST", "/admin/api/keys", body), 201);
    expect(await expectError(await as(user, "POST", "/admin/api/keys", body), 429, "rate_limited")).toContain(`${cap} keys today`);
    expect(await issuedToday(accountId)).toBe(cap);
  });
});
