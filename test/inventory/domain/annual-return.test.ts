// The annual GST return (GSTR-9, CGST s.44) is furnished for a financial year (1 April to 31 March) once the year has
// ended; GST began on 1 July 2017, so 2017-18 is the first year that has one. Each case is worked by hand from those
// rules.
import { describe, expect, it } from "vitest";
import {
  checkAnnualReturnFiledOn,
  creditNotesAdjustGstUntil,
  financialYearOf,
  parseFinancialYear,
} from "../../../src/inventory/domain/annual-return";

describe("parseFinancialYear", () => {
  it.each([
    ["2024-25", 2024],
    ["2017-18", 2017],
    // 2099 is followed by 2100, written 00.
    ["2099-00", 2099],
  ])("%s is the financial year that began on 1 April %i", (value, startYear) => {
    expect(parseFinancialYear(value)).toEqual({ ok: true, startYear, label: value });
  });

  it.each([
    ["2024-26", "must be two consecutive years: 2024 is followed by 2024-25"],
    ["2024-24", "must be two consecutive years: 2024 is followed by 2024-25"],
    ["2099-01", "must be two consecutive years: 2099 is followed by 2099-00"],
    ["2024-2025", 'must be a financial year written like "2024-25"'],
    ["24-25", 'must be a financial year written like "2024-25"'],
    ["2024_25", 'must be a financial year written like "2024-25"'],
    ["2024-25 ", 'must be a financial year written like "2024-25"'],
    ["FY2024-25", 'must be a financial year written like "2024-25"'],
    ["", 'must be a financial year written like "2024-25"'],
    ["2016-17", "2016-17 is before GST, which began on 1 July 2017: the first annual return is for 2017-18"],
  ])("%j is refused: %s", (value, error) => {
    expect(parseFinancialYear(value)).toEqual({ ok: false, error });
  });
});

describe("financialYearOf", () => {
  it.each([
    ["2025-03-31", "2024-25"],
    ["2025-04-01", "2025-26"],
    ["2026-01-15", "2025-26"],
    ["2017-07-01", "2017-18"],
  ])("%s is in %s", (date, year) => {
    expect(financialYearOf(date)).toBe(year);
  });
});

// CGST s.34(2): 30 November after the year, or the day its annual return was furnished, whichever is earlier.
describe("creditNotesAdjustGstUntil", () => {
  it.each([
    // FY 2024-25 ends 31 March 2025; furnished 15 October 2025, before 30 November 2025.
    ["2024-25", "2025-10-15", "2025-10-15"],
    // Furnished on 31 December 2025, its due date, after 30 November 2025.
    ["2024-25", "2025-12-31", "2025-11-30"],
    // FY 2025-26, furnished on 30 November 2026 itself.
    ["2025-26", "2026-11-30", "2026-11-30"],
  ])("%s furnished on %s: credit notes adjust GST until %s", (year, filedOn, until) => {
    expect(creditNotesAdjustGstUntil(year, filedOn)).toBe(until);
  });
});

describe("checkAnnualReturnFiledOn", () => {
  // FY 2024-25 ends on 31 March 2025. Today is 27 November 2026 (IST).
  const today = "2026-11-27";

  it.each([["2025-04-01"], ["2025-12-31"], ["2026-11-27"]])("FY 2024-25 furnished on %s: accepted", (filedOn) => {
    expect(checkAnnualReturnFiledOn({ startYear: 2024, filedOn, today })).toEqual({ ok: true });
  });

  it.each([
    ["2025-03-31", "2025-03-31 is not after 31 March 2025, when financial year 2024-25 ends: an annual return is furnished for a finished year"],
    ["2024-10-01", "2024-10-01 is not after 31 March 2025, when financial year 2024-25 ends: an annual return is furnished for a finished year"],
    ["2019-01-01", "2019-01-01 is not after 31 March 2025, when financial year 2024-25 ends: an annual return is furnished for a finished year"],
    ["2026-11-28", "2026-11-28 is after today (2026-11-27, IST)"],
  ])("FY 2024-25 furnished on %s: refused", (filedOn, error) => {
    expect(checkAnnualReturnFiledOn({ startYear: 2024, filedOn, today })).toEqual({ ok: false, error });
  });

  // FY 2026-27 ends on 31 March 2027: on 27 November 2026 no day can be both after its end and not after today.
  it.each([
    ["2026-11-27", "2026-11-27 is not after 31 March 2027, when financial year 2026-27 ends: an annual return is furnished for a finished year"],
    ["2027-04-01", "2027-04-01 is after today (2026-11-27, IST)"],
  ])("the current FY 2026-27 furnished on %s: refused", (filedOn, error) => {
    expect(checkAnnualReturnFiledOn({ startYear: 2026, filedOn, today })).toEqual({ ok: false, error });
  });

  // FY 9999-00 would end on 31 March 10000, a day no YYYY-MM-DD date reaches.
  it("a year that ends after every four-digit date is refused", () => {
    expect(checkAnnualReturnFiledOn({ startYear: 9999, filedOn: "2026-01-01", today })).toMatchObject({ ok: false });
  });
});
