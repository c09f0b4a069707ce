import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, istDateOf } from "../../../src/inventory/domain/ist";
import { PAGE_ROWS } from "../../../src/inventory/exports/queries";
import { newId } from "../../../src/platform/ids";
import { captureConsole } from "../../reliability/kit";
import { api, createKey, expectError, expectStatus } from "../helpers";
import { sameMillisecondIds } from "../../same-millisecond";
import { parseCsv } from "../domain/csv-parse";
import { customer, lot, orgWithKey, post, q, sale } from "../stock-fixtures";

const today = istDateOf(Date.now());

async function exportCsv(key: string, name: string): Promise<{ rows: string[][]; response: Response; bytes: Uint8Array }> {
  const response = await api(`/api/v1/export/${name}`, key);
  const bytes = new Uint8Array(await response.clone().arrayBuffer());
  if (response.status !== 200) expect(response.status, await response.text()).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="${name}-${today}.csv"`);
  // UTF-8 without a byte order mark unless asked for: the first byte is the header's.
  expect(bytes[0]).not.toBe(0xef);
  const text = new TextDecoder("utf-8").decode(bytes);
  return { rows: parseCsv(text), response, bytes };
}

describe("the byte order mark", () => {
  it.each([
    ["customers", "id"],
    ["expenses", "date"],
    ["mill-payments", "supplier_name"],
  ])("%s: only with bom=true (bom=false is the default); any other value is 400", async (name, firstColumn) => {
    const { key } = await orgWithKey();
    const withMark = new Uint8Array(await (await api(`/api/v1/export/${name}?bom=true`, key)).arrayBuffer());
    expect([...withMark.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder("utf-8", { fatal: false, ignoreBOM: true }).decode(withMark.slice(3)).startsWith(`${firstColumn},`)).toBe(true);
    // Bytes, not text(): decoding UTF-8 drops a leading byte order mark.
    for (const query of ["", "?bom=false"]) {
      const bytes = new Uint8Array(await (await api(`/api/v1/export/${name}${query}`, key)).arrayBuffer());
      expect(new TextDecoder("utf-8", { fatal: false, ignoreBOM: true }).decode(bytes).startsWith(`${firstColumn},`), query).toBe(true);
    }
    const message = await expectError(await api(`/api/v1/export/${name}?bom=yes`, key), 400, "bad_request");
    expect(message).toMatch(/^bom/);
  });
});

/** Multi-row INSERTs, 500 rows per statement, so 10,000+ rows go in quickly. */
async function bulkInsert(table: string, columns: string[], rows: string[][]): Promise<void> {
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const values = rows
      .slice(i, i + 500)
      .map((r) => `(${r.join(", ")})`)
      .join(",\n");
    statements.push(env.DB.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES ${values}`));
  }
  await env.DB.batch(statements);
}

const tricky = {
  name: 'Shree "Ganesh" Yarns, Unit-2',
  contact: "+91 98430 12345",
  address: "Plot 7, SIDCO Estate\nTiruppur – 641 604\r\nTamil Nadu ₹ தமிழ்நாடு",
  hindi: "श्री गणेश धागा भंडार",
  formula: '=HYPERLINK("http://evil","x")',
};

