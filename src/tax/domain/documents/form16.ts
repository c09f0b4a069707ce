// Form 16 Part B (Annexure-I) and Form 130 text into amounts. One pass over the lines: each line is cut into
// label + amounts segments, the label is matched against the item catalogue, and amounts printed on a later
// line than their label (wrapped labels, pdftotext columns) are given to the label still waiting for them.
import { toRupees } from "./amount";
import {
  OTHER_PROVISIONS_BREAK_UP,
  OTHER_EXEMPTIONS_BREAK_UP,
  breakUpTable,
  closeSectionNumbers,
  matchForm16Item,
  matchForm16ItemAcross,
  type Form16Item,
  type ItemGroup,
} from "./form16-items";
import {
  MAX_LABEL_CHARS,
  compact,
  findYear,
  identifierTokens,
  isBoilerplate,
  isIndividualPan,
  isPan,
  isTan,
  maskPan,
  normaliseLine,
  normalisedLines,
  segmentLine,
  type Segment,
  shiftYear,
  stripRowMarkers,
  yearAfter,
} from "./lines";
import {
  CHAPTER_VIA_KEYS,
  FORM16_AMOUNT_KEYS,
  type ChapterVIAAmounts,
  type ChapterVIAKey,
  type Form16AmountKey,
  type Form16Document,
  type Form16PartATotals,
} from "./types";
import type { AmountToken } from "./amount";
import { type WarningSource, Warnings } from "./warnings";

// Longer lines are quoted in warnings by segment, so a warning never costs the whole line.
const LONG_LINE_CHARS = 640;

/** The last whole words of a label, at most MAX_LABEL_CHARS long. */
function labelTail(label: string): string {
  const tail = label.slice(-MAX_LABEL_CHARS);
  const space = tail.indexOf(" ");
  return space < 0 ? "" : tail.slice(space + 1);
}

/** A segment as text again: its label and amounts, for a warning. */
function segmentText(segment: Segment): string {
  const amounts = segment.amounts.map((a) => toRupees(a.paise).toFixed(2)).join(" ");
  return `${segment.label.length > LONG_LINE_CHARS ? "…" : segment.label} ${amounts}`;
}

// A row marker word after a label's first: "(a)" to "(n)", "1." to "99.". Labels hold one space between words.
const LATER_ROW_MARKER = / (?:\([a-n]\)|[0-9]{1,2}\.)(?= |$)/g;

/**
 * Splits labels at row markers ("... section 10 (h) Total amount of ..."), as reflowed text runs rows
 * together; the amounts stay with the last piece, the row they were printed on.
 */
function splitAtRowMarkers(segments: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (let s = 0; s < segments.length; s++) {
    const segment = segments[s]!;
    const label = segment.label;
    LATER_ROW_MARKER.lastIndex = 0;
    let marker = LATER_ROW_MARKER.exec(label);
    if (marker === null) {
      out.push(segment);
      continue;
    }
    let start = 0;
    for (; marker !== null; marker = LATER_ROW_MARKER.exec(label)) {
      out.push({ label: label.slice(start, marker.index), amounts: [] });
      start = marker.index + 1;
    }
    out.push({ label: label.slice(start), amounts: segment.amounts });
  }
  return out;
}

// A row's first line starts with its marker: "(e)", "e)", "10.", "10(e)".
const ROW_MARKER_FIRST = /^(?:\(?[a-z]\)|[0-9]{1,2}(?:\.|\([a-z]\)))(?= |$)/i;

// A label waits this many lines for its amount; TRACES wraps a label over at most three lines.
const PENDING_LINES = 3;
// Unmatched label text of the previous line, joined with the next one for labels broken across lines.
const CARRY_CHARS = 200;

interface Identity {
  formNumber: "16" | "130" | null;
  assessmentYear: string | null;
  taxYear: string | null;
  employerName: string | null;
  employerTan: string | null;
  employeePan: string | null;
}

// How much of a very long line the identity is looked for in.
const IDENTITY_HEAD_CHARS = 2_000;
const headOf = (line: string | undefined): string => (line ?? "").slice(0, IDENTITY_HEAD_CHARS);

// Lines longer than any real row are noise; they are not compacted (or matched) at all.
const compactLine = (line: string): string => (line.length > MAX_LABEL_CHARS * 4 ? "" : compact(line));

