// Year rules as data: one table per year. Adding a year is adding a table and listing it in YEAR_RULES.
// All amounts in whole rupees; rates in whole percent.
import type { FinancialYear } from "./types";

/** A slab covers income above `from` up to the next slab's `from`. */
export interface Slab {
  from: number;
  ratePercent: number;
}

/** Surcharge applies when taxable income exceeds `above` ("exceeding", First Schedule Part I Para A). */
export interface SurchargeBand {
  above: number;
  ratePercent: number;
}

export interface RegimeRules {
  slabs: { general: readonly Slab[]; senior: readonly Slab[]; superSenior: readonly Slab[] };
  standardDeduction: number;
  familyPensionDeductionCap: number;
  /**
   * `onSpecialRateTax`: whether the rebate (and its marginal relief) may also absorb tax on ss.111A/112 income.
   * Never on s.112A (its sub-section (6)) nor on casual income (s.115BB).
   */
  rebate87A: { threshold: number; maximum: number; marginalRelief: boolean; onSpecialRateTax: boolean };
  surcharge: readonly SurchargeBand[];
  employerNpsPercent: number;
  employerNpsPercentGovernment: number;
  /** Chapter VI-A, s.10(13A), s.16(iii) and self-occupied s.24(b) are allowed only in the old regime (s.115BAC(2)). */
  allowsOldRegimeDeductions: boolean;
}

/** Section numbers the result names, in the year's Act. */
export interface SectionNames {
  stcgEquity: string;
  ltcgOther: string;
  ltcgEquity: string;
  casual: string;
  nonResidentDividends: string;
  /** A tax treaty's provisions where more beneficial (s.90(2)): a non-resident's dividends at the treaty's rate. */
  dividendTreaty: string;
  /** The deduction of interest on money borrowed to earn dividends (s.57(i) and its proviso). */
  dividendInterest: string;
  presumptiveBusiness: string;
  presumptiveProfession: string;
  /** Presumptive income of a business of plying, hiring or leasing goods carriages (s.44AE). */
  presumptiveGoodsCarriages: string;
  /** Only a loss determined in a return filed by its due date is carried forward (s.80). */
  lossReturn: string;
  /** A speculation business's loss, set off and carried against speculation profit only, four years (s.73). */
  speculationLoss: string;
  /** Interest on a late return, for advance tax short of 90 %, and for deferred instalments (ss.234A-234C). */
  lateReturnInterest: string;
  advanceTaxDefaultInterest: string;
  advanceTaxDefermentInterest: string;
  /** The fee for a return furnished after its s.139(1) due date (s.234F). */
  lateFilingFee: string;
  /** Self-assessment tax, which meets the fee and the interest before the tax (s.140A(1) and its Explanation). */
  selfAssessment: string;
  /** A resident senior citizen without business income pays no advance tax (s.207(2)). */
  seniorWithoutAdvanceTax: string;
  /** Advance tax is due only when it comes to ₹10,000 or more (s.208). */
  advanceTaxThreshold: string;
  /** The return furnished by its due date (s.139(1)). */
  returnByDueDate: string;
  /**
   * Opting out of the new regime (s.115BAC(6)): with business or professional income by a form furnished by the
   * due date, apart from the return (clause (i)); without, only along with the return furnished by it (clause (ii)).
   */
  regimeOptOutByDueDate: string;
  regimeOptOutWithReturn: string;
  /** The opting out itself (s.115BAC(6)), and the new regime as the default unless one opts out (s.115BAC(1A)). */
  regimeOptOut: string;
  newRegimeDefault: string;
  /**
   * Relief when salary or family pension is paid in arrears or in advance, and on gratuity, compensation on termination
   * and commuted pension (s.89, with Rule 21A).
   */
  arrearsRelief: string;
  /** A resident's relief for tax paid abroad: under a tax treaty (s.90), or where none exists (s.91). */
  treatyRelief: string;
  unilateralRelief: string;
}

