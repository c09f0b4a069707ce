// The head "Profits and gains of business or profession" (ss.28-44; Income-tax Act, 2025: ss.26-66) for one regime:
// presumptive income (ss.44AD, 44ADA) and the profit computed from books set off within the head (s.70(1)); this
// year's loss against the other heads but salary (s.71(2A)); losses of earlier years against this year's business
// income only, for eight years (s.72(1), (3)); a speculation business's loss against speculation profit only, for four
// years (s.73; Income-tax Act, 2025: s.113); and what is carried forward, this year's loss only from a return filed by
// its due date (s.80). The profits are the caller's, computed from the books. Amounts in integer paise.
import { toPaise, toRupees } from "./rounding";
import type { BusinessFromBooks, BusinessLossBroughtForward, BusinessLossCarried } from "./types";

/** A business loss of an earlier year, paise. */
export interface BusinessLossFacts {
  financialYear: string;
  startYear: number;
  amount: number;
  /** The part from deductions the new regime denies (s.115BAC(2)(ii)(a)). */
  barred: number;
}

/** The profit from books in each regime, paise, signed. */
export interface BooksProfit {
  old: number;
  new: number;
}

/** s.72(3): a business loss is carried forward for at most eight years after the one it was first computed for. */
export const BUSINESS_LOSS_YEARS = 8;
/** s.73(4): a speculation loss, for at most four. */
export const SPECULATION_LOSS_YEARS = 4;

export function booksProfit(business: BusinessFromBooks | undefined): BooksProfit | null {
  if (business === undefined || business.profit === null) return null;
  const profit = toPaise(business.profit);
  return { old: profit, new: business.newRegimeProfit === null ? profit : toPaise(business.newRegimeProfit) };
}

/** A speculation business's profit (negative: its loss), paise; null without one this year. */
export function speculationProfit(business: BusinessFromBooks | undefined): number | null {
  return business === undefined || business.speculationProfit === null ? null : toPaise(business.speculationProfit);
}

/** The losses brought forward, oldest first: the order they are set off in. */
export function businessLossFacts(losses: readonly BusinessLossBroughtForward[] | undefined): readonly BusinessLossFacts[] {
  if (losses === undefined || losses.length === 0) return [];
  return losses
    .map((loss) => ({
      financialYear: loss.financialYear,
      startYear: Number(loss.financialYear.slice(0, 4)),
      amount: toPaise(loss.amount),
      barred: toPaise(loss.fromDeductionsBarredInNewRegime),
    }))
    .sort((a, b) => a.startYear - b.startYear);
}

/** The head's net result in one regime (s.70(1)), paise. */
export interface BusinessHead {
  /** The regime's profit from books, signed; 0 without. */
  profitFromBooks: number;
  /**
   * Presumptive income, the profit from books and a speculation profit together; negative: a loss for s.71. A
   * speculation loss is left out: it is set off against no other business (s.73(1)).
   */
  income: number;
}

export function businessHead(presumptiveIncome: number, profit: BooksProfit | null, speculation: number | null, oldStyle: boolean): BusinessHead {
  const profitFromBooks = profit === null ? 0 : oldStyle ? profit.old : profit.new;
  return { profitFromBooks, income: presumptiveIncome + profitFromBooks + Math.max(0, speculation ?? 0) };
}

/** This year's business loss set off against the other heads, paise (s.71). */
export interface BusinessLossSetOff {
  againstOtherSlabIncome: number;
  againstHouseProperty: number;
  againstSpecial: number;
  notSetOff: number;
}

const NO_LOSS: BusinessLossSetOff = { againstOtherSlabIncome: 0, againstHouseProperty: 0, againstSpecial: 0, notSetOff: 0 };

/**
 * Sets off this year's business loss (a negative `income`) against income of the other heads but salary (s.71(2A))
 * and winnings (s.58(4)): the other slab-rate income first (other sources, short-term gains at the slab rates), then
 * income from house property, then a non-resident's dividends and special-rate capital gains, dearest first (as a
 * house-property loss goes); with `specialFirst`, the special-rate income before the rest. It comes before the
 * house-property loss, which can also go against salary.
 */
export function setOffBusinessLoss(
  income: number,
  otherSlabIncome: number,
  incomeFromHouseProperty: number,
  lossAbsorbingSpecial: number,
  specialFirst: boolean,
): BusinessLossSetOff {
  if (income >= 0) return NO_LOSS;
  let loss = -income;
  const specialBefore = specialFirst ? Math.min(loss, lossAbsorbingSpecial) : 0;
  loss -= specialBefore;
  const againstOtherSlabIncome = Math.min(loss, otherSlabIncome);
  loss -= againstOtherSlabIncome;
  const againstHouseProperty = Math.min(loss, Math.max(0, incomeFromHouseProperty));
  loss -= againstHouseProperty;
  const againstSpecial = specialBefore + Math.min(loss, lossAbsorbingSpecial - specialBefore);
  return {
    againstOtherSlabIncome,
    againstHouseProperty,
    againstSpecial,
    notSetOff: -income - againstOtherSlabIncome - againstHouseProperty - againstSpecial,
  };
}

