// A small in-memory model of a trader's books, for the model-based property test that drives the same
// operations through the API. It is written plainly and independently of src/inventory/domain (its own
// arithmetic), so that agreement between the two is evidence rather than a tautology.
//
// Figures are integers: grams and paise. Times are epoch ms; dates are IST YYYY-MM-DD.

/** Event types the model expects. The first five exist today; the rest are the names proposed for the API. */
export const MODEL_EVENT_TYPES = [
  "sale.created",
  "sale.dispatched",
  "sale.cancelled",
  "invoice.paid",
  "invoice.reopened",
  "lot.received",
  "payment.received",
  "payment.voided",
  "credit_note.issued",
  "credit_note.voided",
  "stock.adjusted",
  "stock.transferred",
] as const;
export type ModelEventType = (typeof MODEL_EVENT_TYPES)[number];

export interface ModelEvent {
  type: ModelEventType;
  subject: string;
}

export type ModelResult = { ok: true; events: ModelEvent[] } | { ok: false; code: string };

interface Lot {
  id: string;
  receivedOn: string;
  rateBps: number;
  received: number;
  sold: number;
  returned: number;
  adjusted: number;
  byGodown: Map<string, number>;
}

interface SaleLine {
  lotId: string;
  godown: string;
  grams: number;
  ratePaisePerKg: number;
  returned: number;
}

interface Sale {
  id: string;
  customerId: string;
  saleDate: string;
  atMs: number;
  invoiceNumber: string;
  lines: SaleLine[];
  totalPaise: number;
  status: "confirmed" | "dispatched" | "cancelled";
  paidAt: number | null;
  timesPaid: number;
}

interface Receipt {
  id: string;
  kind: "payment" | "credit_note";
  customerId: string;
  saleId: string | null;
  amountPaise: number;
  voided: boolean;
  /** For a sales return: the kg it put back. */
  restocked: Array<{ lotId: string; godown: string; grams: number }>;
}

/** Where a receipt's money sits: on an invoice, or held for the customer (saleId null). */
interface Piece {
  receiptId: string;
  saleId: string | null;
  amountPaise: number;
  atMs: number;
  seq: number;
}

export interface Excess {
  /** "advance" holds what exceeds the invoice's outstanding on the customer's account; "refuse" refuses it. */
  excess: "refuse" | "advance";
}

const roundHalfUp = (numerator: number, divisor: number) => Math.floor((numerator + divisor / 2) / divisor);

export class BooksModel {
  readonly events: ModelEvent[] = [];
  private readonly lots = new Map<string, Lot>();
  private readonly sales = new Map<string, Sale>();
  private readonly receipts = new Map<string, Receipt>();
  private readonly customers = new Map<string, string>();
  private pieces: Piece[] = [];
  private pieceSeq = 0;
  private readonly lastInvoice = new Map<string, { date: string; seq: number }>();

  constructor(private readonly supplierStateCode: string) {}

  addCustomer(id: string, stateCode: string): void {
    this.customers.set(id, stateCode);
  }

  receive(input: { lotId: string; godown: string; grams: number; rateBps: number; receivedOn: string }): ModelResult {
    this.lots.set(input.lotId, {
      id: input.lotId,
      receivedOn: input.receivedOn,
      rateBps: input.rateBps,
      received: input.grams,
      sold: 0,
      returned: 0,
      adjusted: 0,
      byGodown: new Map([[input.godown, input.grams]]),
    });
    return this.emit({ type: "lot.received", subject: input.lotId });
  }

