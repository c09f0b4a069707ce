// GST's time limit for correcting an invoice: a credit note against it must be declared (CGST s.34(2)), and the
// invoice itself amended or cancelled in a return (proviso to s.37(3)), no later than 30 November after the end of its
// financial year (April to March), or the date the annual return of that year is furnished, whichever is earlier.
// Past the limit a credit note is only commercial (it still reduces what the customer owes, but adjusts no GST), and
// so is a cancellation (the goods come back and the customer owes nothing, but the invoice's tax stands).
import { financialYearStartOf } from "../../platform/pure/financial-year";

/**
 * The last IST date on which GST can still be corrected for an invoice dated `invoiceDate` (YYYY-MM-DD), by a credit
 * note or by cancelling it: 30 November after the invoice's financial year, or the day that year's annual return was
 * furnished (`annualReturnFiledOn`, when recorded) if that is earlier. "Not later than" the filing day: that day itself
 * counts.
 */
export function lastGstCorrectionDate(invoiceDate: string, annualReturnFiledOn?: string | null): string {
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
  return declarableOn <= lastGstCorrectionDate(invoiceDate, annualReturnFiledOn);
}

/**
 * Whether cancelling, on the IST day `cancelledOn`, an invoice dated `invoiceDate` takes its tax back: only within the
 * time limit, with the day the annual return of the invoice's financial year was furnished, or null when none is
 * recorded.
 */
export function cancellationAdjustsGst(invoiceDate: string, cancelledOn: string, annualReturnFiledOn: string | null): boolean {
  return cancelledOn <= lastGstCorrectionDate(invoiceDate, annualReturnFiledOn);
}
