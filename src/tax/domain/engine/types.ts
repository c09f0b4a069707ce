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

/**
 * Which s.24(b) cap a self-occupied home's loan interest falls under: acquisition_or_construction, the second proviso
 * (a loan taken on or after 1-4-1999 to acquire or construct the home, the work completed within five years from the
 * end of the year of borrowing: ₹2,00,000); other, the first proviso (an older loan, a loan for repair, renewal or
 * reconstruction, or construction completed late: ₹30,000).
 */
export const SELF_OCCUPIED_INTEREST_CAPS = ["acquisition_or_construction", "other"] as const;
export type SelfOccupiedInterestCap = (typeof SELF_OCCUPIED_INTEREST_CAPS)[number];

export interface HouseProperty {
  type: HousePropertyType;
  /** Let-out: rent received or receivable for the year (s.23(1)). Self-occupied beyond two: the expected rent (s.23(4)). */
  annualRent: number;
  municipalTaxesPaid: number;
  interestOnHousingLoan: number;
  /** A self-occupied home's s.24(b) cap; absent: acquisition_or_construction. */
  interestCap?: SelfOccupiedInterestCap;
}

/**
 * Where a capital gain is taxed: s.111A (STCG on listed equity and equity funds with STT), s.112A (LTCG on the
 * same), s.112 (other LTCG), or other STCG at the slab rates.
 */
export const CAPITAL_GAIN_SECTIONS = ["111A", "112A", "112", "short_term_other"] as const;
export type CapitalGainSection = (typeof CAPITAL_GAIN_SECTIONS)[number];

/**
 * When income arose in the year, by the periods of the return's schedules: up to 15 June, 16 June-15 September,
 * 16 September-15 December, 16 December-15 March, 16-31 March (the advance-tax instalment dates, s.211).
 */
export const INCOME_PERIODS = ["by_15_june", "by_15_september", "by_15_december", "by_15_march", "by_31_march"] as const;
export type IncomePeriod = (typeof INCOME_PERIODS)[number];

/** One payment of tax: its date (YYYY-MM-DD, IST) and amount in rupees. */
export interface TaxPayment {
  date: string;
  amount: number;
}

/** What `taxesPaid` is made of, when the caller says: the dates drive interest under ss.234A-234C. */
export interface TaxPayments {
  /** TDS and TCS credited for the year (Form 26AS / AIS). */
  tdsTcs: number;
  /** Advance tax, each payment within the year (tax paid by 31 March counts as advance tax, s.211 proviso). */
  advanceTax: readonly TaxPayment[];
  /** Self-assessment tax (s.140A), paid after the year and before the return. */
  selfAssessmentTax: readonly TaxPayment[];
}

export interface CapitalGain {
  section: CapitalGainSection;
  /** The period the gain arose in (s.234C proviso); absent: taken as the first. */
  arose?: IncomePeriod;
  /** Full value of consideration less cost and transfer expenses (s.48), without indexation; negative: a loss. */
  gain: number;
  /** FY 2024-25 only: the transfer took place before 23 July 2024 (the old rates of ss.111A, 112, 112A). */
  transferredBefore23July2024: boolean;
  /** s.112 only: the gain with indexed cost (s.48 second proviso), for the 20 % rate; null when not given. */
  indexedGain: number | null;
  /** s.112 only: land or building acquired before 23 July 2024 (the resident's lower-of-two-taxes proviso). */
  landOrBuildingAcquiredBefore23July2024: boolean;
  /** s.112, a transfer before 23 July 2024 only: the asset is a security of one of these kinds; absent: not said. */
  security?: CapitalGainSecurity;
  /** Reinvestment that exempts the gain or part of it (ss.54-54GA); absent: none. */
  exemption?: CapitalGainExemption;
}

/**
 * What s.112(1) as it stood before 23 July 2024 asks of a security: a listed security other than a unit, or a zero
 * coupon bond, pays at most 10 % of its gain without indexation (proviso to s.112(1)); a non-resident's unlisted
 * securities (among them shares of a company in which the public are not substantially interested) pay 10 % on the
 * gain without indexation (s.112(1)(c)(iii)).
 */
export const CAPITAL_GAIN_SECURITIES = ["listed_other_than_unit", "zero_coupon_bond", "unlisted"] as const;
export type CapitalGainSecurity = (typeof CAPITAL_GAIN_SECURITIES)[number];

export const CAPITAL_GAIN_EXEMPTIONS = ["54", "54B", "54D", "54EC", "54F", "54G", "54GA"] as const;

/**
 * s.54: a residential house's gain put into another house (or two, under the first proviso to s.54(1)); s.54B:
 * agricultural land's gain put into other agricultural land; s.54D: land or a building of an industrial undertaking
 * acquired compulsorily, its gain put into new land or buildings for the undertaking; ss.54G and 54GA: an industrial
 * undertaking's assets transferred on shifting it out of an urban area or into a Special Economic Zone, the gain put
 * into new assets and the shift; s.54EC: land or building's gain put into specified bonds within six months; s.54F:
 * any other long-term asset's net consideration put into a house. Rupees.
 */
export interface CapitalGainExemption {
  section: (typeof CAPITAL_GAIN_EXEMPTIONS)[number];
  /** Cost of the new asset, the bonds or (ss.54G, 54GA) the new assets and the shift, with what is deposited in the capital gains account scheme. */
  invested: number;
  /** s.54F only: the full value of consideration less transfer expenses. */
  netConsideration: number | null;
}

/** What an exemption took off a gain, rupees. */
export interface CapitalGainExemptionResult {
  /** Position (from 0) of the gain in profile.capitalGains. */
  index: number;
  section: CapitalGainExemption["section"];
  /** The gain without indexation, and with it where given, that is not charged. */
  exemptGain: number;
  exemptIndexedGain: number | null;
}

/**
 * The kinds of capital asset whose sales the engine classifies itself, each with the rules s.2(42A), ss.48, 50AA,
 * 50C, 55, 111A, 112 and 112A give it: a kind exists only where its holding period, section or cost differs.
 */
export const ASSET_KINDS = [
  "listed_equity_share",
  "equity_oriented_fund_unit",
  "business_trust_unit",
  "listed_security_other",
  "listed_bond_or_debenture",
  "listed_fund_unit_other",
  "unlisted_share",
  "land_or_building",
  "specified_mutual_fund_unit",
  "market_linked_debenture",
  "unlisted_bond_or_debenture",
  "unlisted_zero_coupon_bond",
  "other",
] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

