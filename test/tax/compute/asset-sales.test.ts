// profile.assetSales through the Worker: the sales classified and taxed, and every refusal a 400 in the envelope
// naming the field, with nothing saved.
import { describe, expect, it } from "vitest";
import { ComputeAnswerSchema } from "../../../src/tax/compute/schemas";
import { SavedProfileSchema } from "../../../src/tax/profiles/schemas";
import { api, createKey, expectError, expectStatus } from "../helpers";
import taxApiGuide from "../../../docs/tax-api.md?raw";

const resident = { age: 40, residentialStatus: "resident", salary: { grossSalary: 1_575_000 } };
// Bought 10 May 2024, sold 11 June 2025: more than 12 months, a listed share with STT, so s.112A; 4,00,000 − 1,00,000.
const share = {
  asset: "listed_equity_share",
  acquired: "2024-05-10",
  transferred: "2025-06-11",
  saleConsideration: 400_000,
  costOfAcquisition: 100_000,
};
const land = {
  asset: "land_or_building",
  acquired: "2010-08-01",
  transferred: "2025-09-30",
  saleConsideration: 6_000_000,
  costOfAcquisition: 2_000_000,
};

function compute(key: string, body: unknown) {
  return api("/api/v1/compute", key, { method: "POST", body: JSON.stringify(body) });
}

