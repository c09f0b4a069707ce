// Cancelling a sale takes it out of the books whole: its kg go back to the lots once, the credit notes
// issued against it are reversed with it, and money paid against it becomes an advance owed to the customer
// (not a negative invoice). Dispatched goods come back through a sales return instead.
import type { Allocation } from "./settlement";

export interface SaleToCancel {
  saleId: string;
  status: "confirmed" | "dispatched" | "cancelled";
  lines: ReadonlyArray<{ lotId: string; grams: number; returnedGrams: number }>;
  /** Active (not voided) credit notes against the sale. */
  creditNoteIds: readonly string[];
}

export type CancelResult =
  | {
      ok: true;
      /** Grams to put back per lot: sold less already returned, lines of one lot summed. */
      restore: Array<{ lotId: string; grams: number }>;
      reverseCreditNoteIds: string[];
      /** Allocations of the credit notes, wherever they went (as voidReceipt would remove them). */
      removeAllocationIds: string[];
      /** Other receipts' allocations on the sale (payments, consumed advances), now held as advance from the cancellation. */
      toAdvance: Array<{ id: string; amountPaise: number; atMs: number }>;
    }
  | { ok: false; code: "already_cancelled" | "sale_dispatched"; message: string };

export function cancelSale(sale: SaleToCancel, allocations: readonly Allocation[], atMs: number): CancelResult {
  if (sale.status === "cancelled") return { ok: false, code: "already_cancelled", message: `sale ${sale.saleId} is already cancelled` };
  if (sale.status === "dispatched") {
    return {
      ok: false,
      code: "sale_dispatched",
      message: `sale ${sale.saleId} has been dispatched; record a sales return (a credit note that restores the kg) instead`,
    };
  }
  const byLot = new Map<string, number>();
  for (const line of sale.lines) byLot.set(line.lotId, (byLot.get(line.lotId) ?? 0) + line.grams - line.returnedGrams);
  const credits = new Set(sale.creditNoteIds);
  return {
    ok: true,
    restore: [...byLot].filter(([, grams]) => grams > 0).map(([lotId, grams]) => ({ lotId, grams })),
    reverseCreditNoteIds: [...credits],
    removeAllocationIds: allocations.filter((a) => credits.has(a.sourceId)).map((a) => a.id),
    toAdvance: allocations
      .filter((a) => a.saleId === sale.saleId && !credits.has(a.sourceId))
      .map((a) => ({ id: a.id, amountPaise: a.amountPaise, atMs })),
  };
}
