// profile.assetSales in the request schema: what it maps into the engine input, and what it refuses, naming the field.
import { describe, expect, it } from "vitest";
import { computeTax } from "../../../../src/tax/domain/engine";
import { ComputeRequestSchema, ProfileSchema, toTaxInput } from "../../../../src/tax/compute/request-schema";

const base = { age: 40, residentialStatus: "resident" };
const share = {
  asset: "listed_equity_share",
  acquired: "2024-05-10",
  transferred: "2025-06-11",
  saleConsideration: 150_000,
  costOfAcquisition: 100_000,
};
const land = {
  asset: "land_or_building",
  acquired: "2010-08-01",
  transferred: "2025-09-30",
  saleConsideration: 6_000_000,
  costOfAcquisition: 2_000_000,
};

function issuesOf(body: unknown): string[] {
  const parsed = ComputeRequestSchema.safeParse(body);
  expect(parsed.success).toBe(false);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("request schema: profile.assetSales", () => {
  it("maps each sale into the engine input, filling what is absent", () => {
    const input = toTaxInput(
      ProfileSchema.parse({
        ...base,
        assetSales: [
          share,
          {
            ...land,
            transferExpenses: 60_000,
            costOfImprovement: [{ financialYear: "2015-16", amount: 300_000 }],
            stampDutyValue: 6_500_000,
            exemption: { section: "54EC", invested: 1_000_000 },
            label: "  Plot  ",
          },
        ],
      }),
    );
    expect(input.capitalGains).toEqual([]);
    expect(input.assetSales).toEqual([
      {
        ...share,
        transferExpenses: 0,
        costOfImprovement: [],
        fairMarketValueOn31January2018: null,
        fairMarketValueOn1April2001: null,
        stampDutyValue: null,
        label: null,
      },
      {
        ...land,
        transferExpenses: 60_000,
        costOfImprovement: [{ financialYear: "2015-16", amount: 300_000 }],
        fairMarketValueOn31January2018: null,
        fairMarketValueOn1April2001: null,
        stampDutyValue: 6_500_000,
        exemption: { section: "54EC", invested: 1_000_000, netConsideration: null },
        label: "Plot",
      },
    ]);
  });

  const request = (assetSales: unknown[], financialYear: string | null = "2025-26", profile: Record<string, unknown> = {}) => ({
    ...(financialYear === null ? {} : { financialYear }),
    profile: { ...base, ...profile, assetSales },
  });

  it.each<[string, unknown, string]>([
    [
      "a sale without financialYear",
      request([share], null),
      "financialYear: is required with profile.assetSales: each sale's date must fall in it (without it, the year is the current one)",
    ],
    [
      "a transfer outside the year",
      request([{ ...share, transferred: "2025-03-31" }]),
      "profile.assetSales.0.transferred: must fall in FY 2025-26 (2025-04-01 to 2026-03-31): a sale's gain is charged in the year of the transfer (s.45(1))",
    ],
    ["a malformed date", request([{ ...share, acquired: "2024-5-10" }]), "profile.assetSales.0.acquired: must be a date in YYYY-MM-DD format"],
    [
      "an unknown asset",
      request([{ ...share, asset: "crypto" }]),
      'profile.assetSales.0.asset: Invalid option: expected one of "listed_equity_share"|"equity_oriented_fund_unit"|"business_trust_unit"|"listed_security_other"|"listed_bond_or_debenture"|"listed_fund_unit_other"|"unlisted_share"|"land_or_building"|"specified_mutual_fund_unit"|"market_linked_debenture"|"unlisted_bond_or_debenture"|"unlisted_zero_coupon_bond"|"other"',
    ],
    [
      "an improvement year not written as a financial year",
      request([{ ...land, costOfImprovement: [{ financialYear: "2015-17", amount: 1 }] }]),
      'profile.assetSales.0.costOfImprovement.0.financialYear: must be a financial year written like "2015-16"',
    ],
    [
      "a label over 100 characters",
      request([{ ...share, label: "x".repeat(101) }]),
      "profile.assetSales.0.label: Too big: expected string to have <=100 characters",
    ],
    [
      "a stamp duty value on shares",
      request([{ ...share, stampDutyValue: 200_000 }]),
      "profile.assetSales.0.stampDutyValue: applies only to land or a building (s.50C)",
    ],
    [
      "an exemption its derived section cannot have (s.54 on a s.112A gain)",
      request([{ ...share, exemption: { section: "54", invested: 10_000 } }]),
      "profile.assetSales.0.exemption.section: s.54 applies to long-term gains on a residential house (section 112)",
    ],
    [
      "an exemption on a sale at a loss",
      request([{ ...land, saleConsideration: 1_000_000, exemption: { section: "54EC", invested: 10_000 } }]),
      "profile.assetSales.0.exemption.section: a loss has no gain to exempt",
    ],
    [
      "bonds above ₹50 lakh across the gains and the sales (s.54EC)",
      request([{ ...land, exemption: { section: "54EC", invested: 3_000_000 } }], "2025-26", {
        capitalGains: [{ section: "112", gain: 3_000_000, exemption: { section: "54EC", invested: 2_500_000 } }],
      }),
      "profile.assetSales: s.54EC allows at most ₹50,00,000 of bonds in a year; the gains and sales name ₹55,00,000",
    ],
    [
      "a specified senior citizen with a sale",
      request([share], "2025-26", { age: 76, specifiedSeniorCitizen: true }),
      "profile.specifiedSeniorCitizen: applies only to a resident aged 75 or more whose income is pension and interest from the bank that pays it (s.194P); the profile also has income from capital gains",
    ],
  ])("refuses %s", (_, body, message) => {
    expect(issuesOf(body)).toEqual([message]);
  });

  it("accepts sales beside capital gains, and the gains add", () => {
    const parsed = ComputeRequestSchema.parse(request([share], "2025-26", { capitalGains: [{ section: "112A", gain: 10_000 }] }));
    // 10,000 given + the share's 1,50,000 − 1,00,000 = 60,000 of s.112A gains, all within the ₹1,25,000 untaxed.
    const line = computeTax(toTaxInput(parsed.profile), "2025-26").regimes.new.specialRateIncome.find((entry) => entry.section === "112A");
    expect(line).toMatchObject({ income: 60_000, exemptAmount: 60_000, tax: 0 });
  });
});
