// Text of the AIS PDF (pdftotext -layout or copy-paste) into entries. Entry lines start with a serial number
// and an information code; quarter rows under a TDS entry add its tax deducted; Part B3 rows are tax payments
// and Part B4 rows refunds. Continuation lines of a wrapped entry extend its description or source.
import { readAmountToken, toRupees, type AmountToken } from "./amount";
import { KNOWN_DESCRIPTIONS, categoryOf, readInformationCode } from "./ais-codes";
import { ageAtYearEnd, aisTotals, paymentEntry } from "./ais-summary";
import { Warnings } from "./warnings";
import { compact, findYear, identifierTokens, yearAfter, isBoilerplate, isPan, maskPan, maskPansIn, normalisedLines, segmentLine } from "./lines";
import type { AisDocument, AisEntry } from "./types";

type Region = "partA" | "tdsTcs" | "sft" | "taxes" | "refunds" | "other";

// A wrapped AIS row continues for at most this many lines (description, source, its TAN, count, amount).
const CONTINUATION_LINES = 5;
const NAME_STOP_WORDS = new Set(["date", "dob", "mobile", "e-mail", "email", "aadhaar", "address", "pan", "gender"]);

function regionOf(c: string): Region | null {
  if (c.startsWith("partb1") || c.includes("tdstcsinformation") || c.includes("informationrelatingtotaxdeducted")) return "tdsTcs";
  if (c.startsWith("partb2") || c.includes("specifiedfinancialtransaction") || c.startsWith("sftinformation")) return "sft";
  if (c.startsWith("partb3") || c.includes("paymentoftaxes")) return "taxes";
  if (c.startsWith("partb4") || c.includes("demandandrefund")) return "refunds";
  if (c.startsWith("partb5") || c.startsWith("partb6") || c.startsWith("partb7") || c.startsWith("otherinformation")) return "other";
  if (c.startsWith("parta") || c.startsWith("generalinformation")) return "partA";
  return null;
}

const words = (line: string): string[] => line.split(" ").filter((w) => w.length > 0);
const hasLower = (word: string): boolean => word !== word.toUpperCase();
const hasUpper = (word: string): boolean => word !== word.toLowerCase();
const bracketOpenIn = (description: string): boolean => description.lastIndexOf("(") > description.lastIndexOf(")");
const isBracketedCode = (word: string): boolean => word.startsWith("(") && word.endsWith(")") && readInformationCode(word.slice(1, -1)) !== null;

/**
 * Whether an entry read from one line is whole: its amount read and its source ending in the reporting entity's
 * identifier in brackets ("HDFC BANK LIMITED (AAACH2702H)"). The lines after such a row are not its wrapped
 * cells: a heading ("Interest from savings bank"), the repeated page header, or a detail table.
 */
const isWholeRow = (entry: AisEntry): boolean => entry.amount !== null && /\([A-Z0-9]{10}(?:\.[A-Z0-9]+)?\)$/i.test(entry.source ?? "");

/**
 * The year the label on line `index` names: after it on its line, else on the next line, or, where the two year
 * labels are stacked ("Financial Year" over "Assessment Year") with their values below them in the same order, on
 * the line its place in the stack gives (and the other label's year on the line after).
 */
function yearsOfLabel(lines: string[], index: number, label: string, otherLabel: string): { own: string | null; other: string | null } {
  const after = yearAfter(lines[index]!, label);
  if (after !== null) return { own: after, other: null };
  const next = lines[index + 1] ?? "";
  if (findYear(next) === null && compact(next) === otherLabel) {
    return { own: findYear(lines[index + 2] ?? ""), other: findYear(lines[index + 3] ?? "") };
  }
  return { own: findYear(next), other: null };
}

