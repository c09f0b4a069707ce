// The request schema for capital gains, winnings, presumptive income and employer contributions: what it maps
// into the engine input, and what it rejects (each rejection names its field).
import { describe, expect, it } from "vitest";
import { computeTax } from "../../../../src/tax/domain/engine";
import { ComputeResultSchema } from "../../../../src/tax/compute/schemas";
import { ComputeRequestSchema, MAX_AMOUNT, ProfileSchema, toTaxInput } from "../../../../src/tax/compute/request-schema";

const base = { age: 40, residentialStatus: "resident" };

function issuesOf(body: unknown): Array<{ path: string; message: string }> {
  const parsed = ComputeRequestSchema.safeParse(body);
  expect(parsed.success).toBe(false);
  return parsed.success ? [] : parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}

describe("request schema: new incomes", () => {
  it("maps every new field into the engine input, filling what is absent", () => {
    const input = toTaxInput(
      ProfileSchema.parse({
        ...base,
        salary: { grossSalary: 1_000_000, employerPfContribution: 120_000, employerSuperannuationContribution: 50_000 },
        otherIncome: { casualWinnings: 10_000 },
        capitalGains: [
          { section: "112A", gain: 150_000 },
          { section: "112", gain: -20_000.5, indexedGain: -60_000, landOrBuildingAcquiredBefore23July2024: true },
        ],
        presumptive: { business: { digitalTurnover: 1_000_000 }, profession: { grossReceipts: 500_000, cashReceipts: 10_000 } },
      }),
    );
    expect(input.salary).toMatchObject({ employerPfContribution: 120_000, employerSuperannuationContribution: 50_000 });
    expect(input.otherIncome.casualWinnings).toBe(10_000);
    expect(input.capitalGains).toEqual([
      { section: "112A", gain: 150_000, transferredBefore23July2024: false, indexedGain: null, landOrBuildingAcquiredBefore23July2024: false },
      { section: "112", gain: -20_000.5, transferredBefore23July2024: false, indexedGain: -60_000, landOrBuildingAcquiredBefore23July2024: true },
    ]);
    expect(input.presumptive).toEqual({
      business: { digitalTurnover: 1_000_000, otherTurnover: 0, cashReceipts: 0, declaredIncome: 0 },
      profession: { grossReceipts: 500_000, cashReceipts: 10_000, declaredIncome: 0 },
      goodsCarriages: [],
    });
  });

  it("accepts a transfer before 23 July 2024 for FY 2024-25", () => {
    const body = { financialYear: "2024-25", profile: { ...base, capitalGains: [{ section: "111A", gain: 1, transferredBefore23July2024: true }] } };
    expect(ComputeRequestSchema.safeParse(body).success).toBe(true);
  });

  const withProfile = (patch: Record<string, unknown>, financialYear = "2025-26") => ({ financialYear, profile: { ...base, ...patch } });

  it.each<[string, unknown, string, string?]>([
    ["an unknown field in a capital gain", withProfile({ capitalGains: [{ section: "112A", gain: 1, stt: true }] }), "profile.capitalGains.0"],
    ["an unknown section", withProfile({ capitalGains: [{ section: "54", gain: 1 }] }), "profile.capitalGains.0.section"],
    ["a gain without an amount", withProfile({ capitalGains: [{ section: "111A" }] }), "profile.capitalGains.0.gain"],
    ["a loss beyond ₹10,000 crore", withProfile({ capitalGains: [{ section: "111A", gain: -100_000_000_001 }] }), "profile.capitalGains.0.gain"],
    [
      "an indexed gain on a s.112A gain",
      withProfile({ capitalGains: [{ section: "112A", gain: 1, indexedGain: 1 }] }),
      "profile.capitalGains.0.indexedGain",
      "applies to section 112 gains only",
    ],
    [
      "a transfer before 23 July 2024 in FY 2025-26",
      withProfile({ capitalGains: [{ section: "111A", gain: 1, transferredBefore23July2024: true }] }),
      "profile.capitalGains.0.transferredBefore23July2024",
      "only FY 2024-25 has transfers before 23 July 2024",
    ],
    ["negative winnings", withProfile({ otherIncome: { casualWinnings: -1 } }), "profile.otherIncome.casualWinnings"],
    ["an unknown salary field", withProfile({ salary: { employerEpf: 1 } }), "profile.salary"],
    ["an unknown presumptive field", withProfile({ presumptive: { shop: {} } }), "profile.presumptive"],
    [
      "s.44AD turnover above ₹2 crore with more than 5 % cash",
      withProfile({ presumptive: { business: { digitalTurnover: 19_000_000, otherTurnover: 2_000_000 } } }),
      "profile.presumptive.business",
      "turnover above ₹2,00,00,000 is outside s.44AD (₹3,00,00,000 only when cashReceipts are at most 5 % of turnover)",
    ],
    [
      "s.44AD turnover above ₹2 crore with more than 5 % received in cash",
      withProfile({ presumptive: { business: { digitalTurnover: 24_000_000, otherTurnover: 2_000_000, cashReceipts: 1_300_001 } } }),
      "profile.presumptive.business",
    ],
    ["s.44AD turnover above ₹3 crore", withProfile({ presumptive: { business: { digitalTurnover: 30_000_001 } } }), "profile.presumptive.business"],
    [
      "s.44ADA receipts above ₹50 lakh with more than 5 % cash",
      withProfile({ presumptive: { profession: { grossReceipts: 6_000_000, cashReceipts: 400_000 } } }),
      "profile.presumptive.profession",
    ],
    [
      "cash receipts above gross receipts",
      withProfile({ presumptive: { profession: { grossReceipts: 100, cashReceipts: 200 } } }),
      "profile.presumptive.profession",
      "cashReceipts must not exceed grossReceipts",
    ],
    [
      "presumptive income for a non-resident",
      withProfile({ residentialStatus: "non_resident", presumptive: { profession: { grossReceipts: 100 } } }),
      "profile.presumptive.profession",
      "s.44ADA is only for a resident; declare professional income from books instead",
    ],
  ])("rejects %s", (_, body, path, message) => {
    const issues = issuesOf(body);
    expect(issues.map((issue) => issue.path)).toContain(path);
    if (message !== undefined) expect(issues.find((issue) => issue.path === path)?.message).toBe(message);
  });

  it("takes s.44AD turnover up to ₹3 crore when cash is at most 5 %, and s.44ADA receipts up to ₹75 lakh", () => {
    // 5 % of 3 crore is 15 lakh: exactly at the limit is still within it.
    const business = withProfile({ presumptive: { business: { digitalTurnover: 28_500_000, otherTurnover: 1_500_000 } } });
    expect(ComputeRequestSchema.safeParse(business).success).toBe(true);
    // The proviso to s.44AD(1) counts amounts received in cash, not the 8 % turnover: ₹20 lakh of credit sales paid by
    // bank transfer after the return's due date is 8 % turnover, yet with no cash received ₹2.6 crore is within
    // ₹3 crore; cash of ₹13,00,000, exactly 5 % of it, still is.
    for (const cashReceipts of [0, 1_300_000]) {
      const lateBankPayments = withProfile({ presumptive: { business: { digitalTurnover: 24_000_000, otherTurnover: 2_000_000, cashReceipts } } });
      expect(ComputeRequestSchema.safeParse(lateBankPayments).success).toBe(true);
    }
    const profession = withProfile({ presumptive: { profession: { grossReceipts: 7_500_000, cashReceipts: 375_000 } } });
    expect(ComputeRequestSchema.safeParse(profession).success).toBe(true);
  });
});