/** Capital expenditure on additions or alterations in one financial year (s.55(1)(b)), rupees. */
export interface ImprovementCost {
  /** "2015-16": the year the expenditure was incurred, whose Cost Inflation Index indexes it. */
  financialYear: string;
  amount: number;
}

/** One sale (transfer) of a capital asset, as the seller holds it. Rupees; dates YYYY-MM-DD. */
export interface AssetSale {
  asset: AssetKind;
  acquired: string;
  transferred: string;
  saleConsideration: number;
  transferExpenses: number;
  costOfAcquisition: number;
  costOfImprovement: readonly ImprovementCost[];
  /** s.55(2)(ac): a listed equity share, equity-oriented fund's unit or business trust's unit acquired before 1 February 2018. */
  fairMarketValueOn31January2018: number | null;
  /** s.55(2)(b): an asset acquired before 1 April 2001. */
  fairMarketValueOn1April2001: number | null;
  /** s.50C: land or building's value adopted for stamp duty. */
  stampDutyValue: number | null;
  exemption?: CapitalGainExemption;
  label: string | null;
}

export const TERMS_OF_HOLDING = ["short", "long"] as const;
export type TermOfHolding = (typeof TERMS_OF_HOLDING)[number];

/** How one sale was classified and its gain worked out, rupees (paise kept). */
export interface AssetSaleResult {
  /** Present only when the sale has one. */
  label?: string;
  asset: AssetKind;
  termOfHolding: TermOfHolding;
  /** Days from acquisition to transfer. */
  holdingDays: number;
  /** Held more than this many months, the asset is long-term; null where s.50AA makes every gain short-term. */
  longTermAfterMonths: number | null;
  section: CapitalGainSection;
  transferredBefore23July2024: boolean;
  arose: IncomePeriod;
  /** After s.50C. */
  fullValueOfConsideration: number;
  transferExpenses: number;
  /** After ss.55(2)(b) and 55(2)(ac). */
  costOfAcquisition: number;
  costOfImprovement: number;
  /** Null when no indexation was worked. */
  indexedCostOfAcquisition: number | null;
  indexedCostOfImprovement: number | null;
  gain: number;
  indexedGain: number | null;
  /** Present only when the sale names an exemption: what it took off. */
  exemption?: { section: CapitalGainExemption["section"]; exemptGain: number; exemptIndexedGain: number | null };
  /** Each rule applied, in words, citing its section. */
  rule: string;
}

/** Capital losses of earlier years carried forward into this one (s.74), rupees. */
export interface CapitalLossesBroughtForward {
  shortTerm: number;
  longTerm: number;
}

/** House-property losses of earlier years carried forward into this one (s.71B), rupees. */
export interface HousePropertyLossBroughtForward {
  amount: number;
  /** Of `amount`, the part from interest on a self-occupied home's loan: the new regime never sets it off. */
  fromSelfOccupiedInterest: number;
}

/** s.44AD: presumptive business income from turnover. */
export interface PresumptiveBusiness {
  /** Turnover received by account-payee cheque, bank transfer or other electronic mode (6 %). */
  digitalTurnover: number;
  /** Any other turnover, cash included (8 %). */
  otherTurnover: number;
  /** Amounts received in cash in the year (the 5 % condition for the ₹3 crore limit). */
  cashReceipts: number;
  /** A higher income declared by the taxpayer; 0 when none. */
  declaredIncome: number;
}

/** s.44ADA: presumptive professional income from gross receipts. */
export interface PresumptiveProfession {
  grossReceipts: number;
  /** The part of gross receipts received in cash (the 5 % condition for the ₹75 lakh limit). */
  cashReceipts: number;
  declaredIncome: number;
}

/**
 * s.44AE: a heavy goods vehicle (a goods carriage whose gross vehicle weight exceeds 12,000 kg, Explanation (aa)) or
 * any other goods carriage.
 */
export const GOODS_CARRIAGE_KINDS = ["heavy", "other"] as const;

/** s.44AE(2): one goods carriage owned in the year (one held on hire purchase or instalments is owned, Explanation (b)). */
interface GoodsCarriageOwned {
  /** Months or parts of a month owned in the year, 1 to 12: a part of a month counts as a month. */
  monthsOwned: number;
  /** The amount claimed to have been actually earned from the carriage, taxed when higher; 0 when none. */
  declaredIncome: number;
}

interface HeavyGoodsVehicle extends GoodsCarriageOwned {
  kind: "heavy";
  /** Kilograms, above 12,000 (the unladen weight where no gross vehicle weight applies): the rate is per ton of it. */
  grossVehicleWeightKg: number;
}

interface OtherGoodsCarriage extends GoodsCarriageOwned {
  kind: "other";
}

export type GoodsCarriage = HeavyGoodsVehicle | OtherGoodsCarriage;

/** A business loss of an earlier year not yet set off (s.72), rupees. */
export interface BusinessLossBroughtForward {
  /** The financial year the loss was first computed for, e.g. "2021-22". */
  financialYear: string;
  amount: number;
  /**
   * Of `amount`, the part that came from deductions the new regime denies (s.115BAC(2)(i)): the new regime never sets
   * it off, and a year assessed under it ends that part (s.115BAC(2)(ii)(a), (3)).
   */
  fromDeductionsBarredInNewRegime: number;
}

/**
 * Income from business or profession computed from books of account (ss.28-44; Income-tax Act, 2025: ss.26-66 but
 * s.58), beside or instead of presumptive income, with the business losses of earlier years. Rupees.
 */
export interface BusinessFromBooks {
  /**
   * The year's profits and gains of business or profession as the Act computes them (net profit after its allowances
   * and disallowances, other than a speculation business's); negative: a loss. null: no such business this year.
   */
  profit: number | null;
  /** The profit without the deductions the new regime denies (s.115BAC(2)(i)); null: the same as `profit`. */
  newRegimeProfit: number | null;
  /** Oldest first or in any order; at most one entry a year. */
  lossesBroughtForward: readonly BusinessLossBroughtForward[];
  /**
   * The year's profit of speculation businesses (Explanation 2 to s.28, s.43(5)), all of them set off together;
   * negative: a loss (s.73). null: none this year.
   */
  speculationProfit: number | null;
  /** Speculation losses of earlier years not yet set off (s.73(2)), at most one entry a year. */
  speculationLossesBroughtForward: readonly BusinessLossBroughtForward[];
  /** The accounts must be audited (s.44AB, or under another law): the return is due later (Explanation 2(a) to s.139(1)). */
  taxAudit: boolean;
  /**
   * Only in the first year income arises under the head (clause (c) of the first proviso to s.234C(1)): `profit` by
   * the period it arose in, one amount per INCOME_PERIODS entry; `newRegimeProfit` arises in the same proportions.
   * Absent: all in the first period, like any other business income.
   */
  firstYearProfitByPeriod?: readonly number[];
}

