// GST by place of supply (IGST Act s.7-s.10): CGST + SGST at half the rate each when the supplier's state is the
// place of supply, IGST at the full rate otherwise; credit notes split in the invoice's own proportions (CGST
// s.34). Cotton yarn (HSN 5205) is 5 % (Notification 1/2017-Central Tax (Rate), Schedule I; unchanged by
// Notification 9/2025-Central Tax (Rate)). Every expected figure below is worked by hand in its comment.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CreditNoteSchema } from "../../../src/inventory/ledger/schemas";
import { SaleSchema } from "../../../src/inventory/sales/schemas";
import { admin, api, createKey, createOrg, expectError, expectStatus } from "../helpers";
import { customer, holdClockAt, ist, lot, post, sale } from "../stock-fixtures";
import migration from "../../../migrations/inventory/0007_gst_place_of_supply.sql?raw";

const TN_SELLER = "33ABCDE1234F1Z7";

async function tamilNaduOrg(): Promise<string> {
  return (await expectStatus(await admin("POST", "/admin/api/orgs", { name: "Sri Lakshmi Yarns", plan: "business", gstin: TN_SELLER }), 201)).data.id;
}

/** 40 kg of 30s combed cotton at ₹300/kg: taxable ₹12,000.00. */
async function invoiceTo(orgId: string, buyer: Record<string, unknown>) {
  const stock = await lot(orgId, { kg: "100" });
  const { id } = await customer(orgId, buyer);
  return SaleSchema.parse(await sale(orgId, id, [{ lot_id: stock.id, kg: "40", rate_per_kg: "300" }]));
}

