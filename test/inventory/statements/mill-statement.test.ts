// GET /api/v1/suppliers/{id}/statement and its CSV export: a mill's month worked by hand, its IST day edges, the
// errors, and another organisation's mill. A mill's balance is what the trader owes it, the `payable` of
// GET /api/v1/suppliers (invoiced less paid): a mill invoice is a credit that raises it, a payment to the mill a debit
// that lowers it, and a void the other side of what it reverses.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SupplierPayablesPageSchema } from "../../../src/inventory/ledger/schemas";
import { MillStatementResponseSchema } from "../../../src/inventory/statements/schemas";
import { parseCsv } from "../domain/csv-parse";
import { admin, api, createKey, createOrg, expectError, expectStatus } from "../helpers";
import { holdClockAt, ist, orgWithKey, post } from "../stock-fixtures";

afterEach(() => vi.useRealTimers());

const statementOf = async (key: string, millId: string, query = "") =>
  MillStatementResponseSchema.parse(await expectStatus(await api(`/api/v1/suppliers/${millId}/statement${query}`, key), 200)).data;

/** The id GET /api/v1/suppliers gives the mill named `name`. */
async function millNamed(key: string, name: string): Promise<string> {
  const mills = SupplierPayablesPageSchema.parse(await expectStatus(await api("/api/v1/suppliers", key), 200)).data;
  return mills.find((m) => m.name === name)!.id;
}

