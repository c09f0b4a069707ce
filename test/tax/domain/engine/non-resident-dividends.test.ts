// Worked cases for a non-resident's dividends under s.115A(1)(a) of the Income-tax Act, 1961: 20 % on the
// dividends ((A)), the rest of total income at the slab rates as if reduced by them ((D)); Chapter VI-A only
// against gross total income less the dividends (s.115A(4)); no s.87A rebate (resident individuals only) and no
// basic-exemption adjustment (the section gives none, unlike the provisos to ss.111A/112/112A). s.115BAC(1A) is
// "subject to the provisions of this Chapter", so the same holds in the new regime. Surcharge on the dividends'
// tax is capped at 15 % (Finance Act First Schedule Part I Para A, reference §4.1). Residents (RNOR included,
// s.6) keep the slab rates. Every figure is worked by hand in `work`; none is engine output.
// Slab arithmetic used: new regime FY 2025-26: tax at 4L nil, 8L 20,000, 12L 60,000, 24L 3,00,000;
// old regime below 60: 2.5L nil, 5L 12,500, then 20 % to 10L.
// The second table adds a tax treaty's rate (s.90(2)); its rule is set out above it.
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

// s.90(2) (tax year 2026-27: s.159(4)): a treaty's cap on the dividends applies where it is more beneficial. The
// treaty's rate is the whole tax on them: its "Indian tax" includes surcharge and cess is an additional surcharge
// (ITAT: Sunil V. Motiani, Mumbai 2013; DIC Asia Pacific, Kolkata 2012; BOC Group, Kolkata 2015), so neither is
// added to it; the dividends still count in total income for the surcharge band of the other income. Each regime
// compares its whole tax both ways: s.115A's 20 % costs 20.8 % with cess, up to 23.92 % with a 15 % surcharge.
const treatyLine = (income: number, ratePercent: number, section = "90(2)") => ({
  section,
  ratePercent,
  income,
  exemptAmount: 0,
  basicExemptionAdjusted: 0,
  indexationRelief: 0,
  taxableAmount: income,
  tax: (income * ratePercent) / 100,
});
/** A self-occupied home with ₹2,00,000 of loan interest: a house-property loss of ₹2,00,000 (s.24(b)). */
const selfOccupied = { type: "self_occupied" as const, annualRent: 0, municipalTaxesPaid: 0, interestOnHousingLoan: 200_000 };
const withTreaty = (input: TaxInput, dividendTreatyRatePercent: number): TaxInput => ({
  ...input,
  otherIncome: { ...input.otherIncome, dividendTreatyRatePercent },
});
const treaty = (taxAtTreatyRate: number, taxAtActRate: number, treatyRatePercent: number, section = "90(2)") => ({
  section,
  treatyRatePercent,
  taxAtTreatyRate,
  taxAtActRate,
  applied: taxAtTreatyRate < taxAtActRate,
});

