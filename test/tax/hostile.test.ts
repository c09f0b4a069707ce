// Hostile input against every operation of the tax OpenAPI document (fast-check mutations of valid requests,
// judged by the route's own zod schema, plus hand-written nasties), then hostile headers and the routes
// outside the document, and hostile deliveries-log cursors. Every refusal is a 4xx in the tax envelope, with no
// internals, and changes no row.
import { env } from "cloudflare:test";
import { fetchWorker } from "../worker-under-test";
import { beforeAll, describe, expect, it } from "vitest";
import { hmacSha256Hex } from "../../src/platform/crypto";
import { buildTaxApp } from "../../src/tax/app";
import { TAX_SCOPES } from "../../src/tax/keys/scopes";
import { bodyNasties, credentialRefusals, hostileProperty, postHostileForms, type HostileTarget } from "../reliability/hostile";
import { hostileCursorCases } from "../reliability/hostile-cursors";
import { dbSnapshot, expectClean4xx, expectNot5xx, operationsOf, type Operation } from "../reliability/kit";
import taxDocument from "../../docs/openapi/tax.json?raw";
import { installReceivers, receiver } from "../webhook-receiver";
import { api, createAccount, createKey, expectStatus, randomEmail, TAX } from "./helpers";

installReceivers();

// Each with the error codes the committed document states for it: every refusal below must be one of them.
const OPERATIONS = operationsOf(buildTaxApp(), taxDocument);
const PROFILE = {
  age: 34,
  residentialStatus: "resident",
  houseProperties: [],
  salary: { grossSalary: 1_800_000, basicPlusDA: 900_000, hraReceived: 360_000, rentPaid: 300_000, isMetroCity: true, professionalTax: 2_500 },
  deductions: { section80C: 100_000, section80D_selfFamily: 15_000 },
  taxesPaid: 150_000,
};

type Fixture = Omit<HostileTarget, "op" | "origin" | "headers" | "fetch"> & { auth: "key" | "operator" | "none" };

/** The account of the operation under test: its own, so no other operation's webhooks or events touch it. */
let email: string;
const fixtures: Record<string, () => Promise<Fixture>> = {};

async function paidAccount(): Promise<string> {
  const created = await createAccount(randomEmail("hostile"));
  // A paid account (120 requests a minute per key), through the real billing webhook.
  const body = JSON.stringify({
    event: "payment.captured",
    payload: { payment: { entity: { id: `pay_${crypto.randomUUID()}`, amount: 99_900, currency: "INR", notes: { accountEmail: created } } } },
  });
  await expectStatus(await api("/billing/webhook", null, { method: "POST", body, headers: await signRazorpay(body) }), 200);
  return created;
}

async function signRazorpay(text: string): Promise<Record<string, string>> {
  return { "X-Razorpay-Signature": await hmacSha256Hex(env.RAZORPAY_WEBHOOK_SECRET, text) };
}

async function profileId(label = `p-${crypto.randomUUID()}`): Promise<string> {
  const key = await createKey({ email, scopes: ["profiles:write"] });
  return (
    await expectStatus(
      await api("/api/v1/profiles", key.key, { method: "POST", body: JSON.stringify({ label, financialYear: "2025-26", profile: PROFILE }) }),
      201,
    )
  ).data.id;
}

async function endpointId(): Promise<string> {
  const key = await createKey({ email, scopes: ["webhooks:manage"] });
  return (await expectStatus(await api("/api/v1/webhooks", key.key, { method: "POST", body: JSON.stringify({ url: receiver().url }) }), 201)).data.id;
}

/** An endpoint with one delivery (a test send), to re-send. */
async function delivery(): Promise<{ id: string; deliveryId: string }> {
  const key = await createKey({ email, scopes: ["webhooks:manage"] });
  const id = (await expectStatus(await api("/api/v1/webhooks", key.key, { method: "POST", body: JSON.stringify({ url: receiver().url }) }), 201)).data
    .id;
  const sent = await expectStatus(await api(`/api/v1/webhooks/${id}/test`, key.key, { method: "POST" }), 200);
  return { id, deliveryId: sent.data.deliveryId };
}

