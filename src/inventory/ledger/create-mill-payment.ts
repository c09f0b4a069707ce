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
import { createMillPayment } from "./mill-queries";
import { ledgerRefusal } from "./ledger-refusals";
import { entryDate } from "../http/entry-date";
import { errorResponses } from "../http/schemas";
import { CreateMillPaymentSchema, MillPaymentSchema, millPaymentView } from "./schemas";
import { OrgIdParam } from "../http/wire-formats";
import { BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../http/errors";

const route = createRoute({
  method: "post",
  path: "/admin/api/orgs/{id}/mill-payments",
  tags: ["Back office"],
  summary: "Record a payment to a mill (reference = UTR, UPI reference or cheque number)",
  description: `${ORG_SELECTION_DESCRIPTION} With \`mill_invoice_id\`, the invoice must be this mill's (400) and not voided (409 \`conflict\`).`,
  middleware: [requireAdmin, readBody({ maxBytes: 16_384 }), idempotentForActor] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    params: OrgIdParam,
    body: { required: true, content: { "application/json": { schema: CreateMillPaymentSchema } } },
  },
  responses: {
    201: { description: "Recorded", content: { "application/json": { schema: z.object({ data: MillPaymentSchema }) } } },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...ORG_SELECTION_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, "conflict"),
  },
});

export function registerCreateMillPayment(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), c.req.valid("param").id);
    const now = Date.now();
    const outcome = await createMillPayment(
      idempotentWrites(c, c.env.DB),
      org.id,
      {
        supplierName: body.supplier_name,
        millInvoiceId: body.mill_invoice_id ?? null,
        paidOn: entryDate("date", body.date, now),
        amountPaise: body.amount,
        reference: body.reference,
        method: body.method,
      },
      now,
    );
    if (outcome.kind !== "recorded") throw ledgerRefusal(outcome);
    const { value } = outcome;
    return c.json({ data: millPaymentView(value) }, 201);
  });
}
