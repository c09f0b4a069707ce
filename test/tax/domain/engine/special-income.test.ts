// Worked cases for capital gains, winnings, presumptive income, the s.17(2)(vii) perquisite, the s.23(4) choice
// and the surcharge bands. Every figure is worked by hand from the cited rule in `work`; none is engine output.
// Slab arithmetic used throughout:
//   new regime FY 2025-26 / TY 2026-27: tax at 8L 20,000; 12L 60,000; 16L 1,20,000; 20L 2,00,000; 24L 3,00,000;
//   new regime FY 2024-25: tax at 7L 20,000; 10L 50,000; 12L 80,000; 15L 1,40,000;
//   old regime below 60: tax at 5L 12,500; 10L 1,12,500, then 30 %.
import { describe, expect, it } from "vitest";
import { computeTax, type FinancialYear, type Regime, type RegimeResult, type TaxInput } from "../../../../src/tax/domain/engine";
import { salaryFor, taxInput } from "./input";

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

interface WorkedCase {
  name: string;
  source: string;
  work: string;
  year: FinancialYear;
  regime: Regime;
  input: TaxInput;
  expected: DeepPartial<Omit<RegimeResult, "deductions" | "slabs" | "specialRateIncome">>;
  /** Special-rate lines expected, matched in order of the engine's buckets. */
  special?: Array<Record<string, unknown>>;
}

const NEW = "new" as const;
const OLD = "old" as const;
const FY24: FinancialYear = "2024-25";
const FY25: FinancialYear = "2025-26";
const TY26: FinancialYear = "2026-27";

const FINANCE_ACT_2025_87A = "s.87A second proviso (Finance Act 2025, w.e.f. 1-4-2026); CBDT: special-rate income excluded from the rebate (87A-SPL)";
const S111A = "s.111A(1) as amended by Finance (No. 2) Act 2024: 15 % before 23-7-2024, 20 % on or after";
const S112A = "s.112A(2)(i) as substituted by Finance (No. 2) Act 2024 w.r.e.f. 23-7-2024: ₹1,25,000 on the aggregate; 10 % / 12.5 %";
const S112 =
  "s.112(1)(a) as amended by Finance (No. 2) Act 2024: 12.5 % without indexation from 23-7-2024; proviso for land or building acquired before that date";
const LAND_WITH_EXEMPTION =
  "s.112(1)(a) second proviso (tax at 12.5 % above the tax under the provisions before Finance (No. 2) Act 2024 ignored), each tax after the first proviso's basic-exemption adjustment, which the clause before that Act had too (at 20 %)";
const SHORTFALL = "provisos to ss.111A(1), 112(1)(a), 112A(2) (ITA 2025 ss.196(2), 197(2), 198(3)): residents only";
const SETOFF = "s.70(2) short-term loss against any gain; s.70(3) long-term loss against long-term gains only";
const SURCHARGE =
  "Finance Act 2025 First Schedule Part I Para A: 25 %/37 % only where income excluding dividends and ss.111A/112/112A income exceeds ₹2 crore/₹5 crore; 15 % cap on tax on those incomes";