/** The plan.activated event the account's payment recorded. */
async function eventId(): Promise<string> {
  const event = await env.DB.prepare("SELECT e.id FROM events e JOIN accounts a ON a.id = e.owner_id WHERE a.email = ? AND e.type = 'plan.activated'")
    .bind(email)
    .first<{ id: string }>();
  return event!.id;
}

async function keyId(): Promise<string> {
  return (await createKey({ email, scopes: ["deadlines:read"] })).id;
}

function defineFixtures(): void {
  const paymentEvent = () => ({
    entity: "event",
    event: "payment.captured",
    payload: {
      payment: { entity: { id: "pay_hostile_fixture", amount: 99_900, currency: "INR", status: "captured", notes: { accountEmail: email } } },
    },
  });
  Object.assign(fixtures, {
    "GET /api/v1/health": async () => ({ auth: "none" }),
    "POST /admin/api/accounts": async () => ({ auth: "operator", body: { email, password: "a long enough password" } }),
    "POST /admin/api/keys": async () => ({
      auth: "operator",
      body: { accountEmail: email, name: "hostile", scopes: ["deadlines:read"], expiresInDays: 30 },
    }),
    "GET /admin/api/account": async () => ({ auth: "operator", query: { accountEmail: email } }),
    "GET /admin/api/accounts": async () => ({ auth: "operator", query: { email: email.slice(0, 12), plan: "paid", limit: "5" } }),
    "GET /admin/api/keys": async () => ({ auth: "operator", query: { accountEmail: email } }),
    "POST /admin/api/keys/{id}/rotate": async () => ({ auth: "operator", params: { id: await keyId() }, body: { overlapHours: 1 } }),
    "POST /admin/api/keys/{id}/revoke": async () => ({ auth: "operator", params: { id: await keyId() } }),
    // Signed with the real secret: the hostile payloads are verified, then must still be handled cleanly.
    "POST /billing/webhook": async () => ({ auth: "none", body: paymentEvent(), sign: signRazorpay, anyContentType: true }),
    "GET /api/v1/deadlines": async () => ({ auth: "key", query: { from: "2025-04-01", limit: "5" } }),
    "POST /api/v1/compute": async () => ({ auth: "key", body: { profile: PROFILE, financialYear: "2025-26" } }),
    "POST /api/v1/profiles": async () => ({ auth: "key", body: { label: "hostile", profile: PROFILE, financialYear: "2025-26" } }),
    "GET /api/v1/profiles": async () => ({ auth: "key", query: { limit: "5" } }),
    "POST /api/v1/webhooks": async () => ({
      auth: "key",
      body: { url: "https://hooks.example.com/tax", events: ["profile.saved"], description: "hostile" },
    }),
    "GET /api/v1/webhooks": async () => ({ auth: "key" }),
    "DELETE /api/v1/webhooks/{id}": async () => ({ auth: "key", params: { id: await endpointId() } }),
    "POST /api/v1/webhooks/{id}/test": async () => ({ auth: "key", params: { id: await endpointId() } }),
    "GET /api/v1/webhooks/{id}/deliveries": async () => ({
      auth: "key",
      params: { id: await endpointId() },
      query: { limit: "5", status: "failed", eventType: "webhook.test" },
    }),
    "GET /api/v1/webhooks/{id}": async () => ({ auth: "key", params: { id: await endpointId() } }),
    "PATCH /api/v1/webhooks/{id}": async () => ({
      auth: "key",
      params: { id: await endpointId() },
      body: { url: "https://hooks.example.com/moved", events: ["profile.saved"], description: "moved", disabled: true },
    }),
    "POST /api/v1/webhooks/{id}/roll-secret": async () => ({ auth: "key", params: { id: await endpointId() }, body: { overlapHours: 2 } }),
    "POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/resend": async () => ({ auth: "key", params: await delivery() }),
    "POST /api/v1/webhooks/{id}/recover": async () => ({
      auth: "key",
      params: { id: await endpointId() },
      body: { since: new Date(Date.now() - 3_600_000).toISOString() },
    }),
    "GET /api/v1/events": async () => ({
      auth: "key",
      query: {
        limit: "5",
        type: "plan.activated",
        since: new Date(Date.now() - 3_600_000).toISOString(),
        before: new Date(Date.now() + 60_000).toISOString(),
      },
    }),
    "GET /api/v1/events/{id}": async () => ({ auth: "key", params: { id: await eventId() } }),
    "GET /api/v1/profiles/{id}": async () => ({ auth: "key", params: { id: await profileId() } }),
    "DELETE /api/v1/profiles/{id}": async () => ({ auth: "key", params: { id: await profileId() } }),
    "POST /api/v1/documents/parse": async () => ({
      auth: "key",
      body: { type: "form16", text: "(a) Salary as per provisions contained in section 17(1) 1450000.00" },
    }),
    "GET /admin/api/webhooks": async () => ({ auth: "operator", query: { accountEmail: email } }),
    "POST /admin/api/webhooks": async () => ({
      auth: "operator",
      body: { accountEmail: email, url: "https://hooks.example.com/admin", events: ["plan.activated"] },
    }),
    "DELETE /admin/api/webhooks/{id}": async () => ({ auth: "operator", params: { id: await endpointId() }, query: { accountEmail: email } }),
    "POST /admin/api/webhooks/{id}/test": async () => ({ auth: "operator", params: { id: await endpointId() }, query: { accountEmail: email } }),
    "GET /admin/api/webhooks/{id}/deliveries": async () => ({
      auth: "operator",
      params: { id: await endpointId() },
      query: { accountEmail: email, limit: "5", status: "delivered" },
    }),
    "GET /admin/api/webhooks/{id}": async () => ({ auth: "operator", params: { id: await endpointId() }, query: { accountEmail: email } }),
    "PATCH /admin/api/webhooks/{id}": async () => ({
      auth: "operator",
      params: { id: await endpointId() },
      query: { accountEmail: email },
      body: { events: ["plan.activated"], description: null },
    }),
    "POST /admin/api/webhooks/{id}/roll-secret": async () => ({
      auth: "operator",
      params: { id: await endpointId() },
      query: { accountEmail: email },
      body: { overlapHours: 0 },
    }),
    "POST /admin/api/webhooks/{id}/deliveries/{deliveryId}/resend": async () => ({
      auth: "operator",
      params: await delivery(),
      query: { accountEmail: email },
    }),
    "POST /admin/api/webhooks/{id}/recover": async () => ({
      auth: "operator",
      params: { id: await endpointId() },
      query: { accountEmail: email },
      body: { since: new Date(Date.now() - 3_600_000).toISOString() },
    }),
    "GET /admin/api/events": async () => ({ auth: "operator", query: { accountEmail: email, limit: "5", type: "plan.activated" } }),
    "GET /admin/api/events/{id}": async () => ({ auth: "operator", params: { id: await eventId() }, query: { accountEmail: email } }),
  } satisfies Record<string, () => Promise<Fixture>>);
}

