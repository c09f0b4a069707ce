import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { readBody } from "../../platform/http/body";
import { actorName, ORG_SELECTION_DESCRIPTION, requireAdmin, resolveOrg, ADMIN_WRITE_ERRORS, ORG_SELECTION_ERRORS } from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { checkAnnualReturnFiledOn } from "../domain/annual-return";
import { istDateOf } from "../domain/ist";
import { inventoryError, BODY_ERRORS } from "../http/errors";
import { errorResponses } from "../http/schemas";
import { recordAnnualReturn } from "./queries";
import { AnnualReturnParams, AnnualReturnSchema, annualReturnView, RecordAnnualReturnSchema } from "./schemas";

const route = createRoute({
  method: "put",
  path: "/admin/api/orgs/{id}/annual-returns/{financialYear}",
  tags: ["Back office"],
  summary: "Record the day the financial year's annual GST return was furnished",
  description: `${ORG_SELECTION_DESCRIPTION} The day the organisation furnished its annual return (GSTR-9) for \`financialYear\`. From then on a credit note or sales return against an invoice of that year adjusts GST only when dated and recorded on or before the earlier of that day and 30 November after the year (CGST s.34(2)); notes recorded before keep the split they got. 201 with the year recorded and audited (\`annual_return.recorded\`); the same date again is 200 and changes nothing; another date for a year already recorded is 409 \`annual_return_already_recorded\`, as a filing date is never changed: one recorded wrong is removed by the operator (DELETE) and then recorded again. \`financialYear\` malformed (two consecutive years, "2024-25") or before 2017-18, or \`filed_on\` malformed, on or before 31 March that ends the year, or after today in India (IST): 400 \`bad_request\` naming it.`,
  middleware: [requireAdmin, readBody({ maxBytes: 4_096 })] as const,
  request: {
    query: NoQueryParameters,
    params: AnnualReturnParams,
    body: { required: true, content: { "application/json": { schema: RecordAnnualReturnSchema } } },
  },
  responses: {
    200: {
      description: "Already recorded with this date; nothing changed",
      content: { "application/json": { schema: z.object({ data: AnnualReturnSchema }) } },
    },
    201: { description: "Recorded", content: { "application/json": { schema: z.object({ data: AnnualReturnSchema }) } } },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...ORG_SELECTION_ERRORS, ...BODY_ERRORS, "annual_return_already_recorded"),
  },
});

export function registerRecordAnnualReturn(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const { id, financialYear } = c.req.valid("param");
    const { filed_on: filedOn } = c.req.valid("json");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), id);
    const now = Date.now();
    const checked = checkAnnualReturnFiledOn({ startYear: financialYear.startYear, filedOn, today: istDateOf(now) });
    if (!checked.ok) throw inventoryError("bad_request", `filed_on: ${checked.error}`);
    const outcome = await recordAnnualReturn(c.env.DB, org.id, { financialYear: financialYear.label, filedOn }, actorName(c), now);
    if (outcome.kind === "other_date") {
      throw inventoryError(
        "annual_return_already_recorded",
        `The annual return for ${financialYear.label} is already recorded as furnished on ${outcome.value.filedOn}; a recorded filing date is never changed`,
      );
    }
    const data = annualReturnView(outcome.value);
    return outcome.kind === "recorded" ? c.json({ data }, 201) : c.json({ data }, 200);
  });
}
