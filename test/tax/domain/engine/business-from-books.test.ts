// Business or professional income computed from books (s.28; Income-tax Act, 2025: s.26) and its losses: this year's
// loss set off against every other head but salary (s.71(1), (2), (2A)), the rest carried forward against business
// income only, eight years (s.72(1), (3)), and only from a return filed by its due date (s.80 with s.139(3)); an
// audit moves the due date to 31 October (Explanation 2(a)(ii) to s.139(1)). Sections read in the Act's text (the
// incometaxindia.gov.in edition reproduced in namish800/tax-act-scraper). Every expected figure is worked by hand in
// the comment beside it from these rules and the year's rates; none is engine output.
// FY 2025-26 rates: old regime below 60 — 2.5L–5L 5 %, 5L–10L 20 %, above 30 % (tax at 5L 12,500, at 10L 1,12,500);
// s.87A up to 5L. New regime — 4L–8L 5 %, 8L–12L 10 %, 12L–16L 15 %, 16L–20L 20 % (tax at 8L 20,000, 12L 60,000, 16L
// 1,20,000, 20L 2,00,000); s.87A up to 12L (₹60,000). Cess 4 %. Standard deduction 50,000 old, 75,000 new.
import { describe, expect, it } from "vitest";
import { computeTax, type FinancialYear, type TaxInput } from "../../../../src/tax/domain/engine";
import type { BusinessFromBooks } from "../../../../src/tax/domain/engine/types";
import { ComputeResultSchema } from "../../../../src/tax/compute/schemas";
import { taxInput, type InputParts } from "./input";

const FY25: FinancialYear = "2025-26";

function books(business: Partial<BusinessFromBooks>): BusinessFromBooks {
  return {
    profit: null,
    newRegimeProfit: null,
    lossesBroughtForward: [],
    speculationProfit: null,
    speculationLossesBroughtForward: [],
    taxAudit: false,
    ...business,
  };
}

function withBooks(business: Partial<BusinessFromBooks>, parts: InputParts = {}, more: Partial<TaxInput> = {}): TaxInput {
  return { ...taxInput(parts), business: books(business), ...more };
}

function compute(input: TaxInput, year: FinancialYear = FY25) {
  return ComputeResultSchema.parse(computeTax(input, year));
}

const loss = (financialYear: string, amount: number, fromDeductionsBarredInNewRegime = 0) => ({
  financialYear,
  amount,
  fromDeductionsBarredInNewRegime,
});

describe("profit from books", () => {
  it("is charged at the slab rates in both regimes, with Chapter VI-A in the old", () => {
    const result = compute(withBooks({ profit: 1_500_000 }, { deductions: { section80C: 150_000 } }));
    // Old: 15,00,000 − 80C 1,50,000 = 13,50,000; 1,12,500 + 30 % of 3,50,000 (1,05,000) = 2,17,500; cess 8,700; 2,26,200.
    expect(result.regimes.old).toMatchObject({
      business: { profitFromBooks: 1_500_000, incomeFromBusiness: 1_500_000, lossSetOff: 0, lossToCarryForward: 0, lossesToCarryForward: [] },
      grossTotalIncome: 1_500_000,
      taxableIncome: 1_350_000,
      slabTax: 217_500,
      cess: 8_700,
      totalTax: 226_200,
    });
    // New: 15,00,000, no 80C; 60,000 + 15 % of 3,00,000 (45,000) = 1,05,000; above ₹12 lakh and more than the excess
    // income of 3,00,000 is not in question (1,05,000 < 3,00,000): no rebate; cess 4,200; 1,09,200.
    expect(result.regimes.new).toMatchObject({ taxableIncome: 1_500_000, slabTax: 105_000, rebate87A: 0, cess: 4_200, totalTax: 109_200 });
    expect(result.itr).toEqual({ form: "ITR-3", rule: "ITR-3: income from business or profession computed from books of account" });
  });

  it("sits beside presumptive income in the same head, a loss from books set off against it first (s.70(1))", () => {
    // s.44ADA: 50 % of 20,00,000 = 10,00,000; books −4,00,000; the head 6,00,000, nothing left to set off elsewhere.
    const result = compute(
      withBooks({ profit: -400_000 }, { presumptive: { profession: { grossReceipts: 2_000_000, cashReceipts: 0, declaredIncome: 0 } } }),
    );
    for (const regime of ["old", "new"] as const) {
      expect(result.regimes[regime].business).toMatchObject({
        presumptiveProfessionIncome: 1_000_000,
        profitFromBooks: -400_000,
        incomeFromBusiness: 600_000,
        lossSetOff: 0,
        lossToCarryForward: 0,
      });
      expect(result.regimes[regime].grossTotalIncome).toBe(600_000);
    }
    // Old: 12,500 + 20 % of 1,00,000 = 32,500; cess 1,300; 33,800. New: 6,00,000 ≤ 12 lakh, 10,000 rebated: 0.
    expect(result.regimes.old.totalTax).toBe(33_800);
    expect(result.regimes.new.totalTax).toBe(0);
    // ITR-4 is for the presumptive schemes alone.
    expect(result.itr.form).toBe("ITR-3");
  });

  it("is charged in the new regime without the deductions it denies, where the profit names that figure (s.115BAC(2)(i))", () => {
    // Additional depreciation under s.32(1)(iia) of 1,00,000: old 4,00,000, new 5,00,000.
    const result = compute(withBooks({ profit: 400_000, newRegimeProfit: 500_000 }));
    expect(result.regimes.old.business.profitFromBooks).toBe(400_000);
    expect(result.regimes.new.business.profitFromBooks).toBe(500_000);
    // Old: 4,00,000 ≤ 5 lakh: 7,500 rebated. New: 5,00,000: 5,000 rebated.
    expect(result.regimes.old).toMatchObject({ taxableIncome: 400_000, slabTax: 7_500, rebate87A: 7_500, totalTax: 0 });
    expect(result.regimes.new).toMatchObject({ taxableIncome: 500_000, slabTax: 5_000, rebate87A: 5_000, totalTax: 0 });
  });
});

