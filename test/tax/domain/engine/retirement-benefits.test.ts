// The exempt part of benefits on leaving employment, worked from the facts. Sources:
// - s.10(10) of the Income-tax Act, 1961: (i) government (and local authority) gratuity exempt in full; (ii) gratuity
//   under the Payment of Gratuity Act, 1972 up to what its s.4(2) and (3) give: fifteen days' wages (the month's wages
//   ÷ 26 × 15) "for every completed year of service or part thereof in excess of six months", within the ceiling of
//   ₹20,00,000 (S.O. 1420(E), 29 March 2018); (iii) other gratuity up to "one-half month's salary for each year of
//   completed service, calculated on the basis of the average salary for the ten months immediately preceding the
//   month" of leaving, within ₹20,00,000 (Notification 16/2019); second proviso: the limit "as reduced by" what
//   earlier years left out of total income.
// - s.10(10A): (i) commuted pension from the Government, a local authority or a statutory corporation exempt in full;
//   (ii) any other up to "the commuted value of one-third of the pension" where the employee receives gratuity,
//   one-half otherwise.
// - s.10(10AA): (i) a Central or State Government employee's leave encashment exempt in full; (ii) other employees' up
//   to the leave at credit (Explanation: "thirty days for every year of actual service"), at most ten months, at the
//   average salary of the ten months before retirement, within ₹25,00,000 (Notification 31/2023).
// - s.115BAC(2)(i) bars clauses (5), (13A), (14), (17) and (32) of s.10 in the new regime, not these.
// Every figure below is worked by hand from those words.
import { describe, expect, it } from "vitest";
import { computeTax, type RetirementBenefits, type TaxInput } from "../../../../src/tax/domain/engine";
import { ComputeResultSchema } from "../../../../src/tax/compute/schemas";
import { ComputeRequestSchema, toTaxInput } from "../../../../src/tax/compute/request-schema";
import { taxInput } from "./input";

const NONE: Omit<RetirementBenefits, "employer"> = { gratuity: null, commutedPension: null, leaveEncashment: null };

/** A retiree whose gross salary is `otherSalary` plus every benefit received. */
function retiree(benefits: Partial<RetirementBenefits>, otherSalary = 800_000, salary: Partial<TaxInput["salary"]> = {}): TaxInput {
  const full: RetirementBenefits = { employer: "other", ...NONE, ...benefits };
  const received = (full.gratuity?.received ?? 0) + (full.commutedPension?.received ?? 0) + (full.leaveEncashment?.received ?? 0);
  return taxInput({ salary: { grossSalary: otherSalary + received, retirementBenefits: full, ...salary } });
}

function gratuityUnderTheAct(
  received: number,
  service: { years: number; months: number; days: number },
  exemptedEarlier = 0,
): RetirementBenefits["gratuity"] {
  return { received, coveredByGratuityAct: true, lastMonthWages: 120_000, tenMonthsSalary: [], service, exemptedEarlier };
}

function otherGratuity(received: number, tenMonthsSalary: number[], years: number, months = 0, exemptedEarlier = 0): RetirementBenefits["gratuity"] {
  return { received, coveredByGratuityAct: false, lastMonthWages: 0, tenMonthsSalary, service: { years, months, days: 0 }, exemptedEarlier };
}

const tenMonths = (monthly: number) => Array.from({ length: 10 }, () => monthly);

function leave(received: number, parts: Partial<NonNullable<RetirementBenefits["leaveEncashment"]>> = {}): RetirementBenefits["leaveEncashment"] {
  return {
    received,
    tenMonthsSalary: tenMonths(80_000),
    leaveAtCreditDays: 240,
    completedYearsOfService: 20,
    leaveTakenInServiceDays: 0,
    exemptedEarlier: 0,
    ...parts,
  };
}

const lines = (input: TaxInput, regime: "old" | "new" = "old") => computeTax(input, "2025-26").regimes[regime].salary.retirementBenefits;

