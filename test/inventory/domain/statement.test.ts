// A statement of account: its period in IST calendar days (reference §4: IST is UTC+05:30, "today" is the IST date),
// and its entries in date order with the running balance, worked by hand below.
import { describe, expect, it } from "vitest";
import { compareStatementLines, type StatementLine, statementOf, statementPeriod } from "../../../src/inventory/domain/statement";

// 2026-11-21T19:00Z is 00:30 IST on 22 November: today in India is the 22nd, though it is still the 21st in UTC.
const NOW = Date.parse("2026-11-21T19:00:00Z");

describe("statementPeriod", () => {
  it("defaults to the current IST month up to today", () => {
    expect(statementPeriod({ nowMs: NOW })).toEqual({ ok: true, from: "2026-11-01", to: "2026-11-22" });
  });

  it("takes `to` alone as the statement of its month up to that day", () => {
    expect(statementPeriod({ to: "2026-10-31", nowMs: NOW })).toEqual({ ok: true, from: "2026-10-01", to: "2026-10-31" });
    expect(statementPeriod({ to: "2026-02-14", nowMs: NOW })).toEqual({ ok: true, from: "2026-02-01", to: "2026-02-14" });
  });

  it("takes `from` alone up to today", () => {
    expect(statementPeriod({ from: "2026-04-01", nowMs: NOW })).toEqual({ ok: true, from: "2026-04-01", to: "2026-11-22" });
  });

  it("accepts one day, and a whole financial year with a 29 February (1 April 2027 to 31 March 2028: 366 days)", () => {
    expect(statementPeriod({ from: "2026-11-22", to: "2026-11-22", nowMs: NOW })).toEqual({ ok: true, from: "2026-11-22", to: "2026-11-22" });
    const later = Date.parse("2028-04-01T06:00:00Z");
    expect(statementPeriod({ from: "2027-04-01", to: "2028-03-31", nowMs: later })).toEqual({ ok: true, from: "2027-04-01", to: "2028-03-31" });
  });

  it.each([
    // 20 November 2025 to 21 November 2026: 365 days (no 29 February between) + 1 + 1 = 367 days.
    [
      { from: "2025-11-20", to: "2026-11-21" },
      "from",
      "the period 2025-11-20 to 2026-11-21 is 367 days; a statement covers at most 366 (from 2025-11-21 at the earliest",
    ],
    [{ from: "2026-11-23" }, "from", "without to, the statement ends today, 2026-11-22, and 2026-11-23 is after it"],
    [{ from: "2026-11-10", to: "2026-11-09" }, "from", "must not be after to (2026-11-10 is after 2026-11-09)"],
    [{ to: "2026-11-23" }, "to", "2026-11-23 is after today (2026-11-22, IST)"],
    [{ to: "2026-02-30" }, "to", ""],
    [{ from: "2026-1-1", to: "2026-11-01" }, "from", ""],
  ])("refuses %j, naming %s", (query, field, message) => {
    const result = statementPeriod({ ...query, nowMs: NOW });
    expect(result).toMatchObject({ ok: false, field });
    if (!result.ok) expect(result.error).toContain(message);
  });

  it("accepts a year to the day (21 November 2025 to 21 November 2026: 366 days)", () => {
    expect(statementPeriod({ from: "2025-11-21", to: "2026-11-21", nowMs: NOW })).toMatchObject({ ok: true });
  });
});

const line = (date: string, atMs: number, kind: StatementLine["kind"], id: string, debitPaise: number, creditPaise: number): StatementLine => ({
  date,
  atMs,
  kind,
  id,
  debitPaise,
  creditPaise,
});

