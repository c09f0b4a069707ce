import { describe, expect, it } from "vitest";
import {
  DEADLINE_CATEGORIES,
  DEADLINE_YEARS,
  deadlineCursor,
  listDeadlines,
  parseDeadlineCursor,
  parseIsoDate,
} from "../../../../src/tax/domain/deadlines";

const everything = listDeadlines({ from: "0000-01-01", limit: 10_000 }).deadlines;

describe("calendar tables", () => {
  it("covers FY 2024-25, FY 2025-26 and tax year 2026-27", () => {
    expect(DEADLINE_YEARS.map((y) => y.financialYear)).toEqual(["2024-25", "2025-26", "2026-27"]);
    expect(new Set(everything.map((d) => d.financialYear))).toEqual(new Set(["2024-25", "2025-26", "2026-27"]));
  });

  it("has only real calendar dates and known categories", () => {
    for (const d of everything) {
      expect(parseIsoDate(d.date), `${d.title}: ${d.date}`).toEqual({ ok: true, value: d.date });
      expect(DEADLINE_CATEGORIES).toContain(d.category);
      expect(d.title && d.description && d.appliesTo && d.section && d.source, d.title).toBeTruthy();
    }
  });

  it("applies the 1961 Act up to AY 2026-27 and the 2025 Act from tax year 2026-27", () => {
    for (const d of everything) {
      if (d.financialYear === "2026-27") {
        expect(d).toMatchObject({ act: "Income-tax Act, 2025", taxYear: "2026-27", assessmentYear: null });
      } else {
        expect(d).toMatchObject({ act: "Income-tax Act, 1961", taxYear: null });
        expect(d.assessmentYear).toBe(d.financialYear === "2024-25" ? "2025-26" : "2026-27");
      }
    }
  });

  it("uses the new TDS/TCS form numbers for tax year 2026-27", () => {
    const ty = everything.filter((d) => d.financialYear === "2026-27");
    expect(ty.filter((d) => d.category === "tds_return").map((d) => d.form)).toEqual(Array(4).fill("Form 138 / 140 / 144"));
    expect(ty.filter((d) => d.category === "tcs_return").map((d) => d.form)).toEqual(Array(4).fill("Form 143"));
    expect(ty.find((d) => d.category === "form_issue")?.form).toBe("Form 130");
    expect(ty.some((d) => /\b(24Q|26Q|27Q|27EQ|Form 16)\b/.test(d.form ?? ""))).toBe(false);
  });
});

describe("monthly TDS deposits", () => {
  // Rule 30(2) (1962 Rules) / Rule 218 (2026 Rules): 7th of the next month, March deductions by 30 April.
  const expected = (y: number) => [
    `${y}-05-07`,
    `${y}-06-07`,
    `${y}-07-07`,
    `${y}-08-07`,
    `${y}-09-07`,
    `${y}-10-07`,
    `${y}-11-07`,
    `${y}-12-07`,
    `${y + 1}-01-07`,
    `${y + 1}-02-07`,
    `${y + 1}-03-07`,
    `${y + 1}-04-30`,
  ];
  it.each([
    ["2024-25", 2024],
    ["2025-26", 2025],
    ["2026-27", 2026],
  ])("FY %s has twelve deposits on the statutory dates", (financialYear, startYear) => {
    const deposits = everything.filter((d) => d.financialYear === financialYear && d.category === "tds_deposit");
    expect(deposits.map((d) => d.date)).toEqual(expected(startYear));
    expect(deposits[0]?.title).toBe(`TDS deposit for April ${startYear}`);
    expect(deposits[11]?.title).toBe(`TDS deposit for March ${startYear + 1}`);
  });
});

