// The head "Capital gains" (ss.45-55A) for one year: each gain goes to the rate bucket of its section and
// transfer date, then losses are set off within the head (s.70), then losses brought forward from earlier years
// (s.74). How much of each loss is set off is the same in both regimes; which gains it goes against is the
// taxpayer's choice, made in each regime for the least tax (cheapestPlacement). Amounts are integer paise.
import { toPaise } from "./rounding";
import type { CapitalGain, CapitalGainExemption, CapitalLossesBroughtForward } from "./types";
import { LIMITS, type YearRules } from "./years";

/** A bucket of capital gains taxed at one special rate. */
export interface GainBucket {
  kind: "111A" | "112" | "112A";
  longTerm: boolean;
  /** Rate in tenths of a percent, so 12.5 % stays an integer. */
  rateTenths: number;
  description: string;
}

/**
 * Special-rate buckets, highest rate first: the default order of set-off, dearest gains first, kept unless another
 * placement costs less (cheapestPlacement). Within 12.5 %, s.112 comes before s.112A because the first ₹1,25,000
 * of s.112A gains is untaxed anyway.
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
  /** The same gains before any set-off: what they rise to again when a loss set against them goes elsewhere. */
  shortTermAtSlabRatesBeforeSetOff: number;
  /** The gains in each bucket before any set-off, likewise. */
  bucketsBeforeSetOff: readonly number[];
  /** The long-term losses set off, this year's (a bucket's own included) and earlier years'. */
  longTermLossSetOff: number;
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
  /**
   * The placements of the set-off to choose from (cheapestPlacement), the default first; none when a loss has only
   * one way to go.
   */
  setOffPlacements: readonly SetOffPlacement[];
}

/** What a placement of the set-off decides: the gains left at the slab rates and in each bucket. */
export type SetOffPlacement = Pick<CapitalGainsFacts, "shortTermAtSlabRates" | "buckets" | "specialRateGains">;

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

/**
 * Takes up to `loss` from `amounts[i]` for each index in `order`, leaving `keep[i]` where given; returns the loss
 * left.
 */
function setOff(amounts: number[], order: readonly number[], loss: number, keep: readonly number[] | null = null): number {
  for (const i of order) {
    if (loss === 0) break;
    const used = Math.max(0, Math.min(loss, amounts[i]! - (keep?.[i] ?? 0)));
    amounts[i]! -= used;
    loss -= used;
  }
  return loss;
}

const SLAB = GAIN_BUCKETS.length; // index of other short-term gains in the working array
// The default placement, kept at a tie. s.70(2): a short-term loss against any gain, slab-rate gains first, then
// the dearest special rate.
const SHORT_TERM_LOSS_ORDER = [SLAB, STCG_111A_20, LTCG_112_20, STCG_111A_15, LTCG_112_12_5, LTCG_112A_12_5, LTCG_112_10, LTCG_112A_10];
// This year's short-term loss beside a long-term loss brought forward: short-term gains first, then the same order.
const SHORT_TERM_GAINS_FIRST = [SLAB, STCG_111A_20, STCG_111A_15, LTCG_112_20, LTCG_112_12_5, LTCG_112A_12_5, LTCG_112_10, LTCG_112A_10];
// s.70(3): a long-term loss only against long-term gains, dearest first.
const LONG_TERM_LOSS_ORDER = [LTCG_112_20, LTCG_112_12_5, LTCG_112A_12_5, LTCG_112_10, LTCG_112A_10];

const NO_CAPITAL_GAINS: CapitalGainsFacts = {
  shortTermAtSlabRates: 0,
  shortTermAtSlabRatesBeforeSetOff: 0,
  bucketsBeforeSetOff: GAIN_BUCKETS.map(() => 0),
  longTermLossSetOff: 0,
  buckets: GAIN_BUCKETS.map(() => 0),
  specialRateGains: 0,
  shortTermLossNotSetOff: 0,
  longTermLossNotSetOff: 0,
  shortTermBroughtForwardSetOff: 0,
  longTermBroughtForwardSetOff: 0,
  shortTermBroughtForwardLeft: 0,
  longTermBroughtForwardLeft: 0,
  lowerOfTwo: NO_LOWER_OF_TWO,
  setOffPlacements: [],
};

