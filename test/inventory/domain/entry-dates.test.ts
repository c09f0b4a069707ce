import { describe, expect, it } from "vitest";
import { checkEntryDate, checkSaleAfterLotReceipts } from "../../../src/inventory/domain/entry-dates";

describe("checkEntryDate", () => {
  // 2026-11-23T18:29:59Z is 23:59:59 IST on 23 November; one second later it is 24 November in India.
  const lastSecondOf23 = Date.parse("2026-11-23T18:29:59Z");
  const firstSecondOf24 = Date.parse("2026-11-23T18:30:00Z");

  it("accepts today's IST date and refuses tomorrow's", () => {
    expect(checkEntryDate({ field: "paid_on", date: "2026-11-23", nowMs: lastSecondOf23 })).toEqual({ ok: true, date: "2026-11-23" });
    expect(checkEntryDate({ field: "paid_on", date: "2026-11-24", nowMs: lastSecondOf23 })).toMatchObject({
      ok: false,
      code: "future_date",
      field: "paid_on",
    });
    expect(checkEntryDate({ field: "paid_on", date: "2026-11-24", nowMs: firstSecondOf24 })).toMatchObject({ ok: true });
  });

  it.each([
    ["2031-01-01", "future_date"],
    ["2017-06-30", "date_before_books"],
    ["2026-02-30", "invalid_date"],
    ["23/11/2026", "invalid_date"],
  ])("refuses %s with %s, naming the field", (date, code) => {
    const result = checkEntryDate({ field: "spent_on", date, nowMs: lastSecondOf23 });
    expect(result).toMatchObject({ ok: false, code, field: "spent_on" });
    expect(!result.ok && result.message).toContain("spent_on");
  });
});

describe("checkSaleAfterLotReceipts", () => {
  const lots = [
    { lotId: "lot_a", receivedOn: "2025-09-01" },
    { lotId: "lot_b", receivedOn: "2025-10-01" },
  ];

  it("accepts a sale on or after every lot's receipt", () => {
    expect(checkSaleAfterLotReceipts("2025-10-01", lots)).toEqual({ ok: true });
  });

  it("refuses a sale dated before a lot arrived, naming the lot", () => {
    expect(checkSaleAfterLotReceipts("2019-05-01", lots)).toMatchObject({ ok: false, code: "sale_before_lot_receipt", lotId: "lot_a" });
    expect(checkSaleAfterLotReceipts("2025-09-30", lots)).toMatchObject({
      ok: false,
      code: "sale_before_lot_receipt",
      lotId: "lot_b",
      receivedOn: "2025-10-01",
    });
  });
});
