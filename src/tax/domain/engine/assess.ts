// One regime, one year: income heads -> gross total income -> Chapter VI-A -> taxable income -> tax.
// Income lines are integer paise; tax lines are whole rupees. The same code path serves the detailed result
// (`out` given) and the lean re-runs behind saving moves (`out` null: no lines are built). The Salaries, House
// property and Other sources heads and Chapter VI-A live in files of their own.
import {
  BUSINESS_LOSS_YEARS,
  businessHead,
  carryBusinessLosses,
  endingLosses,
  NOTHING_CARRIED,
  setOffBusinessLoss,
  SPECULATION_LOSS_YEARS,
} from "./business-head";
import {
  type CapitalGainsFacts,
  cheapestBetweenBuckets,
  cheapestPlacement,
  GAIN_BUCKETS,
  NO_LOWER_OF_TWO,
  slabBoundarySplits,
} from "./capital-gains";
import { chapterVIADeductions } from "./chapter-via";
import { placeCapitalGains, type Facts } from "./facts";
import { foreignTaxCredit } from "./foreign-tax-credit";
import { housePropertyIncome, selfOccupiedHomes, setOffHousePropertyLosses, specialAfterLoss } from "./house-property-head";
import { otherSourcesHead, slabRateDividends } from "./other-sources-head";
import { reliefOnPayments } from "./payment-relief";
import { paiseToWholeRupees, percentOf, roundToTenRupees, toRupees } from "./rounding";
import { salaryHead } from "./salary-head";
import { agriculturalIncomeCounted, agriculturalIncomeResult, slabLines, slabTaxPaise } from "./slab-tax";
import { basicExemption, specialTax, surchargeFor, type IncomeParts, type SpecialTax } from "./special-rates";
import type { ArrearsRelief, PaymentsRelief, Rebate87ABasis, Regime, RegimeResult } from "./types";
import { LIMITS, type RegimeRules, type Slab, type YearRules } from "./years";

export { toFacts, type Facts } from "./facts";

const NO_GAINS: readonly number[] = GAIN_BUCKETS.map(() => 0);
const NO_SPECIAL_TAX: SpecialTax = {
  buckets: GAIN_BUCKETS.map(() => ({ exempt: 0, indexationRelief: 0, basicExemptionAdjusted: 0, taxable: 0, tax: 0 })),
  casualTax: 0,
  dividendTax: 0,
  treatyDividendTax: 0,
  rebatableGainsTax: 0,
  gainsTax: 0,
  total: 0,
};

/**
 * Total income split for the rates: special-rate income in whole rupees (paise ignored, s.288A) and the rest at
 * the slab rates. A resident's dividends' part is what is left after the other slab income, rounded like total
 * income, so it only moves when total income does (deductions come off the other income first).
 */
function incomeParts(f: Facts, taxableIncome: number, ordinaryAfterDeductions: number, lossAgainstSpecial: number): IncomeParts {
  if (!f.hasSpecialRateIncome) {
    const dividends = dividendsPart(f, taxableIncome, ordinaryAfterDeductions);
    return { slab: taxableIncome, dividends, nonResidentDividends: 0, casual: 0, gains: NO_GAINS, lowerOfTwo: NO_LOWER_OF_TWO };
  }
  const left = specialAfterLoss(f, lossAgainstSpecial);
  let nonResidentDividends = Math.floor(left.nonResidentDividends / 100);
  const gains = left.gains;
  for (let i = 0; i < gains.length; i++) gains[i] = Math.floor(gains[i]! / 100);
  let casual = Math.floor(f.casualWinnings / 100);
  let special = casual + nonResidentDividends;
  for (const amount of gains) special += amount;
  // Rounding total income down can leave it a few rupees below the special-rate income: the cheapest of that
  // income gives way, so the parts always add up to total income.
  let deficit = Math.max(0, special - taxableIncome);
  for (let i = gains.length - 1; i >= 0 && deficit > 0; i--) {
    const cut = Math.min(deficit, gains[i]!);
    gains[i]! -= cut;
    deficit -= cut;
  }
  const dividendsCut = Math.min(deficit, nonResidentDividends);
  nonResidentDividends -= dividendsCut;
  casual -= Math.min(deficit - dividendsCut, casual);
  const slab = Math.max(0, taxableIncome - special);
  const lowerOfTwo = f.capitalGains.lowerOfTwo;
  return { slab, dividends: dividendsPart(f, slab, ordinaryAfterDeductions), nonResidentDividends, casual, gains, lowerOfTwo };
}

/**
 * A resident's dividends inside slab income, net of the interest allowed against them (a non-resident's are
 * charged apart under s.115A).
 */
