// Interest a return demands for late advance tax and a late return: ss.234A, 234B and 234C of the Income-tax Act,
// 1961 (tax year 2026-27: ss.423-425 of the 2025 Act), simple interest at 1 % a month. Rule 119A: the amount is
// rounded down to a multiple of ₹100, and any part of a month counts as a month. Self-assessment tax meets the fee
// and the interest before the tax (Explanation to s.140A(1); s.266(3)). Money in paise inside.
import { roundToTenRupees, toPaise, toRupees } from "./rounding";
import type {
  AdvanceTaxDefaultInterest,
  AdvanceTaxDefermentInterest,
  InstalmentInterest,
  InterestPeriod,
  InterestResult,
  LateFilingFee,
  LateReturnInterest,
  SelfAssessmentPayment,
  TaxPayment,
  TaxPayments,
} from "./types";
import type { SectionNames } from "./years";

/** s.208: advance tax is due only when the year's tax less TDS/TCS is ₹10,000 or more. */
const ADVANCE_TAX_THRESHOLD_RUPEES = 10_000;
/** s.234B(1): interest when advance tax paid is less than 90 % of assessed tax. */
const ASSESSED_TAX_PERCENT_PAID = 90;
/** s.211 / s.234C(1)(a): cumulative shares due by the four dates, the 12 % / 36 % safe harbours, the months charged. */
const INSTALMENTS = [
  { percentDue: 15, safeHarbourPercent: 12, months: 3 },
  { percentDue: 45, safeHarbourPercent: 36, months: 3 },
  { percentDue: 75, safeHarbourPercent: null, months: 3 },
  { percentDue: 100, safeHarbourPercent: null, months: 1 },
] as const;

export interface InterestFacts {
  sections: SectionNames;
  /** The four instalment dates (15 June, 15 September, 15 December, 15 March) and the year's last day. */
  instalmentDates: readonly [string, string, string, string];
  yearEnd: string;
  returnDueDate: string;
  filedOn: string | null;
  payments: TaxPayments;
  /** The year's tax (s.288B), and the tax on the income that had arisen by each instalment date. */
  totalTax: number;
  taxByInstalment: readonly [number, number, number, number];
  /** The year's liability and all taxes paid, in paise, for the balance with interest. */
  taxLiability: number;
  taxesPaid: number;
  /** ss.44AD/44ADA: the whole advance tax is due by 15 March (s.211(1)(b), s.234C(1)(b)). */
  onlyMarchInstalment: boolean;
  /** A resident aged 60 or more without business or professional income (s.207(2)). */
  seniorWithoutBusinessIncome: boolean;
  /** The fee for a late return (s.234F), paid with the interest (s.140A(1)); null without a filing date. */
  lateFilingFee: LateFilingFee | null;
}

/** Rule 119A(c): the amount interest is worked on, in whole rupees down to a multiple of ₹100. */
function hundredsOf(paise: number): number {
  return paise <= 0 ? 0 : Math.floor(paise / 10_000) * 100;
}

function paidBy(payments: readonly TaxPayment[], lastDay: string): number {
  let paise = 0;
  for (const payment of payments) if (payment.date <= lastDay) paise += toPaise(payment.amount);
  return paise;
}

function dayParts(day: string): [number, number, number] {
  return [Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10))];
}

/**
 * Months "or part of a month" in the period from `first` to `last`, both included (Rule 119A(b)): a month runs
 * from a day to the day before the same day of the next month, and what is left over counts as one more.
 */
export function monthsOrPart(first: string, last: string): number {
  if (last < first) return 0;
  const [fy, fm, fd] = dayParts(first);
  const [ly, lm, ld] = dayParts(last);
  return (ly - fy) * 12 + (lm - fm) + (ld >= fd ? 1 : 0);
}

export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The last day of the month `offset` months after the month of `day` (whose day is the 1st). */
function monthEnd(day: string, offset: number): string {
  const [y, m] = dayParts(day);
  return new Date(Date.UTC(y, m - 1 + offset + 1, 0)).toISOString().slice(0, 10);
}

function monthStart(day: string, offset: number): string {
  const [y, m] = dayParts(day);
  return new Date(Date.UTC(y, m - 1 + offset, 1)).toISOString().slice(0, 10);
}

/**
 * s.234A: from the day after the due date to `until` (the filing date, or a self-assessment payment's date for the
 * interest accrued by then), on tax less what was paid by the due date.
 */
