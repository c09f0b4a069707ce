import { createRoute } from "@hono/zod-openapi";
import type { InventoryApp } from "../hono";
import { scopedKey } from "../keys/api-key-auth";
import { STATEMENT_ENTRY_CAP, STATEMENT_MAX_DAYS } from "../domain/statement";
import { bookmarkHeader, openReadSession } from "../http/read-session";
import { BookmarkHeader } from "../http/wire-formats";
import { StatementQuery, SupplierIdParam } from "../statements/schemas";
import { millStatement } from "../statements/service";
import { csvResponses, ExportQuery } from "./csv-response";
import { STATEMENT_COLUMNS, statementCsv } from "./statement-csv";

const route = createRoute({
  method: "get",
  path: "/api/v1/export/suppliers/{id}/statement",
  tags: ["Exports"],
  summary: "A mill's statement of account as CSV: opening balance row, one row per entry with the running balance, closing balance row",
  description:
    `Columns: ${STATEMENT_COLUMNS.join(", ")}, as in a customer's statement CSV. The statement of GET /api/v1/suppliers/{id}/statement, with the same \`from\` and \`to\` and the same rules, as a file: ` +
    "the first row is the opening balance (kind `opening_balance`, dated `from`, its `balance` the balance brought forward), then the entries in date order, and the last row is the closing balance (kind `closing_balance`, dated `to`, its `debit` and `credit` the period's totals). " +
    `Amounts are plain decimals in rupees; a balance is what the trader owes the mill, negative when the mill holds an advance. At most ${STATEMENT_ENTRY_CAP} entries and ${STATEMENT_MAX_DAYS} days: a longer or busier period is 400 \`bad_request\` in JSON (ask for shorter periods). ` +
    "A mill of another organisation is 404 `not_found`, as is one that does not exist.",
  ...scopedKey("exports:read"),
  request: { params: SupplierIdParam, query: StatementQuery.extend(ExportQuery.shape).strict(), headers: BookmarkHeader },
  responses: csvResponses("The mill's statement", "not_found"),
});

export function registerExportMillStatement(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const query = c.req.valid("query");
    const session = openReadSession(c.env.DB, c.req.valid("header")["x-d1-bookmark"]);
    const statement = await millStatement(session, c.var.apiKey.state.ownerId, c.req.valid("param").id, query, Date.now());
    return statementCsv(c, statement, { bom: query.bom, headers: bookmarkHeader(session) });
  });
}
