// Sales returns: a credit note for the goods taken back, at the invoice line's rate and with its GST, and the kg
// back into the lot. Cotton yarn (HSN 5205) is 5 % (Notification 1/2017-Central Tax (Rate)); figures by hand.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { istDateOf } from "../../../src/inventory/domain/ist";
import { inventoryErrors } from "../../../src/inventory/http/errors";
import { returnSale } from "../../../src/inventory/sales/return-queries";
import { CreditNoteSchema, CustomerBalancesPageSchema } from "../../../src/inventory/ledger/schemas";
import { returnRefusal } from "../../../src/inventory/sales/sale-refusals";
import { SaleSchema } from "../../../src/inventory/sales/schemas";
import { writesAfter } from "../../d1-race";
import { dbSnapshot } from "../../reliability/kit";
import { parseCsv } from "../domain/csv-parse";
import { admin, api, createKey, expectError, expectStatus } from "../helpers";
import { countedUpBeforeTheRule, customer, holdClockAt, ist, lot, post, sale } from "../stock-fixtures";

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

// Tests of the GST time limit hold the clock at the instant their notes are recorded.
afterEach(() => vi.useRealTimers());

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

  // 10 kg at ₹219.05 within Tamil Nadu: ₹2,190.50 + CGST and SGST 2,190.50 × 2.5 % = 54.7625 → ₹54.76 each = ₹2,300.02.
  // A ₹1,380.00 credit note takes the invoice's proportions: CGST 1,380.00 × 54.76 / 2,300.02 = 32.8557 → ₹32.86, SGST
  // the same, taxable ₹1,314.28; it leaves ₹2,300.02 − ₹1,380.00 = ₹920.02 to credit, of it CGST and SGST 54.76 − 32.86
  // = ₹21.90 each and taxable 2,190.50 − 1,314.28 = ₹876.22. The other 4 kg come back: their own figures are 4 × ₹219.05
  // = ₹876.20 + CGST and SGST 876.20 × 2.5 % = 21.905 → ₹21.91 each = ₹920.02, a paisa of each tax more than is left
  // (₹32.86 + ₹21.91 = ₹54.77 of the ₹54.76 charged; CGST s.34 reverses no more than was charged). The note credits
  // ₹21.90 of each tax and ₹876.22 taxable: the same ₹920.02, exactly what the invoice had left in every column.
  it("a return after a credit note of part of the invoice credits no tax beyond what the invoice has left of it", async () => {
    const { orgId, lotId, buyerId } = await invoice();
    const booked = SaleSchema.parse(await sale(orgId, buyerId, [{ lot_id: lotId, kg: "10", rate_per_kg: "219.05" }]));
    expect(booked).toMatchObject({ taxable_amount: "2190.50", cgst_amount: "54.76", sgst_amount: "54.76", total_amount: "2300.02" });
    await expectStatus(await admin("POST", `/admin/api/sales/${booked.id}/dispatch`), 200);
    const note = CreditNoteSchema.parse(
      await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyerId, sale_id: booked.id, amount: "1380.00" }),
    );
    expect(note).toMatchObject({ taxable_amount: "1314.28", cgst_amount: "32.86", sgst_amount: "32.86", igst_amount: "0.00" });

    const returned = await expectStatus(await returnGoods(booked.id, { items: [{ lot_id: lotId, kg: "4" }] }), 201);
    expect(returned.data).toMatchObject({
      amount: "920.02",
      taxable_amount: "876.22",
      cgst_amount: "21.90",
      sgst_amount: "21.90",
      igst_amount: "0.00",
      items: [{ lot_id: lotId, kg: "4.000", amount: "876.20", gst_amount: "43.82" }],
    });
  });

  // Figures by hand: the paid invoice is 40 kg × ₹300 = ₹12,000.00 + CGST ₹300.00 + SGST ₹300.00 = ₹12,600.00; the
  // return of 5 kg is ₹1,500.00 + ₹37.50 + ₹37.50 = ₹1,575.00; the next invoice, 10 kg × ₹300 = ₹3,000.00 + ₹75.00
  // + ₹75.00 = ₹3,150.00, of which ₹1,575.00 is paid from the account, so it still owes ₹3,150.00 − ₹1,575.00 = ₹1,575.00.
  it("goods returned after payment put their value on the customer's account, and the next invoice consumes it", async () => {
    const { orgId, key, lotId, buyerId, saleId } = await invoice();
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyerId, sale_id: saleId, amount: "12600", method: "neft" });
    const returned = await expectStatus(await returnGoods(saleId, { items: [{ lot_id: lotId, kg: "5" }] }), 201);
    // The invoice owed nothing: all ₹1,575.00 goes on account.
    expect(returned.data).toMatchObject({ amount: "1575.00", amount_on_account: "1575.00" });
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

