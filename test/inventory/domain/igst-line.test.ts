import { describe, expect, it } from "vitest";
import { lineTax } from "../../../src/inventory/domain/place-of-supply";

// IGST of an inter-state line is the full rate. Each expected figure is worked by hand: taxable (₹) × rate,
// then rounded to the paisa, half up.
describe("IGST of one line", () => {
  it.each([
    // ₹1,000.00 at 5 % = ₹50.00 exactly.
    [100_000, 500, 5_000],
    // ₹1,000.50 at 5 % = ₹50.025 → half a paisa rounds up to ₹50.03.
    [100_050, 500, 5_003],
    // ₹1,000.30 at 5 % = ₹50.015 → ₹50.02.
    [100_030, 500, 5_002],
    // ₹0.09 at 5 % = ₹0.0045 → under half a paisa, ₹0.00.
    [9, 500, 0],
    // ₹0.10 at 5 % = ₹0.005 → exactly half a paisa, up to ₹0.01.
    [10, 500, 1],
    // ₹12,345.67 at 12 % = ₹1,481.4804 → ₹1,481.48.
    [1_234_567, 1_200, 148_148],
    // ₹999.99 at 18 % = ₹179.9982 → ₹180.00.
    [99_999, 1_800, 18_000],
    // A nil-rated line carries no GST.
    [500_000, 0, 0],
  ])("₹%i paise at %i bps → %i paise", (taxable, rateBps, gst) => {
    expect(lineTax(taxable, rateBps, "inter_state")).toEqual({ taxablePaise: taxable, cgstPaise: 0, sgstPaise: 0, igstPaise: gst });
  });
});
