import { describe, expect, it } from "vitest";
import {
  creditNoteTax,
  creditWithinLeft,
  invoiceTax,
  lineReturnTax,
  lineTax,
  placeOfSupply,
  returnNoteTax,
  saleSupply,
  stateCodeOf,
  supplyKind,
} from "../../../src/inventory/domain/place-of-supply";

describe("placeOfSupply", () => {
  it("takes the state from the customer's GSTIN (33 = Tamil Nadu)", () => {
    expect(placeOfSupply({ gstin: "33AAECG4315R1ZE", addressState: "Gujarat" })).toEqual({
      ok: true,
      stateCode: "33",
      stateName: "Tamil Nadu",
      source: "gstin",
    });
  });

  it.each([
    ["Tamil Nadu", "33"],
    ["tamil nadu", "33"],
    ["27", "27"],
    ["Dadra & Nagar Haveli and Daman & Diu", "26"],
  ])("takes an unregistered customer's address state %s → %s", (addressState, code) => {
    expect(placeOfSupply({ gstin: null, addressState })).toMatchObject({ ok: true, stateCode: code, source: "address" });
  });

  it.each([
    [{ gstin: null, addressState: null }, "place_of_supply_unknown"],
    [{ addressState: "  " }, "place_of_supply_unknown"],
    [{ addressState: "Atlantis" }, "unknown_state"],
    [{ addressState: "25" }, "unknown_state"],
    [{ gstin: "33AAECG4315R1ZF" }, "invalid_gstin"],
  ])("refuses %j with %s", (customer, code) => {
    expect(placeOfSupply(customer)).toMatchObject({ ok: false, code });
  });

  it("a sale to a buyer with neither GSTIN nor state is supplied where the goods are collected: the supplier's state (s.10(1)(c))", () => {
    expect(saleSupply("33", { gstin: null, addressState: null })).toEqual({ placeOfSupply: "33", kind: "intra_state" });
    expect(saleSupply("33", { gstin: "27AAPFU0939F1ZV" })).toEqual({ placeOfSupply: "27", kind: "inter_state" });
    expect(saleSupply("33", { addressState: "Tamil Nadu" })).toEqual({ placeOfSupply: "33", kind: "intra_state" });
    expect(saleSupply("33", { addressState: "Atlantis" })).toMatchObject({ ok: false, code: "unknown_state" });
  });

  it("reads a state code or name, and nothing else", () => {
    expect([stateCodeOf("33"), stateCodeOf("KARNATAKA"), stateCodeOf("Jammu and Kashmir"), stateCodeOf("25"), stateCodeOf("TN")]).toEqual([
      "33",
      "29",
      "01",
      null,
      null,
    ]);
  });

  it("takes no name of a JavaScript object's own machinery for a state", () => {
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"]) expect(stateCodeOf(name)).toBeNull();
    expect(saleSupply("33", { addressState: "constructor" })).toMatchObject({ ok: false, code: "unknown_state" });
  });

  it("is intra-state only when the supplier's state is the place of supply", () => {
    expect(supplyKind("33", "33")).toBe("intra_state");
    expect(supplyKind("33", "24")).toBe("inter_state");
  });
});

describe("lineTax", () => {
  // 100 kg of 30s combed cotton at ₹280.00/kg = ₹28,000.00 taxable, GST 5 %:
  // inter-state IGST 28,000 × 5 % = 1,400.00; intra-state CGST 2.5 % = 700.00 and SGST 2.5 % = 700.00.
  it("charges IGST at the full rate between states, CGST + SGST at half each within one", () => {
    expect(lineTax(2_800_000, 500, "inter_state")).toEqual({ taxablePaise: 2_800_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 140_000 });
    expect(lineTax(2_800_000, 500, "intra_state")).toEqual({ taxablePaise: 2_800_000, cgstPaise: 70_000, sgstPaise: 70_000, igstPaise: 0 });
  });

  // ₹10.10 at 5 %: IGST 0.505 → 0.51 (half up); CGST = SGST = 0.2525 → 0.25 each.
  // ₹1,11,707.00 at 5 %: IGST 5,585.35 exactly; CGST = SGST = 2,792.675 → 2,792.68 each (5,585.36 together).
  it.each([
    [1_010, 51, 25],
    [11_170_700, 558_535, 279_268],
  ])("rounds per line, half up: taxable %i paise → IGST %i, CGST = SGST %i", (taxable, igst, half) => {
    expect(lineTax(taxable, 500, "inter_state").igstPaise).toBe(igst);
    const intra = lineTax(taxable, 500, "intra_state");
    expect([intra.cgstPaise, intra.sgstPaise]).toEqual([half, half]);
  });

  it("adds lines into the invoice's columns", () => {
    const lines = [lineTax(1_010, 500, "intra_state"), lineTax(2_800_000, 500, "intra_state")];
    expect(invoiceTax(lines)).toEqual({ taxablePaise: 2_801_010, cgstPaise: 70_025, sgstPaise: 70_025, igstPaise: 0, totalPaise: 2_941_060 });
  });
});