describe("worked dates from the reference (tax-rules §10)", () => {
  it.each([
    // §10.1: as actually extended (CBDT release 2025-05-27 and 2025-09-15; Circulars 14/2025, 15/2025)
    ["2025-09-16", "2024-25", "itr_filing", "s.139(1)"],
    ["2025-11-10", "2024-25", "audit_report", "s.44AB"],
    ["2025-12-10", "2024-25", "itr_filing", "s.139(1), Explanation 2(a)"],
    ["2030-03-31", "2024-25", "updated_return", "s.139(8A)"],
    // s.211 proviso: tax paid by 31 March is advance tax of the year, as in FY 2025-26 (§10.2)
    ["2025-03-31", "2024-25", "advance_tax", "s.211, proviso"],
    ["2026-03-31", "2025-26", "advance_tax", "s.211, proviso"],
    // §10.2
    ["2026-03-15", "2025-26", "advance_tax", "s.211(1)(b)"],
    ["2026-05-31", "2025-26", "tds_return", "s.200(3); Rule 31A"],
    ["2026-06-15", "2025-26", "form_issue", "s.203; Rule 31"],
    ["2026-08-31", "2025-26", "itr_filing", "s.139(1), Explanation 2"],
    ["2027-03-31", "2025-26", "belated_revised", "s.139(5); s.234I"],
    ["2031-03-31", "2025-26", "updated_return", "s.139(8A)"],
    // §10.3, and s.263(6): 48 months from the end of the year after the tax year
    ["2027-07-31", "2026-27", "itr_filing", "s.263(1)"],
    ["2028-03-31", "2026-27", "belated_revised", "s.263(5)"],
    ["2032-03-31", "2026-27", "updated_return", "s.263(6)"],
  ])("%s: FY %s %s under %s", (date, financialYear, category, section) => {
    const found = everything.filter((d) => d.date === date && d.financialYear === financialYear);
    expect(found.map((d) => [d.category, d.section])).toContainEqual([category, section]);
  });

  it("names the year whose advance tax 31 March closes", () => {
    const titles = everything.filter((d) => d.section === "s.211, proviso").map((d) => [d.date, d.title]);
    expect(titles).toEqual([
      ["2025-03-31", "Advance tax paid by today counts for FY 2024-25"],
      ["2026-03-31", "Advance tax paid by today counts for FY 2025-26"],
    ]);
  });

  it("has no unextended non-audit ITR date for AY 2025-26", () => {
    expect(everything.some((d) => d.financialYear === "2024-25" && d.date === "2025-07-31" && d.category === "itr_filing")).toBe(false);
  });
});

