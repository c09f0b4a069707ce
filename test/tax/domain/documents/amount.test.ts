// Amount cells as Form 16 and AIS print them, and how lines split into label + amounts.
import { describe, expect, it } from "vitest";
import { parseAmount } from "../../../../src/tax/domain/documents";
import { readAmountToken } from "../../../../src/tax/domain/documents/amount";
import { segmentLine } from "../../../../src/tax/domain/documents/lines";

describe("parseAmount", () => {
  it.each([
    ["1,23,456.00", 123456],
    ["1,23,45,678.90", 12345678.9],
    ["1,234,567.50", 1234567.5],
    ["150000", 150000],
    ["150000.5", 150000.5],
    ["0.00", 0],
    ["Rs. 1,000", 1000],
    ["Rs.1,000.00", 1000],
    ["rs 500", 500],
    ["₹1,50,000", 150000],
    ["₹ 2,500.00", 2500],
    ["INR 75,000", 75000],
    ["-1,000", -1000],
    ["(1,000)", -1000],
    ["(1,20,000.00)", -120000],
    ["(Rs. 500.00)", -500],
    ["Rs. -2,00,000.00", -200000],
    ["1,44,000/-", 144000],
    ["(-) 1,50,000", -150000],
    ["(-)1,50,000.00", -150000],
    ["1,50,000.00 (-)", -150000],
    ["1,50,000.00-", -150000],
    ["-₹ 1,50,000", -150000],
    ["`1,45,000.00", 145000],
    ["` 2,500", 2500],
    ["", 0],
    ["   ", 0],
    ["-", 0],
    ["--", 0],
    ["NIL", 0],
    ["Nil", 0],
    ["N.A.", 0],
  ])("%j is %d", (cell, rupees) => {
    expect(parseAmount(cell)).toBe(rupees);
  });

  it.each([
    ["abc"],
    ["1,2,3"],
    ["12,34"],
    ["1,23,4567"],
    ["30/06/2025"],
    ["2025-26"],
    ["4%"],
    ["1.234"],
    ["(1)"],
    ["(13A)"],
    ["80CCD"],
    ["Rs."],
    ["1234567890123456"],
    [".50"],
    // A minus after a bare number is half a year or a range ("2025-"), not a negative.
    ["2025-"],
  ])("%j is not an amount", (cell) => {
    expect(parseAmount(cell)).toBeNull();
  });

  it("reads amounts as whole paise, so sums of them are exact", () => {
    expect(readAmountToken("0.10")!.paise + readAmountToken("0.20")!.paise).toBe(30);
    expect(readAmountToken("1,00,000.29")!.paise).toBe(10_000_029);
    expect(parseAmount("1,00,000.29")).toBe(100000.29);
  });
});

