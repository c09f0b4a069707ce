import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, istDateOf } from "../../../src/inventory/domain/ist";
import { LotSchema } from "../../../src/inventory/stock/schemas";
import { CustomerSchema } from "../../../src/inventory/ledger/schemas";
import { SaleSchema } from "../../../src/inventory/sales/schemas";
import { admin, api, asSession, createOrg, expectError, expectStatus, INVENTORY, signIn } from "../helpers";
import { countedUpBeforeTheRule, customer, lot, orgWithKey, post, sale } from "../stock-fixtures";

const today = istDateOf(Date.now());

async function gramsRemaining(lotId: string): Promise<number> {
  return (await env.DB.prepare("SELECT grams_remaining FROM lots WHERE id = ?").bind(lotId).first<{ grams_remaining: number }>())!.grams_remaining;
}

async function eventsOf(orgId: string, type?: string) {
  const { results } = await env.DB.prepare(
    "SELECT id, type, payload, dedupe_key FROM events WHERE org_id = ?1 AND (?2 IS NULL OR type = ?2) ORDER BY id",
  )
    .bind(orgId, type ?? null)
    .all<{ id: string; type: string; payload: string; dedupe_key: string | null }>();
  return results.map((r) => ({ ...r, payload: JSON.parse(r.payload) as Record<string, unknown> }));
}

