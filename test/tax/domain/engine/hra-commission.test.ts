// Rule 2A's "salary" for s.10(13A) is that of Rule 2(h) of Part A of the Fourth Schedule: basic pay, dearness
// allowance where the terms of employment so provide, and (Gestetner Duplicators v. CIT, SC, 1978) commission at a
// fixed percentage of the turnover the employee achieved. The exempt HRA is the least of the HRA received, the rent
// above one-tenth of that salary, and 50 % (the listed cities) or 40 % of it. Every figure is worked by hand.
import { describe, expect, it } from "vitest";
import { computeTax } from "../../../../src/tax/domain/engine";
import { ComputeRequestSchema, toTaxInput } from "../../../../src/tax/compute/request-schema";
import { taxInput } from "./input";

describe("s.10(13A): commission at a fixed percentage of turnover is part of Rule 2A's salary", () => {
  it("raises the one-tenth taken off the rent", () => {
    // Jaipur (40 %): basic + DA 6,00,000, commission 1,20,000, HRA 2,40,000, rent 2,40,000. Salary 7,20,000: least
    // of 2,40,000; 2,40,000 − 72,000 = 1,68,000; 40 % of 7,20,000 = 2,88,000 → 1,68,000. Without the commission the
    // rent limb is 2,40,000 − 60,000 = 1,80,000.
    const salary = { grossSalary: 1_200_000, basicPlusDA: 600_000, hraReceived: 240_000, rentPaid: 240_000, isMetroCity: false };
    const withCommission = computeTax(taxInput({ salary: { ...salary, turnoverCommission: 120_000 } }), "2025-26").regimes.old;
    expect(withCommission.salary.hraExemption).toBe(168_000);
    expect(withCommission.deductions.find((line) => line.section === "10(13A)")).toMatchObject({
      claimed: 240_000,
      allowed: 168_000,
      limitedBy: "s.10(13A), Rule 2A: rent paid minus 10 % of salary",
    });
    expect(computeTax(taxInput({ salary }), "2025-26").regimes.old.salary.hraExemption).toBe(180_000);
  });

  it("raises the 40 % limb, so more of the allowance is exempt", () => {
    // Basic + DA 6,00,000, commission 1,50,000, HRA 3,00,000, rent 4,00,000, not a metro. Salary 7,50,000: least of
    // 3,00,000; 4,00,000 − 75,000 = 3,25,000; 40 % of 7,50,000 = 3,00,000 → all 3,00,000. Without the commission:
    // least of 3,00,000; 4,00,000 − 60,000 = 3,40,000; 40 % of 6,00,000 = 2,40,000 → 2,40,000.
    const salary = { grossSalary: 1_400_000, basicPlusDA: 600_000, hraReceived: 300_000, rentPaid: 400_000, isMetroCity: false };
    expect(computeTax(taxInput({ salary: { ...salary, turnoverCommission: 150_000 } }), "2025-26").regimes.old.salary.hraExemption).toBe(300_000);
    expect(computeTax(taxInput({ salary }), "2025-26").regimes.old.salary.hraExemption).toBe(240_000);
  });

  it("is not part of the salary of s.80CCD(2)", () => {
    // Employer NPS 84,000 (part of gross salary) on basic + DA 6,00,000 and commission 1,20,000: the old regime
    // allows 10 % of basic + DA (the section's own Explanation: DA, if the terms so provide, and no other
    // allowance), 60,000; 10 % of 7,20,000 would be 72,000.
    const input = taxInput({
      salary: { grossSalary: 1_200_000, basicPlusDA: 600_000, turnoverCommission: 120_000 },
      deductions: { section80CCD2: 84_000 },
    });
    expect(computeTax(input, "2025-26").regimes.old.deductions.find((line) => line.section === "80CCD(2)")).toMatchObject({
      claimed: 84_000,
      allowed: 60_000,
    });
  });

  it("counts each period's own commission with hraPeriods", () => {
    // April-September: basic 50,000, commission 10,000, HRA 20,000, rent 25,000 a month, Pune (40 %). Salary
    // 3,60,000: least of 1,20,000; 1,50,000 − 36,000 = 1,14,000; 1,44,000 → 1,14,000. October-March: basic 50,000,
    // commission 30,000, same HRA and rent. Salary 4,80,000: least of 1,20,000; 1,50,000 − 48,000 = 1,02,000;
    // 1,92,000 → 1,02,000. Exempt 2,16,000 of 2,40,000. On basic + DA alone each period would give 1,50,000 −
    // 30,000 = 1,20,000, all of its allowance.
    const periods = [
      { months: 6, hraReceived: 120_000, rentPaid: 150_000, basicPlusDA: 300_000, turnoverCommission: 60_000, city: "Pune" },
      { months: 6, hraReceived: 120_000, rentPaid: 150_000, basicPlusDA: 300_000, turnoverCommission: 180_000, city: "Pune" },
    ];
    const request = ComputeRequestSchema.parse({
      profile: { residentialStatus: "resident", salary: { grossSalary: 1_200_000, hraPeriods: periods } },
      financialYear: "2025-26",
    });
    const input = toTaxInput(request.profile);
    expect(input.salary.hraPeriods?.map((period) => period.turnoverCommission)).toEqual([60_000, 180_000]);
    expect(computeTax(input, "2025-26").regimes.old.salary.hraExemption).toBe(216_000);
    const withoutCommission = {
      ...input,
      salary: { ...input.salary, hraPeriods: periods.map(({ turnoverCommission: _, ...period }) => ({ ...period, isMetroCity: null })) },
    };
    expect(computeTax(withoutCommission, "2025-26").regimes.old.salary.hraExemption).toBe(240_000);
  });
});