beforeAll(() => {
  defineFixtures();
});

async function target(op: Operation): Promise<HostileTarget> {
  email = await paidAccount();
  const fixture = await fixtures[op.key]!();
  const headers: Record<string, string> = {};
  if (fixture.auth === "operator") headers.Authorization = `Bearer ${env.ADMIN_TOKEN}`;
  if (fixture.auth === "key") headers.Authorization = `Bearer ${(await createKey({ email, scopes: TAX_SCOPES })).key}`;
  return { ...fixture, op, origin: TAX, headers };
}

describe("the walk covers the whole OpenAPI document", () => {
  it("has a valid request for every documented operation", () => {
    expect(OPERATIONS.length).toBeGreaterThanOrEqual(25);
    expect(OPERATIONS.map((op) => op.key).filter((key) => !(key in fixtures))).toEqual([]);
  });
});

describe.each(OPERATIONS.map((op) => [op.key, op] as const))("%s", (_key, op) => {
  it("mutated requests: refused ones are a clean 4xx and change nothing; accepted ones never 5xx", async () => {
    const t = await target(op);
    const tally = await hostileProperty(t, "tax", env.DB, 30);
    if (t.op.body || t.params || t.query) expect(tally.refused).toBeGreaterThan(0);
  });

  if (op.path !== "/api/v1/health") {
    it("without credentials, and with wrong ones: a documented 401 that changes nothing", async () => {
      // A well-formed key no account holds, a wrong operator token, a payment provider's signature that does not match.
      const [wrong, expected]: [Record<string, string>, string[]] = op.path.startsWith("/api/v1/")
        ? [{ Authorization: `Bearer tax_aaaaaaaa_${"A".repeat(32)}` }, ["unauthorized", "invalid_api_key"]]
        : op.path.startsWith("/admin/api/")
          ? [{ Authorization: "Bearer not-the-operator-token" }, ["unauthorized", "unauthorized"]]
          : [{ "X-Razorpay-Signature": "0".repeat(64) }, ["invalid_signature", "invalid_signature"]];
      expect(await credentialRefusals(await target(op), "tax", env.DB, wrong)).toEqual(expected);
    });
  }

  if (op.body || op.key === "POST /billing/webhook") {
    it("10 MB, 10,000 levels deep, invalid UTF-8, NUL bytes, empty and non-object bodies: clean 4xx, nothing changed", async () => {
      await bodyNasties(await target(op), "tax", env.DB);
    });
  }
});

