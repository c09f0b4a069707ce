import { describe, expect, it } from "vitest";
import { cancelSale } from "../../../src/inventory/domain/cancellation";
import { type Allocation, customerBalance } from "../../../src/inventory/domain/settlement";

const T = Date.parse("2025-10-01T05:00:00Z");

describe("cancelSale", () => {
  // The reported case: sale ₹210.00, credit note ₹50.00, payment ₹160.00, then cancel. The sale leaves the
  // books, the credit note is reversed with it, and the ₹160.00 paid is owed to the customer.
  it("reverses the sale's credit notes and turns its payments into an advance owed to the customer", () => {
    const allocations: Allocation[] = [
      { id: "al_cn", sourceId: "cn_1", sourceKind: "credit_note", saleId: "sale_1", amountPaise: 5_000, atMs: T + 1 },
      { id: "al_pay", sourceId: "pay_1", sourceKind: "payment", saleId: "sale_1", amountPaise: 16_000, atMs: T + 2 },
    ];
    const result = cancelSale(
      { saleId: "sale_1", status: "confirmed", lines: [{ lotId: "lot_a", grams: 1_000, returnedGrams: 0 }], creditNoteIds: ["cn_1"] },
      allocations,
      T + 3,
    );
    expect(result).toEqual({
      ok: true,
      restore: [{ lotId: "lot_a", grams: 1_000 }],
      reverseCreditNoteIds: ["cn_1"],
      removeAllocationIds: ["al_cn"],
      toAdvance: [{ id: "al_pay", amountPaise: 16_000, atMs: T + 3 }],
    });
    const balance = customerBalance({
      sales: [{ totalPaise: 21_000, status: "cancelled" }],
      receipts: [
        { kind: "credit_note", amountPaise: 5_000, voided: true },
        { kind: "payment", amountPaise: 16_000, voided: false },
      ],
    });
    expect(balance.outstandingPaise).toBe(-16_000);
  });

  it("restores each lot once, net of kg already returned, summing lines of one lot", () => {
    const result = cancelSale(
      {
        saleId: "sale_2",
        status: "confirmed",
        lines: [
          { lotId: "lot_a", grams: 10_000, returnedGrams: 0 },
          { lotId: "lot_a", grams: 5_000, returnedGrams: 0 },
          { lotId: "lot_b", grams: 3_000, returnedGrams: 1_000 },
          { lotId: "lot_c", grams: 2_000, returnedGrams: 2_000 },
        ],
        creditNoteIds: [],
      },
      [],
      T,
    );
    expect(result.ok && result.restore).toEqual([
      { lotId: "lot_a", grams: 15_000 },
      { lotId: "lot_b", grams: 2_000 },
    ]);
  });

  it("moves an advance the sale had consumed from another sale's credit note back to the advance", () => {
    const allocations: Allocation[] = [
      { id: "al_x", sourceId: "cn_other", sourceKind: "credit_note", saleId: "sale_1", amountPaise: 2_000, atMs: T },
      { id: "al_y", sourceId: "cn_other", sourceKind: "credit_note", saleId: "sale_0", amountPaise: 3_000, atMs: T },
    ];
    const result = cancelSale({ saleId: "sale_1", status: "confirmed", lines: [], creditNoteIds: [] }, allocations, T + 5);
    expect(result.ok && result.toAdvance).toEqual([{ id: "al_x", amountPaise: 2_000, atMs: T + 5 }]);
    expect(result.ok && result.removeAllocationIds).toEqual([]);
  });

  it("refuses a second cancellation, so stock comes back once", () => {
    expect(
      cancelSale({ saleId: "s", status: "cancelled", lines: [{ lotId: "l", grams: 1, returnedGrams: 0 }], creditNoteIds: [] }, [], T),
    ).toMatchObject({
      ok: false,
      code: "already_cancelled",
    });
  });

  it("refuses a dispatched sale: the goods come back through a sales return", () => {
    expect(cancelSale({ saleId: "s", status: "dispatched", lines: [], creditNoteIds: [] }, [], T)).toMatchObject({
      ok: false,
      code: "sale_dispatched",
    });
  });
});
