// Sales returns: a credit note for the goods taken back, at the invoice line's rate and with its GST, and the kg
// back into the lot. Cotton yarn (HSN 5205) is 5 % (Notification 1/2017-Central Tax (Rate)); figures by hand.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CustomerBalancesPageSchema } from "../../../src/inventory/ledger/schemas";
import { SaleSchema } from "../../../src/inventory/sales/schemas";
import { parseCsv } from "../domain/csv-parse";
import { admin, api, createKey, expectError, expectStatus } from "../helpers";
import { customer, lot, post, sale } from "../stock-fixtures";

/** A Tamil Nadu trader's invoice to a Tamil Nadu buyer: 40 kg × ₹300 = ₹12,000.00 + CGST ₹300.00 + SGST ₹300.00. */
async function invoice() {
  const orgId = (
    await expectStatus(await admin("POST", "/admin/api/orgs", { name: "Sri Lakshmi Yarns", plan: "business", gstin: "33ABCDE1234F1Z7" }), 201)
  ).data.id as string;
  const stock = await lot(orgId, { kg: "100" });
  const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
  const booked = SaleSchema.parse(await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "40", rate_per_kg: "300" }]));
  await expectStatus(await admin("POST", `/admin/api/sales/${booked.id}/dispatch`), 200);
  const { key } = await createKey(orgId);
  return { orgId, key, lotId: stock.id, buyerId: buyer.id, saleId: booked.id };
}

const returnGoods = (saleId: string, body: unknown) => admin("POST", `/admin/api/sales/${saleId}/returns`, body);

async function gramsRemaining(lotId: string): Promise<number> {
  return (await env.DB.prepare("SELECT grams_remaining AS g FROM lots WHERE id = ?").bind(lotId).first<{ g: number }>())!.g;
}

async function balanceOf(key: string, customerId: string) {
  const page = CustomerBalancesPageSchema.parse(await expectStatus(await api("/api/v1/customers", key), 200));
  const { outstanding, on_account, ageing } = page.data.find((c) => c.id === customerId)!;
  return { outstanding, on_account, ageing };
}

async function outstandingOf(key: string, customerId: string): Promise<string> {
  return (await balanceOf(key, customerId)).outstanding;
}

async function exportedOutstandingOf(key: string, customerId: string): Promise<string> {
  const rows = parseCsv(await (await api("/api/v1/export/customers", key)).text());
  const outstanding = rows[0]!.indexOf("outstanding");
  return rows.find((r) => r[0] === customerId)![outstanding]!;
}

