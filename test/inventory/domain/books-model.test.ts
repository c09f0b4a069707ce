// The in-test model of the books checks its own invariants here, in Node, before the API-driven property
// test relies on it: a model that broke them would make that test compare the API with nonsense.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BooksModel } from "../books-model";

const T0 = Date.parse("2025-10-01T05:00:00Z");

describe("BooksModel worked cases", () => {
  it("settles an invoice by payment then credit note, paid at the credit note (₹1,17,292.34)", () => {
    const books = new BooksModel("33");
    books.addCustomer("c1", "24"); // Gujarat: inter-state, IGST
    // 11,729.234 kg at ₹10.00/kg on a tax-free line gives the reported invoice total of ₹1,17,292.34 exactly.
    books.receive({ lotId: "lot2", godown: "g1", grams: 11_729_234, rateBps: 0, receivedOn: "2025-09-01" });
    expect(
      books.sell({
        saleId: "s1",
        customerId: "c1",
        saleDate: "2025-10-01",
        atMs: T0,
        lines: [{ lotId: "lot2", godown: "g1", grams: 11_729_234, ratePaisePerKg: 1_000 }],
      }),
    ).toMatchObject({ ok: true });
    expect(books.invoice("s1").totalPaise).toBe(11_729_234);
    books.pay({ paymentId: "p1", customerId: "c1", saleId: "s1", amountPaise: 10_000_000, atMs: T0 + 1, excess: "refuse" });
    const last = books.credit({ creditNoteId: "cn1", saleId: "s1", amountPaise: 1_729_234, atMs: T0 + 2 });
    expect(last).toEqual({
      ok: true,
      events: [
        { type: "credit_note.issued", subject: "cn1" },
        { type: "invoice.paid", subject: "s1" },
      ],
    });
    expect(books.invoice("s1")).toMatchObject({ outstandingPaise: 0, paidAt: T0 + 2 });
    expect(books.pay({ paymentId: "p2", customerId: "c1", saleId: "s1", amountPaise: 500, atMs: T0 + 3, excess: "refuse" })).toEqual({
      ok: false,
      code: "over_application",
    });
  });

  // Sale 10 kg × ₹300.00 = ₹3,000.00 + CGST ₹75.00 + SGST ₹75.00 = ₹3,150.00 (intra-state, 5 %), paid in full. A
  // ₹315.00 credit note is allowed (CGST s.34(1)) and, the invoice owing nothing, all of it is held on account:
  // 3,150 − 3,150 − 315 = −₹315.00. Then ₹2,835.00 is left to credit: a paisa more is refused.
  it("holds a credit note on a paid invoice on the customer's account, up to what the invoice has left to credit", () => {
    const books = new BooksModel("33");
    books.addCustomer("c1", "33");
    books.receive({ lotId: "lot1", godown: "g1", grams: 100_000, rateBps: 500, receivedOn: "2025-09-01" });
    books.sell({
      saleId: "s1",
      customerId: "c1",
      saleDate: "2025-10-01",
      atMs: T0,
      lines: [{ lotId: "lot1", godown: "g1", grams: 10_000, ratePaisePerKg: 30_000 }],
    });
    expect(books.invoice("s1").totalPaise).toBe(315_000);
    books.pay({ paymentId: "p1", customerId: "c1", saleId: "s1", amountPaise: 315_000, atMs: T0 + 1, excess: "refuse" });
    expect(books.credit({ creditNoteId: "cn1", saleId: "s1", amountPaise: 31_500, atMs: T0 + 2 })).toEqual({
      ok: true,
      events: [{ type: "credit_note.issued", subject: "cn1" }],
    });
    expect(books.invoice("s1")).toMatchObject({ outstandingPaise: 0, paidAt: T0 + 1 });
    expect(books.advanceHeld("c1")).toBe(31_500);
    expect(books.customerOutstanding("c1")).toBe(-31_500);
    expect(books.credit({ creditNoteId: "cn2", saleId: "s1", amountPaise: 283_501, atMs: T0 + 3 })).toEqual({
      ok: false,
      code: "credit_exceeds_invoice",
    });
    expect(books.credit({ creditNoteId: "cn3", saleId: "s1", amountPaise: 283_500, atMs: T0 + 4 })).toMatchObject({ ok: true });
    expect(books.customerOutstanding("c1")).toBe(-315_000);
  });

  // Sale ₹210.00 (200.00 + 5 % GST intra-state: CGST 5.00 + SGST 5.00), credit note ₹50.00, payment ₹160.00,
  // cancel: the customer is owed ₹160.00 and the 1 kg is back in the lot.
  it("leaves the customer owed 160.00 after the 210 / 50 / 160 / cancel sequence", () => {
    const books = new BooksModel("33");
    books.addCustomer("c1", "33");
    books.receive({ lotId: "lot1", godown: "g1", grams: 5_000, rateBps: 500, receivedOn: "2025-09-01" });
    books.sell({
      saleId: "s1",
      customerId: "c1",
      saleDate: "2025-10-01",
      atMs: T0,
      lines: [{ lotId: "lot1", godown: "g1", grams: 1_000, ratePaisePerKg: 20_000 }],
    });
    expect(books.invoice("s1").totalPaise).toBe(21_000);
    books.credit({ creditNoteId: "cn1", saleId: "s1", amountPaise: 5_000, atMs: T0 + 1 });
    books.pay({ paymentId: "p1", customerId: "c1", saleId: "s1", amountPaise: 16_000, atMs: T0 + 2, excess: "refuse" });
    expect(books.cancel("s1", T0 + 3)).toEqual({
      ok: true,
      events: [
        { type: "credit_note.voided", subject: "cn1" },
        { type: "sale.cancelled", subject: "s1" },
      ],
    });
    expect(books.customerOutstanding("c1")).toBe(-16_000);
    expect(books.advanceHeld("c1")).toBe(16_000);
    expect(books.lotStock("lot1").grams).toBe(5_000);
    expect(books.cancel("s1", T0 + 4)).toEqual({ ok: false, code: "already_cancelled" });
  });
});

