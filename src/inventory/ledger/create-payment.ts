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
import { createPayment } from "./receipt-queries";
import { ledgerRefusal } from "./ledger-refusals";
import { entryDate } from "../http/entry-date";
import { errorResponses } from "../http/schemas";
import { CreatePaymentSchema, PaymentSchema, paymentView } from "./schemas";
import { OrgIdParam } from "../http/wire-formats";
import { dispatchEvents } from "../webhooks/service";
import { BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../http/errors";

const route = createRoute({
  method: "post",
  path: "/admin/api/orgs/{id}/payments",
  tags: ["Back office"],
  summary: "Record money received from a customer; emits invoice.paid when a sale's invoice is paid in full",
  description: `${ORG_SELECTION_DESCRIPTION} With \`sale_id\`, the sale must be the customer's and not cancelled, and the amount at most its outstanding (total less payments, credit notes and money on account applied to it): more is 409 \`over_application\` with the outstanding in the message, checked again in the payment's own transaction so that payments sent at once never exceed it; a payment without \`sale_id\` stays on the customer's account. When payments plus credit notes against the sale first reach its total, the sale gets \`paid_at\` and invoice.paid is emitted (once per sale). Cash of 200000.00 or more from one customer in one IST day, or for one invoice (paid against it, counting the cash on account it consumed, which an invoice takes only up to 199999.99), is 409 \`cash_receipt_limit\` (Income-tax Act s.269ST). The date (IST) may not be in the future, nor, with \`sale_id\`, before the sale's date (400): money received before the invoice is an advance, recorded without \`sale_id\`. The amount is at most 140000000000.00. When other payments, credit notes or voids keep changing the invoice between the checks and this write, it is tried 3 times and then refused with 409 \`conflict_retry\`: nothing was recorded, so send it again (with a new Idempotency-Key if you used one, as the refusal is kept for the old key).`,
  middleware: [requireAdmin, readBody({ maxBytes: 16_384 }), idempotentForActor] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    params: OrgIdParam,
    body: { required: true, content: { "application/json": { schema: CreatePaymentSchema } } },
  },
  responses: {
    201: { description: "Recorded", content: { "application/json": { schema: z.object({ data: PaymentSchema }) } } },
    ...errorResponses(
      ...ADMIN_WRITE_ERRORS,
      ...ORG_SELECTION_ERRORS,
      ...BODY_ERRORS,
      ...IDEMPOTENCY_ERRORS,
      "conflict",
      "over_application",
      "cash_receipt_limit",
      "conflict_retry",
    ),
  },
});

export function registerCreatePayment(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), c.req.valid("param").id);
    const now = Date.now();
    const outcome = await createPayment(
      idempotentWrites(c, c.env.DB),
      org.id,
      {
        customerId: body.customer_id,
        saleId: body.sale_id ?? null,
        amountPaise: body.amount,
        method: body.method,
        reference: body.reference,
        paidOn: entryDate("date", body.date, now),
      },
      now,
    );
    if (outcome.kind !== "recorded") throw ledgerRefusal(outcome);
    const { value, eventIds } = outcome;
    await dispatchEvents(c.env, eventIds);
    return c.json({ data: paymentView(value) }, 201);
  });
}
