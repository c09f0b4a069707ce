// The head "Capital gains" (ss.45-55A) for one year: each gain goes to the rate bucket of its section and
// transfer date, then losses are set off within the head (s.70), then losses brought forward from earlier years
// (s.74). The result is the same in both regimes. Amounts are integer paise.
import { toPaise } from "./rounding";
import type { CapitalGain, CapitalGainExemption, CapitalLossesBroughtForward } from "./types";
import type { YearRules } from "./years";

/** A bucket of capital gains taxed at one special rate. */
export interface GainBucket {
  kind: "111A" | "112" | "112A";
  longTerm: boolean;
  /** Rate in tenths of a percent, so 12.5 % stays an integer. */
  rateTenths: number;
  description: string;
}

/**
 * Special-rate buckets, highest rate first: losses and a resident's unexhausted basic exemption go against the
 * dearest gains first, which is the set-off a taxpayer would choose. Within 12.5 %, s.112 comes before s.112A
 * because the first ₹1,25,000 of s.112A gains is untaxed anyway.
 */
export const GAIN_BUCKETS: readonly GainBucket[] = [
  { kind: "111A", longTerm: false, rateTenths: 200, description: "Short-term gains on listed equity and equity funds with STT" },
  { kind: "112", longTerm: true, rateTenths: 200, description: "Long-term gains with indexation, transferred before 23 July 2024" },
  {
    kind: "111A",
    longTerm: false,
    rateTenths: 150,
    description: "Short-term gains on listed equity and equity funds, transferred before 23 July 2024",
  },
  { kind: "112", longTerm: true, rateTenths: 125, description: "Long-term gains without indexation" },
  { kind: "112A", longTerm: true, rateTenths: 125, description: "Long-term gains on listed equity and equity funds with STT" },
  {
    kind: "112",
    longTerm: true,
    rateTenths: 100,
    description: "Long-term gains of a non-resident on unlisted securities without indexation, transferred before 23 July 2024",
  },
  {
    kind: "112A",
    longTerm: true,
    rateTenths: 100,
    description: "Long-term gains on listed equity and equity funds, transferred before 23 July 2024",
  },
];
const STCG_111A_20 = 0;
const LTCG_112_20 = 1;
const STCG_111A_15 = 2;
const LTCG_112_12_5 = 3;
const LTCG_112A_12_5 = 4;
const LTCG_112_10 = 5;
const LTCG_112A_10 = 6;

/**
 * A s.112 gain whose tax is the lower of two: its bucket's rate on `inBucket`, the gain counted in total income, and
 * `otherRateTenths` on `other`. A resident's land or building acquired before 23 July 2024 and transferred on or
 * after it: 12.5 % on the gain or 20 % on the indexed gain (second proviso to s.112(1)(a); ITA 2025 s.197(3)). A
 * listed security other than a unit, or a zero coupon bond, transferred before that day: 20 % on the indexed gain or
 * 10 % on the gain without indexation (proviso to s.112(1)). Paise; `inBucket` > 0, `other` may be nil or negative.
 */
export interface LowerOfTwoGain {
  /** Index in GAIN_BUCKETS. */
  bucket: number;
  inBucket: number;
  other: number;
  otherRateTenths: number;
}

/**
 * The lower-of-two gains, and beside them the other gains placed in each bucket before any set-off (paise, in
 * GAIN_BUCKETS order): what set-off took from a bucket can then be told apart between them.
 */
export interface LowerOfTwoGains {
  gains: readonly LowerOfTwoGain[];
  otherGains: readonly number[];
}

export const NO_LOWER_OF_TWO: LowerOfTwoGains = { gains: [], otherGains: GAIN_BUCKETS.map(() => 0) };

export interface CapitalGainsFacts {
  /** Other short-term gains after set-off: income at the slab rates. */
  shortTermAtSlabRates: number;
  /** Gains in each GAIN_BUCKETS entry after set-off (never negative). */
  buckets: number[];
  /** Their sum. */
  specialRateGains: number;
  shortTermLossNotSetOff: number;
  longTermLossNotSetOff: number;
  /** Losses of earlier years set off against this year's gains (s.74), and what is left of them. */
  shortTermBroughtForwardSetOff: number;
  longTermBroughtForwardSetOff: number;
  shortTermBroughtForwardLeft: number;
  longTermBroughtForwardLeft: number;
  /** The gains taxed at the lower of two rates (each also counted in its bucket). */
  lowerOfTwo: LowerOfTwoGains;
}

/** s.54(1) third proviso, s.54F(1) proviso: the cost of a new house counts up to ₹10 crore. */
const NEW_HOUSE_COST_CAP = 100_000_000 * 100;
/** s.54EC(1) provisos: ₹50 lakh of bonds. */
const BONDS_CAP = 5_000_000 * 100;

