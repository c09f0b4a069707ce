// The engine's entry point: both regimes, the recommendation, the return form and the saving moves.
import { financialYearLastDay } from "../../../platform/pure/financial-year";
import { advanceTaxDueDates } from "../deadlines";
import { assess, emptyRegimeResult, section89Relief, slabsFor, toFacts, type Facts } from "./assess";
import { withAssetSales } from "./asset-sales";
import { exemptPart, type CapitalGainsFacts } from "./capital-gains";
import { incomeSplitByPeriodUnder } from "./foreign-tax-credit";
import { reportedFigureNotes } from "./form16-figures";
import { chooseItrForm } from "./itr-form";
import { interestOnTax } from "./interest";
import { conditionsBeyondIncome, lateFilingFee } from "./late-filing-fee";
import { formatPaise, formatRupees, toPaise, toRupees } from "./rounding";
import { findSavingMoves } from "./moves";
import { basicExemption } from "./special-rates";
import { UPDATED_RETURN_SECTION, updatedReturnTax } from "./updated-return";
import {
  INCOME_PERIODS,
  type CapitalGainExemptionResult,
  type CapitalLossesToCarryForward,
  type ComputeResult,
  type FinancialYear,
  type ForeignIncome,
  type InterestResult,
  type Regime,
  type RegimeNotAvailable,
  type RegimeResult,
  type TaxInput,
  type TaxPayments,
  type UpdatedReturn,
} from "./types";
import { YEAR_RULES, type SectionNames, type YearRules } from "./years";

export const DISCLAIMER =
  "This computation is informational only and is not tax advice. It covers the income and deductions entered, " +
  "under the rules documented for the chosen year; check your return with a qualified professional before filing.";

/**
 * Both regimes assessed and the one that costs less; a tie goes to the new regime, the default (s.115BAC(1A)).
 * When interest is worked out, the cost is the tax plus the interest and the late-filing fee the return would demand.
 * When the old regime cannot be chosen for this return, it is assessed for information and the new one recommended.
 */
function assessBoth(input: TaxInput, facts: Facts, year: YearRules) {
  const oldRegime = emptyRegimeResult("old");
  const newRegime = emptyRegimeResult("new");
  const oldTotal = assess(facts, year, "old", oldRegime);
  const newTotal = assess(facts, year, "new", newRegime);
  const payments = input.taxPayments;
  if (payments !== undefined) {
    oldRegime.interest = interestFor(input, payments, facts, year, oldRegime);
    newRegime.interest = interestFor(input, payments, facts, year, newRegime);
  }
  const oldRegimeBarred = oldRegimeNotAvailable(input, facts, year);
  if (oldRegimeBarred !== null) oldRegime.notAvailable = oldRegimeBarred;
  const oldCost = oldTotal + interestAndFee(oldRegime);
  const newCost = newTotal + interestAndFee(newRegime);
  const recommendedRegime: Regime = oldRegimeBarred === null && oldCost < newCost ? "old" : "new";
  return { oldRegime, newRegime, oldTotal, newTotal, oldCost, newCost, recommendedRegime, oldRegimeBarred };
}

/**
 * s.115BAC(6)(ii) (s.202(4)(b) of the 2025 Act): without business or professional income the old regime is chosen
 * only "along with the return of income to be furnished under sub-section (1) of section 139", so a return filed
 * after that due date (a belated one, s.139(4)) is taxed under the new regime. So is an updated return, furnished
 * under s.139(8A), unless the earlier return was furnished by the due date and chose the old regime there (or may
 * have: its regime is then not given): the updated return cannot opt out itself. With such income the opt-out is a
 * form furnished by the due date apart from the return (clause (i)), so the filing date alone does not close it.
 */
