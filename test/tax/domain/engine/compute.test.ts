// The result as a whole: recommended regime, return form, saving moves, disclaimer, default year.
import { describe, expect, it } from "vitest";
import {
  applySavingMove,
  computeTax,
  currentFinancialYear,
  isSupportedFinancialYear,
  type FinancialYear,
  type TaxInput,
} from "../../../../src/tax/domain/engine";
import { salaryFor, taxInput } from "./input";

describe("recommended regime", () => {
  it("recommends the new regime on a tie (it is the default, s.115BAC(1A))", () => {
    const result = computeTax(taxInput(), "2025-26");
    expect(result.regimes.old.totalTax).toBe(0);
    expect(result.regimes.new.totalTax).toBe(0);
    expect(result.recommendedRegime).toBe("new");
    expect(result.recommendedRegimeSaving).toBe(0);
  });

  it("recommends the old regime when deductions make it cheaper, with the saving in rupees", () => {
    // Hand computation in "saving moves" below: old 1,87,200, new 1,92,400.
    const result = computeTax(heavyDeductions, "2025-26");
    expect(result.regimes.old.totalTax).toBe(187_200);
    expect(result.regimes.new.totalTax).toBe(192_400);
    expect(result.recommendedRegime).toBe("old");
    expect(result.recommendedRegimeSaving).toBe(5_200);
  });
});

// Salary 20L, basic 10L, HRA 4L, rent 5L in a metro, self-occupied home with 2L interest, 80C 50k, 80CCD(1B) 50k,
// 80D 25k. Old: HRA min(4L, 5L − 1L, 5L) = 4L; salary 20L − 4L − 50k = 15.5L; HP −2L; GTI 13.5L; VI-A 1.25L;
// TI 12.25L; tax 1,12,500 + 67,500 = 1,80,000 + cess 7,200 = 1,87,200. New: TI 19.25L; tax 1,20,000 + 65,000 =
// 1,85,000 + cess 7,400 = 1,92,400.
const heavyDeductions: TaxInput = taxInput({
  salary: { grossSalary: 2_000_000, basicPlusDA: 1_000_000, hraReceived: 400_000, rentPaid: 500_000, isMetroCity: true },
  houseProperties: [{ type: "self_occupied", annualRent: 0, municipalTaxesPaid: 0, interestOnHousingLoan: 200_000 }],
  deductions: { section80C: 50_000, section80CCD1B: 50_000, section80D_selfFamily: 25_000 },
});

