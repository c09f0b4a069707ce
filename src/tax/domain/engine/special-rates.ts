// Tax on total income that mixes slab-rate and special-rate income, and the surcharge on it. Amounts are whole
// rupees (total income is already rounded under s.288A).
//
// - ss.111A, 112, 112A (ITA 2025 ss.196-198): each bucket at its rate; a resident's basic exemption left
//   unused by slab income is set against these gains, dearest first (the provisos to each section).
//   A gain with two taxes pays the lower, each worked on the gain less the losses and the exemption set against
//   it: a resident's land or building acquired before 23 July 2024 and transferred from that day, 12.5 % or 20 %
//   on the indexed gain (s.112(1)(a) provisos); a listed security other than a unit, or a zero coupon bond,
//   transferred before that day, 20 % on the indexed gain or 10 % on the gain without indexation (proviso to
//   s.112(1) as it then stood).
// - s.115BB (casual income): 30 % flat, no basic-exemption adjustment.
// - s.115A(1)(a) (a non-resident's dividends): 20 % flat in both regimes (s.115BAC(1A) is "subject to the
//   provisions of this Chapter"), the rest of total income at the slab rates; no basic-exemption adjustment,
//   which the section does not give and a non-resident never has under ss.111A/112/112A either. Under a tax
//   treaty (s.90(2)) they may instead bear the treaty's rate, which is the whole tax on them: the treaties' "Indian
//   tax" includes surcharge, and cess is an additional surcharge, so neither is added to it. They stay in total
//   income, so they still count for the surcharge band of the other income.
// - Surcharge (Finance Act First Schedule Part I Para A): 25 % and 37 % apply only when total income
//   *excluding* dividends and ss.111A/112/112A income exceeds ₹2 crore / ₹5 crore, and the surcharge on tax on
//   those incomes never exceeds 15 %. Marginal relief compares with the same income cut back to the threshold.
import { GAIN_BUCKETS, type LowerOfTwoGain, type LowerOfTwoGains, SECTION_112A_BUCKETS } from "./capital-gains";
import { percentOf } from "./rounding";
import type { Slab, SurchargeBand } from "./years";
import { LIMITS } from "./years";

export interface IncomeParts {
  /** Income at the slab rates (a resident's dividends included). */
  slab: number;
  /** A resident's dividends inside `slab`: their share of slab tax takes at most 15 % surcharge. */
  dividends: number;
  /** A non-resident's dividends, charged at 20 % under s.115A outside `slab`. */
  nonResidentDividends: number;
  /** Casual income, s.115BB. */
  casual: number;
  /** Capital gains in each GAIN_BUCKETS entry. */
  gains: readonly number[];
  /** The gains with two taxes inside `gains`, and the other gains of their buckets before set-off (paise). */
  lowerOfTwo: LowerOfTwoGains;
}

export interface BucketTax {
  exempt: number;
  /** Tax ignored where a gain's other tax is lower (provisos to s.112(1)). */
  indexationRelief: number;
  basicExemptionAdjusted: number;
  taxable: number;
  tax: number;
}

export interface SpecialTax {
  /** Tax on each gains bucket, in GAIN_BUCKETS order. */
  buckets: BucketTax[];
  casualTax: number;
  /** s.115A tax on a non-resident's dividends: surcharge on it is capped at 15 %. */
  dividendTax: number;
  /** Tax on those dividends at a treaty's rate instead (s.90(2)): no surcharge or cess is added to it. */
  treatyDividendTax: number;
  /** ss.111A and 112 tax: what the s.87A rebate may absorb where the year allows. */
  rebatableGainsTax: number;
  /** Tax on ss.111A/112/112A gains: surcharge on it is capped at 15 %. */
  gainsTax: number;
  total: number;
}

/** The basic exemption: the top of the nil-rate slab (₹2.5/3/5 lakh old regime by age, ₹3/4 lakh new). */
export function basicExemption(slabs: readonly Slab[]): number {
  for (let i = 0; i < slabs.length; i++) if (slabs[i]!.ratePercent > 0) return slabs[i]!.from;
  return 0;
}

/** Tax on rupees at a rate in tenths of a percent, to the rupee (50 paise up). */
function atTenths(rupees: number, rateTenths: number): number {
  return Math.floor((rupees * rateTenths + 500) / 1000);
}