function oldRegimeNotAvailable(input: TaxInput, facts: Facts, year: YearRules): RegimeNotAvailable | null {
  if (facts.hasBusinessIncome) return null;
  const dueDate = facts.returnDueDate;
  const { regimeOptOutWithReturn, returnByDueDate } = year.sections;
  const rule = `s.${regimeOptOutWithReturn}: without income from business or profession the old regime can be chosen only in the return furnished under s.${returnByDueDate}, by its due date ${dueDate}`;
  const updated = input.updatedReturn;
  if (updated !== undefined) {
    const outside = updatedReturnWithoutOptOut(updated, dueDate);
    return outside === null
      ? null
      : {
          section: regimeOptOutWithReturn,
          reason: `${rule}; ${outside}, and an updated return (s.${UPDATED_RETURN_SECTION}) cannot opt out itself: it is taxed under the new regime`,
        };
  }
  const filedOn = input.returnFiledOn;
  if (filedOn === undefined || filedOn <= dueDate) return null;
  return { section: regimeOptOutWithReturn, reason: `${rule}; a return filed on ${filedOn} is taxed under the new regime` };
}

/** Why no return of the year opted out in time, in words, or null when the earlier return may have. */
function updatedReturnWithoutOptOut(updated: UpdatedReturn, dueDate: string): string | null {
  const earlier = updated.earlierReturn;
  if (earlier === null) return `no return was furnished before the updated return of ${updated.filedOn}`;
  if (earlier.filedOn > dueDate) return `the earlier return was filed after that date, on ${earlier.filedOn}`;
  if (earlier.regime === "new") return `the earlier return, filed on ${earlier.filedOn}, stayed in the new regime`;
  return null;
}

/**
 * What the answer says of the regime of an updated return whose earlier return, furnished by its due date, may have
 * opted out: that this decides, when the profile does not say; and, when it did and the new regime costs less, that
 * the Act gives no way to withdraw the choice (the proviso to s.115BAC(6) speaks of clause (i) only) nor says
 * whether an updated return may leave it.
 */
function updatedReturnRegimeNotes(input: TaxInput, facts: Facts, year: YearRules, recommended: Regime, oldRegimeBarred: boolean): string[] {
  const earlier = input.updatedReturn?.earlierReturn;
  if (earlier === undefined || earlier === null || facts.hasBusinessIncome || oldRegimeBarred) return [];
  const optOut = `s.${year.sections.regimeOptOutWithReturn}`;
  if (earlier.regime === undefined) {
    return [
      `updatedReturn.earlierReturn.regime: not given; without income from business or profession an updated return keeps the old regime only if the earlier return, furnished by its due date ${facts.returnDueDate}, chose it (${optOut}), which the profile does not say: both regimes are shown as open`,
    ];
  }
  return earlier.regime === "old" && recommended === "new"
    ? [
        `updatedReturn.earlierReturn.regime: the earlier return chose the old regime for the year (${optOut}); the new regime costs less, but no provision lets an updated return withdraw that choice, and whether it may leave it is not settled: both regimes are shown as open`,
      ]
    : [];
}

/** With an updated return, its additional income-tax (s.140B(3)) is a cost of the regime too. */
function interestAndFee(regime: RegimeResult): number {
  const interest = regime.interest;
  return (interest?.totalInterest ?? 0) + (interest?.lateFilingFee?.fee ?? 0) + (interest?.updatedReturn?.additionalTax ?? 0);
}

/** Of an amount split by period (absent: all in the first), the part that had arisen by the end of period `last`. */
function arisenPart(annual: number, byPeriod: readonly number[] | undefined, last: number): number {
  return byPeriod === undefined ? annual : byPeriod.slice(0, last + 1).reduce((sum, amount) => sum + amount, 0);
}

/**
 * The input with only the capital gains, dividends, winnings and first year's business profit that had arisen by
 * the end of period `last`. The interest claimed against the dividends goes with them, in proportion (rounded down
 * to the paisa), so the dividends of each period are charged net of their share of the interest allowed; the new
 * regime's profit goes with the profit in the same way; so does foreign income listed under their heads, with its
 * foreign tax, in the proportion of the head's income that had arisen.
 */
function arisenBy(input: TaxInput, last: number): TaxInput | null {
  const gains = input.capitalGains.filter((gain) => INCOME_PERIODS.indexOf(gain.arose ?? INCOME_PERIODS[0]) <= last);
  const other = input.otherIncome;
  const dividends = arisenPart(other.dividends, input.dividendsByPeriod, last);
  const casualWinnings = arisenPart(other.casualWinnings, input.casualWinningsByPeriod, last);
  const business = businessArisenBy(input.business, last);
  if (
    gains.length === input.capitalGains.length &&
    dividends === other.dividends &&
    casualWinnings === other.casualWinnings &&
    business === input.business
  ) {
    return null;
  }
  const dividendInterestExpense = shareOf(other.dividendInterestExpense ?? 0, dividends, other.dividends);
  const partial = {
    ...input,
    capitalGains: gains,
    otherIncome: { ...other, dividends, dividendInterestExpense, casualWinnings },
    ...(business === undefined ? {} : { business }),
  };
  return input.foreignIncome === undefined
    ? partial
    : { ...partial, foreignIncome: input.foreignIncome.map((entry) => foreignIncomeArisen(entry, partial, input)) };
}