async function count(table: string, orgId: string): Promise<number> {
  return (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE org_id = ?`).bind(orgId).first<{ n: number }>())!.n;
}

describe("POST /admin/api/orgs/{id}/customers", () => {
  let orgId: string;
  beforeAll(async () => {
    orgId = await createOrg();
  });

  it("creates a customer with a checked GSTIN (upper-cased) and emits customer.created in the same batch", async () => {
    const created = CustomerSchema.parse(
      await post(`/admin/api/orgs/${orgId}/customers`, {
        name: "Sri Murugan Tex",
        contact: "+91 98430 12345",
        gstin: " 33aaecg4315r1ze ",
        address: "12 Kamaraj Road, Tiruppur",
        credit_limit: "5,00,000",
      }),
    );
    expect(created).toMatchObject({ gstin: "33AAECG4315R1ZE", credit_limit: "500000.00", contact: "+91 98430 12345" });
    const events = await eventsOf(orgId, "customer.created");
    expect(events.map((e) => e.payload)).toContainEqual({ customer_id: created.id, name: "Sri Murugan Tex", gstin: "33AAECG4315R1ZE" });
  });

  describe.each([
    [{ name: "" }, "name"],
    [{ name: "A", gstin: "33AAECG4315R1ZF" }, "gstin"], // wrong check character
    [{ name: "A", gstin: "99AAECG4315R1ZE" }, "gstin"], // unknown state
    [{ name: "A", gstin: "33AAECG4315R1Z" }, "gstin"],
    [{ name: "A", credit_limit: "-1" }, "credit_limit"],
    [{ name: "A", credit_limit: "12.345" }, "credit_limit"],
    [{ name: "A", colour: "red" }, "colour"],
  ])("%j", (body, field) => {
    it(`is 400 naming ${field}, and writes nothing`, async () => {
      const before = await count("customers", orgId);
      const message = await expectError(await admin("POST", `/admin/api/orgs/${orgId}/customers`, body), 400, "bad_request");
      expect(message.startsWith(field)).toBe(true);
      expect(await count("customers", orgId)).toBe(before);
    });
  });

  it("is 401 without credentials, 404 for an unknown organisation, and a session acts only on its own organisation", async () => {
    const response = await fetchWorker(`${INVENTORY}/admin/api/orgs/${orgId}/customers`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    await expectError(response, 401, "unauthorized");
    await expectError(await admin("POST", "/admin/api/orgs/org_nope/customers", { name: "X" }), 404, "not_found");
    const otherOrg = await createOrg();
    const session = await signIn(otherOrg);
    await expectError(await asSession(session, "POST", `/admin/api/orgs/${orgId}/customers`, { name: "Intruder" }), 404, "not_found");
    await expectStatus(await asSession(session, "POST", `/admin/api/orgs/${otherOrg}/customers`, { name: "Own customer" }), 201);
  });
});

describe("POST /admin/api/orgs/{id}/lots", () => {
  let orgId: string;
  beforeAll(async () => {
    orgId = await createOrg();
  });

  it("receives a catalogue SKU with its HSN and GST rate; godown and mill are created on first use", async () => {
    const created = LotSchema.parse(
      await lot(orgId, { sku: "CTN-CMP-40S1-RW", yarn_type: "cotton_compact", kg: 1234.567, cost_per_kg: 331.5, godown_code: "ERD-1" }),
    );
    expect(created).toMatchObject({
      hsn: "52052410",
      gst_rate_percent: 5,
      count_ne: 40,
      kg_received: "1234.567",
      kg_remaining: "1234.567",
      cost_per_kg: "331.50",
      godown_code: "ERD-1",
    });
  });

  it("receives a SKU outside the catalogue with the heading of its yarn type", async () => {
    const created = LotSchema.parse(
      await lot(orgId, { sku: "PES-SPN-20S1-BLK", yarn_type: "polyester_spun", sku_name: "20s polyester spun, black", count_ne: 20 }),
    );
    expect(created).toMatchObject({ hsn: "5509", gst_rate_percent: 5, sku_name: "20s polyester spun, black", count_ne: 20 });
  });

  it("is 409 for the same lot of a SKU in the same godown, and for a SKU re-registered with another yarn type", async () => {
    await lot(orgId, { lot_number: "SRM-2611-01" });
    await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/lots`, {
        lot_number: "SRM-2611-01",
        sku: "CTN-CMB-30S1-RW",
        yarn_type: "cotton_combed",
        godown_code: "TPR-1",
        kg: 10,
        cost_per_kg: 300,
      }),
      409,
      "conflict",
    );
    await lot(orgId, { lot_number: "SRM-2611-01", godown_code: "TPR-2" }); // the same mill lot split across godowns
    await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/lots`, {
        lot_number: "X1",
        sku: "PES-SPN-20S1-BLK",
        yarn_type: "viscose_spun",
        godown_code: "TPR-1",
        kg: 10,
        cost_per_kg: 300,
      }),
      409,
      "conflict",
    );
  });

  it("receives yarn that cost nothing (a mill's free replacement): cost 0.00, stock valued at 0.00", async () => {
    const created = LotSchema.parse(await lot(orgId, { kg: "250", cost_per_kg: "0" }));
    expect(created).toMatchObject({ kg_remaining: "250.000", cost_per_kg: "0.00", stock_value: "0.00" });
  });

  // Every heading the GST rate table rates can be stocked, at the rate a sale of it would charge: sewing thread of
  // man-made filaments (5401) and staple (5508) is 5 % since 22 September 2025 (Notification 9/2025-Central Tax
  // (Rate)), as is cotton yarn put up for retail sale (5207, Notification 1/2017-Central Tax (Rate)).
  it.each([
    ["THR-PES-FIL", "54011010"],
    ["THR-PES-SPN", "550810"],
    ["CTN-RTL-2PLY", "5207"],
  ])("stocks a new SKU %s of HSN %s at GST 5 per cent", async (sku, hsn) => {
    const created = LotSchema.parse(await lot(orgId, { lot_number: `T-${hsn}`, sku, yarn_type: "other", hsn }));
    expect(created).toMatchObject({ sku, hsn, gst_rate_percent: 5 });
  });

  it("refuses an HSN outside the yarn rate table, naming the headings it rates", async () => {
    const fresh = await createOrg();
    const message = await expectError(
      await admin("POST", `/admin/api/orgs/${fresh}/lots`, {
        lot_number: "T1",
        sku: "TSHIRT-1",
        yarn_type: "other",
        hsn: "6109",
        godown_code: "TPR-1",
        kg: "10",
        cost_per_kg: "300",
      }),
      400,
      "bad_request",
    );
    expect(message).toBe("hsn: 6109 is not a heading of the yarn GST rate table (5204-5207, 5401-5406, 5501-5511)");
    expect(await count("lots", fresh)).toBe(0);
  });

  const base = { lot_number: "L1", sku: "CTN-CMB-30S1-RW", yarn_type: "cotton_combed", godown_code: "TPR-1", kg: "10", cost_per_kg: "300" };
  describe.each([
    [{ kg: "0" }, "kg"],
    [{ kg: "-5" }, "kg"],
    [{ kg: "1.0001" }, "kg"],
    [{ kg: "ten" }, "kg"],
    [{ cost_per_kg: "3.001" }, "cost_per_kg"],
    [{ cost_per_kg: "-0.01" }, "cost_per_kg"],
    // Bounds: 100000 kg per entry and 10000.00 per kg keep every derived figure an exact integer of paise.
    [{ kg: "9000000000000", cost_per_kg: "10,00,000" }, "kg"],
    [{ kg: "100000.001" }, "kg"],
    [{ cost_per_kg: "10000.01" }, "cost_per_kg"],
    [{ stock_low_threshold_kg: "1000000.001" }, "stock_low_threshold_kg"],
    [{ stock_low_threshold_kg: "-1" }, "stock_low_threshold_kg"],
    [{ yarn_type: "silk" }, "yarn_type"],
    [{ sku: "ctn 30s" }, "sku"],
    [{ godown_code: "" }, "godown_code"],
    [{ received_at: "2026-11-01" }, "received_at"],
    [{ received_at: "2999-01-01T00:00:00Z" }, "received_at"],
    [{ sku: "OTHER-1", yarn_type: "other" }, "hsn"],
    [{ sku: "CTN-CMB-30S1-RW", yarn_type: "cotton_carded" }, "yarn_type"],
  ])("%j", (patch, field) => {
    it(`is 400 naming ${field}`, async () => {
      const fresh = await createOrg();
      const message = await expectError(await admin("POST", `/admin/api/orgs/${fresh}/lots`, { ...base, ...patch }), 400, "bad_request");
      expect(message.startsWith(field)).toBe(true);
      expect(await count("lots", fresh)).toBe(0);
    });
  });
});

describe("write bounds", () => {
  it("accepts a lot at the maxima, and the organisation's inventory read still answers after a refused 9e12 kg lot", async () => {
    const { orgId, key } = await orgWithKey();
    await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/lots`, {
        lot_number: "HUGE",
        sku: "CTN-CMB-30S1-RW",
        yarn_type: "cotton_combed",
        godown_code: "TPR-1",
        kg: "9000000000000",
        cost_per_kg: "1000000",
      }),
      400,
      "bad_request",
    );
    const biggest = LotSchema.parse(await lot(orgId, { kg: "100000", cost_per_kg: "10000.00" }));
    // 100000 kg × 10000.00 per kg = 1,00,00,00,000.00 rupees, exact.
    expect(biggest).toMatchObject({ kg_received: "100000.000", stock_value: "1000000000.00" });
    const page = await expectStatus<{ data: unknown[] }>(await api("/api/v1/inventory", key), 200);
    expect(page.data).toHaveLength(1);
  });

  it("a lot stored before the bounds (9e12 kg at 10,00,000.00 per kg) still reads, its value exact", async () => {
    const { orgId, key } = await orgWithKey();
    const stored = await lot(orgId);
    await env.DB.prepare("UPDATE lots SET grams_received = ?1, grams_remaining = ?1, cost_paise_per_kg = ?2 WHERE id = ?3")
      .bind(9e15, 1e8, stored.id)
      .run();
    const page = await expectStatus<{ data: Array<Record<string, unknown>> }>(await api("/api/v1/inventory", key), 200);
    // 9,000,000,000,000 kg × 1,000,000.00 per kg = 9 × 10^18 rupees.
    expect(page.data[0]).toMatchObject({ kg_remaining: "9000000000000.000", cost_per_kg: "1000000.00", stock_value: "9000000000000000000.00" });
  });

  it("refuses an amount of 0 on payments, credit notes, expenses and mill entries, naming it, and writes nothing", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const before = await eventsOf(orgId);
    for (const zero of ["0", 0, "0.00", "-0.00"]) {
      for (const [path, body] of [
        ["payments", { customer_id: buyer.id, amount: zero, method: "upi" }],
        ["credit-notes", { customer_id: buyer.id, amount: zero }],
        ["expenses", { category: "Freight", amount: zero }],
        ["mill-invoices", { supplier_name: "Sri Ramalinga Mills", invoice_number: "SRM/0", amount: zero }],
        ["mill-payments", { supplier_name: "Sri Ramalinga Mills", amount: zero, method: "rtgs" }],
      ] as const) {
        const message = await expectError(await admin("POST", `/admin/api/orgs/${orgId}/${path}`, body), 400, "bad_request");
        expect(message, `${path} ${JSON.stringify(zero)}`).toBe("amount: must be > 0");
      }
    }
    for (const table of ["payments", "credit_notes", "expenses", "mill_invoices", "mill_payments"]) expect(await count(table, orgId)).toBe(0);
    expect(await eventsOf(orgId)).toEqual(before);
  });

  it("refuses amounts above 14,000,000,000,000 paise on payments, credit notes, expenses and mill entries", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const over = "140000000000.01";
    for (const [path, body] of [
      ["payments", { customer_id: buyer.id, amount: over, method: "upi" }],
      ["credit-notes", { customer_id: buyer.id, amount: over }],
      ["expenses", { category: "Freight", amount: over }],
      ["mill-invoices", { supplier_name: "Sri Ramalinga Mills", invoice_number: "SRM/1", amount: over }],
      ["mill-payments", { supplier_name: "Sri Ramalinga Mills", amount: over, method: "rtgs" }],
    ] as const) {
      const message = await expectError(await admin("POST", `/admin/api/orgs/${orgId}/${path}`, body), 400, "bad_request");
      expect(message, path).toMatch(/^amount/);
    }
    for (const table of ["payments", "credit_notes", "expenses", "mill_invoices", "mill_payments"]) expect(await count(table, orgId)).toBe(0);
  });
});