describe("gratuity, s.10(10)", () => {
  it("(ii): a part of a year of more than six months counts as a year", () => {
    // 20 years 7 months → 21 years. 15/26 × 1,20,000 × 21 = 3,78,00,000 / 26 = 14,53,846.153… → 14,53,846.15, below the
    // ₹20,00,000 ceiling and the 16,00,000 received. Salary 8,00,000 + 16,00,000 = 24,00,000 − 14,53,846.15 − 50,000
    // (s.16(ia)) = 8,96,153.85; total income to the nearest ₹10, 8,96,150.
    const input = retiree({ gratuity: gratuityUnderTheAct(1_600_000, { years: 20, months: 7, days: 0 }) });
    const old = computeTax(input, "2025-26").regimes.old;
    expect(old.salary).toMatchObject({ grossSalary: 2_400_000, hraExemption: 1_453_846.15, incomeFromSalary: 896_153.85 });
    expect(old.taxableIncome).toBe(896_150);
    expect(old.salary.retirementBenefits).toEqual([
      {
        section: "10(10)",
        head: "salary",
        description: "Gratuity under the Payment of Gratuity Act, s.10(10)(ii)",
        claimed: 1_600_000,
        allowed: 1_453_846.15,
        limit: 1_453_846.15,
        limitedBy: "s.10(10)(ii): 15/26 × ₹1,20,000 × 21 years (20 completed and 7 months, more than six months, counted) = ₹14,53,846.15",
      },
    ]);
    // The detailed lines hold it too, beside the standard deduction.
    expect(old.deductions.find((line) => line.section === "10(10)")).toEqual(old.salary.retirementBenefits?.[0]);
    expect(ComputeResultSchema.parse(computeTax(input, "2025-26")).regimes.old.salary.retirementBenefits).toHaveLength(1);
  });

  it("(ii): six months exactly, or less, do not count; six months and a day do", () => {
    // 20 years: 1,20,000 × 15 × 20 / 26 = 3,60,00,000 / 26 = 13,84,615.384… → 13,84,615.38.
    for (const service of [
      { years: 20, months: 6, days: 0 },
      { years: 20, months: 5, days: 30 },
    ]) {
      const [line] = lines(retiree({ gratuity: gratuityUnderTheAct(1_600_000, service) })) ?? [];
      expect(line).toMatchObject({ allowed: 1_384_615.38 });
      expect(line?.limitedBy).toMatch(/^s\.10\(10\)\(ii\): 15\/26 × ₹1,20,000 × 20 years \(the .* beyond them not counted\) = ₹13,84,615\.38$/);
    }
    const [counted] = lines(retiree({ gratuity: gratuityUnderTheAct(1_600_000, { years: 20, months: 6, days: 1 }) })) ?? [];
    expect(counted).toMatchObject({ allowed: 1_453_846.15 });
    // Whole years alone: 20 years, nothing beyond.
    const [whole] = lines(retiree({ gratuity: gratuityUnderTheAct(1_600_000, { years: 20, months: 0, days: 0 }) })) ?? [];
    expect(whole?.limitedBy).toBe("s.10(10)(ii): 15/26 × ₹1,20,000 × 20 years = ₹13,84,615.38");
  });

  it("(iii): half a month's average salary of the ten months for each completed year, fractions ignored", () => {
    // Ten months before the month of leaving: 4 at 90,000 and 6 at 1,00,000 = 9,60,000, an average of 96,000. 15
    // years 11 months → 15 completed years. ½ × 96,000 × 15 = 7,20,000 of 10,00,000 received.
    const salary = [90_000, 90_000, 90_000, 90_000, 100_000, 100_000, 100_000, 100_000, 100_000, 100_000];
    const [line] = lines(retiree({ gratuity: otherGratuity(1_000_000, salary, 15, 11) })) ?? [];
    expect(line).toEqual({
      section: "10(10)",
      head: "salary",
      description: "Gratuity, s.10(10)(iii)",
      claimed: 1_000_000,
      allowed: 720_000,
      limit: 720_000,
      limitedBy:
        "s.10(10)(iii): ½ × ₹9,60,000 ÷ 10 (the average salary of the 10 months before the month of leaving) × 15 completed years = ₹7,20,000",
    });
  });

  it("the ₹20,00,000 ceiling binds, and gratuity exempt in earlier years lowers it", () => {
    // Average 2,00,000, 25 years: ½ × 2,00,000 × 25 = 25,00,000 > 20,00,000. Received 30,00,000: 20,00,000 exempt.
    const [line] = lines(retiree({ gratuity: otherGratuity(3_000_000, tenMonths(200_000), 25) })) ?? [];
    expect(line).toMatchObject({
      allowed: 2_000_000,
      limit: 2_000_000,
      limitedBy: "s.10(10)(iii): the ceiling of ₹20,00,000 (Notification 16/2019, S.O. 1213(E), for those leaving on or after 29 March 2018)",
    });
    // ₹5,00,000 exempt on leaving an earlier employer: 20,00,000 − 5,00,000 = 15,00,000.
    const [reduced] = lines(retiree({ gratuity: otherGratuity(3_000_000, tenMonths(200_000), 25, 0, 500_000) })) ?? [];
    expect(reduced).toMatchObject({
      allowed: 1_500_000,
      limitedBy:
        "s.10(10)(iii): the ceiling of ₹20,00,000 (Notification 16/2019, S.O. 1213(E), for those leaving on or after 29 March 2018) less ₹5,00,000 exempt in earlier years (second proviso to s.10(10)) = ₹15,00,000",
    });
    // (ii) has the same ceiling: 15/26 × 1,20,000 × 30 = 20,76,923.07 > 20,00,000; with 20,00,000 exempted earlier, nil.
    const [act] = lines(retiree({ gratuity: gratuityUnderTheAct(2_200_000, { years: 30, months: 0, days: 0 }) })) ?? [];
    expect(act).toMatchObject({
      allowed: 2_000_000,
      limitedBy: "s.10(10)(ii): the ceiling of ₹20,00,000 (s.4(3) of the Payment of Gratuity Act, S.O. 1420(E) of 29 March 2018)",
    });
    const [used] = lines(retiree({ gratuity: gratuityUnderTheAct(2_200_000, { years: 30, months: 0, days: 0 }, 2_000_000) })) ?? [];
    expect(used).toMatchObject({ allowed: 0, limit: 0 });
  });

  it("a government or local authority employee's gratuity is exempt in full, whatever its size", () => {
    // s.10(10)(i): 30,00,000 received, all exempt. Salary 8,00,000 + 30,00,000 − 30,00,000 − 50,000 = 7,50,000.
    for (const employer of ["government", "local_authority"] as const) {
      const input = retiree({ employer, gratuity: otherGratuity(3_000_000, [], 0) });
      const old = computeTax(input, "2025-26").regimes.old;
      expect(old.salary.incomeFromSalary).toBe(750_000);
      expect(old.salary.retirementBenefits).toEqual([
        {
          section: "10(10)",
          head: "salary",
          description: "Gratuity, s.10(10)(i): a government or local authority employee's, exempt in full",
          claimed: 3_000_000,
          allowed: 3_000_000,
          limit: null,
          limitedBy: null,
        },
      ]);
    }
    // A statutory corporation is neither: its gratuity is worked under (ii) or (iii). ½ × 2,00,000 × 25 capped at 20,00,000.
    const [corporation] = lines(retiree({ employer: "statutory_corporation", gratuity: otherGratuity(3_000_000, tenMonths(200_000), 25) })) ?? [];
    expect(corporation).toMatchObject({ allowed: 2_000_000 });
  });
});

