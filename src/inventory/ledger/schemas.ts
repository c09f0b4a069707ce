// Request and response schemas of customers and the money ledgers: payments, credit notes, expenses, mill
// invoices and mill payments.
import { z } from "@hono/zod-openapi";
import { GST_CORRECTION_LIMIT_DESCRIPTION } from "../annual-returns/schemas";
import { formatPaise, formatPaiseOrNull } from "../domain/money";
import { iso, IsoTime, pageOf, PageQuery } from "../http/schemas";
import {
  GstState,
  stateOfRegistration,
  Gstin,
  IdSchema,
  IstDate,
  Money,
  optionalText,
  PaymentMethodSchema,
  Rupees,
  text,
} from "../http/wire-formats";
import type { MillInvoiceRow, MillPaymentRow, SupplierPayableRow } from "./mill-queries";
import type { CustomerBalanceRow, CustomerRow } from "./customer-queries";
import type { ExpenseRow } from "./queries";
import type { CreditNoteRow, PaymentRow } from "./receipt-queries";

export const CreateCustomerSchema = z
  .object({
    name: text(200),
    contact: optionalText(200),
    gstin: Gstin.nullish().transform((v) => v ?? null),
    address: optionalText(500),
    state: GstState.optional().openapi({
      description: "The address's GST state (code or name); taken from `gstin` when omitted. The place of supply of its sales.",
    }),
    credit_limit: Rupees("creditLimitPaise").optional().openapi({ description: "Rupees; default 0" }),
  })
  .strict()
  .transform((body, ctx) => ({ ...body, state: stateOfRegistration(body, ctx) }));

export const CreatePaymentSchema = z
  .object({
    customer_id: IdSchema,
    sale_id: IdSchema.optional(),
    amount: Rupees("amountPaise"),
    method: PaymentMethodSchema,
    reference: optionalText(100),
    date: IstDate.optional().openapi({ description: "IST date received; default today. With sale_id, not before the sale's date" }),
  })
  .strict();

export const CreateCreditNoteSchema = z
  .object({
    customer_id: IdSchema,
    sale_id: IdSchema.optional(),
    amount: Rupees("amountPaise"),
    reason: optionalText(500),
    date: IstDate.optional().openapi({
      description: `IST date of the credit note; default today. Dated or recorded (the IST day it is sent) after ${GST_CORRECTION_LIMIT_DESCRIPTION}, the note adjusts no GST (CGST s.34(2))`,
    }),
  })
  .strict();

export const CreateExpenseSchema = z
  .object({
    date: IstDate.optional(),
    category: text(100).openapi({ example: "Freight" }),
    amount: Rupees("amountPaise"),
    notes: optionalText(1000),
    created_by: optionalText(200).openapi({ description: "Default: the signed-in admin's email, or `operator`" }),
  })
  .strict();

export const CreateMillInvoiceSchema = z
  .object({
    supplier_name: text(200),
    invoice_number: text(64),
    date: IstDate.optional(),
    amount: Rupees("amountPaise"),
    notes: optionalText(1000),
  })
  .strict();

export const CreateMillPaymentSchema = z
  .object({
    supplier_name: text(200),
    mill_invoice_id: IdSchema.optional(),
    amount: Rupees("amountPaise"),
    method: PaymentMethodSchema,
    reference: optionalText(100),
    date: IstDate.optional(),
  })
  .strict();

export const CustomerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    contact: z.string().nullable(),
    gstin: z.string().nullable(),
    address: z.string().nullable(),
    state: z.string().nullable().openapi({ description: "GST state code: the place of supply of its sales" }),
    credit_limit: Money,
    created_at: IsoTime,
  })
  .openapi("Customer");

export const customerView = (row: CustomerRow): z.infer<typeof CustomerSchema> => ({
  id: row.id,
  name: row.name,
  contact: row.contact,
  gstin: row.gstin,
  address: row.address,
  state: row.stateCode,
  credit_limit: formatPaise(row.creditLimitPaise),
  created_at: iso(row.createdAt),
});

