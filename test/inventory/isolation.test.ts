// Tenant isolation matrix, generated from the OpenAPI document: for every operation, organisation A (its
// admin's session on /admin/api, its key on /api/v1) aimed at organisation B's ids gets 404 (or 403 for
// operator-only operations), never sees B's identifiers, and leaves B's rows exactly as they were; B's ids
// inside A's own request bodies are not found either. Deliveries and audit rows never cross organisations.
import { env } from "cloudflare:test";
import { fetchWorker } from "../worker-under-test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { buildInventoryApp } from "../../src/inventory/app";
import { sha256Hex } from "../../src/platform/crypto";
import { expectDocumentedCode, fillPath, operationsOf } from "../reliability/kit";
import inventoryDocument from "../../docs/openapi/inventory.json?raw";
import { installReceivers, receiver } from "../webhook-receiver";
import { admin, createKey, createOrg, expectStatus, INVENTORY, signIn, type TestSession } from "./helpers";
import { customer, lot, post, sale } from "./stock-fixtures";
import { dataTables } from "../data-tables";

installReceivers();
// Each with the error codes the committed document states for it: every refusal below must be one of them.
const OPERATIONS = operationsOf(buildInventoryApp(), inventoryDocument);

interface Org {
  id: string;
  key: string;
  keyId: string;
  session: TestSession;
  customerId: string;
  customerName: string;
  supplierId: string;
  millName: string;
  lotId: string;
  saleId: string;
  webhookId: string;
  deliveryId: string;
  /** The customer.created event of its customer: a business event, listed by /events. */
  eventId: string;
  /** One ledger entry of each voidable kind, by the path segment of its void route. */
  entries: Record<string, string>;
}

async function organisation(): Promise<Org> {
  const id = await createOrg("business");
  const { key, id: keyId } = await createKey(id, { access: "read_write" });
  const customerName = `Secret Buyer ${crypto.randomUUID()}`;
  const millName = `Secret Mill ${crypto.randomUUID()}`;
  const webhookId = (await post<{ id: string }>(`/admin/api/orgs/${id}/webhooks`, { url: receiver().url })).id;
  const deliveryId = (await post<{ delivery_id: string }>(`/admin/api/orgs/${id}/webhooks/${webhookId}/test`, undefined, 200)).delivery_id;
  const buyer = await customer(id, { name: customerName });
  const stock = await lot(id);
  const sold = await sale(id, buyer.id, [{ lot_id: stock.id, kg: "5" }]);
  const entries = {
    payments: (await post<{ id: string }>(`/admin/api/orgs/${id}/payments`, { customer_id: buyer.id, amount: "1", method: "upi" })).id,
    "credit-notes": (await post<{ id: string }>(`/admin/api/orgs/${id}/credit-notes`, { customer_id: buyer.id, amount: "1" })).id,
    expenses: (await post<{ id: string }>(`/admin/api/orgs/${id}/expenses`, { category: "Freight", amount: "1" })).id,
    "mill-invoices": (
      await post<{ id: string }>(`/admin/api/orgs/${id}/mill-invoices`, {
        supplier_name: millName,
        invoice_number: "ISO-1",
        amount: "1",
      })
    ).id,
    "mill-payments": (await post<{ id: string }>(`/admin/api/orgs/${id}/mill-payments`, { supplier_name: millName, amount: "1", method: "upi" })).id,
  };
  // A recorded annual return: the year A names in B's organisation is one B has.
  await expectStatus(await admin("PUT", `/admin/api/orgs/${id}/annual-returns/2024-25`, { filed_on: "2025-10-15" }), 201);
  const supplier = await env.DB.prepare("SELECT id FROM suppliers WHERE org_id = ?1 AND name = ?2").bind(id, millName).first<{ id: string }>();
  const event = (await env.DB.prepare("SELECT id FROM events WHERE org_id = ? AND type = 'customer.created'").bind(id).first<{ id: string }>())!;
  return {
    id,
    key,
    keyId,
    session: await signIn(id),
    customerId: buyer.id,
    customerName,
    supplierId: supplier!.id,
    millName,
    lotId: stock.id,
    saleId: sold.id,
    webhookId,
    deliveryId,
    eventId: event.id,
    entries,
  };
}

let a: Org;
let b: Org;
beforeAll(async () => {
  a = await organisation();
  b = await organisation();
  // Let the queue deliver the setup's own events, so B's rows hold still while A pokes at them.
  await vi.waitFor(
    async () => {
      const pending = await env.DB.prepare("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE status = 'pending'").first<{ n: number }>();
      expect(pending!.n).toBe(0);
    },
    { timeout: 60_000, interval: 50 },
  );
});

/** B's identifiers in an answer, except those A itself sent (an echoed id tells A nothing new). */
function leaked(text: string, sent: string, o: Org): string[] {
  return secretsOf(o).filter((secret) => !sent.includes(secret) && text.includes(secret));
}

function secretsOf(o: Org): string[] {
  return [
    o.id,
    o.keyId,
    o.customerId,
    o.customerName,
    o.supplierId,
    o.millName,
    o.lotId,
    o.saleId,
    o.webhookId,
    o.eventId,
    o.session.userId,
    o.session.email,
  ];
}