describe("commuted pension, s.10(10A)", () => {
  const halfCommuted = (gratuityReceived: boolean): RetirementBenefits["commutedPension"] => ({
    received: 900_000,
    fullCommutedValue: null,
    portionCommuted: { numerator: 1, denominator: 2 },
    gratuityReceived,
  });

  it("one-third of the whole pension's commuted value with gratuity, one-half without", () => {
    // Half the pension commuted for 9,00,000: the whole is worth 18,00,000. With gratuity: ⅓ × 18,00,000 = 6,00,000.
    const [withGratuity] = lines(retiree({ commutedPension: halfCommuted(true) })) ?? [];
    expect(withGratuity).toEqual({
      section: "10(10A)",
      head: "salary",
      description: "Commuted pension, s.10(10A)(ii)",
      claimed: 900_000,
      allowed: 600_000,
      limit: 600_000,
      limitedBy:
        "s.10(10A)(ii)(a), gratuity received: one-third of ₹18,00,000, the commuted value of the whole pension (₹9,00,000 for 1/2 of it), = ₹6,00,000",
    });
    // Without: ½ × 18,00,000 = 9,00,000, all of what was received.
    const [without] = lines(retiree({ commutedPension: halfCommuted(false) })) ?? [];
    expect(without).toMatchObject({ claimed: 900_000, allowed: 900_000, limit: 900_000, limitedBy: null });
  });

  it("takes the whole pension's commuted value as given, and a fraction exactly", () => {
    // 5,00,000 received of a whole worth 12,00,000: ⅓ = 4,00,000 with gratuity; ½ = 6,00,000 without, so all 5,00,000.
    const given = (gratuityReceived: boolean): RetirementBenefits["commutedPension"] => ({
      received: 500_000,
      fullCommutedValue: 1_200_000,
      portionCommuted: null,
      gratuityReceived,
    });
    expect(lines(retiree({ commutedPension: given(true) }))?.[0]).toMatchObject({
      allowed: 400_000,
      limitedBy: "s.10(10A)(ii)(a), gratuity received: one-third of ₹12,00,000, the commuted value of the whole pension, = ₹4,00,000",
    });
    expect(lines(retiree({ commutedPension: given(false) }))?.[0]).toMatchObject({ allowed: 500_000, limit: 600_000 });
    // 40 % commuted for 4,00,000: the whole is 10,00,000, a third of it 3,33,333.33 (down to the paisa).
    const forty = { received: 400_000, fullCommutedValue: null, portionCommuted: { numerator: 40, denominator: 100 }, gratuityReceived: true };
    expect(lines(retiree({ commutedPension: forty }))?.[0]).toMatchObject({ allowed: 333_333.33 });
  });

  it("from the Government, a local authority or a statutory corporation it is exempt in full", () => {
    for (const employer of ["government", "local_authority", "statutory_corporation"] as const) {
      expect(lines(retiree({ employer, commutedPension: halfCommuted(true) }))?.[0]).toMatchObject({
        allowed: 900_000,
        limit: null,
        limitedBy: null,
      });
    }
  });
});

