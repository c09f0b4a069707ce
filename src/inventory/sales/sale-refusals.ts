// How a refused sale write reads to the client: the queries say what happened, this says it in the API's
// terms (status code and a message naming the field or the lots).
import type { ApiError } from "../../platform/http/errors";
import { formatGrams, formatPaise } from "../domain/money";
import { inventoryError } from "../http/errors";
import { ledgerRefusal } from "../ledger/ledger-refusals";
import type { ReturnOutcome } from "./return-queries";
import type { CreateSaleOutcome, SaleStatusOutcome } from "./queries";

export function createSaleRefusal(outcome: Exclude<CreateSaleOutcome, { kind: "created" }>): ApiError {
  switch (outcome.kind) {
    case "customer_not_found":
      return inventoryError("not_found", `customer_id: no customer ${outcome.customerId}`);
    case "seller_gstin_missing":
      return inventoryError(
        "seller_gstin_missing",
        "The organisation has no GSTIN, and a supplier not registered for GST may not charge it on an invoice: set its gstin (PATCH /admin/api/orgs/{id}) before booking sales",
      );
    case "place_of_supply":
      return inventoryError("bad_request", `customer_id: ${outcome.refusal.message}`);
    case "lot_not_found":
      return inventoryError("not_found", `items[${outcome.index}].lot_id: no lot ${outcome.lotId}`);
    case "insufficient_stock": {
      const list = outcome.lotIds.length > 0 ? outcome.lotIds.join(", ") : "one of the lots";
      return inventoryError("insufficient_stock", `Not enough kg remaining in lot ${list}; nothing was changed`);
    }
    case "no_gst_rate":
      return inventoryError("bad_request", `items[${outcome.index}].lot_id: ${outcome.refusal.message}`);
    case "sale_before_lot_receipt":
      return inventoryError("bad_request", outcome.refusal.message);
    case "invoice_out_of_order":
      return inventoryError(outcome.refusal.code, outcome.refusal.message);
  }
}

export function saleStatusRefusal(outcome: Exclude<SaleStatusOutcome, { kind: "changed" }>): ApiError {
  switch (outcome.kind) {
    case "sale_not_found":
      return inventoryError("not_found", `No sale ${outcome.saleId}`);
    case "lost_race":
      return inventoryError("conflict", "The sale was changed by another request meanwhile (cancelled, dispatched or credited); nothing was changed");
    case "lot_full":
      return inventoryError(
        "conflict",
        `Lot ${outcome.lotIds.join(", ")} already holds all it received (counted up since the sale?); correct its count first. Nothing was changed`,
      );
    case "refused":
      if (outcome.change.kind === "already") return inventoryError("conflict", `The sale is already ${outcome.change.status}`);
      if (outcome.change.status === "cancelled") return inventoryError("conflict", "The sale is cancelled");
      return inventoryError("conflict", "The sale has been dispatched; issue a credit note for returned goods instead");
  }
}

export function returnRefusal(saleId: string, outcome: Exclude<ReturnOutcome, { kind: "recorded" }>): ApiError {
  switch (outcome.kind) {
    case "sale_not_found":
      return inventoryError("not_found", `No sale ${saleId}`);
    case "sale_cancelled":
      return inventoryError("conflict", "The sale is cancelled: its stock went back when it was cancelled");
    case "not_dispatched":
      return inventoryError("conflict", "The sale has not been dispatched: cancel it instead");
    case "receipt_before_invoice":
    case "credit_note_out_of_order":
      return ledgerRefusal(outcome);
    case "lot_not_on_invoice":
      return inventoryError("bad_request", `items[${outcome.index}].lot_id: lot ${outcome.lotId} is not on this invoice`);
    case "more_than_sold":
      return inventoryError(
        "conflict",
        `items[${outcome.index}].kg: at most ${formatGrams(outcome.returnableGrams)} kg of lot ${outcome.lotId} (${formatPaise(outcome.returnablePaise)} before tax) can still be returned`,
      );
    case "lot_full":
      return inventoryError("conflict", `Lot ${outcome.lotIds.join(", ")} already holds all it received; nothing was changed`);
    case "over_applied":
      return inventoryError(outcome.refusal.code === "credit_exceeds_invoice" ? "credit_exceeds_invoice" : "conflict", outcome.refusal.message);
    case "invoice_changed":
      return inventoryError(
        "conflict_retry",
        "Other returns or receipts of this invoice kept changing what it can take back while this return was recorded; nothing was changed: send it again (with a new Idempotency-Key if you used one)",
      );
  }
}