/**
 * Clause (c) of the first proviso to s.234C(1): a business whose income arises for the first time this year, cut to
 * the profit that had arisen by the end of period `last`; the same object when nothing is cut.
 */
function businessArisenBy(business: TaxInput["business"], last: number): TaxInput["business"] {
  const split = business?.firstYearProfitByPeriod;
  if (business === undefined || split === undefined || business.profit === null) return business;
  const profit = arisenPart(business.profit, split, last);
  if (profit === business.profit) return business;
  const newRegimeProfit = business.newRegimeProfit === null ? null : shareOf(business.newRegimeProfit, profit, business.profit);
  return { ...business, profit, newRegimeProfit };
}

/**
 * A foreign income entry cut, with its foreign tax, to the share of its head's income split by period (gains,
 * dividends and winnings) in `partial` that `whole` counts; whole when the head has none of it. Of an other-sources
 * entry only its dividends and winnings are cut: its interest and the like count at every instalment.
 */
function foreignIncomeArisen(entry: ForeignIncome, partial: TaxInput, whole: TaxInput): ForeignIncome {
  const part = incomeSplitByPeriodUnder(partial, entry.head) / 100;
  const all = incomeSplitByPeriodUnder(whole, entry.head) / 100;
  if (part === all || all === 0) return entry;
  const split = entry.head === "other_sources" ? Math.min(entry.income, entry.dividendsAndWinnings ?? all) : entry.income;
  const [arisen, of] = split === entry.income ? [part, all] : [entry.income - split + shareOf(split, part, all), entry.income];
  if (arisen === of) return entry;
  const ceiling = entry.taxPayableUnderTreaty;
  return {
    ...entry,
    income: shareOf(entry.income, arisen, of),
    foreignTaxPaid: shareOf(entry.foreignTaxPaid, arisen, of),
    ...(ceiling === undefined ? {} : { taxPayableUnderTreaty: shareOf(ceiling, arisen, of) }),
  };
}

/** `amount × part / whole` in rupees, rounded down to the paisa (exact: amounts reach 10^13 paise). */
function shareOf(amount: number, part: number, whole: number): number {
  if (part === whole) return amount;
  if (part === 0) return 0;
  return Number((BigInt(toPaise(amount)) * BigInt(toPaise(part))) / BigInt(toPaise(whole))) / 100;
}

/** What each exemption took off its gain (ss.54-54GA), the same in both regimes. */
function capitalGainExemptions(input: TaxInput): CapitalGainExemptionResult[] {
  const results: CapitalGainExemptionResult[] = [];
  input.capitalGains.forEach((gain, index) => {
    if (gain.exemption === undefined) return;
    const indexed = gain.indexedGain;
    results.push({
      index,
      section: gain.exemption.section,
      exemptGain: toRupees(exemptPart(gain.exemption, toPaise(gain.gain))),
      exemptIndexedGain: indexed === null ? null : toRupees(exemptPart(gain.exemption, toPaise(indexed))),
    });
  });
  return results;
}

/** s.74(1) carries a capital loss forward; s.80 only this year's, and only from a return filed by its due date. */
function capitalLossesToCarryForward(gains: CapitalGainsFacts, late: boolean): CapitalLossesToCarryForward {
  const carried = (currentYear: number, broughtForwardLeft: number) => toRupees((late ? 0 : currentYear) + broughtForwardLeft);
  return {
    shortTerm: carried(gains.shortTermLossNotSetOff, gains.shortTermBroughtForwardLeft),
    longTerm: carried(gains.longTermLossNotSetOff, gains.longTermBroughtForwardLeft),
    shortTermLostToLateReturn: late ? toRupees(gains.shortTermLossNotSetOff) : 0,
    longTermLostToLateReturn: late ? toRupees(gains.longTermLossNotSetOff) : 0,
  };
}