  sell(input: {
    saleId: string;
    customerId: string;
    saleDate: string;
    atMs: number;
    lines: Array<{ lotId: string; godown: string; grams: number; ratePaisePerKg: number }>;
  }): ModelResult {
    const state = this.customers.get(input.customerId);
    if (state === undefined) return { ok: false, code: "not_found" };
    const need = new Map<string, number>();
    for (const line of input.lines) {
      const lot = this.lots.get(line.lotId);
      if (!lot) return { ok: false, code: "not_found" };
      if (lot.receivedOn > input.saleDate) return { ok: false, code: "sale_before_lot_receipt" };
      const key = `${line.lotId}|${line.godown}`;
      need.set(key, (need.get(key) ?? 0) + line.grams);
      if ((lot.byGodown.get(line.godown) ?? 0) < need.get(key)!) return { ok: false, code: "insufficient_stock" };
    }
    const fy = financialYear(input.saleDate);
    const last = this.lastInvoice.get(fy);
    if (last && input.saleDate < last.date) return { ok: false, code: "sale_before_last_invoice" };
    const seq = (last?.seq ?? 0) + 1;
    this.lastInvoice.set(fy, { date: input.saleDate, seq });

    let totalPaise = 0;
    for (const line of input.lines) {
      const lot = this.lots.get(line.lotId)!;
      lot.byGodown.set(line.godown, lot.byGodown.get(line.godown)! - line.grams);
      lot.sold += line.grams;
      totalPaise += this.lineGross(line.grams, line.ratePaisePerKg, lot.rateBps, state);
    }
    const sale: Sale = {
      id: input.saleId,
      customerId: input.customerId,
      saleDate: input.saleDate,
      atMs: input.atMs,
      invoiceNumber: `INV/${fy}/${String(seq).padStart(6, "0")}`,
      lines: input.lines.map((l) => ({ ...l, returned: 0 })),
      totalPaise,
      status: "confirmed",
      paidAt: null,
      timesPaid: 0,
    };
    this.sales.set(sale.id, sale);
    const events: ModelEvent[] = [{ type: "sale.created", subject: sale.id }];
    // Advances held for the customer settle the new invoice at once, oldest first.
    let outstanding = totalPaise;
    for (const piece of this.heldFor(input.customerId)) {
      if (outstanding === 0) break;
      const take = Math.min(outstanding, piece.amountPaise);
      piece.amountPaise -= take;
      this.addPiece(piece.receiptId, sale.id, take, input.atMs);
      outstanding -= take;
    }
    this.dropEmptyPieces();
    events.push(...this.refreshPaid(sale.id));
    return this.emit(...events);
  }

  dispatch(saleId: string): ModelResult {
    const sale = this.sales.get(saleId);
    if (!sale) return { ok: false, code: "not_found" };
    if (sale.status !== "confirmed") return { ok: false, code: "conflict" };
    sale.status = "dispatched";
    return this.emit({ type: "sale.dispatched", subject: saleId });
  }

  pay(input: { paymentId: string; customerId: string; saleId: string | null; amountPaise: number; atMs: number } & Excess): ModelResult {
    if (!this.customers.has(input.customerId)) return { ok: false, code: "not_found" };
    return this.receipt({ ...input, id: input.paymentId, kind: "payment", restocked: [] }, { type: "payment.received", subject: input.paymentId });
  }

  /**
   * A credit note against an invoice: at most what the invoice has left to credit (its total less its credit notes,
   * returns included), whether or not it was paid (CGST s.34(1)); what it credits beyond the outstanding is held on the
   * customer's account.
   */
  credit(input: { creditNoteId: string; saleId: string; amountPaise: number; atMs: number }): ModelResult {
    const sale = this.sales.get(input.saleId);
    if (!sale) return { ok: false, code: "not_found" };
    if (sale.status === "cancelled") return { ok: false, code: "sale_cancelled" };
    if (input.amountPaise > sale.totalPaise - this.creditedOn(sale.id)) return { ok: false, code: "credit_exceeds_invoice" };
    return this.receipt(
      { ...input, id: input.creditNoteId, kind: "credit_note", customerId: sale.customerId, restocked: [], excess: "advance" },
      { type: "credit_note.issued", subject: input.creditNoteId },
    );
  }

