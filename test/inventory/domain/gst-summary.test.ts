// The month's GST summary rolls sums of stored paise up by rate, buyer and HSN code and nets credit notes off the
// invoices; every expected figure below is the sum or difference of the input figures, worked in its comment.
import { describe, expect, it } from "vitest";
import { type CreditNoteGroup, gstSummary, type InvoiceGroup, type InvoiceLineGroup } from "../../../src/inventory/domain/gst-summary";

const none = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };

// Two intra-state invoices to registered buyers (₹1,000.00 + CGST ₹25.00 + SGST ₹25.00 together), one inter-state
// invoice to an unregistered buyer (₹200.00 + IGST ₹24.00 at 12 %), and one invoice without a split (₹50.00, GST ₹2.50).
const invoices: InvoiceGroup[] = [
  { registered: true, split: true, count: 2, taxablePaise: 100_000, cgstPaise: 2_500, sgstPaise: 2_500, igstPaise: 0, gstPaise: 5_000 },
  { registered: false, split: true, count: 1, taxablePaise: 20_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 2_400, gstPaise: 2_400 },
  { registered: true, split: false, count: 1, ...none, taxablePaise: 5_000, gstPaise: 250 },
];
// Their lines: 40 kg of 30s combed cotton (HSN 52052310, 5 %) and 10 kg of polyester spun yarn (HSN 550921, 12 %).
const invoiceLines: InvoiceLineGroup[] = [
  { hsn: "550921", gstRateBps: 1_200, grams: 10_000, taxablePaise: 20_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 2_400 },
  { hsn: "52052310", gstRateBps: 500, grams: 40_000, taxablePaise: 100_000, cgstPaise: 2_500, sgstPaise: 2_500, igstPaise: 0 },
];
// A ₹105.00 note at 5 % (₹100.00 + ₹2.50 + ₹2.50), a ₹11.20 note against lines of two rates (₹10.00 + IGST ₹1.20), and
// two notes without a split, ₹9.99 together.
const creditNotes: CreditNoteGroup[] = [
  {
    adjustsGst: true,
    registered: true,
    gstRateBps: 500,
    hsn: "52052310",
    count: 1,
    amountPaise: 10_500,
    grams: 0,
    ...none,
    taxablePaise: 10_000,
    cgstPaise: 250,
    sgstPaise: 250,
  },
  {
    adjustsGst: true,
    registered: false,
    gstRateBps: null,
    hsn: null,
    count: 1,
    amountPaise: 1_120,
    grams: 0,
    ...none,
    taxablePaise: 1_000,
    igstPaise: 120,
  },
  { adjustsGst: false, registered: true, gstRateBps: null, hsn: null, count: 2, amountPaise: 999, grams: 0, ...none },
];