/** Business losses of earlier years set off, and what is left for later years, paise. */
export interface BusinessLossesCarried {
  broughtForwardSetOff: number;
  /** The rows of `carried` added. */
  toCarryForward: number;
  carried: readonly BusinessLossCarried[];
  lostToLateReturn: number;
  lapsed: number;
}

/** No business loss of this year or of earlier ones: nothing set off, nothing carried. */
export const NOTHING_CARRIED: BusinessLossesCarried = Object.freeze({
  broughtForwardSetOff: 0,
  toCarryForward: 0,
  carried: [],
  lostToLateReturn: 0,
  lapsed: 0,
});

export interface CarryForwardFacts {
  /** The year computed, e.g. 2025 for FY 2025-26, and its label. */
  startYear: number;
  financialYear: string;
  oldStyle: boolean;
  /** The return is filed after its s.139(1) due date: this year's loss is not carried (s.80). */
  filedLate: boolean;
  /** How many years after the one it arose in a loss may be set off: s.72(3), or s.73(4) for a speculation loss. */
  yearsCarried: number;
  lossesBroughtForward: readonly BusinessLossFacts[];
  /** The profit whose loss is carried, for its part the new regime bars; null for a speculation loss. */
  profit: BooksProfit | null;
  /** The income the losses brought forward may go against, left after this year's losses were set off. */
  businessIncome: number;
  /** This year's loss not set off against the head's own or other heads' income. */
  lossNotSetOff: number;
}

/** What of `losses` can be set off this year in its last year (`yearsCarried` after its own): it ends unless set off now. */
export function endingLosses(losses: readonly BusinessLossFacts[], startYear: number, yearsCarried: number, oldStyle: boolean): number {
  let ending = 0;
  for (const loss of losses) if (startYear - loss.startYear === yearsCarried) ending += oldStyle ? loss.amount : loss.amount - loss.barred;
  return ending;
}

/**
 * s.72(1): losses of earlier years only against this year's business income (s.73(2): a speculation loss only against
 * speculation profit), oldest first (the Act names no order; the oldest is the nearest to its end), after this year's
 * losses of every head were set off (the return's order: this year's losses, then earlier years'). s.115BAC(2)(ii)(a),
 * (3): the new regime sets off none of the part that came from deductions it denies, and ends it; in the old regime
 * each set-off takes that part first (the Act names no order), which leaves the most for a year in the new regime. s.72(3), 73(4): what is not set off in the eighth (fourth)
 * year after the one a loss arose in ends. This year's loss is carried only from a return filed by its due date (s.80).
 */
export function carryBusinessLosses(f: CarryForwardFacts): BusinessLossesCarried {
  let income = f.businessIncome;
  let broughtForwardSetOff = 0;
  let toCarryForward = 0;
  let lapsed = 0;
  const carried: BusinessLossCarried[] = [];
  for (const loss of f.lossesBroughtForward) {
    const age = f.startYear - loss.startYear;
    if (age < 1 || age > f.yearsCarried) continue;
    const barred = f.oldStyle ? loss.barred : 0;
    const rest = loss.amount - loss.barred;
    const barredUsed = Math.min(barred, income);
    const restUsed = Math.min(rest, income - barredUsed);
    income -= barredUsed + restUsed;
    broughtForwardSetOff += barredUsed + restUsed;
    const left = barred - barredUsed + rest - restUsed;
    if (left === 0) continue;
    if (age === f.yearsCarried) {
      lapsed += left;
    } else {
      toCarryForward += left;
      carried.push(carriedLoss(loss.financialYear, left, barred - barredUsed));
    }
  }
  let lostToLateReturn = 0;
  if (f.lossNotSetOff > 0) {
    if (f.filedLate) {
      lostToLateReturn = f.lossNotSetOff;
    } else {
      toCarryForward += f.lossNotSetOff;
      carried.push(carriedLoss(f.financialYear, f.lossNotSetOff, barredPartCarried(f)));
    }
  }
  return { broughtForwardSetOff, toCarryForward, carried, lostToLateReturn, lapsed };
}

/**
 * In the old regime, the part of this year's loss carried forward that the deductions the new regime denies account
 * for: the difference between the two profits, at most the loss, less what was set off (that part first).
 */
function barredPartCarried(f: CarryForwardFacts): number {
  const profit = f.profit;
  if (!f.oldStyle || profit === null) return 0;
  const loss = -profit.old;
  const barred = Math.min(loss, Math.max(0, profit.new - profit.old));
  return Math.max(0, barred - (loss - f.lossNotSetOff));
}

function carriedLoss(financialYear: string, amount: number, barred: number): BusinessLossCarried {
  return { financialYear, amount: toRupees(amount), fromDeductionsBarredInNewRegime: toRupees(barred) };
}
