// Relief under s.89 on gratuity, compensation on termination of employment and commuted pension: Rule 21A(3), (4) and
// (5) of the Income-tax Rules, 1962 (tax year 2026-27: s.157 of the Income-tax Act, 2025). In the words of the rule:
// - (1)(b) gratuity "in respect of past services of the assessee extending over a period of not less than five years";
//   (1)(c) compensation "at or in connection with the termination of his employment after continuous service for not
//   less than three years and where the unexpired portion of his term of employment is also not less than three
//   years"; (1)(d) a payment in commutation of pension.
// - (3)(a), (4)(a), (5)(a): the tax on the total income of the year of receipt "shall be reduced by the amount, if any,
//   by which the tax on the amount of the [payment] included in the total income ..., calculated at the average rate of
//   tax applicable to such total income, exceeds the tax on the amount of such [payment], calculated at the rate of tax
//   determined under" the next clause.
// - (3)(b): past services of five years or more but less than fifteen: the total income of "each of the two previous
//   years immediately preceding" is increased by one-half of the payment, each year's average rate worked "as if the
//   total income so increased were the total income of that previous year", and the rate is "the average of the
//   average rates of tax" of the two. (3)(c) for fifteen years or more, (4)(b) and (5)(b): three years, one-third each.
// The average rate is the tax on total income divided by it (s.2(10)); an increased total income is rounded to ₹10 as
// total income is (s.288A). The preceding years' taxes are the caller's (Form 10E's annexures). Every figure below is
// worked by hand from those words; rates are written to four decimals, the taxes worked on the exact fractions.
import { describe, expect, it } from "vitest";
import { computeTax, type PrecedingYear, type RetirementBenefits, type TaxInput } from "../../../../src/tax/domain/engine";
import { taxInput } from "./input";

const NONE: Omit<RetirementBenefits, "employer"> = { gratuity: null, commutedPension: null, leaveEncashment: null };

/** Gratuity under the Payment of Gratuity Act: 15/26 of the last month's wages for each year counted. */
function gratuity(
  received: number,
  lastMonthWages: number,
  years: number,
  precedingYears?: readonly PrecedingYear[],
): RetirementBenefits["gratuity"] {
  const service = { years, months: 0, days: 0 };
  return {
    received,
    coveredByGratuityAct: true,
    lastMonthWages,
    tenMonthsSalary: [],
    service,
    exemptedEarlier: 0,
    ...(precedingYears === undefined ? {} : { precedingYears }),
  };
}

function retiree(otherSalary: number, benefits: Partial<RetirementBenefits>, parts: Partial<TaxInput> = {}): TaxInput {
  const full: RetirementBenefits = { employer: "other", ...NONE, ...benefits };
  const received = (full.gratuity?.received ?? 0) + (full.commutedPension?.received ?? 0);
  const input = taxInput({ age: 58, salary: { grossSalary: otherSalary + received, retirementBenefits: full } });
  return { ...input, ...parts, salary: { ...input.salary, ...parts.salary } };
}

// Gratuity of 30,00,000 after 25 years under the Payment of Gratuity Act, last month's wages 1,50,000: 15/26 × 1,50,000
// × 25 = 21,63,461.53, so the ₹20,00,000 ceiling exempts 20,00,000 (s.10(10)(ii)) and 10,00,000 is in total income.
// Salary otherwise 12,00,000: gross 42,00,000. Past services of 25 years: (3)(c), three years, one-third each: share
// 3,33,333.33. The preceding years' total incomes 14,00,000, 13,00,000 and 12,00,000 become 17,33,333.33, 16,33,333.33
// and 15,33,333.33, rounded 17,33,330, 16,33,330 and 15,33,330; their tax, old regime with cess, rounded (s.288B):
// 12,500 + 1,00,000 + 30 % of the excess over 10 lakh: 3,32,499 × 1.04 = 3,45,798.96 → 3,45,800; 3,02,499 × 1.04 →
// 3,14,600; 2,72,499 × 1.04 → 2,83,400. Rates 19.9500 %, 19.2613 %, 18.4826 %; their average 19.2313 %; on 10,00,000:
// 1,92,313.17 → 1,92,313.
const TWENTY_FIVE_YEARS = [
  { totalIncome: 1_400_000, taxOnIncreasedIncome: 345_800 },
  { totalIncome: 1_300_000, taxOnIncreasedIncome: 314_600 },
  { totalIncome: 1_200_000, taxOnIncreasedIncome: 283_400 },
];
const AFTER_25_YEARS = retiree(1_200_000, { gratuity: gratuity(3_000_000, 150_000, 25, TWENTY_FIVE_YEARS) });

