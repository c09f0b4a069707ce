// Line handling shared by the Form 16 and AIS parsers. Every document is read one line at a time and every
// function here is a single pass over its input, so parsing stays linear however the text is mangled.
import { financialYearLabel } from "../../../platform/pure/financial-year";
import { isCurrencyMarker, readAmountToken, splitGluedAmount, type AmountToken } from "./amount";

/** A run of label words followed by the amounts printed after it. A merged line yields several segments. */
export interface Segment {
  label: string;
  amounts: AmountToken[];
}

// Labels longer than this are noise (a whole page glued into one line); they are still scanned for amounts.
export const MAX_LABEL_CHARS = 400;

// Words after which a bare integer is a section, rule or form number, not rupees.
// Identifiers too: a phone, challan, serial, BSR or receipt number is never an amount. Printed one space after the
// word, as such numbers are; after a column gap the integers are the row's amounts.
const NUMBER_NAMING_WORDS = new Set([
  "section",
  "sec",
  "sec.",
  "u/s",
  "u/s.",
  "us",
  "no",
  "no.",
  "rule",
  "form",
  "chapter",
  "para",
  "clause",
  "schedule",
  "of",
  "page",
  "year",
  "sr.",
  "sr",
  "s.",
  "s",
  "phone",
  "mobile",
  "tel",
  "ph",
  "fax",
  "challan",
  "serial",
  "bsr",
  "receipt",
  "ack",
  "acknowledgement",
  "pin",
  "pincode",
  "code",
  "number",
  "date",
  "time",
  "account",
  "a/c",
]);
// Of those, the words that name a section of the Act: the number after one is at most three digits ("u/s 16",
// "section 10"), and any number after it is an amount ("u/s 16   75000", "section 10   0").
const SECTION_WORDS = new Set(["section", "sec", "sec.", "u/s", "u/s.", "us", "s.", "s"]);
const MAX_SECTION_DIGITS = 3;
// "Phone:" and "No.:" name a number as "Phone" does.
const namingWordOf = (text: string | undefined): string | undefined => text?.toLowerCase().replace(/[:#]+$/, "");

const BLANK_TOKENS = new Set(["nil", "-", "--"]);
// Lower-casing never shortens a string, and only n, N and - start a blank token.
const MAX_BLANK_TOKEN_CHARS = 3;
const MAY_START_BLANK = new Set([0x6e, 0x4e, 0x2d]);

/** Splits text into lines whatever the line endings (\n, \r\n, \r, form feed between pdftotext pages). */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|[\n\r\f\v\u2028\u2029]/);
}

// Single character classes, so each replace is one linear pass.
const SPACE_LIKE = /[\u00a0\u202f\u2000-\u200b\u3000]/g;
// A tab is a tab-separated export's column gap: two spaces, so that a dash after it is a minus sign.
const TAB = /\t/g;
const DASH_LIKE = /[\u2010-\u2015\u2212]/g;
const INVISIBLE = /[\u0000\ufeff\u00ad]/g;
const NOT_COMPACT = /[^A-Za-z0-9()]+/g;

// Any character one of the three replaces above would touch; most lines have none and skip all three.
const NEEDS_NORMALISING = /[\t\u0000\u00a0\u00ad\u2000-\u200b\u2010-\u2015\u202f\u2212\u3000\ufeff]/;

/** Normalises the spacing and dash characters PDF viewers produce; keeps runs of spaces (column gaps). */
export function normaliseLine(raw: string): string {
  if (!NEEDS_NORMALISING.test(raw)) return raw.trimEnd();
  return raw.replace(INVISIBLE, "").replace(TAB, "  ").replace(SPACE_LIKE, " ").replace(DASH_LIKE, "-").trimEnd();
}

// A line break other than \n and \f, or a character normaliseLine would change.
const NOT_PLAIN = /[\r\v\u2028\u2029\t\u0000\u00a0\u00ad\u2000-\u200b\u2010-\u2015\u202f\u2212\u3000\ufeff]/;

