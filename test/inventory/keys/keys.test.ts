import { env, listDurableObjectIds } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { INVENTORY_SCOPES, PLAN_REQUESTS_PER_MINUTE } from "../../../src/inventory/keys/api-key-auth";
import { CreatedKeySchema, KeySchema, RegeneratedKeySchema, RotatedKeySchema } from "../../../src/inventory/keys/schemas";
import { AuditEntrySchema, OrgSchema } from "../../../src/inventory/orgs/schemas";
import { hashApiKey } from "../../../src/platform/keys/format";
import type { Requirement, Verdict } from "../../../src/platform/keys/guard";
import { roomInThisMinute } from "../../reliability/kit";
import { sameMillisecondIds } from "../../same-millisecond";
import { admin, api, asSession, createKey, createOrg, expectError, expectStatus, inGuard, signIn } from "../helpers";

// Some tests wait out the end of a minute (up to 12 s) or a key's expiry, and some send hundreds of
// requests; under a full parallel run they need more than the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

/** Any write under /api/v1 runs keyAuth with the `write` requirement; every v1 endpoint is a read. */
const write = (key: string | null, init: RequestInit = {}) => api("/api/v1/inventory", key, { method: "POST", body: "{}", ...init });
/** A read every key without scopes, or with inventory:read, may make: one request of the key's limit. */
const readStock = (key: string) => api("/api/v1/inventory?limit=1", key);

function verdictAt(key: string, nowMs: number, required: Requirement[] = []): Promise<Verdict> {
  return inGuard(key, (instance) => instance.authorize(nowMs, required));
}

async function auditOf(orgId: string) {
  const body = await expectStatus<{ data: unknown[] }>(await admin("GET", `/admin/api/orgs/${orgId}/audit`), 200);
  return body.data.map((entry) => AuditEntrySchema.parse(entry));
}

/** A key row issued before keys were bound to organisations: inserted with SQL, as the old system left it. */
async function insertLegacyKey(): Promise<{ id: string; key: string }> {
  const key = `inv_legacy${crypto
    .randomUUID()
    .slice(0, 2)
    .replace(/[^0-9a-z]/g, "0")}_${"A".repeat(16)}${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const id = `key_legacy_${crypto.randomUUID()}`;
  await env.DB.prepare(
    "INSERT INTO api_keys (id, org_id, name, prefix, key_hash, access, scopes, created_at) VALUES (?, NULL, 'old integration', ?, ?, 'read_only', '[]', ?)",
  )
    .bind(id, key.slice(4, 12), await hashApiKey(key), Date.now() - 86_400_000 * 400)
    .run();
  return { id, key };
}

describe("organisations", () => {
  it("the operator creates one; GET shows plan, subscription and per-key limits", async () => {
    const created = await expectStatus(await admin("POST", "/admin/api/orgs", { name: "Sri Lakshmi Yarns", plan: "business" }), 201);
    const org = OrgSchema.parse(created.data);
    expect(org).toMatchObject({
      name: "Sri Lakshmi Yarns",
      plan: "business",
      subscription_status: "active",
      api_access: true,
      limits: { requests_per_minute: 1200 },
    });
    expect(org.id).toMatch(/^org_/);
    const fetched = await expectStatus(await admin("GET", `/admin/api/orgs/${org.id}`), 200);
    expect(OrgSchema.parse(fetched.data)).toEqual(org);

    const starter = await expectStatus(await admin("GET", `/admin/api/orgs/${await createOrg("starter")}`), 200);
    expect(starter.data).toMatchObject({ plan: "starter", api_access: false, limits: { requests_per_minute: 60 } });
    const lapsed = await expectStatus(await admin("GET", `/admin/api/orgs/${await createOrg("scale", "lapsed")}`), 200);
    expect(lapsed.data).toMatchObject({ plan: "scale", subscription_status: "lapsed", api_access: false, limits: { requests_per_minute: 3000 } });
  });

  it.each([
    [{ name: "X", plan: "platinum" }, "plan"],
    [{ plan: "business" }, "name"],
    [{ name: "X", plan: "business", subscription_status: "paused" }, "subscription_status"],
    [{ name: "X", plan: "business", extra: 1 }, "extra"],
  ])("refuses %j with bad_request naming %s", async (body, field) => {
    const message = await expectError(await admin("POST", "/admin/api/orgs", body), 400, "bad_request");
    expect(message.startsWith(field), message).toBe(true);
  });

  it("PATCH refuses an empty change and an unknown organisation", async () => {
    const orgId = await createOrg();
    await expectError(await admin("PATCH", `/admin/api/orgs/${orgId}`, {}), 400, "bad_request");
    await expectError(await admin("PATCH", `/admin/api/orgs/${orgId}`, { plan: "gold" }), 400, "bad_request");
    await expectError(await admin("PATCH", "/admin/api/orgs/org_nope", { plan: "scale" }), 404, "not_found");
  });

  it("the management API refuses a wrong operator token and no credentials", async () => {
    await expectError(
      await api("/admin/api/orgs", "not-the-token", { method: "POST", body: JSON.stringify({ name: "X", plan: "business" }) }),
      401,
      "unauthorized",
    );
    await expectError(await api("/admin/api/orgs/org_x", null), 401, "unauthorized");
  });
});

describe("key creation", () => {
  it("shows the key once, stores only its SHA-256, lists it without the secret", async () => {
    const orgId = await createOrg();
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const response = await admin("POST", `/admin/api/orgs/${orgId}/keys`, {
      name: "erp",
      access: "read_write",
      scopes: ["sales:read", "sales:read"],
      expires_at: expiresAt,
    });
    const created = CreatedKeySchema.parse((await expectStatus(response, 201)).data);
    expect(created.key).toMatch(/^inv_[0-9a-z]{8}_[0-9A-Za-z]{32}$/);
    expect(created).toMatchObject({
      name: "erp",
      access: "read_write",
      scopes: ["sales:read"],
      expires_at: expiresAt,
      prefix: created.key.slice(4, 12),
    });

    const stored = await env.DB.prepare("SELECT * FROM api_keys WHERE id = ?").bind(created.id).first<Record<string, unknown>>();
    expect(stored?.key_hash).toBe(await hashApiKey(created.key));
    expect(JSON.stringify(stored)).not.toContain(created.key.slice(13));

    const listed = await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/keys`), 200);
    expect(JSON.stringify(listed)).not.toContain(created.key.slice(13));
    expect(listed).toMatchObject({ has_more: false, next_offset: null });
    expect(KeySchema.parse(listed.data[0])).toMatchObject({
      id: created.id,
      state: "active",
      access: "read_write",
      last_used_at: null,
      expires_at: expiresAt,
    });
  });

  it.each([
    [{ access: "admin" }, "access"],
    [{}, "access"],
    [{ access: "read_only", scopes: ["sales:write"] }, "scopes[0]"],
    [{ access: "read_only", scopes: ["customers:read", "customer:read"] }, "scopes[1]"],
    [{ access: "read_only", expires_at: "next tuesday" }, "expires_at"],
    [{ access: "read_only", expires_at: "2020-01-01T00:00:00Z" }, "expires_at"],
    [{ access: "read_only", secret: "mine" }, "secret"],
  ])("refuses %j with bad_request naming %s", async (body, field) => {
    const orgId = await createOrg();
    const message = await expectError(await admin("POST", `/admin/api/orgs/${orgId}/keys`, body), 400, "bad_request");
    expect(message.startsWith(field), message).toBe(true);
  });

  it("refuses a body that is not JSON, and an unknown organisation", async () => {
    const orgId = await createOrg();
    const response = await SELF_fetch(`/admin/api/orgs/${orgId}/keys`, "access=read_only", "application/x-www-form-urlencoded");
    await expectError(response, 415, "unsupported_media_type");
    await expectError(await admin("POST", "/admin/api/orgs/org_missing/keys", { access: "read_only" }), 404, "not_found");
  });

  it("lists keys page by page with has_more and next_offset; a bad limit is bad_request", async () => {
    const orgId = await createOrg();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await createKey(orgId)).id);
    const first = await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/keys?limit=2`), 200);
    expect(first.data.map((k: { id: string }) => k.id)).toEqual([ids[2], ids[1]]);
    expect(first).toMatchObject({ has_more: true, next_offset: 2 });
    const second = await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/keys?limit=2&offset=2`), 200);
    expect(second.data.map((k: { id: string }) => k.id)).toEqual([ids[0]]);
    expect(second).toMatchObject({ has_more: false, next_offset: null });
    await expectError(await admin("GET", `/admin/api/orgs/${orgId}/keys?limit=0`), 400, "bad_request");
    await expectError(await admin("GET", `/admin/api/orgs/${orgId}/keys?offset=100001`), 400, "bad_request");
  });

  it("lists keys written in the same millisecond later written first, on every page", async () => {
    const orgId = await createOrg();
    const at = Date.now();
    const written = sameMillisecondIds("key", 5, at);
    await env.DB.batch(
      await Promise.all(
        written.map(async (id, i) =>
          env.DB.prepare(
            "INSERT INTO api_keys (id, org_id, name, prefix, key_hash, access, scopes, created_at) VALUES (?1, ?2, ?3, ?4, ?5, 'read_only', '[]', ?6)",
          ).bind(id, orgId, `key ${i}`, `tie${i}`, await hashApiKey(`inv_tie_${id}`), at),
        ),
      ),
    );
    const pages = [];
    for (const offset of [0, 2, 4]) {
      const page = await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/keys?limit=2&offset=${offset}`), 200);
      pages.push(page.data.map((k: { id: string }) => k.id));
    }
    expect(pages).toEqual([[written[4], written[3]], [written[2], written[1]], [written[0]]]);
  });

  it("a page holds at most 100 keys: each key's last use is read from its own guard, so a page of 1000 was 1000 calls", async () => {
    const orgId = await createOrg();
    await createKey(orgId);
    expect((await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/keys?limit=100`), 200)).data).toHaveLength(1);
    expect(await expectError(await admin("GET", `/admin/api/orgs/${orgId}/keys?limit=101`), 400, "bad_request")).toBe("limit: must be <= 100");
    expect(await expectError(await admin("GET", `/admin/api/orgs/${orgId}/keys?limit=1000`), 400, "bad_request")).toBe("limit: must be <= 100");
  });
});

