import { describe, expect, it } from "vitest";
import { nextInvoice } from "../../../src/inventory/domain/invoice-sequence";

// Financial year = 1 April to 31 March; invoices consecutive within it, at most 16 characters (rule 46(b)).
describe("nextInvoice", () => {
  const last = { saleDate: "2025-10-05", seq: 7, invoiceNumber: "INV/2526/000007" };

  it("starts each financial year at 1, within 16 characters", () => {
    const first = nextInvoice("2025-04-01", null);
    expect(first).toEqual({ ok: true, financialYear: "2526", seq: 1, invoiceNumber: "INV/2526/000001" });
    expect(first.ok && first.invoiceNumber.length).toBeLessThanOrEqual(16);
  });

  it("numbers a sale on or after the last invoice's date consecutively", () => {
    expect(nextInvoice("2025-10-05", last)).toMatchObject({ ok: true, seq: 8, invoiceNumber: "INV/2526/000008" });
    expect(nextInvoice("2026-03-31", last)).toMatchObject({ ok: true, seq: 8 });
  });

  it("refuses a back-dated sale, naming the invoice it would precede", () => {
    const refused = nextInvoice("2025-10-04", last);
    expect(refused).toMatchObject({ ok: false, code: "sale_before_last_invoice", lastInvoiceNumber: "INV/2526/000007" });
    expect(!refused.ok && refused.message).toContain("2025-10-05");
  });

  it("refuses the millionth invoice of a year rather than widen the number", () => {
    const full = { saleDate: "2025-10-05", seq: 999_999, invoiceNumber: "INV/2526/999999" };
    expect(nextInvoice("2025-10-06", full)).toMatchObject({ ok: false, code: "invoice_sequence_exhausted" });
  });
});
