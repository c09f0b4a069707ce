// One regime, one year: income heads -> gross total income -> Chapter VI-A -> taxable income -> tax.
// Income lines are integer paise; tax lines are whole rupees. The same code path serves the detailed result
// (`out` given) and the lean re-runs behind saving moves (`out` null: no allocation).
import { GAIN_BUCKETS, type GainBucket, type LandOrBuildingGain } from "./capital-gains";
import { NEW_REGIME_BAR, pushLine } from "./deduction-lines";
import type { Facts } from "./facts";
import { OTHER_VIA_DESCRIPTIONS, otherVIAAllowedInNewRegime } from "./form16-figures";
import { housePropertyIncome, selfOccupiedHomes, setOffHousePropertyLosses, specialAfterLoss } from "./house-property-head";
import { paiseToWholeRupees, percentOf, percentOfFloor, roundToTenRupees, toRupees } from "./rounding";
import { salaryHead } from "./salary-head";
import { basicExemption, specialTax, surchargeFor, type IncomeParts, type SpecialTax } from "./special-rates";
import type { DeductionLine, Rebate87ABasis, Regime, RegimeResult } from "./types";
import { LIMITS, type RegimeRules, type Slab, type YearRules } from "./years";

export { toFacts, type Facts } from "./facts";

const GTI_BOUND = "s.80A(2): Chapter VI-A deductions cannot exceed gross total income";
const REASON_80CCE = "s.80CCE: ₹1,50,000 aggregate for 80C, 80CCC and 80CCD(1)";
const REASON_80CCD1B = "s.80CCD(1B): ₹50,000";
const REASON_80CCD2_10 = "s.80CCD(2): 10 % of basic + DA";
const REASON_80CCD2_14 = "s.80CCD(2): 14 % of basic + DA";
const REASON_80D_SELF = "s.80D(2)(a): ₹25,000 for self, spouse and children";
const REASON_80D_SELF_SENIOR = "s.80D(4): ₹50,000 where the insured is a senior citizen";
const REASON_80D_PARENTS = "s.80D(2)(b): ₹25,000 for parents";
const REASON_80D_PARENTS_SENIOR = "s.80D(4): ₹50,000 where a parent is a senior citizen";
const REASON_80TTA = "s.80TTA: ₹10,000 of savings-account interest";
const REASON_80TTB = "s.80TTB: ₹50,000 of deposit interest for a resident senior citizen";
const REASON_80G_50 = "s.80G(1)(ii): 50 % of the donation";
const REASON_80G_QUALIFYING = "s.80G(4): qualifying limit of 10 % of adjusted gross total income, then 50 %";
const REASON_80TTA_SENIOR = "s.80TTA(2): not for a resident senior citizen, who has s.80TTB";
const REASON_80TTB_ONLY_SENIOR = "s.80TTB: resident senior citizens only";
const REASON_80D_TOTAL = "s.80D(2), (4): ₹25,000 or ₹50,000 for self/family plus ₹25,000 or ₹50,000 for parents";
const REASON_FAMILY_PENSION = "s.57(iia): one-third of the family pension or the cap, whichever is less";

/**
 * A Chapter VI-A claim: the least of the claim, its cap and `room`, what is left of gross total income less its
 * special-rate income; `roomReason` names the rules that set that room.
 */
function allowVIA(
  lines: DeductionLine[] | null,
  section: string,
  description: string,
  claimed: number,
  cap: number,
  capReason: string,
  room: number,
  roomReason: string,
): number {
  const allowed = Math.min(claimed, cap, room);
  if (lines !== null && claimed > 0) {
    pushLine(lines, section, "chapterVIA", description, claimed, allowed, cap, cap <= room ? capReason : roomReason);
  }
  return allowed;
}