describe("entry dates", () => {
  const tomorrow = addDays(today, 1);

  it("refuses future-dated payments, credit notes, expenses and mill entries (IST day) and dates before GST began", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const bodies = {
      payments: { customer_id: buyer.id, amount: 1, method: "upi" },
      "credit-notes": { customer_id: buyer.id, amount: 1 },
      expenses: { category: "Freight", amount: 1 },
      "mill-invoices": { supplier_name: "Sri Ramalinga Mills", invoice_number: "SRM/1", amount: 1 },
      "mill-payments": { supplier_name: "Sri Ramalinga Mills", amount: 1, method: "rtgs" },
    };
    for (const [path, body] of Object.entries(bodies)) {
      for (const date of [tomorrow, "2031-01-01", "2017-06-30"]) {
        const message = await expectError(await admin("POST", `/admin/api/orgs/${orgId}/${path}`, { ...body, date }), 400, "bad_request");
        expect(message, `${path} ${date}`).toMatch(/^date: /);
      }
    }
    for (const table of ["payments", "credit_notes", "expenses", "mill_invoices", "mill_payments"]) expect(await count(table, orgId)).toBe(0);
    await post(`/admin/api/orgs/${orgId}/expenses`, { category: "Freight", amount: 1, date: today });
    await post(`/admin/api/orgs/${orgId}/expenses`, { category: "Freight", amount: 1, date: "2017-07-01" });
  });

  it("refuses a credit note or a sales return dated before its invoice (it reverses an invoice already issued)", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const stock = await lot(orgId, { received_at: "2025-05-01T10:00:00+05:30" });
    const invoice = await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: 10 }], { sale_date: "2025-06-10" });
    await expectStatus(await admin("POST", `/admin/api/sales/${invoice.id}/dispatch`), 200);
    const early = [
      admin("POST", `/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, sale_id: invoice.id, amount: 1, date: "2025-06-09" }),
      admin("POST", `/admin/api/sales/${invoice.id}/returns`, { items: [{ lot_id: stock.id, kg: "1" }], date: "2025-06-09" }),
    ];
    for (const refused of await Promise.all(early)) {
      expect(await expectError(refused, 400, "bad_request")).toBe("date: a credit note cannot be dated before its invoice's date, 2025-06-10");
    }
    expect(await count("credit_notes", orgId)).toBe(0);
    expect(await gramsRemaining(stock.id)).toBe(990_000);
    // The invoice's own day is fine.
    await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, sale_id: invoice.id, amount: 1, date: "2025-06-10" });
  });

  it("refuses a payment dated before the invoice it settles, as a credit note is; money on account may be dated any day", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const stock = await lot(orgId, { received_at: "2026-10-01T10:00:00+05:30" });
    const invoice = await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: 10, rate_per_kg: 100 }], { sale_date: "2026-11-02" });
    const pay = (body: Record<string, unknown>) =>
      admin("POST", `/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, method: "neft", ...body });
    const refused = await expectError(await pay({ sale_id: invoice.id, amount: 100, date: "2026-11-01" }), 400, "bad_request");
    expect(refused).toBe("date: a payment cannot be dated before its invoice's date, 2026-11-02");
    expect(await count("payments", orgId)).toBe(0);
    // The invoice's own day is fine; so is money on account received before it.
    await expectStatus(await pay({ sale_id: invoice.id, amount: 100, date: "2026-11-02" }), 201);
    await expectStatus(await pay({ amount: 100, date: "2026-11-01" }), 201);
    expect(await count("payments", orgId)).toBe(2);
  });

  it("refuses a sale dated before its lot's receipt, naming the lot, and writes nothing", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const early = await lot(orgId, { received_at: "2025-05-01T10:00:00+05:30" });
    const late = await lot(orgId, { received_at: "2025-06-10T10:00:00+05:30" });
    const message = await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/sales`, {
        customer_id: buyer.id,
        sale_date: "2025-06-09",
        items: [
          { lot_id: early.id, kg: 1, rate_per_kg: 300 },
          { lot_id: late.id, kg: 1, rate_per_kg: 300 },
        ],
      }),
      400,
      "bad_request",
    );
    expect(message).toBe(`sale_date 2025-06-09 is before lot ${late.id} was received on 2025-06-10`);
    await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/sales`, {
        customer_id: buyer.id,
        sale_date: "2019-01-01",
        items: [{ lot_id: early.id, kg: 1, rate_per_kg: 300 }],
      }),
      400,
      "bad_request",
    );
    expect(await count("sales", orgId)).toBe(0);
    expect(await gramsRemaining(early.id)).toBe(1_000_000);
    // The receipt day itself is fine.
    await sale(orgId, buyer.id, [{ lot_id: late.id, kg: 1 }], { sale_date: "2025-06-10" });
  });

  it("charges GST at the rate in force on the date of supply, not the SKU's current rate", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const l = await lot(orgId, { sku: "PES-SPN-20S1-BLK", yarn_type: "polyester_spun", received_at: "2025-08-01T10:00:00+05:30" });
    // Polyester spun yarn (HSN 5509): 12 % until 21 September 2025 (Notification 1/2017-Central Tax (Rate)),
    // 5 % from 22 September 2025 (Notification 9/2025-Central Tax (Rate), 56th GST Council).
    // 10 kg × 100.00 = 1000.00 taxable: 120.00 GST before the change, 50.00 from it.
    const before = SaleSchema.parse(await sale(orgId, buyer.id, [{ lot_id: l.id, kg: "10", rate_per_kg: "100" }], { sale_date: "2025-09-01" }));
    const onTheDay = SaleSchema.parse(await sale(orgId, buyer.id, [{ lot_id: l.id, kg: "10", rate_per_kg: "100" }], { sale_date: "2025-09-22" }));
    expect(before).toMatchObject({ taxable_amount: "1000.00", gst_amount: "120.00", total_amount: "1120.00" });
    expect(before.items[0]).toMatchObject({ gst_rate_percent: 12, gst_amount: "120.00" });
    expect(onTheDay).toMatchObject({ gst_amount: "50.00", total_amount: "1050.00" });
    expect(onTheDay.items[0]).toMatchObject({ gst_rate_percent: 5 });
  });

  it("numbers a financial year's invoices in date order: a back-dated sale is 409 sale_before_last_invoice", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const l = await lot(orgId, { received_at: "2025-04-01T10:00:00+05:30" });
    const first = await sale(orgId, buyer.id, [{ lot_id: l.id, kg: 1 }], { sale_date: "2025-06-10" });
    const sameDay = await sale(orgId, buyer.id, [{ lot_id: l.id, kg: 1 }], { sale_date: "2025-06-10" });
    const message = await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/sales`, {
        customer_id: buyer.id,
        sale_date: "2025-06-05",
        items: [{ lot_id: l.id, kg: 1, rate_per_kg: 300 }],
      }),
      409,
      "sale_before_last_invoice",
    );
    expect(message).toContain("INV/2526/000002");
    // Another financial year has its own series.
    const nextYear = await sale(orgId, buyer.id, [{ lot_id: l.id, kg: 1 }], { sale_date: "2026-04-02" });
    const later = await sale(orgId, buyer.id, [{ lot_id: l.id, kg: 1 }], { sale_date: "2025-07-01" });
    expect([first.invoice_number, sameDay.invoice_number, nextYear.invoice_number, later.invoice_number]).toEqual([
      "INV/2526/000001",
      "INV/2526/000002",
      "INV/2627/000001",
      "INV/2526/000003",
    ]);
    expect(await gramsRemaining(l.id)).toBe(1_000_000 - 4_000);
  });
  it("numbers a sale dated on or after the year's last invoice also when older invoices of the year are out of date order", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const l = await lot(orgId, { received_at: "2025-04-01T10:00:00+05:30" });
    // Two invoices booked before numbering followed the date: INV/2526/000001 dated 5 October 2025, then
    // INV/2526/000002 dated 3 October. The year's last invoice is the second, so 4 October is after it: the
    // sale is numbered INV/2526/000003. Before 3 October it is 409, naming INV/2526/000002.
    const legacy = (seq: number, date: string) =>
      env.DB.prepare(
        `INSERT INTO sales (id, org_id, invoice_number, financial_year, invoice_seq, customer_id, sale_date, sold_at, status,
                            grams_total, taxable_paise, gst_paise, total_paise, created_at)
         VALUES (?1, ?2, ?3, '2526', ?4, ?5, ?6, ?7, 'confirmed', 1000, 30000, 1500, 31500, ?7)`,
      ).bind(`sale_legacy_${seq}_${orgId}`, orgId, `INV/2526/00000${seq}`, seq, buyer.id, date, Date.parse(`${date}T12:00:00+05:30`));
    await env.DB.batch([legacy(1, "2025-10-05"), legacy(2, "2025-10-03")]);
    const refused = await admin("POST", `/admin/api/orgs/${orgId}/sales`, {
      customer_id: buyer.id,
      sale_date: "2025-10-02",
      items: [{ lot_id: l.id, kg: 1, rate_per_kg: 300 }],
    });
    expect(await expectError(refused, 409, "sale_before_last_invoice")).toContain("INV/2526/000002");
    const numbered = await sale(orgId, buyer.id, [{ lot_id: l.id, kg: 1 }], { sale_date: "2025-10-04" });
    expect(numbered.invoice_number).toBe("INV/2526/000003");
  });
});

describe("POST /admin/api/orgs/{id}/sales", () => {
  it("takes the kg from the lots, prices lines exactly, numbers invoices consecutively per financial year", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const a = await lot(orgId, { kg: "100" });
    const b = await lot(orgId, { sku: "PES-SPN-30S1-RW", yarn_type: "polyester_spun", kg: "50" });
    const first = SaleSchema.parse(
      await sale(orgId, buyer.id, [
        { lot_id: a.id, kg: "0.001", rate_per_kg: "333.33" },
        { lot_id: b.id, kg: 12.5, rate_per_kg: 150 },
      ]),
    );
    // 0.001 kg × ₹333.33 = ₹0.33333 → ₹0.33; 12.5 kg × ₹150 = ₹1875.00. The buyer has neither GSTIN nor state,
    // so the goods are supplied where they are collected, in the seller's state (27): CGST + SGST at 2.5 % each,
    // rounded per line to the paisa: ₹0.33 × 2.5 % = ₹0.00825 → ₹0.01; ₹1875 × 2.5 % = ₹46.875 → ₹46.88.
    // CGST = SGST = ₹46.89; GST ₹93.78.
    expect(first).toMatchObject({
      kg: "12.501",
      taxable_amount: "1875.33",
      gst_amount: "93.78",
      total_amount: "1969.11",
      seller_state: "27",
      place_of_supply: "27",
      cgst_amount: "46.89",
      sgst_amount: "46.89",
      igst_amount: "0.00",
      status: "confirmed",
      sale_date: today,
    });
    expect(await gramsRemaining(a.id)).toBe(99_999);
    expect(await gramsRemaining(b.id)).toBe(37_500);
    const second = await sale(orgId, buyer.id, [{ lot_id: a.id, kg: "1" }]);
    const seq = (n: string) => Number(n.split("/")[2]);
    expect(seq(second.invoice_number)).toBe(seq(first.invoice_number) + 1);
    const created = await eventsOf(orgId, "sale.created");
    expect(created.map((e) => e.payload.sale_id)).toEqual([first.id, second.id]);
    expect(created[0]!.payload).toMatchObject({ invoice_number: first.invoice_number, kg: "12.501", total_amount: "1969.11", items: 2 });
  });

  it.each([["0"], [0], ["0.00"], ["-0.00"], ["₹0"]])(
    "a line at a rate_per_kg of %j is 400 naming it: no invoice number, no stock and no event taken",
    async (rate) => {
      const orgId = await createOrg();
      const buyer = await customer(orgId);
      const priced = await lot(orgId, { kg: "100" });
      const free = await lot(orgId, { kg: "100" });
      const before = await eventsOf(orgId);
      const message = await expectError(
        await admin("POST", `/admin/api/orgs/${orgId}/sales`, {
          customer_id: buyer.id,
          items: [
            { lot_id: priced.id, kg: "10", rate_per_kg: 300 },
            { lot_id: free.id, kg: "5", rate_per_kg: rate },
          ],
        }),
        400,
        "bad_request",
      );
      expect(message).toBe("items[1].rate_per_kg: must be > 0");
      expect(await gramsRemaining(priced.id)).toBe(100_000);
      expect(await gramsRemaining(free.id)).toBe(100_000);
      expect(await count("sales", orgId)).toBe(0);
      expect(await count("sale_items", orgId)).toBe(0);
      expect(await eventsOf(orgId)).toEqual(before);
      // The refused sale took no number: the next sale is the financial year's first invoice.
      const next = await sale(orgId, buyer.id, [{ lot_id: priced.id, kg: "1" }]);
      expect(next.invoice_number.split("/")[2]).toBe("000001");
    },
  );

  // 0.001 kg × 1 paisa a kg is a thousandth of a paisa, ₹0.00 to the paisa: a line of nothing, as free yarn is.
  // Refused like it, so no ₹0.00 line or invoice takes a number of the year's series.
  it("a line that comes to 0.00 (0.001 kg at 0.01 a kg) is 400 naming it: no invoice number, no stock taken", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const yarn = await lot(orgId, { kg: "100" });
    const message = await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/sales`, {
        customer_id: buyer.id,
        items: [{ lot_id: yarn.id, kg: "0.001", rate_per_kg: "0.01" }],
      }),
      400,
      "bad_request",
    );
    expect(message).toBe("items[0]: 0.001 kg at 0.01 a kg comes to 0.00; yarn given away free is no sale");
    expect(await gramsRemaining(yarn.id)).toBe(100_000);
    expect(await count("sales", orgId)).toBe(0);
    // 0.020 kg at 25 paise a kg is half a paisa, 0.01 when rounded (half up): a sale.
    const smallest = await sale(orgId, buyer.id, [{ lot_id: yarn.id, kg: "0.020", rate_per_kg: "0.25" }]);
    expect(smallest.invoice_number.split("/")[2]).toBe("000001");
  });

  it("409 insufficient_stock when any lot lacks the kg, and nothing changed (not even the lots that had enough)", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const plenty = await lot(orgId, { kg: "100" });
    const short = await lot(orgId, { kg: "5" });
    const before = await eventsOf(orgId);
    await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/sales`, {
        customer_id: buyer.id,
        items: [
          { lot_id: plenty.id, kg: "10", rate_per_kg: 300 },
          { lot_id: short.id, kg: "5.001", rate_per_kg: 300 },
        ],
      }),
      409,
      "insufficient_stock",
    );
    expect(await gramsRemaining(plenty.id)).toBe(100_000);
    expect(await gramsRemaining(short.id)).toBe(5_000);
    expect(await count("sales", orgId)).toBe(0);
    expect(await count("sale_items", orgId)).toBe(0);
    expect(await eventsOf(orgId)).toEqual(before);
  });

  it("concurrent sales on one lot never take it below zero: the losers get 409 and leave no trace", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const target = await lot(orgId, { kg: "100" });
    const attempts = 12;
    const responses = await Promise.all(
      Array.from({ length: attempts }, () =>
        admin("POST", `/admin/api/orgs/${orgId}/sales`, { customer_id: buyer.id, items: [{ lot_id: target.id, kg: "15", rate_per_kg: 300 }] }),
      ),
    );
    const statuses = await Promise.all(responses.map(async (r) => ({ status: r.status, body: await r.json<{ code?: string }>() })));
    const won = statuses.filter((s) => s.status === 201);
    const lost = statuses.filter((s) => s.status !== 201);
    expect(won).toHaveLength(6); // 6 × 15 kg = 90 kg ≤ 100 kg < 7 × 15 kg
    expect(
      lost.every((s) => s.status === 409 && s.body.code === "insufficient_stock"),
      JSON.stringify(lost),
    ).toBe(true);
    expect(await gramsRemaining(target.id)).toBe(10_000);
    expect(await count("sales", orgId)).toBe(6);
    const items = await env.DB.prepare("SELECT SUM(grams) AS g, COUNT(*) AS n FROM sale_items WHERE org_id = ?")
      .bind(orgId)
      .first<{ g: number; n: number }>();
    expect(items).toEqual({ g: 90_000, n: 6 });
    expect(await eventsOf(orgId, "sale.created")).toHaveLength(6);
    const numbers = (
      await env.DB.prepare("SELECT invoice_seq FROM sales WHERE org_id = ? ORDER BY invoice_seq").bind(orgId).all<{ invoice_seq: number }>()
    ).results;
    expect(numbers.map((r) => r.invoice_seq)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("emits stock.low once per crossing of the SKU's threshold across godowns", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    // Threshold 500 kg (default) over two godowns holding 400 + 300 kg.
    const one = await lot(orgId, { kg: "400", godown_code: "TPR-1" });
    await lot(orgId, { kg: "300", godown_code: "TPR-2" });
    await sale(orgId, buyer.id, [{ lot_id: one.id, kg: "150" }]); // 700 → 550: above
    expect(await eventsOf(orgId, "stock.low")).toHaveLength(0);
    const crossing = await sale(orgId, buyer.id, [{ lot_id: one.id, kg: "60" }]); // 550 → 490: crosses
    await sale(orgId, buyer.id, [{ lot_id: one.id, kg: "10" }]); // 490 → 480: already under
    let low = await eventsOf(orgId, "stock.low");
    expect(low).toHaveLength(1);
    expect(low[0]!.payload).toMatchObject({ sku: "CTN-CMB-30S1-RW", kg_remaining: "490.000", threshold_kg: "500.000", sale_id: crossing.id });
    // Back above (a cancel returns stock), then under again: a new crossing, a new event.
    await expectStatus(await admin("POST", `/admin/api/sales/${crossing.id}/cancel`), 200);
    await sale(orgId, buyer.id, [{ lot_id: one.id, kg: "70" }]); // 540 → 470
    low = await eventsOf(orgId, "stock.low");
    expect(low).toHaveLength(2);
  });

  describe.each([
    [{ items: [] }, "items"],
    [{ items: [{ lot_id: "x", kg: "0", rate_per_kg: 1 }] }, "items[0].kg"],
    [{ sale_date: "2026-02-30" }, "sale_date"],
    [{ sale_date: "2999-01-01" }, "sale_date"],
    [{ sale_date: "2017-06-30" }, "sale_date"],
    [{ items: [{ lot_id: "x", kg: "100000.001", rate_per_kg: 1 }] }, "items[0].kg"],
    [{ items: [{ lot_id: "x", kg: 1, rate_per_kg: "10000.01" }] }, "items[0].rate_per_kg"],
    [{ sold_at: "2026-11-01T12:00:00+05:30", sale_date: "2026-11-02" }, "sale_date"],
  ])("%j", (patch, field) => {
    it(`is 400 naming ${field}`, async () => {
      const orgId = await createOrg();
      const buyer = await customer(orgId);
      const l = await lot(orgId);
      const message = await expectError(
        await admin("POST", `/admin/api/orgs/${orgId}/sales`, { customer_id: buyer.id, items: [{ lot_id: l.id, kg: 1, rate_per_kg: 1 }], ...patch }),
        400,
        "bad_request",
      );
      expect(message.startsWith(field)).toBe(true);
    });
  });

  it("rejects a lot listed twice, and another organisation's customer or lot as not found", async () => {
    const orgId = await createOrg();
    const other = await createOrg();
    const buyer = await customer(orgId);
    const mine = await lot(orgId);
    const theirs = await lot(other);
    const theirBuyer = await customer(other);
    const twice = await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/sales`, {
        customer_id: buyer.id,
        items: [
          { lot_id: mine.id, kg: 1, rate_per_kg: 1 },
          { lot_id: mine.id, kg: 1, rate_per_kg: 1 },
        ],
      }),
      400,
      "bad_request",
    );
    expect(twice).toContain("items[1].lot_id");
    await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/sales`, { customer_id: buyer.id, items: [{ lot_id: theirs.id, kg: 1, rate_per_kg: 1 }] }),
      404,
      "not_found",
    );
    await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/sales`, { customer_id: theirBuyer.id, items: [{ lot_id: mine.id, kg: 1, rate_per_kg: 1 }] }),
      404,
      "not_found",
    );
    expect(await gramsRemaining(theirs.id)).toBe(1_000_000);
  });
});