/**
 * Deposits and spending of the year that require a return whatever the income: the seventh proviso to s.139(1)
 * and Rule 12AB (tax year 2026-27: s.263(1) and its rules). Rupees.
 */
export interface DepositsAndSpending {
  /** Deposited in one or more current accounts. */
  currentAccountDeposits: number;
  /** Deposited in one or more savings accounts. */
  savingsAccountDeposits: number;
  /** Spent on travel to a foreign country, for oneself or anyone else. */
  foreignTravel: number;
  /** Spent on electricity. */
  electricity: number;
}

/**
 * Facts about the person, not the income, that rule out the simple return forms (the "Not for" list of ITR-1 and
 * ITR-4). Each true rules out ITR-1; each but `tdsOnCashWithdrawals` rules out ITR-4 as well.
 */
export interface ReturnFormFacts {
  companyDirector: boolean;
  /** Held unlisted equity shares at any time during the year. */
  heldUnlistedEquityShares: boolean;
  /** Has any asset outside India, a financial interest in any entity included. */
  assetsOutsideIndia: boolean;
  /** Has signing authority in any account outside India. */
  signingAuthorityOutsideIndia: boolean;
  /** Tax was deducted under s.194N on cash withdrawn from a bank, co-operative bank or post office. */
  tdsOnCashWithdrawals: boolean;
  /** Tax on ESOP shares allotted by an eligible start-up is deferred (ss.192(1C), 191(2)). */
  esopTaxDeferred: boolean;
}

/** What requires a return of an individual: the income, or one of the conditions that require it whatever the income. */
export const RETURN_CONDITIONS = [
  "income",
  "current_account_deposits",
  "foreign_travel",
  "electricity",
  "business_turnover",
  "professional_receipts",
  "tds_tcs",
  "savings_account_deposits",
] as const;
export type ReturnCondition = (typeof RETURN_CONDITIONS)[number];

/** Everything the engine reads, fully populated: the schema mapper turns absent numbers into 0. */
/**
 * Rule 21A(2): salary paid in arrears or in advance and family pension paid in arrears, rupees, each already counted
 * in this year's income, and what they would have added to the tax of the years they belong to (Form 10E).
 */
export interface Arrears {
  /** Part of `salary.grossSalary`. */
  salary: number;
  /** Part of `otherIncome.familyPension`. */
  familyPension: number;
  /** For each year the arrears belong to, its tax with its share of them less its tax without, summed. */
  extraTaxInEarlierYears: number;
}

/**
 * One of the years immediately before this one, for s.89 relief on a payment under Rule 21A(3)-(5): its total income as
 * assessed, and the tax on that total income increased by the year's share of the payment (one-half or one-third of
 * the payment's part in this year's total income), as that year's rates charge it. Rupees.
 */
export interface PrecedingYear {
  totalIncome: number;
  taxOnIncreasedIncome: number;
}

/** The payments Rule 21A(3)-(5) relieve: gratuity, compensation on termination of employment, commuted pension. */
export const RELIEF_PAYMENTS = ["gratuity", "termination_compensation", "commuted_pension"] as const;
export type ReliefPayment = (typeof RELIEF_PAYMENTS)[number];

/** One preceding year's average rate, its total income increased by its share of the payment. Rupees. */
export interface PrecedingYearRate {
  totalIncome: number;
  /** The payment's part in this year's total income divided by the number of years (two or three), to the paisa. */
  share: number;
  /** totalIncome + share, rounded to the nearest ₹10 as total income is (s.288A). */
  increasedTotalIncome: number;
  taxOnIncreasedIncome: number;
  /** taxOnIncreasedIncome ÷ increasedTotalIncome, in percent to four decimals. */
  averageRatePercent: number;
}

/** s.89 relief on one payment (Rule 21A(3), (4) or (5)), whole rupees unless said. */
export interface PaymentRelief {
  payment: ReliefPayment;
  /** The case of the rule, in words: how many preceding years, and each one's share. */
  description: string;
  /** The payment less its exempt part (s.10(10), 10(10A) or 10(10B)), rupees to the paisa. */
  includedInTotalIncome: number;
  /** includedInTotalIncome at this year's average rate, to the nearest rupee. */
  taxAtAverageRate: number;
  precedingYears: PrecedingYearRate[];
  /** The average of the preceding years' average rates, in percent to four decimals. */
  averageOfPrecedingRatesPercent: number;
  /** includedInTotalIncome at that average, to the nearest rupee. */
  taxAtPrecedingRate: number;
  /** taxAtAverageRate less taxAtPrecedingRate, when positive. */
  relief: number;
}

/** s.89 relief on gratuity, compensation on termination and commuted pension in one regime (Rule 21A(3)-(5)). */
export interface PaymentsRelief {
  section: string;
  /** This year's average rate of tax: taxLiability ÷ taxableIncome, in percent to four decimals. */
  averageRatePercent: number;
  payments: PaymentRelief[];
  /** The payments' reliefs added, at most the tax left after any arrearsRelief.relief. */
  relief: number;
}

/** Relief under s.89 (Rule 21A(2)) in one regime, whole rupees: Form 10E's items in the year of receipt. */
export interface ArrearsRelief {
  section: string;
  /** This year's tax with the arrears (taxLiability) and without them. */
  taxWithArrears: number;
  taxWithoutArrears: number;
  /** The difference: what the arrears cost this year. */
  extraTaxThisYear: number;
  extraTaxInEarlierYears: number;
  /** extraTaxThisYear less extraTaxInEarlierYears, when positive. */
  relief: number;
}

/** The heads foreign income can be listed under (the ITR's Schedule FSI). */
export const FOREIGN_INCOME_HEADS = ["salary", "house_property", "capital_gains", "other_sources", "business"] as const;
export type ForeignIncomeHead = (typeof FOREIGN_INCOME_HEADS)[number];

/** s.90: India has a tax treaty with the country; s.91: it has none. */
export const FOREIGN_TAX_RELIEFS = ["treaty", "no_treaty"] as const;
export type ForeignTaxRelief = (typeof FOREIGN_TAX_RELIEFS)[number];

/**
 * A resident's income that arose in one country outside India, already counted in its head (Schedule FSI), and the
 * tax paid on it there (Schedule TR). Rupees.
 */
