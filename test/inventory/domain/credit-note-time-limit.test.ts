// CGST s.34(2): a credit note reduces GST only when declared no later than 30 November after the end of the
// financial year of the invoice it credits (or the annual return, if filed earlier: the service cannot see it).
// The Indian financial year runs from 1 April to 31 March. Each deadline below is worked by hand from those two rules.
import { describe, expect, it } from "vitest";
import { creditNoteAdjustsGst, lastGstCreditDate } from "../../../src/inventory/domain/credit-note-time-limit";

describe("lastGstCreditDate", () => {
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
    expect(lastGstCreditDate(invoiceDate)).toBe(last);
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
    expect(creditNoteAdjustsGst(invoiceDate, { issuedOn, recordedOn: issuedOn })).toBe(adjusts);
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
    expect(creditNoteAdjustsGst("2025-04-01", { issuedOn, recordedOn })).toBe(adjusts);
  });
});