describe("GET /api/v1/export/customers", () => {
  let orgId: string;
  let key: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ orgId, key } = await orgWithKey());
    ids.tricky = (
      await customer(orgId, { name: tricky.name, contact: tricky.contact, gstin: "33AAECG4315R1ZE", address: tricky.address, credit_limit: "500000" })
    ).id;
    ids.hindi = (await customer(orgId, { name: tricky.hindi, gstin: "27AAPFU0939F1ZV" })).id;
    ids.formula = (await customer(orgId, { name: tricky.formula, contact: "@sum", address: "-2+3" })).id;
    const l = await lot(orgId, { kg: "1000" });
    // tricky: billed 2 × ₹1050 (one more cancelled), paid ₹1050 + ₹150, credit note ₹100 → outstanding 800.00.
    const s1 = await sale(orgId, ids.tricky, [{ lot_id: l.id, kg: "10", rate_per_kg: "100" }]);
    await sale(orgId, ids.tricky, [{ lot_id: l.id, kg: "10", rate_per_kg: "100" }]);
    const cancelled = await sale(orgId, ids.tricky, [{ lot_id: l.id, kg: "10", rate_per_kg: "100" }]);
    await expectStatus(
      await api(`/admin/api/sales/${cancelled.id}/cancel`, null, { method: "POST", headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}` } }),
      200,
    );
    // ₹1050 settles s1 and ₹150 is on account: more than an invoice's outstanding cannot be applied to it.
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: ids.tricky, sale_id: s1.id, amount: "1050", method: "neft" });
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: ids.tricky, amount: "150", method: "neft" });
    await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: ids.tricky, amount: "100" });
    // formula: an advance with no sales → a negative outstanding, which must stay a number.
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: ids.formula, amount: "1250", method: "upi" });
  });

  it("has the seed's header row and round-trips commas, quotes, newlines, ₹ and Indian scripts", async () => {
    const { rows } = await exportCsv(key, "customers");
    expect(rows[0]).toEqual(["id", "name", "contact", "gstin", "address", "credit_limit", "total_billed", "total_paid", "outstanding"]);
    expect(rows.slice(1).map((r) => r[0])).toEqual([ids.tricky, ids.hindi, ids.formula]);
    expect(rows[1]).toEqual([
      ids.tricky,
      tricky.name,
      "'+91 98430 12345",
      "33AAECG4315R1ZE",
      tricky.address,
      "500000.00",
      "2100.00",
      "1200.00",
      "800.00",
    ]);
    expect(rows[2]).toEqual([ids.hindi, tricky.hindi, "", "27AAPFU0939F1ZV", "", "0.00", "0.00", "0.00", "0.00"]);
    expect(rows.every((r) => r.length === 9)).toBe(true);
  });

  it("guards text cells against formula injection but leaves numbers alone (a negative outstanding stays -1250.00)", async () => {
    const { rows } = await exportCsv(key, "customers");
    expect(rows[3]).toEqual([ids.formula, `'${tricky.formula}`, "'@sum", "", "'-2+3", "0.00", "0.00", "1250.00", "-1250.00"]);
  });

  it("a cancelled sale takes its credit notes with it: sale 210.00, credit note 50.00, payment 160.00, cancel → the customer is owed 160.00", async () => {
    const { orgId, key } = await orgWithKey();
    const buyer = await customer(orgId);
    const l = await lot(orgId);
    const s = await sale(orgId, buyer.id, [{ lot_id: l.id, kg: "2", rate_per_kg: "100" }]); // 200.00 + 5 % = 210.00
    await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, sale_id: s.id, amount: "50" });
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, sale_id: s.id, amount: "160", method: "upi" });
    await expectStatus(
      await api(`/admin/api/sales/${s.id}/cancel`, null, { method: "POST", headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}` } }),
      200,
    );
    // Billed 0 (cancelled), paid 160, credited 0 (reversed with the sale): outstanding 0 − 160 − 0 = −160.00.
    const { rows } = await exportCsv(key, "customers");
    expect(rows[1]!.slice(-3)).toEqual(["0.00", "160.00", "-160.00"]);
  });

  it("shows only the key's organisation and needs exports:read", async () => {
    const other = await orgWithKey();
    await customer(other.orgId, { name: "Other org's customer" });
    const { rows } = await exportCsv(other.key, "customers");
    expect(rows.slice(1).map((r) => r[1])).toEqual(["Other org's customer"]);
    const inventoryOnly = await createKey(orgId, { scopes: ["inventory:read"] });
    await expectError(await api("/api/v1/export/customers", inventoryOnly.key), 403, "missing_scope");
    // customers:read opens the JSON list only: the same data as a file needs exports:read.
    const customersOnly = await createKey(orgId, { scopes: ["customers:read"] });
    await expectError(await api("/api/v1/export/customers", customersOnly.key), 403, "missing_scope");
    const exportsOnly = await createKey(orgId, { scopes: ["exports:read"] });
    expect((await exportCsv(exportsOnly.key, "customers")).rows[0]!.join(",")).toBe(
      "id,name,contact,gstin,address,credit_limit,total_billed,total_paid,outstanding",
    );
    await expectError(await api("/api/v1/suppliers", exportsOnly.key), 403, "missing_scope");
    await expectError(await api("/api/v1/export/customers", null), 401, "missing_token");
    await expectError(await api("/api/v1/export/customers?page=2", key), 400, "bad_request");
  });
});

describe("GET /api/v1/export/expenses", () => {
  it("newest first, with the seed's columns, notes round-tripping", async () => {
    const { orgId, key } = await orgWithKey();
    const older = await post(`/admin/api/orgs/${orgId}/expenses`, {
      date: addDays(today, -2),
      category: "Freight",
      amount: "1500",
      notes: 'Lorry TN-39 to Erode, "urgent"',
      created_by: "Ravi",
    });
    const newest = await post(`/admin/api/orgs/${orgId}/expenses`, { date: today, category: "=Loading", amount: "250.75", notes: "हमाली\nmazdoor" });
    const sameDayLater = await post(`/admin/api/orgs/${orgId}/expenses`, { date: addDays(today, -2), category: "Packing", amount: "99.99" });
    const { rows } = await exportCsv(key, "expenses");
    expect(rows[0]).toEqual(["date", "category", "amount", "notes", "created_by"]);
    expect(rows.slice(1)).toEqual([
      [today, "'=Loading", "250.75", "हमाली\nmazdoor", "operator"],
      [addDays(today, -2), "Packing", "99.99", "", "operator"],
      [addDays(today, -2), "Freight", "1500.00", 'Lorry TN-39 to Erode, "urgent"', "Ravi"],
    ]);
    expect([newest.id, sameDayLater.id, older.id]).toHaveLength(3);
  });

  it("lists expenses of one date written in the same millisecond later entries first, across the export's pages", async () => {
    const { orgId, key } = await orgWithKey();
    const at = Date.now();
    // 520 entries of one date: more than a page of 500, so the order must hold across a page boundary too.
    const written = sameMillisecondIds("exp", 520, at);
    await bulkInsert(
      "expenses",
      ["id", "org_id", "spent_on", "category", "amount_paise", "created_by", "created_at"],
      written.map((id, i) => [`'${id}'`, `'${orgId}'`, `'${today}'`, "'Freight'", `${(i + 1) * 100}`, "'operator'", `${at}`]),
    );
    const { rows } = await exportCsv(key, "expenses");
    // Entry i (from 0) is ₹(i + 1).00, so later entries first reads ₹520.00 down to ₹1.00.
    expect(rows.slice(1).map((r) => r[2])).toEqual(written.map((_, i) => `${written.length - i}.00`));
  });

  it("is capped at 10,000 rows (the newest), and says so in X-Export-Truncated", async () => {
    const { orgId, key } = await orgWithKey();
    const base = Date.parse("2020-01-01T00:00:00Z");
    const rows = Array.from({ length: 10_050 }, (_, i) => {
      const date = new Date(base + i * 3_600_000).toISOString().slice(0, 10);
      return [q(`exp_bulk${String(i).padStart(8, "0")}`), q(orgId), q(date), q("Bulk"), String(100 + i), "NULL", q("seed"), String(base + i)];
    });
    await bulkInsert("expenses", ["id", "org_id", "spent_on", "category", "amount_paise", "notes", "created_by", "created_at"], rows);
    const { rows: csv, response } = await exportCsv(key, "expenses");
    expect(response.headers.get("X-Export-Truncated")).toBe("true");
    expect(csv).toHaveLength(10_001);
    // Newest first: the first row is the last inserted; the 50 oldest are the ones left out.
    expect(csv[1]![2]).toBe("101.49"); // 100 + 10,049 paise
    expect(csv[10_000]![2]).toBe("1.50"); // 100 + 50 paise: row 50, the oldest kept
    const dates = csv.slice(1).map((r) => r[0]!);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("counts only entries that are not voided against the cap: 10,000 live expenses and a voided one are the whole export, not truncated", async () => {
    const { orgId, key } = await orgWithKey();
    const base = Date.parse("2020-01-01T00:00:00Z");
    const rows = Array.from({ length: 10_001 }, (_, i) => {
      const date = new Date(base + i * 3_600_000).toISOString().slice(0, 10);
      const voided = i === 0 ? [String(base), q("entered twice"), q("operator")] : ["NULL", "NULL", "NULL"];
      return [q(`exp_void${String(i).padStart(8, "0")}`), q(orgId), q(date), q("Bulk"), String(100 + i), q("seed"), String(base + i), ...voided];
    });
    await bulkInsert(
      "expenses",
      ["id", "org_id", "spent_on", "category", "amount_paise", "created_by", "created_at", "voided_at", "void_reason", "voided_by"],
      rows,
    );
    const { rows: csv, response } = await exportCsv(key, "expenses");
    expect(csv).toHaveLength(1 + 10_000);
    expect(csv[10_000]![2]).toBe("1.01"); // 100 + 1 paise: the oldest live expense is in, so nothing was left out
    expect(response.headers.get("X-Export-Truncated")).toBe("false");
  });
});

describe("GET /api/v1/export/mill-payments", () => {
  it("one row per mill invoice and per payment, type invoice or payment, newest first", async () => {
    const { orgId, key } = await orgWithKey();
    const inv1 = await post(`/admin/api/orgs/${orgId}/mill-invoices`, {
      supplier_name: "Sri Ramalinga Mills, Aruppukottai",
      invoice_number: "SRM/0457",
      date: addDays(today, -20),
      amount: "245000",
    });
    await post(`/admin/api/orgs/${orgId}/mill-payments`, {
      supplier_name: "Sri Ramalinga Mills, Aruppukottai",
      mill_invoice_id: inv1.id,
      date: addDays(today, -5),
      amount: "100000",
      method: "rtgs",
      reference: "UTR HDFC 0001",
    });
    await post(`/admin/api/orgs/${orgId}/mill-invoices`, {
      supplier_name: "वर्धमान स्पिनिंग",
      invoice_number: "-VS/88",
      date: addDays(today, -5),
      amount: "50000.5",
    });
    await post(`/admin/api/orgs/${orgId}/mill-payments`, {
      supplier_name: "वर्धमान स्पिनिंग",
      date: today,
      amount: "50000.50",
      method: "cheque",
      reference: "+000123",
    });
    const { rows } = await exportCsv(key, "mill-payments");
    expect(rows).toEqual([
      ["supplier_name", "type", "date", "amount", "reference", "method"],
      ["वर्धमान स्पिनिंग", "payment", today, "50000.50", "'+000123", "cheque"],
      ["वर्धमान स्पिनिंग", "invoice", addDays(today, -5), "50000.50", "'-VS/88", ""],
      ["Sri Ramalinga Mills, Aruppukottai", "payment", addDays(today, -5), "100000.00", "UTR HDFC 0001", "rtgs"],
      ["Sri Ramalinga Mills, Aruppukottai", "invoice", addDays(today, -20), "245000.00", "SRM/0457", ""],
    ]);
  });

  it("lists a date's rows of one written millisecond invoices first, each table later entries first, across pages", async () => {
    const { orgId, key } = await orgWithKey();
    await post(`/admin/api/orgs/${orgId}/mill-payments`, { supplier_name: "Tie Mill", date: addDays(today, -1), amount: "7", method: "neft" });
    const supplier = await env.DB.prepare("SELECT id FROM suppliers WHERE org_id = ? AND name = 'Tie Mill'").bind(orgId).first<{ id: string }>();
    const at = Date.now();
    // 520 invoices and 520 payments of today, all written in millisecond `at` (more than a page of 500 each, so the
    // order holds across page boundaries), with a payment written a millisecond later and an invoice a millisecond
    // earlier. Entry i (from 0) of each table is ₹(i + 1).00.
    const invoiceIds = [newId("minv", at - 1), ...sameMillisecondIds("minv", 520, at)];
    const paymentIds = [...sameMillisecondIds("mpay", 520, at), newId("mpay", at + 1)];
    const writtenAt = (id: string) => (id === invoiceIds[0] ? at - 1 : id === paymentIds[520] ? at + 1 : at);
    await bulkInsert(
      "mill_invoices",
      ["id", "org_id", "supplier_id", "invoice_number", "invoiced_on", "amount_paise", "created_at"],
      invoiceIds.map((id, i) => [q(id), q(orgId), q(supplier!.id), q(`T-${i}`), q(today), String(i === 0 ? 99_900 : i * 100), String(writtenAt(id))]),
    );
    await bulkInsert(
      "mill_payments",
      ["id", "org_id", "supplier_id", "paid_on", "amount_paise", "method", "created_at"],
      paymentIds.map((id, i) => [
        q(id),
        q(orgId),
        q(supplier!.id),
        q(today),
        String(i === 520 ? 88_800 : (i + 1) * 100),
        "'neft'",
        String(writtenAt(id)),
      ]),
    );
    const { rows } = await exportCsv(key, "mill-payments");
    const laterEntriesFirst = (type: string) => Array.from({ length: 520 }, (_, i) => [type, `${520 - i}.00`]);
    expect(rows.slice(1).map((r) => [r[1], r[3]])).toEqual([
      ["payment", "888.00"],
      ...laterEntriesFirst("invoice"),
      ...laterEntriesFirst("payment"),
      ["invoice", "999.00"],
      ["payment", "7.00"],
    ]);
  });

  it("caps each source table at 10,000 rows on its own", async () => {
    const { orgId, key } = await orgWithKey();
    await post(`/admin/api/orgs/${orgId}/mill-payments`, { supplier_name: "Bulk Mill", date: today, amount: "1", method: "neft" });
    await post(`/admin/api/orgs/${orgId}/mill-payments`, { supplier_name: "Bulk Mill", date: addDays(today, -1), amount: "2", method: "neft" });
    const supplier = await env.DB.prepare("SELECT id FROM suppliers WHERE org_id = ? AND name = 'Bulk Mill'").bind(orgId).first<{ id: string }>();
    const base = Date.parse("2021-01-01T00:00:00Z");
    const rows = Array.from({ length: 10_001 }, (_, i) => [
      q(`minv_bulk${String(i).padStart(8, "0")}`),
      q(orgId),
      q(supplier!.id),
      q(`B-${i}`),
      q(new Date(base + i * 3_600_000).toISOString().slice(0, 10)),
      "100",
      "NULL",
      String(base),
    ]);
    await bulkInsert("mill_invoices", ["id", "org_id", "supplier_id", "invoice_number", "invoiced_on", "amount_paise", "notes", "created_at"], rows);
    const { rows: csv, response } = await exportCsv(key, "mill-payments");
    expect(response.headers.get("X-Export-Truncated")).toBe("true");
    expect(csv).toHaveLength(1 + 10_000 + 2);
    expect(csv.filter((r) => r[1] === "invoice")).toHaveLength(10_000);
    expect(csv.filter((r) => r[1] === "payment")).toHaveLength(2);
    expect(csv.slice(1).some((r) => r[4] === "B-0")).toBe(false); // the oldest invoice is the one left out
  });

  it("counts only mill invoices that are not voided against the cap", async () => {
    const { orgId, key } = await orgWithKey();
    await post(`/admin/api/orgs/${orgId}/mill-payments`, { supplier_name: "Voids Mill", date: today, amount: "1", method: "neft" });
    const supplier = await env.DB.prepare("SELECT id FROM suppliers WHERE org_id = ? AND name = 'Voids Mill'").bind(orgId).first<{ id: string }>();
    const base = Date.parse("2021-01-01T00:00:00Z");
    const rows = Array.from({ length: 10_001 }, (_, i) => [
      q(`minv_void${String(i).padStart(8, "0")}`),
      q(orgId),
      q(supplier!.id),
      q(`V-${i}`),
      q(new Date(base + i * 3_600_000).toISOString().slice(0, 10)),
      "100",
      String(base),
      ...(i === 0 ? [String(base), q("wrong mill"), q("operator")] : ["NULL", "NULL", "NULL"]),
    ]);
    await bulkInsert(
      "mill_invoices",
      ["id", "org_id", "supplier_id", "invoice_number", "invoiced_on", "amount_paise", "created_at", "voided_at", "void_reason", "voided_by"],
      rows,
    );
    const { rows: csv, response } = await exportCsv(key, "mill-payments");
    expect(csv.filter((r) => r[1] === "invoice")).toHaveLength(10_000);
    expect(csv.slice(1).some((r) => r[4] === "V-1")).toBe(true); // the oldest live invoice is in
    expect(response.headers.get("X-Export-Truncated")).toBe("false");
  });
});

describe("customers export cap", () => {
  it("stops at 10,000 customers", async () => {
    const { orgId, key } = await orgWithKey();
    const rows = Array.from({ length: 10_002 }, (_, i) => [q(`cust_bulk${String(i).padStart(8, "0")}`), q(orgId), q(`Bulk ${i}`), "0", String(i)]);
    await bulkInsert("customers", ["id", "org_id", "name", "credit_limit_paise", "created_at"], rows);
    const { rows: csv, response } = await exportCsv(key, "customers");
    expect(response.headers.get("X-Export-Truncated")).toBe("true");
    expect(csv).toHaveLength(10_001);
    expect(csv[10_000]![0]).toBe("cust_bulk00009999");
  });

  it("is not truncated at or under the cap", async () => {
    const { orgId, key } = await orgWithKey();
    await customer(orgId);
    const { response } = await exportCsv(key, "customers");
    expect(response.headers.get("X-Export-Truncated")).toBe("false");
  });
});

/**
 * A customer whose total the export cannot print: 645 payments on account of the most one payment may be
 * (₹1,40,00,00,00,000.00 = 1.4e13 paise) add up to 9.03e15 paise, past 2^53 − 1; the books keep them, and a read that
 * would print the total refuses to round it.
 */
async function customerPastTheExactRange(orgId: string): Promise<void> {
  const big = await customer(orgId, { name: "Customer past the exact range" });
  await env.DB.prepare(
    `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 645)
     INSERT INTO payments (id, org_id, customer_id, sale_id, amount_paise, method, reference, paid_on, created_at)
     SELECT 'pay_big_' || ?2 || '_' || i, ?1, ?2, NULL, 14000000000000, 'neft', NULL, ?3, ?4 FROM k`,
  )
    .bind(orgId, big.id, istDateOf(Date.now()), Date.now())
    .run();
}

describe("an export whose first page holds a row it cannot print", () => {
  it("answers a JSON 500 before any CSV, also when that row is not the first", async () => {
    const { orgId, key } = await orgWithKey();
    await customer(orgId, { name: "Ordinary customer" });
    await customerPastTheExactRange(orgId);
    const response = await api("/api/v1/export/customers", key);
    expect(response.headers.get("Content-Type")).toBe("application/json");
    await expectError(response, 500, "internal_error");
  });
});

describe("an export that fails once its first page has gone", () => {
  it("breaks the download off, and logs the failure with the X-Request-Id the client received", async () => {
    const { orgId, key } = await orgWithKey();
    const now = Date.now();
    const firstPage = Array.from({ length: PAGE_ROWS }, (_, i) => `('${newId("cust")}', '${orgId}', 'Customer ${i}', 0, ${now})`);
    await env.DB.prepare(`INSERT INTO customers (id, org_id, name, credit_limit_paise, created_at) VALUES ${firstPage.join(", ")}`).run();
    await customerPastTheExactRange(orgId);
    const logs = captureConsole();
    let response: Response;
    try {
      response = await api("/api/v1/export/customers", key);
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow();
    } finally {
      logs.restore();
    }
    const requestId = response.headers.get("X-Request-Id")!;
    const line = logs.lineWith(requestId);
    expect(line, logs.text()).toMatch(/^export failed mid-stream {/);
    expect(JSON.parse(line.slice(line.indexOf("{")))).toEqual({
      requestId,
      path: "/api/v1/export/customers",
      error: "RangeError: not an integer amount: 9030000000000000",
    });
  });
});
