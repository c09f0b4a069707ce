import { describe, expect, it } from "vitest";
import { ComputeAnswerSchema, ComputeResultSchema } from "../../../src/tax/compute/schemas";
import { api, createKey, expectError, expectStatus } from "../helpers";
import taxApiGuide from "../../../docs/tax-api.md?raw";

// The profile exactly as the seed's section 2 shows it.
const seedProfile = {
  age: 30,
  residentialStatus: "resident",
  houseProperties: [],
  salary: { grossSalary: 1_800_000, basicPlusDA: 900_000, hraReceived: 360_000, rentPaid: 300_000, isMetroCity: true, professionalTax: 2_400 },
  deductions: { section80C: 150_000, section80D_selfFamily: 25_000 },
  taxesPaid: 150_000,
};

function compute(key: string | null, body: unknown, init: RequestInit = {}, query = "") {
  return api(`/api/v1/compute${query}`, key, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), ...init });
}

describe("POST /api/v1/compute", () => {
  it("computes the seed's profile under both regimes; the response parses with its schema", async () => {
    const { key } = await createKey({ scopes: [] });
    const body = await expectStatus(await compute(key, { profile: seedProfile, financialYear: "2025-26" }), 200);
    const result = ComputeAnswerSchema.parse(body.data);
    expect(result.financialYear).toBe("2025-26");
    // The default answer carries totals only: no line-by-line working.
    for (const regime of ["old", "new"] as const) {
      expect(body.data.regimes[regime]).not.toHaveProperty("slabs");
      expect(body.data.regimes[regime]).not.toHaveProperty("deductions");
    }
    expect(result.recommendedRegime).toMatch(/^(old|new)$/);
    const { old: oldRegime, new: newRegime } = result.regimes;
    const cheaper = Math.min(oldRegime.totalTax, newRegime.totalTax);
    expect(result.regimes[result.recommendedRegime].totalTax).toBe(cheaper);
    expect(result.disclaimer).toMatch(/not tax advice/i);

    // New regime, FY 2025-26, worked by hand: HRA, professional tax (s.115BAC(2)), 80C and 80D are not
    // allowed; standard deduction 75,000 (s.16(ia)). TI = 18,00,000 − 75,000 = 17,25,000.
    // Slabs of s.115BAC(1A)(iii): 4L–8L at 5% = 20,000; 8L–12L at 10% = 40,000; 12L–16L at 15% = 60,000;
    // 16L–17.25L at 20% = 25,000; total 1,45,000. No rebate above 12L (TI − 12L = 5,25,000 exceeds the tax),
    // no surcharge below 50L; cess 4% = 5,800; total 1,50,800; less 1,50,000 paid = 800 payable.
    expect(newRegime.taxableIncome).toBe(1_725_000);
    expect(newRegime.slabTax).toBe(145_000);
    expect(newRegime.rebate87A).toBe(0);
    expect(newRegime.cess).toBe(5_800);
    expect(newRegime.totalTax).toBe(150_800);
    expect(newRegime.netTaxPayable).toBe(800);

    // The employer's NPS contribution (s.80CCD(2)) counts only when made in the year, so by 31 March 2026.
    expect(body.data.savingMoves).toContainEqual(expect.objectContaining({ kind: "employer_nps_80ccd2", actBy: "2026-03-31" }));
  });

  it("adds the slab-by-slab and deduction-by-deduction working with ?detail=full, and refuses other detail values", async () => {
    const { key } = await createKey({ scopes: [] });
    const request = { profile: seedProfile, financialYear: "2025-26" };
    const full = ComputeResultSchema.parse((await expectStatus(await compute(key, request, {}, "?detail=full"), 200)).data);
    // The new regime's slabs worked by hand in the first test: nil to 4L, then 20,000, 40,000, 60,000 and 25,000.
    expect(full.regimes.new.slabs.filter((slab) => slab.tax > 0).map((slab) => [slab.from, slab.tax])).toEqual([
      [400_000, 20_000],
      [800_000, 40_000],
      [1_200_000, 60_000],
      [1_600_000, 25_000],
    ]);
    // Old regime: s.80C 1,50,000 claimed and allowed in full (the s.80CCE cap is 1,50,000).
    expect(full.regimes.old.deductions.find((line) => line.section === "80C")).toMatchObject({ claimed: 150_000, allowed: 150_000 });
    const totals = ComputeAnswerSchema.parse((await expectStatus(await compute(key, request), 200)).data);
    expect(totals.regimes.new.totalTax).toBe(full.regimes.new.totalTax);
    expect(await expectError(await compute(key, request, {}, "?detail=slabs"), 400, "validation_error")).toMatch(/detail/);
  });

  it("taxes equity gains at their own rate and surcharges dividends in the 15 % band", async () => {
    const { key } = await createKey({ scopes: [] });
    // Salary income 15L + s.112A 3L: slab 1,05,000; (3L − 1.25L) × 12.5% = 21,875; cess 5,075 → 1,31,950.
    const gains = { age: 40, residentialStatus: "resident", salary: { grossSalary: 1_575_000 }, capitalGains: [{ section: "112A", gain: 300_000 }] };
    const first = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { profile: gains, financialYear: "2025-26" }), 200)).data);
    expect(first.regimes.new).toMatchObject({ taxableIncome: 1_800_000, slabTax: 105_000, specialRateTax: 21_875, totalTax: 131_950 });
    expect(first.itr.form).toBe("ITR-2");
    // Salary 1,50,75,000 and dividends 1 crore: income without dividends is 1.5 Cr, so 15 % (worked in full in
    // the engine's worked cases): 84,67,680 new.
    const dividends = { age: 40, residentialStatus: "resident", salary: { grossSalary: 15_075_000 }, otherIncome: { dividends: 10_000_000 } };
    const second = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { profile: dividends, financialYear: "2025-26" }), 200)).data);
    expect(second.regimes.new).toMatchObject({ surchargeRatePercent: 15, totalTax: 8_467_680 });
  });

  it("sets capital losses brought forward against this year's gains and says what is left to carry forward (s.74)", async () => {
    const { key } = await createKey({ scopes: [] });
    // Salary income 15L (slab 1,05,000) + s.112A 3,00,000. The long-term loss of 1,00,000 brought forward leaves
    // 2,00,000; the short-term loss of 20,000 finds no slab-rate gain and goes to the dearest special rate, s.112A:
    // 1,80,000, less the ₹1,25,000 exemption = 55,000 × 12.5 % = 6,875; 1,11,875 + cess 4,475 = 1,16,350. Total
    // income 15,00,000 + 1,80,000; nothing is left to carry forward.
    const profile = {
      age: 40,
      residentialStatus: "resident",
      salary: { grossSalary: 1_575_000 },
      capitalGains: [{ section: "112A", gain: 300_000 }],
      capitalLossesBroughtForward: { shortTerm: 20_000, longTerm: 100_000 },
    };
    const result = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { profile, financialYear: "2025-26" }), 200)).data);
    expect(result.regimes.new).toMatchObject({
      taxableIncome: 1_680_000,
      specialRateTax: 6_875,
      totalTax: 116_350,
      capitalGains: { shortTermLossBroughtForwardSetOff: 20_000, longTermLossBroughtForwardSetOff: 100_000 },
    });
    expect(result.capitalLossesToCarryForward).toEqual({ shortTerm: 0, longTerm: 0, shortTermLostToLateReturn: 0, longTermLostToLateReturn: 0 });
    const negative = { ...profile, capitalLossesBroughtForward: { shortTerm: -1 } };
    expect(await expectError(await compute(key, { profile: negative, financialYear: "2025-26" }), 400, "validation_error")).toBe(
      "profile.capitalLossesBroughtForward.shortTerm: must be >= 0",
    );
    const unknown = { ...profile, capitalLossesBroughtForward: { houseProperty: 10_000 } };
    expect(await expectError(await compute(key, { profile: unknown, financialYear: "2025-26" }), 400, "validation_error")).toBe(
      "profile.capitalLossesBroughtForward.houseProperty: unknown field",
    );
  });

  it("relieves salary arrears under s.89 in both regimes, and refuses arrears the profile does not count", async () => {
    const { key } = await createKey({ scopes: [] });
    // Salary 15,00,000 with 3,00,000 of arrears that would have added 30,000 in their own years, FY 2025-26.
    // New: TI 14,25,000: 20,000 + 40,000 + 33,750 = 93,750 + cess 3,750 = 97,500 with them; without, TI 11,25,000,
    // 52,500 all rebated (s.87A): 0. Relief 97,500 − 30,000 = 67,500; tax 30,000. Old: TI 14,50,000: 2,47,500 + cess
    // 9,900 = 2,57,400 with; TI 11,50,000: 1,57,500 + 6,300 = 1,63,800 without; relief 63,600; tax 1,93,800.
    const profile = {
      age: 40,
      residentialStatus: "resident",
      salary: { grossSalary: 1_500_000 },
      arrears: { salary: 300_000, extraTaxInEarlierYears: 30_000 },
    };
    const result = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { profile, financialYear: "2025-26" }), 200)).data);
    expect(result.regimes.new).toMatchObject({ arrearsRelief: { section: "89", taxWithoutArrears: 0, relief: 67_500 }, totalTax: 30_000 });
    expect(result.regimes.old).toMatchObject({ arrearsRelief: { taxWithoutArrears: 163_800, relief: 63_600 }, totalTax: 193_800 });

    const refused = async (arrears: unknown) =>
      expectError(await compute(key, { profile: { ...profile, arrears }, financialYear: "2025-26" }), 400, "validation_error");
    expect(await refused({ salary: 1_600_000, extraTaxInEarlierYears: 0 })).toBe(
      "profile.arrears.salary: must not exceed salary.grossSalary: the arrears are counted in it",
    );
    expect(await refused({ familyPension: 10_000, extraTaxInEarlierYears: 0 })).toBe(
      "profile.arrears.familyPension: must not exceed otherIncome.familyPension: the arrears are counted in it",
    );
    expect(await refused({ extraTaxInEarlierYears: 0 })).toBe("profile.arrears.salary: name the arrears: salary, familyPension or both above 0");
    expect(await refused({ salary: 300_000 })).toMatch(/^profile\.arrears\.extraTaxInEarlierYears: /);
  });

  it("credits tax paid abroad under ss.90 and 91, and refuses foreign income India cannot credit or the profile does not count", async () => {
    const { key } = await createKey({ scopes: [] });
    // Salary 20,00,000, of which 6,00,000 earned in the US with 1,50,000 of US tax (treaty), FY 2025-26. New regime:
    // TI 19,25,000: 1,20,000 + 65,000 = 1,85,000 + cess 7,400 = 1,92,400; Indian tax on 6,00,000 at 1,92,400 ÷
    // 19,25,000 = 59,968.83 → 59,969, below the US tax: credit 59,969; 1,32,431 → 1,32,430. Old: TI 19,50,000, tax
    // 4,13,400 at 21.2 %: 1,27,200 on 6,00,000, the credit; 2,86,200.
    const us = { country: "US", head: "salary", income: 600_000, foreignTaxPaid: 150_000, relief: "treaty" };
    const profile = { age: 40, residentialStatus: "resident", salary: { grossSalary: 2_000_000 }, foreignIncome: [us] };
    const body = await expectStatus(await compute(key, { profile, financialYear: "2025-26" }), 200);
    const result = ComputeAnswerSchema.parse(body.data);
    expect(result.regimes.new).toMatchObject({
      foreignTaxCredit: {
        indianIncomeTax: 192_400,
        indianRateOfTaxPercent: 9.9948,
        lines: [{ section: "90", indianTaxOnIncome: 59_969, credit: 59_969 }],
        credit: 59_969,
      },
      totalTax: 132_430,
    });
    expect(result.regimes.old).toMatchObject({ foreignTaxCredit: { credit: 127_200 }, totalTax: 286_200 });
    expect(result.itr.form).toBe("ITR-2");
    expect(result.notes.some((note) => note.startsWith("foreignIncome: ") && note.includes("Form 67"))).toBe(true);
    // A resident but not ordinarily resident may list foreign income India taxes.
    const rnor = { ...profile, residentialStatus: "resident_not_ordinarily_resident" };
    const rnorResult = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { profile: rnor, financialYear: "2025-26" }), 200)).data);
    expect(rnorResult.regimes.new.totalTax).toBe(132_430);

    const refused = async (changes: Record<string, unknown>) =>
      expectError(await compute(key, { profile: { ...profile, ...changes }, financialYear: "2025-26" }), 400, "validation_error");
    expect(await refused({ residentialStatus: "non_resident" })).toBe(
      "profile.foreignIncome: applies only to a resident (resident or resident_not_ordinarily_resident): India taxes a non-resident only on income from India, so no tax paid abroad is credited (ss.90, 91)",
    );
    expect(
      await refused({
        foreignIncome: [
          { ...us, income: 1_500_000 },
          { ...us, country: "GB", income: 600_000 },
        ],
      }),
    ).toBe(
      "profile.foreignIncome: the salary income listed adds up to ₹21,00,000, more than the ₹20,00,000 the profile counts under that head (salary.grossSalary): foreign income is a part of its head's income, already counted in it",
    );
    expect(await refused({ foreignIncome: [{ ...us, head: "other_sources" }] })).toMatch(
      /^profile\.foreignIncome: the other_sources income listed adds up to ₹6,00,000, more than the ₹0 /,
    );
    expect(await refused({ foreignIncome: [{ ...us, relief: "no_treaty", taxPayableUnderTreaty: 90_000 }] })).toBe(
      "profile.foreignIncome[0].taxPayableUnderTreaty: applies only with relief treaty (s.90): without a treaty no treaty limits the foreign tax",
    );
    expect(await refused({ foreignIncome: [{ ...us, country: "IN" }] })).toBe(
      "profile.foreignIncome[0].country: must be a country outside India: income that arose in India is not foreign income",
    );
    expect(await refused({ foreignIncome: [{ ...us, country: "UK" }] })).toBe(
      "profile.foreignIncome[0].country: UK is not an ISO 3166-1 code: the United Kingdom is GB",
    );
    expect(await refused({ foreignIncome: [{ ...us, country: "us" }] })).toBe("profile.foreignIncome[0].country: must be in capitals: US");
  });

  it("sets house-property losses brought forward against this year's income from house property and says what is left (s.71B)", async () => {
    const { key } = await createKey({ scopes: [] });
    // A let-out home: rent 2,40,000 less 30 % (s.24(a)) = 1,68,000. Brought forward 2,00,000, 50,000 of it from a
    // self-occupied home's loan interest. Old: 1,68,000 set off, 32,000 left. New: 1,50,000 set off, the 18,000 of
    // income taxed; nothing carried (the 50,000 ends, s.115BAC(3)). New: 18,00,000 − 75,000 + 18,000 = 17,43,000:
    // 1,20,000 + 20 % of 1,43,000 = 1,48,600, + cess 5,944 = 1,54,544, rounded to 1,54,540 (s.288B).
    const profile = {
      age: 40,
      residentialStatus: "resident",
      salary: { grossSalary: 1_800_000 },
      houseProperties: [{ type: "let_out", annualRent: 240_000 }],
      housePropertyLossBroughtForward: { amount: 200_000, fromSelfOccupiedInterest: 50_000 },
    };
    const result = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { profile, financialYear: "2025-26" }), 200)).data);
    expect(result.regimes.old.houseProperty).toMatchObject({
      incomeFromHouseProperty: 168_000,
      lossBroughtForwardSetOff: 168_000,
      lossToCarryForward: 32_000,
    });
    expect(result.regimes.new).toMatchObject({
      houseProperty: { lossBroughtForwardSetOff: 150_000, lossToCarryForward: 0 },
      taxableIncome: 1_743_000,
      totalTax: 154_540,
    });
    const tooLarge = { ...profile, housePropertyLossBroughtForward: { amount: 10_000, fromSelfOccupiedInterest: 20_000 } };
    expect(await expectError(await compute(key, { profile: tooLarge, financialYear: "2025-26" }), 400, "validation_error")).toBe(
      "profile.housePropertyLossBroughtForward.fromSelfOccupiedInterest: must not exceed housePropertyLossBroughtForward.amount: it is a part of it",
    );
    const partial = { ...profile, housePropertyLossBroughtForward: { amount: 10_000 } };
    expect(await expectError(await compute(key, { profile: partial, financialYear: "2025-26" }), 400, "validation_error")).toMatch(
      /^profile\.housePropertyLossBroughtForward\.fromSelfOccupiedInterest: /,
    );
  });

  it("caps a self-occupied home's loan interest at ₹30,000 under the first proviso to s.24(b), and refuses the cap on a let-out home", async () => {
    const { key } = await createKey({ scopes: [] });
    // Old regime: salary 10,50,000 − 50,000 = 10,00,000; interest 1,00,000 on a loan for repairs → 30,000; TI 9,70,000:
    // 12,500 + 20 % of 4,70,000 (94,000) = 1,06,500, + cess 4,260 = 1,10,760. Without interestCap: ₹2,00,000 cap,
    // TI 9,00,000: 12,500 + 80,000 = 92,500, + cess 3,700 = 96,200.
    const property = { type: "self_occupied", interestOnHousingLoan: 100_000, interestCap: "other" };
    const profile = { age: 40, residentialStatus: "resident", salary: { grossSalary: 1_050_000 }, houseProperties: [property] };
    const result = ComputeResultSchema.parse(
      (await expectStatus(await compute(key, { profile, financialYear: "2025-26" }, {}, "?detail=full"), 200)).data,
    );
    expect(result.regimes.old).toMatchObject({ houseProperty: { incomeFromHouseProperty: -30_000 }, taxableIncome: 970_000, totalTax: 110_760 });
    expect(result.regimes.old.deductions).toContainEqual(
      expect.objectContaining({
        section: "24(b)",
        claimed: 100_000,
        allowed: 30_000,
        limit: 30_000,
        limitedBy: expect.stringMatching(/^s\.24\(b\) first proviso: ₹30,000 /),
      }),
    );
    const { interestCap: _, ...plain } = property;
    const before = ComputeAnswerSchema.parse(
      (await expectStatus(await compute(key, { profile: { ...profile, houseProperties: [plain] }, financialYear: "2025-26" }), 200)).data,
    );
    expect(before.regimes.old).toMatchObject({ taxableIncome: 900_000, totalTax: 96_200 });
    const letOut = { ...profile, houseProperties: [{ ...property, type: "let_out", annualRent: 120_000 }] };
    expect(await expectError(await compute(key, { profile: letOut, financialYear: "2025-26" }), 400, "validation_error")).toBe(
      "profile.houseProperties[0].interestCap: applies to a self_occupied home only: a let-out home's interest has no cap",
    );
  });

  it("allows medical expenditure on an uninsured senior parent (s.80D(2)(d)), and refuses an employee's NPS claim without basic + DA and s.80GG beside an HRA", async () => {
    const { key } = await createKey({ scopes: [] });
    // Old regime: salary 10,00,000 − 50,000 − 50,000 of the parents' medical bills = 9,00,000: 12,500 + 20 % of
    // 4,00,000 = 92,500, + cess 3,700 = 96,200.
    const profile = {
      age: 40,
      residentialStatus: "resident",
      salary: { grossSalary: 1_000_000 },
      deductions: { section80D_medicalParents: 50_000, parentsAge: 72 },
    };
    const result = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { profile, financialYear: "2025-26" }), 200)).data);
    expect(result.regimes.old).toMatchObject({ chapterVIADeductions: 50_000, totalTax: 96_200 });
    const nps = { ...profile, deductions: { section80CCD1: 50_000 } };
    expect(await expectError(await compute(key, { profile: nps, financialYear: "2025-26" }), 400, "validation_error")).toBe(
      "profile.deductions.section80CCD1: needs salary.basicPlusDA: an employee's s.80CCD(1) limit is 10 % of basic + DA (for a pension, set salary.isPension)",
    );
    const withHra = { ...profile, salary: { grossSalary: 1_000_000, hraReceived: 100_000 }, deductions: { section80GG_rentPaid: 120_000 } };
    expect(await expectError(await compute(key, { profile: withHra, financialYear: "2025-26" }), 400, "validation_error")).toBe(
      "profile.deductions.section80GG_rentPaid: applies only to someone who receives no house rent allowance (s.80GG); the profile has one",
    );
    // s.80GG is for an assessee with no income under s.10(13A), however it is entered: Form 16's 80GG row too.
    const reported80GG = { ...withHra, deductions: { otherChapterVIA: { "80GG": 60_000 } } };
    expect(await expectError(await compute(key, { profile: reported80GG, financialYear: "2025-26" }), 400, "validation_error")).toBe(
      "profile.deductions.otherChapterVIA.80GG: applies only to someone who receives no house rent allowance (s.80GG); the profile has one",
    );
    const exemptHra = { ...reported80GG, salary: { grossSalary: 1_000_000, exemptions10: { "10(13A)": 40_000 } } };
    expect(await expectError(await compute(key, { profile: exemptHra, financialYear: "2025-26" }), 400, "validation_error")).toBe(
      "profile.deductions.otherChapterVIA.80GG: applies only to someone who receives no house rent allowance (s.80GG); the profile has one",
    );
  });

  it("refuses an employer's NPS contribution (s.80CCD(2)) larger than the gross salary it is part of, or without one", async () => {
    const { key } = await createKey({ scopes: [] });
    // s.17(1)(viii) counts the contribution in salary and s.80CCD(2) deducts a share of that salary: none without it.
    for (const salary of [undefined, { grossSalary: 250_000 }]) {
      const profile = {
        age: 40,
        residentialStatus: "resident",
        salary,
        otherIncome: { depositInterest: 1_000_000 },
        deductions: { section80CCD2: 300_000 },
      };
      expect(await expectError(await compute(key, { profile, financialYear: "2025-26" }), 400, "validation_error")).toBe(
        "profile.deductions.section80CCD2: must not exceed salary.grossSalary: it is part of it",
      );
    }
  });

  it("holds a pensioner's own NPS contribution to 20 % of gross total income (s.80CCD(1)(b)), with no basic + DA", async () => {
    const { key } = await createKey({ scopes: [] });
    // Old regime, aged 65: pension 9,00,000 − 50,000 (s.16(ia)) = 8,50,000 gross total income; 20 % of it is
    // 1,70,000 and s.80CCE leaves 1,50,000, so the 1,00,000 claimed is allowed in full (as an employee's, 10 % of a
    // basic pay of 9,00,000 would have held it to 90,000). Total income 7,50,000: 5 % of 3L-5L = 10,000, 20 % of
    // 2,50,000 = 50,000; 60,000 + cess 2,400 = 62,400.
    const profile = {
      age: 65,
      residentialStatus: "resident",
      salary: { grossSalary: 900_000, isPension: true },
      deductions: { section80CCD1: 100_000 },
    };
    const result = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { profile, financialYear: "2025-26" }), 200)).data);
    expect(result.regimes.old).toMatchObject({ chapterVIADeductions: 100_000, taxableIncome: 750_000, totalTax: 62_400 });
    const withHra = { ...profile, salary: { ...profile.salary, hraReceived: 10_000 } };
    expect(await expectError(await compute(key, { profile: withHra, financialYear: "2025-26" }), 400, "validation_error")).toBe(
      "profile.salary.hraReceived: a pension (salary.isPension) carries no house rent allowance",
    );
    const withEmployerNps = { ...profile, deductions: { section80CCD2: 10_000 } };
    expect(await expectError(await compute(key, { profile: withEmployerNps, financialYear: "2025-26" }), 400, "validation_error")).toBe(
      "profile.deductions.section80CCD2: a pension (salary.isPension) has no employer NPS contribution",
    );
  });

  it("exempts a gain reinvested under s.54EC, and refuses an exemption its gain cannot have", async () => {
    const { key } = await createKey({ scopes: [] });
    const profile = {
      age: 40,
      residentialStatus: "resident",
      salary: { grossSalary: 1_000_000 },
      capitalGains: [{ section: "112", gain: 2_000_000, exemption: { section: "54EC", invested: 1_500_000 } }],
    };
    // 5,00,000 of the gain is left at 12.5 % = 62,500 (worked in the engine's tests: total tax 98,800).
    const result = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { profile, financialYear: "2025-26" }), 200)).data);
    expect(result.capitalGainExemptions).toEqual([{ index: 0, section: "54EC", exemptGain: 1_500_000, exemptIndexedGain: null }]);
    expect(result.regimes.new).toMatchObject({ specialRateTax: 62_500, totalTax: 98_800 });
    const refused = async (capitalGains: unknown[]) =>
      expectError(await compute(key, { profile: { ...profile, capitalGains }, financialYear: "2025-26" }), 400, "validation_error");
    expect(await refused([{ section: "112A", gain: 500_000, exemption: { section: "54", invested: 500_000 } }])).toBe(
      "profile.capitalGains[0].exemption.section: s.54 applies to long-term gains on a residential house (section 112)",
    );
    expect(await refused([{ section: "112A", gain: 500_000, exemption: { section: "54F", invested: 500_000 } }])).toBe(
      "profile.capitalGains[0].exemption.netConsideration: s.54F needs the net consideration",
    );
    expect(
      await refused([
        { section: "112", gain: 4_000_000, exemption: { section: "54EC", invested: 3_000_000 } },
        { section: "112", gain: 3_000_000, exemption: { section: "54EC", invested: 2_500_000 } },
      ]),
    ).toBe("profile.capitalGains: s.54EC allows at most ₹50,00,000 of bonds in a year; the gains name ₹55,00,000");
  });

  it("caps a listed bond's tax at 10 % for a transfer before 23 July 2024 (proviso to s.112(1)), and refuses security where it does not apply", async () => {
    const { key } = await createKey({ scopes: [] });
    const bond = { section: "112", gain: 200_000, transferredBefore23July2024: true, security: "zero_coupon_bond" };
    const profile = { age: 40, residentialStatus: "resident", salary: { grossSalary: 1_575_000 }, capitalGains: [bond] };
    // New regime FY 2024-25: 15,75,000 − 75,000 = 15,00,000 at the slab rates, 1,40,000; the bond 20 % × 2,00,000 =
    // 40,000, capped at 10 % = 20,000 (20,000 ignored); 1,60,000 + cess 6,400 = 1,66,400.
    const result = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { profile, financialYear: "2024-25" }), 200)).data);
    expect(result.regimes.new).toMatchObject({ specialRateTax: 20_000, totalTax: 166_400 });
    expect(result.regimes.new.specialRateIncome).toEqual([
      {
        section: "112",
        description: "Long-term gains with indexation, transferred before 23 July 2024",
        ratePercent: 20,
        income: 200_000,
        exemptAmount: 0,
        basicExemptionAdjusted: 0,
        indexationRelief: 20_000,
        taxableAmount: 200_000,
        tax: 20_000,
      },
    ]);
    const refused = async (entry: Record<string, unknown>, financialYear = "2024-25") =>
      expectError(await compute(key, { profile: { ...profile, capitalGains: [entry] }, financialYear }), 400, "validation_error");
    expect(await refused({ ...bond, section: "111A" })).toBe("profile.capitalGains[0].security: applies to section 112 gains only");
    expect(await refused({ ...bond, transferredBefore23July2024: false })).toBe(
      "profile.capitalGains[0].security: applies only to a transfer before 23 July 2024 (transferredBefore23July2024: true, FY 2024-25): from that day a section 112 gain is taxed at 12.5 % without indexation whatever the asset",
    );
    expect(await refused(bond, "2025-26")).toBe(
      "profile.capitalGains[0].transferredBefore23July2024: only FY 2024-25 has transfers before 23 July 2024",
    );
    expect(await refused({ ...bond, landOrBuildingAcquiredBefore23July2024: true })).toBe(
      "profile.capitalGains[0].security: land or a building is not a security: give landOrBuildingAcquiredBefore23July2024 or security, not both",
    );
    expect(await refused({ ...bond, security: "listed" })).toBe(
      'profile.capitalGains[0].security: must be one of "listed_other_than_unit", "zero_coupon_bond", "unlisted"',
    );
  });

  it("exempts a short-term gain on agricultural land under s.54B, and refuses two houses under s.54 on a gain above ₹2 crore", async () => {
    const { key } = await createKey({ scopes: [] });
    const profile = {
      age: 40,
      residentialStatus: "resident",
      salary: { grossSalary: 1_000_000 },
      capitalGains: [{ section: "short_term_other", gain: 1_000_000, exemption: { section: "54B", invested: 500_000 } }],
    };
    // New regime FY 2025-26: 5,00,000 of the gain is charged at the slab rates beside 9,25,000 of salary after the
    // standard deduction: 20,000 + 40,000 + 15 % of 2,25,000 (33,750) = 93,750, + cess 3,750 = 97,500.
    const result = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { profile, financialYear: "2025-26" }), 200)).data);
    expect(result.capitalGainExemptions).toEqual([{ index: 0, section: "54B", exemptGain: 500_000, exemptIndexedGain: null }]);
    expect(result.regimes.new).toMatchObject({ taxableIncome: 1_425_000, specialRateTax: 0, totalTax: 97_500 });
    const twoHouses = { section: "112", gain: 25_000_000, exemption: { section: "54", invested: 20_000_000, twoHouses: true } };
    expect(
      await expectError(
        await compute(key, { profile: { ...profile, capitalGains: [twoHouses] }, financialYear: "2025-26" }),
        400,
        "validation_error",
      ),
    ).toBe(
      "profile.capitalGains[0].exemption.twoHouses: two houses may be bought only with a capital gain of at most ₹2,00,00,000 (first proviso to s.54(1)); this one is ₹2,50,00,000",
    );
  });

  it("taxes a non-resident's dividends at 20 % apart from the slab income (s.115A), in both regimes", async () => {
    const { key } = await createKey({ scopes: [] });
    // FY 2025-26, salary 10L and dividends 5L, non-resident. s.115A(1)(a): dividends 5L × 20% = 1,00,000; the rest
    // at the slab rates. New: 10L − 75,000 = 9,25,000: 4L–8L 5% = 20,000 + 8L–9.25L 10% = 12,500 → 32,500; no
    // s.87A (resident individuals only); 1,32,500 + cess 5,300 = 1,37,800. Old: 10L − 50,000 = 9,50,000: 12,500 +
    // 4,50,000 × 20% = 1,02,500; 2,02,500 + cess 8,100 = 2,10,600.
    const profile = { age: 40, residentialStatus: "non_resident", salary: { grossSalary: 1_000_000 }, otherIncome: { dividends: 500_000 } };
    const body = await expectStatus(await compute(key, { profile, financialYear: "2025-26" }, {}, "?detail=full"), 200);
    const result = ComputeResultSchema.parse(body.data);
    const dividendLine = { section: "115A", ratePercent: 20, income: 500_000, basicExemptionAdjusted: 0, taxableAmount: 500_000, tax: 100_000 };
    expect(result.regimes.new).toMatchObject({
      taxableIncome: 1_425_000,
      incomeAtSlabRates: 925_000,
      slabTax: 32_500,
      rebate87A: 0,
      totalTax: 137_800,
    });
    expect(result.regimes.old).toMatchObject({ taxableIncome: 1_450_000, incomeAtSlabRates: 950_000, slabTax: 102_500, totalTax: 210_600 });
    for (const regime of ["old", "new"] as const) {
      expect(result.regimes[regime].specialRateIncome).toEqual([expect.objectContaining(dividendLine)]);
      // The slab-by-slab working covers the salary only.
      expect(result.regimes[regime].slabs.reduce((sum, slab) => sum + slab.taxableAmount, 0)).toBe(result.regimes[regime].incomeAtSlabRates);
    }
  });

  it("charges a non-resident's dividends at a tax treaty's rate where it costs less (s.90(2)), and refuses the rate for anyone else", async () => {
    const { key } = await createKey({ scopes: [] });
    // FY 2025-26, non-resident, dividends 10L, treaty rate 15 %. Treaty: 10L × 15% = 1,50,000, the whole tax on them
    // (no surcharge, no cess). s.115A: 10L × 20% = 2,00,000, no surcharge up to 50L, + cess 8,000 = 2,08,000. The
    // treaty costs less in both regimes (no other income, so no slab tax).
    const profile = { residentialStatus: "non_resident", otherIncome: { dividends: 1_000_000, dividendTreatyRatePercent: 15 } };
    const body = await expectStatus(await compute(key, { profile, financialYear: "2025-26" }), 200);
    const result = ComputeAnswerSchema.parse(body.data);
    for (const regime of ["old", "new"] as const) {
      expect(result.regimes[regime]).toMatchObject({ specialRateTax: 150_000, surcharge: 0, cess: 0, totalTax: 150_000 });
      expect(result.regimes[regime].dividendTreaty).toEqual({
        section: "90(2)",
        treatyRatePercent: 15,
        taxAtTreatyRate: 150_000,
        taxAtActRate: 208_000,
        applied: true,
      });
      expect(result.regimes[regime].specialRateIncome).toEqual([
        expect.objectContaining({ section: "90(2)", ratePercent: 15, income: 1_000_000, taxableAmount: 1_000_000, tax: 150_000 }),
      ]);
    }
    const refused = async (changes: Record<string, unknown>) =>
      expectError(await compute(key, { profile: { ...profile, ...changes }, financialYear: "2025-26" }), 400, "validation_error");
    expect(await refused({ residentialStatus: "resident_not_ordinarily_resident" })).toBe(
      "profile.otherIncome.dividendTreatyRatePercent: applies only to a non-resident (residentialStatus non_resident): a resident's dividends are taxed at the slab rates",
    );
    expect(await refused({ otherIncome: { dividendTreatyRatePercent: 15 } })).toBe(
      "profile.otherIncome.dividendTreatyRatePercent: needs otherIncome.dividends: the rate applies to them",
    );
    expect(await refused({ otherIncome: { dividends: 1_000_000, dividendTreatyRatePercent: 0 } })).toBe(
      "profile.otherIncome.dividendTreatyRatePercent: must be > 0",
    );
    expect(await refused({ otherIncome: { dividends: 1_000_000, dividendTreatyRatePercent: 12.55 } })).toBe(
      "profile.otherIncome.dividendTreatyRatePercent: must be a percent with at most one decimal, such as 15 or 7.5",
    );
  });

  it("deducts interest on money borrowed to earn dividends up to 20 % of them (s.57(i) proviso), and refuses it without dividends", async () => {
    const { key } = await createKey({ scopes: [] });
    // FY 2025-26: dividends 1,00,000, interest 30,000 → 20 % = 20,000 allowed, in both regimes; other sources 80,000.
    // New: 15,75,000 − 75,000 = 15,00,000 + 80,000 = 15,80,000: 20,000 + 40,000 + 3,80,000 × 15 % 57,000 = 1,17,000;
    // no s.87A above 12L; cess 4,680; 1,21,680. Old: 15,25,000 + 80,000 = 16,05,000: 1,12,500 + 6,05,000 × 30 %
    // 1,81,500 = 2,94,000; cess 11,760; 3,05,760.
    const profile = {
      age: 40,
      residentialStatus: "resident",
      salary: { grossSalary: 1_575_000 },
      otherIncome: { dividends: 100_000, dividendInterestExpense: 30_000 },
    };
    const body = await expectStatus(await compute(key, { profile, financialYear: "2025-26" }, {}, "?detail=full"), 200);
    const result = ComputeResultSchema.parse(body.data);
    expect(result.regimes.new).toMatchObject({ taxableIncome: 1_580_000, totalTax: 121_680 });
    expect(result.regimes.old).toMatchObject({ taxableIncome: 1_605_000, totalTax: 305_760 });
    for (const regime of ["old", "new"] as const) {
      expect(result.regimes[regime].otherSources).toMatchObject({
        dividends: 100_000,
        dividendInterestDeduction: 20_000,
        incomeFromOtherSources: 80_000,
      });
      expect(result.regimes[regime].deductions).toContainEqual({
        section: "57(i)",
        head: "otherSources",
        description: "Interest on money borrowed to earn dividends",
        claimed: 30_000,
        allowed: 20_000,
        limit: 20_000,
        limitedBy: "s.57(i) proviso: interest only, up to 20 % of the dividends",
      });
    }
    expect(result.notes).toContain(
      "otherIncome.dividendInterestExpense: ₹20,000 of ₹30,000 is deducted from the dividends (s.57(i) proviso: interest only, up to 20 % of the dividends)",
    );
    // Tax year 2026-27: s.93(2) of the Income-tax Act, 2025 as amended allows none: 16,00,000 → 1,20,000 + cess 4,800.
    const later = ComputeResultSchema.parse(
      (await expectStatus(await compute(key, { profile, financialYear: "2026-27" }, {}, "?detail=full"), 200)).data,
    );
    expect(later.regimes.new).toMatchObject({ otherSources: { dividendInterestDeduction: 0 }, taxableIncome: 1_600_000, totalTax: 124_800 });
    const refused = async (otherIncome: unknown) =>
      expectError(await compute(key, { profile: { ...profile, otherIncome }, financialYear: "2025-26" }), 400, "validation_error");
    expect(await refused({ dividendInterestExpense: 30_000 })).toBe(
      "profile.otherIncome.dividendInterestExpense: needs otherIncome.dividends: the interest is deducted only from the dividends it was borrowed to earn (s.57(i) proviso)",
    );
    expect(await refused({ dividends: 100_000, dividendInterestExpense: -1 })).toBe("profile.otherIncome.dividendInterestExpense: must be >= 0");
  });

  it("counts agricultural income for the rate (partial integration) in both regimes, names ITR-2, and refuses what cannot be right", async () => {
    const { key } = await createKey({ scopes: [] });
    // FY 2025-26, below 60, agricultural 2,00,000. Old: salary 8,50,000 − 50,000 = TI 8,00,000: (1) tax on 10,00,000 =
    // 12,500 + 1,00,000 = 1,12,500; (2) tax on 2,00,000 + 2,50,000 = 4,50,000 = 10,000; 1,02,500; no s.87A (TI > 5L);
    // cess 4,100; 1,06,600. New: TI 7,75,000: (1) tax on 9,75,000 = 20,000 + 17,500 = 37,500; (2) tax on 6,00,000 =
    // 10,000; 27,500, all rebated (TI ≤ 12L): 0.
    const profile = { age: 40, residentialStatus: "resident", salary: { grossSalary: 850_000 }, agriculturalIncome: 200_000 };
    const request = { profile, financialYear: "2025-26" };
    const totals = ComputeAnswerSchema.parse((await expectStatus(await compute(key, request), 200)).data);
    expect(totals.regimes.old).toMatchObject({
      taxableIncome: 800_000,
      agriculturalIncome: {
        netAgriculturalIncome: 200_000,
        maximumAmountNotChargeable: 250_000,
        integrated: true,
        taxWithAgriculturalIncome: 112_500,
        taxOnAgriculturalIncomeAndExemption: 10_000,
      },
      slabTax: 102_500,
      rebate87A: 0,
      cess: 4_100,
      totalTax: 106_600,
    });
    expect(totals.regimes.new).toMatchObject({ taxableIncome: 775_000, slabTax: 27_500, rebate87A: 27_500, totalTax: 0 });
    expect(totals.recommendedRegime).toBe("new");
    expect(totals.itr).toEqual({ form: "ITR-2", rule: "ITR-2: agricultural income above ₹5,000 cannot be reported in ITR-1" });
    // With the detail, the old regime's slabs: 2,50,000 at nil, then the other 5,50,000 above the agricultural income,
    // from 4,50,000 to 10,00,000: 50,000 at 5 % (2,500) and 5,00,000 at 20 % (1,00,000).
    const full = ComputeResultSchema.parse((await expectStatus(await compute(key, request, {}, "?detail=full"), 200)).data);
    expect(full.regimes.old.slabs.map((slab) => [slab.taxableAmount, slab.tax])).toEqual([
      [250_000, 0],
      [50_000, 2_500],
      [500_000, 100_000],
      [0, 0],
    ]);
    const refused = async (more: Record<string, unknown>) =>
      expectError(await compute(key, { profile: { ...profile, ...more }, financialYear: "2025-26" }), 400, "validation_error");
    expect(await refused({ agriculturalIncome: -1 })).toBe("profile.agriculturalIncome: must be >= 0");
    // A specified senior citizen (s.194P) has no income but pension and that bank's interest.
    expect(await refused({ age: 78, salary: { grossSalary: 600_000, isPension: true }, specifiedSeniorCitizen: true })).toBe(
      "profile.specifiedSeniorCitizen: applies only to a resident aged 75 or more whose income is pension and interest from the bank that pays it (s.194P); the profile also has income from agriculture",
    );
  });

  it("names ITR-2 for a company director (profile.returnFormFacts), the tax unchanged, and refuses facts that are not true or false", async () => {
    const { key } = await createKey({ scopes: [] });
    // Salary income of ₹8,00,000 alone files ITR-1; the ITR-1 form is not for a director in a company (its "Not for" list).
    const profile = { age: 40, residentialStatus: "resident", salary: { grossSalary: 850_000 } };
    const plain = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { profile, financialYear: "2025-26" }), 200)).data);
    expect(plain.itr.form).toBe("ITR-1");
    const director = { ...profile, returnFormFacts: { companyDirector: true, tdsOnCashWithdrawals: false } };
    const answer = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { profile: director, financialYear: "2025-26" }), 200)).data);
    expect(answer.itr).toEqual({ form: "ITR-2", rule: "ITR-2: ITR-1 is not for a director in a company" });
    expect(answer.regimes).toEqual(plain.regimes);
    const refused = async (returnFormFacts: unknown) =>
      expectError(await compute(key, { profile: { ...profile, returnFormFacts }, financialYear: "2025-26" }), 400, "validation_error");
    expect(await refused({ companyDirector: "yes" })).toBe("profile.returnFormFacts.companyDirector: must be of type boolean");
    expect(await refused({ director: true })).toBe("profile.returnFormFacts.director: unknown field");
    expect(await refused(true)).toBe("profile.returnFormFacts: must be of type object");
  });

  it("works the HRA exemption period by period (Rule 2A) from salary.hraPeriods, and refuses periods that do not add up", async () => {
    const { key } = await createKey({ scopes: [] });
    // FY 2025-26 (Pune is not among the four metros). April-September in Pune: basic 50,000, HRA 20,000, rent 18,000 a
    // month: least of 1,20,000; 1,08,000 − 30,000 = 78,000; 40 % of 3,00,000 = 1,20,000 → 78,000. October-March in
    // Mumbai: basic 60,000, HRA 25,000, rent 40,000: least of 1,50,000; 2,40,000 − 36,000 = 2,04,000; 50 % of 3,60,000 =
    // 1,80,000 → 1,50,000. Exempt 2,28,000 of 2,70,000. The year's basic + DA is the periods' 6,60,000, so s.80CCD(1)
    // allows 10 % of it: 66,000 of the 1,00,000 claimed, and s.80CCD(1B) the 34,000 left. Old: salary 12,00,000 −
    // 2,28,000 − 50,000 = 9,22,000; TI 8,22,000; 12,500 + 20 % of 3,22,000 = 76,900; cess 3,076; 79,976 → 79,980
    // (s.288B).
    const hraPeriods = [
      { months: 6, hraReceived: 120_000, rentPaid: 108_000, basicPlusDA: 300_000, city: "Pune" },
      { months: 6, hraReceived: 150_000, rentPaid: 240_000, basicPlusDA: 360_000, city: "Mumbai" },
    ];
    const profile = {
      age: 30,
      residentialStatus: "resident",
      salary: { grossSalary: 1_200_000, hraPeriods },
      deductions: { section80CCD1: 100_000 },
    };
    const full = ComputeResultSchema.parse(
      (await expectStatus(await compute(key, { profile, financialYear: "2025-26" }, {}, "?detail=full"), 200)).data,
    );
    expect(full.regimes.old).toMatchObject({
      salary: { hraExemption: 228_000, incomeFromSalary: 922_000 },
      taxableIncome: 822_000,
      slabTax: 76_900,
      cess: 3_076,
      totalTax: 79_980,
    });
    expect(full.regimes.old.deductions.find((line) => line.section === "10(13A)")).toMatchObject({
      claimed: 270_000,
      allowed: 228_000,
      limitedBy: "s.10(13A), Rule 2A, period by period; the most was cut in salary.hraPeriods[0] (6 months): rent paid minus 10 % of salary",
    });
    expect(full.regimes.old.deductions.find((line) => line.section === "80CCD(1)")).toMatchObject({ claimed: 100_000, allowed: 66_000 });
    expect(full.regimes.old.deductions.find((line) => line.section === "80CCD(1B)")).toMatchObject({ claimed: 34_000, allowed: 34_000 });
    const refused = async (salary: Record<string, unknown>) =>
      expectError(
        await compute(key, { profile: { ...profile, salary: { grossSalary: 1_200_000, ...salary } }, financialYear: "2025-26" }),
        400,
        "validation_error",
      );
    expect(await refused({ hraReceived: 260_000, hraPeriods })).toBe(
      "profile.salary.hraReceived: must equal the sum of hraPeriods (₹2,70,000), or be left out",
    );
    expect(await refused({ hraPeriods: [hraPeriods[0], { ...hraPeriods[1], months: 7 }] })).toBe(
      "profile.salary.hraPeriods: the months add up to 13; the periods of one year cover at most 12",
    );
    expect(await refused({ hraPeriods: [{ ...hraPeriods[0], months: 0 }] })).toBe("profile.salary.hraPeriods[0].months: must be >= 1");
  });

  it("refuses presumptive income beyond its limits and pre-23-July transfers outside FY 2024-25, naming the field", async () => {
    const { key } = await createKey({ scopes: [] });
    const business = { ...seedProfile, presumptive: { business: { digitalTurnover: 30_000_001 } } };
    const message = await expectError(await compute(key, { profile: business, financialYear: "2025-26" }), 400, "validation_error");
    expect(message.startsWith("profile.presumptive.business")).toBe(true);
    const early = { ...seedProfile, capitalGains: [{ section: "111A", gain: 1, transferredBefore23July2024: true }] };
    const second = await expectError(await compute(key, { profile: early, financialYear: "2026-27" }), 400, "validation_error");
    expect(second).toBe("profile.capitalGains[0].transferredBefore23July2024: only FY 2024-25 has transfers before 23 July 2024");
    // Without financialYear the year is the current one, never FY 2024-25 again: the flag would be ignored.
    const third = await expectError(await compute(key, { profile: early }), 400, "validation_error");
    expect(third).toBe(
      "profile.capitalGains[0].transferredBefore23July2024: only FY 2024-25 has transfers before 23 July 2024; send financialYear 2024-25 (without it, the year is the current one)",
    );
  });

  it("needs a valid key but no scope", async () => {
    await expectError(await compute(null, { profile: seedProfile }), 401, "unauthorized");
    await expectError(await compute("tax_abcdefgh_0123456789ABCDEFGHIJKLMNOPQRSTUV", { profile: seedProfile }), 401, "invalid_api_key");
  });

  it.each([
    ["a negative amount", { ...seedProfile, salary: { ...seedProfile.salary, grossSalary: -1 } }, "profile.salary.grossSalary"],
    ["a typo inside deductions", { ...seedProfile, deductions: { section80c: 150_000 } }, "profile.deductions.section80c"],
    ["an age over 130", { ...seedProfile, age: 131 }, "profile.age"],
    ["an unknown residential status", { ...seedProfile, residentialStatus: "citizen" }, "profile.residentialStatus"],
    ["a string amount", { ...seedProfile, taxesPaid: "150000" }, "profile.taxesPaid"],
  ])("refuses %s with 400 validation_error naming the field", async (_, profile, field) => {
    const { key } = await createKey({ scopes: [] });
    const message = await expectError(await compute(key, { profile }), 400, "validation_error");
    expect(message.startsWith(field)).toBe(true);
  });

  it("refuses an unknown financial year, malformed JSON, a non-JSON body and an oversized body", async () => {
    const { key } = await createKey({ scopes: [] });
    await expectError(await compute(key, { profile: seedProfile, financialYear: "2023-24" }), 400, "validation_error");
    await expectError(await compute(key, "{not json"), 400, "validation_error");
    await expectError(
      await compute(key, "profile=1", { headers: { "Content-Type": "application/x-www-form-urlencoded" } }),
      415,
      "unsupported_media_type",
    );
    await expectError(await compute(key, JSON.stringify({ profile: seedProfile, pad: "x".repeat(70_000) })), 413, "payload_too_large");
  });

  it("answers the validation messages the guide shows for /compute, word for word", async () => {
    const { key } = await createKey({ scopes: [] });
    const guide = taxApiGuide.replace(/\s+/g, " ");
    const bodies = [
      { profile: { residentialStatus: "resident", deductions: { section80c: 150_000 } } },
      { profile: { residentialStatus: "resident", salary: { grossSalary: -1 } } },
      { profile: { residentialStatus: "resident", age: 131 } },
      { profile: { residentialStatus: "resident", otherIncome: { dividendInterestExpense: 30_000 } } },
      { profile: { residentialStatus: "resident", otherIncome: { dividends: 100_000, dividendTreatyRatePercent: 15 } } },
      { profile: { residentialStatus: "resident", agriculturalIncome: -1 } },
      {
        profile: {
          residentialStatus: "non_resident",
          salary: { grossSalary: 600_000 },
          foreignIncome: [{ country: "US", head: "salary", income: 600_000, foreignTaxPaid: 150_000, relief: "treaty" }],
        },
      },
      {
        profile: {
          residentialStatus: "resident",
          otherIncome: { dividends: 100_000 },
          foreignIncome: [
            { country: "BS", head: "other_sources", income: 100_000, foreignTaxPaid: 25_000, relief: "no_treaty", taxPayableUnderTreaty: 15_000 },
          ],
        },
      },
      {
        profile: {
          residentialStatus: "resident",
          salary: {
            grossSalary: 1_200_000,
            hraReceived: 260_000,
            hraPeriods: [{ months: 12, hraReceived: 270_000, rentPaid: 348_000, basicPlusDA: 660_000 }],
          },
        },
      },
      { financialYear: "2025-26", assessmentYear: "2025-26", profile: { residentialStatus: "resident" } },
      {
        profile: {
          residentialStatus: "resident",
          capitalGains: [{ section: "112A", gain: 100_000, exemption: { section: "54B", invested: 100_000 } }],
        },
      },
      {
        profile: {
          residentialStatus: "resident",
          capitalGains: [{ section: "112", gain: 25_000_000, exemption: { section: "54", invested: 20_000_000, twoHouses: true } }],
        },
      },
      {
        financialYear: "2024-25",
        profile: { residentialStatus: "resident", capitalGains: [{ section: "112", gain: 200_000, security: "listed_other_than_unit" }] },
      },
      "{not json",
    ];
    for (const body of bodies) {
      const message = await expectError(await compute(key, body), 400, "validation_error");
      expect(guide.includes(`\`${message}\``), `docs/tax-api.md shows \`${message}\``).toBe(true);
    }
  });
});
