// Totals per AIS category, shared by the text and JSON readers.
import { emptyTotals } from "./ais-codes";
import { compact, isPan, isTan, shiftYear } from "./lines";
import type { AisEntry, AisTotals } from "./types";

type PaymentKind = "Refund" | "Advance tax" | "Self-assessment tax" | "Tax payment";

// Written either way in the two parts of one AIS; the full word is kept.
const ABBREVIATIONS: Record<string, string> = { ltd: "limited", pvt: "private" };

// A PAN masked to its first two and last two characters (ABXXXXXX4F), as an individual's is in a source.
const isMaskedPan = (token: string): boolean => token.length === 10 && token.slice(2, 8) === "XXXXXX";

/**
 * The payer's name in an information source, without its TAN or PAN, case, punctuation or Ltd/Pvt: null when
 * the source names no one. Part B1 prints a TDS row's deductor with its TAN and Part B2 an SFT row's reporting
 * entity with its PAN (tax-rules.md §12), so one bank's two reports never share an identifier (and each branch
 * deducts under its own TAN): the name is what pairs them.
 */
export function payerName(source: string | null): string | null {
  if (source === null) return null;
  let name = "";
  // A bracket opens a word of its own, printed with a space before it or not: "LIMITED(AAACH2702H)".
  for (const word of source.replace(/[([]/g, " $&").split(" ")) {
    // "(AAACH2702H.AB772)": an SFT reporting entity's PAN with its own id after a dot (or slash, or dash) is still
    // an identifier.
    const identifier = word
      .toUpperCase()
      .replace(/[()[\],]/g, "")
      .replace(/[./-].*$/, "");
    if (isPan(identifier) || isTan(identifier) || isMaskedPan(identifier)) continue;
    const kept = compact(word).replace(/[()]/g, "");
    name += ABBREVIATIONS[kept] ?? kept;
  }
  return name.length > 0 ? name : null;
}

/** One income the AIS reports twice, by the deductor under TDS and by the payer under SFT, per payer in paise. */
class ReportedTwice {
  private readonly byPayer = new Map<string, { deductor: number; reporter: number }>();
  private deductor = 0;
  private reporter = 0;
  /** The first report whose payer is not named: none of the reports can then be paired with certainty. */
  unnamed: AisEntry | null = null;

  add(entry: AisEntry, paise: number, fromDeductor: boolean): void {
    if (fromDeductor) this.deductor += paise;
    else this.reporter += paise;
    const payer = payerName(entry.source);
    if (payer === null) {
      this.unnamed ??= entry;
      return;
    }
    const reports = this.byPayer.get(payer) ?? { deductor: 0, reporter: 0 };
    if (fromDeductor) reports.deductor += paise;
    else reports.reporter += paise;
    this.byPayer.set(payer, reports);
  }

  /** Whether both kinds of report are present, so that pairing them decides the total. */
  get bothReported(): boolean {
    return this.deductor > 0 && this.reporter > 0;
  }

  /**
   * Each payer's larger report, summed over payers: one payer's two reports are one income, two payers' are two.
   * With a payer not named, the larger of the two totals, the most that is certainly not counted twice.
   */
  total(): number {
    if (this.unnamed !== null) return Math.max(this.deductor, this.reporter);
    let paise = 0;
    for (const reports of this.byPayer.values()) paise += Math.max(reports.deductor, reports.reporter);
    return paise;
  }
}

/**
 * Sums in paise. Deposit interest and dividends are reported twice in an AIS, by the deductor under TDS-194A /
 * TDS-194 or TDS-194K and by the bank or company under SFT-016 / SFT-015; each takes every payer's larger report,
 * added up over payers. Taxes paid are advance and self-assessment tax plus every entry's TDS/TCS. `warn` is told
 * about an entry that keeps deposit interest or dividends from being paired payer by payer.
 */
export function aisTotals(entries: AisEntry[], warn: (entry: AisEntry, message: string) => void): AisTotals {
  const paise = emptyTotals();
  const depositInterest = new ReportedTwice();
  const dividends = new ReportedTwice();
  for (const entry of entries) {
    if (entry.taxDeducted !== null) paise.taxesPaid += Math.round(entry.taxDeducted * 100);
    if (entry.amount === null || entry.category === "other") continue;
    const amount = Math.round(entry.amount * 100);
    const fromDeductor = entry.code?.startsWith("TDS-") === true;
    if (entry.category === "depositInterest") depositInterest.add(entry, amount, fromDeductor);
    else if (entry.category === "dividends") dividends.add(entry, amount, fromDeductor);
    else paise[entry.category] += amount;
  }
  paise.depositInterest = depositInterest.total();
  paise.dividends = dividends.total();
  if (depositInterest.unnamed !== null && depositInterest.bothReported) {
    warn(
      depositInterest.unnamed,
      "deposit interest under TDS-194A and SFT-016 could not be paired bank by bank: this report names no bank, so only the larger of the two totals is counted; add interest from a bank that reports under one code only yourself",
    );
  }
  if (dividends.unnamed !== null && dividends.bothReported) {
    warn(
      dividends.unnamed,
      "dividends under TDS-194/194K and SFT-015 could not be paired payer by payer: this report names no payer, so only the larger of the two totals is counted; add dividends from a payer that reports under one code only yourself",
    );
  }
  const totals = emptyTotals();
  for (const key of Object.keys(totals) as (keyof AisTotals)[]) totals[key] = paise[key] / 100;
  return totals;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/**
 * The age reached by the end of `financialYear` by a date of birth as Part A prints it (14/05/1990, 14-05-1990,
 * 14-May-1990), or null. A senior's slabs go by the age reached at any time in the year; a birthday on 1 April is
 * reached the day before, 31 March, as the return's own utility counts it.
 */
export function ageAtYearEnd(dateOfBirth: string, financialYear: string | null, assessmentYear: string | null): number | null {
  // An AIS that prints only its assessment year is for the financial year before it.
  financialYear ??= assessmentYear === null ? null : shiftYear(assessmentYear, -1);
  const date = /\b(\d{1,2})[/-](\d{1,2}|[A-Za-z]{3})[/-](\d{4})\b/.exec(dateOfBirth);
  if (date === null || financialYear === null) return null;
  const day = Number(date[1]);
  const month = /^\d/.test(date[2]!) ? Number(date[2]) : MONTHS.indexOf(date[2]!.toLowerCase()) + 1;
  const year = Number(date[3]);
  // A day the month does not have (31/02) is no date of birth.
  if (month < 1 || month > 12 || day < 1 || new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null;
  const age = Number(financialYear.slice(0, 4)) + 1 - year - (month > 4 || (month === 4 && day > 1) ? 1 : 0);
  return age >= 0 && age <= 130 ? age : null;
}

/**
 * A Part B3 (tax payment) or B4 (refund) row. A challan names the assessment year it pays (`rowYear`): one for
 * another year than the statement's is no credit of it, so it is kept apart (no code, category other) to be listed,
 * not counted.
 */
export function paymentEntry(amount: number, kind: PaymentKind, rowYear: string | null, statementYear: string | null): AisEntry {
  const otherYear = kind !== "Refund" && rowYear !== null && statementYear !== null && rowYear !== statementYear;
  return {
    code: null,
    description: otherYear ? `Tax paid for AY ${rowYear}` : kind,
    source: null,
    count: null,
    amount,
    taxDeducted: null,
    category: otherYear ? "other" : kind === "Refund" ? "refunds" : "taxesPaid",
  };
}