export interface YearRules {
  financialYear: FinancialYear;
  yearLabel: string;
  act: string;
  sections: SectionNames;
  /**
   * Interest on money borrowed to earn dividends or mutual-fund income is deductible up to this percent of that
   * income (s.57(i) proviso); null when no such deduction is allowed.
   */
  dividendInterestCapPercent: number | null;
  /** FY 2024-25: transfers before 23 July 2024 keep the old ss.111A/112/112A rates (Finance (No. 2) Act 2024). */
  hasPreJuly2024Transfers: boolean;
  old: RegimeRules;
  new: RegimeRules;
  /** Places where the s.10(13A) limb is 50 % of salary (lower case, canonical names; see hra.ts for aliases). */
  hraFiftyPercentCities: readonly string[];
  /** ITR-1 eligibility: how many house properties the year's form allows. */
  itr1MaxHouseProperties: number;
  /** ITR-1 eligibility: total income ceiling. */
  itr1MaxTotalIncome: number;
  /** What claiming the credit for tax paid abroad (ss.90, 91) needs beside the return, in words. */
  foreignTaxCreditClaim: string;
}

// Old regime slabs: First Schedule Part I/III, unchanged AY 2025-26 to TY 2026-27 (reference §1.2).
const OLD_GENERAL: readonly Slab[] = [
  { from: 0, ratePercent: 0 },
  { from: 250_000, ratePercent: 5 },
  { from: 500_000, ratePercent: 20 },
  { from: 1_000_000, ratePercent: 30 },
];
const OLD_SENIOR: readonly Slab[] = [
  { from: 0, ratePercent: 0 },
  { from: 300_000, ratePercent: 5 },
  { from: 500_000, ratePercent: 20 },
  { from: 1_000_000, ratePercent: 30 },
];
const OLD_SUPER_SENIOR: readonly Slab[] = [
  { from: 0, ratePercent: 0 },
  { from: 500_000, ratePercent: 20 },
  { from: 1_000_000, ratePercent: 30 },
];

// s.115BAC(1A)(ii), AY 2025-26.
const NEW_AY_2025_26: readonly Slab[] = [
  { from: 0, ratePercent: 0 },
  { from: 300_000, ratePercent: 5 },
  { from: 700_000, ratePercent: 10 },
  { from: 1_000_000, ratePercent: 15 },
  { from: 1_200_000, ratePercent: 20 },
  { from: 1_500_000, ratePercent: 30 },
];
// s.115BAC(1A)(iii), AY 2026-27 (Finance Act 2025); carried into ITA 2025 s.202 for TY 2026-27.
const NEW_AY_2026_27: readonly Slab[] = [
  { from: 0, ratePercent: 0 },
  { from: 400_000, ratePercent: 5 },
  { from: 800_000, ratePercent: 10 },
  { from: 1_200_000, ratePercent: 15 },
  { from: 1_600_000, ratePercent: 20 },
  { from: 2_000_000, ratePercent: 25 },
  { from: 2_400_000, ratePercent: 30 },
];

const SURCHARGE_OLD: readonly SurchargeBand[] = [
  { above: 5_000_000, ratePercent: 10 },
  { above: 10_000_000, ratePercent: 15 },
  { above: 20_000_000, ratePercent: 25 },
  { above: 50_000_000, ratePercent: 37 },
];
// New regime: surcharge capped at 25 % (First Schedule proviso for s.115BAC(1A) income), so no 5 crore step.
const SURCHARGE_NEW: readonly SurchargeBand[] = [
  { above: 5_000_000, ratePercent: 10 },
  { above: 10_000_000, ratePercent: 15 },
  { above: 20_000_000, ratePercent: 25 },
];