describe("listDeadlines", () => {
  it("returns every record in ascending date order", () => {
    const dates = everything.map((d) => d.date);
    expect(dates).toEqual([...dates].sort());
    expect(everything.length).toBe(DEADLINE_YEARS.reduce((n, y) => n + y.deadlines.length, 0));
  });

  it("includes records due on `from` and none before it", () => {
    const page = listDeadlines({ from: "2026-07-31", limit: 3 }).deadlines;
    expect(page.map((d) => [d.date, d.category, d.financialYear])).toEqual([
      ["2026-07-31", "itr_filing", "2025-26"],
      ["2026-07-31", "tds_return", "2026-27"],
      ["2026-08-07", "tds_deposit", "2026-27"],
    ]);
  });

  it("keeps the table order for records on the same date, call after call", () => {
    const sameDay = listDeadlines({ from: "2026-12-31", limit: 2 }).deadlines;
    expect(sameDay.map((d) => d.title)).toEqual(["Belated ITR for AY 2026-27", "Revised ITR for AY 2026-27 without fee"]);
    expect(listDeadlines({ from: "2026-12-31", limit: 2 }).deadlines).toEqual(sameDay);
  });

  // 15 June 2026 has three records (FY 2025-26's non-salary TDS certificates for Q4 and Form 16, then tax year
  // 2026-27's first advance-tax instalment): a page of one or two must still reach each, which paging by `from` alone
  // cannot.
  it("pages by the position it returns, within a day too, through every record once", () => {
    const onFifteenthJune = everything.filter((d) => d.date === "2026-06-15");
    expect(onFifteenthJune).toHaveLength(3);
    const first = listDeadlines({ from: "2026-06-15", limit: 2 });
    expect(first.deadlines).toEqual(onFifteenthJune.slice(0, 2));
    expect(first.next).toEqual({ from: "2026-06-15", skip: 2 });
    const second = listDeadlines({ ...first.next!, limit: 2 });
    expect(second.deadlines[0]).toEqual(onFifteenthJune[2]);
    expect(second.deadlines[1]!.date > "2026-06-15").toBe(true);
    for (const limit of [1, 2, 3, 7]) {
      const seen = [];
      let position: { from: string; skip?: number } | null = { from: "0000-01-01" };
      while (position !== null) {
        const page = listDeadlines({ ...position, limit });
        seen.push(...page.deadlines);
        position = page.next;
      }
      expect(seen).toEqual(everything);
    }
  });

  it("ends with no next position after the last record, and skips only records due on `from` itself", () => {
    const last = everything.at(-1)!;
    expect(listDeadlines({ from: last.date, limit: 5 })).toEqual({ deadlines: [last], next: null });
    // No record is due on 1 June 2026: the skip counts records of that day only, so none is passed.
    expect(listDeadlines({ from: "2026-06-01", skip: 2, limit: 1 }).deadlines).toEqual(listDeadlines({ from: "2026-06-01", limit: 1 }).deadlines);
    // A skip past a day's records goes on to the next day, as that day's last page would.
    expect(listDeadlines({ from: "2026-06-15", skip: 9, limit: 1 }).deadlines[0]!.date > "2026-06-15").toBe(true);
  });

  it("writes a position as a cursor and reads it back; other text is no cursor", () => {
    expect(deadlineCursor({ from: "2026-06-15", skip: 2 })).toBe("2026-06-15.2");
    expect(parseDeadlineCursor("2026-06-15.2")).toEqual({ from: "2026-06-15", skip: 2 });
    for (const text of ["2026-06-15", "2026-02-30.1", "2026-06-15.-1", "2026-06-15.1000", "2026-6-15.1", " 2026-06-15.1", "x"]) {
      expect(parseDeadlineCursor(text), text).toBeNull();
    }
  });

  it("reads back every cursor it issues, and no position it never issues", () => {
    // Walking the whole calendar a record a page issues every cursor there is.
    let position = listDeadlines({ from: "2024-05-07", limit: 1 }).next;
    let walked = 0;
    while (position !== null) {
      expect(parseDeadlineCursor(deadlineCursor(position))).toEqual({ skip: 0, ...position });
      position = listDeadlines({ ...position, limit: 1 }).next;
      walked++;
    }
    expect(walked).toBeGreaterThan(100);
    const dueOnJune15 = listDeadlines({ from: "2026-06-15", limit: 100 }).deadlines.filter((d) => d.date === "2026-06-15").length;
    expect(dueOnJune15).toBeGreaterThan(1);
    // A day with nothing due (1 July 2026), a count past that day's records, a count with a leading zero, a day
    // before the calendar: each a well-formed position no page ever ends at.
    for (const text of ["2026-07-01.0", `2026-06-15.${dueOnJune15}`, "2026-06-15.01", "0000-01-01.0"]) {
      expect(parseDeadlineCursor(text), text).toBeNull();
    }
  });

  it("answers the README example", () => {
    expect(listDeadlines({ from: "2026-07-01", limit: 5 }).deadlines.map((d) => [d.date, d.category])).toEqual([
      ["2026-07-07", "tds_deposit"],
      ["2026-07-15", "tcs_return"],
      ["2026-07-31", "itr_filing"],
      ["2026-07-31", "tds_return"],
      ["2026-08-07", "tds_deposit"],
    ]);
  });

  it.each([1, 10, 100])("returns at most %i records", (limit) => {
    expect(listDeadlines({ from: "2024-01-01", limit }).deadlines).toHaveLength(limit);
  });

  it("returns an empty list after the last due date", () => {
    expect(listDeadlines({ from: "2032-04-01", limit: 10 }).deadlines).toEqual([]);
    expect(listDeadlines({ from: "2032-03-31", limit: 10 }).deadlines.map((d) => d.date)).toEqual(["2032-03-31"]);
  });
});
