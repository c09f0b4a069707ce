import { describe, expect, it } from "vitest";
import { complianceDatesBetween } from "../../../src/inventory/domain/compliance";

const brief = (from: string, to: string) => complianceDatesBetween(from, to).map((d) => `${d.date} ${d.kind} ${d.period}`);

describe("complianceDatesBetween", () => {
  it("lists the month's TDS deposit (7th), GSTR-1 (11th) and GSTR-3B (20th) for the previous month", () => {
    expect(brief("2026-11-01", "2026-11-30")).toEqual(["2026-11-07 tds_deposit 2026-10", "2026-11-11 gstr1 2026-10", "2026-11-20 gstr3b 2026-10"]);
  });

  it("puts March's TDS deposit on 30 April (Rule 30(2)), so April has no deposit on the 7th", () => {
    expect(brief("2026-04-01", "2026-04-30")).toEqual(["2026-04-11 gstr1 2026-03", "2026-04-20 gstr3b 2026-03", "2026-04-30 tds_deposit 2026-03"]);
    expect(brief("2026-05-01", "2026-05-07")).toEqual(["2026-05-07 tds_deposit 2026-04"]);
  });

  it("crosses a year end", () => {
    expect(brief("2026-12-20", "2027-01-11")).toEqual(["2026-12-20 gstr3b 2026-11", "2027-01-07 tds_deposit 2026-12", "2027-01-11 gstr1 2026-12"]);
  });

  it("includes both ends and nothing outside them", () => {
    expect(brief("2026-11-07", "2026-11-11")).toEqual(["2026-11-07 tds_deposit 2026-10", "2026-11-11 gstr1 2026-10"]);
    expect(brief("2026-11-08", "2026-11-10")).toEqual([]);
    expect(brief("2026-11-30", "2026-11-01")).toEqual([]);
  });

  it("gives each obligation exactly once over a year, so a cron window sliding day by day emits each date once", () => {
    const year = complianceDatesBetween("2026-04-01", "2027-03-31");
    expect(year).toHaveLength(36);
    expect(new Set(year.map((d) => `${d.kind} ${d.period}`)).size).toBe(36);
    // Day-by-day three-day windows see the same set of dates, each first seen three days ahead.
    const firstSeen = new Map<string, string>();
    for (let day = Date.parse("2026-03-29T00:00:00Z"); day <= Date.parse("2027-03-31T00:00:00Z"); day += 86_400_000) {
      const today = new Date(day).toISOString().slice(0, 10);
      const ahead = new Date(day + 3 * 86_400_000).toISOString().slice(0, 10);
      for (const d of complianceDatesBetween(today, ahead)) {
        const key = `${d.kind} ${d.period}`;
        if (!firstSeen.has(key)) firstSeen.set(key, today);
      }
    }
    for (const d of year) {
      expect(firstSeen.get(`${d.kind} ${d.period}`), d.title).toBe(
        new Date(Date.parse(`${d.date}T00:00:00Z`) - 3 * 86_400_000).toISOString().slice(0, 10),
      );
    }
  });

  it("describes each date for the webhook payload", () => {
    const [tds, gstr1, gstr3b] = complianceDatesBetween("2026-11-01", "2026-11-30");
    expect(tds).toMatchObject({ title: "TDS deposit for October 2026" });
    expect(tds?.description).toContain("Rule 218 of the Income-tax Rules 2026");
    expect(gstr1).toMatchObject({ title: "GSTR-1 for October 2026" });
    expect(gstr3b?.description).toContain("2026-11-20");
    expect(complianceDatesBetween("2026-03-07", "2026-03-07")[0]?.description).toContain("Rule 30 of the Income-tax Rules 1962");
  });
});
