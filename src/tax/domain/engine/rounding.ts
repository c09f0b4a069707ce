// Exact integer rounding. Amounts are non-negative integers (rupees or paise), so `Math.floor` of an exact
// integer quotient plus half the divisor is round-half-up with no floating drift.

/** s.288A / s.288B: ignore paise, then round to the nearest multiple of ₹10 (a last digit of 5 or more goes up). */
export function roundToTenRupees(paise: number): number {
  const rupees = Math.floor(paise / 100);
  return Math.floor((rupees + 5) / 10) * 10;
}

/** A tax line in paise to whole rupees, 50 paise up: the return forms carry whole rupees on every line. */
export function paiseToWholeRupees(paise: number): number {
  return Math.floor((paise + 50) / 100);
}

/** `amount × percent / 100` rounded half up to a whole unit of `amount`. */
export function percentOf(amount: number, percent: number): number {
  return Math.floor((amount * percent + 50) / 100);
}

/** `amount × percent / 100` rounded down: a deduction limited to "X per cent of" never exceeds it. */
export function percentOfFloor(amount: number, percent: number): number {
  return Math.floor((amount * percent) / 100);
}

/**
 * An income at the average rate of tax, `incomePaise × tax ÷ totalIncome` (tax and total income in rupees), in whole
 * rupees to the nearest (half up); exact, as income reaches 10^13 paise. Nil without tax or total income.
 */
export function atAverageRate(incomePaise: number, tax: number, totalIncome: number): number {
  if (totalIncome <= 0 || tax <= 0) return 0;
  const numerator = BigInt(incomePaise) * BigInt(tax);
  const denominator = BigInt(totalIncome) * 100n;
  return Number((2n * numerator + denominator) / (2n * denominator));
}

export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function toRupees(paise: number): number {
  return paise / 100;
}

/** Indian digit grouping for messages: 1234567 -> "₹12,34,567" (last three digits, then pairs). */
export function formatRupees(rupees: number): string {
  const digits = String(Math.round(rupees));
  const split = digits.length - 3;
  if (split <= 0) return `₹${digits}`;
  let grouped = digits.slice(split);
  for (let end = split; end > 0; end -= 2) grouped = `${digits.slice(Math.max(0, end - 2), end)},${grouped}`;
  return `₹${grouped}`;
}

/** A paise amount for words a user acts on: whole rupees as `formatRupees`, else with its paise ("₹49,999.90"). */
export function formatPaise(paise: number): string {
  const rest = paise % 100;
  const rupees = formatRupees((paise - rest) / 100);
  return rest === 0 ? rupees : `${rupees}.${String(rest).padStart(2, "0")}`;
}
