// The tax on an updated return: s.139(8A) and s.140B of the Income-tax Act, 1961, as amended by the Finance Act 2025
// (from 1 April 2025): furnished within 48 months from the end of the assessment year, with additional income-tax of
// 25, 50, 60 or 70 % of the aggregate of tax and interest payable, by the twelve-month band it is furnished in
// (s.140B(3)). Money in paise inside.
import { monthsOrPart, nextDay } from "./interest";
import { roundToTenRupees, toPaise, toRupees } from "./rounding";
import type { EarlierReturn, UpdatedReturnResult } from "./types";

/** The updated return's own section: worked out for the years of the Income-tax Act, 1961 only. */
export const UPDATED_RETURN_SECTION = "139(8A)";

/** s.140B(3)(i)-(iv): the share for each twelve months from the end of the assessment year. */
const ADDITIONAL_TAX_PERCENTS = [25, 50, 60, 70] as const;

export interface UpdatedReturnFacts {
  filedOn: string;
  /** 31 March of the assessment year: the windows of s.139(8A) and s.140B(3) run from it. */
  assessmentYearEnd: string;
  earlierReturn: EarlierReturn | null;
  /** The tax liability after relief, less TDS/TCS and advance tax (s.140B(1)(i)-(vi)). */
  taxAfterCredits: number;
  /** Interest under ss.234A-234C on the updated return, rupees. */
  totalInterest: number;
  /** Tax, interest and fee less all taxes paid, with any refund issued on the earlier return added back. */
  balance: number;
}

export function updatedReturnTax(f: UpdatedReturnFacts): UpdatedReturnResult {
  const months = monthsOrPart(nextDay(f.assessmentYearEnd), f.filedOn);
  const band = Math.min(ADDITIONAL_TAX_PERCENTS.length, Math.max(1, Math.ceil(months / 12)));
  const percent = ADDITIONAL_TAX_PERCENTS[band - 1]!;
  const earlier = f.earlierReturn;
  // s.140B(2) and Explanation (iii): over an earlier return, the tax and interest it made payable are already met,
  // and a refund issued on it is added back.
  const aggregate = f.taxAfterCredits + f.totalInterest * 100 - toPaise(earlier?.taxAndInterestPayable ?? 0) + toPaise(earlier?.refundIssued ?? 0);
  // First proviso to s.139(8A): no updated return that is a loss return, lowers the tax or makes or raises a refund.
  const allowed = aggregate > 0;
  const base = Math.max(0, aggregate);
  const additionalTax = Math.round((base * percent) / 100);
  const payable = Math.max(0, f.balance) + (allowed ? additionalTax : 0);
  return {
    section: "140B",
    filedOn: f.filedOn,
    monthsAfterAssessmentYear: months,
    additionalTaxPercent: percent,
    earlierReturn: earlier,
    base: toRupees(base),
    additionalTax: allowed ? toRupees(additionalTax) : 0,
    allowed,
    notAllowedBecause: allowed
      ? null
      : earlier === null
        ? "s.139(8A), first proviso: no tax and interest are payable after TDS/TCS and advance tax, so an updated return is not allowed (it would be a loss return or claim a refund)"
        : "s.139(8A), first proviso: the tax and interest are not more than the earlier return made payable, so an updated return is not allowed (it would lower the tax or raise the refund)",
    payableWithUpdatedReturn: roundToTenRupees(payable),
  };
}