describe("a mill's month worked by hand", () => {
  const MILL = "Sri Kannapiran Spinning Mills";
  let key: string;
  let millId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    holdClockAt(ist("2026-10-01", "09:00"));
    let orgId: string;
    ({ orgId, key } = await orgWithKey());
    const at = (date: string, time = "11:00") => holdClockAt(ist(date, time));
    const invoice = async (number: string, amount: string) =>
      (await post(`/admin/api/orgs/${orgId}/mill-invoices`, { supplier_name: MILL, invoice_number: number, amount })).id as string;
    const pay = async (body: Record<string, unknown>) =>
      (await post(`/admin/api/orgs/${orgId}/mill-payments`, { supplier_name: MILL, ...body })).id as string;
    const voidEntry = async (kind: "mill-invoices" | "mill-payments", id: string, reason: string) =>
      expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/${kind}/${id}/void`, { reason }), 200);

    // October, before the statement: invoice SKSM/101 for ₹50,000.00, ₹20,000.00 paid on it.
    at("2026-10-10");
    ids.oct = await invoice("SKSM/101", "50000");
    at("2026-10-20");
    await pay({ mill_invoice_id: ids.oct, amount: "20000", method: "neft", reference: "UTR-OCT" });
    // November.
    at("2026-11-03");
    ids.big = await invoice("SKSM/118", "120000");
    at("2026-11-05");
    ids.rtgs = await pay({ mill_invoice_id: ids.big, amount: "50000", method: "rtgs", reference: "UTR SBIN0001" });
    at("2026-11-07");
    ids.twice = await invoice("SKSM/121", "8000");
    at("2026-11-10");
    ids.cheque = await pay({ amount: "30000", method: "cheque", reference: "CHQ 7781" });
    // Voided in the last millisecond of 12 November (IST): the void is November's.
    holdClockAt(ist("2026-11-12", "23:59") + 59_999);
    await voidEntry("mill-invoices", ids.twice, "Entered twice");
    // Another mill's invoice: not on this mill's statement.
    at("2026-11-15");
    await post(`/admin/api/orgs/${orgId}/mill-invoices`, { supplier_name: "Vardhman Spinning", invoice_number: "VS-9", amount: "999" });
    at("2026-11-18");
    await voidEntry("mill-payments", ids.rtgs, "Returned by the bank");
    at("2026-11-25");
    await invoice("SKSM/130", "25000.50");
    at("2026-11-28");
    ids.late = await pay({ mill_invoice_id: ids.oct, amount: "10000", method: "upi", reference: "UPI-2811" });
    // Voided in the first millisecond of 1 December (IST): the void is December's, not November's.
    holdClockAt(ist("2026-12-01", "00:00"));
    await voidEntry("mill-payments", ids.late, "Paid from the wrong account");
    millId = await millNamed(key, MILL);
  });
  // Today is 1 December 2026 (IST) for every read below.
  beforeEach(() => holdClockAt(ist("2026-12-01", "10:00")));

  it("November: opening balance, every entry with what the trader owes after it, totals and closing balance", async () => {
    const november = await statementOf(key, millId, "?from=2026-11-01&to=2026-11-30");
    // Opening: SKSM/101 ₹50,000.00 − ₹20,000.00 paid = ₹30,000.00 owed to the mill.
    expect(november).toMatchObject({
      supplier: { id: millId, name: MILL, gstin: null },
      from: "2026-11-01",
      to: "2026-11-30",
      opening_balance: "30000.00",
    });
    expect(november.entries.map((e) => [e.date, e.kind, e.reference, e.debit, e.credit, e.balance])).toEqual([
      ["2026-11-03", "invoice", "SKSM/118", "0.00", "120000.00", "150000.00"], // 30,000.00 + 1,20,000.00
      ["2026-11-05", "payment", "UTR SBIN0001", "50000.00", "0.00", "100000.00"], // − 50,000.00
      ["2026-11-07", "invoice", "SKSM/121", "0.00", "8000.00", "108000.00"], // + 8,000.00
      ["2026-11-10", "payment", "CHQ 7781", "30000.00", "0.00", "78000.00"], // − 30,000.00, on account
      ["2026-11-12", "void", "SKSM/121", "8000.00", "0.00", "70000.00"], // − 8,000.00, at 23:59:59.999 IST
      ["2026-11-18", "void", "UTR SBIN0001", "0.00", "50000.00", "120000.00"], // + 50,000.00, returned by the bank
      ["2026-11-25", "invoice", "SKSM/130", "0.00", "25000.50", "145000.50"], // + 25,000.50
      ["2026-11-28", "payment", "UPI-2811", "10000.00", "0.00", "135000.50"], // − 10,000.00 (voided on 1 December)
    ]);
    // Credits 1,20,000.00 + 8,000.00 + 50,000.00 + 25,000.50 = 2,03,000.50; debits 50,000.00 + 30,000.00 + 8,000.00 +
    // 10,000.00 = 98,000.00; closing 30,000.00 + 2,03,000.50 − 98,000.00 = 1,35,000.50, the last running balance.
    expect(november).toMatchObject({ total_debits: "98000.00", total_credits: "203000.50", closing_balance: "135000.50" });

    const [invoice, rtgs, , cheque, voidedInvoice, bounced] = november.entries;
    expect(invoice).toMatchObject({ id: ids.big, invoice_number: "SKSM/118", method: null, reason: null, reverses: null });
    expect(rtgs).toMatchObject({ id: ids.rtgs, method: "rtgs", invoice_number: "SKSM/118", reverses: null });
    expect(cheque).toMatchObject({ id: ids.cheque, method: "cheque", invoice_number: null });
    expect(voidedInvoice).toMatchObject({
      id: ids.twice,
      reason: "Entered twice",
      reverses: { kind: "invoice", id: ids.twice, reference: "SKSM/121", date: "2026-11-07" },
    });
    expect(bounced).toMatchObject({
      id: ids.rtgs,
      method: "rtgs",
      reason: "Returned by the bank",
      reverses: { kind: "payment", id: ids.rtgs, reference: "UTR SBIN0001", date: "2026-11-05" },
    });
  });

  it("December to today opens with November's closing balance and closes at the mill's payable", async () => {
    // Without from, the current IST month: 1 December only. The void of the 28 November payment, + 10,000.00.
    const december = await statementOf(key, millId);
    expect(december).toMatchObject({
      from: "2026-12-01",
      to: "2026-12-01",
      opening_balance: "135000.50",
      total_debits: "0.00",
      total_credits: "10000.00",
    });
    expect(december.entries.map((e) => [e.kind, e.credit, e.balance, e.reverses?.date])).toEqual([["void", "10000.00", "145000.50", "2026-11-28"]]);
    // The books: invoices still standing 50,000.00 + 1,20,000.00 + 25,000.50 = 1,95,000.50; payments still standing
    // 20,000.00 + 30,000.00 = 50,000.00; owed to the mill 1,95,000.50 − 50,000.00 = 1,45,000.50.
    expect(december.closing_balance).toBe("145000.50");
    const mills = SupplierPayablesPageSchema.parse(await expectStatus(await api("/api/v1/suppliers", key), 200)).data;
    expect(mills.find((m) => m.id === millId)!.payable).toBe("145000.50");
  });

  it("as CSV: the opening balance row, the same entries and balances, the closing balance row with the totals", async () => {
    const response = await api(`/api/v1/export/suppliers/${millId}/statement?from=2026-11-01&to=2026-11-30`, key);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="statement-${millId}-2026-12-01.csv"`);
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
      ["2026-11-01", "opening_balance", "", "", "", "30000.00"],
      ["2026-11-03", "invoice", "SKSM/118", "0.00", "120000.00", "150000.00"],
      ["2026-11-05", "payment", "UTR SBIN0001", "50000.00", "0.00", "100000.00"],
      ["2026-11-07", "invoice", "SKSM/121", "0.00", "8000.00", "108000.00"],
      ["2026-11-10", "payment", "CHQ 7781", "30000.00", "0.00", "78000.00"],
      ["2026-11-12", "void", "SKSM/121", "8000.00", "0.00", "70000.00"],
      ["2026-11-18", "void", "UTR SBIN0001", "0.00", "50000.00", "120000.00"],
      ["2026-11-25", "invoice", "SKSM/130", "0.00", "25000.50", "145000.50"],
      ["2026-11-28", "payment", "UPI-2811", "10000.00", "0.00", "135000.50"],
      ["2026-11-30", "closing_balance", "", "98000.00", "203000.50", "135000.50"],
    ]);
    expect(rows[6]!.slice(3)).toEqual([
      "SKSM/118",
      "rtgs",
      "Returned by the bank",
      "0.00",
      "50000.00",
      "120000.00",
      "payment",
      "UTR SBIN0001",
      "2026-11-05",
    ]);
  });
});