describe("s.89 relief on gratuity, Rule 21A(3)", () => {
  it("past services of fifteen years or more: three preceding years, each with one-third, in both regimes", () => {
    const result = computeTax(AFTER_25_YEARS, "2025-26");
    // Old regime FY 2025-26: total income 42,00,000 − 20,00,000 − 50,000 = 21,50,000; 12,500 + 1,00,000 + 30 % of
    // 11,50,000 = 4,57,500; cess 18,300; tax 4,75,800. Average rate 22.1302 %: 10,00,000 × 4,75,800 ÷ 21,50,000 =
    // 2,21,302.33 → 2,21,302. Relief 2,21,302 − 1,92,313 = 28,989; tax 4,46,811 → 4,46,810.
    expect(result.regimes.old).toMatchObject({
      taxableIncome: 2_150_000,
      taxLiability: 475_800,
      paymentsRelief: {
        section: "89",
        averageRatePercent: 22.1302,
        payments: [
          {
            payment: "gratuity",
            description: "Gratuity for 25 years of past services (fifteen or more): the three preceding years, each with one-third of it",
            includedInTotalIncome: 1_000_000,
            taxAtAverageRate: 221_302,
            precedingYears: [
              {
                totalIncome: 1_400_000,
                share: 333_333.33,
                increasedTotalIncome: 1_733_330,
                taxOnIncreasedIncome: 345_800,
                averageRatePercent: 19.95,
              },
              {
                totalIncome: 1_300_000,
                share: 333_333.33,
                increasedTotalIncome: 1_633_330,
                taxOnIncreasedIncome: 314_600,
                averageRatePercent: 19.2613,
              },
              {
                totalIncome: 1_200_000,
                share: 333_333.33,
                increasedTotalIncome: 1_533_330,
                taxOnIncreasedIncome: 283_400,
                averageRatePercent: 18.4826,
              },
            ],
            averageOfPrecedingRatesPercent: 19.2313,
            taxAtPrecedingRate: 192_313,
            relief: 28_989,
          },
        ],
        relief: 28_989,
      },
      totalTax: 446_810,
    });
    // New regime: 42,00,000 − 20,00,000 − 75,000 = 21,25,000; 20,000 + 40,000 + 60,000 + 80,000 + 25 % of 1,25,000
    // = 2,31,250; cess 9,250; tax 2,40,500, average rate 11.3176 %: 10,00,000 at it is 1,13,176.47 → 1,13,176, below
    // the 1,92,313 at the preceding years' rate: the earlier rate is the higher, no relief.
    expect(result.regimes.new).toMatchObject({
      taxableIncome: 2_125_000,
      taxLiability: 240_500,
      paymentsRelief: {
        averageRatePercent: 11.3176,
        payments: [{ taxAtAverageRate: 113_176, averageOfPrecedingRatesPercent: 19.2313, taxAtPrecedingRate: 192_313, relief: 0 }],
        relief: 0,
      },
      totalTax: 240_500,
    });
    expect(result.regimes.old.arrearsRelief).toBeUndefined();
    // The recommendation weighs the tax after the relief: 4,46,810 against 2,40,500.
    expect(result.recommendedRegime).toBe("new");
    expect(result.recommendedRegimeSaving).toBe(206_310);
  });

  it("past services of five years or more but under fifteen: the two preceding years, each with one-half", () => {
    // Gratuity of 8,00,000 after 10 years: 15/26 × 1,00,000 × 10 = 5,76,923.07 exempt, 2,23,076.93 in total income;
    // salary otherwise 10,00,000. Share 1,11,538.465 → 1,11,538.47; the preceding totals 9,50,000 and 9,00,000 become
    // 10,61,538.47 → 10,61,540 and 10,11,538.47 → 10,11,540, taxed (old regime) 1,30,962 × 1.04 → 1,36,200 and
    // 1,15,962 × 1.04 → 1,20,600: rates 12.8304 % and 11.9224 %, average 12.3764 %; on 2,23,076.93: 27,608.93 → 27,609.
    const preceding = [
      { totalIncome: 950_000, taxOnIncreasedIncome: 136_200 },
      { totalIncome: 900_000, taxOnIncreasedIncome: 120_600 },
    ];
    const result = computeTax(retiree(1_000_000, { gratuity: gratuity(800_000, 100_000, 10, preceding) }), "2025-26");
    // Old: 18,00,000 − 5,76,923.07 − 50,000 = 11,73,076.93 → 11,73,080; 1,12,500 + 30 % of 1,73,080 = 1,64,424; cess
    // 6,576.96 → 6,577; tax 1,71,001, rate 14.5771 %: 2,23,076.93 × 1,71,001 ÷ 11,73,080 = 32,518.14 → 32,518. Relief
    // 32,518 − 27,609 = 4,909; tax 1,66,092 → 1,66,090.
    expect(result.regimes.old).toMatchObject({
      taxableIncome: 1_173_080,
      taxLiability: 171_001,
      paymentsRelief: {
        averageRatePercent: 14.5771,
        payments: [
          {
            description: "Gratuity for 10 years of past services (five or more, under fifteen): the two preceding years, each with one-half of it",
            includedInTotalIncome: 223_076.93,
            taxAtAverageRate: 32_518,
            precedingYears: [
              { share: 111_538.47, increasedTotalIncome: 1_061_540, averageRatePercent: 12.8304 },
              { share: 111_538.47, increasedTotalIncome: 1_011_540, averageRatePercent: 11.9224 },
            ],
            averageOfPrecedingRatesPercent: 12.3764,
            taxAtPrecedingRate: 27_609,
            relief: 4_909,
          },
        ],
        relief: 4_909,
      },
      totalTax: 166_090,
    });
    // New: 18,00,000 − 5,76,923.07 − 75,000 = 11,48,076.93 → 11,48,080, within ₹12 lakh: all rebated (s.87A), tax nil,
    // so the average rate is nil and there is nothing to relieve.
    expect(result.regimes.new).toMatchObject({
      taxLiability: 0,
      paymentsRelief: { averageRatePercent: 0, payments: [{ taxAtAverageRate: 0, relief: 0 }] },
      totalTax: 0,
    });
  });

  it("together with relief for arrears: each is worked on the tax before any relief, and both come off it", () => {
    // The 25-year gratuity above, with 2,00,000 of the salary being arrears that would have added 40,000 in their own
    // years (Rule 21A(2)). Old: without the arrears 40,00,000 − 20,00,000 − 50,000 = 19,50,000: 1,12,500 + 2,85,000 =
    // 3,97,500; cess 15,900; 4,13,400 (the gratuity's relief does not come off it); extra 62,400, arrears relief 22,400.
    // The gratuity's relief is 28,989 as before. Tax 4,75,800 − 22,400 − 28,989 = 4,24,411 → 4,24,410.
    // New: without the arrears 19,25,000: 20,000 + 40,000 + 60,000 + 20 % of 3,25,000 = 1,85,000; cess 7,400;
    // 1,92,400; extra 48,100, relief 8,100; the gratuity's nil; tax 2,32,400.
    const input = { ...AFTER_25_YEARS, arrears: { salary: 200_000, familyPension: 0, extraTaxInEarlierYears: 40_000 } };
    const result = computeTax(input, "2025-26");
    expect(result.regimes.old).toMatchObject({
      arrearsRelief: { taxWithArrears: 475_800, taxWithoutArrears: 413_400, relief: 22_400 },
      paymentsRelief: { relief: 28_989 },
      totalTax: 424_410,
    });
    expect(result.regimes.new).toMatchObject({
      arrearsRelief: { taxWithoutArrears: 192_400, relief: 8_100 },
      paymentsRelief: { relief: 0 },
      totalTax: 232_400,
    });
  });

  it("comes before the credit for tax paid abroad, whose Indian rate is the tax after both reliefs over total income", () => {
    // As above, with 5,00,000 of the salary earned abroad and 2,00,000 of tax paid there. Old: the tax after s.89 relief
    // 4,24,411; on 5,00,000 at 4,24,411 ÷ 21,50,000: 98,700.23 → 98,700, below the foreign tax: credit 98,700; tax
    // 3,25,711 → 3,25,710. New: 2,32,400 × 5,00,000 ÷ 21,25,000 = 54,682.35 → 54,682; tax 1,77,718 → 1,77,720.
    const abroad = { country: "US", head: "salary" as const, income: 500_000, foreignTaxPaid: 200_000, relief: "treaty" as const };
    const input = { ...AFTER_25_YEARS, arrears: { salary: 200_000, familyPension: 0, extraTaxInEarlierYears: 40_000 }, foreignIncome: [abroad] };
    const result = computeTax(input, "2025-26");
    expect(result.regimes.old).toMatchObject({
      paymentsRelief: { relief: 28_989 },
      foreignTaxCredit: { indianIncomeTax: 424_411, credit: 98_700 },
      totalTax: 325_710,
    });
    expect(result.regimes.new).toMatchObject({ foreignTaxCredit: { indianIncomeTax: 232_400, credit: 54_682 }, totalTax: 177_720 });
  });

  it("is worked again in each saving move's re-run: a deduction that lowers this year's rate can end the relief", () => {
    // Age 50, FY 2025-26. Salary 14,00,000 (basic + DA 7,00,000, HRA 3,60,000, rent 4,80,000 in Mumbai) and gratuity of
    // 24,00,000 after 30 years, last month's wages 1,20,000: 15/26 × 1,20,000 × 30 = 20,76,923.07, so 20,00,000 exempt
    // and 4,00,000 in total income. HRA exempt: least of 3,60,000, 4,80,000 − 70,000 and 3,50,000 = 3,50,000.
    // Old: 38,00,000 − 20,00,000 − 3,50,000 − 50,000 − 2,00,000 (self-occupied home's interest) − 1,00,000 (80C) −
    // 25,000 (80D) − 50,000 (80CCD(1B)) = 10,25,000; 1,12,500 + 7,500 = 1,20,000; cess 4,800; 1,24,800, rate 12.1756 %:
    // 4,00,000 at it is 48,702.44 → 48,702.
    // Preceding 9,00,000, 8,50,000, 8,00,000 with 1,33,333.33 each: 10,33,330, 9,83,330, 9,33,330, taxed (old regime)
    // 1,22,499 × 1.04 → 1,27,400; 1,09,166 × 1.04 → 1,13,530; 99,166 × 1.04 → 1,03,130. Rates 12.3291 %, 11.5455 %,
    // 11.0497 %; average 11.6414 %; on 4,00,000: 46,565.62 → 46,566. Relief 2,136; tax 1,22,664 → 1,22,660.
    // New: 38,00,000 − 20,00,000 − 75,000 = 17,25,000; 1,20,000 + 20 % of 1,25,000 = 1,45,000; cess 5,800; 1,50,800.
    // 80C topped up by 50,000: 9,75,000; 12,500 + 95,000 = 1,07,500; cess 4,300; 1,11,800, rate 11.4667 %: 4,00,000 at
    // it is 45,866.67 → 45,867, below 46,566: no relief. Tax 1,11,800, a saving of 10,860 (not 1,22,660 − 1,09,660).
    const preceding = [
      { totalIncome: 900_000, taxOnIncreasedIncome: 127_400 },
      { totalIncome: 850_000, taxOnIncreasedIncome: 113_530 },
      { totalIncome: 800_000, taxOnIncreasedIncome: 103_130 },
    ];
    const base = retiree(1_400_000, { gratuity: gratuity(2_400_000, 120_000, 30, preceding) });
    const input: TaxInput = {
      ...base,
      age: 50,
      salary: { ...base.salary, basicPlusDA: 700_000, hraReceived: 360_000, rentPaid: 480_000, isMetroCity: true },
      houseProperties: [{ type: "self_occupied", annualRent: 0, municipalTaxesPaid: 0, interestOnHousingLoan: 200_000 }],
      deductions: { ...base.deductions, section80C: 100_000, section80D_selfFamily: 25_000, section80CCD1B: 50_000 },
    };
    const result = computeTax(input, "2025-26");
    expect(result.regimes.old).toMatchObject({
      taxableIncome: 1_025_000,
      taxLiability: 124_800,
      paymentsRelief: {
        averageRatePercent: 12.1756,
        payments: [{ averageOfPrecedingRatesPercent: 11.6414, taxAtPrecedingRate: 46_566 }],
        relief: 2_136,
      },
      totalTax: 122_660,
    });
    expect(result.regimes.new.totalTax).toBe(150_800);
    expect(result.recommendedRegime).toBe("old");
    expect(result.savingMoves.find((move) => move.kind === "top_up_80c")).toMatchObject({
      regimeAfter: "old",
      totalTaxBefore: 122_660,
      totalTaxAfter: 111_800,
      taxSaving: 10_860,
    });
  });
});