/**
 * The part of a gain (paise) an exemption takes off: ss.54, 54B, 54D, 54EC, 54G and 54GA the gain up to what was
 * invested (clause (i) or (ii) of each sub-section (1)); s.54F the gain in the proportion the investment bears to the
 * net consideration, all of it when the investment is as much.
 */
export function exemptPart(exemption: CapitalGainExemption | undefined, gain: number): number {
  if (exemption === undefined || gain <= 0) return 0;
  const invested = toPaise(exemption.invested);
  switch (exemption.section) {
    case "54":
      // With two houses (first proviso to s.54(1)) `invested` is their cost together.
      return Math.min(gain, invested, NEW_HOUSE_COST_CAP);
    case "54B":
    case "54D":
    case "54G":
    case "54GA":
      return Math.min(gain, invested);
    case "54EC":
      return Math.min(gain, invested, BONDS_CAP);
    case "54F": {
      const cost = Math.min(invested, NEW_HOUSE_COST_CAP);
      const net = toPaise(exemption.netConsideration ?? 0);
      // The proportional part in whole rupees, down (as the return carries it): amounts entered in rupees then
      // leave gains and losses in rupees too.
      return cost >= net ? gain : Math.floor((gain * cost) / net / 100) * 100;
    }
  }
}

interface Placed {
  bucket: number;
  amount: number;
  lowerOfTwo: LowerOfTwoGain | null;
}

/** Which bucket a gain falls in and how much of it (paise), less any exemption; `gain` may be negative (a loss). */
function place(entry: CapitalGain, year: YearRules, resident: boolean): Placed {
  const before = year.hasPreJuly2024Transfers && entry.transferredBefore23July2024;
  const whole = toPaise(entry.gain);
  const gain = whole - exemptPart(entry.exemption, whole);
  switch (entry.section) {
    case "short_term_other":
      return { bucket: -1, amount: gain, lowerOfTwo: null };
    case "111A":
      return { bucket: before ? STCG_111A_15 : STCG_111A_20, amount: gain, lowerOfTwo: null };
    case "112A":
      return { bucket: before ? LTCG_112A_10 : LTCG_112A_12_5, amount: gain, lowerOfTwo: null };
    case "112": {
      const wholeIndexed = entry.indexedGain === null ? null : toPaise(entry.indexedGain);
      const indexed = wholeIndexed === null ? null : wholeIndexed - exemptPart(entry.exemption, wholeIndexed);
      return before ? placeBefore23July2024(entry, gain, indexed, resident) : placeFrom23July2024(entry, gain, indexed, resident);
    }
  }
}

/**
 * s.112(1) as it stood for transfers before 23 July 2024: 20 % with indexation; a non-resident's unlisted securities
 * 10 % on the gain computed without indexation (clause (c)(iii), which also sets aside the first proviso to s.48:
 * the gain as given, in rupees); and by the proviso to s.112(1), for residents and non-residents alike, a listed
 * security other than a unit or a zero coupon bond at most 10 % of the gain without indexation. The indexed gain
 * stays in total income; only the excess tax goes. Without an indexed gain (a bond's, fourth proviso to s.48) the
 * gain is both.
 */
function placeBefore23July2024(entry: CapitalGain, gain: number, indexed: number | null, resident: boolean): Placed {
  if (!resident && entry.security === "unlisted") return { bucket: LTCG_112_10, amount: gain, lowerOfTwo: null };
  const amount = indexed ?? gain;
  const capped = entry.security === "listed_other_than_unit" || entry.security === "zero_coupon_bond";
  return {
    bucket: LTCG_112_20,
    amount,
    lowerOfTwo: capped && amount > 0 ? { bucket: LTCG_112_20, inBucket: amount, other: gain, otherRateTenths: 100 } : null,
  };
}

/**
 * On or after 23 July 2024: 12.5 % without indexation; a resident's land or building acquired before that day pays
 * the lower of that and 20 % with indexation. The gain stays in total income; only the excess tax goes. An indexed
 * loss makes the tax nil but is no loss to set off.
 */
function placeFrom23July2024(entry: CapitalGain, gain: number, indexed: number | null, resident: boolean): Placed {
  const choice = resident && entry.landOrBuildingAcquiredBefore23July2024 && indexed !== null && gain > 0;
  return {
    bucket: LTCG_112_12_5,
    amount: gain,
    lowerOfTwo: choice ? { bucket: LTCG_112_12_5, inBucket: gain, other: indexed, otherRateTenths: 200 } : null,
  };
}