describe("request schema: capital-gains exemptions", () => {
  const gains = (capitalGains: unknown[], financialYear = "2025-26") => ({ financialYear, profile: { ...base, capitalGains } });
  const houses = (gain: Record<string, unknown>, invested = 15_000_000) => ({
    section: "112",
    ...gain,
    exemption: { section: "54", invested, twoHouses: true },
  });

  it("takes the two-house option of s.54 on a gain up to ₹2 crore, and exempts the gain up to both houses' cost", () => {
    // First proviso to s.54(1), gain 1,80,00,000; two houses costing 90,00,000 and 60,00,000 = 1,50,00,000 exempt.
    // Left 30,00,000 at 12.5 %, no other income. New regime FY 2025-26: the basic exemption of 4,00,000 goes against
    // it (s.112(1)(a) first proviso), 26,00,000 × 12.5 % = 3,25,000, + cess 13,000 = 3,38,000. Old regime: 2,50,000,
    // 27,50,000 × 12.5 % = 3,43,750, + cess 13,750 = 3,57,500. No s.87A (total income above the limits), no surcharge.
    const parsed = ComputeRequestSchema.parse(gains([houses({ gain: 18_000_000 })]));
    const result = computeTax(toTaxInput(parsed.profile), "2025-26");
    expect(result.capitalGainExemptions).toEqual([{ index: 0, section: "54", exemptGain: 15_000_000, exemptIndexedGain: null }]);
    expect(result.regimes.new).toMatchObject({ taxableIncome: 3_000_000, totalTax: 338_000 });
    expect(result.regimes.old).toMatchObject({ taxableIncome: 3_000_000, totalTax: 357_500 });
  });

  it("takes the option on a gain of exactly ₹2 crore (does not exceed), and, before 23 July 2024, measures the indexed gain", () => {
    expect(ComputeRequestSchema.safeParse(gains([houses({ gain: 20_000_000 })])).success).toBe(true);
    // FY 2024-25, sold before 23 July 2024: s.48 then computed the gain with indexation, 1,90,00,000.
    const indexed = houses({ gain: 25_000_000, indexedGain: 19_000_000, transferredBefore23July2024: true });
    expect(ComputeRequestSchema.safeParse(gains([indexed], "2024-25")).success).toBe(true);
  });

  it.each<[string, unknown[], string, string?]>([
    [
      "two houses on a gain above ₹2 crore",
      [houses({ gain: 20_000_001 })],
      "profile.capitalGains.0.exemption.twoHouses",
      "two houses may be bought only with a capital gain of at most ₹2,00,00,000 (first proviso to s.54(1)); this one is ₹2,00,00,001",
    ],
    [
      "two houses on a gain above ₹2 crore whose indexed gain, for a later transfer, does not count",
      [houses({ gain: 25_000_000, indexedGain: 19_000_000, landOrBuildingAcquiredBefore23July2024: true })],
      "profile.capitalGains.0.exemption.twoHouses",
      "two houses may be bought only with a capital gain of at most ₹2,00,00,000 (first proviso to s.54(1)); this one is ₹2,50,00,000",
    ],
    [
      "the two-house option on two gains",
      [houses({ gain: 5_000_000 }, 5_000_000), houses({ gain: 4_000_000 }, 4_000_000)],
      "profile.capitalGains",
      "s.54's two-house option may be used only once (second proviso to s.54(1)); 2 gains claim it",
    ],
    [
      "the two-house option with s.54F",
      [{ section: "112", gain: 100_000, exemption: { section: "54F", invested: 100_000, netConsideration: 500_000, twoHouses: true } }],
      "profile.capitalGains.0.exemption.twoHouses",
      "applies to s.54 only",
    ],
    [
      "a net consideration with s.54B",
      [{ section: "112", gain: 100_000, exemption: { section: "54B", invested: 100_000, netConsideration: 500_000 } }],
      "profile.capitalGains.0.exemption.netConsideration",
      "applies to s.54F only",
    ],
    [
      "s.54B on a s.112A gain",
      [{ section: "112A", gain: 100_000, exemption: { section: "54B", invested: 100_000 } }],
      "profile.capitalGains.0.exemption.section",
      "s.54B applies to gains on land used for agricultural purposes (section 112 or short_term_other)",
    ],
    [
      "s.54D on a s.111A gain",
      [{ section: "111A", gain: 100_000, exemption: { section: "54D", invested: 100_000 } }],
      "profile.capitalGains.0.exemption.section",
      "s.54D applies to gains on land or buildings of an industrial undertaking acquired compulsorily (section 112 or short_term_other)",
    ],
    [
      "s.54G on a s.112A gain",
      [{ section: "112A", gain: 100_000, exemption: { section: "54G", invested: 100_000 } }],
      "profile.capitalGains.0.exemption.section",
      "s.54G applies to gains on machinery, plant, land or buildings of an industrial undertaking shifted out of an urban area (section 112 or short_term_other)",
    ],
    [
      "s.54GA on a s.111A gain",
      [{ section: "111A", gain: 100_000, exemption: { section: "54GA", invested: 100_000 } }],
      "profile.capitalGains.0.exemption.section",
      "s.54GA applies to gains on machinery, plant, land or buildings of an industrial undertaking shifted to a Special Economic Zone (section 112 or short_term_other)",
    ],
    [
      "s.54 on a short-term gain",
      [{ section: "short_term_other", gain: 100_000, exemption: { section: "54", invested: 100_000 } }],
      "profile.capitalGains.0.exemption.section",
      "s.54 applies to long-term gains on a residential house (section 112)",
    ],
    [
      "s.54G on a loss",
      [{ section: "short_term_other", gain: -100_000, exemption: { section: "54G", invested: 100_000 } }],
      "profile.capitalGains.0.exemption.section",
      "a loss has no gain to exempt",
    ],
    [
      "an unknown exemption section",
      [{ section: "112", gain: 100_000, exemption: { section: "54EE", invested: 100_000 } }],
      "profile.capitalGains.0.exemption.section",
    ],
  ])("rejects %s", (_, capitalGains, path, message) => {
    const issues = issuesOf(gains(capitalGains));
    expect(issues.map((issue) => issue.path)).toContain(path);
    if (message !== undefined) expect(issues.find((issue) => issue.path === path)?.message).toBe(message);
  });
});

