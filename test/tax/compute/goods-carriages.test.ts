// Presumptive income of goods carriages (s.44AE) through POST /api/v1/compute: the business head in both regimes, the
// return form and the advance-tax instalments, and every inconsistent carriage a 400 naming the field (a profile with
// one is not saved). Figures worked by hand from s.44AE(2) and FY 2025-26's rates in the comments beside them.
import { describe, expect, it } from "vitest";
import taxApiGuide from "../../../docs/tax-api.md?raw";
import { ComputeAnswerSchema } from "../../../src/tax/compute/schemas";
import { ProfileListSchema } from "../../../src/tax/profiles/schemas";
import { api, createKey, expectError, expectStatus } from "../helpers";

function compute(key: string, body: unknown) {
  return api("/api/v1/compute", key, { method: "POST", body: JSON.stringify(body) });
}

const base = { residentialStatus: "resident" };

describe("POST /api/v1/compute with profile.presumptive.goodsCarriages", () => {
  it("adds each carriage's presumed income to the business head of both regimes, on ITR-4, with four instalments", async () => {
    const { key } = await createKey({ scopes: [] });
    const profile = {
      ...base,
      otherIncome: { depositInterest: 400_000 },
      deductions: { section80C: 150_000 },
      presumptive: {
        goodsCarriages: [
          { kind: "heavy", grossVehicleWeightKg: 40_200, monthsOwned: 12 },
          { kind: "heavy", grossVehicleWeightKg: 49_000, monthsOwned: 8 },
          { kind: "other", monthsOwned: 8 },
        ],
      },
      taxPayments: { tdsTcs: 0 },
    };
    const result = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { profile, financialYear: "2025-26" }), 200)).data);
    // 40.2 tons × ₹1,000 × 12 = 4,82,400; 49 × 1,000 × 8 = 3,92,000; 7,500 × 8 = 60,000: 9,34,400.
    for (const regime of ["old", "new"] as const) {
      expect(result.regimes[regime].business).toMatchObject({ presumptiveGoodsCarriageIncome: 934_400, incomeFromBusiness: 934_400 });
    }
    // Old: 13,34,400 − 1,50,000 = 11,84,400; 1,12,500 + 55,320 = 1,67,820; cess 6,713; 1,74,530. New: 13,34,400;
    // 60,000 + 20,160 = 80,160, no rebate above ₹12 lakh (80,160 < the excess 1,34,400); cess 3,206; 83,370.
    expect(result.regimes.old).toMatchObject({ taxableIncome: 1_184_400, totalTax: 174_530 });
    expect(result.regimes.new).toMatchObject({ taxableIncome: 1_334_400, totalTax: 83_370 });
    expect(result.itr).toEqual({
      form: "ITR-4",
      rule: "ITR-4 (Sugam): resident individual with presumptive income (ss.44AD/44ADA/44AE), total income up to ₹50,00,000",
    });
    // s.211(1)(b) names only ss.44AD and 44ADA: 15 June, 15 September, 15 December and 15 March.
    expect(result.regimes.new.interest?.advanceTaxDeferment.instalments.map((line) => line.dueDate)).toEqual([
      "2025-06-15",
      "2025-09-15",
      "2025-12-15",
      "2026-03-15",
    ]);
  });

  const heavy = { kind: "heavy", grossVehicleWeightKg: 16_200, monthsOwned: 12 };
  it.each<[string, unknown, string]>([
    [
      "a heavy goods vehicle without its weight",
      [{ kind: "heavy", monthsOwned: 12 }],
      "profile.presumptive.goodsCarriages[0].grossVehicleWeightKg: is required for a heavy goods vehicle: its presumed income is ₹1,000 per ton of it a month (s.44AE(2)(i))",
    ],
    [
      "a heavy goods vehicle of 12,000 kg or less",
      [heavy, { kind: "heavy", grossVehicleWeightKg: 12_000, monthsOwned: 3 }],
      "profile.presumptive.goodsCarriages[1].grossVehicleWeightKg: must exceed 12,000 kg for a heavy goods vehicle (s.44AE Explanation (aa)); a lighter carriage is kind other",
    ],
    [
      "a weight on another goods carriage",
      [{ kind: "other", grossVehicleWeightKg: 7_490, monthsOwned: 12 }],
      "profile.presumptive.goodsCarriages[0].grossVehicleWeightKg: applies only to kind heavy: any other goods carriage is presumed to earn ₹7,500 a month whatever its weight (s.44AE(2)(ii))",
    ],
    [
      "more than ten carriages",
      Array.from({ length: 11 }, () => heavy),
      "profile.presumptive.goodsCarriages: lists 11 goods carriages: s.44AE is only for a business that owns no more than ten at any time in the year; compute this business's income from its books and give it in business.profit",
    ],
    ["no months", [{ kind: "other", monthsOwned: 0 }], "profile.presumptive.goodsCarriages[0].monthsOwned: must be >= 1"],
    ["more than twelve months", [{ kind: "other", monthsOwned: 13 }], "profile.presumptive.goodsCarriages[0].monthsOwned: must be <= 12"],
    ["a fraction of a month", [{ kind: "other", monthsOwned: 6.5 }], "profile.presumptive.goodsCarriages[0].monthsOwned: must be an integer"],
    ["an empty list", [], "profile.presumptive.goodsCarriages: must have at least 1 item"],
    [
      "an unknown field",
      [{ kind: "other", monthsOwned: 12, registration: "MH12AB1234" }],
      "profile.presumptive.goodsCarriages[0].registration: unknown field",
    ],
  ])("refuses %s with 400, and a profile with it is not saved", async (_name, goodsCarriages, expected) => {
    const { key } = await createKey({ scopes: ["profiles:write", "profiles:read"] });
    const profile = { ...base, presumptive: { goodsCarriages } };
    expect(await expectError(await compute(key, { profile, financialYear: "2025-26" }), 400, "validation_error")).toBe(expected);
    const save = api("/api/v1/profiles", key, { method: "POST", body: JSON.stringify({ label: "trucks", profile, financialYear: "2025-26" }) });
    await expectError(await save, 400, "validation_error");
    expect(ProfileListSchema.parse(await expectStatus(await api("/api/v1/profiles", key), 200)).data).toEqual([]);
  });

  it("answers the worked example and the 400s the guide shows, word for word", async () => {
    const { key } = await createKey({ scopes: [] });
    const guide = taxApiGuide.replace(/\s+/g, " ");
    const refused = [
      [{ kind: "heavy", monthsOwned: 12 }],
      [{ kind: "heavy", grossVehicleWeightKg: 12_000, monthsOwned: 12 }],
      [{ kind: "other", grossVehicleWeightKg: 7_490, monthsOwned: 12 }],
    ];
    for (const goodsCarriages of refused) {
      const message = await expectError(await compute(key, { profile: { ...base, presumptive: { goodsCarriages } } }), 400, "validation_error");
      expect(guide.includes(`\`${message}\``), `docs/tax-api.md shows \`${message}\``).toBe(true);
    }
    // The guide's example: a 16,200 kg truck all year and a light one bought on 20 January, FY 2025-26.
    const example = {
      financialYear: "2025-26",
      profile: {
        ...base,
        presumptive: {
          goodsCarriages: [
            { kind: "heavy", grossVehicleWeightKg: 16_200, monthsOwned: 12 },
            { kind: "other", monthsOwned: 3 },
          ],
        },
      },
    };
    expect(guide.includes(JSON.stringify(example.profile.presumptive)), "docs/tax-api.md shows the example's presumptive").toBe(true);
    const result = ComputeAnswerSchema.parse((await expectStatus(await compute(key, example), 200)).data);
    // 16.2 × 1,000 × 12 = 1,94,400; January (a part), February, March: 7,500 × 3 = 22,500; 2,16,900.
    expect(result.regimes.new.business.presumptiveGoodsCarriageIncome).toBe(216_900);
    expect(guide.includes("2,16,900")).toBe(true);
  });
});

describe("the API reference for goods carriages", () => {
  // Client generators read the limit from the document: 1 to 10 carriages, as the service holds it.
  it("states 1 to 10 carriages in the served OpenAPI document", async () => {
    const document = await (await api("/api/v1/openapi.json", null)).json<{
      components: {
        schemas: { TaxProfile: { properties: { presumptive: { properties: { goodsCarriages: { minItems: number; maxItems: number } } } } } };
      };
    }>();
    expect(document.components.schemas.TaxProfile.properties.presumptive.properties.goodsCarriages).toMatchObject({ minItems: 1, maxItems: 10 });
  });
});
