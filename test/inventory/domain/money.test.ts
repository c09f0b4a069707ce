import { describe, expect, it } from "vitest";
import { amountPaise, formatGrams, formatPaise, formatValueOf, parseKg, parseRupees } from "../../../src/inventory/domain/money";

describe("formatPaise", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [-5, "-0.05"],
    [99, "0.99"],
    [100, "1.00"],
    [125050, "1250.50"],
    [-125000, "-1250.00"],
    [123456789, "1234567.89"],
    [900719925474099, "9007199254740.99"],
  ])("%i paise → %s", (paise, text) => {
    expect(formatPaise(paise)).toBe(text);
  });

  it.each([0.5, Number.NaN, 2 ** 53])("refuses the non-integer %d", (value) => {
    expect(() => formatPaise(value)).toThrow(RangeError);
  });
});

describe("formatGrams", () => {
  it.each([
    [1234567, "1234.567"],
    [1, "0.001"],
    [500, "0.500"],
    [50000, "50.000"],
    [-2500, "-2.500"],
    [0, "0.000"],
  ])("%i g → %s kg", (grams, text) => {
    expect(formatGrams(grams)).toBe(text);
  });
});

describe("parseRupees", () => {
  it.each<[string | number, number]>([
    ["1250", 125000],
    ["1250.5", 125050],
    ["1,250.50", 125050],
    ["₹1,250.50", 125050],
    ["₹ 1250", 125000],
    ["-₹1,250.00", -125000],
    ["12,34,567.89", 123456789],
    ["1,234,567.89", 123456789],
    ["-1250.00", -125000],
    ["0.1", 10],
    ["-0.00", 0],
    [" 42 ", 4200],
    [0.1, 10],
    [0.29, 29],
    [1250.5, 125050],
    [-3, -300],
  ])("%j → %i paise", (input, paise) => {
    expect(parseRupees(input)).toEqual({ ok: true, paise });
  });

  it.each<string | number>([
    "1250.505",
    "1,25,0",
    "1,2500",
    ",125",
    "12,34,56,7",
    "1.2.3",
    "abc",
    "",
    "1e3",
    "₹",
    "--5",
    "+5",
    1e21,
    0.001,
    Number.NaN,
  ])("rejects %j", (input) => {
    expect(parseRupees(input).ok).toBe(false);
  });

  it("round-trips through formatPaise without drift", () => {
    for (const paise of [1, 10, 29, 57, 99, 101, 123456789, -4567]) {
      expect(parseRupees(formatPaise(paise))).toEqual({ ok: true, paise });
    }
  });
});

describe("parseKg", () => {
  it.each<[string | number, number]>([
    ["12.5", 12500],
    ["0.001", 1],
    ["1,000.250", 1000250],
    ["45.36", 45360],
    [1.005, 1005],
    [50, 50000],
  ])("%j kg → %i g", (input, grams) => {
    expect(parseKg(input)).toEqual({ ok: true, grams });
  });

  it.each<string | number>(["1.0005", "12kg", "", 0.0001])("rejects %j", (input) => {
    expect(parseKg(input).ok).toBe(false);
  });
});

describe("amountPaise", () => {
  it.each([
    [50_000, 28_500, 1_425_000], // 50 kg × ₹285.00 = ₹14,250.00
    [12_345, 23_800, 293_811], // 12.345 kg × ₹238 = ₹2,938.11
    [1, 50, 0], // 0.05 paise rounds down
    [10, 50, 1], // 0.5 paise rounds half up
    [-10, 50, -1], // a returned line rounds half away from zero
  ])("%i g × %i paise/kg = %i paise", (grams, rate, paise) => {
    expect(amountPaise(grams, rate)).toBe(paise);
  });
});

describe("formatValueOf", () => {
  it.each([
    [1_840_500, 29_850, "549389.25"], // 1840.500 kg × 298.50 = 549389.2500
    [1, 1, "0.00"], // 0.001 kg × 0.01 = 0.00001
    [500, 1, "0.01"], // 0.5 kg × 0.01 = 0.005, half away from zero
    [499, 1, "0.00"],
    [0, 1_000_000, "0.00"],
    [-1_500, 1, "-0.02"], // −1.5 paise, half away from zero
    [-499, 1, "0.00"], // −0.499 paise is no paisa, and no minus sign on zero
    // Just past the exact integer range: 2^53 g × 0.01 per kg = 9,007,199,254,740.992 paise, rounded up.
    [2 ** 53, 1, "90071992547.41"],
    // The case that once broke reads: 9,000,000,000,000 kg × 10,00,000.00 per kg = 9 × 10^18 rupees, exact.
    [9_000_000_000_000_000, 100_000_000, "9000000000000000000.00"],
  ])("%i g at %i paise/kg → %s", (grams, rate, text) => {
    expect(formatValueOf(grams, rate)).toBe(text);
  });
});
