// s.10(13A) worked period by period. Rule 2A (Income-tax Rules, 1962) exempts the least of (a) the allowance "received
// ... in respect of the relevant period", (b) the rent paid above "one-tenth of the amount of salary due ... in respect
// of the relevant period" and (c) one-half (Bombay, Calcutta, Delhi, Madras) or two-fifths (elsewhere) of that
// salary; its Explanation (ii): "relevant period" means the period during which the accommodation was occupied
// during the previous year. s.10(13A), Explanation (b): nothing is exempt where no rent was actually paid.
// Every figure below is worked by hand from those words.
import { describe, expect, it } from "vitest";
import { computeTax, type HraPeriod, type TaxInput } from "../../../../src/tax/domain/engine";
import { ComputeRequestSchema, toTaxInput } from "../../../../src/tax/compute/request-schema";
import { taxInput } from "./input";

function period(months: number, monthly: { hra: number; rent: number; basic: number }, place: Partial<HraPeriod> = {}): HraPeriod {
  return {
    months,
    hraReceived: monthly.hra * months,
    rentPaid: monthly.rent * months,
    basicPlusDA: monthly.basic * months,
    isMetroCity: null,
    city: null,
    ...place,
  };
}

/** A salary whose year's HRA, rent and basic + DA are the periods' sums, as the request schema makes them. */
function withPeriods(
  grossSalary: number,
  periods: HraPeriod[],
  parts: { city?: string | null; salary?: Partial<TaxInput["salary"]> } = {},
): TaxInput {
  const sum = (key: "hraReceived" | "rentPaid" | "basicPlusDA") => periods.reduce((total, p) => total + p[key], 0);
  return taxInput({
    city: parts.city ?? null,
    salary: {
      grossSalary,
      hraReceived: sum("hraReceived"),
      rentPaid: sum("rentPaid"),
      basicPlusDA: sum("basicPlusDA"),
      hraPeriods: periods,
      ...parts.salary,
    },
  });
}

const hraLine = (input: TaxInput, year: "2025-26" | "2026-27", regime: "old" | "new" = "old") =>
  computeTax(input, year).regimes[regime].deductions.find((line) => line.section === "10(13A)");

// April-September in Pune: basic 50,000, HRA 20,000, rent 18,000 a month; October-March in Mumbai: basic 60,000,
// HRA 25,000, rent 40,000 a month.
const puneThenMumbai = [
  period(6, { hra: 20_000, rent: 18_000, basic: 50_000 }, { city: "Pune" }),
  period(6, { hra: 25_000, rent: 40_000, basic: 60_000 }, { city: "Mumbai" }),
];