function lostLossNotes(gains: CapitalGainsFacts, facts: Facts): string[] {
  const lost = gains.shortTermLossNotSetOff + gains.longTermLossNotSetOff;
  if (lost === 0 || !facts.filedLate) return [];
  return [
    `capitalLossesToCarryForward: returnFiledOn is after the due date ${facts.returnDueDate}, so this year's capital loss of ${formatRupees(toRupees(lost))} is not carried forward (s.80); losses brought forward from earlier years still are`,
  ];
}

/** A business loss a late return cannot carry (s.80): the amounts differ by regime only where the profit does. */
function lostBusinessLossNotes(oldRegime: RegimeResult, newRegime: RegimeResult, year: YearRules, facts: Facts): string[] {
  const oldLost = oldRegime.business.lossLostToLateReturn;
  const newLost = newRegime.business.lossLostToLateReturn;
  if (oldLost === 0 && newLost === 0) return [];
  const amount =
    oldLost === newLost
      ? formatPaise(toPaise(oldLost))
      : `${formatPaise(toPaise(oldLost))} (old regime) or ${formatPaise(toPaise(newLost))} (new regime)`;
  return [
    `business.lossLostToLateReturn: returnFiledOn is after the due date ${facts.returnDueDate}, so this year's business loss not set off, ${amount}, is not carried forward (s.${year.sections.lossReturn}); business losses brought forward from earlier years still are`,
  ];
}

/** A speculation loss a late return cannot carry (s.80): one figure in both regimes. */
function lostSpeculationLossNotes(regime: RegimeResult, year: YearRules, facts: Facts): string[] {
  const lost = regime.business.speculationLossLostToLateReturn;
  if (lost === 0) return [];
  return [
    `business.speculationLossLostToLateReturn: returnFiledOn is after the due date ${facts.returnDueDate}, so this year's speculation loss, ${formatPaise(toPaise(lost))}, is not carried forward (s.${year.sections.lossReturn}) against the next four years' speculation profit (s.${year.sections.speculationLoss}); speculation losses brought forward from earlier years still are`,
  ];
}

/**
 * Gross total income without the reinvestment exemptions (ss.54-54GA), which the sixth proviso to s.139(1) tests
 * against the basic exemption: worked again without them, so losses they left unabsorbed are set off as they would be.
 */
function incomeForFiling(input: TaxInput, year: YearRules, out: RegimeResult): number {
  if (!input.capitalGains.some((gain) => gain.exemption !== undefined)) return out.grossTotalIncome;
  const unexempted = { ...input, capitalGains: input.capitalGains.map(({ exemption: _, ...gain }) => gain) };
  const result = emptyRegimeResult(out.regime);
  assess(toFacts(unexempted, year), year, out.regime, result);
  return result.grossTotalIncome;
}

/**
 * s.115A(5) (years under the 1961 Act): a non-resident whose total income is only dividends taxed under s.115A(1)(a),
 * with tax deducted from them at not less than its 20 %, need not furnish a return under s.139(1).
 */
function onlyDividendsTaxedAtSource(payments: TaxPayments, facts: Facts, year: YearRules, out: RegimeResult): boolean {
  const dividends = facts.nonResidentDividends;
  return (
    year.act === "Income-tax Act, 1961" && dividends > 0 && toPaise(out.grossTotalIncome) === dividends && toPaise(payments.tdsTcs) * 5 >= dividends
  );
}

