import { createRoute } from "@hono/zod-openapi";
import type { InventoryApp } from "../hono";
import { scopedKey } from "../keys/api-key-auth";
import { csvNumber } from "../domain/csv";
import { formatPaise } from "../domain/money";
import { exceedsCap, expenseExportRows } from "./queries";
import { bookmarkHeader, openReadSession } from "../http/read-session";
import { BookmarkHeader } from "../http/wire-formats";
import { csvResponse, csvResponses, ExportQuery, mapRows } from "./csv-response";

export const EXPENSE_COLUMNS = ["date", "category", "amount", "notes", "created_by"] as const;

const route = createRoute({
  method: "get",
  path: "/api/v1/export/expenses",
  tags: ["Exports"],
  summary: "Expenses as CSV, newest first",
  description:
    "Columns: " + EXPENSE_COLUMNS.join(", ") + ". Newest date first (later entries first within a date), at most 10,000 rows; amounts in rupees.",
  ...scopedKey("exports:read"),
  request: { query: ExportQuery, headers: BookmarkHeader },
  responses: csvResponses("The expenses export"),
});

export function registerExportExpenses(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const session = openReadSession(c.env.DB, c.req.valid("header")["x-d1-bookmark"]);
    const orgId = c.var.apiKey.state.ownerId;
    const truncated = await exceedsCap(session, "expenses", orgId);
    const rows = mapRows(expenseExportRows(session, orgId), (r) => [
      r.spentOn,
      r.category,
      csvNumber(formatPaise(r.amountPaise)),
      r.notes,
      r.createdBy,
    ]);
    return csvResponse(c, "expenses", EXPENSE_COLUMNS, rows, { truncated, bom: c.req.valid("query").bom, headers: bookmarkHeader(session) });
  });
}
