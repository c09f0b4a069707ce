// Concurrency the other inventory suites leave out: a 50-request burst across the limit of every plan that
// includes the API (exact count, Retry-After at the reset), and rotate, regenerate and revoke racing live
// traffic and each other. Concurrent sales on one lot are in sales/back-office.test.ts.
import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { describe, expect, it } from "vitest";
import { PLAN_REQUESTS_PER_MINUTE } from "../../../src/inventory/keys/api-key-auth";
import { guardForKey } from "../../key-guards";
import { burstAcrossTheLimit } from "../../reliability/kit";
import { admin, createKey, createOrg, INVENTORY } from "../helpers";

const read = (key: string) => fetchWorker(`${INVENTORY}/api/v1/inventory?limit=1`, { headers: { Authorization: `Bearer ${key}` } });
const operator = (path: string, body?: unknown) =>
  fetchWorker(`${INVENTORY}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe("rate limits across the limit, per plan", () => {
  it.each([["business" as const], ["scale" as const], ["enterprise" as const]])(
    "%s: 50 concurrent requests, exactly the 30 left pass, 20 get 429",
    async (plan) => {
      const orgId = await createOrg(plan);
      const { key } = await createKey(orgId, { access: "read_only" });
      await burstAcrossTheLimit({
        guard: await guardForKey(env.KEY_GUARD, key),
        limit: PLAN_REQUESTS_PER_MINUTE[plan],
        send: () => read(key),
        limitedCode: (_response, text) => expect(JSON.parse(text)).toEqual({ error: expect.any(String), code: "rate_limited" }),
      });
    },
  );
});

describe("lifecycle changes racing live traffic and each other", () => {
  it.each([["revoke"], ["regenerate"]])("%s during a burst: every request sent after it answered is refused", async (action) => {
    const orgId = await createOrg("business");
    const { key, id } = await createKey(orgId, { access: "read_only" });
    const during = Array.from({ length: 25 }, () => read(key));
    const changed = await operator(`/admin/api/keys/${id}/${action}`, action === "revoke" ? { reason: "race" } : undefined);
    expect([200, 201]).toContain(changed.status);
    const after = await Promise.all(Array.from({ length: 25 }, () => read(key)));
    for (const response of await Promise.all(during)) expect([200, 401]).toContain(response.status);
    expect(after.map((r) => r.status)).toEqual(Array(25).fill(401));
  });

  it("rotate, regenerate and revoke of one key at once: at most one replacement, no 5xx, the old key dead after a revoke", async () => {
    for (let round = 0; round < 6; round++) {
      const orgId = await createOrg("business");
      const { key, id } = await createKey(orgId, { access: "read_only" });
      const traffic = Array.from({ length: 10 }, () => read(key));
      const [rotated, regenerated, revoked] = await Promise.all([
        operator(`/admin/api/keys/${id}/rotate`, { grace_hours: 72 }),
        operator(`/admin/api/keys/${id}/regenerate`),
        operator(`/admin/api/keys/${id}/revoke`, { reason: "race" }),
      ]);
      const statuses = [rotated.status, regenerated.status, revoked.status];
      expect(
        statuses.every((s) => [200, 201, 409].includes(s)),
        statuses.join(","),
      ).toBe(true);
      expect([rotated.status, regenerated.status].filter((s) => s === 201).length, statuses.join(",")).toBeLessThanOrEqual(1);
      for (const response of await Promise.all(traffic)) expect([200, 401]).toContain(response.status);
      const replacements = await env.DB.prepare("SELECT COUNT(*) AS n FROM api_keys WHERE replaces_key_id = ?").bind(id).first<{ n: number }>();
      expect(replacements!.n).toBe([rotated.status, regenerated.status].filter((s) => s === 201).length);
      if (revoked.status === 200 || regenerated.status === 201) expect((await read(key)).status).toBe(401);
      for (const winner of [rotated, regenerated].filter((r) => r.status === 201)) {
        expect((await read((await winner.json<{ data: { key: string } }>()).data.key)).status).toBe(200);
      }
    }
  });

  it("rotate and regenerate of one key at once: the one refused with 409 changed nothing", async () => {
    const wrong: string[] = [];
    const outcomes = { rotated: 0, regenerated: 0 };
    for (let round = 0; round < 40; round++) {
      const orgId = await createOrg("business");
      const { key, id } = await createKey(orgId, { access: "read_only" });
      const [rotated, regenerated] = await Promise.all([
        operator(`/admin/api/keys/${id}/rotate`, { grace_hours: 24 }),
        operator(`/admin/api/keys/${id}/regenerate`),
      ]);
      const statuses = `${rotated.status},${regenerated.status}`;
      expect(["201,409", "409,201"], statuses).toContain(statuses);
      const winner = rotated.status === 201 ? rotated : regenerated;
      const { data } = await winner.json<{ data: { id: string; key: string; old_key_valid_until?: string } }>();
      const listed = await (await admin("GET", `/admin/api/orgs/${orgId}/keys`)).json<{
        data: Array<{ id: string; state: string }>;
      }>();
      const oldState = listed.data.find((k) => k.id === id)?.state;
      const old = await read(key);
      if (rotated.status === 201) {
        outcomes.rotated++;
        // The refused regeneration must not have ended the old key: it works through its grace, listed superseded.
        if (old.status !== 200 || old.headers.get("X-Service-Key-Expires") !== data.old_key_valid_until || oldState !== "superseded") {
          wrong.push(`round ${round}, rotation won: old key ${old.status}, listed ${oldState}`);
        }
      } else {
        outcomes.regenerated++;
        if (old.status !== 401 || oldState !== "revoked") wrong.push(`round ${round}, regeneration won: old key ${old.status}, listed ${oldState}`);
      }
      await old.arrayBuffer();
      const replacements = listed.data.filter((k) => k.id !== id);
      if (replacements.length !== 1 || replacements[0]!.id !== data.id)
        wrong.push(`round ${round}: replacements ${replacements.map((k) => k.id).join(",")}`);
      const fresh = await read(data.key);
      await fresh.arrayBuffer();
      if (fresh.status !== 200) wrong.push(`round ${round}: the winner's key answers ${fresh.status}`);
    }
    expect(wrong, `${JSON.stringify(outcomes)}: ${wrong.join("; ")}`).toEqual([]);
  });
});
