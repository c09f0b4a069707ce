// Amount cells as printed in Form 16, Form 130 and AIS text: Indian or Western digit grouping, an optional
// currency marker, negatives as -1,000 or (1,000), and blank/-/NIL cells. Hand-written scanners, no regex,
// so every function here is linear in its input.

/** How sure we are that a token is money rather than a row number or a section number. */
export type AmountStrength = "strong" | "weak";

export interface AmountToken {
  /** Whole paise, so sums never drift. */
  paise: number;
  /** strong: grouped, decimal, currency-marked or negative in brackets; weak: a bare integer like 15000. */
  strength: AmountStrength;
}

// 15 digits of rupees keeps paise inside Number.MAX_SAFE_INTEGER.
const MAX_RUPEE_DIGITS = 15;

const BLANK_CELLS = new Set(["", "-", "--", "---", "nil", "nil.", "na", "n.a.", "n/a"]);

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";

/** Converts paise back to rupees, the unit every result field uses. */
export const toRupees = (paise: number): number => paise / 100;

function stripCurrency(text: string): { rest: string; marked: boolean } {
  // Every marker starts with r, i, ₹ or a back-tick (nothing else lower-cases to those). The back-tick is what
  // PDF text extraction gives for the rupee sign of fonts that put ₹ on the grave-accent key.
  const first = text.charCodeAt(0);
  if (first !== 0x72 && first !== 0x52 && first !== 0x69 && first !== 0x49 && first !== 0x20b9 && first !== 0x60)
    return { rest: text, marked: false };
  const lower = text.toLowerCase();
  // An indexed loop over a constant list, not for-of over a fresh array: every amount of a document comes here.
  for (let m = 0; m < CURRENCY_MARKERS.length; m++) {
    const marker = CURRENCY_MARKERS[m]!;
    if (lower.startsWith(marker)) return { rest: text.slice(marker.length).trimStart(), marked: true };
  }
  return { rest: text, marked: false };
}

// Longest first where one marker starts another ("rs." before "rs").
const CURRENCY_MARKERS = ["rs.", "rs", "inr", "₹", "`"];

const ZERO = 0x30;
const COMMA = 0x2c;
const POINT = 0x2e;

// Digits with optional grouping and up to two decimals; validates the groups so "1,2,3" (a list) is not money.
// Read by character code, with no one-character strings or Number() per digit: every money-like token of a
// document passes through here.
function scanDigits(body: string): { paise: number; grouped: boolean; decimal: boolean } | null {
  let rupees = 0;
  let digits = 0;
  let groupDigits = 0;
  let groups = 0;
  let firstGroupDigits = 0;
  let i = 0;
  for (; i < body.length; i++) {
    const digit = body.charCodeAt(i) - ZERO;
    if (digit >= 0 && digit <= 9) {
      rupees = rupees * 10 + digit;
      digits++;
      groupDigits++;
      if (digits > MAX_RUPEE_DIGITS) return null;
    } else if (digit === COMMA - ZERO) {
      if (groupDigits === 0) return null;
      if (groups === 0) {
        if (groupDigits > 3) return null;
        firstGroupDigits = groupDigits;
      } else if (groupDigits !== 2 && groupDigits !== 3) {
        return null;
      }
      groups++;
      groupDigits = 0;
    } else {
      break;
    }
  }
  if (digits === 0) return null;
  if (groups > 0 && groupDigits !== 3) return null;
  if (groups > 0 && firstGroupDigits === 0) return null;
  let paise = rupees * 100;
  let decimal = false;
  if (i < body.length) {
    if (body.charCodeAt(i) !== POINT) return null;
    // One or two decimals: tenths, then hundredths (none is 0).
    const decimals = body.length - i - 1;
    if (decimals < 1 || decimals > 2) return null;
    const tenths = body.charCodeAt(i + 1) - ZERO;
    const hundredths = decimals === 2 ? body.charCodeAt(i + 2) - ZERO : 0;
    if (!(tenths >= 0 && tenths <= 9 && hundredths >= 0 && hundredths <= 9)) return null;
    paise += tenths * 10 + hundredths;
    decimal = true;
  }
  return { paise, grouped: groups > 0, decimal };
}

// Besides a digit: a sign, a bracket, a currency marker (₹, Rs., INR) or leading space or point.
const MAY_START_AMOUNT = new Set([..."-(₹RrIi .`"].map((c) => c.charCodeAt(0)));

/**
 * Reads one token or cell as an amount. Returns null when it is not money. A bare integer comes back "weak":
 * callers decide from its position whether it is money or a section/row number.
 */
