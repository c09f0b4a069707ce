// Worked cases for a non-resident's dividends under s.115A(1)(a) of the Income-tax Act, 1961: 20 % on the
// dividends ((A)), the rest of total income at the slab rates as if reduced by them ((D)); Chapter VI-A only
// against gross total income less the dividends (s.115A(4)); no s.87A rebate (resident individuals only) and no
// basic-exemption adjustment (the section gives none, unlike the provisos to ss.111A/112/112A). s.115BAC(1A) is
// "subject to the provisions of this Chapter", so the same holds in the new regime. Surcharge on the dividends'
// tax is capped at 15 % (Finance Act First Schedule Part I Para A, reference §4.1). Residents (RNOR included,
// s.6) keep the slab rates. Every figure is worked by hand in `work`; none is engine output.
// Slab arithmetic used: new regime FY 2025-26: tax at 4L nil, 8L 20,000, 12L 60,000, 24L 3,00,000;
// old regime below 60: 2.5L nil, 5L 12,500, then 20 % to 10L.
import { describe, expect, it } from "vitest";
import { computeTax, type FinancialYear, type Regime, type RegimeResult, type TaxInput } from "../../../../src/tax/domain/engine";
import { taxInput } from "./input";

interface WorkedCase {
  name: string;
  work: string;
  year: FinancialYear;
  regime: Regime;
  input: TaxInput;
  expected: Partial<Omit<RegimeResult, "deductions" | "slabs" | "specialRateIncome" | "salary" | "houseProperty" | "otherSources">>;
  /** The special-rate lines expected, all of them, in order. */
  special: Array<Record<string, unknown>>;
}

const NEW = "new" as const;
const OLD = "old" as const;
const FY24: FinancialYear = "2024-25";
const FY25: FinancialYear = "2025-26";
const TY26: FinancialYear = "2026-27";

const nonResident = (salary: number, dividends: number, more: Parameters<typeof taxInput>[0] = {}) =>
  taxInput({ residentialStatus: "non_resident", salary: { grossSalary: salary }, otherIncome: { dividends }, ...more });
const dividendLine = (income: number, section = "115A") => ({
  section,
  ratePercent: 20,
  income,
  exemptAmount: 0,
  basicExemptionAdjusted: 0,
  indexationRelief: 0,
  taxableAmount: income,
  tax: income / 5,
});

