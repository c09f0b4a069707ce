// s.24(b) interest on self-occupied homes by the cap each falls under: ₹30,000 (first proviso: a loan before
// 1-4-1999, for repair, renewal or reconstruction, or construction completed more than five years after the end of
// the year of borrowing), ₹2,00,000 (second proviso: a loan on or after 1-4-1999 to acquire or construct, completed
// in time), and ₹2,00,000 for both provisos together. Source: ACT:24 (shared reference, house property). Figures
// worked by hand for FY 2025-26, old regime: standard deduction ₹50,000 (s.16(ia)); slabs for below 60: nil to
// 2,50,000, 5 % to 5,00,000 (12,500), 20 % to 10,00,000, 30 % above; cess 4 %.
import { describe, expect, it } from "vitest";
import { computeTax, type HouseProperty } from "../../../../src/tax/domain/engine";
import { taxInput } from "./input";

const FIRST_PROVISO =
  "s.24(b) first proviso: ₹30,000 for self-occupied homes not acquired or constructed with a loan of 1-4-1999 or later, completed within five years of the end of the year of borrowing";
const BOTH_PROVISOS =
  "s.24(b) first and second provisos: ₹30,000 for self-occupied homes not acquired or constructed with a loan of 1-4-1999 or later, completed within five years of the end of the year of borrowing; ₹2,00,000 for all self-occupied homes together";
const SECOND_PROVISO = "s.24(b) second proviso: ₹2,00,000 for self-occupied property";

const SELF_OCCUPIED_LINE = "Interest on housing loan, self-occupied property";

function home(interestOnHousingLoan: number, interestCap?: HouseProperty["interestCap"], annualRent = 0): HouseProperty {
  return { type: "self_occupied", annualRent, municipalTaxesPaid: 0, interestOnHousingLoan, ...(interestCap === undefined ? {} : { interestCap }) };
}

function compute(houseProperties: HouseProperty[]) {
  return computeTax(taxInput({ salary: { grossSalary: 1_050_000 }, houseProperties }), "2025-26");
}

function selfOccupiedLine(result: ReturnType<typeof compute>, regime: "old" | "new") {
  return result.regimes[regime].deductions.find((line) => line.section === "24(b)" && line.description === SELF_OCCUPIED_LINE);
}