function dividendsPart(f: Facts, slab: number, ordinaryAfterDeductions: number): number {
  const dividends = slabRateDividends(f);
  if (dividends === 0) return 0;
  const nonDividendIncome = roundToTenRupees(Math.max(0, ordinaryAfterDeductions - dividends));
  return slab - Math.min(slab, nonDividendIncome);
}

function specialLines(parts: IncomeParts, special: SpecialTax, treatyTenths: number | null, year: YearRules, out: RegimeResult): void {
  for (let i = 0; i < GAIN_BUCKETS.length; i++) {
    const income = parts.gains[i]!;
    if (income === 0) continue;
    const bucket = GAIN_BUCKETS[i]!;
    const charged = special.buckets[i]!;
    out.specialRateIncome.push({
      section: bucket.kind === "111A" ? year.sections.stcgEquity : bucket.kind === "112" ? year.sections.ltcgOther : year.sections.ltcgEquity,
      description: bucket.description,
      ratePercent: bucket.rateTenths / 10,
      income,
      exemptAmount: charged.exempt,
      basicExemptionAdjusted: charged.basicExemptionAdjusted,
      indexationRelief: charged.indexationRelief,
      taxableAmount: charged.taxable,
      tax: charged.tax,
    });
  }
  if (parts.nonResidentDividends > 0) {
    const atTreatyRate = treatyTenths !== null;
    out.specialRateIncome.push({
      section: atTreatyRate ? year.sections.dividendTreaty : year.sections.nonResidentDividends,
      description: atTreatyRate
        ? "Dividends of a non-resident, at the tax treaty's rate: the whole tax on them, with no surcharge or cess"
        : "Dividends of a non-resident",
      ratePercent: atTreatyRate ? treatyTenths / 10 : LIMITS.nonResidentDividendRatePercent,
      income: parts.nonResidentDividends,
      exemptAmount: 0,
      basicExemptionAdjusted: 0,
      indexationRelief: 0,
      taxableAmount: parts.nonResidentDividends,
      tax: atTreatyRate ? special.treatyDividendTax : special.dividendTax,
    });
  }
  if (parts.casual > 0) {
    out.specialRateIncome.push({
      section: year.sections.casual,
      description: "Winnings from lotteries, crossword puzzles, games and betting",
      ratePercent: LIMITS.casualRatePercent,
      income: parts.casual,
      exemptAmount: 0,
      basicExemptionAdjusted: 0,
      indexationRelief: 0,
      taxableAmount: parts.casual,
      tax: special.casualTax,
    });
  }
}

/** The regime's slab table for the taxpayer: the senior and super-senior bands of the old regime are for residents only. */
export function slabsFor(f: Facts, rules: RegimeRules): readonly Slab[] {
  if (!f.resident) return rules.slabs.general;
  return f.superSeniorCitizen ? rules.slabs.superSenior : f.seniorCitizen ? rules.slabs.senior : rules.slabs.general;
}

/** Builds an empty result for `assess` to fill. */
export function emptyRegimeResult(regime: Regime): RegimeResult {
  return {
    regime,
    salary: {
      grossSalary: 0,
      hraExemption: 0,
      standardDeduction: 0,
      professionalTax: 0,
      employerContributionPerquisite: 0,
      incomeFromSalary: 0,
    },
    houseProperty: {
      selfOccupied: [],
      incomeFromHouseProperty: 0,
      lossSetOff: 0,
      lossNotSetOff: 0,
      lossBroughtForwardSetOff: 0,
      lossToCarryForward: 0,
      lossToCarryForwardFromSelfOccupiedInterest: 0,
    },
    otherSources: {
      savingsInterest: 0,
      depositInterest: 0,
      dividends: 0,
      dividendInterestDeduction: 0,
      familyPension: 0,
      familyPensionDeduction: 0,
      casualWinnings: 0,
      incomeFromOtherSources: 0,
    },
    business: {
      presumptiveBusinessIncome: 0,
      presumptiveProfessionIncome: 0,
      presumptiveGoodsCarriageIncome: 0,
      profitFromBooks: 0,
      incomeFromBusiness: 0,
      lossSetOff: 0,
      lossBroughtForwardSetOff: 0,
      lossToCarryForward: 0,
      lossesToCarryForward: [],
      lossLostToLateReturn: 0,
      lossBroughtForwardLapsed: 0,
      speculationProfit: 0,
      speculationLossBroughtForwardSetOff: 0,
      speculationLossToCarryForward: 0,
      speculationLossesToCarryForward: [],
      speculationLossLostToLateReturn: 0,
      speculationLossBroughtForwardLapsed: 0,
    },
    capitalGains: {
      shortTermAtSlabRates: 0,
      shortTermLossNotSetOff: 0,
      longTermLossNotSetOff: 0,
      shortTermLossBroughtForwardSetOff: 0,
      longTermLossBroughtForwardSetOff: 0,
      incomeFromCapitalGains: 0,
    },
    grossTotalIncome: 0,
    deductions: [],
    chapterVIADeductions: 0,
    taxableIncome: 0,
    incomeAtSlabRates: 0,
    slabs: [],
    slabTax: 0,
    specialRateIncome: [],
    specialRateTax: 0,
    rebate87A: 0,
    rebate87ABasis: "above_threshold",
    taxAfterRebate: 0,
    surchargeRatePercent: 0,
    surcharge: 0,
    surchargeMarginalRelief: 0,
    cess: 0,
    taxLiability: 0,
    totalTax: 0,
    taxesPaid: 0,
    netTaxPayable: 0,
    refund: 0,
    effectiveRatePercent: 0,
  };
}