const lettersOf = (word: string): string => word.toLowerCase().replace(/[^a-z]/g, "");
const isYesOrNo = (word: string): boolean => {
  const letters = lettersOf(word);
  return letters === "yes" || letters === "no";
};

/**
 * The answer to row A in a label: "Yes", "No", "YES (Old Regime)", or only "(New Regime)". The words after the
 * answer are returned as `rest`: in reflowed text the next row's label follows on the same line.
 */
function readAnswer(label: string): { answer: boolean | null; regime: "old" | "new" | null; rest: string } {
  const words = label.split(" ");
  let question = words.findIndex((w) => w.includes("?"));
  if (question >= 0) {
    // A question broken over lines ends at its last "?" before the answer: "? u/s 115BAC(1A)? Yes".
    for (let i = question + 1; i < words.length && !isYesOrNo(words[i]!); i++) if (words[i]!.includes("?")) question = i;
  } else {
    // Without its "?" the question ends at the section it names: "... u/s 115BAC(1A)   Yes".
    for (let i = 0; i < words.length && !isYesOrNo(words[i]!); i++) if (/[0-9]/.test(words[i]!)) question = i;
  }
  let answer: boolean | null = null;
  let regime: "old" | "new" | null = null;
  let end = -1;
  for (let i = question + 1; i < words.length; i++) {
    const word = lettersOf(words[i]!);
    if (answer === null && regime === null && (word === "yes" || word === "no")) {
      answer = word === "yes";
      end = i;
    } else if ((word === "old" || word === "new") && (words[i + 1] ?? "").toLowerCase().startsWith("regime")) {
      regime = word;
      end = i + 1;
    } else if (end >= 0 || (word.length > 1 && word !== "yesno")) {
      // A word before the answer other than a mark ("[X]", ":", "(Yes/No)") means there is none: the line
      // "Sl. No.   Particulars" below the question holds no "No".
      break;
    }
  }
  return { answer, regime, rest: end < 0 ? "" : words.slice(end + 1).join(" ") };
}

// Employer name: the rest of the label line after a colon, else the first column of the next line with text.
// Only the head of each line is read: a reflowed page is one line of a megabyte.
function nameAfterLabel(lines: string[], index: number): string | null {
  const head = (at: number): string => headOf(lines[at]);
  const line = head(index);
  const colon = line.indexOf(":");
  const candidates = colon >= 0 ? [line.slice(colon + 1)] : [];
  for (let next = index + 1; next < lines.length && next <= index + 3; next++) candidates.push(head(next));
  for (const candidate of candidates) {
    const firstColumn = (normaliseLine(candidate).trim().split(/ {2,}/)[0] ?? "").split(",")[0]!.trim();
    const words = compact(firstColumn);
    if (words.length < 3 || words.includes("nameandaddress") || words.includes("employee")) continue;
    return firstColumn.slice(0, 120);
  }
  return null;
}

// A year on the line below a year's label is that label's only if the line names no year of its own:
// "Financial Year: 2025-26" below an unreadable "Assessment Year" is not the assessment year.
function yearBelow(line: string): string | null {
  const c = compact(line);
  const named = c.includes("financialyear") || c.includes("assessmentyear") || c.includes("taxyear") || c.includes("previousyear");
  return named ? null : findYear(line);
}

// The year as employers' own layouts abbreviate it: "A.Y. 2026-27", "F.Y.: 2025-26", "Financial Year 2025-26".
const ABBREVIATED_ASSESSMENT_YEAR = /\bA\.\s?Y\.?\s*[:-]?\s*(\d{4}-\d{2,4})/i;
const PRINTED_FINANCIAL_YEAR = /\b(?:F\.\s?Y\.?|Financial\s+Year)\s*[:-]?\s*(\d{4}-\d{2,4})/i;

