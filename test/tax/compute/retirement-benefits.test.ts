// Retirement benefits through POST /api/v1/compute: the exempt part of each worked out and shown in the salary part of
// both regimes, and every inconsistent input a 400 naming the field (a profile with one is not saved).
import { describe, expect, it } from "vitest";
import taxApiGuide from "../../../docs/tax-api.md?raw";
import { ComputeAnswerSchema, ComputeResultSchema } from "../../../src/tax/compute/schemas";
import { ProfileListSchema } from "../../../src/tax/profiles/schemas";
import { api, createKey, expectError, expectStatus } from "../helpers";

// Retired at 60 after 20 years 7 months with a private employer covered by the Payment of Gratuity Act: last month's
// basic + DA 1,20,000; salary of each of the ten months before retirement 80,000; 240 days of earned leave at credit.
const gratuity = { received: 1_600_000, coveredByPaymentOfGratuityAct: true, lastMonthWages: 120_000, service: { years: 20, months: 7 } };
const tenMonths = Array.from({ length: 10 }, () => 80_000);
const leaveEncashment = { received: 700_000, tenMonthsSalary: tenMonths, leaveAtCreditDays: 240, completedYearsOfService: 20 };
const retiree = {
  age: 60,
  residentialStatus: "resident",
  salary: { grossSalary: 3_100_000, retirementBenefits: { employer: "other", gratuity, leaveEncashment } },
};

function compute(key: string, profile: unknown, query = "", financialYear = "2025-26") {
  return api(`/api/v1/compute${query}`, key, { method: "POST", body: JSON.stringify({ profile, financialYear }) });
}