// Random operation sequences over two customers (one intra-state, one inter-state), three lots, two godowns.
const op = fc.oneof(
  fc.record({
    kind: fc.constant("sell" as const),
    customer: fc.nat(1),
    lines: fc.array(
      fc.record({ lot: fc.nat(2), godown: fc.nat(1), grams: fc.integer({ min: 1, max: 40_000 }), rate: fc.integer({ min: 1, max: 50_000 }) }),
      { minLength: 1, maxLength: 3 },
    ),
    day: fc.nat(150),
  }),
  fc.record({ kind: fc.constant("dispatch" as const), sale: fc.nat(20) }),
  fc.record({
    kind: fc.constant("pay" as const),
    customer: fc.nat(1),
    sale: fc.option(fc.nat(20)),
    amount: fc.integer({ min: 1, max: 3_000_000 }),
    advance: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("credit" as const), sale: fc.nat(20), amount: fc.integer({ min: 1, max: 1_000_000 }), advance: fc.boolean() }),
  fc.record({
    kind: fc.constant("return" as const),
    sale: fc.nat(20),
    line: fc.nat(2),
    grams: fc.integer({ min: 1, max: 40_000 }),
    advance: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("cancel" as const), sale: fc.nat(20) }),
  fc.record({ kind: fc.constant("void" as const), receipt: fc.nat(30) }),
  fc.record({
    kind: fc.constant("adjust" as const),
    lot: fc.nat(2),
    godown: fc.nat(1),
    delta: fc.integer({ min: -30_000, max: 30_000 }).filter((d) => d !== 0),
  }),
  fc.record({ kind: fc.constant("transfer" as const), lot: fc.nat(2), grams: fc.integer({ min: 1, max: 60_000 }) }),
);