describe("saving moves", () => {
  it("prices and ranks each move by re-running the engine", () => {
    const { savingMoves } = computeTax(heavyDeductions, "2025-26");
    // 80C +1L: TI 11.25L → 1,50,000 + 6,000 = 1,56,000, saves 31,200.
    // Employer NPS at 10 % of basic (1L, old regime): same 31,200; the 14 % (new-regime) limit gives the new
    // regime 1,63,280 and the old still 1,56,000, so it saves no more and the smaller contribution is kept.
    // Parents' 80D 25k: TI 12L → 1,72,500 + 6,900 = 1,79,400, saves 7,800.
    // Switching regime: 1,92,400 (default new) − 1,87,200 = 5,200.
    expect(savingMoves.map((m) => [m.kind, m.taxSaving, m.investment])).toEqual([
      ["top_up_80c", 31_200, 100_000],
      ["employer_nps_80ccd2", 31_200, 100_000],
      ["health_insurance_parents_80d", 7_800, 25_000],
      ["switch_regime", 5_200, 0],
    ]);
    expect(savingMoves[0]).toMatchObject({
      section: "80C",
      action: expect.stringContaining("Invest ₹1,00,000 more in s.80C instruments"),
      change: { field: "deductions.section80C", from: 50_000, to: 150_000 },
      regimeAfter: "old",
      totalTaxBefore: 187_200,
      totalTaxAfter: 156_000,
    });
    expect(savingMoves[1]?.action).toBe("Restructure salary so your employer pays ₹1,00,000 a year into your NPS account (s.80CCD(2))");
    expect(savingMoves[3]).toMatchObject({ change: null, totalTaxBefore: 192_400, totalTaxAfter: 187_200 });
  });

  it("every move's claimed total is what a re-run of the changed input gives", () => {
    const { savingMoves } = computeTax(heavyDeductions, "2025-26");
    for (const move of savingMoves.filter((m) => m.change !== null)) {
      const rerun = computeTax(applySavingMove(heavyDeductions, move), "2025-26");
      expect(Math.min(rerun.regimes.old.totalTax, rerun.regimes.new.totalTax)).toBe(move.totalTaxAfter);
    }
  });

  it("suggests nothing when no action lowers the tax (12,00,000 taxable in FY 2025-26 already pays 0)", () => {
    expect(computeTax(salaryFor(1_200_000, "new"), "2025-26").savingMoves).toEqual([]);
  });

  it("tells the taxpayer to opt out of the new regime when the move only pays off in the old one", () => {
    // heavyDeductions without the 80C: old TI 12.75L → 1,12,500 + 82,500 = 1,95,000 + 7,800 = 2,02,800, so the
    // new regime (1,92,400) wins. 80C 1.5L: old TI 11.25L → 1,56,000, saving 36,400 under the old regime.
    const input: TaxInput = { ...heavyDeductions, deductions: { ...heavyDeductions.deductions, section80C: 0 } };
    const result = computeTax(input, "2025-26");
    expect(result.recommendedRegime).toBe("new");
    const topUp = result.savingMoves.find((m) => m.kind === "top_up_80c");
    expect(topUp).toMatchObject({ taxSaving: 36_400, investment: 150_000, regimeAfter: "old", totalTaxAfter: 156_000 });
    expect(topUp?.action).toContain("opt out of the new regime (s.115BAC(6)) in a return filed by the s.139(1) due date");
    expect(result.savingMoves.some((m) => m.kind === "switch_regime")).toBe(false);
  });

  it("tells the taxpayer to stay in the new regime when the move only pays off there, though the old one is recommended", () => {
    // FY 2025-26. Salary 40L, basic 24L, HRA 4.25L, rent 10L in a metro, self-occupied home with 2L interest,
    // 80C 1.5L, 80CCD(1B) 50k, 80D 25k.
    // Old: HRA min(4.25L, 10L − 2.4L, 12L) = 4.25L (s.10(13A)); salary 40L − 4.25L − 50k = 35.25L; HP −2L
    // (s.24(b)); VI-A 2.25L; TI 31L; 1,12,500 + 30 % × 21L = 7,42,500 + cess 29,700 = 7,72,200.
    // New: TI 39.25L; 3,00,000 up to 24L + 30 % × 15.25L = 7,57,500 + cess 30,300 = 7,87,800. Old recommended.
    // Employer NPS at 14 % of basic, 3,36,000 (s.80CCD(2), every employer in the new regime): new TI 35.89L;
    // 3,00,000 + 3,56,700 = 6,56,700 + cess 26,268 = 6,82,968 → 6,82,970 (s.288B). The old regime allows only
    // 10 % (2,40,000) of it: TI 28.6L; 1,12,500 + 5,58,000 = 6,70,500 + cess 26,820 = 6,97,320. So the saving
    // of 89,230 is there only in the new regime, and opting out as recommended would lose 14,350 of it.
    const input = taxInput({
      salary: { grossSalary: 4_000_000, basicPlusDA: 2_400_000, hraReceived: 425_000, rentPaid: 1_000_000, isMetroCity: true },
      houseProperties: [{ type: "self_occupied", annualRent: 0, municipalTaxesPaid: 0, interestOnHousingLoan: 200_000 }],
      deductions: { section80C: 150_000, section80CCD1B: 50_000, section80D_selfFamily: 25_000 },
    });
    const result = computeTax(input, "2025-26");
    expect(result.regimes.old.totalTax).toBe(772_200);
    expect(result.regimes.new.totalTax).toBe(787_800);
    expect(result.recommendedRegime).toBe("old");
    const nps = result.savingMoves.find((m) => m.kind === "employer_nps_80ccd2");
    expect(nps).toMatchObject({ change: { from: 0, to: 336_000 }, regimeAfter: "new", totalTaxAfter: 682_970, taxSaving: 89_230 });
    expect(nps?.action).toBe(
      "Restructure salary so your employer pays ₹3,36,000 a year into your NPS account (s.80CCD(2)), and stay in the new regime rather than opting out of it (s.115BAC(1A))",
    );
  });
});

