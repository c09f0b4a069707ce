// The request schema takes the seed's profile as is and names the field of every rejection; the response schema
// accepts what the engine returns.
import { describe, expect, it } from "vitest";
import { computeTax } from "../../../../src/tax/domain/engine";
import { ComputeResultSchema } from "../../../../src/tax/compute/schemas";
import { ComputeRequestSchema, ProfileSchema, toTaxInput } from "../../../../src/tax/compute/request-schema";

// The seed's Profile (section 2 of the tax seed): exactly its fields, nothing more.
const seedProfile = {
  age: 34,
  residentialStatus: "resident",
  houseProperties: [],
  salary: {
    grossSalary: 1_800_000,
    basicPlusDA: 900_000,
    hraReceived: 360_000,
    rentPaid: 300_000,
    isMetroCity: true,
    professionalTax: 2_500,
  },
  deductions: { section80C: 100_000, section80D_selfFamily: 15_000 },
  taxesPaid: 150_000,
};

function issuesOf(body: unknown): string[] {
  const parsed = ComputeRequestSchema.safeParse(body);
  expect(parsed.success).toBe(false);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join("."));
}

describe("ComputeRequestSchema", () => {
  it("accepts the seed's profile verbatim and the engine computes it", () => {
    const parsed = ComputeRequestSchema.parse({ profile: seedProfile });
    expect(parsed.financialYear).toBeUndefined();
    const result = computeTax(toTaxInput(parsed.profile), "2025-26");
    // Old: HRA min(3.6L, 3L − 90k, 4.5L) = 2.1L; 18L − 2.1L − 50k − 2.5k = 15,37,500; VI-A 1,15,000 →
    // TI 14,22,500 → 1,12,500 + 1,26,750 = 2,39,250 + 9,570 = 2,48,820. New: TI 17,25,000 → 1,20,000 + 25,000 =
    // 1,45,000 + 5,800 = 1,50,800; TDS 1,50,000 → 800 payable.
    expect(result.regimes.old.totalTax).toBe(248_820);
    expect(result.regimes.new.totalTax).toBe(150_800);
    expect(result.regimes.new.netTaxPayable).toBe(800);
    expect(result.recommendedRegime).toBe("new");
    expect(ComputeResultSchema.parse(result)).toEqual(result);
  });

  it.each(["2024-25", "2025-26", "2026-27"])("accepts financialYear %s", (financialYear) => {
    expect(ComputeRequestSchema.parse({ profile: seedProfile, financialYear }).financialYear).toBe(financialYear);
  });

  it("counts numbers missing from salary and deductions as 0", () => {
    const input = toTaxInput(ProfileSchema.parse({ age: 40, residentialStatus: "resident", salary: { grossSalary: 1_000_000 }, deductions: {} }));
    expect(input.salary).toEqual({
      grossSalary: 1_000_000,
      basicPlusDA: 0,
      hraReceived: 0,
      rentPaid: 0,
      isMetroCity: null,
      professionalTax: 0,
      isGovernmentEmployer: false,
      employerPfContribution: 0,
      employerSuperannuationContribution: 0,
    });
    expect(input.capitalGains).toEqual([]);
    expect(input.presumptive).toEqual({ business: null, profession: null, goodsCarriages: [] });
    expect(input.otherIncome.casualWinnings).toBe(0);
    expect(Object.values(input.deductions).every((value) => value === 0 || value === null)).toBe(true);
    expect(input.houseProperties).toEqual([]);
    expect(input.taxesPaid).toBe(0);
  });

  it("maps every optional extension into the engine input", () => {
    const input = toTaxInput(
      ProfileSchema.parse({
        age: 62,
        residentialStatus: "resident_not_ordinarily_resident",
        city: "Pune",
        houseProperties: [{ type: "let_out", annualRent: 240_000, municipalTaxesPaid: 10_000, interestOnHousingLoan: 50_000 }],
        salary: { grossSalary: 1_000_000, basicPlusDA: 500_000, isGovernmentEmployer: true },
        otherIncome: { savingsInterest: 1, depositInterest: 2, dividends: 3, familyPension: 4 },
        deductions: {
          section80C: 5,
          section80CCD1B: 6,
          section80CCD2: 7,
          section80D_selfFamily: 8,
          section80D_parents: 9,
          parentsAge: 88,
          section80E: 10,
          section80G_100: 11,
          section80G_50: 12,
          section80G_50WithLimit: 13,
        },
        taxesPaid: 14,
      }),
    );
    expect(input).toMatchObject({
      age: 62,
      residentialStatus: "resident_not_ordinarily_resident",
      city: "Pune",
      salary: { isGovernmentEmployer: true, isMetroCity: null },
      houseProperties: [{ type: "let_out", annualRent: 240_000, municipalTaxesPaid: 10_000, interestOnHousingLoan: 50_000 }],
      otherIncome: { savingsInterest: 1, depositInterest: 2, dividends: 3, familyPension: 4 },
      deductions: { section80CCD2: 7, parentsAge: 88, section80G_50WithLimit: 13 },
      taxesPaid: 14,
    });
  });

  const withProfile = (patch: Record<string, unknown>) => ({ profile: { ...seedProfile, ...patch } });

  it.each<[string, unknown, string]>([
    ["a typo inside deductions (section80c)", withProfile({ deductions: { section80c: 150_000 } }), "profile.deductions"],
    ["a typo inside salary (grossSalry)", withProfile({ salary: { grossSalry: 1 } }), "profile.salary"],
    ["a negative amount", withProfile({ salary: { grossSalary: -1 } }), "profile.salary.grossSalary"],
    ["an infinite amount", withProfile({ taxesPaid: Infinity }), "profile.taxesPaid"],
    ["NaN", withProfile({ deductions: { section80C: Number.NaN } }), "profile.deductions.section80C"],
    ["an amount as a string", withProfile({ salary: { grossSalary: "1800000" } }), "profile.salary.grossSalary"],
    ["an amount above ₹10,000 crore", withProfile({ taxesPaid: 100_000_000_001 }), "profile.taxesPaid"],
    ["age 131", withProfile({ age: 131 }), "profile.age"],
    ["age −1", withProfile({ age: -1 }), "profile.age"],
    ["a fractional age", withProfile({ age: 34.5 }), "profile.age"],
    ["a parent's age outside 0..130", withProfile({ deductions: { parentsAge: 200 } }), "profile.deductions.parentsAge"],
    ["an unknown residential status", withProfile({ residentialStatus: "citizen" }), "profile.residentialStatus"],
    ["an unknown house-property type", withProfile({ houseProperties: [{ type: "rented", annualRent: 1 }] }), "profile.houseProperties.0.type"],
    ["isMetroCity as a string", withProfile({ salary: { isMetroCity: "yes" } }), "profile.salary.isMetroCity"],
    ["basic + DA above gross salary", withProfile({ salary: { grossSalary: 100, basicPlusDA: 200 } }), "profile.salary.basicPlusDA"],
    ["HRA above gross salary", withProfile({ salary: { grossSalary: 100, hraReceived: 200 } }), "profile.salary.hraReceived"],
    ["an unknown profile field", withProfile({ taxPaid: 1 }), "profile"],
    [
      "an assessment year passed as the financial year",
      { profile: seedProfile, financialYear: "2025-26", assessmentYear: "2025-26" },
      "financialYear",
    ],
    ["an assessment year without a financial year", { profile: seedProfile, assessmentYear: "2026-27" }, "financialYear"],
    ["a malformed assessment year", { profile: seedProfile, financialYear: "2025-26", assessmentYear: "AY 2026" }, "assessmentYear"],
    ["an unsupported year", { profile: seedProfile, financialYear: "2023-24" }, "financialYear"],
    ["an unknown top-level field", { profile: seedProfile, year: "2025-26" }, ""],
  ])("rejects %s, naming the field", (_name, body, path) => {
    expect(issuesOf(body)).toContain(path);
  });
});