// AIS prints descriptions in sentence case and sources (the reporting entity) in capitals, ending with the
// entity's TAN or PAN in brackets; that is where the two columns split when the layout is lost.
function splitDescriptionAndSource(code: string, text: string): { description: string; source: string | null } {
  const known = KNOWN_DESCRIPTIONS[code.split("(")[0]!];
  if (known !== undefined && text.toLowerCase().startsWith(known.toLowerCase())) {
    const rest = text.slice(known.length).trim();
    return { description: known, source: rest.length > 0 ? maskPansIn(rest) : null };
  }
  const list = words(text);
  let start = list.length;
  // "Dividend income (SFT-015)": an information code in brackets is the description's, though it has no lower case.
  while (start > 0 && !hasLower(list[start - 1]!) && hasUpper(list[start - 1]!) && !isBracketedCode(list[start - 1]!)) start--;
  // "(Section 194K)" belongs to the description even though "194K)" has no lower-case letter. A bracket that does not
  // close on the line ("(Section" wrapped before "194A)") leaves the capitals after it to the source.
  let open = 0;
  for (const word of list.slice(0, start)) open += [...word].filter((ch) => ch === "(").length - [...word].filter((ch) => ch === ")").length;
  let end = start;
  while (open > 0 && end < list.length) {
    const word = list[end++]!;
    open += [...word].filter((ch) => ch === "(").length - [...word].filter((ch) => ch === ")").length;
  }
  if (open === 0) start = end;
  const description = list.slice(0, start).join(" ");
  const source = list.slice(start).join(" ");
  return { description, source: source.length > 0 ? maskPansIn(source) : null };
}

/** Runs of text separated by two or more spaces, with their start columns: pdftotext -layout table cells. */
function layoutColumns(line: string): { text: string; at: number }[] {
  const out: { text: string; at: number }[] = [];
  let start = -1;
  let spaces = 0;
  for (let i = 0; i <= line.length; i++) {
    const ch = i < line.length ? line[i] : " ";
    if (ch === " ") {
      spaces++;
      if (start >= 0 && (spaces >= 2 || i === line.length)) {
        out.push({ text: line.slice(start, i - spaces + 1).trim(), at: start });
        start = -1;
      }
    } else {
      if (start < 0) start = i;
      spaces = 0;
    }
  }
  return out.filter((c) => c.text.length > 0);
}

// A cell of amounts, or one amount with its sign apart ("- 1,250", "(-) 1,250", "1,250 (-)").
const isAmountCell = (text: string): boolean => readAmountToken(text) !== null || words(text).every((w) => readAmountToken(w) !== null);

function readName(line: string): string | null {
  const colon = line.indexOf(":");
  const columns = line.trim().split(/ {2,}/);
  const value = colon >= 0 ? line.slice(colon + 1) : columns.length > 1 ? columns[1]! : line.replace(/^\s*name( of (the )?assessee)?/i, "");
  const out: string[] = [];
  for (const word of words(value)) {
    if (NAME_STOP_WORDS.has(word.toLowerCase()) || out.length >= 6) break;
    out.push(word);
  }
  const name = out.join(" ").trim();
  return name.length > 1 ? name.slice(0, 120) : null;
}