// compacts[i] receives compactLine(lines[i]) for every line read, for the item pass to reuse.
function readIdentity(lines: string[], compacts: string[]): Identity {
  const identity: Identity = {
    formNumber: null,
    assessmentYear: null,
    taxYear: null,
    employerName: null,
    employerTan: null,
    employeePan: null,
  };
  let financialYear: string | null = null;
  let employeeLabelLine = -1;
  let employeePanWindowClosed = false;
  let firstIndividualPan: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    compacts[i] = compactLine(lines[i]!);
    // A page reflowed onto one line still starts with its header: the identity is read from the line's head.
    const c = compacts[i]!.length > 0 || lines[i]!.length <= IDENTITY_HEAD_CHARS ? compacts[i]! : compact(lines[i]!.slice(0, IDENTITY_HEAD_CHARS));
    if (c.length === 0) continue;
    const complete =
      identity.formNumber !== null &&
      (identity.assessmentYear ?? identity.taxYear) !== null &&
      identity.employerName !== null &&
      identity.employerTan !== null &&
      employeePanWindowClosed;
    // Everything is in the first page's header; the rest of the text need not be scanned for it.
    if (complete) break;
    if (c.includes("formno130") || c.includes("form130")) identity.formNumber = "130";
    else if (identity.formNumber === null && (c.includes("formno16") || c.startsWith("form16"))) identity.formNumber = "16";
    // Of a very long line only its head, where c came from, holds the header.
    const line = headOf(lines[i]);
    const near = (offset: number): string => headOf(lines[i + offset]);
    if (identity.assessmentYear === null && c.includes("assessmentyear")) {
      identity.assessmentYear = yearAfter(line, "assessment year") ?? yearBelow(near(1)) ?? yearBelow(near(2));
    }
    if (identity.taxYear === null && c.includes("taxyear")) {
      identity.taxYear = yearAfter(line, "tax year") ?? yearBelow(near(1)) ?? yearBelow(near(2));
    }
    if (identity.assessmentYear === null && identity.taxYear === null) {
      const abbreviated = ABBREVIATED_ASSESSMENT_YEAR.exec(line);
      if (abbreviated) identity.assessmentYear = findYear(abbreviated[1]!);
      const financial = financialYear === null ? PRINTED_FINANCIAL_YEAR.exec(line) : null;
      if (financial) financialYear = findYear(financial[1]!);
    }
    if (
      identity.employerName === null &&
      (c.includes("nameandaddressoftheemployer") || c.includes("nameoftheemployer") || c.includes("employername"))
    ) {
      identity.employerName = nameAfterLabel(lines, i);
    }
    if (employeeLabelLine < 0 && (c.includes("panoftheemployee") || c.includes("panofemployee"))) employeeLabelLine = i;

    const ids = identifierTokens(line);
    const pans = ids.filter(isPan);
    if (identity.employerTan === null) identity.employerTan = ids.find(isTan) ?? null;
    if (firstIndividualPan === null) firstIndividualPan = pans.find(isIndividualPan) ?? null;
    // TRACES prints deductor PAN, TAN, employee PAN left to right: the employee's is the last on the line.
    if (employeeLabelLine >= 0 && !employeePanWindowClosed && i <= employeeLabelLine + 2 && pans.length > 0) {
      const individual = pans.filter(isIndividualPan);
      identity.employeePan = individual[individual.length - 1] ?? pans[pans.length - 1] ?? null;
      employeePanWindowClosed = true;
    }
  }
  // A Form 16 that prints only its financial year is for the assessment year after it.
  if (identity.assessmentYear === null && identity.taxYear === null && financialYear !== null && identity.formNumber !== "130") {
    identity.assessmentYear = shiftYear(financialYear, 1);
  }
  identity.employeePan ??= firstIndividualPan;
  if (identity.employeePan !== null) identity.employeePan = maskPan(identity.employeePan);
  return identity;
}

interface Collector {
  amounts: Record<Form16AmountKey, number | null>;
  chapterVIA: Record<ChapterVIAKey, ChapterVIAAmounts | null>;
  warnings: Warnings;
  itemsFound: number;
  /** The Chapter VI-A row read last, still open for columns a PDF viewer put on the following lines. */
  lastChapterVIA: { key: ChapterVIAKey; amounts: AmountToken[] } | null;
}

function warn(collector: Collector, line: number, text: WarningSource, message: string): void {
  collector.warnings.add(line, text, message);
}

// The sub-rows Form 16 prints in its first amount column, rows 1(a)-(c), 2(a)-(h), 4(a)-(c), 7(a)-(b), with the
// totals they add up to (1(d), 2(i), 5, 8) in the column to the right: a second figure on such a row's line is a
// running total, so the row's own figure is the first.
const FIRST_COLUMN_ROWS: ReadonlySet<Form16AmountKey> = new Set<Form16AmountKey>([
  "salary17_1",
  "perquisites17_2",
  "profitsInLieuOfSalary17_3",
  "travelConcession10_5",
  "gratuity10_10",
  "commutedPension10_10A",
  "leaveEncashment10_10AA",
  "houseRentAllowance10_13A",
  "specialAllowances10_14",
  "otherExemptions10",
  "totalOtherExemptions10",
  "standardDeduction16ia",
  "entertainmentAllowance16ii",
  "taxOnEmployment16iii",
  "housePropertyIncome",
  "otherSourcesIncome",
]);