describe("amounts to the paisa", () => {
  const withSalary = (grossSalary: number) => ({ profile: { ...seedProfile, salary: { ...seedProfile.salary, grossSalary } } });

  it("refuses a part of a paisa, naming the field, rather than rounding it away", () => {
    for (const grossSalary of [1_800_000.005, 1_800_000.0001, 0.001]) {
      const parsed = ComputeRequestSchema.safeParse(withSalary(grossSalary));
      expect(parsed.success, String(grossSalary)).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({ path: ["profile", "salary", "grossSalary"], message: expect.stringContaining("paisa") });
    }
    expect(issuesOf({ profile: { ...seedProfile, deductions: { section80C: 99_999.999 } } })).toEqual(["profile.deductions.section80C"]);
    expect(issuesOf({ profile: { ...seedProfile, taxesPaid: 150_000.125 } })).toEqual(["profile.taxesPaid"]);
  });

  it("takes paise, and reads the noise of a floating-point sum as the paisa it stands for", () => {
    // 0.1 + 0.2 is 0.30000000000000004 in binary floating point: a client that adds amounts sends it for 30 paise.
    for (const grossSalary of [1_800_000.5, 1_800_000.25, 1_800_000 + 0.1 + 0.2, 99_999_999_999.99]) {
      expect(ComputeRequestSchema.safeParse(withSalary(grossSalary)).success, String(grossSalary)).toBe(true);
    }
    expect(ComputeRequestSchema.safeParse({ profile: { ...seedProfile, taxesPaid: 0.1 + 0.2 } }).success).toBe(true);
  });
});

