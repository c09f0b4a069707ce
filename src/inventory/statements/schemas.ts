// Request and response schemas of the statements of account: a customer's (GET /api/v1/customers/{id}/statement) and
// a mill's (GET /api/v1/suppliers/{id}/statement). Both have the same shape; what differs is which entries they list
// and which side raises the balance, said in their descriptions.
import { z } from "@hono/zod-openapi";
import { STATEMENT_ENTRY_CAP, STATEMENT_ENTRY_KINDS, type Statement, type StatementEntryKind } from "../domain/statement";
import { formatPaise } from "../domain/money";
import { IdSchema, IstDate, Money, PaymentMethodSchema } from "../http/wire-formats";
import type { StatementAccount, StatementLineRow } from "./queries";

export const CustomerIdParam = z.object({
  id: IdSchema.openapi({ param: { name: "id", in: "path" }, example: "cust_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
});

export const SupplierIdParam = z.object({
  id: IdSchema.openapi({ param: { name: "id", in: "path" }, example: "mill_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
});

export const StatementQuery = z
  .object({
    from: IstDate.optional().openapi({ description: "First IST calendar day, inclusive; default the first day of `to`'s month" }),
    to: IstDate.optional().openapi({ description: "Last IST calendar day, inclusive; default today (IST). Not after today" }),
  })
  .strict();

/** What an account's statement says of its entries, in its own words. */
interface EntryTexts<K extends StatementEntryKind> {
  kinds: readonly K[];
  kind: string;
  id: string;
  reference: string;
  referenceExample: string;
  invoiceNumber: string;
  reason: string;
  debit: string;
  credit: string;
  balance: string;
}

function statementEntrySchema<K extends StatementEntryKind>(name: string, texts: EntryTexts<K>) {
  const reversible = texts.kinds.filter((kind): kind is Exclude<K, "void" | "cancellation"> => kind !== "void" && kind !== "cancellation");
  return z
    .object({
      date: z.string().openapi({ format: "date", description: "IST date the entry counts on; for a void or cancellation, the IST day it was made" }),
      kind: z.enum(texts.kinds).openapi({ description: texts.kind }),
      id: z.string().openapi({ description: texts.id }),
      reference: z.string().nullable().openapi({ description: texts.reference, example: texts.referenceExample }),
      method: PaymentMethodSchema.nullable().openapi({ description: "How a payment (or a voided one) was made; null for other entries" }),
      invoice_number: z.string().nullable().openapi({ description: texts.invoiceNumber }),
      reason: z.string().nullable().openapi({ description: texts.reason }),
      debit: Money.openapi({ description: texts.debit }),
      credit: Money.openapi({ description: texts.credit }),
      balance: Money.openapi({ description: texts.balance }),
      reverses: z
        .object({
          kind: z.enum(reversible),
          id: z.string(),
          reference: z.string().nullable(),
          date: z.string().openapi({ format: "date" }),
        })
        .nullable()
        .openapi({ description: "For a void or cancellation: the entry it reverses, with its own date; null otherwise" }),
    })
    .openapi(name);
}

/** The head of a statement: whose account it is. */
const AccountSchema = z.object({ id: z.string(), name: z.string(), gstin: z.string().nullable() });

function statementSchema<A extends string, K extends StatementEntryKind>(
  names: { statement: string; entry: string },
  accountField: A,
  texts: EntryTexts<K> & { opening: string; closing: string },
) {
  return z
    .object({
      ...({ [accountField]: AccountSchema } as Record<A, typeof AccountSchema>),
      from: z.string().openapi({ format: "date", description: "First IST day of the statement" }),
      to: z.string().openapi({ format: "date", description: "Last IST day of the statement" }),
      opening_balance: Money.openapi({ description: texts.opening }),
      entries: z.array(statementEntrySchema(names.entry, texts)).openapi({
        description: `Every entry dated from \`from\` to \`to\`, in date order (entries of one date in the order they were made), at most ${STATEMENT_ENTRY_CAP}`,
      }),
      total_debits: Money,
      total_credits: Money,
      closing_balance: Money.openapi({ description: texts.closing }),
    })
    .openapi(names.statement);
}

export const StatementSchema = statementSchema({ statement: "CustomerStatement", entry: "StatementEntry" }, "customer", {
  kinds: STATEMENT_ENTRY_KINDS,
  kind: "`invoice` is a debit (and stays one when the invoice is later cancelled); `payment`, `credit_note` and `sales_return` (a credit note that took goods back) are credits; `cancellation` (a credit) and `void` (a debit: a payment or credit note voided) reverse an earlier entry, named in `reverses`",
  id: "The sale, payment or credit note; for a void or cancellation, the entry it reverses",
  reference: "Invoice number, payment reference (UTR, UPI reference, cheque number; null when none was recorded) or credit-note number",
  referenceExample: "INV/2627/001873",
  invoiceNumber: "The invoice the entry is for: its own number, or the invoice a payment or credit note was against",
  reason: "A credit note's reason, or why the entry was voided",
  debit: "What the entry adds to what the customer owes; 0.00 for credits",
  credit: "What the entry takes off; 0.00 for debits",
  balance: "The balance after this entry: what the customer owes, negative when they are owed",
  opening: "What the customer owed at the start of `from`: every entry dated before it",
  closing:
    "opening_balance + total_debits − total_credits; for a statement to today, the customer's `outstanding` in GET /api/v1/customers and the customers export",
});

export const StatementResponseSchema = z.object({ data: StatementSchema }).openapi("CustomerStatementResponse");

export const MillStatementSchema = statementSchema({ statement: "MillStatement", entry: "MillStatementEntry" }, "supplier", {
  kinds: ["invoice", "payment", "void"],
  kind: "`invoice` (the mill's invoice) is a credit: the trader owes the mill more; `payment` (the trader's payment to the mill) is a debit; `void` reverses an earlier entry, named in `reverses`: a debit for a voided invoice, a credit for a voided payment",
  id: "The mill invoice or mill payment; for a void, the entry it reverses",
  reference: "The mill's invoice number, or the payment's reference (UTR, UPI reference, cheque number; null when none was recorded)",
  referenceExample: "SKSM/2627/0412",
  invoiceNumber: "The mill invoice the entry is for: its own number, or the one a payment was against (null for a payment on account)",
  reason: "Why the entry was voided; null for other entries",
  debit: "What the entry takes off what the trader owes the mill; 0.00 for credits",
  credit: "What the entry adds to what the trader owes the mill; 0.00 for debits",
  balance: "The balance after this entry: what the trader owes the mill, negative when the mill holds an advance",
  opening: "What the trader owed the mill at the start of `from`: every entry dated before it",
  closing: "opening_balance + total_credits − total_debits; for a statement to today, the mill's `payable` in GET /api/v1/suppliers",
});

export const MillStatementResponseSchema = z.object({ data: MillStatementSchema }).openapi("MillStatementResponse");

export const accountView = (account: StatementAccount) => ({ id: account.id, name: account.name, gstin: account.gstin });

/** A statement's period, balances and entries as printed, whoever's account it is. */
export function statementFigures<K extends StatementEntryKind>(period: { from: string; to: string }, statement: Statement<StatementLineRow<K>>) {
  return {
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