export interface ForeignIncome {
  /** ISO 3166-1 alpha-2 code of the country, never IN. */
  country: string;
  head: ForeignIncomeHead;
  income: number;
  /** Converted at the SBI telegraphic-transfer buying rate of the last day of the month before it was paid (Rule 128(4)(ii)). */
  foreignTaxPaid: number;
  relief: ForeignTaxRelief;
  /** With a treaty: the most the treaty lets the country charge on the income; tax above it is not credited. Absent: no cap. */
  taxPayableUnderTreaty?: number;
  /** other_sources only: the part of income that is dividends or winnings, which s.234C counts by when they arose. */
  dividendsAndWinnings?: number;
}

/** One line of the credit for tax paid abroad: one source in one country (Rule 128(4)). Rupees. */
export interface ForeignTaxCreditLine {
  country: string;
  head: ForeignIncomeHead;
  /** 90 or 91 (tax year 2026-27: 159 or 160). */
  section: string;
  income: number;
  foreignTaxPaid: number;
  /** foreignTaxPaid, at most taxPayableUnderTreaty (proviso to Rule 128(4)(i)). */
  foreignTaxCounted: number;
  /** income × the Indian rate of tax, to the nearest rupee. */
  indianTaxOnIncome: number;
  /** The lower of foreignTaxCounted (whole rupees, paise dropped) and indianTaxOnIncome. */
  credit: number;
}

/** Relief for tax paid abroad in one regime (ss.90, 91 with Rule 128), whole rupees unless said. */
export interface ForeignTaxCredit {
  /** The regime's tax after s.89 relief and before this credit: taxLiability less any arrearsRelief.relief and paymentsRelief.relief. */
  indianIncomeTax: number;
  /** indianIncomeTax ÷ total income (taxableIncome), in percent to four decimals (s.91 Explanation (ii)). */
  indianRateOfTaxPercent: number;
  lines: ForeignTaxCreditLine[];
  /** The lines' credits added, at most indianIncomeTax (Rule 128(3)). */
  credit: number;
}

/** Months of the year over which the house rent allowance, the rent, basic + DA and the place stayed the same. Rupees. */
export interface HraPeriod {
  /** 1 to 12; the periods of a year cover at most 12. */
  months: number;
  hraReceived: number;
  /** 0: no rent paid, so no exemption for the period (s.10(13A), Explanation (b)). */
  rentPaid: number;
  /** Basic pay plus dearness allowance for the period: with `turnoverCommission`, its "salary" of Rule 2A. */
  basicPlusDA: number;
  /** Commission at a fixed percentage of turnover for the period, part of Rule 2A's "salary". Absent: 0. */
  turnoverCommission?: number;
  /** The period's place, as the annual inputs decide it; both null: the year's `salary.isMetroCity` and `city` decide. */
  isMetroCity: boolean | null;
  city: string | null;
}

/**
 * Who paid the retirement benefits, as the clauses of s.10 name employers: `government`, the Central or a State
 * Government (their civil services and civil posts, the all-India services, the defence services); a
 * `local_authority`; a `statutory_corporation`, one established by a Central, State or Provincial Act; any `other`.
 */
export const RETIREMENT_EMPLOYERS = ["government", "local_authority", "statutory_corporation", "other"] as const;
export type RetirementEmployer = (typeof RETIREMENT_EMPLOYERS)[number];

/** Length of service: completed years, and the months and days beyond them. */
export interface ServicePeriod {
  years: number;
  months: number;
  days: number;
}

/** Gratuity received on retirement, resignation, termination or incapacity (s.10(10)). Rupees. */
export interface Gratuity {
  received: number;
  /** The Payment of Gratuity Act, 1972 covers the employee: s.10(10)(ii); otherwise (iii). Read only for (ii)/(iii). */
  coveredByGratuityAct: boolean;
  /** (ii): wages last drawn for a month, basic + DA (the Act's s.2(s)). */
  lastMonthWages: number;
  /** (iii): salary of each of the ten months before the month of retirement (basic, DA if the terms so provide, turnover commission). */
  tenMonthsSalary: readonly number[];
  service: ServicePeriod;
  /** Gratuity exempt in earlier years (second proviso to s.10(10)): it lowers the ceiling. */
  exemptedEarlier: number;
  /** s.89 relief on its taxable part (Rule 21A(3)): the two or three years before this one. Absent: not claimed. */
  precedingYears?: readonly PrecedingYear[];
}

/** A payment in commutation of pension (s.10(10A)). Rupees. */
export interface CommutedPension {
  received: number;
  /** The commuted value of the whole pension; null when `portionCommuted` gives it. */
  fullCommutedValue: number | null;
  /** The part of the pension commuted, as a fraction; null when `fullCommutedValue` is given. */
  portionCommuted: { numerator: number; denominator: number } | null;
  /** The employee receives gratuity: one-third of the full commuted value is exempt rather than one-half. */
  gratuityReceived: boolean;
  /** s.89 relief on its taxable part (Rule 21A(5)): the three years before this one. Absent: not claimed. */
  precedingYears?: readonly PrecedingYear[];
}

/** Cash equivalent of earned leave at credit on retirement (s.10(10AA)). Rupees and days. */
export interface LeaveEncashment {
  received: number;
  /** Salary drawn in each of the ten months immediately before retirement (basic, DA if the terms so provide, turnover commission). */
  tenMonthsSalary: readonly number[];
  /** Earned leave at credit on retirement, in days (halves allowed). */
  leaveAtCreditDays: number;
  completedYearsOfService: number;
  /** Earned leave taken or encashed during service, in days: it comes off the 30 days a year. */
  leaveTakenInServiceDays: number;
  /** Leave encashment exempt in earlier years (second proviso to s.10(10AA)(ii)): it lowers the ceiling. */
  exemptedEarlier: number;
}

/**
 * Compensation from the employer or former employer at or in connection with the termination of employment (a profit
 * in lieu of salary, s.17(3)(i)), part of `salary.grossSalary`, for s.89 relief under Rule 21A(4). Its part in total
 * income is what the reported s.10(10B) exemption leaves. Rupees.
 */
export interface TerminationCompensation {
  received: number;
  /** The three years before this one. */
  precedingYears: readonly PrecedingYear[];
}