const OLD_REGIME: RegimeRules = {
  slabs: { general: OLD_GENERAL, senior: OLD_SENIOR, superSenior: OLD_SUPER_SENIOR },
  standardDeduction: 50_000, // s.16(ia)
  familyPensionDeductionCap: 15_000, // s.57(iia)
  // s.87A, no relief in the old regime; the rebate is on tax on total income, so it covers ss.111A/112 tax.
  rebate87A: { threshold: 500_000, maximum: 12_500, marginalRelief: false, onSpecialRateTax: true },
  surcharge: SURCHARGE_OLD,
  employerNpsPercent: 10, // s.80CCD(2): other employers
  employerNpsPercentGovernment: 14, // s.80CCD(2): Central or State Government
  allowsOldRegimeDeductions: true,
};

function newRegime(slabs: readonly Slab[], rebate87A: RegimeRules["rebate87A"]): RegimeRules {
  return {
    slabs: { general: slabs, senior: slabs, superSenior: slabs }, // s.115BAC(1A): no age bands
    standardDeduction: 75_000, // s.16(ia) proviso for s.115BAC(1A) income
    // [U] s.57(iia) proviso: ₹25,000 is [C] only for AY 2025-26; later years presume the Aug 2025 fix covers it.
    familyPensionDeductionCap: 25_000,
    rebate87A,
    surcharge: SURCHARGE_NEW,
    employerNpsPercent: 14, // s.80CCD(2) proviso w.e.f. AY 2025-26: 14 % for every employer in the new regime
    employerNpsPercentGovernment: 14,
    allowsOldRegimeDeductions: false,
  };
}

// s.10(13A) with Rule 2A: the four metros up to AY 2026-27.
const FOUR_METROS: readonly string[] = ["delhi", "mumbai", "kolkata", "chennai"];
// [U] Income-tax Rules 2026 (draft rule 279; final list only partly confirmed): eight cities from TY 2026-27.
const EIGHT_CITIES: readonly string[] = [...FOUR_METROS, "bengaluru", "hyderabad", "pune", "ahmedabad"];

const ACT_1961_SECTIONS: SectionNames = {
  stcgEquity: "111A",
  ltcgOther: "112",
  ltcgEquity: "112A",
  casual: "115BB",
  nonResidentDividends: "115A",
  dividendTreaty: "90(2)",
  dividendInterest: "57(i)",
  presumptiveBusiness: "44AD",
  presumptiveProfession: "44ADA",
  presumptiveGoodsCarriages: "44AE",
  lossReturn: "80",
  speculationLoss: "73",
  lateReturnInterest: "234A",
  advanceTaxDefaultInterest: "234B",
  advanceTaxDefermentInterest: "234C",
  lateFilingFee: "234F",
  selfAssessment: "140A",
  seniorWithoutAdvanceTax: "207(2)",
  advanceTaxThreshold: "208",
  returnByDueDate: "139(1)",
  regimeOptOutByDueDate: "115BAC(6)(i)",
  regimeOptOutWithReturn: "115BAC(6)(ii)",
  regimeOptOut: "115BAC(6)",
  newRegimeDefault: "115BAC(1A)",
  arrearsRelief: "89",
  treatyRelief: "90",
  unilateralRelief: "91",
};
// Income-tax Act, 2025: s.196 (STCG with STT), s.197 (LTCG), s.198 (LTCG with STT), s.58 (presumptive income,
// its Table serials 1 and 3). [U] s.194 for winnings (the 1961 Act's s.115BB): the text was not read. [U] s.207
// for a non-resident's dividends at 20 % (the 1961 Act's s.115A(1)(a)(A)): the reference has no text for it;
// commentaries on the 2025 Act carry the rate over unchanged. [S] ss.403(3), 404, 423, 424, 425 for advance tax
// and its interest, s.428 for the late-filing fee, s.266 for self-assessment tax (its sub-section (3) puts the fee
// and the interest before the tax), s.263(1) for the return and its due date, and s.202(4)(a)/(b) for opting out
// of the new regime (the 1961 Act's s.115BAC(6)(i)/(ii)), s.202(1) for the new regime as the default (s.115BAC(1A)), and s.157 for relief on arrears (the 1961 Act's s.89),
// as published section texts of the 2025 Act give them (the official text was not read). [S/U] s.159(4) for a treaty's
// provisions where more beneficial (the 1961 Act's s.90(2)): published texts of s.159 give the rule without its
// number, which their sub-section (6), "irrespective of anything contained in sub-section (4)", implies. [U] s.159
// for relief for tax paid abroad under a treaty and s.160 where no treaty exists (the 1961 Act's ss.90 and 91), as
// commentaries on the 2025 Act number them: the official text was not read. [S] s.121 for the return a loss needs
// to be carried forward (the 1961 Act's s.80), as published section texts give it.
const ACT_2025_SECTIONS: SectionNames = {
  stcgEquity: "196",
  ltcgOther: "197",
  ltcgEquity: "198",
  casual: "194",
  nonResidentDividends: "207",
  dividendTreaty: "159(4)",
  dividendInterest: "93(2)",
  presumptiveBusiness: "58",
  presumptiveProfession: "58",
  // [S] s.58's Table serial 2 (the 1961 Act's s.44AE), as published section texts give it; the official text was not read.
  presumptiveGoodsCarriages: "58",
  lossReturn: "121",
  // [S] s.113 for a speculation business's loss (the 1961 Act's s.73), as published section texts give it; the
  // official text was not read.
  speculationLoss: "113",
  lateReturnInterest: "423",
  advanceTaxDefaultInterest: "424",
  advanceTaxDefermentInterest: "425",
  lateFilingFee: "428",
  selfAssessment: "266",
  seniorWithoutAdvanceTax: "403(3)",
  advanceTaxThreshold: "404",
  returnByDueDate: "263(1)",
  regimeOptOutByDueDate: "202(4)(a)",
  regimeOptOutWithReturn: "202(4)(b)",
  regimeOptOut: "202(4)",
  newRegimeDefault: "202(1)",
  arrearsRelief: "157",
  treatyRelief: "159",
  unilateralRelief: "160",
};

