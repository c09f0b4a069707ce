import { describe, expect, it } from "vitest";
import { amountPaise, formatPaise } from "../../../src/inventory/domain/money";
import { BOUNDS, checkBound } from "../../../src/inventory/domain/write-bounds";

describe("checkBound", () => {
  it("refuses the lot of 9,000,000,000,000 kg at ₹10,00,000/kg, naming each field", () => {
    expect(checkBound("kg", "gramsPerEntry", 9e15)).toMatchObject({ ok: false, code: "out_of_range", field: "kg" });
    const rate = checkBound("cost_per_kg", "ratePaisePerKg", 100_000_000);
    expect(rate).toMatchObject({ ok: false, field: "cost_per_kg" });
    expect(!rate.ok && rate.message).toBe("cost_per_kg must be between 0.01 and 10000.00");
  });

  it("states kg limits in kg", () => {
    const result = checkBound("items[0].kg", "gramsPerEntry", 0);
    expect(!result.ok && result.message).toBe("items[0].kg must be between 0.001 kg and 100000.000 kg");
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY])("refuses the non-integer %d", (value) => {
    expect(checkBound("amount", "amountPaise", value)).toMatchObject({ ok: false, field: "amount" });
  });

  it("accepts both ends of a bound", () => {
    expect(checkBound("amount", "amountPaise", 1)).toEqual({ ok: true });
    expect(checkBound("amount", "amountPaise", BOUNDS.amountPaise.max)).toEqual({ ok: true });
  });
});

describe("the arithmetic behind the bounds", () => {
  const safe = Number.MAX_SAFE_INTEGER; // 9,007,199,254,740,991

  it("keeps the largest line exact: 100,000 kg × ₹10,000/kg = ₹100 crore = 1e11 paise", () => {
    expect(BOUNDS.gramsPerEntry.max * BOUNDS.ratePaisePerKg.max).toBeLessThanOrEqual(safe);
    expect(amountPaise(BOUNDS.gramsPerEntry.max, BOUNDS.ratePaisePerKg.max)).toBe(100_000_000_000);
  });

  it("keeps line GST at 40 % exact (1e11 × 4,000 bps = 4e14) and the largest sale within the amount bound", () => {
    const lineMax = 100_000_000_000;
    expect(lineMax * BOUNDS.gstRateBps.max).toBeLessThanOrEqual(safe);
    // 100 lines × (1e11 + 4e10) = 1.4e13
    expect(BOUNDS.linesPerSale.max * (lineMax + 40_000_000_000)).toBe(BOUNDS.amountPaise.max);
  });

  it("lets 643 maximal sales, but not 644, add up exactly in JavaScript", () => {
    expect(643 * BOUNDS.amountPaise.max).toBeLessThanOrEqual(safe);
    expect(644 * BOUNDS.amountPaise.max).toBeGreaterThan(safe);
    // A read never prints a total past that rounded: formatting it fails instead.
    expect(() => formatPaise(644 * BOUNDS.amountPaise.max)).toThrow(RangeError);
    expect(formatPaise(643 * BOUNDS.amountPaise.max)).toBe("90020000000000.00");
  });
});