describe("hostile deliveries cursors", () => {
  const as = (key: string) => ({ headers: { Authorization: `Bearer ${key}` } });
  hostileCursorCases({
    envelope: "tax",
    owner: async () => {
      const { key } = await createKey({ scopes: TAX_SCOPES });
      const registered = await api("/api/v1/webhooks", key, { method: "POST", body: JSON.stringify({ url: receiver().url }) });
      const endpointId: string = (await expectStatus(registered, 201)).data.id;
      // Two saved profiles: two profile.saved events, each delivered to the endpoint.
      for (const label of ["first", "second"])
        await expectStatus(
          await api("/api/v1/profiles", key, { method: "POST", body: JSON.stringify({ label, financialYear: "2025-26", profile: PROFILE }) }),
          201,
        );
      return { key, endpointId };
    },
    deliveries: (owner, endpointId, query) => fetchWorker(`${TAX}/api/v1/webhooks/${endpointId}/deliveries?${query}`, as(owner.key)),
    events: (owner, query) => fetchWorker(`${TAX}/api/v1/events?${query}`, as(owner.key)),
    nextCursor: "nextCursor",
    eventTypeParameter: "eventType",
    eventType: "profile.saved",
    refusal: { code: "validation_error", notIssued: "cursor: is not a cursor this API issued" },
    noSuchEndpoint: "404 not_found: No such webhook endpoint",
  });
});

describe("stored hostile text is inert", () => {
  it("SQL and formula strings as a label are stored and returned verbatim, and nothing else changes", async () => {
    const key = await createKey({ scopes: TAX_SCOPES });
    for (const label of ["'; DROP TABLE profiles; --", '=HYPERLINK("http://x")', "Robert'); DELETE FROM api_keys;--", "名前 \u202e label"]) {
      const saved = await expectStatus(
        await api("/api/v1/profiles", key.key, { method: "POST", body: JSON.stringify({ label, financialYear: "2025-26", profile: PROFILE }) }),
        201,
      );
      const read = await expectStatus(await api(`/api/v1/profiles/${saved.data.id}`, key.key), 200);
      expect(read.data.label).toBe(label);
    }
    const tables = await env.DB.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name IN ('profiles', 'api_keys')").first<{ n: number }>();
    expect(tables!.n).toBe(2);
  });
});

