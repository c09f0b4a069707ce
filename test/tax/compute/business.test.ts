// Business or professional income from books through POST /api/v1/compute: the head and its losses in both regimes,
// and every inconsistent input a 400 naming the field (a profile with one is not saved).
import { describe, expect, it } from "vitest";
import taxApiGuide from "../../../docs/tax-api.md?raw";
import { ComputeAnswerSchema } from "../../../src/tax/compute/schemas";
import { ProfileListSchema } from "../../../src/tax/profiles/schemas";
import { api, createKey, expectError, expectStatus } from "../helpers";

function compute(key: string, body: unknown) {
  return api("/api/v1/compute", key, { method: "POST", body: JSON.stringify(body) });
}

describe("POST /api/v1/compute with profile.business", () => {
  it("sets this year's loss off against interest but not salary, and carries the rest with the losses brought forward", async () => {
    const { key } = await createKey({ scopes: [] });
    const profile = {
      residentialStatus: "resident",
      salary: { grossSalary: 1_200_000 },
      otherIncome: { depositInterest: 300_000 },
      business: { profit: -500_000, lossBroughtForward: [{ financialYear: "2019-20", amount: 80_000 }] },
    };
    const result = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { profile, financialYear: "2025-26" }), 200)).data);
    // Old: salary 11,50,000 untouched; the loss takes the interest of 3,00,000 and leaves 2,00,000; the 2019-20 loss
    // meets no business income and carries on (its sixth year). Total income 11,50,000: 1,12,500 + 45,000 = 1,57,500;
    // cess 6,300; 1,63,800.
    expect(result.regimes.old.business).toEqual({
      presumptiveBusinessIncome: 0,
      presumptiveProfessionIncome: 0,
      presumptiveGoodsCarriageIncome: 0,
      profitFromBooks: -500_000,
      incomeFromBusiness: -500_000,
      lossSetOff: 300_000,
      lossBroughtForwardSetOff: 0,
      lossToCarryForward: 280_000,
      lossesToCarryForward: [
        { financialYear: "2019-20", amount: 80_000, fromDeductionsBarredInNewRegime: 0 },
        { financialYear: "2025-26", amount: 200_000, fromDeductionsBarredInNewRegime: 0 },
      ],
      lossLostToLateReturn: 0,
      lossBroughtForwardLapsed: 0,
      speculationProfit: 0,
      speculationLossBroughtForwardSetOff: 0,
      speculationLossToCarryForward: 0,
      speculationLossesToCarryForward: [],
      speculationLossLostToLateReturn: 0,
      speculationLossBroughtForwardLapsed: 0,
    });
    expect(result.regimes.old).toMatchObject({ grossTotalIncome: 1_150_000, totalTax: 163_800 });
    expect(result.itr).toEqual({ form: "ITR-3", rule: "ITR-3: income from business or profession computed from books of account" });
  });

  const base = { residentialStatus: "resident", salary: { grossSalary: 1_000_000 } };
  it.each<[string, Record<string, unknown>, string]>([
    ["an empty business", {}, "profile.business: give profit, speculationProfit or a loss brought forward"],
    [
      "a new-regime profit below the profit",
      { profit: 500_000, newRegimeProfit: 400_000 },
      "profile.business.newRegimeProfit: must not be below business.profit: the new regime only denies deductions (s.115BAC(2)(i)), so its profit is the same or higher",
    ],
    [
      "a new-regime profit without the profit",
      { newRegimeProfit: 400_000, lossBroughtForward: [] },
      "profile.business.newRegimeProfit: needs business.profit: it is the same year's profit without some deductions",
    ],
    [
      "an audit without a profit",
      { taxAudit: true, lossBroughtForward: [] },
      "profile.business.taxAudit: needs business.profit or business.speculationProfit: the audit is of the accounts a profit is computed from",
    ],
    [
      "a year that is not a financial year",
      { lossBroughtForward: [{ financialYear: "2023-25", amount: 1 }] },
      "profile.business.lossBroughtForward[0].financialYear: must be a financial year such as 2021-22",
    ],
    [
      "this year's loss as brought forward",
      { lossBroughtForward: [{ financialYear: "2025-26", amount: 1 }] },
      "profile.business.lossBroughtForward[0].financialYear: must be before FY 2025-26: this year's own loss is business.profit",
    ],
    [
      "a loss older than eight years",
      { lossBroughtForward: [{ financialYear: "2016-17", amount: 1 }] },
      "profile.business.lossBroughtForward[0].financialYear: a loss of FY 2016-17 could be set off only up to FY 2024-25 (s.72(3)): it has ended, leave it out",
    ],
    [
      "a year given twice",
      {
        lossBroughtForward: [
          { financialYear: "2020-21", amount: 1 },
          { financialYear: "2020-21", amount: 2 },
        ],
      },
      "profile.business.lossBroughtForward[1].financialYear: 2020-21 is given twice: give each year's loss once",
    ],
    [
      "a denied part above the loss",
      { lossBroughtForward: [{ financialYear: "2020-21", amount: 100, fromDeductionsBarredInNewRegime: 101 }] },
      "profile.business.lossBroughtForward[0].fromDeductionsBarredInNewRegime: must not exceed amount: it is a part of it",
    ],
    [
      "a speculation loss older than four years",
      { speculationLossBroughtForward: [{ financialYear: "2020-21", amount: 1 }] },
      "profile.business.speculationLossBroughtForward[0].financialYear: a loss of FY 2020-21 could be set off only up to FY 2024-25 (s.73(4)): it has ended, leave it out",
    ],
    [
      "this year's speculation loss as brought forward",
      { speculationProfit: 1, speculationLossBroughtForward: [{ financialYear: "2025-26", amount: 1 }] },
      "profile.business.speculationLossBroughtForward[0].financialYear: must be before FY 2025-26: this year's own loss is business.speculationProfit",
    ],
    [
      "a speculation loss year given twice",
      {
        speculationLossBroughtForward: [
          { financialYear: "2023-24", amount: 1 },
          { financialYear: "2023-24", amount: 2 },
        ],
      },
      "profile.business.speculationLossBroughtForward[1].financialYear: 2023-24 is given twice: give each year's loss once",
    ],
    [
      "more than four speculation losses",
      {
        speculationLossBroughtForward: ["2021-22", "2022-23", "2023-24", "2024-25", "2020-21"].map((financialYear) => ({ financialYear, amount: 1 })),
      },
      "profile.business.speculationLossBroughtForward",
    ],
    ["a speculation profit that is not a number", { speculationProfit: "-5000" }, "profile.business.speculationProfit"],
    ["an unknown field", { profit: 1, turnover: 5 }, "profile.business"],
  ])("refuses %s with 400, and a profile with it is not saved", async (_name, business, expected) => {
    const { key } = await createKey({ scopes: ["profiles:write", "profiles:read"] });
    const profile = { ...base, business };
    const message = await expectError(await compute(key, { profile, financialYear: "2025-26" }), 400, "validation_error");
    expect(message.startsWith(expected), message).toBe(true);
    const save = api("/api/v1/profiles", key, { method: "POST", body: JSON.stringify({ label: "business", profile, financialYear: "2025-26" }) });
    await expectError(await save, 400, "validation_error");
    expect(ProfileListSchema.parse(await expectStatus(await api("/api/v1/profiles", key), 200)).data).toEqual([]);
  });

  it("needs financialYear with losses brought forward, since their years count from it", async () => {
    const { key } = await createKey({ scopes: [] });
    const profile = { ...base, business: { lossBroughtForward: [{ financialYear: "2020-21", amount: 1 }] } };
    expect(await expectError(await compute(key, { profile }), 400, "validation_error")).toBe(
      "financialYear: is required with profile.business.lossBroughtForward: a loss is set off only in the eight years after the one it arose in (s.72(3)); without it, the year is the current one",
    );
  });

  it("needs financialYear with speculation losses brought forward, and takes a loss of 2020-21 as a business loss but not a speculation one", async () => {
    const { key } = await createKey({ scopes: [] });
    const speculation = { ...base, business: { speculationLossBroughtForward: [{ financialYear: "2023-24", amount: 1 }] } };
    expect(await expectError(await compute(key, { profile: speculation }), 400, "validation_error")).toBe(
      "financialYear: is required with profile.business.speculationLossBroughtForward: a loss is set off only in the four years after the one it arose in (s.73(4)); without it, the year is the current one",
    );
    // FY 2025-26: 2020-21 is the fifth year before, within s.72(3)'s eight.
    const business = { ...base, business: { speculationProfit: 10_000, lossBroughtForward: [{ financialYear: "2020-21", amount: 1 }] } };
    await expectStatus(await compute(key, { profile: business, financialYear: "2025-26" }), 200);
  });

  it("takes self-assessment tax up to the audit cases' due date when the return date is not given", async () => {
    const { key } = await createKey({ scopes: [] });
    const payments = { selfAssessmentTax: [{ date: "2026-10-31", amount: 100_000 }] };
    const audited = { ...base, business: { profit: 500_000, taxAudit: true }, taxPayments: payments };
    await expectStatus(await compute(key, { profile: audited, financialYear: "2025-26" }), 200);
    // Without the audit the return is due on 31 August 2026, so a payment on 31 October comes after it.
    const unaudited = { ...audited, business: { profit: 500_000 } };
    const message = await expectError(await compute(key, { profile: unaudited, financialYear: "2025-26" }), 400, "validation_error");
    expect(
      message.startsWith("profile.taxPayments.selfAssessmentTax[0].date: must fall from 2026-04-01 (after FY 2025-26) to 2026-08-31"),
      message,
    ).toBe(true);
  });

  it("answers the worked example and the 400s the guide shows, word for word", async () => {
    const { key } = await createKey({ scopes: [] });
    const guide = taxApiGuide.replace(/\s+/g, " ");
    const bodies = [
      { profile: { ...base, business: { profit: 500_000, newRegimeProfit: 400_000 } }, financialYear: "2025-26" },
      { profile: { ...base, business: { taxAudit: true, lossBroughtForward: [] } }, financialYear: "2025-26" },
      { profile: { ...base, business: { lossBroughtForward: [{ financialYear: "2016-17", amount: 1 }] } }, financialYear: "2025-26" },
      { profile: { ...base, business: { speculationLossBroughtForward: [{ financialYear: "2020-21", amount: 1 }] } }, financialYear: "2025-26" },
      {
        profile: {
          ...base,
          business: {
            profit: 1,
            firstYearProfitByPeriod: { by_15_june: 1 },
            lossBroughtForward: [{ financialYear: "2024-25", amount: 1 }],
          },
        },
        financialYear: "2025-26",
      },
    ];
    for (const body of bodies) {
      const message = await expectError(await compute(key, body), 400, "validation_error");
      expect(guide.includes(`\`${message}\``), `docs/tax-api.md shows \`${message}\``).toBe(true);
    }
    // The late return's note, with the example's loss and the due date of a business return for FY 2025-26.
    const late = {
      ...base,
      salary: { grossSalary: 1_200_000 },
      otherIncome: { depositInterest: 300_000 },
      business: { profit: -500_000 },
      taxPayments: { tdsTcs: 0 },
      returnFiledOn: "2026-09-01",
    };
    const result = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { profile: late, financialYear: "2025-26" }), 200)).data);
    const note = result.notes.find((line) => line.startsWith("business.lossLostToLateReturn"));
    expect(note).toBeDefined();
    expect(guide.includes(`\`${note}\``), `docs/tax-api.md shows \`${note}\``).toBe(true);
    // The speculation loss's, with the guide's ₹80,000.
    const speculation = { ...late, business: { speculationProfit: -80_000 } };
    const answer = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { profile: speculation, financialYear: "2025-26" }), 200)).data);
    const speculationNote = answer.notes.find((line) => line.startsWith("business.speculationLossLostToLateReturn"));
    expect(speculationNote).toBeDefined();
    expect(guide.includes(`\`${speculationNote}\``), `docs/tax-api.md shows \`${speculationNote}\``).toBe(true);
  });
});
