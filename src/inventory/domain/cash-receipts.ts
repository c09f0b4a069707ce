import { formatPaise } from "./money";

// Income-tax Act 1961 s.269ST: no one may receive ₹2,00,000 or more in cash from one person in a day, or in
// respect of one transaction, or of one event. The limit is "2 lakh or more", so exactly ₹2,00,000 is refused.

export const CASH_RECEIPT_LIMIT_PAISE = 20_000_000;

export type CashReceiptResult =
  | { ok: true }
  | { ok: false; code: "cash_receipt_limit"; basis: "transaction" | "day"; message: string; alreadyPaise: number };

/**
 * A receipt in cash is refused when, with the cash already received from the same customer that IST day
 * (`sameDayCashPaise`) or against the same invoice on any day (`sameInvoiceCashPaise`, null for an advance, which
 * names no invoice), it reaches the limit. Receipts by any other method are not limited.
 */
export function checkCashReceipt(input: {
  method: string;
  amountPaise: number;
  sameDayCashPaise: number;
  sameInvoiceCashPaise: number | null;
}): CashReceiptResult {
  if (input.method !== "cash") return { ok: true };
  if (input.sameInvoiceCashPaise === null) {
    if (input.amountPaise >= CASH_RECEIPT_LIMIT_PAISE) return refused("transaction", 0, "in one receipt");
  } else if (input.sameInvoiceCashPaise + input.amountPaise >= CASH_RECEIPT_LIMIT_PAISE) {
    return refused("transaction", input.sameInvoiceCashPaise, "for one invoice");
  }
  if (input.sameDayCashPaise + input.amountPaise >= CASH_RECEIPT_LIMIT_PAISE) {
    return refused("day", input.sameDayCashPaise, "from one customer in one day");
  }
  return { ok: true };
}

function refused(basis: "transaction" | "day", alreadyPaise: number, scope: string): CashReceiptResult {
  const already = alreadyPaise > 0 ? ` (${formatPaise(alreadyPaise)} already received in cash)` : "";
  return {
    ok: false,
    code: "cash_receipt_limit",
    basis,
    alreadyPaise,
    message: `cash receipts of 200000.00 or more ${scope} are not allowed (Income-tax Act s.269ST)${already}; use a bank transfer`,
  };
}