describe("POST /admin/api/sales/{id}/returns", () => {
  it("10 kg back: ₹3,000.00 + CGST ₹75.00 + SGST ₹75.00 = ₹3,150.00 credited, and 10 kg back in the lot", async () => {
    const { key, lotId, buyerId, saleId } = await invoice();
    expect(await gramsRemaining(lotId)).toBe(60_000);
    const note = await expectStatus(await returnGoods(saleId, { items: [{ lot_id: lotId, kg: "10" }], reason: "Shade variation" }), 201);
    expect(note.data).toMatchObject({
      sale_id: saleId,
      customer_id: buyerId,
      amount: "3150.00",
      taxable_amount: "3000.00",
      cgst_amount: "75.00",
      sgst_amount: "75.00",
      igst_amount: "0.00",
      reason: "Shade variation",
      items: [{ lot_id: lotId, kg: "10.000", amount: "3000.00", gst_amount: "150.00" }],
    });
    expect(note.data.note_number).toMatch(/^CN\//);
    expect(await gramsRemaining(lotId)).toBe(70_000);
    expect(await outstandingOf(key, buyerId)).toBe("9450.00");

    // 30 kg of the line can still come back, not 30.001.
    const refused = await expectError(await returnGoods(saleId, { items: [{ lot_id: lotId, kg: "30.001" }] }), 409, "conflict");
    expect(refused).toContain("at most 30.000 kg");
    expect(await gramsRemaining(lotId)).toBe(70_000);
  });

  // 1.500 kg at ₹250.01/kg: 375.015 → ₹375.02 + CGST and SGST 9.3755 → ₹9.38 each = ₹393.78. Returned 0.5 kg at a
  // time, the returns follow the line's own figures up to each: ₹125.01 + ₹3.13 + ₹3.13 = ₹131.27; then up to
  // 1.0 kg ₹250.01 and CGST 6.25025 → ₹6.25, so ₹125.00 + ₹3.12 + ₹3.12 = ₹131.24; then the rest of the line,
  // ₹131.27. Together ₹393.78: the invoice, not the ₹393.81 that three separately rounded returns would make.
  it("three returns of a third of a line credit exactly the line, and the last one is not refused", async () => {
    const { orgId, lotId, buyerId } = await invoice();
    const booked = SaleSchema.parse(await sale(orgId, buyerId, [{ lot_id: lotId, kg: "1.5", rate_per_kg: "250.01" }]));
    expect(booked).toMatchObject({ total_amount: "393.78", cgst_amount: "9.38", sgst_amount: "9.38" });
    await expectStatus(await admin("POST", `/admin/api/sales/${booked.id}/dispatch`), 200);
    const before = await gramsRemaining(lotId);
    const notes = [];
    for (let i = 0; i < 3; i++) notes.push((await expectStatus(await returnGoods(booked.id, { items: [{ lot_id: lotId, kg: "0.5" }] }), 201)).data);
    expect(notes.map((n) => [n.amount, n.taxable_amount, n.cgst_amount, n.sgst_amount])).toEqual([
      ["131.27", "125.01", "3.13", "3.13"],
      ["131.24", "125.00", "3.12", "3.12"],
      ["131.27", "125.01", "3.13", "3.13"],
    ]);
    expect(await gramsRemaining(lotId)).toBe(before + 1_500);
  });

  // 0.001 kg at ₹100/kg within Tamil Nadu: ₹0.10 taxable; CGST = SGST = 0.10 × 2.5 % = ₹0.0025 → ₹0.00 each, so the
  // invoice is ₹0.10 and carries no tax. Returned whole, the credit note is the same ₹0.10 with no tax (taxed as
  // IGST, 0.10 × 5 % = 0.005 → ₹0.01, it would exceed the invoice and be refused).
  it("a return of an intra-state line whose CGST rounded to nothing stays intra-state and credits exactly the line", async () => {
    const { orgId, lotId, buyerId } = await invoice();
    const booked = SaleSchema.parse(await sale(orgId, buyerId, [{ lot_id: lotId, kg: "0.001", rate_per_kg: "100" }]));
    expect(booked).toMatchObject({ total_amount: "0.10", cgst_amount: "0.00", sgst_amount: "0.00", igst_amount: "0.00" });
    await expectStatus(await admin("POST", `/admin/api/sales/${booked.id}/dispatch`), 200);
    const note = await expectStatus(await returnGoods(booked.id, { items: [{ lot_id: lotId, kg: "0.001" }] }), 201);
    expect(note.data).toMatchObject({ amount: "0.10", taxable_amount: "0.10", cgst_amount: "0.00", sgst_amount: "0.00", igst_amount: "0.00" });
  });

  // Figures by hand: the paid invoice is 40 kg × ₹300 = ₹12,000.00 + CGST ₹300.00 + SGST ₹300.00 = ₹12,600.00; the
  // return of 5 kg is ₹1,500.00 + ₹37.50 + ₹37.50 = ₹1,575.00; the next invoice, 10 kg × ₹300 = ₹3,000.00 + ₹75.00
  // + ₹75.00 = ₹3,150.00, of which ₹1,575.00 is paid from the account, so it still owes ₹3,150.00 − ₹1,575.00 = ₹1,575.00.
  it("goods returned after payment put their value on the customer's account, and the next invoice consumes it", async () => {
    const { orgId, key, lotId, buyerId, saleId } = await invoice();
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyerId, sale_id: saleId, amount: "12600", method: "neft" });
    await expectStatus(await returnGoods(saleId, { items: [{ lot_id: lotId, kg: "5" }] }), 201);
    expect(await balanceOf(key, buyerId)).toEqual({
      outstanding: "-1575.00",
      on_account: "1575.00",
      ageing: { "0_30": "0.00", "31_60": "0.00", "61_90": "0.00", over_90: "0.00" },
    });
    expect(await exportedOutstandingOf(key, buyerId)).toBe("-1575.00");
    // The paid invoice owes nothing, not −₹1,575.00: a further payment against it names an outstanding of 0.00.
    const refused = await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/payments`, { customer_id: buyerId, sale_id: saleId, amount: "1", method: "neft" }),
      409,
      "over_application",
    );
    expect(refused).toContain("outstanding 0.00");

    const next = SaleSchema.parse(await sale(orgId, buyerId, [{ lot_id: lotId, kg: "10", rate_per_kg: "300" }]));
    expect(next.total_amount).toBe("3150.00");
    expect(next.paid_at).toBeNull();
    expect(await balanceOf(key, buyerId)).toEqual({
      outstanding: "1575.00",
      on_account: "0.00",
      ageing: { "0_30": "1575.00", "31_60": "0.00", "61_90": "0.00", over_90: "0.00" },
    });
    expect(await exportedOutstandingOf(key, buyerId)).toBe("1575.00");
    // The next invoice owes exactly the ₹1,575.00 the account did not cover: a paisa more is refused, the rest pays it.
    const over = await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/payments`, { customer_id: buyerId, sale_id: next.id, amount: "1575.01", method: "upi" }),
      409,
      "over_application",
    );
    expect(over).toContain("outstanding 1575.00");
    const paid = await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyerId, sale_id: next.id, amount: "1575.00", method: "upi" });
    expect(paid.invoice_paid).toBe(true);
    expect(await balanceOf(key, buyerId)).toMatchObject({ outstanding: "0.00", on_account: "0.00" });
  });

  // ₹1,575.00 on account (5 kg returned of the paid ₹12,600.00 invoice, as above) fully pays a next invoice of 1 kg
  // × ₹300 = ₹300.00 + ₹7.50 + ₹7.50 = ₹315.00 when it is booked, leaving ₹1,575.00 − ₹315.00 = ₹1,260.00 on account.
  it("a next invoice smaller than the return is paid when booked and the rest stays on account", async () => {
    const { orgId, key, lotId, buyerId, saleId } = await invoice();
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyerId, sale_id: saleId, amount: "12600", method: "neft" });
    await expectStatus(await returnGoods(saleId, { items: [{ lot_id: lotId, kg: "5" }] }), 201);
    const next = SaleSchema.parse(await sale(orgId, buyerId, [{ lot_id: lotId, kg: "1", rate_per_kg: "300" }]));
    expect(next.total_amount).toBe("315.00");
    expect(next.paid_at).not.toBeNull();
    expect(await balanceOf(key, buyerId)).toEqual({
      outstanding: "-1260.00",
      on_account: "1260.00",
      ageing: { "0_30": "0.00", "31_60": "0.00", "61_90": "0.00", over_90: "0.00" },
    });
  });

  it("a lot not on the invoice is 400, a sale not dispatched or cancelled 409, and a return's credit note cannot be voided", async () => {
    const { orgId, lotId, buyerId, saleId } = await invoice();
    const stranger = await lot(orgId, { kg: "5" });
    expect(await expectError(await returnGoods(saleId, { items: [{ lot_id: stranger.id, kg: "1" }] }), 400, "bad_request")).toContain(
      "items[0].lot_id",
    );
    const note = await expectStatus(await returnGoods(saleId, { items: [{ lot_id: lotId, kg: "1" }] }), 201);
    const voided = await admin("POST", `/admin/api/orgs/${orgId}/credit-notes/${note.data.id}/void`, { reason: "x" });
    expect(await expectError(voided, 409, "conflict")).toContain("returned goods");

    const other = SaleSchema.parse(await sale(orgId, buyerId, [{ lot_id: lotId, kg: "1", rate_per_kg: "300" }]));
    expect(await expectError(await returnGoods(other.id, { items: [{ lot_id: lotId, kg: "1" }] }), 409, "conflict")).toContain("cancel it instead");
    await expectStatus(await admin("POST", `/admin/api/sales/${other.id}/cancel`), 200);
    await expectError(await returnGoods(other.id, { items: [{ lot_id: lotId, kg: "1" }] }), 409, "conflict");
  });
});
