// The taxpayer's facts, converted once per computation and read by every head of income under both regimes.
import { individualReturnDates, individualReturnDueDate, type IndividualReturnDates } from "../deadlines";
import { booksProfit, businessLossFacts, speculationProfit, type BooksProfit, type BusinessLossFacts } from "./business-head";
import { capitalGainsFacts, type CapitalGainsFacts } from "./capital-gains";
import { dividendInterest, type DividendInterest } from "./dividend-interest";
import { foreignIncomeFacts, type ForeignIncomeFacts } from "./foreign-tax-credit";
import { toReportedFacts, type ReportedFacts } from "./form16-figures";
import { hraPeriodFacts, isFiftyPercentCity, type HraPeriodFacts } from "./hra";
import { reliefPaymentFacts, type ReliefPaymentFacts } from "./payment-relief";
import { presumptiveBusinessIncome, presumptiveGoodsCarriageIncome, presumptiveProfessionIncome } from "./presumptive";
import { retirementExemptions, type RetirementExemption } from "./retirement-benefits";
import { toPaise } from "./rounding";
import type { HouseProperty, TaxInput } from "./types";
import { LIMITS, type YearRules } from "./years";

/** The input in integer paise with the year's facts (age band, HRA city) resolved once. */
export interface Facts {
  resident: boolean;
  seniorCitizen: boolean;
  superSeniorCitizen: boolean;
  fiftyPercentCity: boolean;
  isGovernmentEmployer: boolean;
  /** The salary is a pension from a former employer: its holder is not an employee for s.80CCD(1). */
  salaryIsPension: boolean;
  grossSalary: number;
  basicPlusDA: number;
  /**
   * Rule 2A's "salary" for the one-period s.10(13A): that of Rule 2(h) of Part A of the Fourth Schedule, basic + DA,
   * with commission at a fixed percentage of turnover (Gestetner Duplicators v. CIT, SC, 1978).
   */
  hraSalary: number;
  hraReceived: number;
  rentPaid: number;
  /** s.10(13A) worked by Rule 2A's periods; null (the usual case) when the year is one period. */
  hraPeriods: readonly HraPeriodFacts[] | null;
  professionalTax: number;
  /** Gratuity, commuted pension and leave encashment with the limits on their exempt parts: the same in both regimes. */
  retirementBenefits: readonly RetirementExemption[];
  /** Employer PF + superannuation contributions: with s.80CCD(2) NPS they make the s.17(2)(vii) aggregate. */
  otherEmployerContributions: number;
  houseProperties: readonly HouseProperty[];
  /** s.71B, paise: the losses brought forward, and the part of them from a self-occupied home's loan interest. */
  housePropertyLossBroughtForward: number;
  housePropertyLossFromSelfOccupiedInterest: number;
  savingsInterest: number;
  depositInterest: number;
  dividends: number;
  /** A non-resident's dividends (all of `dividends`), charged at 20 % under s.115A; 0 for a resident. */
  nonResidentDividends: number;
  /**
   * The treaty rate on those dividends in tenths of a percent (s.90(2)); null without one, or without such dividends.
   * Only with one does each regime work its tax both ways, to charge the cheaper.
   */
  dividendTreatyRateTenths: number | null;
  /** Interest on money borrowed to earn the dividends: the same in both regimes (s.57(i) proviso). */
  dividendInterest: DividendInterest;
  familyPension: number;
  casualWinnings: number;
  capitalGains: CapitalGainsFacts;
  /** True when any special-rate income (ss.111A/112/112A gains, s.115BB winnings, s.115A dividends) is present. */
  hasSpecialRateIncome: boolean;
  /**
   * This year's business loss, and house-property loss, goes against special-rate income before slab-rate income
   * (s.71(2) lets each go against either): the taxpayer's choice, made in each regime for the least tax (assess.ts).
   */
  businessLossAgainstSpecialFirst: boolean;
  housePropertyLossAgainstSpecialFirst: boolean;
  presumptiveBusinessIncome: number;
  presumptiveProfessionIncome: number;
  presumptiveGoodsCarriageIncome: number;
  /** Income under s.44AD or s.44ADA is declared: the schemes whose advance tax s.211(1)(b) takes in one instalment. */
  hasIncomeUnder44ADOr44ADA: boolean;
  /** Income under s.44AE is declared (goods carriages). */
  hasGoodsCarriageIncome: boolean;
  /** The profit (or loss) from books in each regime; null without a business computed from books this year. */
  booksProfit: BooksProfit | null;
  /** Business losses of earlier years (s.72), oldest first. */
  businessLossesBroughtForward: readonly BusinessLossFacts[];
  /** A speculation business's profit, negative for its loss; null without one this year (s.73). */
  speculationProfit: number | null;
  /** Speculation losses of earlier years (s.73(2)), oldest first. */
  speculationLossesBroughtForward: readonly BusinessLossFacts[];
  /**
   * Business or professional income is declared, presumptive or from books, a loss included ("income" includes a
   * loss: CIT v. Harprasad & Co., SC, 1975): s.115BAC(6) then makes the opt-out a continuing choice.
   */
  hasBusinessIncome: boolean;
  /** The return's s.139(1) due date for the taxpayer, and whether returnFiledOn is after it. */
  returnDueDate: string;
  filedLate: boolean;
  section80C: number;
  section80CCD1: number;
  section80CCD1B: number;
  section80CCD2: number;
  section80D_selfFamily: number;
  section80D_parents: number;
  /** s.80D(2A) check-ups and s.80D(2)(c)/(d) medical expenditure, per group. */
  section80D_checkUpSelfFamily: number;
  section80D_checkUpParents: number;
  section80D_medicalSelfFamily: number;
  section80D_medicalParents: number;
  parentsSeniorCitizen: boolean;
  /** Whether the parents' part of an unsplit s.80D total may be for a senior citizen: by their age when known, else unless the flag says not. */
  parentsMaybeSeniorCitizen: boolean;
  section80E: number;
  section80GG_rentPaid: number;
  section80GG_months: number;
  section80G_100: number;
  section80G_50: number;
  section80G_50WithLimit: number;
  taxesPaid: number;
  /** s.89, paise: arrears counted in grossSalary and familyPension, and Form 10E's extra tax in earlier years. */
  salaryArrears: number;
  familyPensionArrears: number;
  arrearsExtraTaxInEarlierYears: number;
  hasArrears: boolean;
  /** s.89 with Rule 21A(3)-(5): gratuity, compensation on termination and commuted pension relief is claimed on. */
  reliefPayments: readonly ReliefPaymentFacts[];
  /** A resident's foreign income (ss.90, 91), already in its heads: the credit for its foreign tax; empty without. */
  foreignIncome: readonly ForeignIncomeFacts[];
  /** Net agricultural income, paise: outside total income, counted only for the rate on slab income. */
  agriculturalIncome: number;
  reported: ReportedFacts;
}