const cases: WorkedCase[] = [
  {
    name: "salary 10 lakh and dividends 5 lakh, new regime",
    work: "salary 10L − 75,000 (s.16(ia)) = 9,25,000 at the s.115BAC(1A)(iii) slabs: 4L–8L 5% = 20,000, 8L–9.25L 10% = 12,500 → 32,500; dividends 5L × 20% = 1,00,000; no s.87A; 1,32,500 + cess 5,300 = 1,37,800",
    year: FY25,
    regime: NEW,
    input: nonResident(1_000_000, 500_000),
    expected: {
      grossTotalIncome: 1_425_000,
      taxableIncome: 1_425_000,
      incomeAtSlabRates: 925_000,
      slabTax: 32_500,
      specialRateTax: 100_000,
      rebate87A: 0,
      rebate87ABasis: "not_resident",
      surcharge: 0,
      cess: 5_300,
      totalTax: 137_800,
    },
    special: [dividendLine(500_000)],
  },
  {
    name: "salary 10 lakh and dividends 5 lakh, old regime",
    work: "salary 10L − 50,000 = 9,50,000: 12,500 + 4,50,000 × 20% = 1,02,500; dividends 1,00,000; 2,02,500 + cess 8,100 = 2,10,600",
    year: FY25,
    regime: OLD,
    input: nonResident(1_000_000, 500_000),
    expected: { taxableIncome: 1_450_000, incomeAtSlabRates: 950_000, slabTax: 102_500, specialRateTax: 100_000, cess: 8_100, totalTax: 210_600 },
    special: [dividendLine(500_000)],
  },
  {
    name: "only dividends of 3 lakh, new regime: 20 % from the first rupee",
    work: "3L × 20% = 60,000; no basic exemption set against them, no s.87A; + cess 2,400 = 62,400",
    year: FY25,
    regime: NEW,
    input: nonResident(0, 300_000),
    expected: { taxableIncome: 300_000, incomeAtSlabRates: 0, slabTax: 0, specialRateTax: 60_000, rebate87A: 0, cess: 2_400, totalTax: 62_400 },
    special: [dividendLine(300_000)],
  },
  {
    name: "only dividends of 3 lakh, old regime: 20 % from the first rupee",
    work: "3L × 20% = 60,000 + cess 2,400 = 62,400",
    year: FY25,
    regime: OLD,
    input: nonResident(0, 300_000),
    expected: { incomeAtSlabRates: 0, specialRateTax: 60_000, totalTax: 62_400 },
    special: [dividendLine(300_000)],
  },
  {
    name: "FY 2024-25: the same rate",
    work: "3L × 20% = 60,000 + cess 2,400 = 62,400",
    year: FY24,
    regime: NEW,
    input: nonResident(0, 300_000),
    expected: { specialRateTax: 60_000, totalTax: 62_400 },
    special: [dividendLine(300_000)],
  },
  {
    name: "tax year 2026-27: the same rate, under s.207 of the Income-tax Act, 2025",
    work: "3L × 20% = 60,000 + cess 2,400 = 62,400",
    year: TY26,
    regime: NEW,
    input: nonResident(0, 300_000),
    expected: { specialRateTax: 60_000, totalTax: 62_400 },
    special: [dividendLine(300_000, "207")],
  },
  {
    name: "a resident's dividends of 3 lakh stay at the slab rates, new regime",
    work: "TI 3L, within the 4L nil slab: 0",
    year: FY25,
    regime: NEW,
    input: taxInput({ otherIncome: { dividends: 300_000 } }),
    expected: { taxableIncome: 300_000, incomeAtSlabRates: 300_000, slabTax: 0, specialRateTax: 0, totalTax: 0 },
    special: [],
  },
  {
    name: "a resident's dividends of 3 lakh stay at the slab rates, old regime",
    work: "TI 3L: 50,000 × 5% = 2,500; rebate u/s 87A (TI ≤ 5L) 2,500; 0",
    year: FY25,
    regime: OLD,
    input: taxInput({ otherIncome: { dividends: 300_000 } }),
    expected: { incomeAtSlabRates: 300_000, slabTax: 2_500, rebate87A: 2_500, specialRateTax: 0, totalTax: 0 },
    special: [],
  },
  {
    name: "a resident but not ordinarily resident is resident (s.6): slab rates",
    work: "TI 3L within the 4L nil slab: 0",
    year: FY25,
    regime: NEW,
    input: taxInput({ residentialStatus: "resident_not_ordinarily_resident", otherIncome: { dividends: 300_000 } }),
    expected: { incomeAtSlabRates: 300_000, specialRateTax: 0, totalTax: 0 },
    special: [],
  },
  {
    name: "a resident with salary 10 lakh and dividends 5 lakh: all at the slab rates, as before",
    work: "TI 14,25,000: 60,000 + 2,25,000 × 15% = 93,750; above 12L, excess 2,25,000 > tax → no rebate; + cess 3,750 = 97,500",
    year: FY25,
    regime: NEW,
    input: taxInput({ salary: { grossSalary: 1_000_000 }, otherIncome: { dividends: 500_000 } }),
    expected: { taxableIncome: 1_425_000, incomeAtSlabRates: 1_425_000, slabTax: 93_750, specialRateTax: 0, totalTax: 97_500 },
    special: [],
  },
  {
    name: "Chapter VI-A is not set against the dividends (s.115A(4)(b))",
    work: "salary 1L − 50,000 = 50,000; 80C 1,50,000 allowed only up to 50,000 (GTI less the dividends); TI 5L, slab part nil; 5L × 20% = 1,00,000 + cess 4,000 = 1,04,000",
    year: FY25,
    regime: OLD,
    input: nonResident(100_000, 500_000, { deductions: { section80C: 150_000 } }),
    expected: { grossTotalIncome: 550_000, chapterVIADeductions: 50_000, taxableIncome: 500_000, incomeAtSlabRates: 0, totalTax: 104_000 },
    special: [dividendLine(500_000)],
  },
  {
    name: "Chapter VI-A in full against the other income",
    work: "salary 9,50,000 − 80C 1,50,000 = 8,00,000: 12,500 + 3,00,000 × 20% = 72,500; dividends 1,00,000; 1,72,500 + cess 6,900 = 1,79,400",
    year: FY25,
    regime: OLD,
    input: nonResident(1_000_000, 500_000, { deductions: { section80C: 150_000 } }),
    expected: { chapterVIADeductions: 150_000, incomeAtSlabRates: 800_000, slabTax: 72_500, totalTax: 179_400 },
    special: [dividendLine(500_000)],
  },
  {
    name: "a house-property loss is set off against the dividends when no other income is left (s.71(1), (3A))",
    work: "let-out home, no rent, interest 1L: loss 1L, no other head but the dividends → 5L − 1L = 4L × 20% = 80,000 + cess 3,200 = 83,200",
    year: FY25,
    regime: OLD,
    input: nonResident(0, 500_000, { houseProperties: [{ type: "let_out", annualRent: 0, municipalTaxesPaid: 0, interestOnHousingLoan: 100_000 }] }),
    expected: { grossTotalIncome: 400_000, taxableIncome: 400_000, specialRateTax: 80_000, totalTax: 83_200 },
    special: [dividendLine(400_000)],
  },
  {
    name: "25 % surcharge on the slab tax, 15 % on the dividends' tax",
    work: "salary income 3 Cr, dividends 1 Cr; income without dividends 3 Cr > 2 Cr → 25 %. Slab 3,00,000 + 2,76,00,000 × 30% = 85,80,000; dividends 20,00,000; surcharge 21,45,000 + 3,00,000 = 24,45,000; relief at 2 Cr: slab 55,80,000 + 20,00,000 + 15% 11,37,000 + 1 Cr = 1,87,17,000 > 1,30,25,000 → none; cess 5,21,000; 1,35,46,000",
    year: FY25,
    regime: NEW,
    input: nonResident(30_075_000, 10_000_000),
    expected: {
      taxableIncome: 40_000_000,
      slabTax: 8_580_000,
      specialRateTax: 2_000_000,
      surchargeRatePercent: 25,
      surcharge: 2_445_000,
      surchargeMarginalRelief: 0,
      cess: 521_000,
      totalTax: 13_546_000,
    },
    special: [dividendLine(10_000_000)],
  },
  {
    name: "marginal relief just above 50 lakh of dividends",
    work: "50,00,100 × 20% = 10,00,020; surcharge 10% = 1,00,002; at 50L: 10,00,000 + 100 = 10,00,100 → relief 11,00,022 − 10,00,100 = 99,922; cess 4% × 10,00,100 = 40,004; 10,40,104 → 10,40,100",
    year: FY25,
    regime: NEW,
    input: nonResident(0, 5_000_100),
    expected: {
      specialRateTax: 1_000_020,
      surchargeRatePercent: 10,
      surcharge: 100_002,
      surchargeMarginalRelief: 99_922,
      cess: 40_004,
      totalTax: 1_040_100,
    },
    special: [dividendLine(5_000_100)],
  },
];

