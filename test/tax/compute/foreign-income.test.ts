// Tax paid abroad (ss.90/91, Rule 128) through the API: a sale's foreign gain, foreign dividends that arose late in
// the year (s.234C), and a foreign gain India does not tax. Every expected figure is worked by hand in the comments.
import { describe, expect, it } from "vitest";
import { ComputeAnswerSchema } from "../../../src/tax/compute/schemas";
import { api, createKey, expectError, expectStatus } from "../helpers";

function compute(key: string, body: unknown) {
  return api("/api/v1/compute", key, { method: "POST", body: JSON.stringify(body) });
}

describe("foreign income on a sale given in assetSales", () => {
  // docs/tax-api.md, "Capital gains from the sales themselves": each sale is counted "exactly as the capitalGains
  // entry it works out would count"; "Tax paid abroad": the income listed under capital_gains may be up to "the
  // capital gains above 0".
  //
  // Resident aged 40, FY 2025-26, salary 15,00,000; sold US shares (unlisted in India: `unlisted_share`, "foreign
  // shares included"), acquired 15 January 2020, transferred 10 October 2025: held > 24 months, long-term, after
  // 23 July 2024 so s.112 at 12.5 % without indexation; gain 10,00,000 − 6,00,000 = 4,00,000. US tax 60,000 (treaty).
  //
  // New regime: salary 15,00,000 − 75,000 = 14,25,000 at the slabs: 60,000 (to 12L) + 2,25,000 × 15 % = 33,750
  //   → 93,750; gain 4,00,000 × 12.5 % = 50,000; TI 18,25,000 (no s.87A above 12L; no surcharge below 50L);
  //   tax 1,43,750 + cess 5,750 = 1,49,500. Indian tax on 4,00,000 = 4,00,000 × 1,49,500 ÷ 18,25,000 = 32,767.12
  //   → 32,767 < 60,000: credit 32,767; 1,49,500 − 32,767 = 1,16,733 → totalTax 1,16,730 (s.288B).
  // Old regime: 15,00,000 − 50,000 = 14,50,000: 1,12,500 + 4,50,000 × 30 % = 2,47,500; gain 50,000; TI 18,50,000;
  //   2,97,500 + cess 11,900 = 3,09,400. Indian tax on 4,00,000 = 4,00,000 × 3,09,400 ÷ 18,50,000 = 66,897.30
  //   → 66,897 > 60,000: credit 60,000; totalTax 2,49,400.
  const base = { age: 40, residentialStatus: "resident", salary: { grossSalary: 1_500_000 } };
  const us = { country: "US", head: "capital_gains", income: 400_000, foreignTaxPaid: 60_000, relief: "treaty" };
  const sale = {
    asset: "unlisted_share",
    acquired: "2020-01-15",
    transferred: "2025-10-10",
    saleConsideration: 1_000_000,
    costOfAcquisition: 600_000,
    label: "US shares",
  };

  it("control: the same gain given in capitalGains is credited as worked by hand", async () => {
    const { key } = await createKey({ scopes: [] });
    const profile = { ...base, capitalGains: [{ section: "112", gain: 400_000 }], foreignIncome: [us] };
    const result = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { financialYear: "2025-26", profile }), 200)).data);
    expect(result.regimes.new).toMatchObject({ taxLiability: 149_500, foreignTaxCredit: { credit: 32_767 }, totalTax: 116_730 });
    expect(result.regimes.old).toMatchObject({ taxLiability: 309_400, foreignTaxCredit: { credit: 60_000 }, totalTax: 249_400 });
  });

  it("credits the US tax on a US share sale given in assetSales, as it does for the same gain in capitalGains", async () => {
    const { key } = await createKey({ scopes: [] });
    const profile = { ...base, assetSales: [sale], foreignIncome: [us] };
    const result = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { financialYear: "2025-26", profile }), 200)).data);
    expect(result.regimes.new).toMatchObject({ taxLiability: 149_500, foreignTaxCredit: { credit: 32_767 }, totalTax: 116_730 });
    expect(result.regimes.old).toMatchObject({ taxLiability: 309_400, foreignTaxCredit: { credit: 60_000 }, totalTax: 249_400 });
  });
});

