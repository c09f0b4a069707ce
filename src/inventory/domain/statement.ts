// A statement of account, a customer's or a mill's: the period it covers (IST calendar days, like the sales window),
// and its entries in date order with the running balance. Every entry is a debit or a credit in the trader's books.
// A customer's balance is what the customer owes: debits (an invoice, the void of a receipt) raise it, credits (a
// payment, a credit note, a sales return, the cancellation of an invoice) lower it. A mill's balance is what the
// trader owes the mill: credits (the mill's invoice, the void of a payment to it) raise it, debits (a payment to the
// mill, the void of its invoice) lower it. Either is negative when the other side holds an advance.
import { addDays, istDateOf, parseIsoDate } from "./ist";

/** The longest period one statement covers: a whole financial year (April to March), 366 days with a 29 February. */
export const STATEMENT_MAX_DAYS = 366;

/**
 * The most entries one statement lists. A busier period is refused rather than cut or paged: the running balance
 * only reads right whole, and consecutive shorter statements chain (each opens with the previous one's closing).
 */
export const STATEMENT_ENTRY_CAP = 2_000;

const DAY_MS = 86_400_000;

export type StatementPeriodResult = { ok: true; from: string; to: string } | { ok: false; field: "from" | "to"; error: string };

/**
 * The statement's first and last IST days, both inclusive. By default the month a trader sends statements for: `to`
 * is today (IST) and `from` the first day of `to`'s month, so `?to=2026-10-31` alone is October's statement. A
 * statement closes today at the latest (a later `to` would state a closing balance for a day not yet over), and
 * spans at most STATEMENT_MAX_DAYS.
 */
export function statementPeriod(input: { from?: string; to?: string; nowMs: number }): StatementPeriodResult {
  const today = istDateOf(input.nowMs);
  const to = input.to ?? today;
  const parsedTo = parseIsoDate(to);
  if (!parsedTo.ok) return { ok: false, field: "to", error: parsedTo.error };
  if (to > today) return { ok: false, field: "to", error: `${to} is after today (${today}, IST); a statement closes today at the latest` };
  const from = input.from ?? `${to.slice(0, 8)}01`;
  const parsedFrom = parseIsoDate(from);
  if (!parsedFrom.ok) return { ok: false, field: "from", error: parsedFrom.error };
  if (from > to) {
    const error =
      input.to === undefined
        ? `must not be after to (without to, the statement ends today, ${to}, and ${from} is after it); send an earlier from`
        : `must not be after to (${from} is after ${to})`;
    return { ok: false, field: "from", error };
  }
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days > STATEMENT_MAX_DAYS) {
    return {
      ok: false,
      field: "from",
      error: `the period ${from} to ${to} is ${days} days; a statement covers at most ${STATEMENT_MAX_DAYS} (from ${addDays(to, 1 - STATEMENT_MAX_DAYS)} at the earliest for this to); ask for consecutive shorter periods, each opening with the previous one's closing balance`,
    };
  }
  return { ok: true, from, to };
}

export const STATEMENT_ENTRY_KINDS = ["invoice", "payment", "credit_note", "sales_return", "cancellation", "void"] as const;
export type StatementEntryKind = (typeof STATEMENT_ENTRY_KINDS)[number];

/** What ordering and the running balance need of an entry. */
export interface StatementLine {
  /** IST date the entry counts on. */
  date: string;
  /** When it was written (a void's or cancellation's own time): orders the entries of one date. */
  atMs: number;
  kind: StatementEntryKind;
  id: string;
  debitPaise: number;
  creditPaise: number;
}

/** Within one millisecond (a cancellation voids its invoice's credit notes in its own write), documents before their reversals. */
const KIND_RANK: Record<StatementEntryKind, number> = { invoice: 0, payment: 1, credit_note: 2, sales_return: 2, cancellation: 3, void: 4 };

/** Date order: by date, then the order written, then originals before reversals, then id (so no order is left to chance). */
export function compareStatementLines(a: StatementLine, b: StatementLine): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.atMs !== b.atMs) return a.atMs - b.atMs;
  if (a.kind !== b.kind) return KIND_RANK[a.kind] - KIND_RANK[b.kind];
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The side that raises the balance: `debit` for a customer's account (what they owe the trader), `credit` for a
 * mill's (what the trader owes the mill).
 */
export type BalanceSide = "debit" | "credit";

/** What one entry does to the balance on `side`'s account. */
const balanceChange = (side: BalanceSide, line: Pick<StatementLine, "debitPaise" | "creditPaise">): number =>
  side === "debit" ? line.debitPaise - line.creditPaise : line.creditPaise - line.debitPaise;

export interface Statement<E extends StatementLine> {
  openingPaise: number;
  entries: Array<E & { balancePaise: number }>;
  totalDebitsPaise: number;
  totalCreditsPaise: number;
  /** opening + debits − credits on a customer's account, opening + credits − debits on a mill's. */
  closingPaise: number;
}

/**
 * The entries in date order, each with the balance after it, from the opening balance (everything before the
 * period), on an account whose balance `side` raises.
 */
export function statementOf<E extends StatementLine>(openingPaise: number, lines: readonly E[], side: BalanceSide): Statement<E> {
  let balance = openingPaise;
  let debits = 0;
  let credits = 0;
  const entries = [...lines].sort(compareStatementLines).map((line) => {
    debits += line.debitPaise;
    credits += line.creditPaise;
    balance += balanceChange(side, line);
    return { ...line, balancePaise: balance };
  });
  return { openingPaise, entries, totalDebitsPaise: debits, totalCreditsPaise: credits, closingPaise: balance };
}