describe("lineReturnTax", () => {
  // A line of 1.500 kg at ₹250.01/kg, 5 %: 1.5 × 250.01 = 375.015 → ₹375.02 taxable; intra-state CGST = SGST =
  // 375.02 × 2.5 % = 9.3755 → ₹9.38 each; ₹393.78 in all. Returned 0.5 kg at a time, each return taken alone
  // would be 0.5 × 250.01 = 125.005 → ₹125.01 + 3.125 → ₹3.13 twice = ₹131.27, and the three ₹393.81.
  // By the line's figures up to each return instead: 0.5 kg ₹125.01 + ₹3.13 + ₹3.13; 1.0 kg ₹250.01 with CGST
  // 6.25025 → ₹6.25, so the second is ₹125.00 + ₹3.12 + ₹3.12; 1.5 kg is the whole line, so the third is
  // ₹125.01 + ₹3.13 + ₹3.13. Together ₹375.02 + ₹9.38 + ₹9.38 = ₹393.78, the line to the paisa.
  const line = { ratePaisePerKg: 25_001, gstRateBps: 500 };

  it("gives three returns of a third of an intra-state line back exactly the line", () => {
    const returns = [0, 500, 1_000].map((before) => lineReturnTax(line, before, 500, "intra_state"));
    expect(returns).toEqual([
      { taxablePaise: 12_501, cgstPaise: 313, sgstPaise: 313, igstPaise: 0 },
      { taxablePaise: 12_500, cgstPaise: 312, sgstPaise: 312, igstPaise: 0 },
      { taxablePaise: 12_501, cgstPaise: 313, sgstPaise: 313, igstPaise: 0 },
    ]);
    // The line itself: 375.02 × 2.5 % = 9.3755 → ₹9.38 each of CGST and SGST; 375.02 + 18.76 = ₹393.78.
    expect(invoiceTax(returns)).toEqual({ taxablePaise: 37_502, cgstPaise: 938, sgstPaise: 938, igstPaise: 0, totalPaise: 39_378 });
  });

  // Inter-state IGST of the whole line: 375.02 × 5 % = 18.751 → ₹18.75; up to 0.5 kg 125.01 × 5 % = 6.2505 →
  // ₹6.25, up to 1.0 kg 250.01 × 5 % = 12.5005 → ₹12.50: ₹6.25 a return, ₹18.75 together.
  it("does the same for IGST between states", () => {
    const returns = [0, 500, 1_000].map((before) => lineReturnTax(line, before, 500, "inter_state"));
    expect(returns.map((r) => r.igstPaise)).toEqual([625, 625, 625]);
    expect(invoiceTax(returns)).toMatchObject({ taxablePaise: 37_502, igstPaise: 1_875, totalPaise: 39_377 });
  });
});