// CGST s.34(2): a credit note reduces GST only up to 30 November after the end of the financial year (April to March)
// of its invoice. A sale dated 15 March 2025 is in FY 2024-25, which ends 31 March 2025, so its limit is 30 November 2025.
// A note is declared no earlier than it is recorded, so the later of its date and the IST day it is recorded counts.
describe("returns past the GST time limit on credit notes", () => {
  /**
   * marchInvoice() of 10 kg of cotton yarn (5 %) at ₹300 = ₹3,000.00 + CGST ₹75.00 + SGST ₹75.00, and 10 kg of
   * polyester spun yarn (12 %) at ₹150 = ₹1,500.00 + CGST ₹90.00 + SGST ₹90.00: ₹4,500.00 + CGST ₹165.00 + SGST
   * ₹165.00 = ₹4,830.00.
   */
  async function cottonAt300PolyesterAt150() {
    const invoice = await marchInvoice({ cotton: "300", polyester: "150" });
    expect(invoice.sale).toMatchObject({ taxable_amount: "4500.00", cgst_amount: "165.00", sgst_amount: "165.00", total_amount: "4830.00" });
    return invoice;
  }

  // The cotton line back on 1 December 2025 (recorded that day): still ₹3,000.00 + ₹75.00 + ₹75.00 = ₹3,150.00
  // credited and 10 kg back in the lot, but no GST adjusted. It still reduces what the customer owes: ₹4,830.00 −
  // ₹3,150.00 = ₹1,680.00.
  it("a return dated 1 December 2025 brings the kg back and credits the lines' value, with no GST split", async () => {
    const { key, buyerId, saleId, cottonId } = await cottonAt300PolyesterAt150();
    const before = await gramsRemaining(cottonId);
    holdClockAt(ist("2025-12-01"));
    const note = await expectStatus(await returnGoods(saleId, { items: [{ lot_id: cottonId, kg: "10" }], date: "2025-12-01" }), 201);
    expect(note.data).toMatchObject({
      amount: "3150.00",
      taxable_amount: null,
      cgst_amount: null,
      sgst_amount: null,
      igst_amount: null,
      place_of_supply: "33",
      date: "2025-12-01",
      items: [{ lot_id: cottonId, kg: "10.000", amount: "3000.00", gst_amount: "150.00" }],
    });
    expect(await gramsRemaining(cottonId)).toBe(before + 10_000);
    expect(await outstandingOf(key, buyerId)).toBe("1680.00");
  });

  // The same return on 30 November 2025, the last day (recorded that day), adjusts the cotton line's GST: ₹3,000.00 +
  // ₹75.00 + ₹75.00.
  it("a return dated 30 November 2025 still adjusts GST", async () => {
    const { saleId, cottonId } = await cottonAt300PolyesterAt150();
    const note = await expectStatus(await returnGoods(saleId, { items: [{ lot_id: cottonId, kg: "10" }], date: "2025-11-30" }), 201);
    expect(note.data).toMatchObject({
      amount: "3150.00",
      taxable_amount: "3000.00",
      cgst_amount: "75.00",
      sgst_amount: "75.00",
      igst_amount: "0.00",
    });
  });

  // The cotton return dated 30 November 2025 but recorded on 1 December 2025 took no tax, so the invoice still has all of its ₹4,500.00 + ₹165.00 + ₹165.00
  // to reverse, but only ₹4,830.00 − ₹3,150.00 = ₹1,680.00 of amount left to credit. A note of ₹1,680.00 dated 30
  // November 2025 is split in those proportions: CGST 1,680 × 165 / 4,830 = 57.391 → ₹57.39, SGST the same, taxable
  // 1,680.00 − 114.78 = ₹1,565.22 (not the polyester line's ₹1,500.00 + ₹90.00 + ₹90.00 it would be had the return
  // adjusted GST). Nothing is left to credit after it. A note recorded at 23:59 IST on 30 November is written after a
  // return recorded on 1 December when the return changed the invoice first (the note's write is tried again, still as
  // recorded at 23:59): the clock is stepped back to stand for it. Both are dated 30 November: a note dated before the
  // year's last note is refused (credit_note_before_last_note).
  it("a note within the limit after a return past it splits against the tax the return left", async () => {
    const { orgId, buyerId, saleId, cottonId } = await cottonAt300PolyesterAt150();
    holdClockAt(ist("2025-12-01"));
    const late = await expectStatus(await returnGoods(saleId, { items: [{ lot_id: cottonId, kg: "10" }], date: "2025-11-30" }), 201);
    expect(late.data).toMatchObject({ amount: "3150.00", taxable_amount: null });
    holdClockAt(ist("2025-11-30", "23:59"));
    const credit = (amount: string) =>
      admin("POST", `/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyerId, sale_id: saleId, amount, date: "2025-11-30" });
    expect((await expectStatus(await credit("1680.00"), 201)).data).toMatchObject({
      taxable_amount: "1565.22",
      cgst_amount: "57.39",
      sgst_amount: "57.39",
      igst_amount: "0.00",
    });
    await expectError(await credit("0.01"), 409, "credit_exceeds_invoice");
  });
});

// CGST s.34(2) limits when a credit note is declared, and a return's note cannot be declared before it is recorded: so
// a return recorded after the limit adjusts no GST even when dated before it. A sale dated 1 April 2025 is in FY
// 2025-26, which ends 31 March 2026: its notes adjust GST until 30 November 2026, that is, recorded before 00:00 IST on
// 1 December 2026 = 2026-11-30T18:30:00Z. 10 kg of cotton yarn (5 %) at ₹300 is ₹3,000.00 + CGST ₹75.00 + SGST ₹75.00
// = ₹3,150.00, the whole invoice; all 10 kg come back in a return dated 15 November 2026, within the limit, recorded at
// the instant the clock is held at. Either way the kg come back and the ₹3,150.00 settles the invoice: it owes 0.00.
describe("returns judged on the day they are recorded", () => {
  const SPLIT = { taxable_amount: "3000.00", cgst_amount: "75.00", sgst_amount: "75.00", igst_amount: "0.00" };
  const NO_GST = { taxable_amount: null, cgst_amount: null, sgst_amount: null, igst_amount: null };

  it.each([
    ["on 20 November 2026, within the limit", ist("2026-11-20"), SPLIT],
    ["at 23:59:59.999 IST on 30 November 2026, the limit's last instant", ist("2026-11-30", "23:59") + 59_999, SPLIT],
    ["at 00:00 IST on 1 December 2026, past the limit", ist("2026-12-01", "00:00"), NO_GST],
    ["on 10 January 2027, past the limit", ist("2027-01-10"), NO_GST],
  ])("a return dated 15 November 2026 and recorded %s", async (_, recordedAt, split) => {
    holdClockAt(recordedAt);
    const orgId = (
      await expectStatus(await admin("POST", "/admin/api/orgs", { name: "Sri Lakshmi Yarns", plan: "business", gstin: "33ABCDE1234F1Z7" }), 201)
    ).data.id as string;
    const cotton = await lot(orgId, { kg: "100", received_at: "2025-04-01T09:00:00+05:30" });
    const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
    const booked = SaleSchema.parse(await sale(orgId, buyer.id, [{ lot_id: cotton.id, kg: "10", rate_per_kg: "300" }], { sale_date: "2025-04-01" }));
    expect(booked.total_amount).toBe("3150.00");
    await expectStatus(await admin("POST", `/admin/api/sales/${booked.id}/dispatch`), 200);

    const note = await expectStatus(await returnGoods(booked.id, { items: [{ lot_id: cotton.id, kg: "10" }], date: "2026-11-15" }), 201);
    expect(note.data).toMatchObject({
      amount: "3150.00",
      date: "2026-11-15",
      ...split,
      items: [{ lot_id: cotton.id, kg: "10.000", amount: "3000.00", gst_amount: "150.00" }],
    });
    expect(await gramsRemaining(cotton.id)).toBe(100_000);
    const { key } = await createKey(orgId);
    expect(await outstandingOf(key, buyer.id)).toBe("0.00");
  });
});

/**
 * A Tamil Nadu invoice to a Tamil Nadu buyer dated 15 March 2025, dispatched: 10 kg of cotton yarn (5 %) and 10 kg of
 * polyester spun yarn (HSN 5509, 12 % until 21 September 2025, Notification 9/2025-Central Tax (Rate)) at the rates
 * given. Its credit notes adjust GST until 30 November 2025 (CGST s.34(2)); `creditNote` issues one on that date. All
 * is recorded at noon IST on 30 November 2025, where the clock is held.
 */
async function marchInvoice(rates: { cotton: string; polyester: string }) {
  holdClockAt(ist("2025-11-30"));
  const orgId = (
    await expectStatus(await admin("POST", "/admin/api/orgs", { name: "Sri Lakshmi Yarns", plan: "business", gstin: "33ABCDE1234F1Z7" }), 201)
  ).data.id as string;
  const received_at = "2025-03-01T10:00:00+05:30";
  const cotton = await lot(orgId, { kg: "100", received_at });
  const polyester = await lot(orgId, { kg: "100", sku: "PES-SPN-30S1-RW", yarn_type: "polyester_spun", received_at });
  const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
  const booked = SaleSchema.parse(
    await sale(
      orgId,
      buyer.id,
      [
        { lot_id: cotton.id, kg: "10", rate_per_kg: rates.cotton },
        { lot_id: polyester.id, kg: "10", rate_per_kg: rates.polyester },
      ],
      { sale_date: "2025-03-15" },
    ),
  );
  await expectStatus(await admin("POST", `/admin/api/sales/${booked.id}/dispatch`), 200);
  const { key } = await createKey(orgId);
  const creditNote = async (amount: string) =>
    CreditNoteSchema.parse(
      await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, sale_id: booked.id, amount, date: "2025-11-30" }),
    );
  return { orgId, key, buyerId: buyer.id, saleId: booked.id, cottonId: cotton.id, sale: booked, creditNote };
}

/**
 * marchInvoice() of 10 kg of polyester at ₹100 = ₹1,000.00 + CGST ₹60.00 + SGST ₹60.00, and 10 kg of cotton at ₹100 =
 * ₹1,000.00 + CGST ₹25.00 + SGST ₹25.00: ₹2,000.00 + CGST ₹85.00 + SGST ₹85.00 = ₹2,170.00.
 */
async function twoRateInvoice() {
  const invoice = await marchInvoice({ cotton: "100", polyester: "100" });
  expect(invoice.sale).toMatchObject({ taxable_amount: "2000.00", cgst_amount: "85.00", sgst_amount: "85.00", total_amount: "2170.00" });
  return invoice;
}

// The notes of twoRateInvoice(), all dated 30 November 2025, worked by hand (CGST s.34: a note reverses no more of a
// column than the invoice charged less its earlier notes):
// 1. ₹1,100.00 in the invoice's proportions: CGST 1,100 × 85 / 2,170 = 43.087 → ₹43.09, SGST ₹43.09, taxable
//    1,100.00 − 86.18 = ₹1,013.82. Left: taxable 2,000.00 − 1,013.82 = ₹986.18, CGST and SGST 85.00 − 43.09 = ₹41.91
//    each (₹1,070.00).
// 2. The 10 kg of cotton back: its line's ₹1,000.00 + ₹25.00 + ₹25.00 = ₹1,050.00, but only ₹986.18 of taxable value
//    is left: taxable ₹986.18 and the excess ₹13.82 to the taxes in halves, CGST 25.00 + 6.91 = ₹31.91 (within
//    ₹41.91), SGST ₹31.91; 986.18 + 31.91 + 31.91 = 1,050.00. Left: taxable ₹0.00, CGST and SGST ₹10.00 (₹20.00).
// 3. ₹20.00, all that is left: CGST 20 × 10 / 20 = ₹10.00, SGST ₹10.00, taxable ₹0.00.
// Per column: taxable 1,013.82 + 986.18 + 0.00 = 2,000.00, CGST and SGST 43.09 + 31.91 + 10.00 = 85.00 each: the
// invoice's figures, never more. (Valued at the line's own figures, the return credited taxable ₹1,000.00, ₹2,013.82
// in all, and the last note taxable −₹13.82 with CGST and SGST ₹16.91.)
describe("a return after a credit note of part of an invoice of two GST rates", () => {
  it("credits no column past what the invoice has left of it, and the last note no negative taxable value", async () => {
    const { orgId, buyerId, saleId, cottonId, creditNote } = await twoRateInvoice();
    const first = await creditNote("1100.00");
    expect(first).toMatchObject({ amount: "1100.00", taxable_amount: "1013.82", cgst_amount: "43.09", sgst_amount: "43.09", igst_amount: "0.00" });

    const returned = await expectStatus(await returnGoods(saleId, { items: [{ lot_id: cottonId, kg: "10" }], date: "2025-11-30" }), 201);
    expect(returned.data).toMatchObject({
      amount: "1050.00",
      taxable_amount: "986.18",
      cgst_amount: "31.91",
      sgst_amount: "31.91",
      igst_amount: "0.00",
      items: [{ lot_id: cottonId, kg: "10.000", amount: "1000.00", gst_amount: "50.00" }],
    });

    const last = await creditNote("20.00");
    expect(last).toMatchObject({ amount: "20.00", taxable_amount: "0.00", cgst_amount: "10.00", sgst_amount: "10.00", igst_amount: "0.00" });
    const more = { customer_id: buyerId, sale_id: saleId, amount: "0.01", date: "2025-11-30" };
    await expectError(await admin("POST", `/admin/api/orgs/${orgId}/credit-notes`, more), 409, "credit_exceeds_invoice");

    const notes = [first, CreditNoteSchema.parse(returned.data), last];
    const paise = (column: "taxable_amount" | "cgst_amount" | "sgst_amount" | "igst_amount") =>
      notes.reduce((sum, note) => sum + Math.round(Number(note[column]) * 100), 0);
    const credited = { taxable: paise("taxable_amount"), cgst: paise("cgst_amount"), sgst: paise("sgst_amount"), igst: paise("igst_amount") };
    expect(credited).toEqual({ taxable: 200_000, cgst: 8_500, sgst: 8_500, igst: 0 });
  });
});

/** What a return writes: credit notes and their lines for the sale, the lot's kg, the organisation's events and audit entries. */
async function footprint(orgId: string, saleId: string, lotId: string) {
  const count = async (sql: string, id: string) => (await env.DB.prepare(sql).bind(id).first<{ n: number }>())!.n;
  return {
    creditNotes: await count("SELECT COUNT(*) AS n FROM credit_notes WHERE sale_id = ?", saleId),
    returnLines: await count("SELECT COUNT(*) AS n FROM credit_note_items WHERE sale_id = ?", saleId),
    gramsRemaining: await gramsRemaining(lotId),
    events: await count("SELECT COUNT(*) AS n FROM events WHERE org_id = ?", orgId),
    audit: await count("SELECT COUNT(*) AS n FROM audit_log WHERE org_id = ?", orgId),
  };
}

/**
 * A return of `grams` of the lot's line, read before `other` (another request) commits and written after it, as when
 * both are sent at once: the return's first batch (its first `races` batches) runs on a database on which `other`
 * has just committed. With the books (and every table) as the last `other` left them.
 */
async function returnRacing(
  sale: { orgId: string; saleId: string; lotId: string; issuedOn?: string },
  grams: number,
  other: () => Promise<unknown>,
  races = 1,
) {
  let afterOther: { snapshot: Awaited<ReturnType<typeof dbSnapshot>>; books: Awaited<ReturnType<typeof footprint>> } | undefined;
  const racing = writesAfter(
    env.DB,
    async () => {
      await other();
      afterOther = { snapshot: await dbSnapshot(env.DB), books: await footprint(sale.orgId, sale.saleId, sale.lotId) };
    },
    races,
  );
  const now = Date.now();
  const outcome = await returnSale(
    racing.db,
    sale.orgId,
    sale.saleId,
    { items: [{ lotId: sale.lotId, grams }], reason: null, issuedOn: sale.issuedOn ?? istDateOf(now) },
    now,
  );
  if (afterOther === undefined) throw new Error("the return wrote no batch, so nothing raced it");
  return { outcome, raced: racing.raced(), afterOther };
}

/** The API's answer to a refused return: its code, status and message. */
function answerTo(saleId: string, outcome: Awaited<ReturnType<typeof returnSale>>) {
  if (outcome.kind === "recorded") throw new Error("the return was recorded");
  const error = returnRefusal(saleId, outcome);
  return { code: error.code, status: inventoryErrors.statusOf[error.code], message: error.message };
}

describe("returns of one sale sent at once", () => {
  // The 40 kg line at ₹300 of invoice(); another 40 kg of the lot sold elsewhere leaves it 20 kg, so the lot can take
  // back more than the line sold and only the line's own room can refuse. 30 kg asked while 40 kg could still come
  // back; before its batch runs, another return takes 20 kg. The line has 40 − 20 = 20 kg left, worth 20 × ₹300 =
  // ₹6,000.00 before tax: the return is refused as the same return sent after the other would be.
  it("a return whose kg went to another return before its batch writes nothing and is refused as an over-return", async () => {
    const { orgId, lotId, buyerId, saleId } = await invoice();
    await sale(orgId, buyerId, [{ lot_id: lotId, kg: "40", rate_per_kg: "300" }]);
    expect(await gramsRemaining(lotId)).toBe(20_000);
    const { outcome, afterOther } = await returnRacing({ orgId, saleId, lotId }, 30_000, async () =>
      expectStatus(await returnGoods(saleId, { items: [{ lot_id: lotId, kg: "20" }] }), 201),
    );

    expect(outcome).toEqual({ kind: "more_than_sold", index: 0, lotId, returnableGrams: 20_000, returnablePaise: 600_000 });
    // Only the other return is in the books: its note and line, its 20 kg back (20 + 20 = 40 kg in the lot).
    expect(afterOther.books).toMatchObject({ creditNotes: 1, returnLines: 1, gramsRemaining: 40_000 });
    expect(await footprint(orgId, saleId, lotId)).toEqual(afterOther.books);
    expect(await dbSnapshot(env.DB)).toEqual(afterOther.snapshot);
    // The answer is the one the same return gets when sent after the other: 409 conflict, naming what is left.
    const sequential = await expectError(await returnGoods(saleId, { items: [{ lot_id: lotId, kg: "30" }] }), 409, "conflict");
    expect(sequential).toBe(`items[0].kg: at most 20.000 kg of lot ${lotId} (6000.00 before tax) can still be returned`);
    expect(answerTo(saleId, outcome)).toEqual({ code: "conflict", status: 409, message: sequential });
  });

  // The whole 40 kg line is the whole ₹12,600.00 invoice. Before the return's batch runs, a ₹100.00 credit note against
  // the invoice commits, so at most ₹12,600.00 − ₹100.00 = ₹12,500.00 can still be credited: the return is refused.
  it("a return whose credit room went to a credit note before its batch writes nothing and is refused with credit_exceeds_invoice", async () => {
    const { orgId, lotId, buyerId, saleId } = await invoice();
    const { outcome, afterOther } = await returnRacing({ orgId, saleId, lotId }, 40_000, () =>
      post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyerId, sale_id: saleId, amount: "100" }),
    );

    expect(outcome).toMatchObject({ kind: "over_applied", refusal: { code: "credit_exceeds_invoice" } });
    expect(afterOther.books).toMatchObject({ creditNotes: 1, returnLines: 0, gramsRemaining: 60_000 });
    expect(await footprint(orgId, saleId, lotId)).toEqual(afterOther.books);
    expect(await dbSnapshot(env.DB)).toEqual(afterOther.snapshot);
    const sequential = await expectError(await returnGoods(saleId, { items: [{ lot_id: lotId, kg: "40" }] }), 409, "credit_exceeds_invoice");
    expect(sequential).toContain("at most 12500.00 can still be credited");
    expect(answerTo(saleId, outcome)).toEqual({ code: "credit_exceeds_invoice", status: 409, message: sequential });
  });

  // The 1.5 kg line at ₹250.01 of "three returns of a third of a line" above: its first 0.5 kg back is ₹131.27, the
  // next ₹131.24 (the line's figures up to 1.0 kg less those up to 0.5 kg). A return of 0.5 kg valued while nothing
  // had come back, whose batch runs after another 0.5 kg came back, is the second: ₹131.24, not a second ₹131.27.
  it("a return valued before another return of its line committed is valued again from the line's returns so far", async () => {
    const { orgId, lotId, buyerId } = await invoice();
    const booked = SaleSchema.parse(await sale(orgId, buyerId, [{ lot_id: lotId, kg: "1.5", rate_per_kg: "250.01" }]));
    await expectStatus(await admin("POST", `/admin/api/sales/${booked.id}/dispatch`), 200);
    const { outcome } = await returnRacing({ orgId, saleId: booked.id, lotId }, 500, async () =>
      expect((await expectStatus(await returnGoods(booked.id, { items: [{ lot_id: lotId, kg: "0.5" }] }), 201)).data.amount).toBe("131.27"),
    );
    expect(outcome).toMatchObject({
      kind: "recorded",
      value: {
        amountPaise: 13_124,
        taxablePaise: 12_500,
        cgstPaise: 312,
        sgstPaise: 312,
        items: [{ lotId, grams: 500, amountPaise: 12_500, gstPaise: 624 }],
      },
    });
  });

  // The invoice and credit note of "a return after a credit note of part of the invoice" above, the other way round in
  // time: the 4 kg return is valued while nothing has been credited (₹876.20 + CGST ₹21.91 + SGST ₹21.91 = ₹920.02), and
  // the ₹1,380.00 note (CGST and SGST ₹32.86 each) commits before the return's batch. Written as valued, the books
  // would credit ₹54.77 of each ₹54.76 tax; the return is valued again and credits ₹21.90 of each, ₹876.22 taxable.
  it("a return valued before a credit note of part of the invoice committed is held to the tax the note left", async () => {
    const { orgId, lotId, buyerId } = await invoice();
    const booked = SaleSchema.parse(await sale(orgId, buyerId, [{ lot_id: lotId, kg: "10", rate_per_kg: "219.05" }]));
    await expectStatus(await admin("POST", `/admin/api/sales/${booked.id}/dispatch`), 200);
    const { outcome } = await returnRacing({ orgId, saleId: booked.id, lotId }, 4_000, () =>
      post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyerId, sale_id: booked.id, amount: "1380.00" }),
    );
    expect(outcome).toMatchObject({
      kind: "recorded",
      value: { amountPaise: 92_002, taxablePaise: 87_622, cgstPaise: 2_190, sgstPaise: 2_190, igstPaise: 0 },
    });
  });

  // twoRateInvoice() the other way round in time: the cotton return is valued while nothing has been credited, at its
  // line's ₹1,000.00 + CGST ₹25.00 + SGST ₹25.00, and the ₹1,100.00 note (taxable ₹1,013.82, CGST and SGST ₹43.09)
  // commits before the return's batch. The invoice still has ₹1,070.00 to credit and ₹41.91 of each tax, but only
  // ₹986.18 of taxable value: the return is valued again and credits taxable ₹986.18, CGST and SGST ₹31.91.
  it("a return valued before a credit note of part of the invoice committed is held to the taxable value the note left", async () => {
    const { orgId, saleId, cottonId, creditNote } = await twoRateInvoice();
    const { outcome } = await returnRacing({ orgId, saleId, lotId: cottonId, issuedOn: "2025-11-30" }, 10_000, () => creditNote("1100.00"));
    expect(outcome).toMatchObject({
      kind: "recorded",
      value: { amountPaise: 105_000, taxablePaise: 98_618, cgstPaise: 3_191, sgstPaise: 3_191, igstPaise: 0 },
    });
  });

  // Each of the return's batches is raced by another 1 kg return of its 40 kg line, so the figures it was valued from
  // are gone every time while the line still has room: after its tries it gives up, 409 conflict_retry, having written nothing.
  it("a return whose line other returns keep changing gives up after a few tries with 409 conflict_retry and writes nothing", async () => {
    const { orgId, lotId, saleId } = await invoice();
    const { outcome, raced, afterOther } = await returnRacing(
      { orgId, saleId, lotId },
      1_000,
      async () => expectStatus(await returnGoods(saleId, { items: [{ lot_id: lotId, kg: "1" }] }), 201),
      Number.POSITIVE_INFINITY,
    );
    expect(outcome).toEqual({ kind: "invoice_changed" });
    expect(raced).toBeGreaterThan(1);
    expect(afterOther.books).toMatchObject({ creditNotes: raced, returnLines: raced, gramsRemaining: 60_000 + 1_000 * raced });
    expect(await dbSnapshot(env.DB)).toEqual(afterOther.snapshot);
    expect(answerTo(saleId, outcome)).toMatchObject({ code: "conflict_retry", status: 409, message: expect.stringContaining("nothing was changed") });
  });

  // Two lines of 10 kg at ₹100 within Tamil Nadu, ₹1,000.00 + CGST ₹25.00 + SGST ₹25.00 = ₹1,050.00 each: a ₹2,100.00
  // invoice. A ₹600.00 credit note and a ₹1,500.00 payment settle it, leaving ₹2,100.00 − ₹600.00 = ₹1,500.00 to
  // credit. Both lines come back at once (₹1,050.00 each, all of it to the account): whichever commits first leaves
  // ₹1,500.00 − ₹1,050.00 = ₹450.00 to credit, so the other is refused (credit notes never total more than the invoice).
  it("returns of two lines sent at once never credit more than the invoice has left to credit", async () => {
    const { orgId, lotId, buyerId } = await invoice();
    const second = await lot(orgId, { kg: "100" });
    const booked = SaleSchema.parse(
      await sale(orgId, buyerId, [
        { lot_id: lotId, kg: "10", rate_per_kg: "100" },
        { lot_id: second.id, kg: "10", rate_per_kg: "100" },
      ]),
    );
    expect(booked.total_amount).toBe("2100.00");
    await expectStatus(await admin("POST", `/admin/api/sales/${booked.id}/dispatch`), 200);
    await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyerId, sale_id: booked.id, amount: "600" });
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyerId, sale_id: booked.id, amount: "1500", method: "neft" });
    const { outcome, afterOther } = await returnRacing({ orgId, saleId: booked.id, lotId }, 10_000, async () =>
      expectStatus(await returnGoods(booked.id, { items: [{ lot_id: second.id, kg: "10" }] }), 201),
    );

    expect(outcome).toMatchObject({ kind: "over_applied", refusal: { code: "credit_exceeds_invoice" } });
    expect(await footprint(orgId, booked.id, lotId)).toEqual(afterOther.books);
    expect(await dbSnapshot(env.DB)).toEqual(afterOther.snapshot);
    const sequential = await expectError(await returnGoods(booked.id, { items: [{ lot_id: lotId, kg: "10" }] }), 409, "credit_exceeds_invoice");
    expect(sequential).toContain("at most 450.00 can still be credited");
    expect(answerTo(booked.id, outcome)).toEqual({ code: "credit_exceeds_invoice", status: 409, message: sequential });
  });

  // As "goods returned after payment" above, but the ₹12,600.00 payment commits between the return's reads (the
  // invoice then owed all of it) and its batch: the ₹1,575.00 of 5 kg back is not credited to the paid invoice but held
  // on the account, exactly as when the return is sent after the payment.
  it("a payment that completes the invoice before a return's batch sends the return's credit to the account", async () => {
    const { orgId, key, lotId, buyerId, saleId } = await invoice();
    const { outcome } = await returnRacing({ orgId, saleId, lotId }, 5_000, () =>
      post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyerId, sale_id: saleId, amount: "12600", method: "neft" }),
    );

    expect(outcome).toMatchObject({ kind: "recorded", value: { amountPaise: 157_500, onAccountPaise: 157_500 } });
    expect(await balanceOf(key, buyerId)).toEqual({
      outstanding: "-1575.00",
      on_account: "1575.00",
      ageing: { "0_30": "0.00", "31_60": "0.00", "61_90": "0.00", over_90: "0.00" },
    });
    expect(await gramsRemaining(lotId)).toBe(65_000);
  });

  // A lot counted back up to all it received (100 kg) cannot take returned kg: the return is 409 and writes nothing.
  // Such a count, bringing back kg sold, is refused now; a lot may still hold one recorded before that rule.
  it("a return into a lot that already holds all it received is refused and writes nothing", async () => {
    const { orgId, lotId, saleId } = await invoice();
    await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/lots/${lotId}/adjustments`, { reason: "count_correction", kg_counted: "100" }),
      409,
      "conflict",
    );
    await countedUpBeforeTheRule(lotId, 100_000);
    const before = await dbSnapshot(env.DB);
    const refused = await expectError(await returnGoods(saleId, { items: [{ lot_id: lotId, kg: "1" }] }), 409, "conflict");
    expect(refused).toContain(`Lot ${lotId} already holds all it received`);
    expect(await dbSnapshot(env.DB)).toEqual(before);
  });

  // 10 returns of 1 kg of a 3 kg line sent at once: whatever their order, at most the line's 3 kg come back, each
  // accepted return put exactly its 1 kg back into the lot and credited 1 kg × ₹300 + CGST ₹7.50 + SGST ₹7.50 =
  // ₹315.00, and every other return was refused with 409 conflict.
  it("10 identical returns at once never give back more than the line sold", { timeout: 120_000 }, async () => {
    const { orgId, lotId, buyerId } = await invoice();
    const booked = SaleSchema.parse(await sale(orgId, buyerId, [{ lot_id: lotId, kg: "3", rate_per_kg: "300" }]));
    await expectStatus(await admin("POST", `/admin/api/sales/${booked.id}/dispatch`), 200);
    const before = await gramsRemaining(lotId);
    const responses = await Promise.all(Array.from({ length: 10 }, () => returnGoods(booked.id, { items: [{ lot_id: lotId, kg: "1" }] })));
    const answers = await Promise.all(
      responses.map(async (r) => ({ status: r.status, body: await r.json<{ data?: { amount: string }; code?: string }>() })),
    );
    const accepted = answers.filter((a) => a.status === 201);
    for (const refused of answers.filter((a) => a.status !== 201)) expect(refused).toMatchObject({ status: 409, body: { code: "conflict" } });
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.length).toBeLessThanOrEqual(3);
    expect(accepted.map((a) => a.body.data!.amount)).toEqual(accepted.map(() => "315.00"));
    const returned = await env.DB.prepare("SELECT COALESCE(SUM(grams), 0) AS g FROM credit_note_items WHERE sale_id = ?")
      .bind(booked.id)
      .first<{ g: number }>();
    expect(returned!.g).toBe(1_000 * accepted.length);
    expect((await footprint(orgId, booked.id, lotId)).creditNotes).toBe(accepted.length);
    expect(await gramsRemaining(lotId)).toBe(before + 1_000 * accepted.length);
  });
});
