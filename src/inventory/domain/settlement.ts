// Settlement of invoices by receipts. Payments and credit notes both settle. Every rupee of a receipt is an
// allocation: to one invoice, or held as an advance on the customer's account (saleId null) until a later
// invoice consumes it. An allocation keeps the receipt that funded it (sourceId), so voiding a receipt
// removes exactly its money wherever it went, and the invoices it had settled are reopened.
//
// An invoice is paid when its outstanding reaches zero; paid_at is the time of the allocation that got it
// there, whichever receipt came last. Each change of the paid state sends one event: unpaid → paid sends
// invoice.paid, paid → unpaid (a void) sends invoice.reopened and clears paid_at. An invoice that is never
// reopened therefore sends invoice.paid exactly once.
import { formatPaise } from "./money";

export type ReceiptKind = "payment" | "credit_note";

export interface Allocation {
  id: string;
  sourceId: string;
  sourceKind: ReceiptKind;
  /** The invoice (sale) settled, or null while held as an advance on the customer's account. */
  saleId: string | null;
  amountPaise: number;
  /** When the money reached the invoice: the receipt's time, or the time an advance was consumed. */
  atMs: number;
}

export type AllocationDraft = Omit<Allocation, "id">;

/** An invoice's figures as the books hold them, before a new receipt. */
export interface OpenInvoice {
  saleId: string;
  status: "confirmed" | "dispatched" | "cancelled";
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

/**
 * A new invoice consumes the customer's advances, oldest first, up to its outstanding. Each consumed part
 * keeps its funding receipt; `reduce` gives the advance allocations' new amounts (0 = fully consumed).
 */
export function consumeAdvances(
  advances: readonly Allocation[],
  invoice: { saleId: string; outstandingPaise: number },
  atMs: number,
): { drafts: AllocationDraft[]; reduce: Array<{ id: string; amountPaise: number }> } {
  const drafts: AllocationDraft[] = [];
  const reduce: Array<{ id: string; amountPaise: number }> = [];
  let need = invoice.outstandingPaise;
  for (const advance of [...advances].filter((a) => a.saleId === null).sort(byTime)) {
    if (need <= 0) break;
    const take = Math.min(need, advance.amountPaise);
    if (take <= 0) continue;
    need -= take;
    drafts.push({ sourceId: advance.sourceId, sourceKind: advance.sourceKind, saleId: invoice.saleId, amountPaise: take, atMs });
    reduce.push({ id: advance.id, amountPaise: advance.amountPaise - take });
  }
  return { drafts, reduce };
}

export interface InvoiceState {
  outstandingPaise: number;
  paidAt: number | null;
}

/**
 * Outstanding and paid_at of an invoice from its allocations: paid_at is the time at which the running
 * total, in time order, first covers the invoice. A zero-total invoice is paid when issued.
 */
export function invoiceState(totalPaise: number, issuedAtMs: number, allocations: readonly Allocation[]): InvoiceState {
  let settled = 0;
  let paidAt: number | null = totalPaise <= 0 ? issuedAtMs : null;
  for (const a of [...allocations].sort(byTime)) {
    settled += a.amountPaise;
    if (paidAt === null && settled >= totalPaise) paidAt = a.atMs;
  }
  return { outstandingPaise: totalPaise - settled, paidAt };
}

export type PaidEvent =
  | { type: "invoice.paid"; saleId: string; paidAt: number; dedupeKey: string }
  | { type: "invoice.reopened"; saleId: string; dedupeKey: string };

/**
 * The one event a change of paid state sends, or null. `timesPaidBefore` counts earlier invoice.paid
 * events of the invoice; the first keeps the plain key `invoice.paid:<sale>`, so a retried write dedupes.
 */
export function paidStateEvent(saleId: string, before: InvoiceState, after: InvoiceState, timesPaidBefore: number): PaidEvent | null {
  if (before.paidAt === null && after.paidAt !== null) {
    const suffix = timesPaidBefore === 0 ? "" : `:${timesPaidBefore + 1}`;
    return { type: "invoice.paid", saleId, paidAt: after.paidAt, dedupeKey: `invoice.paid:${saleId}${suffix}` };
  }
  if (before.paidAt !== null && after.paidAt === null) {
    return { type: "invoice.reopened", saleId, dedupeKey: `invoice.reopened:${saleId}:${timesPaidBefore}` };
  }
  return null;
}

export type VoidResult =
  | { ok: true; removeIds: string[]; affectedSaleIds: string[]; advanceReversedPaise: number }
  | { ok: false; code: "already_voided"; message: string };

/**
 * Voiding a receipt removes all its allocations: on its invoice, held as advance, or consumed by a later
 * invoice. `affectedSaleIds` are the invoices whose state the caller recomputes (and reopens if paid).
 */
export function voidReceipt(sourceId: string, alreadyVoided: boolean, allocations: readonly Allocation[]): VoidResult {
  if (alreadyVoided) return { ok: false, code: "already_voided", message: `${sourceId} is already voided` };
  const own = allocations.filter((a) => a.sourceId === sourceId);
  const affected = new Set(own.flatMap((a) => (a.saleId === null || a.amountPaise === 0 ? [] : [a.saleId])));
  return {
    ok: true,
    removeIds: own.map((a) => a.id),
    affectedSaleIds: [...affected],
    advanceReversedPaise: own.filter((a) => a.saleId === null).reduce((s, a) => s + a.amountPaise, 0),
  };
}

/**
 * A customer's balance: billed − paid − credited, over sales that are not cancelled (credit notes of a
 * cancelled sale are reversed with it, so they are not active). Negative means the customer is owed money.
 */
export function customerBalance(input: {
  sales: ReadonlyArray<{ totalPaise: number; status: OpenInvoice["status"] }>;
  receipts: ReadonlyArray<{ kind: ReceiptKind; amountPaise: number; voided: boolean }>;
}): { billedPaise: number; paidPaise: number; creditedPaise: number; outstandingPaise: number } {
  const billedPaise = input.sales.filter((s) => s.status !== "cancelled").reduce((s, x) => s + x.totalPaise, 0);
  const active = input.receipts.filter((r) => !r.voided);
  const paidPaise = active.filter((r) => r.kind === "payment").reduce((s, r) => s + r.amountPaise, 0);
  const creditedPaise = active.filter((r) => r.kind === "credit_note").reduce((s, r) => s + r.amountPaise, 0);
  return { billedPaise, paidPaise, creditedPaise, outstandingPaise: billedPaise - paidPaise - creditedPaise };
}

function byTime(a: Allocation, b: Allocation): number {
  return a.atMs - b.atMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