describe("saving moves for a pension", () => {
  // A pension from a former employer comes with no employment, so no employer can pay into the pensioner's NPS
  // (s.80CCD(2) is for an employer's contribution): /compute refuses deductions.section80CCD2 beside
  // salary.isPension, and no move may ask for it. FY 2025-26, age 62, pension ₹20,00,000 whose basic pension and
  // dearness relief are ₹10,00,000.
  it("never suggests an employer's NPS contribution", () => {
    const input = taxInput({ age: 62, salary: { grossSalary: 2_000_000, basicPlusDA: 1_000_000, isPension: true } });
    const kinds = computeTax(input, "2025-26").savingMoves.map((move) => move.kind);
    expect(kinds).not.toContain("employer_nps_80ccd2");
    // The same salary as an employee's is offered it: the pension alone rules it out.
    const employee = taxInput({ age: 62, salary: { grossSalary: 2_000_000, basicPlusDA: 1_000_000 } });
    expect(computeTax(employee, "2025-26").savingMoves.map((move) => move.kind)).toContain("employer_nps_80ccd2");
  });
});

describe("opting out of the new regime (s.115BAC(6))", () => {
  // FY 2024-25. Professional receipts 30L, income 15L (s.44ADA, 50 %); self-occupied home with 2L interest;
  // 80CCD(1B) 50k, 80D 25k; 80C as given.
  // New (s.115BAC(1A)(ii)): TI 15L, neither s.24(b) for the home nor Chapter VI-A; 20,000 + 30,000 + 30,000 +
  // 60,000 = 1,40,000 + cess 5,600 = 1,45,600.
  // Old, 80C 1.5L: GTI 15L − 2L (s.24(b), s.71(3A)) = 13L; VI-A 2.25L; TI 10.75L; 1,12,500 + 22,500 = 1,35,000
  // + cess 5,400 = 1,40,400. Without the 80C: TI 12.25L; 1,12,500 + 67,500 = 1,80,000 + 7,200 = 1,87,200.
  const professional = (section80C: number) =>
    taxInput({
      presumptive: { profession: { grossReceipts: 3_000_000, cashReceipts: 0, declaredIncome: 0 } },
      houseProperties: [{ type: "self_occupied", annualRent: 0, municipalTaxesPaid: 0, interestOnHousingLoan: 200_000 }],
      deductions: { section80C, section80CCD1B: 50_000, section80D_selfFamily: 25_000 },
    });
  const continuing =
    "on or before the s.139(1) due date; with business or professional income the opt-out carries on to later years and can be withdrawn only once";

  it("with business or professional income the switch says the opt-out is due by the due date and carries on", () => {
    const result = computeTax(professional(150_000), "2024-25");
    expect([result.regimes.old.totalTax, result.regimes.new.totalTax]).toEqual([140_400, 145_600]);
    const move = result.savingMoves.find((m) => m.kind === "switch_regime");
    expect(move).toMatchObject({ taxSaving: 5_200 });
    expect(move?.action).toBe(`Opt out of the new regime and file under the old regime (s.115BAC(6)), opting out ${continuing}`);
  });

  it("with business or professional income a move that needs the old regime says the same", () => {
    const result = computeTax(professional(0), "2024-25");
    expect([result.regimes.old.totalTax, result.regimes.new.totalTax]).toEqual([187_200, 145_600]);
    const move = result.savingMoves.find((m) => m.kind === "top_up_80c");
    expect(move).toMatchObject({ regimeAfter: "old", totalTaxAfter: 140_400, taxSaving: 5_200 });
    expect(move?.action).toBe(
      `Invest ₹1,50,000 more in s.80C instruments (PPF, ELSS, VPF, life insurance premium) to reach the ₹1,50,000 limit, and opt out of the new regime (s.115BAC(6)) ${continuing}`,
    );
  });

  it("without business income the opt-out is made each year in a return filed by the due date", () => {
    const move = computeTax(heavyDeductions, "2025-26").savingMoves.find((m) => m.kind === "switch_regime");
    expect(move?.action).toBe("Opt out of the new regime and file under the old regime (s.115BAC(6)), in a return filed by the s.139(1) due date");
  });
});