async function rowsOf(o: Org): Promise<Record<string, string>> {
  const needles = secretsOf(o);
  const out: Record<string, string> = {};
  for (const name of await dataTables(env.DB)) {
    const { results } = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
    out[name] = await sha256Hex(
      results
        .map((r) => JSON.stringify(r))
        .filter((r) => needles.some((n) => r.includes(n)))
        .sort()
        .join("\n"),
    );
  }
  return out;
}

function bodyFor(key: string, target: Org): unknown {
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  const bodies: Record<string, unknown> = {
    "POST /admin/api/orgs": { name: "Intruder", plan: "business" },
    "PATCH /admin/api/orgs/{id}": { plan: "starter" },
    "POST /admin/api/orgs/{id}/keys": { access: "read_write" },
    "POST /admin/api/orgs/{id}/admins": { email: `intruder-${crypto.randomUUID()}@example.com`, password: "intruder-password" },
    "POST /admin/api/keys/{id}/rotate": { grace_hours: 24 },
    "POST /admin/api/keys/{id}/revoke": { reason: "intruder" },
    "POST /admin/api/orgs/{id}/webhooks": { url: "https://hooks.example.com/intruder" },
    "PATCH /admin/api/orgs/{id}/webhooks/{webhookId}": { disabled: true },
    "POST /admin/api/orgs/{id}/webhooks/{webhookId}/recover": { since: "2026-01-01T00:00:00Z" },
    "POST /admin/api/orgs/{id}/lots/{lotId}/adjustments": { reason: "damage", kg: "1" },
    "POST /admin/api/sales/{id}/returns": { items: [{ lot_id: target.lotId, kg: "1" }] },
    "POST /admin/api/orgs/{id}/lots/{lotId}/transfers": { godown_code: "ERD-1", kg: "1" },
    "POST /admin/api/orgs/{id}/customers": { name: "Intruder" },
    "POST /admin/api/orgs/{id}/lots": {
      lot_number: "X",
      sku: "CTN-CMB-30S1-RW",
      yarn_type: "cotton_combed",
      godown_code: "TPR-1",
      kg: "1",
      cost_per_kg: "1",
    },
    "POST /admin/api/orgs/{id}/sales": { customer_id: target.customerId, items: [{ lot_id: target.lotId, kg: "1", rate_per_kg: "1" }] },
    "POST /admin/api/orgs/{id}/payments": { customer_id: target.customerId, sale_id: target.saleId, amount: "1", method: "upi", date: today },
    "POST /admin/api/orgs/{id}/credit-notes": { customer_id: target.customerId, sale_id: target.saleId, amount: "1" },
    "POST /admin/api/orgs/{id}/expenses": { category: "Intrusion", amount: "1" },
    "POST /admin/api/orgs/{id}/mill-invoices": { supplier_name: "Sri Ramalinga Mills", invoice_number: "X-1", amount: "1" },
    "POST /admin/api/orgs/{id}/mill-payments": { supplier_name: "Sri Ramalinga Mills", amount: "1", method: "upi" },
    "PUT /admin/api/orgs/{id}/annual-returns/{financialYear}": { filed_on: "2025-10-20" },
    ...Object.fromEntries(
      ["payments", "credit-notes", "expenses", "mill-invoices", "mill-payments"].map((kind) => [
        `POST /admin/api/orgs/{id}/${kind}/{entryId}/void`,
        { reason: "intruder" },
      ]),
    ),
  };
  return bodies[key];
}

function paramsFor(path: string, target: Org, own: Org): Record<string, string> {
  if (path.startsWith("/admin/api/keys/")) return { id: target.keyId };
  if (path.startsWith("/admin/api/sales/")) return { id: target.saleId };
  // A customer's own reads take B's customer id: an existing id of another organisation, not an unknown one.
  if (path.startsWith("/api/v1/customers/{id}") || path.startsWith("/api/v1/export/customers/{id}")) return { id: target.customerId };
  // A mill's own reads, likewise, take B's mill id.
  if (path.startsWith("/api/v1/suppliers/{id}") || path.startsWith("/api/v1/export/suppliers/{id}")) return { id: target.supplierId };
  // With {adminId}, B's admin under A's own organisation.
  if (path.includes("{adminId}")) return { id: own.id, adminId: target.session.userId };
  // With {webhookId}, B's endpoint under A's own organisation (B's organisation is covered by {id} alone).
  if (path.includes("{webhookId}")) return { id: own.id, webhookId: target.webhookId, deliveryId: target.deliveryId };
  // With {eventId}, B's event under A's own organisation.
  if (path.includes("{eventId}")) return { id: own.id, eventId: target.eventId };
  // With {lotId}, B's lot under A's own organisation.
  if (path.includes("{lotId}")) return { id: own.id, lotId: target.lotId };
  // With {entryId}, B's ledger entry under A's own organisation.
  const voided = /\/orgs\/\{id\}\/([a-z-]+)\/\{entryId\}\/void$/.exec(path);
  if (voided) return { id: own.id, entryId: target.entries[voided[1]!]! };
  // A financial year B recorded, under B's organisation.
  if (path.includes("{financialYear}")) return { id: target.id, financialYear: "2024-25" };
  return { id: target.id };
}

