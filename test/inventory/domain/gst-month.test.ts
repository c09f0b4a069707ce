// The tax period of a monthly GST return is an IST calendar month. IST is UTC+05:30 with no DST (reference §4), so
// the IST month M runs from 18:30 UTC on the last day of the month before M up to 18:30 UTC on M's last day.
import { describe, expect, it } from "vitest";
import { gstMonth, parseMonth } from "../../../src/inventory/domain/gst-month";

const at = (iso: string) => Date.parse(iso);
const NOW = at("2026-11-26T10:00:00Z");

describe("parseMonth", () => {
  it.each(["2026-01", "2026-12", "2017-07"])("accepts %s", (s) => {
    expect(parseMonth(s)).toEqual({ ok: true, value: s });
  });
  it.each(["2026-13", "2026-00", "2026-1", "26-11", "2026-11-01", "2026/11", "November", "", " 2026-11"])("refuses %j", (s) => {
    expect(parseMonth(s)).toEqual({ ok: false, error: "must be a month in YYYY-MM format, like 2026-11" });
  });
});

describe("gstMonth", () => {
  it("October 2026 is the UTC interval [2026-09-30T18:30Z, 2026-10-31T18:30Z) and the dates 2026-10-01 to 2026-10-31", () => {
    const month = gstMonth({ month: "2026-10", nowMs: NOW });
    expect(month).toEqual({
      ok: true,
      month: "2026-10",
      firstDay: "2026-10-01",
      nextMonthFirstDay: "2026-11-01",
      fromMs: at("2026-09-30T18:30:00Z"),
      toMsExclusive: at("2026-10-31T18:30:00Z"),
    });
  });

  it("December runs into January of the next year", () => {
    expect(gstMonth({ month: "2025-12", nowMs: NOW })).toMatchObject({
      nextMonthFirstDay: "2026-01-01",
      toMsExclusive: at("2025-12-31T18:30:00Z"),
    });
  });

  it.each([
    // 18:29 UTC on 30 November is 23:59 IST, still November; 18:30 UTC is 00:00 IST on 1 December.
    ["2026-11-30T18:29:59.999Z", "2026-11"],
    ["2026-11-30T18:30:00.000Z", "2026-12"],
  ])("without a month, at %s it is the current IST month, %s", (now, month) => {
    expect(gstMonth({ nowMs: at(now) })).toMatchObject({ ok: true, month });
  });

  it("the current month is accepted, the next one is not (the clock at 23:59 IST on 30 November 2026)", () => {
    const nowMs = at("2026-11-30T18:29:00Z");
    expect(gstMonth({ month: "2026-11", nowMs }).ok).toBe(true);
    expect(gstMonth({ month: "2026-12", nowMs })).toEqual({ ok: false, error: "2026-12 is after the current month in India (IST), 2026-11" });
  });

  it("GST began on 1 July 2017: June 2017 has no return", () => {
    expect(gstMonth({ month: "2017-07", nowMs: NOW }).ok).toBe(true);
    expect(gstMonth({ month: "2017-06", nowMs: NOW })).toEqual({
      ok: false,
      error: "2017-06 is before GST began on 2017-07-01; the first month is 2017-07",
    });
  });
});