describe("s.89 relief on compensation on termination of employment, Rule 21A(4)", () => {
  // Compensation of 9,00,000 on termination, salary otherwise 6,00,000, age 45, FY 2024-25. Three preceding years,
  // one-third each (3,00,000): 6,00,000, 5,50,000, 5,00,000 become 9,00,000, 8,50,000, 8,00,000, taxed (old regime)
  // 92,500 × 1.04 = 96,200; 82,500 × 1.04 = 85,800; 72,500 × 1.04 = 75,400. Rates 10.6889 %, 10.0941 %, 9.425 %;
  // average 10.0693 %; on 9,00,000: 3,00,000 × (0.1068889 + 0.1009412 + 0.09425) = 90,624.02 → 90,624.
  const preceding = [
    { totalIncome: 600_000, taxOnIncreasedIncome: 96_200 },
    { totalIncome: 550_000, taxOnIncreasedIncome: 85_800 },
    { totalIncome: 500_000, taxOnIncreasedIncome: 75_400 },
  ];
  const terminated = taxInput({
    age: 45,
    salary: { grossSalary: 1_500_000, terminationCompensation: { received: 900_000, precedingYears: preceding } },
  });

  it("taxes it at the preceding years' rate where that is lower, in each regime", () => {
    const result = computeTax(terminated, "2024-25");
    // Old: 14,50,000; 1,12,500 + 1,35,000 = 2,47,500; cess 9,900; 2,57,400, rate 17.7517 %: 9,00,000 at it is
    // 1,59,765.52 → 1,59,766. Relief 1,59,766 − 90,624 = 69,142; tax 1,88,258 → 1,88,260.
    expect(result.regimes.old).toMatchObject({
      taxLiability: 257_400,
      paymentsRelief: {
        averageRatePercent: 17.7517,
        payments: [
          {
            payment: "termination_compensation",
            description: "Compensation on termination of employment: the three preceding years, each with one-third of it",
            includedInTotalIncome: 900_000,
            taxAtAverageRate: 159_766,
            precedingYears: [
              { totalIncome: 600_000, share: 300_000, increasedTotalIncome: 900_000, taxOnIncreasedIncome: 96_200, averageRatePercent: 10.6889 },
              { totalIncome: 550_000, share: 300_000, increasedTotalIncome: 850_000, taxOnIncreasedIncome: 85_800, averageRatePercent: 10.0941 },
              { totalIncome: 500_000, share: 300_000, increasedTotalIncome: 800_000, taxOnIncreasedIncome: 75_400, averageRatePercent: 9.425 },
            ],
            averageOfPrecedingRatesPercent: 10.0693,
            taxAtPrecedingRate: 90_624,
            relief: 69_142,
          },
        ],
        relief: 69_142,
      },
      totalTax: 188_260,
    });
    // New (FY 2024-25 slabs): 14,25,000; 20,000 + 30,000 + 30,000 + 20 % of 2,25,000 = 1,25,000; cess 5,000;
    // 1,30,000, rate 9.1228 %: 9,00,000 at it is 82,105.26 → 82,105, under 90,624: no relief.
    expect(result.regimes.new).toMatchObject({
      taxLiability: 130_000,
      paymentsRelief: { averageRatePercent: 9.1228, payments: [{ taxAtAverageRate: 82_105, relief: 0 }], relief: 0 },
      totalTax: 130_000,
    });
  });

  it("relieves only the part the s.10(10B) exemption leaves in total income", () => {
    // 3,00,000 of the compensation reported exempt as retrenchment compensation: 6,00,000 in total income, share
    // 2,00,000: 8,00,000, 7,50,000, 7,00,000, taxed 75,400; 62,500 × 1.04 = 65,000; 52,500 × 1.04 = 54,600. Rates
    // 9.425 %, 8.6667 %, 7.8 %; on 6,00,000: 2,00,000 × (0.09425 + 0.0866667 + 0.078) = 51,783.33 → 51,783.
    // Old: 15,00,000 − 3,00,000 − 50,000 = 11,50,000; 1,12,500 + 45,000 = 1,57,500; cess 6,300; 1,63,800: on
    // 6,00,000, 85,460.87 → 85,461. Relief 33,678; tax 1,30,122 → 1,30,120.
    const reported = {
      ...terminated,
      salary: {
        ...terminated.salary,
        terminationCompensation: {
          received: 900_000,
          precedingYears: [
            { totalIncome: 600_000, taxOnIncreasedIncome: 75_400 },
            { totalIncome: 550_000, taxOnIncreasedIncome: 65_000 },
            { totalIncome: 500_000, taxOnIncreasedIncome: 54_600 },
          ],
        },
      },
      reported: { exemptions10: { "10(10B)": 300_000 } },
    };
    const old = computeTax(reported, "2024-25").regimes.old;
    expect(old).toMatchObject({
      taxableIncome: 1_150_000,
      taxLiability: 163_800,
      paymentsRelief: {
        payments: [
          {
            includedInTotalIncome: 600_000,
            taxAtAverageRate: 85_461,
            precedingYears: [
              { share: 200_000, increasedTotalIncome: 800_000, averageRatePercent: 9.425 },
              { share: 200_000, increasedTotalIncome: 750_000, averageRatePercent: 8.6667 },
              { share: 200_000, increasedTotalIncome: 700_000, averageRatePercent: 7.8 },
            ],
            taxAtPrecedingRate: 51_783,
            relief: 33_678,
          },
        ],
      },
      totalTax: 130_120,
    });
  });

  it("measures interest on the tax after the relief", () => {
    // Old regime: 1,88,258 after the relief, all of it deducted at source (1,88,260): nothing was due as advance tax.
    const paid = {
      ...terminated,
      taxesPaid: 188_260,
      taxPayments: { tdsTcs: 188_260, advanceTax: [], selfAssessmentTax: [] },
      returnFiledOn: "2025-07-31",
    };
    expect(computeTax(paid, "2024-25").regimes.old.interest).toMatchObject({ advanceTaxDue: false, totalInterest: 0, payableWithInterest: 0 });
  });
});