// Rule 128(8), (9) as substituted from 1 April 2022 (Income-tax (27th Amendment) Rules, 2022).
const FORM_67 =
  "Form 67 with proof of the foreign tax paid, furnished by the end of the assessment year, and a return furnished by its due date or as a belated return (Rule 128(8), (9))";

const FY_2024_25: YearRules = {
  financialYear: "2024-25",
  yearLabel: "FY 2024-25 (AY 2025-26)",
  act: "Income-tax Act, 1961",
  sections: ACT_1961_SECTIONS,
  dividendInterestCapPercent: 20, // s.57(i) proviso (Finance Act 2020, from AY 2021-22)
  hasPreJuly2024Transfers: true,
  old: OLD_REGIME,
  // s.87A proviso (b). Tax on ss.111A/112 income is not excluded by the text for this year (reference §3: the
  // CPC utility's refusal was disputed), so the rebate covers it.
  new: newRegime(NEW_AY_2025_26, { threshold: 700_000, maximum: 25_000, marginalRelief: true, onSpecialRateTax: true }),
  hraFiftyPercentCities: FOUR_METROS,
  itr1MaxHouseProperties: 1, // ITR-1 AY 2025-26 (Notification 40/2025): one house property
  itr1MaxTotalIncome: 5_000_000,
  foreignTaxCreditClaim: FORM_67,
};

