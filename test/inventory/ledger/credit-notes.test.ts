// Credit notes against an invoice (CGST s.34(1)): allowed up to what the invoice has left to credit, whether or not it
// was paid; what a note credits beyond the invoice's outstanding is held on the customer's account, as a sales return's
// is. Cotton yarn (HSN 5205) is 5 % (Notification 1/2017-Central Tax (Rate)); every figure is worked by hand.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CustomerBalancesPageSchema } from "../../../src/inventory/ledger/schemas";
import { SaleSchema } from "../../../src/inventory/sales/schemas";
import { StatementResponseSchema } from "../../../src/inventory/statements/schemas";
import { createCreditNote } from "../../../src/inventory/ledger/receipt-queries";
import { writesAfter } from "../../d1-race";
import { parseCsv } from "../domain/csv-parse";
import { admin, api, createKey, expectError, expectStatus } from "../helpers";
import { customer, holdClockAt, ist, lot, post, sale } from "../stock-fixtures";

/**
 * A Tamil Nadu trader's invoice to a Tamil Nadu buyer: 10 kg × ₹300 = ₹3,000.00 + CGST 2.5 % ₹75.00 + SGST 2.5 % ₹75.00
 * = ₹3,150.00.
 */
async function invoice() {
  const orgId = (
    await expectStatus(await admin("POST", "/admin/api/orgs", { name: "Sri Lakshmi Yarns", plan: "business", gstin: "33ABCDE1234F1Z7" }), 201)
  ).data.id as string;
  const stock = await lot(orgId, { kg: "100" });
  const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
  const booked = SaleSchema.parse(await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "10", rate_per_kg: "300" }]));
  expect(booked.total_amount).toBe("3150.00");
  const { key } = await createKey(orgId);
  return { orgId, key, lotId: stock.id, buyerId: buyer.id, saleId: booked.id };
}

async function balanceOf(key: string, customerId: string) {
  const page = CustomerBalancesPageSchema.parse(await expectStatus(await api("/api/v1/customers", key), 200));
  const { outstanding, on_account, ageing } = page.data.find((c) => c.id === customerId)!;
  return { outstanding, on_account, ageing };
}

async function exportedOutstandingOf(key: string, customerId: string): Promise<string> {
  const rows = parseCsv((await (await api("/api/v1/export/customers", key)).text()).replace(/^\uFEFF/, ""));
  return rows.find((r) => r[0] === customerId)![rows[0]!.indexOf("outstanding")]!;
}

async function closingBalanceOf(key: string, customerId: string): Promise<string> {
  return StatementResponseSchema.parse(await expectStatus(await api(`/api/v1/customers/${customerId}/statement`, key), 200)).data.closing_balance;
}

async function paidAt(saleId: string): Promise<number | null> {
  return (await env.DB.prepare("SELECT paid_at AS p FROM sales WHERE id = ?").bind(saleId).first<{ p: number | null }>())!.p;
}

const NO_AGEING = { "0_30": "0.00", "31_60": "0.00", "61_90": "0.00", over_90: "0.00" };

