// The month's outward tax for the GST returns (GSTR-1, GSTR-3B), rolled up from sums of the stored paise: invoices by
// rate, by registered (B2B) and unregistered (B2C) buyer and by HSN code; credit notes that adjust GST the same way;
// the reversals made in the month of documents of earlier months (invoices cancelled, notes voided), the same way
// again; and the net of all of them. Only integers are added and subtracted here, never a rate applied, so every
// figure ties out to the paisa with the invoices and notes it comes from.

/**
 * At most this many documents are listed one by one under a month's reversals; the reversal totals always cover them
 * all. A trader cancels or voids a few documents of earlier months in a month, and the answer stays one read.
 */
export const REVERSED_DOCUMENTS_CAP = 500;

export interface TaxColumns {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** Invoices of one kind of buyer, with or without a CGST/SGST/IGST split (sales booked before it was recorded). */
export interface InvoiceGroup extends TaxColumns {
  registered: boolean;
  split: boolean;
  count: number;
  /** Their GST total, whether split or not. */
  gstPaise: number;
}

/** Invoice lines (of invoices with a split) of one HSN code at one rate. */
export interface InvoiceLineGroup extends TaxColumns {
  hsn: string;
  gstRateBps: number;
  grams: number;
}

/**
 * Credit notes alike in whether they adjust GST (carry a split), the kind of buyer, and the rate and HSN code of the
 * invoice lines they reduce: null when those lines are of several rates (or, for `hsn`, codes).
 */
export interface CreditNoteGroup extends TaxColumns {
  adjustsGst: boolean;
  registered: boolean;
  gstRateBps: number | null;
  hsn: string | null;
  count: number;
  amountPaise: number;
  /** Kg that came back (sales returns). */
  grams: number;
}

export interface DocumentTotals extends TaxColumns {
  count: number;
}

export interface RateRow extends TaxColumns {
  gstRateBps: number | null;
}

export interface HsnRow extends TaxColumns {
  hsn: string | null;
  gstRateBps: number | null;
  grams: number;
}

export type InvoicesBlock = DocumentTotals & {
  byRate: RateRow[];
  b2b: DocumentTotals;
  b2c: DocumentTotals;
  hsn: HsnRow[];
  withoutSplit: { count: number; taxablePaise: number; gstPaise: number };
};

export type CreditNotesBlock = DocumentTotals & {
  byRate: RateRow[];
  b2b: DocumentTotals;
  b2c: DocumentTotals;
  hsn: HsnRow[];
  withoutSplit: { count: number; amountPaise: number };
};

/** A set of invoices and credit notes, as summed by the month's read. */
export interface DocumentGroups {
  invoices: readonly InvoiceGroup[];
  invoiceLines: readonly InvoiceLineGroup[];
  creditNotes: readonly CreditNoteGroup[];
}

export interface GstSummary {
  invoices: InvoicesBlock;
  creditNotes: CreditNotesBlock;
  /**
   * Documents of earlier months reversed in this one: invoices cancelled and notes voided, with their figures as
   * issued. The earlier month's figures stand as filed; these amend them in the month the change was made.
   */
  reversals: { invoices: InvoicesBlock; creditNotes: CreditNotesBlock };
  /** Invoices less notes, less invoices cancelled, plus notes voided. */
  net: TaxColumns & { byRate: RateRow[] };
}

const zero = (): DocumentTotals => ({ count: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });

function add<T extends TaxColumns>(into: T, from: TaxColumns): T {
  into.taxablePaise += from.taxablePaise;
  into.cgstPaise += from.cgstPaise;
  into.sgstPaise += from.sgstPaise;
  into.igstPaise += from.igstPaise;
  return into;
}

/** Null (several rates or codes) after every known value. */
function compareNullable<T extends string | number>(a: T | null, b: T | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

const byRateOrder = (a: { gstRateBps: number | null }, b: { gstRateBps: number | null }) => compareNullable(a.gstRateBps, b.gstRateBps);
const byHsnOrder = (a: HsnRow, b: HsnRow) => compareNullable(a.hsn, b.hsn) || byRateOrder(a, b);

/** Rows summed per rate, in rate order. */
function perRate(rows: ReadonlyArray<TaxColumns & { gstRateBps: number | null }>): RateRow[] {
  const rates = new Map<number | null, RateRow>();
  for (const row of rows) {
    const rate = rates.get(row.gstRateBps) ?? { gstRateBps: row.gstRateBps, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
    rates.set(row.gstRateBps, add(rate, row));
  }
  return [...rates.values()].sort(byRateOrder);
}

/** Rows summed per (HSN, rate), in code order then rate order. */
function perHsn(rows: ReadonlyArray<TaxColumns & { hsn: string | null; gstRateBps: number | null; grams: number }>): HsnRow[] {
  const codes = new Map<string, HsnRow>();
  for (const row of rows) {
    const key = JSON.stringify([row.hsn, row.gstRateBps]);
    const code = codes.get(key) ?? { hsn: row.hsn, gstRateBps: row.gstRateBps, grams: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
    code.grams += row.grams;
    codes.set(key, add(code, row));
  }
  return [...codes.values()].sort(byHsnOrder);
}

/** Totals of document groups, the whole and by kind of buyer. */
function documentTotals(groups: ReadonlyArray<TaxColumns & { registered: boolean; count: number }>) {
  const total = zero();
  const b2b = zero();
  const b2c = zero();
  for (const group of groups) {
    for (const into of [total, group.registered ? b2b : b2c]) {
      into.count += group.count;
      add(into, group);
    }
  }
  return { total, b2b, b2c };
}

function invoicesBlock(groups: readonly InvoiceGroup[], lines: readonly InvoiceLineGroup[]): InvoicesBlock {
  const unsplit = groups.filter((g) => !g.split);
  const totals = documentTotals(groups.filter((g) => g.split));
  return {
    ...totals.total,
    byRate: perRate(lines),
    b2b: totals.b2b,
    b2c: totals.b2c,
    hsn: perHsn(lines),
    withoutSplit: {
      count: unsplit.reduce((sum, g) => sum + g.count, 0),
      taxablePaise: unsplit.reduce((sum, g) => sum + g.taxablePaise, 0),
      gstPaise: unsplit.reduce((sum, g) => sum + g.gstPaise, 0),
    },
  };
}

function creditNotesBlock(groups: readonly CreditNoteGroup[]): CreditNotesBlock {
  const adjusting = groups.filter((g) => g.adjustsGst);
  const commercial = groups.filter((g) => !g.adjustsGst);
  const totals = documentTotals(adjusting);
  return {
    ...totals.total,
    byRate: perRate(adjusting),
    b2b: totals.b2b,
    b2c: totals.b2c,
    hsn: perHsn(adjusting),
    withoutSplit: {
      count: commercial.reduce((sum, g) => sum + g.count, 0),
      amountPaise: commercial.reduce((sum, g) => sum + g.amountPaise, 0),
    },
  };
}

const NO_DOCUMENTS: DocumentGroups = { invoices: [], invoiceLines: [], creditNotes: [] };

/** The month's documents, and (by default none) the documents of earlier months reversed in it. */
export function gstSummary(input: DocumentGroups & { reversed?: DocumentGroups }): GstSummary {
  const reversed = input.reversed ?? NO_DOCUMENTS;
  const invoices = invoicesBlock(input.invoices, input.invoiceLines);
  const creditNotes = creditNotesBlock(input.creditNotes);
  const cancelled = invoicesBlock(reversed.invoices, reversed.invoiceLines);
  const voided = creditNotesBlock(reversed.creditNotes);

  // Each rate's invoices less its notes, less its invoices cancelled, plus its notes voided; a rate only notes or
  // cancellations have comes out negative.
  const less = (rows: RateRow[]) => rows.map((r) => ({ ...negated(r), gstRateBps: r.gstRateBps }));
  const net = perRate([...invoices.byRate, ...less(creditNotes.byRate), ...less(cancelled.byRate), ...voided.byRate]);
  const netTotal = add(add(add(negated(creditNotes), invoices), negated(cancelled)), voided);

  return {
    invoices,
    creditNotes,
    reversals: { invoices: cancelled, creditNotes: voided },
    net: { ...netTotal, byRate: net },
  };
}

function negated(columns: TaxColumns): TaxColumns {
  return { taxablePaise: -columns.taxablePaise, cgstPaise: -columns.cgstPaise, sgstPaise: -columns.sgstPaise, igstPaise: -columns.igstPaise };
}
