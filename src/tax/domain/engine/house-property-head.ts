// Income from house property (ss.22 to 27) for one regime, and its losses: this year's set off against the other
// heads (s.71(3A)), those of earlier years against this year's income from house property (s.71B).
import { NEW_REGIME_BAR, pushLine } from "./deduction-lines";
import type { Facts } from "./facts";
import { percentOfFloor, toPaise } from "./rounding";
import { chooseSelfOccupied, selfOccupiedInterestAllowance } from "./self-occupied";
import type { DeductionLine, HouseProperty } from "./types";
import { LIMITS, type RegimeRules } from "./years";

const REASON_SO_INTEREST = "s.24(b) second proviso: ₹2,00,000 for self-occupied property";
const REASON_SO_INTEREST_OTHER =
  "s.24(b) first proviso: ₹30,000 for self-occupied homes not acquired or constructed with a loan of 1-4-1999 or later, completed within five years of the end of the year of borrowing";
const REASON_SO_INTEREST_MIXED =
  "s.24(b) first and second provisos: ₹30,000 for self-occupied homes not acquired or constructed with a loan of 1-4-1999 or later, completed within five years of the end of the year of borrowing; ₹2,00,000 for all self-occupied homes together";

/** The cap the self-occupied homes fall under, in words, for the deduction line. */
const REASON_BY_PROVISOS = { first: REASON_SO_INTEREST_OTHER, second: REASON_SO_INTEREST, both: REASON_SO_INTEREST_MIXED } as const;

/** The s.24(b) cap on the self-occupied homes' loan interest together, paise: nil in the new regime (s.115BAC(2)(i)). */
function selfOccupiedInterestCap(rules: RegimeRules): number {
  return rules.allowsOldRegimeDeductions ? LIMITS.selfOccupiedInterest * 100 : 0;
}

/**
 * Income from house property under `rules` (negative: a loss), and the self-occupied homes' loan interest in it
 * (s.24(b) on a s.23(2) property; 0 for a net figure as reported), paise; adds its deduction lines to `lines` when given.
 * `chosenHomes`: the pair chosen among more than two self-occupied homes (s.23(4)), null with two or fewer.
 */
export function housePropertyIncome(
  f: Facts,
  rules: RegimeRules,
  lines: DeductionLine[] | null,
): { income: number; selfOccupiedInterest: number; chosenHomes: number[] | null } {
  // A net figure as reported (Form 16 row 7(a)) replaces the property-by-property computation, its working included.
  const reported = f.reported.housePropertyIncome;
  if (reported !== null) return { income: reported, selfOccupiedInterest: 0, chosenHomes: [] };
  const oldStyle = rules.allowsOldRegimeDeductions;
  // s.23(2): up to two self-occupied homes have nil annual value; with more, the cheapest pair (s.23(4), see
  // self-occupied.ts) and the rest are deemed let out at expected rent. s.24(a) 30 % of annual value; s.24(b)
  // interest. s.115BAC(2)(i) bars s.24(b) only for the s.23(2) self-occupied property.
  const selfOccupiedCap = selfOccupiedInterestCap(rules);
  const properties = f.houseProperties;
  let selfOccupiedTyped = 0;
  for (let i = 0; i < properties.length; i++) if (properties[i]!.type === "self_occupied") selfOccupiedTyped++;
  const chosen = selfOccupiedTyped > LIMITS.selfOccupiedNilValueProperties ? chooseSelfOccupied(properties, selfOccupiedCap) : null;
  const selfOccupied: HouseProperty[] = [];
  let selfOccupiedInterest = 0;
  let annualValue = 0;
  let standardDeduction24a = 0;
  let letOutInterest = 0;
  for (let i = 0; i < properties.length; i++) {
    const property = properties[i]!;
    const interest = toPaise(property.interestOnHousingLoan);
    if (property.type === "self_occupied" && (chosen === null || chosen.includes(i))) {
      selfOccupied.push(property);
      selfOccupiedInterest += interest;
      continue;
    }
    const value = toPaise(property.annualRent) - toPaise(property.municipalTaxesPaid);
    annualValue += value;
    if (value > 0) standardDeduction24a += percentOfFloor(value, LIMITS.letOutStandardDeductionPercent);
    letOutInterest += interest;
  }
  // s.24(b): ₹30,000 for the homes under the first proviso together, all of it up to ₹2,00,000.
  const allowance = selfOccupiedInterestAllowance(selfOccupied, selfOccupiedCap);
  const selfOccupiedInterestAllowed = allowance.allowed;
  if (lines !== null) {
    if (standardDeduction24a > 0) {
      pushLine(lines, "24(a)", "houseProperty", "30 % of annual value", standardDeduction24a, standardDeduction24a, Infinity, null);
    }
    if (letOutInterest > 0) {
      pushLine(lines, "24(b)", "houseProperty", "Interest on housing loan, let-out property", letOutInterest, letOutInterest, Infinity, null);
    }
    if (selfOccupiedInterest > 0) {
      pushLine(
        lines,
        "24(b)",
        "houseProperty",
        "Interest on housing loan, self-occupied property",
        selfOccupiedInterest,
        selfOccupiedInterestAllowed,
        allowance.limit,
        oldStyle ? REASON_BY_PROVISOS[allowance.provisos] : NEW_REGIME_BAR,
      );
    }
  }
  return {
    income: annualValue - standardDeduction24a - letOutInterest - selfOccupiedInterestAllowed,
    selfOccupiedInterest: selfOccupiedInterestAllowed,
    chosenHomes: chosen,
  };
}