function interestFor(input: TaxInput, payments: TaxPayments, facts: Facts, year: YearRules, out: RegimeResult): InterestResult {
  const startYear = Number(year.financialYear.slice(0, 4));
  // Tax on the income that had arisen by each instalment date (s.234C first proviso), the engine run again.
  const taxByInstalment = [0, 1, 2, 3].map((instalment) => {
    const partial = arisenBy(input, instalment);
    return partial === null ? out.totalTax : assess(toFacts(partial, year), year, out.regime, null);
  }) as [number, number, number, number];
  const dueDate = facts.returnDueDate;
  // The fee is for the first return furnished; interest runs to the updated return's date when there is one
  // (s.140B(1), (2): interest to the date of furnishing it).
  const filedOn = input.returnFiledOn ?? null;
  const updated = input.updatedReturn;
  const yearEnd = financialYearLastDay(startYear);
  const taxLiability = (out.taxLiability - section89Relief(out.arrearsRelief, out.paymentsRelief) - (out.foreignTaxCredit?.credit ?? 0)) * 100;
  const interest = interestOnTax({
    sections: year.sections,
    instalmentDates: advanceTaxDueDates(startYear),
    yearEnd,
    returnDueDate: dueDate,
    filedOn: updated?.filedOn ?? filedOn,
    payments,
    totalTax: out.totalTax,
    taxByInstalment,
    taxLiability,
    taxesPaid: facts.taxesPaid,
    // s.211(1)(b) is for ss.44AD and 44ADA only: income computed from books or under s.44AE beside them keeps the four
    // instalments of s.211(1)(a) for the whole tax.
    onlyMarchInstalment:
      facts.hasIncomeUnder44ADOr44ADA && facts.booksProfit === null && facts.speculationProfit === null && !facts.hasGoodsCarriageIncome,
    seniorWithoutBusinessIncome: facts.seniorCitizen && !facts.hasBusinessIncome,
    // Shown only with a filing date, so an answer without one stays as it was; taken as on time, none is due.
    lateFilingFee:
      filedOn === null
        ? null
        : lateFilingFee({
            section: year.sections.lateFilingFee,
            dueDate,
            filedOn,
            incomeForFiling: incomeForFiling(input, year, out),
            totalIncome: out.taxableIncome,
            maximumAmountNotChargeable: basicExemption(slabsFor(facts, year[out.regime])),
            conditionsBeyondIncome: conditionsBeyondIncome(input, facts.seniorCitizen),
            noReturnRequired: input.specifiedSeniorCitizen === true || onlyDividendsTaxedAtSource(payments, facts, year, out),
          }),
  });
  if (updated === undefined) return interest;
  const credited = toPaise(payments.tdsTcs) + payments.advanceTax.reduce((sum, payment) => sum + toPaise(payment.amount), 0);
  const refundIssued = toPaise(updated.earlierReturn?.refundIssued ?? 0);
  const interestAndFeePaise = (interest.totalInterest + (interest.lateFilingFee?.fee ?? 0)) * 100;
  return {
    ...interest,
    updatedReturn: updatedReturnTax({
      filedOn: updated.filedOn,
      assessmentYearEnd: `${startYear + 2}-03-31`,
      earlierReturn: updated.earlierReturn,
      taxAfterCredits: taxLiability - credited,
      totalInterest: interest.totalInterest,
      balance: taxLiability + interestAndFeePaise - facts.taxesPaid + refundIssued,
    }),
  };
}

/** What the answer says of the regime chosen with the employer when the return should be filed under the other. */
function chosenRegimeNotes(
  chosen: Regime | undefined,
  recommended: Regime,
  oldCost: number,
  newCost: number,
  oldRegimeBarred: RegimeNotAvailable | null,
  sections: SectionNames,
): string[] {
  if (oldRegimeBarred !== null) {
    return chosen === "old"
      ? [`chosenRegime: the old regime chosen with the employer cannot be kept for this return: ${oldRegimeBarred.reason}`]
      : [];
  }
  if (chosen === undefined || chosen === recommended || oldCost === newCost) return [];
  return [
    `chosenRegime: the ${recommended} regime costs ${formatRupees(Math.abs(newCost - oldCost))} less than the ${chosen} regime chosen with the employer; the return can still choose (s.${sections.regimeOptOut})`,
  ];
}

/**
 * The recommendation weighs this year's tax only; the new regime also ends house-property losses the old regime would
 * carry on (s.115BAC(3)), a cost in later years the caller should see.
 */
function housePropertyLossNotes(oldRegime: RegimeResult, newRegime: RegimeResult, recommended: Regime, oldRegimeBarred: boolean): string[] {
  const oldCarried = oldRegime.houseProperty.lossToCarryForward;
  const newCarried = newRegime.houseProperty.lossToCarryForward;
  if (recommended !== "new" || oldRegimeBarred || newCarried >= oldCarried) return [];
  return [
    `houseProperty.lossToCarryForward: the new regime is recommended on this year's tax, but it carries forward ${formatRupees(newCarried)} of house-property loss against ${formatRupees(oldCarried)} in the old regime: a loss it does not set off ends (s.115BAC(2)(ii), (3))`,
  ];
}