describe("s.10(13A) period by period (Rule 2A)", () => {
  it("a move from Pune to Mumbai in October: each period's least of three, summed", () => {
    // Pune, 6 months (40 %, FY 2025-26 lists four metros): least of HRA 1,20,000; rent 1,08,000 − 10 % of 3,00,000 =
    // 78,000; 40 % of 3,00,000 = 1,20,000 → 78,000. Mumbai, 6 months: least of 1,50,000; 2,40,000 − 36,000 =
    // 2,04,000; 50 % of 3,60,000 = 1,80,000 → 1,50,000. Exempt 2,28,000 of 2,70,000.
    // Salary 12,00,000 − 2,28,000 − 50,000 (s.16(ia)) = 9,22,000.
    const input = withPeriods(1_200_000, puneThenMumbai);
    const old = computeTax(input, "2025-26").regimes.old;
    expect(old.salary).toMatchObject({ hraExemption: 228_000, standardDeduction: 50_000, incomeFromSalary: 922_000 });
    // Pune lost 42,000 to the rent limb, Mumbai nothing.
    expect(hraLine(input, "2025-26")).toEqual({
      section: "10(13A)",
      head: "salary",
      description: "House rent allowance exemption",
      claimed: 270_000,
      allowed: 228_000,
      limit: 228_000,
      limitedBy: "s.10(13A), Rule 2A, period by period; the most was cut in salary.hraPeriods[0] (6 months): rent paid minus 10 % of salary",
    });
    // The year's totals in Mumbai would overstate it: least of 2,70,000; 3,48,000 − 66,000 = 2,82,000; 50 % of
    // 6,60,000 = 3,30,000 → 2,70,000, all of it.
    const annual = withPeriods(1_200_000, puneThenMumbai, { city: "Mumbai" });
    delete annual.salary.hraPeriods;
    expect(computeTax(annual, "2025-26").regimes.old.salary.hraExemption).toBe(270_000);
  });

  it("one period covering the year gives exactly the annual computation", () => {
    // Metro, 12 months: least of 2,40,000; 2,00,000 − 60,000 = 1,40,000; 50 % of 6,00,000 = 3,00,000 → 1,40,000.
    const periods = [{ months: 12, hraReceived: 240_000, rentPaid: 200_000, basicPlusDA: 600_000, isMetroCity: true, city: null }];
    const byPeriod = withPeriods(1_200_000, periods);
    const annual = taxInput({ salary: { grossSalary: 1_200_000, basicPlusDA: 600_000, hraReceived: 240_000, rentPaid: 200_000, isMetroCity: true } });
    for (const year of ["2024-25", "2025-26", "2026-27"] as const) {
      const result = computeTax(byPeriod, year);
      expect(result.regimes.old.salary.hraExemption).toBe(140_000);
      expect(result).toEqual(computeTax(annual, year));
    }
  });

  it("a period without rent exempts nothing of its allowance, and the rent limb counts only the months rented", () => {
    // Jaipur (40 %), basic 40,000 and HRA 16,000 a month all year; rent 15,000 a month for 8 months, then none.
    // 8 months: least of 1,28,000; 1,20,000 − 32,000 = 88,000; 40 % of 3,20,000 = 1,28,000 → 88,000.
    // 4 months: no rent → 0 (s.10(13A), Explanation (b)). Exempt 88,000 of 1,92,000.
    const periods = [period(8, { hra: 16_000, rent: 15_000, basic: 40_000 }, { city: "Jaipur" }), period(4, { hra: 16_000, rent: 0, basic: 40_000 })];
    const input = withPeriods(1_000_000, periods, { city: "Jaipur" });
    expect(computeTax(input, "2025-26").regimes.old.salary.hraExemption).toBe(88_000);
    // The 4 months without rent lost 64,000, more than the 40,000 the 8 months lost.
    expect(hraLine(input, "2025-26")).toMatchObject({
      claimed: 192_000,
      allowed: 88_000,
      limitedBy:
        "s.10(13A), Rule 2A, period by period; the most was cut in salary.hraPeriods[1] (4 months): no rent paid (s.10(13A), Explanation (b))",
    });
    // On the year's totals the salary of the months without rent would count against the rent: least of 1,92,000;
    // 1,20,000 − 48,000 = 72,000; 1,92,000 → 72,000.
    const annual = withPeriods(1_000_000, periods, { city: "Jaipur" });
    delete annual.salary.hraPeriods;
    expect(computeTax(annual, "2025-26").regimes.old.salary.hraExemption).toBe(72_000);
  });

  it("each period's city is judged on the year's list: Hyderabad is 50 % from tax year 2026-27 only", () => {
    // Basic 80,000, HRA 40,000, rent 45,000 a month. 5 months in Jaipur: least of 2,00,000; 2,25,000 − 40,000 =
    // 1,85,000; 40 % of 4,00,000 = 1,60,000 → 1,60,000. 7 months in Hyderabad: least of 2,80,000; 3,15,000 − 56,000 =
    // 2,59,000; and 50 % of 5,60,000 = 2,80,000 in TY 2026-27 (eight cities) → 2,59,000, total 4,19,000; but 40 % =
    // 2,24,000 in FY 2025-26 (four metros) → 2,24,000, total 3,84,000.
    const monthly = { hra: 40_000, rent: 45_000, basic: 80_000 };
    const input = withPeriods(2_000_000, [period(5, monthly, { city: "Jaipur" }), period(7, monthly, { city: "Hyderabad" })]);
    expect(computeTax(input, "2026-27").regimes.old.salary.hraExemption).toBe(419_000);
    expect(computeTax(input, "2025-26").regimes.old.salary.hraExemption).toBe(384_000);
    // TY 2026-27: Jaipur lost 40,000, Hyderabad 21,000.
    expect(hraLine(input, "2026-27")?.limitedBy).toBe(
      "s.10(13A), Rule 2A, period by period; the most was cut in salary.hraPeriods[0] (5 months): 40 % of salary (other places)",
    );
  });

  it("a period that names no place is in the year's; a period's isMetroCity wins over its city", () => {
    // As above in FY 2025-26, the 7 months naming no place, with profile.city Mumbai: 50 % of 5,60,000 = 2,80,000, so
    // 2,59,000, total 4,19,000. With isMetroCity false and city Mumbai for those months: 40 %, 2,24,000, total 3,84,000.
    const monthly = { hra: 40_000, rent: 45_000, basic: 80_000 };
    const unnamed = withPeriods(2_000_000, [period(5, monthly, { city: "Jaipur" }), period(7, monthly)], { city: "Mumbai" });
    expect(computeTax(unnamed, "2025-26").regimes.old.salary.hraExemption).toBe(419_000);
    const flagged = withPeriods(2_000_000, [period(5, monthly, { city: "Jaipur" }), period(7, monthly, { isMetroCity: false, city: "Mumbai" })]);
    expect(computeTax(flagged, "2025-26").regimes.old.salary.hraExemption).toBe(384_000);
  });

  it("sums the periods' exemptions exactly, rounding the total down to the paisa once", () => {
    // Each of two periods: HRA 50,000, rent 50,000, basic 1,00,000.05 (40 % = 40,000.02): least of 50,000;
    // 50,000 − 10,000.005 = 39,999.995; 40,000.02 → 39,999.995. Together 79,999.99 (rounded per period: 79,999.98).
    const one = { months: 6, hraReceived: 50_000, rentPaid: 50_000, basicPlusDA: 100_000.05, isMetroCity: false, city: null };
    const input = withPeriods(1_000_000, [one, { ...one }]);
    expect(computeTax(input, "2025-26").regimes.old.salary.hraExemption).toBe(79_999.99);
  });

  it("the new regime exempts nothing, and a reported 10(13A) figure wins over the periods", () => {
    const input = withPeriods(1_200_000, puneThenMumbai);
    expect(computeTax(input, "2025-26").regimes.new.salary.hraExemption).toBe(0);
    expect(hraLine(input, "2025-26", "new")).toMatchObject({ claimed: 270_000, allowed: 0, limitedBy: "s.115BAC(2): not allowed in the new regime" });
    const reported: TaxInput = { ...input, reported: { exemptions10: { "10(13A)": 100_000 } } };
    const result = computeTax(reported, "2025-26");
    expect(result.regimes.old.salary.hraExemption).toBe(100_000);
    expect(result.notes).toContain("salary.exemptions10: the reported s.10(13A) exemption was used, not the one hraReceived and rentPaid would give");
  });
});

