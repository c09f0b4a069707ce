// Credit for tax a resident paid abroad: s.90 (a country with a tax treaty) and s.91 (one without) of the Income-tax
// Act, 1961, with Rule 128 (tax year 2026-27: ss.159 and 160 of the Income-tax Act, 2025). The foreign income is
// already in its head. Rule 128(4): each source in each country is worked apart, its credit the lower of the foreign
// tax (above what the treaty allows ignored, proviso to (4)(i)) and the Indian tax on that income; the credits are
// added. The Indian tax on an income is the income at the Indian rate of tax, the tax after s.89 relief and before
// this credit divided by total income (s.91 Explanation (ii); the same average rate for s.90). Rule 128(3): the credit
// is against tax, surcharge and cess, so never more than that tax. The Indian tax on an income is rounded to the
// nearest rupee; the foreign tax loses its paise. Every figure is worked by hand below, resident aged 40 unless said.
//
// Slabs used: new regime FY 2025-26 and tax year 2026-27: 4L-8L 5 %, 8L-12L 10 %, 12L-16L 15 %, 16L-20L 20 %,
// 20L-24L 25 %, above 30 % (tax at 12L: 60,000; at 16L: 1,20,000; at 20L: 2,00,000; at 24L: 3,00,000). New regime
// FY 2024-25: 3L-7L 5 %, 7L-10L 10 %, 10L-12L 15 %, 12L-15L 20 %. Old regime below 60: 2.5L-5L 5 %, 5L-10L 20 %,
// above 30 % (tax at 5L: 12,500; at 10L: 1,12,500). Cess 4 %.
//
// The first profile: salary 20,00,000, of which 6,00,000 earned in the United States with 1,50,000 of US tax.
//   New regime: TI 20,00,000 − 75,000 = 19,25,000: 1,20,000 + 3,25,000 × 20 % = 65,000 → 1,85,000; no s.87A above
//     ₹12 lakh; cess 7,400; tax 1,92,400. Indian rate 1,92,400 ÷ 19,25,000 = 9.99480519… %, so 9.9948 %.
//     Indian tax on 6,00,000 = 6,00,000 × 1,92,400 ÷ 19,25,000 = 59,968.83 → 59,969; credit min(1,50,000, 59,969)
//     = 59,969; tax 1,92,400 − 59,969 = 1,32,431 → totalTax 1,32,430 (s.288B).
//   Old regime: TI 20,00,000 − 50,000 = 19,50,000: 1,12,500 + 9,50,000 × 30 % = 2,85,000 → 3,97,500; cess 15,900;
//     tax 4,13,400. Indian rate 4,13,400 ÷ 19,50,000 = 21.2 %; Indian tax on 6,00,000 = 1,27,200, below the US tax
//     of 1,50,000, so the credit is 1,27,200: the excess foreign tax is not credited; tax 2,86,200.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ComputeResultSchema } from "../../../../src/tax/compute/schemas";
import { applySavingMove, computeTax, REGIMES, type ForeignIncome, type TaxInput } from "../../../../src/tax/domain/engine";
import { taxInput } from "./input";

function withForeignIncome(input: TaxInput, foreignIncome: ForeignIncome[]): TaxInput {
  return { ...input, foreignIncome };
}

const US_SALARY: ForeignIncome = { country: "US", head: "salary", income: 600_000, foreignTaxPaid: 150_000, relief: "treaty" };
const SALARY_WITH_US_PART = withForeignIncome(taxInput({ age: 40, salary: { grossSalary: 2_000_000 } }), [US_SALARY]);

