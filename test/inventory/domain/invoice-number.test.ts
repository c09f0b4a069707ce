import { describe, expect, it } from "vitest";
import { creditNoteInOrder, creditNotePrefix, financialYearCode } from "../../../src/inventory/domain/invoice-number";

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

// CGST Rules, rule 53(1A)(b): a consecutive serial number per financial year, issued in date order as invoices are.
describe("creditNoteInOrder", () => {
  const last = { noteNumber: "CN/2627/000001", issuedOn: "2026-04-05" };
  it("takes the first note of a year, and a note dated on or after the year's last", () => {
    expect(creditNoteInOrder("2026-04-01", null)).toEqual({ ok: true });
    expect(creditNoteInOrder("2026-04-05", last)).toEqual({ ok: true });
    expect(creditNoteInOrder("2026-04-06", last)).toEqual({ ok: true });
  });
  it("refuses a note dated before the year's last, naming it", () => {
    expect(creditNoteInOrder("2026-04-04", last)).toEqual({
      ok: false,
      code: "credit_note_before_last_note",
      message: "date 2026-04-04 is before credit note CN/2627/000001 dated 2026-04-05; a financial year's credit notes are numbered in date order",
      lastNoteNumber: "CN/2627/000001",
      lastIssuedOn: "2026-04-05",
    });
  });
});