describe("salary.hraPeriods in the request", () => {
  const profile = (salary: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
    profile: { residentialStatus: "resident", salary: { grossSalary: 1_200_000, ...salary }, ...more },
    financialYear: "2025-26",
  });
  const periods = [
    { months: 6, hraReceived: 120_000, rentPaid: 108_000, basicPlusDA: 300_000, city: "Pune" },
    { months: 6, hraReceived: 150_000, rentPaid: 240_000, basicPlusDA: 360_000, city: "Mumbai" },
  ];

  function issues(body: unknown): { path: string; message: string }[] {
    const parsed = ComputeRequestSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    return parsed.success ? [] : parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  }

  it("takes the year's HRA, rent and basic + DA as the periods' sums when they are left out", () => {
    const input = toTaxInput(ComputeRequestSchema.parse(profile({ hraPeriods: periods })).profile);
    // 1,20,000 + 1,50,000; 1,08,000 + 2,40,000; 3,00,000 + 3,60,000.
    expect(input.salary).toMatchObject({ hraReceived: 270_000, rentPaid: 348_000, basicPlusDA: 660_000 });
    expect(input.salary.hraPeriods).toEqual([
      { months: 6, hraReceived: 120_000, rentPaid: 108_000, basicPlusDA: 300_000, isMetroCity: null, city: "Pune" },
      { months: 6, hraReceived: 150_000, rentPaid: 240_000, basicPlusDA: 360_000, isMetroCity: null, city: "Mumbai" },
    ]);
    expect(computeTax(input, "2025-26").regimes.old.salary.hraExemption).toBe(228_000);
  });

  it("accepts the year's figures equal to the sums, basic + DA above them when the periods cover part of the year, and a city not on any list", () => {
    expect(
      ComputeRequestSchema.safeParse(profile({ hraReceived: 270_000, rentPaid: 348_000, basicPlusDA: 660_000, hraPeriods: periods })).success,
    ).toBe(true);
    // 8 months with HRA; the year's basic + DA includes the other 4 months' 2,40,000.
    const part = [{ months: 8, hraReceived: 128_000, rentPaid: 120_000, basicPlusDA: 480_000, city: "Indore" }];
    const parsed = ComputeRequestSchema.parse(profile({ basicPlusDA: 720_000, hraPeriods: part }));
    expect(toTaxInput(parsed.profile).salary).toMatchObject({ basicPlusDA: 720_000, hraReceived: 128_000, rentPaid: 120_000 });
  });

  // null: zod's own message for the type or range, which the service's envelope words; the path is what matters here.
  it.each<[string, Record<string, unknown>, string, string | null]>([
    ["months of 0", { hraPeriods: [{ ...periods[0], months: 0 }] }, "profile.salary.hraPeriods.0.months", null],
    ["months of 13", { hraPeriods: [{ ...periods[0], months: 13 }] }, "profile.salary.hraPeriods.0.months", null],
    ["fractional months", { hraPeriods: [{ ...periods[0], months: 1.5 }] }, "profile.salary.hraPeriods.0.months", null],
    [
      "months adding up to more than 12",
      { hraPeriods: [periods[0], { ...periods[1], months: 7 }] },
      "profile.salary.hraPeriods",
      "the months add up to 13; the periods of one year cover at most 12",
    ],
    [
      "an HRA that is not the periods' sum",
      { hraReceived: 260_000, hraPeriods: periods },
      "profile.salary.hraReceived",
      "must equal the sum of hraPeriods (₹2,70,000), or be left out",
    ],
    [
      "a rent that is not the periods' sum",
      { rentPaid: 300_000, hraPeriods: periods },
      "profile.salary.rentPaid",
      "must equal the sum of hraPeriods (₹3,48,000), or be left out",
    ],
    [
      "basic + DA other than the sum of periods covering 12 months",
      { basicPlusDA: 700_000, hraPeriods: periods },
      "profile.salary.basicPlusDA",
      "must equal the sum of hraPeriods (₹6,60,000) when they cover 12 months, or be left out",
    ],
    [
      "basic + DA below the sum of periods covering part of the year",
      { basicPlusDA: 250_000, hraPeriods: [{ ...periods[0], months: 5 }] },
      "profile.salary.basicPlusDA",
      "must be at least the sum of hraPeriods (₹3,00,000): it is the year's, the months outside the periods included; or be left out",
    ],
    [
      "periods whose HRA adds up to more than gross salary",
      {
        grossSalary: 200_000,
        hraPeriods: [
          { ...periods[0], basicPlusDA: 0 },
          { ...periods[1], basicPlusDA: 0 },
        ],
      },
      "profile.salary.hraPeriods",
      "the periods' hraReceived add up to more than salary.grossSalary",
    ],
    ["an empty list", { hraPeriods: [] }, "profile.salary.hraPeriods", null],
    ["a missing rent", { hraPeriods: [{ months: 12, hraReceived: 1, basicPlusDA: 1 }] }, "profile.salary.hraPeriods.0.rentPaid", null],
    ["an unknown field in a period", { hraPeriods: [{ ...periods[0], rent: 1 }] }, "profile.salary.hraPeriods.0", null],
  ])("refuses %s, naming the field", (_name, salary, path, message) => {
    const found = issues(profile(salary));
    if (message === null) expect(found.map((issue) => issue.path)).toContain(path);
    else expect(found).toContainEqual({ path, message });
  });

  it("refuses more than 12 periods", () => {
    const thirteen = Array.from({ length: 13 }, () => ({ months: 1, hraReceived: 0, rentPaid: 0, basicPlusDA: 0 }));
    expect(issues(profile({ hraPeriods: thirteen })).map((issue) => issue.path)).toContain("profile.salary.hraPeriods");
  });

  it("counts the periods' HRA as house rent allowance for a pension and for s.80GG", () => {
    expect(issues(profile({ isPension: true, hraPeriods: periods }))).toContainEqual({
      path: "profile.salary.hraPeriods",
      message: "a pension (salary.isPension) carries no house rent allowance",
    });
    expect(issues(profile({ hraPeriods: periods }, { deductions: { section80GG_rentPaid: 60_000 } }))).toContainEqual({
      path: "profile.deductions.section80GG_rentPaid",
      message: "applies only to someone who receives no house rent allowance (s.80GG); the profile has one",
    });
  });
});