describe("this year's business loss", () => {
  // Salary 12,00,000; deposit interest 3,00,000; a loss from the books of 5,00,000.
  const parts: InputParts = { salary: { grossSalary: 1_200_000 }, otherIncome: { depositInterest: 300_000 } };

  it("is set off against other sources but never against salary (s.71(2A)); the rest is carried forward (s.72(1))", () => {
    const result = compute(withBooks({ profit: -500_000 }, parts));
    // Old: salary 11,50,000 untouched; the loss takes the 3,00,000 of interest; 2,00,000 left. Total income 11,50,000:
    // 1,12,500 + 30 % of 1,50,000 (45,000) = 1,57,500; cess 6,300; 1,63,800.
    expect(result.regimes.old).toMatchObject({
      salary: { incomeFromSalary: 1_150_000 },
      otherSources: { incomeFromOtherSources: 300_000 },
      business: {
        profitFromBooks: -500_000,
        incomeFromBusiness: -500_000,
        lossSetOff: 300_000,
        lossToCarryForward: 200_000,
        lossesToCarryForward: [{ financialYear: "2025-26", amount: 200_000, fromDeductionsBarredInNewRegime: 0 }],
        lossLostToLateReturn: 0,
      },
      grossTotalIncome: 1_150_000,
      totalTax: 163_800,
    });
    // New: salary 11,25,000; the same set-off and carry. 20,000 + 10 % of 3,25,000 = 52,500, rebated (≤ 12 lakh): 0.
    expect(result.regimes.new).toMatchObject({
      business: { lossSetOff: 300_000, lossToCarryForward: 200_000 },
      grossTotalIncome: 1_125_000,
      slabTax: 52_500,
      rebate87A: 52_500,
      totalTax: 0,
    });
  });

  it("is not carried forward from a return filed after its due date (s.80), while losses of earlier years still are", () => {
    // Due date with business income not audited, FY 2025-26: 31 August 2026. The 2019-20 loss meets no business income.
    const earlier = [loss("2019-20", 80_000)];
    const late = compute(withBooks({ profit: -500_000, lossesBroughtForward: earlier }, parts, { returnFiledOn: "2026-09-01" }));
    for (const regime of ["old", "new"] as const) {
      expect(late.regimes[regime].business).toMatchObject({
        lossSetOff: 300_000,
        lossLostToLateReturn: 200_000,
        lossToCarryForward: 80_000,
        lossesToCarryForward: [{ financialYear: "2019-20", amount: 80_000, fromDeductionsBarredInNewRegime: 0 }],
      });
    }
    expect(late.notes).toContain(
      "business.lossLostToLateReturn: returnFiledOn is after the due date 2026-08-31, so this year's business loss not set off, ₹2,00,000, is not carried forward (s.80); business losses brought forward from earlier years still are",
    );
    // Filed on the due date itself: carried.
    const onTime = compute(withBooks({ profit: -500_000, lossesBroughtForward: earlier }, parts, { returnFiledOn: "2026-08-31" }));
    expect(onTime.regimes.old.business).toMatchObject({ lossLostToLateReturn: 0, lossToCarryForward: 280_000 });
    expect(onTime.regimes.old.business.lossesToCarryForward.map((entry) => entry.financialYear)).toEqual(["2019-20", "2025-26"]);
  });

  it("carries the part from deductions the new regime denies in the old regime only, that part set off first", () => {
    // Old: −3,00,000 with 2,00,000 of additional depreciation (new: −1,00,000). Interest of 50,000 takes 50,000 of
    // the old loss, from the denied part first: 2,50,000 carried, 1,50,000 of it from that part. New: 1,00,000 − 50,000.
    const result = compute(withBooks({ profit: -300_000, newRegimeProfit: -100_000 }, { otherIncome: { depositInterest: 50_000 } }));
    expect(result.regimes.old.business.lossesToCarryForward).toEqual([
      { financialYear: "2025-26", amount: 250_000, fromDeductionsBarredInNewRegime: 150_000 },
    ]);
    expect(result.regimes.new.business.lossesToCarryForward).toEqual([
      { financialYear: "2025-26", amount: 50_000, fromDeductionsBarredInNewRegime: 0 },
    ]);
    // Both regimes owe nothing this year, so the new one, the default, is recommended: the answer says what it costs later.
    expect(result.recommendedRegime).toBe("new");
    expect(result.notes).toContain(
      "business.lossToCarryForward: the new regime is recommended on this year's tax, but it carries forward ₹50,000 of business loss against ₹2,50,000 in the old regime",
    );
  });
});