function assign(collector: Collector, item: Form16Item, amounts: AmountToken[], line: number, text: WarningSource): void {
  if (item.kind === "chapterVIA") {
    collector.lastChapterVIA = { key: item.key, amounts };
    // Gross, (qualifying,) deductible: a single figure is the deductible amount.
    const rupees = amounts.slice(-3).map((a) => toRupees(a.paise));
    const row: ChapterVIAAmounts =
      rupees.length === 1
        ? { gross: null, qualifying: null, deductible: rupees[0]! }
        : rupees.length === 2
          ? { gross: rupees[0]!, qualifying: null, deductible: rupees[1]! }
          : { gross: rupees[0]!, qualifying: rupees[1]!, deductible: rupees[2]! };
    if (amounts.length > 3) warn(collector, line, text, `more than three amounts for ${item.key}; read the last three`);
    const existing = collector.chapterVIA[item.key];
    if (existing === null) {
      collector.chapterVIA[item.key] = row;
      collector.itemsFound++;
    } else if (existing.deductible !== row.deductible) {
      warn(collector, line, text, `${item.key} appears again with a different amount; kept the first`);
    }
    return;
  }
  const key = item.kind === "amount" ? item.key : item.kind === "heading" ? item.amountKey : undefined;
  if (key === undefined) {
    warn(collector, line, text, "amount on a heading line; not assigned");
    return;
  }
  const first = FIRST_COLUMN_ROWS.has(key);
  const value = toRupees(amounts[first ? 0 : amounts.length - 1]!.paise);
  if (amounts.length > 1) {
    const read = first ? "read the first, the row's own column" : "read the last";
    warn(collector, line, text, `${amounts.length} amounts for ${key}; ${read}`);
  }
  const existing = collector.amounts[key];
  if (existing === null) {
    collector.amounts[key] = value;
    collector.itemsFound++;
  } else if (existing !== value) {
    warn(collector, line, text, `${key} appears again with a different amount; kept the first`);
  }
}

// Allowances payroll layouts also list as parts of the salary under row 1, where they are pay, not exemptions.
const SALARY_COMPONENT_EXEMPTIONS: ReadonlySet<Form16AmountKey> = new Set<Form16AmountKey>([
  "houseRentAllowance10_13A",
  "travelConcession10_5",
  "specialAllowances10_14",
]);

/**
 * A line of row 1 naming a salary component ("House Rent Allowance   3,00,000.00" under 1(a)): it has no row marker of
 * its own and names neither a section 10 clause nor an exemption, so it is part of the pay, not row 2's exempt part.
 */
const isSalaryComponent = (item: Form16Item, group: ItemGroup | "partA" | null, labelCompact: string, bare: string): boolean =>
  group === "salary" &&
  item.kind === "amount" &&
  SALARY_COMPONENT_EXEMPTIONS.has(item.key) &&
  bare === labelCompact &&
  !labelCompact.includes("10(") &&
  !labelCompact.includes("exempt");

const PARENTS_80D: Form16Item = { kind: "chapterVIA", key: "section80DParents" };

const groupOf = (item: Form16Item): ItemGroup | "partA" | null =>
  item.kind === "amount" || item.kind === "heading" ? item.group : item.kind === "chapterVIA" ? "chapterVIA" : null;

function emptyCollector(): Collector {
  const amounts = {} as Record<Form16AmountKey, number | null>;
  for (const key of FORM16_AMOUNT_KEYS) amounts[key] = null;
  const chapterVIA = {} as Record<ChapterVIAKey, ChapterVIAAmounts | null>;
  for (const key of CHAPTER_VIA_KEYS) chapterVIA[key] = null;
  return { amounts, chapterVIA, warnings: new Warnings(), itemsFound: 0, lastChapterVIA: null };
}