describe("creditNoteTax", () => {
  // Sale ₹210.00 = taxable 200.00 + CGST 5.00 + SGST 5.00. A credit note of ₹50.00 is 50 / 1.05 = 47.619…
  // taxable: tax 50 × 10/210 = 2.38 (1.19 CGST + 1.19 SGST), taxable 47.62.
  it("splits a credit note in the invoice's proportions", () => {
    const invoice = { taxablePaise: 20_000, cgstPaise: 500, sgstPaise: 500, igstPaise: 0 };
    expect(creditNoteTax(5_000, invoice)).toEqual({ taxablePaise: 4_762, cgstPaise: 119, sgstPaise: 119, igstPaise: 0 });
  });

  // Inter-state at 12 %: ₹1,000.00 + IGST 120.00; a ₹112.00 credit is one tenth: 100.00 + 12.00.
  it("carries IGST for an inter-state invoice", () => {
    const invoice = { taxablePaise: 100_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 12_000 };
    expect(creditNoteTax(11_200, invoice)).toEqual({ taxablePaise: 10_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 1_200 });
  });

  it("reproduces the invoice exactly when the whole invoice is credited", () => {
    const invoice = { taxablePaise: 11_170_700, cgstPaise: 279_268, sgstPaise: 279_268, igstPaise: 0 };
    expect(creditNoteTax(11_729_236, invoice)).toEqual(invoice);
  });

  // Left of an intra-state invoice: taxable ₹0.00, CGST ₹0.01, SGST ₹0.01 (₹0.02). A ₹0.01 note is half of it: each
  // tax 0.01 × 0.01 / 0.02 = 0.005 → ₹0.01 rounded alone, which would leave taxable 0.01 − 0.02 = −₹0.01. Held at
  // ₹0.00, the paisa comes back from SGST: CGST ₹0.01, SGST ₹0.00, and ₹0.01 of SGST is left for the next note.
  it("never credits a negative taxable value when none is left: the odd paisa stays with CGST", () => {
    const left = { taxablePaise: 0, cgstPaise: 1, sgstPaise: 1, igstPaise: 0 };
    expect(creditNoteTax(1, left)).toEqual({ taxablePaise: 0, cgstPaise: 1, sgstPaise: 0, igstPaise: 0 });
    expect(creditNoteTax(2, left)).toEqual(left);
  });

  // Left: taxable ₹0.00, CGST ₹10.00, SGST ₹10.00 (after the return worked in creditWithinLeft below). A ₹20.00 note
  // is all of it: CGST 20 × 10 / 20 = ₹10.00, SGST ₹10.00, taxable ₹0.00. A ₹7.77 note: 7.77 × 10 / 20 = 3.885 →
  // ₹3.89 each, taxable 7.77 − 7.78 = −₹0.01, held at ₹0.00 with SGST ₹3.88.
  it("credits only tax once the invoice has no taxable value left", () => {
    const left = { taxablePaise: 0, cgstPaise: 1_000, sgstPaise: 1_000, igstPaise: 0 };
    expect(creditNoteTax(2_000, left)).toEqual(left);
    expect(creditNoteTax(777, left)).toEqual({ taxablePaise: 0, cgstPaise: 389, sgstPaise: 388, igstPaise: 0 });
  });

  // Books written before columns were held: a return credited ₹13.82 of taxable value past the invoice's, leaving
  // taxable −₹13.82, CGST ₹16.91, SGST ₹16.91 (₹20.00 in all). Nothing more of taxable value can be reversed, so a
  // ₹20.00 note is split over the taxes' ₹33.82: CGST 20 × 16.91 / 33.82 = ₹10.00, SGST ₹10.00, taxable ₹0.00.
  it("credits no taxable value that an earlier note already credited past the invoice's", () => {
    const left = { taxablePaise: -1_382, cgstPaise: 1_691, sgstPaise: 1_691, igstPaise: 0 };
    expect(creditNoteTax(2_000, left)).toEqual({ taxablePaise: 0, cgstPaise: 1_000, sgstPaise: 1_000, igstPaise: 0 });
  });

  it("stays exact at the largest amounts the books accept", () => {
    const invoice = { taxablePaise: 10_000_000_000_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 4_000_000_000_000 };
    const credit = creditNoteTax(7_000_000_000_001, invoice);
    // 7,000,000,000,001 × 4/14 = 2,000,000,000,000.2857… → 2,000,000,000,000
    expect(credit).toEqual({ taxablePaise: 5_000_000_000_001, cgstPaise: 0, sgstPaise: 0, igstPaise: 2_000_000_000_000 });
  });
});

