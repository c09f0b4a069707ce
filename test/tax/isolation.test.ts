// Tenant isolation matrix, generated from the OpenAPI document: for every operation, account A (its API key
// on /api/v1, its signed-in session on /admin/api) aimed at account B's ids or email gets 404 (or acts on A
// alone), never sees B's identifiers, and leaves B's rows exactly as they were. Webhook deliveries never
// cross accounts.
import { env } from "cloudflare:test";
import { fetchWorker } from "../worker-under-test";
import { beforeAll, describe, expect, it } from "vitest";
import { randomString, sha256Hex } from "../../src/platform/crypto";
import { buildTaxApp } from "../../src/tax/app";
import { TAX_SCOPES } from "../../src/tax/keys/scopes";
import { expectDocumentedCode, fillPath, operationsOf } from "../reliability/kit";
import taxDocument from "../../docs/openapi/tax.json?raw";
import { installReceivers, receiver } from "../webhook-receiver";
import { createKey, TAX } from "./helpers";
import { dataTables } from "../data-tables";

installReceivers();
// Each with the error codes the committed document states for it: every refusal below must be one of them.
const OPERATIONS = operationsOf(buildTaxApp(), taxDocument).filter((op) => op.path !== "/api/v1/health" && op.path !== "/billing/webhook");
const PROFILE = { age: 40, residentialStatus: "resident", salary: { grossSalary: 2_000_000 }, taxesPaid: 0 };

interface Tenant {
  email: string;
  accountId: string;
  key: string;
  keyId: string;
  keyPrefix: string;
  profileId: string;
  endpointId: string;
  deliveryId: string;
  /** The profile.saved event of its profile: a business event, listed by /events. */
  eventId: string;
  session: { cookie: string; csrf: string };
}

async function json(response: Response, status: number): Promise<any> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text);
}

async function tenant(): Promise<Tenant> {
  const { email, key, id: keyId } = await createKey({ scopes: TAX_SCOPES });
  const auth = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
  const profile = await json(
    await fetchWorker(`${TAX}/api/v1/profiles`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ label: `secret ${email}`, financialYear: "2025-26", profile: PROFILE }),
    }),
    201,
  );
  const endpoint = await json(
    await fetchWorker(`${TAX}/api/v1/webhooks`, { method: "POST", headers: auth, body: JSON.stringify({ url: receiver().url }) }),
    201,
  );
  const sent = await json(await fetchWorker(`${TAX}/api/v1/webhooks/${endpoint.data.id}/test`, { method: "POST", headers: auth }), 200);
  const account = (await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(email).first<{ id: string }>())!;
  const keyRow = (await env.DB.prepare("SELECT prefix FROM api_keys WHERE id = ?").bind(keyId).first<{ prefix: string }>())!;
  const event = (await env.DB.prepare("SELECT id FROM events WHERE owner_id = ? AND type = 'profile.saved'")
    .bind(account.id)
    .first<{ id: string }>())!;
  const token = randomString(43);
  const csrf = randomString(43);
  const now = Date.now();
  await env.DB.prepare("INSERT INTO sessions (id, account_id, token_hash, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(`ses_${crypto.randomUUID()}`, account.id, await sha256Hex(token), csrf, now, now + 3_600_000)
    .run();
  return {
    email,
    accountId: account.id,
    key,
    keyId,
    keyPrefix: keyRow.prefix,
    profileId: profile.data.id,
    endpointId: endpoint.data.id,
    deliveryId: sent.data.deliveryId,
    eventId: event.id,
    session: { cookie: `__Host-tax_session=${token}`, csrf },
  };
}

/** Every row that names B (its account id, email or any of its ids), hashed per table. */
async function rowsOf(t: Tenant): Promise<Record<string, string>> {
  const needles = [t.accountId, t.email, t.keyId, t.profileId, t.endpointId];
  const out: Record<string, string> = {};
  for (const name of await dataTables(env.DB)) {
    const { results } = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
    const mine = results
      .map((r) => JSON.stringify(r))
      .filter((r) => needles.some((n) => r.includes(n)))
      .sort();
    out[name] = await sha256Hex(mine.join("\n"));
  }
  return out;
}

let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  a = await tenant();
  b = await tenant();
});

/** B's id for a path parameter, by what the path names. */
function idOf(t: Tenant, path: string): string {
  if (path.includes("/profiles/")) return t.profileId;
  if (path.includes("/webhooks/")) return t.endpointId;
  if (path.includes("/keys/")) return t.keyId;
  if (path.includes("/events/")) return t.eventId;
  throw new Error(`no id for ${path}`);
}

