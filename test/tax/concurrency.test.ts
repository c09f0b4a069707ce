// Concurrency the other tax suites leave out: the paid plan's 120 a minute under a 50-request burst across
// the limit, and key rotation and revocation racing live traffic (no window where a revoked key works).
// The free plan's burst is in keys.test.ts, concurrent saves of one label in profiles.test.ts.
import { env } from "cloudflare:test";
import { fetchWorker } from "../worker-under-test";
import { describe, expect, it } from "vitest";
import { hmacSha256Hex } from "../../src/platform/crypto";
import { putKeyState } from "../../src/platform/keys/client";
import { guardForKey } from "../key-guards";
import { hashApiKey } from "../../src/platform/keys/format";
import { burstAcrossTheLimit } from "../reliability/kit";
import { createAccount, createKey, TAX } from "./helpers";

const read = (key: string) => fetchWorker(`${TAX}/api/v1/deadlines?limit=1`, { headers: { Authorization: `Bearer ${key}` } });
const operator = (path: string, body?: unknown) =>
  fetchWorker(`${TAX}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });

async function paidKey() {
  const email = await createAccount();
  const body = JSON.stringify({
    event: "payment.captured",
    payload: { payment: { entity: { id: `pay_${crypto.randomUUID()}`, amount: 99_900, currency: "INR", notes: { accountEmail: email } } } },
  });
  const paid = await fetchWorker(`${TAX}/billing/webhook`, {
    method: "POST",
    headers: { "X-Razorpay-Signature": await hmacSha256Hex(env.RAZORPAY_WEBHOOK_SECRET, body) },
    body,
  });
  expect(paid.status).toBe(200);
  return createKey({ email, scopes: ["deadlines:read"] });
}

describe("rate limit of the paid plan (120 a minute)", () => {
  it("50 concurrent requests across the limit: exactly the 30 left pass, 20 get 429 with a correct Retry-After", async () => {
    const key = await paidKey();
    await burstAcrossTheLimit({
      guard: await guardForKey(env.KEY_GUARD, key.key),
      limit: 120,
      send: () => read(key.key),
      limitedCode: (_response, text) => expect(JSON.parse(text).error.code).toBe("rate_limited"),
    });
  });
});

describe("lifecycle changes racing live traffic", () => {
  it("revocation during a burst: every request sent after the revocation answered is refused", async () => {
    const key = await paidKey();
    const during = Array.from({ length: 25 }, () => read(key.key));
    const revoked = await operator(`/admin/api/keys/${key.id}/revoke`);
    expect(revoked.status).toBe(200);
    const after = await Promise.all(Array.from({ length: 25 }, () => read(key.key)));
    for (const response of await Promise.all(during)) expect([200, 401]).toContain(response.status);
    expect(after.map((r) => r.status)).toEqual(Array(25).fill(401));
  });

  it("rotation (overlap 0 or 1 h) and revocation of one key at once: no 5xx, and afterwards the old key is dead", async () => {
    for (let round = 0; round < 8; round++) {
      const key = await paidKey();
      const traffic = Array.from({ length: 10 }, () => read(key.key));
      const [rotated, revoked] = await Promise.all([
        operator(`/admin/api/keys/${key.id}/rotate`, { overlapHours: round % 2 }),
        operator(`/admin/api/keys/${key.id}/revoke`),
      ]);
      expect([201, 409]).toContain(rotated.status);
      expect(revoked.status).toBe(200);
      for (const response of await Promise.all(traffic)) expect([200, 401]).toContain(response.status);
      expect((await read(key.key)).status).toBe(401);
      if (rotated.status === 201) expect((await read((await rotated.json<{ data: { key: string } }>()).data.key)).status).toBe(200);
    }
  });

  it("a write built from a row read before the revocation (the losing side of that race) cannot revive the key", async () => {
    const key = await paidKey();
    const guard = await guardForKey(env.KEY_GUARD, key.key);
    const stale = (await guard.snapshot()).state!;
    expect((await operator(`/admin/api/keys/${key.id}/revoke`)).status).toBe(200);
    await putKeyState(env.KEY_GUARD, await hashApiKey(key.key), { ...stale, expiresAt: Date.now() + 3_600_000 });
    expect((await read(key.key)).status).toBe(401);
  });

  it("two rotations of one key at once: one replacement only, the loser 409, no 5xx", async () => {
    const key = await paidKey();
    const results = await Promise.all([1, 2, 3].map(() => operator(`/admin/api/keys/${key.id}/rotate`, { overlapHours: 1 })));
    const statuses = results.map((r) => r.status).sort();
    expect(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(","),
    ).toBe(true);
    const replacements = await env.DB.prepare("SELECT COUNT(*) AS n FROM api_keys WHERE replaces_key_id = ?").bind(key.id).first<{ n: number }>();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(replacements!.n).toBe(1);
  });
});