/**
 * s.89's relief in one regime: that for arrears (Rule 21A(2)) and that for gratuity, compensation on termination and
 * commuted pension (Rule 21A(3)-(5)), added. Everything after s.89 (the tax, interest, the credit for tax paid abroad)
 * takes the tax less this.
 */
export function section89Relief(arrears: ArrearsRelief | null | undefined, payments: PaymentsRelief | null | undefined): number {
  return (arrears?.relief ?? 0) + (payments?.relief ?? 0);
}

function hasSection89Relief(f: Facts): boolean {
  return f.hasArrears || f.reliefPayments.length > 0;
}

/** The facts with no s.89 relief claimed: the tax the reliefs come off. */
function withoutSection89Relief(f: Facts): Facts {
  return hasSection89Relief(f) ? { ...f, hasArrears: false, reliefPayments: [] } : f;
}

/**
 * s.89 with Rule 21A(2): the tax the arrears add this year (with them, less without them) beyond what they would
 * have added in the years they belong to, as Form 10E works it out; nothing when they would have cost as much then.
 */
function reliefForArrears(f: Facts, year: YearRules, regime: Regime, taxWithArrears: number): ArrearsRelief {
  // Both taxes are before any s.89 relief and before the credit for tax paid abroad, which Chapter IX gives after it.
  const facts = {
    ...withoutSection89Relief(f),
    grossSalary: f.grossSalary - f.salaryArrears,
    familyPension: f.familyPension - f.familyPensionArrears,
    salaryArrears: 0,
    familyPensionArrears: 0,
    foreignIncome: [],
  };
  const taxWithoutArrears = liabilityOf(facts, year, regime, null);
  const extraTaxThisYear = taxWithArrears - taxWithoutArrears;
  return {
    section: year.sections.arrearsRelief,
    taxWithArrears,
    taxWithoutArrears,
    extraTaxThisYear,
    extraTaxInEarlierYears: toRupees(f.arrearsExtraTaxInEarlierYears),
    relief: paiseToWholeRupees(Math.max(0, extraTaxThisYear * 100 - f.arrearsExtraTaxInEarlierYears)),
  };
}

/** Computes one regime; returns the total tax (s.288B), and fills `out` when given. */
export function assess(f: Facts, year: YearRules, regime: Regime, out: RegimeResult | null): number {
  const setOffs = setOffChoices(f).map((choice) => withCheapestPlacement(choice === null ? f : { ...f, ...choice }, year, regime));
  const treatyTenths = f.dividendTreatyRateTenths;
  const atActRate = cheapestSetOff(setOffs, year, regime, null);
  const atTreatyRate = treatyTenths === null ? atActRate : cheapestSetOff(setOffs, year, regime, treatyTenths);
  return roundToTenRupees(liabilityOf(atActRate, year, regime, out, atTreatyRate) * 100);
}

type SetOffChoice = Pick<Facts, "businessLossAgainstSpecialFirst" | "housePropertyLossAgainstSpecialFirst">;

/**
 * Where this year's business and house-property losses may go first: slab-rate income for both (the default, null),
 * or special-rate income, each loss its own way (s.71(2) lets each go against either and names no order).
 */
function setOffChoices(f: Facts): (SetOffChoice | null)[] {
  const choices: (SetOffChoice | null)[] = [null];
  if (!f.hasSpecialRateIncome) return choices;
  const books = f.booksProfit;
  const businessLoss = books !== null && (books.old < 0 || books.new < 0);
  for (const businessLossAgainstSpecialFirst of businessLoss ? [false, true] : [false]) {
    for (const housePropertyLossAgainstSpecialFirst of mayHaveHousePropertyLoss(f) ? [false, true] : [false]) {
      if (businessLossAgainstSpecialFirst || housePropertyLossAgainstSpecialFirst)
        choices.push({ businessLossAgainstSpecialFirst, housePropertyLossAgainstSpecialFirst });
    }
  }
  return choices;
}