/** Benefits on leaving employment, each part of `salary.grossSalary`, whose exempt part is worked out. */
export interface RetirementBenefits {
  employer: RetirementEmployer;
  gratuity: Gratuity | null;
  commutedPension: CommutedPension | null;
  leaveEncashment: LeaveEncashment | null;
}

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
    /**
     * s.10(13A) worked period by period (Rule 2A's "relevant period"); absent: the year is one period. `hraReceived`
     * and `rentPaid` are then the periods' sums, `basicPlusDA` at least theirs.
     */
    hraPeriods?: readonly HraPeriod[];
    /**
     * Commission at a fixed percentage of the turnover the employee achieved, for the year: with `basicPlusDA` the
     * "salary" of Rule 2A for the one-period s.10(13A) (with `hraPeriods`, each period gives its own). Absent: 0.
     */
    turnoverCommission?: number;
    professionalTax: number;
    isGovernmentEmployer: boolean;
    /** `grossSalary` is a pension, with no employment in the year: s.80CCD(1)(b) then applies, not (a). Absent: false. */
    isPension?: boolean;
    /** Employer's contribution to a recognised provident fund (with NPS and superannuation: s.17(2)(vii)). */
    employerPfContribution: number;
    /** Employer's contribution to an approved superannuation fund (s.17(2)(vii)). */
    employerSuperannuationContribution: number;
    /** Gratuity, commuted pension and leave encashment on retirement, their exemptions worked out. Absent: none. */
    retirementBenefits?: RetirementBenefits;
    /** Compensation on termination of employment, for s.89 relief. Absent: none. */
    terminationCompensation?: TerminationCompensation;
  };
  houseProperties: readonly HouseProperty[];
  otherIncome: {
    savingsInterest: number;
    depositInterest: number;
    dividends: number;
    /**
     * Interest paid on money borrowed to earn the dividends, deductible from them within the year's cap (s.57(i)
     * proviso). Absent: 0.
     */
    dividendInterestExpense?: number;
    /**
     * A non-resident's only: the rate, in percent of the gross dividends, at which the applicable tax treaty caps
     * India's tax on them (s.90(2); tax year 2026-27: s.159(4)). Each regime takes it where it costs less than s.115A's
     * 20 % with surcharge and cess. Absent: none.
     */
    dividendTreatyRatePercent?: number;
    familyPension: number;
    /** Winnings from lotteries, crossword puzzles, games, betting (s.115BB): 30 % flat. */
    casualWinnings: number;
  };
  capitalGains: readonly CapitalGain[];
  /** Sales the engine classifies into more capital-gains entries, after `capitalGains`. Absent: none. */
  assetSales?: readonly AssetSale[];
  /** Absent: none. */
  capitalLossesBroughtForward?: CapitalLossesBroughtForward;
  /** Absent: none. */
  housePropertyLossBroughtForward?: HousePropertyLossBroughtForward;
  /** Arrears or advance of salary, and arrears of family pension, received this year, for relief under s.89. Absent: none. */
  arrears?: Arrears;
  /** A resident's income from outside India, counted in its heads, and the tax paid on it abroad (ss.90, 91). Absent: none. */
  foreignIncome?: readonly ForeignIncome[];
  /**
   * Net agricultural income of the year (s.2(1A)), rupees: exempt (s.10(1)), but above ₹5,000 it raises the rate on
   * the income at the slab rates (the year's Finance Act, partial integration). Absent: none.
   */
  agriculturalIncome?: number;
  /** `goodsCarriages`: s.44AE, empty without such a business. */
  presumptive: { business: PresumptiveBusiness | null; profession: PresumptiveProfession | null; goodsCarriages: readonly GoodsCarriage[] };
  /** Income from business or profession computed from books, and business losses of earlier years. Absent: none. */
  business?: BusinessFromBooks;
  deductions: {
    section80C: number;
    /**
     * Own NPS contribution claimed under s.80CCD(1): 10 % of basic + DA for an employee, 20 % of gross total income
     * for anyone else, within s.80CCE with `section80C`. Absent: 0.
     */
    section80CCD1?: number;
    section80CCD1B: number;
    /** Employer's NPS contribution; it is also part of `grossSalary` (s.17(1)(viii)). */
    section80CCD2: number;
    section80D_selfFamily: number;
    section80D_parents: number;
    /** Age of the elder insured parent; null when unknown (treated as below 60). */
    parentsAge: number | null;
    /** Preventive health check-ups, s.80D(2A): ₹5,000 for both groups together, within each group's limit. Absent: 0. */
    section80D_checkUpSelfFamily?: number;
    section80D_checkUpParents?: number;
    /**
     * Medical expenditure on a senior citizen with no health insurance, s.80D(2)(c) and (d): ₹50,000 a group, less
     * that group's insurance and check-ups (second proviso). Absent: 0.
     */
    section80D_medicalSelfFamily?: number;
    section80D_medicalParents?: number;
    section80E: number;
    /** Rent paid for one's own home without house rent allowance, for s.80GG. Absent: 0. */
    section80GG_rentPaid?: number;
    /** Months of the year the rent was paid for, 1 to 12, for the ₹5,000 a month of s.80GG. Absent: 12. */
    section80GG_months?: number;
    section80G_100: number;
    section80G_50: number;
    section80G_50WithLimit: number;
  };
  taxesPaid: number;
  /** The make-up of `taxesPaid` with dates; interest (ss.234A-234C) is worked out only when given. */
  taxPayments?: TaxPayments;
  /**
   * Date the return is or will be furnished (YYYY-MM-DD); absent: taken as filed by its due date, and no s.234F fee is
   * shown. With `updatedReturn`, the first return furnished: the earlier return, or without one the updated return.
   */
  returnFiledOn?: string;
  /** An updated return (s.139(8A)) for the income of this input; interest then runs to its date. */
  updatedReturn?: UpdatedReturn;
  /** Read only to judge whether a return was required (the s.234F fee); absent: none. */
  depositsAndSpending?: DepositsAndSpending;
  /**
   * A specified senior citizen (s.194P): resident, 75 or older, with only pension and interest from the bank that
   * pays it, who declared so to that bank. The bank deducts the tax and no return is required.
   */
  specifiedSeniorCitizen?: boolean;
  /** Read only to choose the return form; absent: none of them. */
  returnFormFacts?: ReturnFormFacts;
  /** Dividends by the period they arose in, one amount per INCOME_PERIODS entry; absent: all in the first. */
  dividendsByPeriod?: readonly number[];
  /** Winnings (s.2(24)(ix)) by the period they were won in, one amount per INCOME_PERIODS entry; absent: all in the first. */
  casualWinningsByPeriod?: readonly number[];
  /** Figures as a Form 16 states them; each wins over the inputs that would compute it. */
  reported?: ReportedFigures;
  /** false when the user gave no age: the rates for a resident below 60 apply and the result says so. */
  ageGiven?: boolean;
  /** The regime the employee chose with the employer (Form 16 row A), echoed and compared in the result. */
  chosenRegime?: Regime;
}