const cases: WorkedCase[] = [
  // ---- The dividend example: surcharge bands measured without dividends ----
  {
    name: "reported example: salary 1,50,75,000 and dividends 1 crore pay 84,67,680 in the new regime",
    source: SURCHARGE,
    work: "TI 1,50,00,000 + 1,00,00,000 = 2,50,00,000; without dividends 1.5 Cr ≤ 2 Cr → 15 % on all. Slab 3,00,000 + 2,26,00,000×30% = 70,80,000; surcharge 10,62,000; MR at 1 Cr: 25,80,000 + 2,58,000 + 1,50,00,000 > actual → none; cess 4% × 81,42,000 = 3,25,680; total 84,67,680",
    year: FY25,
    regime: NEW,
    input: taxInput({ age: 40, salary: { grossSalary: 15_075_000 }, otherIncome: { dividends: 10_000_000 } }),
    expected: {
      taxableIncome: 25_000_000,
      slabTax: 7_080_000,
      surchargeRatePercent: 15,
      surcharge: 1_062_000,
      surchargeMarginalRelief: 0,
      cess: 325_680,
      totalTax: 8_467_680,
    },
  },
  {
    name: "reported example: the same taxpayer pays 87,54,720 in the old regime",
    source: SURCHARGE,
    work: "TI 1,50,25,000 + 1 Cr = 2,50,25,000; without dividends 1,50,25,000 → 15 %. Slab 1,12,500 + 2,40,25,000×30% = 73,20,000; surcharge 10,98,000; cess 4% × 84,18,000 = 3,36,720; total 87,54,720",
    year: FY25,
    regime: OLD,
    input: taxInput({ age: 40, salary: { grossSalary: 15_075_000 }, otherIncome: { dividends: 10_000_000 } }),
    expected: { taxableIncome: 25_025_000, slabTax: 7_320_000, surchargeRatePercent: 15, surcharge: 1_098_000, cess: 336_720, totalTax: 8_754_720 },
  },
  {
    name: "25 % applies once income other than s.111A gains exceeds 2 crore; the gains' tax still takes 15 %",
    source: SURCHARGE,
    work: "slab income 2.5 Cr: 3,00,000 + 2,26,00,000×30% = 70,80,000; 111A 1 Cr × 20% = 20,00,000; surcharge 70,80,000×25% + 20,00,000×15% = 17,70,000 + 3,00,000 = 20,70,000; MR at 2 Cr of other income: 55,80,000 + 20,00,000 + 15%×75,80,000 = 87,17,000, + 50,00,000 > 1,11,50,000 → none; cess 4,46,000; total 1,15,96,000",
    year: FY25,
    regime: NEW,
    input: salaryFor(25_000_000, NEW, { capitalGains: [{ section: "111A", gain: 10_000_000 }] }),
    expected: {
      taxableIncome: 35_000_000,
      slabTax: 7_080_000,
      specialRateTax: 2_000_000,
      surchargeRatePercent: 25,
      surcharge: 2_070_000,
      cess: 446_000,
      totalTax: 11_596_000,
    },
  },
  {
    name: "s.111A gains that take total income over 2 crore leave the rate at 15 %",
    source: SURCHARGE,
    work: "slab income 1.5 Cr: 3,00,000 + 1,26,00,000×30% = 40,80,000; 111A 20,00,000; other income 1.5 Cr ≤ 2 Cr → 15%: 9,12,000; cess 4% × 69,92,000 = 2,79,680; total 72,71,680",
    year: FY25,
    regime: NEW,
    input: salaryFor(15_000_000, NEW, { capitalGains: [{ section: "111A", gain: 10_000_000 }] }),
    expected: { surchargeRatePercent: 15, surcharge: 912_000, cess: 279_680, totalTax: 7_271_680 },
  },
  {
    name: "marginal relief at 50 lakh when s.112A gains take total income over the threshold",
    source: "Finance Act First Schedule Part I Para A, first proviso (marginal relief); " + S112A,
    work: "slab income 45L: 3,00,000 + 21L×30% = 9,30,000; 112A (5,10,000 − 1,25,000)×12.5% = 48,125; TI 50,10,000 → 10%: 97,812.50 → 97,813. At 50L (slab cut by 10,000): 9,27,000 + 48,125 = 9,75,125, no surcharge; ceiling 9,85,125; relief 10,75,938 − 9,85,125 = 90,813; cess 4% × 9,85,125 = 39,405; liability 10,24,530",
    year: FY25,
    regime: NEW,
    input: salaryFor(4_500_000, NEW, { capitalGains: [{ section: "112A", gain: 510_000 }] }),
    expected: {
      taxableIncome: 5_010_000,
      slabTax: 930_000,
      specialRateTax: 48_125,
      surcharge: 97_813,
      surchargeMarginalRelief: 90_813,
      cess: 39_405,
      taxLiability: 1_024_530,
      totalTax: 1_024_530,
    },
  },
  {
    name: "old regime: dividends keep a 6 crore income in the 25 % band, their share at 15 %",
    source: SURCHARGE,
    work: "TI 6 Cr, without dividends 4 Cr → 25%. Slab 1,12,500 + 5,90,00,000×30% = 1,78,12,500; surcharge 1,78,12,500 × (25×4 Cr + 15×2 Cr)/(100×6 Cr) = 38,59,375; cess 4% × 2,16,71,875 = 8,66,875; total 2,25,38,750",
    year: FY25,
    regime: OLD,
    input: salaryFor(40_000_000, OLD, { otherIncome: { dividends: 20_000_000 } }),
    expected: { taxableIncome: 60_000_000, slabTax: 17_812_500, surchargeRatePercent: 25, surcharge: 3_859_375, cess: 866_875, totalTax: 22_538_750 },
  },
  {
    name: "old regime 37 % on slab tax once other income exceeds 5 crore; s.112A gains' tax still 15 %",
    source: SURCHARGE,
    work: "slab income 6 Cr: 1,12,500 + 5,90,00,000×30% = 1,78,12,500; 112A (1 Cr − 1.25L)×12.5% = 12,34,375; surcharge 65,90,625 + 1,85,156.25 = 67,75,781; MR at 5 Cr other income: 1,48,12,500 + 12,34,375 + 25%/15% 38,88,281 + 1 Cr = 2,99,35,156 > 2,58,22,656 → none; cess 10,32,906; 2,68,55,562 → 2,68,55,560",
    year: FY25,
    regime: OLD,
    input: salaryFor(60_000_000, OLD, { capitalGains: [{ section: "112A", gain: 10_000_000 }] }),
    expected: {
      surchargeRatePercent: 37,
      surcharge: 6_775_781,
      surchargeMarginalRelief: 0,
      cess: 1_032_906,
      taxLiability: 26_855_562,
      totalTax: 26_855_560,
    },
  },
  {
    name: "marginal relief where other income just crosses 2 crore beside s.112 gains",
    source: SURCHARGE + "; marginal-relief proviso",
    work: "slab income 2,00,10,000: 3,00,000 + 1,76,10,000×30% = 55,83,000; 112 50L×12.5% = 6,25,000; 25%/15%: 13,95,750 + 93,750 = 14,89,500. At 2 Cr: 55,80,000 + 6,25,000 + 15% 9,30,750 = 71,35,750, + 10,000 = 71,45,750; relief 76,97,500 − 71,45,750 = 5,51,750; cess 2,85,830; 74,31,580",
    year: FY25,
    regime: NEW,
    input: salaryFor(20_010_000, NEW, { capitalGains: [{ section: "112", gain: 5_000_000 }] }),
    expected: { surchargeRatePercent: 25, surcharge: 1_489_500, surchargeMarginalRelief: 551_750, cess: 285_830, totalTax: 7_431_580 },
  },

  // ---- s.111A ----
  {
    name: "FY 2025-26 new regime: the rebate covers slab tax only, not the s.111A tax",
    source: FINANCE_ACT_2025_87A,
    work: "slab income 10L: 40,000; 111A 2L×20% = 40,000; TI 12L ≤ 12L → rebate min(40,000, 60,000) = 40,000; tax 40,000; cess 1,600; 41,600",
    year: FY25,
    regime: NEW,
    input: salaryFor(1_000_000, NEW, { capitalGains: [{ section: "111A", gain: 200_000 }] }),
    expected: {
      taxableIncome: 1_200_000,
      incomeAtSlabRates: 1_000_000,
      slabTax: 40_000,
      specialRateTax: 40_000,
      rebate87A: 40_000,
      taxAfterRebate: 40_000,
      totalTax: 41_600,
    },
    special: [{ section: "111A", ratePercent: 20, income: 200_000, taxableAmount: 200_000, tax: 40_000 }],
  },
  {
    name: "FY 2024-25 new regime: the rebate also absorbs s.111A tax, up to ₹25,000",
    source: "s.87A proviso (b) as it stood for AY 2025-26 (no special-rate exclusion in the text); " + S111A,
    work: "slab income 5L: 10,000; 111A after 23-7-2024 2L×20% = 40,000; TI 7L → rebate min(50,000, 25,000) = 25,000; 25,000 + cess 1,000 = 26,000",
    year: FY24,
    regime: NEW,
    input: salaryFor(500_000, NEW, { capitalGains: [{ section: "111A", gain: 200_000 }] }),
    expected: { slabTax: 10_000, specialRateTax: 40_000, rebate87A: 25_000, totalTax: 26_000 },
  },
  {
    name: "FY 2024-25: a transfer before 23 July 2024 keeps the 15 % rate",
    source: S111A,
    work: "slab 10,000; 111A 2L×15% = 30,000; rebate 25,000; 15,000 + cess 600 = 15,600",
    year: FY24,
    regime: NEW,
    input: salaryFor(500_000, NEW, { capitalGains: [{ section: "111A", gain: 200_000, transferredBefore23July2024: true }] }),
    expected: { specialRateTax: 30_000, rebate87A: 25_000, totalTax: 15_600 },
    special: [{ section: "111A", ratePercent: 15, tax: 30_000 }],
  },
  {
    name: "old regime resident: unused basic exemption set against s.111A gains, and the rebate covers their tax",
    source: SHORTFALL + "; s.87A (tax on total income)",
    work: "no other income; shortfall 2,50,000; 111A (5L − 2.5L)×20% = 50,000; TI 5L → rebate 12,500; 37,500 + cess 1,500 = 39,000",
    year: FY25,
    regime: OLD,
    input: taxInput({ capitalGains: [{ section: "111A", gain: 500_000 }] }),
    expected: { taxableIncome: 500_000, specialRateTax: 50_000, rebate87A: 12_500, totalTax: 39_000 },
    special: [{ basicExemptionAdjusted: 250_000, taxableAmount: 250_000 }],
  },
  {
    name: "non-resident: no basic-exemption adjustment and no rebate on s.111A gains",
    source: SHORTFALL + "; s.87A (resident individuals)",
    work: "111A 5L×20% = 1,00,000; cess 4,000; 1,04,000",
    year: FY25,
    regime: OLD,
    input: taxInput({ residentialStatus: "non_resident", capitalGains: [{ section: "111A", gain: 500_000 }] }),
    expected: { specialRateTax: 100_000, rebate87A: 0, rebate87ABasis: "not_resident", totalTax: 104_000 },
  },
  {
    name: "FY 2025-26 new regime resident with only s.111A gains: exemption adjusted, no rebate",
    source: SHORTFALL + "; " + FINANCE_ACT_2025_87A,
    work: "shortfall 4,00,000; 111A (5L − 4L)×20% = 20,000; slab tax 0 so rebate 0; cess 800; 20,800",
    year: FY25,
    regime: NEW,
    input: taxInput({ capitalGains: [{ section: "111A", gain: 500_000 }] }),
    expected: { specialRateTax: 20_000, rebate87A: 0, totalTax: 20_800 },
  },
  {
    name: "FY 2024-25 new regime resident with only s.111A gains: exemption adjusted, then rebated",
    source: SHORTFALL + "; s.87A as it stood for AY 2025-26",
    work: "shortfall 3,00,000; 111A 2L×20% = 40,000; TI 5L ≤ 7L → rebate 25,000; 15,000 + cess 600 = 15,600",
    year: FY24,
    regime: NEW,
    input: taxInput({ capitalGains: [{ section: "111A", gain: 500_000 }] }),
    expected: { specialRateTax: 40_000, rebate87A: 25_000, totalTax: 15_600 },
  },
  {
    name: "senior citizen, old regime: the ₹3 lakh exemption is the one adjusted",
    source: SHORTFALL + "; First Schedule Part I (senior citizen: ₹3,00,000 nil band)",
    work: "shortfall 3,00,000; 111A 2L×20% = 40,000; TI 5L → rebate 12,500; 27,500 + cess 1,100 = 28,600",
    year: FY25,
    regime: OLD,
    input: taxInput({ age: 65, capitalGains: [{ section: "111A", gain: 500_000 }] }),
    expected: { specialRateTax: 40_000, rebate87A: 12_500, totalTax: 28_600 },
  },
  {
    name: "the unused exemption goes against the 20 % gains before the 12.5 % ones",
    source: SHORTFALL + " (the choice most favourable to the taxpayer)",
    work: "slab income 1L; shortfall 3L: 111A 2L → 0, then s.112 4L → 3L; 3L×12.5% = 37,500; FY 2025-26 new: no rebate on special-rate tax; cess 1,500; 39,000",
    year: FY25,
    regime: NEW,
    input: salaryFor(100_000, NEW, {
      capitalGains: [
        { section: "111A", gain: 200_000 },
        { section: "112", gain: 400_000 },
      ],
    }),
    expected: { taxableIncome: 700_000, specialRateTax: 37_500, rebate87A: 0, totalTax: 39_000 },
    special: [
      { section: "111A", basicExemptionAdjusted: 200_000, tax: 0 },
      { section: "112", basicExemptionAdjusted: 100_000, taxableAmount: 300_000, tax: 37_500 },
    ],
  },
  {
    name: "Chapter VI-A is not set against s.111A gains",
    source: "s.111A(2): no deduction under Chapter VI-A from such gains; s.80A(2)",
    work: "salary income 1L, 111A 4L; 80C 1.5L allowed only up to 1L; TI 4L; shortfall 2.5L → 111A 1.5L×20% = 30,000; old rebate 12,500; 17,500 + cess 700 = 18,200",
    year: FY25,
    regime: OLD,
    input: salaryFor(100_000, OLD, { capitalGains: [{ section: "111A", gain: 400_000 }], deductions: { section80C: 150_000 } }),
    expected: { chapterVIADeductions: 100_000, taxableIncome: 400_000, specialRateTax: 30_000, rebate87A: 12_500, totalTax: 18_200 },
  },

  // ---- s.112A ----
  {
    name: "s.112A: 12.5 % on gains above ₹1,25,000",
    source: S112A,
    work: "slab income 15L: 60,000 + 3L×15% = 1,05,000; 112A (3L − 1.25L)×12.5% = 21,875; 1,26,875 + cess 5,075 = 1,31,950",
    year: FY25,
    regime: NEW,
    input: salaryFor(1_500_000, NEW, { capitalGains: [{ section: "112A", gain: 300_000 }] }),
    expected: { taxableIncome: 1_800_000, slabTax: 105_000, specialRateTax: 21_875, totalTax: 131_950 },
    special: [{ section: "112A", ratePercent: 12.5, income: 300_000, exemptAmount: 125_000, taxableAmount: 175_000, tax: 21_875 }],
  },
  {
    name: "s.112A gains within ₹1,25,000 pay nothing and count in total income",
    source: S112A,
    work: "slab income 10L: 40,000, rebated (TI 11,25,000 ≤ 12L); 112A 1,25,000 fully exempt; total 0",
    year: FY25,
    regime: NEW,
    input: salaryFor(1_000_000, NEW, { capitalGains: [{ section: "112A", gain: 125_000 }] }),
    expected: { taxableIncome: 1_125_000, specialRateTax: 0, rebate87A: 40_000, totalTax: 0 },
  },
  {
    name: "FY 2025-26 new regime above 12 lakh with s.112A gains: marginal relief only against slab tax",
    source: FINANCE_ACT_2025_87A + "; s.87A proviso (b)",
    work: "slab income 11L: 50,000; 112A 21,875; TI 14L, excess 2L > 50,000 → no relief; 71,875 + cess 2,875 = 74,750",
    year: FY25,
    regime: NEW,
    input: salaryFor(1_100_000, NEW, { capitalGains: [{ section: "112A", gain: 300_000 }] }),
    expected: { rebate87A: 0, rebate87ABasis: "above_threshold", totalTax: 74_750 },
  },
  {
    name: "old regime above 5 lakh with s.112A gains: no rebate",
    source: S112A + "; s.87A (₹5,00,000)",
    work: "slab income 4.5L: 10,000; 112A (2L − 1.25L)×12.5% = 9,375; TI 6.5L → no rebate; 19,375 + cess 775 = 20,150",
    year: FY25,
    regime: OLD,
    input: salaryFor(450_000, OLD, { capitalGains: [{ section: "112A", gain: 200_000 }] }),
    expected: { taxableIncome: 650_000, slabTax: 10_000, specialRateTax: 9_375, totalTax: 20_150 },
  },
  {
    name: "old regime: the rebate is not available against tax on s.112A gains",
    source: "s.112A(6): rebate u/s 87A from tax on total income less tax on s.112A gains",
    work: "slab income 3L: 2,500; no shortfall; 112A (2L − 1.25L)×12.5% = 9,375; TI 5L → rebate min(2,500, 12,500) = 2,500; 9,375 + cess 375 = 9,750",
    year: FY25,
    regime: OLD,
    input: salaryFor(300_000, OLD, { capitalGains: [{ section: "112A", gain: 200_000 }] }),
    expected: { taxableIncome: 500_000, slabTax: 2_500, rebate87A: 2_500, specialRateTax: 9_375, totalTax: 9_750 },
  },
  {
    name: "resident's shortfall reduces s.112A gains before the ₹1,25,000 threshold applies",
    source: SHORTFALL + "; " + S112A,
    work: "only 112A 4L; shortfall 2.5L → 1.5L; above 1.25L: 25,000 × 12.5% = 3,125; no rebate on it; + cess 125 = 3,250",
    year: FY25,
    regime: OLD,
    input: taxInput({ capitalGains: [{ section: "112A", gain: 400_000 }] }),
    expected: { specialRateTax: 3_125, rebate87A: 0, totalTax: 3_250 },
  },
  {
    name: "FY 2024-25: one ₹1,25,000 exemption for gains before and after 23 July 2024",
    source: S112A + " (proviso: the limit applies on the aggregate); CBDT FAQ on Budget 2024 capital gains",
    work: "slab income 15L: 1,40,000; after-date 2L: exemption 1.25L → 75,000×12.5% = 9,375; before-date 1L×10% = 10,000; 1,59,375 + cess 6,375 = 1,65,750",
    year: FY24,
    regime: NEW,
    input: salaryFor(1_500_000, NEW, {
      capitalGains: [
        { section: "112A", gain: 100_000, transferredBefore23July2024: true },
        { section: "112A", gain: 200_000 },
      ],
    }),
    expected: { slabTax: 140_000, specialRateTax: 19_375, totalTax: 165_750 },
    special: [
      { ratePercent: 12.5, exemptAmount: 125_000, tax: 9_375 },
      { ratePercent: 10, exemptAmount: 0, tax: 10_000 },
    ],
  },
  {
    name: "FY 2024-25 old regime: gains before 23 July 2024 alone still get ₹1,25,000",
    source: S112A,
    work: "slab income 10L: 1,12,500; 112A (2L − 1.25L)×10% = 7,500; 1,20,000 + cess 4,800 = 1,24,800",
    year: FY24,
    regime: OLD,
    input: salaryFor(1_000_000, OLD, { capitalGains: [{ section: "112A", gain: 200_000, transferredBefore23July2024: true }] }),
    expected: { specialRateTax: 7_500, totalTax: 124_800 },
  },
  {
    name: "non-resident with s.112A gains: no basic-exemption adjustment",
    source: SHORTFALL,
    work: "(3L − 1.25L)×12.5% = 21,875; cess 875; 22,750",
    year: FY25,
    regime: NEW,
    input: taxInput({ residentialStatus: "non_resident", capitalGains: [{ section: "112A", gain: 300_000 }] }),
    expected: { specialRateTax: 21_875, totalTax: 22_750 },
  },

  // ---- s.112 ----
  {
    name: "s.112: 12.5 % without indexation after 23 July 2024",
    source: S112,
    work: "slab income 20L: 2,00,000; 112 10L×12.5% = 1,25,000; 3,25,000 + cess 13,000 = 3,38,000",
    year: FY25,
    regime: NEW,
    input: salaryFor(2_000_000, NEW, { capitalGains: [{ section: "112", gain: 1_000_000 }] }),
    expected: { taxableIncome: 3_000_000, specialRateTax: 125_000, totalTax: 338_000 },
  },
  {
    name: "resident's land bought before 23 July 2024: 20 % with indexation when lower",
    source: S112 + " (E = A − B ignored; ITA 2025 s.197(3))",
    work: "A = 10L×12.5% = 1,25,000; B = 5L×20% = 1,00,000; excess 25,000 ignored; 2,00,000 + 1,00,000 = 3,00,000 + cess 12,000 = 3,12,000",
    year: FY25,
    regime: NEW,
    input: salaryFor(2_000_000, NEW, {
      capitalGains: [{ section: "112", gain: 1_000_000, indexedGain: 500_000, landOrBuildingAcquiredBefore23July2024: true }],
    }),
    expected: { taxableIncome: 3_000_000, specialRateTax: 100_000, totalTax: 312_000 },
    special: [{ section: "112", income: 1_000_000, indexationRelief: 25_000, tax: 100_000 }],
  },
  {
    name: "resident's land: 12.5 % without indexation when that is lower",
    source: S112,
    work: "A = 1,25,000; B = 7L×20% = 1,40,000 > A → no relief; 3,38,000",
    year: FY25,
    regime: NEW,
    input: salaryFor(2_000_000, NEW, {
      capitalGains: [{ section: "112", gain: 1_000_000, indexedGain: 700_000, landOrBuildingAcquiredBefore23July2024: true }],
    }),
    expected: { specialRateTax: 125_000, totalTax: 338_000 },
  },
  {
    name: "non-resident's land: no choice of indexation",
    source: S112 + " (proviso for resident individuals and HUFs only)",
    work: "12.5% × 10L = 1,25,000; slab 2,00,000; cess 13,000; 3,38,000",
    year: FY25,
    regime: NEW,
    input: salaryFor(2_000_000, NEW, {
      residentialStatus: "non_resident",
      capitalGains: [{ section: "112", gain: 1_000_000, indexedGain: 500_000, landOrBuildingAcquiredBefore23July2024: true }],
    }),
    expected: { specialRateTax: 125_000, totalTax: 338_000 },
  },
  {
    name: "an indexed loss makes the tax on the land nil; the gain stays in total income",
    source: S112,
    work: "A = 4L×12.5% = 50,000; B = 0 (indexed −1L) → all ignored; TI 10L + 4L = 14L; slab 1,12,500 + cess 4,500 = 1,17,000",
    year: FY25,
    regime: OLD,
    input: salaryFor(1_000_000, OLD, {
      capitalGains: [{ section: "112", gain: 400_000, indexedGain: -100_000, landOrBuildingAcquiredBefore23July2024: true }],
    }),
    expected: { taxableIncome: 1_400_000, specialRateTax: 0, totalTax: 117_000 },
  },
  {
    name: "resident's land with unused basic exemption: both taxes are worked on the gain less the exemption",
    source: LAND_WITH_EXEMPTION,
    work: "no other income: shortfall 4L; A = (10L − 4L)×12.5% = 75,000; B = (5L − 4L)×20% = 20,000; excess 55,000 ignored → 20,000; slab tax 0 so no rebate; + cess 800 = 20,800",
    year: FY25,
    regime: NEW,
    input: taxInput({
      capitalGains: [{ section: "112", gain: 1_000_000, indexedGain: 500_000, landOrBuildingAcquiredBefore23July2024: true }],
    }),
    expected: { taxableIncome: 1_000_000, specialRateTax: 20_000, rebate87A: 0, totalTax: 20_800 },
    special: [{ section: "112", income: 1_000_000, basicExemptionAdjusted: 400_000, taxableAmount: 600_000, indexationRelief: 55_000, tax: 20_000 }],
  },
  {
    name: "resident's land: the exemption can make 20 % with indexation the lower tax",
    source: LAND_WITH_EXEMPTION,
    work: "without the exemption 12.5% × 10L = 1,25,000 < 20% × 7L = 1,40,000; with the 4L shortfall: A = 6L×12.5% = 75,000, B = 3L×20% = 60,000 → 60,000; + cess 2,400 = 62,400",
    year: FY25,
    regime: NEW,
    input: taxInput({
      capitalGains: [{ section: "112", gain: 1_000_000, indexedGain: 700_000, landOrBuildingAcquiredBefore23July2024: true }],
    }),
    expected: { specialRateTax: 60_000, totalTax: 62_400 },
    special: [{ section: "112", basicExemptionAdjusted: 400_000, indexationRelief: 15_000, tax: 60_000 }],
  },
  {
    name: "land and another s.112 gain: the exemption goes first against the land's indexed gain, taxed at 20 %",
    source: LAND_WITH_EXEMPTION + "; " + SHORTFALL + " (the choice most favourable to the taxpayer)",
    work: "land 6L (indexed 3L: 20% × 3L = 60,000 < 12.5% × 6L = 75,000), other s.112 gain 4L; shortfall 4L: a rupee against the land's indexed gain saves 20 %, against the other gain 12.5 %; 3L to the land: A = 3L×12.5% = 37,500, B = 0 → nil; 1L to the other: 3L×12.5% = 37,500; + cess 1,500 = 39,000",
    year: FY25,
    regime: NEW,
    input: taxInput({
      capitalGains: [
        { section: "112", gain: 600_000, indexedGain: 300_000, landOrBuildingAcquiredBefore23July2024: true },
        { section: "112", gain: 400_000 },
      ],
    }),
    expected: { taxableIncome: 1_000_000, specialRateTax: 37_500, totalTax: 39_000 },
    special: [{ section: "112", income: 1_000_000, basicExemptionAdjusted: 400_000, taxableAmount: 600_000, tax: 37_500 }],
  },
  {
    name: "exemption beyond the land's indexed gain would save nothing there, so it goes to s.112A gains",
    source: LAND_WITH_EXEMPTION + "; " + SHORTFALL + "; " + S112A,
    work: "shortfall 4L; land 10L, indexed 1L: 1L of exemption makes B = 0, so its tax is nil; the other 3L to 112A 5L: 5L − 3L = 2L, above 1.25L: 75,000×12.5% = 9,375; + cess 375 = 9,750",
    year: FY25,
    regime: NEW,
    input: taxInput({
      capitalGains: [
        { section: "112", gain: 1_000_000, indexedGain: 100_000, landOrBuildingAcquiredBefore23July2024: true },
        { section: "112A", gain: 500_000 },
      ],
    }),
    expected: { taxableIncome: 1_500_000, specialRateTax: 9_375, totalTax: 9_750 },
    special: [
      { section: "112", basicExemptionAdjusted: 100_000, tax: 0 },
      { section: "112A", exemptAmount: 125_000, basicExemptionAdjusted: 300_000, taxableAmount: 75_000, tax: 9_375 },
    ],
  },
  {
    name: "FY 2024-25: the land's indexed gain takes the exemption before s.111A gains at 15 %",
    source: LAND_WITH_EXEMPTION + "; " + SHORTFALL + " (the choice most favourable to the taxpayer); s.87A proviso (b) as it stood for AY 2025-26",
    work: "shortfall 3L; land 6L indexed 3L (20% × 3L = 60,000 < 75,000), 111A before 23 July 2L at 15 %; a rupee against the indexed gain saves 20 %, against the 111A gains 15 %: 3L to the land → nil; 111A 2L×15% = 30,000; TI 8L: 30,000 < 8L − 7L → no rebate; + cess 1,200 = 31,200",
    year: FY24,
    regime: NEW,
    input: taxInput({
      capitalGains: [
        { section: "111A", gain: 200_000, transferredBefore23July2024: true },
        { section: "112", gain: 600_000, indexedGain: 300_000, landOrBuildingAcquiredBefore23July2024: true },
      ],
    }),
    expected: { taxableIncome: 800_000, specialRateTax: 30_000, rebate87A: 0, totalTax: 31_200 },
    special: [
      { section: "111A", ratePercent: 15, basicExemptionAdjusted: 0, tax: 30_000 },
      { section: "112", basicExemptionAdjusted: 300_000, tax: 0 },
    ],
  },
  {
    name: "FY 2024-25: s.112 transfer before 23 July 2024 at 20 % with indexation",
    source: "s.112(1)(a) as it stood before 23-7-2024 (20 % with indexation)",
    work: "indexed gain 6L × 20% = 1,20,000; slab income 10L old: 1,12,500; 2,32,500 + cess 9,300 = 2,41,800",
    year: FY24,
    regime: OLD,
    input: salaryFor(1_000_000, OLD, {
      capitalGains: [{ section: "112", gain: 1_000_000, indexedGain: 600_000, transferredBefore23July2024: true }],
    }),
    expected: { taxableIncome: 1_600_000, specialRateTax: 120_000, totalTax: 241_800 },
    special: [{ section: "112", ratePercent: 20, income: 600_000, tax: 120_000 }],
  },
  {
    name: "super senior citizen, old regime: ₹5 lakh exemption against s.112 gains",
    source: SHORTFALL + "; First Schedule (80 and above: ₹5,00,000 nil band)",
    work: "shortfall 5L; 112 (6L − 5L)×12.5% = 12,500; TI 6L > 5L → no rebate; + cess 500 = 13,000",
    year: FY25,
    regime: OLD,
    input: taxInput({ age: 82, capitalGains: [{ section: "112", gain: 600_000 }] }),
    expected: { specialRateTax: 12_500, totalTax: 13_000 },
  },

  // ---- Losses ----
  {
    name: "a long-term loss cannot reduce short-term gains; a short-term loss can",
    source: SETOFF,
    work: "112A −1L stays unabsorbed; other STCL −50,000 against 111A 3L → 2.5L × 20% = 50,000; slab 20L 2,00,000; 2,50,000 + cess 10,000 = 2,60,000",
    year: FY25,
    regime: NEW,
    input: salaryFor(2_000_000, NEW, {
      capitalGains: [
        { section: "111A", gain: 300_000 },
        { section: "112A", gain: -100_000 },
        { section: "short_term_other", gain: -50_000 },
      ],
    }),
    expected: {
      specialRateTax: 50_000,
      totalTax: 260_000,
      capitalGains: { longTermLossNotSetOff: 100_000, shortTermLossNotSetOff: 0, incomeFromCapitalGains: 250_000 },
    },
  },
  {
    name: "a short-term loss against a long-term gain",
    source: SETOFF,
    work: "111A −2L against 112 5L → 3L × 12.5% = 37,500; 2,37,500 + cess 9,500 = 2,47,000",
    year: FY25,
    regime: NEW,
    input: salaryFor(2_000_000, NEW, {
      capitalGains: [
        { section: "112", gain: 500_000 },
        { section: "111A", gain: -200_000 },
      ],
    }),
    expected: { taxableIncome: 2_300_000, specialRateTax: 37_500, totalTax: 247_000 },
  },
  {
    name: "FY 2024-25: a long-term loss goes against s.112 gains before s.112A gains",
    source: SETOFF + " (against the dearest gains first: s.112A's first ₹1,25,000 is untaxed)",
    work: "112A (before) −1L against 112 2L → 1L × 12.5% = 12,500; 112A 3L − 1.25L = 1.75L × 12.5% = 21,875; slab 15L 1,40,000; 1,74,375 + cess 6,975 = 1,81,350",
    year: FY24,
    regime: NEW,
    input: salaryFor(1_500_000, NEW, {
      capitalGains: [
        { section: "112A", gain: -100_000, transferredBefore23July2024: true },
        { section: "112", gain: 200_000 },
        { section: "112A", gain: 300_000 },
      ],
    }),
    expected: { specialRateTax: 34_375, totalTax: 181_350 },
  },
  {
    name: "gains and losses of the same kind net first",
    source: "s.48 / s.70(1): loss from one asset against gain from another of the same kind",
    work: "111A 3L − 1L = 2L × 20% = 40,000; 2,40,000 + cess 9,600 = 2,49,600",
    year: FY25,
    regime: NEW,
    input: salaryFor(2_000_000, NEW, {
      capitalGains: [
        { section: "111A", gain: 300_000 },
        { section: "111A", gain: -100_000 },
      ],
    }),
    expected: { specialRateTax: 40_000, totalTax: 249_600 },
  },
  {
    name: "a capital loss is never set against salary",
    source: "s.71(3): a loss under Capital gains is not set off against any other head",
    work: "slab 20L 2,00,000 + cess 8,000 = 2,08,000; short-term loss 5L unabsorbed",
    year: FY25,
    regime: NEW,
    input: salaryFor(2_000_000, NEW, { capitalGains: [{ section: "short_term_other", gain: -500_000 }] }),
    expected: { taxableIncome: 2_000_000, totalTax: 208_000, capitalGains: { shortTermLossNotSetOff: 500_000, incomeFromCapitalGains: 0 } },
  },
  {
    name: "old regime: a house-property loss not absorbed by slab income is set against s.111A gains",
    source: "s.71(1), (3A): house-property loss against any other head, at most ₹2,00,000; ss.22-24",
    work: "let-out: 1L − 30% − interest 4L = −3,30,000; no slab income, so 2,00,000 against 111A 10L → 8L; 1,30,000 unabsorbed. TI 8L; shortfall 2.5L → 5.5L × 20% = 1,10,000; TI > 5L, no rebate; cess 4,400; 1,14,400",
    year: FY25,
    regime: OLD,
    input: taxInput({
      houseProperties: [{ type: "let_out", annualRent: 100_000, municipalTaxesPaid: 0, interestOnHousingLoan: 400_000 }],
      capitalGains: [{ section: "111A", gain: 1_000_000 }],
    }),
    expected: { taxableIncome: 800_000, houseProperty: { lossSetOff: 200_000, lossNotSetOff: 130_000 }, specialRateTax: 110_000, totalTax: 114_400 },
    special: [{ section: "111A", income: 800_000, basicExemptionAdjusted: 250_000 }],
  },
  {
    name: "new regime: the same loss is set against nothing",
    source: "s.115BAC(2)(ii)(b)",
    work: "TI 10L; shortfall 4L → 6L × 20% = 1,20,000; no rebate on special-rate tax; cess 4,800; 1,24,800",
    year: FY25,
    regime: NEW,
    input: taxInput({
      houseProperties: [{ type: "let_out", annualRent: 100_000, municipalTaxesPaid: 0, interestOnHousingLoan: 400_000 }],
      capitalGains: [{ section: "111A", gain: 1_000_000 }],
    }),
    expected: { taxableIncome: 1_000_000, houseProperty: { lossSetOff: 0, lossNotSetOff: 330_000 }, totalTax: 124_800 },
  },
  {
    name: "other short-term gains are taxed at the slab rates",
    source: "s.111A applies only to STT-paid equity; other STCG is ordinary income",
    work: "TI 24L all at slab: 3,00,000 + cess 12,000 = 3,12,000",
    year: FY25,
    regime: NEW,
    input: salaryFor(2_000_000, NEW, { capitalGains: [{ section: "short_term_other", gain: 400_000 }] }),
    expected: { incomeAtSlabRates: 2_400_000, slabTax: 300_000, specialRateTax: 0, totalTax: 312_000 },
  },

  // ---- s.87A interplay ----
  {
    name: "FY 2025-26 new regime: s.111A gains inside 12 lakh still pay their own tax",
    source: FINANCE_ACT_2025_87A,
    work: "slab income 11L: 50,000 rebated; 111A 1L×20% = 20,000; + cess 800 = 20,800",
    year: FY25,
    regime: NEW,
    input: salaryFor(1_100_000, NEW, { capitalGains: [{ section: "111A", gain: 100_000 }] }),
    expected: { rebate87A: 50_000, totalTax: 20_800 },
  },
  {
    name: "FY 2025-26 new regime: marginal relief compares the tax on total income, and rebates only slab tax",
    source: FINANCE_ACT_2025_87A + "; s.87A proviso (b): 'income-tax payable on such total income' less the excess",
    work: "slab income 11.5L: 55,000; 111A 20,000; TI 12.5L, excess 50,000; tax on TI 75,000 − 50,000 = 25,000 ≤ slab tax 55,000 → rebate 25,000; 50,000 + cess 2,000 = 52,000",
    year: FY25,
    regime: NEW,
    input: salaryFor(1_150_000, NEW, { capitalGains: [{ section: "111A", gain: 100_000 }] }),
    expected: { slabTax: 55_000, rebate87A: 25_000, rebate87ABasis: "marginal_relief", totalTax: 52_000 },
  },
  {
    name: "FY 2025-26 new regime: ₹10,000 over 12 lakh costs the 111A tax on it, not more than the income",
    source: FINANCE_ACT_2025_87A + "; s.87A proviso (b)",
    work: "slab income 11L: 50,000; 111A 1.1L×20% = 22,000; TI 12.1L, excess 10,000; 72,000 − 10,000 = 62,000, held to slab tax 50,000; 22,000 + cess 880 = 22,880 (20,800 at 12L)",
    year: FY25,
    regime: NEW,
    input: salaryFor(1_100_000, NEW, { capitalGains: [{ section: "111A", gain: 110_000 }] }),
    expected: { taxableIncome: 1_210_000, rebate87A: 50_000, rebate87ABasis: "marginal_relief", totalTax: 22_880 },
  },
  {
    name: "FY 2025-26 new regime: with the 111A tax above the excess, the whole slab tax is rebated",
    source: FINANCE_ACT_2025_87A + "; s.87A proviso (b)",
    work: "slab income 10L: 40,000; 111A 2.5L×20% = 50,000; TI 12.5L, excess 50,000; 90,000 − 50,000 = 40,000 = slab tax → rebate 40,000; 50,000 + cess 2,000 = 52,000",
    year: FY25,
    regime: NEW,
    input: salaryFor(1_000_000, NEW, { capitalGains: [{ section: "111A", gain: 250_000 }] }),
    expected: { slabTax: 40_000, rebate87A: 40_000, rebate87ABasis: "marginal_relief", totalTax: 52_000 },
  },
  {
    name: "tax year 2026-27 new regime: the same relief with a s.112 gain",
    source: "ITA 2025 ss.155-156 as s.87A from AY 2026-27; s.112 at 12.5 %",
    work: "slab income 11L: 50,000; 112 1.5L×12.5% = 18,750; TI 12.5L, excess 50,000; 68,750 − 50,000 = 18,750 ≤ 50,000 → rebate 18,750; 50,000 + cess 2,000 = 52,000",
    year: TY26,
    regime: NEW,
    input: salaryFor(1_100_000, NEW, { capitalGains: [{ section: "112", gain: 150_000 }] }),
    expected: { slabTax: 50_000, rebate87A: 18_750, rebate87ABasis: "marginal_relief", totalTax: 52_000 },
  },
  {
    name: "FY 2024-25 new regime: the rebate covers s.112 tax at 7 lakh",
    source: "s.87A as it stood for AY 2025-26; " + S112,
    work: "slab income 6L: 15,000; 112 1L×12.5% = 12,500; TI 7L → rebate 25,000; 2,500 + cess 100 = 2,600",
    year: FY24,
    regime: NEW,
    input: salaryFor(600_000, NEW, { capitalGains: [{ section: "112", gain: 100_000 }] }),
    expected: { rebate87A: 25_000, totalTax: 2_600 },
  },
  {
    name: "FY 2024-25 new regime: marginal relief above 7 lakh covers s.111A tax",
    source: "s.87A proviso (b) as it stood for AY 2025-26",
    work: "slab income 6.5L: 17,500; 111A 60,000×20% = 12,000; TI 7.1L, excess 10,000 < 29,500 → rebate 19,500; 10,000 + cess 400 = 10,400",
    year: FY24,
    regime: NEW,
    input: salaryFor(650_000, NEW, { capitalGains: [{ section: "111A", gain: 60_000 }] }),
    expected: { rebate87A: 19_500, rebate87ABasis: "marginal_relief", totalTax: 10_400 },
  },
  {
    name: "FY 2024-25 new regime: the rebate at 7 lakh, with s.111A gains taxed beyond it",
    source: "s.87A as it stood for AY 2025-26; s.111A at 20 % after 23 July 2024",
    work: "slab income 3L: nil; 111A 4L×20% = 80,000; TI 7L → rebate min(80,000, 25,000); 55,000 + cess 2,200 = 57,200",
    year: FY24,
    regime: NEW,
    input: salaryFor(300_000, NEW, { capitalGains: [{ section: "111A", gain: 400_000 }] }),
    expected: { taxableIncome: 700_000, rebate87A: 25_000, totalTax: 57_200 },
  },
  {
    name: "FY 2024-25 new regime: marginal relief never exceeds the rebate's ₹25,000, so ₹10,000 more income never cuts the tax",
    source: "s.87A proviso (b) as it stood for AY 2025-26, within the ₹25,000 of its main clause",
    work: "slab income 3L: nil; 111A 4.1L×20% = 82,000; TI 7.1L, excess 10,000: relief 72,000 is held to 25,000; 57,000 + cess 2,280 = 59,280 (≥ 57,200 at 7L)",
    year: FY24,
    regime: NEW,
    input: salaryFor(300_000, NEW, { capitalGains: [{ section: "111A", gain: 410_000 }] }),
    expected: { taxableIncome: 710_000, rebate87A: 25_000, rebate87ABasis: "marginal_relief", totalTax: 59_280 },
  },

  // ---- Casual income, s.115BB ----
  {
    name: "winnings: 30 % with no rebate, even inside 12 lakh",
    source: "s.115BB; s.87A not against it",
    work: "slab income 10L: 40,000 rebated; winnings 1L×30% = 30,000; + cess 1,200 = 31,200",
    year: FY25,
    regime: NEW,
    input: salaryFor(1_000_000, NEW, { otherIncome: { casualWinnings: 100_000 } }),
    expected: { taxableIncome: 1_100_000, rebate87A: 40_000, specialRateTax: 30_000, totalTax: 31_200 },
    special: [{ section: "115BB", ratePercent: 30, income: 100_000, tax: 30_000 }],
  },
  {
    name: "winnings: no basic exemption",
    source: "s.115BB (30 % on the whole winnings)",
    work: "only winnings 2L: 60,000; no rebate; cess 2,400; 62,400",
    year: FY25,
    regime: OLD,
    input: taxInput({ otherIncome: { casualWinnings: 200_000 } }),
    expected: { specialRateTax: 60_000, rebate87A: 0, totalTax: 62_400 },
  },
  {
    name: "winnings: no Chapter VI-A deduction",
    source: "s.58(4) and s.80A(2): deductions not set against s.115BB income",
    work: "only winnings 3L, 80C claim 1.5L allowed 0; 90,000 + cess 3,600 = 93,600",
    year: FY25,
    regime: OLD,
    input: taxInput({ otherIncome: { casualWinnings: 300_000 }, deductions: { section80C: 150_000 } }),
    expected: { chapterVIADeductions: 0, taxableIncome: 300_000, totalTax: 93_600 },
  },
  {
    name: "tax year 2026-27 names the Income-tax Act, 2025 section for winnings",
    source: "Income-tax Act, 2025 (winnings at 30 %)",
    work: "as FY 2025-26: 31,200",
    year: TY26,
    regime: NEW,
    input: salaryFor(1_000_000, NEW, { otherIncome: { casualWinnings: 100_000 } }),
    expected: { totalTax: 31_200 },
    special: [{ section: "194", tax: 30_000 }],
  },

  // ---- s.17(2)(vii) ----
  {
    name: "employer NPS above ₹7,50,000 is a perquisite while the s.80CCD(2) deduction stays",
    source: "s.17(2)(vii); s.80CCD(2) with the new-regime 14 % proviso",
    work: "gross 1.2 Cr, NPS 8.4L (14% of 60L): perquisite 90,000; salary income 1,20,90,000 − 75,000 = 1,20,15,000; TI 1,11,75,000; slab 3,00,000 + 87,75,000×30% = 29,32,500; 15% 4,39,875; cess 4% × 33,72,375 = 1,34,895; 35,07,270",
    year: FY25,
    regime: NEW,
    input: taxInput({ salary: { grossSalary: 12_000_000, basicPlusDA: 6_000_000 }, deductions: { section80CCD2: 840_000 } }),
    expected: {
      salary: { employerContributionPerquisite: 90_000, incomeFromSalary: 12_015_000 },
      taxableIncome: 11_175_000,
      slabTax: 2_932_500,
      surcharge: 439_875,
      totalTax: 3_507_270,
    },
  },
  {
    name: "employer PF and superannuation count in the ₹7,50,000 aggregate",
    source: "s.17(2)(vii)",
    work: "2.1L + 1.8L + 4.2L = 8.1L → perquisite 60,000; salary income 30L + 60,000 − 75,000 = 29,85,000; TI 27,75,000; 3,00,000 + 3,75,000×30% = 4,12,500 + cess 16,500 = 4,29,000",
    year: FY25,
    regime: NEW,
    input: taxInput({
      salary: { grossSalary: 3_000_000, basicPlusDA: 1_500_000, employerPfContribution: 180_000, employerSuperannuationContribution: 420_000 },
      deductions: { section80CCD2: 210_000 },
    }),
    expected: { salary: { employerContributionPerquisite: 60_000 }, taxableIncome: 2_775_000, totalTax: 429_000 },
  },
  {
    name: "exactly ₹7,50,000 of employer contributions is no perquisite",
    source: "s.17(2)(vii) ('in excess of seven lakh fifty thousand rupees')",
    work: "2.1L + 1.8L + 3.6L = 7.5L → nil; TI 30L − 75,000 − 2.1L = 27,15,000; 3,00,000 + 3,15,000×30% = 3,94,500 + cess 15,780 = 4,10,280",
    year: TY26,
    regime: NEW,
    input: taxInput({
      salary: { grossSalary: 3_000_000, basicPlusDA: 1_500_000, employerPfContribution: 180_000, employerSuperannuationContribution: 360_000 },
      deductions: { section80CCD2: 210_000 },
    }),
    expected: { salary: { employerContributionPerquisite: 0 }, taxableIncome: 2_715_000, totalTax: 410_280 },
  },
  {
    name: "a perquisite with no cash salary still earns the standard deduction",
    source: "s.17(1)(iv) (perquisites are salary); s.16(ia) (the lower of ₹50,000 and the salary)",
    work: "employer PF 8,00,000 → perquisite 50,000 = salary; standard deduction 50,000 → salary income 0; TI = interest 6L; 12,500 + 1L×20% = 32,500 + cess 1,300 = 33,800",
    year: FY25,
    regime: OLD,
    input: taxInput({ salary: { grossSalary: 0, employerPfContribution: 800_000 }, otherIncome: { depositInterest: 600_000 } }),
    expected: {
      salary: { employerContributionPerquisite: 50_000, standardDeduction: 50_000, incomeFromSalary: 0 },
      taxableIncome: 600_000,
      totalTax: 33_800,
    },
  },

  // ---- s.23(4) ----
  {
    name: "three self-occupied homes, old regime: the pair that leaves the lowest income is chosen",
    source: "s.23(4) (owner's choice of two), s.24(a)/(b), s.71(3A)",
    work: "deemed let-out incomes A 2L×70% − 1L = 40,000; B 70,000 − 3L = −2,30,000; C 2,10,000. Keep A+C: HP = −2,30,000 − interest 1L = −3,30,000 (A+B: 10,000; B+C: −1,60,000). Set off 2L; GTI 18L; 1,12,500 + 8L×30% = 3,52,500 + cess 14,100 = 3,66,600",
    year: FY25,
    regime: OLD,
    input: salaryFor(2_000_000, OLD, {
      houseProperties: [
        { type: "self_occupied", annualRent: 200_000, municipalTaxesPaid: 0, interestOnHousingLoan: 100_000 },
        { type: "self_occupied", annualRent: 100_000, municipalTaxesPaid: 0, interestOnHousingLoan: 300_000 },
        { type: "self_occupied", annualRent: 300_000, municipalTaxesPaid: 0, interestOnHousingLoan: 0 },
      ],
    }),
    expected: {
      houseProperty: { selfOccupied: [0, 2], incomeFromHouseProperty: -330_000, lossSetOff: 200_000, lossNotSetOff: 130_000 },
      taxableIncome: 1_800_000,
      totalTax: 366_600,
    },
  },
  {
    name: "the same homes in another order: the same pair, named by its new positions",
    source: "s.23(4)",
    work: "order B, C, A: keep C and A (positions 1 and 2); figures as before: 3,66,600",
    year: FY25,
    regime: OLD,
    input: salaryFor(2_000_000, OLD, {
      houseProperties: [
        { type: "self_occupied", annualRent: 100_000, municipalTaxesPaid: 0, interestOnHousingLoan: 300_000 },
        { type: "self_occupied", annualRent: 300_000, municipalTaxesPaid: 0, interestOnHousingLoan: 0 },
        { type: "self_occupied", annualRent: 200_000, municipalTaxesPaid: 0, interestOnHousingLoan: 100_000 },
      ],
    }),
    expected: { houseProperty: { selfOccupied: [1, 2], incomeFromHouseProperty: -330_000 }, totalTax: 366_600 },
  },
  {
    name: "three self-occupied homes, new regime: no interest on kept homes, so keep the two dearest to let",
    source: "s.23(4); s.115BAC(2)(i) (no s.24(b) for self-occupied), s.115BAC(2)(ii)(b) (no set-off)",
    work: "pairs: A+B −1,90,000, A+C 2,50,000, B+C −20,000 → keep A and C; HP −2,30,000 not set off; TI 20L: 2,00,000 + cess 8,000 = 2,08,000",
    year: FY25,
    regime: NEW,
    input: salaryFor(2_000_000, NEW, {
      houseProperties: [
        { type: "self_occupied", annualRent: 200_000, municipalTaxesPaid: 0, interestOnHousingLoan: 100_000 },
        { type: "self_occupied", annualRent: 100_000, municipalTaxesPaid: 0, interestOnHousingLoan: 300_000 },
        { type: "self_occupied", annualRent: 300_000, municipalTaxesPaid: 0, interestOnHousingLoan: 0 },
      ],
    }),
    expected: { houseProperty: { selfOccupied: [0, 2], incomeFromHouseProperty: -230_000, lossSetOff: 0 }, totalTax: 208_000 },
  },

  // ---- Presumptive income ----
  {
    name: "s.44AD: 6 % of digital turnover",
    source: "s.44AD(1) (6 % for non-cash receipts); first proviso (₹3 crore where cash ≤ 5 %)",
    work: "2.5 Cr × 6% = 15L; 60,000 + 3L×15% = 1,05,000 + cess 4,200 = 1,09,200",
    year: FY25,
    regime: NEW,
    input: taxInput({ presumptive: { business: { digitalTurnover: 25_000_000, otherTurnover: 0, cashReceipts: 0, declaredIncome: 0 } } }),
    expected: { business: { presumptiveBusinessIncome: 1_500_000, incomeFromBusiness: 1_500_000 }, totalTax: 109_200 },
  },
  {
    name: "s.44AD: 8 % of other turnover plus 6 % of digital",
    source: "s.44AD(1)",
    work: "1.5 Cr × 6% = 9L + 5L × 8% = 40,000 → 9,40,000; slab 20,000 + 1,40,000×10% = 34,000, rebated (≤ 12L) → 0",
    year: FY25,
    regime: NEW,
    input: taxInput({ presumptive: { business: { digitalTurnover: 15_000_000, otherTurnover: 500_000, cashReceipts: 0, declaredIncome: 0 } } }),
    expected: { business: { presumptiveBusinessIncome: 940_000 }, slabTax: 34_000, rebate87A: 34_000, totalTax: 0 },
  },
  {
    name: "s.44AD: a higher income declared is taxed",
    source: "s.44AD(1) ('or a sum higher than the aforesaid sum claimed to have been earned')",
    work: "presumed 6L < declared 10L; old regime 1,12,500 + cess 4,500 = 1,17,000",
    year: FY24,
    regime: OLD,
    input: taxInput({ presumptive: { business: { digitalTurnover: 10_000_000, otherTurnover: 0, cashReceipts: 0, declaredIncome: 1_000_000 } } }),
    expected: { business: { presumptiveBusinessIncome: 1_000_000 }, totalTax: 117_000 },
  },
  {
    name: "s.44ADA: 50 % of professional receipts",
    source: "s.44ADA(1); ITA 2025 s.58",
    work: "40L × 50% = 20L; 2,00,000 + cess 8,000 = 2,08,000",
    year: TY26,
    regime: NEW,
    input: taxInput({ presumptive: { profession: { grossReceipts: 4_000_000, cashReceipts: 0, declaredIncome: 0 } } }),
    expected: { business: { presumptiveProfessionIncome: 2_000_000 }, totalTax: 208_000 },
  },
  {
    name: "s.44ADA: receipts up to ₹75 lakh when cash is at most 5 %",
    source: "s.44ADA(1) proviso (Finance Act 2023)",
    work: "70L × 50% = 35L; 3,00,000 + 11L×30% = 6,30,000 + cess 25,200 = 6,55,200",
    year: FY25,
    regime: NEW,
    input: taxInput({ presumptive: { profession: { grossReceipts: 7_000_000, cashReceipts: 200_000, declaredIncome: 0 } } }),
    expected: { taxableIncome: 3_500_000, totalTax: 655_200 },
  },
  {
    name: "presumptive income takes Chapter VI-A deductions in the old regime",
    source: "s.44ADA; s.80C (income is ordinary income at slab rates)",
    work: "20L × 50% = 10L − 80C 1.5L = 8.5L; 12,500 + 3.5L×20% = 82,500 + cess 3,300 = 85,800",
    year: FY25,
    regime: OLD,
    input: taxInput({
      presumptive: { profession: { grossReceipts: 2_000_000, cashReceipts: 0, declaredIncome: 0 } },
      deductions: { section80C: 150_000 },
    }),
    expected: { taxableIncome: 850_000, totalTax: 85_800 },
  },

  // ---- Tax year 2026-27 (Income-tax Act, 2025) ----
  {
    name: "tax year 2026-27: s.198 long-term gains on listed equity",
    source: "Income-tax Act, 2025 s.198(2): 12.5 % above ₹1,25,000",
    work: "as FY 2025-26: 1,05,000 + 21,875 = 1,26,875 + cess 5,075 = 1,31,950",
    year: TY26,
    regime: NEW,
    input: salaryFor(1_500_000, NEW, { capitalGains: [{ section: "112A", gain: 300_000 }] }),
    expected: { totalTax: 131_950 },
    special: [{ section: "198", exemptAmount: 125_000, tax: 21_875 }],
  },
  {
    name: "tax year 2026-27 old regime: s.196 short-term gains with the basic-exemption adjustment",
    source: "Income-tax Act, 2025 s.196(1)(i) 20 %, s.196(2) residents' adjustment; s.87A equivalent for the old regime",
    work: "shortfall 2.5L → 2.5L × 20% = 50,000; TI 5L → rebate 12,500; 37,500 + cess 1,500 = 39,000",
    year: TY26,
    regime: OLD,
    input: taxInput({ capitalGains: [{ section: "111A", gain: 500_000 }] }),
    expected: { totalTax: 39_000 },
    special: [{ section: "196", basicExemptionAdjusted: 250_000, tax: 50_000 }],
  },
  {
    name: "tax year 2026-27: s.197 gains on land with the indexation choice",
    source: "Income-tax Act, 2025 s.197(3)",
    work: "A 1,25,000, B 1,00,000 → 1,00,000; 3,12,000",
    year: TY26,
    regime: NEW,
    input: salaryFor(2_000_000, NEW, {
      capitalGains: [{ section: "112", gain: 1_000_000, indexedGain: 500_000, landOrBuildingAcquiredBefore23July2024: true }],
    }),
    expected: { totalTax: 312_000 },
    special: [{ section: "197", indexationRelief: 25_000 }],
  },
];

