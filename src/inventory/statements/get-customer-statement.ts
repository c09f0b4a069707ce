import { createRoute } from "@hono/zod-openapi";
import type { InventoryApp } from "../hono";
import { scopedKey, KEY_ERRORS } from "../keys/api-key-auth";
import { STATEMENT_ENTRY_CAP, STATEMENT_MAX_DAYS } from "../domain/statement";
import { bookmarkHeader, openReadSession } from "../http/read-session";
import { errorResponses } from "../http/schemas";
import { BookmarkHeader, readHeaders } from "../http/wire-formats";
import { customerStatement } from "./service";
import { accountView, CustomerIdParam, StatementQuery, StatementResponseSchema, statementFigures } from "./schemas";

const route = createRoute({
  method: "get",
  path: "/api/v1/customers/{id}/statement",
  tags: ["Customers"],
  summary: "A customer's statement of account for a period: opening balance, every entry with the running balance, closing balance",
  description:
    "`from` and `to` are calendar days in India (IST), both inclusive, as in GET /api/v1/sales; by default the current month to today, and `to` alone gives the statement of `to`'s month up to that day. " +
    "Entries: invoices (cancelled ones too, on their date), payments, credit notes and sales returns on their own dates; a cancellation and a void on the IST day they were made, reversing the entry they name, so a statement once sent stays true when an entry in it is later voided (the void is in the later period). " +
    "`opening_balance` sums every entry before `from`, and `closing_balance` = `opening_balance` + `total_debits` − `total_credits`; so consecutive statements chain, and the closing balance of a statement to today is the customer's `outstanding` in GET /api/v1/customers and the customers export, to the paisa. " +
    `A malformed date, \`to\` after today, \`from\` after \`to\`, a period longer than ${STATEMENT_MAX_DAYS} days (a whole financial year), a period with more than ${STATEMENT_ENTRY_CAP} entries (ask for shorter periods) or an unknown query parameter: 400 \`bad_request\` naming the field. ` +
    "A customer of another organisation is 404 `not_found`, as is one that does not exist.",
  ...scopedKey("customers:read"),
  request: { params: CustomerIdParam, query: StatementQuery, headers: BookmarkHeader },
  responses: {
    200: { description: "The statement", headers: readHeaders, content: { "application/json": { schema: StatementResponseSchema } } },
    ...errorResponses(...KEY_ERRORS, "bad_request", "not_found"),
  },
});

export function registerGetCustomerStatement(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const session = openReadSession(c.env.DB, c.req.valid("header")["x-d1-bookmark"]);
    const { account, period, statement } = await customerStatement(
      session,
      c.var.apiKey.state.ownerId,
      c.req.valid("param").id,
      c.req.valid("query"),
      Date.now(),
    );
    return c.json({ data: { customer: accountView(account), ...statementFigures(period, statement) } }, 200, bookmarkHeader(session));
  });
}
