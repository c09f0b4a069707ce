// GET /api/v1/gst-summary: the month's outward tax from the books, for GSTR-1 (due the 11th) and GSTR-3B (the 20th).
// Rates: cotton yarn (HSN 5205, 5206) 5 %; man-made-fibre yarn (HSN 5509 polyester spun) 12 % until 21 September 2025
// (Notification 1/2017-Central Tax (Rate); 5 % from 22 September 2025, Notification 9/2025-Central Tax (Rate)).
// Within Tamil Nadu each line carries CGST and SGST at half its rate, each rounded half up to the paisa; to another
// state IGST at the full rate (IGST Act s.7-s.8). A credit note carries a split only when dated and recorded on or
// before 30 November after the end of its invoice's financial year (CGST s.34(2)). IST date D is the UTC interval
// [D-1 18:30Z, D 18:30Z) (reference §4). Every expected figure is worked by hand in its comment.
import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GstSummaryResponseSchema } from "../../../src/inventory/gst/schemas";
import { CreditNoteSchema } from "../../../src/inventory/ledger/schemas";
import { cancelSale } from "../../../src/inventory/sales/queries";
import { SaleSchema } from "../../../src/inventory/sales/schemas";
import { writesAfter } from "../../d1-race";
import { admin, api, createKey, expectError, expectStatus } from "../helpers";
import { customer, holdClockAt, ist, lot, post, sale } from "../stock-fixtures";

const TN_SELLER = "33ABCDE1234F1Z7";

async function tamilNaduTrader(plan: "business" | "growth" = "business") {
  const orgId = (await expectStatus(await admin("POST", "/admin/api/orgs", { name: "Sri Lakshmi Yarns", plan, gstin: TN_SELLER }), 201)).data
    .id as string;
  return { orgId, key: (await createKey(orgId)).key };
}

async function summary(key: string, query = "") {
  return GstSummaryResponseSchema.parse(await expectStatus(await api(`/api/v1/gst-summary${query}`, key), 200)).data;
}

const dispatch = async (saleId: string) => expectStatus(await admin("POST", `/admin/api/sales/${saleId}/dispatch`), 200);
const invoiceOf = async (...args: Parameters<typeof sale>) => SaleSchema.parse(await sale(...args));
/** When the August books are read: the current month is September 2025. */
const READ_ON = ist("2025-09-05");

afterEach(() => vi.useRealTimers());