export const INCOME_HEADS = ["salary", "houseProperty", "otherSources", "capitalGains", "business", "chapterVIA"] as const;
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

/**
 * One rate bucket of special-rate income: capital gains at their sections' rates, casual income at 30 %, a
 * non-resident's dividends at 20 % (s.115A) or at a tax treaty's rate (s.90(2)).
 */
export interface SpecialRateLine {
  /** Section of the year's Act, e.g. "112A" (Income-tax Act, 1961) or "198" (Income-tax Act, 2025). */
  section: string;
  description: string;
  ratePercent: number;
  /** Income in total income after set-off of losses. */
  income: number;
  /** s.112A: the ₹1,25,000 (FY 2024-25: aggregate for the year) on which no tax is charged. */
  exemptAmount: number;
  /** Residents: the unexhausted basic exemption adjusted against this income (provisos to ss.111A(1), 112(1)(a), 112A(2)). */
  basicExemptionAdjusted: number;
  /** Tax ignored because a gain's other tax is lower (provisos to s.112(1); ITA 2025 s.197(3)). */
  indexationRelief: number;
  taxableAmount: number;
  /** Tax at the rate on the taxable amount, less the indexation relief. */
  tax: number;
}

/**
 * Net agricultural income counted for the rate in one regime (partial integration, s.2(2) of the Finance Act for the
 * year): above ₹5,000, with income at the slab rates above the basic exemption, the slab tax is (1) the tax on that
 * income and the net agricultural income together, less (2) the tax on the net agricultural income and the basic
 * exemption together, both at the regime's slab rates. Rupees.
 */
export interface AgriculturalIncomeResult {
  /** As given. */
  netAgriculturalIncome: number;
  /** The regime's basic exemption for the taxpayer's age and residence, the amount added in (2). */
  maximumAmountNotChargeable: number;
  /** Whether the slab tax was worked as (1) − (2): above ₹5,000, and income at the slab rates above the basic exemption. */
  integrated: boolean;
  /** (1) Exact tax at the slab rates on incomeAtSlabRates plus the net agricultural income (in whole rupees); null when not integrated. */
  taxWithAgriculturalIncome: number | null;
  /** (2) Exact tax at the slab rates on the net agricultural income plus maximumAmountNotChargeable; null when not integrated. */
  taxOnAgriculturalIncomeAndExemption: number | null;
}

/**
 * A non-resident's dividends under a tax treaty (s.90(2); tax year 2026-27: s.159(4)): the regime's tax both ways, and
 * which was charged. At the treaty's rate the tax on the dividends is the whole of it, with no surcharge or cess.
 */
export interface DividendTreaty {
  section: string;
  treatyRatePercent: number;
  /** taxLiability (before any s.89 relief) with the dividends at the treaty's rate. */
  taxAtTreatyRate: number;
  /** The same with the dividends at the Act's 20 % (s.115A; tax year 2026-27: s.207), with surcharge and cess. */
  taxAtActRate: number;
  /** Whether the treaty's rate was charged: only when it costs less (a tie keeps the Act's rate). */
  applied: boolean;
}

export const REBATE_87A_BASES = ["within_threshold", "marginal_relief", "above_threshold", "not_resident"] as const;
export type Rebate87ABasis = (typeof REBATE_87A_BASES)[number];

/** Interest on a late return: s.234A (tax year 2026-27: s.423 of the Income-tax Act, 2025). */
export interface LateReturnInterest {
  section: string;
  /** The s.139(1) due date for the taxpayer's kind of return. */
  dueDate: string;
  /** The filing date given; null when not given (taken as on time). */
  filedOn: string | null;
  /** Months or parts of a month from the day after the due date to the filing date (Rule 119A(b)). */
  months: number;
  /**
   * Tax less TDS/TCS, advance tax and the tax part of self-assessment tax paid by the due date (`towardsTax`), down to
   * a multiple of ₹100 (Rule 119A(c)).
   */
  base: number;
  interest: number;
}

/** A run of months charged on one base. */
export interface InterestPeriod {
  from: string;
  to: string;
  months: number;
  base: number;
  interest: number;
}

/** Interest for advance tax short of 90 % of assessed tax: s.234B (tax year 2026-27: s.424). */
export interface AdvanceTaxDefaultInterest {
  section: string;
  /** Tax less TDS/TCS. */
  assessedTax: number;
  /** Advance tax paid in the year (by 31 March). */
  advanceTaxPaid: number;
  /** Assessed tax less advance tax when the advance tax is under 90 % of it; otherwise 0. */
  shortfall: number;
  /** From 1 April after the year; the tax part of each self-assessment payment lowers the base from the month after it. */
  periods: InterestPeriod[];
  interest: number;
}

export interface InstalmentInterest {
  dueDate: string;
  /** Cumulative share of the tax due by this date: 15, 45, 75 or 100. */
  percentDue: number;
  /** Tax due on returned income for this instalment: tax less TDS/TCS, leaving out tax on later income (proviso). */
  taxDue: number;
  /**
   * Tax on capital gains, dividends, winnings and a first year's business profit that arose after this date, left out
   * of `taxDue` (first proviso).
   */
  laterIncomeTaxLeftOut: number;
  amountDue: number;
  paidByDueDate: number;
  shortfall: number;
  /** 12 % by 15 June or 36 % by 15 September was paid: no interest for the instalment. */
  safeHarbour: boolean;
  /** Shortfall down to a multiple of ₹100 (Rule 119A(c)); 0 under the safe harbour. */
  base: number;
  months: number;
  interest: number;
}

/** Interest for deferment of advance tax: s.234C (tax year 2026-27: s.425). */
export interface AdvanceTaxDefermentInterest {
  section: string;
  instalments: InstalmentInterest[];
  interest: number;
}

/**
 * The fee for a late return: s.234F (tax year 2026-27: s.428 of the Income-tax Act, 2025). Owed by a person
 * required to furnish a return who furnishes it after the s.139(1) due date.
 */
export interface LateFilingFee {
  section: string;
  /** The s.139(1) due date, the one s.234A uses. */
  dueDate: string;
  filedOn: string;
  /** A return was required: `returnRequiredBy` is not empty. */
  returnRequired: boolean;
  /**
   * Every condition that required it: gross total income (before Chapter VI-A deductions, as s.139(1) measures it)
   * above the regime's maximum amount not chargeable to tax, and those of the seventh proviso and Rule 12AB.
   */
  returnRequiredBy: ReturnCondition[];
  /** The regime's basic exemption for the taxpayer's age and residence. */
  maximumAmountNotChargeable: number;
  /** ₹5,000; ₹1,000 where total income does not exceed ₹5,00,000; 0 when not late or not required. */
  fee: number;
}