describe("errors", () => {
  let key: string;
  let millId: string;
  beforeAll(async () => {
    holdClockAt(ist("2026-11-21", "09:00"));
    let orgId: string;
    ({ orgId, key } = await orgWithKey());
    await post(`/admin/api/orgs/${orgId}/mill-invoices`, { supplier_name: "Sri Ramalinga Mills", invoice_number: "E-1", amount: "100" });
    millId = await millNamed(key, "Sri Ramalinga Mills");
  });
  beforeEach(() => holdClockAt(ist("2026-11-21", "10:00")));

  it.each([
    ["?from=2026-13-01", "from"],
    ["?from=2026-11-10&to=2026-11-09", "from: must not be after to"],
    ["?to=2026-11-22", "to: 2026-11-22 is after today (2026-11-21, IST)"],
    ["?from=2025-11-20&to=2026-11-21", "from: the period 2025-11-20 to 2026-11-21 is 367 days"],
    ["?month=2026-11", "month: unknown field"],
  ])("%s is 400 bad_request: %s", async (query, message) => {
    expect(await expectError(await api(`/api/v1/suppliers/${millId}/statement${query}`, key), 400, "bad_request")).toContain(message);
    expect(await expectError(await api(`/api/v1/export/suppliers/${millId}/statement${query}`, key), 400, "bad_request")).toContain(message);
  });

  it("an unknown mill and another organisation's mill are the same 404, as JSON and as CSV", async () => {
    const otherOrg = await createOrg();
    await post(`/admin/api/orgs/${otherOrg}/mill-invoices`, { supplier_name: "Sri Ramalinga Mills", invoice_number: "E-1", amount: "100" });
    const stranger = await millNamed((await createKey(otherOrg)).key, "Sri Ramalinga Mills");
    for (const base of ["/api/v1/suppliers", "/api/v1/export/suppliers"]) {
      const unknown = await expectError(await api(`${base}/mill_unknown/statement`, key), 404, "not_found");
      const foreign = await expectError(await api(`${base}/${stranger}/statement`, key), 404, "not_found");
      expect([unknown, foreign]).toEqual(["No mill mill_unknown", `No mill ${stranger}`]);
    }
  });

  it("needs suppliers:read, as GET /api/v1/suppliers does, and exports:read as CSV", async () => {
    const orgId = await createOrg();
    await post(`/admin/api/orgs/${orgId}/mill-invoices`, { supplier_name: "Sri Ramalinga Mills", invoice_number: "E-1", amount: "100" });
    const suppliersRead = await createKey(orgId, { scopes: ["suppliers:read"] });
    const exportsOnly = await createKey(orgId, { scopes: ["exports:read"] });
    const salesRead = await createKey(orgId, { scopes: ["sales:read"] });
    const mill = await millNamed(suppliersRead.key, "Sri Ramalinga Mills");
    for (const [path, opener, refused] of [
      [`/api/v1/suppliers/${mill}/statement`, suppliersRead, exportsOnly],
      [`/api/v1/export/suppliers/${mill}/statement`, exportsOnly, suppliersRead],
    ] as const) {
      await expectError(await api(path, salesRead.key), 403, "missing_scope");
      await expectError(await api(path, refused.key), 403, "missing_scope");
      const response = await api(path, opener.key);
      expect(response.status, path).toBe(200);
      await response.arrayBuffer();
    }
  });
});
