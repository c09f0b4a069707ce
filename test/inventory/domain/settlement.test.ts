// How a receipt splits between its invoice and the customer's account, and when it is refused.
import { describe, expect, it } from "vitest";
import { type OpenInvoice, allocateReceipt } from "../../../src/inventory/domain/settlement";

const T0 = Date.parse("2025-10-01T05:00:00Z");
const t = (minutes: number) => T0 + minutes * 60_000;

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
