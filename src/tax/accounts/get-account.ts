import { createRoute, z } from "@hono/zod-openapi";
import { ACCOUNT_SELECTION_DESCRIPTION, AccountEmailField, requireAdmin, resolveAccount } from "./operator-auth";
import { errorResponses, iso, type TaxApp } from "../hono";
import { KEY_CAPS, PLAN_LIMITS } from "../keys/api-key-auth";
import { taxDb } from "../db/client";
import { AccountSchema } from "../keys/schemas";
import { paidPeriodEnd, planAt } from "./plan";

export const AccountDetailSchema = AccountSchema.extend({
  createdAt: z.string(),
  paidUntil: z.string().nullable().openapi({ description: "When the paid period ends (the account is free from then on); null on the free plan" }),
  keyCap: z.number().int().openapi({ description: "Active keys the plan allows (free 10, paid 100)" }),
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
  description: `${ACCOUNT_SELECTION_DESCRIPTION} \`plan\` is the plan in force now: \`paid\` inside a paid period, whose end is \`paidUntil\` (null on the free plan). \`keyCap\` is how many active keys the plan allows, and \`limits\` the requests each key may make per minute and per calendar day in India (IST).`,
  middleware: [requireAdmin] as const,
  request: {
    query: z
      .object({
        accountEmail: AccountEmailField,
      })
      .strict(),
  },
  responses: {
    200: { description: "The account", content: { "application/json": { schema: z.object({ data: AccountDetailSchema }) } } },
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

export function registerGetAccount(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const account = await resolveAccount(c.var.actor, taxDb(c.env.DB), c.req.valid("query").accountEmail);
    const now = Date.now();
    const plan = planAt(account, now);
    const paidUntil = paidPeriodEnd(account, now);
    return c.json(
      {
        data: {
          id: account.id,
          email: account.email,
          plan,
          createdAt: iso(account.createdAt),
          paidUntil: paidUntil === null ? null : iso(paidUntil),
          keyCap: KEY_CAPS[plan],
          limits: { ...PLAN_LIMITS[plan] },
        },
      },
      200,
    );
  });
}