function lateReturn(
  f: InterestFacts,
  tdsTcs: number,
  advance: number,
  selfAssessedTax: readonly TaxPayment[],
  until: string | null,
): LateReturnInterest {
  const section = f.sections.lateReturnInterest;
  if (until === null || until <= f.returnDueDate) return { section, dueDate: f.returnDueDate, filedOn: f.filedOn, months: 0, base: 0, interest: 0 };
  // CBDT Circular 2/2015 (after CIT v. Prannoy Roy): self-assessment tax paid by the due date is not charged; only
  // its tax part is tax paid, the rest having gone to interest (Explanation to s.140A(1)).
  const base = hundredsOf(f.totalTax * 100 - tdsTcs - advance - paidBy(selfAssessedTax, f.returnDueDate));
  const months = monthsOrPart(nextDay(f.returnDueDate), until);
  return { section, dueDate: f.returnDueDate, filedOn: f.filedOn, months, base, interest: (base * months) / 100 };
}

/**
 * s.234B: from 1 April after the year to `until` (the filing date or, without one, the due date; or a
 * self-assessment payment's date for the interest accrued by then), on the shortfall of advance tax; s.234B(2): the
 * tax part of self-assessment tax lowers it from the month after the month it is paid in.
 */
function advanceTaxDefault(
  f: InterestFacts,
  assessed: number,
  advance: number,
  due: boolean,
  selfAssessedTax: readonly TaxPayment[],
  until: string,
): AdvanceTaxDefaultInterest {
  const section = f.sections.advanceTaxDefaultInterest;
  const shortfall = due && advance * 100 < assessed * ASSESSED_TAX_PERCENT_PAID ? assessed - advance : 0;
  const result = { section, assessedTax: toRupees(Math.max(0, assessed)), advanceTaxPaid: toRupees(advance), shortfall: toRupees(shortfall) };
  if (shortfall === 0) return { ...result, periods: [], interest: 0 };
  const start = nextDay(f.yearEnd);
  const months = monthsOrPart(start, until);
  const periods: InterestPeriod[] = [];
  for (let month = 0; month < months; month++) {
    const paidBefore = paidBy(selfAssessedTax, monthEnd(start, month - 1));
    const base = hundredsOf(shortfall - paidBefore);
    if (base === 0) break;
    const last = periods[periods.length - 1];
    if (last !== undefined && last.base === base) {
      last.to = monthEnd(start, month);
      last.months += 1;
      last.interest += base / 100;
    } else {
      periods.push({ from: monthStart(start, month), to: monthEnd(start, month), months: 1, base, interest: base / 100 });
    }
  }
  return { ...result, periods, interest: periods.reduce((sum, period) => sum + period.interest, 0) };
}

/**
 * First proviso to s.234C(1): the tax on income that arose after instalment `first` counts as paid only when it
 * was paid "as part of the remaining instalments", by 31 March at the latest: so after each later instalment
 * date, the advance tax paid from then to 31 March covers the tax on the income that arose after that date.
 */
function laterIncomeTaxPaid(f: InterestFacts, first: number): boolean {
  const paidInYear = paidBy(f.payments.advanceTax, f.yearEnd);
  for (let i = first; i < INSTALMENTS.length; i++) {
    const arisingAfter = f.totalTax - f.taxByInstalment[i]!;
    if (arisingAfter > 0 && paidInYear - paidBy(f.payments.advanceTax, f.instalmentDates[i]!) < arisingAfter * 100) return false;
  }
  return true;
}

/**
 * s.234C: each instalment short of its share of the tax due on returned income draws 1 % a month for three
 * months (one for 15 March). First proviso: tax on capital gains, dividends and winnings (s.2(24)(ix)) arising
 * after an instalment date is left out of that instalment when it was paid in the instalments after it arose, by
 * 31 March at the latest.
 */
function advanceTaxDeferment(f: InterestFacts, tdsTcs: number, due: boolean): AdvanceTaxDefermentInterest {
  const section = f.sections.advanceTaxDefermentInterest;
  if (!due) return { section, instalments: [], interest: 0 };
  const instalments: InstalmentInterest[] = [];
  for (let i = f.onlyMarchInstalment ? 3 : 0; i < INSTALMENTS.length; i++) {
    const rule = INSTALMENTS[i]!;
    const dueDate = f.instalmentDates[i]!;
    const laterIncomeTax = f.totalTax - f.taxByInstalment[i]!;
    const leftOut = laterIncomeTax > 0 && laterIncomeTaxPaid(f, i) ? laterIncomeTax : 0;
    const taxDue = Math.max(0, (f.totalTax - leftOut) * 100 - tdsTcs);
    const amountDue = (taxDue * rule.percentDue) / 100;
    const paid = paidBy(f.payments.advanceTax, dueDate);
    const shortfall = Math.max(0, amountDue - paid);
    const safeHarbour = rule.safeHarbourPercent !== null && shortfall > 0 && paid * 100 >= taxDue * rule.safeHarbourPercent;
    const base = safeHarbour ? 0 : hundredsOf(shortfall);
    instalments.push({
      dueDate,
      percentDue: rule.percentDue,
      taxDue: toRupees(taxDue),
      laterIncomeTaxLeftOut: leftOut,
      amountDue: toRupees(Math.round(amountDue)),
      paidByDueDate: toRupees(paid),
      shortfall: toRupees(Math.round(shortfall)),
      safeHarbour,
      base,
      months: rule.months,
      interest: (base * rule.months) / 100,
    });
  }
  return { section, instalments, interest: instalments.reduce((sum, instalment) => sum + instalment.interest, 0) };
}