describe("cancel and dispatch", () => {
  it("cancel returns the stock once and emits sale.cancelled; a second cancel is 409", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const l = await lot(orgId, { kg: "100" });
    const s = await sale(orgId, buyer.id, [{ lot_id: l.id, kg: "30" }]);
    expect(await gramsRemaining(l.id)).toBe(70_000);
    const results = await Promise.all([admin("POST", `/admin/api/sales/${s.id}/cancel`), admin("POST", `/admin/api/sales/${s.id}/cancel`)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await gramsRemaining(l.id)).toBe(100_000);
    const cancelled = await eventsOf(orgId, "sale.cancelled");
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.payload).toMatchObject({ sale_id: s.id, invoice_number: s.invoice_number, kg: "30.000" });
    await expectError(await admin("POST", `/admin/api/sales/${s.id}/dispatch`), 409, "conflict");
  });

  it("a sale whose lot was counted back up to all it received is 409 to cancel, and stays confirmed with the lot as counted", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const l = await lot(orgId, { kg: "100" });
    const s = await sale(orgId, buyer.id, [{ lot_id: l.id, kg: "30" }]);
    // Such a count, bringing back the 30 kg sold, is refused now; a lot may still hold one recorded before that rule.
    await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/lots/${l.id}/adjustments`, { reason: "count_correction", kg_counted: "100" }),
      409,
      "conflict",
    );
    await countedUpBeforeTheRule(l.id, 100_000);
    const message = await expectError(await admin("POST", `/admin/api/sales/${s.id}/cancel`), 409, "conflict");
    expect(message).toContain(`Lot ${l.id} already holds all it received`);
    expect(await gramsRemaining(l.id)).toBe(100_000);
    expect(await env.DB.prepare("SELECT status FROM sales WHERE id = ?").bind(s.id).first("status")).toBe("confirmed");
    expect(await eventsOf(orgId, "sale.cancelled")).toHaveLength(0);
  });

  it("dispatch sets dispatched_at and emits sale.dispatched; a dispatched sale cannot be cancelled", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const l = await lot(orgId, { kg: "100" });
    const s = await sale(orgId, buyer.id, [{ lot_id: l.id, kg: "30" }]);
    const dispatched = SaleSchema.parse((await expectStatus<{ data: unknown }>(await admin("POST", `/admin/api/sales/${s.id}/dispatch`), 200)).data);
    expect(dispatched.status).toBe("dispatched");
    expect(dispatched.dispatched_at).not.toBeNull();
    expect(await eventsOf(orgId, "sale.dispatched")).toHaveLength(1);
    await expectError(await admin("POST", `/admin/api/sales/${s.id}/dispatch`), 409, "conflict");
    await expectError(await admin("POST", `/admin/api/sales/${s.id}/cancel`), 409, "conflict");
    expect(await gramsRemaining(l.id)).toBe(70_000);
  });

  it("another organisation's session gets 404 for a sale, as for one that does not exist", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const l = await lot(orgId);
    const s = await sale(orgId, buyer.id, [{ lot_id: l.id, kg: "1" }]);
    const intruder = await signIn(await createOrg());
    await expectError(await asSession(intruder, "POST", `/admin/api/sales/${s.id}/cancel`), 404, "not_found");
    await expectError(await asSession(intruder, "POST", `/admin/api/sales/${s.id}/dispatch`), 404, "not_found");
    await expectError(await admin("POST", "/admin/api/sales/sale_nope/cancel"), 404, "not_found");
    const owner = await signIn(orgId);
    await expectStatus(await asSession(owner, "POST", `/admin/api/sales/${s.id}/dispatch`), 200);
  });
});

describe("payments and credit notes", () => {
  it("invoice.paid fires once, when payments plus credit notes first cover the sale's total", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const l = await lot(orgId);
    const s = await sale(orgId, buyer.id, [{ lot_id: l.id, kg: "10", rate_per_kg: "100" }]); // ₹1000 + 5% = ₹1050
    const part = await post(`/admin/api/orgs/${orgId}/payments`, {
      customer_id: buyer.id,
      sale_id: s.id,
      amount: "500",
      method: "upi",
      reference: "UPI-1",
    });
    expect(part).toMatchObject({ amount: "500.00", invoice_paid: false, date: today });
    await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, sale_id: s.id, amount: "50", reason: "Short weight" });
    const rest = await post(`/admin/api/orgs/${orgId}/payments`, {
      customer_id: buyer.id,
      sale_id: s.id,
      amount: 500,
      method: "neft",
      reference: "UTR-2",
    });
    expect(rest.invoice_paid).toBe(true);
    // A paid invoice owes nothing: an extra rupee against it is refused, naming the outstanding.
    const extra = await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, sale_id: s.id, amount: 1, method: "cash" }),
      409,
      "over_application",
    );
    expect(extra).toBe(
      "amount: amount 1.00 exceeds the invoice's outstanding 0.00; post the excess as an advance to the customer's account or reduce the amount",
    );
    const paid = await eventsOf(orgId, "invoice.paid");
    expect(paid).toHaveLength(1);
    expect(paid[0]!.payload).toMatchObject({ sale_id: s.id, total_amount: "1050.00", payment_id: rest.id });
    const row = await env.DB.prepare("SELECT paid_at FROM sales WHERE id = ?").bind(s.id).first<{ paid_at: number | null }>();
    expect(row!.paid_at).not.toBeNull();
  });

  it("a credit note that completes the invoice settles it like a payment: paid_at set, invoice.paid once, naming the credit note", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const l = await lot(orgId);
    const s = await sale(orgId, buyer.id, [{ lot_id: l.id, kg: "10", rate_per_kg: "100" }]); // ₹1000 + 5% = ₹1050
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, sale_id: s.id, amount: "1000", method: "neft" });
    const note = await post(`/admin/api/orgs/${orgId}/credit-notes`, {
      customer_id: buyer.id,
      sale_id: s.id,
      amount: "50.00",
      reason: "Rate difference",
    });
    const paid = await eventsOf(orgId, "invoice.paid");
    expect(paid.map((e) => e.payload)).toEqual([expect.objectContaining({ sale_id: s.id, payment_id: null, credit_note_id: note.id })]);
    const row = await env.DB.prepare("SELECT paid_at FROM sales WHERE id = ?").bind(s.id).first<{ paid_at: number | null }>();
    expect(row!.paid_at).not.toBeNull();
    // Nothing more can be applied to it, not even a paisa.
    await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, sale_id: s.id, amount: "0.01", method: "upi" }),
      409,
      "over_application",
    );
    expect(await eventsOf(orgId, "invoice.paid")).toHaveLength(1);
  });

  it("refuses a credit note beyond what was billed, and a payment beyond the outstanding, stating it; nothing is written", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const l = await lot(orgId);
    const s = await sale(orgId, buyer.id, [{ lot_id: l.id, kg: "10", rate_per_kg: "100" }]); // ₹1050
    const credit = await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, sale_id: s.id, amount: "9,99,999" }),
      409,
      "credit_exceeds_invoice",
    );
    expect(credit).toContain("at most 1050.00 can still be credited");
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, sale_id: s.id, amount: "1000", method: "upi" });
    const over = await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, sale_id: s.id, amount: "55", method: "upi" }),
      409,
      "over_application",
    );
    expect(over).toContain("outstanding 50.00");
    expect(await count("credit_notes", orgId)).toBe(0);
    expect(await count("payments", orgId)).toBe(1);
  });

  it("receipts sent at once are checked in their own transaction: the invoice is never paid or credited beyond its total, nor cash taken past the limit", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const l = await lot(orgId);
    const s = await sale(orgId, buyer.id, [{ lot_id: l.id, kg: "10", rate_per_kg: "100" }]); // ₹1000 + 5% = ₹1050
    const codes = async (responses: Response[]) =>
      (await Promise.all(responses.map(async (r) => (r.status === 201 ? 201 : ((await r.json()) as { code: string }).code)))).sort();

    // 5 × ₹300 at once against ₹1,050: whatever the order, the first three (₹900) fit and the other two do not.
    const pay = () => admin("POST", `/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, sale_id: s.id, amount: "300", method: "upi" });
    expect(await codes(await Promise.all([pay(), pay(), pay(), pay(), pay()]))).toEqual([201, 201, 201, "over_application", "over_application"]);
    // ₹1,050 left to credit: of three ₹400 credit notes at once, two fit (₹800) and the third does not. The ₹150 still
    // owed is settled by the notes and the other ₹650 is held on the customer's account.
    const note = () => admin("POST", `/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, sale_id: s.id, amount: "400" });
    expect(await codes(await Promise.all([note(), note(), note()]))).toEqual([201, 201, "credit_exceeds_invoice"]);
    const held = await env.DB.prepare("SELECT SUM(on_account_paise) AS p FROM credit_notes WHERE org_id = ?").bind(orgId).first<{ p: number }>();
    expect(held!.p).toBe(65_000);
    // ₹1,50,000 in cash on account, three at once: the second would reach ₹2,00,000 in one day (s.269ST).
    const cash = () => admin("POST", `/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, amount: "1,50,000", method: "cash" });
    expect(await codes(await Promise.all([cash(), cash(), cash()]))).toEqual([201, "cash_receipt_limit", "cash_receipt_limit"]);
    expect(await count("payments", orgId)).toBe(4);
    expect(await count("credit_notes", orgId)).toBe(2);
  });

  it("refuses cash of 200000.00 or more from one customer in a day or for one invoice (s.269ST)", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const other = await customer(orgId);
    await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, amount: "2,50,000", method: "cash" }),
      409,
      "cash_receipt_limit",
    );
    await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, amount: "2,00,000", method: "cash" }),
      409,
      "cash_receipt_limit",
    );
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, amount: "1,99,999.99", method: "cash" });
    // 199999.99 + 0.01 reaches 2 lakh the same day; another day, another customer, or a bank transfer are fine.
    await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, amount: "0.01", method: "cash" }),
      409,
      "cash_receipt_limit",
    );
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, amount: "0.01", method: "cash", date: addDays(today, -1) });
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: other.id, amount: "0.01", method: "cash" });
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, amount: "2,50,000", method: "rtgs" });
    expect(await count("payments", orgId)).toBe(4);
  });

  it("counts cash paid on account that an invoice consumed as cash received for that invoice (s.269ST(b))", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const l = await lot(orgId);
    // ₹1,50,000 in cash on account yesterday, then an invoice of 1,000 kg at ₹320.00 (₹3,20,000 + 5 % GST =
    // ₹3,36,000) that consumes it: ₹1,50,000 in cash has been received for that invoice.
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, amount: "1,50,000", method: "cash", date: addDays(today, -1) });
    const s = await sale(orgId, buyer.id, [{ lot_id: l.id, kg: "1000" }]);
    const payCash = (amount: string) =>
      admin("POST", `/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, sale_id: s.id, amount, method: "cash" });
    // ₹1,50,000 + ₹50,000 reaches ₹2,00,000 for the one transaction; ₹49,999.99 stays under it, and then nothing more in cash.
    await expectError(await payCash("50,000"), 409, "cash_receipt_limit");
    await expectStatus(await payCash("49,999.99"), 201);
    await expectError(await payCash("0.01"), 409, "cash_receipt_limit");
    // The rest by bank transfer: ₹3,36,000 − ₹1,50,000 − ₹49,999.99 = ₹1,36,000.01.
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, sale_id: s.id, amount: "1,36,000.01", method: "neft" });
    expect(await count("payments", orgId)).toBe(3);
  });

  it("validates the customer, the sale and the amount", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const otherBuyer = await customer(orgId);
    const l = await lot(orgId);
    const s = await sale(orgId, buyer.id, [{ lot_id: l.id, kg: "1" }]);
    await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/payments`, { customer_id: otherBuyer.id, sale_id: s.id, amount: 1, method: "upi" }),
      400,
      "bad_request",
    );
    await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/payments`, { customer_id: "cust_nope", amount: 1, method: "upi" }),
      404,
      "not_found",
    );
    await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, amount: 0, method: "upi" }),
      400,
      "bad_request",
    );
    await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, amount: 1, method: "bitcoin" }),
      400,
      "bad_request",
    );
    await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, amount: 1, method: "upi", date: "21-11-2026" }),
      400,
      "bad_request",
    );
    expect(await count("payments", orgId)).toBe(0);
  });

  it("credit notes are numbered consecutively per financial year", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const a = await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, amount: "10", date: "2026-03-31" });
    const b = await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, amount: "10", date: "2026-04-01" });
    const c = await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, amount: "10", date: "2026-04-02" });
    expect([a.note_number, b.note_number, c.note_number]).toEqual(["CN/2526/000001", "CN/2627/000001", "CN/2627/000002"]);
  });
});

describe("expenses and mill ledgers", () => {
  it("records an expense (created_by defaults to the actor) and a session's own email", async () => {
    const orgId = await createOrg();
    expect(await post(`/admin/api/orgs/${orgId}/expenses`, { category: "Freight", amount: "1250.5", date: addDays(today, -1) })).toMatchObject({
      created_by: "operator",
      amount: "1250.50",
    });
    const session = await signIn(orgId);
    const response = await asSession(session, "POST", `/admin/api/orgs/${orgId}/expenses`, { category: "Loading", amount: 300 });
    expect((await expectStatus<{ data: { created_by: string } }>(response, 201)).data.created_by).toBe(session.email);
  });

  it("mill invoices are unique per mill; a payment against an invoice must be to that mill", async () => {
    const orgId = await createOrg();
    const invoice = await post(`/admin/api/orgs/${orgId}/mill-invoices`, {
      supplier_name: "Sri Ramalinga Mills",
      invoice_number: "SRM/2627/0457",
      amount: "2,45,000.00",
    });
    expect(invoice.amount).toBe("245000.00");
    await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/mill-invoices`, {
        supplier_name: "Sri Ramalinga Mills",
        invoice_number: "SRM/2627/0457",
        amount: 1,
      }),
      409,
      "conflict",
    );
    await post(`/admin/api/orgs/${orgId}/mill-invoices`, { supplier_name: "Vardhman Spinning", invoice_number: "SRM/2627/0457", amount: 1 });
    const paid = await post(`/admin/api/orgs/${orgId}/mill-payments`, {
      supplier_name: "Sri Ramalinga Mills",
      mill_invoice_id: invoice.id,
      amount: "100000",
      method: "rtgs",
      reference: "UTR0001",
    });
    expect(paid).toMatchObject({ mill_invoice_id: invoice.id, method: "rtgs", reference: "UTR0001" });
    await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/mill-payments`, {
        supplier_name: "Vardhman Spinning",
        mill_invoice_id: invoice.id,
        amount: 1,
        method: "neft",
      }),
      400,
      "bad_request",
    );
    await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/mill-payments`, {
        supplier_name: "Vardhman Spinning",
        mill_invoice_id: "minv_nope",
        amount: 1,
        method: "neft",
      }),
      404,
      "not_found",
    );
  });
});

