// Saving moves as a user acts on them: the amount to put in, exactly, and the claim it takes.
import { describe, expect, it } from "vitest";
import { computeTax, type FinancialYear, type TaxInput } from "../../../../src/tax/domain/engine";
import { taxInput } from "./input";

describe("the amount a move asks for", () => {
  it("is exact to the paisa, in the figure and in the words", () => {
    // FY 2025-26. Salary 20L, basic 10L, HRA 4L, rent 5L in a metro, self-occupied home with 2L interest,
    // 80C 1,00,000.10, 80CCD(1B) 50k, 80D 25k.
    // Old: HRA min(4L, 5L − 1L, 5L) = 4L (s.10(13A)); salary 20L − 4L − 50k (s.16(ia)) = 15.5L; HP −2L (s.24(b),
    // s.71(3A)); GTI 13.5L; VI-A 1,75,000.10; 11,74,999.90 → 11,75,000 (s.288A); 1,12,500 + 30 % × 1,75,000 =
    // 1,65,000 + cess 6,600 = 1,71,600. New: TI 19.25L; 1,85,000 + 7,400 = 1,92,400.
    // Topping 80C up to 1,50,000 (s.80CCE) takes 1,50,000 − 1,00,000.10 = 49,999.90: TI 11.25L; 1,12,500 +
    // 37,500 = 1,50,000 + cess 6,000 = 1,56,000, a saving of 15,600.
    const input = taxInput({
      salary: { grossSalary: 2_000_000, basicPlusDA: 1_000_000, hraReceived: 400_000, rentPaid: 500_000, isMetroCity: true },
      houseProperties: [{ type: "self_occupied", annualRent: 0, municipalTaxesPaid: 0, interestOnHousingLoan: 200_000 }],
      deductions: { section80C: 100_000.1, section80CCD1B: 50_000, section80D_selfFamily: 25_000 },
    });
    const result = computeTax(input, "2025-26");
    expect([result.regimes.old.totalTax, result.regimes.new.totalTax]).toEqual([171_600, 192_400]);
    const topUp = result.savingMoves.find((m) => m.kind === "top_up_80c");
    expect(topUp).toMatchObject({ change: { from: 100_000.1, to: 150_000 }, investment: 49_999.9, totalTaxAfter: 156_000, taxSaving: 15_600 });
    expect(topUp?.action).toBe("Invest ₹49,999.90 more in s.80C instruments (PPF, ELSS, VPF, life insurance premium) to reach the ₹1,50,000 limit");
  });
});

