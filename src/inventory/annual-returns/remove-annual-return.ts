import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import {
  actorName,
  OPERATOR_ONLY_DESCRIPTION,
  requireAdmin,
  requireOperator,
  resolveOrg,
  ADMIN_WRITE_ERRORS,
  ORG_SELECTION_ERRORS,
} from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { inventoryError, BODY_ERRORS } from "../http/errors";
import { errorResponses } from "../http/schemas";
import { removeAnnualReturn } from "./queries";
import { AnnualReturnParams, AnnualReturnSchema, annualReturnView } from "./schemas";
import { noBody } from "../../platform/http/body";

const route = createRoute({
  method: "delete",
  path: "/admin/api/orgs/{id}/annual-returns/{financialYear}",
  tags: ["Back office"],
  summary: "Remove the day recorded for a financial year's annual GST return, when it was recorded wrong (operator only)",
  description: `${OPERATOR_ONLY_DESCRIPTION} A recorded filing day is never changed by PUT; when the organisation recorded a wrong day for \`financialYear\` (check it against the return's acknowledgement), the operator removes it and the organisation then records the right day with PUT. Until it does, credit notes and sales returns against that year's invoices keep to 30 November after the year (CGST s.34(2)). Nothing already booked is rewritten: notes recorded while the wrong day stood keep the split they got (void and issue again the credit notes the right day treats differently). 200 with the record removed, which the audit log keeps as \`annual_return.removed\` with the year and the day removed. A year with no day recorded, or an unknown organisation, is 404 \`not_found\`; \`financialYear\` malformed (two consecutive years, "2024-25") or before 2017-18 is 400 \`bad_request\` naming it. Takes no Idempotency-Key: sent again, it is a 404 and changes nothing.`,
  middleware: [requireAdmin, requireOperator, noBody] as const,
  request: { query: NoQueryParameters, params: AnnualReturnParams },
  responses: {
    200: { description: "Removed", content: { "application/json": { schema: z.object({ data: AnnualReturnSchema }) } } },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...ORG_SELECTION_ERRORS, "bad_request", ...BODY_ERRORS),
  },
});

export function registerRemoveAnnualReturn(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const { id, financialYear } = c.req.valid("param");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), id);
    const removed = await removeAnnualReturn(c.env.DB, org.id, financialYear.label, actorName(c), Date.now());
    if (!removed) throw inventoryError("not_found", `No annual return is recorded for ${financialYear.label}`);
    return c.json({ data: annualReturnView(removed) }, 200);
  });
}
