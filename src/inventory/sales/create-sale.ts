import { createRoute, z } from "@hono/zod-openapi";
import { readBody } from "../../platform/http/body";
import { requireAdmin, resolveOrg } from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { createSale } from "./queries";
import { createSaleRefusal } from "./sale-refusals";
import { istDateOf, istDayStartUtcMs } from "../domain/ist";
import { inventoryError } from "../http/errors";
import { errorResponses } from "../http/schemas";
import { CreateSaleSchema, SaleSchema, saleView } from "./schemas";
import { OrgIdParam } from "../http/wire-formats";
import { dispatchEvents } from "../webhooks/service";

const route = createRoute({
  method: "post",
  path: "/admin/api/orgs/{id}/sales",
  tags: ["Back office"],
  summary: "Book a sale and take its kg from the lots; emits sale.created (and stock.low on a crossing)",
  description:
    "All lots are updated in one D1 transaction with conditional updates: when any lot lacks the kg (also because a concurrent sale took it), the answer is 409 `insufficient_stock` and nothing changed. The invoice number is the next of the financial year. stock.low is emitted when the SKU's kg across all godowns falls under its threshold with this sale.",
  middleware: [requireAdmin, readBody({ maxBytes: 65_536 })] as const,
  request: { params: OrgIdParam, body: { required: true, content: { "application/json": { schema: CreateSaleSchema } } } },
  responses: {
    201: { description: "Booked", content: { "application/json": { schema: z.object({ data: SaleSchema }) } } },
    409: { description: "`insufficient_stock`: a lot lacks the kg; nothing was changed", content: errorResponses(409)[409]!.content },
    ...errorResponses(400, 401, 403, 404, 413, 415),
  },
});

/** Resolves the sale's instant and IST date; both optional, and consistent when both are sent. */
function whenSold(body: z.infer<typeof CreateSaleSchema>, now: number): { saleDate: string; soldAt: number } {
  const today = istDateOf(now);
  if (body.sold_at !== undefined) {
    const soldAt = Date.parse(body.sold_at);
    if (soldAt > now + 300_000) throw inventoryError("bad_request", "sold_at: must not be in the future");
    const saleDate = istDateOf(soldAt);
    if (body.sale_date !== undefined && body.sale_date !== saleDate) {
      throw inventoryError("bad_request", `sale_date: sold_at falls on ${saleDate} in IST`);
    }
    return { saleDate, soldAt };
  }
  const saleDate = body.sale_date ?? today;
  if (saleDate > today) throw inventoryError("bad_request", "sale_date: must not be after today (IST)");
  return { saleDate, soldAt: saleDate === today ? now : istDayStartUtcMs(saleDate) };
}

export function registerCreateSale(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), c.req.valid("param").id);
    const now = Date.now();
    const { saleDate, soldAt } = whenSold(body, now);
    const outcome = await createSale(
      c.env.DB,
      org.id,
      { customerId: body.customer_id, saleDate, soldAt, items: body.items.map((i) => ({ lotId: i.lot_id, grams: i.kg, ratePaisePerKg: i.rate_per_kg })) },
      now,
    );
    if (outcome.kind !== "created") throw createSaleRefusal(outcome);
    const { value, eventIds } = outcome;
    await dispatchEvents(c.env, eventIds);
    return c.json({ data: saleView(value) }, 201);
  });
}