describe("s.89 relief on commuted pension, Rule 21A(5)", () => {
  it("names s.157 of the Income-tax Act, 2025 in tax year 2026-27", () => {
    // A pensioner aged 61 (senior) commutes half the pension for 9,00,000: the whole is worth 18,00,000 and, with
    // gratuity received, one-third of it, 6,00,000, is exempt (s.10(10A)(ii)(a)); 3,00,000 is in total income. Pension
    // otherwise 7,00,000. Three preceding years with 1,00,000 each: 7,00,000, 6,80,000, 6,50,000 become 8,00,000,
    // 7,80,000, 7,50,000, taxed (old regime, senior) 70,000 × 1.04 = 72,800; 66,000 × 1.04 = 68,640; 60,000 × 1.04 =
    // 62,400: rates 9.1 %, 8.8 %, 8.32 %, average 8.74 %; on 3,00,000: 26,220.
    // Old (senior): 16,00,000 − 6,00,000 − 50,000 = 9,50,000; 10,000 + 20 % of 4,50,000 = 1,00,000; cess 4,000;
    // 1,04,000, rate 10.9474 %: on 3,00,000, 32,842.11 → 32,842. Relief 6,622; tax 97,378 → 97,380.
    // New: 16,00,000 − 6,00,000 − 75,000 = 9,25,000, within ₹12 lakh: nil.
    const pension = {
      received: 900_000,
      fullCommutedValue: 1_800_000,
      portionCommuted: null,
      gratuityReceived: true,
      precedingYears: [
        { totalIncome: 700_000, taxOnIncreasedIncome: 72_800 },
        { totalIncome: 680_000, taxOnIncreasedIncome: 68_640 },
        { totalIncome: 650_000, taxOnIncreasedIncome: 62_400 },
      ],
    };
    const input = retiree(700_000, { commutedPension: pension }, { age: 61 });
    const result = computeTax({ ...input, salary: { ...input.salary, isPension: true } }, "2026-27");
    expect(result.regimes.old).toMatchObject({
      taxableIncome: 950_000,
      taxLiability: 104_000,
      paymentsRelief: {
        section: "157",
        averageRatePercent: 10.9474,
        payments: [
          {
            payment: "commuted_pension",
            description: "Commuted pension: the three preceding years, each with one-third of it",
            includedInTotalIncome: 300_000,
            taxAtAverageRate: 32_842,
            precedingYears: [
              { increasedTotalIncome: 800_000, averageRatePercent: 9.1 },
              { increasedTotalIncome: 780_000, averageRatePercent: 8.8 },
              { increasedTotalIncome: 750_000, averageRatePercent: 8.32 },
            ],
            averageOfPrecedingRatesPercent: 8.74,
            taxAtPrecedingRate: 26_220,
            relief: 6_622,
          },
        ],
        relief: 6_622,
      },
      totalTax: 97_380,
    });
    expect(result.regimes.new).toMatchObject({ taxLiability: 0, paymentsRelief: { section: "157", relief: 0 }, totalTax: 0 });
  });

  it("gives nothing without preceding years, and nothing on a payment exempt in full", () => {
    // Without precedingYears no relief is claimed: no paymentsRelief. A statutory corporation's commuted pension is
    // exempt in full (s.10(10A)(i)): nothing of it is in total income to relieve.
    expect(computeTax(AFTER_25_YEARS, "2025-26").regimes.old.paymentsRelief).toBeDefined();
    const unclaimed = retiree(1_200_000, { gratuity: gratuity(3_000_000, 150_000, 25) });
    expect(computeTax(unclaimed, "2025-26").regimes.old.paymentsRelief).toBeUndefined();
    const corporation = retiree(
      700_000,
      {
        employer: "statutory_corporation",
        commutedPension: {
          received: 900_000,
          fullCommutedValue: null,
          portionCommuted: null,
          gratuityReceived: true,
          precedingYears: TWENTY_FIVE_YEARS,
        },
      },
      { age: 61 },
    );
    expect(computeTax(corporation, "2025-26").regimes.old.paymentsRelief).toMatchObject({
      payments: [{ includedInTotalIncome: 0, taxAtAverageRate: 0, taxAtPrecedingRate: 0, relief: 0 }],
      relief: 0,
    });
  });
});
