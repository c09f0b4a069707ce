import { env, listDurableObjectIds } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { guardForKey } from "../../key-guards";
import { hashApiKey } from "../../../src/platform/keys/format";
import type { KeyGuard, Verdict } from "../../../src/platform/keys/guard";
import { taxDb } from "../../../src/tax/db/client";
import { recordRevocation } from "../../../src/tax/keys/queries";
import { inKeyGuard, roomInThisMinute } from "../../reliability/kit";
import { admin, api, createAccount, createKey, expectError, expectStatus, randomEmail } from "../helpers";

/** Runs `fn` inside the key's own Durable Object, to look at a clock we cannot wait for. */
async function inGuard<T>(key: string, fn: (instance: KeyGuard) => T): Promise<T> {
  return inKeyGuard(await guardForKey(env.KEY_GUARD, key), fn);
}

function verdictAt(key: string, nowMs: number): Promise<Verdict> {
  return inGuard(key, (instance) => instance.authorize(nowMs, []));
}

describe("accounts", () => {
  it("creates an account on the free plan; a second one with the same email is a conflict", async () => {
    const email = randomEmail();
    const created = await expectStatus(await admin("POST", "/admin/api/accounts", { email }), 201);
    // A new account is free: 10 active keys, 30 requests a minute and 500 a day per key; the answer is its read view.
    expect(created.data).toEqual({
      id: expect.stringMatching(/^acct_/),
      email,
      plan: "free",
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      paidUntil: null,
      keyCap: 10,
      limits: { perMinute: 30, perDay: 500 },
    });
    expect((await expectStatus(await admin("GET", `/admin/api/account?accountEmail=${encodeURIComponent(email)}`), 200)).data).toEqual(created.data);
    await expectError(await admin("POST", "/admin/api/accounts", { email: email.toUpperCase() }), 409, "conflict");
  });

  it("refuses the management API with any token but the operator's: another one, a prefix of it, or it lengthened", async () => {
    for (const token of ["not-the-token", env.ADMIN_TOKEN.slice(0, -1), `${env.ADMIN_TOKEN}0`, env.ADMIN_TOKEN.toUpperCase()]) {
      const email = randomEmail();
      const response = await api("/admin/api/accounts", token, { method: "POST", body: JSON.stringify({ email }) });
      await expectError(response, 401, "unauthorized");
      expect(await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(email).first()).toBeNull();
    }
  });
});

describe("key creation", () => {
  it("shows the key once, stores only its hash, and lists it without a secret", async () => {
    const email = await createAccount();
    const created = await expectStatus(await admin("POST", "/admin/api/keys", { accountEmail: email, name: "ci", scopes: ["deadlines:read"] }), 201);
    expect(created.data.key).toMatch(/^tax_[0-9a-z]{8}_[0-9A-Za-z]{32}$/);
    const expiresInDays = (Date.parse(created.data.expiresAt) - Date.parse(created.data.createdAt)) / 86_400_000;
    expect(expiresInDays).toBe(90);

    const stored = await env.DB.prepare("SELECT key_hash FROM api_keys WHERE id = ?").bind(created.data.id).first<{ key_hash: string }>();
    expect(stored?.key_hash).toBe(await hashApiKey(created.data.key));

    const listed = await expectStatus(await admin("GET", `/admin/api/keys?accountEmail=${encodeURIComponent(email)}`), 200);
    expect(JSON.stringify(listed)).not.toContain(created.data.key);
    expect(listed.data[0]).toMatchObject({ id: created.data.id, prefix: created.data.prefix, state: "active", lastUsedAt: null });
  });

  it.each([
    [{ scopes: ["profiles:admin"] }, "scopes[0]"],
    [{ scopes: ["deadlines:read"], expiresInDays: 0 }, "expiresInDays"],
    [{ scopes: ["deadlines:read"], expiresInDays: 366 }, "expiresInDays"],
    [{ scopes: ["deadlines:read"], extra: true }, "extra"],
  ])("refuses %j naming %s", async (body, field) => {
    const email = await createAccount();
    const message = await expectError(await admin("POST", "/admin/api/keys", { accountEmail: email, ...body }), 400, "validation_error");
    expect(message.startsWith(field)).toBe(true);
  });
});