describe("createSale's in-transaction guard", () => {
  it("when the stock goes between the pre-check and the batch, the batch itself fails: insufficient_stock naming the short lot, nothing written", async () => {
    const { createSale } = await import("../../../src/inventory/sales/queries");
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const a = await lot(orgId, { kg: "100" });
    const b = await lot(orgId, { kg: "100" });
    // A database whose first read of the lots answers, then lets another writer take lot b's stock.
    let drained = false;
    const racing = new Proxy(env.DB, {
      get(target, property) {
        if (property !== "prepare") return Reflect.get(target, property).bind(target);
        return (sql: string) => {
          const statement = target.prepare(sql);
          if (drained || !sql.includes("json_each") || !sql.includes("FROM lots")) return statement;
          return new Proxy(statement, {
            get(inner, name) {
              if (name === "bind") {
                return (...args: unknown[]) => {
                  const bound = inner.bind(...args);
                  return new Proxy(bound, {
                    get(b2, n2) {
                      if (n2 !== "all") return Reflect.get(b2, n2).bind(b2);
                      return async () => {
                        const result = await b2.all();
                        drained = true;
                        await target.prepare("UPDATE lots SET grams_remaining = 1000 WHERE id = ?").bind(b.id).run();
                        return result;
                      };
                    },
                  });
                };
              }
              return Reflect.get(inner, name).bind(inner);
            },
          });
        };
      },
    }) as D1Database;
    const attempt = createSale(
      racing,
      orgId,
      {
        customerId: buyer.id,
        saleDate: today,
        soldAt: Date.now(),
        items: [
          { lotId: a.id, grams: 10_000, ratePaisePerKg: 100 },
          { lotId: b.id, grams: 50_000, ratePaisePerKg: 100 },
        ],
      },
      Date.now(),
    );
    // Only lot b went short (1 kg left for 50 kg asked); lot a still had its 100 kg.
    expect(await attempt).toEqual({ kind: "insufficient_stock", lotIds: [b.id] });
    expect(drained).toBe(true);
    expect(await gramsRemaining(a.id)).toBe(100_000);
    expect(await gramsRemaining(b.id)).toBe(1_000);
    expect(await count("sales", orgId)).toBe(0);
    expect(await count("sale_items", orgId)).toBe(0);
    expect(await eventsOf(orgId, "sale.created")).toHaveLength(0);
  });
  it("when a later-dated invoice is issued between the order check and the batch, the batch fails: sale_before_last_invoice, nothing written", async () => {
    const { createSale } = await import("../../../src/inventory/sales/queries");
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const l = await lot(orgId, { kg: "100", received_at: "2025-04-01T10:00:00+05:30" });
    // A database whose read of the year's last invoice answers "none yet", then lets another sale dated later in.
    let raced = false;
    const racing = new Proxy(env.DB, {
      get(target, property) {
        if (property !== "prepare") return Reflect.get(target, property).bind(target);
        return (sql: string) => {
          const statement = target.prepare(sql);
          if (raced || !sql.includes("ORDER BY invoice_seq DESC")) return statement;
          return new Proxy(statement, {
            get(inner, name) {
              if (name !== "bind") return Reflect.get(inner, name).bind(inner);
              return (...args: unknown[]) => {
                const bound = inner.bind(...args);
                return new Proxy(bound, {
                  get(b2, n2) {
                    if (n2 !== "first") return Reflect.get(b2, n2).bind(b2);
                    return async () => {
                      const result = await b2.first();
                      raced = true;
                      await sale(orgId, buyer.id, [{ lot_id: l.id, kg: 1 }], { sale_date: "2025-06-10" });
                      return result;
                    };
                  },
                });
              };
            },
          });
        };
      },
    }) as D1Database;
    const attempt = await createSale(
      racing,
      orgId,
      {
        customerId: buyer.id,
        saleDate: "2025-06-05",
        soldAt: Date.parse("2025-06-05T12:00:00+05:30"),
        items: [{ lotId: l.id, grams: 10_000, ratePaisePerKg: 100 }],
      },
      Date.now(),
    );
    expect(raced).toBe(true);
    expect(attempt).toMatchObject({
      kind: "invoice_out_of_order",
      refusal: { code: "sale_before_last_invoice", lastInvoiceNumber: "INV/2526/000001" },
    });
    expect(await count("sales", orgId)).toBe(1);
    expect(await count("sale_items", orgId)).toBe(1);
    expect(await gramsRemaining(l.id)).toBe(99_000);
  });
});
