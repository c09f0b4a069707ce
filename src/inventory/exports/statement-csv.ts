// A statement of account as CSV, a customer's or a mill's: an opening balance row, one row per entry with the running
// balance, and a closing balance row with the period's totals.
import { type CsvCell, csvNumber } from "../domain/csv";
import { formatPaise } from "../domain/money";
import type { StatementLineRow } from "../statements/queries";
import type { AccountStatement } from "../statements/service";
import { csvResponse, type ExportRequest } from "./csv-response";

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

/** The attachment `statement-<account id>-<IST date>.csv`. */
export function statementCsv<L extends StatementLineRow>(
  c: ExportRequest,
  { account, period, statement }: AccountStatement<L>,
  options: { bom: boolean; headers: Record<string, string> },
): Promise<Response> {
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
  return csvResponse(c, `statement-${account.id}`, STATEMENT_COLUMNS, inOrder(rows), { truncated: false, ...options });
}

/** The rows, already read whole (a statement is bounded by its entry cap), as the stream pulls them. */
async function* inOrder(rows: readonly CsvCell[][]): AsyncGenerator<readonly CsvCell[]> {
  yield* rows;
}
