// Figures as a Form 16 states them: exemptions by section, net house property, other income offered for TDS,
// employer NPS without basic + DA, an unsplit 80D and the rest of Chapter VI-A. Expected figures are worked by
// hand from the FY 2025-26 slabs (old: 0 / 5 / 20 / 30 % at 2.5L / 5L / 10L; new, s.115BAC(1A): 0 / 5 / 10 /
// 15 / 20 / 25 / 30 % at 4L / 8L / 12L / 16L / 20L / 24L; rebate u/s 87A up to ₹60,000 for TI ≤ 12L, new regime).
import { describe, expect, it } from "vitest";
import { computeTax, type RegimeResult, type TaxInput } from "../../../../src/tax/domain/engine";
import { ComputeRequestSchema, toTaxInput } from "../../../../src/tax/compute/request-schema";
import { parseDocuments } from "../../../../src/tax/domain/documents";
import ais from "../../../fixtures/documents/ais-layout-fy2024-25.txt?raw";
import f16 from "../../../fixtures/documents/form16-traces-layout-old-regime.txt?raw";
import { taxInput } from "./input";

const reportedCase = taxInput({
  salary: { grossSalary: 1_200_000, professionalTax: 2_500 },
  deductions: { section80C: 150_000, section80CCD2: 50_000 },
});
reportedCase.reported = {
  exemptions10: { "10(13A)": 120_000, "10(5)": 30_000 },
  housePropertyIncome: -250_000,
  otherSourcesIncome: 20_000,
  section80D: 75_000,
  otherChapterVIA: { "80TTA": 10_000 },
};

