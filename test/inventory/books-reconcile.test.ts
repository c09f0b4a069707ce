// The identities a bookkeeper ties the books out with, on scenarios built through the API and worked by hand:
// a customer's invoices less payments less credit notes is the outstanding that the customers list, its ageing
// less money on account, and the customers export all show; each lot's and each godown's kg is what came in less
// what went out, at cost; an invoice's and its credit notes' GST columns add up; adjacent IST day windows count each
// sale once; a mill's invoices less payments is the payable the suppliers list and the mill ledger export show.
// Cotton yarn (HSN 5205) is 5 %, CGST and SGST 2.5 % each within a state (Notification 1/2017-Central Tax (Rate)).
import { describe, expect, it } from "vitest";
import { CreditNoteSchema, CustomerBalancesPageSchema, SupplierPayablesPageSchema } from "../../src/inventory/ledger/schemas";
import { SaleSchema, SalesPageSchema } from "../../src/inventory/sales/schemas";
import { InventoryPageSchema } from "../../src/inventory/stock/schemas";
import { parseCsv } from "./domain/csv-parse";
import { admin, api, createKey, expectStatus } from "./helpers";
import { customer, lot, orgWithKey, post, sale } from "./stock-fixtures";

/** A Tamil Nadu trader with a read key. */
async function tamilNaduTrader() {
  const orgId = (
    await expectStatus(await admin("POST", "/admin/api/orgs", { name: "Sri Lakshmi Yarns", plan: "business", gstin: "33ABCDE1234F1Z7" }), 201)
  ).data.id as string;
  return { orgId, key: (await createKey(orgId)).key };
}

async function balanceOf(key: string, customerId: string) {
  const page = CustomerBalancesPageSchema.parse(await expectStatus(await api("/api/v1/customers", key), 200));
  return page.data.find((c) => c.id === customerId)!;
}

/** The customers export's row for one customer, by column name. */
async function exportedRow(key: string, customerId: string): Promise<Record<string, string>> {
  const [header, ...rows] = parseCsv(await (await api("/api/v1/export/customers", key)).text());
  const row = rows.find((r) => r[0] === customerId)!;
  return Object.fromEntries(header!.map((name, i) => [name, row[i]!]));
}

const paise = (rupees: string) => Math.round(Number(rupees) * 100);

