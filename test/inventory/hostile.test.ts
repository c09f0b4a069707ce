// Hostile input against every operation of the inventory OpenAPI document (fast-check mutations of valid
// requests, judged by the route's own zod schema, plus hand-written nasties), then hostile headers and the
// routes outside the document, and hostile deliveries-log cursors. Every refusal is a 4xx in the `{error, code}`
// envelope, with no internals, and changes no row.
import { env } from "cloudflare:test";
import { fetchWorker } from "../worker-under-test";
import { describe, expect, it } from "vitest";
import { buildInventoryApp } from "../../src/inventory/app";
import { istDateOf } from "../../src/inventory/domain/ist";
import { bodyNasties, credentialRefusals, hostileProperty, postHostileForms, type HostileTarget } from "../reliability/hostile";
import { hostileCursorCases } from "../reliability/hostile-cursors";
import { dbSnapshot, expectClean4xx, expectNot5xx, operationsOf, type Operation } from "../reliability/kit";
import { installReceivers, receiver } from "../webhook-receiver";
import inventoryDocument from "../../docs/openapi/inventory.json?raw";
import { admin, createKey, createOrg, expectStatus, INVENTORY, signIn, type TestSession } from "./helpers";
import { customer, lot, post, sale } from "./stock-fixtures";

installReceivers();
// Each with the error codes the committed document states for it: every refusal below must be one of them.
const OPERATIONS = operationsOf(buildInventoryApp(), inventoryDocument);
const today = istDateOf(Date.now());

type Fixture = Omit<HostileTarget, "op" | "origin" | "headers" | "fetch"> & { auth: "key" | "operator" | "none" };

async function keyId(orgId: string): Promise<string> {
  return (await createKey(orgId, { access: "read_only" })).id;
}

/** An admin of the organisation, created through the API. */
async function adminOf(orgId: string): Promise<string> {
  return (
    await post<{ id: string }>(`/admin/api/orgs/${orgId}/admins`, {
      email: `admin-${crypto.randomUUID()}@example.com`,
      password: "hostile-password-2026",
    })
  ).id;
}

async function webhookId(orgId: string): Promise<string> {
  return (await post<{ id: string }>(`/admin/api/orgs/${orgId}/webhooks`, { url: receiver().url, events: ["customer.created"] })).id;
}

/** An endpoint with one delivery (a test send), to re-send. */
async function delivery(orgId: string): Promise<{ id: string; webhookId: string; deliveryId: string }> {
  const id = await webhookId(orgId);
  const sent = await post<{ delivery_id: string }>(`/admin/api/orgs/${orgId}/webhooks/${id}/test`, undefined, 200);
  return { id: orgId, webhookId: id, deliveryId: sent.delivery_id };
}

/** A mill with an invoice and a payment against it, both today. */
async function millId(orgId: string): Promise<string> {
  const invoice = await post<{ id: string }>(`/admin/api/orgs/${orgId}/mill-invoices`, {
    supplier_name: "Sri Ramalinga Mills",
    invoice_number: "H-1",
    amount: "1000",
  });
  await post(`/admin/api/orgs/${orgId}/mill-payments`, {
    supplier_name: "Sri Ramalinga Mills",
    mill_invoice_id: invoice.id,
    amount: "400",
    method: "neft",
  });
  const mill = await env.DB.prepare("SELECT id FROM suppliers WHERE org_id = ?1").bind(orgId).first<{ id: string }>();
  return mill!.id;
}

/** The customer.created event of a new customer of the organisation. */
async function eventId(orgId: string): Promise<string> {
  const buyer = await customer(orgId);
  const event = await env.DB.prepare(
    "SELECT id FROM events WHERE org_id = ? AND type = 'customer.created' AND json_extract(payload, '$.customer_id') = ?",
  )
    .bind(orgId, buyer.id)
    .first<{ id: string }>();
  return event!.id;
}

async function saleId(orgId: string): Promise<string> {
  const buyer = await customer(orgId);
  const stock = await lot(orgId);
  return (await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "1" }])).id;
}

