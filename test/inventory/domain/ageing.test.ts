import { describe, expect, it } from "vitest";
import { ageingBucket } from "../../../src/inventory/domain/ageing";

// Age in days = today − invoice date, counted on the calendar: 2026-10-24 to 2026-11-01 is 8 days, then 22 more
// to 2026-11-23, so an invoice of 2026-10-24 is 30 days old on 2026-11-23.
describe("ageingBucket on 2026-11-23", () => {
  it.each([
    ["2026-11-23", "0_30"], // 0 days
    ["2026-10-24", "0_30"], // 30 days
    ["2026-10-23", "31_60"], // 31 days
    ["2026-09-24", "31_60"], // 60 days: 7 (to 1 October) + 31 (October) + 22
    ["2026-09-23", "61_90"], // 61 days
    ["2026-08-25", "61_90"], // 90 days: 7 (to 1 September) + 30 (September) + 31 (October) + 22
    ["2026-08-24", "over_90"], // 91 days
    ["2019-01-01", "over_90"],
  ])("%s → %s", (saleDate, bucket) => {
    expect(ageingBucket(saleDate, "2026-11-23")).toBe(bucket);
  });
});