const treatyCases: WorkedCase[] = [
  {
    name: "dividends of 10 lakh, treaty 15 % (e.g. India-USA with 10 % of the voting stock): the treaty's rate",
    work: "treaty: 10L × 15% = 1,50,000, no surcharge, no cess; s.115A: 10L × 20% = 2,00,000, no surcharge up to 50L, + cess 8,000 = 2,08,000; 1,50,000 < 2,08,000",
    year: FY25,
    regime: NEW,
    input: withTreaty(nonResident(0, 1_000_000), 15),
    expected: {
      taxableIncome: 1_000_000,
      incomeAtSlabRates: 0,
      specialRateTax: 150_000,
      surcharge: 0,
      cess: 0,
      taxLiability: 150_000,
      totalTax: 150_000,
      dividendTreaty: treaty(150_000, 208_000, 15),
    },
    special: [treatyLine(1_000_000, 15)],
  },
  {
    name: "the same in the old regime",
    work: "as in the new regime: no slab income; 1,50,000 against 2,08,000",
    year: FY25,
    regime: OLD,
    input: withTreaty(nonResident(0, 1_000_000), 15),
    expected: { specialRateTax: 150_000, cess: 0, totalTax: 150_000, dividendTreaty: treaty(150_000, 208_000, 15) },
    special: [treatyLine(1_000_000, 15)],
  },
  {
    name: "treaty 20 %: still the treaty's, as s.115A's 20 % bears cess",
    work: "treaty: 10L × 20% = 2,00,000, nothing added; s.115A: 2,00,000 + cess 8,000 = 2,08,000; 2,00,000 < 2,08,000",
    year: FY25,
    regime: NEW,
    input: withTreaty(nonResident(0, 1_000_000), 20),
    expected: { specialRateTax: 200_000, cess: 0, totalTax: 200_000, dividendTreaty: treaty(200_000, 208_000, 20) },
    special: [treatyLine(1_000_000, 20)],
  },
  {
    name: "treaty 25 % (e.g. India-USA on a portfolio holding): s.115A stays, being more beneficial",
    work: "treaty: 10L × 25% = 2,50,000; s.115A: 2,00,000 + cess 8,000 = 2,08,000 < 2,50,000 → s.115A",
    year: FY25,
    regime: NEW,
    input: withTreaty(nonResident(0, 1_000_000), 25),
    expected: { specialRateTax: 200_000, cess: 8_000, totalTax: 208_000, dividendTreaty: treaty(250_000, 208_000, 25) },
    special: [dividendLine(1_000_000)],
  },
  {
    name: "treaty 21 % below the surcharge: s.115A stays",
    work: "treaty: 10L × 21% = 2,10,000; s.115A: 2,08,000 < 2,10,000 → s.115A",
    year: FY25,
    regime: NEW,
    input: withTreaty(nonResident(0, 1_000_000), 21),
    expected: { totalTax: 208_000, dividendTreaty: treaty(210_000, 208_000, 21) },
    special: [dividendLine(1_000_000)],
  },
  {
    name: "treaty 21 % on 60 lakh: the treaty's, as s.115A now bears a 10 % surcharge too",
    work: "s.115A: 60L × 20% = 12,00,000; TI 60L > 50L → surcharge 10% = 1,20,000; relief at 50L: 10,00,000 + 10,00,000 = 20,00,000 > 13,20,000 → none; cess 4% × 13,20,000 = 52,800; 13,72,800. Treaty: 60L × 21% = 12,60,000 < 13,72,800",
    year: FY25,
    regime: NEW,
    input: withTreaty(nonResident(0, 6_000_000), 21),
    expected: { specialRateTax: 1_260_000, surcharge: 0, cess: 0, totalTax: 1_260_000, dividendTreaty: treaty(1_260_000, 1_372_800, 21) },
    special: [treatyLine(6_000_000, 21)],
  },
  {
    name: "dividends of 2 crore, treaty 15 %: no surcharge on the treaty's tax, where s.115A would bear 15 %",
    work: "s.115A: 2 Cr × 20% = 40,00,000; TI 2 Cr > 1 Cr → 15 % (the 25 % band counts income other than dividends: nil); surcharge 6,00,000; relief at 1 Cr: 20,00,000 + 10% 2,00,000 + 1 Cr excess > 46,00,000 → none; cess 4% × 46,00,000 = 1,84,000; 47,84,000. Treaty: 2 Cr × 15% = 30,00,000, nothing added",
    year: FY25,
    regime: NEW,
    input: withTreaty(nonResident(0, 20_000_000), 15),
    expected: {
      specialRateTax: 3_000_000,
      surchargeRatePercent: 15,
      surcharge: 0,
      cess: 0,
      totalTax: 3_000_000,
      dividendTreaty: treaty(3_000_000, 4_784_000, 15),
    },
    special: [treatyLine(20_000_000, 15)],
  },
  {
    name: "salary 40 lakh and dividends 20 lakh, treaty 15 %: the dividends still put the salary's tax in the 10 % band",
    work: "salary 40L − 75,000 = 39,25,000: 3,00,000 to 24L + 15,25,000 × 30% = 4,57,500 → 7,57,500. TI 59,25,000 > 50L → 10 %. Treaty: 3,00,000; surcharge on the slab tax only 75,750; relief at 50L (salary cut to 30L: 4,80,000 + 3,00,000 + excess 9,25,000 = 17,05,000 > 11,33,250) none; cess 4% × (7,57,500 + 75,750) = 33,330; 7,57,500 + 3,00,000 + 75,750 + 33,330 = 11,66,580. s.115A: 4,00,000; surcharge 10% × 11,57,500 = 1,15,750; relief none (4,80,000 + 4,00,000 + 9,25,000 = 18,05,000); cess 4% × 12,73,250 = 50,930; 13,24,180",
    year: FY25,
    regime: NEW,
    input: withTreaty(nonResident(4_000_000, 2_000_000), 15),
    expected: {
      taxableIncome: 5_925_000,
      incomeAtSlabRates: 3_925_000,
      slabTax: 757_500,
      specialRateTax: 300_000,
      surchargeRatePercent: 10,
      surcharge: 75_750,
      surchargeMarginalRelief: 0,
      cess: 33_330,
      taxLiability: 1_166_580,
      totalTax: 1_166_580,
      dividendTreaty: treaty(1_166_580, 1_324_180, 15),
    },
    special: [treatyLine(2_000_000, 15)],
  },
  {
    name: "beside s.112A gains and winnings: only the dividends' tax goes without cess",
    work: "112A: 5L − 1,25,000 = 3,75,000 × 12.5% = 46,875 (no basic exemption for a non-resident); winnings 1L × 30% = 30,000; dividends 5L × 10% = 50,000; cess 4% × (46,875 + 30,000) = 3,075; 1,29,950. s.115A: 1,00,000 instead; cess 4% × 1,76,875 = 7,075; 1,83,950",
    year: FY25,
    regime: NEW,
    input: withTreaty(
      nonResident(0, 500_000, { otherIncome: { dividends: 500_000, casualWinnings: 100_000 }, capitalGains: [{ section: "112A", gain: 500_000 }] }),
      10,
    ),
    expected: { specialRateTax: 126_875, cess: 3_075, taxLiability: 129_950, totalTax: 129_950, dividendTreaty: treaty(129_950, 183_950, 10) },
    special: [
      { section: "112A", ratePercent: 12.5, income: 500_000, exemptAmount: 125_000, basicExemptionAdjusted: 0, taxableAmount: 375_000, tax: 46_875 },
      treatyLine(500_000, 10),
      { section: "115BB", ratePercent: 30, income: 100_000, tax: 30_000 },
    ],
  },
  {
    name: "tax year 2026-27: the treaty's rate under s.159(4) of the Income-tax Act, 2025",
    work: "10L × 15% = 1,50,000 against 2,00,000 + cess 8,000 = 2,08,000",
    year: TY26,
    regime: NEW,
    input: withTreaty(nonResident(0, 1_000_000), 15),
    expected: { totalTax: 150_000, dividendTreaty: treaty(150_000, 208_000, 15, "159(4)") },
    special: [treatyLine(1_000_000, 15, "159(4)")],
  },
  {
    name: "tax year 2026-27, treaty 25 %: s.207 stays",
    work: "10L × 25% = 2,50,000 against 2,08,000 → s.207 (the 1961 Act's s.115A)",
    year: TY26,
    regime: OLD,
    input: withTreaty(nonResident(0, 1_000_000), 25),
    expected: { totalTax: 208_000, dividendTreaty: treaty(250_000, 208_000, 25, "159(4)") },
    special: [dividendLine(1_000_000, "207")],
  },
];