/** A valid request of each operation, in a fresh organisation of its own. */
const fixtures: Record<string, (orgId: string) => Promise<Fixture>> = {
  "POST /admin/api/orgs": async () => ({ auth: "operator", body: { name: "Hostile Mills", plan: "business", subscription_status: "active" } }),
  "GET /admin/api/orgs": async () => ({ auth: "operator", query: { limit: "5", offset: "0", name: "Mill", gstin: "33ABCDE1234F1Z7" } }),
  "GET /admin/api/orgs/{id}": async (org) => ({ auth: "operator", params: { id: org } }),
  "PATCH /admin/api/orgs/{id}": async (org) => ({ auth: "operator", params: { id: org }, body: { plan: "scale", subscription_status: "active" } }),
  "POST /admin/api/orgs/{id}/keys": async (org) => ({
    auth: "operator",
    params: { id: org },
    body: { name: "hostile", access: "read_only", scopes: ["sales:read"], expires_at: new Date(Date.now() + 86_400_000).toISOString() },
  }),
  "GET /admin/api/orgs/{id}/keys": async (org) => ({ auth: "operator", params: { id: org }, query: { limit: "5", offset: "0" } }),
  "POST /admin/api/orgs/{id}/admins": async (org) => ({
    auth: "operator",
    params: { id: org },
    body: { email: `hostile-${crypto.randomUUID()}@example.com`, password: "hostile-password-2026" },
  }),
  "GET /admin/api/orgs/{id}/admins": async (org) => {
    await adminOf(org);
    return { auth: "operator", params: { id: org }, query: { limit: "5", offset: "0" } };
  },
  "DELETE /admin/api/orgs/{id}/admins/{adminId}": async (org) => ({ auth: "operator", params: { id: org, adminId: await adminOf(org) } }),
  "POST /admin/api/keys/{id}/rotate": async (org) => ({ auth: "operator", params: { id: await keyId(org) }, body: { grace_hours: 24 } }),
  "POST /admin/api/keys/{id}/regenerate": async (org) => ({ auth: "operator", params: { id: await keyId(org) } }),
  "POST /admin/api/keys/{id}/revoke": async (org) => ({ auth: "operator", params: { id: await keyId(org) }, body: { reason: "hostile" } }),
  "POST /admin/api/keys/{id}/sync": async (org) => ({ auth: "operator", params: { id: await keyId(org) } }),
  "GET /admin/api/orgs/{id}/audit": async (org) => ({ auth: "operator", params: { id: org }, query: { limit: "5", offset: "0" } }),
  "POST /admin/api/orgs/{id}/webhooks": async (org) => ({
    auth: "operator",
    params: { id: org },
    body: { url: "https://hooks.example.com/inv", events: ["sale.created"] },
  }),
  "GET /admin/api/orgs/{id}/webhooks": async (org) => ({ auth: "operator", params: { id: org } }),
  "DELETE /admin/api/orgs/{id}/webhooks/{webhookId}": async (org) => ({ auth: "operator", params: { id: org, webhookId: await webhookId(org) } }),
  "POST /admin/api/orgs/{id}/webhooks/{webhookId}/test": async (org) => ({ auth: "operator", params: { id: org, webhookId: await webhookId(org) } }),
  "GET /admin/api/orgs/{id}/webhooks/{webhookId}/deliveries": async (org) => ({
    auth: "operator",
    params: { id: org, webhookId: await webhookId(org) },
    query: { limit: "5", status: "failed", event_type: "sale.created" },
  }),
  "GET /admin/api/orgs/{id}/webhooks/{webhookId}": async (org) => ({ auth: "operator", params: { id: org, webhookId: await webhookId(org) } }),
  "PATCH /admin/api/orgs/{id}/webhooks/{webhookId}": async (org) => ({
    auth: "operator",
    params: { id: org, webhookId: await webhookId(org) },
    body: { url: "https://hooks.example.com/moved", events: ["sale.created"], description: "moved", disabled: true },
  }),
  "POST /admin/api/orgs/{id}/webhooks/{webhookId}/roll-secret": async (org) => ({
    auth: "operator",
    params: { id: org, webhookId: await webhookId(org) },
    body: { overlap_hours: 24 },
  }),
  "POST /admin/api/orgs/{id}/webhooks/{webhookId}/deliveries/{deliveryId}/resend": async (org) => ({ auth: "operator", params: await delivery(org) }),
  "GET /admin/api/orgs/{id}/events": async (org) => ({
    auth: "operator",
    params: { id: org },
    query: { limit: "5", offset: "0", type: "customer.created", since: new Date(Date.now() - 3_600_000).toISOString() },
  }),
  "GET /admin/api/orgs/{id}/events/{eventId}": async (org) => ({ auth: "operator", params: { id: org, eventId: await eventId(org) } }),
  "POST /admin/api/orgs/{id}/webhooks/{webhookId}/recover": async (org) => ({
    auth: "operator",
    params: { id: org, webhookId: await webhookId(org) },
    body: { since: new Date(Date.now() - 3_600_000).toISOString() },
  }),
  "POST /admin/api/orgs/{id}/customers": async (org) => ({
    auth: "operator",
    params: { id: org },
    body: { name: "Sri Murugan Tex", contact: "+91 98430 12345", gstin: "33AAECG4315R1ZE", address: "12 Kamaraj Road", credit_limit: "5000" },
  }),
  "POST /admin/api/orgs/{id}/lots": async (org) => ({
    auth: "operator",
    params: { id: org },
    body: {
      lot_number: "L-HOSTILE",
      sku: "CTN-CMB-30S1-RW",
      yarn_type: "cotton_combed",
      godown_code: "TPR-1",
      kg: "100",
      cost_per_kg: "300.00",
      supplier_name: "Sri Ramalinga Mills",
    },
  }),
  "POST /admin/api/orgs/{id}/sales": async (org) => {
    const buyer = await customer(org);
    const stock = await lot(org);
    return {
      auth: "operator",
      params: { id: org },
      body: { customer_id: buyer.id, sale_date: today, items: [{ lot_id: stock.id, kg: "1.5", rate_per_kg: "320.00" }] },
    };
  },
  "POST /admin/api/sales/{id}/cancel": async (org) => ({ auth: "operator", params: { id: await saleId(org) } }),
  "POST /admin/api/sales/{id}/dispatch": async (org) => ({ auth: "operator", params: { id: await saleId(org) } }),
  "POST /admin/api/orgs/{id}/payments": async (org) => {
    const buyer = await customer(org);
    return {
      auth: "operator",
      params: { id: org },
      body: { customer_id: buyer.id, amount: "100.50", method: "upi", reference: "UPI-1", date: today },
    };
  },
  "POST /admin/api/orgs/{id}/credit-notes": async (org) => {
    const buyer = await customer(org);
    return { auth: "operator", params: { id: org }, body: { customer_id: buyer.id, amount: "10", reason: "Short weight", date: today } };
  },
  "POST /admin/api/orgs/{id}/expenses": async (org) => ({
    auth: "operator",
    params: { id: org },
    body: { category: "Freight", amount: "1200", notes: "Lorry", date: today },
  }),
  "POST /admin/api/orgs/{id}/mill-invoices": async (org) => ({
    auth: "operator",
    params: { id: org },
    body: { supplier_name: "Sri Ramalinga Mills", invoice_number: "SRM-1", amount: "50000", date: today },
  }),
  "POST /admin/api/orgs/{id}/mill-payments": async (org) => ({
    auth: "operator",
    params: { id: org },
    body: { supplier_name: "Sri Ramalinga Mills", amount: "25000", method: "neft", reference: "UTR-1", date: today },
  }),
  "POST /admin/api/sales/{id}/returns": async (org) => {
    const buyer = await customer(org);
    const stock = await lot(org);
    const sold = await sale(org, buyer.id, [{ lot_id: stock.id, kg: "10" }]);
    await post(`/admin/api/sales/${sold.id}/dispatch`, undefined, 200);
    return { auth: "operator", params: { id: sold.id }, body: { items: [{ lot_id: stock.id, kg: "2.5" }], reason: "Shade", date: today } };
  },
  "POST /admin/api/orgs/{id}/lots/{lotId}/adjustments": async (org) => ({
    auth: "operator",
    params: { id: org, lotId: (await lot(org, { kg: "100" })).id },
    body: { reason: "damage", kg: "2.5", notes: "Wet bags" },
  }),
  "POST /admin/api/orgs/{id}/lots/{lotId}/transfers": async (org) => ({
    auth: "operator",
    params: { id: org, lotId: (await lot(org, { kg: "100" })).id },
    body: { godown_code: "ERD-1", kg: "25", notes: "To the Erode godown" },
  }),
  "POST /admin/api/orgs/{id}/payments/{entryId}/void": async (org) => {
    const buyer = await customer(org);
    const paid = await post<{ id: string }>(`/admin/api/orgs/${org}/payments`, { customer_id: buyer.id, amount: "10", method: "upi" });
    return { auth: "operator", params: { id: org, entryId: paid.id }, body: { reason: "Entered twice" } };
  },
  "POST /admin/api/orgs/{id}/credit-notes/{entryId}/void": async (org) => {
    const buyer = await customer(org);
    const note = await post<{ id: string }>(`/admin/api/orgs/${org}/credit-notes`, { customer_id: buyer.id, amount: "10" });
    return { auth: "operator", params: { id: org, entryId: note.id }, body: { reason: "Wrong customer" } };
  },
  "POST /admin/api/orgs/{id}/expenses/{entryId}/void": async (org) => {
    const expense = await post<{ id: string }>(`/admin/api/orgs/${org}/expenses`, { category: "Freight", amount: "100" });
    return { auth: "operator", params: { id: org, entryId: expense.id }, body: { reason: "Personal" } };
  },
  "POST /admin/api/orgs/{id}/mill-invoices/{entryId}/void": async (org) => {
    const invoice = await post<{ id: string }>(`/admin/api/orgs/${org}/mill-invoices`, {
      supplier_name: "Sri Ramalinga Mills",
      invoice_number: "V-1",
      amount: "100",
    });
    return { auth: "operator", params: { id: org, entryId: invoice.id }, body: { reason: "Duplicate" } };
  },
  "POST /admin/api/orgs/{id}/mill-payments/{entryId}/void": async (org) => {
    const paid = await post<{ id: string }>(`/admin/api/orgs/${org}/mill-payments`, {
      supplier_name: "Sri Ramalinga Mills",
      amount: "100",
      method: "neft",
    });
    return { auth: "operator", params: { id: org, entryId: paid.id }, body: { reason: "Bounced" } };
  },
  "PUT /admin/api/orgs/{id}/annual-returns/{financialYear}": async (org) => ({
    auth: "operator",
    params: { id: org, financialYear: "2024-25" },
    body: { filed_on: "2025-10-15" },
  }),
  "DELETE /admin/api/orgs/{id}/annual-returns/{financialYear}": async (org) => {
    await expectStatus(await admin("PUT", `/admin/api/orgs/${org}/annual-returns/2024-25`, { filed_on: "2025-10-15" }), 201);
    return { auth: "operator", params: { id: org, financialYear: "2024-25" } };
  },
  "GET /admin/api/orgs/{id}/annual-returns": async (org) => {
    await expectStatus(await admin("PUT", `/admin/api/orgs/${org}/annual-returns/2024-25`, { filed_on: "2025-10-15" }), 201);
    return { auth: "operator", params: { id: org } };
  },
  "GET /api/v1/health": async () => ({ auth: "none" }),
  "GET /api/v1/inventory": async () => ({ auth: "key", query: { limit: "5", offset: "0", godown_code: "TPR-1", yarn_type: "cotton_combed" } }),
  "GET /api/v1/sales": async () => ({ auth: "key", query: { from: "2026-01-01", to: today, limit: "5", offset: "0" } }),
  "GET /api/v1/sales/{id}": async (org) => ({ auth: "key", params: { id: await saleId(org) } }),
  "GET /api/v1/sales/by-invoice-number": async (org) => {
    const buyer = await customer(org);
    const stock = await lot(org);
    return { auth: "key", query: { invoice_number: (await sale(org, buyer.id, [{ lot_id: stock.id, kg: "1" }])).invoice_number } };
  },
  "GET /api/v1/gst-summary": async () => ({ auth: "key", query: { month: "2025-08" } }),
  "GET /api/v1/customers": async () => ({ auth: "key", query: { limit: "5", offset: "0" } }),
  "GET /api/v1/customers/{id}/statement": async (org) => ({
    auth: "key",
    params: { id: (await customer(org)).id },
    query: { from: `${today.slice(0, 8)}01`, to: today },
  }),
  "GET /api/v1/suppliers": async () => ({ auth: "key", query: { limit: "5", offset: "0" } }),
  "GET /api/v1/suppliers/{id}/statement": async (org) => ({
    auth: "key",
    params: { id: await millId(org) },
    query: { from: `${today.slice(0, 8)}01`, to: today },
  }),
  "GET /api/v1/export/customers": async () => ({ auth: "key" }),
  "GET /api/v1/export/expenses": async () => ({ auth: "key" }),
  "GET /api/v1/export/mill-payments": async () => ({ auth: "key" }),
  "GET /api/v1/export/customers/{id}/statement": async (org) => ({
    auth: "key",
    params: { id: (await customer(org)).id },
    query: { from: `${today.slice(0, 8)}01`, to: today, bom: "true" },
  }),
  "GET /api/v1/export/suppliers/{id}/statement": async (org) => ({
    auth: "key",
    params: { id: await millId(org) },
    query: { from: `${today.slice(0, 8)}01`, to: today, bom: "true" },
  }),
};

