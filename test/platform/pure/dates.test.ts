import { describe, expect, it } from "vitest";
import { isoTime, parseIsoDate } from "../../../src/platform/pure/dates";
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

describe("isoTime", () => {
  // The runtime's own Date.prototype.toISOString is the reference: every list prints its times through isoTime.
  it.each([
    [0, "1970-01-01T00:00:00.000Z"],
    [951_782_400_000, "2000-02-29T00:00:00.000Z"],
    [951_868_799_999, "2000-02-29T23:59:59.999Z"],
    [4_107_542_400_000, "2100-03-01T00:00:00.000Z"],
    [1_764_132_305_007, "2025-11-26T04:45:05.007Z"],
    [1_798_761_599_990, "2026-12-31T23:59:59.990Z"],
    [253_402_300_799_999, "9999-12-31T23:59:59.999Z"],
  ])("writes %d as %s", (ms, written) => {
    expect(new Date(ms).toISOString()).toBe(written);
    expect(isoTime(ms)).toBe(written);
  });

  it("agrees with Date for every day boundary of 1970 to 2400 and random instants up to 9999", () => {
    for (let ms = 0; ms < 13_569_465_600_000; ms += 86_400_000) {
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
      expect(isoTime(ms - 1 + 86_400_000)).toBe(new Date(ms - 1 + 86_400_000).toISOString());
    }
    for (let n = 0; n < 20_000; n++) {
      const ms = Math.floor(Math.random() * 253_402_300_800_000);
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }
  });

  it("leaves instants outside 1970 to 9999 to Date, six-digit years and before 1970 included", () => {
    for (const ms of [-1, -62_198_755_200_000, 253_402_300_800_000, 8.64e15]) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
  });
});