/**
 * `splitLines(text).map(normaliseLine)`. A text with only \n and \f (pdftotext's page break) for line breaks
 * and nothing to normalise takes string splits instead of the regexes.
 */
export function normalisedLines(text: string): string[] {
  if (NOT_PLAIN.test(text)) return splitLines(text).map(normaliseLine);
  const parts = text.split("\n");
  let lines = parts;
  if (text.includes("\f")) {
    lines = [];
    for (const part of parts) {
      if (part.includes("\f")) for (const page of part.split("\f")) lines.push(page);
      else lines.push(part);
    }
  }
  for (let i = 0; i < lines.length; i++) lines[i] = lines[i]!.trimEnd();
  return lines;
}

// compact's character table: the lower-case code a kept ASCII character becomes, 0 for a dropped one.
const COMPACT_CODE = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 40 || code === 41) COMPACT_CODE[code] = code;
  else if (code >= 65 && code <= 90) COMPACT_CODE[code] = code + 32;
}
// One buffer for every compact call: the kept bytes are written there and decoded (ASCII, so as UTF-8) at once.
const COMPACT_BUFFER = new Uint8Array(4096);
const ASCII = new TextDecoder();

/** Lower-cased letters, digits and brackets only: "section 80CCD (1B)" and "section80CCD(1B)" compare equal. */
export function compact(label: string): string {
  // Longer than the buffer (never a real label): drop runs first, which leaves less to lower-case.
  if (label.length > COMPACT_BUFFER.length) return label.replace(NOT_COMPACT, "").toLowerCase();
  let kept = 0;
  for (let i = 0; i < label.length; i++) {
    const code = label.charCodeAt(i);
    if (code < 128) {
      const to = COMPACT_CODE[code]!;
      if (to !== 0) COMPACT_BUFFER[kept++] = to;
    }
  }
  return kept === 0 ? "" : ASCII.decode(COMPACT_BUFFER.subarray(0, kept));
}

/** Drops leading row markers ("1", "10(k)", "(a)", "a)") from a compact label. */
export function stripRowMarkers(compactLabel: string): string {
  let s = compactLabel;
  for (let pass = 0; pass < 4; pass++) {
    let i = 0;
    while (i < s.length && i < 2 && s[i]! >= "0" && s[i]! <= "9") i++;
    if (s[i] === "(") {
      const close = s.indexOf(")", i);
      if (close > i && close - i <= 5) i = close + 1;
    } else if (i === 0 && s.length > 2 && s[1] === ")") {
      i = 2;
    }
    if (i === 0) break;
    s = s.slice(i);
  }
  return s;
}

