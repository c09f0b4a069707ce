// The time limit on reducing GST by a credit note (CGST s.34(2)): the note must be declared in the return of the
// month it is issued, no later than 30 November after the end of the financial year (April to March) of the invoice
// it credits, or the date the annual return of that year is furnished, whichever is earlier. Past the limit a credit
// note is only commercial: it still reduces what the customer owes, but adjusts no GST.
import { financialYearStartOf } from "../../platform/pure/financial-year";

/**
 * The last IST date on which a credit note against an invoice dated `invoiceDate` (YYYY-MM-DD) still adjusts GST:
 * 30 November after the invoice's financial year, or the day that year's annual return was furnished
 * (`annualReturnFiledOn`, when recorded) if that is earlier. "Not later than" the filing day: that day itself counts.
 */
export function lastGstCreditDate(invoiceDate: string, annualReturnFiledOn?: string | null): string {
  const november = `${financialYearStartOf(invoiceDate) + 1}-11-30`;
  return annualReturnFiledOn != null && annualReturnFiledOn < november ? annualReturnFiledOn : november;
}

/**
 * Whether a credit note against an invoice dated `invoiceDate` reduces GST: the note dated `issuedOn` and recorded on
 * the IST day `recordedOn` (all IST dates), with the day the annual return of the invoice's financial year was
 * furnished, or null when none is recorded. The limit is on declaring the note, and a note cannot be declared before
 * it is recorded, so the later of the two days counts: a note recorded past the limit adjusts no GST, whatever its date.
 */
export function creditNoteAdjustsGst(
  invoiceDate: string,
  note: { issuedOn: string; recordedOn: string },
  annualReturnFiledOn: string | null,
): boolean {
  const declarableOn = note.issuedOn > note.recordedOn ? note.issuedOn : note.recordedOn;
  return declarableOn <= lastGstCreditDate(invoiceDate, annualReturnFiledOn);
}