describe("GST split of a sale", () => {
  it("the organisation's state comes from its GSTIN and is printed on each invoice", async () => {
    const orgId = await tamilNaduOrg();
    const org = await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}`), 200);
    expect(org.data).toMatchObject({ gstin: TN_SELLER, state: "33" });
    const invoice = await invoiceTo(orgId, { gstin: "33AAECG4315R1ZE" });
    expect(invoice).toMatchObject({ seller_gstin: TN_SELLER, seller_state: "33" });
  });

  it("within Tamil Nadu: CGST ₹300.00 + SGST ₹300.00 on ₹12,000.00 (2.5 % each)", async () => {
    const invoice = await invoiceTo(await tamilNaduOrg(), { gstin: "33AAECG4315R1ZE" });
    expect(invoice).toMatchObject({
      place_of_supply: "33",
      taxable_amount: "12000.00",
      cgst_amount: "300.00",
      sgst_amount: "300.00",
      igst_amount: "0.00",
      gst_amount: "600.00",
      total_amount: "12600.00",
    });
    expect(invoice.items[0]).toMatchObject({ cgst_amount: "300.00", sgst_amount: "300.00", igst_amount: "0.00", gst_amount: "600.00" });
  });

  it("to a Maharashtra GSTIN: IGST ₹600.00 (5 %), place of supply 27", async () => {
    const invoice = await invoiceTo(await tamilNaduOrg(), { gstin: "27AAPFU0939F1ZV" });
    expect(invoice).toMatchObject({ place_of_supply: "27", cgst_amount: "0.00", sgst_amount: "0.00", igst_amount: "600.00", gst_amount: "600.00" });
  });

  it("an unregistered buyer is supplied to its address state, by code or name; without one, where it collects", async () => {
    const orgId = await tamilNaduOrg();
    const karnataka = await invoiceTo(orgId, { state: "karnataka" });
    expect(karnataka).toMatchObject({ place_of_supply: "29", igst_amount: "600.00" });
    const collected = await invoiceTo(orgId, {});
    expect(collected).toMatchObject({ place_of_supply: "33", cgst_amount: "300.00", sgst_amount: "300.00" });
  });

  it("an organisation without a GSTIN books no sale (409), even with its state, until the GSTIN is set, which is audited", async () => {
    const orgId = (await expectStatus(await admin("POST", "/admin/api/orgs", { name: "Unregistered Mills", plan: "business" }), 201)).data.id;
    const stock = await lot(orgId);
    const buyer = await customer(orgId);
    const book = () =>
      admin("POST", `/admin/api/orgs/${orgId}/sales`, { customer_id: buyer.id, items: [{ lot_id: stock.id, kg: "1", rate_per_kg: "300" }] });
    expect(await expectError(await book(), 409, "seller_gstin_missing")).toContain("set its gstin");

    // A state alone is recorded, but an unregistered supplier may still not charge GST (CGST Act s.32).
    const patched = await expectStatus(await admin("PATCH", `/admin/api/orgs/${orgId}`, { state: "Gujarat" }), 200);
    expect(patched.data).toMatchObject({ gstin: null, state: "24" });
    expect(await expectError(await book(), 409, "seller_gstin_missing")).toContain("not registered for GST");
    const sales = await env.DB.prepare("SELECT COUNT(*) AS n FROM sales WHERE org_id = ?").bind(orgId).first<{ n: number }>();
    expect(sales!.n).toBe(0);
    const lotAfter = await env.DB.prepare("SELECT grams_remaining AS g FROM lots WHERE id = ?").bind(stock.id).first<{ g: number }>();
    expect(lotAfter!.g).toBe(1_000_000); // the lot's 1,000 kg, untouched

    // 24AAPFU0939F1Z1: a Gujarat GSTIN, check character 1 by the GSTN mod-36 rule.
    await expectStatus(await admin("PATCH", `/admin/api/orgs/${orgId}`, { gstin: "24AAPFU0939F1Z1" }), 200);
    const audit = await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/audit`), 200);
    expect(audit.data.slice(0, 2).map((e: { reason: string }) => e.reason)).toEqual([
      "no GSTIN, state 24 -> 24AAPFU0939F1Z1, state 24",
      "no GSTIN, state unset -> no GSTIN, state 24",
    ]);
    expect(SaleSchema.parse(await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "1", rate_per_kg: "300" }]))).toMatchObject({
      seller_gstin: "24AAPFU0939F1Z1",
      seller_state: "24",
    });
  });

  it.each([
    ["/admin/api/orgs", { name: "X", plan: "business", gstin: TN_SELLER, state: "27" }, "state: must be the GSTIN's state, 33"],
    ["/admin/api/orgs", { name: "X", plan: "business", state: "Atlantis" }, "state: must be a GST state code"],
  ])("POST %s %j is 400 naming the field", async (path, body, message) => {
    expect(await expectError(await admin("POST", path, body), 400, "bad_request")).toContain(message);
  });

  it("a state sent alone must agree with the GSTIN on file, and a refused change leaves the organisation as it was", async () => {
    const orgId = await tamilNaduOrg();
    const message = await expectError(await admin("PATCH", `/admin/api/orgs/${orgId}`, { state: "29" }), 400, "bad_request");
    expect(message).toContain("state: must be the GSTIN's state, 33");
    expect((await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}`), 200)).data).toMatchObject({ gstin: TN_SELLER, state: "33" });
    // Tamil Nadu seller, Tamil Nadu buyer: CGST + SGST at 2.5 % each of ₹12,000.00 = ₹300.00 each, no IGST.
    expect(await invoiceTo(orgId, { gstin: "33AAECG4315R1ZE" })).toMatchObject({ cgst_amount: "300.00", sgst_amount: "300.00", igst_amount: "0.00" });
    expect((await expectStatus(await admin("PATCH", `/admin/api/orgs/${orgId}`, { state: "Tamil Nadu" }), 200)).data).toMatchObject({ state: "33" });
    // A new GSTIN moves the registration, and its state with it.
    const maharashtra = await expectStatus(await admin("PATCH", `/admin/api/orgs/${orgId}`, { gstin: "27AAPFU0939F1ZV" }), 200);
    expect(maharashtra.data).toMatchObject({ gstin: "27AAPFU0939F1ZV", state: "27" });
  });

  it("a customer's state must agree with its GSTIN", async () => {
    const orgId = await tamilNaduOrg();
    const message = await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/customers`, { name: "A", gstin: "33AAECG4315R1ZE", state: "Karnataka" }),
      400,
      "bad_request",
    );
    expect(message).toContain("state: must be the GSTIN's state, 33");
    expect(await post(`/admin/api/orgs/${orgId}/customers`, { name: "B", gstin: "33AAECG4315R1ZE" })).toMatchObject({ state: "33" });
  });
});