describe("authentication and scopes", () => {
  it.each([
    ["no header", null, 401, "unauthorized"],
    ["malformed key", "tax_short", 401, "unauthorized"],
    ["other service's key", "inv_abcdefgh_0123456789ABCDEFGHIJKLMNOPQRSTUV", 401, "unauthorized"],
    ["unknown well-formed key", "tax_abcdefgh_0123456789ABCDEFGHIJKLMNOPQRSTUV", 401, "invalid_api_key"],
  ])("%s gets %s %s", async (_, key, status, code) => {
    await expectError(await api("/api/v1/deadlines", key), status, code);
  });

  it("a key without the scope gets 403 forbidden; with it, 200 and rate-limit headers", async () => {
    const limited = await createKey({ scopes: ["profiles:read"] });
    await expectError(await api("/api/v1/deadlines", limited.key), 403, "forbidden");

    const allowed = await createKey({ scopes: ["deadlines:read"] });
    const response = await api("/api/v1/deadlines?limit=1", allowed.key);
    await expectStatus(response, 200);
    expect(response.headers.get("X-RateLimit-Limit")).toBe("30");
    expect(response.headers.get("X-RateLimit-Remaining")).toBe("29");
    expect(Number(response.headers.get("X-RateLimit-Reset"))).toBeGreaterThan(Date.now() / 1000);
    expect(response.headers.get("RateLimit-Policy")).toBe('"minute";q=30;w=60, "day";q=500;w=86400');
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("a method the path does not have is 405 before any key is checked: no rate-limit headers, no request used", async () => {
    await roomInThisMinute();
    const { key } = await createKey({ scopes: ["deadlines:read"] });
    const refused = await api("/api/v1/deadlines", key, { method: "POST", body: "{}" });
    expect(refused.headers.get("Allow")).toContain("GET");
    expect(refused.headers.get("X-RateLimit-Remaining")).toBeNull();
    await expectError(refused, 405, "method_not_allowed");
    // A free key allows 30 a minute: the read is the minute's first request, so 29 are left.
    const read = await api("/api/v1/deadlines?limit=1", key);
    expect(read.headers.get("X-RateLimit-Remaining")).toBe("29");
    await expectStatus(read, 200);
  });
});

describe("lifecycle", () => {
  it("revocation takes effect on the very next request", async () => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    await expectStatus(await api("/api/v1/deadlines", key.key), 200);
    const revoked = await expectStatus(await admin("POST", `/admin/api/keys/${key.id}/revoke`), 200);
    expect(revoked.data.id).toBe(key.id);
    await expectError(await api("/api/v1/deadlines", key.key), 401, "invalid_api_key");
  });

  it("of revocations recorded at once, the first stands, and a later one hears its revokedAt", async () => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    const db = taxDb(env.DB);
    const first = Date.now();
    expect(await recordRevocation(db, key.id, first)).toBe(first);
    // A request that read the key before the first revocation was recorded.
    expect(await recordRevocation(db, key.id, first + 5_000)).toBe(first);
    const listed = await expectStatus(await admin("GET", `/admin/api/keys?accountEmail=${encodeURIComponent(key.email)}`), 200);
    expect(listed.data.find((item: { id: string }) => item.id === key.id).revokedAt).toBe(new Date(first).toISOString());
  });

  it("rotation with overlap 0 ends the old key now; the new key has the same scopes", async () => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    const rotated = await expectStatus(await admin("POST", `/admin/api/keys/${key.id}/rotate`), 201);
    expect(rotated.data.replaces).toBe(key.id);
    expect(rotated.data.scopes).toEqual(["deadlines:read"]);
    await expectError(await api("/api/v1/deadlines", key.key), 401, "invalid_api_key");
    await expectStatus(await api("/api/v1/deadlines", rotated.data.key), 200);
    await expectError(await admin("POST", `/admin/api/keys/${key.id}/rotate`), 409, "conflict");
  });

  it("rotation with an overlap keeps the old key working until the overlap ends, then it fails", async () => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    const rotated = await expectStatus(await admin("POST", `/admin/api/keys/${key.id}/rotate`, { overlapHours: 2 }), 201);
    const validUntil = Date.parse(rotated.data.previousKeyValidUntil);
    expect(validUntil - Date.now()).toBeGreaterThan(2 * 3_600_000 - 60_000);
    await expectStatus(await api("/api/v1/deadlines", key.key), 200);
    expect((await verdictAt(key.key, validUntil - 1)).outcome).toBe("allowed");
    expect((await verdictAt(key.key, validUntil)).outcome).toBe("expired");
  });

  it.each([[-1], [25], ["2"]])("refuses overlapHours %j", async (overlapHours) => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    await expectError(await admin("POST", `/admin/api/keys/${key.id}/rotate`, { overlapHours }), 400, "validation_error");
    await expectStatus(await api("/api/v1/deadlines", key.key), 200);
  });

  it("an expired key is refused with invalid_api_key", async () => {
    const key = await createKey({ scopes: ["deadlines:read"], expiresInDays: 1 });
    expect((await verdictAt(key.key, Date.now() + 86_400_000 + 1000)).outcome).toBe("expired");
  });

  it("a key answers until the last millisecond before expiresAt, and not at expiresAt; a rotated key likewise at the overlap's end", async () => {
    const key = await createKey({ scopes: ["deadlines:read"], expiresInDays: 1 });
    const listed = await expectStatus(await admin("GET", `/admin/api/keys?accountEmail=${encodeURIComponent(key.email)}`), 200);
    const expiresAt = Date.parse(listed.data.find((row: { id: string }) => row.id === key.id).expiresAt);
    expect((await verdictAt(key.key, expiresAt - 1)).outcome).toBe("allowed");
    expect((await verdictAt(key.key, expiresAt)).outcome).toBe("expired");

    const old = await createKey({ scopes: ["deadlines:read"] });
    const rotated = await expectStatus(await admin("POST", `/admin/api/keys/${old.id}/rotate`, { overlapHours: 2 }), 201);
    const overlapEnd = Date.parse(rotated.data.previousKeyValidUntil);
    expect((await verdictAt(old.key, overlapEnd - 1)).outcome).toBe("allowed");
    expect((await verdictAt(old.key, overlapEnd)).outcome).toBe("expired");
  });
});