describe("returnNoteTax", () => {
  // 4 kg at ₹219.05 back within Tamil Nadu: ₹876.20 + CGST and SGST 21.905 → ₹21.91 each = ₹920.02. The invoice has
  // ₹876.22 + ₹21.90 + ₹21.90 left after a note of part of it rounded its taxes up: a paisa of each tax becomes taxable.
  it("holds each tax to what the invoice has left of it, the taxable value taking the rest of the amount", () => {
    const lines = { taxablePaise: 87_620, cgstPaise: 2_191, sgstPaise: 2_191, igstPaise: 0, totalPaise: 92_002 };
    const left = { taxablePaise: 87_622, cgstPaise: 2_190, sgstPaise: 2_190, igstPaise: 0 };
    expect(returnNoteTax(lines, left)).toEqual({ ...left, totalPaise: 92_002 });
  });

  // 10 kg at ₹300 inter-state: ₹3,000.00 + IGST ₹150.00, with ₹4,000.00 + IGST ₹200.00 left: nothing to hold back.
  it("leaves a return within what is left as its lines value it", () => {
    const lines = { taxablePaise: 300_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 15_000, totalPaise: 315_000 };
    expect(returnNoteTax(lines, { taxablePaise: 400_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 20_000 })).toEqual(lines);
  });

  it("credits none of a tax already credited past its figure", () => {
    const lines = { taxablePaise: 10_000, cgstPaise: 250, sgstPaise: 250, igstPaise: 0, totalPaise: 10_500 };
    const left = { taxablePaise: 10_502, cgstPaise: -1, sgstPaise: -1, igstPaise: 0 };
    expect(returnNoteTax(lines, left)).toEqual({ taxablePaise: 10_500, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 10_500 });
  });
});