function rateOf(gain: LowerOfTwoGain): number {
  return GAIN_BUCKETS[gain.bucket]!.rateTenths;
}

/**
 * What one more rupee set against the gain, after `reduction` rupees, saves in tenths of a percent: the rate of the
 * lower of its two taxes (at a tie, the rate of the one that falls faster), nothing once that tax is nil.
 */
function marginalTenths(gain: LowerOfTwoGain, reduction: number): number {
  const paise = reduction * 100;
  const own = Math.max(0, gain.inBucket - paise) * rateOf(gain);
  const other = Math.max(0, gain.other - paise) * gain.otherRateTenths;
  if (own === 0 || other === 0) return 0;
  if (other !== own) return other < own ? gain.otherRateTenths : rateOf(gain);
  return Math.max(gain.otherRateTenths, rateOf(gain));
}

/** Rupees of the gain that can still lower its tax: once the smaller of its two gains is covered the tax is nil. */
function roomOf(gain: LowerOfTwoGain): number {
  return Math.floor(Math.max(0, Math.min(gain.inBucket, gain.other)) / 100);
}

/** A rupee in the units the excess is exact in: paise × tenths of a percent. */
const EXCESS_UNITS_PER_RUPEE = 100_000n;

/**
 * The tax at the bucket's rate above the other tax, both worked on the gains less `reduction` rupees (losses set off
 * and basic exemption: the first proviso to s.112(1)(a), which the clause had before Finance (No. 2) Act 2024 too),
 * exact, in paise × tenths of a percent.
 */
function excessIgnored(gain: LowerOfTwoGain, reduction: number): bigint {
  const paise = reduction * 100;
  const own = Math.max(0, gain.inBucket - paise) * rateOf(gain);
  const other = Math.max(0, gain.other - paise) * gain.otherRateTenths;
  return BigInt(Math.max(0, own - other));
}

/**
 * The bucket's tax less the excesses its gains ignore, rounded once to the rupee (50 paise up): "such excess shall be
 * ignored" is the whole excess, so the tax is the lower tax itself, never a rupee above it.
 */
function taxLessExcess(taxable: number, rateTenths: number, excess: bigint): number {
  const exact = BigInt(taxable * rateTenths) * (EXCESS_UNITS_PER_RUPEE / 1000n) - excess;
  return Math.max(0, Number((exact + EXCESS_UNITS_PER_RUPEE / 2n) / EXCESS_UNITS_PER_RUPEE));
}

/**
 * Where rupees of a reduction can go: a lower-of-two gain (`gain` its index) or the rest of a bucket (`gain` −1). A
 * rupee saves `rateTenths` up to `room`, then `thenRateTenths` up to `thenRoom` more.
 */
interface Claim {
  bucket: number;
  gain: number;
  rateTenths: number;
  room: number;
  thenRateTenths: number;
  thenRoom: number;
}

const linearClaim = (bucket: number, gain: number, rateTenths: number, room: number): Claim => ({
  bucket,
  gain,
  rateTenths,
  room,
  thenRateTenths: 0,
  thenRoom: 0,
});

/**
 * A lower-of-two gain's claim after `reduced` rupees: a rupee saves the rate of the lower tax; where that tax falls
 * slower than the other, the two meet, and past that point a rupee saves the other's (higher) rate.
 */
function claimOf(bucket: number, index: number, gain: LowerOfTwoGain, reduced: number): Claim {
  const room = Math.max(0, roomOf(gain) - reduced);
  const rate = marginalTenths(gain, reduced);
  const own = rateOf(gain);
  const other = gain.otherRateTenths;
  const faster = Math.max(own, other);
  if (rate === 0 || rate === faster) return linearClaim(bucket, index, rate, room);
  const meet = Math.floor((gain.inBucket * own - gain.other * other) / (100 * (own - other)));
  const first = Math.min(room, Math.max(0, meet - reduced));
  return { bucket, gain: index, rateTenths: rate, room: first, thenRateTenths: faster, thenRoom: room - first };
}

/** Beyond this many claims whose saving rises, each is priced at its first rate (2^n choices are tried below it). */
const MOST_RISING_CLAIMS_TRIED = 12;

