// GET /admin/api/accounts: the operator finds who signed up and who is on the paid plan; a signed-in user's session
// lists its own account only, as every other management route keeps a session to its own account.
import { createRoute } from "@hono/zod-openapi";
import { ownerFilter, requireAdmin, ADMIN_READ_ERRORS } from "./operator-auth";
import { errorResponses, type TaxApp } from "../hono";
import { taxDb } from "../db/client";
import { issueListCursor, openListCursor } from "../http/list-cursor";
import { listAccountsPage } from "./queries";
import { AccountListQuery, AccountListSchema } from "./schemas";
import { accountDetail } from "./service";

/** What the operator's cursors are bound to; a session's are bound to its account id, which never reads so. */
const OPERATOR_LIST = "operator";

const route = createRoute({
  method: "get",
  path: "/admin/api/accounts",
  tags: ["Management"],
  summary: "Accounts, newest first, found by email or plan (a signed-in user: their own)",
  description:
    "The operator's token lists every account; a signed-in user's session its own only (a list of one, or none when the filters leave it out). Newest first, each item as `GET /admin/api/account` answers it. `email` keeps the accounts whose email begins with the text (any case; send `+` as `%2B`), `plan` those on that plan now; together, both apply. Pages of up to 100: follow `nextCursor` with the same filters until it is null. A tampered cursor, another caller's, or one sent with other filters is a 400.",
  middleware: [requireAdmin] as const,
  request: { query: AccountListQuery },
  responses: {
    200: { description: "One page of accounts, newest first", content: { "application/json": { schema: AccountListSchema } } },
    ...errorResponses(...ADMIN_READ_ERRORS, "validation_error"),
  },
});

export function registerListAccounts(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const { email, plan, limit, cursor } = c.req.valid("query");
    const only = ownerFilter(c.var.actor);
    const listedFor = only ?? OPERATOR_LIST;
    const filters = { email: email ?? null, plan: plan ?? null };
    const after = cursor === undefined ? null : await openListCursor(c.env, listedFor, filters, cursor);
    // One clock for the filter and the items, so each item's plan is the plan it was kept for.
    const now = Date.now();
    const rows = await listAccountsPage(taxDb(c.env.DB), { only, emailPrefix: filters.email, plan: filters.plan }, now, limit + 1, after);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const nextCursor = rows.length > limit && last ? await issueListCursor(c.env, listedFor, filters, last) : null;
    return c.json({ data: page.map((account) => accountDetail(account, now)), nextCursor }, 200);
  });
}
