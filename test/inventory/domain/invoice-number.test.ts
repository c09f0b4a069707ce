import { describe, expect, it } from "vitest";
import { creditNotePrefix, financialYearCode } from "../../../src/inventory/domain/invoice-number";

// The Indian financial year runs from 1 April to 31 March (Income-tax Act 1961, s. 3; CGST Rules 2017,
// rule 46(b): invoice numbers are unique and consecutive for a financial year).
describe("financialYearCode", () => {
  it.each([
    ["2026-03-31", "2526"],
    ["2026-04-01", "2627"],
    ["2026-12-31", "2627"],
    ["2027-01-01", "2627"],
    ["2000-01-15", "9900"],
    ["2099-04-01", "9900"],
    ["2009-06-30", "0910"],
  ])("%s is in financial year %s", (date, code) => {
    expect(financialYearCode(date)).toBe(code);
  });
});

describe("creditNotePrefix", () => {
  it("puts the financial year of the issue date between CN/ and the running number", () => {
    expect(creditNotePrefix("2026-03-31")).toBe("CN/2526/");
    expect(creditNotePrefix("2026-04-01")).toBe("CN/2627/");
  });
});