  /** A sales return: a credit note for the returned kg (line amount plus its GST) that puts the kg back; its excess held on account. */
  returnGoods(input: { creditNoteId: string; saleId: string; lineIndex: number; grams: number; atMs: number }): ModelResult {
    const sale = this.sales.get(input.saleId);
    const line = sale?.lines[input.lineIndex];
    if (!sale || !line) return { ok: false, code: "not_found" };
    if (sale.status !== "dispatched") return { ok: false, code: "conflict" };
    if (input.grams > line.grams - line.returned) return { ok: false, code: "return_exceeds_sold" };
    const lot = this.lots.get(line.lotId)!;
    // The line's figures up to and including this return, less those before it: a line's returns add up to it.
    const upTo = (grams: number) => this.lineGross(grams, line.ratePaisePerKg, lot.rateBps, this.customers.get(sale.customerId)!);
    const amountPaise = upTo(line.returned + input.grams) - upTo(line.returned);
    if (amountPaise > sale.totalPaise - this.creditedOn(sale.id)) return { ok: false, code: "credit_exceeds_invoice" };
    const restocked = [{ lotId: line.lotId, godown: line.godown, grams: input.grams }];
    const result = this.receipt(
      {
        id: input.creditNoteId,
        kind: "credit_note",
        customerId: sale.customerId,
        saleId: sale.id,
        amountPaise,
        atMs: input.atMs,
        excess: "advance",
        restocked,
      },
      { type: "credit_note.issued", subject: input.creditNoteId },
    );
    if (result.ok) {
      line.returned += input.grams;
      lot.returned += input.grams;
      lot.byGodown.set(line.godown, (lot.byGodown.get(line.godown) ?? 0) + input.grams);
    }
    return result;
  }

  cancel(saleId: string, atMs: number): ModelResult {
    const sale = this.sales.get(saleId);
    if (!sale) return { ok: false, code: "not_found" };
    if (sale.status === "cancelled") return { ok: false, code: "already_cancelled" };
    if (sale.status === "dispatched") return { ok: false, code: "sale_dispatched" };
    const events: ModelEvent[] = [];
    const credits = [...this.receipts.values()].filter((r) => r.kind === "credit_note" && r.saleId === saleId && !r.voided);
    for (const credit of credits) {
      credit.voided = true;
      events.push({ type: "credit_note.voided", subject: credit.id });
    }
    const touched = this.removePiecesOf(new Set(credits.map((c) => c.id)));
    for (const piece of this.pieces) {
      if (piece.saleId === saleId) {
        piece.saleId = null;
        piece.atMs = atMs;
      }
    }
    for (const line of sale.lines) {
      const lot = this.lots.get(line.lotId)!;
      const back = line.grams - line.returned;
      lot.sold -= back;
      lot.byGodown.set(line.godown, (lot.byGodown.get(line.godown) ?? 0) + back);
    }
    sale.status = "cancelled";
    sale.paidAt = null;
    events.push({ type: "sale.cancelled", subject: saleId });
    for (const id of touched) if (id !== saleId) events.push(...this.refreshPaid(id));
    return this.emit(...events);
  }

  voidReceipt(receiptId: string): ModelResult {
    const receipt = this.receipts.get(receiptId);
    if (!receipt) return { ok: false, code: "not_found" };
    if (receipt.voided) return { ok: false, code: "already_voided" };
    for (const r of receipt.restocked) {
      if ((this.lots.get(r.lotId)!.byGodown.get(r.godown) ?? 0) < r.grams) return { ok: false, code: "insufficient_stock" };
    }
    for (const r of receipt.restocked) {
      const lot = this.lots.get(r.lotId)!;
      lot.returned -= r.grams;
      lot.byGodown.set(r.godown, lot.byGodown.get(r.godown)! - r.grams);
      const line = this.sales.get(receipt.saleId!)!.lines.find((l) => l.lotId === r.lotId && l.godown === r.godown && l.returned >= r.grams)!;
      line.returned -= r.grams;
    }
    receipt.voided = true;
    const events: ModelEvent[] = [{ type: receipt.kind === "payment" ? "payment.voided" : "credit_note.voided", subject: receiptId }];
    for (const saleId of this.removePiecesOf(new Set([receiptId]))) events.push(...this.refreshPaid(saleId));
    return this.emit(...events);
  }