describe("business losses brought forward", () => {
  it("go only against this year's business income, oldest first (s.72(1)), never against salary", () => {
    // Salary 10,00,000; profit 3,00,000; losses of 2018-19 (1,00,000) and 2020-21 (5,00,000): 1,00,000 + 2,00,000 set
    // off, 3,00,000 of 2020-21 left.
    const result = compute(
      withBooks(
        { profit: 300_000, lossesBroughtForward: [loss("2020-21", 500_000), loss("2018-19", 100_000)] },
        { salary: { grossSalary: 1_000_000 } },
      ),
    );
    // Old: salary 9,50,000, business nil: 12,500 + 20 % of 4,50,000 (90,000) = 1,02,500; cess 4,100; 1,06,600.
    expect(result.regimes.old).toMatchObject({
      business: {
        incomeFromBusiness: 300_000,
        lossBroughtForwardSetOff: 300_000,
        lossesToCarryForward: [{ financialYear: "2020-21", amount: 300_000, fromDeductionsBarredInNewRegime: 0 }],
      },
      grossTotalIncome: 950_000,
      totalTax: 106_600,
    });
    // New: salary 9,25,000: 20,000 + 12,500 = 32,500, rebated: 0.
    expect(result.regimes.new).toMatchObject({ business: { lossBroughtForwardSetOff: 300_000 }, grossTotalIncome: 925_000, totalTax: 0 });
  });

  it("stay unused without business income this year, and end after their eighth year (s.72(3))", () => {
    // FY 2025-26: a loss of 2017-18 is in its eighth year and ends; one of 2018-19 carries on. No business this year.
    const result = compute(
      withBooks({ lossesBroughtForward: [loss("2017-18", 400_000), loss("2018-19", 100_000)] }, { otherIncome: { depositInterest: 600_000 } }),
    );
    expect(result.regimes.old.business).toMatchObject({
      lossBroughtForwardSetOff: 0,
      lossBroughtForwardLapsed: 400_000,
      lossesToCarryForward: [{ financialYear: "2018-19", amount: 100_000, fromDeductionsBarredInNewRegime: 0 }],
    });
    // Interest of 6,00,000 is not business income: old 12,500 + 20,000 = 32,500, cess 1,300, 33,800.
    expect(result.regimes.old.grossTotalIncome).toBe(600_000);
    expect(result.regimes.old.totalTax).toBe(33_800);
    expect(result.itr).toEqual({ form: "ITR-3", rule: "ITR-3: business losses brought forward from earlier years" });
  });

  it("in their eighth year are set off as far as this year's profit goes", () => {
    // 2017-18: 4,00,000 against a profit of 1,00,000: 1,00,000 set off, 3,00,000 ends.
    const result = compute(withBooks({ profit: 100_000, lossesBroughtForward: [loss("2017-18", 400_000)] }));
    expect(result.regimes.new.business).toMatchObject({
      lossBroughtForwardSetOff: 100_000,
      lossBroughtForwardLapsed: 300_000,
      lossesToCarryForward: [],
    });
  });

  it("in the new regime leave out, and end, the part from deductions it denies (s.115BAC(2)(ii)(a), (3))", () => {
    // 3,00,000 of 2023-24, 1,00,000 of it from additional depreciation; profit 5,00,000. Old: all 3,00,000 set off,
    // business 2,00,000. New: 2,00,000 set off, business 3,00,000; the 1,00,000 is not carried.
    const result = compute(withBooks({ profit: 500_000, lossesBroughtForward: [loss("2023-24", 300_000, 100_000)] }));
    expect(result.regimes.old.business).toMatchObject({ lossBroughtForwardSetOff: 300_000, lossesToCarryForward: [] });
    expect(result.regimes.old.grossTotalIncome).toBe(200_000);
    expect(result.regimes.new.business).toMatchObject({ lossBroughtForwardSetOff: 200_000, lossToCarryForward: 0, lossesToCarryForward: [] });
    expect(result.regimes.new.grossTotalIncome).toBe(300_000);
  });

  it("in the old regime take the denied part first, which leaves the most for a year in the new regime", () => {
    // 3,00,000 of 2023-24, 1,00,000 of it denied; profit 50,000 takes 50,000 of the denied part: 2,50,000 left, 50,000 denied.
    const result = compute(withBooks({ profit: 50_000, lossesBroughtForward: [loss("2023-24", 300_000, 100_000)] }));
    expect(result.regimes.old.business.lossesToCarryForward).toEqual([
      { financialYear: "2023-24", amount: 250_000, fromDeductionsBarredInNewRegime: 50_000 },
    ]);
    // New: 2,00,000 usable, 50,000 set off, 1,50,000 carried, none of it denied.
    expect(result.regimes.new.business.lossesToCarryForward).toEqual([
      { financialYear: "2023-24", amount: 150_000, fromDeductionsBarredInNewRegime: 0 },
    ]);
  });
});