describe("worked cases: special-rate and presumptive income", () => {
  it("has at least 60 cases across every year and both regimes", () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    for (const year of [FY24, FY25, TY26]) {
      for (const regime of [OLD, NEW]) expect(cases.some((c) => c.year === year && c.regime === regime)).toBe(true);
    }
  });

  it.each(cases)("$year $regime: $name ($source)", ({ input, year, regime, expected, special }) => {
    const result = computeTax(input, year).regimes[regime];
    expect(result).toMatchObject(expected);
    if (special !== undefined) {
      const lines = result.specialRateIncome.filter((line) => line.income > 0);
      expect(lines.length).toBeGreaterThanOrEqual(special.length);
      special.forEach((line, index) => expect(lines[index]).toMatchObject(line));
    }
  });
});

describe("saving moves and the s.17(2)(vii) cap", () => {
  it("the employer-NPS move stops at the ₹7,50,000 aggregate and claims the true saving", () => {
    // Reported figures: 1.2 Cr salary, 60 lakh basic, no employer NPS yet. Base (new regime): TI 1,19,25,000;
    // 3,00,000 + 95,25,000×30% = 31,57,500; +15% 4,73,625; cess 1,45,245 → 37,76,370. With 7,50,000 of NPS the
    // TI is 1,11,75,000 → 35,07,270 (worked case above); raising it to 8,40,000 adds a 90,000 perquisite and
    // saves nothing more. Saving 37,76,370 − 35,07,270 = 2,69,100.
    const input = taxInput({ salary: { grossSalary: 12_000_000, basicPlusDA: 6_000_000 } });
    const result = computeTax(input, FY25);
    expect(result.regimes.new.totalTax).toBe(3_776_370);
    const move = result.savingMoves.find((m) => m.kind === "employer_nps_80ccd2");
    expect(move).toMatchObject({ change: { from: 0, to: 750_000 }, totalTaxAfter: 3_507_270, taxSaving: 269_100 });
  });

  it("with employer PF already paid, the move fills only what is left of the aggregate", () => {
    // PF 3,00,000 leaves room for 4,50,000 of NPS; 14 % of 60 lakh (8,40,000) would add a perquisite.
    const input = taxInput({ salary: { grossSalary: 12_000_000, basicPlusDA: 6_000_000, employerPfContribution: 300_000 } });
    const move = computeTax(input, FY25).savingMoves.find((m) => m.kind === "employer_nps_80ccd2");
    expect(move?.change?.to).toBe(450_000);
  });
});

