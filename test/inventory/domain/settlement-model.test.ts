// The settlement and cancellation rules, driven as plain functions, agree with the independent in-test model
// of the books on random sequences of sales, payments, credit notes, voids and cancellations.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cancelSale } from "../../../src/inventory/domain/cancellation";
import {
  type Allocation,
  type AllocationDraft,
  type OpenInvoice,
  allocateReceipt,
  consumeAdvances,
  customerBalance,
  invoiceState,
  voidReceipt,
} from "../../../src/inventory/domain/settlement";
import { BooksModel } from "../books-model";

interface DomainSale {
  customerId: string;
  totalPaise: number;
  issuedAtMs: number;
  status: OpenInvoice["status"];
}

interface DomainReceipt {
  kind: "payment" | "credit_note";
  customerId: string;
  saleId: string | null;
  amountPaise: number;
  voided: boolean;
}

/** The domain functions wired the way the routes will wire them, over in-memory rows. */
class DomainBooks {
  allocations: Allocation[] = [];
  readonly sales = new Map<string, DomainSale>();
  readonly receipts = new Map<string, DomainReceipt>();
  private seq = 0;

  sell(saleId: string, customerId: string, totalPaise: number, atMs: number): void {
    this.sales.set(saleId, { customerId, totalPaise, issuedAtMs: atMs, status: "confirmed" });
    const held = this.allocations.filter((a) => a.saleId === null && this.receipts.get(a.sourceId)!.customerId === customerId);
    const { drafts, reduce } = consumeAdvances(held, { saleId, outstandingPaise: totalPaise }, atMs);
    for (const r of reduce) this.allocations.find((a) => a.id === r.id)!.amountPaise = r.amountPaise;
    this.allocations = this.allocations.filter((a) => a.amountPaise > 0);
    this.add(drafts);
  }

  receive(
    kind: DomainReceipt["kind"],
    id: string,
    customerId: string,
    saleId: string | null,
    amountPaise: number,
    atMs: number,
    excess: "refuse" | "advance",
  ): string | null {
    const invoice = saleId === null ? null : this.open(saleId);
    const result = allocateReceipt({ kind, sourceId: id, amountPaise, atMs, invoice, excess });
    if (!result.ok) return result.code;
    this.receipts.set(id, { kind, customerId, saleId, amountPaise, voided: false });
    this.add(result.drafts);
    return null;
  }

  void(id: string): string | null {
    const receipt = this.receipts.get(id)!;
    const result = voidReceipt(id, receipt.voided, this.allocations);
    if (!result.ok) return result.code;
    receipt.voided = true;
    this.allocations = this.allocations.filter((a) => !result.removeIds.includes(a.id));
    return null;
  }

  cancel(saleId: string, atMs: number): string | null {
    const sale = this.sales.get(saleId)!;
    const creditNoteIds = [...this.receipts].filter(([, r]) => r.kind === "credit_note" && r.saleId === saleId && !r.voided).map(([id]) => id);
    const result = cancelSale({ saleId, status: sale.status, lines: [], creditNoteIds }, this.allocations, atMs);
    if (!result.ok) return result.code;
    sale.status = "cancelled";
    for (const id of result.reverseCreditNoteIds) this.receipts.get(id)!.voided = true;
    this.allocations = this.allocations.filter((a) => !result.removeAllocationIds.includes(a.id));
    for (const moved of result.toAdvance) Object.assign(this.allocations.find((a) => a.id === moved.id)!, { saleId: null, atMs: moved.atMs });
    return null;
  }

  state(saleId: string) {
    const sale = this.sales.get(saleId)!;
    if (sale.status === "cancelled") return { outstandingPaise: 0, paidAt: null };
    return invoiceState(
      sale.totalPaise,
      sale.issuedAtMs,
      this.allocations.filter((a) => a.saleId === saleId),
    );
  }

  balance(customerId: string): number {
    return customerBalance({
      sales: [...this.sales.values()].filter((s) => s.customerId === customerId),
      receipts: [...this.receipts.values()].filter((r) => r.customerId === customerId),
    }).outstandingPaise;
  }

  advanceHeld(customerId: string): number {
    return this.allocations
      .filter((a) => a.saleId === null && this.receipts.get(a.sourceId)!.customerId === customerId)
      .reduce((t, a) => t + a.amountPaise, 0);
  }