/**
 * Explanation to s.140A(1) (s.266(3)): a self-assessment payment short of the tax, interest and fee payable goes
 * first to the fee, then to the interest, and only the balance to the tax. Each payment, in date order, meets the
 * fee once the return is late (before the due date none is payable yet) and the interest accrued by its date, each
 * less what earlier payments took.
 */
function selfAssessmentOrder(f: InterestFacts, interestBy: (day: string, selfAssessedTax: readonly TaxPayment[]) => number): SelfAssessmentPayment[] {
  const fee = toPaise(f.lateFilingFee?.fee ?? 0);
  const inDateOrder = [...f.payments.selfAssessmentTax].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const adjusted: SelfAssessmentPayment[] = [];
  let feeTaken = 0;
  let interestTaken = 0;
  for (const payment of inDateOrder) {
    const paid = toPaise(payment.amount);
    const feeDue = payment.date > f.returnDueDate ? fee - feeTaken : 0;
    const interestDue = interestBy(payment.date, taxPartsOf(adjusted)) * 100 - interestTaken;
    const towardsFee = Math.min(paid, feeDue);
    const towardsInterest = Math.min(paid - towardsFee, interestDue);
    feeTaken += towardsFee;
    interestTaken += towardsInterest;
    adjusted.push({
      date: payment.date,
      amount: payment.amount,
      feeDue: toRupees(feeDue),
      interestDue: toRupees(interestDue),
      towardsFee: toRupees(towardsFee),
      towardsInterest: toRupees(towardsInterest),
      towardsTax: toRupees(paid - towardsFee - towardsInterest),
    });
  }
  return adjusted;
}

function taxPartsOf(adjusted: readonly SelfAssessmentPayment[]): TaxPayment[] {
  return adjusted.map((payment) => ({ date: payment.date, amount: payment.towardsTax }));
}

export function interestOnTax(f: InterestFacts): InterestResult {
  const tdsTcs = toPaise(f.payments.tdsTcs);
  const advance = paidBy(f.payments.advanceTax, f.yearEnd);
  const assessed = f.totalTax * 100 - tdsTcs;
  const notDueBecause = f.seniorWithoutBusinessIncome
    ? `s.${f.sections.seniorWithoutAdvanceTax}: a resident aged 60 or more without business or professional income pays no advance tax`
    : assessed < ADVANCE_TAX_THRESHOLD_RUPEES * 100
      ? `s.${f.sections.advanceTaxThreshold}: tax less TDS/TCS is under ₹10,000, so no advance tax was due`
      : null;
  const due = notDueBecause === null;
  // s.234C is fixed by 31 March, before any self-assessment payment; ss.234A and 234B run on what each leaves unpaid.
  const deferred = advanceTaxDeferment(f, tdsTcs, due);
  const selfAssessed = selfAssessmentOrder(
    f,
    (day, selfAssessedTax) =>
      lateReturn(f, tdsTcs, advance, selfAssessedTax, day).interest +
      advanceTaxDefault(f, assessed, advance, due, selfAssessedTax, day).interest +
      deferred.interest,
  );
  const selfAssessedTax = taxPartsOf(selfAssessed);
  const late = lateReturn(f, tdsTcs, advance, selfAssessedTax, f.filedOn);
  const shortOfNinety = advanceTaxDefault(f, assessed, advance, due, selfAssessedTax, f.filedOn ?? f.returnDueDate);
  const totalInterest = late.interest + shortOfNinety.interest + deferred.interest;
  const fee = f.lateFilingFee?.fee ?? 0;
  // s.288B: the amount payable with the interest and the fee (the return's aggregate liability), or the refund, to
  // the nearest ₹10.
  const balance = f.taxLiability + (totalInterest + fee) * 100 - f.taxesPaid;
  return {
    advanceTaxDue: due,
    advanceTaxNotDueBecause: notDueBecause,
    lateReturn: late,
    advanceTaxDefault: shortOfNinety,
    advanceTaxDeferment: deferred,
    totalInterest,
    ...(f.lateFilingFee === null ? {} : { lateFilingFee: f.lateFilingFee }),
    selfAssessmentTax: { section: f.sections.selfAssessment, payments: selfAssessed },
    payableWithInterest: balance >= 0 ? roundToTenRupees(balance) : 0,
    refundAfterInterest: balance < 0 ? roundToTenRupees(-balance) : 0,
  };
}
