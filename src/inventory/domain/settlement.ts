// Settlement of invoices by receipts. Payments and credit notes both settle. Every rupee of a receipt is an
// allocation: to one invoice, or held as an advance on the customer's account (saleId null) until a later
// invoice consumes it. An allocation keeps the receipt that funded it (sourceId), so voiding a receipt
// removes exactly its money wherever it went. How a receipt splits is decided here; the ledger's queries
// record it, consume advances and keep each invoice's paid state in the same batch.
import { formatPaise } from "./money";
import type { SaleStatus } from "./sale-status";

export type ReceiptKind = "payment" | "credit_note";

export interface AllocationDraft {
  sourceId: string;
  sourceKind: ReceiptKind;
  /** The invoice (sale) settled, or null while held as an advance on the customer's account. */
  saleId: string | null;
  amountPaise: number;
  /** When the money reached the invoice: the receipt's time, or the time an advance was consumed. */
  atMs: number;
}

/** An invoice's figures as the books hold them, before a new receipt. */
export interface OpenInvoice {
  saleId: string;
  status: SaleStatus;
  totalPaise: number;
  /** Credit notes already issued against it (active ones). */
  creditedPaise: number;
  outstandingPaise: number;
}

export type AllocateResult =
  | { ok: true; drafts: AllocationDraft[]; toInvoicePaise: number; toAdvancePaise: number }
  | {
      ok: false;
      code: "over_application" | "credit_exceeds_invoice" | "sale_cancelled" | "credit_note_needs_invoice";
      message: string;
      outstandingPaise: number;
    };

/**
 * Splits a receipt (amount already checked positive and within bounds) into allocations. A payment without
 * an invoice is an advance; a credit note always names its invoice. A receipt beyond the
 * invoice's outstanding is refused (with the outstanding) unless `excess` is "advance", when the rest is
 * held for the customer. A credit note can never exceed what was billed less earlier credit notes.
 */
export function allocateReceipt(input: {
  kind: ReceiptKind;
  sourceId: string;
  amountPaise: number;
  atMs: number;
  invoice: OpenInvoice | null;
  excess: "refuse" | "advance";
}): AllocateResult {
  const { kind, sourceId, amountPaise, atMs, invoice } = input;
  const draft = (saleId: string | null, amount: number): AllocationDraft => ({ sourceId, sourceKind: kind, saleId, amountPaise: amount, atMs });
  if (invoice === null) {
    if (kind === "credit_note") {
      return { ok: false, code: "credit_note_needs_invoice", outstandingPaise: 0, message: "a credit note must name the invoice it credits" };
    }
    return { ok: true, drafts: [draft(null, amountPaise)], toInvoicePaise: 0, toAdvancePaise: amountPaise };
  }
  const outstandingPaise = invoice.outstandingPaise;
  if (invoice.status === "cancelled") {
    return { ok: false, code: "sale_cancelled", outstandingPaise, message: `sale ${invoice.saleId} is cancelled` };
  }
  if (kind === "credit_note" && amountPaise > invoice.totalPaise - invoice.creditedPaise) {
    const room = invoice.totalPaise - invoice.creditedPaise;
    return {
      ok: false,
      code: "credit_exceeds_invoice",
      outstandingPaise,
      message: `credit notes can total at most the invoice amount; at most ${formatPaise(room)} can still be credited`,
    };
  }
  const toInvoicePaise = Math.min(amountPaise, outstandingPaise);
  const toAdvancePaise = amountPaise - toInvoicePaise;
  if (toAdvancePaise > 0 && input.excess === "refuse") {
    return {
      ok: false,
      code: "over_application",
      outstandingPaise,
      message: `amount ${formatPaise(amountPaise)} exceeds the invoice's outstanding ${formatPaise(outstandingPaise)}; post the excess as an advance to the customer's account or reduce the amount`,
    };
  }
  const drafts: AllocationDraft[] = [];
  if (toInvoicePaise > 0) drafts.push(draft(invoice.saleId, toInvoicePaise));
  if (toAdvancePaise > 0) drafts.push(draft(null, toAdvancePaise));
  return { ok: true, drafts, toInvoicePaise, toAdvancePaise };
}