describe("GET /api/v1/gst-summary: August 2025 worked by hand", () => {
  // The books of a trader in Tamil Nadu, each document written at noon IST on its own date (the clock held there:
  // a note counts in the month of the later of its date and the day it was recorded, and a cancellation or void in a
  // later month than its document's counts in that later month), read on 5 September 2025 (the current month). Buyers: A, a Tamil Nadu GSTIN (intra-state, B2B); B, a Maharashtra GSTIN (inter-state,
  // B2B); C, unregistered in Tamil Nadu (intra-state, B2C).
  //
  // S1, 5 Aug, to A: 30s combed cotton (HSN 52052310) 40 kg × ₹300 = ₹12,000.00, CGST 2.5 % ₹300.00, SGST ₹300.00;
  //   polyester spun (HSN 550921, 12 %) 10 kg × ₹150 = ₹1,500.00, CGST 6 % ₹90.00, SGST ₹90.00.
  //   Invoice ₹13,500.00 + CGST ₹390.00 + SGST ₹390.00 = ₹14,280.00.
  // S2, 10 Aug, to B: polyester 20 kg × ₹155.50 = ₹3,110.00, IGST 12 % ₹373.20; cotton 7.5 kg × ₹313.50 = ₹2,351.25,
  //   IGST 5 % 117.5625 → ₹117.56. Invoice ₹5,461.25 + IGST ₹490.76.
  // S3, 12 Aug, to C: cotton 3 kg × ₹301.15 = ₹903.45, CGST 2.5 % 22.58625 → ₹22.59, SGST ₹22.59.
  // S4, 14 Aug, to A: cotton 10 kg × ₹300, with a ₹105.00 credit note, then cancelled: neither counts (the note is
  //   voided with it).
  // S5, 31 Aug at 23:59 IST, to A: 30s CVC 60/40 (HSN 520623, 5 %) 2 kg × ₹300 = ₹600.00, CGST ₹15.00, SGST ₹15.00.
  // S6, 1 Sep at 00:00 IST, to A: cotton 1 kg × ₹300 = ₹300.00, CGST ₹7.50, SGST ₹7.50: September's.
  // S0, 15 Mar 2024, to A: cotton 10 kg × ₹300 = ₹3,000.00 + ₹75.00 + ₹75.00 = ₹3,150.00 (FY 2023-24: its notes adjust
  //   GST until 30 November 2024).
  //
  // Notes dated and recorded in August 2025:
  // R1, 20 Aug: 2.5 kg of S2's cotton back: 2.5 × ₹313.50 = ₹783.75, IGST 5 % 39.1875 → ₹39.19 (B2B, 5 %, 52052310).
  // N1, 25 Aug: ₹94.86 against S3: CGST 94.86 × 22.59 / 948.63 = 2.2589 → ₹2.26, SGST ₹2.26, taxable 94.86 − 4.52 =
  //   ₹90.34 (B2C, 5 %, 52052310).
  // N2, 26 Aug: ₹1,428.00 against S1: CGST 1,428 × 390 / 14,280 = ₹39.00, SGST ₹39.00, taxable ₹1,350.00. S1 has lines
  //   at 5 % and 12 % and the note one split for both: rate and HSN null.
  // N3, 18 Aug: ₹315.00 against S0, past S0's limit: no split. N4, 21 Aug: ₹50.00 to C against no invoice: no split.
  // N5, 27 Aug: ₹100.00 against S1, voided. N7, 1 Sep: ₹10.00 against S1: September's.
  async function august() {
    holdClockAt(ist("2024-03-15"));
    const { orgId, key } = await tamilNaduTrader();
    const received = { received_at: "2024-03-01T10:00:00+05:30", kg: "500" };
    const cotton = await lot(orgId, received);
    const polyester = await lot(orgId, { ...received, sku: "PES-SPN-30S1-RW", yarn_type: "polyester_spun" });
    const cvc = await lot(orgId, { ...received, sku: "CVC-CMB-30S1-RW-6040", yarn_type: "cvc_blend" });
    const a = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
    const b = await customer(orgId, { gstin: "27AAPFU0939F1ZV" });
    const c = await customer(orgId, { state: "Tamil Nadu" });
    const note = (body: Record<string, unknown>) => post(`/admin/api/orgs/${orgId}/credit-notes`, body).then((n) => CreditNoteSchema.parse(n));

    const s0 = await invoiceOf(orgId, a.id, [{ lot_id: cotton.id, kg: "10", rate_per_kg: "300" }], { sale_date: "2024-03-15" });
    holdClockAt(ist("2025-08-05"));
    const s1 = await invoiceOf(
      orgId,
      a.id,
      [
        { lot_id: cotton.id, kg: "40", rate_per_kg: "300" },
        { lot_id: polyester.id, kg: "10", rate_per_kg: "150" },
      ],
      { sale_date: "2025-08-05" },
    );
    expect(s1).toMatchObject({ taxable_amount: "13500.00", cgst_amount: "390.00", sgst_amount: "390.00", total_amount: "14280.00" });
    holdClockAt(ist("2025-08-10"));
    const s2 = await invoiceOf(
      orgId,
      b.id,
      [
        { lot_id: polyester.id, kg: "20", rate_per_kg: "155.50" },
        { lot_id: cotton.id, kg: "7.5", rate_per_kg: "313.50" },
      ],
      { sale_date: "2025-08-10" },
    );
    expect(s2).toMatchObject({ taxable_amount: "5461.25", igst_amount: "490.76" });
    holdClockAt(ist("2025-08-12"));
    const s3 = await invoiceOf(orgId, c.id, [{ lot_id: cotton.id, kg: "3", rate_per_kg: "301.15" }], { sale_date: "2025-08-12" });
    expect(s3).toMatchObject({ taxable_amount: "903.45", cgst_amount: "22.59", sgst_amount: "22.59" });
    holdClockAt(ist("2025-08-14"));
    const s4 = await invoiceOf(orgId, a.id, [{ lot_id: cotton.id, kg: "10", rate_per_kg: "300" }], { sale_date: "2025-08-14" });
    holdClockAt(ist("2025-08-15"));
    await note({ customer_id: a.id, sale_id: s4.id, amount: "105.00", date: "2025-08-15" });
    await expectStatus(await admin("POST", `/admin/api/sales/${s4.id}/cancel`), 200);
    holdClockAt(ist("2025-08-18"));
    expect(await note({ customer_id: a.id, sale_id: s0.id, amount: "315.00", date: "2025-08-18" })).toMatchObject({ taxable_amount: null });
    holdClockAt(ist("2025-08-20"));
    await dispatch(s2.id);
    const r1 = CreditNoteSchema.parse(
      await post(`/admin/api/sales/${s2.id}/returns`, { items: [{ lot_id: cotton.id, kg: "2.5" }], date: "2025-08-20" }),
    );
    expect(r1).toMatchObject({ amount: "822.94", taxable_amount: "783.75", igst_amount: "39.19" });
    holdClockAt(ist("2025-08-21"));
    expect(await note({ customer_id: c.id, amount: "50.00", date: "2025-08-21" })).toMatchObject({ taxable_amount: null });
    holdClockAt(ist("2025-08-25"));
    expect(await note({ customer_id: c.id, sale_id: s3.id, amount: "94.86", date: "2025-08-25" })).toMatchObject({
      taxable_amount: "90.34",
      cgst_amount: "2.26",
    });
    holdClockAt(ist("2025-08-26"));
    expect(await note({ customer_id: a.id, sale_id: s1.id, amount: "1428.00", date: "2025-08-26" })).toMatchObject({
      taxable_amount: "1350.00",
      cgst_amount: "39.00",
    });
    holdClockAt(ist("2025-08-27"));
    const n5 = await note({ customer_id: a.id, sale_id: s1.id, amount: "100.00", date: "2025-08-27" });
    await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/credit-notes/${n5.id}/void`, { reason: "Entered twice" }), 200);
    const lastMinute = { sale_date: "2025-08-31", sold_at: "2025-08-31T23:59:00+05:30" };
    holdClockAt(ist("2025-08-31", "23:59"));
    const s5 = await invoiceOf(orgId, a.id, [{ lot_id: cvc.id, kg: "2", rate_per_kg: "300" }], lastMinute);
    expect(s5).toMatchObject({ sold_at: "2025-08-31T18:29:00.000Z", cgst_amount: "15.00" });
    const firstMinute = { sale_date: "2025-09-01", sold_at: "2025-09-01T00:00:00+05:30" };
    holdClockAt(ist("2025-09-01"));
    expect(await invoiceOf(orgId, a.id, [{ lot_id: cotton.id, kg: "1", rate_per_kg: "300" }], firstMinute)).toMatchObject({
      sold_at: "2025-08-31T18:30:00.000Z",
    });
    await note({ customer_id: a.id, sale_id: s1.id, amount: "10.00", date: "2025-09-01" });
    return { orgId, key };
  }

  let key: string;
  beforeAll(async () => {
    ({ key } = await august());
    vi.useRealTimers();
  }, 60_000);

  it("invoices: S1, S2, S3 and S5 (S4 cancelled, S6 in September), in total and by buyer", async () => {
    holdClockAt(READ_ON);
    const data = await summary(key, "?month=2025-08");
    expect(data).toMatchObject({ month: "2025-08", seller_gstin: TN_SELLER });
    // Taxable 13,500.00 + 5,461.25 + 903.45 + 600.00 = 20,464.70; CGST and SGST 390.00 + 22.59 + 15.00 = 427.59 each;
    // IGST 490.76.
    expect(data.invoices).toMatchObject({
      count: 4,
      taxable_amount: "20464.70",
      cgst_amount: "427.59",
      sgst_amount: "427.59",
      igst_amount: "490.76",
      without_gst_split: { count: 0, taxable_amount: "0.00", gst_amount: "0.00" },
    });
    // B2B, S1 + S2 + S5: taxable 13,500.00 + 5,461.25 + 600.00 = 19,561.25; CGST and SGST 390.00 + 15.00 = 405.00.
    expect(data.invoices.b2b).toEqual({ count: 3, taxable_amount: "19561.25", cgst_amount: "405.00", sgst_amount: "405.00", igst_amount: "490.76" });
    expect(data.invoices.b2c).toEqual({ count: 1, taxable_amount: "903.45", cgst_amount: "22.59", sgst_amount: "22.59", igst_amount: "0.00" });
  });

  it("invoices by rate and by HSN code, from their lines", async () => {
    holdClockAt(READ_ON);
    const { invoices } = await summary(key, "?month=2025-08");
    expect(invoices.by_rate).toEqual([
      // 5 %: cotton 12,000.00 + 2,351.25 + 903.45 and CVC 600.00 = 15,854.70; CGST and SGST 300.00 + 22.59 + 15.00 =
      // 337.59; IGST 117.56.
      { gst_rate_percent: 5, taxable_amount: "15854.70", cgst_amount: "337.59", sgst_amount: "337.59", igst_amount: "117.56" },
      // 12 %: polyester 1,500.00 + 3,110.00 = 4,610.00; CGST and SGST 90.00; IGST 373.20.
      { gst_rate_percent: 12, taxable_amount: "4610.00", cgst_amount: "90.00", sgst_amount: "90.00", igst_amount: "373.20" },
    ]);
    expect(invoices.hsn).toEqual([
      // Cotton: 40 + 7.5 + 3 = 50.5 kg; 12,000.00 + 2,351.25 + 903.45 = 15,254.70; CGST and SGST 300.00 + 22.59 = 322.59.
      {
        hsn: "52052310",
        gst_rate_percent: 5,
        kg: "50.500",
        taxable_amount: "15254.70",
        cgst_amount: "322.59",
        sgst_amount: "322.59",
        igst_amount: "117.56",
      },
      { hsn: "520623", gst_rate_percent: 5, kg: "2.000", taxable_amount: "600.00", cgst_amount: "15.00", sgst_amount: "15.00", igst_amount: "0.00" },
      // Polyester: 10 + 20 = 30 kg.
      {
        hsn: "550921",
        gst_rate_percent: 12,
        kg: "30.000",
        taxable_amount: "4610.00",
        cgst_amount: "90.00",
        sgst_amount: "90.00",
        igst_amount: "373.20",
      },
    ]);
  });

  it("credit notes that adjust GST: R1, N1 and N2; N3 (past the limit) and N4 (no invoice) by amount only", async () => {
    holdClockAt(READ_ON);
    const { credit_notes: notes } = await summary(key, "?month=2025-08");
    // Taxable 783.75 + 90.34 + 1,350.00 = 2,224.09; CGST and SGST 2.26 + 39.00 = 41.26; IGST 39.19.
    expect(notes).toMatchObject({ count: 3, taxable_amount: "2224.09", cgst_amount: "41.26", sgst_amount: "41.26", igst_amount: "39.19" });
    // B2B R1 + N2: 783.75 + 1,350.00 = 2,133.75.
    expect(notes.b2b).toEqual({ count: 2, taxable_amount: "2133.75", cgst_amount: "39.00", sgst_amount: "39.00", igst_amount: "39.19" });
    expect(notes.b2c).toEqual({ count: 1, taxable_amount: "90.34", cgst_amount: "2.26", sgst_amount: "2.26", igst_amount: "0.00" });
    // 5 %: R1 + N1 = 783.75 + 90.34 = 874.09; N2 against lines of 5 % and 12 % at null.
    expect(notes.by_rate).toEqual([
      { gst_rate_percent: 5, taxable_amount: "874.09", cgst_amount: "2.26", sgst_amount: "2.26", igst_amount: "39.19" },
      { gst_rate_percent: null, taxable_amount: "1350.00", cgst_amount: "39.00", sgst_amount: "39.00", igst_amount: "0.00" },
    ]);
    expect(notes.hsn).toEqual([
      // 2.5 kg came back (R1); N1 returned none.
      { hsn: "52052310", gst_rate_percent: 5, kg: "2.500", taxable_amount: "874.09", cgst_amount: "2.26", sgst_amount: "2.26", igst_amount: "39.19" },
      { hsn: null, gst_rate_percent: null, kg: "0.000", taxable_amount: "1350.00", cgst_amount: "39.00", sgst_amount: "39.00", igst_amount: "0.00" },
    ]);
    // 315.00 + 50.00.
    expect(notes.without_gst_split).toEqual({ count: 2, amount: "365.00" });
  });

  it("net: invoices less the notes that adjust GST, per rate and in total", async () => {
    holdClockAt(READ_ON);
    const { net } = await summary(key, "?month=2025-08");
    // Taxable 20,464.70 − 2,224.09 = 18,240.61; CGST and SGST 427.59 − 41.26 = 386.33; IGST 490.76 − 39.19 = 451.57.
    expect(net).toMatchObject({ taxable_amount: "18240.61", cgst_amount: "386.33", sgst_amount: "386.33", igst_amount: "451.57" });
    expect(net.by_rate).toEqual([
      // 5 %: 15,854.70 − 874.09 = 14,980.61; 337.59 − 2.26 = 335.33; 117.56 − 39.19 = 78.37.
      { gst_rate_percent: 5, taxable_amount: "14980.61", cgst_amount: "335.33", sgst_amount: "335.33", igst_amount: "78.37" },
      { gst_rate_percent: 12, taxable_amount: "4610.00", cgst_amount: "90.00", sgst_amount: "90.00", igst_amount: "373.20" },
      { gst_rate_percent: null, taxable_amount: "-1350.00", cgst_amount: "-39.00", sgst_amount: "-39.00", igst_amount: "0.00" },
    ]);
  });

  // S1 has ₹13,500.00 − 1,350.00 = ₹12,150.00 taxable and ₹390.00 − 39.00 = ₹351.00 of each tax left (N5 voided), ₹12,852.00
  // in all: N7's ₹10.00 is CGST 10 × 351 / 12,852 = 0.2731 → ₹0.27, SGST ₹0.27, taxable ₹9.46.
  it("September, the current month and the default, has S6 (00:00 IST on 1 September) and N7", async () => {
    holdClockAt(READ_ON);
    const september = await summary(key);
    expect(september).toMatchObject({
      month: "2025-09",
      invoices: { count: 1, taxable_amount: "300.00", cgst_amount: "7.50", sgst_amount: "7.50", igst_amount: "0.00" },
      credit_notes: { count: 1, taxable_amount: "9.46", cgst_amount: "0.27", sgst_amount: "0.27", igst_amount: "0.00" },
    });
    expect(await summary(key, "?month=2025-09")).toEqual(september);
  });

  it("a month after the current one is 400 naming month; the clock at 23:59 IST on 30 September 2025 is still September", async () => {
    holdClockAt(ist("2025-09-30", "23:59"));
    const message = await expectError(await api("/api/v1/gst-summary?month=2025-10", key), 400, "bad_request");
    expect(message).toBe("month: 2025-10 is after the current month in India (IST), 2025-09");
    holdClockAt(ist("2025-10-01", "00:00"));
    expect((await summary(key, "?month=2025-10")).invoices.count).toBe(0);
  });
});

// A month once filed must read the same ever after. GSTR-1 reports a change to a document of an earlier month as an
// amendment in the return of the month the change is made (CGST s.37(3); GSTR-1 Tables 9A and 9C), as the
// account statements date a reversal on the IST day it is made. A cancellation or void within the document's own
// month simply removes it (S4 above). A credit note is declared no earlier than it is recorded (CGST s.34(2) reads
// the later of the two), so it counts in the IST month of the later of its date and the day it was recorded.
describe("GET /api/v1/gst-summary: a month ended never changes; later reversals count when they are made", () => {
  const zeros = { taxable_amount: "0.00", cgst_amount: "0.00", sgst_amount: "0.00", igst_amount: "0.00" };

  // A Tamil Nadu trader, a Tamil Nadu GSTIN buyer, cotton yarn (HSN 52052310) at 5 %: CGST and SGST 2.5 % each.
  // S1, 30 Oct 2026: 10 kg × ₹300 = ₹3,000.00 + CGST ₹75.00 + SGST ₹75.00 = ₹3,150.00.
  // S2, 30 Oct 2026: 20 kg × ₹300 = ₹6,000.00 + CGST ₹150.00 + SGST ₹150.00 = ₹6,300.00.
  // N1, 31 Oct 2026: ₹630.00 against S2, in S2's proportions (CGST s.34): CGST 630 × 150 / 6,300 = ₹15.00, SGST
  //   ₹15.00, taxable 630 − 30 = ₹600.00.
  // October, read on 10 November for GSTR-1: taxable 9,000.00 − 600.00 = 8,400.00; CGST and SGST 225.00 − 15.00 = 210.00.
  // 15 Nov: S1 cancelled and N1 voided. October still reads 8,400.00 / 210.00; November carries the reversals:
  //   S1 −3,000.00 taxable, −75.00 CGST and SGST; N1 +600.00 taxable, +15.00 CGST and SGST; net −2,400.00, −60.00.
  it("an invoice cancelled and a note voided in November leave October as filed and count in November", async () => {
    holdClockAt(ist("2026-10-30"));
    const { orgId, key } = await tamilNaduTrader();
    const cotton = await lot(orgId, { received_at: "2026-10-01T10:00:00+05:30" });
    const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
    const s1 = await invoiceOf(orgId, buyer.id, [{ lot_id: cotton.id, kg: "10", rate_per_kg: "300" }], { sale_date: "2026-10-30" });
    expect(s1).toMatchObject({ taxable_amount: "3000.00", cgst_amount: "75.00", sgst_amount: "75.00", total_amount: "3150.00" });
    const s2 = await invoiceOf(orgId, buyer.id, [{ lot_id: cotton.id, kg: "20", rate_per_kg: "300" }], { sale_date: "2026-10-30" });
    expect(s2).toMatchObject({ taxable_amount: "6000.00", cgst_amount: "150.00", total_amount: "6300.00" });
    holdClockAt(ist("2026-10-31"));
    const n1 = CreditNoteSchema.parse(
      await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, sale_id: s2.id, amount: "630.00", date: "2026-10-31" }),
    );
    expect(n1).toMatchObject({ taxable_amount: "600.00", cgst_amount: "15.00", sgst_amount: "15.00" });

    holdClockAt(ist("2026-11-10"));
    const filed = await summary(key, "?month=2026-10");
    expect(filed.net).toMatchObject({ taxable_amount: "8400.00", cgst_amount: "210.00", sgst_amount: "210.00", igst_amount: "0.00" });

    holdClockAt(ist("2026-11-15"));
    await expectStatus(await admin("POST", `/admin/api/sales/${s1.id}/cancel`), 200);
    await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/credit-notes/${n1.id}/void`, { reason: "Issued in error" }), 200);

    const october = await summary(key, "?month=2026-10");
    expect(october).toEqual(filed);
    expect(october.invoices).toMatchObject({ count: 2, taxable_amount: "9000.00", cgst_amount: "225.00" });
    expect(october.credit_notes).toMatchObject({ count: 1, taxable_amount: "600.00", cgst_amount: "15.00" });
    expect(october.reversals.documents).toEqual([]);

    const november = await summary(key, "?month=2026-11");
    expect(november.invoices).toMatchObject({ count: 0, ...zeros });
    expect(november.credit_notes).toMatchObject({ count: 0, ...zeros });
    expect(november.reversals.invoices).toMatchObject({
      count: 1,
      taxable_amount: "3000.00",
      cgst_amount: "75.00",
      sgst_amount: "75.00",
      igst_amount: "0.00",
      b2b: { count: 1, taxable_amount: "3000.00", cgst_amount: "75.00", sgst_amount: "75.00", igst_amount: "0.00" },
      by_rate: [{ gst_rate_percent: 5, taxable_amount: "3000.00", cgst_amount: "75.00", sgst_amount: "75.00", igst_amount: "0.00" }],
      hsn: [
        {
          hsn: "52052310",
          gst_rate_percent: 5,
          kg: "10.000",
          taxable_amount: "3000.00",
          cgst_amount: "75.00",
          sgst_amount: "75.00",
          igst_amount: "0.00",
        },
      ],
    });
    expect(november.reversals.credit_notes).toMatchObject({
      count: 1,
      taxable_amount: "600.00",
      cgst_amount: "15.00",
      sgst_amount: "15.00",
      by_rate: [{ gst_rate_percent: 5, taxable_amount: "600.00", cgst_amount: "15.00", sgst_amount: "15.00", igst_amount: "0.00" }],
    });
    expect(november.reversals.documents_truncated).toBe(false);
    expect(november.reversals.documents).toEqual([
      {
        kind: "invoice",
        id: s1.id,
        number: s1.invoice_number,
        date: "2026-10-30",
        original_month: "2026-10",
        reversed_on: "2026-11-15",
        buyer_gstin: "33AAECG4315R1ZE",
        amount: "3150.00",
        taxable_amount: "3000.00",
        cgst_amount: "75.00",
        sgst_amount: "75.00",
        igst_amount: "0.00",
        adjusts_gst: true,
      },
      {
        kind: "credit_note",
        id: n1.id,
        number: n1.note_number,
        date: "2026-10-31",
        original_month: "2026-10",
        reversed_on: "2026-11-15",
        buyer_gstin: "33AAECG4315R1ZE",
        amount: "630.00",
        taxable_amount: "600.00",
        cgst_amount: "15.00",
        sgst_amount: "15.00",
        igst_amount: "0.00",
        adjusts_gst: true,
      },
    ]);
    // −3,000.00 + 600.00 = −2,400.00; −75.00 + 15.00 = −60.00.
    expect(november.net).toEqual({
      taxable_amount: "-2400.00",
      cgst_amount: "-60.00",
      sgst_amount: "-60.00",
      igst_amount: "0.00",
      by_rate: [{ gst_rate_percent: 5, taxable_amount: "-2400.00", cgst_amount: "-60.00", sgst_amount: "-60.00", igst_amount: "0.00" }],
    });
  });

  // S, 10 Oct 2026: 10 kg × ₹300 = ₹3,000.00 + ₹75.00 + ₹75.00 = ₹3,150.00; N, 20 Oct: ₹315.00 against it, CGST
  // 315 × 75 / 3,150 = ₹7.50, SGST ₹7.50, taxable ₹300.00. S cancelled on 3 Nov, which voids N with it: November
  // reverses both, −3,000.00 + 300.00 = −2,700.00 taxable, −75.00 + 7.50 = −67.50 CGST and SGST; October keeps
  // 3,000.00 − 300.00 = 2,700.00 and 67.50.
  it("an invoice cancelled in a later month takes its notes with it, both reversed in that month", async () => {
    holdClockAt(ist("2026-10-10"));
    const { orgId, key } = await tamilNaduTrader();
    const cotton = await lot(orgId, { received_at: "2026-10-01T10:00:00+05:30" });
    const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
    const booked = await invoiceOf(orgId, buyer.id, [{ lot_id: cotton.id, kg: "10", rate_per_kg: "300" }], { sale_date: "2026-10-10" });
    holdClockAt(ist("2026-10-20"));
    await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, sale_id: booked.id, amount: "315.00", date: "2026-10-20" });
    holdClockAt(ist("2026-11-03"));
    await expectStatus(await admin("POST", `/admin/api/sales/${booked.id}/cancel`), 200);

    const october = await summary(key, "?month=2026-10");
    expect(october.net).toMatchObject({ taxable_amount: "2700.00", cgst_amount: "67.50", sgst_amount: "67.50" });
    const november = await summary(key, "?month=2026-11");
    expect(november.reversals.invoices).toMatchObject({ count: 1, taxable_amount: "3000.00", cgst_amount: "75.00" });
    expect(november.reversals.credit_notes).toMatchObject({ count: 1, taxable_amount: "300.00", cgst_amount: "7.50" });
    expect(november.reversals.documents.map((d) => [d.kind, d.original_month, d.reversed_on])).toEqual([
      ["invoice", "2026-10", "2026-11-03"],
      ["credit_note", "2026-10", "2026-11-03"],
    ]);
    expect(november.net).toMatchObject({ taxable_amount: "-2700.00", cgst_amount: "-67.50", sgst_amount: "-67.50" });
  });

  // S, 10 Mar 2026: ₹3,000.00 + ₹75.00 + ₹75.00. N, dated 20 Mar 2026 but recorded on 5 Apr: ₹315.00, CGST ₹7.50,
  // SGST ₹7.50, taxable ₹300.00 (as above). It counts in April, the later of the two; March stays S alone. Voided on
  // 2 May, it is reversed in May with April as its original month, April unchanged.
  it("a note back-dated into an earlier month counts in the month it was recorded; its later void in the month made", async () => {
    holdClockAt(ist("2026-03-10"));
    const { orgId, key } = await tamilNaduTrader();
    const cotton = await lot(orgId, { received_at: "2026-03-01T10:00:00+05:30" });
    const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
    const booked = await invoiceOf(orgId, buyer.id, [{ lot_id: cotton.id, kg: "10", rate_per_kg: "300" }], { sale_date: "2026-03-10" });
    holdClockAt(ist("2026-04-05"));
    const march = await summary(key, "?month=2026-03");
    const note = CreditNoteSchema.parse(
      await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, sale_id: booked.id, amount: "315.00", date: "2026-03-20" }),
    );
    expect(note).toMatchObject({ date: "2026-03-20", taxable_amount: "300.00", cgst_amount: "7.50" });
    expect(await summary(key, "?month=2026-03")).toEqual(march);
    expect(march.net).toMatchObject({ taxable_amount: "3000.00", cgst_amount: "75.00" });
    const april = await summary(key, "?month=2026-04");
    expect(april.credit_notes).toMatchObject({ count: 1, taxable_amount: "300.00", cgst_amount: "7.50", sgst_amount: "7.50" });
    expect(april.net).toMatchObject({ taxable_amount: "-300.00", cgst_amount: "-7.50" });

    holdClockAt(ist("2026-05-02"));
    await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/credit-notes/${note.id}/void`, { reason: "Issued in error" }), 200);
    expect(await summary(key, "?month=2026-04")).toEqual(april);
    const may = await summary(key, "?month=2026-05");
    expect(may.reversals.documents).toMatchObject([
      { kind: "credit_note", date: "2026-03-20", original_month: "2026-04", reversed_on: "2026-05-02" },
    ]);
    expect(may.net).toMatchObject({ taxable_amount: "300.00", cgst_amount: "7.50", sgst_amount: "7.50" });
  });

  it("a note recorded and voided within its month counts nowhere, as a sale cancelled within its month", async () => {
    holdClockAt(ist("2026-10-10"));
    const { orgId, key } = await tamilNaduTrader();
    const cotton = await lot(orgId, { received_at: "2026-10-01T10:00:00+05:30" });
    const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
    const kept = await invoiceOf(orgId, buyer.id, [{ lot_id: cotton.id, kg: "10", rate_per_kg: "300" }], { sale_date: "2026-10-10" });
    const note = await post(`/admin/api/orgs/${orgId}/credit-notes`, {
      customer_id: buyer.id,
      sale_id: kept.id,
      amount: "315.00",
      date: "2026-10-10",
    });
    const dropped = await invoiceOf(orgId, buyer.id, [{ lot_id: cotton.id, kg: "1", rate_per_kg: "300" }], { sale_date: "2026-10-10" });
    holdClockAt(ist("2026-10-31", "23:59"));
    await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/credit-notes/${note.id}/void`, { reason: "Issued in error" }), 200);
    await expectStatus(await admin("POST", `/admin/api/sales/${dropped.id}/cancel`), 200);
    holdClockAt(ist("2026-11-01"));
    // Only the kept invoice: ₹3,000.00 + ₹75.00 + ₹75.00; November has nothing.
    expect((await summary(key, "?month=2026-10")).net).toMatchObject({ taxable_amount: "3000.00", cgst_amount: "75.00" });
    const november = await summary(key, "?month=2026-11");
    expect(november.reversals.documents).toEqual([]);
    expect(november.net).toEqual({ ...zeros, by_rate: [] });
  });
});