describe.each([
  ["worked cases: a non-resident's dividends at 20 % (s.115A)", cases],
  ["worked cases: a non-resident's dividends at a tax treaty's rate where more beneficial (s.90(2))", treatyCases],
])("%s", (_title, table) => {
  it.each(table)("$year $regime: $name", ({ input, year, regime, expected, special }) => {
    const result = computeTax(input, year).regimes[regime];
    expect(result).toMatchObject(expected);
    expect(result.specialRateIncome).toEqual(special.map((line) => expect.objectContaining(line)));
    // The dividends are still income under Other sources.
    expect(result.otherSources.dividends).toBe(input.otherIncome.dividends);
    if (input.otherIncome.dividendTreatyRatePercent === undefined) expect(result).not.toHaveProperty("dividendTreaty");
  });
});

describe("a treaty's rate on dividends in the engine's re-runs", () => {
  it("works each advance-tax instalment with the rate that costs less on the dividends received by then (s.234C)", () => {
    // FY 2025-26, dividends 10L, 5L by 15 June and 5L by 15 December, treaty 15 %; advance tax 75,000 on 10 June
    // and 75,000 on 10 December. Tax 1,50,000 (10L × 15 %, no cess). By 15 June and 15 September the tax on the 5L
    // received is 75,000 (against 1,04,000 at s.115A's 20 % + cess), so 75,000 arose later and, paid on 10 December,
    // is left out (first proviso to s.234C(1)): 15 % and 45 % of 75,000 were paid. By 15 December 75 % of 1,50,000
    // = 1,12,500 ≤ 1,50,000 paid; by 15 March all of it. Nothing is short: no interest under s.234B (advance tax
    // is all of the tax) nor s.234A (the return on its due date).
    const input: TaxInput = {
      ...withTreaty(nonResident(0, 1_000_000), 15),
      dividendsByPeriod: [500_000, 0, 500_000, 0, 0],
      taxesPaid: 150_000,
      taxPayments: {
        tdsTcs: 0,
        advanceTax: [
          { date: "2025-06-10", amount: 75_000 },
          { date: "2025-12-10", amount: 75_000 },
        ],
        selfAssessmentTax: [],
      },
    };
    const result = computeTax(input, FY25);
    for (const regime of [OLD, NEW]) {
      const r = result.regimes[regime];
      expect(r.totalTax).toBe(150_000);
      expect(r.interest?.advanceTaxDeferment.instalments.map((i) => [i.laterIncomeTaxLeftOut, i.taxDue, i.shortfall])).toEqual([
        [75_000, 75_000, 0],
        [75_000, 75_000, 0],
        [0, 150_000, 0],
        [0, 150_000, 0],
      ]);
      expect(r.interest?.totalInterest).toBe(0);
    }
  });

  it("prices every saving move with the treaty's rate on the dividends", () => {
    // The profile of the moves below with a treaty rate of 15 %. Old: the house-property loss of 2,00,000 goes against
    // the dividends, where it saves more: 1,00,000 × 15 % = 15,000 with no cess; slab income 5,50,000 → 22,500 +
    // cess 900; 38,400. (Against the salary: 3,50,000 → 5,000 + 200, and 3,00,000 × 15 % = 45,000; 50,200.)
    // New: 5,25,000 → 6,250 + cess 250, and 45,000; 51,500. Moves on the slab income: 80C 1,50,000: 4,00,000 →
    // 7,500 + 300 + 15,000 = 22,800 (saves 15,600). 80CCD(1B) 50,000: 5,00,000 → 12,500 + 500 + 15,000 = 28,000
    // (10,400). 80D 25,000: 5,25,000 → 17,500 + 700 + 15,000 = 33,200 (5,200). Opting out: 51,500 → 38,400 (13,100).
    const result = computeTax(withTreaty(nonResident(600_000, 300_000, { houseProperties: [selfOccupied] }), 15), FY25);
    expect(result.regimes.old.totalTax).toBe(38_400);
    expect(result.regimes.new.totalTax).toBe(51_500);
    expect(result.savingMoves.map((move) => [move.kind, move.change?.to, move.totalTaxAfter, move.taxSaving])).toEqual([
      ["top_up_80c", 150_000, 22_800, 15_600],
      ["switch_regime", undefined, 38_400, 13_100],
      ["nps_80ccd1b", 50_000, 28_000, 10_400],
      ["health_insurance_self_80d", 25_000, 33_200, 5_200],
      ["health_insurance_parents_80d", 25_000, 33_200, 5_200],
    ]);
  });

  it("sets a loss against the salary where the treaty's rate leaves the dividends cheaper to tax than the slabs", () => {
    // Salary 6L, dividends 3L at a treaty rate of 1 %, a self-occupied home with 2L of loan interest; FY 2025-26,
    // old regime (ss.24(b), 71(3A): a loss of at most 2L against other heads). Against the salary: slab income
    // 5,50,000 − 2,00,000 = 3,50,000 → 5 % of 1,00,000 = 5,000 + cess 200, and 3,00,000 × 1 % = 3,000 with no cess;
    // 8,200. Against the dividends: 5,50,000 → 12,500 + 20 % of 50,000 = 22,500 + cess 900, and 1,00,000 × 1 % =
    // 1,000; 24,400. At s.115A's 20 % the dividends would be the dearer income (44,200 against 67,600), but the
    // tax charged is the treaty's, so the set-off that leaves the least of it is the salary.
    const old = computeTax(withTreaty(nonResident(600_000, 300_000, { houseProperties: [selfOccupied] }), 1), FY25).regimes.old;
    expect(old.incomeAtSlabRates).toBe(350_000);
    expect(old.slabTax).toBe(5_000);
    expect(old.specialRateTax).toBe(3_000);
    expect(old.totalTax).toBe(8_200);
    expect(old.dividendTreaty).toMatchObject({ applied: true, taxAtTreatyRate: 8_200 });
  });

  it("keeps the loss where it costs least when agricultural income raises the rate on slab income", () => {
    // Salary 5L, dividends 3L at a treaty rate of 1 %, the same home; FY 2025-26, old regime. Against the salary:
    // slab income 4,50,000 − 2,00,000 = 2,50,000, within the nil slab, so ₹10 lakh of agricultural income is not
    // counted (Finance Act s.2(2): only where other income exceeds the basic exemption), and 3,00,000 × 1 % = 3,000;
    // 3,000 with or without it. Against the dividends: 4,50,000 → 10,000 + cess 400 and 1,00,000 × 1 % = 1,000;
    // 11,400, and more with the agricultural income counted. At s.115A's rate the loss would go against the
    // dividends without the agricultural income and against the salary with it, so adding income would cut the tax.
    const input = withTreaty(nonResident(500_000, 300_000, { houseProperties: [selfOccupied] }), 1);
    expect(computeTax(input, FY25).regimes.old.totalTax).toBe(3_000);
    expect(computeTax({ ...input, agriculturalIncome: 1_000_000 }, FY25).regimes.old.totalTax).toBe(3_000);
  });
});