const BODIES: Record<string, unknown> = {
  "POST /admin/api/accounts": { email: "" },
  "POST /admin/api/keys": { scopes: ["deadlines:read"] },
  "POST /admin/api/keys/{id}/rotate": { overlapHours: 0 },
  "POST /api/v1/compute": { financialYear: "2025-26", profile: PROFILE },
  "POST /api/v1/profiles": { label: "mine", financialYear: "2025-26", profile: PROFILE },
  "POST /api/v1/webhooks": { url: "https://hooks.example.com/a" },
  "POST /admin/api/webhooks": { url: "https://hooks.example.com/a" },
  "PATCH /api/v1/webhooks/{id}": { disabled: true },
  "PATCH /admin/api/webhooks/{id}": { disabled: true },
  "POST /api/v1/webhooks/{id}/recover": { since: "2026-01-01T00:00:00Z" },
  "POST /admin/api/webhooks/{id}/recover": { since: "2026-01-01T00:00:00Z" },
  "POST /api/v1/documents/parse": { text: "Gross salary 10,00,000" },
};

describe.each(OPERATIONS.map((op) => [op.key, op] as const))("%s", (_key, op) => {
  it("as account A against account B: 404 or A's own data, never B's, and B unchanged", async () => {
    const before = await rowsOf(b);
    const asKey = op.path.startsWith("/api/v1/");
    const headers: Record<string, string> = asKey ? { Authorization: `Bearer ${a.key}` } : { Cookie: a.session.cookie };
    if (!asKey && op.method !== "GET") headers["X-CSRF-Token"] = a.session.csrf;
    let body = BODIES[op.key];
    if (op.key === "POST /admin/api/accounts") body = { email: b.email };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const hasId = op.path.includes("{");
    const path = hasId ? fillPath(op.path, { id: idOf(b, op.path), deliveryId: b.deliveryId }) : op.path;
    // A session names no account: without one it acts on A (404 for B's ids); naming B's is refused outright.
    const send = (query: string) =>
      fetchWorker(`${TAX}${path}${query}`, { method: op.method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const namesAccount = op.query !== null && "accountEmail" in op.query.shape;
    if (namesAccount) {
      const named = await send(`?accountEmail=${encodeURIComponent(b.email)}`);
      const namedText = await named.text();
      expect([named.status, JSON.parse(namedText).error?.code], namedText).toEqual([403, "forbidden"]);
      expectDocumentedCode(op, 403, "forbidden", "naming another account");
      for (const secret of [b.accountId, b.keyId, b.keyPrefix, b.profileId, b.endpointId, b.eventId]) expect(namedText).not.toContain(secret);
    }
    const response = await send("");
    const text = await response.text();
    if (hasId) expect([response.status, JSON.parse(text).error?.code], text).toEqual([404, "not_found"]);
    else expect(response.status, text).toBeLessThan(500);
    if (response.status >= 400) expectDocumentedCode(op, response.status, JSON.parse(text).error?.code ?? null, "another account's id");
    for (const secret of [b.accountId, b.email, b.keyId, b.keyPrefix, b.profileId, b.endpointId, b.eventId, `secret ${b.email}`])
      expect(text).not.toContain(secret);
    expect(await rowsOf(b)).toEqual(before);
  });
});

describe("invariants over everything the suite wrote", () => {
  it("every webhook delivery goes to an endpoint of the event's own account", async () => {
    const crossed = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id JOIN events ev ON ev.id = d.event_id
       WHERE e.owner_id <> ev.owner_id OR d.owner_id <> e.owner_id`,
    ).first<{ n: number }>();
    const total = await env.DB.prepare("SELECT COUNT(*) AS n FROM webhook_deliveries").first<{ n: number }>();
    expect(total!.n).toBeGreaterThan(0);
    expect(crossed!.n).toBe(0);
  });

  it("A's key lists only A's profiles and endpoints", async () => {
    const auth = { Authorization: `Bearer ${a.key}` };
    const profiles = await json(await fetchWorker(`${TAX}/api/v1/profiles?limit=100`, { headers: auth }), 200);
    expect(profiles.data.map((p: { id: string }) => p.id)).toContain(a.profileId);
    expect(JSON.stringify(profiles)).not.toContain(b.profileId);
    const endpoints = await json(await fetchWorker(`${TAX}/api/v1/webhooks`, { headers: auth }), 200);
    expect(endpoints.data.map((e: { id: string }) => e.id)).toContain(a.endpointId);
    expect(JSON.stringify(endpoints)).not.toContain(b.endpointId);
    const events = await json(await fetchWorker(`${TAX}/api/v1/events?limit=100`, { headers: auth }), 200);
    expect(events.data.map((e: { id: string }) => e.id)).toContain(a.eventId);
    expect(JSON.stringify(events)).not.toContain(b.eventId);
    expect(JSON.stringify(events)).not.toContain(b.accountId);
  });
});
