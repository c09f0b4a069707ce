import { createRoute } from "@hono/zod-openapi";
import type { InventoryApp } from "../hono";
import { scopedKey, KEY_ERRORS } from "../keys/api-key-auth";
import { STATEMENT_ENTRY_CAP, STATEMENT_MAX_DAYS } from "../domain/statement";
import { bookmarkHeader, openReadSession } from "../http/read-session";
import { errorResponses } from "../http/schemas";
import { BookmarkHeader, readHeaders } from "../http/wire-formats";
import { millStatement } from "./service";
import { accountView, MillStatementResponseSchema, StatementQuery, statementFigures, SupplierIdParam } from "./schemas";

const route = createRoute({
  method: "get",
  path: "/api/v1/suppliers/{id}/statement",
  tags: ["Suppliers"],
  summary:
    "A mill's statement of account for a period: opening balance, every mill invoice and payment with the running balance of what is owed to the mill, closing balance",
  description:
    "The mill's account in the trader's books, to check against the ledger the mill sends. `id` is a mill's `id` from GET /api/v1/suppliers. " +
    "`from` and `to` are calendar days in India (IST), both inclusive, as for a customer's statement; by default the current month to today, and `to` alone gives the statement of `to`'s month up to that day. " +
    "Entries: the mill's invoices (credits: the trader owes more) and the payments to it (debits) on their own dates; a void on the IST day it was made, reversing the entry it names, so a statement once checked stays true when an entry in it is later voided (the void is in the later period). " +
    "A balance is what the trader owes the mill, negative when the mill holds an advance: `opening_balance` sums every entry before `from`, and `closing_balance` = `opening_balance` + `total_credits` − `total_debits`; so consecutive statements chain, and the closing balance of a statement to today is the mill's `payable` in GET /api/v1/suppliers, to the paisa. " +
    `A malformed date, \`to\` after today, \`from\` after \`to\`, a period longer than ${STATEMENT_MAX_DAYS} days (a whole financial year), a period with more than ${STATEMENT_ENTRY_CAP} entries (ask for shorter periods) or an unknown query parameter: 400 \`bad_request\` naming the field. ` +
    "A mill of another organisation is 404 `not_found`, as is one that does not exist.",
  ...scopedKey("suppliers:read"),
  request: { params: SupplierIdParam, query: StatementQuery, headers: BookmarkHeader },
  responses: {
    200: { description: "The statement", headers: readHeaders, content: { "application/json": { schema: MillStatementResponseSchema } } },
    ...errorResponses(...KEY_ERRORS, "bad_request", "not_found"),
  },
});

export function registerGetMillStatement(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const session = openReadSession(c.env.DB, c.req.valid("header")["x-d1-bookmark"]);
    const { account, period, statement } = await millStatement(
      session,
      c.var.apiKey.state.ownerId,
      c.req.valid("param").id,
      c.req.valid("query"),
      Date.now(),
    );
    return c.json({ data: { supplier: accountView(account), ...statementFigures(period, statement) } }, 200, bookmarkHeader(session));
  });
}
