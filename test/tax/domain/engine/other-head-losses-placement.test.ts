// This year's business and house-property losses each go where they leave the least tax (s.71 names no order), and
// the house-property figures report the house-property loss alone. Figures worked by hand.
import { describe, expect, it } from "vitest";
import { computeTax } from "../../../../src/tax/domain/engine";
import { taxInput } from "./input";

const businessLoss = (profit: number) => ({
  profit,
  newRegimeProfit: null,
  lossesBroughtForward: [],
  speculationProfit: null,
  speculationLossesBroughtForward: [],
  taxAudit: false,
});

describe("a business loss and a house-property loss of the same year each go where they cost least", () => {
  // FY 2025-26, old regime (slabs 2.5L/5L/10L at 5/20/30 %, s.87A only up to ₹5 lakh, no relief above).
  // Deposit interest ₹5,00,000; a self-occupied home with ₹1,00,000 of loan interest (HP loss ₹1,00,000, s.24(b));
  // business loss from books ₹6,00,000 (not against salary, s.71(2A)); a s.112A gain of ₹7,50,000.
  // Business loss against the s.112A gain (s.71(1): any other head; the guide: "or those first where that costs less"):
  //   s.112A left ₹1,50,000. House-property loss against the deposit interest (slab-rate income first):
  //   slab income ₹4,00,000. TI ₹5,50,000 (> ₹5 lakh: no s.87A).
  //   Slab tax: 2,50,000 × 5 % = 7,500. s.112A: (1,50,000 − 1,25,000) × 12.5 % = 3,125. Tax 10,625, cess 425: 11,050.
  // Both losses slab-first cost 22,750; both gains-first 13,000 (the house-property loss then wastes itself inside the
  // ₹1,25,000 exemption: slab ₹5,00,000, tax 12,500 + cess 500).
  const input = () => ({
    ...taxInput({
      otherIncome: { depositInterest: 500_000 },
      houseProperties: [{ type: "self_occupied", annualRent: 0, municipalTaxesPaid: 0, interestOnHousingLoan: 100_000 }],
      capitalGains: [{ section: "112A", gain: 750_000 }],
    }),
    business: businessLoss(-600_000),
  });

  it("FY 2025-26 old regime: business loss against the s.112A gain, house-property loss against interest: 11,050, not 13,000", () => {
    const old = computeTax(input(), "2025-26").regimes.old;
    expect(old.taxableIncome).toBe(550_000);
    expect(old.totalTax).toBe(11_050);
  });

  it("the same placement entered as net figures costs 11,050 in the engine too", () => {
    const net = computeTax(taxInput({ otherIncome: { depositInterest: 400_000 }, capitalGains: [{ section: "112A", gain: 150_000 }] }), "2025-26");
    expect(net.regimes.old.totalTax).toBe(11_050);
  });
});

describe("houseProperty.lossSetOff is the house-property loss only (at most ₹2,00,000 old, nothing new)", () => {
  // The guide's answer table: "houseProperty.lossSetOff: Part of the loss set off against other heads: at most ₹2,00,000 in
  // the old regime (s.71(3A)), nothing in the new (s.115BAC(2)(ii)(b))."
  // No house at all; deposit interest ₹5,00,000, business loss ₹6,00,000, s.112A gain ₹7,50,000.
  const input = () => ({
    ...taxInput({ otherIncome: { depositInterest: 500_000 }, capitalGains: [{ section: "112A", gain: 750_000 }] }),
    business: businessLoss(-600_000),
  });

  it("FY 2025-26, no house property: houseProperty.lossSetOff is 0 in both regimes (the business loss is business.lossSetOff)", () => {
    const r = computeTax(input(), "2025-26");
    for (const regime of ["old", "new"] as const) {
      expect(r.regimes[regime].business.lossSetOff).toBe(600_000);
      expect(r.regimes[regime].houseProperty.lossSetOff).toBe(0);
    }
  });

  it("FY 2025-26 old regime with a ₹1,00,000 house-property loss: houseProperty.lossSetOff is at most that loss", () => {
    const withHome = {
      ...taxInput({
        otherIncome: { depositInterest: 500_000 },
        houseProperties: [{ type: "self_occupied", annualRent: 0, municipalTaxesPaid: 0, interestOnHousingLoan: 100_000 }],
        capitalGains: [{ section: "112A", gain: 750_000 }],
      }),
      business: businessLoss(-600_000),
    };
    const hp = computeTax(withHome, "2025-26").regimes.old.houseProperty;
    expect(hp.incomeFromHouseProperty).toBe(-100_000);
    expect(hp.lossSetOff + hp.lossNotSetOff).toBe(100_000);
    expect(hp.lossSetOff).toBeLessThanOrEqual(100_000);
  });
});