/** Income from a business or profession of any kind this year: it moves the return's due date (s.139(1), Explanation 2). */
export function hasBusinessIncome(input: Pick<TaxInput, "presumptive" | "business">): boolean {
  const { presumptive, business } = input;
  if (presumptive.business !== null || presumptive.profession !== null || presumptive.goodsCarriages.length > 0) return true;
  return business !== undefined && (business.profit !== null || business.speculationProfit !== null);
}

/**
 * The s.139(1) due date of an individual's return, from the due-date calendar: later with business income or an
 * audit. A caller that has already asked hasBusinessIncome passes its answer.
 */
export function returnDueDate(
  returns: IndividualReturnDates,
  input: Pick<TaxInput, "presumptive" | "business">,
  businessIncome = hasBusinessIncome(input),
): string {
  return individualReturnDueDate(returns, { income: businessIncome, taxAudit: input.business?.taxAudit === true });
}

function returnDueDateOfYear(year: YearRules, input: TaxInput, businessIncome: boolean): string {
  const returns = individualReturnDates(year.financialYear);
  // Every year the engine computes has its table in the calendar; a year without one is a programming error.
  if (returns === undefined) throw new Error(`no return dates for ${year.financialYear}`);
  return returnDueDate(returns, input, businessIncome);
}

function hasSpecialRateIncome(casualWinnings: number, nonResidentDividends: number, capitalGains: CapitalGainsFacts): boolean {
  return casualWinnings > 0 || nonResidentDividends > 0 || capitalGains.specialRateGains > 0;
}