/** The same for business losses, which the new regime carries less of where it denies deductions (s.115BAC(2), (3)). */
function businessLossNotes(oldRegime: RegimeResult, newRegime: RegimeResult, recommended: Regime, oldRegimeBarred: boolean): string[] {
  const oldCarried = oldRegime.business.lossToCarryForward;
  const newCarried = newRegime.business.lossToCarryForward;
  if (recommended !== "new" || oldRegimeBarred || newCarried >= oldCarried) return [];
  return [
    `business.lossToCarryForward: the new regime is recommended on this year's tax, but it carries forward ${formatPaise(toPaise(newCarried))} of business loss against ${formatPaise(toPaise(oldCarried))} in the old regime`,
  ];
}

/** Interest claimed against dividends of which less is allowed: how much, and the rule (the line shows it only with detail). */
function dividendInterestNotes(facts: Facts): string[] {
  const { claimed, allowed, limitedBy } = facts.dividendInterest;
  if (allowed === claimed) return [];
  return [`otherIncome.dividendInterestExpense: ${formatPaise(allowed)} of ${formatPaise(claimed)} is deducted from the dividends (${limitedBy})`];
}

const SPECIFIED_SENIOR_CITIZEN_NOTE =
  "specifiedSeniorCitizen: no return is required (s.194P; carried into the Income-tax Act, 2025): the bank that pays the pension works out the tax, with the Chapter VI-A deductions and the s.87A rebate, and deducts it; a return may still be filed, for example to claim a refund";

/** How the interest inputs were read where the caller left something out. */
function interestNotes(input: TaxInput, year: YearRules, facts: Facts): string[] {
  if (input.taxPayments === undefined) return [];
  const notes: string[] = [];
  const deferment = year.sections.advanceTaxDefermentInterest;
  input.capitalGains.forEach((gain, index) => {
    if (gain.gain > 0 && gain.arose === undefined) {
      notes.push(
        `capitalGains[${index}].arose: not given, so taken as arisen by 15 June; no tax on it is left out of any instalment under the first proviso to s.${deferment}, the most interest`,
      );
    }
  });
  if (input.otherIncome.dividends > 0 && input.dividendsByPeriod === undefined) {
    notes.push(
      `otherIncome.dividendsByPeriod: not given, so the dividends are taken as received by 15 June; no tax on them is left out of any instalment under the first proviso to s.${deferment}, the most interest`,
    );
  }
  if (input.otherIncome.casualWinnings > 0 && input.casualWinningsByPeriod === undefined) {
    notes.push(
      `otherIncome.casualWinningsByPeriod: not given, so the winnings are taken as won by 15 June; no tax on them is left out of any instalment under the first proviso to s.${deferment}, the most interest`,
    );
  }
  const filedOn = input.returnFiledOn;
  const dueDate = facts.returnDueDate;
  if (filedOn !== undefined && facts.hasBusinessIncome && filedOn > dueDate) {
    notes.push(
      `returnFiledOn: after the due date ${dueDate}; with income from business or profession the old regime is open only if its opt-out was furnished by that date, apart from the return (s.${year.sections.regimeOptOutByDueDate}), which the profile does not say: both regimes are shown as open`,
    );
  }
  if (filedOn === undefined) {
    notes.push(
      `returnFiledOn: not given, so the return is taken as filed on its due date, ${dueDate}: no interest under s.${year.sections.lateReturnInterest}, and interest under s.${year.sections.advanceTaxDefaultInterest} runs to that date`,
    );
  }
  return notes;
}

/**
 * Only each regime's total tax and the recommendation, as `computeTax` works them out, without the return form
 * and the saving moves (which assess the profile again for every move): what a list of saved profiles shows.
 */
export function compareRegimes(given: TaxInput, financialYear: FinancialYear): RegimeComparison {
  const year = YEAR_RULES[financialYear];
  const { input } = withAssetSales(given);
  const { oldRegime, newRegime, recommendedRegime, oldRegimeBarred } = assessBoth(input, toFacts(input, year), year);
  return {
    recommendedRegime,
    totalTax: { old: oldRegime.totalTax, new: newRegime.totalTax },
    ...(oldRegimeBarred === null ? {} : { notAvailable: { old: oldRegimeBarred } }),
  };
}