export function capitalGainsFacts(
  gains: readonly CapitalGain[],
  year: YearRules,
  resident: boolean,
  broughtForward: CapitalLossesBroughtForward | undefined,
): CapitalGainsFacts {
  if (gains.length === 0 && broughtForward === undefined) return NO_CAPITAL_GAINS;
  const net = new Array<number>(SLAB + 1).fill(0);
  const beforeSetOff = new Array<number>(SLAB + 1).fill(0);
  const lowerOfTwo: LowerOfTwoGain[] = [];
  const otherGains = GAIN_BUCKETS.map(() => 0);
  for (const entry of gains) {
    const placed = place(entry, year, resident);
    const slot = placed.bucket < 0 ? SLAB : placed.bucket;
    net[slot]! += placed.amount;
    if (placed.amount > 0) beforeSetOff[slot]! += placed.amount;
    if (placed.lowerOfTwo !== null) lowerOfTwo.push(placed.lowerOfTwo);
    else if (placed.bucket >= 0 && placed.amount > 0) otherGains[placed.bucket]! += placed.amount;
  }
  // By default gains and losses of one bucket net first; what stays negative is a loss of its term.
  let shortTermLoss = 0;
  let longTermLoss = 0;
  let shortTermNetted = 0;
  let longTermNetted = 0;
  for (let i = 0; i <= SLAB; i++) {
    const netted = beforeSetOff[i]! - Math.max(0, net[i]!);
    const loss = Math.max(0, -net[i]!);
    net[i] = Math.max(0, net[i]!);
    if (i === SLAB || !GAIN_BUCKETS[i]!.longTerm) {
      shortTermNetted += netted;
      shortTermLoss += loss;
    } else {
      longTermNetted += netted;
      longTermLoss += loss;
    }
  }
  // s.74(1): a loss brought forward goes only against capital gains, after this year's own losses: a long-term
  // one against long-term gains, a short-term one against any, in the same order as this year's. With a long-term
  // loss brought forward, this year's short-term loss takes short-term gains first: it is set off as fully either
  // way, and leaves the earlier loss the long-term gains it may go against (s.74(1)(b)).
  const longTermBroughtForward = toPaise(broughtForward?.longTerm ?? 0);
  const shortTermBroughtForward = toPaise(broughtForward?.shortTerm ?? 0);
  const longTermLossNotSetOff = setOff(net, LONG_TERM_LOSS_ORDER, longTermLoss);
  const shortTermLossNotSetOff = setOff(net, longTermBroughtForward > 0 ? SHORT_TERM_GAINS_FIRST : SHORT_TERM_LOSS_ORDER, shortTermLoss);
  const longTermBroughtForwardLeft = setOff(net, LONG_TERM_LOSS_ORDER, longTermBroughtForward);
  const shortTermBroughtForwardLeft = setOff(net, SHORT_TERM_LOSS_ORDER, shortTermBroughtForward);
  const lowerOfTwoGains: LowerOfTwoGains = lowerOfTwo.length === 0 ? NO_LOWER_OF_TWO : { gains: lowerOfTwo, otherGains };
  const longTermLossSetOff = longTermNetted + longTermLoss - longTermLossNotSetOff + longTermBroughtForward - longTermBroughtForwardLeft;
  const setOffPlacements = placementsOf(
    beforeSetOff,
    net,
    longTermLossSetOff,
    shortTermNetted + shortTermLoss - shortTermLossNotSetOff + shortTermBroughtForward - shortTermBroughtForwardLeft,
    lowerOfTwoGains,
  );
  return {
    ...placedAs(net),
    shortTermAtSlabRatesBeforeSetOff: beforeSetOff[SLAB]!,
    bucketsBeforeSetOff: beforeSetOff.slice(0, SLAB),
    longTermLossSetOff,
    shortTermLossNotSetOff,
    longTermLossNotSetOff,
    shortTermBroughtForwardSetOff: shortTermBroughtForward - shortTermBroughtForwardLeft,
    longTermBroughtForwardSetOff: longTermBroughtForward - longTermBroughtForwardLeft,
    shortTermBroughtForwardLeft,
    longTermBroughtForwardLeft,
    lowerOfTwo: lowerOfTwoGains,
    setOffPlacements,
  };
}