export const PaymentSchema = z
  .object({
    id: z.string(),
    customer_id: z.string(),
    sale_id: z.string().nullable(),
    amount: Money,
    method: PaymentMethodSchema,
    reference: z.string().nullable(),
    date: z.string(),
    invoice_paid: z.boolean().openapi({ description: "true when this payment completed the sale's invoice (invoice.paid was emitted)" }),
    created_at: IsoTime,
  })
  .openapi("Payment");

export const paymentView = (row: PaymentRow & { invoicePaid: boolean }): z.infer<typeof PaymentSchema> => ({
  id: row.id,
  customer_id: row.customerId,
  sale_id: row.saleId,
  amount: formatPaise(row.amountPaise),
  method: row.method,
  reference: row.reference,
  date: row.paidOn,
  invoice_paid: row.invoicePaid,
  created_at: iso(row.createdAt),
});

export const CreditNoteSchema = z
  .object({
    id: z.string(),
    note_number: z.string().openapi({ example: "CN/2627/000004" }),
    customer_id: z.string(),
    sale_id: z.string().nullable(),
    amount: Money.openapi({
      description: "What the note credits, tax included: taxable_amount + cgst + sgst + igst when it adjusts GST",
    }),
    taxable_amount: Money.nullable().openapi({
      description: `The amount in the proportions of taxable value and tax the invoice has left to credit (its figures less those of its earlier credit notes not voided that adjusted GST; CGST s.34); a sales return's note starts from its lines' own figures instead. No column (taxable value, CGST, SGST, IGST) is ever below 0 or more than the invoice has left of it: a column's excess goes to the columns with room, taxable value first. Null, with the three taxes, when the note adjusts no GST: without an invoice or its split, or dated or recorded (the IST day of its created_at) after ${GST_CORRECTION_LIMIT_DESCRIPTION} (CGST s.34(2): the note then only reduces what the customer owes)`,
    }),
    cgst_amount: Money.nullable(),
    sgst_amount: Money.nullable(),
    igst_amount: Money.nullable(),
    amount_on_account: Money.openapi({
      description:
        "The part of `amount` put on the customer's account, as an advance later invoices consume: what it credits beyond what the invoice still owed when it was recorded (an invoice paid, in part or in full), or all of it without `sale_id`; 0.00 when the invoice owed it all",
      example: "165.00",
    }),
    place_of_supply: z.string().nullable().openapi({ description: "The credited invoice's place of supply (GST state code)" }),
    reason: z.string().nullable(),
    date: z.string(),
    created_at: IsoTime,
  })
  .openapi("CreditNote");

export const creditNoteView = (row: CreditNoteRow): z.infer<typeof CreditNoteSchema> => ({
  id: row.id,
  note_number: row.noteNumber,
  customer_id: row.customerId,
  sale_id: row.saleId,
  amount: formatPaise(row.amountPaise),
  taxable_amount: formatPaiseOrNull(row.taxablePaise),
  cgst_amount: formatPaiseOrNull(row.cgstPaise),
  sgst_amount: formatPaiseOrNull(row.sgstPaise),
  igst_amount: formatPaiseOrNull(row.igstPaise),
  amount_on_account: formatPaise(row.onAccountPaise),
  place_of_supply: row.placeOfSupply,
  reason: row.reason,
  date: row.issuedOn,
  created_at: iso(row.createdAt),
});

export const ExpenseSchema = z
  .object({
    id: z.string(),
    date: z.string(),
    category: z.string(),
    amount: Money,
    notes: z.string().nullable(),
    created_by: z.string(),
    created_at: IsoTime,
  })
  .openapi("Expense");

export const expenseView = (row: ExpenseRow): z.infer<typeof ExpenseSchema> => ({
  id: row.id,
  date: row.spentOn,
  category: row.category,
  amount: formatPaise(row.amountPaise),
  notes: row.notes,
  created_by: row.createdBy,
  created_at: iso(row.createdAt),
});