function send(op: { method: string; key: string; path: string }, as: Org, path: string, body: unknown): Promise<Response> {
  const keyed = path.startsWith("/api/v1/");
  const headers: Record<string, string> = keyed ? { Authorization: `Bearer ${as.key}` } : { Cookie: as.session.cookie };
  if (!keyed && op.method !== "GET") headers["X-CSRF-Token"] = as.session.csrf;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return fetchWorker(`${INVENTORY}${path}`, { method: op.method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

describe.each(OPERATIONS.map((op) => [op.key, op] as const))("%s", (_key, op) => {
  it("as organisation A against organisation B: 404 (403 if operator-only), never B's data, B unchanged", async () => {
    const before = await rowsOf(b);
    const hasId = op.path.includes("{");
    const path = hasId ? fillPath(op.path, paramsFor(op.path, b, a)) : op.path;
    const body = bodyFor(op.key, b);
    const response = await send(op, a, path, body);
    const text = await response.text();
    if (hasId) expect([404, 403], text).toContain(response.status);
    else expect(response.status, text).toBeLessThan(500);
    if (response.status >= 400) expectDocumentedCode(op, response.status, JSON.parse(text).code ?? null, "another organisation's id");
    expect(leaked(text, path + JSON.stringify(body ?? ""), b)).toEqual([]);
    expect(await rowsOf(b)).toEqual(before);
  });
});

describe("B's ids inside A's own requests", () => {
  it.each([["sales"], ["payments"], ["credit-notes"]])(
    "POST /admin/api/orgs/{A}/%s naming B's customer, lot or sale is 404, B unchanged",
    async (kind) => {
      const before = await rowsOf(b);
      const body = bodyFor(`POST /admin/api/orgs/{id}/${kind}`, b);
      const response = await send({ method: "POST", key: `POST /admin/api/orgs/{id}/${kind}`, path: "" }, a, `/admin/api/orgs/${a.id}/${kind}`, body);
      const text = await response.text();
      expect([response.status, JSON.parse(text).code], text).toEqual([404, "not_found"]);
      expect(leaked(text, JSON.stringify(body), b)).toEqual([]);
      expect(await rowsOf(b)).toEqual(before);
    },
  );

  it("A's key reads and exports only A's lots, sales, customers, mills and their statements", async () => {
    for (const path of [
      "/api/v1/inventory?limit=1000",
      "/api/v1/sales?from=2020-01-01&limit=1000",
      "/api/v1/gst-summary",
      `/api/v1/customers/${a.customerId}/statement`,
      `/api/v1/export/customers/${a.customerId}/statement`,
      "/api/v1/suppliers",
      `/api/v1/suppliers/${a.supplierId}/statement`,
      `/api/v1/export/suppliers/${a.supplierId}/statement`,
      "/api/v1/export/customers",
      "/api/v1/export/expenses",
      "/api/v1/export/mill-payments",
    ]) {
      const response = await fetchWorker(`${INVENTORY}${path}`, { headers: { Authorization: `Bearer ${a.key}` } });
      const text = await response.text();
      expect(response.status, text).toBe(200);
      for (const secret of secretsOf(b)) expect(text).not.toContain(secret);
    }
  });

  it("A's session lists only A's events, and B's event under A's organisation is the 404 of an unknown id", async () => {
    const response = await send({ method: "GET", key: "", path: "" }, a, `/admin/api/orgs/${a.id}/events?limit=1000`, undefined);
    const text = await response.text();
    expect(response.status, text).toBe(200);
    expect(text).toContain(a.eventId);
    for (const secret of secretsOf(b)) expect(text).not.toContain(secret);
    const theirs = await send({ method: "GET", key: "", path: "" }, a, `/admin/api/orgs/${a.id}/events/${b.eventId}`, undefined);
    const unknown = await send({ method: "GET", key: "", path: "" }, a, `/admin/api/orgs/${a.id}/events/evt_unknown`, undefined);
    expect([theirs.status, await theirs.json()]).toEqual([unknown.status, await unknown.json()]);
    expect(unknown.status).toBe(404);
  });
});

describe("invariants over everything the suite wrote", () => {
  it("every delivery goes to an endpoint of the event's organisation; every audit row's key is of its organisation", async () => {
    const crossed = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id JOIN events ev ON ev.id = d.event_id
       WHERE e.org_id <> ev.org_id OR d.org_id <> e.org_id`,
    ).first<{ n: number }>();
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM webhook_deliveries").first<{ n: number }>())!.n).toBeGreaterThan(0);
    expect(crossed!.n).toBe(0);
    const audit = await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log l JOIN api_keys k ON k.id = l.key_id WHERE k.org_id <> l.org_id").first<{
      n: number;
    }>();
    expect(audit!.n).toBe(0);
  });
});