/** Takes up to `loss` from `amounts[i]` for each index in `order`; returns the loss left. */
function setOff(amounts: number[], order: readonly number[], loss: number): number {
  for (const i of order) {
    if (loss === 0) break;
    const used = Math.min(loss, amounts[i]!);
    amounts[i]! -= used;
    loss -= used;
  }
  return loss;
}

const SLAB = GAIN_BUCKETS.length; // index of other short-term gains in the working array
// s.70(2): a short-term loss against any gain, slab-rate gains first, then the dearest special rate.
const SHORT_TERM_LOSS_ORDER = [SLAB, STCG_111A_20, LTCG_112_20, STCG_111A_15, LTCG_112_12_5, LTCG_112A_12_5, LTCG_112_10, LTCG_112A_10];
// s.70(3): a long-term loss only against long-term gains, dearest first.
const LONG_TERM_LOSS_ORDER = [LTCG_112_20, LTCG_112_12_5, LTCG_112A_12_5, LTCG_112_10, LTCG_112A_10];

const NO_CAPITAL_GAINS: CapitalGainsFacts = {
  shortTermAtSlabRates: 0,
  buckets: GAIN_BUCKETS.map(() => 0),
  specialRateGains: 0,
  shortTermLossNotSetOff: 0,
  longTermLossNotSetOff: 0,
  shortTermBroughtForwardSetOff: 0,
  longTermBroughtForwardSetOff: 0,
  shortTermBroughtForwardLeft: 0,
  longTermBroughtForwardLeft: 0,
  lowerOfTwo: NO_LOWER_OF_TWO,
};

export function capitalGainsFacts(
  gains: readonly CapitalGain[],
  year: YearRules,
  resident: boolean,
  broughtForward: CapitalLossesBroughtForward | undefined,
): CapitalGainsFacts {
  if (gains.length === 0 && broughtForward === undefined) return NO_CAPITAL_GAINS;
  const net = new Array<number>(SLAB + 1).fill(0);
  const lowerOfTwo: LowerOfTwoGain[] = [];
  const otherGains = GAIN_BUCKETS.map(() => 0);
  for (const entry of gains) {
    const placed = place(entry, year, resident);
    net[placed.bucket < 0 ? SLAB : placed.bucket]! += placed.amount;
    if (placed.lowerOfTwo !== null) lowerOfTwo.push(placed.lowerOfTwo);
    else if (placed.bucket >= 0 && placed.amount > 0) otherGains[placed.bucket]! += placed.amount;
  }
  // Gains and losses of one bucket net first; what stays negative is a loss of its term.
  let shortTermLoss = 0;
  let longTermLoss = 0;
  for (let i = 0; i <= SLAB; i++) {
    if (net[i]! >= 0) continue;
    if (i === SLAB || !GAIN_BUCKETS[i]!.longTerm) shortTermLoss -= net[i]!;
    else longTermLoss -= net[i]!;
    net[i] = 0;
  }
  const longTermLossNotSetOff = setOff(net, LONG_TERM_LOSS_ORDER, longTermLoss);
  const shortTermLossNotSetOff = setOff(net, SHORT_TERM_LOSS_ORDER, shortTermLoss);
  // s.74(1): a loss brought forward goes only against capital gains, after this year's own losses: a long-term
  // one against long-term gains, a short-term one against any, in the same order as this year's.
  const longTermBroughtForward = toPaise(broughtForward?.longTerm ?? 0);
  const shortTermBroughtForward = toPaise(broughtForward?.shortTerm ?? 0);
  const longTermBroughtForwardLeft = setOff(net, LONG_TERM_LOSS_ORDER, longTermBroughtForward);
  const shortTermBroughtForwardLeft = setOff(net, SHORT_TERM_LOSS_ORDER, shortTermBroughtForward);
  const buckets = net.slice(0, SLAB);
  let specialRateGains = 0;
  for (const amount of buckets) specialRateGains += amount;
  return {
    shortTermAtSlabRates: net[SLAB]!,
    buckets,
    specialRateGains,
    shortTermLossNotSetOff,
    longTermLossNotSetOff,
    shortTermBroughtForwardSetOff: shortTermBroughtForward - shortTermBroughtForwardLeft,
    longTermBroughtForwardSetOff: longTermBroughtForward - longTermBroughtForwardLeft,
    shortTermBroughtForwardLeft,
    longTermBroughtForwardLeft,
    lowerOfTwo: lowerOfTwo.length === 0 ? NO_LOWER_OF_TWO : { gains: lowerOfTwo, otherGains },
  };
}

/** Buckets of s.112A gains, the ₹1,25,000 exemption going to the dearer one first. */
export const SECTION_112A_BUCKETS: readonly number[] = [LTCG_112A_12_5, LTCG_112A_10];
