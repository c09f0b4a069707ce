import { describe, expect, it } from "vitest";
import { addDays, istDateOf, istDayStartUtcMs, isAheadOfNow, parseIsoDate, salesWindow } from "../../../src/inventory/domain/ist";

const at = (iso: string) => Date.parse(iso);

describe("parseIsoDate", () => {
  it.each(["2026-11-30", "2028-02-29", "2000-02-29"])("accepts %s", (s) => {
    expect(parseIsoDate(s)).toEqual({ ok: true, value: s });
  });
  it.each([
    "2026-02-30",
    "2026-02-29",
    "1900-02-29",
    "2026-11-31",
    "2026-13-01",
    "2026-00-01",
    "2026-11-00",
    "2026-1-01",
    "01-11-2026",
    "2026-11-01T00:00",
    "",
  ])("rejects %j", (s) => {
    expect(parseIsoDate(s).ok).toBe(false);
  });
});

describe("IST day boundaries", () => {
  // IST date D = [D-1 18:30:00Z, D 18:30:00Z) (reference §4).
  it.each([
    ["2026-11-01", "2026-10-31T18:30:00.000Z"],
    ["2027-01-01", "2026-12-31T18:30:00.000Z"],
    ["2028-02-29", "2028-02-28T18:30:00.000Z"],
  ])("%s starts at %s", (date, utc) => {
    expect(new Date(istDayStartUtcMs(date)).toISOString()).toBe(utc);
  });

  it.each([
    ["2026-11-30T18:29:59.999Z", "2026-11-30"],
    ["2026-11-30T18:30:00.000Z", "2026-12-01"],
    ["2026-12-31T18:30:00.000Z", "2027-01-01"],
    ["2026-11-30T00:00:00.000Z", "2026-11-30"],
  ])("%s falls on %s in India", (utc, date) => {
    expect(istDateOf(at(utc))).toBe(date);
  });

  it.each([
    ["2026-03-01", -1, "2026-02-28"],
    ["2028-03-01", -1, "2028-02-29"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2026-11-30", -30, "2026-10-31"],
  ])("%s moved by %i days is %s", (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });
});

describe("isAheadOfNow: an instant a client sends, against the service's clock", () => {
  // 18:30 UTC is midnight in India. At 12:00 UTC (17:30 IST) a client's clock may run up to five minutes ahead.
  const noon = Date.parse("2026-11-20T12:00:00Z");
  it("takes up to five minutes ahead as clock drift, and refuses more", () => {
    expect(isAheadOfNow(noon + 5 * 60_000, noon)).toBe(false);
    expect(isAheadOfNow(noon + 5 * 60_000 + 1, noon)).toBe(true);
    expect(isAheadOfNow(noon - 86_400_000, noon)).toBe(false);
  });
  it("refuses an instant on tomorrow's IST date, even within the five minutes", () => {
    const beforeMidnightIst = Date.parse("2026-11-20T18:28:00Z"); // 23:58 IST
    expect(isAheadOfNow(Date.parse("2026-11-20T18:29:59.999Z"), beforeMidnightIst)).toBe(false);
    expect(isAheadOfNow(Date.parse("2026-11-20T18:30:00Z"), beforeMidnightIst)).toBe(true); // 00:00 IST, 21 November
  });
});

describe("salesWindow", () => {
  const nowMs = at("2026-11-30T20:00:00Z"); // already 1 December in India

  it("defaults to the 30 days before today plus today, in IST", () => {
    expect(salesWindow({ nowMs })).toEqual({
      ok: true,
      from: "2026-11-01",
      to: "2026-12-01",
      fromMs: at("2026-10-31T18:30:00Z"),
      toMsExclusive: at("2026-12-01T18:30:00Z"),
    });
  });

  it("covers the whole of `to`: 23:59 IST is in, 00:00 IST the next day is out", () => {
    const window = salesWindow({ from: "2026-11-01", to: "2026-11-30", nowMs });
    if (!window.ok) throw new Error(window.error);
    const inWindow = (ms: number) => ms >= window.fromMs && ms < window.toMsExclusive;
    expect(inWindow(at("2026-11-30T23:59:00+05:30"))).toBe(true);
    expect(inWindow(at("2026-11-30T23:59:59.999+05:30"))).toBe(true);
    expect(inWindow(at("2026-12-01T00:00:00+05:30"))).toBe(false);
    expect(inWindow(at("2026-11-01T00:00:00+05:30"))).toBe(true);
    expect(inWindow(at("2026-10-31T23:59:59.999+05:30"))).toBe(false);
  });

  it("counts Sundays like any other day", () => {
    // 2026-11-29 is a Sunday.
    const window = salesWindow({ from: "2026-11-29", to: "2026-11-29", nowMs });
    expect(window).toMatchObject({ ok: true, fromMs: at("2026-11-28T18:30:00Z"), toMsExclusive: at("2026-11-29T18:30:00Z") });
  });

  it("accepts a one-day window (from equals to)", () => {
    expect(salesWindow({ from: "2026-11-15", to: "2026-11-15", nowMs }).ok).toBe(true);
  });

  it.each([
    [{ from: "2026-02-30" }, "from"],
    [{ from: "2026-11-1" }, "from"],
    [{ to: "2026-13-01" }, "to"],
    [{ to: "yesterday" }, "to"],
    [{ from: "2026-11-30", to: "2026-11-01" }, "from"],
    [{ to: "2026-10-01" }, "from"], // default from (30 days ago) is after this to
  ])("rejects %j naming %s", (input, field) => {
    expect(salesWindow({ ...input, nowMs })).toMatchObject({ ok: false, field });
  });

  it("says that from was its default when the caller sent only to", () => {
    // Today in India is 1 December 2026; 30 days before it is 1 November.
    expect(salesWindow({ to: "2026-10-01", nowMs })).toMatchObject({
      ok: false,
      field: "from",
      error: "must not be after to (without from, the window starts 30 days ago, 2026-11-01, which is after 2026-10-01); send from too",
    });
  });

  it("says that to was its default when the caller sent only a from after today", () => {
    // Today in India is 1 December 2026: the window without `to` ends then.
    expect(salesWindow({ from: "2026-12-05", nowMs })).toMatchObject({
      ok: false,
      field: "from",
      error: "must not be after to (without to, the window ends today, 2026-12-01, and 2026-12-05 is after it); send to too, or an earlier from",
    });
  });
});