/** Parses the text of Form 16 (Part B, with or without Part A) or Form 130. Never throws. */
export function parseForm16(text: string, typeSource: "given" | "detected" = "given"): Form16Document {
  const lines = normalisedLines(text);
  const compacts: string[] = [];
  const identity = readIdentity(lines, compacts);
  const collector = emptyCollector();
  let partA: Form16PartATotals | null = null;
  let optedOutOf115BAC: boolean | null = null;
  let parentsSeniorCitizen: boolean | null = null;

  let region: "partA" | "partB" = "partB";
  let group: ItemGroup | "partA" | null = null;
  let pending: { item: Form16Item; linesLeft: number } | null = null;
  let pendingRegime: { optOutWording: boolean; linesLeft: number } | null = null;
  let carry = "";
  // Amounts printed on a row's first line when that line's words match no item: the row's label goes on to the
  // next line ("(e) Deductions ... to notified pension  50000.00" + "scheme under section 80CCD (1B)").
  let held: { label: string; amounts: AmountToken[]; line: number; text: () => string } | null = null;
  const unheld = (): void => {
    if (held !== null) warn(collector, held.line, held.text, "amount on a line that matched no known Form 16 item");
    held = null;
  };
  // The break-up table at the end of Part B being read: its rows detail row 2(h) or 10(n), which carry the amounts.
  let breakUp: "exemptions" | "chapterVIA" | null = null;
  // The row whose amounts were printed on the line it was read from (the label may go on below), and that line.
  let rowRead: { key: Form16AmountKey | ChapterVIAKey; line: number } | null = null;
  // Rows seen without an amount on their line, by key: the first line each was seen on.
  const labelledAt = new Map<Form16AmountKey | ChapterVIAKey, { line: number; text: () => string }>();
  // The employer and employee addresses come before the first item; their PIN codes are not amounts.
  let seenItem = false;
  // The line of the sub-row whose amounts went to row 10(g), printed without figures of its own (self and family).
  let selfAndFamilyRowAt = -1;

  // "(Old Regime)" settles it whatever the wording; otherwise "yes" to opting out (or "no" to opting in) is old.
  const resolveRegime = (optOutWording: boolean, read: { answer: boolean | null; regime: "old" | "new" | null }): boolean => {
    const optedOut = read.regime !== null ? read.regime === "old" : read.answer === null ? null : optOutWording ? read.answer : !read.answer;
    if (optedOut === null) return false;
    optedOutOf115BAC ??= optedOut;
    return true;
  };

  lines.forEach((line, index) => {
    const lineNumber = index + 1;
    // Lines are trimmed at the end, so a blank line is an empty one.
    if (line.length === 0) return;
    // Part A lines are only looked at for their total; the rest are not even cut into segments.
    let segments = region === "partA" ? null : segmentLine(line);
    let only = segments?.length === 1 && segments[0]!.amounts.length === 0 ? segments[0]! : null;
    // A line without amounts is its own label: compact it once.
    const whole =
      only !== null && only.label.length <= MAX_LABEL_CHARS ? compact(closeSectionNumbers(only.label)) : (compacts[index] ?? compactLine(line));
    if (isBoilerplate(whole)) return;
    // The verification paragraph restates the TDS in words and figures; it is not a line item.
    if (whole.includes("herebycertify") || whole.includes("hasbeendeducted")) return;
    // "PART A", "(Part A)", "FORM NO. 16 - PART A"; the same for Part B.
    if (whole.startsWith("parta") || whole.includes("(parta)") || whole.includes("16parta")) {
      region = "partA";
      breakUp = null;
    }
    if (whole.startsWith("partb") || whole.includes("annexure") || whole.includes("(partb)") || whole.includes("16partb")) {
      region = "partB";
      breakUp = null;
    }
    // Part A is read for its quarterly summary total only; its other rows are not Part B items.
    if (region === "partA" && (partA !== null || !stripRowMarkers(whole).startsWith("total"))) return;

    if (segments === null) {
      segments = segmentLine(line);
      only = null;
    }
    let lineCarry = "";
    // A warning quotes its line, or on a long line (a reflowed page) only the segment it is about.
    // A function, so a warning past the cap never builds its text.
    const context =
      (segment: Segment): (() => string) =>
      () =>
        line.length <= LONG_LINE_CHARS ? line : segmentText(segment);
    const pieces = splitAtRowMarkers(segments);
    // The rest of a label after row A's answer, read as a label of its own (once: a rest is never split again,
    // so a line of repeated questions stays linear).
    let redo: Segment | null = null;
    let isRedo = false;
    for (let p = 0; redo !== null || p < pieces.length; ) {
      isRedo = redo !== null;
      const segment: Segment = redo ?? pieces[p++]!;
      redo = null;
      // Of an overlong label (a header run into the first row) only the tail, nearest its amounts, is a row label.
      const label = closeSectionNumbers(segment.label.length > MAX_LABEL_CHARS ? labelTail(segment.label) : segment.label);
      const labelCompact = segment === only ? whole : compact(label);
      const bare = stripRowMarkers(labelCompact);

      if (pendingRegime !== null) {
        const read = readAnswer(`? ${label}`);
        if (resolveRegime(pendingRegime.optOutWording, read)) {
          pendingRegime = null;
          if (read.rest.length > 0 && !isRedo) redo = { label: read.rest, amounts: segment.amounts };
          continue;
        }
      }

      const table = region === "partB" ? breakUpTable(labelCompact) : null;
      if (table !== null) {
        unheld();
        breakUp = table;
        pending = null;
        collector.lastChapterVIA = null;
        carry = "";
        continue;
      }

      if (held !== null) {
        // Only the words that carry on the held row, with no marker or amounts of their own, complete its label.
        const completed =
          region === "partB" && segment.amounts.length === 0 && !ROW_MARKER_FIRST.test(label) ? matchForm16ItemAcross(held.label, label) : null;
        if (completed !== null && (completed.kind === "amount" || completed.kind === "chapterVIA")) {
          collector.lastChapterVIA = null;
          carry = "";
          group = groupOf(completed) ?? group;
          assign(collector, completed, held.amounts, held.line, held.text);
          rowRead = { key: completed.key, line: lineNumber };
          held = null;
          continue;
        }
        unheld();
      }

      if (region === "partA") {
        if (partA === null && bare.startsWith("total") && segment.amounts.length >= 3) {
          const [paid, deducted, deposited] = segment.amounts.slice(-3).map((a) => toRupees(a.paise));
          partA = { amountPaidOrCredited: paid!, taxDeducted: deducted!, taxDeposited: deposited! };
        }
        continue;
      }

      // A label broken over lines is matched whole first: "...by the Central Government to" + "Agnipath...".
      let item: Form16Item | null =
        bare === "total" && group === "salary"
          ? { kind: "amount", key: "grossSalary", group: "salary" }
          : labelCompact.length === 0
            ? null
            : ((carry.length > 0 ? matchForm16ItemAcross(carry, label) : null) ?? matchForm16Item(labelCompact));
      // The tail of a wrapped label can read like a heading ("under Chapter VI-A"): it belongs to the label
      // still waiting for its amount.
      if (item?.kind === "heading" && pending !== null) item = null;
      if (item !== null && isSalaryComponent(item, group, labelCompact, bare)) item = null;
      // Row 10(g) printed as sub-rows, self and family first: "- Parents (senior citizen)   43,000.00" is the parents' part.
      if (item === null && segment.amounts.length > 0 && selfAndFamilyRowAt === lineNumber - 1 && bare.includes("parent")) item = PARENTS_80D;

      if (breakUp !== null && item !== null && item.kind !== "heading") {
        const ofTable = breakUp === "exemptions" ? item.kind === "amount" && item.group === "exemptions" : item.kind === "chapterVIA";
        // A row of another part of the form: the table has ended.
        if (!ofTable) breakUp = null;
        // A section Part B prints a row of its own for, listed again in the break-up: 10(n) has it already.
        else if (item.kind === "chapterVIA" && !OTHER_PROVISIONS_BREAK_UP.has(item.key)) {
          collector.lastChapterVIA = null;
          continue;
        }
      }
      // The break-up of 2(g) details 2(h), which carries its total; only the sections /compute takes apart are read.
      if (breakUp === "exemptions" && !(item?.kind === "amount" && OTHER_EXEMPTIONS_BREAK_UP.has(item.key))) continue;

      if (item !== null) {
        const lineAbove = carry;
        seenItem = true;
        if (
          item.kind === "chapterVIA" &&
          item.key === "section80DParents" &&
          (labelCompact.includes("senior") || compact(lineAbove).includes("senior"))
        ) {
          parentsSeniorCitizen = true;
        }
        collector.lastChapterVIA = null;
        carry = "";
        pending = null;
        group = groupOf(item) ?? group;
        if (item.kind === "regime") {
          const read = readAnswer(label);
          if (resolveRegime(item.optOutWording, read)) {
            if (read.rest.length > 0 && !isRedo) redo = { label: read.rest, amounts: segment.amounts };
            continue;
          }
          // A PDF viewer may print the answer cell on the line above its question: a line holding only the answer.
          const above = readAnswer(`? ${lineAbove.trim()}`);
          if (above.rest.length > 0 || !resolveRegime(item.optOutWording, above)) {
            pendingRegime = { optOutWording: item.optOutWording, linesLeft: PENDING_LINES };
          }
          continue;
        }
        if (segment.amounts.length > 0) {
          assign(collector, item, segment.amounts, lineNumber, context(segment));
          if (item.kind !== "heading") rowRead = { key: item.key, line: lineNumber };
        } else if (item.kind !== "heading") {
          // The rest of the label of the row read on the line above ("(c) Commuted value of pension under   0.00"
          // over "section 10(10A)"): that row has its figure, and waiting for another would take the next row's.
          if (rowRead !== null && rowRead.key === item.key && rowRead.line === lineNumber - 1) {
            rowRead.line = lineNumber;
            continue;
          }
          pending = { item, linesLeft: PENDING_LINES };
          if (!labelledAt.has(item.key)) labelledAt.set(item.key, { line: lineNumber, text: context(segment) });
        }
        continue;
      }

      const open = collector.lastChapterVIA;
      if (bare.length === 0 && pending === null && open !== null && open.amounts.length + segment.amounts.length <= 3) {
        // Gross / qualifying / deductible printed one per line: the row grows column by column.
        collector.chapterVIA[open.key] = null;
        collector.itemsFound--;
        assign(collector, { kind: "chapterVIA", key: open.key }, [...open.amounts, ...segment.amounts], lineNumber, context(segment));
        continue;
      }
      if (segment.amounts.length > 0) {
        if (pending !== null) {
          assign(collector, pending.item, segment.amounts, lineNumber, context(segment));
          if (pending.item.kind === "chapterVIA" && pending.item.key === "section80D") selfAndFamilyRowAt = lineNumber;
          pending = null;
        } else if (seenItem && breakUp === null) {
          // A break-up row naming a section the catalogue does not know is carried by 10(n): no warning.
          if (ROW_MARKER_FIRST.test(label)) held = { label, amounts: segment.amounts, line: lineNumber, text: context(segment) };
          else warn(collector, lineNumber, context(segment), "amount on a line that matched no known Form 16 item");
        }
        carry = "";
        continue;
      }
      lineCarry = `${lineCarry} ${label}`.slice(-CARRY_CHARS);
    }
    // Only the line just before can hold the first half of a broken label.
    carry = lineCarry;

    if (pending !== null && --pending.linesLeft <= 0) pending = null;
    if (pendingRegime !== null && --pendingRegime.linesLeft <= 0) pendingRegime = null;
  });

  unheld();

  // A row whose label was found but whose amount never was: null, and said so (a wrong figure is worse).
  // Rows 2(g) and 10(m) only introduce their break-up tables when the total of 2(h) / 10(n) is printed.
  const introduces: Partial<Record<string, boolean>> = {
    otherExemptions10: collector.amounts.totalOtherExemptions10 !== null,
    otherProvisions: collector.chapterVIA.totalOtherProvisions !== null,
  };
  for (const [key, at] of labelledAt) {
    const found = key in collector.amounts ? collector.amounts[key as Form16AmountKey] : collector.chapterVIA[key as ChapterVIAKey];
    if (found === null && introduces[key] !== true) warn(collector, at.line, at.text, `${key}: label found but no amount read; left null`);
  }

  // The figures the computation rests on: when one is missing, say so rather than leave a silent null.
  if (collector.itemsFound > 0) {
    const amounts = collector.amounts;
    const missing = (what: string): void => warn(collector, 0, "", `${what}: not found in the text; left null`);
    if (optedOutOf115BAC === null) missing("row A, whether opting out of s.115BAC(1A) (the regime chosen)");
    if (amounts.grossSalary === null && amounts.salary17_1 === null) missing("row 1, gross salary");
    if (amounts.totalTaxableIncome === null) missing("row 12, total taxable income");
    if (amounts.taxOnTotalIncome === null) missing("row 13, tax on total income");
  }

  return {
    documentType: "form16",
    typeSource,
    ...identity,
    optedOutOf115BAC,
    parentsSeniorCitizen,
    amounts: collector.amounts,
    chapterVIA: collector.chapterVIA,
    partA,
    itemsFound: collector.itemsFound,
    warnings: collector.warnings.list,
    warningsTotal: collector.warnings.total,
  };
}