describe("a move asks for no more than can still be deducted", () => {
  // FY 2025-26, no move claims yet. A resident aged 80 (the old regime's slabs for 80 or more: ₹5,00,000 nil-rated)
  // with salary 1,50,000 and short-term gains on listed shares (s.111A) 20,00,000.
  // Old: salary 1,50,000 − 50,000 (s.16(ia)) = 1,00,000 of ordinary income beside the gains. Chapter VI-A can take
  // at most that 1,00,000 (s.80A(2); none against s.111A income, s.111A(2)). Slab income 1,00,000 pays nil and
  // leaves 4,00,000 of the basic exemption for the gains (s.111A(1) proviso): 20 % × 16,00,000 = 3,20,000 + cess
  // 12,800 = 3,32,800.
  // New: 1,50,000 − 75,000 = 75,000; the ₹4,00,000 exemption leaves 3,25,000 for the gains: 20 % × 16,75,000 =
  // 3,35,000, no s.87A above 12,00,000, + cess 13,400 = 3,48,400. The old regime is recommended.
  const gains = (deductions: { section80G_50WithLimit?: number } = {}) =>
    taxInput({ age: 80, salary: { grossSalary: 150_000 }, capitalGains: [{ section: "111A", gain: 2_000_000 }], deductions });

  it("80C stops at the ordinary income left to deduct from (s.80A(2)), not at ₹1,50,000", () => {
    // 80C of 1,00,000 deducts all there is: TI 20,00,000 of gains; 20 % × (20,00,000 − 5,00,000) = 3,00,000 +
    // cess 12,000 = 3,12,000, a saving of 20,800. The ₹50,000 more that 1,50,000 would take deducts nothing.
    const result = computeTax(gains(), "2025-26");
    expect([result.regimes.old.totalTax, result.regimes.new.totalTax]).toEqual([332_800, 348_400]);
    const topUp = result.savingMoves.find((m) => m.kind === "top_up_80c");
    expect(topUp).toMatchObject({
      change: { field: "deductions.section80C", from: 0, to: 100_000 },
      investment: 100_000,
      totalTaxAfter: 312_000,
      taxSaving: 20_800,
    });
    expect(topUp?.action).toBe(
      "Invest ₹1,00,000 more in s.80C instruments (PPF, ELSS, VPF, life insurance premium) to claim ₹1,00,000 in all, as much as can still be deducted this year",
    );
  });

  it("the same where a s.80G qualifying limit shrinks as the claim grows", () => {
    // With 1,00,000 donated within the s.80G(4) qualifying limit: 10 % of the 1,00,000 adjusted gross total
    // income = 10,000 qualifies, 50 % of it = 5,000 deducted; slab income 95,000 leaves 4,05,000 of the exemption:
    // 20 % × 15,95,000 = 3,19,000 + cess 12,760 = 3,31,760. 80C of 1,00,000 leaves no adjusted gross total
    // income, so no s.80G: TI 20,00,000, 3,12,000 as above, a saving of 19,760. Below 1,00,000 of 80C some income
    // is left and less is deducted, so 1,00,000 is the least claim that saves it.
    const result = computeTax(gains({ section80G_50WithLimit: 100_000 }), "2025-26");
    expect(result.regimes.old.totalTax).toBe(331_760);
    expect(result.savingMoves.find((m) => m.kind === "top_up_80c")).toMatchObject({
      change: { from: 0, to: 100_000 },
      investment: 100_000,
      totalTaxAfter: 312_000,
      taxSaving: 19_760,
    });
  });

  it("the same where s.80GG grows as the claim lowers total income, so less than the gain deducts as much", () => {
    // Old regime FY 2025-26: deposit interest 1,80,000 and winnings 49,00,000 (s.115BB); rent 5,30,000 without an HRA.
    // s.80GG is the rent above 10 % of total income, 5,30,000 − 10 % × (50,80,000 − c) = 22,000 + 0.1c for 80C of c,
    // and Chapter VI-A stays within the 1,80,000 other than the winnings (s.80A(2), s.58(4)). c + 22,000 + 0.1c =
    // 1,80,000 at c = 1,43,636.36 (10 % of 49,36,363.64 is 4,93,636.36 to the paisa below: 80GG 36,363.64), which
    // deducts as much as 1,50,000 would: the move asks for 1,43,636.36, not 1,50,000.
    const withRent = (section80C: number) =>
      taxInput({ otherIncome: { depositInterest: 180_000, casualWinnings: 4_900_000 }, deductions: { section80C, section80GG_rentPaid: 530_000 } });
    const topUp = computeTax(withRent(0), "2025-26").savingMoves.find((m) => m.kind === "top_up_80c");
    expect(topUp).toMatchObject({ change: { field: "deductions.section80C", from: 0, to: 143_636.36 }, investment: 143_636.36 });
    const claimed = computeTax(withRent(143_636.36), "2025-26");
    expect(claimed.regimes.old.chapterVIADeductions).toBe(180_000);
  });

  it("an 80D premium stops where an unsplit 80D total already takes the room both caps share", () => {
    // FY 2025-26. Salary 15L, basic 6L, HRA 3L, rent 3.6L outside the metros; self-occupied home with 2L interest;
    // 80C 1.5L, 80CCD(1B) 50k; an 80D total of 30,000 not split between self and parents, parents below 60.
    // Old: HRA min(3L, 3.6L − 60,000, 40 % × 6L) = 2,40,000 (s.10(13A)); salary 15L − 2.4L − 50k = 12.1L; HP −2L;
    // GTI 10.1L; VI-A 1.5L + 50k + 30k = 2.3L; TI 7.8L; 12,500 + 20 % × 2.8L = 68,500 + cess 2,740 = 71,240.
    // New: TI 14.25L; 20,000 + 40,000 + 15 % × 2.25L = 93,750 + cess 3,750 = 97,500.
    // s.80D(2)(a), (b): 25,000 for self and family plus 25,000 for parents, 50,000 together; the 30,000 leaves
    // 20,000. Either premium of 20,000 gives VI-A 2.5L, TI 7.6L: 12,500 + 52,000 = 64,500 + 2,580 = 67,080, a
    // saving of 4,160; 25,000 would deduct no more.
    const input = taxInput({
      salary: { grossSalary: 1_500_000, basicPlusDA: 600_000, hraReceived: 300_000, rentPaid: 360_000, isMetroCity: false },
      houseProperties: [{ type: "self_occupied", annualRent: 0, municipalTaxesPaid: 0, interestOnHousingLoan: 200_000 }],
      deductions: { section80C: 150_000, section80CCD1B: 50_000 },
    });
    const result = computeTax({ ...input, reported: { section80D: 30_000, parentsSeniorCitizen: false } }, "2025-26");
    expect([result.regimes.old.totalTax, result.regimes.new.totalTax]).toEqual([71_240, 97_500]);
    const self = result.savingMoves.find((m) => m.kind === "health_insurance_self_80d");
    expect(self).toMatchObject({ change: { from: 0, to: 20_000 }, investment: 20_000, totalTaxAfter: 67_080, taxSaving: 4_160 });
    expect(self?.action).toBe(
      "Pay ₹20,000 more in health-insurance premium for yourself, spouse and children under s.80D (₹20,000 in all, as much as can still be deducted this year; limit ₹25,000)",
    );
    expect(result.savingMoves.find((m) => m.kind === "health_insurance_parents_80d")).toMatchObject({
      change: { from: 0, to: 20_000 },
      investment: 20_000,
      taxSaving: 4_160,
    });
  });
});