/** The figures a placement decides, from the working array after set-off. */
function placedAs(net: readonly number[]): SetOffPlacement {
  const buckets = net.slice(0, SLAB);
  let specialRateGains = 0;
  for (const amount of buckets) specialRateGains += amount;
  return { shortTermAtSlabRates: net[SLAB]!, buckets, specialRateGains };
}

/** More than one gain `loss` could go against, and not enough of it to cover them all: the placement matters. */
function hasChoice(gains: readonly number[], order: readonly number[], loss: number): boolean {
  let eligible = 0;
  let total = 0;
  for (const i of order) {
    if (gains[i]! === 0) continue;
    eligible++;
    total += gains[i]!;
  }
  return loss > 0 && eligible > 1 && loss < total;
}

/**
 * Of each bucket in `gains`, the part a set-off would save no tax on: lower-of-two gains beyond where their tax is
 * nil (`beyondNilTax`; gains and losses of a bucket net against its taxed gains first), and s.112A gains within the
 * ₹1,25,000 exemption, which goes to the dearer bucket first (special-rates.ts).
 */
function untaxedParts(beyondNilTax: readonly number[], gains: readonly number[]): number[] {
  const untaxed = beyondNilTax.map((amount, i) => Math.min(amount, gains[i]!));
  let exemption = LIMITS.section112AExemption * 100;
  for (const i of SECTION_112A_BUCKETS) {
    untaxed[i] = Math.min(gains[i]!, exemption);
    exemption -= untaxed[i]!;
  }
  untaxed.push(0);
  return untaxed;
}

/** `order` with `lead` moved first where it is in it. */
function leading(order: readonly number[], lead: number): readonly number[] {
  return order.includes(lead) ? [lead, ...order.filter((i) => i !== lead)] : order;
}

// Short-term losses against every gain but slab-rate ones first: a loss against those saves nothing while the s.87A
// rebate or the basic exemption covers their tax.
const SHORT_TERM_LOSS_ORDER_SLAB_LAST = [...SHORT_TERM_LOSS_ORDER.slice(1), SLAB];

/**
 * The orders tried, each for both losses (the long-term one keeps to long-term gains): the default, each gain moved
 * first, slab-rate gains moved last.
 */
function orders(gains: readonly number[]): (readonly number[])[] {
  const tried: (readonly number[])[] = [SHORT_TERM_LOSS_ORDER];
  for (const lead of SHORT_TERM_LOSS_ORDER.slice(1)) if (gains[lead]! > 0) tried.push(leading(SHORT_TERM_LOSS_ORDER, lead));
  if (gains[SLAB]! > 0) tried.push(SHORT_TERM_LOSS_ORDER_SLAB_LAST);
  return tried;
}

/**
 * Sets `loss` off against `amounts` in `order`; with `beyondNilTax`, against the part of each gain that bears tax
 * first (untaxedParts), then against the rest in the same order.
 */
function placeLoss(amounts: number[], order: readonly number[], loss: number, beyondNilTax: readonly number[] | null): void {
  setOff(amounts, order, beyondNilTax === null ? loss : setOff(amounts, order, loss, untaxedParts(beyondNilTax, amounts)));
}

