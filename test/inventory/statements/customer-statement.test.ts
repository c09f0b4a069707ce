// GET /api/v1/customers/{id}/statement and its CSV export: a month worked by hand, its IST day edges, the errors, the
// entry cap, and another organisation's customer. Cotton yarn (HSN 5205) is 5 % (Notification 1/2017-Central Tax
// (Rate)), IGST from the Maharashtra supplier to the Tamil Nadu buyer; every line and return below is whole kg at a
// whole rupee rate with a taxable value in tens of rupees, so its GST is exact to the paisa.
import { env } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CustomerBalancesPageSchema } from "../../../src/inventory/ledger/schemas";
import { StatementResponseSchema } from "../../../src/inventory/statements/schemas";
import { parseCsv } from "../domain/csv-parse";
import { admin, api, createKey, createOrg, expectError, expectStatus } from "../helpers";
import { customer, holdClockAt, ist, lot, orgWithKey, post, q, runSql, sale } from "../stock-fixtures";

afterEach(() => vi.useRealTimers());

const statementOf = async (key: string, customerId: string, query = "") =>
  StatementResponseSchema.parse(await expectStatus(await api(`/api/v1/customers/${customerId}/statement${query}`, key), 200)).data;

describe("a month worked by hand", () => {
  let key: string;
  let buyer: { id: string; name: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    holdClockAt(ist("2026-10-01", "09:00"));
    let orgId: string;
    ({ orgId, key } = await orgWithKey());
    buyer = await customer(orgId, { name: "Kumaran Knit Fabrics", gstin: "33AAECG4315R1ZE" });
    const other = await customer(orgId, { name: "Someone else" });
    const stock = await lot(orgId, { kg: "100", received_at: "2026-10-01T09:00:00+05:30" });
    const at = (date: string, time = "11:00") => holdClockAt(ist(date, time));
    const pay = (body: Record<string, unknown>) => post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, ...body });

    // October, before the statement: invoice A, 10 kg × ₹100.00 = ₹1,000.00 + 5 % = ₹1,050.00; ₹300.00 paid on it.
    at("2026-10-20");
    ids.a = (await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "10", rate_per_kg: "100" }])).id;
    at("2026-10-25");
    await pay({ sale_id: ids.a, amount: "300", method: "neft", reference: "UTR-OCT" });
    // November. Invoice B, 20 kg × ₹150.00 = ₹3,000.00 + ₹150.00 = ₹3,150.00.
    at("2026-11-03");
    ids.b = (await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "20", rate_per_kg: "150" }])).id;
    at("2026-11-05");
    ids.cheque = (await pay({ sale_id: ids.b, amount: "1000", method: "cheque", reference: "CHQ 004512" })).id;
    at("2026-11-08");
    ids.note = (
      await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, sale_id: ids.a, amount: "150", reason: "Rate difference" })
    ).id;
    // Invoice C, 4 kg × ₹125.00 = ₹500.00 + ₹25.00 = ₹525.00, cancelled in the last millisecond of 12 November (IST).
    at("2026-11-10");
    ids.c = (await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "4", rate_per_kg: "125" }])).id;
    holdClockAt(ist("2026-11-12", "23:59") + 59_999);
    await expectStatus(await admin("POST", `/admin/api/sales/${ids.c}/cancel`), 200);
    // 2 kg of B come back: 2 × ₹150.00 = ₹300.00 + ₹15.00 = ₹315.00.
    at("2026-11-14");
    await expectStatus(await admin("POST", `/admin/api/sales/${ids.b}/dispatch`), 200);
    ids.return = (await post(`/admin/api/sales/${ids.b}/returns`, { items: [{ lot_id: stock.id, kg: "2" }] })).id;
    at("2026-11-15");
    await sale(orgId, other.id, [{ lot_id: stock.id, kg: "10", rate_per_kg: "100" }]);
    at("2026-11-18");
    await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/payments/${ids.cheque}/void`, { reason: "Cheque bounced" }), 200);
    at("2026-11-20");
    await pay({ amount: "500", method: "upi", reference: "UPI-7781" });
    at("2026-11-28");
    ids.late = (await pay({ sale_id: ids.a, amount: "200", method: "neft", reference: "UTR-2811" })).id;
    // Voided in the first millisecond of 1 December (IST): the void belongs to December, not November.
    holdClockAt(ist("2026-12-01", "00:00"));
    await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/payments/${ids.late}/void`, { reason: "Entered twice" }), 200);
  });
  // Today is 1 December 2026 (IST) for every read below.
  beforeEach(() => holdClockAt(ist("2026-12-01", "10:00")));

  it("November: opening balance, every entry with its running balance, totals and closing balance", async () => {
    const november = await statementOf(key, buyer.id, "?from=2026-11-01&to=2026-11-30");
    // Opening: invoice A ₹1,050.00 − ₹300.00 paid = ₹750.00.
    expect(november).toMatchObject({
      customer: { id: buyer.id, name: "Kumaran Knit Fabrics", gstin: "33AAECG4315R1ZE" },
      from: "2026-11-01",
      to: "2026-11-30",
      opening_balance: "750.00",
    });
    expect(november.entries.map((e) => [e.date, e.kind, e.reference, e.debit, e.credit, e.balance])).toEqual([
      ["2026-11-03", "invoice", "INV/2627/000002", "3150.00", "0.00", "3900.00"], // 750.00 + 3,150.00
      ["2026-11-05", "payment", "CHQ 004512", "0.00", "1000.00", "2900.00"], // − 1,000.00
      ["2026-11-08", "credit_note", "CN/2627/000001", "0.00", "150.00", "2750.00"], // − 150.00
      ["2026-11-10", "invoice", "INV/2627/000003", "525.00", "0.00", "3275.00"], // + 525.00
      ["2026-11-12", "cancellation", "INV/2627/000003", "0.00", "525.00", "2750.00"], // − 525.00, at 23:59:59.999 IST
      ["2026-11-14", "sales_return", "CN/2627/000002", "0.00", "315.00", "2435.00"], // − 315.00
      ["2026-11-18", "void", "CHQ 004512", "1000.00", "0.00", "3435.00"], // + 1,000.00, the cheque bounced
      ["2026-11-20", "payment", "UPI-7781", "0.00", "500.00", "2935.00"], // − 500.00, on account
      ["2026-11-28", "payment", "UTR-2811", "0.00", "200.00", "2735.00"], // − 200.00 (voided on 1 December)
    ]);
    // Debits 3,150.00 + 525.00 + 1,000.00 = 4,675.00; credits 1,000.00 + 150.00 + 525.00 + 315.00 + 500.00 + 200.00 =
    // 2,690.00; closing 750.00 + 4,675.00 − 2,690.00 = 2,735.00, the last running balance.
    expect(november).toMatchObject({ total_debits: "4675.00", total_credits: "2690.00", closing_balance: "2735.00" });

    const [payment, note, invoice, cancellation, , bounced, onAccount] = november.entries.slice(1);
    expect(payment).toMatchObject({ id: ids.cheque, method: "cheque", invoice_number: "INV/2627/000002", reverses: null });
    expect(note).toMatchObject({ id: ids.note, invoice_number: "INV/2627/000001", reason: "Rate difference", method: null });
    expect(invoice).toMatchObject({ id: ids.c, invoice_number: "INV/2627/000003", reverses: null });
    expect(cancellation).toMatchObject({ id: ids.c, reverses: { kind: "invoice", id: ids.c, reference: "INV/2627/000003", date: "2026-11-10" } });
    expect(bounced).toMatchObject({
      id: ids.cheque,
      reason: "Cheque bounced",
      reverses: { kind: "payment", id: ids.cheque, reference: "CHQ 004512", date: "2026-11-05" },
    });
    expect(onAccount).toMatchObject({ invoice_number: null, method: "upi" });
  });

  it("December to today opens with November's closing balance; its closing is the outstanding the customers list shows", async () => {
    // Without from, the current IST month: 1 December only. The void of the 28 November payment, + 200.00.
    const december = await statementOf(key, buyer.id);
    expect(december).toMatchObject({
      from: "2026-12-01",
      to: "2026-12-01",
      opening_balance: "2735.00",
      total_debits: "200.00",
      total_credits: "0.00",
    });
    expect(december.entries.map((e) => [e.date, e.kind, e.debit, e.balance, e.reverses?.date])).toEqual([
      ["2026-12-01", "void", "200.00", "2935.00", "2026-11-28"],
    ]);
    // The books: invoices A + B = 1,050.00 + 3,150.00 = 4,200.00 (C cancelled); payments still counting 300.00 +
    // 500.00 = 800.00; credit notes 150.00 + 315.00 = 465.00. 4,200.00 − 800.00 − 465.00 = 2,935.00.
    expect(december.closing_balance).toBe("2935.00");
    const listed = CustomerBalancesPageSchema.parse(await expectStatus(await api("/api/v1/customers", key), 200)).data;
    expect(listed.find((c) => c.id === buyer.id)!.outstanding).toBe("2935.00");
  });

  it("as CSV: the opening balance row, the same entries and balances, the closing balance row with the totals", async () => {
    const response = await api(`/api/v1/export/customers/${buyer.id}/statement?from=2026-11-01&to=2026-11-30`, key);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="statement-${buyer.id}-2026-12-01.csv"`);
    const [header, ...rows] = parseCsv(await response.text());
    expect(header).toEqual([
      "date",
      "kind",
      "reference",
      "invoice_number",
      "method",
      "reason",
      "debit",
      "credit",
      "balance",
      "reverses_kind",
      "reverses_reference",
      "reverses_date",
    ]);
    // The figures of the November statement above.
    expect(rows.map((r) => [r[0], r[1], r[2], r[6], r[7], r[8]])).toEqual([
      ["2026-11-01", "opening_balance", "", "", "", "750.00"],
      ["2026-11-03", "invoice", "INV/2627/000002", "3150.00", "0.00", "3900.00"],
      ["2026-11-05", "payment", "CHQ 004512", "0.00", "1000.00", "2900.00"],
      ["2026-11-08", "credit_note", "CN/2627/000001", "0.00", "150.00", "2750.00"],
      ["2026-11-10", "invoice", "INV/2627/000003", "525.00", "0.00", "3275.00"],
      ["2026-11-12", "cancellation", "INV/2627/000003", "0.00", "525.00", "2750.00"],
      ["2026-11-14", "sales_return", "CN/2627/000002", "0.00", "315.00", "2435.00"],
      ["2026-11-18", "void", "CHQ 004512", "1000.00", "0.00", "3435.00"],
      ["2026-11-20", "payment", "UPI-7781", "0.00", "500.00", "2935.00"],
      ["2026-11-28", "payment", "UTR-2811", "0.00", "200.00", "2735.00"],
      ["2026-11-30", "closing_balance", "", "4675.00", "2690.00", "2735.00"],
    ]);
    expect(rows[7]!.slice(3)).toEqual([
      "INV/2627/000002",
      "cheque",
      "Cheque bounced",
      "1000.00",
      "0.00",
      "3435.00",
      "payment",
      "CHQ 004512",
      "2026-11-05",
    ]);
  });

  it("a statement to a day before today closes with the balance of that day", async () => {
    // October alone: 1,050.00 − 300.00 = 750.00, November's opening balance.
    const october = await statementOf(key, buyer.id, "?to=2026-10-31");
    expect(october).toMatchObject({ from: "2026-10-01", to: "2026-10-31", opening_balance: "0.00", closing_balance: "750.00" });
    expect(october.entries.map((e) => e.kind)).toEqual(["invoice", "payment"]);
  });
});

describe("errors", () => {
  let key: string;
  let buyerId: string;
  beforeAll(async () => {
    const { orgId, key: read } = await orgWithKey();
    key = read;
    buyerId = (await customer(orgId)).id;
  });
  beforeEach(() => holdClockAt(ist("2026-11-21", "10:00")));

  it.each([
    ["?from=2026-13-01", "from"],
    ["?to=2026-02-30", "to"],
    ["?from=2026-11-10&to=2026-11-09", "from: must not be after to"],
    ["?to=2026-11-22", "to: 2026-11-22 is after today (2026-11-21, IST)"],
    ["?from=2025-11-20&to=2026-11-21", "from: the period 2025-11-20 to 2026-11-21 is 367 days"],
    ["?month=2026-11", "month: unknown field"],
  ])("%s is 400 bad_request: %s", async (query, message) => {
    const error = await expectError(await api(`/api/v1/customers/${buyerId}/statement${query}`, key), 400, "bad_request");
    expect(error).toContain(message);
  });

  it("an unknown customer and another organisation's customer are the same 404", async () => {
    const stranger = await customer(await createOrg());
    const unknown = await expectError(await api("/api/v1/customers/cust_unknown/statement", key), 404, "not_found");
    const foreign = await expectError(await api(`/api/v1/customers/${stranger.id}/statement`, key), 404, "not_found");
    expect([unknown, foreign]).toEqual(["No customer cust_unknown", `No customer ${stranger.id}`]);
  });

  it("needs customers:read, and exports:read as CSV; sales:read opens neither", async () => {
    const orgId = await createOrg();
    const buyer = await customer(orgId);
    const exportsOnly = await createKey(orgId, { scopes: ["exports:read"] });
    const customersRead = await createKey(orgId, { scopes: ["customers:read"] });
    const salesRead = await createKey(orgId, { scopes: ["sales:read"] });
    await expectError(await api(`/api/v1/customers/${buyer.id}/statement`, exportsOnly.key), 403, "missing_scope");
    await expectError(await api(`/api/v1/customers/${buyer.id}/statement`, salesRead.key), 403, "missing_scope");
    await expectStatus(await api(`/api/v1/customers/${buyer.id}/statement`, customersRead.key), 200);
    await expectError(await api(`/api/v1/export/customers/${buyer.id}/statement`, salesRead.key), 403, "missing_scope");
    await expectError(await api(`/api/v1/export/customers/${buyer.id}/statement`, customersRead.key), 403, "missing_scope");
    const csv = await api(`/api/v1/export/customers/${buyer.id}/statement`, exportsOnly.key);
    expect(csv.status).toBe(200);
    await csv.arrayBuffer();
  });

  it("as CSV, errors are JSON in the same envelope", async () => {
    const stranger = await customer(await createOrg());
    await expectError(await api(`/api/v1/export/customers/${stranger.id}/statement`, key), 404, "not_found");
    const error = await expectError(await api(`/api/v1/export/customers/${buyerId}/statement?to=2026-11-22`, key), 400, "bad_request");
    expect(error).toContain("to: 2026-11-22 is after today");
    await expectError(await api(`/api/v1/export/customers/${buyerId}/statement?bom=yes`, key), 400, "bad_request");
  });
});

describe("the entry cap", () => {
  it("a period with more than 2,000 entries is 400, while shorter periods of it answer", async () => {
    holdClockAt(ist("2026-11-21", "10:00"));
    const { orgId, key } = await orgWithKey();
    const buyer = await customer(orgId);
    // 2,001 payments of ₹1.00, straight into D1: 1,000 on 1 November and 1,001 on 2 November.
    const rows = Array.from(
      { length: 2_001 },
      (_, i) =>
        `INSERT INTO payments (id, org_id, customer_id, amount_paise, method, paid_on, created_at) VALUES (${q(`pay_cap_${orgId}_${i}`)}, ${q(orgId)}, ${q(buyer.id)}, 100, 'upi', ${q(i < 1_000 ? "2026-11-01" : "2026-11-02")}, ${Date.now()})`,
    );
    await runSql(rows);
    const error = await expectError(await api(`/api/v1/customers/${buyer.id}/statement?from=2026-11-01&to=2026-11-02`, key), 400, "bad_request");
    expect(error).toBe(
      "from: the period 2026-11-01 to 2026-11-02 has more than 2000 entries; ask for shorter periods, each opening with the previous one's closing balance",
    );
    // 1 November: 1,000 × ₹1.00 credited. 2 November: opens at −1,000.00, 1,001 more, closes at −2,001.00.
    expect(await statementOf(key, buyer.id, "?from=2026-11-01&to=2026-11-01")).toMatchObject({ closing_balance: "-1000.00" });
    const second = await statementOf(key, buyer.id, "?from=2026-11-02&to=2026-11-02");
    expect(second).toMatchObject({ opening_balance: "-1000.00", total_credits: "1001.00", closing_balance: "-2001.00" });
    expect(second.entries).toHaveLength(1_001);
  });
});

describe("a sale cancelled before cancellations voided its credit notes", () => {
  it("nets to nothing with the note still standing, as the customers list and export leave both out", async () => {
    holdClockAt(ist("2026-11-21", "10:00"));
    const { orgId, key } = await orgWithKey();
    const buyer = await customer(orgId);
    const stock = await lot(orgId, { received_at: "2026-11-01T09:00:00+05:30" });
    // 10 kg × ₹100.00 = ₹1,000.00 + 5 % = ₹1,050.00, credited ₹50.00, then cancelled.
    const booked = await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "10", rate_per_kg: "100" }]);
    const note = await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, sale_id: booked.id, amount: "50" });
    await expectStatus(await admin("POST", `/admin/api/sales/${booked.id}/cancel`), 200);
    // As such a sale stands in the books: cancelled, its note never voided.
    await env.DB.prepare("UPDATE credit_notes SET voided_at = NULL, void_reason = NULL, voided_by = NULL WHERE org_id = ?1 AND id = ?2")
      .bind(orgId, note.id)
      .run();
    const statement = await statementOf(key, buyer.id);
    // + 1,050.00 − 50.00 − (1,050.00 − 50.00 the cancellation reverses) = 0.00.
    expect(statement.entries.map((e) => [e.kind, e.debit, e.credit, e.balance])).toEqual([
      ["invoice", "1050.00", "0.00", "1050.00"],
      ["credit_note", "0.00", "50.00", "1000.00"],
      ["cancellation", "0.00", "1000.00", "0.00"],
    ]);
    const listed = CustomerBalancesPageSchema.parse(await expectStatus(await api("/api/v1/customers", key), 200)).data;
    expect(listed[0]!.outstanding).toBe("0.00");
  });
});