describe("POST /api/v1/compute with salary.retirementBenefits", () => {
  it("shows each benefit's exempt part and the limb that held it in the salary part of both regimes", async () => {
    const { key } = await createKey({ scopes: [] });
    const body = await expectStatus(await compute(key, retiree), 200);
    const result = ComputeAnswerSchema.parse(body.data);
    // Gratuity, s.10(10)(ii): 21 years (7 months above six count): 15/26 × 1,20,000 × 21 = 14,53,846.15. Leave,
    // s.10(10AA)(ii): 240 ÷ 30 × 80,000 = 6,40,000 (ten months 8,00,000; ceiling 25,00,000). Exempt 20,93,846.15 of
    // 31,00,000. New regime: 31,00,000 − 20,93,846.15 − 75,000 = 9,31,153.85; total income 9,31,150, slab tax 20,000
    // + 10 % of 1,31,150 = 33,115, all rebated under s.87A (within ₹12 lakh). Old: − 50,000 = 9,56,153.85 → 9,56,150;
    // a senior's 10,000 + 20 % of 4,56,150 = 1,01,230; cess 4,049; 1,05,279 → 1,05,280.
    for (const regime of ["old", "new"] as const) {
      expect(result.regimes[regime].salary.retirementBenefits).toEqual([
        {
          section: "10(10)",
          head: "salary",
          description: "Gratuity under the Payment of Gratuity Act, s.10(10)(ii)",
          claimed: 1_600_000,
          allowed: 1_453_846.15,
          limit: 1_453_846.15,
          limitedBy: "s.10(10)(ii): 15/26 × ₹1,20,000 × 21 years (20 completed and 7 months, more than six months, counted) = ₹14,53,846.15",
        },
        {
          section: "10(10AA)",
          head: "salary",
          description: "Leave encashment on retirement, s.10(10AA)(ii)",
          claimed: 700_000,
          allowed: 640_000,
          limit: 640_000,
          limitedBy:
            "s.10(10AA)(ii): 240 days of earned leave ÷ 30 × ₹8,00,000 ÷ 10 (the average salary of the 10 months before retirement) = ₹6,40,000",
        },
      ]);
    }
    expect(result.regimes.new).toMatchObject({ taxableIncome: 931_150, slabTax: 33_115, rebate87A: 33_115, totalTax: 0 });
    expect(result.regimes.old).toMatchObject({ taxableIncome: 956_150, slabTax: 101_230, cess: 4_049, totalTax: 105_280 });
    // With the detail the same lines are among the deductions.
    const full = ComputeResultSchema.parse((await expectStatus(await compute(key, retiree, "?detail=full"), 200)).data);
    expect(full.regimes.old.deductions.filter((line) => line.section.startsWith("10(10"))).toEqual(full.regimes.old.salary.retirementBenefits);
  });

  const conflict = (benefit: string, section: string) =>
    `give ${benefit} once: here, to have its exemption worked out, or as exemptions10["${section}"], as the employer reported it`;

  it.each<[string, Record<string, unknown>, string]>([
    [
      "gratuity both worked out and reported",
      { ...retiree.salary, exemptions10: { "10(10)": 1_000_000 } },
      `profile.salary.retirementBenefits.gratuity: ${conflict("gratuity", "10(10)")}`,
    ],
    [
      "commuted pension both worked out and reported",
      {
        grossSalary: 1_500_000,
        exemptions10: { "10(10A)": 0 },
        retirementBenefits: { commutedPension: { received: 600_000, fullCommutedValue: 1_800_000 } },
      },
      `profile.salary.retirementBenefits.commutedPension: ${conflict("commutedPension", "10(10A)")}`,
    ],
    [
      "leave encashment both worked out and reported",
      { ...retiree.salary, exemptions10: { "10(10AA)": 640_000 } },
      `profile.salary.retirementBenefits.leaveEncashment: ${conflict("leaveEncashment", "10(10AA)")}`,
    ],
    [
      "benefits received beyond gross salary",
      { ...retiree.salary, grossSalary: 2_000_000 },
      "profile.salary.retirementBenefits: the benefits received add up to ₹23,00,000, more than salary.grossSalary (₹20,00,000): they are part of it",
    ],
    [
      "no benefit named",
      { grossSalary: 1_000_000, retirementBenefits: { employer: "other" } },
      "profile.salary.retirementBenefits: name at least one benefit: gratuity, commutedPension or leaveEncashment",
    ],
    [
      "gratuity without saying whether the Payment of Gratuity Act covers the employee",
      { grossSalary: 2_000_000, retirementBenefits: { gratuity: { received: 500_000, service: { years: 10 }, lastMonthWages: 50_000 } } },
      "profile.salary.retirementBenefits.gratuity.coveredByPaymentOfGratuityAct: is required: whether the Payment of Gratuity Act, 1972 covers the employee decides between s.10(10)(ii) and (iii)",
    ],
    [
      "s.10(10)(iii)'s ten months given for s.10(10)(ii)",
      { ...retiree.salary, retirementBenefits: { gratuity: { ...gratuity, tenMonthsSalary: tenMonths } } },
      "profile.salary.retirementBenefits.gratuity.tenMonthsSalary: applies to s.10(10)(iii) only (coveredByPaymentOfGratuityAct false)",
    ],
    [
      "s.10(10)(iii) without the ten months' salary",
      {
        grossSalary: 2_000_000,
        retirementBenefits: { gratuity: { received: 500_000, coveredByPaymentOfGratuityAct: false, service: { years: 10 } } },
      },
      "profile.salary.retirementBenefits.gratuity.tenMonthsSalary: is required for s.10(10)(iii)",
    ],
    [
      "service figures for a government employee's gratuity, exempt in full",
      { grossSalary: 2_000_000, isGovernmentEmployer: true, retirementBenefits: { gratuity: { received: 500_000, service: { years: 10 } } } },
      "profile.salary.retirementBenefits.gratuity.service: not needed: a government or local authority employee's gratuity is exempt in full (s.10(10)(i))",
    ],
    [
      "a commuted pension without the whole pension's commuted value",
      { grossSalary: 2_000_000, retirementBenefits: { commutedPension: { received: 600_000 } } },
      "profile.salary.retirementBenefits.commutedPension: needs fullCommutedValue or portionCommuted: the exempt part is a share of the whole pension's commuted value (s.10(10A)(ii))",
    ],
    [
      "a whole pension's commuted value below what was received",
      { grossSalary: 2_000_000, retirementBenefits: { commutedPension: { received: 600_000, fullCommutedValue: 500_000 } } },
      "profile.salary.retirementBenefits.commutedPension.fullCommutedValue: must be at least received: what was received is a part of it",
    ],
    [
      "more than the whole pension commuted",
      { grossSalary: 2_000_000, retirementBenefits: { commutedPension: { received: 600_000, portionCommuted: { numerator: 4, denominator: 3 } } } },
      "profile.salary.retirementBenefits.commutedPension.portionCommuted: must be at most the whole pension: numerator no more than denominator",
    ],
    [
      "no gratuity said beside gratuity in the profile",
      {
        ...retiree.salary,
        retirementBenefits: { gratuity, commutedPension: { received: 600_000, fullCommutedValue: 1_800_000, gratuityReceived: false } },
      },
      "profile.salary.retirementBenefits.commutedPension.gratuityReceived: is false, but the profile has gratuity: with any gratuity, one-third is exempt (s.10(10A)(ii)(a))",
    ],
    [
      "leave encashment without the leave at credit",
      {
        grossSalary: 2_000_000,
        retirementBenefits: { leaveEncashment: { received: 500_000, tenMonthsSalary: tenMonths, completedYearsOfService: 20 } },
      },
      "profile.salary.retirementBenefits.leaveEncashment.leaveAtCreditDays: is required for s.10(10AA)(ii)",
    ],
    [
      "nine months' salary",
      { grossSalary: 2_000_000, retirementBenefits: { leaveEncashment: { ...leaveEncashment, tenMonthsSalary: tenMonths.slice(1) } } },
      "profile.salary.retirementBenefits.leaveEncashment.tenMonthsSalary",
    ],
    [
      "a quarter day of leave",
      { grossSalary: 2_000_000, retirementBenefits: { leaveEncashment: { ...leaveEncashment, leaveAtCreditDays: 240.25 } } },
      "profile.salary.retirementBenefits.leaveEncashment.leaveAtCreditDays: must be whole or half days",
    ],
  ])("refuses %s with 400, and a profile with it is not saved", async (_name, salary, expected) => {
    const { key } = await createKey({ scopes: ["profiles:write", "profiles:read"] });
    const profile = { residentialStatus: "resident", salary };
    const message = await expectError(await compute(key, profile), 400, "validation_error");
    expect(message.startsWith(expected), message).toBe(true);
    const save = api("/api/v1/profiles", key, { method: "POST", body: JSON.stringify({ label: "retirement", profile, financialYear: "2025-26" }) });
    await expectError(await save, 400, "validation_error");
    expect(ProfileListSchema.parse(await expectStatus(await api("/api/v1/profiles", key), 200)).data).toEqual([]);
  });
});

