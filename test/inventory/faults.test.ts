// Faults on the service side: a D1 error in the middle of a back-office write (its outbox insert aborts
// inside the batch) or a table that is gone is a 500 internal_error that says nothing about the database,
// and nothing is half-written; a key guard whose state is broken never lets a request through.
import { env, runInDurableObject } from "cloudflare:test";
import { fetchWorker } from "../worker-under-test";
import { afterEach, describe, expect, it } from "vitest";
import { hashApiKey } from "../../src/platform/keys/format";
import { captureConsole, checkEnvelope, dbSnapshot } from "../reliability/kit";
import { createKey, createOrg, INVENTORY } from "./helpers";
import { customer, lot } from "./stock-fixtures";

function operator(method: string, path: string, body?: unknown): Promise<Response> {
  return fetchWorker(`${INVENTORY}${path}`, {
    method,
    headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function expectInternalError(response: Response): Promise<void> {
  const text = await response.text();
  expect(response.status, text).toBe(500);
  checkEnvelope(response, text, "inventory", "internal error");
  expect(JSON.parse(text).code).toBe("internal_error");
  expect(text).not.toMatch(/events|lots|sales|INSERT|UPDATE|SELECT|trigger|fault/i);
}

const cleanups: string[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await env.DB.prepare(cleanups.pop()!).run();
});

async function failInsertsInto(table: string): Promise<void> {
  await env.DB.prepare(`CREATE TRIGGER fault_${table} BEFORE INSERT ON ${table} BEGIN SELECT RAISE(ABORT, 'injected fault in ${table}'); END`).run();
  cleanups.push(`DROP TRIGGER fault_${table}`);
}

describe("a D1 error in the middle of a request", () => {
  it.each([
    ["a sale (lots, sale, items, invoice number and events in one batch)", "sales"],
    ["a customer", "customers"],
    ["an expense", "expenses"],
  ])("%s whose outbox insert fails: 500 internal_error, nothing written", async (_name, kind) => {
    const orgId = await createOrg("business");
    const buyer = await customer(orgId);
    const stock = await lot(orgId, { kg: "100" });
    const bodies: Record<string, unknown> = {
      sales: { customer_id: buyer.id, items: [{ lot_id: stock.id, kg: "40", rate_per_kg: "320.00" }] },
      customers: { name: "Never written" },
      expenses: { category: "Freight", amount: "100" },
    };
    await failInsertsInto("events");
    if (kind === "expenses") await failInsertsInto("expenses");
    const before = await dbSnapshot(env.DB);
    const logs = captureConsole();
    try {
      await expectInternalError(await operator("POST", `/admin/api/orgs/${orgId}/${kind}`, bodies[kind]));
    } finally {
      logs.restore();
    }
    expect(await dbSnapshot(env.DB)).toEqual(before);
    expect(logs.text()).toContain("injected fault");
  });

  it("cancelling a sale whose event insert fails: 500, the stock is not returned twice or half", async () => {
    const orgId = await createOrg("business");
    const buyer = await customer(orgId);
    const stock = await lot(orgId, { kg: "100" });
    const sale = await (
      await operator("POST", `/admin/api/orgs/${orgId}/sales`, {
        customer_id: buyer.id,
        items: [{ lot_id: stock.id, kg: "40", rate_per_kg: "320.00" }],
      })
    ).json<{ data: { id: string } }>();
    await failInsertsInto("events");
    const before = await dbSnapshot(env.DB);
    const logs = captureConsole();
    try {
      await expectInternalError(await operator("POST", `/admin/api/sales/${sale.data.id}/cancel`));
    } finally {
      logs.restore();
    }
    expect(await dbSnapshot(env.DB)).toEqual(before);
  });

  it("a table that is gone on the read API: 500 internal_error with no database detail", async () => {
    const orgId = await createOrg("business");
    const { key } = await createKey(orgId, { access: "read_only" });
    await env.DB.prepare("ALTER TABLE lots RENAME TO lots_gone").run();
    cleanups.push("ALTER TABLE lots_gone RENAME TO lots");
    const logs = captureConsole();
    try {
      await expectInternalError(await fetchWorker(`${INVENTORY}/api/v1/inventory`, { headers: { Authorization: `Bearer ${key}` } }));
      const csv = await fetchWorker(`${INVENTORY}/api/v1/export/customers`, { headers: { Authorization: `Bearer ${key}` } });
      expect(csv.status).toBeLessThan(500);
      await csv.arrayBuffer();
    } finally {
      logs.restore();
    }
  });

  it.each([
    ["customers", "payments"],
    ["mill-payments", "suppliers"],
  ])("an export whose rows cannot be read (%s without %s): 500 internal_error in JSON, not a 200 with a cut-off file", async (name, table) => {
    const orgId = await createOrg("business");
    const { key } = await createKey(orgId, { access: "read_only" });
    await customer(orgId);
    await fetchWorker(`${INVENTORY}/admin/api/orgs/${orgId}/mill-payments`, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ supplier_name: "Fault Mill", amount: "10", method: "neft" }),
    });
    await env.DB.prepare(`ALTER TABLE ${table} RENAME TO ${table}_gone`).run();
    cleanups.push(`ALTER TABLE ${table}_gone RENAME TO ${table}`);
    const logs = captureConsole();
    try {
      // Errors of exports are JSON in the standard error body (the API description); a client that got 200
      // would keep a file holding the header row alone as if the organisation had no rows.
      await expectInternalError(await fetchWorker(`${INVENTORY}/api/v1/export/${name}`, { headers: { Authorization: `Bearer ${key}` } }));
    } finally {
      logs.restore();
    }
  });
});

describe("a Durable Object (key guard) that fails", () => {
  it.each([
    ["limits that make authorize throw", (s: Record<string, unknown>) => void (s.limits = null)],
    ["an unknown status", (s: Record<string, unknown>) => void (s.status = "paused")],
    ["an expiry that is not a number", (s: Record<string, unknown>) => void (s.expiresAt = "later")],
    ["grants that are not a list", (s: Record<string, unknown>) => void (s.grants = { length: 3 })],
  ])("%s: refused or 5xx in the envelope, never allowed", async (_name, edit) => {
    const orgId = await createOrg("business");
    const { key } = await createKey(orgId, { access: "read_only" });
    const stub = env.KEY_GUARD.get(env.KEY_GUARD.idFromName(await hashApiKey(key)));
    await runInDurableObject(stub, async (instance, state) => {
      const stored = (await state.storage.get<Record<string, unknown>>("state"))!;
      edit(stored);
      await state.storage.put("state", stored);
      (instance as unknown as { stored: { state: unknown } }).stored.state = stored;
    });
    const logs = captureConsole();
    try {
      const response = await fetchWorker(`${INVENTORY}/api/v1/inventory`, { headers: { Authorization: `Bearer ${key}` } });
      const text = await response.text();
      expect([401, 500, 503], text).toContain(response.status);
      checkEnvelope(response, text, "inventory", "corrupt guard");
    } finally {
      logs.restore();
    }
  });
});