/**
 * The placements to choose from. ss.70(2), 70(3) and 74(1) say which gains a loss may go against, never in what
 * order: the taxpayer places it. Set-off is due while eligible gains remain, so with the long-term loss (which has
 * fewer gains to go against) placed first, how much of each loss is set off does not depend on where, and every
 * placement carries the same losses forward. From the gains before set-off, the default placement (`byDefault`) and
 * the losses set off, this year's (a bucket's own included) and earlier years' together (paise, in working order):
 * the default, then each order of `orders`, tried whole and with the untaxed parts of the gains taken last. Besides
 * the default, at most 2 × (buckets + 2), fewer where they coincide; none when neither loss has more than one gain to
 * go against and too little to cover them all.
 */
function placementsOf(
  gains: readonly number[],
  byDefault: readonly number[],
  longTermLoss: number,
  shortTermLoss: number,
  lowerOfTwo: LowerOfTwoGains,
): SetOffPlacement[] {
  const afterLongTerm = gains.slice();
  setOff(afterLongTerm, LONG_TERM_LOSS_ORDER, longTermLoss);
  if (!hasChoice(gains, LONG_TERM_LOSS_ORDER, longTermLoss) && !hasChoice(afterLongTerm, SHORT_TERM_LOSS_ORDER, shortTermLoss)) return [];
  // Once the smaller of a lower-of-two gain's two gains is covered its tax is nil: the rest of it saves nothing.
  const beyondNilTax = GAIN_BUCKETS.map(() => 0);
  for (const gain of lowerOfTwo.gains) beyondNilTax[gain.bucket]! += gain.inBucket - Math.max(0, Math.min(gain.inBucket, gain.other));
  const nets: (readonly number[])[] = [byDefault];
  const untaxedLast = untaxedParts(beyondNilTax, gains).some((amount) => amount > 0) ? [null, beyondNilTax] : [null];
  for (const untaxed of untaxedLast) {
    for (const order of orders(gains)) {
      const net = gains.slice();
      placeLoss(net, leading(LONG_TERM_LOSS_ORDER, order[0]!), longTermLoss, untaxed);
      placeLoss(net, order, shortTermLoss, untaxed);
      if (!nets.some((other) => other.every((amount, i) => amount === net[i]))) nets.push(net);
    }
  }
  return nets.map(placedAs);
}

/**
 * Placements that move part of a short-term loss between slab-rate gains and one special-rate bucket, just enough to
 * bring the income at slab rates (rupees, from `slabIncome`, asked only when some loss can move) to a slab boundary
 * (`boundaries`, rupees): where the slab rate
 * on one side of a boundary is below a special rate and on the other above it, the least tax splits the loss there,
 * which no whole order does. Only short-term loss moves, and a short-term loss may go against any gain (ss.70(2),
 * 74(1)): up, the loss set against slab-rate gains (a long-term loss never goes there) moves to any bucket; down, loss
 * set against a bucket's gains moves to the slab-rate gains, as far as it is short-term: all of it in a short-term
 * bucket, and in the long-term buckets together what is more than the long-term losses set off (those can go against
 * any long-term gain, so the rest can be taken from whichever long-term bucket).
 */