describe("leave encashment on retirement, s.10(10AA)", () => {
  // Ten months at 80,000: 8,00,000, an average of 80,000.
  const average = "₹8,00,000 ÷ 10 (the average salary of the 10 months before retirement)";

  it("the leave at credit binds: 240 days ÷ 30 × 80,000 = 6,40,000", () => {
    // Limbs: 6,40,000; ten months 8,00,000; ceiling 25,00,000. Received 7,00,000.
    expect(lines(retiree({ leaveEncashment: leave(700_000) }))?.[0]).toEqual({
      section: "10(10AA)",
      head: "salary",
      description: "Leave encashment on retirement, s.10(10AA)(ii)",
      claimed: 700_000,
      allowed: 640_000,
      limit: 640_000,
      limitedBy: `s.10(10AA)(ii): 240 days of earned leave ÷ 30 × ${average} = ₹6,40,000`,
    });
  });

  it("leave counts at no more than 30 days a year of service, less leave taken or encashed in service", () => {
    // 400 days at credit after 20 years, 360 taken: 30 × 20 − 360 = 240 days count. 240 ÷ 30 × 80,000 = 6,40,000.
    expect(lines(retiree({ leaveEncashment: leave(900_000, { leaveAtCreditDays: 400, leaveTakenInServiceDays: 360 }) }))?.[0]).toMatchObject({
      allowed: 640_000,
      limitedBy: `s.10(10AA)(ii): 240 days of earned leave (of 400 days at credit: at most 30 days × 20 years of service less 360 days taken or encashed, Explanation to s.10(10AA)) ÷ 30 × ${average} = ₹6,40,000`,
    });
    // Half days: 240.5 ÷ 30 × 80,000 = 6,41,333.333… → 6,41,333.33.
    expect(lines(retiree({ leaveEncashment: leave(900_000, { leaveAtCreditDays: 240.5 }) }))?.[0]).toMatchObject({ allowed: 641_333.33 });
  });

  it("ten months' average salary binds", () => {
    // 330 days after 15 years (at most 450): 330 ÷ 30 × 80,000 = 8,80,000; ten months 8,00,000. Received 9,50,000.
    expect(lines(retiree({ leaveEncashment: leave(950_000, { leaveAtCreditDays: 330, completedYearsOfService: 15 }) }))?.[0]).toMatchObject({
      allowed: 800_000,
      limit: 800_000,
      limitedBy: `s.10(10AA)(ii): 10 months × ${average} = ₹8,00,000`,
    });
  });

  it("the ₹25,00,000 ceiling binds, lowered by leave encashment exempt in earlier years", () => {
    // 3,00,000 a month: 300 days ÷ 30 × 3,00,000 = 30,00,000; ten months 30,00,000; ceiling 25,00,000. Received 32,00,000.
    const big = { tenMonthsSalary: tenMonths(300_000), leaveAtCreditDays: 300, completedYearsOfService: 25 };
    expect(lines(retiree({ leaveEncashment: leave(3_200_000, big) }))?.[0]).toMatchObject({
      allowed: 2_500_000,
      limitedBy: "s.10(10AA)(ii): the ceiling of ₹25,00,000 (Notification 31/2023, S.O. 2276(E), for retirements from 1 April 2023)",
    });
    // 4,00,000 exempt on an earlier retirement: 25,00,000 − 4,00,000 = 21,00,000.
    expect(lines(retiree({ leaveEncashment: leave(3_200_000, { ...big, exemptedEarlier: 400_000 }) }))?.[0]).toMatchObject({
      allowed: 2_100_000,
      limitedBy:
        "s.10(10AA)(ii): the ceiling of ₹25,00,000 (Notification 31/2023, S.O. 2276(E), for retirements from 1 April 2023) less ₹4,00,000 exempt in earlier years (second proviso to s.10(10AA)(ii)) = ₹21,00,000",
    });
  });

  it("the amount received binds: all of it is exempt", () => {
    // 5,00,000 received, below 6,40,000, 8,00,000 and 25,00,000.
    expect(lines(retiree({ leaveEncashment: leave(500_000) }))?.[0]).toMatchObject({
      claimed: 500_000,
      allowed: 500_000,
      limit: 640_000,
      limitedBy: null,
    });
  });

  it("only a Central or State Government employee's is exempt in full: a local authority's is worked out", () => {
    expect(lines(retiree({ employer: "government", leaveEncashment: leave(3_200_000) }))?.[0]).toMatchObject({
      allowed: 3_200_000,
      limit: null,
      description: "Leave encashment on retirement, s.10(10AA)(i): a Central or State Government employee's, exempt in full",
    });
    expect(lines(retiree({ employer: "local_authority", leaveEncashment: leave(700_000) }))?.[0]).toMatchObject({ allowed: 640_000 });
  });
});

