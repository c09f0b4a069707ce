// A customer's statement for the period asked, shared by its JSON read and its CSV export: the period checked, the
// books read in one batch, and the refusals (an unknown customer, a period over the entry cap) as API errors.
import { STATEMENT_ENTRY_CAP, type Statement, statementOf, statementPeriod } from "../domain/statement";
import { inventoryError } from "../http/errors";
import type { ReadDb } from "../http/read-session";
import { readStatement, type StatementCustomer, type StatementLineRow } from "./queries";

export interface CustomerStatement {
  customer: StatementCustomer;
  period: { from: string; to: string };
  statement: Statement<StatementLineRow>;
}

export async function customerStatement(
  db: ReadDb,
  orgId: string,
  customerId: string,
  query: { from?: string | undefined; to?: string | undefined },
  nowMs: number,
): Promise<CustomerStatement> {
  const period = statementPeriod({ from: query.from, to: query.to, nowMs });
  if (!period.ok) throw inventoryError("bad_request", `${period.field}: ${period.error}`);
  const read = await readStatement(db, orgId, customerId, { from: period.from, to: period.to, cap: STATEMENT_ENTRY_CAP });
  // Another organisation's customer reads as no customer at all: the same 404, naming only the id asked for.
  if (!read.customer) throw inventoryError("not_found", `No customer ${customerId}`);
  if (read.lines.length > STATEMENT_ENTRY_CAP) {
    throw inventoryError(
      "bad_request",
      `from: the period ${period.from} to ${period.to} has more than ${STATEMENT_ENTRY_CAP} entries; ask for shorter periods, each opening with the previous one's closing balance`,
    );
  }
  return { customer: read.customer, period: { from: period.from, to: period.to }, statement: statementOf(read.openingPaise, read.lines) };
}