describe("ITR form with the new incomes", () => {
  const itr = (input: TaxInput, year: FinancialYear = FY25) => computeTax(input, year).itr;

  it("ITR-1 allows s.112A gains up to ₹1,25,000 (from AY 2025-26)", () => {
    expect(itr(salaryFor(800_000, NEW, { capitalGains: [{ section: "112A", gain: 125_000 }] }), FY24).form).toBe("ITR-1");
  });
  it("ITR-2 for s.112A gains above ₹1,25,000", () => {
    expect(itr(salaryFor(800_000, NEW, { capitalGains: [{ section: "112A", gain: 125_001 }] })).form).toBe("ITR-2");
  });
  it("ITR-2 for s.111A gains, s.112 gains and any capital loss", () => {
    expect(itr(salaryFor(800_000, NEW, { capitalGains: [{ section: "111A", gain: 10_000 }] })).rule).toContain("capital-gains schedule");
    expect(itr(salaryFor(800_000, NEW, { capitalGains: [{ section: "112", gain: 10_000 }] })).form).toBe("ITR-2");
    expect(itr(salaryFor(800_000, NEW, { capitalGains: [{ section: "112A", gain: -10_000 }] })).form).toBe("ITR-2");
  });
  it("ITR-2 for winnings", () => {
    expect(itr(salaryFor(800_000, NEW, { otherIncome: { casualWinnings: 5_000 } })).rule).toContain("winnings");
  });
  const profession = { profession: { grossReceipts: 2_000_000, cashReceipts: 0, declaredIncome: 0 } };
  it("ITR-4 for presumptive income within its conditions", () => {
    expect(itr(taxInput({ presumptive: profession }))).toMatchObject({ form: "ITR-4" });
  });
  it("ITR-3 for presumptive income with s.111A gains or above 50 lakh", () => {
    expect(itr(taxInput({ presumptive: profession, capitalGains: [{ section: "111A", gain: 10_000 }] })).form).toBe("ITR-3");
    const large = { profession: { grossReceipts: 7_000_000, cashReceipts: 0, declaredIncome: 6_000_000 } };
    expect(itr(taxInput({ presumptive: large }))).toMatchObject({
      form: "ITR-3",
      rule: "ITR-3: business or professional income, and total income above ₹50,00,000 (50 lakh)",
    });
  });
});