describe("retirement benefits in both regimes", () => {
  it("the new regime exempts the same, and s.115BAC(2) still bars a reported HRA beside them", () => {
    // Gratuity (ii) 14,53,846.15 + leave 6,40,000 + commuted pension ⅓ of 18,00,000 = 6,00,000: 26,93,846.15 exempt of
    // 16,00,000 + 7,00,000 + 9,00,000 = 32,00,000 received. Gross 8,00,000 + 32,00,000 = 40,00,000.
    // Old: 40,00,000 − 26,93,846.15 − 1,00,000 (reported HRA) − 50,000 = 11,56,153.85.
    // New: 40,00,000 − 26,93,846.15 − 75,000 = 12,31,153.85 (no HRA, s.115BAC(2)(i)).
    const input: TaxInput = {
      ...retiree({
        gratuity: gratuityUnderTheAct(1_600_000, { years: 20, months: 7, days: 0 }),
        commutedPension: { received: 900_000, fullCommutedValue: 1_800_000, portionCommuted: null, gratuityReceived: true },
        leaveEncashment: leave(700_000),
      }),
      reported: { exemptions10: { "10(13A)": 100_000 } },
    };
    const { old, new: fresh } = computeTax(input, "2025-26").regimes;
    expect(old.salary).toMatchObject({ hraExemption: 2_793_846.15, incomeFromSalary: 1_156_153.85 });
    expect(fresh.salary).toMatchObject({ hraExemption: 2_693_846.15, incomeFromSalary: 1_231_153.85 });
    expect(fresh.salary.retirementBenefits?.map((line) => [line.section, line.allowed])).toEqual([
      ["10(10)", 1_453_846.15],
      ["10(10A)", 600_000],
      ["10(10AA)", 640_000],
    ]);
    expect(fresh.salary.retirementBenefits).toEqual(old.salary.retirementBenefits);
    for (const year of ["2024-25", "2026-27"] as const) {
      expect(computeTax(input, year).regimes.new.salary.hraExemption).toBe(2_693_846.15);
    }
  });

  it("without retirement benefits the salary part carries none", () => {
    const result = computeTax(taxInput({ salary: { grossSalary: 1_000_000 } }), "2025-26");
    expect(result.regimes.old.salary).not.toHaveProperty("retirementBenefits");
  });
});