// Relief under s.89 on gratuity, compensation on termination and commuted pension (Rule 21A(3)-(5)), worked by hand
// from the rule's words in test/tax/domain/engine/payment-relief.test.ts, where each figure below is derived.
const threeYears = [
  { totalIncome: 1_400_000, taxOnIncreasedIncome: 345_800 },
  { totalIncome: 1_300_000, taxOnIncreasedIncome: 314_600 },
  { totalIncome: 1_200_000, taxOnIncreasedIncome: 283_400 },
];
// Gratuity of 30,00,000 after 25 years, 20,00,000 exempt (the ceiling), 10,00,000 in total income; salary 12,00,000.
const longService = {
  received: 3_000_000,
  coveredByPaymentOfGratuityAct: true,
  lastMonthWages: 150_000,
  service: { years: 25 },
  precedingYears: threeYears,
};
const relievedRetiree = {
  age: 58,
  residentialStatus: "resident",
  salary: { grossSalary: 4_200_000, retirementBenefits: { employer: "other", gratuity: longService } },
};
// Compensation of 9,00,000 on termination after 8 years with 5 left of the term; salary 6,00,000 (FY 2024-25).
const compensation = {
  received: 900_000,
  continuousServiceYears: 8,
  unexpiredTermYears: 5,
  precedingYears: [
    { totalIncome: 600_000, taxOnIncreasedIncome: 96_200 },
    { totalIncome: 550_000, taxOnIncreasedIncome: 85_800 },
    { totalIncome: 500_000, taxOnIncreasedIncome: 75_400 },
  ],
};

