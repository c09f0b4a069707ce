// Types of the pure income-tax engine. Money in `TaxInput` is rupees (paise allowed); money in `ComputeResult` is
// rupees: whole rupees for every tax line, exact paise for income lines that came in with paise.
import type { ReportedFigures } from "./form16-figures";

export const FINANCIAL_YEARS = ["2024-25", "2025-26", "2026-27"] as const;
export type FinancialYear = (typeof FINANCIAL_YEARS)[number];

export const REGIMES = ["old", "new"] as const;
export type Regime = (typeof REGIMES)[number];

export const RESIDENTIAL_STATUSES = ["resident", "resident_not_ordinarily_resident", "non_resident"] as const;
export type ResidentialStatus = (typeof RESIDENTIAL_STATUSES)[number];

export const HOUSE_PROPERTY_TYPES = ["self_occupied", "let_out"] as const;
export type HousePropertyType = (typeof HOUSE_PROPERTY_TYPES)[number];

export interface HouseProperty {
  type: HousePropertyType;
  /** Let-out: rent received or receivable for the year (s.23(1)). Self-occupied beyond two: the expected rent (s.23(4)). */
  annualRent: number;
  municipalTaxesPaid: number;
  interestOnHousingLoan: number;
}

/** Everything the engine reads, fully populated: the schema mapper turns absent numbers into 0. */
export interface TaxInput {
  /** Age on the last day of the financial year: the First Schedule's "at any time during the previous year". */
  age: number;
  residentialStatus: ResidentialStatus;
  /** Place of the rented home, used for the s.10(13A) 50 % limb when `salary.isMetroCity` is null. */
  city: string | null;
  salary: {
    grossSalary: number;
    basicPlusDA: number;
    hraReceived: number;
    rentPaid: number;
    /** Authoritative when not null; null means "decide from `city` and the year's list". */
    isMetroCity: boolean | null;
    professionalTax: number;
    isGovernmentEmployer: boolean;
  };
  houseProperties: readonly HouseProperty[];
  otherIncome: {
    savingsInterest: number;
    depositInterest: number;
    dividends: number;
    familyPension: number;
  };
  deductions: {
    section80C: number;
    section80CCD1B: number;
    /** Employer's NPS contribution; it is also part of `grossSalary` (s.17(1)(viii)). */
    section80CCD2: number;
    section80D_selfFamily: number;
    section80D_parents: number;
    /** Age of the elder insured parent; null when unknown (treated as below 60). */
    parentsAge: number | null;
    section80E: number;
    section80G_100: number;
    section80G_50: number;
    section80G_50WithLimit: number;
  };
  taxesPaid: number;
  /** Figures as a Form 16 states them; each wins over the inputs that would compute it. */
  reported?: ReportedFigures;
  /** false when the user gave no age: the rates for a resident below 60 apply and the result says so. */
  ageGiven?: boolean;
  /** The regime the employee chose with the employer (Form 16 row A), echoed and compared in the result. */
  chosenRegime?: Regime;
}

export const INCOME_HEADS = ["salary", "houseProperty", "otherSources", "chapterVIA"] as const;
export type IncomeHead = (typeof INCOME_HEADS)[number];

export interface DeductionLine {
  section: string;
  head: IncomeHead;
  description: string;
  claimed: number;
  allowed: number;
  /** The statutory limit that applied, in rupees; null when the section has no monetary cap. */
  limit: number | null;
  /** Why less than the claim was allowed (the cap or rule that bound it); null when allowed in full. */
  limitedBy: string | null;
}

export interface SlabLine {
  from: number;
  upTo: number | null;
  ratePercent: number;
  taxableAmount: number;
  /** Exact tax on this band; bands of 5 % on a multiple of ₹10 can end in 50 paise. */
  tax: number;
}

export const REBATE_87A_BASES = ["within_threshold", "marginal_relief", "above_threshold", "not_resident"] as const;
export type Rebate87ABasis = (typeof REBATE_87A_BASES)[number];

export interface RegimeResult {
  regime: Regime;
  salary: {
    grossSalary: number;
    hraExemption: number;
    standardDeduction: number;
    professionalTax: number;
    incomeFromSalary: number;
  };
  houseProperty: {
    /** Income (negative: loss) under the head, before any set-off against other heads. */
    incomeFromHouseProperty: number;
    lossSetOff: number;
    lossNotSetOff: number;
  };
  otherSources: {
    savingsInterest: number;
    depositInterest: number;
    dividends: number;
    familyPension: number;
    familyPensionDeduction: number;
    incomeFromOtherSources: number;
  };
  grossTotalIncome: number;
  deductions: DeductionLine[];
  chapterVIADeductions: number;
  taxableIncome: number;
  slabs: SlabLine[];
  slabTax: number;
  rebate87A: number;
  rebate87ABasis: Rebate87ABasis;
  taxAfterRebate: number;
  surchargeRatePercent: number;
  surcharge: number;
  surchargeMarginalRelief: number;
  cess: number;
  taxLiability: number;
  totalTax: number;
  taxesPaid: number;
  netTaxPayable: number;
  refund: number;
  effectiveRatePercent: number;
}

export const ITR_FORMS = ["ITR-1", "ITR-2"] as const;
export type ItrForm = (typeof ITR_FORMS)[number];

export const SAVING_MOVE_KINDS = [
  "switch_regime",
  "top_up_80c",
  "nps_80ccd1b",
  "health_insurance_self_80d",
  "health_insurance_parents_80d",
  "employer_nps_80ccd2",
] as const;
export type SavingMoveKind = (typeof SAVING_MOVE_KINDS)[number];

export const MOVE_FIELDS = [
  "deductions.section80C",
  "deductions.section80CCD1B",
  "deductions.section80D_selfFamily",
  "deductions.section80D_parents",
  "deductions.section80CCD2",
] as const;
export type MoveField = (typeof MOVE_FIELDS)[number];

export interface SavingMove {
  kind: SavingMoveKind;
  section: string;
  action: string;
  /** The input the engine was re-run with; null for a regime switch, which changes no input. */
  change: { field: MoveField; from: number; to: number } | null;
  /** Rupees the action puts into the premium or contribution (`change.to − change.from`); 0 for a regime switch. */
  investment: number;
  regimeAfter: Regime;
  totalTaxBefore: number;
  totalTaxAfter: number;
  taxSaving: number;
}

export interface ComputeResult {
  financialYear: FinancialYear;
  yearLabel: string;
  act: string;
  regimes: { old: RegimeResult; new: RegimeResult };
  recommendedRegime: Regime;
  recommendedRegimeSaving: number;
  chosenRegime: Regime | null;
  itr: { form: ItrForm; rule: string };
  savingMoves: SavingMove[];
  /** How the input was read where it could be read more than one way (an explicit figure beside its inputs). */
  notes: string[];
  disclaimer: string;
}