/**
 * Indexes of the homes treated as self-occupied (s.23(2), (4)), for the detailed result: the pair `housePropertyIncome`
 * chose, or with two or fewer every self-occupied home (no pair to search for).
 */
export function selfOccupiedHomes(f: Facts, rules: RegimeRules, chosenHomes: number[] | null): number[] {
  return chosenHomes ?? chooseSelfOccupied(f.houseProperties, selfOccupiedInterestCap(rules));
}

/** House-property losses set off and carried forward, paise: the figures of the result's houseProperty. */
export interface HousePropertyLosses {
  /** This year's loss set off against the other heads' slab-rate income (the result's lossSetOff adds the next). */
  lossSetOff: number;
  /** This year's loss set off against a non-resident's dividends and special-rate capital gains. */
  lossAgainstSpecial: number;
  lossNotSetOff: number;
  lossBroughtForwardSetOff: number;
  lossToCarryForward: number;
  lossToCarryForwardFromSelfOccupiedInterest: number;
}

/**
 * Sets off house-property losses under `rules`: this year's against `otherHeads` (the other heads' slab-rate
 * income), then against `lossAbsorbingSpecial` (the special-rate income a loss may be set against); those brought
 * forward against `incomeFromHouseProperty`.
 */
export function setOffHousePropertyLosses(
  f: Facts,
  rules: RegimeRules,
  incomeFromHouseProperty: number,
  selfOccupiedInterest: number,
  otherHeads: number,
  lossAbsorbingSpecial: number,
): HousePropertyLosses {
  const oldStyle = rules.allowsOldRegimeDeductions;
  // s.71(3A): at most ₹2,00,000 of house-property loss against other heads: the slab-rate income first, then a
  // non-resident's dividends and special-rate capital gains, dearest first (or those first, as the facts choose);
  // s.115BAC(2)(ii)(b): none in the new regime.
  let lossSetOff = 0;
  let lossAgainstSpecial = 0;
  let lossNotSetOff = 0;
  if (incomeFromHouseProperty < 0) {
    const loss = -incomeFromHouseProperty;
    const allowed = oldStyle ? Math.min(loss, LIMITS.housePropertyLossSetOff * 100) : 0;
    if (f.housePropertyLossAgainstSpecialFirst) {
      lossAgainstSpecial = Math.min(allowed, lossAbsorbingSpecial);
      lossSetOff = Math.min(allowed - lossAgainstSpecial, otherHeads);
    } else {
      lossSetOff = Math.min(allowed, otherHeads);
      lossAgainstSpecial = Math.min(allowed - lossSetOff, lossAbsorbingSpecial);
    }
    lossNotSetOff = loss - lossSetOff - lossAgainstSpecial;
  }
  // s.71B: losses of earlier years only against this year's income from house property. The new regime sets off none
  // that came from a self-occupied home's loan interest, and a loss it does not set off is never carried on
  // (s.115BAC(2)(ii), (3)): neither that part nor this year's loss.
  const broughtForwardUsable = f.housePropertyLossBroughtForward - (oldStyle ? 0 : f.housePropertyLossFromSelfOccupiedInterest);
  const lossBroughtForwardSetOff = Math.min(broughtForwardUsable, Math.max(0, incomeFromHouseProperty));
  const lossToCarryForward = (oldStyle ? lossNotSetOff : 0) + broughtForwardUsable - lossBroughtForwardSetOff;
  // Of what is carried, the part from a self-occupied home's loan interest, which a later year in the new regime
  // cannot set off: the Act names no order, so each set-off takes that part first, which leaves the taxpayer the
  // most for such a year. Only the old regime allows that interest or carries such a part.
  let lossToCarryForwardFromSelfOccupiedInterest = 0;
  if (oldStyle) {
    const thisYears = incomeFromHouseProperty < 0 ? Math.min(-incomeFromHouseProperty, selfOccupiedInterest) : 0;
    lossToCarryForwardFromSelfOccupiedInterest =
      Math.max(0, thisYears - lossSetOff - lossAgainstSpecial) + Math.max(0, f.housePropertyLossFromSelfOccupiedInterest - lossBroughtForwardSetOff);
  }
  return { lossSetOff, lossAgainstSpecial, lossNotSetOff, lossBroughtForwardSetOff, lossToCarryForward, lossToCarryForwardFromSelfOccupiedInterest };
}

/**
 * The special-rate income (paise) the losses of other heads (house property, business) set off against it leave: the
 * loss comes off a non-resident's dividends (20 %), then the gains, dearest first (GAIN_BUCKETS order).
 */
export function specialAfterLoss(f: Facts, lossAgainstSpecial: number): { nonResidentDividends: number; gains: number[] } {
  let loss = lossAgainstSpecial;
  const dividendsLoss = Math.min(loss, f.nonResidentDividends);
  loss -= dividendsLoss;
  const gains = f.capitalGains.buckets.map((paise) => {
    const used = Math.min(loss, paise);
    loss -= used;
    return paise - used;
  });
  return { nonResidentDividends: f.nonResidentDividends - dividendsLoss, gains };
}
