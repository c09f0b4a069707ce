// Tax on total income that mixes slab-rate and special-rate income, and the surcharge on it. Amounts are whole
// rupees (total income is already rounded under s.288A).
//
// - ss.111A, 112, 112A (ITA 2025 ss.196-198): each bucket at its rate; a resident's basic exemption left
//   unused by slab income is set against these gains, dearest first (the provisos to each section).
//   A resident's land or building acquired before 23 July 2024 pays the lower of 12.5 % and 20 % on the indexed
//   gain, each on its gain less the exemption set against it (s.112(1)(a) provisos).
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
import { GAIN_BUCKETS, type LandOrBuildingGain, SECTION_112_WITHOUT_INDEXATION, SECTION_112A_BUCKETS } from "./capital-gains";
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
  /** The land or buildings with the indexation choice inside the s.112 bucket without indexation (paise). */
  landOrBuildings: readonly LandOrBuildingGain[];
}

export interface BucketTax {
  exempt: number;
  /** Tax ignored under the second proviso to s.112(1)(a) (resident's land or building acquired before 23 July 2024). */
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

/** 20 % on the indexed gain is the lower tax, and stays so whatever exemption is set against the land. */
function indexedTaxIsLower(land: LandOrBuildingGain): boolean {
  return land.indexedGain * 200 <= land.gain * 125;
}

/** Rupees of exemption that lower the land's tax: once its indexed gain is covered the tax is nil. */
function exemptionRoom(land: LandOrBuildingGain): number {
  return Math.floor(Math.max(0, Math.min(land.gain, land.indexedGain)) / 100);
}

/**
 * Second proviso to s.112(1)(a): the tax at 12.5 % above the tax at 20 % on the indexed gain is ignored, both
 * worked on the gains less `adjusted` rupees of basic exemption (its first proviso, which the clause had before
 * Finance (No. 2) Act 2024 too). Paise × tenths of a percent is exact; rounded down to rupees so it never
 * exceeds the excess.
 */
function excessIgnored(land: LandOrBuildingGain, adjusted: number): number {
  const paise = adjusted * 100;
  return Math.floor(Math.max(0, (land.gain - paise) * 125 - Math.max(0, land.indexedGain - paise) * 200) / 100_000);
}

/** `treatyTenths`: the treaty rate charged on a non-resident's dividends in tenths of a percent, or null for s.115A's. */
export function specialTax(parts: IncomeParts, resident: boolean, exemptionLimit: number, treatyTenths: number | null): SpecialTax {
  let shortfall = resident ? Math.max(0, exemptionLimit - parts.slab) : 0;
  // Land whose 20 % indexed tax is the lower saves 20 % on each rupee of exemption up to its indexed gain, so it
  // takes its share with the 20 % gains, before the 15 % and 12.5 % ones (dearest first).
  const lands = parts.landOrBuildings;
  const withoutIndexation = parts.gains[SECTION_112_WITHOUT_INDEXATION]!;
  let landAdjusted = 0;
  let landRelief = 0;
  for (let j = 0; j < lands.length; j++) {
    if (!indexedTaxIsLower(lands[j]!)) continue;
    const share = Math.min(shortfall, exemptionRoom(lands[j]!), withoutIndexation - landAdjusted);
    shortfall -= share;
    landAdjusted += share;
    landRelief += excessIgnored(lands[j]!, share);
  }
  let exemption112A = LIMITS.section112AExemption;
  const buckets: BucketTax[] = [];
  let rebatableGainsTax = 0;
  let gainsTax = 0;
  for (let i = 0; i < GAIN_BUCKETS.length; i++) {
    const income = parts.gains[i]!;
    // s.112A(2)(i): tax only on gains above ₹1,25,000 in aggregate; the shortfall adjustment of the proviso to s.112A(2) is
    // then set against the rest (the same result as the Act's order, without wasting the shortfall).
    const exempt = SECTION_112A_BUCKETS.includes(i) ? Math.min(income, exemption112A) : 0;
    exemption112A -= exempt;
    let adjusted: number;
    let relief = 0;
    if (i === SECTION_112_WITHOUT_INDEXATION && lands.length > 0) {
      // Then the land whose 12.5 % tax is the lower (enough exemption can tip it to 20 %, which excessIgnored
      // sees), each up to its indexed gain, then the other s.112 gains.
      adjusted = landAdjusted;
      relief = landRelief;
      let landGains = 0;
      for (let j = 0; j < lands.length; j++) {
        landGains += lands[j]!.gain;
        if (indexedTaxIsLower(lands[j]!)) continue;
        const share = Math.min(shortfall, exemptionRoom(lands[j]!), income - adjusted);
        shortfall -= share;
        adjusted += share;
        relief += excessIgnored(lands[j]!, share);
      }
      const share = Math.min(shortfall, Math.max(0, income - Math.floor(landGains / 100)), income - adjusted);
      shortfall -= share;
      adjusted += share;
    } else {
      adjusted = Math.min(shortfall, income - exempt);
      shortfall -= adjusted;
    }
    const taxable = income - exempt - adjusted;
    const full = atTenths(taxable, GAIN_BUCKETS[i]!.rateTenths);
    // [U] the relief is worked per asset on its own gain; losses set off against the bucket do not re-work it,
    // so it is bounded by the bucket's tax.
    const indexationRelief = Math.min(full, relief);
    const tax = full - indexationRelief;
    buckets.push({ exempt, indexationRelief, basicExemptionAdjusted: adjusted, taxable, tax });
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
    landOrBuildings: parts.landOrBuildings,
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