/** How one self-assessment payment was adjusted, in rupees. */
export interface SelfAssessmentPayment {
  date: string;
  amount: number;
  /** The late-filing fee not yet met at `date`: the s.234F fee once the due date has passed, before it 0. */
  feeDue: number;
  /**
   * Interest accrued by `date` less what earlier payments took: s.234A from the day after the due date, s.234B for
   * each month or part of a month from 1 April, and all of s.234C (fixed by 31 March).
   */
  interestDue: number;
  towardsFee: number;
  towardsInterest: number;
  /** What is left: the tax paid, which alone lowers ss.234A and 234B. */
  towardsTax: number;
}

/**
 * Self-assessment tax goes to the fee first, then to the interest, and only the balance to the tax (Explanation to
 * s.140A(1); tax year 2026-27: s.266(3) of the Income-tax Act, 2025).
 */
export interface SelfAssessmentTaxOrder {
  section: string;
  /** In date order. */
  payments: SelfAssessmentPayment[];
}

/** The return furnished before the updated return (s.139(1), (4) or (5)), as s.140B(2) needs it; rupees. */
export interface EarlierReturn {
  filedOn: string;
  /** The tax and interest it made payable after TDS/TCS and advance tax: what was paid with it, less any fee. */
  taxAndInterestPayable: number;
  /** A refund issued on it, added back to the tax payable (s.140B(2)(b)). */
  refundIssued: number;
  /**
   * The regime it was furnished under, when known. Without business or professional income an updated return cannot
   * opt out of the new regime itself (s.115BAC(6)(ii) ties the option to the s.139(1) return), so this decides whether
   * an earlier return furnished by its due date left the old regime open to it.
   */
  regime?: Regime;
}

export interface UpdatedReturn {
  filedOn: string;
  earlierReturn: EarlierReturn | null;
}

/** What an updated return demands besides the tax, interest and fee: the additional income-tax of s.140B(3). */
export interface UpdatedReturnResult {
  section: string;
  filedOn: string;
  /** Months or parts of a month from the end of the assessment year to filedOn. */
  monthsAfterAssessmentYear: number;
  /** 25, 50, 60 or 70 for the first, second, third or fourth twelve months. */
  additionalTaxPercent: number;
  earlierReturn: EarlierReturn | null;
  /** Tax after TDS/TCS and advance tax plus interest, less the earlier return's tax and interest payable, plus its refund. */
  base: number;
  additionalTax: number;
  /** false when base would be 0 or less: the first proviso to s.139(8A) bars the return. */
  allowed: boolean;
  notAllowedBecause: string | null;
  /** Tax, interest and fee less taxes paid (and plus any refund issued), and the additional tax, per s.288B. */
  payableWithUpdatedReturn: number;
}

export interface InterestResult {
  /** Whether advance tax was due at all (ss.207(2), 208); when not, neither s.234B nor s.234C applies. */
  advanceTaxDue: boolean;
  advanceTaxNotDueBecause: string | null;
  lateReturn: LateReturnInterest;
  advanceTaxDefault: AdvanceTaxDefaultInterest;
  advanceTaxDeferment: AdvanceTaxDefermentInterest;
  totalInterest: number;
  /** Present only when the filing date is given. */
  lateFilingFee?: LateFilingFee;
  selfAssessmentTax: SelfAssessmentTaxOrder;
  /** Tax liability plus interest and the late-filing fee less taxes paid, rounded per s.288B; 0 when a refund is still due. */
  payableWithInterest: number;
  /** Taxes paid less tax liability, interest and the late-filing fee, rounded per s.288B; 0 when anything is payable. */
  refundAfterInterest: number;
  /** Present only for an updated return. */
  updatedReturn?: UpdatedReturnResult;
}

/**
 * Why a regime cannot be chosen for the return: without business or professional income the old regime is chosen
 * only in a return furnished by the s.139(1) due date (s.115BAC(6)(ii); tax year 2026-27: s.202(4)(b)).
 */
export interface RegimeNotAvailable {
  section: string;
  reason: string;
}