describe("worked cases: a non-resident's dividends at 20 % (s.115A)", () => {
  it.each(cases)("$year $regime: $name", ({ input, year, regime, expected, special }) => {
    const result = computeTax(input, year).regimes[regime];
    expect(result).toMatchObject(expected);
    expect(result.specialRateIncome).toEqual(special.map((line) => expect.objectContaining(line)));
    // The dividends are still income under Other sources.
    expect(result.otherSources.dividends).toBe(input.otherIncome.dividends);
  });
});

describe("saving moves for a non-resident with dividends", () => {
  const selfOccupied = { type: "self_occupied" as const, annualRent: 0, municipalTaxesPaid: 0, interestOnHousingLoan: 200_000 };

  it("offers no Chapter VI-A move when the income it could come off is already nil-rated", () => {
    // Salary 3L, dividends 3L, a self-occupied home with 2L of loan interest; FY 2025-26.
    // Old: salary 3L − 50,000 = 2,50,000, less the house-property loss of 2L (s.24(b), s.71(3A)) = 50,000, within
    // the 2.5L nil slab; Chapter VI-A only against that 50,000 (s.115A(4)(b)); dividends 3L × 20% = 60,000 + cess
    // 2,400 = 62,400. New: 3L − 75,000 = 2,25,000 within 4L; no s.24(b) for the home (s.115BAC(2)); 62,400.
    // No deduction can lower either, so no move (at slab rates the dividends would have made 80C look worth 5,200).
    const result = computeTax(nonResident(300_000, 300_000, { houseProperties: [selfOccupied] }), FY25);
    expect(result.regimes.old.totalTax).toBe(62_400);
    expect(result.regimes.new.totalTax).toBe(62_400);
    expect(result.savingMoves).toEqual([]);
  });

  it("prices each move against the slab-rate income only: the dividends' 20 % stays", () => {
    // Salary 6L, dividends 3L, the same home; FY 2025-26.
    // Old: 5,50,000 − 2,00,000 = 3,50,000: 1,00,000 × 5% = 5,000; + 60,000 = 65,000 + cess 2,600 = 67,600.
    // New: 5,25,000: 1,25,000 × 5% = 6,250; + 60,000 = 66,250 + cess 2,650 = 68,900. Old is cheaper: opting out
    // saves 1,300 (ranked before the 1,300 moves that need an investment).
    // 80C 1,50,000: 2,00,000, nil → 60,000 + 2,400 = 62,400, saving 5,200. 80CCD(1B) 50,000: 3,00,000 → 2,500 →
    // 62,500 + 2,500 = 65,000, saving 2,600. 80D 25,000 (self, or parents): 3,25,000 → 3,750 → 63,750 + 2,550 =
    // 66,300, saving 1,300 each. No move goes below the dividends' own 62,400.
    const result = computeTax(nonResident(600_000, 300_000, { houseProperties: [selfOccupied] }), FY25);
    expect(result.regimes.old.totalTax).toBe(67_600);
    expect(result.regimes.new.totalTax).toBe(68_900);
    expect(result.savingMoves.map((move) => [move.kind, move.change?.to, move.totalTaxAfter, move.taxSaving])).toEqual([
      ["top_up_80c", 150_000, 62_400, 5_200],
      ["nps_80ccd1b", 50_000, 65_000, 2_600],
      ["switch_regime", undefined, 67_600, 1_300],
      ["health_insurance_self_80d", 25_000, 66_300, 1_300],
      ["health_insurance_parents_80d", 25_000, 66_300, 1_300],
    ]);
  });
});
