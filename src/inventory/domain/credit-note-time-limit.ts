// The time limit on reducing GST by a credit note (CGST s.34(2)): the note must be declared in the return of the
// month it is issued, no later than 30 November after the end of the financial year (April to March) of the invoice
// it credits, or the date of the annual return if that is earlier. The service cannot see when the annual return was
// filed, so it keeps to 30 November. Past the limit a credit note is only commercial: it still reduces what the
// customer owes, but adjusts no GST.

/** The last IST date on which a credit note against an invoice dated `invoiceDate` (YYYY-MM-DD) still adjusts GST. */
export function lastGstCreditDate(invoiceDate: string): string {
  const year = Number(invoiceDate.slice(0, 4));
  const financialYearEnds = Number(invoiceDate.slice(5, 7)) >= 4 ? year + 1 : year;
  return `${financialYearEnds}-11-30`;
}

/**
 * Whether a credit note against an invoice dated `invoiceDate` reduces GST: the note dated `issuedOn` and recorded on
 * the IST day `recordedOn` (all IST dates). The limit is on declaring the note, and a note cannot be declared before
 * it is recorded, so the later of the two days counts: a note recorded past the limit adjusts no GST, whatever its date.
 */
export function creditNoteAdjustsGst(invoiceDate: string, note: { issuedOn: string; recordedOn: string }): boolean {
  const declarableOn = note.issuedOn > note.recordedOn ? note.issuedOn : note.recordedOn;
  return declarableOn <= lastGstCreditDate(invoiceDate);
}