async function target(op: Operation): Promise<HostileTarget> {
  const orgId = await createOrg("business");
  const fixture = await fixtures[op.key]!(orgId);
  const headers: Record<string, string> = {};
  if (fixture.auth === "operator") headers.Authorization = `Bearer ${env.ADMIN_TOKEN}`;
  if (fixture.auth === "key") headers.Authorization = `Bearer ${(await createKey(orgId, { access: "read_write" })).key}`;
  return { ...fixture, op, origin: INVENTORY, headers };
}

describe("the walk covers the whole OpenAPI document", () => {
  it("has a valid request for every documented operation", () => {
    expect(OPERATIONS.length).toBeGreaterThanOrEqual(30);
    expect(OPERATIONS.map((op) => op.key).filter((key) => !(key in fixtures))).toEqual([]);
  });
});

describe.each(OPERATIONS.map((op) => [op.key, op] as const))("%s", (_key, op) => {
  it("mutated requests: refused ones are a clean 4xx and change nothing; accepted ones never 5xx", async () => {
    const t = await target(op);
    const tally = await hostileProperty(t, "inventory", env.DB, 30);
    if (t.op.body || t.params || t.query) expect(tally.refused).toBeGreaterThan(0);
  });

  if (op.path !== "/api/v1/health") {
    it("without credentials, and with wrong ones: a documented 401 that changes nothing", async () => {
      // A well-formed key no organisation holds; a wrong operator token.
      const [wrong, expected]: [Record<string, string>, string[]] = op.path.startsWith("/api/v1/")
        ? [{ Authorization: `Bearer inv_aaaaaaaa_${"A".repeat(32)}` }, ["missing_token", "invalid_api_key"]]
        : [{ Authorization: "Bearer not-the-operator-token" }, ["unauthorized", "unauthorized"]];
      expect(await credentialRefusals(await target(op), "inventory", env.DB, wrong)).toEqual(expected);
    });
  }

  if (op.body) {
    it("10 MB, 10,000 levels deep, invalid UTF-8, NUL bytes, empty and non-object bodies: clean 4xx, nothing changed", async () => {
      await bodyNasties(await target(op), "inventory", env.DB);
    });
  }
});

