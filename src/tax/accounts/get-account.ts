import { createRoute, z } from "@hono/zod-openapi";
import { requireAdmin, resolveAccount } from "./operator-auth";
import { errorResponses, iso, type TaxApp } from "../hono";
import { PLAN_LIMITS } from "../keys/api-key-auth";
import { taxDb } from "../db/client";
import { AccountSchema } from "../keys/schemas";

export const AccountDetailSchema = AccountSchema.extend({
  createdAt: z.string(),
  limits: z.object({
    perMinute: z.number().int().openapi({ description: "Requests per minute, per key" }),
    perDay: z.number().int().openapi({ description: "Requests per calendar day in India (IST), per key" }),
  }),
}).openapi("AccountDetail");

const route = createRoute({
  method: "get",
  path: "/admin/api/account",
  tags: ["Management"],
  summary: "An account with its plan and the plan's per-key limits (a signed-in user: their own)",
  middleware: [requireAdmin] as const,
  request: { query: z.object({ accountEmail: z.email().max(254).transform((e) => e.toLowerCase()).optional() }) },
  responses: {
    200: { description: "The account", content: { "application/json": { schema: z.object({ data: AccountDetailSchema }) } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerGetAccount(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const account = await resolveAccount(c.var.actor, taxDb(c.env.DB), c.req.valid("query").accountEmail);
    return c.json(
      { data: { id: account.id, email: account.email, plan: account.plan, createdAt: iso(account.createdAt), limits: { ...PLAN_LIMITS[account.plan] } } },
      200,
    );
  });
}