function SELF_fetch(path: string, body: string, contentType: string) {
  return api(path, env.ADMIN_TOKEN, { method: "POST", body, headers: { "Content-Type": contentType } });
}

describe("the error table (seed section 7)", () => {
  it.each([
    ["no Authorization header", null],
    ["not a bearer header", "Basic abc"],
    ["a malformed key", "inv_short"],
    ["another service's key", "tax_abcdefgh_0123456789ABCDEFGHIJKLMNOPQRSTUV"],
  ])("%s: 401 missing_token, and no rate-limit headers", async (_, authorization) => {
    const response = await api("/api/v1/inventory", null, {
      method: "POST",
      body: "{}",
      headers: authorization ? { Authorization: authorization } : {},
    });
    expect(response.headers.get("X-RateLimit-Limit")).toBeNull();
    await expectError(response, 401, "missing_token");
  });

  it("an unknown well-formed key: 401 invalid_api_key", async () => {
    await expectError(await write("inv_abcdefgh_0123456789ABCDEFGHIJKLMNOPQRSTUV"), 401, "invalid_api_key");
  });

  it("unknown keys past the address's budget get 429 and leave no Durable Object; the address's valid keys keep working", async () => {
    const randomKey = () =>
      `inv_${crypto.randomUUID().replace(/-/g, "").slice(0, 8)}_${"B".repeat(16)}${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
    const flood = async () => {
      const address = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
      const tryKey = async (key: string) => {
        const response = await api("/api/v1/inventory", key, { headers: { "CF-Connecting-IP": address } });
        await response.arrayBuffer();
        return response.status;
      };
      const keys = Array.from({ length: 121 }, randomKey);
      const statuses = await Promise.all(keys.slice(0, 120).map(tryKey));
      statuses.push(await tryKey(keys[120]!));
      const valid = await createKey(await createOrg());
      statuses.push(await tryKey(valid.key));
      return { keys, statuses };
    };
    // The flood must fit in one budget minute: run it again if the clock crossed a minute boundary meanwhile.
    const minute = Math.floor(Date.now() / 60_000);
    let run = await flood();
    if (Math.floor(Date.now() / 60_000) !== minute) run = await flood();
    expect(run.statuses.slice(0, 120).every((s) => s === 401)).toBe(true);
    expect(run.statuses.slice(120)).toEqual([429, 200]);
    const stored = await listDurableObjectIds(env.KEY_GUARD);
    const unknownIds = await Promise.all(run.keys.map(async (key) => env.KEY_GUARD.idFromName(await hashApiKey(key))));
    expect(stored.filter((id) => unknownIds.some((unknown) => unknown.equals(id)))).toEqual([]);
  }, 60_000);

  it("read_only_key: any write to /api/v1 with a read-only key; a read_write key gets 405 (every v1 endpoint is a read)", async () => {
    const orgId = await createOrg();
    const readOnly = await createKey(orgId, { access: "read_only" });
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      await expectError(await api("/api/v1/inventory", readOnly.key, { method }), 403, "read_only_key");
    }
    const readWrite = await createKey(orgId, { access: "read_write" });
    const response = await write(readWrite.key);
    expect(response.headers.get("X-RateLimit-Limit")).toBe("1200");
    await expectError(response, 405, "method_not_allowed");
  });

  it("missing_scope: a key with scopes reaches only those; a key without scopes reaches every scope", async () => {
    const orgId = await createOrg();
    const salesOnly = await createKey(orgId, { scopes: ["sales:read"] });
    const now = Date.now();
    expect((await verdictAt(salesOnly.key, now, [{ anyOf: ["sales:read"], code: "missing_scope" }])).outcome).toBe("allowed");
    for (const scope of ["inventory:read", "customers:read", "suppliers:read", "exports:read"]) {
      expect(await verdictAt(salesOnly.key, now, [{ anyOf: [scope], code: "missing_scope" }])).toMatchObject({
        outcome: "denied",
        code: "missing_scope",
      });
    }
    const everything = await createKey(orgId);
    for (const scope of INVENTORY_SCOPES) {
      expect((await verdictAt(everything.key, now, [{ anyOf: [scope], code: "missing_scope" }])).outcome).toBe("allowed");
    }
  });

  it("a key without scopes whose live state predates customers:read and suppliers:read reaches them from its next request", async () => {
    const orgId = await createOrg();
    const everything = await createKey(orgId, { access: "read_write" });
    const salesOnly = await createKey(orgId, { scopes: ["sales:read"] });
    // The grants such a key was given while sales, inventory and exports were the only scopes.
    await inGuard(everything.key, (instance) =>
      instance.put({ ...instance.snapshot().state!, grants: ["sales:read", "inventory:read", "exports:read", "write"] }),
    );
    await expectStatus(await api("/api/v1/customers", everything.key), 200);
    await expectStatus(await api("/api/v1/suppliers", everything.key), 200);
    const grantsOf = async (key: string) => (await inGuard(key, (instance) => instance.snapshot())).state!.grants;
    expect(await grantsOf(everything.key)).toEqual([...INVENTORY_SCOPES, "write"]);
    // A key given sales:read alone stays refused, however often it asks.
    for (let i = 0; i < 3; i++) await expectError(await api("/api/v1/customers", salesOnly.key), 403, "missing_scope");
    expect(await grantsOf(salesOnly.key)).toEqual(["sales:read"]);
  });

  it.each([["starter" as const], ["growth" as const]])(
    "plan_required (%s): refused before any rate limit, so more requests than the plan's limit never see 429",
    async (plan) => {
      const key = await createKey(await createOrg(plan), { access: "read_write" });
      const perMinute = PLAN_REQUESTS_PER_MINUTE[plan];
      // Over HTTP: more than starter's 60 per minute.
      const responses = await Promise.all(Array.from({ length: 70 }, () => write(key.key)));
      for (const response of responses) await expectError(response, 403, "plan_required");
      // Inside the key's guard: past the plan's own per-minute number, at one instant.
      const outcomes = await inGuard(key.key, (instance) => {
        const seen = new Set<string>();
        for (let i = 0; i < perMinute + 10; i++) {
          const verdict = instance.authorize(Date.now(), [{ anyOf: ["write"], code: "read_only_key" }]);
          seen.add(verdict.outcome === "denied" ? verdict.code : verdict.outcome);
        }
        return [...seen];
      });
      expect(outcomes).toEqual(["plan_required"]);
    },
  );

  it("plan_required comes before read_only_key and missing_scope", async () => {
    const key = await createKey(await createOrg("starter"), { access: "read_only", scopes: ["sales:read"] });
    await expectError(await write(key.key), 403, "plan_required");
    expect(await verdictAt(key.key, Date.now(), [{ anyOf: ["exports:read"], code: "missing_scope" }])).toMatchObject({ code: "plan_required" });
  });

  it("subscription_lapsed: a business organisation whose subscription has lapsed", async () => {
    const key = await createKey(await createOrg("business", "lapsed"), { access: "read_write" });
    await expectError(await write(key.key), 403, "subscription_lapsed");
  });

  it("key_not_bound: a legacy key without an organisation, as the old system left it and once synced", async () => {
    const legacy = await insertLegacyKey();
    for (const init of [{}, { method: "DELETE" }]) {
      const refused = await api("/api/v1/inventory", legacy.key, init);
      expect(refused.headers.get("WWW-Authenticate")).toBe('Bearer realm="inv", error="invalid_token"');
      expect(await expectError(refused, 401, "key_not_bound")).toBe("This key is not bound to an organisation; issue a new key");
    }
    const synced = await expectStatus(await admin("POST", `/admin/api/keys/${legacy.id}/sync`), 200);
    expect(synced.data).toEqual({ id: legacy.id, state: "active", denial: "key_not_bound" });
    for (const init of [{}, { method: "DELETE" }]) {
      // RFC 6750 section 3.1: a token that is "invalid for other reasons" is challenged with invalid_token.
      const refused = await api("/api/v1/inventory", legacy.key, init);
      expect(refused.headers.get("WWW-Authenticate")).toBe('Bearer realm="inv", error="invalid_token"');
      await expectError(refused, 401, "key_not_bound");
    }
    // A legacy key cannot be rotated or regenerated into another unbound key: it must be re-issued.
    await expectError(await admin("POST", `/admin/api/keys/${legacy.id}/rotate`, { grace_hours: 24 }), 409, "conflict");
    await expectError(await admin("POST", `/admin/api/keys/${legacy.id}/regenerate`), 409, "conflict");
    // The operator can still revoke it; it is then simply invalid.
    await expectStatus(await admin("POST", `/admin/api/keys/${legacy.id}/revoke`, { reason: "legacy clean-up" }), 200);
    await expectError(await api("/api/v1/inventory", legacy.key, { method: "DELETE" }), 401, "invalid_api_key");
  });

  it("a legacy key the old system revoked or let expire is invalid_api_key, like any dead key", async () => {
    const revoked = await insertLegacyKey();
    await env.DB.prepare("UPDATE api_keys SET revoked_at = ? WHERE id = ?")
      .bind(Date.now() - 86_400_000, revoked.id)
      .run();
    const expired = await insertLegacyKey();
    await env.DB.prepare("UPDATE api_keys SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, expired.id)
      .run();
    for (const legacy of [revoked, expired]) await expectError(await api("/api/v1/inventory", legacy.key), 401, "invalid_api_key");
  });

  it("internal_error: a failure on the service side says nothing about the database", async () => {
    const orgId = await createOrg();
    await env.DB.prepare(
      "INSERT INTO api_keys (id, org_id, prefix, key_hash, access, scopes, created_at) VALUES (?, ?, 'broken00', ?, 'read_only', 'not json', ?)",
    )
      .bind(`key_broken_${crypto.randomUUID()}`, orgId, crypto.randomUUID(), Date.now())
      .run();
    const message = await expectError(await admin("GET", `/admin/api/orgs/${orgId}/keys`), 500, "internal_error");
    expect(message).toBe("Internal error");
  });
});

describe("rate limits (fixed one-minute window per key)", () => {
  it("50 concurrent requests of a business key all pass, each counted exactly once", async () => {
    await roomInThisMinute();
    const key = await createKey(await createOrg("business"), { access: "read_write" });
    const responses = await Promise.all(Array.from({ length: 50 }, () => readStock(key.key)));
    const remaining = responses.map((r) => Number(r.headers.get("X-RateLimit-Remaining"))).sort((a, b) => b - a);
    expect(remaining).toEqual(Array.from({ length: 50 }, (_, i) => 1199 - i));
    for (const response of responses) await expectStatus(response, 200);
  });

  it("a write refused with 405 uses no request of the limit, as a read-only key's 403 does not", async () => {
    await roomInThisMinute();
    const orgId = await createOrg("business");
    const readWrite = await createKey(orgId, { access: "read_write" });
    // The first read is the minute's first request of 1,200: 1,199 left.
    const first = await readStock(readWrite.key);
    expect(first.headers.get("X-RateLimit-Remaining")).toBe("1199");
    await expectStatus(first, 200);
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const refused = await api("/api/v1/sales", readWrite.key, { method, body: "{}" });
      expect(refused.headers.get("Allow")).toBe("GET");
      expect(refused.headers.get("X-RateLimit-Remaining"), method).toBe("1199");
      await expectError(refused, 405, "method_not_allowed");
    }
    // The four refusals left the count alone: the next read is the minute's second request.
    const second = await readStock(readWrite.key);
    expect(second.headers.get("X-RateLimit-Remaining")).toBe("1198");
    await expectStatus(second, 200);
  });

  it("exact: 1,250 calls at one instant, exactly 1,200 allowed; the window resets at the minute boundary", async () => {
    const key = await createKey(await createOrg("business"));
    const minuteStart = Math.floor(Date.now() / 60_000) * 60_000 + 3_600_000;
    const result = await inGuard(key.key, (instance) => {
      const outcomes = Array.from({ length: 1250 }, () => instance.authorize(minuteStart + 20_500, []));
      const lastSecond = instance.authorize(minuteStart + 59_999, []);
      const nextMinute = instance.authorize(minuteStart + 60_000, []);
      return { outcomes, lastSecond, nextMinute };
    });
    expect(result.outcomes.filter((v) => v.outcome === "allowed")).toHaveLength(1200);
    expect(result.outcomes.slice(1200).every((v) => v.outcome === "limited")).toBe(true);
    const limited = result.outcomes[1200]!;
    expect(limited).toMatchObject({
      outcome: "limited",
      retryAfterSeconds: 40,
      usage: { minute: { limit: 1200, remaining: 0, resetAt: (minuteStart + 60_000) / 1000 } },
    });
    expect(result.lastSecond).toMatchObject({ outcome: "limited", retryAfterSeconds: 1 });
    expect(result.nextMinute).toMatchObject({ outcome: "allowed", usage: { minute: { remaining: 1199 } } });
  });

  it("over HTTP: a key past its limit gets 429 rate_limited with Retry-After and X-RateLimit-Remaining 0", async () => {
    await roomInThisMinute();
    const key = await createKey(await createOrg("business"), { access: "read_write" });
    await inGuard(key.key, (instance) => {
      while (instance.authorize(Date.now(), []).outcome === "allowed");
    });
    const response = await readStock(key.key);
    const retryAfter = Number(response.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(response.headers.get("X-RateLimit-Limit")).toBe("1200");
    expect(response.headers.get("X-RateLimit-Remaining")).toBe("0");
    expect(Number(response.headers.get("X-RateLimit-Reset"))).toBe(Math.ceil(Date.now() / 60_000) * 60);
    await expectError(response, 429, "rate_limited");
    // A write is refused for what it is before any limit applies, as a read-only key's is: 405, not 429.
    const refusedWrite = await write(key.key);
    expect(refusedWrite.headers.get("X-RateLimit-Remaining")).toBe("0");
    await expectError(refusedWrite, 405, "method_not_allowed");
  });

  it("X-RateLimit-* on every response to an identified key, refusals included; never on unidentified ones", async () => {
    const orgId = await createOrg("enterprise");
    const readOnly = await createKey(orgId);
    const readWrite = await createKey(orgId, { access: "read_write" });
    const starter = await createKey(await createOrg("starter"), { access: "read_write" });
    const cases: Array<[Response, string]> = [
      [await write(readWrite.key), "6000"],
      [await write(readOnly.key), "6000"],
      [await write(starter.key), "60"],
    ];
    for (const [response, limit] of cases) {
      expect(response.headers.get("X-RateLimit-Limit")).toBe(limit);
      expect(response.headers.get("X-RateLimit-Remaining")).toMatch(/^\d+$/);
      expect(Number(response.headers.get("X-RateLimit-Reset")) * 1000).toBeGreaterThan(Date.now() - 1000);
      expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
      await response.arrayBuffer();
    }
    // Refusals do not count: neither key's window is touched by its refused write (405 or read_only_key).
    expect(cases[0]![0].headers.get("X-RateLimit-Remaining")).toBe("6000");
    expect(cases[1]![0].headers.get("X-RateLimit-Remaining")).toBe("6000");
    const unknown = await write("inv_abcdefgh_0123456789ABCDEFGHIJKLMNOPQRSTUV");
    expect(unknown.headers.get("X-RateLimit-Limit")).toBeNull();
    await unknown.arrayBuffer();
  });
});

describe("plan and subscription changes reach every key at once", () => {
  it("PATCH takes effect on the very next request of each key of the organisation", async () => {
    const orgId = await createOrg("business");
    const keys = [await createKey(orgId, { access: "read_write" }), await createKey(orgId, { access: "read_write" })];
    for (const key of keys) await expectError(await write(key.key), 405, "method_not_allowed");

    await expectStatus(await admin("PATCH", `/admin/api/orgs/${orgId}`, { plan: "growth" }), 200);
    for (const key of keys) await expectError(await write(key.key), 403, "plan_required");

    await expectStatus(await admin("PATCH", `/admin/api/orgs/${orgId}`, { plan: "scale", subscription_status: "lapsed" }), 200);
    for (const key of keys) await expectError(await write(key.key), 403, "subscription_lapsed");

    const restored = await expectStatus(await admin("PATCH", `/admin/api/orgs/${orgId}`, { subscription_status: "active" }), 200);
    expect(OrgSchema.parse(restored.data)).toMatchObject({ plan: "scale", api_access: true, limits: { requests_per_minute: 3000 } });
    for (const key of keys) {
      const response = await write(key.key);
      expect(response.headers.get("X-RateLimit-Limit")).toBe("3000");
      await expectError(response, 405, "method_not_allowed");
    }
    const audit = await auditOf(orgId);
    expect(audit.slice(0, 4).map((e) => [e.action, e.reason])).toEqual([
      ["org.subscription_changed", "lapsed -> active"],
      ["org.subscription_changed", "active -> lapsed"],
      ["org.plan_changed", "growth -> scale"],
      ["org.plan_changed", "business -> growth"],
    ]);
  });

  it("a sync rebuilds a key's live state from D1 (recovery after a lost write)", async () => {
    const orgId = await createOrg("business");
    const key = await createKey(orgId, { access: "read_write" });
    await env.DB.prepare("UPDATE organisations SET plan = 'starter' WHERE id = ?").bind(orgId).run();
    await expectError(await write(key.key), 405, "method_not_allowed");
    const synced = await expectStatus(await admin("POST", `/admin/api/keys/${key.id}/sync`), 200);
    expect(synced.data).toEqual({ id: key.id, state: "active", denial: "plan_required" });
    await expectError(await write(key.key), 403, "plan_required");
  });

  it.each([
    ["starter", "active"],
    ["business", "lapsed"],
  ] as const)(
    "a sync of a revoked key of a %s, %s organisation: state revoked and no denial, as it is refused as invalid",
    async (plan, subscription) => {
      const orgId = await createOrg(plan, subscription);
      const key = await createKey(orgId);
      await expectStatus(await admin("POST", `/admin/api/keys/${key.id}/revoke`, { reason: "laptop stolen" }), 200);
      const synced = await expectStatus(await admin("POST", `/admin/api/keys/${key.id}/sync`), 200);
      expect(synced.data).toEqual({ id: key.id, state: "revoked", denial: null });
      await expectError(await api("/api/v1/sales", key.key), 401, "invalid_api_key");
    },
  );
});

describe("lifecycle (seed section 3)", () => {
  it("rotate: the old key keeps working with X-Service-Key-Superseded until the grace ends; the new key has the same access", async () => {
    const orgId = await createOrg();
    const old = await createKey(orgId, { access: "read_write", scopes: ["inventory:read"] });
    const before = await readStock(old.key);
    expect(before.headers.get("X-Service-Key-Superseded")).toBeNull();
    expect(before.headers.get("X-Service-Key-Expires")).toBeNull();
    await before.arrayBuffer();

    const body = await expectStatus(await admin("POST", `/admin/api/keys/${old.id}/rotate`, { grace_hours: 24 }), 201);
    const rotated = RotatedKeySchema.parse(body.data);
    expect(rotated).toMatchObject({ replaces: old.id, access: "read_write", scopes: ["inventory:read"] });
    const validUntil = Date.parse(rotated.old_key_valid_until);
    expect(validUntil - Date.now()).toBeGreaterThan(24 * 3_600_000 - 60_000);
    expect(validUntil - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);

    const oldResponse = await write(old.key);
    expect(oldResponse.headers.get("X-Service-Key-Superseded")).toBe("true");
    expect(oldResponse.headers.get("X-Service-Key-Expires")).toBe(rotated.old_key_valid_until);
    await expectError(oldResponse, 405, "method_not_allowed");
    const readOnlyRefusal = await api("/api/v1/inventory", old.key, { method: "DELETE" });
    expect(readOnlyRefusal.headers.get("X-Service-Key-Superseded")).toBe("true");
    await readOnlyRefusal.arrayBuffer();

    const newResponse = await write(rotated.key);
    expect(newResponse.headers.get("X-Service-Key-Superseded")).toBeNull();
    await expectError(newResponse, 405, "method_not_allowed");

    expect((await verdictAt(old.key, validUntil - 1)).outcome).toBe("allowed");
    expect((await verdictAt(old.key, validUntil)).outcome).toBe("expired");
    expect((await verdictAt(rotated.key, validUntil + 1)).outcome).toBe("allowed");

    const listed = await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/keys`), 200);
    const keys = (listed.data as unknown[]).map((k) => KeySchema.parse(k));
    const byId = new Map(keys.map((k) => [k.id, k]));
    expect(byId.get(old.id)).toMatchObject({ state: "superseded", grace_ends_at: rotated.old_key_valid_until, replaced_by_key_id: rotated.id });
    expect(byId.get(old.id)!.last_used_at).not.toBeNull();
    expect(byId.get(rotated.id)).toMatchObject({ state: "active", replaces_key_id: old.id });

    await expectError(await admin("POST", `/admin/api/keys/${old.id}/rotate`, { grace_hours: 24 }), 409, "conflict");
  });

  it("rotate with 72 hours never outlives the key's own expiry", async () => {
    const orgId = await createOrg();
    const expiresAt = new Date(Date.now() + 48 * 3_600_000).toISOString();
    const old = await createKey(orgId, { expires_at: expiresAt });
    const body = await expectStatus(await admin("POST", `/admin/api/keys/${old.id}/rotate`, { grace_hours: 72 }), 201);
    expect(body.data.old_key_valid_until).toBe(expiresAt);
    expect(body.data.expires_at).toBe(expiresAt);
    // The audit log says the grace as it is, not only as asked.
    const [rotated] = await auditOf(orgId);
    expect(rotated).toMatchObject({
      action: "key.rotated",
      reason: `replaced by ${body.data.id}; grace 72 h, cut to the key's expiry at ${expiresAt}`,
    });
  });

  it.each([
    [{ grace_hours: 48 }, "grace_hours: must be one of 24, 72"],
    [{ grace_hours: 0 }, "grace_hours: must be one of 24, 72"],
    [{ grace_hours: "24" }, "grace_hours: must be one of 24, 72"],
    [{ grace_hours: null }, "grace_hours: must be one of 24, 72"],
    [{}, "grace_hours: is required"],
  ])("rotate refuses %j, saying what grace_hours takes, and changes nothing", async (body, expected) => {
    const key = await createKey(await createOrg(), { access: "read_write" });
    expect(await expectError(await admin("POST", `/admin/api/keys/${key.id}/rotate`, body), 400, "bad_request")).toBe(expected);
    const response = await write(key.key);
    expect(response.headers.get("X-Service-Key-Superseded")).toBeNull();
    await expectError(response, 405, "method_not_allowed");
  });

  it("regenerate: the old key stops at once, its refusal naming the expiry it had; the replacement works", async () => {
    const orgId = await createOrg();
    const expiresAt = new Date(Math.ceil((Date.now() + 30 * 86_400_000) / 1000) * 1000).toISOString();
    const old = await createKey(orgId, { access: "read_write", scopes: ["exports:read"], expires_at: expiresAt });
    const body = await expectStatus(await admin("POST", `/admin/api/keys/${old.id}/regenerate`), 201);
    const regenerated = RegeneratedKeySchema.parse(body.data);
    expect(regenerated).toMatchObject({ replaces: old.id, access: "read_write", scopes: ["exports:read"] });
    const refused = await write(old.key);
    expect(refused.headers.get("X-Service-Key-Expires")).toBe(expiresAt);
    await expectError(refused, 401, "invalid_api_key");
    await expectError(await write(regenerated.key), 405, "method_not_allowed");
    await expectError(await admin("POST", `/admin/api/keys/${old.id}/regenerate`), 409, "conflict");
    const listed = await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/keys`), 200);
    expect(listed.data.find((k: { id: string }) => k.id === old.id)).toMatchObject({ state: "revoked", replaced_by_key_id: regenerated.id });
  });

  it("rotation and regeneration keep customers:read and suppliers:read: the replacements reach customers and mills, not sales", async () => {
    const orgId = await createOrg();
    const old = await createKey(orgId, { scopes: ["customers:read", "suppliers:read"] });
    const rotated = RotatedKeySchema.parse(
      (await expectStatus(await admin("POST", `/admin/api/keys/${old.id}/rotate`, { grace_hours: 24 }), 201)).data,
    );
    const regenerated = RegeneratedKeySchema.parse((await expectStatus(await admin("POST", `/admin/api/keys/${rotated.id}/regenerate`), 201)).data);
    for (const replacement of [rotated, regenerated]) expect(replacement.scopes).toEqual(["customers:read", "suppliers:read"]);
    for (const key of [old.key, regenerated.key]) {
      await expectStatus(await api("/api/v1/customers", key), 200);
      await expectStatus(await api("/api/v1/suppliers", key), 200);
      await expectError(await api("/api/v1/sales", key), 403, "missing_scope");
    }
  });

  it("revoke: the key fails on its very next request; repeating is harmless and keeps the first reason", async () => {
    const orgId = await createOrg();
    const key = await createKey(orgId, { access: "read_write" });
    await expectError(await write(key.key), 405, "method_not_allowed");
    const revoked = await expectStatus(await admin("POST", `/admin/api/keys/${key.id}/revoke`, { reason: "laptop stolen" }), 200);
    expect(revoked.data).toMatchObject({ id: key.id, reason: "laptop stolen" });
    await expectError(await write(key.key), 401, "invalid_api_key");
    const again = await expectStatus(await admin("POST", `/admin/api/keys/${key.id}/revoke`), 200);
    expect(again.data).toEqual(revoked.data);
    await expectError(await admin("POST", `/admin/api/keys/${key.id}/rotate`, { grace_hours: 24 }), 409, "conflict");
    expect((await auditOf(orgId)).filter((e) => e.action === "key.revoked")).toHaveLength(1);
  });

  it("a superseded key can still be revoked before its grace ends", async () => {
    const key = await createKey(await createOrg(), { access: "read_write" });
    await expectStatus(await admin("POST", `/admin/api/keys/${key.id}/rotate`, { grace_hours: 72 }), 201);
    await expectStatus(await admin("POST", `/admin/api/keys/${key.id}/revoke`), 200);
    await expectError(await write(key.key), 401, "invalid_api_key");
  });

  it("expiry: X-Service-Key-Expires on every response; past the expiry (by the guard's clock) invalid_api_key", async () => {
    const expiresAt = new Date(Math.ceil((Date.now() + 7 * 86_400_000) / 1000) * 1000).toISOString();
    const key = await createKey(await createOrg(), { access: "read_only", expires_at: expiresAt });
    const refused = await write(key.key);
    expect(refused.headers.get("X-Service-Key-Expires")).toBe(expiresAt);
    await expectError(refused, 403, "read_only_key");
    const expiry = Date.parse(expiresAt);
    expect((await verdictAt(key.key, expiry - 1)).outcome).toBe("allowed");
    expect((await verdictAt(key.key, expiry)).outcome).toBe("expired");
    const listed = await expectStatus(await admin("GET", `/admin/api/orgs/${key.orgId}/keys`), 200);
    expect(listed.data[0]).toMatchObject({ state: "active", expires_at: expiresAt });
  });

  it("an expired key is refused over HTTP with invalid_api_key, still naming its expiry", async () => {
    const expiresAt = Date.now() + 3_000;
    const key = await createKey(await createOrg(), { access: "read_write", expires_at: new Date(expiresAt).toISOString() });
    await vi.waitUntil(() => Date.now() > expiresAt, { timeout: 60_000, interval: 50 });
    const refused = await write(key.key);
    expect(refused.headers.get("X-Service-Key-Expires")).toBe(new Date(expiresAt).toISOString());
    await expectError(refused, 401, "invalid_api_key");
    const listed = await expectStatus(await admin("GET", `/admin/api/orgs/${key.orgId}/keys`), 200);
    expect(listed.data[0].state).toBe("expired");
  });

  it("every lifecycle action writes an audit row, newest first, with the actor and the reason", async () => {
    const orgId = await createOrg();
    const key = await createKey(orgId);
    const rotated = await expectStatus(await admin("POST", `/admin/api/keys/${key.id}/rotate`, { grace_hours: 24 }), 201);
    const regenerated = await expectStatus(await admin("POST", `/admin/api/keys/${rotated.data.id}/regenerate`), 201);
    await expectStatus(await admin("POST", `/admin/api/keys/${regenerated.data.id}/revoke`, { reason: "integration retired" }), 200);
    const entries = await auditOf(orgId);
    expect(entries.map(({ action, key_id, actor, reason }) => ({ action, key_id, actor, reason }))).toEqual([
      { action: "key.revoked", key_id: regenerated.data.id, actor: "operator", reason: "integration retired" },
      { action: "key.regenerated", key_id: rotated.data.id, actor: "operator", reason: `replaced by ${regenerated.data.id}` },
      { action: "key.rotated", key_id: key.id, actor: "operator", reason: `replaced by ${rotated.data.id}; grace 24 h` },
      { action: "key.created", key_id: key.id, actor: "operator", reason: null },
      { action: "org.created", key_id: null, actor: "operator", reason: null },
    ]);
    const times = entries.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The replacement keys were recorded in the same batch as their audit rows.
    const rows = await env.DB.prepare("SELECT id FROM api_keys WHERE org_id = ?").bind(orgId).all();
    expect(rows.results).toHaveLength(3);
  });
});

describe("organisation admins (session) and tenant isolation", () => {
  it("a session manages its own organisation's keys and audit, as the actor named by its email", async () => {
    const orgId = await createOrg();
    const session = await signIn(orgId);
    const org = await expectStatus(await asSession(session, "GET", `/admin/api/orgs/${orgId}`), 200);
    expect(org.data.id).toBe(orgId);
    const created = await expectStatus(await asSession(session, "POST", `/admin/api/orgs/${orgId}/keys`, { access: "read_only" }), 201);
    await expectStatus(await asSession(session, "POST", `/admin/api/keys/${created.data.id}/revoke`, { reason: "test" }), 200);
    const listed = await expectStatus(await asSession(session, "GET", `/admin/api/orgs/${orgId}/keys`), 200);
    expect(listed.data.map((k: { id: string }) => k.id)).toEqual([created.data.id]);
    const audit = await expectStatus(await asSession(session, "GET", `/admin/api/orgs/${orgId}/audit`), 200);
    expect(audit.data[0]).toMatchObject({ action: "key.revoked", actor: session.email, reason: "test" });
  });

  it("a session's writes need the CSRF token; operator-only operations are forbidden to it", async () => {
    const orgId = await createOrg();
    const session = await signIn(orgId);
    const key = await createKey(orgId);
    await expectError(await asSession(session, "POST", `/admin/api/orgs/${orgId}/keys`, { access: "read_only" }, { csrf: false }), 403, "forbidden");
    await expectError(await asSession(session, "POST", "/admin/api/orgs", { name: "Mine", plan: "enterprise" }), 403, "forbidden");
    await expectError(await asSession(session, "PATCH", `/admin/api/orgs/${orgId}`, { plan: "enterprise" }), 403, "forbidden");
    await expectError(await asSession(session, "POST", `/admin/api/keys/${key.id}/sync`), 403, "forbidden");
    const org = await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}`), 200);
    expect(org.data.plan).toBe("business");
  });

  it("organisation A's session or ids never reach organisation B's keys or audit (404, B unchanged)", async () => {
    const orgA = await createOrg();
    const orgB = await createOrg();
    const sessionA = await signIn(orgA);
    const keyB = await createKey(orgB, { access: "read_write" });

    await expectError(await asSession(sessionA, "GET", `/admin/api/orgs/${orgB}`), 404, "not_found");
    await expectError(await asSession(sessionA, "GET", `/admin/api/orgs/${orgB}/keys`), 404, "not_found");
    await expectError(await asSession(sessionA, "GET", `/admin/api/orgs/${orgB}/audit`), 404, "not_found");
    await expectError(await asSession(sessionA, "POST", `/admin/api/orgs/${orgB}/keys`, { access: "read_write" }), 404, "not_found");
    await expectError(await asSession(sessionA, "POST", `/admin/api/keys/${keyB.id}/rotate`, { grace_hours: 24 }), 404, "not_found");
    await expectError(await asSession(sessionA, "POST", `/admin/api/keys/${keyB.id}/regenerate`), 404, "not_found");
    await expectError(await asSession(sessionA, "POST", `/admin/api/keys/${keyB.id}/revoke`, { reason: "hostile" }), 404, "not_found");
    // An unknown id and another organisation's id look the same.
    await expectError(await asSession(sessionA, "POST", "/admin/api/keys/key_does_not_exist/revoke"), 404, "not_found");

    const response = await write(keyB.key);
    expect(response.headers.get("X-Service-Key-Superseded")).toBeNull();
    await expectError(response, 405, "method_not_allowed");
    const listedB = await expectStatus(await admin("GET", `/admin/api/orgs/${orgB}/keys`), 200);
    expect(listedB.data).toHaveLength(1);
    expect(listedB.data[0]).toMatchObject({ id: keyB.id, state: "active" });
    expect((await auditOf(orgB)).map((e) => e.action)).toEqual(["key.created", "org.created"]);
    expect((await auditOf(orgA)).map((e) => e.action)).toEqual(["org.created"]);
  });

  it("a key's live state names its own organisation only", async () => {
    const orgId = await createOrg();
    const key = await createKey(orgId);
    const snapshot = await inGuard(key.key, (instance) => instance.snapshot());
    expect(snapshot.state).toMatchObject({ keyId: key.id, ownerId: orgId, denial: null, grants: [...INVENTORY_SCOPES] });
  });

  it("an expired session or an unknown cookie is unauthorized", async () => {
    const orgId = await createOrg();
    const session = await signIn(orgId);
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE token_hash IN (SELECT token_hash FROM sessions WHERE org_id = ?)")
      .bind(Date.now() - 1, orgId)
      .run();
    await expectError(await asSession(session, "GET", `/admin/api/orgs/${orgId}`), 401, "unauthorized");
    await expectError(await asSession({ ...session, cookie: "__Host-inv_session=nope" }, "GET", `/admin/api/orgs/${orgId}`), 401, "unauthorized");
  });
});