export interface RegimeResult {
  regime: Regime;
  salary: {
    grossSalary: number;
    hraExemption: number;
    standardDeduction: number;
    professionalTax: number;
    /** s.17(2)(vii): employer NPS + PF + superannuation contributions above ₹7,50,000, taxed as a perquisite. */
    employerContributionPerquisite: number;
    incomeFromSalary: number;
    /**
     * Present only when the profile gives retirement benefits: each one's exemption worked out (s.10(10), (10A),
     * (10AA)), the limb that held it in `limitedBy`; the same lines as in `deductions`.
     */
    retirementBenefits?: DeductionLine[];
  };
  houseProperty: {
    /**
     * Indexes (into the input's houseProperties) of the homes treated as self-occupied with nil annual value:
     * with more than two, the pair that gives the lowest income (s.23(4) lets the owner choose).
     */
    selfOccupied: number[];
    /** Income (negative: loss) under the head, before any set-off against other heads. */
    incomeFromHouseProperty: number;
    lossSetOff: number;
    lossNotSetOff: number;
    /** House-property losses of earlier years set off against this year's income from house property (s.71B). */
    lossBroughtForwardSetOff: number;
    /**
     * House-property loss left for later years: this year's loss not set off and the rest of the losses brought
     * forward (s.71B); in the new regime neither this year's loss nor the self-occupied-interest part (s.115BAC(3)).
     */
    lossToCarryForward: number;
    /** Of `lossToCarryForward`, the part from a self-occupied home's loan interest: next year's `fromSelfOccupiedInterest`. */
    lossToCarryForwardFromSelfOccupiedInterest: number;
  };
  otherSources: {
    savingsInterest: number;
    depositInterest: number;
    dividends: number;
    /** Interest on money borrowed to earn the dividends, allowed against them (s.57(i) proviso). */
    dividendInterestDeduction: number;
    familyPension: number;
    familyPensionDeduction: number;
    casualWinnings: number;
    incomeFromOtherSources: number;
  };
  business: {
    /** s.44AD: the higher of 6 % of digital and 8 % of other turnover, or the income declared. */
    presumptiveBusinessIncome: number;
    /** s.44ADA: the higher of 50 % of gross receipts, or the income declared. */
    presumptiveProfessionIncome: number;
    /** s.44AE: each goods carriage's presumed income or the higher amount claimed as earned from it, added. */
    presumptiveGoodsCarriageIncome: number;
    /** The profit from books this regime charges (negative: a loss): in the new regime its own figure where given. */
    profitFromBooks: number;
    /** The head's net result: presumptive income and the profit from books set off (s.70(1)); negative: a loss. */
    incomeFromBusiness: number;
    /** This year's loss set off against the other heads but salary (s.71(2A)). */
    lossSetOff: number;
    /** Business losses of earlier years set off against this year's business income (s.72(1)). */
    lossBroughtForwardSetOff: number;
    /** What the next rows add up to: business loss left for later years. */
    lossToCarryForward: number;
    /** By the year each loss arose in, oldest first: next year's business.lossBroughtForward as it is. */
    lossesToCarryForward: BusinessLossCarried[];
    /** This year's loss not set off that a return filed after its due date cannot carry forward (s.80). */
    lossLostToLateReturn: number;
    /** Losses brought forward not set off in the eighth year after the one they arose in, which end (s.72(3)). */
    lossBroughtForwardLapsed: number;
    /** A speculation business's profit (negative: its loss), which only speculation losses are kept to (s.73). */
    speculationProfit: number;
    /** Speculation losses of earlier years set off against this year's speculation profit (s.73(2)). */
    speculationLossBroughtForwardSetOff: number;
    /** What the next rows add up to. */
    speculationLossToCarryForward: number;
    /** By the year each arose in, oldest first: next year's business.speculationLossBroughtForward. */
    speculationLossesToCarryForward: BusinessLossCarried[];
    /** This year's speculation loss that a return filed after its due date cannot carry forward (s.80). */
    speculationLossLostToLateReturn: number;
    /** Speculation losses brought forward not set off in the fourth year after the one they arose in (s.73(4)). */
    speculationLossBroughtForwardLapsed: number;
  };
  capitalGains: {
    /** Other short-term gains, taxed at the slab rates with the rest of total income. */
    shortTermAtSlabRates: number;
    /** Net short-term loss left after set-off within the head (s.70(2)); carried forward under s.74. */
    shortTermLossNotSetOff: number;
    /** Net long-term loss left after set-off against long-term gains (s.70(3)); carried forward under s.74. */
    longTermLossNotSetOff: number;
    /** Short-term losses of earlier years set off against this year's gains (s.74(1)). */
    shortTermLossBroughtForwardSetOff: number;
    /** Long-term losses of earlier years set off against this year's long-term gains (s.74(1)). */
    longTermLossBroughtForwardSetOff: number;
    incomeFromCapitalGains: number;
  };
  grossTotalIncome: number;
  deductions: DeductionLine[];
  chapterVIADeductions: number;
  taxableIncome: number;
  /** Total income less special-rate income: what the slab rates apply to. */
  incomeAtSlabRates: number;
  /** Present only when the profile gives agricultural income above 0: how it was counted for the rate. */
  agriculturalIncome?: AgriculturalIncomeResult;
  slabs: SlabLine[];
  /** Tax at the slab rates; with agricultural income counted for the rate, (1) − (2) of `agriculturalIncome`. */
  slabTax: number;
  specialRateIncome: SpecialRateLine[];
  specialRateTax: number;
  rebate87A: number;
  rebate87ABasis: Rebate87ABasis;
  taxAfterRebate: number;
  surchargeRatePercent: number;
  surcharge: number;
  surchargeMarginalRelief: number;
  cess: number;
  taxLiability: number;
  /** Present only when arrears are given: relief under s.89, taken off taxLiability before totalTax. */
  arrearsRelief?: ArrearsRelief;
  /**
   * Present only when s.89 relief is claimed on gratuity, compensation on termination or commuted pension: taken off
   * taxLiability with arrearsRelief.
   */
  paymentsRelief?: PaymentsRelief;
  /** Present only when a non-resident's dividends come with a treaty rate: which rate was charged, and why. */
  dividendTreaty?: DividendTreaty;
  /** Present only when foreign income is listed: the credit for tax paid on it abroad, taken off after s.89 relief. */
  foreignTaxCredit?: ForeignTaxCredit;
  totalTax: number;
  taxesPaid: number;
  netTaxPayable: number;
  refund: number;
  effectiveRatePercent: number;
  /** Present only when the make-up of taxes paid is given. */
  interest?: InterestResult;
  /** Present only when the regime cannot be chosen for this return: its figures are then for information only. */
  notAvailable?: RegimeNotAvailable;
}

/** A business loss left for later years, by the year it arose in. Rupees. */
export interface BusinessLossCarried {
  financialYear: string;
  amount: number;
  /** Of `amount`, the part from deductions the new regime denies; always 0 in the new regime. */
  fromDeductionsBarredInNewRegime: number;
}

export const ITR_FORMS = ["ITR-1", "ITR-2", "ITR-3", "ITR-4"] as const;
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
  /**
   * The last day (YYYY-MM-DD) the action still counts for this year: the year's 31 March for a payment, since
   * ss.80C, 80CCD and 80D count only what is paid in the year; the return's s.139(1) due date for opting out.
   */
  actBy: string;
  /** The input the engine was re-run with; null for a regime switch, which changes no input. */
  change: { field: MoveField; from: number; to: number } | null;
  /** Rupees the action puts into the premium or contribution (`change.to − change.from`); 0 for a regime switch. */
  investment: number;
  regimeAfter: Regime;
  totalTaxBefore: number;
  totalTaxAfter: number;
  taxSaving: number;
}

/**
 * Capital losses left for later years (s.74(1)): this year's loss not set off, and what is left of the losses brought
 * forward. Rupees; the same in both regimes.
 */
export interface CapitalLossesToCarryForward {
  shortTerm: number;
  longTerm: number;
  /** This year's loss a return filed after its s.139(1) due date cannot carry forward (s.80), left out of `shortTerm`. */
  shortTermLostToLateReturn: number;
  longTermLostToLateReturn: number;
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
  /** Present only when the profile has capital gains or capital losses brought forward. */
  capitalLossesToCarryForward?: CapitalLossesToCarryForward;
  /** Present only when a capital gain of profile.capitalGains names an exemption. */
  capitalGainExemptions?: CapitalGainExemptionResult[];
  /** Present only when the profile has asset sales: each one's classification and gain, in order. */
  assetSales?: AssetSaleResult[];
  /** How the input was read where it could be read more than one way (an explicit figure beside its inputs). */
  notes: string[];
  disclaimer: string;
}
