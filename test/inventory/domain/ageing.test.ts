import { describe, expect, it } from "vitest";
import { ageingStarts } from "../../../src/inventory/domain/ageing";

// Age in days = today − invoice date, counted on the calendar: 2026-10-24 to 2026-11-01 is 8 days, then 22 more
// to 2026-11-23, so an invoice of 2026-10-24 is 30 days old on 2026-11-23, the oldest of the 0-30 bucket.
describe("ageingStarts on 2026-11-23", () => {
  it("starts 0-30 at 30 days old, 31-60 at 60 and 61-90 at 90", () => {
    expect(ageingStarts("2026-11-23")).toEqual({
      "0_30": "2026-10-24",
      "31_60": "2026-09-24", // 60 days: 7 (to 1 October) + 31 (October) + 22
      "61_90": "2026-08-25", // 90 days: 7 (to 1 September) + 30 (September) + 31 (October) + 22
    });
  });

  it("counts across a year's end and a leap day", () => {
    // 2028-03-01 less 30 days: 29 days of February 2028 (a leap year) and 1 of March → 2028-01-31.
    expect(ageingStarts("2028-03-01")["0_30"]).toBe("2028-01-31");
    // 2027-01-15 less 90 days: 15 (January) + 31 (December) + 30 (November) + 14 → 2026-10-17.
    expect(ageingStarts("2027-01-15")["61_90"]).toBe("2026-10-17");
  });
});