describe("hostile deliveries cursors", () => {
  // As the organisation's signed-in admin: an operator may read every organisation, its own user only its own.
  const as = (session: TestSession, path: string) =>
    fetchWorker(`${INVENTORY}/admin/api/orgs/${session.orgId}${path}`, { headers: { Cookie: session.cookie } });
  hostileCursorCases({
    envelope: "inventory",
    owner: async () => {
      const orgId = await createOrg();
      const endpointId = (await post<{ id: string }>(`/admin/api/orgs/${orgId}/webhooks`, { url: receiver().url })).id;
      // Two new customers: two customer.created events, each delivered to the endpoint.
      await customer(orgId);
      await customer(orgId);
      return { endpointId, session: await signIn(orgId) };
    },
    deliveries: (owner, endpointId, query) => as(owner.session, `/webhooks/${endpointId}/deliveries?${query}`),
    events: (owner, query) => as(owner.session, `/events?${query}`),
    nextCursor: "next_cursor",
    eventTypeParameter: "event_type",
    eventType: "customer.created",
    refusal: {
      code: "bad_request",
      notIssued: "cursor: is not a next_cursor this list gave your organisation; send it exactly as received, or start again without cursor",
    },
    noSuchEndpoint: "404 not_found: No such webhook endpoint",
  });
});