describe("s.24(b): the cap on a self-occupied home's loan interest", () => {
  it("a home under the first proviso (interestCap other) has its interest capped at ₹30,000", () => {
    // Salary 10,50,000 − 50,000 = 10,00,000. Interest 1,00,000 → 30,000: HP loss 30,000, set off (s.71(3A)).
    // TI 9,70,000: 12,500 + 20 % of 4,70,000 (94,000) = 1,06,500; cess 4,260; total 1,10,760.
    const result = compute([home(100_000, "other")]);
    expect(result.regimes.old).toMatchObject({
      houseProperty: { incomeFromHouseProperty: -30_000, lossSetOff: 30_000, lossNotSetOff: 0 },
      taxableIncome: 970_000,
      totalTax: 110_760,
    });
    expect(selfOccupiedLine(result, "old")).toMatchObject({ claimed: 100_000, allowed: 30_000, limit: 30_000, limitedBy: FIRST_PROVISO });
  });

  it("without interestCap the home keeps the ₹2,00,000 cap, as before", () => {
    // TI 10,00,000 − 1,00,000 = 9,00,000: 12,500 + 20 % of 4,00,000 (80,000) = 92,500; cess 3,700; total 96,200.
    const result = compute([home(100_000)]);
    expect(result.regimes.old).toMatchObject({ houseProperty: { incomeFromHouseProperty: -100_000 }, taxableIncome: 900_000, totalTax: 96_200 });
    expect(selfOccupiedLine(result, "old")).toMatchObject({ claimed: 100_000, allowed: 100_000, limit: 200_000, limitedBy: null });
    // The second proviso named outright answers the same.
    expect(compute([home(100_000, "acquisition_or_construction")]).regimes.old).toMatchObject({ taxableIncome: 900_000, totalTax: 96_200 });
    // Above the cap the line names the second proviso: 2,50,000 → 2,00,000.
    expect(selfOccupiedLine(compute([home(250_000, "acquisition_or_construction")]), "old")).toMatchObject({
      allowed: 200_000,
      limit: 200_000,
      limitedBy: SECOND_PROVISO,
    });
  });

  it("two homes under the first proviso share one ₹30,000 (the aggregate of the deduction, first proviso)", () => {
    // 50,000 + 20,000 = 70,000 → 30,000 for both: the limit shown is 30,000.
    // TI 10,00,000 − 30,000 = 9,70,000: 12,500 + 20 % of 4,70,000 (94,000) = 1,06,500; cess 4,260; total 1,10,760.
    const result = compute([home(50_000, "other"), home(20_000, "other")]);
    expect(result.regimes.old).toMatchObject({ houseProperty: { incomeFromHouseProperty: -30_000 }, taxableIncome: 970_000, totalTax: 110_760 });
    expect(selfOccupiedLine(result, "old")).toMatchObject({ claimed: 70_000, allowed: 30_000, limit: 30_000, limitedBy: FIRST_PROVISO });
  });

  it("one home under each proviso: the first capped at ₹30,000, both together at ₹2,00,000", () => {
    // 50,000 → 30,000 and 1,00,000 in full = 1,30,000 (under 2,00,000: the ₹30,000 binds).
    // TI 10,00,000 − 1,30,000 = 8,70,000: 12,500 + 20 % of 3,70,000 (74,000) = 86,500; cess 3,460; total 89,960.
    const bound = compute([home(50_000, "other"), home(100_000, "acquisition_or_construction")]);
    expect(bound.regimes.old).toMatchObject({ houseProperty: { incomeFromHouseProperty: -130_000 }, taxableIncome: 870_000, totalTax: 89_960 });
    expect(selfOccupiedLine(bound, "old")).toMatchObject({ claimed: 150_000, allowed: 130_000, limit: 200_000, limitedBy: BOTH_PROVISOS });
    // 50,000 → 30,000 and 1,90,000 = 2,20,000 → 2,00,000 (the aggregate binds).
    // TI 10,00,000 − 2,00,000 = 8,00,000: 12,500 + 20 % of 3,00,000 (60,000) = 72,500; cess 2,900; total 75,400.
    const aggregate = compute([home(50_000, "other"), home(190_000)]);
    expect(aggregate.regimes.old).toMatchObject({
      houseProperty: { incomeFromHouseProperty: -200_000, lossSetOff: 200_000 },
      taxableIncome: 800_000,
      totalTax: 75_400,
    });
    expect(selfOccupiedLine(aggregate, "old")).toMatchObject({ claimed: 240_000, allowed: 200_000, limit: 200_000, limitedBy: BOTH_PROVISOS });
  });

  it("the new regime allows none, whichever the cap (s.115BAC(2)(i))", () => {
    // HP income 0; TI 10,50,000 − 75,000 = 9,75,000: 20,000 (4L-8L at 5 %) + 10 % of 1,75,000 (17,500) = 37,500,
    // within the s.87A rebate (TI up to 12,00,000): total nil.
    const result = compute([home(100_000, "other")]);
    expect(result.regimes.new).toMatchObject({ houseProperty: { incomeFromHouseProperty: 0 }, taxableIncome: 975_000, totalTax: 0 });
    expect(selfOccupiedLine(result, "new")).toMatchObject({ allowed: 0, limit: 0, limitedBy: "s.115BAC(2): not allowed in the new regime" });
  });

  it("with three self-occupied homes the pair kept self-occupied (s.23(4)) follows each home's cap", () => {
    // Home 0: expected rent 2,00,000, interest 1,50,000; home 1: rent 1,00,000, interest 1,50,000; home 2: rent
    // 3,00,000, no loan. Deemed let out, a home's income is 70 % of its rent less its interest in full (s.24(a),
    // s.24(b) has no cap for it): home 0 −10,000, home 1 −80,000, home 2 2,10,000.
    // Both homes at ₹2,00,000: keep 0 and 2 (deem 1): −80,000 − 1,50,000 = −2,30,000; keeping 1 and 2 gives
    // −10,000 − 1,50,000 = −1,60,000, keeping 0 and 1 gives 2,10,000 − 2,00,000 = 10,000.
    const plain = compute([home(150_000, undefined, 200_000), home(150_000, undefined, 100_000), home(0, undefined, 300_000)]);
    expect(plain.regimes.old.houseProperty).toMatchObject({ selfOccupied: [0, 2], incomeFromHouseProperty: -230_000 });
    // Home 0 under the first proviso: keeping 0 and 2 now gives −80,000 − 30,000 = −1,10,000, keeping 1 and 2 still
    // −1,60,000, keeping 0 and 1 2,10,000 − 1,80,000 = 30,000: keep 1 and 2, deem 0 let out (its interest in full).
    // Loss 1,60,000 set off; TI 10,00,000 − 1,60,000 = 8,40,000: 12,500 + 20 % of 3,40,000 (68,000) = 80,500;
    // cess 3,220; total 83,720.
    const capped = compute([home(150_000, "other", 200_000), home(150_000, undefined, 100_000), home(0, undefined, 300_000)]);
    expect(capped.regimes.old).toMatchObject({
      houseProperty: { selfOccupied: [1, 2], incomeFromHouseProperty: -160_000, lossSetOff: 160_000 },
      taxableIncome: 840_000,
      totalTax: 83_720,
    });
    const lines = capped.regimes.old.deductions.filter((line) => line.head === "houseProperty");
    expect(lines).toEqual([
      // Home 0's annual value 2,00,000: 30 % = 60,000; its interest 1,50,000 in full.
      expect.objectContaining({ section: "24(a)", claimed: 60_000, allowed: 60_000 }),
      expect.objectContaining({ section: "24(b)", description: "Interest on housing loan, let-out property", claimed: 150_000, allowed: 150_000 }),
      // Homes 1 and 2, both under the second proviso: 1,50,000 within ₹2,00,000.
      expect.objectContaining({ section: "24(b)", description: SELF_OCCUPIED_LINE, claimed: 150_000, allowed: 150_000, limit: 200_000 }),
    ]);
    // Listed in another order, the same homes are chosen.
    const reordered = compute([home(0, undefined, 300_000), home(150_000, undefined, 100_000), home(150_000, "other", 200_000)]);
    expect(reordered.regimes.old.houseProperty).toMatchObject({ selfOccupied: [0, 1], incomeFromHouseProperty: -160_000 });
  });
});