describe("GST split of a credit note", () => {
  afterEach(() => vi.useRealTimers());

  it("carries the invoice's proportions: ₹1,260.00 of a ₹12,600.00 intra-state invoice is ₹1,200.00 + CGST ₹30.00 + SGST ₹30.00", async () => {
    const orgId = await tamilNaduOrg();
    const invoice = await invoiceTo(orgId, { gstin: "33AAECG4315R1ZE" });
    const note = CreditNoteSchema.parse(
      await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: invoice.customer_id, sale_id: invoice.id, amount: "1260.00" }),
    );
    expect(note).toMatchObject({
      amount: "1260.00",
      taxable_amount: "1200.00",
      cgst_amount: "30.00",
      sgst_amount: "30.00",
      igst_amount: "0.00",
      place_of_supply: "33",
    });
  });

  it("₹100.00 of a ₹12,600.00 inter-state invoice: IGST 100 × 600 / 12,600 = ₹4.7619 → ₹4.76, taxable ₹95.24", async () => {
    const orgId = await tamilNaduOrg();
    const invoice = await invoiceTo(orgId, { gstin: "27AAPFU0939F1ZV" });
    const note = CreditNoteSchema.parse(
      await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: invoice.customer_id, sale_id: invoice.id, amount: "100.00" }),
    );
    expect(note).toMatchObject({ taxable_amount: "95.24", cgst_amount: "0.00", sgst_amount: "0.00", igst_amount: "4.76" });
  });

  // 350 kg × ₹313.50 = ₹1,09,725.00; within Tamil Nadu CGST and SGST 2.5 % each: 2,743.125 → ₹2,743.13 twice;
  // total ₹1,15,211.26. Half of it, ₹57,605.63: CGST 57,605.63 × 2,743.13 / 1,15,211.26 = 1,371.565 → ₹1,371.57 (half
  // up), SGST the same, taxable the rest, ₹54,862.49. The second half credits what the invoice has left: CGST
  // 2,743.13 − 1,371.57 = ₹1,371.56, SGST the same, taxable 1,09,725.00 − 54,862.49 = ₹54,862.51. Together the
  // invoice's own ₹2,743.13 of each tax, not the ₹2,743.14 that two notes rounded alone would reverse.
  it("two notes of half an invoice credit exactly its CGST and SGST, never a paisa more than was charged", async () => {
    const orgId = await tamilNaduOrg();
    const stock = await lot(orgId, { kg: "1000" });
    const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
    const invoice = SaleSchema.parse(await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "350", rate_per_kg: "313.50" }]));
    expect(invoice).toMatchObject({ taxable_amount: "109725.00", cgst_amount: "2743.13", sgst_amount: "2743.13", total_amount: "115211.26" });
    const half = () =>
      post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, sale_id: invoice.id, amount: "57605.63" }).then((n) =>
        CreditNoteSchema.parse(n),
      );
    expect(await half()).toMatchObject({ taxable_amount: "54862.49", cgst_amount: "1371.57", sgst_amount: "1371.57", igst_amount: "0.00" });
    expect(await half()).toMatchObject({ taxable_amount: "54862.51", cgst_amount: "1371.56", sgst_amount: "1371.56", igst_amount: "0.00" });
  });

  // From Maharashtra to Tamil Nadu on 1 September 2025, IGST: 10 kg cotton yarn at ₹300 = ₹3,000.00 + 5 % ₹150.00, and
  // 10 kg polyester spun yarn at ₹150 = ₹1,500.00 + 12 % ₹180.00 (HSN 5509, 12 % until 21 September 2025); invoice
  // ₹4,500.00 + IGST ₹330.00 = ₹4,830.00. The cotton comes back: ₹3,000.00 + ₹150.00. What is left to credit is the
  // polyester line, ₹1,500.00 + ₹180.00 = ₹1,680.00, so a note for ₹1,680.00 is exactly that: not the invoice's
  // average 330 / 4,830 (IGST ₹114.78), which would credit ₹4,565.22 of a taxable value of ₹4,500.00.
  it("after a return, a note credits what the invoice has left, in that remainder's proportions", async () => {
    // Recorded within the invoice year's time limit (30 November 2026), whatever today's date.
    holdClockAt(ist("2025-09-15"));
    const orgId = await createOrg();
    const cotton = await lot(orgId, { kg: "100", received_at: "2025-08-01T10:00:00+05:30" });
    const polyester = await lot(orgId, { kg: "100", sku: "PES-SPN-30S1-RW", yarn_type: "polyester_spun", received_at: "2025-08-01T10:00:00+05:30" });
    const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
    const invoice = SaleSchema.parse(
      await sale(
        orgId,
        buyer.id,
        [
          { lot_id: cotton.id, kg: "10", rate_per_kg: "300" },
          { lot_id: polyester.id, kg: "10", rate_per_kg: "150" },
        ],
        { sale_date: "2025-09-01" },
      ),
    );
    expect(invoice).toMatchObject({ taxable_amount: "4500.00", igst_amount: "330.00", total_amount: "4830.00" });
    await expectStatus(await admin("POST", `/admin/api/sales/${invoice.id}/dispatch`), 200);
    await post(`/admin/api/sales/${invoice.id}/returns`, { items: [{ lot_id: cotton.id, kg: "10" }] });
    const note = CreditNoteSchema.parse(
      await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, sale_id: invoice.id, amount: "1680.00" }),
    );
    expect(note).toMatchObject({ taxable_amount: "1500.00", cgst_amount: "0.00", sgst_amount: "0.00", igst_amount: "180.00" });
  });

  it("a credit note against no invoice adjusts no GST: its split is null", async () => {
    const orgId = await tamilNaduOrg();
    const { id } = await customer(orgId);
    const note = CreditNoteSchema.parse(await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: id, amount: "50.00" }));
    expect(note).toMatchObject({ taxable_amount: null, cgst_amount: null, sgst_amount: null, igst_amount: null, place_of_supply: null });
  });
});