describe("stored hostile text is inert", () => {
  it("SQL strings as a customer's name are stored verbatim; formula strings are neutralised in the CSV", async () => {
    const orgId = await createOrg("business");
    const { key } = await createKey(orgId, { access: "read_only" });
    const names = ["'; DROP TABLE customers; --", '=HYPERLINK("http://x","y")', "Robert'); DELETE FROM api_keys;--"];
    for (const name of names) expect((await post<{ name: string }>(`/admin/api/orgs/${orgId}/customers`, { name })).name).toBe(name);
    const csv = await (await fetchWorker(`${INVENTORY}/api/v1/export/customers`, { headers: { Authorization: `Bearer ${key}` } })).text();
    expect(csv).toContain("'; DROP TABLE customers; --");
    expect(csv).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    const tables = await env.DB.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name IN ('customers', 'api_keys')").first<{ n: number }>();
    expect(tables!.n).toBe(2);
  });
});

describe("hostile headers", () => {
  const authorizations = [
    "",
    "Bearer",
    "Bearer ",
    "Basic dXNlcjpwYXNz",
    `Bearer ${"A".repeat(65_000)}`,
    "Bearer inv_aaaaaaaa_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA, Bearer inv_bbbbbbbb_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB",
    "Bearer tax_aaaaaaaa_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "Bearer inv_aaaaaaaa_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\u00e9",
    "Bearer ' OR 1=1 --",
    "Bearer inv_aaaaaaaa_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  ];

  it.each(authorizations.map((a) => [a.slice(0, 60), a]))(
    "Authorization %j on the read API and the management API: 401",
    async (_name, authorization) => {
      const before = await dbSnapshot(env.DB);
      for (const path of ["/api/v1/inventory", "/admin/api/orgs/org_x/keys"]) {
        const response = await fetchWorker(`${INVENTORY}${path}`, { headers: { Authorization: authorization } });
        const code = await expectClean4xx(response, "inventory", `${path} with ${authorization.slice(0, 40)}`);
        expect([response.status, ["missing_token", "invalid_api_key", "unauthorized"].includes(code)]).toEqual([401, true]);
      }
      expect(await dbSnapshot(env.DB)).toEqual(before);
    },
  );

  it("a hostile D1 bookmark header is a 400, never a 500", async () => {
    const orgId = await createOrg("business");
    const { key } = await createKey(orgId, { access: "read_only" });
    for (const bookmark of ["x", "'; DROP TABLE lots; --", "0".repeat(10_000), "00000000-00000000-00000000-" + "f".repeat(64), "..%2F..%2F"]) {
      for (const path of ["/api/v1/inventory", "/api/v1/sales"]) {
        const response = await fetchWorker(`${INVENTORY}${path}`, { headers: { Authorization: `Bearer ${key}`, "X-D1-Bookmark": bookmark } });
        await expectNot5xx(response, "inventory", `${path} bookmark ${bookmark.slice(0, 30)}`);
      }
    }
  });

  it("header injection: CR/LF/NUL cannot be sent at all; the same payloads on one line are refused with nothing reflected", async () => {
    for (const value of ["a\r\nSet-Cookie: pwned=1", "a\nX-Injected: 1", "a\u0000b"])
      expect(() => new Request(`${INVENTORY}/api/v1/inventory`, { headers: { Authorization: value } })).toThrow(TypeError);
    for (const value of ["a Set-Cookie: pwned=1", "Bearer inv_x GET / HTTP/1.1", 'req_"><script>']) {
      const response = await fetchWorker(`${INVENTORY}/api/v1/inventory`, { headers: { Authorization: value, "X-Request-Id": value } });
      expect(response.status).toBe(401);
      expect(response.headers.get("Set-Cookie")).toBeNull();
      expect(response.headers.get("X-Request-Id")).toMatch(/^req_[0-9A-Za-z]+$/);
      expect(await response.clone().text()).not.toContain(value);
      await expectClean4xx(response, "inventory", value);
    }
  });
});

describe("routes outside the document", () => {
  const paths = [
    "/admin",
    "/admin/assets/app.js",
    "/admin/assets/app.css",
    "/api/v1/openapi.json",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/api/v1/export/..%2F..%2Fadmin",
    "/api/v1/export/customers%00.csv",
    "/admin/api/orgs/%00/keys",
    "/API/V1/INVENTORY",
    `/api/v1/${"a/".repeat(2_000)}`,
  ];

  it.each(paths.map((p) => [p.slice(0, 80), p]))("GET %s never 5xx; errors in the envelope", async (_name, path) => {
    const response = await fetchWorker(`${INVENTORY}${path}`, {});
    if (response.headers.get("Content-Type")?.startsWith("application/json")) await expectNot5xx(response, "inventory", path);
    else {
      expect(response.status).toBeLessThan(500);
      await response.arrayBuffer();
    }
  });

  it.each([["/admin/signin"], ["/admin/signout"], ["/admin/password"]])("POST %s with hostile forms never 5xx and writes nothing", async (path) => {
    const before = await dbSnapshot(env.DB);
    await postHostileForms(INVENTORY, path);
    expect(await dbSnapshot(env.DB)).toEqual(before);
  });
});

describe("no prototype pollution", () => {
  it("JSON bodies with __proto__ and constructor keys pollute nothing in the isolate", () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

// A figure sent as a JSON number with more digits than a double keeps would arrive rounded (3.0000000000000001 is the
// double 3); like the same figure sent as text with too many decimals, it is refused rather than booked rounded.
describe("JSON numbers a double cannot hold as written", () => {
  it.each([
    ["expenses", '{"category":"Freight","amount":3.0000000000000001}', "3.0000000000000001"],
    ["payments", '{"customer_id":"cust_x","amount":100.0000000000000001,"method":"upi"}', "100.0000000000000001"],
  ])("POST …/%s with %s is a 400 naming the figure, and nothing is written", async (path, body, written) => {
    const orgId = await createOrg();
    const before = await dbSnapshot(env.DB);
    const response = await fetchWorker(`${INVENTORY}/admin/api/orgs/${orgId}/${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, "Content-Type": "application/json" },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: `amount: ${written} has more digits than a JSON number keeps exactly; send at most 15`,
      code: "bad_request",
    });
    expect(await dbSnapshot(env.DB)).toEqual(before);
  });
});
