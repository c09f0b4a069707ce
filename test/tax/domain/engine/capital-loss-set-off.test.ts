// Where capital losses go. ss.70(2) and 70(3) let a short-term loss go against any capital gain and a long-term loss
// against long-term gains only, and s.74(1) the same for losses brought forward; none names an order among those
// gains, so the taxpayer places the loss, and each regime takes the placement that leaves it the least tax. How much
// of each loss is set off, and what is carried forward, does not depend on where it goes. Every figure is worked by
// hand from the cited rules; none is engine output.
// Rules used throughout (FY 2025-26):
//   new regime slabs (s.115BAC(1A)(iii)): nil to 4L, 5 % to 8L, 10 % to 12L, 15 % to 16L, 20 % to 20L, 25 % to 24L,
//   then 30 %; tax at 8L 20,000, at 12L 60,000, at 15L 1,05,000, at 24L 3,00,000; standard deduction 75,000 (s.16(ia));
//   old regime below 60: 5 % from 2.5L, 12,500 at 5L, 20 % to 10L, 1,12,500 at 10L, then 30 %; standard deduction
//   50,000; s.87A only up to 5L of total income;
//   s.87A new regime: up to 12L of total income, at most 60,000 and never more than the tax at the slab rates (second
//   proviso, Finance Act 2025), so s.111A and s.112 tax is never rebated;
//   s.111A 20 %; s.112 12.5 %, for a resident's land or building acquired before 23 July 2024 the lower of that and
//   20 % of the indexed gain, each on the gain less the losses set against it (second proviso to s.112(1)(a));
//   s.112A 12.5 % above the year's first ₹1,25,000 (s.112A(2)(i)); cess 4 % of the tax.
import { describe, expect, it } from "vitest";
import { type CapitalLossesBroughtForward, computeTax, type TaxInput } from "../../../../src/tax/domain/engine";
import { taxInput } from "./input";

const FY25 = "2025-26" as const;
const carriedNothing = { shortTerm: 0, longTerm: 0, shortTermLostToLateReturn: 0, longTermLostToLateReturn: 0 };

function withLossesBroughtForward(input: TaxInput, losses: CapitalLossesBroughtForward): TaxInput {
  return { ...input, capitalLossesBroughtForward: losses };
}

