// How a refused ledger write reads to the client: the field at fault and the status the API documents.
import type { ApiError } from "../../platform/http/errors";
import { inventoryError } from "../http/errors";
import type { LedgerRefusal } from "./queries";

export function ledgerRefusal(refusal: LedgerRefusal): ApiError {
  switch (refusal.kind) {
    case "customer_not_found":
      return inventoryError("not_found", `customer_id: no customer ${refusal.customerId}`);
    case "sale_not_found":
      return inventoryError("not_found", `sale_id: no sale ${refusal.saleId}`);
    case "sale_of_other_customer":
      return inventoryError("bad_request", "sale_id: the sale belongs to another customer");
    case "sale_cancelled":
      return inventoryError("conflict", "sale_id: the sale is cancelled");
    case "receipt_before_invoice":
      return inventoryError(
        "bad_request",
        `date: a ${refusal.receipt === "payment" ? "payment" : "credit note"} cannot be dated before its invoice's date, ${refusal.saleDate}`,
      );
    // biome-ignore lint/suspicious/noFallthroughSwitchClause: the inner switch is exhaustive and every case returns
    case "over_applied":
      switch (refusal.refusal.code) {
        case "over_application":
        case "credit_exceeds_invoice":
          return inventoryError(refusal.refusal.code, `amount: ${refusal.refusal.message}`);
        case "sale_cancelled":
          return inventoryError("conflict", "sale_id: the sale is cancelled");
        case "credit_note_needs_invoice":
          return inventoryError("bad_request", `sale_id: ${refusal.refusal.message}`);
      }
    case "credit_note_out_of_order":
      return inventoryError(refusal.refusal.code, `date: ${refusal.refusal.message}`);
    case "cash_limit":
      return inventoryError("cash_receipt_limit", `amount: ${refusal.refusal.message}`);
    case "duplicate_mill_invoice":
      return inventoryError("conflict", `invoice_number: ${refusal.supplierName} already has invoice ${refusal.invoiceNumber}`);
    case "mill_invoice_not_found":
      return inventoryError("not_found", `mill_invoice_id: no mill invoice ${refusal.millInvoiceId}`);
    case "mill_invoice_of_other_mill":
      return inventoryError("bad_request", "mill_invoice_id: the invoice is from another mill");
    case "mill_invoice_voided":
      return inventoryError("conflict", "mill_invoice_id: the mill invoice is voided");
    case "contended":
      return inventoryError(
        "conflict_retry",
        "Other payments, credit notes or voids kept changing the invoice (or the customer's cash received) while this was being recorded; nothing was recorded: send it again (with a new Idempotency-Key if you used one)",
      );
  }
}