  adjust(input: { lotId: string; godown: string; deltaGrams: number }): ModelResult {
    const lot = this.lots.get(input.lotId);
    if (!lot) return { ok: false, code: "not_found" };
    const after = (lot.byGodown.get(input.godown) ?? 0) + input.deltaGrams;
    if (after < 0) return { ok: false, code: "insufficient_stock" };
    lot.byGodown.set(input.godown, after);
    lot.adjusted += input.deltaGrams;
    return this.emit({ type: "stock.adjusted", subject: input.lotId });
  }

  transfer(input: { lotId: string; from: string; to: string; grams: number }): ModelResult {
    const lot = this.lots.get(input.lotId);
    if (!lot) return { ok: false, code: "not_found" };
    if (input.from === input.to) return { ok: false, code: "bad_request" };
    if ((lot.byGodown.get(input.from) ?? 0) < input.grams) return { ok: false, code: "insufficient_stock" };
    lot.byGodown.set(input.from, lot.byGodown.get(input.from)! - input.grams);
    lot.byGodown.set(input.to, (lot.byGodown.get(input.to) ?? 0) + input.grams);
    return this.emit({ type: "stock.transferred", subject: input.lotId });
  }

  // ---- what the property test compares with the API ----

  lotStock(lotId: string): { grams: number; expected: number; byGodown: Record<string, number> } {
    const lot = this.lots.get(lotId)!;
    const grams = [...lot.byGodown.values()].reduce((s, g) => s + g, 0);
    return { grams, expected: lot.received - lot.sold + lot.returned + lot.adjusted, byGodown: Object.fromEntries(lot.byGodown) };
  }

  invoice(saleId: string): {
    invoiceNumber: string;
    saleDate: string;
    status: Sale["status"];
    totalPaise: number;
    outstandingPaise: number;
    paidAt: number | null;
  } {
    const sale = this.sales.get(saleId)!;
    const outstandingPaise = sale.status === "cancelled" ? 0 : sale.totalPaise - this.settledOn(saleId);
    return {
      invoiceNumber: sale.invoiceNumber,
      saleDate: sale.saleDate,
      status: sale.status,
      totalPaise: sale.totalPaise,
      outstandingPaise,
      paidAt: sale.paidAt,
    };
  }

  /** billed − paid − credited over sales not cancelled; negative when the customer is owed money. */
  customerOutstanding(customerId: string): number {
    const billed = [...this.sales.values()]
      .filter((s) => s.customerId === customerId && s.status !== "cancelled")
      .reduce((t, s) => t + s.totalPaise, 0);
    const received = [...this.receipts.values()].filter((r) => r.customerId === customerId && !r.voided).reduce((t, r) => t + r.amountPaise, 0);
    return billed - received;
  }

  advanceHeld(customerId: string): number {
    return this.heldFor(customerId).reduce((t, p) => t + p.amountPaise, 0);
  }

  saleCustomer(saleId: string): string {
    return this.sales.get(saleId)!.customerId;
  }

  lotIds(): string[] {
    return [...this.lots.keys()];
  }

  saleIds(): string[] {
    return [...this.sales.keys()];
  }

  customerIds(): string[] {
    return [...this.customers.keys()];
  }

  // ---- internals ----

  private lineGross(grams: number, ratePaisePerKg: number, rateBps: number, customerState: string): number {
    const taxable = roundHalfUp(grams * ratePaisePerKg, 1000);
    const tax = customerState === this.supplierStateCode ? 2 * roundHalfUp(taxable * rateBps, 20_000) : roundHalfUp(taxable * rateBps, 10_000);
    return taxable + tax;
  }