describe("section names follow the year's Act", () => {
  it("the ITR rule names s.58 and s.198 for tax year 2026-27, ss.44AD/44ADA/44AE and s.112A before", () => {
    const profession = { profession: { grossReceipts: 2_000_000, cashReceipts: 0, declaredIncome: 0 } };
    expect(computeTax(taxInput({ presumptive: profession }), TY26).itr.rule).toContain("(s.58)");
    expect(computeTax(taxInput({ presumptive: profession }), FY25).itr.rule).toContain("(ss.44AD/44ADA/44AE)");
    const gains = salaryFor(800_000, NEW, { capitalGains: [{ section: "112A", gain: 200_000 }] });
    expect(computeTax(gains, TY26).itr.rule).toContain("s.198 long-term gains above ₹1,25,000");
    expect(computeTax(gains, FY24).itr.rule).toContain("s.112A long-term gains above ₹1,25,000");
  });
});

// s.74(1): a capital loss carried forward is set off against capital gains only: a short-term one against any
// gain, a long-term one against long-term gains, in the eight assessment years after the one it arose in. s.80: a
// loss is carried forward only from a return filed by its s.139(1) due date (31 July 2026 for FY 2025-26, reference
// §10.2). Losses brought forward go after this year's own (s.70), and, like them, against the dearest gains first.
describe("capital losses brought forward (s.74) and carried forward (s.80)", () => {
  const withLosses = (input: TaxInput, shortTerm: number, longTerm: number): TaxInput => ({
    ...input,
    capitalLossesBroughtForward: { shortTerm, longTerm },
  });

  it("sets a long-term loss against long-term gains and a short-term loss against the dearest gains", () => {
    // Salary income 20,00,000 (slab tax 2,00,000); s.111A 3,00,000 and s.112A 2,00,000; brought forward: short-term
    // 1,00,000, long-term 50,000. Long-term against s.112A: 1,50,000; short-term against s.111A (20 %): 2,00,000.
    // s.111A 2,00,000 × 20 % = 40,000; s.112A 1,50,000 − 1,25,000 = 25,000 × 12.5 % = 3,125; 2,43,125 + cess 4 %
    // 9,725 = 2,52,850. Total income 20,00,000 + 3,50,000.
    const input = withLosses(
      salaryFor(2_000_000, NEW, {
        capitalGains: [
          { section: "111A", gain: 300_000 },
          { section: "112A", gain: 200_000 },
        ],
      }),
      100_000,
      50_000,
    );
    const result = computeTax(input, FY25);
    expect(result.regimes.new).toMatchObject({
      taxableIncome: 2_350_000,
      specialRateTax: 43_125,
      totalTax: 252_850,
      capitalGains: { shortTermLossBroughtForwardSetOff: 100_000, longTermLossBroughtForwardSetOff: 50_000, incomeFromCapitalGains: 350_000 },
    });
    expect(result.capitalLossesToCarryForward).toEqual({ shortTerm: 0, longTerm: 0, shortTermLostToLateReturn: 0, longTermLostToLateReturn: 0 });
  });

  it("never sets a long-term loss brought forward against a short-term gain, and carries it on", () => {
    // s.111A 1,00,000 × 20 % = 20,000; 2,00,000 + 20,000 + cess 8,800 = 2,28,800; the 3,00,000 long-term loss waits.
    const result = computeTax(withLosses(salaryFor(2_000_000, NEW, { capitalGains: [{ section: "111A", gain: 100_000 }] }), 0, 300_000), FY25);
    expect(result.regimes.new).toMatchObject({ totalTax: 228_800, capitalGains: { longTermLossBroughtForwardSetOff: 0 } });
    expect(result.capitalLossesToCarryForward).toMatchObject({ shortTerm: 0, longTerm: 300_000 });
  });

  it("sets this year's loss off first, then the loss brought forward, and carries forward what is left", () => {
    // s.112 2,00,000 less this year's short-term loss 50,000 = 1,50,000, less 1,50,000 of the 2,00,000 brought
    // forward = nil; 50,000 of it is left. Tax on the salary alone: 2,00,000 + cess 8,000 = 2,08,000.
    const input = withLosses(
      salaryFor(2_000_000, NEW, {
        capitalGains: [
          { section: "112", gain: 200_000 },
          { section: "short_term_other", gain: -50_000 },
        ],
      }),
      200_000,
      0,
    );
    const result = computeTax(input, FY25);
    expect(result.regimes.new).toMatchObject({
      totalTax: 208_000,
      capitalGains: { shortTermLossNotSetOff: 0, shortTermLossBroughtForwardSetOff: 150_000, incomeFromCapitalGains: 0 },
    });
    expect(result.regimes.old.capitalGains).toMatchObject({ shortTermLossBroughtForwardSetOff: 150_000 });
    expect(result.capitalLossesToCarryForward).toMatchObject({ shortTerm: 50_000, longTerm: 0 });
  });

  it("carries losses forward with the paise they were entered with, as next year's profile takes them", () => {
    // A short-term loss of 1,000.50 finds no gain to set off against; 250.25 brought forward is left unused too:
    // 1,000.50 + 250.25 = 1,250.75 carried (s.74(1) carries "the loss so computed").
    const input = withLosses(salaryFor(2_000_000, NEW, { capitalGains: [{ section: "111A", gain: -1_000.5 }] }), 250.25, 0);
    expect(computeTax(input, FY25).capitalLossesToCarryForward).toMatchObject({ shortTerm: 1_250.75, longTerm: 0 });
  });

  it("carries this year's loss forward only from a return filed by its due date (s.80); losses brought forward go on", () => {
    // This year: a short-term loss of 1,00,000 and no gain; brought forward: 30,000. Tax 2,08,000, all deducted.
    const input = withLosses(salaryFor(2_000_000, NEW, { capitalGains: [{ section: "111A", gain: -100_000 }] }), 30_000, 0);
    const filed = (on: string) =>
      computeTax({ ...input, taxesPaid: 208_000, taxPayments: { tdsTcs: 208_000, advanceTax: [], selfAssessmentTax: [] }, returnFiledOn: on }, FY25);
    const onTime = filed("2026-07-31");
    expect(onTime.capitalLossesToCarryForward).toEqual({
      shortTerm: 130_000,
      longTerm: 0,
      shortTermLostToLateReturn: 0,
      longTermLostToLateReturn: 0,
    });
    expect(onTime.notes.some((note) => note.startsWith("capitalLossesToCarryForward"))).toBe(false);
    const late = filed("2026-08-01");
    expect(late.capitalLossesToCarryForward).toEqual({
      shortTerm: 30_000,
      longTerm: 0,
      shortTermLostToLateReturn: 100_000,
      longTermLostToLateReturn: 0,
    });
    expect(late.notes).toContain(
      "capitalLossesToCarryForward: returnFiledOn is after the due date 2026-07-31, so this year's capital loss of ₹1,00,000 is not carried forward (s.80); losses brought forward from earlier years still are",
    );
  });

  it("is absent without capital gains or losses, and a loss brought forward rules out ITR-1", () => {
    expect(computeTax(salaryFor(800_000, NEW), FY25)).not.toHaveProperty("capitalLossesToCarryForward");
    const carried = computeTax(withLosses(salaryFor(800_000, NEW), 10_000, 0), FY25);
    expect(carried.capitalLossesToCarryForward).toMatchObject({ shortTerm: 10_000 });
    expect(carried.itr).toEqual({ form: "ITR-2", rule: "ITR-2: capital losses brought forward from earlier years cannot be set off in ITR-1" });
  });
});