// An invoice can be corrected in a GST return only up to 30 November after the end of its financial year, or the day
// that year's annual return is furnished if earlier (CGST s.37(3) proviso, with s.34(2)'s same limit for credit
// notes). An invoice cancelled after that is cancelled in the books only: its tax stands as issued, so no return can
// take it back. Tamil Nadu trader and buyer, cotton yarn (HSN 52052310) at 5 %: each invoice of 15 March 2025
// (FY 2024-25, limit 30 November 2025) is 10 kg × ₹300 = ₹3,000.00 + CGST ₹75.00 + SGST ₹75.00 = ₹3,150.00.
describe("GET /api/v1/gst-summary: an invoice cancelled after GST's time limit for its year", () => {
  const zeros = { taxable_amount: "0.00", cgst_amount: "0.00", sgst_amount: "0.00", igst_amount: "0.00" };

  async function marchInvoices(count: number) {
    holdClockAt(ist("2025-03-15"));
    const trader = await tamilNaduTrader();
    const cotton = await lot(trader.orgId, { received_at: "2025-03-01T10:00:00+05:30" });
    const buyer = await customer(trader.orgId, { gstin: "33AAECG4315R1ZE" });
    const invoices = [];
    for (let i = 0; i < count; i++) {
      invoices.push(await invoiceOf(trader.orgId, buyer.id, [{ lot_id: cotton.id, kg: "10", rate_per_kg: "300" }], { sale_date: "2025-03-15" }));
    }
    return { ...trader, cotton, invoices };
  }

  // S1 cancelled at 23:59 IST on 30 November 2025, the last day: November reverses its ₹3,000.00 and ₹75.00 of each
  // tax. S2 cancelled at 00:00 IST on 1 December: its kg come back, but December reverses no tax; it is listed with
  // its amount, ₹3,150.00, and the month's net is nil. March keeps both invoices: ₹6,000.00, ₹150.00 of each tax.
  it("is cancelled in the books only from the day after 30 November: its kg come back, its tax stands", async () => {
    const { key, cotton, invoices } = await marchInvoices(2);
    const [s1, s2] = invoices as [(typeof invoices)[0], (typeof invoices)[0]];
    holdClockAt(ist("2025-04-05"));
    const march = await summary(key, "?month=2025-03");
    expect(march.net).toMatchObject({ taxable_amount: "6000.00", cgst_amount: "150.00", sgst_amount: "150.00" });

    holdClockAt(ist("2025-11-30", "23:59"));
    await expectStatus(await admin("POST", `/admin/api/sales/${s1.id}/cancel`), 200);
    holdClockAt(ist("2025-12-01", "00:00"));
    expect((await expectStatus(await admin("POST", `/admin/api/sales/${s2.id}/cancel`), 200)).data).toMatchObject({ status: "cancelled" });
    const stock = await expectStatus(await api("/api/v1/inventory", key), 200);
    expect(stock.data.find((l: { id: string }) => l.id === cotton.id).kg_remaining).toBe("1000.000");
    // Receivers of sale.cancelled learn whether the cancellation reverses the invoice's tax.
    const cancelled = await env.DB.prepare(
      "SELECT payload FROM events WHERE type = 'sale.cancelled' AND json_extract(payload, '$.sale_id') IN (?1, ?2)",
    )
      .bind(s1.id, s2.id)
      .all<{ payload: string }>();
    expect(Object.fromEntries(cancelled.results.map((r) => JSON.parse(r.payload)).map((p) => [p.sale_id, p.adjusts_gst]))).toEqual({
      [s1.id]: true,
      [s2.id]: false,
    });

    holdClockAt(ist("2026-01-05"));
    expect(await summary(key, "?month=2025-03")).toEqual(march);
    const november = await summary(key, "?month=2025-11");
    expect(november.reversals.invoices).toMatchObject({ count: 1, taxable_amount: "3000.00", cgst_amount: "75.00", sgst_amount: "75.00" });
    expect(november.reversals.invoices_past_time_limit).toEqual({ count: 0, amount: "0.00" });
    expect(november.reversals.documents).toMatchObject([{ id: s1.id, taxable_amount: "3000.00", cgst_amount: "75.00", adjusts_gst: true }]);
    expect(november.net).toMatchObject({ taxable_amount: "-3000.00", cgst_amount: "-75.00", sgst_amount: "-75.00" });

    const december = await summary(key, "?month=2025-12");
    expect(december.reversals.invoices).toMatchObject({ count: 0, ...zeros, by_rate: [], hsn: [] });
    expect(december.reversals.invoices_past_time_limit).toEqual({ count: 1, amount: "3150.00" });
    expect(december.reversals.documents).toEqual([
      {
        kind: "invoice",
        id: s2.id,
        number: s2.invoice_number,
        date: "2025-03-15",
        original_month: "2025-03",
        reversed_on: "2025-12-01",
        buyer_gstin: "33AAECG4315R1ZE",
        amount: "3150.00",
        taxable_amount: null,
        cgst_amount: null,
        sgst_amount: null,
        igst_amount: null,
        adjusts_gst: false,
      },
    ]);
    expect(december.net).toEqual({ ...zeros, by_rate: [] });
  });

  // N, 20 November 2025, within the limit: ₹315.00 against S, in its proportions, CGST 315 × 75 / 3,150 = ₹7.50, SGST
  // ₹7.50, taxable ₹300.00; November counts it. S cancelled on 1 December voids N with it, in the books only: neither
  // the invoice nor the note can be corrected in a return any more, so December reverses the tax of neither. The
  // note is counted apart by its amount, and November keeps it as filed.
  it("voids the invoice's credit notes with it in the books only, their tax reductions standing as filed", async () => {
    const { orgId, key, invoices } = await marchInvoices(1);
    const s = invoices[0]!;
    holdClockAt(ist("2025-11-20"));
    const note = CreditNoteSchema.parse(
      await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: s.customer_id, sale_id: s.id, amount: "315.00", date: "2025-11-20" }),
    );
    expect(note).toMatchObject({ taxable_amount: "300.00", cgst_amount: "7.50", sgst_amount: "7.50" });
    holdClockAt(ist("2025-12-01"));
    const november = await summary(key, "?month=2025-11");
    expect(november.net).toMatchObject({ taxable_amount: "-300.00", cgst_amount: "-7.50", sgst_amount: "-7.50" });
    await expectStatus(await admin("POST", `/admin/api/sales/${s.id}/cancel`), 200);

    holdClockAt(ist("2026-01-05"));
    expect(await summary(key, "?month=2025-11")).toEqual(november);
    const december = await summary(key, "?month=2025-12");
    expect(december.reversals.credit_notes).toMatchObject({ count: 0, ...zeros, without_gst_split: { count: 1, amount: "315.00" } });
    expect(december.reversals.documents).toMatchObject([
      { kind: "invoice", id: s.id, taxable_amount: null, adjusts_gst: false },
      { kind: "credit_note", id: note.id, amount: "315.00", taxable_amount: null, cgst_amount: null, adjusts_gst: false },
    ]);
    expect(december.net).toEqual({ ...zeros, by_rate: [] });
  });

  // The annual return for 2024-25 furnished on 15 October 2025 ends the limit then: an invoice cancelled on
  // 20 October reverses no tax in October.
  it("is cancelled in the books only after the day the year's annual return was furnished, when that is earlier", async () => {
    const { orgId, key, invoices } = await marchInvoices(1);
    holdClockAt(ist("2025-10-20"));
    await expectStatus(await admin("PUT", `/admin/api/orgs/${orgId}/annual-returns/2024-25`, { filed_on: "2025-10-15" }), 201);
    await expectStatus(await admin("POST", `/admin/api/sales/${invoices[0]!.id}/cancel`), 200);
    holdClockAt(ist("2025-11-05"));
    const october = await summary(key, "?month=2025-10");
    expect(october.reversals.invoices).toMatchObject({ count: 0, ...zeros });
    expect(october.reversals.invoices_past_time_limit).toEqual({ count: 1, amount: "3150.00" });
    expect(october.reversals.documents).toMatchObject([{ id: invoices[0]!.id, taxable_amount: null, adjusts_gst: false }]);
    expect(october.net).toEqual({ ...zeros, by_rate: [] });
  });

  /** Whether the cancelled sale's tax was reversed, as stored and as its sale.cancelled event says. */
  async function cancellationOf(saleId: string) {
    return env.DB.prepare(
      `SELECT s.status, s.cancelled_after_gst_time_limit AS afterLimit, json_extract(e.payload, '$.adjusts_gst') AS adjustsGst
         FROM sales s JOIN events e ON e.type = 'sale.cancelled' AND json_extract(e.payload, '$.sale_id') = s.id WHERE s.id = ?1`,
    )
      .bind(saleId)
      .first();
  }

  // A cancellation read with no annual return recorded, whose write comes after another request recorded 15 October
  // 2025 (before its batch): on 20 October it is judged again by that date, and reverses no tax, as if sent after the
  // recording, rather than failing for a change that left the sale as it was.
  it("an annual return recorded while a cancellation is being written: the cancellation is judged by it", async () => {
    const { orgId, invoices } = await marchInvoices(1);
    holdClockAt(ist("2025-10-20"));
    const racing = writesAfter(env.DB, async () =>
      expectStatus(await admin("PUT", `/admin/api/orgs/${orgId}/annual-returns/2024-25`, { filed_on: "2025-10-15" }), 201),
    );
    const outcome = await cancelSale(racing.db, orgId, invoices[0]!.id, "admin@example.com", Date.now());
    expect(racing.raced()).toBe(1);
    expect(outcome).toMatchObject({ kind: "changed", value: { status: "cancelled" } });
    expect(await cancellationOf(invoices[0]!.id)).toEqual({ status: "cancelled", afterLimit: 1, adjustsGst: 0 });
  });

  // The reverse: read while 15 October 2025 stood (so, on 20 October, past it), written after the operator removed that
  // day: judged again by 30 November 2025 alone, the cancellation reverses the invoice's tax.
  it("an annual return removed while a cancellation is being written: the cancellation is judged without it", async () => {
    const { orgId, invoices } = await marchInvoices(1);
    holdClockAt(ist("2025-10-20"));
    await expectStatus(await admin("PUT", `/admin/api/orgs/${orgId}/annual-returns/2024-25`, { filed_on: "2025-10-15" }), 201);
    const racing = writesAfter(env.DB, async () => expectStatus(await admin("DELETE", `/admin/api/orgs/${orgId}/annual-returns/2024-25`), 200));
    const outcome = await cancelSale(racing.db, orgId, invoices[0]!.id, "admin@example.com", Date.now());
    expect(racing.raced()).toBe(1);
    expect(outcome).toMatchObject({ kind: "changed", value: { status: "cancelled" } });
    expect(await cancellationOf(invoices[0]!.id)).toEqual({ status: "cancelled", afterLimit: 0, adjustsGst: 1 });
  });

  // A credit note of ₹315.00 issued by another request between the cancellation's read and its write: the
  // cancellation, read again, voids it with the sale instead of leaving it against an invoice that no longer exists.
  it("a credit note issued while a cancellation is being written is voided with the sale", async () => {
    const { orgId, invoices } = await marchInvoices(1);
    const s = invoices[0]!;
    holdClockAt(ist("2025-10-20"));
    let noteId = "";
    const racing = writesAfter(env.DB, async () => {
      noteId = CreditNoteSchema.parse(
        await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: s.customer_id, sale_id: s.id, amount: "315.00", date: "2025-10-20" }),
      ).id;
    });
    const outcome = await cancelSale(racing.db, orgId, s.id, "admin@example.com", Date.now());
    expect(racing.raced()).toBe(1);
    expect(outcome).toMatchObject({ kind: "changed", value: { status: "cancelled" } });
    const note = await env.DB.prepare("SELECT voided_at IS NOT NULL AS voided, void_reason FROM credit_notes WHERE id = ?1").bind(noteId).first();
    expect(note).toEqual({ voided: 1, void_reason: `invoice ${s.invoice_number} cancelled` });
  });
});