describe("s.234C with foreign dividends that arose after the last instalment date", () => {
  // docs/tax-api.md, "Tax paid abroad": "For s.234C, foreign income under capital_gains or other_sources counts, with
  // its foreign tax, in the proportion of that head's gains, dividends and winnings that had arisen by each
  // instalment date." First proviso to s.234C(1): no interest on a shortfall due to dividends (other than s.2(22)(e))
  // that arose after an instalment date where the tax on them is paid in the remaining instalments, or by 31 March.
  //
  // Resident aged 40, FY 2025-26, new regime. Deposit interest 20,00,000 (Indian); US dividends 10,00,000, all received
  // 16-31 March 2026 (dividendsByPeriod.by_31_march); US tax 1,50,000 (no treaty ceiling given).
  //   Whole year: TI 30,00,000: 20,000 + 40,000 + 60,000 + 80,000 + 1,00,000 + 6,00,000 × 30 % = 1,80,000
  //     → 4,80,000; cess 19,200; 4,99,200. Indian tax on 10,00,000 = 10,00,000 × 4,99,200 ÷ 30,00,000 = 1,66,400
  //     > 1,50,000: credit 1,50,000; totalTax 3,49,200.
  //   By each instalment date (15 June, 15 September, 15 December, 15 March) none of the dividends had arisen, so
  //     0 % of the head's dividends: the foreign income counts 0 and no credit; TI 20,00,000: 2,00,000 + cess
  //     8,000 = 2,08,000. Tax on the later income: 3,49,200 − 2,08,000 = 1,41,200.
  //   Advance tax paid: 31,200 on 15 June (15 % of 2,08,000), 62,400 on 15 September (93,600 = 45 %), 62,400 on
  //     15 December (1,56,000 = 75 %), 52,000 on 15 March (2,08,000 = 100 %), and 1,41,200 on 31 March, the tax on
  //     the March dividends, paid by 31 March: each instalment's tax due is 3,49,200 − 1,41,200 = 2,08,000 and
  //     each was paid in full, so s.234C interest is nil (and s.234B nil: 100 % paid).
  const profile = {
    age: 40,
    residentialStatus: "resident",
    otherIncome: {
      depositInterest: 2_000_000,
      dividends: 1_000_000,
      dividendsByPeriod: { by_15_june: 0, by_15_september: 0, by_15_december: 0, by_15_march: 0, by_31_march: 1_000_000 },
    },
    foreignIncome: [{ country: "US", head: "other_sources", income: 1_000_000, foreignTaxPaid: 150_000, relief: "treaty" }],
    taxPayments: {
      tdsTcs: 0,
      advanceTax: [
        { date: "2025-06-15", amount: 31_200 },
        { date: "2025-09-15", amount: 62_400 },
        { date: "2025-12-15", amount: 62_400 },
        { date: "2026-03-15", amount: 52_000 },
        { date: "2026-03-31", amount: 141_200 },
      ],
    },
  };

  it("leaves the tax on the March dividends, credit and all, out of every instalment: no s.234C interest", async () => {
    const { key } = await createKey({ scopes: [] });
    const result = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { financialYear: "2025-26", profile }), 200)).data);
    const regime = result.regimes.new;
    expect(regime).toMatchObject({ taxLiability: 499_200, foreignTaxCredit: { credit: 150_000 }, totalTax: 349_200 });
    expect(regime.interest?.advanceTaxDefault.interest).toBe(0);
    expect(regime.interest?.advanceTaxDeferment.instalments.map((instalment) => instalment.laterIncomeTaxLeftOut)).toEqual([
      141_200, 141_200, 141_200, 141_200,
    ]);
    expect(regime.interest?.advanceTaxDeferment.interest).toBe(0);
  });
});