/**
 * Of the set-offs of this year's house-property and business losses (setOffChoices; against slab-rate income within
 * the basic exemption a loss saves nothing), the one that leaves the regime the least tax with a non-resident's
 * dividends at the Act's rate (`treatyTenths` null) or at a treaty's, before s.89 relief, so arrears of salary never
 * change the set-off. A tie keeps the earlier, slab-rate income first. Each rate gets its own: a loss against
 * dividends a treaty taxes at 1 % saves less than against salary at 5 %, though at the Act's 20 % it saves more.
 */
function cheapestSetOff(setOffs: readonly Facts[], year: YearRules, regime: Regime, treatyTenths: number | null): Facts {
  let best = setOffs[0]!;
  if (setOffs.length === 1) return best;
  const taxAt = (facts: Facts) => charge(withoutSection89Relief(facts), year, regime, treatyTenths, null);
  let least = taxAt(best);
  for (const facts of setOffs.slice(1)) {
    const tax = taxAt(facts);
    if (tax < least) [best, least] = [facts, tax];
  }
  return best;
}

/**
 * A house-property loss: the net figure reported (which replaces the homes), or a home with loan interest or with
 * municipal taxes paid above its rent (without either no home's income is negative).
 */
function mayHaveHousePropertyLoss(f: Facts): boolean {
  const reported = f.reported.housePropertyIncome;
  if (reported !== null) return reported < 0;
  return f.houseProperties.some((home) => home.interestOnHousingLoan > 0 || home.municipalTaxesPaid > home.annualRent);
}

/**
 * Capital losses placed where they leave the regime the least liability (capital-gains.ts), after s.89 relief and
 * the credit for tax paid abroad; the tax without arrears that s.89 compares with keeps the placement, the return's
 * own set-off.
 */
function withCheapestPlacement(f: Facts, year: YearRules, regime: Regime): Facts {
  if (f.capitalGains.setOffPlacements.length === 0) return f;
  const scratch: Facts = { ...f };
  const cost = (gains: CapitalGainsFacts) => liabilityOf(placeCapitalGains(scratch, gains), year, regime, null);
  // A run of the regime with its result, for the figures the search reads beside the liability.
  const resultOf = (gains: CapitalGainsFacts) => {
    const placed = emptyRegimeResult(regime);
    liabilityOf(placeCapitalGains(scratch, gains), year, regime, placed);
    return placed;
  };
  const cheapest = cheapestPlacement(f.capitalGains, cost);
  // Then the cheapest of it and its splits at the slab boundaries on either side of its income at slab rates (read
  // only when some short-term loss can move).
  const boundaries = slabsFor(f, regime === "old" ? year.old : year.new).map((slab) => slab.from);
  const splits = slabBoundarySplits(cheapest, () => resultOf(cheapest).incomeAtSlabRates, boundaries);
  const split = splits.length === 0 ? cheapest : cheapestPlacement({ ...cheapest, setOffPlacements: [cheapest, ...splits] }, cost);
  const best = cheapestBetweenBuckets(split, cost, (gains) => {
    const placed = resultOf(gains);
    return placed.slabTax + placed.specialRateTax;
  });
  return best === f.capitalGains ? f : placeCapitalGains(scratch, best);
}

/**
 * The regime's liability after any s.89 relief and credit for tax paid abroad, whole rupees, before s.288B's
 * rounding; fills `out` when given. `f` holds the set-off charged at the Act's rate, `atTreatyRate` the one charged
 * at a treaty's rate on a non-resident's dividends (the same facts unless the two rates set a loss off differently).
 */