const FY_2025_26: YearRules = {
  financialYear: "2025-26",
  yearLabel: "FY 2025-26 (AY 2026-27)",
  act: "Income-tax Act, 1961",
  sections: ACT_1961_SECTIONS,
  // s.57(i) proviso: the Finance Act 2026 withdrew the deduction from s.93 of the 2025 Act only, which this year
  // (assessed under the 1961 Act) does not reach.
  dividendInterestCapPercent: 20,
  hasPreJuly2024Transfers: false,
  old: OLD_REGIME,
  // s.87A as amended w.e.f. 1-4-2026: its second proviso limits the rebate to tax at the s.115BAC(1A) rates,
  // i.e. none against special-rate income (CBDT, Finance Bill 2025 highlights, reference 87A-SPL).
  new: newRegime(NEW_AY_2026_27, { threshold: 1_200_000, maximum: 60_000, marginalRelief: true, onSpecialRateTax: false }),
  hraFiftyPercentCities: FOUR_METROS,
  itr1MaxHouseProperties: 2, // ITR-1 AY 2026-27 (notified 2026-03-30): up to two house properties
  itr1MaxTotalIncome: 5_000_000,
  foreignTaxCreditClaim: FORM_67,
};

// Tax year 2026-27 under ITA 2025: Budget 2026 kept the slabs, rebate and surcharge (reference §1.1, §3, §4).
const TY_2026_27: YearRules = {
  financialYear: "2026-27",
  yearLabel: "Tax year 2026-27",
  act: "Income-tax Act, 2025",
  sections: ACT_2025_SECTIONS,
  // [S] s.93(2) as substituted by the Finance Act 2026 (clause 36 of the Bill), w.e.f. 1-4-2026: no deduction
  // for interest against dividends or mutual-fund income (Budget 2026 memorandum as published; text not read).
  dividendInterestCapPercent: null,
  hasPreJuly2024Transfers: false,
  old: OLD_REGIME,
  new: newRegime(NEW_AY_2026_27, { threshold: 1_200_000, maximum: 60_000, marginalRelief: true, onSpecialRateTax: false }), // ITA 2025 ss.155-156
  hraFiftyPercentCities: EIGHT_CITIES,
  itr1MaxHouseProperties: 2, // [U] TY 2026-27 return forms not yet notified: AY 2026-27 rules presumed
  itr1MaxTotalIncome: 5_000_000,
  // [U] The draft Income-tax Rules, 2026 renumber Form 67 (as Form 44); the final rule was not read.
  foreignTaxCreditClaim:
    "the statement of foreign income and tax the Income-tax Rules, 2026 prescribe in place of Form 67 (Rule 128(8), (9) of the Income-tax Rules, 1962), with proof of the foreign tax paid, furnished within its time limit",
};

export const YEAR_RULES: Readonly<Record<FinancialYear, YearRules>> = {
  "2024-25": FY_2024_25,
  "2025-26": FY_2025_26,
  "2026-27": TY_2026_27,
};

