// Where a gain pays the lower of two taxes, "such excess shall be ignored": the whole excess, so the tax charged is
// the lower tax itself, to the rupee like every tax line (50 paise up), never a rupee above it. Figures worked by hand.
import { describe, expect, it } from "vitest";
import { computeTax } from "../../../../src/tax/domain/engine";
import { taxInput } from "./input";

describe("lower of two taxes on a gain: the whole excess is ignored, the lower tax rounded once (s.112(1)(a) second proviso; s.112(1) proviso before 23 July 2024)", () => {
  // New regime FY 2025-26, resident aged 35. Salary 8,75,000 less the 75,000 standard deduction = 8,00,000 at the
  // slab rates: 4L-8L at 5 % = 20,000. A land acquired before 23 July 2024: gain 36,00,000, indexed gain 10,97,041.
  // Total income 44,00,000: no s.87A rebate (above 12 lakh), no surcharge (not above 50 lakh).
  // 12.5 % x 36,00,000 = 4,50,000; 20 % x 10,97,041 = 2,19,408.20, the lower; "such excess shall be ignored", so
  // the tax on the gain is 2,19,408.20, in whole rupees (50 paise up) 2,19,408.
  // Tax 20,000 + 2,19,408 = 2,39,408; cess 4 % = 9,576.32 -> 9,576; liability 2,48,984; s.288B: 2,48,980.
  // (Rounded only at the end, as s.288B reads literally: 2,39,408.20 + 9,576.328 = 2,48,984.528 -> 2,48,980 too.)
  const input = taxInput({
    salary: { grossSalary: 875_000 },
    capitalGains: [{ section: "112", gain: 3_600_000, indexedGain: 1_097_041, landOrBuildingAcquiredBefore23July2024: true }],
  });

  it("the gain's tax is the lower tax to the rupee, not more", () => {
    const regime = computeTax(input, "2025-26").regimes.new;
    expect(regime.taxableIncome).toBe(4_400_000);
    expect(regime.slabTax).toBe(20_000);
    expect(regime.specialRateTax).toBe(219_408);
  });

  it("totalTax is 2,48,980: no rupee of the ignored excess comes back", () => {
    const regime = computeTax(input, "2025-26").regimes.new;
    expect(regime.taxLiability).toBe(248_984);
    expect(regime.totalTax).toBe(248_980);
  });

  it("the documented land example (the API guide's assetSales example): 20 % of 10,97,005.99 = 2,19,401.20 -> 2,19,401", () => {
    // Plot bought 1 August 2010 for 20,00,000, sold 30 September 2025 for 50,00,000, stamp duty value 56,00,000.
    // Indexed cost 20,00,000 x 376 / 167 = 45,02,994.01; indexed gain 10,97,005.99; 20 % = 2,19,401.20 < 4,50,000.
    const result = computeTax(
      {
        ...taxInput({ age: 40, salary: { grossSalary: 875_000 } }),
        assetSales: [
          {
            asset: "land_or_building",
            acquired: "2010-08-01",
            transferred: "2025-09-30",
            saleConsideration: 5_000_000,
            transferExpenses: 0,
            costOfAcquisition: 2_000_000,
            costOfImprovement: [],
            fairMarketValueOn31January2018: null,
            fairMarketValueOn1April2001: null,
            stampDutyValue: 5_600_000,
            label: "Plot in Nashik",
          },
        ],
      },
      "2025-26",
    );
    const regime = result.regimes.new;
    expect(result.assetSales?.[0]?.indexedGain).toBe(1_097_005.99);
    expect(regime.specialRateTax).toBe(219_401);
  });

  it("a listed security before 23 July 2024: 10 % of 3,50,003 = 35,000.30 -> 35,000", () => {
    // Old regime FY 2024-25, no other income, resident aged 35: a listed share (not a unit) transferred before
    // 23 July 2024, gain without indexation 6,00,003, indexed gain 5,00,000 (total income 5,00,000). Basic exemption
    // 2,50,000 set against it (first proviso to s.112(1)(a)); 20 % x 2,50,000 = 50,000; 10 % x (6,00,003 - 2,50,000)
    // = 35,000.30, the lower (proviso to s.112(1): the excess over it "shall be ignored") -> 35,000 to the rupee.
    const regime = computeTax(
      taxInput({
        capitalGains: [
          { section: "112", gain: 600_003, indexedGain: 500_000, transferredBefore23July2024: true, security: "listed_other_than_unit" } as never,
        ],
      }),
      "2024-25",
    ).regimes.old;
    expect(regime.taxableIncome).toBe(500_000);
    expect(regime.specialRateTax).toBe(35_000);
  });
});
