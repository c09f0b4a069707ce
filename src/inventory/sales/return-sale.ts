// POST /admin/api/sales/{id}/returns: goods come back. A credit note for them at the invoice's rates and tax,
// and their kg back into the lots they were sold from.
import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { readBody } from "../../platform/http/body";
import { IdempotencyKeyHeaders, idempotentWrites } from "../../platform/http/idempotency";
import { GST_CORRECTION_LIMIT_DESCRIPTION } from "../annual-returns/schemas";
import { formatGrams, formatPaise } from "../domain/money";
import { idempotentForActor, requireAdmin, ADMIN_WRITE_ERRORS } from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { entryDate } from "../http/entry-date";
import { errorResponses } from "../http/schemas";
import { IdSchema, IstDate, Kg, KgText, Money, optionalText } from "../http/wire-formats";
import { returnSale } from "./return-queries";
import { CreditNoteSchema, creditNoteView } from "../ledger/schemas";
import { dispatchEvents } from "../webhooks/service";
import { resolveSaleOrg, SALE_SELECTION_DESCRIPTION } from "./resolve-sale-org";
import { returnRefusal } from "./sale-refusals";
import { eachLotOnce, SaleIdParam } from "./schemas";
import { BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../http/errors";

const ReturnSaleSchema = z
  .object({
    items: z
      .array(z.object({ lot_id: IdSchema, kg: Kg }).strict())
      .min(1)
      .max(50)
      .superRefine(eachLotOnce),
    reason: optionalText(500),
    date: IstDate.optional().openapi({
      description: `IST date of the credit note, not before the invoice's nor after today; default today. Dated or recorded (the IST day it is sent) after ${GST_CORRECTION_LIMIT_DESCRIPTION}, the return adjusts no GST (CGST s.34(2))`,
    }),
  })
  .strict();

const ReturnCreditNoteSchema = CreditNoteSchema.extend({
  items: z.array(
    z.object({
      lot_id: z.string(),
      kg: KgText,
      amount: Money.openapi({ description: "Value of the kg returned at the invoice line's rate, before GST" }),
      gst_amount: Money.openapi({
        description:
          "The GST the invoice line charged on the kg returned. Credited with the value; reversed as GST only when the note adjusts GST (its taxable_amount is not null)",
      }),
    }),
  ),
}).openapi("ReturnCreditNote");

const route = createRoute({
  method: "post",
  path: "/admin/api/sales/{id}/returns",
  tags: ["Back office"],
  summary: "Take goods back: a credit note at the invoice's rates and tax, and the kg back into their lots",
  description: `${SALE_SELECTION_DESCRIPTION} Each line names a lot of the invoice and the kg returned: at most what the line sold less earlier returns (409 \`conflict\`, naming what can still be returned). Valued at the line's rate, with the line's GST as on the invoice (CGST + SGST or IGST); the note credits the lines' amount, but none of its taxable_amount, cgst_amount, sgst_amount and igst_amount ever exceeds what the invoice has left of it after its earlier credit notes: a column the lines carry more of than is left is credited what is left, and the excess goes to the columns with room, taxable value first, then CGST and SGST in equal halves (an odd paisa to CGST) or IGST. The items still show the lines' own figures. Dated after ${GST_CORRECTION_LIMIT_DESCRIPTION}, or recorded after it whatever its date (the IST day of its \`created_at\`: a note is declared in a GST return no earlier than it is recorded), the return adjusts no GST (CGST s.34(2)): the kg still come back and the note credits the same amount, but its taxable_amount, cgst_amount, sgst_amount and igst_amount are null. The credit note settles like any credit note and may complete the invoice (invoice.paid); what it credits beyond the invoice's outstanding (goods returned after payment) goes to the customer's account like an advance, shown in the answer's \`amount_on_account\` and the customer's \`on_account\`, and the customer's later invoices consume it. Only a dispatched sale takes returns (before dispatch it is cancelled instead); otherwise 409 \`conflict\`. Its credit note takes the next number of its date's financial year, and the year's credit notes run in date order: a return dated before the year's last credit note is 409 \`credit_note_before_last_note\` (same-day notes are fine). A return's credit note cannot be voided. Returns, credit notes and payments of the invoice sent at once are checked again in the return's own transaction: a return left without the kg or the credit it needs is refused as if sent after the others, and changes nothing; when other writes keep changing the invoice while a return is recorded, it is tried 3 times and then refused with 409 \`conflict_retry\` (nothing changed; send it again, with a new Idempotency-Key if you used one).`,
  middleware: [requireAdmin, readBody({ maxBytes: 16_384 }), idempotentForActor] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    params: SaleIdParam,
    body: { required: true, content: { "application/json": { schema: ReturnSaleSchema } } },
  },
  responses: {
    201: { description: "Returned", content: { "application/json": { schema: z.object({ data: ReturnCreditNoteSchema }) } } },
    ...errorResponses(
      ...ADMIN_WRITE_ERRORS,
      ...BODY_ERRORS,
      ...IDEMPOTENCY_ERRORS,
      "not_found",
      "conflict",
      "credit_exceeds_invoice",
      "credit_note_before_last_note",
      "conflict_retry",
    ),
  },
});

export function registerReturnSale(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const saleId = c.req.valid("param").id;
    const body = c.req.valid("json");
    const orgId = await resolveSaleOrg(c, c.env.DB, saleId);
    const now = Date.now();
    const outcome = await returnSale(
      idempotentWrites(c, c.env.DB),
      orgId,
      saleId,
      { items: body.items.map((i) => ({ lotId: i.lot_id, grams: i.kg })), reason: body.reason, issuedOn: entryDate("date", body.date, now) },
      now,
    );
    if (outcome.kind !== "recorded") throw returnRefusal(saleId, outcome);
    const { value, eventIds } = outcome;
    await dispatchEvents(c.env, eventIds);
    const items = value.items.map((i) => ({
      lot_id: i.lotId,
      kg: formatGrams(i.grams),
      amount: formatPaise(i.amountPaise),
      gst_amount: formatPaise(i.gstPaise),
    }));
    return c.json({ data: { ...creditNoteView(value), items } }, 201);
  });
}