// CGST s.34(2): a credit note reduces GST only when declared no later than 30 November after the end of the financial
// year (April to March) of its invoice. An invoice dated 15 March 2025 is in FY 2024-25, which ends 31 March 2025: its
// notes adjust GST up to 30 November 2025. After that a note only reduces what the customer owes: its split is null.
// A note is declared no earlier than it is recorded, so the later of its date and the IST day it is recorded counts:
// each test holds the clock at the instant its notes are recorded.
describe("the GST time limit on credit notes", () => {
  afterEach(() => vi.useRealTimers());

  /**
   * A Tamil Nadu invoice to a Tamil Nadu buyer dated 15 March 2025 (the lot came in on 1 March 2025), booked at noon
   * IST on 30 November 2025, the last day its notes adjust GST, with the clock held there.
   */
  async function marchInvoice(items: Array<{ kg: string; rate_per_kg: string }>) {
    holdClockAt(ist("2025-11-30"));
    const orgId = await tamilNaduOrg();
    const stock = await lot(orgId, { kg: "1000", received_at: "2025-03-01T10:00:00+05:30" });
    const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
    const lines = items.map((i) => ({ lot_id: stock.id, ...i }));
    const invoice = SaleSchema.parse(await sale(orgId, buyer.id, lines, { sale_date: "2025-03-15" }));
    const credit = (amount: string, date: string) =>
      post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, sale_id: invoice.id, amount, date }).then((n) =>
        CreditNoteSchema.parse(n),
      );
    return { orgId, buyerId: buyer.id, invoice, credit };
  }
  const NO_GST = { taxable_amount: null, cgst_amount: null, sgst_amount: null, igst_amount: null };

  // 40 kg × ₹300 = ₹12,000.00 + CGST ₹300.00 + SGST ₹300.00 = ₹12,600.00. On 30 November 2025, the last day, ₹1,260.00
  // is 1,260 × 300 / 12,600 = ₹30.00 of each tax and ₹1,200.00 taxable. On 1 December 2025 the rest, ₹11,340.00, adjusts
  // no GST, yet it settles the invoice: ₹1,260.00 + ₹11,340.00 = ₹12,600.00, so the invoice is paid. Each note is
  // recorded on the day it is dated.
  it("an invoice of 15 March 2025: a note of 30 November 2025 adjusts GST, one of 1 December 2025 does not and still settles it", async () => {
    const { orgId, invoice, credit } = await marchInvoice([{ kg: "40", rate_per_kg: "300" }]);
    expect(invoice.total_amount).toBe("12600.00");
    expect(await credit("1260.00", "2025-11-30")).toMatchObject({
      taxable_amount: "1200.00",
      cgst_amount: "30.00",
      sgst_amount: "30.00",
      igst_amount: "0.00",
    });
    holdClockAt(ist("2025-12-01"));
    const late = await credit("11340.00", "2025-12-01");
    expect(late).toMatchObject({ amount: "11340.00", date: "2025-12-01", place_of_supply: "33", ...NO_GST });
    const { key } = await createKey(orgId);
    const settled = SaleSchema.parse((await expectStatus(await api(`/api/v1/sales/${invoice.id}`, key), 200)).data);
    expect(settled.paid_at).not.toBeNull();
    const paid = await env.DB.prepare(
      "SELECT json_extract(payload, '$.credit_note_id') AS note FROM events WHERE org_id = ? AND type = 'invoice.paid'",
    )
      .bind(orgId)
      .first<{ note: string }>();
    expect(paid?.note).toBe(late.id);
  });

  // An invoice dated 1 April 2025 opens FY 2025-26, which ends 31 March 2026: its limit is 30 November 2026, so a note
  // dated and recorded on 1 December 2025 still adjusts GST: ₹1,260.00 of ₹12,600.00 is ₹1,200.00 + CGST ₹30.00 + SGST
  // ₹30.00.
  it("an invoice of 1 April 2025 is in FY 2025-26: a note of 1 December 2025 still adjusts GST", async () => {
    holdClockAt(ist("2025-12-01"));
    const orgId = await tamilNaduOrg();
    const stock = await lot(orgId, { kg: "100", received_at: "2025-04-01T09:00:00+05:30" });
    const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
    const invoice = SaleSchema.parse(await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "40", rate_per_kg: "300" }], { sale_date: "2025-04-01" }));
    const note = CreditNoteSchema.parse(
      await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, sale_id: invoice.id, amount: "1260.00", date: "2025-12-01" }),
    );
    expect(note).toMatchObject({ taxable_amount: "1200.00", cgst_amount: "30.00", sgst_amount: "30.00", igst_amount: "0.00" });
  });

  // The limit is judged on the later of a note's date and the day it is recorded, so a note within the limit can follow
  // one past it (both dated 30 November: a note dated before the year's last note is refused). 350 kg × ₹313.50 =
  // ₹1,09,725.00 + CGST and SGST 2,743.125 → ₹2,743.13 each = ₹1,15,211.26. Half of it, ₹57,605.63, dated 30 November
  // but recorded on 1 December 2025 adjusts no GST and took no tax, so the invoice still has all its tax to credit,
  // though only ₹57,605.63 of amount. The other half, dated 30 November 2025, takes the whole invoice's proportions:
  // CGST 57,605.63 × 2,743.13 / 1,15,211.26 = 1,371.565 → ₹1,371.57, SGST the same, taxable 57,605.63 − 2 × 1,371.57
  // = ₹54,862.49 (had the first note been subtracted from the tax left, this would be ₹1,371.56 and ₹54,862.51). The
  // invoice's GST reversed is ₹1,371.57 of each tax, not all of it: the first half was credited past the limit.
  // Nothing is left to credit, so ₹0.01 more is refused (409 credit_exceeds_invoice) although tax is left.
  // A note recorded at 23:59 IST on 30 November is written after one recorded on 1 December when the other changed the
  // invoice first (its write is tried again, still as recorded at 23:59): the clock is stepped back to stand for it.
  it("a note within the limit after one past it splits in the proportions of the tax the invoice has left", async () => {
    const { credit, invoice, buyerId, orgId } = await marchInvoice([{ kg: "350", rate_per_kg: "313.50" }]);
    expect(invoice).toMatchObject({ cgst_amount: "2743.13", sgst_amount: "2743.13", total_amount: "115211.26" });
    holdClockAt(ist("2025-12-01"));
    expect(await credit("57605.63", "2025-11-30")).toMatchObject(NO_GST);
    holdClockAt(ist("2025-11-30", "23:59"));
    expect(await credit("57605.63", "2025-11-30")).toMatchObject({
      taxable_amount: "54862.49",
      cgst_amount: "1371.57",
      sgst_amount: "1371.57",
      igst_amount: "0.00",
    });
    const refused = await admin("POST", `/admin/api/orgs/${orgId}/credit-notes`, {
      customer_id: buyerId,
      sale_id: invoice.id,
      amount: "0.01",
      date: "2025-11-30",
    });
    expect(await expectError(refused, 409, "credit_exceeds_invoice")).toContain("at most 0.00");
  });
});