describe("ITR form", () => {
  const itr = (input: TaxInput, year: FinancialYear = "2025-26") => computeTax(input, year).itr;

  it("ITR-1 at exactly 50,00,000 of total income", () => {
    expect(itr(salaryFor(5_000_000, "new"))).toMatchObject({ form: "ITR-1" });
  });
  it("ITR-2 above 50,00,000", () => {
    expect(itr(salaryFor(5_000_010, "new"))).toEqual({ form: "ITR-2", rule: "ITR-2: total income above ₹50,00,000 (50 lakh)" });
  });
  it("ITR-2 for a non-resident and for a resident but not ordinarily resident", () => {
    expect(itr(salaryFor(800_000, "new", { residentialStatus: "non_resident" })).form).toBe("ITR-2");
    expect(itr(salaryFor(800_000, "new", { residentialStatus: "resident_not_ordinarily_resident" })).rule).toContain("ordinarily resident");
  });
  const twoHomes = salaryFor(800_000, "new", {
    houseProperties: [
      { type: "self_occupied", annualRent: 0, municipalTaxesPaid: 0, interestOnHousingLoan: 0 },
      { type: "let_out", annualRent: 120_000, municipalTaxesPaid: 0, interestOnHousingLoan: 0 },
    ],
  });
  it("two house properties: ITR-2 for FY 2024-25 (ITR-1 allowed one), ITR-1 from FY 2025-26", () => {
    expect(itr(twoHomes, "2024-25").form).toBe("ITR-2");
    expect(itr(twoHomes, "2025-26").form).toBe("ITR-1");
    expect(itr(twoHomes, "2026-27").form).toBe("ITR-1");
  });
  // A let-out home: rent 1,00,000 less 30 % (s.24(a)) less interest 3,00,000 is a loss of 2,30,000.
  const letOutAtALoss = [{ type: "let_out" as const, annualRent: 100_000, municipalTaxesPaid: 0, interestOnHousingLoan: 300_000 }];
  it("ITR-2 when the old regime, recommended, carries a house-property loss forward", () => {
    // Old: salary 20,00,000 less the 2,00,000 of loss set off (s.71(3A)) less 6,00,000 of s.80G gives 12,00,000,
    // tax 1,72,500 before cess; new: 19,75,000, tax 1,95,000 before cess. The old regime carries the other 30,000 of
    // loss forward (s.71B).
    const loss = salaryFor(2_000_000, "old", { houseProperties: letOutAtALoss, deductions: { section80G_100: 600_000 } });
    const result = computeTax(loss, "2025-26");
    expect(result.recommendedRegime).toBe("old");
    expect(result.regimes.old.houseProperty.lossToCarryForward).toBe(30_000);
    expect(result.itr).toMatchObject({ form: "ITR-2" });
    expect(result.itr.rule).toContain("carry forward");
  });
  it("ITR-1 when the new regime, recommended, ends the house-property loss it cannot set off (s.115BAC(3))", () => {
    const loss = salaryFor(800_000, "new", { houseProperties: letOutAtALoss });
    const result = computeTax(loss, "2025-26");
    expect(result.recommendedRegime).toBe("new");
    expect(result.regimes.new.houseProperty).toMatchObject({ lossNotSetOff: 230_000, lossToCarryForward: 0 });
    expect(itr(loss)).toMatchObject({ form: "ITR-1" });
  });
});

describe("disclaimer and year", () => {
  it("says the result is not tax advice", () => {
    expect(computeTax(taxInput(), "2024-25").disclaimer).toContain("not tax advice");
  });
  it("labels the year and its Act", () => {
    expect(computeTax(taxInput(), "2026-27")).toMatchObject({ yearLabel: "Tax year 2026-27", act: "Income-tax Act, 2025" });
    expect(computeTax(taxInput(), "2024-25")).toMatchObject({ yearLabel: "FY 2024-25 (AY 2025-26)", act: "Income-tax Act, 1961" });
  });
  it.each([
    ["2026-03-31T18:29:59.999Z", "2025-26"], // 31 March 23:59:59 IST
    ["2026-03-31T18:30:00.000Z", "2026-27"], // 1 April 00:00 IST
    ["2025-01-15T00:00:00.000Z", "2024-25"],
    ["2027-04-01T00:00:00.000Z", "2027-28"],
  ])("the financial year at %s is %s (IST)", (instant, year) => {
    expect(currentFinancialYear(Date.parse(instant))).toBe(year);
  });
  it("knows which years it supports", () => {
    expect(isSupportedFinancialYear("2026-27")).toBe(true);
    expect(isSupportedFinancialYear("2027-28")).toBe(false);
  });
});
