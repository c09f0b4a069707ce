import { describe, expect, it } from "vitest";
import { checkCashReceipt } from "../../../src/inventory/domain/cash-receipts";

// Income-tax Act s.269ST: no cash receipt of ₹2,00,000 or more from one person in a day or for one transaction.
const base = { method: "cash", sameDayCashPaise: 0, sameInvoiceCashPaise: 0 };

describe("checkCashReceipt", () => {
  it("refuses ₹2,50,000 in cash as one transaction", () => {
    const result = checkCashReceipt({ ...base, amountPaise: 25_000_000 });
    expect(result).toMatchObject({ ok: false, code: "cash_receipt_limit", basis: "transaction" });
    expect(!result.ok && result.message).toContain("269ST");
  });

  it("refuses exactly ₹2,00,000 (the section says 2 lakh or more) and accepts ₹1,99,999.99", () => {
    expect(checkCashReceipt({ ...base, amountPaise: 20_000_000 })).toMatchObject({ ok: false });
    expect(checkCashReceipt({ ...base, amountPaise: 19_999_999 })).toEqual({ ok: true });
  });

  it("adds the day's earlier cash from the same customer", () => {
    expect(checkCashReceipt({ ...base, amountPaise: 5_000_000, sameDayCashPaise: 15_000_000 })).toMatchObject({
      ok: false,
      basis: "day",
      alreadyPaise: 15_000_000,
    });
    expect(checkCashReceipt({ ...base, amountPaise: 4_999_999, sameDayCashPaise: 15_000_000 })).toEqual({ ok: true });
  });

  it("adds earlier cash against the same invoice, whatever the day", () => {
    expect(checkCashReceipt({ ...base, amountPaise: 10_000_000, sameInvoiceCashPaise: 10_000_000 })).toMatchObject({
      ok: false,
      basis: "transaction",
    });
  });

  it("an advance names no invoice: ₹2,00,000 in one receipt is refused as one receipt, not as one invoice's", () => {
    const result = checkCashReceipt({ ...base, sameInvoiceCashPaise: null, amountPaise: 20_000_000 });
    expect(result).toMatchObject({ ok: false, basis: "transaction", alreadyPaise: 0 });
    expect(!result.ok && result.message).toContain("in one receipt");
    expect(!result.ok && result.message).not.toContain("invoice");
    expect(checkCashReceipt({ ...base, sameInvoiceCashPaise: null, amountPaise: 19_999_999 })).toEqual({ ok: true });
  });

  it.each(["neft", "rtgs", "upi", "cheque"])("does not limit %s receipts", (method) => {
    expect(checkCashReceipt({ ...base, method, amountPaise: 25_000_000, sameDayCashPaise: 19_000_000 })).toEqual({ ok: true });
  });
});