describe("GET /api/v1/gst-summary: the reversed documents are listed up to a cap, their totals in full", () => {
  // 501 invoices of 10 October 2026, each ₹100.00 + CGST 2.5 % ₹2.50 + SGST ₹2.50 = ₹105.00, written straight into D1
  // and cancelled on 5 November: November reverses them all, 501 × ₹100.00 = ₹50,100.00 taxable and 501 × ₹2.50 =
  // ₹1,252.50 of each tax, and lists the first 500 by number (one day, all invoices).
  it("501 invoices reversed in a month: the totals count 501, the list the first 500, documents_truncated true", async () => {
    holdClockAt(ist("2026-11-20"));
    const { orgId, key } = await tamilNaduTrader();
    const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
    const soldAt = ist("2026-10-10");
    const cancelledAt = ist("2026-11-05");
    await env.DB.prepare(
      `INSERT INTO sales (id, org_id, invoice_number, financial_year, invoice_seq, customer_id, sale_date, sold_at, status,
                          grams_total, taxable_paise, gst_paise, total_paise, cgst_paise, sgst_paise, igst_paise, cancelled_at, created_at)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 501)
       SELECT ?1 || '_sale_' || i, ?1, printf('B/%04d', i), 'BULK', i, ?2, '2026-10-10', ?3, 'cancelled',
              1000, 10000, 500, 10500, 250, 250, 0, ?4, ?3 FROM n`,
    )
      .bind(orgId, buyer.id, soldAt, cancelledAt)
      .run();

    const november = await summary(key, "?month=2026-11");
    expect(november.reversals.invoices).toMatchObject({ count: 501, taxable_amount: "50100.00", cgst_amount: "1252.50", sgst_amount: "1252.50" });
    expect(november.net).toMatchObject({ taxable_amount: "-50100.00", cgst_amount: "-1252.50", sgst_amount: "-1252.50" });
    expect(november.reversals.documents).toHaveLength(500);
    expect(november.reversals.documents_truncated).toBe(true);
    const numbers = Array.from({ length: 500 }, (_, i) => `B/${String(i + 1).padStart(4, "0")}`);
    expect(november.reversals.documents.map((d) => d.number)).toEqual(numbers);
    expect(november.reversals.documents[0]).toMatchObject({
      date: "2026-10-10",
      original_month: "2026-10",
      reversed_on: "2026-11-05",
      amount: "105.00",
    });

    // One fewer reversed: all 500 listed, not truncated.
    await env.DB.prepare("UPDATE sales SET status = 'confirmed', cancelled_at = NULL WHERE id = ?1").bind(`${orgId}_sale_501`).run();
    const all = await summary(key, "?month=2026-11");
    expect([all.reversals.invoices.count, all.reversals.documents.length, all.reversals.documents_truncated]).toEqual([500, 500, false]);
  });
});

