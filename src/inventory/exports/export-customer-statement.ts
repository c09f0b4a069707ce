import { createRoute } from "@hono/zod-openapi";
import type { InventoryApp } from "../hono";
import { scopedKey } from "../keys/api-key-auth";
import { type CsvCell, csvNumber } from "../domain/csv";
import { STATEMENT_ENTRY_CAP, STATEMENT_MAX_DAYS } from "../domain/statement";
import { formatPaise } from "../domain/money";
import { bookmarkHeader, openReadSession } from "../http/read-session";
import { errorResponses } from "../http/schemas";
import { BookmarkHeader } from "../http/wire-formats";
import { CustomerIdParam, StatementQuery } from "../statements/schemas";
import { customerStatement } from "../statements/service";
import { csvResponse, csvResponses, ExportQuery } from "./csv-response";

export const STATEMENT_COLUMNS = [
  "date",
  "kind",
  "reference",
  "invoice_number",
  "method",
  "reason",
  "debit",
  "credit",
  "balance",
  "reverses_kind",
  "reverses_reference",
  "reverses_date",
] as const;

const route = createRoute({
  method: "get",
  path: "/api/v1/export/customers/{id}/statement",
  tags: ["Exports"],
  summary: "A customer's statement of account as CSV: opening balance row, one row per entry with the running balance, closing balance row",
  description:
    `Columns: ${STATEMENT_COLUMNS.join(", ")}. The statement of GET /api/v1/customers/{id}/statement, with the same \`from\` and \`to\` and the same rules, as a file: ` +
    "the first row is the opening balance (kind `opening_balance`, dated `from`, its `balance` the balance brought forward), then the entries in date order, and the last row is the closing balance (kind `closing_balance`, dated `to`, its `debit` and `credit` the period's totals). " +
    `Amounts are plain decimals in rupees; a balance is what the customer owes, negative when they are owed. At most ${STATEMENT_ENTRY_CAP} entries and ${STATEMENT_MAX_DAYS} days: a longer or busier period is 400 \`bad_request\` in JSON (ask for shorter periods). ` +
    "A customer of another organisation is 404 `not_found`, as is one that does not exist.",
  ...scopedKey("exports:read"),
  request: { params: CustomerIdParam, query: StatementQuery.extend(ExportQuery.shape).strict(), headers: BookmarkHeader },
  responses: { ...csvResponses("The customer's statement"), ...errorResponses(404) },
});

export function registerExportCustomerStatement(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const query = c.req.valid("query");
    const session = openReadSession(c.env.DB, c.req.valid("header")["x-d1-bookmark"]);
    const { customer, period, statement } = await customerStatement(session, c.var.apiKey.state.ownerId, c.req.valid("param").id, query, Date.now());
    const money = (paise: number) => csvNumber(formatPaise(paise));
    const rows: CsvCell[][] = [
      [period.from, "opening_balance", null, null, null, null, null, null, money(statement.openingPaise), null, null, null],
      ...statement.entries.map((e) => [
        e.date,
        e.kind,
        e.reference,
        e.invoiceNumber,
        e.method,
        e.reason,
        money(e.debitPaise),
        money(e.creditPaise),
        money(e.balancePaise),
        e.reversesKind,
        e.reversesKind === null ? null : e.reference,
        e.reversesDate,
      ]),
      [
        period.to,
        "closing_balance",
        null,
        null,
        null,
        null,
        money(statement.totalDebitsPaise),
        money(statement.totalCreditsPaise),
        money(statement.closingPaise),
        null,
        null,
        null,
      ],
    ];
    return csvResponse(`statement-${customer.id}`, STATEMENT_COLUMNS, inOrder(rows), {
      truncated: false,
      bom: query.bom,
      headers: bookmarkHeader(session),
    });
  });
}

/** The rows, already read whole (a statement is bounded by its entry cap), as the stream pulls them. */
async function* inOrder(rows: readonly CsvCell[][]): AsyncGenerator<readonly CsvCell[]> {
  yield* rows;
}