// CGST s.34(2) limits when a credit note is declared, and a note cannot be declared before it is recorded: so a note
// recorded after the limit adjusts no GST even when dated before it. An invoice dated 1 April 2025 is in FY 2025-26,
// which ends 31 March 2026: its notes adjust GST until 30 November 2026, that is, recorded before 00:00 IST on 1
// December 2026 = 2026-11-30T18:30:00Z. Each note below is dated 15 November 2026, within the limit, and recorded at
// the instant the clock is held at. 40 kg × ₹300 = ₹12,000.00 + CGST ₹300.00 + SGST ₹300.00 = ₹12,600.00; within the
// limit ₹1,260.00 is 1,260 × 300 / 12,600 = ₹30.00 of each tax and ₹1,200.00 taxable.
describe("the GST time limit judged on the day a credit note is recorded", () => {
  afterEach(() => vi.useRealTimers());

  const SPLIT = { taxable_amount: "1200.00", cgst_amount: "30.00", sgst_amount: "30.00", igst_amount: "0.00" };
  const NO_GST = { taxable_amount: null, cgst_amount: null, sgst_amount: null, igst_amount: null };

  /** The invoice of 1 April 2025, booked now (the clock held), and a note of `amount` against it dated 15 November 2026. */
  async function creditedOn15November(amount: string) {
    const orgId = await tamilNaduOrg();
    const stock = await lot(orgId, { kg: "100", received_at: "2025-04-01T09:00:00+05:30" });
    const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
    const invoice = SaleSchema.parse(await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "40", rate_per_kg: "300" }], { sale_date: "2025-04-01" }));
    const note = CreditNoteSchema.parse(
      await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, sale_id: invoice.id, amount, date: "2026-11-15" }),
    );
    return { orgId, invoice, note };
  }

  it.each([
    ["on 20 November 2026, within the limit", ist("2026-11-20"), SPLIT],
    ["at 23:59:59.999 IST on 30 November 2026, the limit's last instant", ist("2026-11-30", "23:59") + 59_999, SPLIT],
    ["at 00:00 IST on 1 December 2026, past the limit", ist("2026-12-01", "00:00"), NO_GST],
    ["on 10 January 2027, past the limit", ist("2027-01-10"), NO_GST],
  ])("a note of ₹1,260.00 dated 15 November 2026 and recorded %s", async (_, recordedAt, split) => {
    holdClockAt(recordedAt);
    const { note } = await creditedOn15November("1260.00");
    expect(note).toMatchObject({ amount: "1260.00", date: "2026-11-15", place_of_supply: "33", ...split });
  });

  // Recorded on 10 January 2027 for the whole ₹12,600.00: no GST, yet the invoice is settled by the note's amount.
  it("a note dated within the limit but recorded after it still settles the invoice by its amount", async () => {
    holdClockAt(ist("2027-01-10"));
    const { orgId, invoice, note } = await creditedOn15November("12600.00");
    expect(note).toMatchObject({ amount: "12600.00", date: "2026-11-15", ...NO_GST });
    const { key } = await createKey(orgId);
    const settled = SaleSchema.parse((await expectStatus(await api(`/api/v1/sales/${invoice.id}`, key), 200)).data);
    expect(settled.paid_at).not.toBeNull();
  });
});