const isQuarterWord = (word: string | undefined): boolean => word !== undefined && /^q[1-4]($|\()/i.test(word.slice(0, 3));

const isSerial = (word: string | undefined): boolean => word !== undefined && /^\d{1,4}\.?$/.test(word);

const amountsOf = (list: string[]): AmountToken[] => list.map((w) => readAmountToken(w)).filter((a): a is AmountToken => a !== null);

const largestStrong = (cells: string[]): number | null => {
  const strong = amountsOf(cells).filter((a) => a.strength === "strong");
  if (strong.length === 0) return null;
  return toRupees(strong.reduce((max, a) => Math.max(a.paise, max), strong[0]!.paise));
};

/**
 * The total of a Part B3 row. The table prints tax, surcharge, education cess and others, then their total, in
 * adjacent cells, often as bare integers (800 0 0 0 800) that look no different from the BSR code and challan
 * number beside them: the total is the first cell equal to the sum of the four before it. Failing that (a table
 * printing the total alone), the largest grouped or decimal figure.
 */
function paymentTotal(cells: string[]): number | null {
  const run: number[] = [];
  for (const cell of cells) {
    const amount = readAmountToken(cell);
    if (amount === null) {
      run.length = 0;
      continue;
    }
    const n = run.length;
    if (n >= 4 && run[n - 4]! + run[n - 3]! + run[n - 2]! + run[n - 1]! === amount.paise) return toRupees(amount.paise);
    run.push(amount.paise);
  }
  return largestStrong(cells);
}

const STATUS_WORD = /^[A-Za-z]+$/;

/**
 * The figures of a quarter row. A sign printed apart from its digits ("- 500" after a column gap, "(-) 500",
 * "500 (-)") is read as every amount cell's is, so that a reversal keeps it; the status word at the end ("Active")
 * is then left out, as bare figures count as amounts only at the end of a line.
 */
function quarterAmounts(line: string, list: string[], quarterAt: number): AmountToken[] {
  // Most rows print every figure as one word, sign included, and are read word by word.
  const cells = list.slice(quarterAt + 1);
  if (!cells.some((word) => word === "-" || word === "(-)")) return amountsOf(cells);
  const quarter = list[quarterAt]!;
  const from = line.indexOf(quarter) + quarter.length;
  let end = line.length;
  for (let w = list.length - 1; w > quarterAt && STATUS_WORD.test(list[w]!); w--) {
    end -= list[w]!.length;
    while (end > from && line.charCodeAt(end - 1) === 0x20) end--;
  }
  return segmentLine(line.slice(from, end)).flatMap((segment) => segment.amounts);
}

/** Parses the text of an AIS PDF. Never throws. */
export function parseAisText(text: string, typeSource: "given" | "detected" = "given"): AisDocument {
  const lines = normalisedLines(text);
  const entries: AisEntry[] = [];
  /** The line index each coded entry starts on, for warnings about the entry. */
  const entryLines = new Map<AisEntry, number>();
  const warnings = new Warnings();
  let pan: string | null = null;
  let name: string | null = null;
  let dateOfBirth: string | null = null;
  let financialYear: string | null = null;
  let assessmentYear: string | null = null;
  let region: Region | null = null;
  // Inside an SFT entry's table of reports, until the next entry or part.
  let detailRows = false;
  let current: {
    entry: AisEntry;
    linesLeft: number;
    lastSide: "description" | "source";
    /** Start columns of the description and source cells when the text kept its layout. */
    descriptionColumn: number | null;
    sourceColumn: number | null;
  } | null = null;

  const warn = (index: number, line: string, message: string): void => {
    warnings.add(index + 1, line, message);
  };

  lines.forEach((line, index) => {
    // Lines are trimmed at the end, so a blank line is an empty one.
    if (line.length === 0) return;
    const c = compact(line.length > 2000 ? line.slice(0, 2000) : line);
    // Page furniture: a row's wrapped cells do not go on past it (its quarter rows may).
    if (isBoilerplate(c)) {
      if (current !== null) current.linesLeft = 0;
      return;
    }
    const nextRegion = regionOf(c);
    if (nextRegion !== null) {
      region = nextRegion;
      current = null;
      detailRows = false;
      return;
    }
    // The document's years are those of its title and Part A; a table's "Assessment Year" column (Parts B3, B4)
    // holds the year of each row.
    const titleOrPartA = region === null || region === "partA";
    if (financialYear === null && titleOrPartA && c.includes("financialyear")) {
      const years = yearsOfLabel(lines, index, "financial year", "assessmentyear");
      financialYear = years.own;
      assessmentYear ??= years.other;
    }
    if (assessmentYear === null && titleOrPartA && c.includes("assessmentyear")) {
      const years = yearsOfLabel(lines, index, "assessment year", "financialyear");
      assessmentYear = years.own;
      financialYear ??= years.other;
    }
    if (pan === null && (c.includes("permanentaccountnumber") || c.startsWith("pan"))) {
      const found = [...identifierTokens(line), ...identifierTokens(lines[index + 1] ?? "")].find(isPan);
      if (found !== undefined) pan = maskPan(found);
    }
    // The label may be broken after "Date of", "Birth" starting the next line.
    const labelLine = c.endsWith("dateof") && compact(lines[index + 1] ?? "").startsWith("birth") ? index + 1 : index;
    if (dateOfBirth === null && titleOrPartA && (labelLine > index || c.includes("dateofbirth"))) {
      // The value beside its label, or below it; a line below that names another date is not its value.
      const label = lines[labelLine]!;
      const below = lines[labelLine + 1] ?? "";
      dateOfBirth = `${label.slice(label.toLowerCase().indexOf("birth") + 5)} ${/date/i.test(below) ? "" : below}`;
    }
    if (name === null && titleOrPartA && c.startsWith("name")) {
      name = readName(line) ?? readName(`: ${lines[index + 1] ?? ""}`);
    }
    // Titles and the running header repeated on every page.
    if (c.includes("annualinformationstatement")) {
      if (current !== null) current.linesLeft = 0;
      return;
    }
    // Column headers of the AIS tables. An SFT entry's own table of reports ("Reported on", account, amount) details
    // the entry's amount: its rows are not entries, nor the entry's wrapped text.
    if (c.startsWith("srno") || c.includes("informationcode") || c.includes("informationdescription")) {
      detailRows = c.includes("reportedon");
      if (detailRows && current !== null) current.linesLeft = 0;
      return;
    }
    if (region === "partA") return;

    const list = words(line);
    const codeAt = isSerial(list[0]) ? 1 : 0;
    let code = list[codeAt] === undefined ? null : readInformationCode(list[codeAt]!);
    if (code !== null) {
      let restStart = codeAt + 1;
      const sub = list[restStart];
      if (!code.includes("(") && sub !== undefined && sub.startsWith("(") && sub.endsWith(")") && sub.length <= 8) {
        code += sub;
        restStart++;
      }
      // The rest of the line as printed: its column gaps tell a sign ("- 1,250") from a blank cell.
      const lastWord = list[restStart - 1]!;
      const restFrom = line.indexOf(lastWord) + lastWord.length;
      const segments = segmentLine(line.slice(restFrom));
      const amounts = segments[segments.length - 1]?.amounts ?? [];
      const label = segments
        .map((s) => s.label)
        .join(" ")
        .trim();
      // pdftotext -layout keeps the table's columns: description and source are the first two cells.
      const cells = layoutColumns(line).filter((cell) => cell.at >= restFrom);
      while (cells.length > 0 && isAmountCell(cells[cells.length - 1]!.text)) cells.pop();
      const split =
        cells.length >= 2
          ? {
              description: cells[0]!.text,
              source: maskPansIn(
                cells
                  .slice(1)
                  .map((cell) => cell.text)
                  .join(" "),
              ),
            }
          : splitDescriptionAndSource(code, label);
      const { description, source } = split;
      const sourceColumn = cells.length >= 2 ? cells[1]!.at : null;
      const descriptionColumn = cells.length >= 2 ? cells[0]!.at : null;
      const amount = amounts.length > 0 ? toRupees(amounts[amounts.length - 1]!.paise) : null;
      const countToken = amounts.length > 1 ? amounts[amounts.length - 2]! : null;
      const entry: AisEntry = {
        code,
        description,
        source,
        count: countToken !== null && countToken.strength === "weak" ? countToken.paise / 100 : null,
        amount,
        taxDeducted: null,
        category: categoryOf(code, description),
      };
      entries.push(entry);
      entryLines.set(entry, index);
      current = { entry, linesLeft: CONTINUATION_LINES, lastSide: source === null ? "description" : "source", descriptionColumn, sourceColumn };
      detailRows = false;
      return;
    }

    const quarterAt = isQuarterWord(list[0]) ? 0 : isSerial(list[0]) && isQuarterWord(list[1]) ? 1 : -1;
    if (quarterAt >= 0) {
      // Quarter rows: amount paid/credited, tax deducted, tax deposited (dates and status words skipped).
      const amounts = quarterAmounts(line, list, quarterAt);
      const entry = current?.entry;
      // Quarter rows end the wrapped part of the entry above them.
      if (current !== null) current.linesLeft = 0;
      // An inactive row (a duplicate or a row the taxpayer's feedback denied) is not tax paid.
      if (list[list.length - 1]!.toLowerCase() === "inactive") return;
      if (entry !== undefined && entry.code !== null && !entry.code.startsWith("SFT-") && amounts.length >= 2) {
        const deducted = amounts[amounts.length >= 3 ? amounts.length - 2 : 1]!;
        entry.taxDeducted = ((entry.taxDeducted ?? 0) * 100 + deducted.paise) / 100;
      }
      return;
    }

    if ((region === "taxes" || region === "refunds") && isSerial(list[0])) {
      const isRefund = region === "refunds";
      if (isRefund && c.includes("demand")) return;
      // Part B4: the amount of refund is the first figure after the serial number, before its interest.
      const first = isRefund ? amountsOf(list.slice(1))[0] : undefined;
      const amount = isRefund ? (first === undefined ? null : toRupees(first.paise)) : paymentTotal(list.slice(1));
      if (amount === null) {
        warn(index, line, `${isRefund ? "refund" : "tax payment"} whose amount could not be read; add it yourself`);
        current = null;
        return;
      }
      const kind = isRefund
        ? "Refund"
        : c.includes("advancetax")
          ? "Advance tax"
          : c.includes("selfassessment")
            ? "Self-assessment tax"
            : "Tax payment";
      const rowYear = list.slice(1).find((token) => /^\d{4}-\d{2}$/.test(token)) ?? null;
      entries.push(paymentEntry(amount, kind, rowYear, assessmentYear));
      current = null;
      return;
    }

    if (detailRows) return;
    const segments = segmentLine(line);
    const amounts = segments.flatMap((s) => s.amounts);
    // A whole row's wrapped cells, in layout text, stay in their columns: a line that starts left of the description
    // column is a heading ("Interest from savings bank") or the next table, not part of the row.
    const endsWholeRow =
      current !== null &&
      isWholeRow(current.entry) &&
      !bracketOpenIn(current.entry.description) &&
      (current.descriptionColumn === null || line.length - line.trimStart().length < current.descriptionColumn - 2);
    if (current !== null && current.linesLeft > 0 && !endsWholeRow) {
      const open = current;
      open.linesLeft--;
      if (amounts.length > 0) {
        const lone = amounts.length === 1 ? amounts[0]! : null;
        if (lone !== null && lone.strength === "weak" && lone.paise <= 999_900 && open.entry.count === null && open.entry.amount === null) {
          // Count and amount on lines of their own: the small bare integer comes first and is the count.
          open.entry.count = lone.paise / 100;
        } else if (open.entry.amount === null) {
          open.entry.amount = toRupees(amounts[amounts.length - 1]!.paise);
          const countToken = amounts.length > 1 ? amounts[amounts.length - 2]! : null;
          if (countToken !== null && countToken.strength === "weak") open.entry.count = countToken.paise / 100;
        } else {
          warn(index, line, "amount after an AIS entry that already had one");
        }
      }
      const extend = (side: "description" | "source", text: string): void => {
        if (side === "description") open.entry.description = `${open.entry.description} ${text}`.trim();
        else open.entry.source = maskPansIn(`${open.entry.source ?? ""} ${text}`.trim());
        open.lastSide = side;
      };
      const sourceColumn = open.sourceColumn;
      if (sourceColumn !== null) {
        // Layout text: a wrapped cell continues in the column it started in.
        for (const cell of layoutColumns(line)) {
          if (!isAmountCell(cell.text)) extend(cell.at >= sourceColumn - 2 ? "source" : "description", cell.text);
        }
        open.entry.category = open.entry.code === null ? open.entry.category : categoryOf(open.entry.code, open.entry.description);
        return;
      }
      // Wrapped description and source columns; bare numbers and brackets follow the word before them.
      for (const word of segments
        .map((s) => s.label)
        .join(" ")
        .split(" ")) {
        if (word.length === 0) continue;
        // "(Section" ... "194A)": a word that closes the description's open bracket is still the description, as is an
        // information code in brackets ("Dividend income (SFT-015)").
        const description = bracketOpenIn(open.entry.description) || hasLower(word) || isBracketedCode(word);
        extend(description ? "description" : hasUpper(word) ? "source" : open.lastSide, word);
      }
      open.entry.category = open.entry.code === null ? open.entry.category : categoryOf(open.entry.code, open.entry.description);
      return;
    }
    if (amounts.some((a) => a.strength === "strong")) warn(index, line, "amount on a line that matched no AIS entry");
  });

  const totals = aisTotals(entries, (entry, message) => {
    const index = entryLines.get(entry)!;
    warn(index, lines[index]!, message);
  });
  return {
    documentType: "ais",
    typeSource,
    format: "text",
    pan,
    name,
    financialYear,
    assessmentYear,
    age: dateOfBirth === null ? null : ageAtYearEnd(dateOfBirth, financialYear, assessmentYear),
    entries,
    totals,
    warnings: warnings.list,
    warningsTotal: warnings.total,
  };
}
