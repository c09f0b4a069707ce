// Public surface of the pure income-tax engine.
export { compareRegimes, computeTax, DISCLAIMER, type RegimeComparison } from "./compute";
export { currentFinancialYear, isSupportedFinancialYear } from "./financial-year";
export { applySavingMove } from "./moves";
export { presumptiveIneligibility } from "./presumptive";
export {
  CAPITAL_GAIN_EXEMPTIONS,
  CAPITAL_GAIN_SECTIONS,
  FINANCIAL_YEARS,
  HOUSE_PROPERTY_TYPES,
  INCOME_HEADS,
  INCOME_PERIODS,
  ITR_FORMS,
  MOVE_FIELDS,
  REBATE_87A_BASES,
  REGIMES,
  RESIDENTIAL_STATUSES,
  RETURN_CONDITIONS,
  SAVING_MOVE_KINDS,
} from "./types";
export type {
  CapitalGain,
  CapitalGainExemption,
  CapitalGainExemptionResult,
  CapitalGainSection,
  CapitalLossesBroughtForward,
  HousePropertyLossBroughtForward,
  CapitalLossesToCarryForward,
  ComputeResult,
  DeductionLine,
  DepositsAndSpending,
  FinancialYear,
  HouseProperty,
  HousePropertyType,
  HraPeriod,
  IncomeHead,
  IncomePeriod,
  InterestResult,
  ItrForm,
  LateFilingFee,
  MoveField,
  PresumptiveBusiness,
  PresumptiveProfession,
  Rebate87ABasis,
  Regime,
  RegimeNotAvailable,
  RegimeResult,
  ResidentialStatus,
  ReturnCondition,
  SavingMove,
  SavingMoveKind,
  SlabLine,
  SpecialRateLine,
  TaxInput,
  TaxPayment,
  TaxPayments,
} from "./types";
export { LIMITS, YEAR_RULES } from "./years";
export type { RegimeRules, Slab, SurchargeBand, YearRules } from "./years";