describe("credit for tax paid abroad, ss.90 and 91 with Rule 128", () => {
  it("credits the lower of the foreign tax and the Indian tax on the income at the Indian rate of tax, in each regime", () => {
    const result = computeTax(SALARY_WITH_US_PART, "2025-26");
    expect(ComputeResultSchema.parse(result)).toEqual(result);
    expect(result.regimes.new).toMatchObject({
      taxableIncome: 1_925_000,
      taxLiability: 192_400,
      foreignTaxCredit: {
        indianIncomeTax: 192_400,
        indianRateOfTaxPercent: 9.9948,
        lines: [
          {
            country: "US",
            head: "salary",
            section: "90",
            income: 600_000,
            foreignTaxPaid: 150_000,
            foreignTaxCounted: 150_000,
            indianTaxOnIncome: 59_969,
            credit: 59_969,
          },
        ],
        credit: 59_969,
      },
      totalTax: 132_430,
    });
    // The foreign tax above the Indian tax on the income is not credited.
    expect(result.regimes.old).toMatchObject({
      taxLiability: 413_400,
      foreignTaxCredit: {
        indianIncomeTax: 413_400,
        indianRateOfTaxPercent: 21.2,
        lines: [{ indianTaxOnIncome: 127_200, credit: 127_200 }],
        credit: 127_200,
      },
      totalTax: 286_200,
    });
    expect(result.recommendedRegime).toBe("new");
    expect(result.recommendedRegimeSaving).toBe(286_200 - 132_430);
  });

  it("lowers the balance payable by the credit, and the profile without foreign income shows none", () => {
    // New regime: 1,32,431 less 1,00,000 paid = 32,431 → 32,430 payable (s.288B).
    const paid = computeTax({ ...SALARY_WITH_US_PART, taxesPaid: 100_000 }, "2025-26").regimes.new;
    expect(paid).toMatchObject({ totalTax: 132_430, netTaxPayable: 32_430, refund: 0 });
    const without = computeTax({ ...SALARY_WITH_US_PART, foreignIncome: undefined }, "2025-26").regimes.new;
    expect(without.foreignTaxCredit).toBeUndefined();
    expect(without.totalTax).toBe(192_400);
  });

  it("ignores foreign tax above what the treaty lets the country charge (proviso to Rule 128(4)(i))", () => {
    // Salary 30,00,000 and US dividends 2,00,000 with 25 % (50,000) withheld, the treaty allowing 15 % (30,000).
    // New regime FY 2025-26: TI 30,00,000 − 75,000 + 2,00,000 = 31,25,000: 3,00,000 + 7,25,000 × 30 % = 2,17,500 →
    // 5,17,500; cess 20,700; tax 5,38,200. Indian rate 5,38,200 ÷ 31,25,000 = 17.2224 %; Indian tax on 2,00,000 =
    // 34,444.80 → 34,445. Credit min(30,000, 34,445) = 30,000 (without the ceiling it would be 34,445); tax 5,08,200.
    const dividends: ForeignIncome = { country: "US", head: "other_sources", income: 200_000, foreignTaxPaid: 50_000, relief: "treaty" };
    const input = taxInput({ age: 40, salary: { grossSalary: 3_000_000 }, otherIncome: { dividends: 200_000 } });
    const capped = computeTax(withForeignIncome(input, [{ ...dividends, taxPayableUnderTreaty: 30_000 }]), "2025-26").regimes.new;
    expect(capped).toMatchObject({
      taxLiability: 538_200,
      foreignTaxCredit: {
        indianRateOfTaxPercent: 17.2224,
        lines: [{ foreignTaxPaid: 50_000, foreignTaxCounted: 30_000, indianTaxOnIncome: 34_445, credit: 30_000 }],
        credit: 30_000,
      },
      totalTax: 508_200,
    });
    const uncapped = computeTax(withForeignIncome(input, [dividends]), "2025-26").regimes.new;
    expect(uncapped.foreignTaxCredit).toMatchObject({ lines: [{ foreignTaxCounted: 50_000, credit: 34_445 }], credit: 34_445 });
  });

  it("relieves income from a country without a treaty under s.91 the same way", () => {
    // FY 2024-25: salary 12,00,000 and deposit interest of 3,00,000 from abroad with 30,000 of tax there, no treaty.
    // Old regime: TI 12,00,000 − 50,000 + 3,00,000 = 14,50,000: 1,12,500 + 4,50,000 × 30 % = 2,47,500; cess 9,900;
    //   tax 2,57,400. Indian tax on 3,00,000 = 3,00,000 × 2,57,400 ÷ 14,50,000 = 53,255.17 → 53,255, above the
    //   30,000 paid: credit 30,000; tax 2,27,400.
    // New regime (FY 2024-25 slabs): TI 12,00,000 − 75,000 + 3,00,000 = 14,25,000: 20,000 + 30,000 + 30,000 +
    //   2,25,000 × 20 % = 45,000 → 1,25,000; cess 5,000; tax 1,30,000. Indian tax on 3,00,000 = 3,00,000 × 1,30,000 ÷
    //   14,25,000 = 27,368.42 → 27,368, below the 30,000 paid: credit 27,368; tax 1,02,632 → 1,02,630.
    const input = withForeignIncome(taxInput({ age: 40, salary: { grossSalary: 1_200_000 }, otherIncome: { depositInterest: 300_000 } }), [
      { country: "BS", head: "other_sources", income: 300_000, foreignTaxPaid: 30_000, relief: "no_treaty" },
    ]);
    const result = computeTax(input, "2024-25");
    expect(result.regimes.old).toMatchObject({
      taxLiability: 257_400,
      foreignTaxCredit: { lines: [{ section: "91", indianTaxOnIncome: 53_255, credit: 30_000 }], credit: 30_000 },
      totalTax: 227_400,
    });
    expect(result.regimes.new).toMatchObject({
      taxLiability: 130_000,
      foreignTaxCredit: { lines: [{ section: "91", indianTaxOnIncome: 27_368, credit: 27_368 }], credit: 27_368 },
      totalTax: 102_630,
    });
  });

  it("works each country apart and adds the credits (Rule 128(4))", () => {
    // Salary 18,00,000, dividends of 1,00,000 from the US with 25,000 of tax and 1,00,000 from the UK with 2,000.
    // New regime: TI 18,00,000 − 75,000 + 2,00,000 = 19,25,000: tax 1,92,400 as in the first profile; Indian tax on
    // each 1,00,000 = 1,00,000 × 1,92,400 ÷ 19,25,000 = 9,994.81 → 9,995. US: min(25,000, 9,995) = 9,995; UK:
    // min(2,000, 9,995) = 2,000; credit 11,995 (pooled, min(27,000, 19,990) would be 19,990); tax 1,80,405 → 1,80,410.
    // Old regime: TI 19,50,000, tax 4,13,400, rate 21.2 %: 21,200 on each; US 21,200, UK 2,000; credit 23,200;
    // tax 3,90,200.
    const input = withForeignIncome(taxInput({ age: 40, salary: { grossSalary: 1_800_000 }, otherIncome: { dividends: 200_000 } }), [
      { country: "US", head: "other_sources", income: 100_000, foreignTaxPaid: 25_000, relief: "treaty" },
      { country: "GB", head: "other_sources", income: 100_000, foreignTaxPaid: 2_000, relief: "treaty" },
    ]);
    const result = computeTax(input, "2025-26");
    expect(result.regimes.new).toMatchObject({
      foreignTaxCredit: {
        lines: [
          { country: "US", indianTaxOnIncome: 9_995, credit: 9_995 },
          { country: "GB", indianTaxOnIncome: 9_995, credit: 2_000 },
        ],
        credit: 11_995,
      },
      totalTax: 180_410,
    });
    expect(result.regimes.old).toMatchObject({
      foreignTaxCredit: { lines: [{ credit: 21_200 }, { credit: 2_000 }], credit: 23_200 },
      totalTax: 390_200,
    });
  });

  it("never credits more than the tax, when deductions leave total income below the foreign income (Rule 128(3))", () => {
    // All of a 10,00,000 salary earned abroad, 3,00,000 of tax paid there. Old regime: 10,00,000 − 50,000 = 9,50,000,
    // less s.80C 1,50,000, s.80CCD(1B) 50,000, s.80D 25,000 + 50,000 (a parent aged 62) = 2,75,000: TI 6,75,000:
    // 12,500 + 1,75,000 × 20 % = 35,000 → 47,500; cess 1,900; tax 49,400. Indian tax on 10,00,000 = 10,00,000 ×
    // 49,400 ÷ 6,75,000 = 73,185.19 → 73,185, so the line credits 73,185; the credit stops at the tax, 49,400: nil.
    // New regime: TI 9,25,000: 20,000 + 12,500 = 32,500, all rebated (s.87A): nothing to credit.
    const input = withForeignIncome(
      taxInput({
        age: 40,
        salary: { grossSalary: 1_000_000 },
        deductions: { section80C: 150_000, section80CCD1B: 50_000, section80D_selfFamily: 25_000, section80D_parents: 50_000, parentsAge: 62 },
      }),
      [{ country: "SG", head: "salary", income: 1_000_000, foreignTaxPaid: 300_000, relief: "treaty" }],
    );
    const result = computeTax(input, "2025-26");
    expect(result.regimes.old).toMatchObject({
      taxableIncome: 675_000,
      taxLiability: 49_400,
      foreignTaxCredit: { indianIncomeTax: 49_400, lines: [{ indianTaxOnIncome: 73_185, credit: 73_185 }], credit: 49_400 },
      totalTax: 0,
    });
    expect(result.regimes.new).toMatchObject({
      taxLiability: 0,
      foreignTaxCredit: { indianIncomeTax: 0, indianRateOfTaxPercent: 0, lines: [{ indianTaxOnIncome: 0, credit: 0 }], credit: 0 },
      totalTax: 0,
    });
  });

  it("takes the credit after s.89 relief, at the rate of the tax left after it, and works the relief without it", () => {
    // Salary 15,00,000 with 3,00,000 of arrears that would have added 30,000 in their own years (the s.89 cases worked
    // in arrears-relief.test.ts), and 5,00,000 of the salary earned abroad with 1,00,000 of tax there.
    // Old regime: with the arrears 2,57,400, without 1,63,800 (before any credit), relief 63,600: tax 1,93,800 on
    //   TI 14,50,000. Indian tax on 5,00,000 = 5,00,000 × 1,93,800 ÷ 14,50,000 = 66,827.59 → 66,828; credit 66,828;
    //   tax 1,26,972 → 1,26,970.
    // New regime: relief 67,500 leaves 30,000 on TI 14,25,000: 5,00,000 × 30,000 ÷ 14,25,000 = 10,526.32 → 10,526;
    //   tax 19,474 → 19,470.
    const input = withForeignIncome(
      {
        ...taxInput({ age: 40, salary: { grossSalary: 1_500_000 } }),
        arrears: { salary: 300_000, familyPension: 0, extraTaxInEarlierYears: 30_000 },
      },
      [{ country: "AE", head: "salary", income: 500_000, foreignTaxPaid: 100_000, relief: "treaty" }],
    );
    const result = computeTax(input, "2025-26");
    expect(result.regimes.old).toMatchObject({
      arrearsRelief: { taxWithArrears: 257_400, taxWithoutArrears: 163_800, relief: 63_600 },
      foreignTaxCredit: { indianIncomeTax: 193_800, lines: [{ indianTaxOnIncome: 66_828 }], credit: 66_828 },
      totalTax: 126_970,
    });
    expect(result.regimes.new).toMatchObject({
      arrearsRelief: { relief: 67_500 },
      foreignTaxCredit: { indianIncomeTax: 30_000, credit: 10_526 },
      totalTax: 19_470,
    });
  });

  it("measures advance-tax interest (s.234B) on the tax after the credit", () => {
    // New regime: tax after credit 1,32,430; TDS 1,00,000, no advance tax, return on its due date 31 July 2026.
    // Assessed tax 32,430, none paid in advance (under 90 %): 1 % a month on 32,400 (Rule 119A(c)) for April to
    // July, 4 months = 1,296. Without the credit it would be charged on 92,400.
    const paid = {
      ...SALARY_WITH_US_PART,
      taxesPaid: 100_000,
      taxPayments: { tdsTcs: 100_000, advanceTax: [], selfAssessmentTax: [] },
      returnFiledOn: "2026-07-31",
    };
    const interest = computeTax(paid, "2025-26").regimes.new.interest;
    expect(interest?.advanceTaxDefault).toMatchObject({ assessedTax: 32_430, advanceTaxPaid: 0, shortfall: 32_430, interest: 1_296 });
  });

  it("leaves foreign income that arose after an instalment date, with its credit, out of that instalment (s.234C first proviso)", () => {
    // Salary 20,00,000 (no foreign part) and a short-term gain at the slab rates of 3,00,000 on foreign shares that
    // arose between 16 December and 15 March, with 30,000 of tax abroad. New regime: TI 19,25,000 + 3,00,000 =
    // 22,25,000: 2,00,000 + 2,25,000 × 25 % = 56,250 → 2,56,250; cess 10,250; tax 2,66,500. Indian tax on the gain
    // 3,00,000 × 2,66,500 ÷ 22,25,000 = 35,932.58 → 35,933; credit 30,000; tax 2,36,500. By 15 December the gain and
    // its credit had not arisen: tax 1,92,400, so 44,100 is left out of the first three instalments, which the
    // advance tax of 44,100 paid on 10 March covers. TDS 1,92,400: nothing is short and no interest arises.
    const input = withForeignIncome(
      {
        ...taxInput({
          age: 40,
          salary: { grossSalary: 2_000_000 },
          capitalGains: [{ section: "short_term_other", gain: 300_000, arose: "by_15_march" }],
        }),
        taxesPaid: 236_500,
        taxPayments: { tdsTcs: 192_400, advanceTax: [{ date: "2026-03-10", amount: 44_100 }], selfAssessmentTax: [] },
      },
      [{ country: "US", head: "capital_gains", income: 300_000, foreignTaxPaid: 30_000, relief: "treaty" }],
    );
    const regime = computeTax(input, "2025-26").regimes.new;
    expect(regime.totalTax).toBe(236_500);
    expect(regime.interest?.advanceTaxDeferment.instalments.map((line) => line.laterIncomeTaxLeftOut)).toEqual([44_100, 44_100, 44_100, 0]);
    expect(regime.interest?.totalInterest).toBe(0);
  });

  it("prices saving moves with the credit: employer NPS in the new regime", () => {
    // Basic + DA 10,00,000: the new regime allows 14 % = 1,40,000 under s.80CCD(2). TI 19,25,000 − 1,40,000 =
    // 17,85,000: 1,20,000 + 1,85,000 × 20 % = 37,000 → 1,57,000; cess 6,280; tax 1,63,280. Indian tax on 6,00,000 =
    // 6,00,000 × 1,63,280 ÷ 17,85,000 = 54,884.03 → 54,884; tax 1,08,396 → 1,08,400; saving 1,32,430 − 1,08,400 =
    // 24,030 (without the credit the move would save 1,92,400 − 1,63,280 = 29,120). 10 % (1,00,000) saves less:
    // TI 18,25,000, tax 1,71,600, credit 56,416, tax 1,15,180.
    const input = { ...SALARY_WITH_US_PART, salary: { ...SALARY_WITH_US_PART.salary, basicPlusDA: 1_000_000 } };
    const result = computeTax(input, "2025-26");
    const move = result.savingMoves.find((candidate) => candidate.kind === "employer_nps_80ccd2");
    expect(move).toMatchObject({
      change: { from: 0, to: 140_000 },
      regimeAfter: "new",
      totalTaxBefore: 132_430,
      totalTaxAfter: 108_400,
      taxSaving: 24_030,
    });
    expect(computeTax(applySavingMove(input, move!), "2025-26").regimes.new.totalTax).toBe(108_400);
  });

  it("names the return form that has Schedules FSI and TR: ITR-2, or ITR-3 with presumptive income", () => {
    expect(computeTax(SALARY_WITH_US_PART, "2025-26").itr).toEqual({
      form: "ITR-2",
      rule: "ITR-2: income from outside India and the relief claimed for tax paid on it need Schedules FSI and TR, which ITR-1 does not have",
    });
    const profession = withForeignIncome(
      taxInput({ presumptive: { profession: { grossReceipts: 2_000_000, cashReceipts: 0, declaredIncome: 0 } } }),
      [{ country: "DE", head: "business", income: 400_000, foreignTaxPaid: 40_000, relief: "treaty" }],
    );
    expect(computeTax(profession, "2025-26").itr.form).toBe("ITR-3");
  });

  it("says the credit needs Form 67, and names ss.159 and 160 of the Income-tax Act, 2025 in tax year 2026-27", () => {
    expect(computeTax(SALARY_WITH_US_PART, "2025-26").notes).toContain(
      "foreignIncome: the credit for tax paid abroad (foreignTaxCredit) is allowed only with Form 67 with proof of the foreign tax paid, furnished by the end of the assessment year, and a return furnished by its due date or as a belated return (Rule 128(8), (9))",
    );
    // Tax year 2026-27 keeps FY 2025-26's new-regime rates: the same figures.
    const ty = computeTax(
      withForeignIncome(SALARY_WITH_US_PART, [US_SALARY, { country: "BS", head: "salary", income: 100_000, foreignTaxPaid: 0, relief: "no_treaty" }]),
      "2026-27",
    );
    expect(ty.regimes.new.foreignTaxCredit?.lines.map((line) => line.section)).toEqual(["159", "160"]);
    expect(ty.regimes.new.foreignTaxCredit?.credit).toBe(59_969);
    expect(ty.notes.some((note) => note.startsWith("foreignIncome: ") && note.includes("Income-tax Rules, 2026"))).toBe(true);
  });

  it("never credits more than the tax or the foreign tax counted, and never raises the tax", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.constantFrom("2024-25" as const, "2025-26" as const, "2026-27" as const),
        (salary, foreignShare, foreignTax, year) => {
          const income = Math.max(1, Math.floor((salary * foreignShare) / 100));
          const input = taxInput({ age: 40, salary: { grossSalary: salary } });
          const credited = computeTax(
            withForeignIncome(input, [{ country: "US", head: "salary", income, foreignTaxPaid: foreignTax, relief: "treaty" }]),
            year,
          );
          const plain = computeTax(input, year);
          for (const regime of REGIMES) {
            const credit = credited.regimes[regime].foreignTaxCredit!;
            expect(credit.indianIncomeTax).toBe(plain.regimes[regime].taxLiability);
            expect(credit.credit).toBeLessThanOrEqual(Math.min(credit.indianIncomeTax, Math.floor(foreignTax)));
            expect(credited.regimes[regime].totalTax).toBeLessThanOrEqual(plain.regimes[regime].totalTax);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
