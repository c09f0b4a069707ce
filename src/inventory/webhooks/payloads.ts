// What each inventory event's delivery carries: the envelope `{ id, type, created_at, org_id, data }` and each
// kind's data. Most payloads are written by SQL in the same batch as their change, so these schemas are the
// contract, and a test holds every stored event to them. The OpenAPI document's `webhooks` section comes from them.
import { z } from "@hono/zod-openapi";
import { COMPLIANCE_KINDS } from "../domain/compliance";
import { IsoTime } from "../http/schemas";
import type { InventoryWebhookEvent } from "./service";

const Id = (example: string) => z.string().openapi({ example });
const Kg = z
  .string()
  .regex(/^\d+\.\d{3}$/)
  .openapi({ description: "Kilograms, three decimals", example: "1250.500" });
const Rupees = z
  .string()
  .regex(/^\d+\.\d{2}$/)
  .openapi({ description: "Rupees, two decimals", example: "61425.00" });
const Sale = {
  sale_id: Id("sale_01jd3k9x2m4n5p6q7r8s9t0v1w"),
  invoice_number: z.string().openapi({ example: "INV/2627/000042" }),
  customer_id: Id("cust_01jd3k9x2m4n5p6q7r8s9t0v1w"),
};
const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .openapi({ example: "2026-11-21" });

const events = {
  "sale.created": {
    description: "A sale was booked (its invoice number issued, its lots' stock taken).",
    data: z.object({
      ...Sale,
      sale_date: IsoDate,
      kg: Kg,
      total_amount: Rupees,
      items: z.number().int().openapi({ description: "Number of lines" }),
    }),
  },
  "sale.cancelled": {
    description: "A sale was cancelled; its stock went back to its lots.",
    data: z.object({
      ...Sale,
      kg: Kg,
      total_amount: Rupees,
      adjusts_gst: z.boolean().optional().openapi({
        description:
          "Whether the cancellation reverses the invoice's GST: false when it came after GST's time limit for correcting the invoice (30 November after its financial year, or its annual return if earlier), and the invoice is cancelled in the books only. Absent from events recorded before 29 November 2026",
      }),
    }),
  },
  "sale.dispatched": { description: "A sale left the godown.", data: z.object({ ...Sale, kg: Kg, dispatched_at: IsoTime }) },
  "invoice.paid": {
    description:
      "Payments and credit notes settled the invoice in full (sent once per settlement: again only after a void re-opened the invoice); the entry that settled it is named.",
    data: z.object({
      ...Sale,
      total_amount: Rupees,
      payment_id: Id("pay_01jd3k9x2m4n5p6q7r8s9t0v1w").nullable(),
      // One of the two settled it: the other is null.
      credit_note_id: Id("cn_01jd3k9x2m4n5p6q7r8s9t0v1w").nullable().openapi({ example: null }),
    }),
  },
  "customer.created": {
    description: "A customer was added.",
    data: z.object({ customer_id: Id("cust_01jd3k9x2m4n5p6q7r8s9t0v1w"), name: z.string(), gstin: z.string().nullable() }),
  },
  "stock.low": {
    description:
      "A sale, damage written off or a stock count took the SKU's stock across all godowns from at or above its threshold to below it (once per crossing). A transfer between godowns leaves the SKU's stock as it was, so never sends it.",
    data: z.object({
      sku_id: Id("sku_01jd3k9x2m4n5p6q7r8s9t0v1w"),
      sku: z.string().openapi({ example: "CTN-CMB-30S1-RW" }),
      yarn_type: z.string(),
      kg_remaining: Kg.openapi({ example: "480.000" }),
      threshold_kg: Kg.openapi({ example: "500.000" }),
      cause: z
        .enum(["sale", "damage", "count_correction"])
        .openapi({ description: "What took the stock: a sale, or a stock adjustment by its reason (damage, count_correction)" }),
      sale_id: Id("sale_01jd3k9x2m4n5p6q7r8s9t0v1w").nullable().openapi({ description: "The sale, when `cause` is `sale`; otherwise null" }),
      movement_id: Id("mov_01jd3k9x2m4n5p6q7r8s9t0v1w").nullable().openapi({
        description: "The stock movement (`movement.id` in the adjustment's answer), when `cause` is not `sale`; otherwise null",
        example: null,
      }),
    }),
  },
  "compliance.due": {
    description: "A GST return or TDS deposit falls due within the lead days (sent once per filing and period, at 09:00 IST).",
    data: z.object({
      kind: z.enum(COMPLIANCE_KINDS).openapi({ example: "gstr3b" }),
      // One obligation's pair: October's GSTR-3B falls due on 20 November.
      period: z.string().openapi({ example: "2026-10" }),
      due_date: IsoDate.openapi({ example: "2026-11-20" }),
      days_left: z.number().int(),
      title: z.string(),
      description: z.string(),
    }),
  },
  "entry.voided": {
    description:
      "A payment, credit note, expense, mill invoice or mill payment was voided: it no longer counts anywhere. A voided receipt that had completed its invoice re-opens it (the sale's paid_at is cleared).",
    data: z.object({
      kind: z.enum(["payment", "credit_note", "expense", "mill_invoice", "mill_payment"]),
      id: Id("pay_01jd3k9x2m4n5p6q7r8s9t0v1w"),
      amount: Rupees,
      reason: z.string(),
      voided_by: z.string().openapi({ description: "`operator`, or the signed-in admin's email" }),
      sale_id: Id("sale_01jd3k9x2m4n5p6q7r8s9t0v1w").nullable().openapi({ description: "The invoice a voided payment or credit note was against" }),
    }),
  },
  "webhook.test": {
    description: "Sent only by the test-send operation; it reports no change.",
    data: z.object({ endpoint_id: Id("whk_01jd3k9x2m4n5p6q7r8s9t0v1w"), message: z.string() }),
  },
} satisfies Record<InventoryWebhookEvent | "webhook.test", { description: string; data: z.ZodObject }>;

/** Each event kind's delivery body: exactly these fields (strict), so a test catches any field not documented. */
export const INVENTORY_EVENT_PAYLOADS = Object.entries(events).map(([type, { description, data }]) => ({
  type,
  description,
  schema: z
    .object({
      id: Id("evt_01jd3k9x2m4n5p6q7r8s9t0v1w"),
      type: z.literal(type),
      created_at: IsoTime,
      org_id: Id("org_01jd3k9x2m4n5p6q7r8s9t0v1w"),
      data: data.strict(),
    })
    .strict()
    .openapi(`InventoryEvent_${type.replace(".", "_")}`),
}));