export const MillInvoiceSchema = z
  .object({
    id: z.string(),
    supplier_name: z.string(),
    invoice_number: z.string(),
    date: z.string(),
    amount: Money,
    notes: z.string().nullable(),
    created_at: IsoTime,
  })
  .openapi("MillInvoice");

export const millInvoiceView = (row: MillInvoiceRow): z.infer<typeof MillInvoiceSchema> => ({
  id: row.id,
  supplier_name: row.supplierName,
  invoice_number: row.invoiceNumber,
  date: row.invoicedOn,
  amount: formatPaise(row.amountPaise),
  notes: row.notes,
  created_at: iso(row.createdAt),
});

export const MillPaymentSchema = z
  .object({
    id: z.string(),
    supplier_name: z.string(),
    mill_invoice_id: z.string().nullable(),
    date: z.string(),
    amount: Money,
    reference: z.string().nullable(),
    method: PaymentMethodSchema,
    created_at: IsoTime,
  })
  .openapi("MillPayment");

export const millPaymentView = (row: MillPaymentRow): z.infer<typeof MillPaymentSchema> => ({
  id: row.id,
  supplier_name: row.supplierName,
  mill_invoice_id: row.millInvoiceId,
  date: row.paidOn,
  amount: formatPaise(row.amountPaise),
  reference: row.reference,
  method: row.method,
  created_at: iso(row.createdAt),
});

export const CustomerBalanceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    gstin: z.string().nullable(),
    credit_limit: Money,
    outstanding: Money.openapi({ description: "Open invoices' outstanding less money on account; negative when the customer is owed" }),
    on_account: Money.openapi({
      description:
        "Payments with no invoice or against a cancelled one, credit notes with no invoice, and sales returns beyond what their invoice owed, less what later invoices consumed",
    }),
    ageing: z
      .object({ "0_30": Money, "31_60": Money, "61_90": Money, over_90: Money })
      .openapi({ description: "Outstanding of non-cancelled invoices by age in days of their sale date on today's IST date" }),
  })
  .openapi("CustomerBalance");

export const customerBalanceView = (row: CustomerBalanceRow): z.infer<typeof CustomerBalanceSchema> => ({
  id: row.id,
  name: row.name,
  gstin: row.gstin,
  credit_limit: formatPaise(row.creditLimitPaise),
  outstanding: formatPaise(row.due0to30 + row.due31to60 + row.due61to90 + row.dueOver90 - row.onAccountPaise),
  on_account: formatPaise(row.onAccountPaise),
  ageing: {
    "0_30": formatPaise(row.due0to30),
    "31_60": formatPaise(row.due31to60),
    "61_90": formatPaise(row.due61to90),
    over_90: formatPaise(row.dueOver90),
  },
});

export const CustomerBalancesQuery = PageQuery.strict();
export const CustomerBalancesPageSchema = pageOf(CustomerBalanceSchema).openapi("CustomerBalancesPage");

export const SupplierPayableSchema = z
  .object({
    id: z.string(),
    name: z.string().openapi({ description: "The mill" }),
    gstin: z.string().nullable(),
    invoiced: Money.openapi({ description: "Sum of the mill's invoices" }),
    paid: Money.openapi({ description: "Sum of payments to the mill" }),
    payable: Money.openapi({ description: "invoiced − paid; negative when the mill holds an advance" }),
    oldest_invoice_date: z.string().nullable().openapi({ format: "date", description: "Date of the mill's oldest invoice" }),
  })
  .openapi("SupplierPayable");

export const supplierPayableView = (row: SupplierPayableRow): z.infer<typeof SupplierPayableSchema> => ({
  id: row.id,
  name: row.name,
  gstin: row.gstin,
  invoiced: formatPaise(row.invoicedPaise),
  paid: formatPaise(row.paidPaise),
  payable: formatPaise(row.invoicedPaise - row.paidPaise),
  oldest_invoice_date: row.oldestInvoiceOn,
});

export const SupplierPayablesQuery = PageQuery.strict();
export const SupplierPayablesPageSchema = pageOf(SupplierPayableSchema).openapi("SupplierPayablesPage");