describe("salary.turnoverCommission in the request", () => {
  const request = (salary: Record<string, unknown>) => ({ profile: { residentialStatus: "resident", salary }, financialYear: "2025-26" });
  function issues(body: unknown): { path: string; message: string }[] {
    const parsed = ComputeRequestSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    return parsed.success ? [] : parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  }

  it("is carried into the engine's input, and left out when not given", () => {
    const salary = { grossSalary: 1_200_000, basicPlusDA: 600_000 };
    expect(toTaxInput(ComputeRequestSchema.parse(request({ ...salary, turnoverCommission: 120_000 })).profile).salary.turnoverCommission).toBe(
      120_000,
    );
    expect(toTaxInput(ComputeRequestSchema.parse(request(salary)).profile).salary).not.toHaveProperty("turnoverCommission");
  });

  it.each<[string, Record<string, unknown>, { path: string; message: string }]>([
    [
      "a commission that with basic + DA exceeds gross salary",
      { grossSalary: 700_000, basicPlusDA: 600_000, turnoverCommission: 120_000 },
      { path: "profile.salary.turnoverCommission", message: "must not exceed salary.grossSalary less basicPlusDA: both are part of it" },
    ],
    [
      "periods whose commission with basic + DA exceeds gross salary",
      { grossSalary: 700_000, hraPeriods: [{ months: 12, hraReceived: 0, rentPaid: 0, basicPlusDA: 600_000, turnoverCommission: 100_000.01 }] },
      {
        path: "profile.salary.hraPeriods",
        message: "the periods' turnoverCommission with basicPlusDA add up to more than salary.grossSalary: both are part of it",
      },
    ],
    [
      "the year's commission beside hraPeriods",
      {
        grossSalary: 1_200_000,
        turnoverCommission: 60_000,
        hraPeriods: [{ months: 12, hraReceived: 120_000, rentPaid: 150_000, basicPlusDA: 600_000 }],
      },
      {
        path: "profile.salary.turnoverCommission",
        message:
          "with hraPeriods, give the commission period by period in hraPeriods[].turnoverCommission: each period's HRA is worked on its own salary",
      },
    ],
  ])("refuses %s, naming the field", (_name, salary, issue) => {
    expect(issues(request(salary))).toContainEqual(issue);
  });
});