describe("creditWithinLeft", () => {
  // The invoice: polyester 10 kg × ₹100 at 12 % (₹1,000.00 + CGST ₹60.00 + SGST ₹60.00) and cotton 10 kg × ₹100 at
  // 5 % (₹1,000.00 + ₹25.00 + ₹25.00), ₹2,000.00 + ₹85.00 + ₹85.00 = ₹2,170.00. A ₹1,100.00 note took CGST and SGST
  // 1,100 × 85 / 2,170 = 43.087 → ₹43.09 each and taxable ₹1,013.82, leaving taxable ₹986.18, CGST and SGST ₹41.91.
  // The cotton back is ₹1,000.00 + ₹25.00 + ₹25.00 = ₹1,050.00: taxable held at ₹986.18, its excess ₹13.82 to the
  // taxes in halves, ₹6.91 each: CGST and SGST ₹31.91 (986.18 + 31.91 + 31.91 = 1,050.00).
  it("holds taxable value to what is left and moves the excess to CGST and SGST in equal halves", () => {
    const cotton = { taxablePaise: 100_000, cgstPaise: 2_500, sgstPaise: 2_500, igstPaise: 0 };
    const left = { taxablePaise: 98_618, cgstPaise: 4_191, sgstPaise: 4_191, igstPaise: 0 };
    expect(creditWithinLeft(105_000, cotton, left)).toEqual({ taxablePaise: 98_618, cgstPaise: 3_191, sgstPaise: 3_191, igstPaise: 0 });
  });

  // ₹10.50 + ₹0.25 + ₹0.25 = ₹11.00 with ₹10.47 taxable left: ₹0.03 of excess, ₹0.02 to CGST and ₹0.01 to SGST.
  it("gives the odd paisa of an excess to CGST", () => {
    const lines = { taxablePaise: 1_050, cgstPaise: 25, sgstPaise: 25, igstPaise: 0 };
    const left = { taxablePaise: 1_047, cgstPaise: 100, sgstPaise: 100, igstPaise: 0 };
    expect(creditWithinLeft(1_100, lines, left)).toEqual({ taxablePaise: 1_047, cgstPaise: 27, sgstPaise: 26, igstPaise: 0 });
  });

  // The same ₹0.03 with only ₹0.26 of CGST left: CGST takes ₹0.01 to its ₹0.26, SGST the other ₹0.02 (₹0.27).
  it("gives SGST what CGST has no room for", () => {
    const lines = { taxablePaise: 1_050, cgstPaise: 25, sgstPaise: 25, igstPaise: 0 };
    const left = { taxablePaise: 1_047, cgstPaise: 26, sgstPaise: 100, igstPaise: 0 };
    expect(creditWithinLeft(1_100, lines, left)).toEqual({ taxablePaise: 1_047, cgstPaise: 26, sgstPaise: 27, igstPaise: 0 });
  });

  // Inter-state, 10 kg × ₹300 at 5 %: ₹3,000.00 + IGST ₹150.00 = ₹3,150.00, with ₹2,999.00 taxable and ₹200.00 IGST
  // left: taxable ₹2,999.00, IGST ₹150.00 + ₹1.00 = ₹151.00.
  it("moves the excess of an inter-state note to IGST", () => {
    const lines = { taxablePaise: 300_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 15_000 };
    const left = { taxablePaise: 299_900, cgstPaise: 0, sgstPaise: 0, igstPaise: 20_000 };
    expect(creditWithinLeft(315_000, lines, left)).toEqual({ taxablePaise: 299_900, cgstPaise: 0, sgstPaise: 0, igstPaise: 15_100 });
  });

  // ₹876.20 + ₹21.91 + ₹21.91 = ₹920.02 with ₹876.22 + ₹21.90 + ₹21.90 left: each tax held, its paisa to taxable value.
  it("moves a tax's excess to taxable value first", () => {
    const lines = { taxablePaise: 87_620, cgstPaise: 2_191, sgstPaise: 2_191, igstPaise: 0 };
    const left = { taxablePaise: 87_622, cgstPaise: 2_190, sgstPaise: 2_190, igstPaise: 0 };
    expect(creditWithinLeft(92_002, lines, left)).toEqual(left);
  });

  // ₹1,050.00 (₹1,000.00 + ₹25.00 + ₹25.00) with no taxable value left and ₹1,100.00 of each tax: all of it tax, CGST
  // ₹25.00 + ₹500.00, SGST the same.
  it("credits nothing of a column with nothing left", () => {
    const lines = { taxablePaise: 100_000, cgstPaise: 2_500, sgstPaise: 2_500, igstPaise: 0 };
    const left = { taxablePaise: 0, cgstPaise: 110_000, sgstPaise: 110_000, igstPaise: 0 };
    expect(creditWithinLeft(105_000, lines, left)).toEqual({ taxablePaise: 0, cgstPaise: 52_500, sgstPaise: 52_500, igstPaise: 0 });
  });

  // ₹0.03 asked as taxable −₹0.01, CGST ₹0.02, SGST ₹0.02, with ₹0.00 + ₹0.02 + ₹0.02 left: taxable held at ₹0.00 and
  // the paisa taken back from SGST (₹0.02 + ₹0.01 = ₹0.03).
  it("holds a negative column at 0 and takes the paisa back from SGST", () => {
    const asked = { taxablePaise: -1, cgstPaise: 2, sgstPaise: 2, igstPaise: 0 };
    const left = { taxablePaise: 0, cgstPaise: 2, sgstPaise: 2, igstPaise: 0 };
    expect(creditWithinLeft(3, asked, left)).toEqual({ taxablePaise: 0, cgstPaise: 2, sgstPaise: 1, igstPaise: 0 });
  });

  it("leaves figures within what is left as they are", () => {
    const lines = { taxablePaise: 300_000, cgstPaise: 7_500, sgstPaise: 7_500, igstPaise: 0 };
    const left = { taxablePaise: 1_200_000, cgstPaise: 30_000, sgstPaise: 30_000, igstPaise: 0 };
    expect(creditWithinLeft(315_000, lines, left)).toEqual(lines);
  });

  // Every amount up to all that is left, on remainders left by earlier notes of both kinds: each column lands within
  // [0, what is left of it] and the columns add up to the amount.
  it("places every amount up to what is left within each column", () => {
    const lefts = [
      { taxablePaise: 0, cgstPaise: 7, sgstPaise: 6, igstPaise: 0 },
      { taxablePaise: 3, cgstPaise: 0, sgstPaise: 5, igstPaise: 0 },
      { taxablePaise: 5, cgstPaise: 0, sgstPaise: 0, igstPaise: 4 },
      { taxablePaise: 9, cgstPaise: 1, sgstPaise: 1, igstPaise: 0 },
    ];
    for (const left of lefts) {
      const total = left.taxablePaise + left.cgstPaise + left.sgstPaise + left.igstPaise;
      for (let amount = 1; amount <= total; amount++) {
        for (const taxable of [-2, 0, amount, amount + 3]) {
          const asked = { taxablePaise: taxable, cgstPaise: amount - taxable, sgstPaise: 0, igstPaise: 0 };
          for (const note of [creditWithinLeft(amount, asked, left), creditNoteTax(amount, left)]) {
            expect(note.taxablePaise + note.cgstPaise + note.sgstPaise + note.igstPaise).toBe(amount);
            for (const column of ["taxablePaise", "cgstPaise", "sgstPaise", "igstPaise"] as const) {
              expect(note[column]).toBeGreaterThanOrEqual(0);
              expect(note[column]).toBeLessThanOrEqual(left[column]);
            }
          }
        }
      }
    }
  });
});