describe("salary.retirementBenefits in the request", () => {
  const parse = (salary: Record<string, unknown>) =>
    toTaxInput(ComputeRequestSchema.parse({ profile: { residentialStatus: "resident", salary }, financialYear: "2025-26" }).profile).salary;

  it("takes the employer from isGovernmentEmployer when not named, and gratuity from the profile for commuted pension", () => {
    const benefits = { gratuity: { received: 500_000 }, commutedPension: { received: 300_000 } };
    expect(parse({ grossSalary: 2_000_000, isGovernmentEmployer: true, retirementBenefits: benefits }).retirementBenefits).toMatchObject({
      employer: "government",
    });
    const other = parse({
      grossSalary: 2_000_000,
      exemptions10: { "10(10)": 200_000 },
      retirementBenefits: { commutedPension: { received: 300_000, portionCommuted: { numerator: 1, denominator: 3 } } },
    }).retirementBenefits;
    expect(other).toEqual({
      employer: "other",
      gratuity: null,
      commutedPension: { received: 300_000, fullCommutedValue: null, portionCommuted: { numerator: 1, denominator: 3 }, gratuityReceived: true },
      leaveEncashment: null,
    });
    // No gratuity in the profile: one-half, unless the request says gratuity was received in another year.
    const alone = { grossSalary: 2_000_000, retirementBenefits: { commutedPension: { received: 300_000, fullCommutedValue: 900_000 } } };
    expect(parse(alone).retirementBenefits?.commutedPension?.gratuityReceived).toBe(false);
    // ⅓ of 9,00,000 = 3,00,000 with gratuity received in another year.
    const withEarlier = {
      ...alone,
      retirementBenefits: { commutedPension: { received: 300_000, fullCommutedValue: 900_000, gratuityReceived: true } },
    };
    expect(computeTax({ ...taxInput(), salary: parse(withEarlier) }, "2025-26").regimes.old.salary.retirementBenefits?.[0]).toMatchObject({
      allowed: 300_000,
    });
  });
});