describe("the largest inputs the schema allows", () => {
  it("compute to whole rupees that the response schema accepts", () => {
    const sections = ["111A", "112A", "112", "short_term_other"] as const;
    const profile = ProfileSchema.parse({
      ...base,
      salary: { grossSalary: MAX_AMOUNT, basicPlusDA: MAX_AMOUNT, employerPfContribution: MAX_AMOUNT },
      otherIncome: { dividends: MAX_AMOUNT, casualWinnings: MAX_AMOUNT },
      capitalGains: Array.from({ length: 100 }, (_, i) => ({
        section: sections[i % 4],
        gain: MAX_AMOUNT,
        ...(i % 4 === 2 ? { indexedGain: 0, landOrBuildingAcquiredBefore23July2024: true } : {}),
      })),
      deductions: { section80CCD2: MAX_AMOUNT },
    });
    for (const year of ["2024-25", "2025-26", "2026-27"] as const) {
      const result = computeTax(toTaxInput(profile), year);
      expect(ComputeResultSchema.parse(result)).toEqual(result);
      for (const regime of [result.regimes.old, result.regimes.new]) {
        expect(Number.isSafeInteger(regime.totalTax)).toBe(true);
        expect(regime.totalTax).toBeGreaterThan(0);
        // 25 lines of s.112 land, each 1e11 with indexed gain nil: all of their tax is ignored.
        const section112 = year === "2026-27" ? "197" : "112";
        expect(regime.specialRateIncome.find((line) => line.section === section112)?.tax).toBe(0);
      }
    }
  });
});
