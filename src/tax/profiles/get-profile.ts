import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { errorResponses, taxError, type TaxApp } from "../hono";
import { keySecurity, requireKey, SCOPED_KEY_ERRORS } from "../keys/api-key-auth";
import { taxDb } from "../db/client";
import { findProfile } from "./queries";
import { savedProfile } from "./service";
import { ProfileIdParamSchema, SavedProfileSchema } from "./schemas";

const route = createRoute({
  method: "get",
  path: "/api/v1/profiles/{id}",
  tags: ["Profiles"],
  summary: "One profile with its full inputs and its summary by the current tax rules",
  description:
    "The summary is worked out again from the stored inputs by this release's tax rules, for the summary's financialYear, so it follows any correction to the rules without a new save. Inputs that the current validation of a profile refuses keep the summary of their last save, with summary.computedWithCurrentRules false. Another owner's id is a 404, never a 403.",
  security: keySecurity("profiles:read"),
  middleware: [requireKey("profiles:read")] as const,
  request: { params: ProfileIdParamSchema, query: NoQueryParameters },
  responses: {
    200: { description: "The profile", content: { "application/json": { schema: z.object({ data: SavedProfileSchema }) } } },
    ...errorResponses(...SCOPED_KEY_ERRORS, "validation_error", "not_found"),
  },
});

export function registerGetProfile(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const row = await findProfile(taxDb(c.env.DB), c.var.apiKey.state.ownerId, c.req.valid("param").id);
    if (!row) throw taxError("not_found", "No such profile");
    return c.json({ data: savedProfile(row) }, 200);
  });
}
