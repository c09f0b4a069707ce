import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { readBody } from "../../platform/http/body";
import { IdempotencyKeyHeaders, idempotentWrites } from "../../platform/http/idempotency";
import {
  ADMIN_WRITE_ERRORS,
  idempotentForActor,
  ORG_SELECTION_ERRORS,
  requireAdmin,
  resolveOrg,
  ORG_SELECTION_DESCRIPTION,
} from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { createSale } from "./queries";
import { createSaleRefusal } from "./sale-refusals";
import { isAheadOfNow, istDateOf, istDayStartUtcMs } from "../domain/ist";
import { BODY_ERRORS, IDEMPOTENCY_ERRORS, inventoryError } from "../http/errors";
import { entryDate } from "../http/entry-date";
import { errorResponses } from "../http/schemas";
import { CreateSaleSchema, SaleSchema, saleView } from "./schemas";
import { OrgIdParam } from "../http/wire-formats";
import { dispatchEvents } from "../webhooks/service";

const route = createRoute({
  method: "post",
  path: "/admin/api/orgs/{id}/sales",
  tags: ["Back office"],
  summary: "Book a sale and take its kg from the lots; emits sale.created (and stock.low on a crossing)",
  description: `${ORG_SELECTION_DESCRIPTION} All lots are updated in one D1 transaction with conditional updates: when any lot lacks the kg (also because a concurrent sale took it), the answer is 409 \`insufficient_stock\` and nothing changed. The invoice number is the next of the financial year, and the year's invoices run in date order: a sale dated before the year's last invoice is 409 \`sale_before_last_invoice\`. The sale date (IST) may not be in the future, before 1 July 2017, or before the receipt of any of its lots (400). Each line is taxed at the GST rate in force on the sale date for its HSN (man-made-fibre yarn was 12 % until 21 September 2025 and 5 % from 22 September 2025; cotton yarn 5 %). Each line takes at most 100000.000 kg at a rate_per_kg above 0 and up to 10000.00: yarn given away free is no sale (400, and no invoice number is taken). stock.low is emitted when the SKU's kg across all godowns falls under its threshold with this sale.`,
  middleware: [requireAdmin, readBody({ maxBytes: 65_536 }), idempotentForActor] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    params: OrgIdParam,
    body: { required: true, content: { "application/json": { schema: CreateSaleSchema } } },
  },
  responses: {
    201: { description: "Booked", content: { "application/json": { schema: z.object({ data: SaleSchema }) } } },
    ...errorResponses(
      ...ADMIN_WRITE_ERRORS,
      ...ORG_SELECTION_ERRORS,
      ...BODY_ERRORS,
      ...IDEMPOTENCY_ERRORS,
      "insufficient_stock",
      "sale_before_last_invoice",
      "invoice_sequence_exhausted",
      "seller_gstin_missing",
    ),
  },
});

/** Resolves the sale's instant and IST date; both optional, and consistent when both are sent. */
function whenSold(body: z.infer<typeof CreateSaleSchema>, now: number): { saleDate: string; soldAt: number } {
  const today = istDateOf(now);
  if (body.sold_at !== undefined) {
    const soldAt = Date.parse(body.sold_at);
    if (isAheadOfNow(soldAt, now)) throw inventoryError("bad_request", "sold_at: must not be in the future");
    const saleDate = istDateOf(soldAt);
    if (body.sale_date !== undefined && body.sale_date !== saleDate) {
      throw inventoryError("bad_request", `sale_date: sold_at falls on ${saleDate} in IST`);
    }
    return { saleDate: entryDate("sold_at", saleDate, now), soldAt };
  }
  const saleDate = entryDate("sale_date", body.sale_date, now);
  return { saleDate, soldAt: saleDate === today ? now : istDayStartUtcMs(saleDate) };
}

export function registerCreateSale(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), c.req.valid("param").id);
    const now = Date.now();
    const { saleDate, soldAt } = whenSold(body, now);
    const outcome = await createSale(
      idempotentWrites(c, c.env.DB),
      org.id,
      {
        customerId: body.customer_id,
        saleDate,
        soldAt,
        items: body.items.map((i) => ({ lotId: i.lot_id, grams: i.kg, ratePaisePerKg: i.rate_per_kg })),
      },
      now,
    );
    if (outcome.kind !== "created") throw createSaleRefusal(outcome);
    const { value, eventIds } = outcome;
    await dispatchEvents(c.env, eventIds);
    return c.json({ data: saleView(value) }, 201);
  });
}
