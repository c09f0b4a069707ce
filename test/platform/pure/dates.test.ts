import { describe, expect, it } from "vitest";
import { parseIsoDate } from "../../../src/platform/pure/dates";
import { istToday } from "../../../src/platform/pure/ist";

describe("parseIsoDate", () => {
  it.each(["2026-02-28", "2028-02-29", "2000-02-29", "2026-12-31", "2026-04-30"])("accepts %s", (s) => {
    expect(parseIsoDate(s)).toEqual({ ok: true, value: s });
  });

  it.each([
    ["2026-02-30", "impossible day"],
    ["2026-02-29", "not a leap year"],
    ["1900-02-29", "century not divisible by 400"],
    ["2026-04-31", "April has 30 days"],
    ["2026-13-01", "month 13"],
    ["2026-00-10", "month 0"],
    ["2026-01-00", "day 0"],
    ["2026-1-05", "one-digit month"],
    ["26-01-05", "two-digit year"],
    ["2026/01/05", "slashes"],
    ["2026-01-05T00:00:00Z", "a timestamp"],
    [" 2026-01-05", "leading space"],
    ["", "empty"],
  ])("rejects %s (%s) as a value", (s) => {
    const result = parseIsoDate(s);
    expect(result.ok).toBe(false);
  });
});

describe("istToday", () => {
  // IST = UTC+05:30 with no DST, so the Indian date changes at 18:30:00Z.
  it.each([
    ["2026-07-01T18:29:59.999Z", "2026-07-01"],
    ["2026-07-01T18:30:00.000Z", "2026-07-02"],
    ["2026-12-31T18:29:59Z", "2026-12-31"],
    ["2026-12-31T18:30:00Z", "2027-01-01"],
    ["2028-02-28T18:30:00Z", "2028-02-29"],
    ["2026-07-01T00:00:00Z", "2026-07-01"],
  ])("%s is %s in India", (instant, expected) => {
    expect(istToday(Date.parse(instant))).toBe(expected);
  });
});