describe("rate limits (free plan: 30/min, 500/IST day)", () => {
  it("50 concurrent requests: exactly 30 pass, 20 get 429 with Retry-After", async () => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    const responses = await Promise.all(Array.from({ length: 50 }, () => api("/api/v1/deadlines?limit=1", key.key)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    const limited = responses.find((r) => r.status === 429)!;
    const retryAfter = Number(limited.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get("X-RateLimit-Remaining")).toBe("0");
    await expectError(limited, 429, "rate_limited");
    await Promise.all(responses.filter((r) => r !== limited).map((r) => r.arrayBuffer()));
  });

  it("the day quota counts the IST calendar day and Retry-After points at IST midnight", async () => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    // 2026-03-10 00:00 IST is 2026-03-09T18:30:00Z; spread 500 requests over minutes of that IST day.
    const istMidnight = Date.parse("2026-03-09T18:30:00Z");
    const results = await inGuard(key.key, (instance) => {
      const outcomes: string[] = [];
      for (let i = 0; i < 500; i++) outcomes.push(instance.authorize(istMidnight + Math.floor(i / 30) * 60_000, []).outcome);
      const over = instance.authorize(istMidnight + 20 * 60_000, []);
      const nextDay = instance.authorize(istMidnight + 86_400_000, []);
      return { outcomes, over, nextDay };
    });
    expect(results.outcomes.every((o) => o === "allowed")).toBe(true);
    expect(results.over.outcome).toBe("limited");
    if (results.over.outcome === "limited") expect(results.over.retryAfterSeconds).toBe(86_400 - 20 * 60);
    expect(results.nextDay.outcome).toBe("allowed");
  });
});

describe("paid plan through a verified Razorpay payment", () => {
  async function sign(body: string): Promise<string> {
    const key = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(env.RAZORPAY_WEBHOOK_SECRET),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const signature = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body)));
    return [...signature].map((b) => b.toString(16).padStart(2, "0")).join("");
  }

  function paymentEvent(email: string, paymentId: string): string {
    return JSON.stringify({
      entity: "event",
      event: "payment.captured",
      payload: { payment: { entity: { id: paymentId, amount: 99_900, currency: "INR", status: "captured", notes: { accountEmail: email } } } },
    });
  }

  function postWebhook(body: string, signature: string | null) {
    return api("/billing/webhook", null, { method: "POST", body, headers: signature ? { "X-Razorpay-Signature": signature } : {} });
  }

  it("a bad or missing signature gets 401 and changes nothing", async () => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    const body = paymentEvent(key.email, `pay_${crypto.randomUUID()}`);
    await expectError(await postWebhook(body, null), 401, "invalid_signature");
    await expectError(await postWebhook(body, "0".repeat(64)), 401, "invalid_signature");
    const response = await api("/api/v1/deadlines", key.key);
    expect(response.headers.get("X-RateLimit-Limit")).toBe("30");
    await response.arrayBuffer();
    const plan = await env.DB.prepare("SELECT plan FROM accounts WHERE email = ?").bind(key.email).first<{ plan: string }>();
    expect(plan?.plan).toBe("free");
  });

  it("a verified payment upgrades the account's keys at once; a replay records nothing new", async () => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    const paymentId = `pay_${crypto.randomUUID()}`;
    const body = paymentEvent(key.email, paymentId);
    const first = await expectStatus(await postWebhook(body, await sign(body)), 200);
    expect(first.data.activated).toBe(true);
    const replay = await expectStatus(await postWebhook(body, await sign(body)), 200);
    expect(replay.data.activated).toBe(false);

    const response = await api("/api/v1/deadlines", key.key);
    expect(response.headers.get("X-RateLimit-Limit")).toBe("120");
    expect(response.headers.get("RateLimit-Policy")).toContain('"day";q=10000');
    await response.arrayBuffer();
    const events = await env.DB.prepare("SELECT type, payload FROM events WHERE type = 'plan.activated' AND payload LIKE ?")
      .bind(`%${paymentId}%`)
      .all();
    expect(events.results).toHaveLength(1);
  });
});