describe("a customer's account ties out everywhere it is shown", () => {
  it("through an advance, partial payment, returns, a cancelled invoice with a credit note, and a voided advance", async () => {
    const { orgId, key } = await tamilNaduTrader();
    const stock = await lot(orgId, { kg: "100", cost_per_kg: "300.00" });
    const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
    const pay = (body: Record<string, unknown>) => post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, method: "neft", ...body });
    const line = (kg: string) => [{ lot_id: stock.id, kg, rate_per_kg: "300" }];

    // ₹5,000.00 on account, then invoice 1: 40 kg × ₹300 = ₹12,000.00 + ₹300.00 + ₹300.00 = ₹12,600.00, which takes the
    // ₹5,000.00 (owes ₹7,600.00); ₹2,000.00 paid against it (owes ₹5,600.00).
    const advance = await pay({ amount: "5000" });
    const first = SaleSchema.parse(await sale(orgId, buyer.id, line("40")));
    expect(first.total_amount).toBe("12600.00");
    await pay({ sale_id: first.id, amount: "2000" });
    // 10 kg come back: ₹3,000.00 + ₹75.00 + ₹75.00 = ₹3,150.00, all against what it owes (owes ₹2,450.00).
    await expectStatus(await admin("POST", `/admin/api/sales/${first.id}/dispatch`), 200);
    await post(`/admin/api/sales/${first.id}/returns`, { items: [{ lot_id: stock.id, kg: "10" }] });

    // Invoice 2: 1 kg = ₹300.00 + ₹7.50 + ₹7.50 = ₹315.00, credited ₹15.75, then cancelled: neither counts any more.
    const second = SaleSchema.parse(await sale(orgId, buyer.id, line("1")));
    await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, sale_id: second.id, amount: "15.75" });
    await expectStatus(await admin("POST", `/admin/api/sales/${second.id}/cancel`), 200);

    // Invoice 3: 10 kg = ₹3,150.00, paid in full, then all returned: ₹3,150.00 owed back, held on account.
    const third = SaleSchema.parse(await sale(orgId, buyer.id, line("10")));
    await pay({ sale_id: third.id, amount: "3150" });
    await expectStatus(await admin("POST", `/admin/api/sales/${third.id}/dispatch`), 200);
    await post(`/admin/api/sales/${third.id}/returns`, { items: [{ lot_id: stock.id, kg: "10" }] });
    // The ₹5,000.00 advance bounces: invoice 1 owes ₹2,450.00 + ₹5,000.00 = ₹7,450.00 again.
    await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/payments/${advance.id}/void`, { reason: "Cheque bounced" }), 200);
    // Invoice 4: 5 kg = ₹1,500.00 + ₹37.50 + ₹37.50 = ₹1,575.00, paid from the ₹3,150.00 on account (₹1,575.00 left).
    const fourth = SaleSchema.parse(await sale(orgId, buyer.id, line("5")));
    expect(fourth.paid_at).not.toBeNull();

    // Billed ₹12,600.00 + ₹3,150.00 + ₹1,575.00 = ₹17,325.00 (invoice 2 cancelled); paid ₹2,000.00 + ₹3,150.00 =
    // ₹5,150.00 (the advance voided); credited ₹3,150.00 twice = ₹6,300.00 (invoice 2's note voided with it).
    // Outstanding ₹17,325.00 − ₹5,150.00 − ₹6,300.00 = ₹5,875.00 = invoice 1's ₹7,450.00 − ₹1,575.00 on account.
    expect(await exportedRow(key, buyer.id)).toMatchObject({ total_billed: "17325.00", total_paid: "5150.00", outstanding: "5875.00" });
    const balance = await balanceOf(key, buyer.id);
    expect(balance).toMatchObject({
      outstanding: "5875.00",
      on_account: "1575.00",
      ageing: { "0_30": "7450.00", "31_60": "0.00", "61_90": "0.00", over_90: "0.00" },
    });
    const ageing = Object.values(balance.ageing).reduce((sum, bucket) => sum + paise(bucket), 0);
    expect(ageing - paise(balance.on_account)).toBe(paise(balance.outstanding));

    // The invoice list: cancelled invoice 2 is not in it, and only the invoices nothing is owed on are paid.
    const listed = SalesPageSchema.parse(await expectStatus(await api("/api/v1/sales", key), 200)).data;
    expect(listed.map((s) => [s.invoice_number, s.paid_at !== null]).sort()).toEqual([
      [first.invoice_number, false],
      [third.invoice_number, true],
      [fourth.invoice_number, true],
    ]);
    // The lot: 100 kg − 40 − 10 − 5 sold + 10 + 10 returned (invoice 2's 1 kg came back when it was cancelled) =
    // 65 kg, worth 65 × ₹300.00 = ₹19,500.00 at cost.
    const [held] = InventoryPageSchema.parse(await expectStatus(await api("/api/v1/inventory", key), 200)).data;
    expect(held).toMatchObject({ kg_remaining: "65.000", stock_value: "19500.00" });
  });
});

describe("stock ties out per lot and per godown, at cost", () => {
  it("received + transferred in − transferred out − sold − damaged ± counts, a cancelled sale's kg back", async () => {
    const { orgId, key } = await orgWithKey();
    const stock = await lot(orgId, { kg: "100", cost_per_kg: "298.50", godown_code: "TPR-1" });
    const buyer = await customer(orgId);
    const sold = SaleSchema.parse(await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "30" }]));
    await post(`/admin/api/orgs/${orgId}/lots/${stock.id}/adjustments`, { reason: "damage", kg: "2.5" });
    const moved = await post(`/admin/api/orgs/${orgId}/lots/${stock.id}/transfers`, { godown_code: "ERD-1", kg: "20" });
    await sale(orgId, buyer.id, [{ lot_id: moved.to.id, kg: "5" }]);
    // Books 100 − 30 − 2.5 − 20 = 47.5 kg in Tiruppur; 47 kg counted.
    await post(`/admin/api/orgs/${orgId}/lots/${stock.id}/adjustments`, { reason: "count_correction", kg_counted: "47" });
    await expectStatus(await admin("POST", `/admin/api/sales/${sold.id}/cancel`), 200);

    // Tiruppur: 100 − 2.5 − 20 − 0.5 = 77 kg (the cancelled 30 kg back), 77 × ₹298.50 = ₹22,984.50.
    // Erode: 20 in − 5 sold = 15 kg, 15 × ₹298.50 = ₹4,477.50. Together 92 kg = 100 − 2.5 − 0.5 − 5, ₹27,462.00.
    const inGodown = async (code: string) =>
      InventoryPageSchema.parse(await expectStatus(await api(`/api/v1/inventory?godown_code=${code}`, key), 200)).data;
    expect((await inGodown("TPR-1")).map((l) => [l.kg_remaining, l.stock_value])).toEqual([["77.000", "22984.50"]]);
    expect((await inGodown("ERD-1")).map((l) => [l.kg_remaining, l.stock_value])).toEqual([["15.000", "4477.50"]]);
    // Each lot shows its terms: received + transferred in − transferred out − sold + returned + adjusted = remaining.
    // Tiruppur: 100 + 0 − 20 − 0 (the sale cancelled) + 0 − 3 (2.5 damaged, 0.5 short on the count) = 77.
    // Erode: the mill delivered nothing there; 0 + 20 − 0 − 5 + 0 + 0 = 15.
    const terms = (l: Awaited<ReturnType<typeof inGodown>>[number]) => [
      l.kg_received,
      l.kg_transferred_in,
      l.kg_transferred_out,
      l.kg_sold,
      l.kg_returned,
      l.kg_adjusted,
    ];
    expect((await inGodown("TPR-1")).map(terms)).toEqual([["100.000", "0.000", "20.000", "0.000", "0.000", "-3.000"]]);
    expect((await inGodown("ERD-1")).map(terms)).toEqual([["0.000", "20.000", "0.000", "5.000", "0.000", "0.000"]]);
  });
});

describe("GST columns add up", () => {
  // Seven lines of 0.333 kg at ₹10.01: each 333 × 1001 / 1000 = 333.333 → ₹3.33, CGST and SGST 3.33 × 2.5 % =
  // 0.08325 → ₹0.08 each. Invoice ₹23.31 + CGST ₹0.56 + SGST ₹0.56 = ₹24.43, the sum of its lines. Credited in
  // three notes of ₹8.14, ₹8.14 and ₹8.15, each in the proportions of what is left: 8.14 × 0.56 / 24.43 = 0.1866 →
  // ₹0.19 (taxable ₹7.76); then 8.14 × 0.37 / 16.29 = 0.1849 → ₹0.18 (taxable ₹7.78); then the rest, ₹0.19 (₹7.77).
  // The notes add up to the invoice in every column.
  it("over many lines rounded to the paisa, and across the credit notes that credit a whole invoice", async () => {
    const { orgId } = await tamilNaduTrader();
    const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
    const lots = await Promise.all(Array.from({ length: 7 }, () => lot(orgId, { kg: "1" })));
    const invoice = SaleSchema.parse(
      await sale(
        orgId,
        buyer.id,
        lots.map((l) => ({ lot_id: l.id, kg: "0.333", rate_per_kg: "10.01" })),
      ),
    );
    expect(invoice).toMatchObject({ taxable_amount: "23.31", cgst_amount: "0.56", sgst_amount: "0.56", igst_amount: "0.00", total_amount: "24.43" });
    for (const column of ["amount", "cgst_amount", "sgst_amount", "gst_amount"] as const) {
      const sum = invoice.items.reduce((total, item) => total + paise(item[column] ?? "0"), 0);
      expect(sum, column).toBe(paise(invoice[column === "amount" ? "taxable_amount" : column] ?? "0"));
    }
    const notes = [];
    for (const amount of ["8.14", "8.14", "8.15"]) {
      notes.push(CreditNoteSchema.parse(await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, sale_id: invoice.id, amount })));
    }
    expect(notes.map((n) => [n.taxable_amount, n.cgst_amount, n.sgst_amount])).toEqual([
      ["7.76", "0.19", "0.19"],
      ["7.78", "0.18", "0.18"],
      ["7.77", "0.19", "0.19"],
    ]);
  });
});

describe("IST day windows", () => {
  it("a sale at 23:59:59.999 IST and one at 00:00 IST the next day each fall in exactly one of two adjacent windows", async () => {
    const { orgId, key } = await orgWithKey();
    const stock = await lot(orgId, { kg: "10", received_at: "2026-11-01T09:00:00+05:30" });
    const buyer = await customer(orgId);
    const late = await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "1" }], { sold_at: "2026-11-20T23:59:59.999+05:30" });
    const early = await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "1" }], { sold_at: "2026-11-21T00:00:00.000+05:30" });
    expect([late.sale_date, early.sale_date]).toEqual(["2026-11-20", "2026-11-21"]);
    const window = async (from: string, to: string) =>
      SalesPageSchema.parse(await expectStatus(await api(`/api/v1/sales?from=${from}&to=${to}`, key), 200)).data.map((s) => s.id);
    expect(await window("2026-11-14", "2026-11-20")).toEqual([late.id]);
    expect(await window("2026-11-21", "2026-11-27")).toEqual([early.id]);
    expect(await window("2026-11-14", "2026-11-27")).toEqual([early.id, late.id]);
  });
});

describe("a mill's payable ties out with the mill ledger export", () => {
  it("invoices less payments, voided entries left out of both", async () => {
    const { orgId, key } = await orgWithKey();
    const mill = "Sri Kannapiran Spinning Mills";
    const invoice = (invoice_number: string, amount: string) =>
      post(`/admin/api/orgs/${orgId}/mill-invoices`, { supplier_name: mill, invoice_number, amount, date: "2026-11-02" });
    const first = await invoice("SKSM/1", "7,46,250.00");
    const wrong = await invoice("SKSM/2", "1,00,000.00");
    await post(`/admin/api/orgs/${orgId}/mill-payments`, { supplier_name: mill, mill_invoice_id: first.id, amount: "5,00,000", method: "rtgs" });
    const twice = await post(`/admin/api/orgs/${orgId}/mill-payments`, { supplier_name: mill, amount: "5,00,000", method: "rtgs" });
    await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/mill-payments/${twice.id}/void`, { reason: "Entered twice" }), 200);
    await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/mill-invoices/${wrong.id}/void`, { reason: "Not ours" }), 200);

    // ₹7,46,250.00 invoiced less ₹5,00,000.00 paid = ₹2,46,250.00 payable.
    const [payable] = SupplierPayablesPageSchema.parse(await expectStatus(await api("/api/v1/suppliers", key), 200)).data;
    expect(payable).toMatchObject({ invoiced: "746250.00", paid: "500000.00", payable: "246250.00" });
    const [header, ...rows] = parseCsv(await (await api("/api/v1/export/mill-payments", key)).text());
    const [type, amount] = [header!.indexOf("type"), header!.indexOf("amount")];
    const total = (kind: string) => rows.filter((r) => r[type] === kind).reduce((sum, r) => sum + paise(r[amount]!), 0);
    expect(total("invoice") - total("payment")).toBe(paise(payable!.payable));
  });
});