/**
 * Hands `amount` to the claims where it saves most, each up to its room. A claim whose saving rises is worth
 * reaching past its first stretch only by filling that stretch, so each choice of which to fill is tried (the saving
 * is then linear: the stretches are filled by rate, a stable order among equals) and the choice that saves most is
 * kept, the first of equals.
 */
function fill(amount: number, claims: readonly Claim[], take: (claim: Claim, rupees: number) => void): void {
  const rising = claims.filter((c) => c.room > 0 && c.thenRoom > 0 && c.thenRateTenths > c.rateTenths);
  const tried = rising.length <= MOST_RISING_CLAIMS_TRIED;
  let best: { placed: Map<Claim, number>; saving: number } | null = null;
  for (let choice = 0; choice < (tried ? 1 << rising.length : 1); choice++) {
    const filled = new Set(rising.filter((_, i) => (choice >> i) & 1));
    const placed = new Map<Claim, number>();
    let left = amount;
    let saving = 0;
    for (const claim of filled) {
      placed.set(claim, claim.room);
      left -= claim.room;
      saving += claim.room * claim.rateTenths;
    }
    if (left < 0) continue;
    const stretches: { claim: Claim; rateTenths: number; room: number }[] = [];
    for (const claim of claims) {
      const isRising = rising.includes(claim);
      if (filled.has(claim)) stretches.push({ claim, rateTenths: claim.thenRateTenths, room: claim.thenRoom });
      else if (isRising && tried) stretches.push({ claim, rateTenths: claim.rateTenths, room: claim.room });
      else if (isRising) stretches.push({ claim, rateTenths: claim.rateTenths, room: claim.room + claim.thenRoom });
      else {
        stretches.push({ claim, rateTenths: claim.rateTenths, room: claim.room });
        stretches.push({ claim, rateTenths: claim.thenRateTenths, room: claim.thenRoom });
      }
    }
    stretches.sort((a, b) => b.rateTenths - a.rateTenths);
    for (const stretch of stretches) {
      const share = Math.min(left, stretch.room);
      if (share <= 0) continue;
      placed.set(stretch.claim, (placed.get(stretch.claim) ?? 0) + share);
      saving += share * stretch.rateTenths;
      left -= share;
    }
    if (best === null || saving > best.saving) best = { placed, saving };
  }
  for (const claim of claims) {
    const rupees = best?.placed.get(claim) ?? 0;
    if (rupees > 0) take(claim, rupees);
  }
}

interface Reductions {
  /** Rupees set against each lower-of-two gain: its share of the set-off and of the basic exemption. */
  gains: number[];
  /** Rupees of basic exemption set against each bucket. */
  basicExemption: number[];
}

/**
 * The set-off each bucket with a lower-of-two gain had (what its gains before set-off exceed its income by) is told
 * apart between its gains, then a resident's unexhausted basic exemption goes against all gains; each where it
 * saves most ([U] the Act names no order; this is the choice most favourable to the taxpayer).
 */
function reductions(parts: IncomeParts, exempt: readonly number[], shortfall: number): Reductions {
  const gains = parts.lowerOfTwo.gains;
  const reduced = gains.map(() => 0);
  const basicExemption = GAIN_BUCKETS.map(() => 0);
  const restLeft = GAIN_BUCKETS.map((_, i) => parts.gains[i]! - exempt[i]!);
  for (let i = 0; i < GAIN_BUCKETS.length; i++) {
    const own: number[] = [];
    for (let j = 0; j < gains.length; j++) if (gains[j]!.bucket === i) own.push(j);
    if (own.length === 0) continue;
    const rest = Math.floor(parts.lowerOfTwo.otherGains[i]! / 100);
    let before = rest;
    const claims: Claim[] = [];
    for (const j of own) {
      const rupees = Math.floor(gains[j]!.inBucket / 100);
      before += rupees;
      claims.push(claimOf(i, j, gains[j]!, 0));
      claims.push(linearClaim(i, j, 0, rupees - roomOf(gains[j]!)));
    }
    claims.push(linearClaim(i, -1, GAIN_BUCKETS[i]!.rateTenths, rest));
    fill(Math.max(0, before - parts.gains[i]!), claims, (claim, rupees) => {
      if (claim.gain >= 0) reduced[claim.gain]! += rupees;
    });
    let left = 0;
    for (const j of own) left += Math.max(0, Math.floor(gains[j]!.inBucket / 100) - reduced[j]!);
    restLeft[i] = Math.max(0, parts.gains[i]! - left);
  }
  if (shortfall > 0) {
    const claims: Claim[] = gains.map((gain, j) => claimOf(gain.bucket, j, gain, reduced[j]!));
    for (let i = 0; i < GAIN_BUCKETS.length; i++) claims.push(linearClaim(i, -1, GAIN_BUCKETS[i]!.rateTenths, restLeft[i]!));
    fill(shortfall, claims, (claim, rupees) => {
      basicExemption[claim.bucket]! += rupees;
      if (claim.gain >= 0) reduced[claim.gain]! += rupees;
    });
  }
  return { gains: reduced, basicExemption };
}