describe("house-property losses brought forward and carried forward (s.71B)", () => {
  // A let-out home at rent 3,00,000, no municipal tax or interest: 3,00,000 less 30 % (s.24(a)) = 2,10,000 of income.
  const letOut = [{ type: "let_out" as const, annualRent: 300_000, municipalTaxesPaid: 0, interestOnHousingLoan: 0 }];
  const withHouseLoss = (input: TaxInput, amount: number, fromSelfOccupiedInterest: number): TaxInput => ({
    ...input,
    housePropertyLossBroughtForward: { amount, fromSelfOccupiedInterest },
  });

  it("sets the loss off against income from house property only; the new regime never uses the self-occupied-interest part", () => {
    // Brought forward 2,50,000, of which 1,00,000 came from a self-occupied home's loan interest.
    // Old: 2,10,000 set off, 40,000 carried; salary 12,00,000 − 50,000 = total income 11,50,000: 12,500 + 1,00,000
    // + 30 % of 1,50,000 = 1,57,500, + cess 6,300 = 1,63,800.
    // New: 1,50,000 set off (s.115BAC(2)(ii)(a)), nothing carried (s.115BAC(3)); 11,25,000 + 60,000 = 11,85,000:
    // 20,000 + 10 % of 3,85,000 = 58,500, all rebated under s.87A (total income within 12,00,000).
    const input = withHouseLoss(taxInput({ salary: { grossSalary: 1_200_000 }, houseProperties: letOut }), 250_000, 100_000);
    const result = computeTax(input, FY25);
    // The set-off takes the self-occupied-interest part first: the 40,000 carried is all of the other part.
    expect(result.regimes.old).toMatchObject({
      houseProperty: {
        incomeFromHouseProperty: 210_000,
        lossBroughtForwardSetOff: 210_000,
        lossToCarryForward: 40_000,
        lossToCarryForwardFromSelfOccupiedInterest: 0,
      },
      grossTotalIncome: 1_150_000,
      taxableIncome: 1_150_000,
      totalTax: 163_800,
    });
    expect(result.regimes.new).toMatchObject({
      houseProperty: { incomeFromHouseProperty: 210_000, lossBroughtForwardSetOff: 150_000, lossToCarryForward: 0 },
      taxableIncome: 1_185_000,
      totalTax: 0,
    });
    expect(result.recommendedRegime).toBe("new");
    expect(result.notes).toContain(
      "houseProperty.lossToCarryForward: the new regime is recommended on this year's tax, but it carries forward ₹0 of house-property loss against ₹40,000 in the old regime: a loss it does not set off ends (s.115BAC(2)(ii), (3))",
    );
    expect(result.itr).toEqual({ form: "ITR-2", rule: "ITR-2: house-property losses brought forward from earlier years cannot be set off in ITR-1" });
  });

  it("without a self-occupied-interest part both regimes set off and carry the same, and no note is needed", () => {
    // New: 2,10,000 set off, 40,000 carried; total income 11,25,000: 20,000 + 32,500 = 52,500, all rebated.
    const result = computeTax(withHouseLoss(taxInput({ salary: { grossSalary: 1_200_000 }, houseProperties: letOut }), 250_000, 0), FY25);
    expect(result.regimes.new).toMatchObject({
      houseProperty: { lossBroughtForwardSetOff: 210_000, lossToCarryForward: 40_000 },
      taxableIncome: 1_125_000,
      totalTax: 0,
    });
    expect(result.regimes.old.houseProperty.lossToCarryForward).toBe(40_000);
    expect(result.notes.some((note) => note.startsWith("houseProperty"))).toBe(false);
  });

  it("says how much of what is carried came from a self-occupied home's loan interest, for next year's input", () => {
    // Old regime: salary 1,00,000 − 50,000 = 50,000; a self-occupied home's interest 2,00,000 is the year's loss. The
    // s.71(3A) set-off of 50,000 takes that part first, so 1,50,000 is carried, all of it self-occupied interest. With
    // a loss brought forward of 30,000 (10,000 of it such interest) it is carried too: 1,60,000 of 1,80,000.
    const input = taxInput({
      salary: { grossSalary: 100_000 },
      houseProperties: [{ type: "self_occupied", annualRent: 0, municipalTaxesPaid: 0, interestOnHousingLoan: 200_000 }],
    });
    expect(computeTax(input, FY25).regimes.old.houseProperty).toMatchObject({
      lossSetOff: 50_000,
      lossToCarryForward: 150_000,
      lossToCarryForwardFromSelfOccupiedInterest: 150_000,
    });
    expect(computeTax(withHouseLoss(input, 30_000, 10_000), FY25).regimes.old.houseProperty).toMatchObject({
      lossToCarryForward: 180_000,
      lossToCarryForwardFromSelfOccupiedInterest: 160_000,
    });
    expect(computeTax(withHouseLoss(input, 30_000, 10_000), FY25).regimes.new.houseProperty).toMatchObject({
      lossToCarryForward: 20_000,
      lossToCarryForwardFromSelfOccupiedInterest: 0,
    });
  });

  it("carries this year's loss on in the old regime whatever the filing date (s.80 does not cover s.71B), and ends it in the new", () => {
    // Presumptive income 6 % of 10,00,000 = 60,000 keeps the old regime open after the due date (s.115BAC(6)(i)).
    // A let-out home at rent 1,00,000 with interest 3,00,000: 1,00,000 − 30,000 − 3,00,000 = a loss of 2,30,000.
    // Old: 2,00,000 set off against the salary (s.71(3A)), 30,000 carried with the 50,000 brought forward, which
    // finds no income from house property this year. New: no set-off against other heads, this year's loss ends;
    // the 50,000 brought forward is carried.
    const input = withHouseLoss(
      taxInput({
        salary: { grossSalary: 1_200_000 },
        houseProperties: [{ type: "let_out", annualRent: 100_000, municipalTaxesPaid: 0, interestOnHousingLoan: 300_000 }],
        presumptive: { business: { digitalTurnover: 1_000_000, otherTurnover: 0, cashReceipts: 0, declaredIncome: 0 } },
      }),
      50_000,
      0,
    );
    const late = computeTax({ ...input, taxPayments: { tdsTcs: 0, advanceTax: [], selfAssessmentTax: [] }, returnFiledOn: "2026-12-01" }, FY25);
    expect(late.regimes.old.notAvailable).toBeUndefined();
    expect(late.regimes.old.houseProperty).toMatchObject({
      lossSetOff: 200_000,
      lossNotSetOff: 30_000,
      lossBroughtForwardSetOff: 0,
      lossToCarryForward: 80_000,
    });
    expect(late.regimes.new.houseProperty).toMatchObject({ lossSetOff: 0, lossNotSetOff: 230_000, lossToCarryForward: 50_000 });
    expect(late).not.toHaveProperty("capitalLossesToCarryForward");
  });
});

describe("s.80D check-ups and medical expenditure on an uninsured senior citizen", () => {
  const lines80D = (result: RegimeResult) =>
    result.deductions.filter((line) => line.section === "80D").map(({ description, claimed, allowed }) => [description, claimed, allowed]);

  it("keeps check-ups within ₹5,000 for both groups and each group's limit, and medical expenditure within ₹50,000 less insurance", () => {
    // Taxpayer 45: insurance 20,000 (limit 25,000, s.80D(2)(a)); check-ups 8,000 get the 5,000 left of that limit
    // (s.80D(2A) also 5,000). Parents 70: check-ups 3,000 find the 5,000 of s.80D(2A) used up; medical expenditure
    // 60,000 on them, uninsured, is held to 50,000 (clause (d), second proviso). 80D: 20,000 + 5,000 + 50,000.
    // Old regime: salary 15,00,000 − 50,000 − 75,000 = 13,75,000: 1,12,500 + 30 % of 3,75,000 = 2,25,000, + cess
    // 9,000 = 2,34,000.
    const input = taxInput({
      age: 45,
      salary: { grossSalary: 1_500_000 },
      deductions: {
        section80D_selfFamily: 20_000,
        section80D_checkUpSelfFamily: 8_000,
        section80D_checkUpParents: 3_000,
        section80D_medicalParents: 60_000,
        parentsAge: 70,
      },
    });
    const old = computeTax(input, FY25).regimes.old;
    expect(lines80D(old)).toEqual([
      ["Health insurance: self, spouse and children", 20_000, 20_000],
      ["Medical expenditure, senior citizen without health insurance: parents", 60_000, 50_000],
      ["Preventive health check-ups: self, spouse and children", 8_000, 5_000],
      ["Preventive health check-ups: parents", 3_000, 0],
    ]);
    expect(old).toMatchObject({ chapterVIADeductions: 75_000, taxableIncome: 1_375_000, totalTax: 234_000 });
    expect(computeTax(input, FY25).regimes.new.chapterVIADeductions).toBe(0);
  });

  it("gives the shared ₹5,000 of check-ups to the group with room for them, after each group's medical expenditure", () => {
    // Taxpayer 65, uninsured, medical bills 50,000: the self group's ₹50,000 is full, so its check-ups of 5,000 get
    // nothing and the parents' 5,000 get all of s.80D(2A)'s ₹5,000. 80D: 50,000 + 5,000.
    const input = taxInput({
      age: 65,
      salary: { grossSalary: 1_500_000 },
      deductions: { section80D_medicalSelfFamily: 50_000, section80D_checkUpSelfFamily: 5_000, section80D_checkUpParents: 5_000 },
    });
    expect(lines80D(computeTax(input, FY25).regimes.old)).toEqual([
      ["Medical expenditure, senior citizen without health insurance: self or spouse", 50_000, 50_000],
      ["Preventive health check-ups: self, spouse and children", 5_000, 0],
      ["Preventive health check-ups: parents", 5_000, 5_000],
    ]);
    expect(computeTax(input, FY25).regimes.old.chapterVIADeductions).toBe(55_000);
  });

  it("holds a group's insurance and medical expenditure together to ₹50,000 (second proviso)", () => {
    // Taxpayer 66, insured spouse's premium 30,000 (a senior's limit, 50,000); the taxpayer's own medical bills of
    // 40,000 get the 20,000 left of 50,000.
    const input = taxInput({
      age: 66,
      salary: { grossSalary: 1_500_000 },
      deductions: { section80D_selfFamily: 30_000, section80D_medicalSelfFamily: 40_000 },
    });
    expect(lines80D(computeTax(input, FY25).regimes.old)).toEqual([
      ["Health insurance: self, spouse and children", 30_000, 30_000],
      ["Medical expenditure, senior citizen without health insurance: self or spouse", 40_000, 20_000],
    ]);
  });
});