/** "a", "a and b", "a, b and c". */
function listed(items: readonly string[]): string {
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

const ROOM_SECTIONS: Readonly<Record<GainBucket["kind"], string>> = { "111A": "s.111A(2)", "112": "s.112(2)", "112A": "s.112A(5)" };

/**
 * Why Chapter VI-A can fall short of a claim's cap: s.80A(2) keeps it within gross total income, and where that
 * income holds special-rate income (what a house-property loss left of it), the sections that keep deductions off
 * it: ss.111A(2), 112(2), 112A(5), s.115A(4) for a non-resident's dividends, s.115BB for winnings.
 */
function viaRoomReason(f: Facts, lossAgainstSpecial: number): string {
  const left = specialAfterLoss(f, lossAgainstSpecial);
  const sections: string[] = [];
  for (const kind of ["111A", "112", "112A"] as const) {
    if (GAIN_BUCKETS.some((bucket, i) => bucket.kind === kind && left.gains[i]! > 0)) sections.push(ROOM_SECTIONS[kind]);
  }
  const incomes = sections.length > 0 ? ["capital gains taxed at special rates"] : [];
  if (left.nonResidentDividends > 0) {
    sections.push("s.115A(4)");
    incomes.push("a non-resident's dividends");
  }
  if (f.casualWinnings > 0) {
    sections.push("s.115BB");
    incomes.push("winnings");
  }
  if (sections.length === 0) return GTI_BOUND;
  return `${listed([...sections, "s.80A(2)"])}: Chapter VI-A deductions cannot exceed gross total income less ${listed(incomes)}`;
}

/** Tax on `income` rupees at the slab rates, in paise (exact: rupees × percent = paise). */
function slabTaxPaise(slabs: readonly Slab[], income: number): number {
  let paise = 0;
  for (let i = 0; i < slabs.length; i++) {
    const slab = slabs[i]!;
    if (income <= slab.from) break;
    const next = slabs[i + 1];
    const upTo = next === undefined ? income : Math.min(income, next.from);
    paise += (upTo - slab.from) * slab.ratePercent;
  }
  return paise;
}

function slabLines(slabs: readonly Slab[], income: number, out: RegimeResult): void {
  for (let i = 0; i < slabs.length; i++) {
    const slab = slabs[i]!;
    const next = slabs[i + 1];
    const upTo = next === undefined ? null : next.from;
    const taxableAmount = Math.max(0, (upTo === null ? income : Math.min(income, upTo)) - slab.from);
    out.slabs.push({ from: slab.from, upTo, ratePercent: slab.ratePercent, taxableAmount, tax: toRupees(taxableAmount * slab.ratePercent) });
  }
}

const NO_GAINS: readonly number[] = GAIN_BUCKETS.map(() => 0);
const NO_LAND: readonly LandOrBuildingGain[] = [];
const NO_SPECIAL_TAX: SpecialTax = {
  buckets: GAIN_BUCKETS.map(() => ({ exempt: 0, indexationRelief: 0, basicExemptionAdjusted: 0, taxable: 0, tax: 0 })),
  casualTax: 0,
  dividendTax: 0,
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
    return { slab: taxableIncome, dividends, nonResidentDividends: 0, casual: 0, gains: NO_GAINS, landOrBuildings: NO_LAND };
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
  const landOrBuildings = f.capitalGains.landOrBuildings;
  return { slab, dividends: dividendsPart(f, slab, ordinaryAfterDeductions), nonResidentDividends, casual, gains, landOrBuildings };
}

/** A resident's dividends inside slab income (a non-resident's are charged apart under s.115A). */
function dividendsPart(f: Facts, slab: number, ordinaryAfterDeductions: number): number {
  const dividends = f.dividends - f.nonResidentDividends;
  if (dividends === 0) return 0;
  const nonDividendIncome = roundToTenRupees(Math.max(0, ordinaryAfterDeductions - dividends));
  return slab - Math.min(slab, nonDividendIncome);
}

function specialLines(parts: IncomeParts, special: SpecialTax, year: YearRules, out: RegimeResult): void {
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
    out.specialRateIncome.push({
      section: year.sections.nonResidentDividends,
      description: "Dividends of a non-resident",
      ratePercent: LIMITS.nonResidentDividendRatePercent,
      income: parts.nonResidentDividends,
      exemptAmount: 0,
      basicExemptionAdjusted: 0,
      indexationRelief: 0,
      taxableAmount: parts.nonResidentDividends,
      tax: special.dividendTax,
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
    },
    otherSources: {
      savingsInterest: 0,
      depositInterest: 0,
      dividends: 0,
      familyPension: 0,
      familyPensionDeduction: 0,
      casualWinnings: 0,
      incomeFromOtherSources: 0,
    },
    business: { presumptiveBusinessIncome: 0, presumptiveProfessionIncome: 0, incomeFromBusiness: 0 },
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

/** Computes one regime; returns the total tax (s.288B), and fills `out` when given. */
export function assess(f: Facts, year: YearRules, regime: Regime, out: RegimeResult | null): number {
  const rules = regime === "old" ? year.old : year.new;
  const oldStyle = rules.allowsOldRegimeDeductions;
  const lines = out === null ? null : out.deductions;

  // The heads of income; each adds its deduction lines in the order the result shows them.
  const salary = salaryHead(f, rules, lines);
  const incomeFromHouseProperty = housePropertyIncome(f, rules, lines);

  // Other sources. s.57(iia): one-third of family pension, capped per regime.
  const familyPensionCap = rules.familyPensionDeductionCap * 100;
  const familyPensionDeduction = Math.min(Math.floor(f.familyPension / 3), familyPensionCap);
  if (lines !== null && f.familyPension > 0) {
    const oneThird = Math.floor(f.familyPension / 3);
    pushLine(lines, "57(iia)", "otherSources", "Family pension", oneThird, familyPensionDeduction, familyPensionCap, REASON_FAMILY_PENSION);
  }
  // A non-resident's dividends stay out of the slab-rate part: s.115A charges them apart.
  const slabRateDividends = f.dividends - f.nonResidentDividends;
  const ordinaryOtherSources =
    f.savingsInterest + f.depositInterest + slabRateDividends + f.familyPension - familyPensionDeduction + f.reported.otherSourcesIncome;
  const incomeFromOtherSources = ordinaryOtherSources + f.nonResidentDividends + f.casualWinnings;
  const incomeFromBusiness = f.presumptiveBusinessIncome + f.presumptiveProfessionIncome;
  const gains = f.capitalGains;
  const specialRateGains = gains.specialRateGains;
  // Special-rate income a house-property loss may be set against (never winnings, s.58(4)).
  const lossAbsorbingSpecial = f.nonResidentDividends + specialRateGains;

  // Set-off of house-property losses: this year's against the other heads, earlier years' against this year's.
  const otherHeads = salary.incomeFromSalary + ordinaryOtherSources + incomeFromBusiness + gains.shortTermAtSlabRates;
  const losses = setOffHousePropertyLosses(f, rules, incomeFromHouseProperty, otherHeads, lossAbsorbingSpecial);
  const lossAgainstSpecial = losses.lossAgainstSpecial;
  const ordinaryIncome = otherHeads + Math.max(0, incomeFromHouseProperty) - losses.lossBroughtForwardSetOff - losses.lossSetOff;
  const grossTotalIncome = ordinaryIncome + f.casualWinnings + lossAbsorbingSpecial - lossAgainstSpecial;

  // Chapter VI-A. Only s.80CCD(2) and s.80CCH(2) survive in the new regime (s.115BAC(2)(i)); s.80G goes last because its
  // qualifying limit is on gross total income less the other deductions. None is set against special-rate
  // income (ss.111A(2), 112(2), 112A(5), 115BB; s.115A(4) for a non-resident's dividends), so the room is the
  // ordinary part of gross total income.
  const bar = oldStyle ? Infinity : 0;
  // Only the detailed result shows why a claim was cut.
  const roomReason = lines === null || grossTotalIncome === ordinaryIncome ? GTI_BOUND : viaRoomReason(f, lossAgainstSpecial);
  let via = 0;
  via += allowVIA(
    lines,
    "80C",
    "Life insurance, PF, PPF, ELSS and the like",
    f.section80C,
    oldStyle ? LIMITS.section80CCE * 100 : 0,
    oldStyle ? REASON_80CCE : NEW_REGIME_BAR,
    ordinaryIncome - via,
    roomReason,
  );
  via += allowVIA(
    lines,
    "80CCD(1B)",
    "Own contribution to NPS",
    f.section80CCD1B,
    oldStyle ? LIMITS.section80CCD1B * 100 : 0,
    oldStyle ? REASON_80CCD1B : NEW_REGIME_BAR,
    ordinaryIncome - via,
    roomReason,
  );
  const npsPercent = f.isGovernmentEmployer ? rules.employerNpsPercentGovernment : rules.employerNpsPercent;
  // Without basic + DA the employer's deductible figure (it applied the cap) is taken as reported.
  via += allowVIA(
    lines,
    "80CCD(2)",
    "Employer's contribution to NPS",
    f.section80CCD2,
    f.reported.employerNpsAsReported ? Infinity : percentOfFloor(f.basicPlusDA, npsPercent),
    npsPercent === 14 ? REASON_80CCD2_14 : REASON_80CCD2_10,
    ordinaryIncome - via,
    roomReason,
  );
  const selfCap = f.seniorCitizen ? LIMITS.section80DSenior : LIMITS.section80D;
  const splitStart = via;
  via += allowVIA(
    lines,
    "80D",
    "Health insurance: self, spouse and children",
    f.section80D_selfFamily,
    oldStyle ? selfCap * 100 : 0,
    !oldStyle ? NEW_REGIME_BAR : f.seniorCitizen ? REASON_80D_SELF_SENIOR : REASON_80D_SELF,
    ordinaryIncome - via,
    roomReason,
  );
  const parentsCap = f.parentsSeniorCitizen ? LIMITS.section80DSenior : LIMITS.section80D;
  via += allowVIA(
    lines,
    "80D",
    "Health insurance: parents",
    f.section80D_parents,
    oldStyle ? parentsCap * 100 : 0,
    !oldStyle ? NEW_REGIME_BAR : f.parentsSeniorCitizen ? REASON_80D_PARENTS_SENIOR : REASON_80D_PARENTS,
    ordinaryIncome - via,
    roomReason,
  );
  if (f.reported.section80D > 0) {
    // An unsplit total: the parents' part may be for a senior citizen unless the user says otherwise. It shares
    // both caps with whatever the split fields already took.
    const parentsTotalCap = f.reported.parentsSeniorCitizen === false && !f.parentsSeniorCitizen ? LIMITS.section80D : LIMITS.section80DSenior;
    const totalCap = Math.max(0, (selfCap + parentsTotalCap) * 100 - (via - splitStart));
    via += allowVIA(
      lines,
      "80D",
      "Health insurance: self, family and parents together",
      f.reported.section80D,
      oldStyle ? totalCap : 0,
      oldStyle ? REASON_80D_TOTAL : NEW_REGIME_BAR,
      ordinaryIncome - via,
      roomReason,
    );
  }
  via += allowVIA(lines, "80E", "Interest on education loan", f.section80E, bar, NEW_REGIME_BAR, ordinaryIncome - via, roomReason);
  // s.80TTB for resident senior citizens (all deposits); s.80TTA(2) excludes them, others get savings interest.
  const reportedVIA = f.reported.otherChapterVIA;
  const interestReported = reportedVIA.some((r) => r.section === "80TTA" || r.section === "80TTB");
  for (let i = 0; i < reportedVIA.length; i++) {
    const { section, paise } = reportedVIA[i]!;
    const allowedHere = oldStyle || otherVIAAllowedInNewRegime(section);
    // s.80TTA(2) excludes senior citizens, who have s.80TTB instead; both keep their caps.
    const cap = !allowedHere
      ? 0
      : section === "80TTA"
        ? f.seniorCitizen
          ? 0
          : LIMITS.section80TTA * 100
        : section === "80TTB"
          ? f.seniorCitizen
            ? LIMITS.section80TTB * 100
            : 0
          : Infinity;
    const reason = !allowedHere
      ? NEW_REGIME_BAR
      : section === "80TTA"
        ? f.seniorCitizen
          ? REASON_80TTA_SENIOR
          : REASON_80TTA
        : section === "80TTB"
          ? f.seniorCitizen
            ? REASON_80TTB
            : REASON_80TTB_ONLY_SENIOR
          : null;
    via += allowVIA(lines, section, OTHER_VIA_DESCRIPTIONS[section], paise, cap, reason ?? roomReason, ordinaryIncome - via, roomReason);
  }
  // A reported 80TTA/80TTB deduction stands in for the one computed from interest.
  if (!interestReported && f.seniorCitizen) {
    via += allowVIA(
      lines,
      "80TTB",
      "Interest on deposits",
      f.savingsInterest + f.depositInterest,
      oldStyle ? LIMITS.section80TTB * 100 : 0,
      oldStyle ? REASON_80TTB : NEW_REGIME_BAR,
      ordinaryIncome - via,
      roomReason,
    );
  } else if (!interestReported) {
    via += allowVIA(
      lines,
      "80TTA",
      "Interest on savings accounts",
      f.savingsInterest,
      oldStyle ? LIMITS.section80TTA * 100 : 0,
      oldStyle ? REASON_80TTA : NEW_REGIME_BAR,
      ordinaryIncome - via,
      roomReason,
    );
  }
  const adjustedGrossTotalIncome = ordinaryIncome - via;
  via += allowVIA(lines, "80G", "Donations: 100 %, no qualifying limit", f.section80G_100, bar, NEW_REGIME_BAR, ordinaryIncome - via, roomReason);
  via += allowVIA(
    lines,
    "80G",
    "Donations: 50 %, no qualifying limit",
    f.section80G_50,
    oldStyle ? Math.floor(f.section80G_50 / 2) : 0,
    oldStyle ? REASON_80G_50 : NEW_REGIME_BAR,
    ordinaryIncome - via,
    roomReason,
  );
  const qualifying = Math.min(f.section80G_50WithLimit, percentOfFloor(adjustedGrossTotalIncome, LIMITS.section80GQualifyingPercent));
  via += allowVIA(
    lines,
    "80G",
    "Donations: 50 %, within the qualifying limit",
    f.section80G_50WithLimit,
    oldStyle ? Math.floor(qualifying / 2) : 0,
    !oldStyle ? NEW_REGIME_BAR : qualifying < f.section80G_50WithLimit ? REASON_80G_QUALIFYING : REASON_80G_50,
    ordinaryIncome - via,
    roomReason,
  );

  // s.288A: total income to the nearest ₹10.
  const taxableIncome = roundToTenRupees(grossTotalIncome - via);

  const slabs = slabsFor(f, rules);
  // The split is only needed with special-rate income or a surcharge; the common case skips building it.
  const bands = rules.surcharge;
  const surchargeApplies = bands.length > 0 && taxableIncome > bands[0]!.above;
  const parts = f.hasSpecialRateIncome || surchargeApplies ? incomeParts(f, taxableIncome, ordinaryIncome - via, lossAgainstSpecial) : null;
  const slabIncome = parts === null ? taxableIncome : parts.slab;
  const slabTax = paiseToWholeRupees(slabTaxPaise(slabs, slabIncome));
  const exemptionLimit = parts === null ? 0 : basicExemption(slabs);
  const special = parts !== null && f.hasSpecialRateIncome ? specialTax(parts, f.resident, exemptionLimit) : NO_SPECIAL_TAX;

  // s.87A: residents only, on the tax on total income less tax on s.112A gains (s.112A(6)) and casual income;
  // from FY 2025-26 the new regime's rebate is limited to tax at the slab rates (second proviso). New regime
  // proviso (b): above the threshold, the rebated tax never exceeds the excess income. That relief is kept
  // within the rebate's own maximum: where the rebate also covers ss.111A/112 tax (FY 2024-25), the proviso read
  // alone would give more relief than the rebate itself, so a higher income would pay far less tax.
  const rebateRules = rules.rebate87A;
  const rebatable = slabTax + (rebateRules.onSpecialRateTax ? special.rebatableGainsTax : 0);
  let rebate87A = 0;
  let rebate87ABasis: Rebate87ABasis;
  if (!f.resident) {
    rebate87ABasis = "not_resident";
  } else if (taxableIncome <= rebateRules.threshold) {
    rebate87A = Math.min(rebatable, rebateRules.maximum);
    rebate87ABasis = "within_threshold";
  } else if (rebateRules.marginalRelief && rebatable > taxableIncome - rebateRules.threshold) {
    rebate87A = Math.min(rebatable - (taxableIncome - rebateRules.threshold), rebateRules.maximum);
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
      slabTax: paiseToWholeRupees(slabTaxPaise(slabs, cut.slab)),
      special: specialTax(cut, f.resident, exemptionLimit),
    }));
    surchargeRatePercent = charged.ratePercent;
    surcharge = charged.surcharge;
    surchargeMarginalRelief = charged.marginalRelief;
  }
  const surchargePayable = surcharge - surchargeMarginalRelief;
  const cess = percentOf(taxAfterRebate + surchargePayable, LIMITS.cessPercent);
  const taxLiability = taxAfterRebate + surchargePayable + cess;
  // s.288B: the amount payable and the refund, each to the nearest ₹10.
  const totalTax = roundToTenRupees(taxLiability * 100);
  if (out === null) return totalTax;

  const balance = taxLiability * 100 - f.taxesPaid;
  out.salary.grossSalary = toRupees(f.grossSalary);
  out.salary.hraExemption = toRupees(salary.hraExemption);
  out.salary.standardDeduction = toRupees(salary.standardDeduction);
  out.salary.professionalTax = toRupees(salary.professionalTax);
  out.salary.employerContributionPerquisite = toRupees(salary.employerContributionPerquisite);
  out.salary.incomeFromSalary = toRupees(salary.incomeFromSalary);
  out.houseProperty.selfOccupied = selfOccupiedHomes(f, rules);
  out.houseProperty.incomeFromHouseProperty = toRupees(incomeFromHouseProperty);
  out.houseProperty.lossSetOff = toRupees(losses.lossSetOff + lossAgainstSpecial);
  out.houseProperty.lossNotSetOff = toRupees(losses.lossNotSetOff);
  out.houseProperty.lossBroughtForwardSetOff = toRupees(losses.lossBroughtForwardSetOff);
  out.houseProperty.lossToCarryForward = toRupees(losses.lossToCarryForward);
  out.otherSources.savingsInterest = toRupees(f.savingsInterest);
  out.otherSources.depositInterest = toRupees(f.depositInterest);
  out.otherSources.dividends = toRupees(f.dividends);
  out.otherSources.familyPension = toRupees(f.familyPension);
  out.otherSources.familyPensionDeduction = toRupees(familyPensionDeduction);
  out.otherSources.casualWinnings = toRupees(f.casualWinnings);
  out.otherSources.incomeFromOtherSources = toRupees(incomeFromOtherSources);
  out.business.presumptiveBusinessIncome = toRupees(f.presumptiveBusinessIncome);
  out.business.presumptiveProfessionIncome = toRupees(f.presumptiveProfessionIncome);
  out.business.incomeFromBusiness = toRupees(incomeFromBusiness);
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
  slabLines(slabs, slabIncome, out);
  out.slabTax = slabTax;
  if (parts !== null) specialLines(parts, special, year, out);
  out.specialRateTax = special.total;
  out.rebate87A = rebate87A;
  out.rebate87ABasis = rebate87ABasis;
  out.taxAfterRebate = taxAfterRebate;
  out.surchargeRatePercent = surchargeRatePercent;
  out.surcharge = surcharge;
  out.surchargeMarginalRelief = surchargeMarginalRelief;
  out.cess = cess;
  out.taxLiability = taxLiability;
  out.totalTax = totalTax;
  out.taxesPaid = toRupees(f.taxesPaid);
  out.netTaxPayable = balance >= 0 ? roundToTenRupees(balance) : 0;
  out.refund = balance < 0 ? roundToTenRupees(-balance) : 0;
  // Percent of gross total income, to two decimals (a ratio, not money).
  out.effectiveRatePercent = grossTotalIncome > 0 ? Math.round((totalTax * 1_000_000) / grossTotalIncome) / 100 : 0;
  return totalTax;
}
