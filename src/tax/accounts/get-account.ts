import { createRoute, z } from "@hono/zod-openapi";
import {
  ACCOUNT_SELECTION_DESCRIPTION,
  AccountEmailField,
  requireAdmin,
  resolveAccount,
  ADMIN_READ_ERRORS,
  ACCOUNT_SELECTION_ERRORS,
} from "./operator-auth";
import { errorResponses, type TaxApp } from "../hono";
import { taxDb } from "../db/client";
import { AccountDetailSchema } from "./schemas";
import { accountDetail } from "./service";

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
    ...errorResponses(...ADMIN_READ_ERRORS, ...ACCOUNT_SELECTION_ERRORS),
  },
});

export function registerGetAccount(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const account = await resolveAccount(c.var.actor, taxDb(c.env.DB), c.req.valid("query").accountEmail);
    return c.json({ data: accountDetail(account, Date.now()) }, 200);
  });
}