describe("statementOf", () => {
  it("orders by date, then the order written, then originals before reversals, then id, and runs the balance", () => {
    // Given out of order. Opening ₹1,000.00 owed.
    const lines = [
      line("2026-11-05", 50, "void", "pay_b", 30_000, 0),
      line("2026-11-05", 50, "cancellation", "sale_c", 0, 20_000),
      line("2026-11-02", 90, "payment", "pay_b", 0, 30_000),
      line("2026-11-01", 99, "invoice", "sale_a", 105_000, 0),
      line("2026-11-02", 10, "invoice", "sale_c", 20_000, 0),
      line("2026-11-02", 90, "credit_note", "cn_a", 0, 5_000),
    ];
    const statement = statementOf(100_000, lines, "debit");
    // 1,000.00 + 1,050.00 = 2,050.00; + 200.00 = 2,250.00; − 300.00 = 1,950.00; − 50.00 = 1,900.00 (payment and note
    // written in the same millisecond: the payment first); − 200.00 cancelled = 1,700.00; + 300.00 voided = 2,000.00.
    expect(statement.entries.map((e) => [e.date, e.kind, e.id, e.balancePaise])).toEqual([
      ["2026-11-01", "invoice", "sale_a", 205_000],
      ["2026-11-02", "invoice", "sale_c", 225_000],
      ["2026-11-02", "payment", "pay_b", 195_000],
      ["2026-11-02", "credit_note", "cn_a", 190_000],
      ["2026-11-05", "cancellation", "sale_c", 170_000],
      ["2026-11-05", "void", "pay_b", 200_000],
    ]);
    // Debits 1,050.00 + 200.00 + 300.00 = 1,550.00; credits 300.00 + 50.00 + 200.00 = 550.00;
    // closing 1,000.00 + 1,550.00 − 550.00 = 2,000.00, the last running balance.
    expect(statement).toMatchObject({ openingPaise: 100_000, totalDebitsPaise: 155_000, totalCreditsPaise: 55_000, closingPaise: 200_000 });
  });

  it("with no entries, closes at the opening balance, which may be negative (the customer is owed)", () => {
    expect(statementOf(-4_000, [], "debit")).toEqual({
      openingPaise: -4_000,
      entries: [],
      totalDebitsPaise: 0,
      totalCreditsPaise: 0,
      closingPaise: -4_000,
    });
  });

  it("on a mill's account, credits raise the balance (what the trader owes) and debits lower it", () => {
    // Opening ₹2,000.00 owed to the mill. Given out of order.
    const lines = [
      line("2026-11-09", 70, "void", "mpay_a", 0, 50_000),
      line("2026-11-03", 10, "invoice", "minv_a", 0, 300_000),
      line("2026-11-04", 20, "payment", "mpay_a", 50_000, 0),
      line("2026-11-06", 30, "invoice", "minv_b", 0, 80_000),
      line("2026-11-07", 40, "void", "minv_b", 80_000, 0),
    ];
    const statement = statementOf(200_000, lines, "credit");
    // 2,000.00 + 3,000.00 invoiced = 5,000.00; − 500.00 paid = 4,500.00; + 800.00 invoiced = 5,300.00; − 800.00 its
    // invoice voided = 4,500.00; + 500.00 the payment voided = 5,000.00.
    expect(statement.entries.map((e) => [e.date, e.kind, e.id, e.balancePaise])).toEqual([
      ["2026-11-03", "invoice", "minv_a", 500_000],
      ["2026-11-04", "payment", "mpay_a", 450_000],
      ["2026-11-06", "invoice", "minv_b", 530_000],
      ["2026-11-07", "void", "minv_b", 450_000],
      ["2026-11-09", "void", "mpay_a", 500_000],
    ]);
    // Debits 500.00 + 800.00 = 1,300.00; credits 3,000.00 + 800.00 + 500.00 = 4,300.00;
    // closing 2,000.00 + 4,300.00 − 1,300.00 = 5,000.00, the last running balance.
    expect(statement).toMatchObject({ openingPaise: 200_000, totalDebitsPaise: 130_000, totalCreditsPaise: 430_000, closingPaise: 500_000 });
  });

  it("breaks a full tie by id, so the order never depends on the order read", () => {
    const a = line("2026-11-02", 5, "payment", "pay_a", 0, 1);
    const b = line("2026-11-02", 5, "payment", "pay_b", 0, 1);
    expect(compareStatementLines(a, b)).toBeLessThan(0);
    expect(compareStatementLines(b, a)).toBeGreaterThan(0);
    expect(statementOf(0, [b, a], "debit").entries.map((e) => e.id)).toEqual(["pay_a", "pay_b"]);
  });
});