describe("POST /api/v1/compute with profile.assetSales", () => {
  it("classifies a sale, taxes its gain as a hand-classified one, and explains it", async () => {
    const { key } = await createKey({ scopes: [] });
    const body = await expectStatus(
      await compute(key, { financialYear: "2025-26", profile: { ...resident, assetSales: [{ ...share, label: "ABC Ltd" }] } }),
      200,
    );
    const result = ComputeAnswerSchema.parse(body.data);
    // New regime FY 2025-26: salary 15,75,000 − 75,000 = 15,00,000 at the slab rates: 20,000 + 40,000 + 15 % of
    // 3,00,000 = 1,05,000; s.112A (3,00,000 − 1,25,000) × 12.5 % = 21,875; cess 4 % of 1,26,875 = 5,075; 1,31,950.
    expect(result.regimes.new).toMatchObject({ taxableIncome: 1_800_000, slabTax: 105_000, specialRateTax: 21_875, totalTax: 131_950 });
    expect(result.assetSales).toEqual([
      {
        label: "ABC Ltd",
        asset: "listed_equity_share",
        termOfHolding: "long",
        holdingDays: 397,
        longTermAfterMonths: 12,
        section: "112A",
        transferredBefore23July2024: false,
        arose: "by_15_june",
        fullValueOfConsideration: 400_000,
        transferExpenses: 0,
        costOfAcquisition: 100_000,
        costOfImprovement: 0,
        indexedCostOfAcquisition: null,
        indexedCostOfImprovement: null,
        gain: 300_000,
        indexedGain: null,
        rule: "Listed equity share held 397 days: long-term, more than 12 months (first proviso to s.2(42A)); sold with securities transaction tax: s.112A; gain: full value of consideration less transfer expenses, cost of acquisition and cost of improvement (s.48).",
      },
    ]);
    expect(result.itr.form).toBe("ITR-2");
  });

  it("taxes a non-resident's unlisted shares sold before 23 July 2024 at 10 % without indexation (s.112(1)(c)(iii))", async () => {
    const { key } = await createKey({ scopes: [] });
    const sale = {
      asset: "unlisted_share",
      acquired: "2019-04-01",
      transferred: "2024-06-01",
      saleConsideration: 1_500_000,
      costOfAcquisition: 500_000,
    };
    const profile = { ...resident, residentialStatus: "non_resident", salary: { grossSalary: 1_050_000 }, assetSales: [sale] };
    const body = await expectStatus(await compute(key, { financialYear: "2024-25", profile }), 200);
    const result = ComputeAnswerSchema.parse(body.data);
    // Long-term after 24 months; gain 15,00,000 − 5,00,000 = 10,00,000, not indexed. Old regime: 10,50,000 − 50,000 =
    // 10,00,000 at the slab rates, 1,12,500; 10 % × 10,00,000 = 1,00,000; 2,12,500 + cess 8,500 = 2,21,000.
    expect(result.assetSales?.[0]).toMatchObject({ section: "112", gain: 1_000_000, indexedGain: null, indexedCostOfAcquisition: null });
    expect(result.regimes.old).toMatchObject({ taxableIncome: 2_000_000, specialRateTax: 100_000, totalTax: 221_000 });
    expect(result.regimes.old.specialRateIncome).toMatchObject([{ section: "112", ratePercent: 10, income: 1_000_000, tax: 100_000 }]);
  });

  it("classifies a REIT's units sold on the exchange and an unlisted zero coupon bond, as the guide's examples work them", async () => {
    const { key } = await createKey({ scopes: [] });
    // New regime FY 2025-26: salary 15,75,000 − 75,000 = 15,00,000, 1,05,000; held more than 12 months, s.112A on
    // 8,46,000 − 1,000 − 6,00,000 = 2,45,000: (2,45,000 − 1,25,000) × 12.5 % = 15,000; cess 4,800; 1,24,800.
    const reit = {
      asset: "business_trust_unit",
      acquired: "2024-05-02",
      transferred: "2025-06-10",
      saleConsideration: 846_000,
      transferExpenses: 1_000,
      costOfAcquisition: 600_000,
    };
    const units = ComputeAnswerSchema.parse(
      (await expectStatus(await compute(key, { financialYear: "2025-26", profile: { ...resident, assetSales: [reit] } }), 200)).data,
    );
    expect(units.assetSales?.[0]).toMatchObject({ asset: "business_trust_unit", termOfHolding: "long", section: "112A", gain: 245_000 });
    expect(units.regimes.new).toMatchObject({ specialRateTax: 15_000, totalTax: 124_800 });
    // Old regime FY 2024-25: salary 10,50,000 − 50,000 = 10,00,000, 1,12,500; redeemed after 15 months before 23 July
    // 2024, long-term (12 months), gain 2,00,000 not indexed: 10 % = 20,000 below 20 % = 40,000; cess 5,300; 1,37,800.
    const bond = {
      asset: "unlisted_zero_coupon_bond",
      acquired: "2023-03-15",
      transferred: "2024-06-20",
      saleConsideration: 1_000_000,
      costOfAcquisition: 800_000,
    };
    const profile = { ...resident, salary: { grossSalary: 1_050_000 }, assetSales: [bond] };
    const redeemed = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { financialYear: "2024-25", profile }), 200)).data);
    expect(redeemed.assetSales?.[0]).toMatchObject({
      termOfHolding: "long",
      holdingDays: 463,
      longTermAfterMonths: 12,
      section: "112",
      gain: 200_000,
    });
    expect(redeemed.regimes.old).toMatchObject({ taxableIncome: 1_200_000, specialRateTax: 20_000, totalTax: 137_800 });
  });

  it.each<[string, unknown, string]>([
    [
      "a sale without financialYear",
      { profile: { ...resident, assetSales: [share] } },
      "financialYear: is required with profile.assetSales: each sale's date must fall in it (without it, the year is the current one)",
    ],
    [
      "a sale outside the financial year",
      { financialYear: "2024-25", profile: { ...resident, assetSales: [share] } },
      "profile.assetSales[0].transferred: must fall in FY 2024-25 (2024-04-01 to 2025-03-31): a sale's gain is charged in the year of the transfer (s.45(1))",
    ],
    [
      "a purchase after the sale",
      { financialYear: "2025-26", profile: { ...resident, assetSales: [{ ...share, acquired: "2025-07-01" }] } },
      "profile.assetSales[0].acquired: must not be after transferred (2025-06-11)",
    ],
    [
      "a 31 January 2018 value on an unlisted share",
      {
        financialYear: "2025-26",
        profile: {
          ...resident,
          assetSales: [{ ...share, asset: "unlisted_share", acquired: "2017-05-01", fairMarketValueOn31January2018: 150_000 }],
        },
      },
      "profile.assetSales[0].fairMarketValueOn31January2018: applies only to a listed equity share, an equity-oriented fund's unit or a business trust's unit (s.55(2)(ac))",
    ],
    [
      "a zero coupon bond acquired before there were any",
      {
        financialYear: "2024-25",
        profile: {
          ...resident,
          assetSales: [{ ...share, asset: "unlisted_zero_coupon_bond", acquired: "2004-04-01", transferred: "2024-06-01" }],
        },
      },
      "profile.assetSales[0].acquired: a zero coupon bond is one issued on or after 1 June 2005 (s.2(48)): give an earlier bond as unlisted_bond_or_debenture",
    ],
    [
      "a stamp duty value on gold",
      { financialYear: "2025-26", profile: { ...resident, assetSales: [{ ...share, asset: "other", stampDutyValue: 500_000 }] } },
      "profile.assetSales[0].stampDutyValue: applies only to land or a building (s.50C)",
    ],
    [
      "an exemption the sale's gain cannot have",
      { financialYear: "2025-26", profile: { ...resident, assetSales: [{ ...share, exemption: { section: "54EC", invested: 100_000 } }] } },
      "profile.assetSales[0].exemption.section: s.54EC applies to long-term gains on land or buildings (section 112)",
    ],
    [
      "a resident's land sold in tax year 2026-27, which needs a Cost Inflation Index not notified",
      { financialYear: "2026-27", profile: { ...resident, assetSales: [{ ...land, transferred: "2026-09-30" }] } },
      "profile.assetSales[0].transferred: needs the Cost Inflation Index for 2026-27, which has not been notified: a resident's land or building acquired before 23 July 2024 pays the lower of two taxes, one of them on the indexed gain (second proviso to s.112(1)(a)); give this gain in capitalGains with your own indexedGain",
    ],
    [
      "a non-resident's long-term other asset sold before 23 July 2024, which may or may not be a security",
      {
        financialYear: "2024-25",
        profile: {
          ...resident,
          residentialStatus: "non_resident",
          assetSales: [{ ...share, asset: "other", acquired: "2020-01-01", transferred: "2024-06-01" }],
        },
      },
      "profile.assetSales[0].asset: a non-resident's long-term gain on an asset given as other and transferred before 23 July 2024 is taxed by whether it is a security: an unlisted security (a fund's unit among them) at 10 % without indexation (s.112(1)(c)(iii)), anything else at 20 % with indexation; give it in capitalGains, with security unlisted for a security",
    ],
  ])("refuses %s with a 400 naming the field", async (_, body, message) => {
    const { key } = await createKey({ scopes: [] });
    expect(await expectError(await compute(key, body), 400, "validation_error")).toBe(message);
  });

  it("saves a profile with its sales for their year, and saves nothing without the year", async () => {
    const { key } = await createKey({ scopes: ["profiles:write", "profiles:read"] });
    const save = (label: string, body: Record<string, unknown>) =>
      api("/api/v1/profiles", key, { method: "POST", body: JSON.stringify({ label, ...body }) });
    const profile = { ...resident, assetSales: [share] };
    const { data } = await expectStatus(await save("sales", { profile, financialYear: "2025-26" }), 201);
    const stored = SavedProfileSchema.parse((await expectStatus(await api(`/api/v1/profiles/${data.id}`, key), 200)).data);
    // The same 1,31,950 as the computation above: the summary counts the sale's gain.
    expect(stored.summary).toMatchObject({ financialYear: "2025-26", computedWithCurrentRules: true, totalTax: { new: 131_950 } });
    expect(stored.profile).toMatchObject({ assetSales: [share] });
    expect(await expectError(await save("no year", { profile }), 400, "validation_error")).toMatch(
      /^financialYear: is required with profile\.assetSales/,
    );
    const list = (await expectStatus(await api("/api/v1/profiles", key), 200)).data as Array<{ label: string }>;
    expect(list.map((item) => item.label)).toEqual(["sales"]);
  });

  it("answers the validation messages the guide shows for asset sales, word for word", async () => {
    const { key } = await createKey({ scopes: [] });
    const guide = taxApiGuide.replace(/\s+/g, " ");
    const bodies = [
      { profile: { ...resident, assetSales: [share] } },
      { financialYear: "2026-27", profile: { ...resident, assetSales: [{ ...land, transferred: "2026-09-30" }] } },
      { financialYear: "2025-26", profile: { ...resident, assetSales: [{ ...share, exemption: { section: "54EC", invested: 100_000 } }] } },
      {
        financialYear: "2024-25",
        profile: {
          ...resident,
          assetSales: [{ ...share, asset: "unlisted_zero_coupon_bond", acquired: "2004-04-01", transferred: "2024-06-01" }],
        },
      },
      {
        financialYear: "2024-25",
        profile: {
          ...resident,
          residentialStatus: "non_resident",
          assetSales: [{ ...share, asset: "other", acquired: "2020-01-01", transferred: "2024-06-01" }],
        },
      },
    ];
    for (const body of bodies) {
      const message = await expectError(await compute(key, body), 400, "validation_error");
      expect(guide.includes(`\`${message}\``), `docs/tax-api.md shows \`${message}\``).toBe(true);
    }
  });
});