describe("hostile headers", () => {
  const authorizations = [
    "",
    "Bearer",
    "Bearer ",
    "bearer tax_aaaaaaaa_" + "A".repeat(32),
    "Basic dXNlcjpwYXNz",
    `Bearer ${"A".repeat(65_000)}`,
    "Bearer tax_aaaaaaaa_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA, Bearer tax_bbbbbbbb_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB",
    "Bearer inv_aaaaaaaa_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "Bearer tax_aaaaaaaa_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\u00e9",
    "Bearer tax_../../.._AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "Bearer ' OR 1=1 --",
    "Bearer\ttax_aaaaaaaa_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  ];

  it.each(authorizations.map((a) => [a.slice(0, 60), a]))(
    "Authorization %j on a keyed route and on the management API: 401",
    async (_name, authorization) => {
      const before = await dbSnapshot(env.DB);
      for (const path of ["/api/v1/profiles", "/admin/api/keys?accountEmail=a@example.com"]) {
        const response = await fetchWorker(`${TAX}${path}`, { headers: { Authorization: authorization } });
        const code = await expectClean4xx(response, "tax", `${path} with ${authorization.slice(0, 40)}`);
        expect([response.status, ["unauthorized", "invalid_api_key"].includes(code)]).toEqual([401, true]);
      }
      expect(await dbSnapshot(env.DB)).toEqual(before);
    },
  );

  it("header injection: CR/LF/NUL cannot be sent at all; the same payloads on one line are refused with nothing reflected", async () => {
    for (const value of ["a\r\nSet-Cookie: pwned=1", "a\nX-Injected: 1", "a\u0000b"])
      expect(() => new Request(`${TAX}/api/v1/profiles`, { headers: { Authorization: value } })).toThrow(TypeError);
    for (const value of ["a Set-Cookie: pwned=1", "Bearer tax_x GET / HTTP/1.1", 'req_"><script>']) {
      const response = await fetchWorker(`${TAX}/api/v1/profiles`, { headers: { Authorization: value, "X-Request-Id": value } });
      expect(response.status).toBe(401);
      expect(response.headers.get("Set-Cookie")).toBeNull();
      expect(response.headers.get("X-Request-Id")).toMatch(/^req_[0-9A-Za-z]+$/);
      expect(await response.clone().text()).not.toContain(value);
      await expectClean4xx(response, "tax", value);
    }
  });

  it("a client's X-Request-Id, Host, X-Forwarded-* and very large headers change nothing it can see", async () => {
    const response = await fetchWorker(`${TAX}/api/v1/health`, {
      headers: { "X-Request-Id": "req_attacker", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example", "X-Big": "x".repeat(60_000) },
    });
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get("X-Request-Id")).toMatch(/^req_[0-9a-z]+$/);
    expect(response.headers.get("X-Request-Id")).not.toBe("req_attacker");
    await response.arrayBuffer();
  });
});

describe("routes outside the document", () => {
  const paths = [
    "/",
    "/ui/app.js",
    "/ui/app.css",
    "/api/v1/openapi.json",
    "/api/v1/openapi.json?limit=-1&limit=1e999",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/api/v1/../../admin/api/keys",
    "/api/v1/profiles/%2e%2e%2f%2e%2e%2fadmin",
    "/api/v1/%00",
    "/api/v2/profiles",
    "/API/V1/PROFILES",
    `/api/v1/${"a/".repeat(2_000)}`,
  ];

  it.each(paths.map((p) => [p.slice(0, 80), p]))("GET %s never 5xx; errors in the envelope", async (_name, path) => {
    const response = await fetchWorker(`${TAX}${path}`);
    if (response.headers.get("Content-Type")?.startsWith("application/json")) await expectNot5xx(response, "tax", path);
    else {
      expect(response.status).toBeLessThan(500);
      await response.arrayBuffer();
    }
  });

  it.each([["/auth/signin"], ["/auth/signup"], ["/auth/signout"], ["/auth/password"]])(
    "POST %s with hostile forms never 5xx and writes nothing",
    async (path) => {
      const before = await dbSnapshot(env.DB);
      await postHostileForms(TAX, path);
      expect(await dbSnapshot(env.DB)).toEqual(before);
    },
  );
});

describe("no prototype pollution", () => {
  it("JSON bodies with __proto__ and constructor keys pollute nothing in the isolate", () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });
});