/** `treatyTenths`: the treaty rate charged on a non-resident's dividends in tenths of a percent, or null for s.115A's. */
export function specialTax(parts: IncomeParts, resident: boolean, exemptionLimit: number, treatyTenths: number | null): SpecialTax {
  // s.112A(2)(i): tax only on gains above ₹1,25,000 in aggregate, the dearer gains first; the shortfall adjustment of
  // the proviso to s.112A(2) is then set against the rest (the same result as the Act's order, without wasting it).
  let exemption112A = LIMITS.section112AExemption;
  const exempt = GAIN_BUCKETS.map((_, i) => {
    if (!SECTION_112A_BUCKETS.includes(i)) return 0;
    const amount = Math.min(parts.gains[i]!, exemption112A);
    exemption112A -= amount;
    return amount;
  });
  const reduced = reductions(parts, exempt, resident ? Math.max(0, exemptionLimit - parts.slab) : 0);
  const buckets: BucketTax[] = [];
  let rebatableGainsTax = 0;
  let gainsTax = 0;
  for (let i = 0; i < GAIN_BUCKETS.length; i++) {
    const adjusted = reduced.basicExemption[i]!;
    const taxable = parts.gains[i]! - exempt[i]! - adjusted;
    const full = atTenths(taxable, GAIN_BUCKETS[i]!.rateTenths);
    let excess = 0n;
    parts.lowerOfTwo.gains.forEach((gain, j) => {
      if (gain.bucket === i) excess += excessIgnored(gain, reduced.gains[j]!);
    });
    const tax = excess === 0n ? full : Math.min(full, taxLessExcess(taxable, GAIN_BUCKETS[i]!.rateTenths, excess));
    const indexationRelief = full - tax;
    buckets.push({ exempt: exempt[i]!, indexationRelief, basicExemptionAdjusted: adjusted, taxable, tax });
    gainsTax += tax;
    if (GAIN_BUCKETS[i]!.kind !== "112A") rebatableGainsTax += tax;
  }
  const casualTax = percentOf(parts.casual, LIMITS.casualRatePercent);
  const dividendTax = treatyTenths === null ? percentOf(parts.nonResidentDividends, LIMITS.nonResidentDividendRatePercent) : 0;
  const treatyDividendTax = treatyTenths === null ? 0 : atTenths(parts.nonResidentDividends, treatyTenths);
  const total = gainsTax + casualTax + dividendTax + treatyDividendTax;
  return { buckets, casualTax, dividendTax, treatyDividendTax, rebatableGainsTax, gainsTax, total };
}

function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/** Total income without dividends and ss.111A/112/112A gains: the measure for the 25 % and 37 % bands. */
function incomeExcludingCapped(parts: IncomeParts): number {
  return parts.slab - parts.dividends + parts.casual;
}

function totalIncome(parts: IncomeParts): number {
  return parts.slab + parts.nonResidentDividends + parts.casual + sum(parts.gains);
}

/** Index of the band that applies (−1: none). Bands above 15 % are measured without the capped incomes. */
function bandIndex(bands: readonly SurchargeBand[], parts: IncomeParts): number {
  const total = totalIncome(parts);
  const excluding = incomeExcludingCapped(parts);
  let index = -1;
  for (let i = 0; i < bands.length; i++) {
    const band = bands[i]!;
    const measure = band.ratePercent > LIMITS.specialIncomeSurchargeCapPercent ? excluding : total;
    if (measure > band.above) index = i;
  }
  return index;
}

