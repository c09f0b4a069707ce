import { createRoute, z } from "@hono/zod-openapi";
import { IdempotencyKeyHeaders } from "../../platform/http/idempotency";
import { readBody } from "../../platform/http/body";
import { errorResponses, type TaxApp, BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../hono";
import { keySecurity, requireKey, idempotentForAccount, KEY_ERRORS } from "../keys/api-key-auth";
import { computeTax, type ComputeResult, type RegimeResult } from "../domain/engine";
import { currentYearOrFail } from "./current-year";
import { ComputeAnswerSchema, ComputeQuerySchema, type ComputeAnswer } from "./schemas";
import { ComputeRequestSchema, toTaxInput } from "./request-schema";

export const COMPUTE_BODY_LIMIT_BYTES = 65_536;

const route = createRoute({
  method: "post",
  path: "/api/v1/compute",
  tags: ["Compute"],
  summary: "Income tax under both regimes, the recommended regime, the ITR form and ranked saving moves",
  description: `Needs a valid key and no scope. Body limit ${COMPUTE_BODY_LIMIT_BYTES} bytes. Each regime comes with its head-wise totals, tax, surcharge, cess and refund; its deduction-by-deduction and slab-by-slab working (\`deductions\`, \`slabs\`) only with \`?detail=full\`. With \`profile.taxPayments\` (TDS/TCS, dated advance and self-assessment tax) and \`financialYear\`, each regime also carries \`interest\`: interest under ss.234A, 234B and 234C (tax year 2026-27: ss.423-425), with \`profile.returnFiledOn\` the fee for a late return under s.234F (s.428), and the amount payable with them; the recommendation then compares tax plus interest and fee. When the return can no longer opt out of the new regime (late, or updated after a return in it), the new regime is recommended and \`regimes.old.notAvailable\` says why. The result is informational and not tax advice.`,
  security: keySecurity(),
  middleware: [requireKey(), readBody({ maxBytes: COMPUTE_BODY_LIMIT_BYTES }), idempotentForAccount] as const,
  request: {
    headers: IdempotencyKeyHeaders,
    query: ComputeQuerySchema,
    body: { required: true, content: { "application/json": { schema: ComputeRequestSchema } } },
  },
  responses: {
    200: { description: "Both regimes computed", content: { "application/json": { schema: z.object({ data: ComputeAnswerSchema }) } } },
    ...errorResponses(...KEY_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS),
  },
});

export function registerCompute(app: TaxApp): void {
  app.openapi(route, (c) => {
    const { profile, financialYear, chosenRegime } = c.req.valid("json");
    const input = chosenRegime === undefined ? toTaxInput(profile) : { ...toTaxInput(profile), chosenRegime };
    const result = computeTax(input, financialYear ?? currentYearOrFail(Date.now()));
    return c.json({ data: c.req.valid("query").detail === "full" ? result : withoutDetail(result) }, 200);
  });
}

/** The answer most callers read: totals without the line detail, which is most of the bytes to serialise. */
function withoutDetail(result: ComputeResult): ComputeAnswer {
  return { ...result, regimes: { old: totalsOf(result.regimes.old), new: totalsOf(result.regimes.new) } };
}

function totalsOf(regime: RegimeResult): Omit<RegimeResult, "deductions" | "slabs"> {
  const { deductions: _deductions, slabs: _slabs, ...totals } = regime;
  return totals;
}