describe("a credit note against an invoice already paid", () => {
  // ₹315.00 of the ₹3,150.00 invoice, in the invoice's proportions: each tax 315 × 75 / 3,150 = ₹7.50, taxable
  // 315.00 − 15.00 = ₹300.00. The invoice owes nothing, so all ₹315.00 goes to the customer's account: billed 3,150 −
  // paid 3,150 − credited 315 = −₹315.00.
  it("paid in full: a ₹315.00 note keeps its GST split, puts ₹315.00 on account, and the next invoice consumes it", async () => {
    const { orgId, key, lotId, buyerId, saleId } = await invoice();
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyerId, sale_id: saleId, amount: "3150", method: "neft" });
    const note = await post(`/admin/api/orgs/${orgId}/credit-notes`, {
      customer_id: buyerId,
      sale_id: saleId,
      amount: "315",
      reason: "Rate difference",
    });
    expect(note).toMatchObject({
      sale_id: saleId,
      amount: "315.00",
      taxable_amount: "300.00",
      cgst_amount: "7.50",
      sgst_amount: "7.50",
      igst_amount: "0.00",
      amount_on_account: "315.00",
      place_of_supply: "33",
    });
    expect(await balanceOf(key, buyerId)).toEqual({ outstanding: "-315.00", on_account: "315.00", ageing: NO_AGEING });
    expect(await exportedOutstandingOf(key, buyerId)).toBe("-315.00");
    expect(await closingBalanceOf(key, buyerId)).toBe("-315.00");
    // The paid invoice still owes 0.00, not −₹315.00.
    const refused = await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/payments`, { customer_id: buyerId, sale_id: saleId, amount: "0.01", method: "upi" }),
      409,
      "over_application",
    );
    expect(refused).toContain("outstanding 0.00");

    // The next invoice, 1 kg × ₹300 = ₹300.00 + ₹7.50 + ₹7.50 = ₹315.00, is paid from the account when booked.
    const next = SaleSchema.parse(await sale(orgId, buyerId, [{ lot_id: lotId, kg: "1", rate_per_kg: "300" }]));
    expect(next.total_amount).toBe("315.00");
    expect(await paidAt(next.id)).not.toBeNull();
    expect(await balanceOf(key, buyerId)).toEqual({ outstanding: "0.00", on_account: "0.00", ageing: NO_AGEING });
    expect(await closingBalanceOf(key, buyerId)).toBe("0.00");

    // Voiding the note takes its ₹315.00 back from the invoice it paid, which owes it again.
    await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/credit-notes/${note.id}/void`, { reason: "Issued in error" }), 200);
    expect(await paidAt(next.id)).toBeNull();
    expect(await balanceOf(key, buyerId)).toEqual({ outstanding: "315.00", on_account: "0.00", ageing: { ...NO_AGEING, "0_30": "315.00" } });
    expect(await exportedOutstandingOf(key, buyerId)).toBe("315.00");
  });

  // ₹3,000.00 paid of ₹3,150.00: ₹150.00 outstanding. The ₹315.00 note settles the ₹150.00 (the invoice is paid, by the
  // note) and holds 315 − 150 = ₹165.00 on account: billed 3,150 − paid 3,000 − credited 315 = −₹165.00. The invoice then
  // has 3,150 − 315 = ₹2,835.00 left to credit.
  it("partly paid: a note beyond the outstanding settles it and holds the rest on account, up to what the invoice has left to credit", async () => {
    const { orgId, key, buyerId, saleId } = await invoice();
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyerId, sale_id: saleId, amount: "3000", method: "neft" });
    const note = await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyerId, sale_id: saleId, amount: "315" });
    expect(note).toMatchObject({ amount: "315.00", taxable_amount: "300.00", cgst_amount: "7.50", sgst_amount: "7.50", amount_on_account: "165.00" });
    expect(await paidAt(saleId)).not.toBeNull();
    const paid = await env.DB.prepare("SELECT payload FROM events WHERE org_id = ? AND type = 'invoice.paid'").bind(orgId).all<{ payload: string }>();
    expect(paid.results.map((e) => JSON.parse(e.payload))).toEqual([
      expect.objectContaining({ sale_id: saleId, payment_id: null, credit_note_id: note.id }),
    ]);
    expect(await balanceOf(key, buyerId)).toEqual({ outstanding: "-165.00", on_account: "165.00", ageing: NO_AGEING });
    expect(await exportedOutstandingOf(key, buyerId)).toBe("-165.00");
    expect(await closingBalanceOf(key, buyerId)).toBe("-165.00");

    // A paisa past the ₹2,835.00 left to credit is refused, naming it; nothing is written.
    const over = await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyerId, sale_id: saleId, amount: "2835.01" }),
      409,
      "credit_exceeds_invoice",
    );
    expect(over).toContain("at most 2835.00 can still be credited");
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM credit_notes WHERE org_id = ?").bind(orgId).first<{ n: number }>())!.n).toBe(1);
    // The whole ₹2,835.00 fits, all on account (the invoice owes nothing): 165 + 2,835 = ₹3,000.00, what was paid.
    // Left to credit: taxable 3,000 − 300 = 2,700.00 and 75 − 7.50 = 67.50 of each tax, all of it.
    const rest = await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyerId, sale_id: saleId, amount: "2835" });
    expect(rest).toMatchObject({
      amount: "2835.00",
      taxable_amount: "2700.00",
      cgst_amount: "67.50",
      sgst_amount: "67.50",
      amount_on_account: "2835.00",
    });
    expect(await balanceOf(key, buyerId)).toEqual({ outstanding: "-3000.00", on_account: "3000.00", ageing: NO_AGEING });
    expect(await closingBalanceOf(key, buyerId)).toBe("-3000.00");
    expect(
      await expectError(
        await admin("POST", `/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyerId, sale_id: saleId, amount: "0.01" }),
        409,
        "credit_exceeds_invoice",
      ),
    ).toContain("at most 0.00 can still be credited");
  });

  // Nothing paid of the ₹3,150.00 invoice: a ₹315.00 note settles ₹315.00 of what it owes and puts nothing on account
  // (3,150 − 315 = ₹2,835.00 still owed). A ₹50.00 note without an invoice is all on account: 2,835 − 50 = ₹2,785.00.
  it("amount_on_account: 0.00 when the invoice owed the whole note, the whole amount for a note without an invoice", async () => {
    const { orgId, key, buyerId, saleId } = await invoice();
    const within = await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyerId, sale_id: saleId, amount: "315" });
    expect(within).toMatchObject({ amount: "315.00", amount_on_account: "0.00" });
    expect(await balanceOf(key, buyerId)).toMatchObject({ outstanding: "2835.00", on_account: "0.00" });
    const advance = await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyerId, amount: "50" });
    expect(advance).toMatchObject({ sale_id: null, amount: "50.00", amount_on_account: "50.00" });
    expect(await balanceOf(key, buyerId)).toMatchObject({ outstanding: "2785.00", on_account: "50.00" });
  });

  // The ₹315.00 on account from the note pays the next ₹315.00 invoice; cancelling the first invoice voids the note
  // (the invoice it reduced no longer exists), so the second owes its ₹315.00 again, and the ₹3,150.00 paid on the
  // cancelled invoice goes on account: billed 315 − paid 3,150 = −₹2,835.00 = ageing 315 − on account 3,150.
  it("cancelling the credited invoice voids the note and re-opens the invoice its part on account had paid", async () => {
    const { orgId, key, lotId, buyerId, saleId } = await invoice();
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyerId, sale_id: saleId, amount: "3150", method: "neft" });
    await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyerId, sale_id: saleId, amount: "315" });
    const next = SaleSchema.parse(await sale(orgId, buyerId, [{ lot_id: lotId, kg: "1", rate_per_kg: "300" }]));
    expect(await paidAt(next.id)).not.toBeNull();
    await expectStatus(await admin("POST", `/admin/api/sales/${saleId}/cancel`), 200);
    expect(await paidAt(next.id)).toBeNull();
    expect(await balanceOf(key, buyerId)).toEqual({ outstanding: "-2835.00", on_account: "3150.00", ageing: { ...NO_AGEING, "0_30": "315.00" } });
    expect(await exportedOutstandingOf(key, buyerId)).toBe("-2835.00");
    expect(await closingBalanceOf(key, buyerId)).toBe("-2835.00");
  });
});

// CGST Rules, rule 53(1A)(b) with rule 46(b): a credit note bears a consecutive serial number unique for the financial
// year (April to March). Notes are numbered in date order, as invoices are, so a note dated before the year's last one
// is refused; 20 March 2026 is in 2025-26, which has a series of its own.
describe("a financial year's credit notes are numbered in date order", () => {
  afterEach(() => vi.useRealTimers());

  it("all recorded on 5 April 2026: a note dated 1 April after one dated 5 April is 409, a note of 2025-26 takes its own series", async () => {
    holdClockAt(ist("2026-04-05", "11:00"));
    const orgId = (
      await expectStatus(await admin("POST", "/admin/api/orgs", { name: "Sri Lakshmi Yarns", plan: "business", gstin: "33ABCDE1234F1Z7" }), 201)
    ).data.id as string;
    const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
    const note = (date: string) => admin("POST", `/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, amount: "100", date });
    expect((await expectStatus(await note("2026-04-05"), 201)).data.note_number).toBe("CN/2627/000001");
    const refused = await expectError(await note("2026-04-01"), 409, "credit_note_before_last_note");
    expect(refused).toBe(
      "date: date 2026-04-01 is before credit note CN/2627/000001 dated 2026-04-05; a financial year's credit notes are numbered in date order",
    );
    expect((await expectStatus(await note("2026-03-20"), 201)).data.note_number).toBe("CN/2526/000001");
    // The same day as the last note is fine; 2025-26's last note is now dated 20 March, so 19 March is refused.
    expect((await expectStatus(await note("2026-04-05"), 201)).data.note_number).toBe("CN/2627/000002");
    await expectError(await note("2026-03-19"), 409, "credit_note_before_last_note");
    const numbers = await env.DB.prepare("SELECT note_number AS n, issued_on AS d FROM credit_notes WHERE org_id = ? ORDER BY note_number")
      .bind(orgId)
      .all();
    expect(numbers.results).toEqual([
      { n: "CN/2526/000001", d: "2026-03-20" },
      { n: "CN/2627/000001", d: "2026-04-05" },
      { n: "CN/2627/000002", d: "2026-04-05" },
    ]);

    // A voided note keeps its number and date: a note dated before it is still out of order.
    const last = await env.DB.prepare("SELECT id FROM credit_notes WHERE org_id = ? AND note_number = 'CN/2627/000002'")
      .bind(orgId)
      .first<{ id: string }>();
    await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/credit-notes/${last!.id}/void`, { reason: "Issued in error" }), 200);
    await expectError(await note("2026-04-04"), 409, "credit_note_before_last_note");

    // A sales return is a credit note of the same series: 10 kg × ₹300 = ₹3,150.00 invoiced on 1 April 2026 and
    // dispatched; goods back on 2 April are before CN/2627/000002 (5 April), on 5 April they take CN/2627/000003.
    const stock = await lot(orgId, { kg: "100", received_at: "2026-03-01T10:00:00+05:30" });
    const booked = await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "10", rate_per_kg: "300" }], { sale_date: "2026-04-01" });
    await expectStatus(await admin("POST", `/admin/api/sales/${booked.id}/dispatch`), 200);
    const goodsBack = (date: string) => admin("POST", `/admin/api/sales/${booked.id}/returns`, { items: [{ lot_id: stock.id, kg: "1" }], date });
    expect(await expectError(await goodsBack("2026-04-02"), 409, "credit_note_before_last_note")).toContain("CN/2627/000002 dated 2026-04-05");
    expect((await expectStatus(await goodsBack("2026-04-05"), 201)).data.note_number).toBe("CN/2627/000003");
  });

  it("a note dated later numbered between the order check and the write: the write takes nothing, and the note is refused", async () => {
    const orgId = (
      await expectStatus(await admin("POST", "/admin/api/orgs", { name: "Sri Lakshmi Yarns", plan: "business", gstin: "33ABCDE1234F1Z7" }), 201)
    ).data.id as string;
    const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
    // The note of 1 April reads no note of 2026-27 yet; before its write, another dated 5 April is recorded.
    const race = writesAfter(env.DB, () =>
      post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, amount: "100", date: "2026-04-05" }),
    );
    const outcome = await createCreditNote(
      race.db,
      orgId,
      { customerId: buyer.id, saleId: null, amountPaise: 10_000, reason: null, issuedOn: "2026-04-01" },
      Date.now(),
    );
    expect(race.raced()).toBe(1);
    expect(outcome).toMatchObject({
      kind: "credit_note_out_of_order",
      refusal: { code: "credit_note_before_last_note", lastNoteNumber: "CN/2627/000001", lastIssuedOn: "2026-04-05" },
    });
    const notes = await env.DB.prepare("SELECT note_number AS n, issued_on AS d FROM credit_notes WHERE org_id = ?").bind(orgId).all();
    expect(notes.results).toEqual([{ n: "CN/2627/000001", d: "2026-04-05" }]);
  });
});
