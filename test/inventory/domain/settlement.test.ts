import { describe, expect, it } from "vitest";
import {
  type Allocation,
  type AllocationDraft,
  type OpenInvoice,
  allocateReceipt,
  consumeAdvances,
  customerBalance,
  invoiceState,
  paidStateEvent,
  voidReceipt,
} from "../../../src/inventory/domain/settlement";

const T0 = Date.parse("2025-10-01T05:00:00Z");
const t = (minutes: number) => T0 + minutes * 60_000;
let counter = 0;
const withIds = (drafts: AllocationDraft[]): Allocation[] => drafts.map((d) => ({ ...d, id: `alc_${++counter}` }));

function open(saleId: string, totalPaise: number, allocations: Allocation[], creditedPaise = 0): OpenInvoice {
  const mine = allocations.filter((a) => a.saleId === saleId);
  return { saleId, status: "confirmed", totalPaise, creditedPaise, outstandingPaise: totalPaise - mine.reduce((s, a) => s + a.amountPaise, 0) };
}

function post(
  kind: "payment" | "credit_note",
  sourceId: string,
  amountPaise: number,
  atMs: number,
  invoice: OpenInvoice | null,
  excess: "refuse" | "advance" = "refuse",
) {
  const result = allocateReceipt({ kind, sourceId, amountPaise, atMs, invoice, excess });
  if (!result.ok) throw new Error(result.message);
  return withIds(result.drafts);
}

describe("an invoice settled by a payment and a credit note", () => {
  // The reported case: sale ₹1,17,292.34; payment ₹1,00,000.00; credit note ₹17,292.34. 100000 + 17292.34 = 117292.34.
  const total = 11_729_234;

  it("is paid when the credit note brings the outstanding to zero, at the credit note's time", () => {
    let allocations = post("payment", "pay_1", 10_000_000, t(1), open("sale_1", total, []));
    const before = invoiceState(total, t(0), allocations);
    expect(before).toEqual({ outstandingPaise: 1_729_234, paidAt: null });
    allocations = [...allocations, ...post("credit_note", "cn_1", 1_729_234, t(2), open("sale_1", total, allocations))];
    const after = invoiceState(total, t(0), allocations);
    expect(after).toEqual({ outstandingPaise: 0, paidAt: t(2) });
    expect(paidStateEvent("sale_1", before, after, 0)).toEqual({
      type: "invoice.paid",
      saleId: "sale_1",
      paidAt: t(2),
      dedupeKey: "invoice.paid:sale_1",
    });
  });

  it("is paid at the payment's time when the payment comes last", () => {
    const credit = post("credit_note", "cn_1", 1_729_234, t(1), open("sale_1", total, []));
    const all = [...credit, ...post("payment", "pay_1", 10_000_000, t(5), open("sale_1", total, credit))];
    expect(invoiceState(total, t(0), all)).toEqual({ outstandingPaise: 0, paidAt: t(5) });
  });

  it("sends no second event once paid", () => {
    const paid = { outstandingPaise: 0, paidAt: t(2) };
    expect(paidStateEvent("sale_1", paid, paid, 1)).toBeNull();
  });
});

describe("over-application", () => {
  it("refuses an extra ₹5 on a paid invoice, quoting the outstanding", () => {
    const result = allocateReceipt({
      kind: "payment",
      sourceId: "pay_2",
      amountPaise: 500,
      atMs: t(3),
      invoice: { saleId: "sale_1", status: "confirmed", totalPaise: 21_000, creditedPaise: 0, outstandingPaise: 0 },
      excess: "refuse",
    });
    expect(result).toMatchObject({ ok: false, code: "over_application", outstandingPaise: 0 });
    expect(!result.ok && result.message).toContain("outstanding 0.00");
  });

  it("holds the excess as an advance when asked to", () => {
    const invoice: OpenInvoice = { saleId: "sale_1", status: "confirmed", totalPaise: 21_000, creditedPaise: 0, outstandingPaise: 1_000 };
    expect(allocateReceipt({ kind: "payment", sourceId: "pay_2", amountPaise: 1_500, atMs: t(3), invoice, excess: "advance" })).toEqual({
      ok: true,
      toInvoicePaise: 1_000,
      toAdvancePaise: 500,
      drafts: [
        { sourceId: "pay_2", sourceKind: "payment", saleId: "sale_1", amountPaise: 1_000, atMs: t(3) },
        { sourceId: "pay_2", sourceKind: "payment", saleId: null, amountPaise: 500, atMs: t(3) },
      ],
    });
  });

  it("refuses a ₹9,99,999 credit note against ₹61,425 billed, even as an advance", () => {
    const invoice: OpenInvoice = { saleId: "sale_1", status: "confirmed", totalPaise: 6_142_500, creditedPaise: 0, outstandingPaise: 6_142_500 };
    const result = allocateReceipt({ kind: "credit_note", sourceId: "cn_9", amountPaise: 99_999_900, atMs: t(1), invoice, excess: "advance" });
    expect(result).toMatchObject({ ok: false, code: "credit_exceeds_invoice" });
    expect(!result.ok && result.message).toContain("61425.00");
  });

  it("lets a credit note on a paid invoice (goods returned) become an advance", () => {
    const invoice: OpenInvoice = { saleId: "sale_1", status: "confirmed", totalPaise: 21_000, creditedPaise: 0, outstandingPaise: 0 };
    expect(allocateReceipt({ kind: "credit_note", sourceId: "cn_2", amountPaise: 5_000, atMs: t(4), invoice, excess: "advance" })).toMatchObject({
      ok: true,
      toInvoicePaise: 0,
      toAdvancePaise: 5_000,
    });
  });

  it("refuses receipts against a cancelled sale", () => {
    const invoice: OpenInvoice = { saleId: "sale_1", status: "cancelled", totalPaise: 21_000, creditedPaise: 0, outstandingPaise: 21_000 };
    expect(allocateReceipt({ kind: "payment", sourceId: "p", amountPaise: 100, atMs: t(1), invoice, excess: "advance" })).toMatchObject({
      ok: false,
      code: "sale_cancelled",
    });
  });

  it("refuses a credit note that names no invoice", () => {
    expect(allocateReceipt({ kind: "credit_note", sourceId: "cn", amountPaise: 100, atMs: t(1), invoice: null, excess: "advance" })).toMatchObject({
      ok: false,
      code: "credit_note_needs_invoice",
    });
  });

  it("books a payment without an invoice wholly as an advance", () => {
    expect(allocateReceipt({ kind: "payment", sourceId: "p", amountPaise: 100, atMs: t(1), invoice: null, excess: "refuse" })).toMatchObject({
      ok: true,
      toAdvancePaise: 100,
      toInvoicePaise: 0,
    });
  });
});

