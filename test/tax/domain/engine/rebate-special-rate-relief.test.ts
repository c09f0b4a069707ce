// s.87A marginal relief (new regime) when total income holds income whose tax the rebate never comes off: s.112A
// gains and winnings. Every figure below is worked by hand.
//
// Rules read (namish800/tax-act-scraper, the incometaxindia.gov.in text of the Act, 2025 edition):
// - s.87A proviso (b): where total income "exceeds [seven / twelve] hundred thousand rupees and the income-tax
//   payable on such total income exceeds the amount by which the total income is in excess of [that amount], the
//   assessee shall be entitled to a deduction ... of an amount equal to the amount by which the income-tax payable on
//   such total income is in excess of the amount by which the total income exceeds [that amount]".
//   Second proviso (w.e.f. 1-4-2026): the deduction "shall not exceed the amount of income-tax payable as per the
//   rates provided in sub-section (1A) of section 115BAC".
// - s.112A(2): "The tax payable by the assessee on the total income ... shall be the aggregate of (i) the amount of
//   income-tax calculated on such long-term capital gains exceeding one lakh twenty-five thousand rupees ... and
//   (ii) the amount of income-tax payable on the total income as reduced by [those gains]": the s.112A tax is part of
//   the income-tax payable on total income that proviso (b) compares with the excess.
// - s.112A(6): "the rebate under section 87A shall be allowed from the income-tax on the total income as reduced by
//   tax payable on such capital gains": it limits what the rebate comes off, as the second proviso does for s.111A.
// - The API guide's s.87A rule: the relief compares the tax on the whole total income with the excess over the
//   threshold, so ₹10,000 more income never costs more than ₹10,000 of tax before cess.
import { describe, expect, it } from "vitest";
import { computeTax } from "../../../../src/tax/domain/engine";
import { taxInput } from "./input";

const withGain = (grossSalary: number, gain: number) => taxInput({ salary: { grossSalary }, capitalGains: [{ section: "112A", gain }] });

describe("s.87A marginal relief counts the s.112A tax and tax on winnings in the income-tax on total income (new regime)", () => {
  it("FY 2025-26: salary 10,75,000 and a s.112A gain of 2,10,000 pay 11,050, not the excess plus the s.112A tax", () => {
    // Salary 10,75,000 − 75,000 = 10,00,000 at the slab rates; s.112A 2,10,000; TI 12,10,000 (> 12,00,000).
    // Slab tax: 4L × 5 % + 2L × 10 % = 40,000. s.112A: (2,10,000 − 1,25,000) × 12.5 % = 10,625.
    // Income-tax on total income 50,625 > excess 10,000 → proviso (b) deduction 40,625, held by the second proviso
    // (and s.112A(6)) to the slab tax 40,000. Tax after rebate 10,625 (= the s.112A tax); cess 425; total 11,050.
    const r = computeTax(withGain(1_075_000, 210_000), "2025-26").regimes.new;
    expect(r.taxableIncome).toBe(1_210_000);
    expect(r.slabTax).toBe(40_000);
    expect(r.specialRateTax).toBe(10_625);
    expect({ rebate: r.rebate87A, taxAfterRebate: r.taxAfterRebate, cess: r.cess, totalTax: r.totalTax }).toEqual({
      rebate: 40_000,
      taxAfterRebate: 10_625,
      cess: 425,
      totalTax: 11_050,
    });
  });

  it("FY 2025-26: ₹10,000 more of a s.112A gain just above ₹12 lakh costs no more than ₹10,000 of tax before cess", () => {
    // TI 12,00,000 (slab 10,00,000 + s.112A 2,00,000): rebate 40,000 of slab tax 40,000 → tax 9,375 (s.112A).
    // TI 12,10,000 (s.112A 2,10,000): the docs' promise allows at most 9,375 + 10,000 = 19,375.
    const at = computeTax(withGain(1_075_000, 200_000), "2025-26").regimes.new;
    const above = computeTax(withGain(1_075_000, 210_000), "2025-26").regimes.new;
    expect(at.taxAfterRebate).toBe(9_375);
    expect(above.taxAfterRebate - at.taxAfterRebate).toBeLessThanOrEqual(10_000);
  });

  it("FY 2024-25: salary 5,75,000 and a s.112A gain of 2,10,000 (after 22 July 2024) pay 11,050", () => {
    // Salary 5,75,000 − 75,000 = 5,00,000; s.112A 2,10,000; TI 7,10,000 (> 7,00,000).
    // Slab tax (FY 2024-25 new): 2L × 5 % = 10,000. s.112A: 85,000 × 12.5 % = 10,625. Income-tax on TI 20,625 >
    // excess 10,000 → deduction 10,625, allowed only from the tax other than the s.112A tax (s.112A(6)): 10,000
    // (within the ₹25,000 the docs hold it to). Tax after rebate 10,625; cess 425; total 11,050.
    const r = computeTax(withGain(575_000, 210_000), "2024-25").regimes.new;
    expect(r.taxableIncome).toBe(710_000);
    expect(r.slabTax).toBe(10_000);
    expect(r.specialRateTax).toBe(10_625);
    expect({ rebate: r.rebate87A, taxAfterRebate: r.taxAfterRebate, totalTax: r.totalTax }).toEqual({
      rebate: 10_000,
      taxAfterRebate: 10_625,
      totalTax: 11_050,
    });
  });

  it("FY 2025-26: salary 10,75,000 and winnings of 2,10,000 pay the s.115BB tax alone, 65,520", () => {
    // Slab income 10,00,000: 40,000. Winnings at 30 %: 63,000 (s.115BB). Income-tax on total income 12,10,000 is
    // 1,03,000 > excess 10,000 → proviso (b) deduction 93,000, held by the second proviso to the slab tax 40,000.
    // Tax after rebate 63,000; cess 2,520; total 65,520.
    const r = computeTax(taxInput({ salary: { grossSalary: 1_075_000 }, otherIncome: { casualWinnings: 210_000 } }), "2025-26").regimes.new;
    expect(r.taxableIncome).toBe(1_210_000);
    expect({ rebate: r.rebate87A, taxAfterRebate: r.taxAfterRebate, totalTax: r.totalTax }).toEqual({
      rebate: 40_000,
      taxAfterRebate: 63_000,
      totalTax: 65_520,
    });
  });
});
