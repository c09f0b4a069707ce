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
import { createMillInvoice } from "./mill-queries";
import { ledgerRefusal } from "./ledger-refusals";
import { entryDate } from "../http/entry-date";
import { errorResponses } from "../http/schemas";
import { CreateMillInvoiceSchema, MillInvoiceSchema, millInvoiceView } from "./schemas";
import { OrgIdParam } from "../http/wire-formats";
import { BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../http/errors";

const route = createRoute({
  method: "post",
  path: "/admin/api/orgs/{id}/mill-invoices",
  tags: ["Back office"],
  summary: "Record a mill's invoice for yarn bought; the mill is created on first use",
  description: `${ORG_SELECTION_DESCRIPTION} 409 \`conflict\` when the mill already has an invoice with this number that is not voided. A voided invoice gives up its number, so the corrected one is entered under it.`,
  middleware: [requireAdmin, readBody({ maxBytes: 16_384 }), idempotentForActor] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    params: OrgIdParam,
    body: { required: true, content: { "application/json": { schema: CreateMillInvoiceSchema } } },
  },
  responses: {
    201: { description: "Recorded", content: { "application/json": { schema: z.object({ data: MillInvoiceSchema }) } } },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...ORG_SELECTION_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, "conflict"),
  },
});

export function registerCreateMillInvoice(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), c.req.valid("param").id);
    const now = Date.now();
    const outcome = await createMillInvoice(
      idempotentWrites(c, c.env.DB),
      org.id,
      {
        supplierName: body.supplier_name,
        invoiceNumber: body.invoice_number,
        invoicedOn: entryDate("date", body.date, now),
        amountPaise: body.amount,
        notes: body.notes,
      },
      now,
    );
    if (outcome.kind !== "recorded") throw ledgerRefusal(outcome);
    const { value } = outcome;
    return c.json({ data: millInvoiceView(value) }, 201);
  });
}
