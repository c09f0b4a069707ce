// Tax at the slab rates, with net agricultural income counted for the rate (partial integration). Agricultural
// income is not part of total income (s.10(1)); the Finance Act for the year (s.2(2), in both regimes; for tax year
// 2026-27, s.3 of the Finance Act 2026) makes an individual's income-tax, where that income exceeds ₹5,000 and total
// income exceeds the basic exemption, (1) the tax on total income plus net agricultural income less (2) the tax on
// net agricultural income plus the basic exemption, both at the slab rates: as if the agricultural income sat in
// total income right after the basic exemption, untaxed. With special-rate income the slab rates charge only the
// rest "as if such balance amount were the total income" (ss.111A(1), 112, 112A, 115A, 115BB), so the rule is
// applied to that rest, `incomeAtSlabRates`.
import { toRupees } from "./rounding";
import { basicExemption } from "./special-rates";
import type { AgriculturalIncomeResult, RegimeResult } from "./types";
import { LIMITS, type Slab } from "./years";

/** Tax on `income` rupees at the slab rates, in paise (exact: rupees × percent = paise). */
function taxAtSlabRatesPaise(slabs: readonly Slab[], income: number): number {
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

/**
 * Rupees of net agricultural income (given in paise; paise ignored, as for total income) counted for the rate on
 * `income` at the slab rates: none at ₹5,000 or less, nor when `income` is within the basic exemption (the tax on it
 * is nil either way).
 */
export function agriculturalIncomeCounted(slabs: readonly Slab[], income: number, agriculturalIncome: number): number {
  if (agriculturalIncome <= LIMITS.agriculturalIncomeCountedAbove * 100 || income <= basicExemption(slabs)) return 0;
  return Math.floor(agriculturalIncome / 100);
}

/** (1) and (2) of the rule, in paise; both 0 when no agricultural income is counted. */
function integrationPaise(slabs: readonly Slab[], income: number, counted: number): { withAgricultural: number; agriculturalAndExemption: number } {
  if (counted === 0) return { withAgricultural: 0, agriculturalAndExemption: 0 };
  return {
    withAgricultural: taxAtSlabRatesPaise(slabs, income + counted),
    agriculturalAndExemption: taxAtSlabRatesPaise(slabs, counted + basicExemption(slabs)),
  };
}

/** Tax on `income` rupees at the slab rates with `counted` rupees of agricultural income counted for the rate, in paise. */
export function slabTaxPaise(slabs: readonly Slab[], income: number, counted: number): number {
  if (counted === 0) return taxAtSlabRatesPaise(slabs, income);
  const { withAgricultural, agriculturalAndExemption } = integrationPaise(slabs, income, counted);
  return withAgricultural - agriculturalAndExemption;
}

/** Rupees of [from, to) inside [lower, upper) (upper null: no end). */
function overlap(from: number, to: number, lower: number, upper: number | null): number {
  return Math.max(0, Math.min(to, upper ?? to) - Math.max(from, lower));
}

/**
 * One line per slab with the part of `income` in it. Income above the basic exemption sits above the `counted`
 * agricultural income, so the lines' taxes add up to (1) − (2) exactly and their amounts to `income`.
 */
export function slabLines(slabs: readonly Slab[], income: number, counted: number, out: RegimeResult): void {
  // Without agricultural income (the usual case) the split below gives the slabs cut at `income`: worked directly,
  // as every detailed compute builds these lines for both regimes (the split cost twice as much in a profile).
  if (counted === 0) {
    for (let i = 0; i < slabs.length; i++) {
      const slab = slabs[i]!;
      const upTo = slabs[i + 1]?.from ?? null;
      const taxableAmount = Math.max(0, (upTo === null ? income : Math.min(income, upTo)) - slab.from);
      out.slabs.push({ from: slab.from, upTo, ratePercent: slab.ratePercent, taxableAmount, tax: toRupees(taxableAmount * slab.ratePercent) });
    }
    return;
  }
  const exemption = Math.min(income, basicExemption(slabs));
  const above = income - exemption;
  for (let i = 0; i < slabs.length; i++) {
    const slab = slabs[i]!;
    const next = slabs[i + 1];
    const upTo = next === undefined ? null : next.from;
    const taxableAmount = overlap(0, exemption, slab.from, upTo) + overlap(exemption + counted, exemption + counted + above, slab.from, upTo);
    out.slabs.push({ from: slab.from, upTo, ratePercent: slab.ratePercent, taxableAmount, tax: toRupees(taxableAmount * slab.ratePercent) });
  }
}

/** What the result shows of agricultural income given in paise (above 0): how much was counted, with (1) and (2). */
export function agriculturalIncomeResult(
  slabs: readonly Slab[],
  income: number,
  agriculturalIncome: number,
  counted: number,
): AgriculturalIncomeResult {
  const { withAgricultural, agriculturalAndExemption } = integrationPaise(slabs, income, counted);
  return {
    netAgriculturalIncome: toRupees(agriculturalIncome),
    maximumAmountNotChargeable: basicExemption(slabs),
    integrated: counted > 0,
    taxWithAgriculturalIncome: counted > 0 ? toRupees(withAgricultural) : null,
    taxOnAgriculturalIncomeAndExemption: counted > 0 ? toRupees(agriculturalAndExemption) : null,
  };
}