function liabilityOf(f: Facts, year: YearRules, regime: Regime, out: RegimeResult | null, atTreatyRate: Facts = f): number {
  const treatyTenths = f.dividendTreatyRateTenths;
  if (treatyTenths === null) return charge(f, year, regime, null, out);
  // s.90(2): the Act applies "to the extent" it is more beneficial, so the treaty's rate is charged only where the
  // regime's whole tax is lower with it; a tie keeps the Act's rate. Compared before s.89 relief: the tax after it
  // rises with the tax before it (for arrears, the lesser of it and a floor; for a payment within total income, the
  // tax less its average rate on that payment plus a fixed amount), so the choice stands after it.
  const taxAtTreatyRate = charge(withoutSection89Relief(atTreatyRate), year, regime, treatyTenths, null);
  const taxAtActRate = charge(withoutSection89Relief(f), year, regime, null, null);
  const applied = taxAtTreatyRate < taxAtActRate;
  // With no relief to take off and no result to fill, the cheaper of the two is the liability already.
  if (out === null && !hasSection89Relief(f)) return applied ? taxAtTreatyRate : taxAtActRate;
  const liability = applied ? charge(atTreatyRate, year, regime, treatyTenths, out) : charge(f, year, regime, null, out);
  if (out !== null) {
    out.dividendTreaty = { section: year.sections.dividendTreaty, treatyRatePercent: treatyTenths / 10, taxAtTreatyRate, taxAtActRate, applied };
  }
  return liability;
}

/** The year's facts every carry-forward of business losses reads; built only when there is a loss to carry. */
function carryFactsOf(f: Facts, year: YearRules, rules: RegimeRules) {
  return {
    startYear: Number(year.financialYear.slice(0, 4)),
    financialYear: year.financialYear,
    oldStyle: rules.allowsOldRegimeDeductions,
    filedLate: f.filedLate,
  };
}

/**
 * The speculation profit a business loss in its last year takes before speculation losses: what the other business
 * income (`otherBusinessIncome`) leaves it short of, out of what speculation losses in their own last year leave.
 */
function speculationForEndingLoss(f: Facts, year: YearRules, rules: RegimeRules, speculation: number, otherBusinessIncome: number): number {
  const startYear = Number(year.financialYear.slice(0, 4));
  const oldStyle = rules.allowsOldRegimeDeductions;
  const endingSpeculation = endingLosses(f.speculationLossesBroughtForward, startYear, SPECULATION_LOSS_YEARS, oldStyle);
  const endingBusiness = endingLosses(f.businessLossesBroughtForward, startYear, BUSINESS_LOSS_YEARS, oldStyle);
  return Math.min(Math.max(0, speculation - endingSpeculation), Math.max(0, endingBusiness - otherBusinessIncome));
}

/**
 * One regime with a non-resident's dividends at s.115A's rate (`treatyTenths` null) or at a treaty's: returns the
 * liability after any s.89 relief and credit for tax paid abroad in whole rupees, and fills `out` when given.
 */
