// Tax-invoice numbers: one consecutive series per financial year (April to March), issued in date order
// (CGST Rules, rule 46(b): consecutive, at most 16 characters, unique for the financial year).
// The shape is the one already in use: INV/<FY>/<6-digit sequence>, e.g. INV/2526/000001 (15 characters).
import { financialYearCode } from "./invoice-number";

/** Six digits keep the number within 16 characters. */
export const MAX_INVOICES_PER_FINANCIAL_YEAR = 999_999;

export function invoiceNumber(financialYear: string, seq: number): string {
  return `INV/${financialYear}/${String(seq).padStart(6, "0")}`;
}

/** The last invoice issued in the sale's financial year, or null for the first of the year. */
export interface LastIssued {
  saleDate: string;
  seq: number;
  invoiceNumber: string;
}

export type NextInvoiceResult =
  | { ok: true; financialYear: string; seq: number; invoiceNumber: string }
  | {
      ok: false;
      code: "sale_before_last_invoice" | "invoice_sequence_exhausted";
      message: string;
      lastInvoiceNumber: string;
      lastSaleDate: string;
    };

/**
 * The next number for a sale dated `saleDate`. A sale dated before the last invoice already issued in its
 * financial year is refused: numbering it would put the series out of date order. Same-day sales are fine.
 */
export function nextInvoice(saleDate: string, last: LastIssued | null): NextInvoiceResult {
  const financialYear = financialYearCode(saleDate);
  if (last === null) return { ok: true, financialYear, seq: 1, invoiceNumber: invoiceNumber(financialYear, 1) };
  const refused = { lastInvoiceNumber: last.invoiceNumber, lastSaleDate: last.saleDate };
  if (saleDate < last.saleDate) {
    return {
      ok: false,
      code: "sale_before_last_invoice",
      message: `sale_date ${saleDate} is before invoice ${last.invoiceNumber} dated ${last.saleDate}; invoices of a financial year are numbered in date order`,
      ...refused,
    };
  }
  if (last.seq >= MAX_INVOICES_PER_FINANCIAL_YEAR) {
    return {
      ok: false,
      code: "invoice_sequence_exhausted",
      message: `financial year ${financialYear} already has ${MAX_INVOICES_PER_FINANCIAL_YEAR} invoices`,
      ...refused,
    };
  }
  const seq = last.seq + 1;
  return { ok: true, financialYear, seq, invoiceNumber: invoiceNumber(financialYear, seq) };
}