/** Puts another placement of the same set-off (capitalGainsFacts) into `f`, a copy the caller owns. */
export function placeCapitalGains(f: Facts, capitalGains: CapitalGainsFacts): Facts {
  f.capitalGains = capitalGains;
  f.hasSpecialRateIncome = hasSpecialRateIncome(f.casualWinnings, f.nonResidentDividends, capitalGains);
  return f;
}

export function toFacts(input: TaxInput, year: YearRules): Facts {
  // RNOR is still "resident" (s.6): 87A, senior slabs, 80TTB and 80D senior limits follow residence only.
  const resident = input.residentialStatus !== "non_resident";
  const { salary, otherIncome, deductions } = input;
  const capitalGains = capitalGainsFacts(input.capitalGains, year, resident, input.capitalLossesBroughtForward);
  const casualWinnings = toPaise(otherIncome.casualWinnings);
  const dividends = toPaise(otherIncome.dividends);
  // s.115A(1)(a)(i): "a non-resident (not being a company)"; an RNOR is resident and keeps the slab rates.
  const nonResidentDividends = resident ? 0 : dividends;
  const fiftyPercentCity = isFiftyPercentCity(salary.isMetroCity, input.city, year);
  const treatyRate = otherIncome.dividendTreatyRatePercent;
  const hasIncomeUnder44ADOr44ADA = input.presumptive.business !== null || input.presumptive.profession !== null;
  const hasGoodsCarriageIncome = input.presumptive.goodsCarriages.length > 0;
  const profit = booksProfit(input.business);
  const speculation = speculationProfit(input.business);
  const businessIncome = hasBusinessIncome(input);
  const dueDate = returnDueDateOfYear(year, input, businessIncome);
  return {
    resident,
    seniorCitizen: resident && input.age >= LIMITS.seniorAge,
    superSeniorCitizen: resident && input.age >= LIMITS.superSeniorAge,
    fiftyPercentCity,
    isGovernmentEmployer: salary.isGovernmentEmployer,
    salaryIsPension: salary.isPension === true,
    grossSalary: toPaise(salary.grossSalary),
    basicPlusDA: toPaise(salary.basicPlusDA),
    hraSalary: toPaise(salary.basicPlusDA) + toPaise(salary.turnoverCommission ?? 0),
    hraReceived: toPaise(salary.hraReceived),
    rentPaid: toPaise(salary.rentPaid),
    hraPeriods: salary.hraPeriods === undefined ? null : hraPeriodFacts(salary.hraPeriods, fiftyPercentCity, year),
    professionalTax: toPaise(salary.professionalTax),
    retirementBenefits: retirementExemptions(salary.retirementBenefits),
    otherEmployerContributions: toPaise(salary.employerPfContribution) + toPaise(salary.employerSuperannuationContribution),
    houseProperties: input.houseProperties,
    housePropertyLossBroughtForward: toPaise(input.housePropertyLossBroughtForward?.amount ?? 0),
    housePropertyLossFromSelfOccupiedInterest: toPaise(input.housePropertyLossBroughtForward?.fromSelfOccupiedInterest ?? 0),
    savingsInterest: toPaise(otherIncome.savingsInterest),
    depositInterest: toPaise(otherIncome.depositInterest),
    dividends,
    nonResidentDividends,
    dividendTreatyRateTenths: treatyRate === undefined || nonResidentDividends === 0 ? null : Math.round(treatyRate * 10),
    dividendInterest: dividendInterest(toPaise(otherIncome.dividendInterestExpense ?? 0), dividends, resident, year),
    familyPension: toPaise(otherIncome.familyPension),
    casualWinnings,
    capitalGains,
    hasSpecialRateIncome: hasSpecialRateIncome(casualWinnings, nonResidentDividends, capitalGains),
    businessLossAgainstSpecialFirst: false,
    housePropertyLossAgainstSpecialFirst: false,
    presumptiveBusinessIncome: presumptiveBusinessIncome(input.presumptive.business),
    presumptiveProfessionIncome: presumptiveProfessionIncome(input.presumptive.profession),
    presumptiveGoodsCarriageIncome: presumptiveGoodsCarriageIncome(input.presumptive.goodsCarriages),
    hasIncomeUnder44ADOr44ADA,
    hasGoodsCarriageIncome,
    booksProfit: profit,
    businessLossesBroughtForward: businessLossFacts(input.business?.lossesBroughtForward),
    speculationProfit: speculation,
    speculationLossesBroughtForward: businessLossFacts(input.business?.speculationLossesBroughtForward),
    hasBusinessIncome: businessIncome,
    returnDueDate: dueDate,
    filedLate: input.returnFiledOn !== undefined && input.returnFiledOn > dueDate,
    section80C: toPaise(deductions.section80C),
    section80CCD1: toPaise(deductions.section80CCD1 ?? 0),
    section80CCD1B: toPaise(deductions.section80CCD1B),
    section80CCD2: toPaise(deductions.section80CCD2),
    section80D_selfFamily: toPaise(deductions.section80D_selfFamily),
    section80D_parents: toPaise(deductions.section80D_parents),
    section80D_checkUpSelfFamily: toPaise(deductions.section80D_checkUpSelfFamily ?? 0),
    section80D_checkUpParents: toPaise(deductions.section80D_checkUpParents ?? 0),
    section80D_medicalSelfFamily: toPaise(deductions.section80D_medicalSelfFamily ?? 0),
    section80D_medicalParents: toPaise(deductions.section80D_medicalParents ?? 0),
    // The parent's age when known; otherwise the flag a Form 16 row ("parents (senior citizen)") gives.
    parentsSeniorCitizen: deductions.parentsAge !== null ? deductions.parentsAge >= LIMITS.seniorAge : input.reported?.parentsSeniorCitizen === true,
    parentsMaybeSeniorCitizen:
      deductions.parentsAge !== null ? deductions.parentsAge >= LIMITS.seniorAge : input.reported?.parentsSeniorCitizen !== false,
    section80E: toPaise(deductions.section80E),
    section80GG_rentPaid: toPaise(deductions.section80GG_rentPaid ?? 0),
    section80GG_months: deductions.section80GG_months ?? 12,
    section80G_100: toPaise(deductions.section80G_100),
    section80G_50: toPaise(deductions.section80G_50),
    section80G_50WithLimit: toPaise(deductions.section80G_50WithLimit),
    taxesPaid: toPaise(input.taxesPaid),
    salaryArrears: toPaise(input.arrears?.salary ?? 0),
    familyPensionArrears: toPaise(input.arrears?.familyPension ?? 0),
    arrearsExtraTaxInEarlierYears: toPaise(input.arrears?.extraTaxInEarlierYears ?? 0),
    hasArrears: input.arrears !== undefined,
    reliefPayments: reliefPaymentFacts(input),
    foreignIncome: foreignIncomeFacts(input.foreignIncome, resident),
    agriculturalIncome: toPaise(input.agriculturalIncome ?? 0),
    reported: toReportedFacts(input),
  };
}
