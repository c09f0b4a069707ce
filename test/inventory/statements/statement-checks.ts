// What every statement of account must satisfy, customer's or mill's, checked on the figures as printed.
import { expect } from "vitest";
import { paise, rupees } from "../generated-books";

interface Figures {
  opening_balance: string;
  entries: readonly { date: string; debit: string; credit: string; balance: string }[];
  total_debits: string;
  total_credits: string;
  closing_balance: string;
}

/**
 * Each entry lies in the period and is a debit or a credit; each running balance is the one before it moved by the
 * entry (up by the side that raises the account's balance: debits for a customer, credits for a mill), from the
 * opening balance; the totals are the entries' sums, and the closing balance is the last running balance.
 */
export function expectAddsUp(statement: Figures, period: { from: string; to: string }, raisedBy: "debit" | "credit"): void {
  let balance = paise(statement.opening_balance);
  let debits = 0;
  let credits = 0;
  for (const entry of statement.entries) {
    expect(entry.date >= period.from && entry.date <= period.to, `${entry.date} in ${period.from}..${period.to}`).toBe(true);
    expect(paise(entry.debit) === 0 || paise(entry.credit) === 0, JSON.stringify(entry)).toBe(true);
    debits += paise(entry.debit);
    credits += paise(entry.credit);
    const movement = paise(entry.debit) - paise(entry.credit);
    balance += raisedBy === "debit" ? movement : -movement;
    expect(paise(entry.balance), JSON.stringify(entry)).toBe(balance);
  }
  expect([paise(statement.total_debits), paise(statement.total_credits)]).toEqual([debits, credits]);
  const net = raisedBy === "debit" ? debits - credits : credits - debits;
  expect(paise(statement.closing_balance)).toBe(paise(statement.opening_balance) + net);
  expect(paise(statement.closing_balance)).toBe(balance);
}

/**
 * Statements of consecutive periods chain: nothing before the first month, each month opens at the closing of the
 * one before, January–February is January then February, and the whole run to today is December then both.
 */
export function expectChained(s: { december: Figures; january: Figures; february: Figures; both: Figures; toToday: Figures }): void {
  expect(s.december.opening_balance).toBe("0.00");
  expect(s.january.opening_balance).toBe(s.december.closing_balance);
  expect(s.february.opening_balance).toBe(s.january.closing_balance);
  expect(s.both.opening_balance).toBe(s.january.opening_balance);
  expect(s.both.entries).toEqual([...s.january.entries, ...s.february.entries]);
  expect([s.both.total_debits, s.both.total_credits]).toEqual([
    rupees(paise(s.january.total_debits) + paise(s.february.total_debits)),
    rupees(paise(s.january.total_credits) + paise(s.february.total_credits)),
  ]);
  expect(s.both.closing_balance).toBe(s.february.closing_balance);
  expect(s.toToday.entries).toEqual([...s.december.entries, ...s.both.entries]);
}