describe("with a house-property loss in the same year", () => {
  it("sets the business loss off first against the heads other than salary, and the house-property loss against salary", () => {
    // Old: salary 15,00,000 − 50,000 = 14,50,000; deposit interest 1,00,000; a self-occupied home's loan interest
    // 2,00,000 (house property −2,00,000); books −1,50,000. The business loss cannot reach salary, so it goes first:
    // 1,00,000 against the interest, 50,000 carried; the house-property loss, ₹2 lakh at most (s.71(3A)), against
    // salary: total income 12,50,000 (the other order would leave 13,50,000). 1,12,500 + 30 % of 2,50,000 (75,000)
    // = 1,87,500; cess 7,500; 1,95,000.
    const result = compute(
      withBooks(
        { profit: -150_000 },
        {
          salary: { grossSalary: 1_500_000 },
          otherIncome: { depositInterest: 100_000 },
          houseProperties: [{ type: "self_occupied", annualRent: 0, municipalTaxesPaid: 0, interestOnHousingLoan: 200_000 }],
        },
      ),
    );
    expect(result.regimes.old).toMatchObject({
      houseProperty: { incomeFromHouseProperty: -200_000, lossSetOff: 200_000, lossToCarryForward: 0 },
      business: { lossSetOff: 100_000, lossesToCarryForward: [{ financialYear: "2025-26", amount: 50_000, fromDeductionsBarredInNewRegime: 0 }] },
      grossTotalIncome: 1_250_000,
      totalTax: 195_000,
    });
    // New: no self-occupied interest (s.115BAC(2)(i)); salary 14,25,000; the business loss the same. 60,000 + 15 % of
    // 2,25,000 (33,750) = 93,750; cess 3,750; 97,500.
    expect(result.regimes.new).toMatchObject({
      houseProperty: { incomeFromHouseProperty: 0 },
      business: { lossSetOff: 100_000, lossToCarryForward: 50_000 },
      grossTotalIncome: 1_425_000,
      totalTax: 97_500,
    });
  });

  it("leaves business income to business losses brought forward, the house-property loss going to salary first", () => {
    // Old: salary 3,00,000 − 50,000 = 2,50,000; house property −2,00,000; profit 4,00,000; a 2022-23 loss of
    // 4,00,000. The house-property loss goes against salary; the loss brought forward takes all the profit.
    const result = compute(
      withBooks(
        { profit: 400_000, lossesBroughtForward: [loss("2022-23", 400_000)] },
        {
          salary: { grossSalary: 300_000 },
          houseProperties: [{ type: "self_occupied", annualRent: 0, municipalTaxesPaid: 0, interestOnHousingLoan: 200_000 }],
        },
      ),
    );
    expect(result.regimes.old).toMatchObject({
      houseProperty: { lossSetOff: 200_000 },
      business: { lossBroughtForwardSetOff: 400_000, lossToCarryForward: 0 },
      grossTotalIncome: 50_000,
    });
  });
});