  private open(saleId: string): OpenInvoice {
    const sale = this.sales.get(saleId)!;
    const creditedPaise = [...this.receipts.values()]
      .filter((r) => r.kind === "credit_note" && r.saleId === saleId && !r.voided)
      .reduce((t, r) => t + r.amountPaise, 0);
    return { saleId, status: sale.status, totalPaise: sale.totalPaise, creditedPaise, outstandingPaise: this.state(saleId).outstandingPaise };
  }

  private add(drafts: AllocationDraft[]): void {
    for (const d of drafts) this.allocations.push({ ...d, id: `alc_${String(++this.seq).padStart(6, "0")}` });
  }
}

const op = fc.oneof(
  fc.record({ kind: fc.constant("sell" as const), customer: fc.nat(1), grams: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({
    kind: fc.constant("pay" as const),
    customer: fc.nat(1),
    sale: fc.option(fc.nat(20)),
    amount: fc.integer({ min: 1, max: 40_000 }),
    advance: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("credit" as const), sale: fc.nat(20), amount: fc.integer({ min: 1, max: 30_000 }), advance: fc.boolean() }),
  fc.record({ kind: fc.constant("void" as const), receipt: fc.nat(30) }),
  fc.record({ kind: fc.constant("cancel" as const), sale: fc.nat(20) }),
);

describe("settlement rules against the books model", () => {
  it("agree on every refusal, outstanding, paid_at and customer balance", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const model = new BooksModel("33");
        const domain = new DomainBooks();
        // Tax-free lots at ₹10.00/kg: a sale of g grams bills exactly g paise.
        model.receive({ lotId: "lot", godown: "g", grams: 10_000_000, rateBps: 0, receivedOn: "2025-04-01" });
        for (const c of ["c0", "c1"]) model.addCustomer(c, "33");
        const sales: string[] = [];
        const receipts: string[] = [];
        let clock = Date.parse("2025-10-01T05:00:00Z");
        for (const [i, o] of ops.entries()) {
          clock += 60_000;
          const pick = (n: number) => sales[n % Math.max(sales.length, 1)];
          let modelOk = true;
          let domainCode: string | null = null;
          if (o.kind === "sell") {
            const id = `s${i}`;
            modelOk = model.sell({
              saleId: id,
              customerId: `c${o.customer}`,
              saleDate: "2025-10-01",
              atMs: clock,
              lines: [{ lotId: "lot", godown: "g", grams: o.grams, ratePaisePerKg: 1_000 }],
            }).ok;
            domain.sell(id, `c${o.customer}`, o.grams, clock);
            sales.push(id);
          } else if (o.kind === "pay") {
            const saleId = o.sale === null ? null : (pick(o.sale) ?? null);
            const customerId = saleId ? model.saleCustomer(saleId) : `c${o.customer}`;
            const excess = o.advance ? "advance" : "refuse";
            const m = model.pay({ paymentId: `r${i}`, customerId, saleId, amountPaise: o.amount, atMs: clock, excess });
            domainCode = domain.receive("payment", `r${i}`, customerId, saleId, o.amount, clock, excess);
            expect(m.ok ? null : m.code).toBe(domainCode);
            if (m.ok) receipts.push(`r${i}`);
          } else if (o.kind === "credit") {
            const saleId = pick(o.sale);
            if (!saleId) continue;
            // A credit note holds what it credits beyond the outstanding on the customer's account (CGST s.34(1)).
            const m = model.credit({ creditNoteId: `r${i}`, saleId, amountPaise: o.amount, atMs: clock });
            domainCode = domain.receive("credit_note", `r${i}`, model.saleCustomer(saleId), saleId, o.amount, clock, "advance");
            expect(m.ok ? null : m.code).toBe(domainCode);
            if (m.ok) receipts.push(`r${i}`);
          } else if (o.kind === "void") {
            const id = receipts[o.receipt % Math.max(receipts.length, 1)];
            if (!id) continue;
            const m = model.voidReceipt(id);
            expect(m.ok ? null : m.code).toBe(domain.void(id));
          } else {
            const saleId = pick(o.sale);
            if (!saleId) continue;
            const m = model.cancel(saleId, clock);
            expect(m.ok ? null : m.code).toBe(domain.cancel(saleId, clock));
          }
          expect(modelOk).toBe(true);
          for (const s of sales) {
            const m = model.invoice(s);
            expect(domain.state(s), s).toEqual({ outstandingPaise: m.outstandingPaise, paidAt: m.paidAt });
          }
          for (const c of ["c0", "c1"]) {
            expect(domain.balance(c)).toBe(model.customerOutstanding(c));
            expect(domain.advanceHeld(c)).toBe(model.advanceHeld(c));
          }
        }
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
