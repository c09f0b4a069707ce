// Exact units: money in paise and weight in grams, both integers, printed and parsed as decimal strings
// without floating-point arithmetic (2 dp for ₹, 3 dp for kg, per the CSV conventions of the reference §5).

export type ParseResult<K extends string> = ({ ok: true } & Record<K, number>) | { ok: false; error: string };

/** -125000 → "-1250.00". No grouping and no ₹, so spreadsheets and Zoho/Tally imports read it as a number. */
export function formatPaise(paise: number): string {
  return formatScaled(paise, 2);
}

/** formatPaise, with null (a figure not recorded) kept as null. */
export function formatPaiseOrNull(paise: number | null): string | null {
  return paise === null ? null : formatPaise(paise);
}

/** 1234567 → "1234.567" (kg). */
export function formatGrams(grams: number): string {
  return formatScaled(grams, 3);
}

/**
 * Rupees → paise. Accepts "1250", "1250.5", "-1250.00", "₹1,250.50", Indian grouping "12,34,567.89" and
 * Western "1,234,567.89", or a JSON number (read through its shortest decimal form, so 0.1 stays 10 paise).
 * More than 2 decimals is an error, never a silent rounding.
 */
export function parseRupees(input: string | number): ParseResult<"paise"> {
  const text = typeof input === "number" ? String(input) : input.trim().replace(/^(-?)₹\s*/, "$1");
  const scaled = parseScaled(text, 2);
  return typeof scaled === "string" ? { ok: false, error: scaled } : { ok: true, paise: scaled };
}

/** Kilograms → grams, up to 3 decimals: "12.5" → 12500, 0.001 → 1. */
export function parseKg(input: string | number): ParseResult<"grams"> {
  const text = typeof input === "number" ? String(input) : input.trim();
  const scaled = parseScaled(text, 3);
  return typeof scaled === "string" ? { ok: false, error: scaled } : { ok: true, grams: scaled };
}

/**
 * Amount of a sale line: grams × paise per kg / 1000, rounded to the nearest paisa (half away from zero).
 * Integer arithmetic only; exact while the product stays a safe integer.
 */
export function amountPaise(grams: number, paisePerKg: number): number {
  const product = grams * paisePerKg;
  if (!Number.isSafeInteger(product)) throw new RangeError("amount exceeds exact integer range");
  const magnitude = Math.abs(product);
  const remainder = magnitude % 1000;
  const whole = (magnitude - remainder) / 1000 + (remainder >= 500 ? 1 : 0);
  return product < 0 ? -whole : whole;
}

/**
 * The value of `grams` at `paisePerKg`, printed in rupees: grams × paise/kg ÷ 1000, rounded half away from zero,
 * in BigInt so that no stored pair of figures, however large, can make a read fail or round.
 */
export function formatValueOf(grams: number, paisePerKg: number): string {
  const product = BigInt(grams) * BigInt(paisePerKg);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const paise = magnitude / 1000n + (magnitude % 1000n >= 500n ? 1n : 0n);
  const digits = paise.toString().padStart(3, "0");
  return `${negative && paise !== 0n ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

function formatScaled(value: number, decimals: number): string {
  // Callers hold integers from the database; a fraction here is a bug, not user input.
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer amount: ${value}`);
  const digits = String(Math.abs(value)).padStart(decimals + 1, "0");
  const sign = value < 0 ? "-" : "";
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

// Plain digits, Western groups of three, or Indian groups (last three, then twos).
const INTEGER_PART = /^(\d+|\d{1,3}(,\d{3})+|\d{1,2}(,\d{2})*,\d{3})$/;

function parseScaled(text: string, decimals: number): number | string {
  const match = /^(-?)([\d,]+)(?:\.(\d+))?$/.exec(text);
  if (!match || !INTEGER_PART.test(match[2] ?? "")) {
    return "must be a decimal number such as 1250.50";
  }
  const fraction = match[3] ?? "";
  if (fraction.length > decimals) return `must have at most ${decimals} decimal places`;
  const digits = (match[2] ?? "").replaceAll(",", "") + fraction.padEnd(decimals, "0");
  const magnitude = Number(digits);
  if (!Number.isSafeInteger(magnitude)) return "is too large";
  // Avoid -0 for "-0.00".
  return match[1] === "-" && magnitude !== 0 ? -magnitude : magnitude;
}