describe("the last day a move can still be made (actBy)", () => {
  // ss.80C, 80CCD(1B), 80CCD(2) and 80D allow what is paid "in the previous year", the financial year itself, so each
  // payment is due by its 31 March. The opt-out from the new regime is made by the return's due date under s.139(1)
  // (s.115BAC(6); tax year 2026-27: s.263(1) with s.202(4)), per the tax-rules reference §10: FY 2024-25 as
  // extended by the CBDT to 16 September 2025 for every non-audit return; FY 2025-26 31 July 2026, or 31 August
  // 2026 with business or professional income (Explanation 2 to s.139(1) as amended from 1 March 2026; no extension
  // found); tax year 2026-27 31 July 2027.
  // The first case's profile with 80C at 1,00,000: the old regime costs less in every year (FY 2025-26: 1,71,600
  // against 1,92,400, worked there), so each year has the opt-out and payment moves. With professional income of
  // 1,00,000 (s.44ADA: half of receipts of 2,00,000) the old regime still costs less: 12,75,000 taxed 1,95,000 + cess
  // 7,800 = 2,02,800, against 20,25,000 taxed 2,06,250 + 8,250 = 2,14,500 in the new.
  const salaried = taxInput({
    salary: { grossSalary: 2_000_000, basicPlusDA: 1_000_000, hraReceived: 400_000, rentPaid: 500_000, isMetroCity: true },
    houseProperties: [{ type: "self_occupied", annualRent: 0, municipalTaxesPaid: 0, interestOnHousingLoan: 200_000 }],
    deductions: { section80C: 100_000, section80CCD1B: 50_000, section80D_selfFamily: 25_000 },
  });
  const professional: TaxInput = {
    ...salaried,
    presumptive: { ...salaried.presumptive, profession: { grossReceipts: 200_000, cashReceipts: 0, declaredIncome: 0 } },
  };

  it.each<[string, TaxInput, FinancialYear, string, string]>([
    ["salaried, FY 2024-25", salaried, "2024-25", "2025-03-31", "2025-09-16"],
    ["salaried, FY 2025-26", salaried, "2025-26", "2026-03-31", "2026-07-31"],
    ["with professional income, FY 2025-26", professional, "2025-26", "2026-03-31", "2026-08-31"],
    ["salaried, tax year 2026-27", salaried, "2026-27", "2027-03-31", "2027-07-31"],
  ])("%s: payments by %s, the opt-out by %s", (_, input, year, paidBy, optOutBy) => {
    const { savingMoves } = computeTax(input, year);
    const payments = savingMoves.filter((move) => move.kind !== "switch_regime");
    expect(payments.map((move) => move.kind)).toEqual(expect.arrayContaining(["top_up_80c", "health_insurance_parents_80d"]));
    for (const move of payments) expect(move.actBy).toBe(paidBy);
    expect(savingMoves.find((move) => move.kind === "switch_regime")?.actBy).toBe(optOutBy);
  });

  it("tax year 2026-27 names the Income-tax Act, 2025's sections for opting out and for the due date", () => {
    // The 2025 Act puts the new regime as the default in s.202(1), the opting out in s.202(4) (the 1961 Act's
    // s.115BAC(1A) and (6)) and the return's due date in s.263(1) (s.139(1)), as published section texts give them.
    const [earlier, later] = [computeTax(salaried, "2025-26"), computeTax(salaried, "2026-27")].map(
      ({ savingMoves }) => savingMoves.find((move) => move.kind === "switch_regime")!,
    );
    expect(earlier).toMatchObject({
      section: "115BAC(6)",
      action: "Opt out of the new regime and file under the old regime (s.115BAC(6)), in a return filed by the s.139(1) due date",
    });
    expect(later).toMatchObject({
      section: "202(4)",
      action: "Opt out of the new regime and file under the old regime (s.202(4)), in a return filed by the s.263(1) due date",
    });
  });

  it("an updated return (s.139(8A)) has no move left: the year and its due date are over", () => {
    // FY 2024-25, the same salary, with an earlier return filed on 10 September 2025, by its due date, that opted out,
    // so the old regime is still open to the updated return of 31 January 2027. No payment made then counts for a
    // year that ended on 31 March 2025, and the opt-out was due by 16 September 2025: neither can be made now.
    const timely = { ...salaried, taxPayments: { tdsTcs: 0, advanceTax: [], selfAssessmentTax: [] }, returnFiledOn: "2025-09-10" };
    expect(computeTax(timely, "2024-25").savingMoves.map((move) => move.kind)).toEqual(expect.arrayContaining(["top_up_80c", "switch_regime"]));
    const earlierReturn = { filedOn: "2025-09-10", taxAndInterestPayable: 0, refundIssued: 0, regime: "old" as const };
    const result = computeTax({ ...timely, updatedReturn: { filedOn: "2027-01-31", earlierReturn } }, "2024-25");
    expect(result.regimes.old.notAvailable).toBeUndefined();
    expect(result.recommendedRegime).toBe("old");
    expect(result.savingMoves).toEqual([]);
  });
});
