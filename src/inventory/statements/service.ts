// A statement of account for the period asked, a customer's or a mill's, shared by its JSON read and its CSV export:
// the period checked, the books read in one batch, and the refusals (an unknown account, a period over the entry
// cap) as API errors.
import { STATEMENT_ENTRY_CAP, type Statement, statementOf, statementPeriod } from "../domain/statement";
import { inventoryError } from "../http/errors";
import type { ReadDb } from "../http/read-session";
import {
  type AccountLedger,
  CUSTOMER_ACCOUNT,
  MILL_ACCOUNT,
  type MillStatementEntryKind,
  readStatement,
  type StatementAccount,
  type StatementLineRow,
} from "./queries";

export interface AccountStatement<L extends StatementLineRow> {
  account: StatementAccount;
  period: { from: string; to: string };
  statement: Statement<L>;
}

type StatementQuery = { from?: string | undefined; to?: string | undefined };

async function accountStatement<L extends StatementLineRow>(
  db: ReadDb,
  ledger: AccountLedger,
  who: { orgId: string; accountId: string; noun: "customer" | "mill" },
  query: StatementQuery,
  nowMs: number,
): Promise<AccountStatement<L>> {
  const period = statementPeriod({ from: query.from, to: query.to, nowMs });
  if (!period.ok) throw inventoryError("bad_request", `${period.field}: ${period.error}`);
  const read = await readStatement<L>(db, ledger, who.orgId, who.accountId, { from: period.from, to: period.to, cap: STATEMENT_ENTRY_CAP });
  // Another organisation's account reads as no account at all: the same 404, naming only the id asked for.
  if (!read.account) throw inventoryError("not_found", `No ${who.noun} ${who.accountId}`);
  if (read.lines.length > STATEMENT_ENTRY_CAP) {
    throw inventoryError(
      "bad_request",
      `from: the period ${period.from} to ${period.to} has more than ${STATEMENT_ENTRY_CAP} entries; ask for shorter periods, each opening with the previous one's closing balance`,
    );
  }
  return {
    account: read.account,
    period: { from: period.from, to: period.to },
    statement: statementOf(read.openingPaise, read.lines, ledger.side),
  };
}

/** A customer's statement: what the customer owes the trader. */
export const customerStatement = (db: ReadDb, orgId: string, customerId: string, query: StatementQuery, nowMs: number) =>
  accountStatement<StatementLineRow>(db, CUSTOMER_ACCOUNT, { orgId, accountId: customerId, noun: "customer" }, query, nowMs);

/** A mill's statement: what the trader owes the mill, the figure GET /api/v1/suppliers calls `payable`. */
export const millStatement = (db: ReadDb, orgId: string, supplierId: string, query: StatementQuery, nowMs: number) =>
  accountStatement<StatementLineRow<MillStatementEntryKind>>(db, MILL_ACCOUNT, { orgId, accountId: supplierId, noun: "mill" }, query, nowMs);