// A token that may be money: one holding a digit, ₹ or a back-tick (the rupee glyph of some fonts), a bare
// currency marker, a blank cell (NIL, -, --), or what may open a negative amount printed apart from its digits
// ("-Rs.", "(Rs.", "(-)", "("). Every other token is a label word. Each alternative is tried only at a token's
// start (the look-behind), so the scan stays linear even over a line without spaces.
const MAY_BE_MONEY = /(?<![^ ])(?:[^ 0-9₹`]*[0-9₹`][^ ]*|(?:[-(]?(?:[Rr][Ss]\.?|[Ii][Nn][Rr])|\([Rr][Ss]\.\)|[Nn][Ii][Ll]|--?|\((?:-\))?)(?![^ ]))/g;
const SPACE_RUN = / {2,}/g;

/**
 * Cuts a line into segments of label + amounts. Strong amounts (grouped, decimal, currency-marked) end a label
 * anywhere on the line, which splits lines merged by copy-paste; bare integers count only in the run of amounts
 * at the end of the line and never right after "section", "Form No." and the like.
 */
export function segmentLine(line: string): Segment[] {
  // The line as entries, each a run of label words or one amount, in two arrays (text, and amount or null for
  // words) rather than an object each: a page reflowed onto one line is a hundred thousand words, and only the
  // tokens that may be money are looked at one by one.
  const texts: string[] = [];
  const values: (AmountToken | null)[] = [];
  const pushWords = (words: string): void => {
    texts.push(words);
    values.push(null);
  };
  // The entries of amounts printed after a column gap (two spaces or more): a table's cells, not a number a word names.
  const afterColumnGap: number[] = [];
  let currencyPending = false;
  let wordsFrom = 0;
  MAY_BE_MONEY.lastIndex = 0;
  for (let match = MAY_BE_MONEY.exec(line); match !== null; match = MAY_BE_MONEY.exec(line)) {
    const token = match[0];
    const words = line.slice(wordsFrom, match.index).trim();
    wordsFrom = match.index + token.length;
    if (words.length > 0) {
      pushWords(words);
      currencyPending = false;
    }
    let text = token;
    let amount: AmountToken | null;
    const opened = negativeAmountAt(line, match.index, token);
    if (opened !== null) {
      text = line.slice(match.index, opened.end);
      wordsFrom = MAY_BE_MONEY.lastIndex = opened.end;
      amount = opened.amount;
    } else {
      const separated = token === "-" ? amountAfterSeparator(line, match.index, texts, values) : null;
      if (separated !== null) {
        texts.push(line.slice(match.index + 2));
        values.push(separated);
        wordsFrom = line.length;
        break;
      }
      if (isCurrencyMarker(token)) {
        currencyPending = true;
        continue;
      }
      // Blank cells printed as NIL or a dash read as zero, but only where a bare integer could (line end).
      const blank = token.length <= MAX_BLANK_TOKEN_CHARS && MAY_START_BLANK.has(token.charCodeAt(0)) && BLANK_TOKENS.has(token.toLowerCase());
      amount = blank ? { paise: 0, strength: "weak" as const } : readAmountToken(token);
    }
    if (amount !== null && currencyPending) amount = { paise: amount.paise, strength: "strong" };
    currencyPending = false;
    // "section 10" glued to "0.00" reads "section 100.00": Form 16 rows 2(g) and 2(h) end in "section 10".
    const last = values.length - 1;
    if (amount !== null && amount.strength === "strong" && last >= 0 && values[last] === null && endsWithSection(texts[last]!)) {
      const split = splitSectionTen(text);
      if (split !== null) {
        texts.push("10", text);
        values.push(null, split);
        continue;
      }
    }
    if (amount !== null) {
      const signEnd = amount.paise > 0 ? minusAfter(line, wordsFrom) : -1;
      if (signEnd >= 0) {
        text = line.slice(match.index, signEnd);
        wordsFrom = MAY_BE_MONEY.lastIndex = signEnd;
        amount = { paise: -amount.paise, strength: amount.strength };
      }
      if (match.index >= 2 && line.charCodeAt(match.index - 1) === SPACE && line.charCodeAt(match.index - 2) === SPACE)
        afterColumnGap.push(values.length);
      texts.push(text);
      values.push(amount);
      continue;
    }
    const glued = splitGluedAmount(token);
    if (glued !== null) {
      texts.push(glued.label, token);
      values.push(null, glued.amount);
    } else {
      pushWords(token);
    }
  }
  const rest = line.slice(wordsFrom).trim();
  if (rest.length > 0) pushWords(rest);

  // Bare integers are money only in the trailing run of amounts.
  let trailingStart = values.length;
  while (trailingStart > 0 && values[trailingStart - 1] !== null) trailingStart--;
  const namingWord = trailingStart > 0 ? namingWordOf(lastWord(texts[trailingStart - 1]!)) : undefined;
  // After a column gap the integers are the row's amounts, even where a wrapped label's first line ends in "u/s".
  if (namingWord !== undefined && SECTION_WORDS.has(namingWord) && !afterColumnGap.includes(trailingStart)) {
    const first = values[trailingStart];
    if (first?.strength === "weak" && first.paise >= 0 && texts[trailingStart]!.length <= MAX_SECTION_DIGITS) trailingStart++;
  } else if (namingWord !== undefined && NUMBER_NAMING_WORDS.has(namingWord) && !afterColumnGap.includes(trailingStart)) {
    // "A/c No. 1234" names a number; "... savings account   18400   10000" is a label and its columns.
    while (trailingStart < values.length && values[trailingStart]?.strength === "weak") trailingStart++;
  }

  const segments: Segment[] = [];
  let labelStart = 0;
  let labelEnd = 0;
  let amounts: AmountToken[] = [];
  for (let index = 0; index < values.length; index++) {
    const value = values[index]!;
    if (value !== null && (value.strength === "strong" || index >= trailingStart)) {
      amounts.push(value);
      continue;
    }
    if (amounts.length > 0) {
      segments.push({ label: labelOf(texts, labelStart, labelEnd), amounts });
      labelStart = index;
      amounts = [];
    }
    labelEnd = index + 1;
  }
  if (labelEnd > labelStart || amounts.length > 0) segments.push({ label: labelOf(texts, labelStart, labelEnd), amounts });
  return segments;
}

const lastWord = (words: string): string => words.slice(words.lastIndexOf(" ") + 1);

// What opens a negative amount printed apart from its digits: "- 1,50,000", "(-) 1,50,000", "-Rs. 1,50,000",
// "-₹ 1,50,000", "(Rs. 1,50,000)", "( 1,50,000 )".
const NEGATIVE_OPENERS = new Set(["-", "(-)", "-rs.", "-rs", "-inr", "-₹", "-`", "(", "(rs.", "(rs", "(inr", "(₹", "(`"]);
const MAX_OPENER_CHARS = 4;
// Longer than any amount readAmountToken accepts.
const MAX_AMOUNT_CHARS = 40;
const SPACE = 0x20;

/**
 * The negative amount the token at `start` opens, and where it ends; null when the token opens none. The digits
 * must follow after one space (a wider gap is the next column), and a bracket must close after them. A lone dash
 * is a sign only where it stands apart from the label, at the line's start or after a column gap; in "TDS - 500"
 * it separates the label from its amount (amountAfterSeparator), and in "500.00 - 20.00" it is an empty cell.
 */
function negativeAmountAt(line: string, start: number, token: string): { amount: AmountToken; end: number } | null {
  const first = token.charCodeAt(0);
  if ((first !== 0x2d && first !== 0x28) || token.length > MAX_OPENER_CHARS) return null;
  const opener = token.toLowerCase();
  if (!NEGATIVE_OPENERS.has(opener)) return null;
  if (opener === "-" && start > 0 && !(line.charCodeAt(start - 1) === SPACE && (start === 1 || line.charCodeAt(start - 2) === SPACE))) return null;
  const from = start + token.length + 1;
  if (line.charCodeAt(from - 1) !== SPACE || from >= line.length || line.charCodeAt(from) === SPACE) return null;
  // Char by char, at most an amount's length: indexOf would scan the rest of a page reflowed onto one line.
  let end = from;
  while (end < line.length && line.charCodeAt(end) !== SPACE) if (++end - from > MAX_AMOUNT_CHARS) return null;
  let text = `${token} ${line.slice(from, end)}`;
  if (first === 0x28 && opener !== "(-)" && !text.endsWith(")")) {
    const closed =
      line.charCodeAt(end) === SPACE && line.charCodeAt(end + 1) === 0x29 && (end + 2 === line.length || line.charCodeAt(end + 2) === SPACE);
    if (!closed) return null;
    text += " )";
    end += 2;
  }
  const amount = readAmountToken(text);
  return amount === null ? null : { amount, end };
}

/**
 * The amount after a dash that separates a label from the line's last amount, as some payroll software prints a
 * row ("Section 80C - 150000.00", "... house property - -150000.00"); null for any other dash. It has one space
 * either side (a dash in a column of its own is an empty cell), the rest of the line is one amount, and label
 * words or a section number stand before it ("under section 10 - 2400.00"): between two amounts, as in
 * "500.00 - 20.00", it is an empty cell.
 */
function amountAfterSeparator(line: string, start: number, texts: string[], values: (AmountToken | null)[]): AmountToken | null {
  const from = start + 2;
  if (start < 2 || line.charCodeAt(start - 1) !== SPACE || line.charCodeAt(start - 2) === SPACE) return null;
  if (line.charCodeAt(start + 1) !== SPACE || line.charCodeAt(from) === SPACE || from >= line.length || line.length - from > MAX_AMOUNT_CHARS)
    return null;
  const last = values.length - 1;
  const before = values[last];
  if (before === undefined) return null;
  if (before !== null) {
    const sectionNumber =
      before.strength === "weak" && before.paise >= 0 && texts[last]!.length <= MAX_SECTION_DIGITS && last > 0 && values[last - 1] === null;
    if (!sectionNumber || !SECTION_WORDS.has(namingWordOf(lastWord(texts[last - 1]!))!)) return null;
  }
  return readAmountToken(line.slice(from));
}

/** Where a "(-)" printed one space after an amount ends ("1,50,000.00 (-)"), or -1: none there, or it opens the next amount. */
function minusAfter(line: string, end: number): number {
  const minus = line.charCodeAt(end + 1) === 0x28 && line.charCodeAt(end + 2) === 0x2d && line.charCodeAt(end + 3) === 0x29;
  if (line.charCodeAt(end) !== SPACE || !minus) return -1;
  const after = end + 4;
  if (after < line.length && line.charCodeAt(after) !== SPACE) return -1;
  return negativeAmountAt(line, end + 1, "(-)") === null ? after : -1;
}

/** Whether the last of the words is "section" (or "Section:"), without lower-casing every word before an amount. */
function endsWithSection(words: string): boolean {
  let end = words.length;
  while (end > 0 && (words.charCodeAt(end - 1) === 0x3a || words.charCodeAt(end - 1) === 0x23)) end--;
  const start = end - 7;
  return start >= 0 && (start === 0 || words.charCodeAt(start - 1) === 0x20) && words.slice(start, end).toLowerCase() === "section";
}

/** The label words of entries [from, to), one space between words as printed with any column gap. */
function labelOf(texts: string[], from: number, to: number): string {
  const label = to - from === 1 ? texts[from]! : texts.slice(from, to).join(" ");
  return label.includes("  ") ? label.replace(SPACE_RUN, " ") : label;
}

/** "100.00" after "section" as section 10 and ₹0.00; null when the token does not start with "10" and a decimal amount. */
function splitSectionTen(token: string): AmountToken | null {
  if (!token.startsWith("10") || token.length < 6 || token[token.length - 3] !== ".") return null;
  const rest = readAmountToken(token.slice(2));
  return rest === null ? null : { paise: rest.paise, strength: "strong" };
}

const isUpper = (c: string | undefined): boolean => c !== undefined && c >= "A" && c <= "Z";
const isDigitChar = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";

/** Permanent Account Number shape: five letters, four digits, one letter. */
export function isPan(token: string): boolean {
  if (token.length !== 10) return false;
  for (let i = 0; i < 10; i++) {
    const ok = i < 5 || i === 9 ? isUpper(token[i]) : isDigitChar(token[i]);
    if (!ok) return false;
  }
  return true;
}

/** Tax Deduction Account Number shape: four letters, five digits, one letter. */
export function isTan(token: string): boolean {
  if (token.length !== 10) return false;
  for (let i = 0; i < 10; i++) {
    const ok = i < 4 || i === 9 ? isUpper(token[i]) : isDigitChar(token[i]);
    if (!ok) return false;
  }
  return true;
}

/** A PAN whose fourth letter is P belongs to an individual (the PAN holder-type letter). */
export const isIndividualPan = (pan: string): boolean => pan[3] === "P";

/**
 * Masks a PAN to its first two and last two characters: ABCDE1234F -> ABXXXXXX4F. Enough to recognise one's
 * own PAN, not enough to reuse it.
 */
export function maskPan(pan: string): string {
  return `${pan.slice(0, 2)}XXXXXX${pan.slice(8)}`;
}

/** Identifier-like words of a line (PAN, TAN) with surrounding punctuation removed, upper-cased. */
export function identifierTokens(line: string): string[] {
  // Most lines hold no identifier; the test is one linear scan.
  if (!/[A-Za-z]{4}[0-9]{4}/.test(line)) return [];
  return line
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((word) => word.length === 10);
}

// A whole word of ten upper-case letters and digits, the only words that can be a PAN. Found by one regex replace
// rather than a loop building each word: the warnings of a long line call this some hundreds of times, and a fresh
// isolate would otherwise compile a character loop for them.
const TEN_CHARACTER_WORD = /(?<![A-Z0-9])[A-Z0-9]{10}(?![A-Z0-9])/g;

/** Masks every individual's PAN inside free text (warning lines, AIS sources). */
export function maskPansIn(text: string): string {
  return text.replace(TEN_CHARACTER_WORD, (word) => (isPan(word) && isIndividualPan(word) ? maskPan(word) : word));
}

/** First "YYYY-YY" year token in the text (assessment year, tax year, financial year); "2026-2027" reads as "2026-27". */
export function findYear(text: string): string | null {
  for (let i = 0; i + 7 <= text.length; i++) {
    if (
      isDigitChar(text[i]) &&
      isDigitChar(text[i + 1]) &&
      isDigitChar(text[i + 2]) &&
      isDigitChar(text[i + 3]) &&
      text[i + 4] === "-" &&
      isDigitChar(text[i + 5]) &&
      isDigitChar(text[i + 6]) &&
      !isDigitChar(text[i - 1])
    ) {
      if (!isDigitChar(text[i + 7])) {
        const start = Number(text.slice(i + 2, i + 4));
        const end = Number(text.slice(i + 5, i + 7));
        if ((start + 1) % 100 === end) return text.slice(i, i + 7);
      } else if (isDigitChar(text[i + 8]) && !isDigitChar(text[i + 9]) && Number(text.slice(i + 5, i + 9)) === Number(text.slice(i, i + 4)) + 1) {
        return `${text.slice(i, i + 4)}-${text.slice(i + 7, i + 9)}`;
      }
    }
  }
  return null;
}

/** A "YYYY-YY" year moved by whole years: shiftYear("2025-26", 1) is "2026-27". */
export function shiftYear(year: string, by: number): string {
  return financialYearLabel(Number(year.slice(0, 4)) + by);
}

/** The year printed after a label on the same line ("Financial Year 2025-26 Assessment Year 2026-27"). */
export function yearAfter(line: string, label: string): string | null {
  const words = line
    .toLowerCase()
    .split(" ")
    .filter((w) => w.length > 0)
    .join(" ");
  const at = words.indexOf(label);
  return at < 0 ? null : findYear(words.slice(at + label.length));
}

/** Page furniture TRACES and PDF viewers repeat on every page; it never carries an amount. */
export function isBoilerplate(compactLine: string): boolean {
  return (
    (compactLine.startsWith("page") && compactLine.length <= 16 && /^page\d+(of\d+)?$/.test(compactLine)) ||
    compactLine.startsWith("printedfrom") ||
    // TRACES repeats "Certificate Number: ... TAN of Employer: ... Assessment Year: ..." atop every page.
    (compactLine.startsWith("certificatenumber") && compactLine.includes("assessmentyear")) ||
    compactLine.startsWith("digitallysignedby") ||
    compactLine.startsWith("signaturenotverified") ||
    compactLine.startsWith("signatureverified") ||
    compactLine.startsWith("verification") ||
    compactLine.startsWith("place") ||
    compactLine.includes("tdscpcgovin")
  );
}