describe("gstSummary", () => {
  const summary = gstSummary({ invoices, invoiceLines, creditNotes });

  it("invoices: totals and B2B/B2C from the invoices with a split; the one without it apart", () => {
    // 100,000 + 20,000 = 120,000 taxable paise; CGST and SGST 2,500; IGST 2,400.
    expect(summary.invoices).toMatchObject({ count: 3, taxablePaise: 120_000, cgstPaise: 2_500, sgstPaise: 2_500, igstPaise: 2_400 });
    expect(summary.invoices.b2b).toEqual({ count: 2, taxablePaise: 100_000, cgstPaise: 2_500, sgstPaise: 2_500, igstPaise: 0 });
    expect(summary.invoices.b2c).toEqual({ count: 1, taxablePaise: 20_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 2_400 });
    expect(summary.invoices.withoutSplit).toEqual({ count: 1, taxablePaise: 5_000, gstPaise: 250 });
  });

  it("invoices: per rate and per HSN code, in rate and code order", () => {
    expect(summary.invoices.byRate).toEqual([
      { gstRateBps: 500, taxablePaise: 100_000, cgstPaise: 2_500, sgstPaise: 2_500, igstPaise: 0 },
      { gstRateBps: 1_200, taxablePaise: 20_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 2_400 },
    ]);
    expect(summary.invoices.hsn.map((r) => [r.hsn, r.gstRateBps, r.grams])).toEqual([
      ["52052310", 500, 40_000],
      ["550921", 1_200, 10_000],
    ]);
  });

  it("credit notes: only those with a split in the figures; a note of several rates at null, last", () => {
    // 10,000 + 1,000 = 11,000 taxable; CGST and SGST 250; IGST 120.
    expect(summary.creditNotes).toMatchObject({ count: 2, taxablePaise: 11_000, cgstPaise: 250, sgstPaise: 250, igstPaise: 120 });
    expect(summary.creditNotes.b2b).toEqual({ count: 1, taxablePaise: 10_000, cgstPaise: 250, sgstPaise: 250, igstPaise: 0 });
    expect(summary.creditNotes.b2c).toEqual({ count: 1, taxablePaise: 1_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 120 });
    expect(summary.creditNotes.byRate.map((r) => r.gstRateBps)).toEqual([500, null]);
    expect(summary.creditNotes.hsn.map((r) => [r.hsn, r.gstRateBps])).toEqual([
      ["52052310", 500],
      [null, null],
    ]);
    expect(summary.creditNotes.withoutSplit).toEqual({ count: 2, amountPaise: 999 });
  });

  it("net: invoices less notes with a split, per rate; a rate only notes have is negative", () => {
    // Taxable 120,000 − 11,000 = 109,000; CGST and SGST 2,500 − 250 = 2,250; IGST 2,400 − 120 = 2,280.
    expect(summary.net).toMatchObject({ taxablePaise: 109_000, cgstPaise: 2_250, sgstPaise: 2_250, igstPaise: 2_280 });
    expect(summary.net.byRate).toEqual([
      // 5 %: 100,000 − 10,000 = 90,000; 2,500 − 250 = 2,250 each.
      { gstRateBps: 500, taxablePaise: 90_000, cgstPaise: 2_250, sgstPaise: 2_250, igstPaise: 0 },
      { gstRateBps: 1_200, taxablePaise: 20_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 2_400 },
      { gstRateBps: null, taxablePaise: -1_000, cgstPaise: 0, sgstPaise: 0, igstPaise: -120 },
    ]);
  });

  // Reversed in the month: the 12 % invoice of an earlier month cancelled (₹200.00 + IGST ₹24.00) and the 5 % note
  // of an earlier month voided (₹100.00 + ₹2.50 + ₹2.50). The month's own figures are those above, unchanged.
  it("reversals: invoices cancelled come off the net, notes voided go back on; the month's own figures stand", () => {
    const reversed = { invoices: [invoices[1]!], invoiceLines: [invoiceLines[0]!], creditNotes: [creditNotes[0]!] };
    const amended = gstSummary({ invoices, invoiceLines, creditNotes, reversed });
    expect(amended.invoices).toEqual(summary.invoices);
    expect(amended.creditNotes).toEqual(summary.creditNotes);
    expect(amended.reversals.invoices).toMatchObject({ count: 1, taxablePaise: 20_000, igstPaise: 2_400, b2c: { count: 1 } });
    expect(amended.reversals.creditNotes).toMatchObject({ count: 1, taxablePaise: 10_000, cgstPaise: 250, b2b: { count: 1 } });
    // Taxable 109,000 − 20,000 + 10,000 = 99,000; CGST and SGST 2,250 + 250 = 2,500; IGST 2,280 − 2,400 = −120.
    expect(amended.net).toMatchObject({ taxablePaise: 99_000, cgstPaise: 2_500, sgstPaise: 2_500, igstPaise: -120 });
    expect(amended.net.byRate).toEqual([
      // 5 %: 90,000 + 10,000 = 100,000; 2,250 + 250 = 2,500 each. 12 %: 20,000 − 20,000 = 0; 2,400 − 2,400 = 0.
      { gstRateBps: 500, taxablePaise: 100_000, cgstPaise: 2_500, sgstPaise: 2_500, igstPaise: 0 },
      { gstRateBps: 1_200, ...none },
      { gstRateBps: null, taxablePaise: -1_000, cgstPaise: 0, sgstPaise: 0, igstPaise: -120 },
    ]);
    expect(summary.reversals.invoices).toMatchObject({ count: 0, ...none, byRate: [], hsn: [] });
  });

  it("groups of one rate and code are summed; an empty month is all zeros with no rows", () => {
    const twice = gstSummary({ invoices: [], invoiceLines: [...invoiceLines, ...invoiceLines], creditNotes: [] });
    expect(twice.invoices.hsn[0]).toEqual({
      hsn: "52052310",
      gstRateBps: 500,
      grams: 80_000,
      taxablePaise: 200_000,
      cgstPaise: 5_000,
      sgstPaise: 5_000,
      igstPaise: 0,
    });
    const empty = gstSummary({ invoices: [], invoiceLines: [], creditNotes: [] });
    expect(empty.invoices).toMatchObject({ count: 0, ...none, byRate: [], hsn: [] });
    expect(empty.net).toEqual({ ...none, byRate: [] });
  });
});