describe("figures as Form 16 reports them", () => {
  it("old regime: exemptions, loss set-off capped at 2L, employer NPS as reported, unsplit 80D within both caps", () => {
    // Salary 12,00,000 − 10(13A) 1,20,000 − 10(5) 30,000 − SD 50,000 − PT 2,500 = 9,97,500. HP loss 2,50,000,
    // set off 2,00,000 (s.71(3A)). Other 20,000. GTI = 9,97,500 + 20,000 − 2,00,000 = 8,17,500.
    // VI-A: 80C 1,50,000 + 80CCD(2) 50,000 + 80D 75,000 (≤ 25,000 + 50,000) + 80TTA 10,000 = 2,85,000.
    // TI 5,32,500. Tax 12,500 + 20 % of 32,500 = 19,000; no 87A (TI > 5L); cess 760; total 19,760.
    const old = computeTax(reportedCase, "2025-26").regimes.old;
    expect(old.salary.incomeFromSalary).toBe(997_500);
    expect(old.houseProperty).toEqual({
      incomeFromHouseProperty: -250_000,
      lossSetOff: 200_000,
      lossNotSetOff: 50_000,
      lossBroughtForwardSetOff: 0,
      lossToCarryForward: 50_000,
      // A net figure does not say how much of it was a self-occupied home's interest.
      lossToCarryForwardFromSelfOccupiedInterest: 0,
      selfOccupied: [],
    });
    expect(old.grossTotalIncome).toBe(817_500);
    expect(old.chapterVIADeductions).toBe(285_000);
    expect(old.taxableIncome).toBe(532_500);
    expect(old.slabTax).toBe(19_000);
    expect(old.totalTax).toBe(19_760);
  });

  it("new regime: LTA and HRA barred, no loss set-off, only 80CCD(2) of Chapter VI-A", () => {
    // Salary 12,00,000 − SD 75,000 = 11,25,000; other 20,000; GTI 11,45,000; 80CCD(2) 50,000; TI 10,95,000.
    // Tax 20,000 + 10 % of 2,95,000 = 49,500; rebate 49,500 (TI ≤ 12L); total 0.
    const fresh = computeTax(reportedCase, "2025-26").regimes.new;
    expect(fresh.salary.incomeFromSalary).toBe(1_125_000);
    expect(fresh.houseProperty.lossSetOff).toBe(0);
    expect(fresh.taxableIncome).toBe(1_095_000);
    expect(fresh.slabTax).toBe(49_500);
    expect(fresh.totalTax).toBe(0);
    const lta = fresh.deductions.find((line) => line.section === "10(5)");
    expect(lta?.allowed).toBe(0);
  });

  it("says which figures it took as reported", () => {
    const notes = computeTax(reportedCase, "2025-26").notes.join("\n");
    expect(notes).toContain("section80CCD2");
    expect(notes).toContain("section80D");
  });

  it("echoes the regime chosen with the employer and notes when the other one is cheaper", () => {
    // The old-regime case above costs 19,760; the new regime nothing.
    const result = computeTax({ ...reportedCase, chosenRegime: "old" }, "2025-26");
    expect(result.chosenRegime).toBe("old");
    expect(result.notes.some((n) => n.startsWith("chosenRegime: the new regime costs ₹19,760 less"))).toBe(true);
  });

  it("keeps the 10 % cap on employer NPS when basic + DA is known", () => {
    // 10 % of 5,00,000 = 50,000 in the old regime; the claim of 80,000 is cut to it.
    const input = taxInput({ salary: { grossSalary: 1_000_000, basicPlusDA: 500_000 }, deductions: { section80CCD2: 80_000 } });
    const line = computeTax(input, "2025-26").regimes.old.deductions.find((l) => l.section === "80CCD(2)");
    expect(line?.allowed).toBe(50_000);
  });

  it("caps an unsplit 80D at 25,000 + 25,000 when the parents are not senior citizens", () => {
    const input = taxInput({ salary: { grossSalary: 1_000_000 } });
    input.reported = { section80D: 100_000, parentsSeniorCitizen: false };
    const line = computeTax(input, "2025-26").regimes.old.deductions.find((l) => l.section === "80D");
    expect(line?.allowed).toBe(50_000);
  });

  it("keeps 80TTA from a senior citizen and 80TTB for senior citizens only, as s.80TTA(2) and s.80TTB say", () => {
    const senior = taxInput({ age: 65, salary: { grossSalary: 1_000_000 } });
    senior.reported = { otherChapterVIA: { "80TTA": 10_000, "80TTB": 40_000 } };
    const lines = computeTax(senior, "2025-26").regimes.old.deductions;
    expect(lines.find((l) => l.section === "80TTA")).toMatchObject({ allowed: 0, limitedBy: expect.stringContaining("s.80TTA(2)") });
    expect(lines.find((l) => l.section === "80TTB")?.allowed).toBe(40_000);
    const young = taxInput({ age: 30, salary: { grossSalary: 1_000_000 } });
    young.reported = { otherChapterVIA: { "80TTB": 40_000 } };
    expect(computeTax(young, "2025-26").regimes.old.deductions.find((l) => l.section === "80TTB")?.allowed).toBe(0);
  });

  it("an explicit HRA exemption wins over hraReceived and rentPaid, and the result says so", () => {
    const input = taxInput({ salary: { grossSalary: 1_000_000, basicPlusDA: 500_000, hraReceived: 200_000, rentPaid: 240_000 } });
    input.reported = { exemptions10: { "10(13A)": 90_000 } };
    const result = computeTax(input, "2025-26");
    expect(result.regimes.old.salary.hraExemption).toBe(90_000);
    expect(result.notes.some((n) => n.includes("10(13A)"))).toBe(true);
  });

  it("caps voluntary retirement compensation at ₹5,00,000 in both regimes, as s.10(10C) does whatever is reported", () => {
    // s.10(10C): exempt "to the extent such amount does not exceed five lakh rupees"; s.115BAC(2)(i) does not name
    // clause (10C), so the new regime keeps it. Reported 7,00,000; exempt 5,00,000.
    // New: 20,00,000 − 5,00,000 − SD 75,000 = TI 14,25,000. Tax 20,000 + 40,000 + 15 % of 2,25,000 = 93,750 (no
    // rebate above 12L; below TI − 12L, so no marginal relief); cess 3,750; total 97,500.
    // Old: 20,00,000 − 5,00,000 − SD 50,000 = TI 14,50,000. Tax 12,500 + 1,00,000 + 30 % of 4,50,000 = 2,47,500;
    // cess 9,900; total 2,57,400.
    const input = taxInput({ salary: { grossSalary: 2_000_000 } });
    input.reported = { exemptions10: { "10(10C)": 700_000 } };
    const { regimes } = computeTax(input, "2025-26");
    expect(regimes.new.taxableIncome).toBe(1_425_000);
    expect(regimes.new.totalTax).toBe(97_500);
    expect(regimes.old.taxableIncome).toBe(1_450_000);
    expect(regimes.old.totalTax).toBe(257_400);
    for (const regime of [regimes.new, regimes.old]) {
      expect(regime.deductions.find((l) => l.section === "10(10C)")).toMatchObject({
        claimed: 700_000,
        allowed: 500_000,
        limit: 500_000,
        limitedBy: "s.10(10C): ₹5,00,000 of voluntary retirement compensation",
      });
    }
  });

  it("keeps retrenchment compensation exempt in the new regime and bars LTA and 'any other' clause", () => {
    // s.115BAC(2)(i) bars clauses (5), (13A), (14), (17) and (32) of s.10; (10B) stays. "Any other" may hold (17)
    // or (32), so it is barred. New: 15,00,000 − 10(10B) 3,00,000 − SD 75,000 = 11,25,000.
    // Old: 15,00,000 − 3,00,000 − 50,000 − 1,00,000 − 50,000 = 10,00,000.
    const input = taxInput({ salary: { grossSalary: 1_500_000 } });
    input.reported = { exemptions10: { "10(5)": 50_000, "10(10B)": 300_000, "10(other)": 100_000 } };
    const { regimes } = computeTax(input, "2025-26");
    expect(regimes.new.salary.incomeFromSalary).toBe(1_125_000);
    expect(regimes.new.deductions.find((l) => l.section === "10(10B)")?.allowed).toBe(300_000);
    expect(regimes.new.deductions.find((l) => l.section === "10")).toMatchObject({
      allowed: 0,
      limitedBy: "s.115BAC(2): not allowed in the new regime",
    });
    expect(regimes.old.salary.incomeFromSalary).toBe(1_000_000);
  });

  it("a net house-property figure wins over houseProperties, and the result says so", () => {
    const input = taxInput({
      salary: { grossSalary: 1_000_000 },
      houseProperties: [{ type: "let_out", annualRent: 300_000, municipalTaxesPaid: 0, interestOnHousingLoan: 0 }],
    });
    input.reported = { housePropertyIncome: 100_000 };
    const result = computeTax(input, "2025-26");
    expect(result.regimes.old.houseProperty.incomeFromHouseProperty).toBe(100_000);
    expect(result.notes.some((n) => n.startsWith("housePropertyIncome"))).toBe(true);
  });
});

