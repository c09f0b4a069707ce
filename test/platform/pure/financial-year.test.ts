// Financial years and IST day boundaries, worked by hand: India is UTC+05:30 all year, so IST midnight is
// 18:30 UTC the day before, and a financial year runs 1 April to 31 March (s.3 of the Income-tax Act).
import { describe, expect, it } from "vitest";
import { financialYearLabel, financialYearStart, financialYearStartOf, financialYearStartOfLabel } from "../../../src/platform/pure/financial-year";
import { istDayNumber, istDayStartMs } from "../../../src/platform/pure/ist";

describe("financialYearStart", () => {
  it.each([
    ["2026-03-31T18:29:59.999Z", 2025, "31 March 23:59:59.999 IST is the last instant of FY 2025-26"],
    ["2026-03-31T18:30:00.000Z", 2026, "1 April 00:00 IST opens FY 2026-27"],
    ["2027-01-15T00:00:00.000Z", 2026, "January belongs to the year that began the April before"],
    ["2026-12-31T18:30:00.000Z", 2026, "1 January IST is still FY 2026-27"],
  ])("%s -> %i (%s)", (instant, start) => {
    expect(financialYearStart(Date.parse(instant))).toBe(start);
  });

  it("labels a year by its start and the last two digits of its end", () => {
    expect(financialYearLabel(2026)).toBe("2026-27");
    expect(financialYearLabel(2099)).toBe("2099-00");
  });
});

describe("financialYearStartOf", () => {
  it.each([
    ["2026-03-31", 2025, "31 March closes FY 2025-26"],
    ["2026-04-01", 2026, "1 April opens FY 2026-27"],
    ["2027-01-01", 2026, "1 January belongs to the year that began the April before"],
    ["2017-07-01", 2017, "1 July 2017, the first day of GST, is in FY 2017-18"],
  ])("%s -> %i (%s)", (date, start) => {
    expect(financialYearStartOf(date)).toBe(start);
  });
});

describe("IST day boundaries", () => {
  it("a day starts at IST midnight, 18:30 UTC the day before", () => {
    const day = istDayNumber(Date.parse("2026-11-23T10:00:00Z"));
    expect(new Date(istDayStartMs(day)).toISOString()).toBe("2026-11-22T18:30:00.000Z");
    expect(new Date(istDayStartMs(day + 1)).toISOString()).toBe("2026-11-23T18:30:00.000Z");
  });

  it("18:29:59.999 UTC and 18:30 UTC fall on consecutive IST days", () => {
    expect(istDayNumber(Date.parse("2026-11-23T18:30:00Z")) - istDayNumber(Date.parse("2026-11-23T18:29:59.999Z"))).toBe(1);
  });
});

describe("financialYearStartOfLabel", () => {
  it.each([
    ["2021-22", 2021],
    ["1999-00", 1999], // the second part wraps: 2000 is written 00
    ["2099-00", 2099],
    ["2021-23", null], // not consecutive years
    ["2021-2022", null],
    ["21-22", null],
    ["2021/22", null],
    ["", null],
  ])("%j → %s", (label, start) => {
    expect(financialYearStartOfLabel(label)).toBe(start);
  });
});
