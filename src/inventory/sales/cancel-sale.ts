import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { noBody } from "../../platform/http/body";
import { IdempotencyKeyHeaders, idempotentWrites } from "../../platform/http/idempotency";
import { actorName, idempotentForActor, requireAdmin, ADMIN_WRITE_ERRORS } from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { cancelSale } from "./queries";
import { saleStatusRefusal } from "./sale-refusals";
import { errorResponses } from "../http/schemas";
import { GST_CORRECTION_LIMIT_DESCRIPTION } from "../annual-returns/schemas";
import { SaleIdParam, SaleSchema, saleView } from "./schemas";
import { resolveSaleOrg, SALE_SELECTION_DESCRIPTION } from "./resolve-sale-org";
import { dispatchEvents } from "../webhooks/service";
import { BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../http/errors";

const route = createRoute({
  method: "post",
  path: "/admin/api/sales/{id}/cancel",
  tags: ["Back office"],
  summary: "Cancel a confirmed sale; its kg return to the lots and its credit notes are voided; emits sale.cancelled",
  description: `${SALE_SELECTION_DESCRIPTION} Stock returns in the same transaction. The credit notes against the sale are voided in it too (reason \`invoice <number> cancelled\`, by whoever cancelled), each with its \`credit_note.voided\` audit entry and an entry.voided event; money paid against the sale stays paid and goes to the customer's account. Cancelled (the IST day of the request) after ${GST_CORRECTION_LIMIT_DESCRIPTION}, the sale is cancelled in the books only: no GST return can correct the invoice any more (CGST s.37(3)), so its tax stands as issued and the GST summary counts it under \`reversals.invoices_past_time_limit\`, not as a reversal of its tax. 409 \`conflict\` when the sale is already cancelled or has been dispatched (issue a credit note for returned goods), or when a lot of it was counted up since and already holds all it received (correct the count first); nothing changes then.`,
  middleware: [requireAdmin, noBody, idempotentForActor] as const,
  request: { query: NoQueryParameters, headers: IdempotencyKeyHeaders, params: SaleIdParam },
  responses: {
    200: { description: "Done", content: { "application/json": { schema: z.object({ data: SaleSchema }) } } },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, "not_found", "conflict"),
  },
});

export function registerCancelSale(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const saleId = c.req.valid("param").id;
    const orgId = await resolveSaleOrg(c, c.env.DB, saleId);
    const outcome = await cancelSale(idempotentWrites(c, c.env.DB), orgId, saleId, actorName(c), Date.now());
    if (outcome.kind !== "changed") throw saleStatusRefusal(outcome);
    const { value, eventIds } = outcome;
    await dispatchEvents(c.env, eventIds);
    return c.json({ data: saleView(value) }, 200);
  });
}
