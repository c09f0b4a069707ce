// Neither replacing nor re-issuing keys buys more requests: a rotation's or regeneration's replacement goes on from
// the old key's count of the current minute, and an organisation may be issued at most 200 keys a day in India,
// creations, rotations and regenerations together; the operator is not capped.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Verdict } from "../../../src/platform/keys/guard";
import { roomInThisMinute } from "../../reliability/kit";
import { admin, api, asSession, createKey, createOrg, expectError, expectStatus, inGuard, signIn } from "../helpers";

const DAY_MS = 86_400_000;

function verdictAt(key: string, nowMs: number): Promise<Verdict> {
  return inGuard(key, (instance) => instance.authorize(nowMs, []));
}

async function read(key: string): Promise<{ status: number; remaining: string | null; superseded: string | null; expires: string | null }> {
  const response = await api("/api/v1/inventory?limit=1", key);
  await response.arrayBuffer();
  return {
    status: response.status,
    remaining: response.headers.get("X-RateLimit-Remaining"),
    superseded: response.headers.get("X-Service-Key-Superseded"),
    expires: response.headers.get("X-Service-Key-Expires"),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("a rotation or regeneration resets no limit", () => {
  it("business (1,200 a minute): 3 requests, a regeneration, a request, a rotation, a request: 1,199 down to 1,195 left", async () => {
    // Each request is the next of the minute whichever key of the chain sends it: 1,200 - n left after the nth.
    await roomInThisMinute();
    const old = await createKey(await createOrg("business"));
    const seen: Array<string | null> = [];
    for (let i = 0; i < 3; i++) seen.push((await read(old.key)).remaining);
    const regenerated = await expectStatus(await admin("POST", `/admin/api/keys/${old.id}/regenerate`), 201);
    seen.push((await read(regenerated.data.key)).remaining);
    const rotated = await expectStatus(await admin("POST", `/admin/api/keys/${regenerated.data.id}/rotate`, { grace_hours: 24 }), 201);
    seen.push((await read(rotated.data.key)).remaining);
    expect(seen).toEqual(["1199", "1198", "1197", "1196", "1195"]);
  });

  // The old key makes 3 requests; the replacement's first is the 4th of the minute (1,200 - 4 = 1,196) if the minute
  // has not rolled over since, else the 1st (1,199). Inventory keys have no daily quota. 10:00:30 UTC is 15:30:30 IST.
  const countedAt = Date.UTC(2026, 10, 25, 10, 0, 30);
  it.each([
    { action: "rotate", body: { grace_hours: 24 }, when: "in the same minute", rotatedAt: countedAt + 10_000, left: 1196 },
    { action: "rotate", body: { grace_hours: 24 }, when: "in the next minute", rotatedAt: countedAt + 60_000, left: 1199 },
    { action: "regenerate", body: undefined, when: "in the same minute", rotatedAt: countedAt + 10_000, left: 1196 },
    { action: "regenerate", body: undefined, when: "in the next minute", rotatedAt: countedAt + 60_000, left: 1199 },
  ])("$action $when: the replacement's first request leaves $left", async ({ action, body, rotatedAt, left }) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(countedAt);
    const old = await createKey(await createOrg("business"));
    for (let i = 0; i < 3; i++) expect((await verdictAt(old.key, countedAt + i)).outcome).toBe("allowed");
    vi.setSystemTime(rotatedAt);
    const replaced = await expectStatus(await admin("POST", `/admin/api/keys/${old.id}/${action}`, body), 201);
    const verdict = await verdictAt(replaced.data.key, rotatedAt + 1_000);
    expect(verdict.outcome === "allowed" && [verdict.usage.minute.remaining, verdict.usage.day]).toEqual([left, null]);
  });
});

describe("keys issued per organisation and IST day", () => {
  // 18:20 UTC is 23:50 IST on 25 November 2026: the next IST day begins 10 minutes (600 s) later, at 18:30 UTC.
  const T = Date.UTC(2026, 10, 25, 18, 20, 0);
  const NEXT_IST_DAY = Date.UTC(2026, 10, 25, 18, 30, 0);
  const TODAY_IST = { from: Date.UTC(2026, 10, 24, 18, 30, 0), to: NEXT_IST_DAY };

  async function issuedToday(orgId: string): Promise<number> {
    const row = await env.DB.prepare("SELECT count(*) AS n FROM api_keys WHERE org_id = ? AND created_at >= ? AND created_at < ?")
      .bind(orgId, TODAY_IST.from, TODAY_IST.to)
      .first<{ n: number }>();
    return row!.n;
  }

  async function keyAudits(orgId: string): Promise<number> {
    const row = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE org_id = ? AND action LIKE 'key.%'")
      .bind(orgId)
      .first<{ n: number }>();
    return row!.n;
  }

  /** Keys issued before, as rows: revoked, so the cap of active keys stays out of the way. */
  async function issuedEarlier(orgId: string, count: number, createdAt: number): Promise<void> {
    const rows = Array.from({ length: count }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO api_keys (id, org_id, name, prefix, key_hash, access, scopes, created_at, revoked_at) VALUES (?, ?, NULL, ?, ?, 'read_only', '[]', ?, ?)",
      ).bind(`key_issued${i}${crypto.randomUUID().slice(0, 8)}`, orgId, `p${i}`, `hash-${crypto.randomUUID()}`, createdAt - i, createdAt),
    );
    for (let i = 0; i < rows.length; i += 100) await env.DB.batch(rows.slice(i, i + 100));
  }

  it("200 keys a day, created, rotated and regenerated, also under concurrency; then 429 until 00:00 IST, and a refusal changes nothing", async () => {
    const orgId = await createOrg("business");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T);
    const admin1 = await signIn(orgId);
    await issuedEarlier(orgId, 10, T - DAY_MS);
    await issuedEarlier(orgId, 190, T - 3_600_000);
    const body = { access: "read_only" };
    // One created, rotated, then its replacement regenerated: 193 issued today.
    const first = (await expectStatus(await asSession(admin1, "POST", `/admin/api/orgs/${orgId}/keys`, body), 201)).data;
    const rotated = (await expectStatus(await asSession(admin1, "POST", `/admin/api/keys/${first.id}/rotate`, { grace_hours: 24 }), 201)).data;
    const current = (await expectStatus(await asSession(admin1, "POST", `/admin/api/keys/${rotated.id}/regenerate`), 201)).data;
    expect(await issuedToday(orgId)).toBe(193);

    // 12 at once with 7 left: exactly 7 are issued.
    const responses = await Promise.all(Array.from({ length: 12 }, () => asSession(admin1, "POST", `/admin/api/orgs/${orgId}/keys`, body)));
    const statuses = responses.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 201),
      statuses.join(","),
    ).toHaveLength(7);
    for (const refused of responses.filter((r) => r.status !== 201)) {
      expect(refused.headers.get("Retry-After")).toBe("600");
      expect(await expectError(refused, 429, "rate_limited")).toContain("200 keys today");
    }
    await Promise.all(responses.filter((r) => r.status === 201).map((r) => r.arrayBuffer()));
    expect(await issuedToday(orgId)).toBe(200);

    // A refused rotation or regeneration leaves the key as it was: active, unreplaced, working, with no audit entry.
    const audits = await keyAudits(orgId);
    const row = () =>
      env.DB.prepare("SELECT superseded_at, grace_ends_at, revoked_at, replaced_by_key_id FROM api_keys WHERE id = ?").bind(current.id).first();
    const before = await row();
    for (const [action, payload] of [
      ["rotate", { grace_hours: 24 }],
      ["regenerate", undefined],
    ] as const) {
      const refused = await asSession(admin1, "POST", `/admin/api/keys/${current.id}/${action}`, payload);
      expect(refused.headers.get("Retry-After")).toBe("600");
      await expectError(refused, 429, "rate_limited");
      expect(await row()).toEqual(before);
      expect(await read(current.key)).toMatchObject({ status: 200, superseded: null, expires: null });
    }
    expect(await keyAudits(orgId)).toBe(audits);
    expect(await issuedToday(orgId)).toBe(200);

    // The operator is not capped; its keys count all the same.
    await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/keys`, body), 201);
    expect(await issuedToday(orgId)).toBe(201);

    vi.setSystemTime(NEXT_IST_DAY - 1);
    const lastMoment = await asSession(admin1, "POST", `/admin/api/orgs/${orgId}/keys`, body);
    expect(lastMoment.headers.get("Retry-After")).toBe("1");
    await expectError(lastMoment, 429, "rate_limited");

    // A new IST day: the count starts again.
    vi.setSystemTime(NEXT_IST_DAY);
    const regenerated = await expectStatus(await asSession(admin1, "POST", `/admin/api/keys/${current.id}/regenerate`), 201);
    expect((await read(current.key)).status).toBe(401);
    expect((await read(regenerated.data.key)).status).toBe(200);
  });
});