describe("capital losses go where they save the most tax (ss.70(2), 70(3), 74(1))", () => {
  it("a short-term loss brought forward goes against a s.111A gain when the s.87A rebate already covers the slab-rate tax", () => {
    // New regime: salary 6,75,000 − 75,000 = 6,00,000; short-term gain at slab rates 2,00,000; s.111A 3,00,000;
    // short-term loss brought forward 2,00,000 (set off in full: the gains are 5,00,000). Total income 9,00,000
    // whichever gain the loss goes against, so within the rebate's 12L.
    //   Against the slab-rate gain: slab income 6,00,000, tax 10,000, rebated; s.111A 3,00,000 × 20 % = 60,000;
    //   + cess 2,400 = 62,400.
    //   Against the s.111A gain: slab income 8,00,000, tax 20,000, rebated; s.111A 1,00,000 × 20 % = 20,000;
    //   + cess 800 = 20,800. The cheaper one is taken.
    // Old regime: salary 6,75,000 − 50,000 = 6,25,000; total income 9,25,000, above 5L, so no rebate.
    //   Against the slab-rate gain: slab 6,25,000: 12,500 + 20 % × 1,25,000 = 37,500; s.111A 60,000; 97,500.
    //   Against the s.111A gain: slab 8,25,000: 12,500 + 20 % × 3,25,000 = 77,500; s.111A 20,000; 97,500.
    //   The same, so the loss stays against the slab-rate gain: 97,500 + cess 3,900 = 1,01,400.
    const input = taxInput({
      salary: { grossSalary: 675_000 },
      capitalGains: [
        { section: "short_term_other", gain: 200_000 },
        { section: "111A", gain: 300_000 },
      ],
    });
    const result = computeTax(withLossesBroughtForward(input, { shortTerm: 200_000, longTerm: 0 }), FY25);
    expect(result.regimes.new).toMatchObject({
      taxableIncome: 900_000,
      incomeAtSlabRates: 800_000,
      slabTax: 20_000,
      rebate87A: 20_000,
      specialRateTax: 20_000,
      totalTax: 20_800,
      capitalGains: { shortTermAtSlabRates: 200_000, shortTermLossBroughtForwardSetOff: 200_000, incomeFromCapitalGains: 300_000 },
    });
    expect(result.regimes.new.specialRateIncome).toMatchObject([{ section: "111A", income: 100_000, taxableAmount: 100_000, tax: 20_000 }]);
    expect(result.regimes.old).toMatchObject({
      taxableIncome: 925_000,
      incomeAtSlabRates: 625_000,
      slabTax: 37_500,
      specialRateTax: 60_000,
      totalTax: 101_400,
      capitalGains: { shortTermAtSlabRates: 0, shortTermLossBroughtForwardSetOff: 200_000 },
    });
    expect(result.regimes.old.specialRateIncome).toMatchObject([{ section: "111A", income: 300_000, tax: 60_000 }]);
    expect(result.capitalLossesToCarryForward).toEqual(carriedNothing);
  });

  it("a long-term loss goes against a s.112A gain rather than a land gain whose tax the indexation option already makes nil", () => {
    // New regime: salary 15,75,000 − 75,000 = 15,00,000, slab tax 1,05,000. Land acquired before 23 July 2024 with a
    // gain of 5,00,000 and an indexed gain of 0: 20 % of 0 is below 12.5 % of the gain, so its tax is nil however
    // much of the loss it takes. s.112A 3,00,000; a s.112 loss of 2,00,000 this year, set off in full.
    //   Against the land gain (as gains and losses of one section would net): s.112A 3,00,000 − 1,25,000 =
    //   1,75,000 × 12.5 % = 21,875; 1,26,875 + cess 5,075 = 1,31,950, as if there were no loss.
    //   Against the s.112A gain: 1,00,000, within the ₹1,25,000, nil; 1,05,000 + cess 4,200 = 1,09,200.
    // Old regime: salary 15,25,000: 1,12,500 + 30 % × 5,25,000 = 2,70,000; with the loss against the s.112A gain,
    //   2,70,000 + cess 10,800 = 2,80,800 (against the land gain 21,875 more).
    const input = taxInput({
      salary: { grossSalary: 1_575_000 },
      capitalGains: [
        { section: "112", gain: 500_000, indexedGain: 0, landOrBuildingAcquiredBefore23July2024: true },
        { section: "112A", gain: 300_000 },
        { section: "112", gain: -200_000 },
      ],
    });
    const result = computeTax(input, FY25);
    expect(result.regimes.new).toMatchObject({ taxableIncome: 2_100_000, slabTax: 105_000, specialRateTax: 0, totalTax: 109_200 });
    expect(result.regimes.new.specialRateIncome).toMatchObject([
      { section: "112", income: 500_000, tax: 0 },
      { section: "112A", income: 100_000, exemptAmount: 100_000, taxableAmount: 0, tax: 0 },
    ]);
    expect(result.regimes.old).toMatchObject({ slabTax: 270_000, specialRateTax: 0, totalTax: 280_800 });
    expect(result.regimes.new.capitalGains).toMatchObject({ longTermLossNotSetOff: 0, incomeFromCapitalGains: 600_000 });
    expect(result.capitalLossesToCarryForward).toEqual(carriedNothing);
  });

  it("a long-term loss goes against the land gain where it saves most, whatever the order of the gains", () => {
    // Two lands acquired before 23 July 2024, each paying the lower of 12.5 % of its gain and 20 % of its indexed gain,
    // and a s.112A loss of 15,00,000 (s.70(3) lets it go against either). A: gain 1,00,000, indexed 90,000; B: gain
    // 18,68,000, indexed 16,99,000.
    //   All of the loss against B: A min(12,500, 18,000) = 12,500; B min(12.5 % × 3,68,000 = 46,000, 20 % × 1,99,000
    //   = 39,800) = 39,800: 52,300. A first (nil once 90,000 is set against it), the rest 14,10,000 against B:
    //   B min(12.5 % × 4,58,000 = 57,250, 20 % × 2,89,000 = 57,800) = 57,250. No other split leaves less than 52,300:
    //   a rupee against B saves 12.5 % until 14,17,333 and 20 % beyond, against A 12.5 % and then 20 % of far less.
    // New regime, salary 20,00,000: slab tax on 19,25,000 = 1,85,000; + 52,300 = 2,37,300; cess 9,492; 2,46,792 →
    // 2,46,790 (s.288B). Old regime: 3,97,500 + 52,300 = 4,49,800; cess 17,992 → 4,67,790.
    const a = { section: "112", gain: 100_000, indexedGain: 90_000, landOrBuildingAcquiredBefore23July2024: true } as const;
    const b = { section: "112", gain: 1_868_000, indexedGain: 1_699_000, landOrBuildingAcquiredBefore23July2024: true } as const;
    const loss = { section: "112A", gain: -1_500_000 } as const;
    for (const capitalGains of [
      [a, b, loss],
      [b, a, loss],
    ]) {
      const result = computeTax(taxInput({ age: 45, salary: { grossSalary: 2_000_000 }, capitalGains }), FY25);
      expect(result.regimes.new).toMatchObject({ specialRateTax: 52_300, totalTax: 246_790 });
      expect(result.regimes.old).toMatchObject({ specialRateTax: 52_300, totalTax: 467_790 });
    }
  });

  it("a long-term loss brought forward covers a land gain only as far as its tax falls, the rest goes against s.112A", () => {
    // New regime: salary 15,00,000 after the standard deduction, slab tax 1,05,000. Land acquired before 23 July
    // 2024: gain 5,00,000, indexed gain 1,00,000, so 20 % × 1,00,000 = 20,000 beats 12.5 % × 5,00,000 = 62,500.
    // s.112A 3,00,000. Long-term loss brought forward 2,00,000, set off in full. With x of it against the land:
    //   land: 20 % × (1,00,000 − x), nil from x = 1,00,000; s.112A: 12.5 % of what is left above 1,25,000, that is
    //   of (x − 25,000) once x passes 25,000. Up to x = 1,00,000 each rupee on the land saves 20 % and costs at most
    //   12.5 % on s.112A; beyond it a rupee saves nothing on the land and costs 12.5 %. So x = 1,00,000: land nil,
    //   s.112A 2,00,000 − 1,25,000 = 75,000 × 12.5 % = 9,375; 1,14,375 + cess 4,575 = 1,18,950.
    //   (All of it against the land: 21,875 on s.112A, 1,31,950; all against s.112A: 20,000 on the land, 1,30,000.)
    // Old regime: slab 15,25,000, 2,70,000; the same placement: 2,79,375 + cess 11,175 = 2,90,550.
    const input = taxInput({
      salary: { grossSalary: 1_575_000 },
      capitalGains: [
        { section: "112", gain: 500_000, indexedGain: 100_000, landOrBuildingAcquiredBefore23July2024: true },
        { section: "112A", gain: 300_000 },
      ],
    });
    const result = computeTax(withLossesBroughtForward(input, { shortTerm: 0, longTerm: 200_000 }), FY25);
    expect(result.regimes.new).toMatchObject({ specialRateTax: 9_375, totalTax: 118_950 });
    expect(result.regimes.new.specialRateIncome).toMatchObject([
      { section: "112", income: 400_000, tax: 0 },
      { section: "112A", income: 200_000, exemptAmount: 125_000, taxableAmount: 75_000, tax: 9_375 },
    ]);
    expect(result.regimes.old).toMatchObject({ specialRateTax: 9_375, totalTax: 290_550 });
    expect(result.regimes.new.capitalGains.longTermLossBroughtForwardSetOff).toBe(200_000);
    expect(result.capitalLossesToCarryForward).toEqual(carriedNothing);
  });

  it("keeps a short-term loss against slab-rate gains taxed at 30 %, where it saves the most", () => {
    // New regime: salary 25,75,000 − 75,000 = 25,00,000; short-term gain at slab rates 2,00,000 and a loss of
    // 1,50,000 on another such asset; s.111A 2,00,000. Total income 27,50,000 (no surcharge below 50L).
    //   Against the slab-rate gain: slab 25,50,000: 3,00,000 + 30 % × 1,50,000 = 3,45,000; s.111A 2,00,000 × 20 % =
    //   40,000; 3,85,000 + cess 15,400 = 4,00,400.
    //   Against the s.111A gain: slab 27,00,000: 3,90,000; s.111A 50,000 × 20 % = 10,000; 4,00,000 before cess.
    // Each rupee saves 30 % against slab-rate income and 20 % against s.111A, so the first placement stands.
    const input = taxInput({
      salary: { grossSalary: 2_575_000 },
      capitalGains: [
        { section: "short_term_other", gain: 200_000 },
        { section: "short_term_other", gain: -150_000 },
        { section: "111A", gain: 200_000 },
      ],
    });
    const result = computeTax(input, FY25);
    expect(result.regimes.new).toMatchObject({
      taxableIncome: 2_750_000,
      incomeAtSlabRates: 2_550_000,
      slabTax: 345_000,
      specialRateTax: 40_000,
      totalTax: 400_400,
      capitalGains: { shortTermAtSlabRates: 50_000, shortTermLossNotSetOff: 0 },
    });
  });

  it("splits a short-term loss at a slab boundary when the slab rate below it is lower than a special rate", () => {
    // New regime: deposit interest 11,00,000; short-term gain at slab rates 2,50,000; a s.111A loss of 3,00,000 (a
    // short-term loss, against any gain); s.112 gain 3,50,000 at 12.5 %. Total income 14,00,000 wherever the loss
    // goes: above 12L, so no s.87A.
    //   All of the slab-rate gain first, the rest against s.112: slab 11,00,000: 20,000 + 10 % × 3,00,000 = 50,000;
    //   s.112 3,00,000 × 12.5 % = 37,500; 87,500 + cess 3,500 = 91,000.
    //   1,50,000 against the slab-rate gain, up to 12L, and 1,50,000 against s.112: slab 12,00,000: 60,000; s.112
    //   2,00,000 × 12.5 % = 25,000; 85,000 + cess 3,400 = 88,400. The last 1,00,000 of the slab-rate gain is taxed at
    //   10 % and s.112 at 12.5 %, so the loss saves more against s.112 there; above 12L the slab rate is 15 %.
    const input = taxInput({
      otherIncome: { depositInterest: 1_100_000 },
      capitalGains: [
        { section: "short_term_other", gain: 250_000 },
        { section: "111A", gain: -300_000 },
        { section: "112", gain: 350_000 },
      ],
    });
    const result = computeTax(input, FY25);
    expect(result.regimes.new).toMatchObject({
      taxableIncome: 1_400_000,
      incomeAtSlabRates: 1_200_000,
      slabTax: 60_000,
      specialRateTax: 25_000,
      totalTax: 88_400,
      capitalGains: { shortTermAtSlabRates: 100_000, shortTermLossNotSetOff: 0 },
    });
  });

  it("splits a short-term loss at a slab boundary from the other side, moving part of it from a s.112 gain to slab-rate gains", () => {
    // New regime: deposit interest 8,25,000; short-term gain at slab rates 4,50,000; a s.111A loss of 2,25,000 (the
    // only loss, short-term); s.112 gain 2,00,000 at 12.5 %; s.112A gain 75,000, within its ₹1,25,000. Total income
    // 13,25,000 wherever the loss goes: above 12L, and its excess over 12L (1,25,000) is more than the tax, so no s.87A.
    //   2,00,000 against s.112 and 25,000 against the slab-rate gain: slab 12,50,000: 60,000 + 15 % × 50,000 = 67,500;
    //   s.112 nil; 67,500 + cess 2,700 = 70,200.
    //   All against the slab-rate gain: slab 10,50,000: 45,000; s.112 2,00,000 × 12.5 % = 25,000; 70,000 + 2,800 = 72,800.
    //   75,000 against the slab-rate gain, down to 12L, and 1,50,000 against s.112: slab 12,00,000: 60,000; s.112
    //   50,000 × 12.5 % = 6,250; 66,250 + cess 2,650 = 68,900. Slab-rate income is taxed at 15 % above 12L and at
    //   10 % below it, s.112 at 12.5 % between.
    const input = taxInput({
      otherIncome: { depositInterest: 825_000 },
      capitalGains: [
        { section: "short_term_other", gain: 450_000 },
        { section: "111A", gain: -225_000 },
        { section: "112", gain: 200_000 },
        { section: "112A", gain: 75_000 },
      ],
    });
    const result = computeTax(input, FY25);
    expect(result.regimes.new).toMatchObject({
      taxableIncome: 1_325_000,
      incomeAtSlabRates: 1_200_000,
      slabTax: 60_000,
      specialRateTax: 6_250,
      totalTax: 68_900,
      capitalGains: { shortTermAtSlabRates: 375_000, shortTermLossNotSetOff: 0 },
    });
  });

  it("places a loss differently in each regime when each saves most elsewhere", () => {
    // Salary 11,25,000; short-term gain at slab rates 2,00,000; s.111A 1,00,000; short-term loss brought forward
    // 2,00,000.
    // New regime: salary 10,50,000, total income 11,50,000 wherever the loss goes: within the rebate's 12L.
    //   Against the slab-rate gain: slab 10,50,000 (tax 45,000, rebated); s.111A 20,000; + cess 800 = 20,800.
    //   1,00,000 against s.111A and 1,00,000 against the slab-rate gain: slab 11,50,000, tax 20,000 + 35,000 =
    //   55,000, rebated; s.111A nil; total nil.
    // Old regime: salary 10,75,000, total income 11,75,000, no rebate; a rupee of slab income above 10L costs 30 %.
    //   Against the slab-rate gain: slab 10,75,000: 1,12,500 + 22,500 = 1,35,000; s.111A 20,000; 1,55,000 + cess
    //   6,200 = 1,61,200.
    //   1,00,000 against s.111A: slab 11,75,000: 1,65,000; s.111A nil; 1,71,600 with cess. Every rupee moved to
    //   s.111A saves 20 % and costs 30 %, so the loss stays against the slab-rate gain.
    const input = taxInput({
      salary: { grossSalary: 1_125_000 },
      capitalGains: [
        { section: "short_term_other", gain: 200_000 },
        { section: "111A", gain: 100_000 },
      ],
    });
    const result = computeTax(withLossesBroughtForward(input, { shortTerm: 200_000, longTerm: 0 }), FY25);
    expect(result.regimes.new).toMatchObject({
      taxableIncome: 1_150_000,
      slabTax: 55_000,
      rebate87A: 55_000,
      specialRateTax: 0,
      totalTax: 0,
      capitalGains: { shortTermAtSlabRates: 100_000, shortTermLossBroughtForwardSetOff: 200_000 },
    });
    expect(result.regimes.new.specialRateIncome).toEqual([]);
    expect(result.regimes.old).toMatchObject({
      taxableIncome: 1_175_000,
      slabTax: 135_000,
      specialRateTax: 20_000,
      totalTax: 161_200,
      capitalGains: { shortTermAtSlabRates: 0, shortTermLossBroughtForwardSetOff: 200_000 },
    });
    expect(result.recommendedRegime).toBe("new");
  });

  it("carries forward the same loss wherever the rest goes", () => {
    // The first case with a s.112A gain of 1,00,000 and a s.112 loss of 3,00,000 this year: a long-term loss goes
    // against long-term gains only (s.70(3)), so 1,00,000 of it takes the s.112A gain and 2,00,000 is carried
    // forward (s.74(1)), whatever the short-term loss does. The short-term loss brought forward goes as there:
    // new regime 20,800, old regime 1,01,400.
    const input = taxInput({
      salary: { grossSalary: 675_000 },
      capitalGains: [
        { section: "short_term_other", gain: 200_000 },
        { section: "111A", gain: 300_000 },
        { section: "112A", gain: 100_000 },
        { section: "112", gain: -300_000 },
      ],
    });
    const result = computeTax(withLossesBroughtForward(input, { shortTerm: 200_000, longTerm: 0 }), FY25);
    expect(result.regimes.new).toMatchObject({ totalTax: 20_800, capitalGains: { shortTermAtSlabRates: 200_000, longTermLossNotSetOff: 200_000 } });
    expect(result.regimes.old).toMatchObject({ totalTax: 101_400, capitalGains: { shortTermAtSlabRates: 0, longTermLossNotSetOff: 200_000 } });
    expect(result.capitalLossesToCarryForward).toEqual({ ...carriedNothing, longTerm: 200_000 });
  });
});