  private receipt(r: Omit<Receipt, "voided"> & { atMs: number } & Excess, event: ModelEvent): ModelResult {
    if (this.receipts.has(r.id)) return { ok: false, code: "conflict" };
    let toInvoice = 0;
    if (r.saleId !== null) {
      const sale = this.sales.get(r.saleId);
      if (!sale) return { ok: false, code: "not_found" };
      if (sale.status === "cancelled") return { ok: false, code: "sale_cancelled" };
      toInvoice = Math.min(r.amountPaise, sale.totalPaise - this.settledOn(sale.id));
      if (toInvoice < r.amountPaise && r.excess === "refuse") return { ok: false, code: "over_application" };
    }
    this.receipts.set(r.id, {
      id: r.id,
      kind: r.kind,
      customerId: r.customerId,
      saleId: r.saleId,
      amountPaise: r.amountPaise,
      voided: false,
      restocked: r.restocked,
    });
    if (toInvoice > 0) this.addPiece(r.id, r.saleId, toInvoice, r.atMs);
    if (r.amountPaise > toInvoice) this.addPiece(r.id, null, r.amountPaise - toInvoice, r.atMs);
    const events = [event];
    if (r.saleId !== null) events.push(...this.refreshPaid(r.saleId));
    return this.emit(...events);
  }

  private addPiece(receiptId: string, saleId: string | null, amountPaise: number, atMs: number): void {
    this.pieces.push({ receiptId, saleId, amountPaise, atMs, seq: this.pieceSeq++ });
  }

  private heldFor(customerId: string): Piece[] {
    return this.pieces
      .filter((p) => p.saleId === null && p.amountPaise > 0 && this.receipts.get(p.receiptId)!.customerId === customerId)
      .sort((a, b) => a.atMs - b.atMs || a.seq - b.seq);
  }

  private dropEmptyPieces(): void {
    this.pieces = this.pieces.filter((p) => p.amountPaise > 0);
  }

  /** Removes the receipts' pieces; returns the sales they sat on. */
  private removePiecesOf(receiptIds: Set<string>): Set<string> {
    const touched = new Set(this.pieces.filter((p) => receiptIds.has(p.receiptId) && p.saleId !== null).map((p) => p.saleId!));
    this.pieces = this.pieces.filter((p) => !receiptIds.has(p.receiptId));
    return touched;
  }

  private settledOn(saleId: string): number {
    return this.pieces.filter((p) => p.saleId === saleId).reduce((t, p) => t + p.amountPaise, 0);
  }

  private creditedOn(saleId: string): number {
    return [...this.receipts.values()]
      .filter((r) => r.kind === "credit_note" && r.saleId === saleId && !r.voided)
      .reduce((t, r) => t + r.amountPaise, 0);
  }

  /** Paid exactly when settled; paid_at = time of the piece that completed it; one event per change. */
  private refreshPaid(saleId: string): ModelEvent[] {
    const sale = this.sales.get(saleId)!;
    if (sale.status === "cancelled") return [];
    let settled = 0;
    let paidAt: number | null = sale.totalPaise === 0 ? sale.atMs : null;
    for (const piece of this.pieces.filter((p) => p.saleId === saleId).sort((a, b) => a.atMs - b.atMs || a.seq - b.seq)) {
      settled += piece.amountPaise;
      if (paidAt === null && settled >= sale.totalPaise) paidAt = piece.atMs;
    }
    const wasPaid = sale.paidAt !== null;
    sale.paidAt = paidAt;
    if (!wasPaid && paidAt !== null) {
      sale.timesPaid += 1;
      return [{ type: "invoice.paid", subject: saleId }];
    }
    if (wasPaid && paidAt === null) return [{ type: "invoice.reopened", subject: saleId }];
    return [];
  }

  private emit(...events: ModelEvent[]): ModelResult {
    this.events.push(...events);
    return { ok: true, events };
  }
}

function financialYear(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const start = Number(isoDate.slice(5, 7)) >= 4 ? year : year - 1;
  return `${String(start % 100).padStart(2, "0")}${String((start + 1) % 100).padStart(2, "0")}`;
}