describe("over a real read route: GET /api/v1/inventory", () => {
  const read = (key: string | null) => api("/api/v1/inventory?limit=1", key);

  it("a valid key gets 200 with X-RateLimit-* counting down and its expiry header", async () => {
    await roomInThisMinute();
    const expiresAt = new Date(Math.ceil((Date.now() + 86_400_000) / 1000) * 1000).toISOString();
    const key = await createKey(await createOrg("scale"), { scopes: ["inventory:read"], expires_at: expiresAt });
    for (const remaining of ["2999", "2998"]) {
      const response = await read(key.key);
      expect(response.headers.get("X-RateLimit-Limit")).toBe("3000");
      expect(response.headers.get("X-RateLimit-Remaining")).toBe(remaining);
      expect(response.headers.get("X-Service-Key-Expires")).toBe(expiresAt);
      expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
      await expectStatus(response, 200);
    }
  });

  it("every refusal of the error table, in the seed's envelope", async () => {
    const business = await createOrg("business");
    const revoked = await createKey(business);
    await expectStatus(await admin("POST", `/admin/api/keys/${revoked.id}/revoke`), 200);
    const regenerated = await createKey(business);
    await expectStatus(await admin("POST", `/admin/api/keys/${regenerated.id}/regenerate`), 201);
    const expiringAt = Date.now() + 3_000;
    const expiring = await createKey(business, { expires_at: new Date(expiringAt).toISOString() });
    const legacy = await insertLegacyKey();
    await expectStatus(await admin("POST", `/admin/api/keys/${legacy.id}/sync`), 200);
    const salesOnly = await createKey(business, { scopes: ["sales:read"] });
    const starter = await createKey(await createOrg("starter"));
    const growth = await createKey(await createOrg("growth"));
    const lapsed = await createKey(await createOrg("enterprise", "lapsed"));
    await vi.waitUntil(() => Date.now() > expiringAt, { timeout: 60_000, interval: 50 });

    const cases: Array<[string, string | null, number, string]> = [
      ["no key", null, 401, "missing_token"],
      ["unknown key", "inv_abcdefgh_0123456789ABCDEFGHIJKLMNOPQRSTUV", 401, "invalid_api_key"],
      ["revoked key", revoked.key, 401, "invalid_api_key"],
      ["regenerated key", regenerated.key, 401, "invalid_api_key"],
      ["expired key", expiring.key, 401, "invalid_api_key"],
      ["legacy key", legacy.key, 401, "key_not_bound"],
      ["key without inventory:read", salesOnly.key, 403, "missing_scope"],
      ["starter plan", starter.key, 403, "plan_required"],
      ["growth plan", growth.key, 403, "plan_required"],
      ["lapsed subscription", lapsed.key, 403, "subscription_lapsed"],
    ];
    for (const [, key, status, code] of cases) await expectError(await read(key), status, code);
  });

  it("after rotation the old key reads with X-Service-Key-Superseded; a plan change bites on the next read", async () => {
    const orgId = await createOrg("business");
    const old = await createKey(orgId, { scopes: ["inventory:read"] });
    await expectStatus(await admin("POST", `/admin/api/keys/${old.id}/rotate`, { grace_hours: 72 }), 201);
    const response = await read(old.key);
    expect(response.headers.get("X-Service-Key-Superseded")).toBe("true");
    await expectStatus(response, 200);

    await expectStatus(await admin("PATCH", `/admin/api/orgs/${orgId}`, { plan: "starter" }), 200);
    await expectError(await read(old.key), 403, "plan_required");
  });

  it("past the limit: 429 rate_limited with Retry-After", async () => {
    await roomInThisMinute();
    const key = await createKey(await createOrg("business"));
    await inGuard(key.key, (instance) => {
      while (instance.authorize(Date.now(), []).outcome === "allowed");
    });
    const response = await read(key.key);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(response.headers.get("X-RateLimit-Remaining")).toBe("0");
    await expectError(response, 429, "rate_limited");
  });
});