export interface RegimeComparison {
  recommendedRegime: Regime;
  totalTax: Record<Regime, number>;
  /**
   * Present only when a regime cannot be chosen for the return: the old one, without business income, for a return
   * filed late or an updated return no return of the year opted out for in time.
   */
  notAvailable?: { old: RegimeNotAvailable };
}

export function computeTax(given: TaxInput, financialYear: FinancialYear): ComputeResult {
  const year = YEAR_RULES[financialYear];
  // The sales become capital-gains entries after the profile's own, so every rule downstream sees them.
  const { input, results: assetSales } = withAssetSales(given);
  const facts = toFacts(input, year);
  const { oldRegime, newRegime, oldTotal, newTotal, oldCost, newCost, recommendedRegime, oldRegimeBarred } = assessBoth(input, facts, year);
  return {
    financialYear,
    yearLabel: year.yearLabel,
    act: year.act,
    regimes: { old: oldRegime, new: newRegime },
    recommendedRegime,
    // Against an old regime that cannot be chosen, the new one saves only what it costs less, if anything. Rounded to
    // the rupee: an updated return's additional tax (s.140B(3)) is reckoned in paise.
    recommendedRegimeSaving: Math.round(oldRegimeBarred === null ? Math.abs(newCost - oldCost) : Math.max(0, oldCost - newCost)),
    chosenRegime: input.chosenRegime ?? null,
    itr: chooseItrForm(input, year, recommendedRegime === "old" ? oldRegime : newRegime),
    // An updated return (s.139(8A)) is furnished after the year and its s.139(1) due date have passed: too late for a
    // payment to count for the year or to opt out of the new regime (s.115BAC(6)). No move is left to make.
    savingMoves:
      input.updatedReturn === undefined
        ? findSavingMoves(facts, year, oldTotal, newTotal, toPaise(oldRegime.chapterVIADeductions), recommendedRegime, oldRegimeBarred === null)
        : [],
    ...(input.capitalGains.length === 0 && input.capitalLossesBroughtForward === undefined
      ? {}
      : { capitalLossesToCarryForward: capitalLossesToCarryForward(facts.capitalGains, facts.filedLate) }),
    // Positions in profile.capitalGains: a sale's exemption is in its own result.
    ...(given.capitalGains.some((gain) => gain.exemption !== undefined) ? { capitalGainExemptions: capitalGainExemptions(given) } : {}),
    ...(assetSales === null ? {} : { assetSales }),
    notes: [
      ...reportedFigureNotes(input, input.ageGiven ?? true, facts.seniorCitizen),
      ...chosenRegimeNotes(input.chosenRegime, recommendedRegime, oldCost, newCost, oldRegimeBarred, year.sections),
      ...updatedReturnRegimeNotes(input, facts, year, recommendedRegime, oldRegimeBarred !== null),
      ...dividendInterestNotes(facts),
      ...interestNotes(input, year, facts),
      ...(input.specifiedSeniorCitizen === true ? [SPECIFIED_SENIOR_CITIZEN_NOTE] : []),
      ...(facts.foreignIncome.length > 0
        ? [`foreignIncome: the credit for tax paid abroad (foreignTaxCredit) is allowed only with ${year.foreignTaxCreditClaim}`]
        : []),
      ...lostLossNotes(facts.capitalGains, facts),
      ...lostBusinessLossNotes(oldRegime, newRegime, year, facts),
      ...lostSpeculationLossNotes(oldRegime, year, facts),
      ...housePropertyLossNotes(oldRegime, newRegime, recommendedRegime, oldRegimeBarred !== null),
      ...businessLossNotes(oldRegime, newRegime, recommendedRegime, oldRegimeBarred !== null),
      ...(input.depositsAndSpending !== undefined && input.returnFiledOn === undefined
        ? [
            `depositsAndSpending: read only to judge whether a late return owes the fee under s.${year.sections.lateFilingFee}; without returnFiledOn the return is taken as filed on its due date, so it changes nothing here`,
          ]
        : []),
    ],
    disclaimer: DISCLAIMER,
  };
}