describe("the migration's back-fill", () => {
  it("gives a customer its GSTIN's state and a sale its customer's state; the supplier's split stays unrecorded", async () => {
    const orgId = await tamilNaduOrg();
    const invoice = await invoiceTo(orgId, { gstin: "27AAPFU0939F1ZV" });
    // As the rows stood before the migration: no customer state, no place of supply, no split.
    await env.DB.batch([
      env.DB.prepare("UPDATE customers SET state_code = NULL WHERE id = ?").bind(invoice.customer_id),
      env.DB.prepare(
        "UPDATE sales SET place_of_supply = NULL, seller_state_code = NULL, cgst_paise = NULL, sgst_paise = NULL, igst_paise = NULL WHERE id = ?",
      ).bind(invoice.id),
    ]);
    const backFill = migration
      .split("--> statement-breakpoint")
      .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim())
      .filter((statement) => statement.startsWith("UPDATE"));
    expect(backFill).toHaveLength(2);
    for (const statement of backFill) await env.DB.prepare(statement).run();

    const row = await env.DB.prepare(
      "SELECT c.state_code AS customerState, s.place_of_supply AS place, s.igst_paise AS igst FROM sales s JOIN customers c ON c.id = s.customer_id WHERE s.id = ?",
    )
      .bind(invoice.id)
      .first();
    expect(row).toEqual({ customerState: "27", place: "27", igst: null });
    const { key } = await createKey(orgId);
    const read = await expectStatus(await api(`/api/v1/sales/${invoice.id}`, key), 200);
    expect(read.data).toMatchObject({ place_of_supply: "27", seller_state: null, cgst_amount: null, igst_amount: null, gst_amount: "600.00" });
  });
});
