import { formatGrams, formatPaise } from "./money";

// Documented maxima for every back-office figure. They keep each derived figure an exact integer of paise
// or grams: below Number.MAX_SAFE_INTEGER (2^53 - 1 ≈ 9.007e15) in JavaScript, and far below SQLite's
// int64 (≈ 9.22e18), so nothing stored can make a later read overflow or round.
//
// The arithmetic, worst case everywhere:
//   line amount   grams × paise/kg      = 1e8 g × 1e6 paise/kg       = 1e14 (safe), ÷ 1000 → 1e11 paise
//   line GST      amount × rate bps     = 1e11 × 4,000 bps           = 4e14 (safe), ÷ 10,000 → 4e10 paise
//   sale total    100 lines × (1e11 + 4e10)                          = 1.4e13 paise (₹14,000 crore)
//   credit-note split  amount × tax column ≈ 1.4e13 × 4e12 = 5.6e25: done in BigInt (place-of-supply.ts)
//   lot stock     at most 1e9 g on hand; a sum over 1e6 movements of 1e8 g is 1e14 (safe)
//   customer balance: a sum of sale totals and receipts; 643 sales at the maximum (643 × 1.4e13 ≈ 9.0e15)
//     still fit exactly in a JavaScript number, and SQLite's SUM stays exact to 650,000 of them. The bounds do
//     not stop an account's totals passing 2^53 paise (₹90 lakh crore); a read that meets one fails (formatPaise
//     throws) rather than print a rounded figure.

export const BOUNDS = {
  /** One lot receipt, sale line, return, adjustment or transfer: 100,000 kg (four truckloads). */
  gramsPerEntry: { min: 1, max: 100_000_000 },
  /** Stock on hand of one lot after any movement: 1,000,000 kg. */
  gramsOnHandPerLot: { min: 0, max: 1_000_000_000 },
  /**
   * Selling rate per kg: ₹10,000.00/kg at most (fine yarn trades at ₹140-420/kg), and above 0: yarn given away
   * free is no supply for a tax invoice, and a ₹0 invoice would take a number of the consecutive series.
   */
  ratePaisePerKg: { min: 1, max: 1_000_000 },
  /** Purchase cost per kg: as a selling rate, but 0 for yarn received free of charge (a mill's replacement). */
  costPaisePerKg: { min: 0, max: 1_000_000 },
  /** GST rate: the highest slab is 40 %. */
  gstRateBps: { min: 0, max: 4_000 },
  /** Lines on one sale. */
  linesPerSale: { min: 1, max: 100 },
  /** One payment, credit note, expense, mill invoice or mill payment: the largest possible sale total. */
  amountPaise: { min: 1, max: 14_000_000_000_000 },
  /** A customer's credit limit: 0 (no credit) up to the largest amount. */
  creditLimitPaise: { min: 0, max: 14_000_000_000_000 },
  /** Stock-low threshold of a SKU. */
  thresholdGrams: { min: 0, max: 1_000_000_000 },
} as const;

export type BoundName = keyof typeof BOUNDS;

export type BoundResult = { ok: true } | { ok: false; code: "out_of_range"; field: string; message: string };

/** A value outside its bound is refused, naming the field (400 bad_request in the routes). */
export function checkBound(field: string, bound: BoundName, value: number): BoundResult {
  const { min, max } = BOUNDS[bound];
  if (!Number.isSafeInteger(value)) return { ok: false, code: "out_of_range", field, message: `${field} must be a whole number of ${unit(bound)}` };
  if (value < min || value > max) {
    return { ok: false, code: "out_of_range", field, message: `${field} must be between ${show(bound, min)} and ${show(bound, max)}` };
  }
  return { ok: true };
}

function unit(bound: BoundName): string {
  if (bound === "amountPaise" || bound === "creditLimitPaise" || bound === "ratePaisePerKg" || bound === "costPaisePerKg") return "paise";
  if (bound === "gstRateBps") return "basis points";
  if (bound === "linesPerSale") return "lines";
  return "grams";
}

// Messages speak in the API's units: kg with 3 decimals, rupees with 2, rates in percent.
function show(bound: BoundName, value: number): string {
  switch (bound) {
    case "amountPaise":
    case "creditLimitPaise":
    case "ratePaisePerKg":
    case "costPaisePerKg":
      return formatPaise(value);
    case "gstRateBps":
      return `${value / 100} %`;
    case "linesPerSale":
      return String(value);
    default:
      return `${formatGrams(value)} kg`;
  }
}