describe("s.80CCD(1): an own NPS contribution within its limit and s.80CCE", () => {
  const npsLine = (input: TaxInput) => computeTax(input, FY25).regimes.old.deductions.find((line) => line.section === "80CCD(1)");

  it("holds an employee to 10 % of basic + DA, and to what 80C leaves of ₹1,50,000", () => {
    // Basic + DA 6,00,000: 10 % is 60,000. With 80C 50,000 the 80CCE room is 1,00,000, so 60,000 of 70,000.
    const salary = { grossSalary: 1_200_000, basicPlusDA: 600_000 };
    expect(npsLine(taxInput({ salary, deductions: { section80C: 50_000, section80CCD1: 70_000 } }))).toMatchObject({
      claimed: 70_000,
      allowed: 60_000,
      limitedBy: "s.80CCD(1)(a): 10 % of basic + DA for an employee",
    });
    // With 80C 1,20,000 only 30,000 of the 80CCE limit is left.
    expect(npsLine(taxInput({ salary, deductions: { section80C: 120_000, section80CCD1: 70_000 } }))).toMatchObject({
      allowed: 30_000,
      limitedBy: "s.80CCE: ₹1,50,000 aggregate for 80C, 80CCC and 80CCD(1)",
    });
  });

  it("holds anyone else to 20 % of gross total income", () => {
    // s.44ADA: 50 % of receipts 20,00,000 = 10,00,000 of gross total income; 20 % is 2,00,000, so 1,00,000 stands.
    // Old regime: 10,00,000 − 1,00,000 = 9,00,000: 12,500 + 20 % of 4,00,000 = 92,500, + cess 3,700 = 96,200.
    const input = taxInput({
      presumptive: { profession: { grossReceipts: 2_000_000, cashReceipts: 0, declaredIncome: 0 } },
      deductions: { section80CCD1: 100_000 },
    });
    expect(npsLine(input)).toMatchObject({ claimed: 100_000, allowed: 100_000 });
    expect(computeTax(input, FY25).regimes.old).toMatchObject({ taxableIncome: 900_000, totalTax: 96_200 });
  });

  // ss.112(2), 115A(4)(b): Chapter VI-A is allowed "as if the gross total income as so reduced were the gross total
  // income", so the 20 % is of gross total income less the long-term gain, or a non-resident's dividends.
  const contributions = { section80CCD1: 150_000, section80CCD1B: 50_000 };

  it("takes the 20 % of gross total income less a s.112 gain (s.112(2))", () => {
    // GTI 16,00,000 (deposit interest 6,00,000, s.112 gain 10,00,000), as reduced 6,00,000: 20 % is 1,20,000. The
    // 30,000 left out goes to (1B) beside the 50,000 claimed there, held to 50,000: 1,70,000; TI 14,30,000. Slabs on
    // 4,30,000: 5 % of 1,80,000 = 9,000; s.112 12.5 % of 10,00,000 = 1,25,000; 1,34,000 + cess 5,360 = 1,39,360.
    const input = taxInput({
      otherIncome: { depositInterest: 600_000 },
      capitalGains: [{ section: "112", gain: 1_000_000 }],
      deductions: contributions,
    });
    expect(npsLine(input)).toMatchObject({ claimed: 150_000, allowed: 120_000, limitedBy: "s.80CCD(1)(b): 20 % of gross total income" });
    expect(computeTax(input, FY25).regimes.old).toMatchObject({ chapterVIADeductions: 170_000, taxableIncome: 1_430_000, totalTax: 139_360 });
  });

  it("takes it less a non-resident's s.115A dividends, and with winnings, which s.115BB does not take out", () => {
    // Non-resident: interest 6,00,000 and dividends 10,00,000: as above, 1,20,000 and TI 14,30,000; slabs 9,000,
    // dividends 20 % of 10,00,000 = 2,00,000; 2,09,000 + cess 8,360 = 2,17,360.
    const dividends = taxInput({
      residentialStatus: "non_resident",
      otherIncome: { depositInterest: 600_000, dividends: 1_000_000 },
      deductions: contributions,
    });
    expect(npsLine(dividends)).toMatchObject({ allowed: 120_000 });
    expect(computeTax(dividends, FY25).regimes.old.totalTax).toBe(217_360);
    // Winnings of 4,00,000 beside 6,00,000 of interest: 20 % of 10,00,000 is 2,00,000, so s.80CCE's 1,50,000 holds.
    const winnings = taxInput({ otherIncome: { depositInterest: 600_000, casualWinnings: 400_000 }, deductions: contributions });
    expect(npsLine(winnings)).toMatchObject({ allowed: 150_000 });
  });
});

describe("s.80CCD(1B): an own NPS contribution that s.80CCD(1) did not allow", () => {
  // FY 2025-26, old regime. Salary 20,00,000, basic 10,00,000, HRA 4,00,000, rent 5,00,000 in a metro; self-occupied
  // home with 2,00,000 interest; 80C 1,50,000. HRA exempt = least of 4L, 5L − 10 % × 10L = 4L, 50 % × 10L = 5L: 4L
  // (s.10(13A)); salary 20L − 4L − 50,000 (s.16(ia)) = 15,50,000; s.24(b) −2L: GTI 13,50,000. 80C fills the
  // ₹1,50,000 of s.80CCE, so s.80CCD(1) allows nothing of the own contribution. s.80CCD(1B) allows "whether or not any
  // deduction is allowed under sub-section (1)" up to ₹50,000 of what was paid, barring only an amount "claimed and
  // allowed" under (1): the contribution (1) did not allow is deductible there.
  const profile = (section80CCD1: number) =>
    taxInput({
      salary: { grossSalary: 2_000_000, basicPlusDA: 1_000_000, hraReceived: 400_000, rentPaid: 500_000, isMetroCity: true },
      houseProperties: [{ type: "self_occupied", annualRent: 0, municipalTaxesPaid: 0, interestOnHousingLoan: 200_000 }],
      deductions: { section80C: 150_000, section80CCD1 },
    });

  it("is allowed under (1B), and no move asks for it to be paid again", () => {
    // 13,50,000 − 1,50,000 − 50,000 = 11,50,000: 1,12,500 + 30 % × 1,50,000 = 1,57,500 + cess 6,300 = 1,63,800.
    const result = computeTax(profile(50_000), FY25);
    expect(result.regimes.old).toMatchObject({ taxableIncome: 1_150_000, totalTax: 163_800 });
    expect(result.regimes.old.deductions.filter((line) => line.section.startsWith("80CCD"))).toMatchObject([
      { section: "80CCD(1)", claimed: 50_000, allowed: 0 },
      { section: "80CCD(1B)", claimed: 50_000, allowed: 50_000 },
    ]);
    expect(result.savingMoves.map((move) => move.kind)).not.toContain("nps_80ccd1b");
  });

  it("leaves the move only the rest of the ₹50,000 to pay", () => {
    // 20,000 not allowed under (1) goes under (1B): TI 11,80,000: 1,12,500 + 54,000 = 1,66,500 + cess 6,660 = 1,73,160.
    // The other 30,000 of (1B) paid: TI 11,50,000, 1,63,800 (above); saves 9,360. New regime: 20L − 75,000 = 19,25,000:
    // 20,000 + 40,000 + 60,000 + 20 % × 3,25,000 = 1,85,000 + cess 7,400 = 1,92,400, so the old regime stays best.
    const result = computeTax(profile(20_000), FY25);
    expect(result.regimes.old.totalTax).toBe(173_160);
    expect(result.savingMoves.find((move) => move.kind === "nps_80ccd1b")).toMatchObject({
      investment: 30_000,
      totalTaxBefore: 173_160,
      totalTaxAfter: 163_800,
      taxSaving: 9_360,
    });
  });
});

describe("Chapter VI-A given as Form 16 prints it: ss.80DD, 80DDB, 80U, 80EEA, 80EEB and 80GG", () => {
  const line = (input: TaxInput, section: string) => computeTax(input, FY25).regimes.old.deductions.find((entry) => entry.section === section);

  it("holds each to the most the Act allows: ₹1,25,000 (severe disability) and ₹1,00,000 (a senior's treatment)", () => {
    const input: TaxInput = {
      ...taxInput({ salary: { grossSalary: 2_000_000 } }),
      reported: { otherChapterVIA: { "80U": 150_000, "80DD": 75_000, "80DDB": 120_000 } },
    };
    expect(line(input, "80U")).toMatchObject({ claimed: 150_000, allowed: 125_000, limitedBy: "s.80U: ₹75,000, or ₹1,25,000 for severe disability" });
    expect(line(input, "80DD")).toMatchObject({ claimed: 75_000, allowed: 75_000, limitedBy: null });
    expect(line(input, "80DDB")).toMatchObject({ allowed: 100_000, limitedBy: "s.80DDB: ₹40,000, or ₹1,00,000 for a senior citizen" });
  });

  it("holds 80EEA and 80EEB to ₹1,50,000 each and 80GG to ₹5,000 a month", () => {
    const input: TaxInput = {
      ...taxInput({ salary: { grossSalary: 2_000_000 } }),
      reported: { otherChapterVIA: { "80EEA": 180_000, "80EEB": 150_000, "80GG": 72_000 } },
    };
    expect(line(input, "80EEA")).toMatchObject({ allowed: 150_000, limitedBy: "s.80EEA(2): ₹1,50,000" });
    expect(line(input, "80EEB")).toMatchObject({ allowed: 150_000, limitedBy: null });
    expect(line(input, "80GG")).toMatchObject({ allowed: 60_000, limitedBy: "s.80GG: ₹5,000 for each month rented" });
  });

  it("allows none of them to a non-resident", () => {
    const input: TaxInput = {
      ...taxInput({ residentialStatus: "non_resident", salary: { grossSalary: 2_000_000 } }),
      reported: { otherChapterVIA: { "80U": 75_000, "80DD": 75_000, "80DDB": 40_000 } },
    };
    expect(line(input, "80U")).toMatchObject({ allowed: 0, limitedBy: "s.80U: residents only" });
    expect(line(input, "80DD")).toMatchObject({ allowed: 0, limitedBy: "s.80DD: residents only" });
    expect(line(input, "80DDB")).toMatchObject({ allowed: 0, limitedBy: "s.80DDB: residents only" });
  });
});

describe("s.80GG: rent paid without house rent allowance", () => {
  const rentLine = (input: TaxInput) => computeTax(input, FY25).regimes.old.deductions.find((line) => line.section === "80GG");
  const salaried = (rent: number) =>
    taxInput({ salary: { grossSalary: 1_050_000 }, deductions: { section80C: 150_000, section80GG_rentPaid: rent } });

  it("allows the least of rent above 10 % of total income, ₹5,000 a month and 25 % of total income", () => {
    // Old regime: 10,50,000 − 50,000 − 80C 1,50,000 = 8,50,000 before s.80GG. Rent 1,80,000: above 10 % (85,000)
    // is 95,000; ₹5,000 a month is 60,000; 25 % is 2,12,500: 60,000. Total income 7,90,000: 12,500 + 20 % of
    // 2,90,000 = 70,500, + cess 2,820 = 73,320.
    expect(rentLine(salaried(180_000))).toMatchObject({ claimed: 180_000, allowed: 60_000, limitedBy: "s.80GG: ₹5,000 for each month rented" });
    expect(computeTax(salaried(180_000), FY25).regimes.old).toMatchObject({ taxableIncome: 790_000, totalTax: 73_320 });
    // Rent 1,00,000: 15,000 above 10 %. Total income 8,35,000: 12,500 + 67,000 = 79,500, + cess 3,180 = 82,680.
    expect(rentLine(salaried(100_000))).toMatchObject({ allowed: 15_000, limitedBy: "s.80GG: rent paid less 10 % of total income" });
    expect(computeTax(salaried(100_000), FY25).regimes.old.totalTax).toBe(82_680);
    expect(computeTax(salaried(180_000), FY25).regimes.new.chapterVIADeductions).toBe(0);
  });

  it("counts ₹5,000 for each month rented, and total income after s.80G without a qualifying limit", () => {
    // Rent 1,50,000 for 6 months: above 10 % of 8,50,000 is 65,000; 6 × 5,000 = 30,000.
    const sixMonths = taxInput({
      salary: { grossSalary: 1_050_000 },
      deductions: { section80C: 150_000, section80GG_rentPaid: 150_000, section80GG_months: 6 },
    });
    expect(rentLine(sixMonths)).toMatchObject({ allowed: 30_000, limitedBy: "s.80GG: ₹5,000 for each month rented" });
    // Salary income 10,00,000 less s.80G (100 %) 2,00,000 = 8,00,000 before s.80GG: rent 1,20,000 less 80,000 = 40,000.
    const donor = taxInput({ salary: { grossSalary: 1_050_000 }, deductions: { section80G_100: 200_000, section80GG_rentPaid: 120_000 } });
    expect(rentLine(donor)).toMatchObject({ allowed: 40_000, limitedBy: "s.80GG: rent paid less 10 % of total income" });
  });

  it("holds it to 25 % of a small total income", () => {
    // s.44ADA: 50 % of 4,00,000 = 2,00,000. Rent 1,00,000: above 10 % is 80,000, the monthly limit 60,000, 25 % 50,000.
    const input = taxInput({
      presumptive: { profession: { grossReceipts: 400_000, cashReceipts: 0, declaredIncome: 0 } },
      deductions: { section80GG_rentPaid: 100_000 },
    });
    expect(rentLine(input)).toMatchObject({ allowed: 50_000, limitedBy: "s.80GG: 25 % of total income" });
  });

  it("counts total income without a s.112 gain, which s.112(2) takes out of the gross total income for Chapter VI-A", () => {
    // Deposit interest 6,00,000 and a s.112 gain 10,00,000; 80C 1,00,000: total income before s.80GG 5,00,000. Rent
    // 1,20,000: above 10 % is 70,000, the monthly limit 60,000, 25 % 1,25,000: 60,000. TI 14,40,000; slabs on
    // 4,40,000: 9,500; s.112 12.5 % of 10,00,000 = 1,25,000; 1,34,500 + cess 5,380 = 1,39,880.
    const input = taxInput({
      otherIncome: { depositInterest: 600_000 },
      capitalGains: [{ section: "112", gain: 1_000_000 }],
      deductions: { section80C: 100_000, section80GG_rentPaid: 120_000 },
    });
    expect(rentLine(input)).toMatchObject({ allowed: 60_000, limitedBy: "s.80GG: ₹5,000 for each month rented" });
    expect(computeTax(input, FY25).regimes.old).toMatchObject({ taxableIncome: 1_440_000, totalTax: 139_880 });
  });
});

describe("s.80G(4): the qualifying limit on adjusted gross total income", () => {
  it("keeps casual winnings in it, as s.80G(4) takes out only untaxed income and the other deductions", () => {
    // GTI 20,00,000 (deposit interest 10,00,000, winnings 10,00,000, taxed under s.115BB); no other Chapter VI-A
    // deduction: the limit is 10 % of 20,00,000 = 2,00,000, so the whole 2,00,000 donated qualifies and 50 % of it,
    // 1,00,000, is deducted, within the 10,00,000 of income other than the winnings it may come off (s.58(4)).
    const input = taxInput({
      otherIncome: { depositInterest: 1_000_000, casualWinnings: 1_000_000 },
      deductions: { section80G_50WithLimit: 200_000 },
    });
    expect(computeTax(input, FY25).regimes.old.chapterVIADeductions).toBe(100_000);
  });
});