describe("floods of well-formed random keys", () => {
  const randomKey = () =>
    `tax_${crypto.randomUUID().replace(/-/g, "").slice(0, 8)}_${"A".repeat(16)}${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
  /**
   * Runs a flood that must fit in one budget minute; when the clock crossed a minute boundary while it ran, it
   * runs once more (a flood takes seconds, so the second run fits).
   */
  async function inOneMinute<T>(flood: () => Promise<T>): Promise<T> {
    const minute = Math.floor(Date.now() / 60_000);
    const result = await flood();
    return Math.floor(Date.now() / 60_000) === minute ? result : flood();
  }

  async function tryKey(key: string, address: string): Promise<number> {
    const response = await api("/api/v1/deadlines", key, { headers: { "CF-Connecting-IP": address } });
    await response.arrayBuffer();
    return response.status;
  }

  it("past 120 unknown keys a minute an address's unknown keys get 429, and its valid keys keep working", async () => {
    const statuses = await inOneMinute(async () => {
      const address = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
      const burst = await Promise.all(Array.from({ length: 120 }, () => tryKey(randomKey(), address)));
      for (let i = 0; i < 5; i++) burst.push(await tryKey(randomKey(), address));
      // A key this isolate has never seen, from the flooded address: a tenant behind the same NAT.
      const valid = await createKey({ scopes: ["deadlines:read"] });
      burst.push(await tryKey(valid.key, address), await tryKey(valid.key, address));
      return burst;
    });
    expect(statuses.slice(0, 120).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(120, 125).every((s) => s === 429)).toBe(true);
    expect(statuses.slice(125)).toEqual([200, 200]);
  }, 60_000);

  it("IPv6 addresses are budgeted by their /64: 121 addresses of one /64 share one budget", async () => {
    const statuses = await inOneMinute(async () => {
      const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
      const address = (i: number) => `${prefix}:${(i + 1).toString(16)}:0:0:${Math.floor(Math.random() * 0xffff).toString(16)}`;
      const burst = await Promise.all(Array.from({ length: 120 }, (_, i) => tryKey(randomKey(), address(i))));
      burst.push(await tryKey(randomKey(), `${prefix}::beef`));
      // The neighbouring /64 has its own budget.
      burst.push(await tryKey(randomKey(), `${prefix.slice(0, -1)}2::beef`));
      return burst;
    });
    expect(statuses.slice(0, 120).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(120)).toEqual([429, 401]);
  }, 60_000);

  it("an unknown key leaves no Durable Object behind; a valid key's object is created by its issue", async () => {
    const unknown = randomKey();
    expect(await tryKey(unknown, "198.51.100.23")).toBe(401);
    const ids = await listDurableObjectIds(env.KEY_GUARD);
    const unknownId = env.KEY_GUARD.idFromName(await hashApiKey(unknown));
    expect(ids.some((id) => id.equals(unknownId))).toBe(false);
    const valid = await createKey({ scopes: ["deadlines:read"] });
    const validId = env.KEY_GUARD.idFromName(await hashApiKey(valid.key));
    expect((await listDurableObjectIds(env.KEY_GUARD)).some((id) => id.equals(validId))).toBe(true);
  });
});

describe("rate-limit and key headers over HTTP", () => {
  const MINUTE = 60_000;
  /** Spends `count` of today's (IST) quota in earlier or later minutes of the same IST day, 30 a minute. */
  async function spendDay(key: string, count: number): Promise<void> {
    const now = Date.now();
    // The next 00:00 IST is the next 18:30 UTC.
    const next = new Date(now);
    next.setUTCHours(18, 30, 0, 0);
    if (next.getTime() <= now) next.setUTCDate(next.getUTCDate() + 1);
    const minutesNeeded = Math.ceil(count / 30) + 1;
    const forward = next.getTime() - now > (minutesNeeded + 1) * MINUTE;
    const outcomes = await inGuard(key, (instance) =>
      Array.from({ length: count }, (_, i) => {
        const minute = Math.floor(i / 30) + 1;
        return instance.authorize(now + (forward ? minute : -minute) * MINUTE, []).outcome;
      }),
    );
    expect(outcomes.every((o) => o === "allowed")).toBe(true);
  }

  it("with 9 of the day's 500 left, X-RateLimit-* and RateLimit describe the day window", async () => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    await spendDay(key.key, 490);
    const response = await api("/api/v1/deadlines", key.key);
    await expectStatus(response, 200);
    expect(response.headers.get("X-RateLimit-Limit")).toBe("500");
    expect(response.headers.get("X-RateLimit-Remaining")).toBe("9");
    expect(response.headers.get("RateLimit")).toMatch(/^"day";r=9;t=\d+$/);
  });

  it("a spent day quota: 429 whose X-RateLimit-Reset is 00:00 IST and Retry-After agrees with it", async () => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    await spendDay(key.key, 500);
    const before = Math.floor(Date.now() / 1000);
    const response = await api("/api/v1/deadlines", key.key);
    const after = Math.floor(Date.now() / 1000);
    await expectError(response, 429, "rate_limited");
    const nextIstMidnight = new Date(before * 1000);
    nextIstMidnight.setUTCHours(18, 30, 0, 0);
    if (nextIstMidnight.getTime() <= before * 1000) nextIstMidnight.setUTCDate(nextIstMidnight.getUTCDate() + 1);
    const reset = Number(response.headers.get("X-RateLimit-Reset"));
    const retryAfter = Number(response.headers.get("Retry-After"));
    expect(response.headers.get("X-RateLimit-Limit")).toBe("500");
    expect(response.headers.get("X-RateLimit-Remaining")).toBe("0");
    expect(reset).toBe(nextIstMidnight.getTime() / 1000);
    // Retry-After counts from the server's clock, read between `before` and `after`.
    expect(reset - retryAfter).toBeGreaterThanOrEqual(before);
    expect(reset - retryAfter).toBeLessThanOrEqual(after);
    expect(response.headers.get("RateLimit")).toBe(`"day";r=0;t=${retryAfter}`);
  });

  it.each([
    ["no key", null, 'Bearer realm="tax"'],
    ["an unknown key", "tax_abcdefgh_0123456789ABCDEFGHIJKLMNOPQRSTUV", 'Bearer realm="tax", error="invalid_token"'],
  ])("a 401 for %s carries WWW-Authenticate", async (_, key, challenge) => {
    const response = await api("/api/v1/deadlines", key);
    await expectError(response, 401, key ? "invalid_api_key" : "unauthorized");
    expect(response.headers.get("WWW-Authenticate")).toBe(challenge);
  });

  it("a 401 of the management API carries WWW-Authenticate: Bearer", async () => {
    const response = await api("/admin/api/accounts", "not-the-token", { method: "POST", body: JSON.stringify({ email: randomEmail() }) });
    await expectError(response, 401, "unauthorized");
    expect(response.headers.get("WWW-Authenticate")).toBe("Bearer");
  });

  it("answers to a key expiring within 7 days carry X-Service-Key-Expires-Soon; a 90-day key's do not", async () => {
    const soon = await createKey({ scopes: ["deadlines:read"], expiresInDays: 5 });
    const expiresAt = await env.DB.prepare("SELECT expires_at FROM api_keys WHERE id = ?").bind(soon.id).first<{ expires_at: number }>();
    const response = await api("/api/v1/deadlines", soon.key);
    await expectStatus(response, 200);
    expect(response.headers.get("X-Service-Key-Expires-Soon")).toBe(new Date(expiresAt!.expires_at).toISOString());
    const later = await createKey({ scopes: ["deadlines:read"] });
    const quiet = await api("/api/v1/deadlines", later.key);
    await expectStatus(quiet, 200);
    expect(quiet.headers.get("X-Service-Key-Expires-Soon")).toBeNull();
  });
});
