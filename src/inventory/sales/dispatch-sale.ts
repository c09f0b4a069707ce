import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { noBody } from "../../platform/http/body";
import { IdempotencyKeyHeaders, idempotentWrites } from "../../platform/http/idempotency";
import { idempotentForActor, requireAdmin, ADMIN_WRITE_ERRORS } from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { dispatchSale } from "./queries";
import { saleStatusRefusal } from "./sale-refusals";
import { errorResponses } from "../http/schemas";
import { SaleIdParam, SaleSchema, saleView } from "./schemas";
import { resolveSaleOrg, SALE_SELECTION_DESCRIPTION } from "./resolve-sale-org";
import { dispatchEvents } from "../webhooks/service";
import { BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../http/errors";

const route = createRoute({
  method: "post",
  path: "/admin/api/sales/{id}/dispatch",
  tags: ["Back office"],
  summary: "Mark a confirmed sale as dispatched; emits sale.dispatched",
  description: `${SALE_SELECTION_DESCRIPTION} 409 \`conflict\` when the sale is cancelled or already dispatched.`,
  middleware: [requireAdmin, noBody, idempotentForActor] as const,
  request: { query: NoQueryParameters, headers: IdempotencyKeyHeaders, params: SaleIdParam },
  responses: {
    200: { description: "Done", content: { "application/json": { schema: z.object({ data: SaleSchema }) } } },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, "not_found", "conflict"),
  },
});

export function registerDispatchSale(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const saleId = c.req.valid("param").id;
    const orgId = await resolveSaleOrg(c, c.env.DB, saleId);
    const outcome = await dispatchSale(idempotentWrites(c, c.env.DB), orgId, saleId, Date.now());
    if (outcome.kind !== "changed") throw saleStatusRefusal(outcome);
    const { value, eventIds } = outcome;
    await dispatchEvents(c.env, eventIds);
    return c.json({ data: saleView(value) }, 200);
  });
}