describe("POST /api/v1/compute with s.89 relief on gratuity, compensation on termination and commuted pension", () => {
  it("takes each regime's relief off its tax, and shows the working beside the arrears relief", async () => {
    const { key } = await createKey({ scopes: [] });
    const result = ComputeAnswerSchema.parse((await expectStatus(await compute(key, relievedRetiree), 200)).data);
    // Old: tax 4,75,800 on 21,50,000; 10,00,000 at that rate 2,21,302, at the preceding years' 19.2313 % 1,92,313:
    // relief 28,989, tax 4,46,810. New: 2,40,500 on 21,25,000, 1,13,176 at that rate, below 1,92,313: no relief.
    expect(result.regimes.old).toMatchObject({
      taxLiability: 475_800,
      paymentsRelief: {
        section: "89",
        averageRatePercent: 22.1302,
        payments: [{ payment: "gratuity", includedInTotalIncome: 1_000_000, taxAtAverageRate: 221_302, taxAtPrecedingRate: 192_313, relief: 28_989 }],
        relief: 28_989,
      },
      totalTax: 446_810,
    });
    expect(result.regimes.new).toMatchObject({ paymentsRelief: { relief: 0 }, totalTax: 240_500 });

    const terminated = { age: 45, residentialStatus: "resident", salary: { grossSalary: 1_500_000, terminationCompensation: compensation } };
    const fy2024 = ComputeAnswerSchema.parse((await expectStatus(await compute(key, terminated, "", "2024-25"), 200)).data);
    // Old: 2,57,400 on 14,50,000: 1,59,766 on 9,00,000 against 90,624 at the preceding years' rate: relief 69,142.
    expect(fy2024.regimes.old).toMatchObject({
      paymentsRelief: { payments: [{ payment: "termination_compensation", taxAtAverageRate: 159_766, taxAtPrecedingRate: 90_624, relief: 69_142 }] },
      totalTax: 188_260,
    });
    expect(fy2024.regimes.new).toMatchObject({ paymentsRelief: { relief: 0 }, totalTax: 130_000 });
  });

  const withGratuity = (changes: Record<string, unknown>, salary: Record<string, unknown> = {}) => ({
    grossSalary: 4_200_000,
    retirementBenefits: { employer: "other", gratuity: { ...longService, ...changes } },
    ...salary,
  });
  const withCompensation = (changes: Record<string, unknown>, salary: Record<string, unknown> = {}) => ({
    grossSalary: 1_500_000,
    terminationCompensation: { ...compensation, ...changes },
    ...salary,
  });
  const pension = { received: 900_000, fullCommutedValue: 1_800_000, gratuityReceived: true };

  // The last element says the guide shows the message word for word.
  it.each<[string, Record<string, unknown>, string, boolean]>([
    [
      "gratuity for under five years of service",
      withGratuity({ service: { years: 4 } }),
      "profile.salary.retirementBenefits.gratuity.precedingYears: relief under s.89 is for gratuity for past services of at least five years (Rule 21A(1)(b)); service.years is 4",
      true,
    ],
    [
      "two years for gratuity after fifteen years of service",
      withGratuity({ service: { years: 15 }, precedingYears: threeYears.slice(0, 2) }),
      "profile.salary.retirementBenefits.gratuity.precedingYears: needs the three years before this one (Rule 21A(3)(c), for fifteen years or more of past services); two years given",
      true,
    ],
    [
      "three years for gratuity after fourteen years and eleven months of service",
      withGratuity({ service: { years: 14, months: 11 } }),
      "profile.salary.retirementBenefits.gratuity.precedingYears: needs the two years before this one (Rule 21A(3)(b), for five to fifteen years of past services); three years given",
      false,
    ],
    [
      "preceding years for a government employee's gratuity, exempt in full",
      { grossSalary: 4_200_000, retirementBenefits: { employer: "government", gratuity: { received: 3_000_000, precedingYears: threeYears } } },
      "profile.salary.retirementBenefits.gratuity.precedingYears: not needed: a government or local authority employee's gratuity is exempt in full (s.10(10)(i))",
      false,
    ],
    [
      "a preceding year's tax above its total income with its share",
      withGratuity({ precedingYears: [threeYears[0], { totalIncome: 0, taxOnIncreasedIncome: 1_100_000 }, threeYears[2]] }),
      "profile.salary.retirementBenefits.gratuity.precedingYears[1].taxOnIncreasedIncome: cannot exceed the year's total income increased by its share of the payment (at most ₹10,00,000)",
      false,
    ],
    [
      "two years for commuted pension",
      { grossSalary: 1_600_000, retirementBenefits: { commutedPension: { ...pension, precedingYears: threeYears.slice(1) } } },
      "profile.salary.retirementBenefits.commutedPension.precedingYears: needs the three years before this one (Rule 21A(5)(b)); two years given",
      false,
    ],
    [
      "preceding years for a statutory corporation's commuted pension, exempt in full",
      {
        grossSalary: 1_600_000,
        retirementBenefits: { employer: "statutory_corporation", commutedPension: { received: 900_000, precedingYears: threeYears } },
      },
      "profile.salary.retirementBenefits.commutedPension.precedingYears: not needed: commuted pension from the Government, a local authority or a statutory corporation is exempt in full (s.10(10A)(i))",
      false,
    ],
    [
      "compensation after two years of continuous service",
      withCompensation({ continuousServiceYears: 2 }),
      "profile.salary.terminationCompensation.continuousServiceYears: relief under s.89 is for compensation after continuous service of at least three years (Rule 21A(1)(c))",
      true,
    ],
    [
      "compensation with two years of the term left",
      withCompensation({ unexpiredTermYears: 2 }),
      "profile.salary.terminationCompensation.unexpiredTermYears: relief under s.89 is for compensation where at least three years of the term of employment were left (Rule 21A(1)(c))",
      false,
    ],
    [
      "compensation with two preceding years",
      withCompensation({ precedingYears: compensation.precedingYears.slice(1) }),
      "profile.salary.terminationCompensation.precedingYears: needs the three years before this one (Rule 21A(4)(b)); two years given",
      false,
    ],
    [
      "compensation beside a voluntary retirement exemption",
      withCompensation({}, { exemptions10: { "10(10C)": 500_000 } }),
      'profile.salary.terminationCompensation: cannot go with exemptions10["10(10C)"]: no relief under s.89 on compensation under a voluntary retirement or separation scheme once its exemption under s.10(10C) is claimed (proviso to s.89)',
      true,
    ],
    [
      "compensation below its retrenchment exemption",
      withCompensation({}, { exemptions10: { "10(10B)": 1_000_000 } }),
      'profile.salary.terminationCompensation.received: must be at least exemptions10["10(10B)"] (₹10,00,000): the retrenchment compensation exempt is part of it',
      false,
    ],
    [
      "compensation beyond gross salary with the retirement benefits",
      withCompensation({}, { retirementBenefits: { gratuity: { ...longService, precedingYears: undefined } }, grossSalary: 3_500_000 }),
      "profile.salary.terminationCompensation.received: must not exceed salary.grossSalary less the retirement benefits received (₹5,00,000): it is part of it",
      false,
    ],
    [
      "compensation without its preceding years",
      withCompensation({ precedingYears: undefined }),
      "profile.salary.terminationCompensation.precedingYears",
      false,
    ],
  ])("refuses %s with 400, and a profile with it is not saved", async (_name, salary, expected, inGuide) => {
    const { key } = await createKey({ scopes: ["profiles:write", "profiles:read"] });
    const profile = { residentialStatus: "resident", salary };
    const message = await expectError(await compute(key, profile), 400, "validation_error");
    expect(message.startsWith(expected), message).toBe(true);
    const save = api("/api/v1/profiles", key, { method: "POST", body: JSON.stringify({ label: "relief", profile, financialYear: "2025-26" }) });
    await expectError(await save, 400, "validation_error");
    expect(ProfileListSchema.parse(await expectStatus(await api("/api/v1/profiles", key), 200)).data).toEqual([]);
    if (inGuide) expect(taxApiGuide.includes(`\`${expected}\``), `docs/tax-api.md shows \`${expected}\``).toBe(true);
  });
});