export function slabBoundarySplits(placement: CapitalGainsFacts, slabIncome: () => number, boundaries: readonly number[]): SetOffPlacement[] {
  const { buckets, shortTermAtSlabRates } = placement;
  const lossOnSlabGains = placement.shortTermAtSlabRatesBeforeSetOff - shortTermAtSlabRates;
  const { shortTermLossOn } = lossesOn(placement);
  const canMove = lossOnSlabGains > 0 || (shortTermAtSlabRates > 0 && buckets.some((_, i) => shortTermLossOn(i) > 0));
  if (!canMove) return [];
  const income = slabIncome();
  const splits: SetOffPlacement[] = [];
  // `rise` paise of loss move from the slab-rate gains to bucket `i` (negative: back): those gains rise by it.
  const shift = (i: number, rise: number) => {
    const after = buckets.slice();
    after[i] = buckets[i]! - rise;
    splits.push({ shortTermAtSlabRates: shortTermAtSlabRates + rise, buckets: after, specialRateGains: placement.specialRateGains - rise });
  };
  for (const boundary of boundaries) {
    const rise = (boundary - income) * 100;
    buckets.forEach((amount, i) => {
      if (rise > 0 && rise <= lossOnSlabGains && rise <= amount) shift(i, rise);
      if (rise < 0 && -rise <= shortTermLossOn(i) && -rise <= shortTermAtSlabRates) shift(i, rise);
    });
  }
  return splits;
}

/**
 * The loss (paise) set against each bucket's gains in `placement`, and the part of it that is short-term: all of it in a
 * short-term bucket; in the long-term buckets together, what is more than the long-term losses set off (those can go
 * against any long-term gain, so the rest can be taken from whichever long-term bucket).
 */
function lossesOn(placement: CapitalGainsFacts): { lossOn: (i: number) => number; shortTermLossOn: (i: number) => number } {
  const { buckets, bucketsBeforeSetOff } = placement;
  const lossOn = (i: number) => bucketsBeforeSetOff[i]! - buckets[i]!;
  let lossOnLongTermGains = -placement.longTermLossSetOff;
  buckets.forEach((_, i) => {
    if (GAIN_BUCKETS[i]!.longTerm) lossOnLongTermGains += lossOn(i);
  });
  return { lossOn, shortTermLossOn: (i) => (GAIN_BUCKETS[i]!.longTerm ? Math.min(lossOn(i), lossOnLongTermGains) : lossOn(i)) };
}

/** Points tried along a move of loss between two places, besides where the lines of its two sides meet. */
const MOVE_SAMPLES = 8;
/** Rounds of moves: a move can make room for another (a rebate filled one way, then an exemption the other). */
const MOVE_ROUNDS = 3;

/** A placement's tax, and at equal tax (asked only then) its tax before the s.87A rebate, which breaks the tie. */
interface PlacementCost {
  tax: number;
  beforeRebate: () => number;
}

/**
 * The placement that costs least once loss may also move part of the way between two places, the gains at slab rates
 * or a special-rate bucket: where the s.87A rebate covers one gain's tax and not the other's, or a basic exemption or
 * the s.112A exemption runs out, the least tax lies between whole orders. Along one move the tax is piecewise linear,
 * so each move is tried at evenly spaced points and where the lines through the points on either side of the cheapest
 * meet, in rounds until none helps. At equal tax a move that lowers the tax before the rebate is taken too: it leaves
 * the rebate room a later move can fill. A short-term loss may go against any gain, a long-term one against long-term
 * gains only (ss.70(2), 70(3), 74(1)). `placement` is returned unless another leaves less tax.
 */
