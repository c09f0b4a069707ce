import { describe, expect, it } from "vitest";
import { GST_RATE_TABLE, gstRateOn } from "../../../src/inventory/domain/gst-rates";
import { YARN_CATALOGUE } from "../../../src/inventory/domain/yarn";

// Rates: Notification 1/2017-Central Tax (Rate) from 1 July 2017; man-made-fibre yarn and fibre moved to 5 %
// from 22 September 2025 by Notification 9/2025-Central Tax (Rate) of 17 September 2025 (56th GST Council).
describe("gstRateOn", () => {
  it("charges polyester spun yarn (5509) 12 % on 2025-09-01, before the 2025 rate change", () => {
    const rate = gstRateOn("55092100", "2025-09-01");
    expect(rate).toMatchObject({ ok: true, rateBps: 1200 });
  });

  it.each([
    ["550921", "2025-09-21", 1200],
    ["550921", "2025-09-22", 500],
    ["540247", "2025-09-21", 1200], // polyester FDY
    ["540247", "2025-09-22", 500],
    ["551011", "2026-01-15", 500], // viscose spun
    ["52052310", "2019-05-01", 500], // 30s combed cotton, grey: 5 % throughout
    ["52052310", "2025-09-22", 500],
    ["520623", "2024-01-01", 500], // CVC
    ["5503", "2025-09-21", 1800], // polyester staple fibre
    ["5503", "2025-09-22", 500],
  ])("HSN %s on %s → %i bps", (hsn, date, bps) => {
    expect(gstRateOn(hsn, date)).toMatchObject({ ok: true, rateBps: bps });
  });

  it("cites Notification 9/2025 for the new man-made-fibre yarn rate", () => {
    const rate = gstRateOn("550921", "2025-09-22");
    expect(rate.ok && rate.notification).toContain("9/2025-Central Tax (Rate)");
    expect(rate.ok && rate.confirmed).toBe(true);
  });

  it("refuses a date of supply before GST began", () => {
    expect(gstRateOn("520523", "2017-06-30")).toMatchObject({ ok: false, code: "before_gst" });
  });

  it("refuses an HSN outside the yarn rate table", () => {
    expect(gstRateOn("6109", "2025-10-01")).toMatchObject({ ok: false, code: "hsn_not_in_rate_table" });
  });

  it("has, for every heading, rows that meet end to end with no overlap or gap and end open", () => {
    const headings = new Set(GST_RATE_TABLE.flatMap((r) => r.headings));
    for (const heading of headings) {
      const rows = GST_RATE_TABLE.filter((r) => r.headings.includes(heading)).sort((a, b) => (a.from < b.from ? -1 : 1));
      expect(rows[0]!.from, heading).toBe("2017-07-01");
      for (let i = 1; i < rows.length; i++) expect(rows[i]!.from, heading).toBe(rows[i - 1]!.until);
      expect(rows.at(-1)!.until, heading).toBeNull();
    }
  });

  it("rates every yarn of the catalogue on both sides of 22 September 2025, at the catalogue's current rate after it", () => {
    for (const yarn of YARN_CATALOGUE) {
      expect(gstRateOn(yarn.hsn, "2025-09-21").ok, yarn.sku).toBe(true);
      expect(gstRateOn(yarn.hsn, "2025-09-22"), yarn.sku).toMatchObject({ ok: true, rateBps: yarn.gstRatePercent * 100 });
    }
  });
});