describe("the return's due date and interest", () => {
  // New regime: profit 20,00,000, tax 2,00,000 + cess 8,000 = 2,08,000; no advance tax, no TDS; filed 20 November 2026.
  const payments = { tdsTcs: 0, advanceTax: [], selfAssessmentTax: [] };
  const filed = { taxPayments: payments, returnFiledOn: "2026-11-20" };

  it("moves to 31 October with an audit (Explanation 2(a)(ii) to s.139(1)), which shortens s.234A", () => {
    const audited = compute(withBooks({ profit: 2_000_000, taxAudit: true }, {}, filed));
    // From 1 November to 20 November: one month (Rule 119A(b)); on 2,08,000: 2,080.
    expect(audited.regimes.new.interest?.lateReturn).toEqual({
      section: "234A",
      dueDate: "2026-10-31",
      filedOn: "2026-11-20",
      months: 1,
      base: 208_000,
      interest: 2_080,
    });
    // Without the audit the due date is 31 August: September, October and part of November, three months: 6,240.
    const unaudited = compute(withBooks({ profit: 2_000_000 }, {}, filed));
    expect(unaudited.regimes.new.interest?.lateReturn).toMatchObject({ dueDate: "2026-08-31", months: 3, interest: 6_240 });
    // FY 2024-25's audit cases: 10 December 2025, as extended (CBDT Circular 15/2025).
    const earlier = compute(withBooks({ profit: 2_000_000, taxAudit: true }, {}, { taxPayments: payments, returnFiledOn: "2025-12-10" }), "2024-25");
    expect(earlier.regimes.new.interest?.lateReturn).toMatchObject({ dueDate: "2025-12-10", months: 0, interest: 0 });
  });

  it("keeps the four advance-tax instalments for income from books, where presumptive income alone has one (s.211(1)(b))", () => {
    // s.234C on 2,08,000 with nothing paid: 15 % = 31,200 × 3 % = 936; 45 % = 93,600 × 3 % = 2,808; 75 % = 1,56,000 ×
    // 3 % = 4,680; 100 % = 2,08,000 × 1 % = 2,080; 10,504.
    const fromBooks = compute(withBooks({ profit: 2_000_000 }, {}, { taxPayments: payments }));
    expect(fromBooks.regimes.new.interest?.advanceTaxDeferment.instalments.map((line) => line.interest)).toEqual([936, 2_808, 4_680, 2_080]);
    expect(fromBooks.regimes.new.interest?.advanceTaxDeferment.interest).toBe(10_504);
    // The same 20,00,000 presumed under s.44ADA (50 % of 40,00,000): 15 March only, 2,080.
    const profession = { grossReceipts: 4_000_000, cashReceipts: 0, declaredIncome: 0 };
    const presumptive = compute({ ...taxInput({ presumptive: { profession } }), taxPayments: payments });
    expect(presumptive.regimes.new.interest?.advanceTaxDeferment.instalments.map((line) => line.dueDate)).toEqual(["2026-03-15"]);
    expect(presumptive.regimes.new.interest?.advanceTaxDeferment.interest).toBe(2_080);
    // Both: the four instalments of s.211(1)(a).
    const both = compute(withBooks({ profit: 0 }, { presumptive: { profession } }, { taxPayments: payments }));
    expect(both.regimes.new.interest?.advanceTaxDeferment.interest).toBe(10_504);
  });
});