export function readAmountToken(raw: string): AmountToken | null {
  // Fast rejection: money starts with a digit, a sign, a bracket or a currency marker.
  const first = raw.charCodeAt(0);
  if (!((first >= 0x30 && first <= 0x39) || MAY_START_AMOUNT.has(first))) return null;
  let text = raw.trim();
  if (text.length === 0 || text.length > 40) return null;
  let marked = false;
  let negative = false;
  let bracketed = false;
  // A trailing minus ("1,50,000.00-") is a sign only on what is surely money: "2025-" is half a year.
  let trailingMinus = false;
  // "(-) 1,50,000" and "1,50,000 (-)" mark a negative as some payroll exports print it.
  if (text.startsWith("(-)")) {
    text = text.slice(3).trimStart();
    negative = true;
  } else if (text.endsWith("(-)")) {
    text = text.slice(0, -3).trimEnd();
    negative = true;
  }
  // "1,000/-" is how Indian forms close an amount.
  if (text.endsWith("/-")) {
    text = text.slice(0, -2);
    marked = true;
  } else if (!negative && text.length > 1 && text.endsWith("-")) {
    text = text.slice(0, -1).trimEnd();
    negative = true;
    trailingMinus = true;
  }
  const outer = stripCurrency(text);
  text = outer.rest;
  marked ||= outer.marked;
  if (text.startsWith("(") && text.endsWith(")")) {
    text = text.slice(1, -1).trim();
    negative = true;
    bracketed = true;
    const inner = stripCurrency(text);
    text = inner.rest;
    marked ||= inner.marked;
  }
  if (text.startsWith("-") && !bracketed) {
    text = text.slice(1).trimStart();
    negative = true;
    const inner = stripCurrency(text);
    text = inner.rest;
    marked ||= inner.marked;
  }
  const scanned = scanDigits(text);
  if (scanned === null) return null;
  const strong = marked || scanned.grouped || scanned.decimal;
  // "(1)" and "(2)" are sub-section numbers and "2025-" half a year, not negative rupees; a longer whole number in
  // brackets ("(38200)") or before a minus ("38200-") is a loss printed without grouping.
  if (!strong && (bracketed ? scanned.paise < 100_000 : trailingMinus && scanned.paise < 1_000_000)) return null;
  const paise = negative && scanned.paise !== 0 ? -scanned.paise : scanned.paise;
  return { paise, strength: strong ? "strong" : "weak" };
}

/**
 * Parses a table cell into rupees. Blank, "-" and "NIL" cells are zero; anything that is not an amount is
 * null. Accepts 1,23,456.00, Rs. 500, ₹500, `500, INR 500, -1,000, (1,000) and 1,000/-.
 */
export function parseAmount(cell: string): number | null {
  const trimmed = cell.trim();
  if (BLANK_CELLS.has(trimmed.toLowerCase())) return 0;
  const token = readAmountToken(trimmed);
  return token === null ? null : toRupees(token.paise);
}

/** True when the token is only a currency marker, so the amount follows as the next token ("Rs. 1,000"). */
export function isCurrencyMarker(token: string): boolean {
  // Each marker starts with r, i, ₹, a bracket or a back-tick; nothing else lower-cases to those.
  if (token.length > 5) return false;
  const first = token.charCodeAt(0);
  if (first !== 0x72 && first !== 0x52 && first !== 0x69 && first !== 0x49 && first !== 0x20b9 && first !== 0x28 && first !== 0x60) return false;
  const lower = token.toLowerCase();
  return lower === "rs." || lower === "rs" || lower === "inr" || lower === "₹" || lower === "(rs.)" || lower === "`";
}

/**
 * Splits a token that has an amount glued to its end, as IBM TRACES extraction prints
 * `17(1)(a)6808042.00` or `(d)Total6885097.00`. Only a suffix with two decimals counts, so `80CCD` or
 * `10(13A)` are never split.
 */
export function splitGluedAmount(token: string): { label: string; amount: AmountToken } | null {
  const n = token.length;
  if (n < 5 || token[n - 3] !== "." || !isDigit(token[n - 1]) || !isDigit(token[n - 2])) return null;
  let start = n - 3;
  while (start > 0) {
    const c = token[start - 1];
    if (isDigit(c) || c === ",") start--;
    else break;
  }
  if (start === n - 3 || start === 0) return null;
  if (token[start - 1] === "-") start--;
  const label = token.slice(0, start);
  // A label ends in a letter or a closing bracket: "17(1)(a)", "Total", "[4(a)+4(b)]". After a digit, a point,
  // a slash or a colon it is a date or a time ("2025.06.11" in a signature stamp is not ₹6.11).
  const last = label[label.length - 1] ?? "";
  const closes = last === ")" || last === "]" || last.toLowerCase() !== last.toUpperCase();
  if (label.length === 0 || !closes) return null;
  const amount = readAmountToken(token.slice(start));
  return amount === null ? null : { label, amount: { paise: amount.paise, strength: "strong" } };
}