describe("GET /api/v1/gst-summary: only the key's organisation, and only what the books hold", () => {
  it("another organisation's sale and note in the same month never appear", async () => {
    holdClockAt(ist("2025-08-06"));
    const mine = await tamilNaduTrader();
    const theirs = await tamilNaduTrader();
    for (const [{ orgId }, kg] of [
      [mine, "1"],
      [theirs, "100"],
    ] as const) {
      const stock = await lot(orgId, { received_at: "2025-08-01T10:00:00+05:30" });
      const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
      const booked = await invoiceOf(orgId, buyer.id, [{ lot_id: stock.id, kg, rate_per_kg: "300" }], { sale_date: "2025-08-05" });
      await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, sale_id: booked.id, amount: "31.50", date: "2025-08-06" });
    }
    // Mine: 1 kg × ₹300 = ₹300.00 + CGST ₹7.50 + SGST ₹7.50; the note ₹31.50 is 31.50 × 7.50 / 315.00 = ₹0.75 of each
    // tax and ₹30.00 taxable. Theirs (100 kg, ₹30,000.00) is nowhere in it.
    const data = await summary(mine.key, "?month=2025-08");
    expect(data.invoices).toMatchObject({ count: 1, taxable_amount: "300.00", cgst_amount: "7.50" });
    expect(data.credit_notes).toMatchObject({ count: 1, taxable_amount: "30.00", cgst_amount: "0.75" });
    expect((await summary(theirs.key, "?month=2025-08")).invoices).toMatchObject({ count: 1, taxable_amount: "30000.00" });
  });

  it("needs sales:read, a plan with the API and a live subscription", async () => {
    const { orgId, key } = await tamilNaduTrader();
    await expectError(await api("/api/v1/gst-summary", null), 401, "missing_token");
    await expectError(await api("/api/v1/gst-summary", (await createKey(orgId, { scopes: ["inventory:read"] })).key), 403, "missing_scope");
    expect((await summary((await createKey(orgId, { scopes: ["sales:read"] })).key)).seller_gstin).toBe(TN_SELLER);
    await expectError(await api("/api/v1/gst-summary", (await tamilNaduTrader("growth")).key), 403, "plan_required");
    await expectStatus(await admin("PATCH", `/admin/api/orgs/${orgId}`, { subscription_status: "lapsed" }), 200);
    await expectError(await api("/api/v1/gst-summary", key), 403, "subscription_lapsed");
  });

  // 40 kg × ₹300 = ₹12,000.00 + CGST ₹300.00 + SGST ₹300.00, its split then cleared as on sales booked before the
  // split was recorded (their GST total stands). A ₹1,260.00 note against it then has no split either.
  it("an invoice booked before the split was recorded is counted apart with its GST total, and so is its note", async () => {
    holdClockAt(ist("2025-08-06"));
    const { orgId, key } = await tamilNaduTrader();
    const stock = await lot(orgId, { received_at: "2025-08-01T10:00:00+05:30" });
    const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
    const booked = await invoiceOf(orgId, buyer.id, [{ lot_id: stock.id, kg: "40", rate_per_kg: "300" }], { sale_date: "2025-08-05" });
    await env.DB.batch([
      env.DB.prepare("UPDATE sales SET seller_state_code = NULL, cgst_paise = NULL, sgst_paise = NULL, igst_paise = NULL WHERE id = ?").bind(
        booked.id,
      ),
      env.DB.prepare("UPDATE sale_items SET cgst_paise = NULL, sgst_paise = NULL, igst_paise = NULL WHERE sale_id = ?").bind(booked.id),
    ]);
    await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, sale_id: booked.id, amount: "1260.00", date: "2025-08-06" });
    const data = await summary(key, "?month=2025-08");
    expect(data.invoices).toMatchObject({
      count: 0,
      taxable_amount: "0.00",
      by_rate: [],
      hsn: [],
      without_gst_split: { count: 1, taxable_amount: "12000.00", gst_amount: "600.00" },
    });
    expect(data.credit_notes).toMatchObject({ count: 0, by_rate: [], without_gst_split: { count: 1, amount: "1260.00" } });
  });

  it("a note of an invoice cancelled before cancelling voided its notes counts nowhere, as in the books", async () => {
    holdClockAt(ist("2025-08-06"));
    const { orgId, key } = await tamilNaduTrader();
    const stock = await lot(orgId, { received_at: "2025-08-01T10:00:00+05:30" });
    const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
    const booked = await invoiceOf(orgId, buyer.id, [{ lot_id: stock.id, kg: "40", rate_per_kg: "300" }], { sale_date: "2025-08-05" });
    const note = await post(`/admin/api/orgs/${orgId}/credit-notes`, {
      customer_id: buyer.id,
      sale_id: booked.id,
      amount: "1260.00",
      date: "2025-08-06",
    });
    await expectStatus(await admin("POST", `/admin/api/sales/${booked.id}/cancel`), 200);
    // As such a note stands: not voided.
    await env.DB.prepare("UPDATE credit_notes SET voided_at = NULL, void_reason = NULL, voided_by = NULL WHERE id = ?").bind(note.id).run();
    const data = await summary(key, "?month=2025-08");
    expect(data.invoices.count).toBe(0);
    expect(data.credit_notes).toMatchObject({ count: 0, taxable_amount: "0.00", without_gst_split: { count: 0, amount: "0.00" } });
  });

  it("an organisation without a GSTIN has seller_gstin null and, with no sales, zeros", async () => {
    const unregistered = await expectStatus(
      await admin("POST", "/admin/api/orgs", { name: "Unregistered Mills", plan: "business", state: "27" }),
      201,
    );
    const { key } = await createKey(unregistered.data.id);
    const data = await summary(key);
    expect(data.seller_gstin).toBeNull();
    expect(data.invoices).toMatchObject({ count: 0, taxable_amount: "0.00", by_rate: [], hsn: [] });
    expect(data.net).toEqual({ taxable_amount: "0.00", cgst_amount: "0.00", sgst_amount: "0.00", igst_amount: "0.00", by_rate: [] });
  });

  it.each([["month=2026-13"], ["month=2026-1"], ["month=2026-00"], ["month=August"], ["month="], ["month=2026-11-01"], ["month=2017-06"]])(
    "%s is 400 bad_request naming month",
    async (query) => {
      const { key } = await tamilNaduTrader();
      expect(await expectError(await api(`/api/v1/gst-summary?${query}`, key), 400, "bad_request")).toMatch(/^month: /);
    },
  );

  it("an unknown query parameter is 400 naming it", async () => {
    const { key } = await tamilNaduTrader();
    expect(await expectError(await api("/api/v1/gst-summary?month=2025-08&from=2025-08-01", key), 400, "bad_request")).toBe("from: unknown field");
  });
});