describe("s.234C with foreign interest beside dividends that arose after the last instalment date", () => {
  // The first proviso to s.234C(1) excuses only capital gains, winnings, new business income and dividends that arose
  // later; interest is not among them, so it and the foreign tax on it count at every instalment date.
  //
  // Resident aged 40, FY 2025-26, new regime. Deposit interest 20,00,000, all of it from a US bank (US tax 4,00,000,
  // treaty: dividendsAndWinnings 0); Indian dividends 10,00,000, all received 16-31 March 2026.
  //   Whole year: TI 30,00,000: 4,80,000 + cess 19,200 = 4,99,200. Indian tax on the US interest = 20,00,000 ×
  //     4,99,200 ÷ 30,00,000 = 3,32,800 < 4,00,000: credit 3,32,800; totalTax 1,66,400.
  //   By each instalment date only the interest had arisen: TI 20,00,000: 2,00,000 + cess 8,000 = 2,08,000, all of
  //     it on the US interest (2,08,000 < 4,00,000): credit 2,08,000, tax nil. The whole 1,66,400 is the tax on the
  //     March dividends, paid on 31 March: s.234C interest nil.
  const interest = { country: "US", head: "other_sources", income: 2_000_000, foreignTaxPaid: 400_000, relief: "treaty" };
  const profile = (dividendsAndWinnings?: number) => ({
    age: 40,
    residentialStatus: "resident",
    otherIncome: {
      depositInterest: 2_000_000,
      dividends: 1_000_000,
      dividendsByPeriod: { by_15_june: 0, by_15_september: 0, by_15_december: 0, by_15_march: 0, by_31_march: 1_000_000 },
    },
    foreignIncome: [dividendsAndWinnings === undefined ? interest : { ...interest, dividendsAndWinnings }],
    taxPayments: { tdsTcs: 0, advanceTax: [{ date: "2026-03-31", amount: 166_400 }] },
  });

  it("credits the US tax on interest at every instalment: no s.234C interest", async () => {
    const { key } = await createKey({ scopes: [] });
    const result = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { financialYear: "2025-26", profile: profile(0) }), 200)).data);
    const regime = result.regimes.new;
    expect(regime).toMatchObject({ taxLiability: 499_200, foreignTaxCredit: { credit: 332_800 }, totalTax: 166_400 });
    expect(regime.interest?.advanceTaxDeferment.instalments.map((instalment) => instalment.laterIncomeTaxLeftOut)).toEqual([
      166_400, 166_400, 166_400, 166_400,
    ]);
    expect(regime.interest?.advanceTaxDeferment.interest).toBe(0);
  });

  it("refuses dividendsAndWinnings beyond the entry, the head's dividends and winnings, or under another head", async () => {
    const { key } = await createKey({ scopes: [] });
    expect(await expectError(await compute(key, { financialYear: "2025-26", profile: profile(2_000_001) }), 400, "validation_error")).toBe(
      "profile.foreignIncome[0].dividendsAndWinnings: must not exceed income",
    );
    expect(await expectError(await compute(key, { financialYear: "2025-26", profile: profile(1_500_000) }), 400, "validation_error")).toBe(
      "profile.foreignIncome: the dividendsAndWinnings listed add up to ₹15,00,000, more than otherIncome's dividends and casualWinnings (₹10,00,000)",
    );
    const salary = {
      ...profile(),
      salary: { grossSalary: 1_000_000 },
      foreignIncome: [{ ...interest, head: "salary", income: 100_000, dividendsAndWinnings: 0 }],
    };
    expect(await expectError(await compute(key, { financialYear: "2025-26", profile: salary }), 400, "validation_error")).toBe(
      "profile.foreignIncome[0].dividendsAndWinnings: applies only to head other_sources",
    );
  });
});

describe("foreign income that India does not tax earns no credit", () => {
  // Rule 128(1): the credit is for foreign tax paid on income "offered to tax or assessed to tax in India"; Rule
  // 128(4)(i): the credit is the lower of "the tax payable under the Act on such income" and the foreign tax.
  // docs/tax-api.md, "Tax paid abroad": `profile.foreignIncome` "only says which part of a head arose in which
  // country"; foreignIncome[].income is "The part of that head's income, as this profile counts it ... already
  // included in the head" (request schema); the 400 message: "foreign income is a part of its head's income,
  // already counted in it".
  //
  // Resident aged 40, FY 2025-26: salary 20,00,000 (Indian). A house in the United Kingdom sold at a long-term gain
  // of 50,00,000 (s.112), all of it put into a house in India: s.54 exempts the whole gain (invested 60,00,000 ≥
  // gain), so the head "Capital gains" is nil and nothing of the gain is in total income; UK tax on it 10,00,000.
  //   New regime: TI 20,00,000 − 75,000 = 19,25,000: 1,20,000 + 3,25,000 × 20 % = 1,85,000 + cess 7,400 =
  //     1,92,400. Old regime: TI 19,50,000: 1,12,500 + 9,50,000 × 30 % = 3,97,500 + cess 15,900 = 4,13,400.
  //   The Indian tax on the UK gain is nil (it is not in total income): no credit is due, and the entry, more than
  //   the ₹0 the head counts after the exemption, is refused as any other foreign income beyond its head.
  const profile = {
    age: 40,
    residentialStatus: "resident",
    salary: { grossSalary: 2_000_000 },
    capitalGains: [{ section: "112", gain: 5_000_000, exemption: { section: "54", invested: 6_000_000 } }],
    foreignIncome: [{ country: "GB", head: "capital_gains", income: 5_000_000, foreignTaxPaid: 1_000_000, relief: "treaty" }],
  };

  it("a wholly exempt (s.54) foreign gain is refused: it would take the Indian tax on the salary", async () => {
    const { key } = await createKey({ scopes: [] });
    const message = await expectError(await compute(key, { financialYear: "2025-26", profile }), 400, "validation_error");
    expect(message).toBe(
      "profile.foreignIncome: the capital_gains income listed adds up to ₹50,00,000, more than the ₹0 the profile counts under that head (the gains of capitalGains and assetSales above 0, less their exemptions): foreign income is a part of its head's income, already counted in it",
    );
    const taxed = { ...profile, foreignIncome: [] };
    const result = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { financialYear: "2025-26", profile: taxed }), 200)).data);
    expect(result.regimes.new).toMatchObject({ taxableIncome: 1_925_000, taxLiability: 192_400, totalTax: 192_400 });
    expect(result.regimes.old).toMatchObject({ taxableIncome: 1_950_000, taxLiability: 413_400, totalTax: 413_400 });
  });
});