/** Limits that are the same in every supported year (reference §2, §7, §8). */
export const LIMITS = {
  section80CCE: 150_000, // s.80CCE: 80C + 80CCC + 80CCD(1)
  ownNpsPercentOfSalary: 10, // s.80CCD(1)(a): an employee, of basic + DA
  ownNpsPercentOfGrossTotalIncome: 20, // s.80CCD(1)(b): anyone else
  section80CCD1B: 50_000,
  section80D: 25_000, // s.80D(2)(a)/(b)
  section80DSenior: 50_000, // s.80D(4): insured is a senior citizen
  disabilitySevere: 125_000, // ss.80DD, 80U: ₹75,000, or ₹1,25,000 with severe disability
  section80DDBSenior: 100_000, // s.80DDB: ₹40,000, or ₹1,00,000 for a senior citizen
  loanInterest80EEA80EEB: 150_000, // ss.80EEA(2), 80EEB(2)
  section80GGMonthly: 5_000, // s.80GG: ₹5,000 a month
  section80GGPercent: 25, // s.80GG: 25 % of total income
  section80GGRentAbovePercent: 10, // s.80GG: rent counts above 10 % of total income
  section80DCheckUps: 5_000, // s.80D(2A): preventive health check-ups, both groups together
  section80DMedical: 50_000, // s.80D(2)(c)/(d) and the second proviso: a group's medical expenditure and insurance together
  section80TTA: 10_000,
  section80TTB: 50_000,
  voluntaryRetirementExemption: 500_000, // s.10(10C): at most ₹5,00,000, and in one assessment year only
  // s.10(10)(ii): the Payment of Gratuity Act's s.4(3) ceiling, ₹20 lakh (S.O. 1420(E), 29 March 2018); s.10(10)(iii):
  // ₹20 lakh for those who leave on or after 29 March 2018 (Notification 16/2019, S.O. 1213(E), 8 March 2019).
  gratuityCeiling: 2_000_000,
  // s.10(10AA)(ii): ₹25 lakh for those who retire on or after 1 April 2023 (Notification 31/2023, S.O. 2276(E)).
  leaveEncashmentCeiling: 2_500_000,
  section80GQualifyingPercent: 10, // s.80G(4): 10 % of adjusted gross total income
  selfOccupiedInterest: 200_000, // s.24(b) second proviso (loan on/after 1-4-1999 for acquisition/construction), and
  // the aggregate of the first and second provisos over every self-occupied home (a later proviso to s.24(b))
  selfOccupiedInterestOther: 30_000, // s.24(b) first proviso: any other loan on a self-occupied home
  housePropertyLossSetOff: 200_000, // s.71(3A)
  letOutStandardDeductionPercent: 30, // s.24(a)
  selfOccupiedNilValueProperties: 2, // s.23(2)/(4): at most two homes have nil annual value
  professionalTax: 2_500, // [U] Art. 276(2) of the Constitution caps the levy at ₹2,500 a year
  seniorAge: 60,
  superSeniorAge: 80,
  cessPercent: 4, // Health and Education Cess on tax + surcharge
  // Finance Act s.2(2) (partial integration): net agricultural income counts for the rate only when "exceeding five
  // thousand rupees".
  agriculturalIncomeCountedAbove: 5_000,
  // ITR-1 and ITR-4 take agricultural income of at most ₹5,000 (Notification 40/2025; ITR-1 for AY 2026-27).
  simpleFormAgriculturalIncome: 5_000,
  // s.17(2)(vii): employer contributions to NPS, recognised PF and superannuation above this are a perquisite.
  employerContributionsPerquisiteAbove: 750_000,
  // First Schedule Part I Para A proviso: surcharge on tax on dividends and ss.111A/112/112A income ≤ 15 %.
  specialIncomeSurchargeCapPercent: 15,
  section112AExemption: 125_000, // s.112A(2)(i) as substituted w.e.f. 23-7-2024: aggregate for FY 2024-25 too
  casualRatePercent: 30, // s.115BB
  nonResidentDividendRatePercent: 20, // s.115A(1)(a)(A): dividends of a non-resident other than a company
  // s.44AD: turnover limit ₹2 crore, ₹3 crore where cash receipts are at most 5 % (first proviso, AY 2024-25 on).
  presumptiveBusinessLimit: 20_000_000,
  presumptiveBusinessLimitMostlyDigital: 30_000_000,
  presumptiveBusinessDigitalPercent: 6,
  presumptiveBusinessOtherPercent: 8,
  // s.44ADA: gross receipts limit ₹50 lakh, ₹75 lakh where cash receipts are at most 5 %.
  presumptiveProfessionLimit: 5_000_000,
  presumptiveProfessionLimitMostlyDigital: 7_500_000,
  presumptiveProfessionPercent: 50,
  presumptiveCashSharePercent: 5,
  // s.44AE (sub-section (2) as substituted by the Finance Act 2018, from AY 2019-20): a business owning at most ten
  // goods carriages at any time in the year; ₹1,000 per ton of gross vehicle weight a month for a heavy goods vehicle
  // (above 12,000 kg, Explanation (aa)), ₹7,500 a month for any other; a part of a month counts as a month.
  presumptiveGoodsCarriagesMax: 10,
  presumptiveHeavyVehicleAboveKg: 12_000,
  presumptiveHeavyVehiclePerTonMonthly: 1_000,
  presumptiveGoodsCarriageMonthly: 7_500,
} as const;
