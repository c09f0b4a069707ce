// Payments on leaving an employment (gratuity, leave encashment, compensation on termination) are parts of
// grossSalary beside the pay: a profile whose other parts pass what they leave of it is refused, as is s.194P beside
// them (they are salary, not pension). Figures are worked by hand in the comments.
import { describe, expect, it } from "vitest";
import { api, createKey, expectError, expectStatus } from "../helpers";

function compute(key: string, profile: unknown, financialYear = "2025-26") {
  return api("/api/v1/compute", key, { method: "POST", body: JSON.stringify({ profile, financialYear }) });
}

const tenMonths = Array.from({ length: 10 }, () => 80_000);
// s.10(10)(ii): 20 years 7 months under the Payment of Gratuity Act, last month's basic + DA 1,20,000:
// 15/26 × 1,20,000 × 21 = 14,53,846.15 exempt of 16,00,000 (docs/tax-api.md, "Retirement benefits").
const gratuity = { received: 1_600_000, coveredByPaymentOfGratuityAct: true, lastMonthWages: 120_000, service: { years: 20, months: 7 } };
// Compensation on termination of 9,00,000 after 8 years, 5 left, with its three preceding years for s.89.
const terminationCompensation = {
  received: 900_000,
  continuousServiceYears: 8,
  unexpiredTermYears: 5,
  precedingYears: [
    { totalIncome: 600_000, taxOnIncreasedIncome: 96_200 },
    { totalIncome: 550_000, taxOnIncreasedIncome: 85_800 },
    { totalIncome: 500_000, taxOnIncreasedIncome: 75_400 },
  ],
};
// s.10(10AA)(ii): 240 days ÷ 30 × 80,000 = 6,40,000 exempt of 7,00,000.
const leaveEncashment = { received: 700_000, tenMonthsSalary: tenMonths, leaveAtCreditDays: 240, completedYearsOfService: 20 };

// docs/tax-api.md, profile.specifiedSeniorCitizen: "a resident aged 75 or more whose income is pension (`salary`,
// or `otherIncome.familyPension`) and interest from the bank that pays it … any other income … is a 400", and the
// decisions table ("Specified senior citizens with agricultural income"): "s.194P asks for pension and 'no other
// income' but the bank's interest, and exempt income is still income". s.194P(2): the specified senior citizen "has
// pension income and no other income except interest income" from the specified bank. Gratuity (s.17(1)(iii)), leave
// salary encashed on leaving (s.17(1)(va)/(iv)), compensation on termination (a profit in lieu of salary, s.17(3)(i)),
// retrenchment and voluntary-retirement compensation are salary received on leaving an employment, not pension; a
// profile that has them is not one s.194P can apply to (and the late-return fee it waives is then owed).
describe("a specified senior citizen (s.194P) has no income but pension and the bank's interest", () => {
  const prefix =
    "profile.specifiedSeniorCitizen: applies only to a resident aged 75 or more whose income is pension and interest from the bank that pays it (s.194P)";
  const senior = (salary: Record<string, unknown>) => ({ age: 76, residentialStatus: "resident", specifiedSeniorCitizen: true, salary });

  it.each<[string, Record<string, unknown>]>([
    ["gratuity received on leaving employment", { grossSalary: 2_000_000, retirementBenefits: { employer: "other", gratuity } }],
    ["leave encashed on retirement", { grossSalary: 1_500_000, retirementBenefits: { employer: "other", leaveEncashment } }],
    [
      "compensation on termination of employment",
      {
        grossSalary: 1_500_000,
        terminationCompensation,
      },
    ],
    ["voluntary retirement compensation (s.10(10C))", { grossSalary: 1_500_000, exemptions10: { "10(10C)": 500_000 } }],
    ["retrenchment compensation (s.10(10B))", { grossSalary: 1_500_000, exemptions10: { "10(10B)": 500_000 } }],
  ])("refuses specifiedSeniorCitizen beside %s", async (_name, salary) => {
    const { key } = await createKey({ scopes: [] });
    const message = await expectError(await compute(key, senior(salary)), 400, "validation_error");
    expect(message).toBe(`${prefix}; the profile also has income from leaving an employment (gratuity, leave encashment or compensation)`);
  });

  it("still accepts a commuted pension, which is pension (s.17(1)(ii))", async () => {
    const { key } = await createKey({ scopes: [] });
    const salary = {
      grossSalary: 1_000_000,
      isPension: true,
      retirementBenefits: { employer: "other", commutedPension: { received: 300_000, fullCommutedValue: 900_000 } },
    };
    await expectStatus(await compute(key, senior(salary)), 200);
  });
});

