// Invoice and credit-note numbers run consecutively within an Indian financial year (April to March), so
// the year is part of the number: INV/2526/000001, CN/2526/000001.
import { financialYearStartOf } from "../../platform/pure/financial-year";

/** The financial year of an IST date (YYYY-MM-DD) as its 4-digit code: 2026-03-31 → "2526", 2026-04-01 → "2627". */
export function financialYearCode(isoDate: string): string {
  const start = financialYearStartOf(isoDate);
  return `${String(start % 100).padStart(2, "0")}${String((start + 1) % 100).padStart(2, "0")}`;
}

/** The prefix every credit note of that financial year shares: "CN/2526/". */
export function creditNotePrefix(isoDate: string): string {
  return `CN/${financialYearCode(isoDate)}/`;
}

/** The last credit note numbered in a note's financial year, or null for the first of the year. */
export interface LastCreditNote {
  noteNumber: string;
  issuedOn: string;
}

export type CreditNoteOrder =
  | { ok: true }
  | { ok: false; code: "credit_note_before_last_note"; message: string; lastNoteNumber: string; lastIssuedOn: string };

/**
 * Whether a credit note dated `issuedOn` may take the next number of its financial year. The year's notes form one
 * consecutive series (CGST Rules, rule 53(1A) with rule 46(b)), numbered in date order as invoices are: a note dated
 * before the last one numbered in its year is refused. Same-day notes are fine; another year has its own series.
 */
export function creditNoteInOrder(issuedOn: string, last: LastCreditNote | null): CreditNoteOrder {
  if (last === null || issuedOn >= last.issuedOn) return { ok: true };
  return {
    ok: false,
    code: "credit_note_before_last_note",
    message: `date ${issuedOn} is before credit note ${last.noteNumber} dated ${last.issuedOn}; a financial year's credit notes are numbered in date order`,
    lastNoteNumber: last.noteNumber,
    lastIssuedOn: last.issuedOn,
  };
}