describe("challenge, IETF rate-limit and expiry headers", () => {
  it.each([
    ["no key", null, "missing_token", 'Bearer realm="inv"'],
    ["an unknown key", "inv_abcdefgh_0123456789ABCDEFGHIJKLMNOPQRSTUV", "invalid_api_key", 'Bearer realm="inv", error="invalid_token"'],
  ])("a 401 for %s carries WWW-Authenticate", async (_, key, code, challenge) => {
    const response = await api("/api/v1/inventory", key);
    await expectError(response, 401, code);
    expect(response.headers.get("WWW-Authenticate")).toBe(challenge);
  });

  it("a 401 of the management API carries WWW-Authenticate: Bearer", async () => {
    const response = await api("/admin/api/orgs", "not-the-token", { method: "POST", body: "{}" });
    expect(response.status).toBe(401);
    expect(response.headers.get("WWW-Authenticate")).toBe("Bearer");
    await response.arrayBuffer();
  });

  it("a business key's answers carry the IETF minute policy; a key expiring within 7 days is warned", async () => {
    const orgId = await createOrg();
    const expiresAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const soon = await createKey(orgId, { expires_at: expiresAt });
    const response = await api("/api/v1/inventory", soon.key);
    await expectStatus(response, 200);
    expect(response.headers.get("RateLimit-Policy")).toBe('"minute";q=1200;w=60');
    expect(response.headers.get("RateLimit")).toMatch(/^"minute";r=1199;t=\d+$/);
    const stored = await env.DB.prepare("SELECT expires_at FROM api_keys WHERE id = ?").bind(soon.id).first<{ expires_at: number }>();
    expect(response.headers.get("X-Service-Key-Expires-Soon")).toBe(new Date(stored!.expires_at).toISOString());

    const later = await createKey(orgId, { expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString() });
    const quiet = await api("/api/v1/inventory", later.key);
    await expectStatus(quiet, 200);
    expect(quiet.headers.get("X-Service-Key-Expires-Soon")).toBeNull();
  });
});