describe("BooksModel invariants", () => {
  it("hold after every step of random sequences", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const books = new BooksModel("33");
        books.addCustomer("c0", "33");
        books.addCustomer("c1", "27");
        for (let l = 0; l < 3; l++)
          books.receive({ lotId: `lot${l}`, godown: "g0", grams: 100_000, rateBps: l === 2 ? 1200 : 500, receivedOn: "2025-09-01" });
        const sales: string[] = [];
        const receipts: string[] = [];
        let clock = T0;
        for (const [i, o] of ops.entries()) {
          clock += 60_000;
          const paidBefore = new Map(books.saleIds().map((s) => [s, books.invoice(s).paidAt]));
          const eventsBefore = books.events.length;
          const saleId = "sale" in o && typeof o.sale === "number" ? sales[o.sale % Math.max(sales.length, 1)] : undefined;
          let result;
          switch (o.kind) {
            case "sell":
              // Dates from 2025-12-01 to 2026-04-30 in random order: back-dated sales, and a new financial year.
              result = books.sell({
                saleId: `s${i}`,
                customerId: `c${o.customer}`,
                saleDate: new Date(Date.UTC(2025, 11, 1 + o.day)).toISOString().slice(0, 10),
                atMs: clock,
                lines: o.lines.map((l) => ({ lotId: `lot${l.lot}`, godown: `g${l.godown}`, grams: l.grams, ratePaisePerKg: l.rate })),
              });
              if (result.ok) sales.push(`s${i}`);
              break;
            case "dispatch":
              if (saleId) books.dispatch(saleId);
              break;
            case "pay": {
              const target = o.sale === null ? null : (sales[o.sale % Math.max(sales.length, 1)] ?? null);
              const customerId = target ? books.saleCustomer(target) : `c${o.customer}`;
              result = books.pay({
                paymentId: `r${i}`,
                customerId,
                saleId: target,
                amountPaise: o.amount,
                atMs: clock,
                excess: o.advance ? "advance" : "refuse",
              });
              if (result.ok) receipts.push(`r${i}`);
              break;
            }
            case "credit":
              if (saleId)
                result = books.credit({
                  creditNoteId: `r${i}`,
                  saleId,
                  amountPaise: o.amount,
                  atMs: clock,
                });
              if (result?.ok) receipts.push(`r${i}`);
              break;
            case "return":
              if (saleId)
                result = books.returnGoods({
                  creditNoteId: `r${i}`,
                  saleId,
                  lineIndex: o.line,
                  grams: o.grams,
                  atMs: clock,
                });
              if (result?.ok) receipts.push(`r${i}`);
              break;
            case "cancel":
              if (saleId) books.cancel(saleId, clock);
              break;
            case "void":
              if (receipts.length > 0) books.voidReceipt(receipts[o.receipt % receipts.length]!);
              break;
            case "adjust":
              books.adjust({ lotId: `lot${o.lot}`, godown: `g${o.godown}`, deltaGrams: o.delta });
              break;
            case "transfer":
              books.transfer({ lotId: `lot${o.lot}`, from: "g0", to: "g1", grams: o.grams });
              break;
          }
          // Each change of paid state sent exactly one event in this step, and no other step sent one.
          const stepEvents = books.events.slice(eventsBefore);
          for (const s of books.saleIds()) {
            const invoice = books.invoice(s);
            const before = paidBefore.get(s) ?? null;
            const paid = stepEvents.filter((e) => e.subject === s && e.type === "invoice.paid").length;
            const reopened = stepEvents.filter((e) => e.subject === s && e.type === "invoice.reopened").length;
            expect(paid).toBe(before === null && invoice.paidAt !== null ? 1 : 0);
            expect(reopened).toBe(before !== null && invoice.paidAt === null && invoice.status !== "cancelled" ? 1 : 0);
          }
          for (const lotId of books.lotIds()) {
            const stock = books.lotStock(lotId);
            expect(stock.grams).toBe(stock.expected);
            for (const grams of Object.values(stock.byGodown)) expect(grams).toBeGreaterThanOrEqual(0);
          }
          for (const customerId of books.customerIds()) {
            const open = books
              .saleIds()
              .filter((s) => books.saleCustomer(s) === customerId)
              .reduce((t, s) => t + books.invoice(s).outstandingPaise, 0);
            expect(books.customerOutstanding(customerId)).toBe(open - books.advanceHeld(customerId));
          }
          for (const s of books.saleIds()) {
            const invoice = books.invoice(s);
            expect(invoice.outstandingPaise).toBeGreaterThanOrEqual(0);
            if (invoice.status !== "cancelled") expect(invoice.paidAt !== null).toBe(invoice.outstandingPaise === 0);
          }
        }
        // Invoice numbers run 1, 2, 3 … within each financial year, in date order.
        const byYear = new Map<string, Array<{ seq: number; date: string }>>();
        for (const s of books.saleIds()) {
          const { invoiceNumber, saleDate } = books.invoice(s);
          const [, fy, seq] = invoiceNumber.split("/");
          byYear.set(fy!, [...(byYear.get(fy!) ?? []), { seq: Number(seq), date: saleDate }]);
        }
        for (const [fy, invoices] of byYear) {
          invoices.sort((a, b) => a.seq - b.seq);
          invoices.forEach((inv, k) => {
            expect(inv.seq, fy).toBe(k + 1);
            if (k > 0) expect(inv.date >= invoices[k - 1]!.date, fy).toBe(true);
          });
          expect(invoices.every((inv) => (fy === "2526" ? inv.date < "2026-04-01" : inv.date >= "2026-04-01"))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
