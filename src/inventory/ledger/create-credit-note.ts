import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { readBody } from "../../platform/http/body";
import { IdempotencyKeyHeaders, idempotentWrites } from "../../platform/http/idempotency";
import {
  idempotentForActor,
  requireAdmin,
  resolveOrg,
  ORG_SELECTION_DESCRIPTION,
  ADMIN_WRITE_ERRORS,
  ORG_SELECTION_ERRORS,
} from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { GST_CORRECTION_LIMIT_DESCRIPTION } from "../annual-returns/schemas";
import { createCreditNote } from "./receipt-queries";
import { ledgerRefusal } from "./ledger-refusals";
import { entryDate } from "../http/entry-date";
import { errorResponses } from "../http/schemas";
import { CreateCreditNoteSchema, CreditNoteSchema, creditNoteView } from "./schemas";
import { OrgIdParam } from "../http/wire-formats";
import { dispatchEvents } from "../webhooks/service";
import { BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../http/errors";

const route = createRoute({
  method: "post",
  path: "/admin/api/orgs/{id}/credit-notes",
  tags: ["Back office"],
  summary: "Issue a credit note to a customer (CGST s.34); settles like a payment and emits invoice.paid when it completes the invoice",
  description: `${ORG_SELECTION_DESCRIPTION} With \`sale_id\`, the sale must be the customer's and not cancelled; credit notes against it, sales returns included, total at most its amount (409 \`credit_exceeds_invoice\`, what can still be credited in the message). The note settles what the sale still owes, and what it credits beyond that (a sale already paid, in part or in full) goes to the customer's account, as a sales return's does: shown in the answer's \`amount_on_account\` and the customer's \`on_account\`, and consumed by the invoices booked after it. When payments plus credit notes first reach the sale's total, the sale gets \`paid_at\` and invoice.paid is emitted (once per sale). The date (IST) may not be in the future, nor, with \`sale_id\`, before the invoice's date (400). The number is the next of the note's financial year, and the year's credit notes (sales returns included) run in date order: a note dated before the year's last credit note is 409 \`credit_note_before_last_note\` (same-day notes are fine). With \`sale_id\`, the note carries taxable value and CGST/SGST/IGST in the proportions the invoice has left to credit; dated after ${GST_CORRECTION_LIMIT_DESCRIPTION}, or recorded after it whatever its date (the IST day of its \`created_at\`: a note is declared in a GST return no earlier than it is recorded), it adjusts no GST (CGST s.34(2)): those four figures are null, and it still settles the invoice by its amount. Notes recorded before the annual return's date was recorded keep their split. When other payments, credit notes or voids keep changing the invoice between the checks and this write, it is tried 3 times and then refused with 409 \`conflict_retry\`: nothing was recorded, so send it again (with a new Idempotency-Key if you used one, as the refusal is kept for the old key).`,
  middleware: [requireAdmin, readBody({ maxBytes: 16_384 }), idempotentForActor] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    params: OrgIdParam,
    body: { required: true, content: { "application/json": { schema: CreateCreditNoteSchema } } },
  },
  responses: {
    201: { description: "Issued", content: { "application/json": { schema: z.object({ data: CreditNoteSchema }) } } },
    ...errorResponses(
      ...ADMIN_WRITE_ERRORS,
      ...ORG_SELECTION_ERRORS,
      ...BODY_ERRORS,
      ...IDEMPOTENCY_ERRORS,
      "conflict",
      "credit_exceeds_invoice",
      "credit_note_before_last_note",
      "conflict_retry",
    ),
  },
});

export function registerCreateCreditNote(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), c.req.valid("param").id);
    const now = Date.now();
    const outcome = await createCreditNote(
      idempotentWrites(c, c.env.DB),
      org.id,
      {
        customerId: body.customer_id,
        saleId: body.sale_id ?? null,
        amountPaise: body.amount,
        reason: body.reason,
        issuedOn: entryDate("date", body.date, now),
      },
      now,
    );
    if (outcome.kind !== "recorded") throw ledgerRefusal(outcome);
    const { value, eventIds } = outcome;
    await dispatchEvents(c.env, eventIds);
    return c.json({ data: creditNoteView(value) }, 201);
  });
}
