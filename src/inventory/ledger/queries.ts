// What every ledger write shares (its void columns, refusals and outcome), and expenses, which need nothing more;
// customers, receipts, mills and voids each have their own <concern>-queries.ts beside this file.
import { newId } from "../../platform/ids";
import { inventoryDb } from "../db/client";
import { expenses } from "../db/schema";
import type { WriteResult } from "../db/event-rows";
import type { CashReceiptResult } from "../domain/cash-receipts";
import type { CreditNoteOrder } from "../domain/invoice-number";
import type { AllocateResult } from "../domain/settlement";

/** The columns a void fills; an entry is written without them. */
export type VoidFields = "voidedAt" | "voidReason" | "voidedBy";
export const NOT_VOIDED = { voidedAt: null, voidReason: null, voidedBy: null } as const;

/** Why a ledger write was not recorded; nothing was written. */
export type LedgerRefusal =
  | { kind: "customer_not_found"; customerId: string }
  | { kind: "sale_not_found"; saleId: string }
  | { kind: "sale_of_other_customer" }
  | { kind: "sale_cancelled" }
  /**
   * A credit note reverses an invoice already issued (CGST s.34), and a payment settles one: neither is dated before
   * the invoice (money received earlier is an advance, on the customer's account).
   */
  | { kind: "receipt_before_invoice"; receipt: "payment" | "credit_note"; saleDate: string }
  | { kind: "over_applied"; refusal: Extract<AllocateResult, { ok: false }> }
  /** A credit note's financial year is one consecutive series in date order (CGST Rules, rule 53(1A)). */
  | { kind: "credit_note_out_of_order"; refusal: Extract<CreditNoteOrder, { ok: false }> }
  | { kind: "cash_limit"; refusal: Extract<CashReceiptResult, { ok: false }> }
  | { kind: "duplicate_mill_invoice"; supplierName: string; invoiceNumber: string }
  | { kind: "mill_invoice_not_found"; millInvoiceId: string }
  | { kind: "mill_invoice_of_other_mill" }
  | { kind: "mill_invoice_voided" }
  /** Other writes kept changing the invoice between the checks and the receipt's own transaction. */
  | { kind: "contended" };

export type LedgerOutcome<T> = ({ kind: "recorded" } & WriteResult<T>) | LedgerRefusal;

export type ExpenseRow = Omit<typeof expenses.$inferSelect, "orgId">;

export async function createExpense(
  db: D1Database,
  orgId: string,
  input: Omit<ExpenseRow, "id" | "createdAt" | VoidFields>,
  nowMs: number,
): Promise<WriteResult<ExpenseRow>> {
  const row: ExpenseRow = { id: newId("exp", nowMs), ...input, createdAt: nowMs, ...NOT_VOIDED };
  // A batch of one: a write that holds an Idempotency-Key marks it in its own transaction (idempotentWrites).
  const orm = inventoryDb(db);
  await orm.batch([orm.insert(expenses).values({ ...row, orgId })]);
  return { value: row, eventIds: [] };
}