describe("segmentLine", () => {
  const read = (line: string) => segmentLine(line).map((s) => [s.label, s.amounts.map((a) => a.paise / 100)]);

  it.each([
    [
      "(a) Salary as per provisions contained in section 17(1)   1450000.00",
      [["(a) Salary as per provisions contained in section 17(1)", [1450000]]],
    ],
    ["section 17(1)(a)6808042.00", [["section 17(1)(a)", [6808042]]]],
    ["(d)Total6885097.00", [["(d)Total", [6885097]]]],
    ["(a)-200000.00", [["(a)", [-200000]]]],
    [
      "(d) Total 1000000.00 (e) Reported salary from other employer(s) 300000.00",
      [
        ["(d) Total", [1000000]],
        ["(e) Reported salary from other employer(s)", [300000]],
      ],
    ],
    ["Less: Relief under section 89", [["Less: Relief under section 89", []]]],
    ["under section 192 (2B)", [["under section 192 (2B)", []]]],
    ["Rebate under section 87A 12,500", [["Rebate under section 87A", [12500]]]],
    ["Q1 QRCPT123 290000 14505 14505", [["Q1 QRCPT123", [290000, 14505, 14505]]]],
    ["Surcharge NIL", [["Surcharge", [0]]]],
    ["(d) Total Rs. 8,40,000.00", [["(d) Total", [840000]]]],
    ["Page 1 of 3", [["Page 1 of 3", []]]],
    // Stamps, dates and identifiers: never money.
    ["Date: 2025.06.11 18:20:11 +05'30'", [["Date: 2025.06.11 18:20:11 +05'30'", []]]],
    ["Signature Not Verified 11.06.2025", [["Signature Not Verified 11.06.2025", []]]],
    ["Phone: 9876543210", [["Phone: 9876543210", []]]],
    ["Challan Serial No. 00123", [["Challan Serial No. 00123", []]]],
    ["BSR Code 0510308", [["BSR Code 0510308", []]]],
    // A row label that happens to end in such a word, its integers in columns after a gap: those are its amounts.
    [
      "(l) Deduction in respect of interest on deposits in savings account   18400   10000",
      [["(l) Deduction in respect of interest on deposits in savings account", [18400, 10000]]],
    ],
    [
      "(c) Profits in lieu of salary under section 17(3) (as per Form No.      0",
      [["(c) Profits in lieu of salary under section 17(3) (as per Form No.", [0]]],
    ],
    ["Total taxable income (9-11)1012340.00", [["Total taxable income (9-11)", [1012340]]]],
    ["Total amount of any other exemption under section 100.00", [["Total amount of any other exemption under section 10", [0]]]],
    ["(d) Total ` 8,40,000.00", [["(d) Total", [840000]]]],
    // Negatives printed apart from their digits.
    ["(a) House property   - 1,50,000.00", [["(a) House property", [-150000]]]],
    ["- 1,50,000.00", [["", [-150000]]]],
    ["(a) House property   (-) 1,50,000.00", [["(a) House property", [-150000]]]],
    ["(a) House property   -Rs. 1,50,000", [["(a) House property", [-150000]]]],
    ["(a) House property   -₹ 1,50,000", [["(a) House property", [-150000]]]],
    ["(a) House property   ( 1,50,000 )", [["(a) House property", [-150000]]]],
    ["(a) House property   (Rs. 1,50,000.00)", [["(a) House property", [-150000]]]],
    ["(a) House property   1,50,000.00 (-)", [["(a) House property", [-150000]]]],
    ["(a) House property   1,50,000.00-", [["(a) House property", [-150000]]]],
    // "(-)" belongs to the amount it is one space from.
    ["(b) Other sources   20,000.00 (-) 1,30,000.00", [["(b) Other sources", [20000, -130000]]]],
    // A dash in a column of its own is a blank cell, not a sign; "( 1 )" is a sub-section.
    ["(c) Tax on employment   -   2,500.00", [["(c) Tax on employment", [0, 2500]]]],
    ["(c) Tax on employment   2,500.00   -", [["(c) Tax on employment", [2500, 0]]]],
    ["section 80CCD ( 1 )", [["section 80CCD ( 1 )", []]]],
    // A dash with one space either side before the line's last amount separates the label from it, as some
    // payroll software prints rows; the label keeps its own hyphens, brackets and dates, and a sign stays a sign.
    ["Section 80C - 150000.00", [["Section 80C", [150000]]]],
    ["Section 80CCD(1B) - 50,000.00", [["Section 80CCD(1B)", [50000]]]],
    ["Pay-roll arrears - Rs. 12,000", [["Pay-roll arrears", [12000]]]],
    ["Paid on 31-03-2025 - 1,000.00", [["Paid on 31-03-2025", [1000]]]],
    ["(a) House property - -1,50,000.00", [["(a) House property", [-150000]]]],
    ["(a) House property - (1,50,000.00)", [["(a) House property", [-150000]]]],
    ["(h) Total amount of any other exemption under section 10 - 2400.00", [["(h) Total amount of any other exemption under section 10", [2400]]]],
    ["Challan No. - 12345", [["Challan No. 12345", []]]],
    ["(b) Other sources 20,000.00 - 1,30,000.00", [["(b) Other sources", [20000, 0, 130000]]]],
    // A section number is at most three digits; what follows it is an amount.
    ["(h) Total amount of any other exemption under section 10   9600", [["(h) Total amount of any other exemption under section 10", [9600]]]],
    ["(a) Standard deduction u/s 16   75000", [["(a) Standard deduction u/s 16", [75000]]]],
    ["Relief u/s 89   0", [["Relief u/s 89", [0]]]],
    ["4. Less: Deductions under section 16", [["4. Less: Deductions under section 16", []]]],
  ])("%j", (line, expected) => {
    expect(read(line)).toEqual(expected);
  });
});
