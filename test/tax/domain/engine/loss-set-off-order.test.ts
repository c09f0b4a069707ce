// This year's house-property and business losses set off against special-rate income or slab-rate income, whichever
// costs less: s.71(1) and (2) let a loss of a head other than capital gains go against the income of any other head,
// capital gains included, and name no order. Against slab-rate income within the basic exemption a loss saves
// nothing, while a resident's unexhausted exemption moves to the ss.111A/112 gains anyway (provisos to ss.111A(1),
// 112(1)); against those gains it saves their 20 %. FY 2025-26, residents aged 35, every figure worked by hand.
// Old regime: 2.5L–5L 5 %, 5L–10L 20 %; new regime: 4L–8L 5 %; no s.87A above 5L (old) or 12L (new); cess 4 %.
import { describe, expect, it } from "vitest";
import { computeTax } from "../../../../src/tax/domain/engine";
import type { BusinessFromBooks } from "../../../../src/tax/domain/engine/types";
import { taxInput } from "./input";

const selfOccupied = { type: "self_occupied" as const, annualRent: 0, municipalTaxesPaid: 0, interestOnHousingLoan: 200_000 };

describe("a loss of another head goes where it saves the most (s.71)", () => {
  it("a house-property loss goes against s.111A gains when the salary beside them is mostly nil-rated", () => {
    // Old regime: salary 3,50,000 − 50,000 = 3,00,000; the home's loss 2,00,000 (s.24(b), s.71(3A)); gains 20,00,000.
    // Against the salary: slab income 1,00,000, nil, leaving 1,50,000 of the exemption for the gains: 20 % ×
    // 18,50,000 = 3,70,000 + cess 14,800 = 3,84,800. Against the gains: slab income 3,00,000: 50,000 × 5 % = 2,500;
    // gains 18,00,000 × 20 % = 3,60,000; 3,62,500 + cess 14,500 = 3,77,000, ₹7,800 less.
    const result = computeTax(
      taxInput({ salary: { grossSalary: 350_000 }, houseProperties: [selfOccupied], capitalGains: [{ section: "111A", gain: 2_000_000 }] }),
      "2025-26",
    );
    expect(result.regimes.old.totalTax).toBe(377_000);
    expect(result.regimes.old.houseProperty.lossSetOff).toBe(200_000);
    expect(result.regimes.old.incomeAtSlabRates).toBe(300_000);
  });

  it("keeps a house-property loss against the salary where the salary's rate is the higher", () => {
    // Old regime: salary 12,50,000 − 50,000 = 12,00,000, taxed at 30 % at the margin; the home's loss 2,00,000;
    // gains 5,00,000 at 20 %. Against the salary: slab income 10,00,000: 1,12,500; gains 1,00,000; 2,12,500 + cess
    // 8,500 = 2,21,000. Against the gains: slab 12,00,000: 1,12,500 + 60,000 = 1,72,500; gains 3,00,000 × 20 % =
    // 60,000; 2,32,500 + cess 9,300 = 2,41,800. The salary takes it.
    const result = computeTax(
      taxInput({ salary: { grossSalary: 1_250_000 }, houseProperties: [selfOccupied], capitalGains: [{ section: "111A", gain: 500_000 }] }),
      "2025-26",
    );
    expect(result.regimes.old.totalTax).toBe(221_000);
    expect(result.regimes.old.incomeAtSlabRates).toBe(1_000_000);
  });

  it("a business loss goes against s.111A gains rather than interest within the new regime's exemption", () => {
    // New regime: deposit interest 5,00,000, a business loss of 3,00,000 from books (set off against any head but
    // salary, s.71(2A)), gains 20,00,000. Against the interest: slab income 2,00,000, nil, 2,00,000 of the ₹4,00,000
    // exemption left for the gains: 20 % × 18,00,000 = 3,60,000 + cess 14,400 = 3,74,400. Against the gains: slab
    // income 5,00,000: 1,00,000 × 5 % = 5,000; gains 17,00,000 × 20 % = 3,40,000; 3,45,000 + cess 13,800 =
    // 3,58,800, ₹15,600 less.
    const business: BusinessFromBooks = {
      profit: -300_000,
      newRegimeProfit: null,
      lossesBroughtForward: [],
      speculationProfit: null,
      speculationLossesBroughtForward: [],
      taxAudit: false,
    };
    const result = computeTax(
      { ...taxInput({ otherIncome: { depositInterest: 500_000 }, capitalGains: [{ section: "111A", gain: 2_000_000 }] }), business },
      "2025-26",
    );
    expect(result.regimes.new.totalTax).toBe(358_800);
    expect(result.regimes.new.business.lossSetOff).toBe(300_000);
    expect(result.regimes.new.incomeAtSlabRates).toBe(500_000);
  });
});

describe("a house-property loss without loan interest on a home", () => {
  // The guide's worked example: salary 3,50,000, a house-property loss of 2,00,000 and 20,00,000 of s.111A gains, old
  // regime. Against the gains: slab income 3,50,000 − 50,000 = 3,00,000: 2,500; gains 18,00,000 × 20 % = 3,60,000;
  // 3,62,500 + 4 % cess = 3,77,000. Against the salary it would be 3,84,800.
  it("reported as Form 16's net figure goes against the gains when that costs less", () => {
    const input = taxInput({ salary: { grossSalary: 350_000 }, capitalGains: [{ section: "111A", gain: 2_000_000 }] });
    input.reported = { housePropertyIncome: -200_000 };
    const old = computeTax(input, "2025-26").regimes.old;
    expect(old.houseProperty.lossSetOff).toBe(200_000);
    expect(old.totalTax).toBe(377_000);
  });

  it("from a let-out home whose municipal taxes paid exceed its rent is placed like any other", () => {
    // Rent 1,00,000, municipal taxes paid 3,00,000 (s.23(1) proviso: deducted in the year paid), no loan: annual
    // value −2,00,000, no s.24(a) on a negative value.
    const input = taxInput({
      salary: { grossSalary: 350_000 },
      houseProperties: [{ type: "let_out", annualRent: 100_000, municipalTaxesPaid: 300_000, interestOnHousingLoan: 0 }],
      capitalGains: [{ section: "111A", gain: 2_000_000 }],
    });
    const old = computeTax(input, "2025-26").regimes.old;
    expect(old.houseProperty.incomeFromHouseProperty).toBe(-200_000);
    expect(old.totalTax).toBe(377_000);
  });

  it("reported, replaces the homes in the working too: no s.24 line, no home chosen as self-occupied", () => {
    const input = taxInput({
      salary: { grossSalary: 1_500_000 },
      houseProperties: [selfOccupied, { ...selfOccupied, type: "let_out", annualRent: 300_000 }],
    });
    input.reported = { housePropertyIncome: 100_000 };
    const old = computeTax(input, "2025-26").regimes.old;
    expect(old.houseProperty).toMatchObject({ incomeFromHouseProperty: 100_000, selfOccupied: [] });
    expect(old.deductions.filter((line) => line.head === "houseProperty")).toEqual([]);
  });
});