describe("the compute request", () => {
  it("maps a Form 16 shaped profile to the engine and notes a missing age", () => {
    const request = ComputeRequestSchema.parse({
      financialYear: "2025-26",
      assessmentYear: "2026-27",
      profile: {
        residentialStatus: "resident",
        salary: { grossSalary: 1_200_000, professionalTax: 2_500, exemptions10: { "10(13A)": 120_000, "10(5)": 30_000 } },
        housePropertyIncome: -250_000,
        otherIncome: { reportedToEmployer: 20_000 },
        deductions: { section80C: 150_000, section80CCD2: 50_000, section80D: 75_000, otherChapterVIA: { "80TTA": 10_000 } },
      },
    });
    const result = computeTax(toTaxInput(request.profile), "2025-26");
    // Same figures as the engine case above: the schema is only the way in.
    expect(result.regimes.old.totalTax).toBe(19_760);
    expect(result.notes[0]).toMatch(/^profile\.age: not given/);
  });
});

/** What the old regime allowed under s.80TTA and s.80TTB together, in rupees. */
function interestDeduction(regime: RegimeResult): number {
  return regime.deductions.filter((line) => line.section === "80TTA" || line.section === "80TTB").reduce((sum, line) => sum + line.allowed, 0);
}

// s.80TTA: savings-account interest up to ₹10,000, not for a senior citizen as s.80TTB defines one (s.80TTA(2)).
// s.80TTB: a resident aged 60 or more: interest on deposits (savings, fixed, recurring) up to ₹50,000. Old regime,
// FY 2025-26: below 60, 2.5L–5L 5 %, 5L–10L 20 % (12,500 at 5L); resident 60–79, 3L–5L 5 %, 5L–10L 20 % (10,000 at
// 5L). Standard deduction ₹50,000; cess 4 %.
describe("a Form 16 figure for the one of s.80TTA/80TTB the taxpayer cannot claim", () => {
  it("leaves a resident of 65, whose figure is 80TTA (refused by s.80TTA(2)), s.80TTB on the interest given", () => {
    // Age 65, resident, FY 2025-26, old regime. Salary 9,00,000 − 50,000 = 8,50,000; savings interest 40,000:
    // GTI 8,90,000. s.80TTA(2) refuses the reported 80TTA 10,000 (a senior citizen); s.80TTB allows
    // min(40,000, 50,000) = 40,000. TI 8,50,000 on the senior slabs: 5 % of 2,00,000 = 10,000 + 20 % of
    // 3,50,000 = 70,000 → 80,000; cess 3,200; totalTax 83,200.
    const input: TaxInput = {
      ...taxInput({ age: 65, salary: { grossSalary: 900_000 }, otherIncome: { savingsInterest: 40_000 } }),
      reported: { otherChapterVIA: { "80TTA": 10_000 } },
    };
    const old = computeTax(input, "2025-26").regimes.old;
    expect(old.grossTotalIncome).toBe(890_000);
    expect(interestDeduction(old)).toBe(40_000);
    expect(old.chapterVIADeductions).toBe(40_000);
    expect(old.taxableIncome).toBe(850_000);
    expect(old.totalTax).toBe(83_200);
  });

  it("leaves a resident of 45, whose figure is 80TTB (seniors only), s.80TTA on savings interest", () => {
    // Age 45, resident, FY 2025-26, old regime. Salary 9,00,000 − 50,000 = 8,50,000; savings interest 10,000: GTI
    // 8,60,000. s.80TTB refuses the reported 80TTB 10,000 (not a senior citizen); s.80TTA allows min(10,000,
    // 10,000) = 10,000. TI 8,50,000: 12,500 + 20 % of 3,50,000 = 70,000 → 82,500; cess 3,300; totalTax 85,800.
    const input: TaxInput = {
      ...taxInput({ age: 45, salary: { grossSalary: 900_000 }, otherIncome: { savingsInterest: 10_000 } }),
      reported: { otherChapterVIA: { "80TTB": 10_000 } },
    };
    const old = computeTax(input, "2025-26").regimes.old;
    expect(old.grossTotalIncome).toBe(860_000);
    expect(interestDeduction(old)).toBe(10_000);
    expect(old.taxableIncome).toBe(850_000);
    expect(old.totalTax).toBe(85_800);
  });

  it("leaves a taxpayer of 66 whose Form 16 prints 80TTA 8,000 s.80TTB on the interest of the AIS", () => {
    // The documents flow: the TRACES-layout Form 16 (FY 2024-25) prints 80TTA 8,000; the FY 2024-25 AIS gives savings
    // interest 12,340 and deposit interest 42,500; the caller says age 66. s.80TTA(2) refuses the 80TTA; s.80TTB
    // allows min(12,340 + 42,500 = 54,840, 50,000) = 50,000 in the old regime.
    const parsed = parseDocuments([{ text: f16 }, { text: ais }], { age: 66 });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const request = ComputeRequestSchema.parse(parsed.computeRequest);
    expect(request.profile.age).toBe(66);
    expect(request.profile.otherIncome?.savingsInterest).toBe(12_340);
    expect(request.profile.otherIncome?.depositInterest).toBe(42_500);
    const old = computeTax(toTaxInput(request.profile), "2024-25").regimes.old;
    expect(interestDeduction(old)).toBe(50_000);
  });
});
