// Saving moves as a user acts on them: the amount to put in, exactly, and the claim it takes.
import { describe, expect, it } from "vitest";
import { computeTax } from "../../../../src/tax/domain/engine";
import { taxInput } from "./input";

describe("the amount a move asks for", () => {
  it("is exact to the paisa, in the figure and in the words", () => {
    // FY 2025-26. Salary 20L, basic 10L, HRA 4L, rent 5L in a metro, self-occupied home with 2L interest,
    // 80C 1,00,000.10, 80CCD(1B) 50k, 80D 25k.
    // Old: HRA min(4L, 5L − 1L, 5L) = 4L (s.10(13A)); salary 20L − 4L − 50k (s.16(ia)) = 15.5L; HP −2L (s.24(b),
    // s.71(3A)); GTI 13.5L; VI-A 1,75,000.10; 11,74,999.90 → 11,75,000 (s.288A); 1,12,500 + 30 % × 1,75,000 =
    // 1,65,000 + cess 6,600 = 1,71,600. New: TI 19.25L; 1,85,000 + 7,400 = 1,92,400.
    // Topping 80C up to 1,50,000 (s.80CCE) takes 1,50,000 − 1,00,000.10 = 49,999.90: TI 11.25L; 1,12,500 +
    // 37,500 = 1,50,000 + cess 6,000 = 1,56,000, a saving of 15,600.
    const input = taxInput({
      salary: { grossSalary: 2_000_000, basicPlusDA: 1_000_000, hraReceived: 400_000, rentPaid: 500_000, isMetroCity: true },
      houseProperties: [{ type: "self_occupied", annualRent: 0, municipalTaxesPaid: 0, interestOnHousingLoan: 200_000 }],
      deductions: { section80C: 100_000.1, section80CCD1B: 50_000, section80D_selfFamily: 25_000 },
    });
    const result = computeTax(input, "2025-26");
    expect([result.regimes.old.totalTax, result.regimes.new.totalTax]).toEqual([171_600, 192_400]);
    const topUp = result.savingMoves.find((m) => m.kind === "top_up_80c");
    expect(topUp).toMatchObject({ change: { from: 100_000.1, to: 150_000 }, investment: 49_999.9, totalTaxAfter: 156_000, taxSaving: 15_600 });
    expect(topUp?.action).toBe("Invest ₹49,999.90 more in s.80C instruments (PPF, ELSS, VPF, life insurance premium) to reach the ₹1,50,000 limit");
  });
});
