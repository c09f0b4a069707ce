import { createRoute, z } from "@hono/zod-openapi";
import { readBody } from "../../platform/http/body";
import { errorResponses, type TaxApp } from "../hono";
import { bearerSecurity, requireKey } from "../keys/api-key-auth";
import { computeTax } from "../domain/engine";
import { currentYearOrFail } from "./current-year";
import { ComputeResultSchema } from "./schemas";
import { ComputeRequestSchema, toTaxInput } from "../profiles/profile-schema";

export const COMPUTE_BODY_LIMIT_BYTES = 65_536;

const route = createRoute({
  method: "post",
  path: "/api/v1/compute",
  tags: ["Compute"],
  summary: "Income tax under both regimes, the recommended regime, the ITR form and ranked saving moves",
  description: `Needs a valid key and no scope. Body limit ${COMPUTE_BODY_LIMIT_BYTES} bytes. The result is informational and not tax advice.`,
  security: bearerSecurity,
  middleware: [requireKey(), readBody({ maxBytes: COMPUTE_BODY_LIMIT_BYTES })] as const,
  request: { body: { required: true, content: { "application/json": { schema: ComputeRequestSchema } } } },
  responses: {
    200: { description: "Both regimes computed", content: { "application/json": { schema: z.object({ data: ComputeResultSchema }) } } },
    ...errorResponses(400, 401, 413, 415, 429),
  },
});

export function registerCompute(app: TaxApp): void {
  app.openapi(route, (c) => {
    const { profile, financialYear, chosenRegime } = c.req.valid("json");
    const input = chosenRegime === undefined ? toTaxInput(profile) : { ...toTaxInput(profile), chosenRegime };
    return c.json({ data: computeTax(input, financialYear ?? currentYearOrFail(Date.now())) }, 200);
  });
}

