// CGST s.34(2): a credit note reduces GST only when declared no later than 30 November after the end of the
// financial year of the invoice it credits, or the date the annual return of that year is furnished, whichever is
// earlier; the proviso to s.37(3) sets the same limit on amending (so cancelling) the invoice in a return. The Indian financial year runs from 1 April to 31 March. Each deadline below is worked by hand from those
// rules.
import { describe, expect, it } from "vitest";
import { cancellationAdjustsGst, creditNoteAdjustsGst, lastGstCorrectionDate } from "../../../src/inventory/domain/gst-time-limit";

describe("lastGstCorrectionDate", () => {
  it.each([
    // 15 March 2025 is in FY 2024-25, which ends 31 March 2025: the limit is 30 November 2025.
    ["2025-03-15", "2025-11-30"],
    // 31 March 2025 is the last day of FY 2024-25: the same limit.
    ["2025-03-31", "2025-11-30"],
    // 1 April 2025 opens FY 2025-26, which ends 31 March 2026: the limit is 30 November 2026.
    ["2025-04-01", "2026-11-30"],
    // 1 December 2025 and 1 January 2026 are in FY 2025-26 too.
    ["2025-12-01", "2026-11-30"],
    ["2026-01-01", "2026-11-30"],
    // 1 July 2017, the first day of GST, is in FY 2017-18, which ends 31 March 2018.
    ["2017-07-01", "2018-11-30"],
  ])("an invoice dated %s can be credited with GST until %s", (invoiceDate, last) => {
    expect(lastGstCorrectionDate(invoiceDate)).toBe(last);
    expect(lastGstCorrectionDate(invoiceDate, null)).toBe(last);
  });

  // "Whichever is earlier": the annual return ends the limit on the day it is furnished when that is before 30
  // November, and not otherwise (the annual return is due on 31 December, so it may well come after).
  it.each([
    // FY 2024-25 (invoice of 15 March 2025): return furnished 15 October 2025, before 30 November 2025.
    ["2025-03-15", "2025-10-15", "2025-10-15"],
    // The whole year shares its annual return: an invoice of 1 April 2024 is in FY 2024-25 too.
    ["2024-04-01", "2025-10-15", "2025-10-15"],
    // Furnished on 29 November 2025, the day before: that day.
    ["2025-03-15", "2025-11-29", "2025-11-29"],
    // Furnished on 30 November 2025 itself: the two are the same day.
    ["2025-03-15", "2025-11-30", "2025-11-30"],
    // Furnished on 20 December 2025, after 30 November 2025: 30 November stays the limit.
    ["2025-03-15", "2025-12-20", "2025-11-30"],
    // FY 2025-26 (invoice of 1 April 2025), furnished 1 May 2026: limit 1 May 2026 instead of 30 November 2026.
    ["2025-04-01", "2026-05-01", "2026-05-01"],
  ])("an invoice dated %s, whose year's annual return was furnished on %s, can be credited with GST until %s", (invoiceDate, filedOn, last) => {
    expect(lastGstCorrectionDate(invoiceDate, filedOn)).toBe(last);
  });
});

describe("creditNoteAdjustsGst", () => {
  // Recorded on the day it is dated: the limits worked above decide.
  it.each([
    ["2025-03-15", "2025-03-15", true],
    ["2025-03-15", "2025-11-30", true],
    ["2025-03-15", "2025-12-01", false],
    ["2025-03-15", "2026-11-30", false],
    ["2025-04-01", "2025-12-01", true],
    ["2025-04-01", "2026-11-30", true],
    ["2025-04-01", "2026-12-01", false],
  ])("invoice %s, credit note dated and recorded %s: adjusts GST %s", (invoiceDate, issuedOn, adjusts) => {
    expect(creditNoteAdjustsGst(invoiceDate, { issuedOn, recordedOn: issuedOn }, null)).toBe(adjusts);
  });

  // A note is declared no earlier than it is recorded, so s.34(2) is judged on the later of its date and the day it is
  // recorded. Invoice of 1 April 2025: FY 2025-26, limit 30 November 2026.
  it.each([
    // Dated 15 November 2026 but recorded 10 January 2027, past the limit: no GST, whatever its date.
    ["2026-11-15", "2027-01-10", false],
    // Dated 15 November 2026, recorded 1 December 2026, the day after the limit: no GST.
    ["2026-11-15", "2026-12-01", false],
    // Dated 15 November 2026, recorded on 30 November 2026, the last day: GST adjusted.
    ["2026-11-15", "2026-11-30", true],
    // Recorded within the limit but dated after it: the date decides, no GST (as before).
    ["2026-12-01", "2026-11-30", false],
  ])("invoice 2025-04-01, credit note dated %s and recorded %s: adjusts GST %s", (issuedOn, recordedOn, adjusts) => {
    expect(creditNoteAdjustsGst("2025-04-01", { issuedOn, recordedOn }, null)).toBe(adjusts);
  });

  // Invoice of 15 March 2025 (FY 2024-25), whose annual return was furnished on 15 October 2025: the limit is 15
  // October 2025, not 30 November 2025. "Not later than" that day: a note declarable on it still adjusts GST.
  it.each([
    // Dated and recorded on the filing day itself: GST adjusted.
    ["2025-10-15", "2025-10-15", true],
    // Dated and recorded the day after: no GST, though 30 November is still ahead.
    ["2025-10-16", "2025-10-16", false],
    // Dated before the filing day but recorded the day after it: declarable only then, no GST.
    ["2025-10-10", "2025-10-16", false],
    // Recorded before the filing day but dated after it: the date decides, no GST.
    ["2025-10-16", "2025-10-10", false],
    // Dated and recorded well before the filing day: GST adjusted.
    ["2025-09-01", "2025-09-01", true],
  ])(
    "invoice 2025-03-15, annual return furnished 2025-10-15, credit note dated %s and recorded %s: adjusts GST %s",
    (issuedOn, recordedOn, adjusts) => {
      expect(creditNoteAdjustsGst("2025-03-15", { issuedOn, recordedOn }, "2025-10-15")).toBe(adjusts);
    },
  );

  // Without the annual return recorded, the note of 16 October 2025 above adjusts GST: 30 November 2025 is the limit.
  it("the same note of 16 October 2025 adjusts GST when no annual return is recorded", () => {
    expect(creditNoteAdjustsGst("2025-03-15", { issuedOn: "2025-10-16", recordedOn: "2025-10-16" }, null)).toBe(true);
  });
});

describe("cancellationAdjustsGst", () => {
  // Invoice of 15 March 2025 (FY 2024-25): the limit is 30 November 2025, or 15 October 2025 when that year's annual
  // return was furnished then. The day of the limit itself still counts.
  it.each([
    ["2025-11-30", null, true],
    ["2025-12-01", null, false],
    ["2025-10-15", "2025-10-15", true],
    ["2025-10-16", "2025-10-15", false],
    // A return furnished after 30 November leaves the limit at 30 November.
    ["2025-12-01", "2025-12-20", false],
  ])("invoice 2025-03-15 cancelled on %s, annual return furnished %s: its tax reversed %s", (cancelledOn, filedOn, adjusts) => {
    expect(cancellationAdjustsGst("2025-03-15", cancelledOn, filedOn)).toBe(adjusts);
  });
});
