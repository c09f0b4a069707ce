// Request and response schemas of a customer's statement of account (GET /api/v1/customers/{id}/statement).
import { z } from "@hono/zod-openapi";
import { STATEMENT_ENTRY_CAP, STATEMENT_ENTRY_KINDS, type Statement } from "../domain/statement";
import { formatPaise } from "../domain/money";
import { IdSchema, IstDate, Money, PaymentMethodSchema } from "../http/wire-formats";
import type { StatementCustomer, StatementLineRow } from "./queries";

export const CustomerIdParam = z.object({
  id: IdSchema.openapi({ param: { name: "id", in: "path" }, example: "cust_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
});

export const StatementQuery = z
  .object({
    from: IstDate.optional().openapi({ description: "First IST calendar day, inclusive; default the first day of `to`'s month" }),
    to: IstDate.optional().openapi({ description: "Last IST calendar day, inclusive; default today (IST). Not after today" }),
  })
  .strict();

const EntryKind = z.enum(STATEMENT_ENTRY_KINDS).openapi({
  description:
    "`invoice` is a debit (and stays one when the invoice is later cancelled); `payment`, `credit_note` and `sales_return` (a credit note that took goods back) are credits; `cancellation` (a credit) and `void` (a debit: a payment or credit note voided) reverse an earlier entry, named in `reverses`",
});

export const StatementEntrySchema = z
  .object({
    date: z.string().openapi({ format: "date", description: "IST date the entry counts on; for a void or cancellation, the IST day it was made" }),
    kind: EntryKind,
    id: z.string().openapi({ description: "The sale, payment or credit note; for a void or cancellation, the entry it reverses" }),
    reference: z.string().nullable().openapi({
      description: "Invoice number, payment reference (UTR, UPI reference, cheque number; null when none was recorded) or credit-note number",
      example: "INV/2627/001873",
    }),
    method: PaymentMethodSchema.nullable().openapi({ description: "How a payment (or a voided one) was made; null for other entries" }),
    invoice_number: z
      .string()
      .nullable()
      .openapi({ description: "The invoice the entry is for: its own number, or the invoice a payment or credit note was against" }),
    reason: z.string().nullable().openapi({ description: "A credit note's reason, or why the entry was voided" }),
    debit: Money.openapi({ description: "What the entry adds to what the customer owes; 0.00 for credits" }),
    credit: Money.openapi({ description: "What the entry takes off; 0.00 for debits" }),
    balance: Money.openapi({ description: "The balance after this entry: what the customer owes, negative when they are owed" }),
    reverses: z
      .object({
        kind: z.enum(["invoice", "payment", "credit_note", "sales_return"]),
        id: z.string(),
        reference: z.string().nullable(),
        date: z.string().openapi({ format: "date" }),
      })
      .nullable()
      .openapi({ description: "For a void or cancellation: the entry it reverses, with its own date; null otherwise" }),
  })
  .openapi("StatementEntry");

export const StatementSchema = z
  .object({
    customer: z.object({ id: z.string(), name: z.string(), gstin: z.string().nullable() }),
    from: z.string().openapi({ format: "date", description: "First IST day of the statement" }),
    to: z.string().openapi({ format: "date", description: "Last IST day of the statement" }),
    opening_balance: Money.openapi({ description: "What the customer owed at the start of `from`: every entry dated before it" }),
    entries: z.array(StatementEntrySchema).openapi({
      description: `Every entry dated from \`from\` to \`to\`, in date order (entries of one date in the order they were made), at most ${STATEMENT_ENTRY_CAP}`,
    }),
    total_debits: Money,
    total_credits: Money,
    closing_balance: Money.openapi({
      description:
        "opening_balance + total_debits − total_credits; for a statement to today, the customer's `outstanding` in GET /api/v1/customers and the customers export",
    }),
  })
  .openapi("CustomerStatement");

export const StatementResponseSchema = z.object({ data: StatementSchema }).openapi("CustomerStatementResponse");

export function statementView(
  customer: StatementCustomer,
  period: { from: string; to: string },
  statement: Statement<StatementLineRow>,
): z.infer<typeof StatementSchema> {
  return {
    customer: { id: customer.id, name: customer.name, gstin: customer.gstin },
    from: period.from,
    to: period.to,
    opening_balance: formatPaise(statement.openingPaise),
    entries: statement.entries.map((e) => ({
      date: e.date,
      kind: e.kind,
      id: e.id,
      reference: e.reference,
      method: e.method,
      invoice_number: e.invoiceNumber,
      reason: e.reason,
      debit: formatPaise(e.debitPaise),
      credit: formatPaise(e.creditPaise),
      balance: formatPaise(e.balancePaise),
      reverses: e.reversesKind === null ? null : { kind: e.reversesKind, id: e.id, reference: e.reference, date: e.reversesDate! },
    })),
    total_debits: formatPaise(statement.totalDebitsPaise),
    total_credits: formatPaise(statement.totalCreditsPaise),
    closing_balance: formatPaise(statement.closingPaise),
  };
}