describe("saving moves for a non-resident with dividends", () => {
  it("offers no Chapter VI-A move when the income it could come off is already nil-rated", () => {
    // Salary 3L, dividends 3L, a self-occupied home with 2L of loan interest; FY 2025-26.
    // Old: salary 3L − 50,000 = 2,50,000, within the 2.5L nil slab; the house-property loss of 2L (s.24(b),
    // s.71(3A)) goes against the dividends, where it saves 20 % (against the salary it would save nothing):
    // 1,00,000 × 20 % = 20,000 + cess 800 = 20,800. New: 3L − 75,000 = 2,25,000 within 4L; no s.24(b) for the home
    // (s.115BAC(2)); 3L × 20 % = 60,000 + cess 2,400 = 62,400. Chapter VI-A comes only off the nil-rated salary
    // (s.115A(4)(b)), so no deduction can lower either: the one move is opting out, saving 41,600.
    const result = computeTax(nonResident(300_000, 300_000, { houseProperties: [selfOccupied] }), FY25);
    expect(result.regimes.old.totalTax).toBe(20_800);
    expect(result.regimes.new.totalTax).toBe(62_400);
    expect(result.regimes.old.houseProperty.lossSetOff).toBe(200_000);
    expect(result.savingMoves.map((move) => [move.kind, move.totalTaxAfter, move.taxSaving])).toEqual([["switch_regime", 20_800, 41_600]]);
  });

  it("prices each move against the slab-rate income only: the dividends' 20 % stays", () => {
    // Salary 6L, dividends 3L, the same home; FY 2025-26.
    // Old: salary 5,50,000; the house-property loss of 2L against the dividends: 1,00,000 × 20 % = 20,000, and slab
    // income 5,50,000: 12,500 + 50,000 × 20 % = 22,500; 42,500 + cess 1,700 = 44,200. Against the salary instead:
    // 3,50,000 → 5,000, and 60,000 on the dividends: 65,000 + cess 2,600 = 67,600, so the dividends take the loss.
    // New: 5,25,000: 1,25,000 × 5% = 6,250; + 60,000 = 66,250 + cess 2,650 = 68,900.
    // 80C 1,50,000: 4,00,000 → 7,500 + 20,000 = 27,500 + 1,100 = 28,600, saving 15,600. 80CCD(1B) 50,000:
    // 5,00,000 → 12,500 + 20,000 = 32,500 + 1,300 = 33,800, saving 10,400. 80D 25,000 (self, or parents): 5,25,000
    // → 17,500 + 20,000 = 37,500 + 1,500 = 39,000, saving 5,200 each. Opting out saves 24,700. No move lowers the
    // dividends' 20 %.
    const result = computeTax(nonResident(600_000, 300_000, { houseProperties: [selfOccupied] }), FY25);
    expect(result.regimes.old.totalTax).toBe(44_200);
    expect(result.regimes.new.totalTax).toBe(68_900);
    expect(result.savingMoves.map((move) => [move.kind, move.change?.to, move.totalTaxAfter, move.taxSaving])).toEqual([
      ["switch_regime", undefined, 44_200, 24_700],
      ["top_up_80c", 150_000, 28_600, 15_600],
      ["nps_80ccd1b", 50_000, 33_800, 10_400],
      ["health_insurance_self_80d", 25_000, 39_000, 5_200],
      ["health_insurance_parents_80d", 25_000, 39_000, 5_200],
    ]);
  });
});