describe("house rent allowance without basic + DA", () => {
  // Rule 2A's limits are 10 % (of rent paid) and 40 or 50 % of the 'salary': basic + DA (and turnover commission).
  // Without it the least of the three limbs is nil, so a profile that forgot it would be told nothing is exempt.
  const salary = { grossSalary: 1_200_000, hraReceived: 240_000, rentPaid: 300_000 };

  it("is refused, naming basicPlusDA", () => {
    expect(issuesOf({ profile: { ...seedProfile, salary } })).toEqual(["profile.salary.basicPlusDA"]);
  });

  it("is taken with turnover commission, with the employer's 10(13A) figure, or without rent", () => {
    for (const changed of [{ turnoverCommission: 100_000 }, { exemptions10: { "10(13A)": 120_000 } }, { rentPaid: 0 }]) {
      expect(
        ComputeRequestSchema.safeParse({ profile: { ...seedProfile, salary: { ...salary, ...changed } } }).success,
        JSON.stringify(changed),
      ).toBe(true);
    }
  });
});

describe("presumptive income with no figure", () => {
  // An empty scheme declares no income under s.44AD(1) or s.44ADA(1), yet would make the profile a business one
  // (ITR-4, the later due date, the single advance-tax instalment): it is refused, as an empty business is.
  it.each([
    [{ business: {} }, "profile.presumptive.business"],
    [{ business: { cashReceipts: 0 } }, "profile.presumptive.business"],
    [{ profession: {} }, "profile.presumptive.profession"],
  ])("%j is refused, naming it", (presumptive, field) => {
    expect(issuesOf({ profile: { ...seedProfile, presumptive } })).toEqual([field]);
  });

  it("takes a scheme with any of its income figures, zero included", () => {
    for (const presumptive of [
      { business: { otherTurnover: 0 } },
      { business: { declaredIncome: 50_000 } },
      { profession: { grossReceipts: 100_000 } },
    ]) {
      expect(ComputeRequestSchema.safeParse({ profile: { ...seedProfile, presumptive } }).success, JSON.stringify(presumptive)).toBe(true);
    }
  });
});