describe("s.80CCD(2) as Form 16 reports it, without basic + DA", () => {
  it("is held to 14 % of the gross salary less the contribution, the most any basic + DA within it could allow", () => {
    // Gross salary 10,00,000 includes the employer's 3,00,000 (s.17(1)(viii)), so basic + DA is at most 7,00,000 and
    // no cap of s.80CCD(2) exceeds 14 % of it: 98,000, in both regimes.
    const input = taxInput({ salary: { grossSalary: 1_000_000 }, deductions: { section80CCD2: 300_000 } });
    const result = computeTax(input, FY25);
    for (const regime of [result.regimes.old, result.regimes.new]) {
      expect(regime.deductions.find((line) => line.section === "80CCD(2)")).toMatchObject({
        claimed: 300_000,
        allowed: 98_000,
        limitedBy: "s.80CCD(2): 14 % of basic + DA, at most gross salary less the contribution",
      });
    }
    // The note says what was done: taken as reported within that ceiling.
    expect(result.notes.find((note) => note.startsWith("deductions.section80CCD2"))).toContain("up to 14 % of grossSalary less it");
    // A contribution within it is taken as the employer reported it.
    const reported = computeTax(taxInput({ salary: { grossSalary: 1_000_000 }, deductions: { section80CCD2: 60_000 } }), FY25);
    expect(reported.regimes.new.deductions.find((line) => line.section === "80CCD(2)")).toMatchObject({ allowed: 60_000, limitedBy: null });
  });
});

describe("capital-gains exemptions (ss.54, 54EC, 54F)", () => {
  // New regime FY 2025-26, salary 10,00,000: 9,25,000 at the slab rates, tax 20,000 + 12,500 = 32,500.
  it("s.54EC exempts a land gain up to the bonds bought", () => {
    // Gain 20,00,000, bonds 15,00,000: 5,00,000 left at 12.5 % = 62,500. Total income 14,25,000 (no s.87A):
    // 32,500 + 62,500 = 95,000, + cess 3,800 = 98,800.
    const input = salaryFor(925_000, NEW, {
      capitalGains: [{ section: "112", gain: 2_000_000, exemption: { section: "54EC", invested: 1_500_000, netConsideration: null } }],
    });
    const result = computeTax(input, FY25);
    expect(result.capitalGainExemptions).toEqual([{ index: 0, section: "54EC", exemptGain: 1_500_000, exemptIndexedGain: null }]);
    expect(result.regimes.new).toMatchObject({ taxableIncome: 1_425_000, specialRateTax: 62_500, totalTax: 98_800 });
    expect(result.itr).toEqual({ form: "ITR-2", rule: "ITR-2: capital-gains exemptions (s.54EC) need the capital-gains schedule" });
  });

  it("s.54F exempts the share of the gain the investment bears to the net consideration", () => {
    // s.112A gain 10,00,000 of net consideration 40,00,000; 20,00,000 put into a house: half the gain, 5,00,000, is
    // exempt. 5,00,000 − 1,25,000 = 3,75,000 at 12.5 % = 46,875; 32,500 + 46,875 = 79,375, + cess 3,175 = 82,550.
    const input = salaryFor(925_000, NEW, {
      capitalGains: [{ section: "112A", gain: 1_000_000, exemption: { section: "54F", invested: 2_000_000, netConsideration: 4_000_000 } }],
    });
    const result = computeTax(input, FY25);
    expect(result.capitalGainExemptions).toEqual([{ index: 0, section: "54F", exemptGain: 500_000, exemptIndexedGain: null }]);
    expect(result.regimes.new).toMatchObject({ taxableIncome: 1_425_000, totalTax: 82_550 });
  });

  it("s.54F's share is in whole rupees, down, so gains and losses entered in rupees stay in rupees", () => {
    // 1,00,001 × 1,00,000 / 3,00,000 = 33,333.67: 33,333 is exempt.
    const share = salaryFor(925_000, NEW, {
      capitalGains: [{ section: "112A", gain: 100_001, exemption: { section: "54F", invested: 100_000, netConsideration: 300_000 } }],
    });
    expect(computeTax(share, FY25).capitalGainExemptions).toEqual([{ index: 0, section: "54F", exemptGain: 33_333, exemptIndexedGain: null }]);
    // A gain of ₹1 half reinvested exempts nothing (₹0.50 down), and a loss of ₹1 beside it leaves no loss to carry.
    const rupee = salaryFor(925_000, NEW, {
      capitalGains: [
        { section: "112A", gain: 1, exemption: { section: "54F", invested: 1, netConsideration: 2 } },
        { section: "112A", gain: -1 },
      ],
    });
    expect(computeTax(rupee, FY25).capitalLossesToCarryForward).toMatchObject({ shortTerm: 0, longTerm: 0 });
  });

  it("s.54 exempts both the gain and the indexed gain up to the new house's cost", () => {
    const input = salaryFor(925_000, NEW, {
      capitalGains: [
        {
          section: "112",
          gain: 3_000_000,
          indexedGain: 1_800_000,
          landOrBuildingAcquiredBefore23July2024: true,
          exemption: { section: "54", invested: 2_000_000, netConsideration: null },
        },
      ],
    });
    expect(computeTax(input, FY25).capitalGainExemptions).toEqual([{ index: 0, section: "54", exemptGain: 2_000_000, exemptIndexedGain: 1_800_000 }]);
    // Left: 10,00,000 without indexation, nil with it, so the lower tax of the two is nil (s.112(1)(a) provisos).
    expect(computeTax(input, FY25).regimes.new.specialRateTax).toBe(0);
  });
});

describe("capital-gains exemptions of any term (ss.54B, 54D, 54G, 54GA) and the new house's cap", () => {
  // Each sub-section (1), clauses (i) and (ii): the gain above the cost of the new asset is charged, a gain up to it
  // is not. ss.54B, 54D, 54G and 54GA ask for no long-term asset, so a short-term gain is exempted too.
  // New regime FY 2025-26 / TY 2026-27, slab income 9,25,000: tax 20,000 + 12,500 = 32,500.
  const none = { netConsideration: null };

  it("s.54B exempts a short-term gain on agricultural land up to the new land's cost; the rest is taxed at the slab rates", () => {
    // Short-term gain 10,00,000, new land 5,00,000: 5,00,000 is charged as other short-term gain, at the slab rates.
    // Slab income 9,25,000 + 5,00,000 = 14,25,000: 20,000 (4-8L) + 40,000 (8-12L) + 15 % of 2,25,000 = 33,750, so
    // 93,750; above ₹12 lakh, no s.87A rebate; cess 4 % 3,750: 97,500.
    const input = salaryFor(925_000, NEW, {
      capitalGains: [{ section: "short_term_other", gain: 1_000_000, exemption: { section: "54B", invested: 500_000, ...none } }],
    });
    const result = computeTax(input, FY25);
    expect(result.capitalGainExemptions).toEqual([{ index: 0, section: "54B", exemptGain: 500_000, exemptIndexedGain: null }]);
    expect(result.regimes.new).toMatchObject({ taxableIncome: 1_425_000, specialRateTax: 0, totalTax: 97_500 });
    expect(result.itr).toEqual({ form: "ITR-2", rule: "ITR-2: capital-gains exemptions (s.54B) need the capital-gains schedule" });
  });

  it.each<[string, "54B" | "54D" | "54G" | "54GA", "112" | "short_term_other", number, number, number]>([
    // [what, section, the gain's section, gain, invested, exempt = the lesser of the gain and the investment]
    ["s.54B, long-term land, new land dearer than the gain", "54B", "112", 600_000, 900_000, 600_000],
    ["s.54D, long-term, new building cheaper than the gain", "54D", "112", 3_000_000, 1_800_000, 1_800_000],
    ["s.54D, short-term, new land dearer than the gain", "54D", "short_term_other", 700_000, 2_500_000, 700_000],
    ["s.54G, short-term machinery (s.50), new plant and shifting cheaper than the gain", "54G", "short_term_other", 900_000, 400_000, 400_000],
    ["s.54G, long-term land, the spending equal to the gain", "54G", "112", 1_100_000, 1_100_000, 1_100_000],
    ["s.54GA, short-term, the spending above the gain", "54GA", "short_term_other", 400_000, 600_000, 400_000],
  ])("%s", (_, section, gainSection, gain, invested, exempt) => {
    const input = salaryFor(925_000, NEW, { capitalGains: [{ section: gainSection, gain, exemption: { section, invested, ...none } }] });
    const result = computeTax(input, FY25);
    expect(result.capitalGainExemptions).toEqual([{ index: 0, section, exemptGain: exempt, exemptIndexedGain: null }]);
    // What is left of the gain is in total income, in both regimes.
    expect(result.regimes.new.taxableIncome).toBe(925_000 + gain - exempt);
  });

  it("s.54D charges a long-term gain above the new asset's cost at 12.5 %", () => {
    // Gain 30,00,000, new building 18,00,000: 12,00,000 left at 12.5 % = 1,50,000. Total income 21,25,000 (no
    // s.87A): 32,500 + 1,50,000 = 1,82,500, + cess 7,300 = 1,89,800.
    const input = salaryFor(925_000, NEW, {
      capitalGains: [{ section: "112", gain: 3_000_000, exemption: { section: "54D", invested: 1_800_000, ...none } }],
    });
    expect(computeTax(input, FY25).regimes.new).toMatchObject({ taxableIncome: 2_125_000, specialRateTax: 150_000, totalTax: 189_800 });
  });

  it("s.54G exempts the gain and the indexed gain of factory land up to what the shift cost", () => {
    // Land acquired before 23 July 2024: gain 20,00,000, indexed 12,00,000; new land, building and shifting
    // 15,00,000. Exempt: 15,00,000 of the gain, all 12,00,000 of the indexed gain (no more than there is). Left:
    // 5,00,000 without indexation (12.5 % = 62,500) and nil with it (20 % = 0): the lower tax, nil (s.112(1)(a)
    // provisos). Total income 14,25,000: slab tax 32,500, no s.87A, + cess 1,300 = 33,800.
    const input = salaryFor(925_000, NEW, {
      capitalGains: [
        {
          section: "112",
          gain: 2_000_000,
          indexedGain: 1_200_000,
          landOrBuildingAcquiredBefore23July2024: true,
          exemption: { section: "54G", invested: 1_500_000, ...none },
        },
      ],
    });
    const result = computeTax(input, FY25);
    expect(result.capitalGainExemptions).toEqual([{ index: 0, section: "54G", exemptGain: 1_500_000, exemptIndexedGain: 1_200_000 }]);
    expect(result.regimes.new).toMatchObject({ taxableIncome: 1_425_000, specialRateTax: 0, totalTax: 33_800 });
  });

  it("s.54GA in tax year 2026-27: the gain above the spending is taxed at 12.5 % (s.197 of the Income-tax Act, 2025)", () => {
    // Gain 10,00,000, spent on the move to the zone 4,00,000: 6,00,000 at 12.5 % = 75,000. Total income 15,25,000
    // (no s.87A): 32,500 + 75,000 = 1,07,500, + cess 4,300 = 1,11,800.
    const input = salaryFor(925_000, NEW, {
      capitalGains: [{ section: "112", gain: 1_000_000, exemption: { section: "54GA", invested: 400_000, ...none } }],
    });
    const result = computeTax(input, TY26);
    expect(result.capitalGainExemptions).toEqual([{ index: 0, section: "54GA", exemptGain: 400_000, exemptIndexedGain: null }]);
    expect(result.regimes.new).toMatchObject({ taxableIncome: 1_525_000, specialRateTax: 75_000, totalTax: 111_800 });
  });

  it("s.54 counts the new house's cost, or two houses' cost together, up to ₹10 crore", () => {
    // s.54(1) third proviso: cost above ₹10 crore is not taken into account. Gain 12 crore, house 11 crore: 10 crore.
    const one = salaryFor(925_000, NEW, {
      capitalGains: [{ section: "112", gain: 120_000_000, exemption: { section: "54", invested: 110_000_000, ...none } }],
    });
    expect(computeTax(one, FY25).capitalGainExemptions).toEqual([{ index: 0, section: "54", exemptGain: 100_000_000, exemptIndexedGain: null }]);
    // Two houses (first proviso; the request schema checks the option) need a gain of at most 2 crore: houses of 7
    // and 4.5 crore count as 10 crore together, still above the gain, so the whole 2 crore is exempt.
    const two = salaryFor(925_000, NEW, {
      capitalGains: [{ section: "112", gain: 20_000_000, exemption: { section: "54", invested: 115_000_000, ...none } }],
    });
    expect(computeTax(two, FY25).capitalGainExemptions).toEqual([{ index: 0, section: "54", exemptGain: 20_000_000, exemptIndexedGain: null }]);
  });

  it("names each exemption claimed in the return form's rule", () => {
    const input = salaryFor(925_000, NEW, {
      capitalGains: [
        { section: "short_term_other", gain: 100_000, exemption: { section: "54B", invested: 100_000, ...none } },
        { section: "112", gain: 100_000, exemption: { section: "54", invested: 100_000, ...none } },
        { section: "112", gain: 100_000, exemption: { section: "54B", invested: 100_000, ...none } },
      ],
    });
    expect(computeTax(input, FY25).itr).toEqual({
      form: "ITR-2",
      rule: "ITR-2: capital-gains exemptions (ss.54B, 54) need the capital-gains schedule",
    });
  });
});

describe("an unsplit s.80D total (Form 16's one figure) beside the parents' age", () => {
  const unsplit = (input: TaxInput) =>
    computeTax(input, FY25).regimes.old.deductions.find((line) => line.description === "Health insurance: self, family and parents together");
  const aged40 = (parentsAge: number) => taxInput({ age: 40, salary: { grossSalary: 1_500_000 }, deductions: { parentsAge } });

  it("is held to ₹25,000 for parents under 60 (s.80D(2)(b), (4)), whatever the flag says", () => {
    // Self 25,000 + parents 25,000 = 50,000 of 75,000. Old regime: 15,00,000 − 50,000 − 50,000 = 14,00,000:
    // 1,12,500 + 30 % × 4,00,000 = 2,32,500 + cess 9,300 = 2,41,800.
    const input: TaxInput = { ...aged40(45), reported: { section80D: 75_000 } };
    expect(unsplit(input)).toMatchObject({ claimed: 75_000, allowed: 50_000 });
    expect(computeTax(input, FY25).regimes.old.totalTax).toBe(241_800);
    expect(unsplit({ ...aged40(45), reported: { section80D: 75_000, parentsSeniorCitizen: true } })).toMatchObject({ allowed: 50_000 });
  });

  it("takes ₹50,000 for parents of 60 or more", () => {
    expect(unsplit({ ...aged40(60), reported: { section80D: 100_000 } })).toMatchObject({ allowed: 75_000 });
  });
});