// docs/tax-api.md, "Retirement benefits": "each amount received is part of `grossSalary` … so together they cannot
// exceed it"; `profile.arrears.salary` is "Salary received this year in arrears … (part of `grossSalary`)", and
// "Arrears of salary or family pension above what the profile counts … are a 400"; the arrears field's own text (OpenAPI)
// says they are "Not gratuity, commuted pension or compensation on termination of employment". For compensation the
// service already refuses "compensation beyond `grossSalary` less the retirement benefits received". Arrears beyond
// grossSalary less the retirement benefits (and compensation) are the same impossibility, and the service takes them:
//
// FY 2025-26, age 60, old regime: grossSalary 30,00,000 with gratuity 16,00,000 in it, so ordinary salary (arrears
// included) is at most 14,00,000; arrears of 20,00,000 are claimed. With arrears: 30,00,000 − 14,53,846.15 − 50,000
// = 14,96,153.85 → 14,96,150; senior slab tax 1,10,000 + 30 % × 4,96,150 = 2,58,845; cess 10,354; 2,69,199. "Without
// the arrears" the engine is left with grossSalary 10,00,000 holding a 16,00,000 gratuity: the gratuity's exemption is
// cut to the 10,00,000 left and the tax is nil, so arrearsRelief.relief is the whole 2,69,199 and totalTax 0 (the
// taxable 1,46,153.85 of gratuity escapes tax too).
describe("arrears of salary cannot be more than the salary the retirement benefits leave", () => {
  it("refuses arrears beyond grossSalary less the retirement benefits received (400 naming profile.arrears.salary)", async () => {
    const { key } = await createKey({ scopes: [] });
    const profile = {
      age: 60,
      residentialStatus: "resident",
      salary: { grossSalary: 3_000_000, retirementBenefits: { employer: "other", gratuity } },
      arrears: { salary: 2_000_000, extraTaxInEarlierYears: 0 },
    };
    const message = await expectError(await compute(key, profile), 400, "validation_error");
    expect(message).toBe(
      "profile.arrears.salary: must not exceed salary.grossSalary less the retirement benefits and compensation on termination received (₹14,00,000): the arrears are counted in it",
    );
  });

  it("refuses arrears beyond grossSalary less compensation on termination (400 naming profile.arrears.salary)", async () => {
    const { key } = await createKey({ scopes: [] });
    // grossSalary 15,00,000 holds compensation of 9,00,000: at most 6,00,000 of ordinary salary; arrears 10,00,000.
    const profile = {
      age: 50,
      residentialStatus: "resident",
      salary: {
        grossSalary: 1_500_000,
        terminationCompensation,
      },
      arrears: { salary: 1_000_000, extraTaxInEarlierYears: 0 },
    };
    const message = await expectError(await compute(key, profile), 400, "validation_error");
    expect(message).toBe(
      "profile.arrears.salary: must not exceed salary.grossSalary less the retirement benefits and compensation on termination received (₹6,00,000): the arrears are counted in it",
    );
  });
});

// Basic + DA is part of grossSalary (Form 16 row 1; docs: `basicPlusDA` "≤ grossSalary"), and so is each retirement
// benefit received ("each amount received is part of grossSalary … so together they cannot exceed it"); they are
// different parts (a gratuity or leave encashment is not basic pay). The service already refuses commission with basic
// + DA beyond grossSalary ("both are part of it") and compensation beyond grossSalary less the benefits, but takes
// basic + DA beside benefits that together pass grossSalary, and the s.80CCD(2) limit (14 % of basic + DA in the new
// regime) is worked on the impossible basic:
//
// FY 2025-26, new regime, age 60: grossSalary 40,00,000 with a 16,00,000 gratuity in it, so basic + DA is at most
// 24,00,000 and the employer's NPS contribution is deductible up to 14 % × 24,00,000 = 3,36,000 at most. With
// basicPlusDA 30,00,000 given, all 4,20,000 claimed (14 % × 30,00,000) is deducted: 84,000 more than any consistent
// profile allows. Salary 40,00,000 − 14,53,846.15 − 75,000 = 24,71,153.85; less 4,20,000 = 20,51,150 (rounded).
describe("basic + DA and the retirement benefits are both parts of grossSalary", () => {
  it("refuses basicPlusDA beyond grossSalary less the retirement benefits received", async () => {
    const { key } = await createKey({ scopes: [] });
    const profile = {
      age: 60,
      residentialStatus: "resident",
      salary: { grossSalary: 4_000_000, basicPlusDA: 3_000_000, retirementBenefits: { employer: "other", gratuity } },
      deductions: { section80CCD2: 420_000 },
    };
    const message = await expectError(await compute(key, profile), 400, "validation_error");
    expect(message).toBe(
      "profile.salary.basicPlusDA: must not exceed salary.grossSalary less the retirement benefits and compensation on termination received (₹24,00,000): it is part of it",
    );
  });
});