/**
 * Surcharge at `ratePercent`, the capped incomes' tax at no more than 15 %, tax at a treaty's rate at none. Tax on
 * dividends is their share of slab tax by income ([U] apportionment; the Schedule names the income, not the
 * method), in exact rational arithmetic, rounded to the rupee.
 */
function surchargeAt(ratePercent: number, parts: IncomeParts, slabTax: number, special: SpecialTax): number {
  const capped = Math.min(ratePercent, LIMITS.specialIncomeSurchargeCapPercent);
  const flatPaise = special.casualTax * ratePercent + (special.gainsTax + special.dividendTax) * capped;
  if (parts.dividends === 0 || capped === ratePercent || parts.slab === 0) {
    return Math.floor((slabTax * ratePercent + flatPaise + 50) / 100);
  }
  const slab = BigInt(parts.slab);
  const numerator =
    BigInt(slabTax) * (BigInt(ratePercent) * (slab - BigInt(parts.dividends)) + BigInt(capped) * BigInt(parts.dividends)) + slab * BigInt(flatPaise);
  return Number((numerator + 50n * slab) / (100n * slab));
}

/**
 * Cuts `amount` from the parts in order: slab income other than dividends, dividends (a resident's at the slab
 * rates or a non-resident's at 20 %: never both), casual, cheapest gains.
 */
function cutBack(parts: IncomeParts, amount: number, includeCapped: boolean): IncomeParts {
  const ordinary = parts.slab - parts.dividends;
  let left = amount;
  const fromOrdinary = Math.min(left, ordinary);
  left -= fromOrdinary;
  const fromDividends = includeCapped ? Math.min(left, parts.dividends) : 0;
  left -= fromDividends;
  const fromNonResidentDividends = includeCapped ? Math.min(left, parts.nonResidentDividends) : 0;
  left -= fromNonResidentDividends;
  const fromCasual = Math.min(left, parts.casual);
  left -= fromCasual;
  const gains = parts.gains.slice();
  for (let i = gains.length - 1; includeCapped && i >= 0 && left > 0; i--) {
    const cut = Math.min(left, gains[i]!);
    gains[i]! -= cut;
    left -= cut;
  }
  return {
    slab: parts.slab - fromOrdinary - fromDividends,
    dividends: parts.dividends - fromDividends,
    nonResidentDividends: parts.nonResidentDividends - fromNonResidentDividends,
    casual: parts.casual - fromCasual,
    gains,
    lowerOfTwo: parts.lowerOfTwo,
  };
}

export interface Surcharge {
  ratePercent: number;
  surcharge: number;
  marginalRelief: number;
}

/** Recomputes slab tax and special-rate tax for other income parts (the cut-back income of marginal relief). */
export type TaxOn = (parts: IncomeParts) => { slabTax: number; special: SpecialTax };

/**
 * Surcharge on `slabTax` + `special.total` (no s.87A rebate can coexist with it: the rebate ends at ₹12 lakh),
 * with marginal relief: tax + surcharge may exceed the tax + surcharge on income cut back to the band's
 * threshold by no more than the income above it. `taxOn` recomputes the tax for the cut-back income.
 */
export function surchargeFor(bands: readonly SurchargeBand[], parts: IncomeParts, slabTax: number, special: SpecialTax, taxOn: TaxOn): Surcharge {
  const index = bandIndex(bands, parts);
  if (index < 0) return { ratePercent: 0, surcharge: 0, marginalRelief: 0 };
  const band = bands[index]!;
  const surcharge = surchargeAt(band.ratePercent, parts, slabTax, special);
  const onExcluding = band.ratePercent > LIMITS.specialIncomeSurchargeCapPercent;
  const measure = onExcluding ? incomeExcludingCapped(parts) : totalIncome(parts);
  const excess = measure - band.above;
  const atThreshold = cutBack(parts, excess, !onExcluding);
  const lower = taxOn(atThreshold);
  const lowerIndex = bandIndex(bands, atThreshold);
  const lowerSurcharge = lowerIndex < 0 ? 0 : surchargeAt(bands[lowerIndex]!.ratePercent, atThreshold, lower.slabTax, lower.special);
  const ceiling = lower.slabTax + lower.special.total + lowerSurcharge + excess;
  const over = slabTax + special.total + surcharge - ceiling;
  return { ratePercent: band.ratePercent, surcharge, marginalRelief: over > 0 ? Math.min(surcharge, over) : 0 };
}