function charge(f: Facts, year: YearRules, regime: Regime, treatyTenths: number | null, out: RegimeResult | null): number {
  const rules = regime === "old" ? year.old : year.new;
  const lines = out === null ? null : out.deductions;

  // The heads of income; each adds its deduction lines in the order the result shows them.
  const salary = salaryHead(f, rules, lines);
  const houseProperty = housePropertyIncome(f, rules, lines);
  const incomeFromHouseProperty = houseProperty.income;

  const otherSources = otherSourcesHead(f, rules, lines);
  const ordinaryOtherSources = otherSources.ordinary;
  const presumptive = f.presumptiveBusinessIncome + f.presumptiveProfessionIncome + f.presumptiveGoodsCarriageIncome;
  const business = businessHead(presumptive, f.booksProfit, f.speculationProfit, rules.allowsOldRegimeDeductions);
  const incomeFromBusiness = business.income;
  const businessIncome = Math.max(0, incomeFromBusiness);
  const gains = f.capitalGains;
  const specialRateGains = gains.specialRateGains;
  // Special-rate income a loss of another head may be set against (never winnings, s.58(4)).
  const lossAbsorbingSpecial = f.nonResidentDividends + specialRateGains;

  // This year's losses first, the business loss before the house-property loss (which can also go against salary);
  // then earlier years' losses, each against its own head's income only (ss.71B, 72).
  const otherSlabIncome = ordinaryOtherSources + gains.shortTermAtSlabRates;
  const businessLoss = setOffBusinessLoss(
    incomeFromBusiness,
    otherSlabIncome,
    incomeFromHouseProperty,
    lossAbsorbingSpecial,
    f.businessLossAgainstSpecialFirst,
  );
  // The house-property loss reaches business income after the other slab-rate income, which leaves it for business
  // losses of earlier years (the Act names no order between the heads a loss is set off against).
  const otherHeads = salary.incomeFromSalary + otherSlabIncome - businessLoss.againstOtherSlabIncome + businessIncome;
  const losses = setOffHousePropertyLosses(
    f,
    rules,
    incomeFromHouseProperty - businessLoss.againstHouseProperty,
    houseProperty.selfOccupiedInterest,
    otherHeads,
    lossAbsorbingSpecial - businessLoss.againstSpecial,
  );
  const businessIncomeLeft = businessIncome - Math.max(0, losses.lossSetOff - (otherHeads - businessIncome));
  // A speculation loss goes against speculation profit only (s.73(1), (2)). This year's other losses reach that profit
  // last and speculation losses of earlier years take it before other business losses of earlier years (the Act names
  // no order): that leaves the most to set off, since the others can go against any business income. Only a business
  // loss in its last year, which ends unless set off now, takes first what the other business income leaves it short
  // of, after speculation losses in their own last year: so the least ends.
  const speculation = f.speculationProfit ?? 0;
  const speculationAvailable = Math.min(Math.max(0, speculation), businessIncomeLeft);
  const keptForEndingLoss =
    speculationAvailable > 0 && f.businessLossesBroughtForward.length > 0 && f.speculationLossesBroughtForward.length > 0
      ? speculationForEndingLoss(f, year, rules, speculationAvailable, businessIncomeLeft - speculationAvailable)
      : 0;
  const speculationLosses =
    f.speculationLossesBroughtForward.length === 0 && speculation >= 0
      ? NOTHING_CARRIED
      : carryBusinessLosses({
          ...carryFactsOf(f, year, rules),
          yearsCarried: SPECULATION_LOSS_YEARS,
          lossesBroughtForward: f.speculationLossesBroughtForward,
          profit: null,
          businessIncome: speculationAvailable - keptForEndingLoss,
          lossNotSetOff: Math.max(0, -speculation),
        });
  // Without a business loss of this year or earlier ones there is nothing to set off or carry: the usual profile.
  const businessLosses =
    f.businessLossesBroughtForward.length === 0 && businessLoss.notSetOff === 0
      ? NOTHING_CARRIED
      : carryBusinessLosses({
          ...carryFactsOf(f, year, rules),
          yearsCarried: BUSINESS_LOSS_YEARS,
          lossesBroughtForward: f.businessLossesBroughtForward,
          profit: f.booksProfit,
          businessIncome: businessIncomeLeft - speculationLosses.broughtForwardSetOff,
          lossNotSetOff: businessLoss.notSetOff,
        });
  const lossAgainstSpecial = losses.lossAgainstSpecial + businessLoss.againstSpecial;
  const ordinaryIncome =
    otherHeads +
    Math.max(0, incomeFromHouseProperty - businessLoss.againstHouseProperty) -
    losses.lossBroughtForwardSetOff -
    losses.lossSetOff -
    speculationLosses.broughtForwardSetOff -
    businessLosses.broughtForwardSetOff;
  const grossTotalIncome = ordinaryIncome + f.casualWinnings + lossAbsorbingSpecial - lossAgainstSpecial;

  const via = chapterVIADeductions(f, rules, ordinaryIncome, grossTotalIncome, lossAgainstSpecial, lines);
  // s.288A: total income to the nearest ₹10.
  const taxableIncome = roundToTenRupees(grossTotalIncome - via);

  const slabs = slabsFor(f, rules);
  // The split is only needed with special-rate income or a surcharge; the common case skips building it.
  const bands = rules.surcharge;
  const surchargeApplies = bands.length > 0 && taxableIncome > bands[0]!.above;
  const parts = f.hasSpecialRateIncome || surchargeApplies ? incomeParts(f, taxableIncome, ordinaryIncome - via, lossAgainstSpecial) : null;
  const slabIncome = parts === null ? taxableIncome : parts.slab;
  // Agricultural income raises the rate on slab income only; it uses none of the basic exemption special-rate
  // gains take up (total income, which the provisos measure, leaves it out).
  const agriculturalCounted = agriculturalIncomeCounted(slabs, slabIncome, f.agriculturalIncome);
  const slabTax = paiseToWholeRupees(slabTaxPaise(slabs, slabIncome, agriculturalCounted));
  const exemptionLimit = parts === null ? 0 : basicExemption(slabs);
  const special = parts !== null && f.hasSpecialRateIncome ? specialTax(parts, f.resident, exemptionLimit, treatyTenths) : NO_SPECIAL_TAX;

  // s.87A: residents only, on the tax on total income less tax on s.112A gains (s.112A(6)) and casual income.
  // Proviso (b), new regime: above the threshold the rebate is the income-tax on total income (every special rate's
  // tax included, s.112A's and winnings' too) less the excess income, so the tax after it is the larger of the excess
  // and the tax the rebate never comes off. From FY 2025-26 the second proviso limits the rebate to tax at the slab
  // rates. The relief stays within the rebate's own maximum: where the rebate also covers ss.111A/112 tax
  // (FY 2024-25), the proviso read alone would give more relief than the rebate itself.
  const rebateRules = rules.rebate87A;
  const taxOnIncome = slabTax + special.total;
  const rebatable = rebateRules.onSpecialRateTax ? slabTax + special.rebatableGainsTax : slabTax;
  let rebate87A = 0;
  let rebate87ABasis: Rebate87ABasis;
  if (!f.resident) {
    rebate87ABasis = "not_resident";
  } else if (taxableIncome <= rebateRules.threshold) {
    rebate87A = Math.min(rebatable, rebateRules.maximum);
    rebate87ABasis = "within_threshold";
  } else if (rebateRules.marginalRelief && rebatable > 0 && taxOnIncome > taxableIncome - rebateRules.threshold) {
    rebate87A = Math.min(taxOnIncome - (taxableIncome - rebateRules.threshold), rebatable, rebateRules.maximum);
    rebate87ABasis = "marginal_relief";
  } else {
    rebate87ABasis = "above_threshold";
  }
  const taxAfterRebate = slabTax + special.total - rebate87A;

  // Surcharge (no rebate survives this far up), with marginal relief; see special-rates.ts.
  let surchargeRatePercent = 0;
  let surcharge = 0;
  let surchargeMarginalRelief = 0;
  if (parts !== null && surchargeApplies) {
    const charged = surchargeFor(bands, parts, slabTax, special, (cut) => ({
      slabTax: paiseToWholeRupees(slabTaxPaise(slabs, cut.slab, agriculturalIncomeCounted(slabs, cut.slab, f.agriculturalIncome))),
      special: specialTax(cut, f.resident, exemptionLimit, treatyTenths),
    }));
    surchargeRatePercent = charged.ratePercent;
    surcharge = charged.surcharge;
    surchargeMarginalRelief = charged.marginalRelief;
  }
  const surchargePayable = surcharge - surchargeMarginalRelief;
  // Tax at a treaty's rate is the whole tax on that income: no cess on it.
  const cess = percentOf(taxAfterRebate - special.treatyDividendTax + surchargePayable, LIMITS.cessPercent);
  const taxLiability = taxAfterRebate + surchargePayable + cess;
  // s.89: each relief is worked on the tax before any relief; the payments' never take the tax below nil.
  const arrearsRelief = f.hasArrears ? reliefForArrears(f, year, regime, taxLiability) : null;
  const paymentsRelief =
    f.reliefPayments.length === 0
      ? null
      : reliefOnPayments(
          f.reliefPayments,
          salary.relievedExemptions,
          taxLiability,
          taxableIncome,
          taxLiability - (arrearsRelief?.relief ?? 0),
          year.sections.arrearsRelief,
        );
  const liabilityAfterRelief = taxLiability - section89Relief(arrearsRelief, paymentsRelief);
  // ss.90, 91 (Chapter IX) come after s.89: the Indian rate of tax is the tax after its relief over total income.
  const credit = f.foreignIncome.length === 0 ? 0 : foreignTaxCredit(f.foreignIncome, liabilityAfterRelief, taxableIncome, year.sections, out);
  const liability = liabilityAfterRelief - credit;
  if (out === null) return liability;

  // s.288B: the amount payable and the refund, each to the nearest ₹10.
  const totalTax = roundToTenRupees(liability * 100);
  const balance = liability * 100 - f.taxesPaid;
  out.salary.grossSalary = toRupees(f.grossSalary);
  out.salary.hraExemption = toRupees(salary.hraExemption);
  out.salary.standardDeduction = toRupees(salary.standardDeduction);
  out.salary.professionalTax = toRupees(salary.professionalTax);
  out.salary.employerContributionPerquisite = toRupees(salary.employerContributionPerquisite);
  out.salary.incomeFromSalary = toRupees(salary.incomeFromSalary);
  if (salary.retirementBenefitLines !== null) out.salary.retirementBenefits = salary.retirementBenefitLines;
  out.houseProperty.selfOccupied = selfOccupiedHomes(f, rules, houseProperty.chosenHomes);
  out.houseProperty.incomeFromHouseProperty = toRupees(incomeFromHouseProperty);
  out.houseProperty.lossSetOff = toRupees(losses.lossSetOff + losses.lossAgainstSpecial);
  out.houseProperty.lossNotSetOff = toRupees(losses.lossNotSetOff);
  out.houseProperty.lossBroughtForwardSetOff = toRupees(losses.lossBroughtForwardSetOff);
  out.houseProperty.lossToCarryForward = toRupees(losses.lossToCarryForward);
  out.houseProperty.lossToCarryForwardFromSelfOccupiedInterest = toRupees(losses.lossToCarryForwardFromSelfOccupiedInterest);
  out.otherSources.savingsInterest = toRupees(f.savingsInterest);
  out.otherSources.depositInterest = toRupees(f.depositInterest);
  out.otherSources.dividends = toRupees(f.dividends);
  out.otherSources.dividendInterestDeduction = toRupees(f.dividendInterest.allowed);
  out.otherSources.familyPension = toRupees(f.familyPension);
  out.otherSources.familyPensionDeduction = toRupees(otherSources.familyPensionDeduction);
  out.otherSources.casualWinnings = toRupees(f.casualWinnings);
  out.otherSources.incomeFromOtherSources = toRupees(otherSources.income);
  out.business.presumptiveBusinessIncome = toRupees(f.presumptiveBusinessIncome);
  out.business.presumptiveProfessionIncome = toRupees(f.presumptiveProfessionIncome);
  out.business.presumptiveGoodsCarriageIncome = toRupees(f.presumptiveGoodsCarriageIncome);
  out.business.profitFromBooks = toRupees(business.profitFromBooks);
  out.business.incomeFromBusiness = toRupees(incomeFromBusiness);
  out.business.lossSetOff = toRupees(businessLoss.againstOtherSlabIncome + businessLoss.againstHouseProperty + businessLoss.againstSpecial);
  out.business.lossBroughtForwardSetOff = toRupees(businessLosses.broughtForwardSetOff);
  out.business.lossesToCarryForward = [...businessLosses.carried];
  out.business.lossToCarryForward = toRupees(businessLosses.toCarryForward);
  out.business.lossLostToLateReturn = toRupees(businessLosses.lostToLateReturn);
  out.business.lossBroughtForwardLapsed = toRupees(businessLosses.lapsed);
  out.business.speculationProfit = toRupees(speculation);
  out.business.speculationLossBroughtForwardSetOff = toRupees(speculationLosses.broughtForwardSetOff);
  out.business.speculationLossesToCarryForward = [...speculationLosses.carried];
  out.business.speculationLossToCarryForward = toRupees(speculationLosses.toCarryForward);
  out.business.speculationLossLostToLateReturn = toRupees(speculationLosses.lostToLateReturn);
  out.business.speculationLossBroughtForwardLapsed = toRupees(speculationLosses.lapsed);
  out.capitalGains.shortTermAtSlabRates = toRupees(gains.shortTermAtSlabRates);
  out.capitalGains.shortTermLossNotSetOff = toRupees(gains.shortTermLossNotSetOff);
  out.capitalGains.longTermLossNotSetOff = toRupees(gains.longTermLossNotSetOff);
  out.capitalGains.shortTermLossBroughtForwardSetOff = toRupees(gains.shortTermBroughtForwardSetOff);
  out.capitalGains.longTermLossBroughtForwardSetOff = toRupees(gains.longTermBroughtForwardSetOff);
  out.capitalGains.incomeFromCapitalGains = toRupees(gains.shortTermAtSlabRates + specialRateGains);
  out.grossTotalIncome = toRupees(grossTotalIncome);
  out.chapterVIADeductions = toRupees(via);
  out.taxableIncome = taxableIncome;
  out.incomeAtSlabRates = slabIncome;
  if (f.agriculturalIncome > 0) out.agriculturalIncome = agriculturalIncomeResult(slabs, slabIncome, f.agriculturalIncome, agriculturalCounted);
  slabLines(slabs, slabIncome, agriculturalCounted, out);
  out.slabTax = slabTax;
  if (parts !== null) specialLines(parts, special, treatyTenths, year, out);
  out.specialRateTax = special.total;
  out.rebate87A = rebate87A;
  out.rebate87ABasis = rebate87ABasis;
  out.taxAfterRebate = taxAfterRebate;
  out.surchargeRatePercent = surchargeRatePercent;
  out.surcharge = surcharge;
  out.surchargeMarginalRelief = surchargeMarginalRelief;
  out.cess = cess;
  out.taxLiability = taxLiability;
  if (arrearsRelief !== null) out.arrearsRelief = arrearsRelief;
  if (paymentsRelief !== null) out.paymentsRelief = paymentsRelief;
  out.totalTax = totalTax;
  out.taxesPaid = toRupees(f.taxesPaid);
  out.netTaxPayable = balance >= 0 ? roundToTenRupees(balance) : 0;
  out.refund = balance < 0 ? roundToTenRupees(-balance) : 0;
  // Percent of gross total income, to two decimals (a ratio, not money).
  out.effectiveRatePercent = grossTotalIncome > 0 ? Math.round((totalTax * 1_000_000) / grossTotalIncome) / 100 : 0;
  return liability;
}