export function cheapestBetweenBuckets(
  placement: CapitalGainsFacts,
  cost: (facts: CapitalGainsFacts) => number,
  beforeRebate: (facts: CapitalGainsFacts) => number,
): CapitalGainsFacts {
  const costOf = (facts: CapitalGainsFacts): PlacementCost => {
    let before: number | undefined;
    return { tax: cost(facts), beforeRebate: () => (before ??= beforeRebate(facts)) };
  };
  const cheaper = (a: PlacementCost, b: PlacementCost) => a.tax < b.tax || (a.tax === b.tax && a.beforeRebate() < b.beforeRebate());
  let best = placement;
  const start = costOf(placement);
  let bestCost = start;
  // `paise` of loss moves from place `from` to place `to` (SLAB: the gains at slab rates): the first's gains rise by it.
  const moved = (from: number, to: number, paise: number): CapitalGainsFacts => {
    const net = [...best.buckets, best.shortTermAtSlabRates];
    net[from]! += paise;
    net[to]! -= paise;
    return { ...best, ...placedAs(net) };
  };
  for (let round = 0, helped = true; helped && round < MOVE_ROUNDS; round++) {
    helped = false;
    for (let from = 0; from <= SLAB; from++) {
      for (let to = 0; to <= SLAB; to++) {
        const { lossOn, shortTermLossOn } = lossesOn(best);
        const loss =
          from === SLAB
            ? best.shortTermAtSlabRatesBeforeSetOff - best.shortTermAtSlabRates
            : to < SLAB && GAIN_BUCKETS[to]!.longTerm
              ? lossOn(from)
              : shortTermLossOn(from);
        const movable = Math.min(loss, to === SLAB ? best.shortTermAtSlabRates : best.buckets[to]!);
        if (from === to || movable <= 0) continue;
        let [paise, least] = [0, bestCost];
        const tried = (moving: number) => {
          const here = costOf(moved(from, to, moving));
          if (cheaper(here, least)) [paise, least] = [moving, here];
          return here.tax;
        };
        // Evenly spaced points, and one ₹1,000 (or less) in from each end, so that a bend near an end is found too.
        const probe = Math.min(100_000, Math.round(movable / MOVE_SAMPLES / 2 / 100) * 100);
        const xs = [0, probe];
        for (let k = 1; k < MOVE_SAMPLES; k++) xs.push(Math.round((movable * k) / MOVE_SAMPLES / 100) * 100);
        xs.push(movable - probe, movable);
        const ys = xs.map((x, i) => (i === 0 ? bestCost.tax : tried(x)));
        // Where the line through the two points before a gap meets the line through the two after it: the bend.
        let bend = Number.NaN;
        let lowest = Number.POSITIVE_INFINITY;
        for (let i = 1; i + 2 < xs.length; i++) {
          const left = (ys[i]! - ys[i - 1]!) / (xs[i]! - xs[i - 1]!);
          const right = (ys[i + 2]! - ys[i + 1]!) / (xs[i + 2]! - xs[i + 1]!);
          const x = (ys[i + 1]! - right * xs[i + 1]! - ys[i]! + left * xs[i]!) / (left - right);
          const y = ys[i]! + left * (x - xs[i]!);
          if (x > xs[i]! && x < xs[i + 1]! && y < lowest) [bend, lowest] = [x, y];
        }
        if (lowest < Math.min(...ys)) tried(Math.round(bend / 100) * 100);
        if (least !== bestCost) [best, bestCost, helped] = [moved(from, to, paise), least, true];
      }
    }
  }
  return bestCost.tax < start.tax ? best : placement;
}

function samePlacement(facts: CapitalGainsFacts, placement: SetOffPlacement): boolean {
  return facts.shortTermAtSlabRates === placement.shortTermAtSlabRates && facts.buckets.every((amount, i) => amount === placement.buckets[i]);
}

/**
 * Of the placements of the set-off (setOffPlacements), the one that costs least by `cost` (the tax it leaves), each
 * costed once. The default placement comes first and is kept at a tie, so another stands only where it saves tax;
 * `current` is returned when it is the cheapest.
 */
export function cheapestPlacement(current: CapitalGainsFacts, cost: (facts: CapitalGainsFacts) => number): CapitalGainsFacts {
  let best = current;
  let bestCost = Infinity;
  for (const placement of current.setOffPlacements) {
    const facts = samePlacement(current, placement) ? current : { ...current, ...placement };
    const tax = cost(facts);
    if (tax >= bestCost) continue;
    best = facts;
    bestCost = tax;
  }
  return best;
}

/** Buckets of s.112A gains, the ₹1,25,000 exemption going to the dearer one first. */
export const SECTION_112A_BUCKETS: readonly number[] = [LTCG_112A_12_5, LTCG_112A_10];