describe("advances", () => {
  const advances: Allocation[] = [
    { id: "a2", sourceId: "pay_2", sourceKind: "payment", saleId: null, amountPaise: 30_000, atMs: t(2) },
    { id: "a1", sourceId: "pay_1", sourceKind: "payment", saleId: null, amountPaise: 50_000, atMs: t(1) },
  ];

  // ₹500 (older) + ₹300 held; a ₹600 invoice takes all ₹500 and then ₹100 of the ₹300, leaving ₹200.
  it("are consumed oldest first by a later invoice, up to its outstanding", () => {
    expect(consumeAdvances(advances, { saleId: "sale_9", outstandingPaise: 60_000 }, t(9))).toEqual({
      drafts: [
        { sourceId: "pay_1", sourceKind: "payment", saleId: "sale_9", amountPaise: 50_000, atMs: t(9) },
        { sourceId: "pay_2", sourceKind: "payment", saleId: "sale_9", amountPaise: 10_000, atMs: t(9) },
      ],
      reduce: [
        { id: "a1", amountPaise: 0 },
        { id: "a2", amountPaise: 20_000 },
      ],
    });
  });

  it("pay a new invoice at once when they cover it", () => {
    const consumed = consumeAdvances(advances, { saleId: "sale_9", outstandingPaise: 40_000 }, t(9));
    expect(invoiceState(40_000, t(9), withIds(consumed.drafts))).toEqual({ outstandingPaise: 0, paidAt: t(9) });
  });
});

describe("voids", () => {
  it("reopen a paid invoice: paid_at cleared, invoice.reopened, and a later settlement sends invoice.paid again", () => {
    const pay = post("payment", "pay_1", 21_000, t(1), open("sale_1", 21_000, []));
    const paid = invoiceState(21_000, t(0), pay);
    const voided = voidReceipt("pay_1", false, pay);
    expect(voided).toMatchObject({ ok: true, affectedSaleIds: ["sale_1"], advanceReversedPaise: 0 });
    const remaining = pay.filter((a) => voided.ok && !voided.removeIds.includes(a.id));
    const reopened = invoiceState(21_000, t(0), remaining);
    expect(reopened).toEqual({ outstandingPaise: 21_000, paidAt: null });
    expect(paidStateEvent("sale_1", paid, reopened, 1)).toEqual({
      type: "invoice.reopened",
      saleId: "sale_1",
      dedupeKey: "invoice.reopened:sale_1:1",
    });
    const repaid = invoiceState(21_000, t(0), post("payment", "pay_2", 21_000, t(7), open("sale_1", 21_000, remaining)));
    expect(paidStateEvent("sale_1", reopened, repaid, 1)).toEqual({
      type: "invoice.paid",
      saleId: "sale_1",
      paidAt: t(7),
      dedupeKey: "invoice.paid:sale_1:2",
    });
  });

  it("take back an advance even where a later invoice consumed it", () => {
    const allocations: Allocation[] = [
      { id: "x1", sourceId: "pay_1", sourceKind: "payment", saleId: "sale_1", amountPaise: 21_000, atMs: t(1) },
      { id: "x2", sourceId: "pay_1", sourceKind: "payment", saleId: null, amountPaise: 1_000, atMs: t(1) },
      { id: "x3", sourceId: "pay_1", sourceKind: "payment", saleId: "sale_2", amountPaise: 4_000, atMs: t(5) },
      { id: "x4", sourceId: "pay_2", sourceKind: "payment", saleId: "sale_2", amountPaise: 6_000, atMs: t(6) },
    ];
    expect(voidReceipt("pay_1", false, allocations)).toEqual({
      ok: true,
      removeIds: ["x1", "x2", "x3"],
      affectedSaleIds: ["sale_1", "sale_2"],
      advanceReversedPaise: 1_000,
    });
  });

  it("are refused twice", () => {
    expect(voidReceipt("pay_1", true, [])).toMatchObject({ ok: false, code: "already_voided" });
  });
});

describe("customerBalance", () => {
  it("is billed − paid − credited over sales not cancelled; negative when the customer is owed", () => {
    const balance = customerBalance({
      sales: [
        { totalPaise: 21_000, status: "cancelled" },
        { totalPaise: 10_000, status: "dispatched" },
      ],
      receipts: [
        { kind: "payment", amountPaise: 16_000, voided: false },
        { kind: "credit_note", amountPaise: 5_000, voided: true },
        { kind: "credit_note", amountPaise: 1_000, voided: false },
      ],
    });
    // 100.00 − 160.00 − 10.00 = −70.00
    expect(balance).toEqual({ billedPaise: 10_000, paidPaise: 16_000, creditedPaise: 1_000, outstandingPaise: -7_000 });
  });
});
