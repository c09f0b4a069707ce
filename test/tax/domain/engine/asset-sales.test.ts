// Capital gains worked out from the sales themselves. Every expected figure is worked by hand in the case from the
// cited rule; none is the engine's output. Sources:
// - s.2(42A), ss.48, 50AA, 50C, 55, 111A, 112, 112A: the Act as scraped from incometaxindia.gov.in (repo
//   namish800/tax-act-scraper, output/markdown/sections/section_<n>.md), which shows the Finance (No. 2) Act 2024
//   amendments and, in its footnotes, the words they replaced.
// - The third proviso to s.2(42A) before 23 July 2024 (unlisted shares and land or building: 24 months): inserted by
//   the Finance Act 2016 for shares, land and building added by the Finance Act 2017, s.3 (indiankanoon.org/doc/3426779);
//   omitted by the Finance (No. 2) Act 2024 w.r.e.f. 23-7-2024 (footnote 12a of the scraped s.2).
// - Cost Inflation Index: the footnote to s.48 in the scraped Act (2001-02 = 100 ... 2024-25 = 363); CBDT
//   Notification 70/2025 of 1 July 2025 (2025-26 = 376); none found for tax year 2026-27.
// - A business trust's units (s.2(13A): a REIT or an InvIT): ss.111A(1) and 112A(1)(ii), (iii)(b) name "a unit of a
//   business trust" sold with securities transaction tax, s.55(2)(ac) grandfathers it, and the third proviso to s.48
//   denies it indexation. Its holding period: 36 months before 23 July 2024, 12 from that day, as the Memorandum
//   explaining the Finance (No. 2) Bill 2024 says ("units of listed business trust will now be at par with listed
//   equity shares at 12 months instead of earlier 36 months", as taxguru.in reproduces it), the first proviso to
//   s.2(42A) having been for "a security (other than a unit)" until that day.
import { describe, expect, it } from "vitest";
import {
  type AssetSale,
  type CapitalGain,
  classifyAssetSale,
  computeTax,
  type ResidentialStatus,
  type TaxInput,
} from "../../../../src/tax/domain/engine";
import { ComputeResultSchema } from "../../../../src/tax/compute/schemas";
import { salaryFor, taxInput } from "./input";

function sale(parts: Partial<AssetSale> & Pick<AssetSale, "asset" | "acquired" | "transferred">): AssetSale {
  return {
    saleConsideration: 0,
    transferExpenses: 0,
    costOfAcquisition: 0,
    costOfImprovement: [],
    fairMarketValueOn31January2018: null,
    fairMarketValueOn1April2001: null,
    stampDutyValue: null,
    label: null,
    ...parts,
  };
}

function classified(given: AssetSale, status: ResidentialStatus = "resident") {
  const outcome = classifyAssetSale(given, status);
  if (!outcome.ok) throw new Error(`refused: ${outcome.problem.path.join(".")}: ${outcome.problem.message}`);
  return outcome;
}

function refused(given: AssetSale, status: ResidentialStatus = "resident") {
  const outcome = classifyAssetSale(given, status);
  if (outcome.ok) throw new Error(`classified as ${outcome.entry.section}`);
  return { path: outcome.problem.path.join("."), message: outcome.problem.message };
}

describe("term of holding and section (s.2(42A), ss.111A, 112A, 112)", () => {
  it("a listed share held 13 months is long-term (s.112A), one held 11 months short-term (s.111A)", () => {
    // First proviso to s.2(42A): a listed security is short-term if held not more than 12 months. Bought 10 May 2024:
    // 12 months end on 10 May 2025, so 11 June 2025 is past them; 10 July 2024 to 10 June 2025 is 11 months.
    // Gain (s.48): 1,50,000 − 500 brokerage − 1,00,000 = 49,500.
    const thirteen = classified(
      sale({
        asset: "listed_equity_share",
        acquired: "2024-05-10",
        transferred: "2025-06-11",
        saleConsideration: 150_000,
        transferExpenses: 500,
        costOfAcquisition: 100_000,
      }),
    );
    // 10 May 2024 to 10 May 2025 is 365 days (no 29 February between), then 21 + 11 days to 11 June: 397.
    expect(thirteen.result).toMatchObject({
      termOfHolding: "long",
      holdingDays: 397,
      longTermAfterMonths: 12,
      section: "112A",
      gain: 49_500,
      indexedGain: null,
    });
    expect(thirteen.entry).toEqual({
      section: "112A",
      arose: "by_15_june",
      gain: 49_500,
      transferredBefore23July2024: false,
      indexedGain: null,
      landOrBuildingAcquiredBefore23July2024: false,
    });
    const eleven = classified(
      sale({
        asset: "listed_equity_share",
        acquired: "2024-07-10",
        transferred: "2025-06-10",
        saleConsideration: 150_000,
        transferExpenses: 500,
        costOfAcquisition: 100_000,
      }),
    );
    // 21 days of July, then Aug 31, Sep 30, Oct 31, Nov 30, Dec 31, Jan 31, Feb 28, Mar 31, Apr 30, May 31, and 10: 335.
    expect(eleven.result).toMatchObject({ termOfHolding: "short", holdingDays: 335, section: "111A", gain: 49_500 });
  });

  it("exactly 12 months is still short-term; a day more is long-term ('not more than twelve months')", () => {
    const on = (transferred: string) =>
      classified(sale({ asset: "equity_oriented_fund_unit", acquired: "2024-06-10", transferred, saleConsideration: 2, costOfAcquisition: 1 })).result
        .section;
    expect(on("2025-06-10")).toBe("111A");
    expect(on("2025-06-11")).toBe("112A");
  });

  it("unlisted shares held 30 months are long-term before and from 23 July 2024 (24 months both); gold only from that day (36, then 24)", () => {
    // Before 23 July 2024 the third proviso to s.2(42A) gave unlisted shares and land 24 months, everything else 36;
    // from that day s.2(42A) says 24 for all but listed securities. 10 January 2022 to 15 July 2024 is 30 months.
    const beforeShares = classified(
      sale({ asset: "unlisted_share", acquired: "2022-01-10", transferred: "2024-07-15", saleConsideration: 800_000, costOfAcquisition: 500_000 }),
    );
    // Indexed (second proviso to s.48, a transfer before 23 July 2024): 5,00,000 × 363 (2024-25) / 317 (2021-22)
    // = 18,15,00,00,000 / 317 = 5,72,555.205 → 5,72,555.21; indexed gain 8,00,000 − 5,72,555.21 = 2,27,444.79.
    expect(beforeShares.result).toMatchObject({
      termOfHolding: "long",
      longTermAfterMonths: 24,
      section: "112",
      gain: 300_000,
      indexedCostOfAcquisition: 572_555.21,
      indexedGain: 227_444.79,
      transferredBefore23July2024: true,
      arose: "by_15_september",
    });
    const afterShares = classified(
      sale({ asset: "unlisted_share", acquired: "2022-02-10", transferred: "2024-08-15", saleConsideration: 800_000, costOfAcquisition: 500_000 }),
    );
    // From 23 July 2024 s.112 is 12.5 % without indexation: no indexed gain.
    expect(afterShares.result).toMatchObject({
      termOfHolding: "long",
      section: "112",
      gain: 300_000,
      indexedGain: null,
      transferredBefore23July2024: false,
    });

    const beforeGold = classified(
      sale({ asset: "other", acquired: "2022-01-10", transferred: "2024-07-15", saleConsideration: 800_000, costOfAcquisition: 500_000 }),
    );
    expect(beforeGold.result).toMatchObject({ termOfHolding: "short", longTermAfterMonths: 36, section: "short_term_other", gain: 300_000 });
    const afterGold = classified(
      sale({ asset: "other", acquired: "2022-02-10", transferred: "2024-08-15", saleConsideration: 800_000, costOfAcquisition: 500_000 }),
    );
    expect(afterGold.result).toMatchObject({ termOfHolding: "long", longTermAfterMonths: 24, section: "112", indexedGain: null });
  });

  it("s.50AA assets are short-term whatever the holding: a market linked debenture held five years, an unlisted bond redeemed after 22 July 2024", () => {
    const debenture = classified(
      sale({
        asset: "market_linked_debenture",
        acquired: "2020-05-01",
        transferred: "2025-06-01",
        saleConsideration: 1_200_000,
        costOfAcquisition: 1_000_000,
      }),
    );
    expect(debenture.result).toMatchObject({ termOfHolding: "short", longTermAfterMonths: null, section: "short_term_other", gain: 200_000 });
    const bond = classified(
      sale({
        asset: "unlisted_bond_or_debenture",
        acquired: "2019-04-01",
        transferred: "2025-04-01",
        saleConsideration: 1_100_000,
        costOfAcquisition: 1_000_000,
      }),
    );
    expect(bond.result).toMatchObject({ termOfHolding: "short", section: "short_term_other", gain: 100_000 });
    // Before 23 July 2024 s.50AA(b) did not reach it: long-term after 36 months, and no indexation for a bond (fourth
    // proviso to s.48), so its indexed gain is left to the gain.
    const oldBond = classified(
      sale({
        asset: "unlisted_bond_or_debenture",
        acquired: "2019-04-01",
        transferred: "2024-07-01",
        saleConsideration: 1_100_000,
        costOfAcquisition: 1_000_000,
      }),
    );
    expect(oldBond.result).toMatchObject({ termOfHolding: "long", longTermAfterMonths: 36, section: "112", gain: 100_000, indexedGain: null });
    expect(oldBond.result.rule).toContain("fourth proviso to s.48");
    // A specified mutual fund's units: s.50AA(a) only for units acquired on or after 1 April 2023 (held 3 years here).
    const fund = classified(
      sale({
        asset: "specified_mutual_fund_unit",
        acquired: "2023-04-01",
        transferred: "2026-05-01",
        saleConsideration: 130_000,
        costOfAcquisition: 100_000,
      }),
    );
    expect(fund.result).toMatchObject({ termOfHolding: "short", section: "short_term_other", gain: 30_000 });
    expect(refused(sale({ asset: "specified_mutual_fund_unit", acquired: "2023-03-31", transferred: "2025-05-01" }))).toEqual({
      path: "acquired",
      message:
        "a specified mutual fund's unit acquired before 1 April 2023 is outside s.50AA: give it as listed_fund_unit_other when listed, otherwise as other",
    });
  });
});

describe("the gain (s.48, ss.50C, 55(2)(ac), 55(2)(b)) and the indexed gain (s.48 Explanation)", () => {
  it("grandfathers a listed share bought before 1 February 2018: the higher of cost and the lower of its 31 January 2018 value and the price", () => {
    const grandfathered = (cost: number, fairValue: number, price: number) =>
      classified(
        sale({
          asset: "listed_equity_share",
          acquired: "2017-03-01",
          transferred: "2025-05-20",
          saleConsideration: price,
          costOfAcquisition: cost,
          fairMarketValueOn31January2018: fairValue,
        }),
      ).result;
    // Value above the price: max(1,00,000, min(3,00,000, 2,50,000)) = 2,50,000, so no gain (and no loss).
    expect(grandfathered(100_000, 300_000, 250_000)).toMatchObject({ section: "112A", costOfAcquisition: 250_000, gain: 0 });
    // Value below the cost: max(2,00,000, min(1,50,000, 3,00,000)) = 2,00,000; gain 1,00,000.
    expect(grandfathered(200_000, 150_000, 300_000)).toMatchObject({ costOfAcquisition: 200_000, gain: 100_000 });
    // Between: max(1,00,000, min(1,50,000, 3,00,000)) = 1,50,000; gain 1,50,000, the rise after 31 January 2018.
    const between = grandfathered(100_000, 150_000, 300_000);
    expect(between).toMatchObject({ costOfAcquisition: 150_000, gain: 150_000 });
    expect(between.rule).toContain("(s.55(2)(ac))");
  });

  it("indexes land bought in FY 2010-11 and sold in FY 2024-25, before 23 July 2024 and after (167 → 363)", () => {
    const land = (transferred: string, status: ResidentialStatus = "resident") =>
      classified(
        sale({ asset: "land_or_building", acquired: "2010-08-01", transferred, saleConsideration: 6_000_000, costOfAcquisition: 2_000_000 }),
        status,
      );
    // Indexed cost 20,00,000 × 363 / 167 = 72,60,00,000 / 167 = 43,47,305.389 → 43,47,305.39 (half a paisa up);
    // indexed gain 60,00,000 − 43,47,305.39 = 16,52,694.61; gain 60,00,000 − 20,00,000 = 40,00,000.
    const before = land("2024-06-30");
    expect(before.entry).toEqual({
      section: "112",
      arose: "by_15_september",
      gain: 4_000_000,
      transferredBefore23July2024: true,
      indexedGain: 1_652_694.61,
      landOrBuildingAcquiredBefore23July2024: true,
    });
    expect(before.result).toMatchObject({ indexedCostOfAcquisition: 4_347_305.39, indexedCostOfImprovement: 0 });
    const after = land("2024-09-30");
    expect(after.entry).toEqual({
      section: "112",
      arose: "by_15_december",
      gain: 4_000_000,
      transferredBefore23July2024: false,
      indexedGain: 1_652_694.61,
      landOrBuildingAcquiredBefore23July2024: true,
    });
    expect(after.result.rule).toContain("second proviso to s.112(1)(a)");
    // A resident but not ordinarily resident person is a resident (s.6): the same choice.
    expect(land("2024-09-30", "resident_not_ordinarily_resident").entry.indexedGain).toBe(1_652_694.61);
    // A non-resident has no choice, so no indexation is worked.
    const nonResident = land("2024-09-30", "non_resident");
    expect(nonResident.entry.indexedGain).toBeNull();
    expect(nonResident.result.rule).toContain("a resident's only");
  });

  it("takes the lower of the two taxes on that land for a resident: 20 % of the indexed gain here", () => {
    // New regime FY 2024-25, salary 8,75,000: slab income 8,00,000 uses the whole basic exemption. The land's gain
    // 40,00,000 at 12.5 % is 5,00,000; 20 % of the indexed 16,52,694.61 is 3,30,538.92, lower; the excess
    // 1,69,461.08 is ignored, to the rupee down, so 1,69,461, and the tax is 5,00,000 − 1,69,461 = 3,30,539.
    const input: TaxInput = {
      ...salaryFor(800_000, "new"),
      assetSales: [
        sale({
          asset: "land_or_building",
          acquired: "2010-08-01",
          transferred: "2024-09-30",
          saleConsideration: 6_000_000,
          costOfAcquisition: 2_000_000,
        }),
      ],
    };
    const line = computeTax(input, "2024-25").regimes.new.specialRateIncome.find((entry) => entry.indexationRelief > 0);
    expect(line).toMatchObject({ section: "112", ratePercent: 12.5, income: 4_000_000, indexationRelief: 169_461, tax: 330_539 });
  });

  it("takes the stamp duty value as the consideration only above 110 % of it (s.50C(1), third proviso)", () => {
    const land = (stampDutyValue: number) =>
      classified(
        sale({
          asset: "land_or_building",
          acquired: "2015-04-01",
          transferred: "2025-06-01",
          saleConsideration: 5_000_000,
          costOfAcquisition: 3_000_000,
          stampDutyValue,
        }),
        "non_resident",
      ).result;
    // 56,00,000 is 112 % of 50,00,000: it is the full value; gain 56,00,000 − 30,00,000 = 26,00,000.
    expect(land(5_600_000)).toMatchObject({ fullValueOfConsideration: 5_600_000, gain: 2_600_000 });
    // 55,00,000 is exactly 110 %: "does not exceed", so 50,00,000 stays; gain 20,00,000. Below the price, likewise.
    expect(land(5_500_000)).toMatchObject({ fullValueOfConsideration: 5_000_000, gain: 2_000_000 });
    expect(land(4_500_000)).toMatchObject({ fullValueOfConsideration: 5_000_000, gain: 2_000_000 });
  });

  it("takes an asset acquired before 1 April 2001 at its value that day where higher, indexed from 2001-02 (s.55(2)(b), s.48 Explanation (iii))", () => {
    const bought1995 = (cost: number) =>
      classified(
        sale({
          asset: "land_or_building",
          acquired: "1995-05-01",
          transferred: "2024-06-20",
          saleConsideration: 10_000_000,
          costOfAcquisition: cost,
          fairMarketValueOn1April2001: 1_000_000,
          costOfImprovement: [{ financialYear: "2005-06", amount: 500_000 }],
        }),
      ).result;
    // Cost 10,00,000 (the value on 1 April 2001, above 2,00,000); gain 1,00,00,000 − 10,00,000 − 5,00,000 = 85,00,000.
    // Indexed cost 10,00,000 × 363 / 100 = 36,30,000; the improvement 5,00,000 × 363 / 117 (2005-06) =
    // 18,15,00,000 / 117 = 15,51,282.051 → 15,51,282.05; indexed gain 1,00,00,000 − 36,30,000 − 15,51,282.05 = 48,18,717.95.
    const valued = bought1995(200_000);
    expect(valued.rule).toContain("cost of acquisition ₹10,00,000, the fair market value on 1 April 2001, higher than the cost (s.55(2)(b)(i))");
    expect(valued.rule).toContain("indexed cost of improvement ₹15,51,282.05, each from the index of its own year (s.48 Explanation (iv))");
    expect(valued).toMatchObject({
      costOfAcquisition: 1_000_000,
      costOfImprovement: 500_000,
      gain: 8_500_000,
      indexedCostOfAcquisition: 3_630_000,
      indexedCostOfImprovement: 1_551_282.05,
      indexedGain: 4_818_717.95,
    });
    // A cost above that value stays: 12,00,000, indexed 43,56,000; gain 83,00,000.
    expect(bought1995(1_200_000)).toMatchObject({ costOfAcquisition: 1_200_000, indexedCostOfAcquisition: 4_356_000, gain: 8_300_000 });
  });

  it("needs the Cost Inflation Index for tax year 2026-27, not notified, only where a resident's land has a gain to relieve", () => {
    const land = (price: number) =>
      sale({ asset: "land_or_building", acquired: "2015-06-01", transferred: "2026-06-01", saleConsideration: price, costOfAcquisition: 3_000_000 });
    expect(refused(land(5_000_000))).toEqual({
      path: "transferred",
      message:
        "needs the Cost Inflation Index for 2026-27, which has not been notified: a resident's land or building acquired before 23 July 2024 pays the lower of two taxes, one of them on the indexed gain (second proviso to s.112(1)(a)); give this gain in capitalGains with your own indexedGain",
    });
    expect(classified(land(5_000_000), "non_resident").entry).toMatchObject({ gain: 2_000_000, indexedGain: null });
    // A loss leaves no tax to lower: no index needed.
    expect(classified(land(2_500_000)).entry).toMatchObject({ gain: -500_000, indexedGain: null });
    expect(
      classified(
        sale({ asset: "listed_equity_share", acquired: "2025-01-01", transferred: "2026-06-01", saleConsideration: 2, costOfAcquisition: 1 }),
      ).entry.section,
    ).toBe("112A");
  });

  it("places each transfer in the return's period for s.234C by its date", () => {
    const period = (transferred: string) =>
      classified(sale({ asset: "listed_equity_share", acquired: "2023-01-01", transferred, saleConsideration: 2, costOfAcquisition: 1 })).entry.arose;
    expect(
      [
        "2024-04-01",
        "2024-06-15",
        "2024-06-16",
        "2024-09-15",
        "2024-09-16",
        "2024-12-15",
        "2024-12-16",
        "2025-03-15",
        "2025-03-16",
        "2025-03-31",
      ].map(period),
    ).toEqual([
      "by_15_june",
      "by_15_june",
      "by_15_september",
      "by_15_september",
      "by_15_december",
      "by_15_december",
      "by_15_march",
      "by_15_march",
      "by_31_march",
      "by_31_march",
    ]);
  });
});

describe("what a sale cannot be", () => {
  it.each<[string, AssetSale, ResidentialStatus, string, string]>([
    [
      "acquired after transferred",
      sale({ asset: "other", acquired: "2025-06-02", transferred: "2025-06-01" }),
      "resident",
      "acquired",
      "must not be after transferred (2025-06-01)",
    ],
    [
      "a 31 January 2018 value on an unlisted share",
      sale({ asset: "unlisted_share", acquired: "2017-01-01", transferred: "2025-06-01", fairMarketValueOn31January2018: 1 }),
      "resident",
      "fairMarketValueOn31January2018",
      "applies only to a listed equity share, an equity-oriented fund's unit or a business trust's unit (s.55(2)(ac))",
    ],
    [
      "a 31 January 2018 value on a share bought on 1 February 2018",
      sale({ asset: "listed_equity_share", acquired: "2018-02-01", transferred: "2025-06-01", fairMarketValueOn31January2018: 1 }),
      "resident",
      "fairMarketValueOn31January2018",
      "applies only to an asset acquired before 1 February 2018 (s.55(2)(ac))",
    ],
    [
      "a 1 April 2001 value on an asset bought that day",
      sale({ asset: "other", acquired: "2001-04-01", transferred: "2025-06-01", fairMarketValueOn1April2001: 1 }),
      "resident",
      "fairMarketValueOn1April2001",
      "applies only to an asset acquired before 1 April 2001 (s.55(2)(b))",
    ],
    [
      "a stamp duty value on shares",
      sale({ asset: "listed_equity_share", acquired: "2020-01-01", transferred: "2025-06-01", stampDutyValue: 1 }),
      "resident",
      "stampDutyValue",
      "applies only to land or a building (s.50C)",
    ],
    [
      "an improvement on a market linked debenture",
      sale({
        asset: "market_linked_debenture",
        acquired: "2020-01-01",
        transferred: "2025-06-01",
        costOfImprovement: [{ financialYear: "2021-22", amount: 1 }],
      }),
      "resident",
      "costOfImprovement",
      "does not apply to a s.50AA asset, whose gain deducts only its cost of acquisition and transfer expenses",
    ],
    [
      "an improvement before 1 April 2001",
      sale({
        asset: "land_or_building",
        acquired: "1990-01-01",
        transferred: "2025-06-01",
        costOfImprovement: [{ financialYear: "2000-01", amount: 1 }],
      }),
      "resident",
      "costOfImprovement.0.financialYear",
      "must be 2001-02 or later: improvements before 1 April 2001 do not count (s.55(1)(b))",
    ],
    [
      "an improvement before the purchase",
      sale({
        asset: "land_or_building",
        acquired: "2015-06-01",
        transferred: "2025-06-01",
        costOfImprovement: [{ financialYear: "2014-15", amount: 1 }],
      }),
      "resident",
      "costOfImprovement.0.financialYear",
      "must not be before 2015-16, the year the asset was acquired",
    ],
    [
      "a non-resident's long-term other asset before 23 July 2024, which may or may not be a security (s.112(1)(c)(iii))",
      sale({ asset: "other", acquired: "2020-01-01", transferred: "2024-06-01", saleConsideration: 2, costOfAcquisition: 1 }),
      "non_resident",
      "asset",
      "a non-resident's long-term gain on an asset given as other and transferred before 23 July 2024 is taxed by whether it is a security: an unlisted security (a fund's unit among them) at 10 % without indexation (s.112(1)(c)(iii)), anything else at 20 % with indexation; give it in capitalGains, with security unlisted for a security",
    ],
  ])("refuses %s", (_, given, status, path, message) => {
    expect(refused(given, status)).toEqual({ path, message });
  });

  it("takes a listed bond from 23 July 2024 (s.112 without indexation), and a non-resident's short-term unlisted shares before it", () => {
    expect(
      classified(
        sale({ asset: "listed_bond_or_debenture", acquired: "2023-01-01", transferred: "2024-08-01", saleConsideration: 2, costOfAcquisition: 1 }),
      ).entry.section,
    ).toBe("112");
    expect(
      classified(
        sale({ asset: "unlisted_share", acquired: "2023-01-01", transferred: "2024-06-01", saleConsideration: 2, costOfAcquisition: 1 }),
        "non_resident",
      ).entry.section,
    ).toBe("short_term_other");
  });
});

describe("the sales in the computation", () => {
  // FY 2024-25, each sale worked into the entry a careful caller would write by hand:
  const sales: AssetSale[] = [
    // Bought 15 January 2024, sold 20 May 2024: 4 months, short-term with STT, before 23 July: 111A at 15 %.
    sale({
      asset: "listed_equity_share",
      acquired: "2024-01-15",
      transferred: "2024-05-20",
      saleConsideration: 200_000,
      costOfAcquisition: 150_000,
      label: "ABC Ltd",
    }),
    // Bought 15 January 2023, sold 10 October 2024: long-term, 112A at 12.5 %; 5,00,000 − 1,000 − 2,00,000.
    sale({
      asset: "listed_equity_share",
      acquired: "2023-01-15",
      transferred: "2024-10-10",
      saleConsideration: 500_000,
      transferExpenses: 1_000,
      costOfAcquisition: 200_000,
    }),
    // The land above, sold 30 September 2024.
    sale({
      asset: "land_or_building",
      acquired: "2010-08-01",
      transferred: "2024-09-30",
      saleConsideration: 6_000_000,
      costOfAcquisition: 2_000_000,
      label: "Plot",
    }),
    // Gold held 30 months to 15 July 2024: short-term then (36 months), at the slab rates.
    sale({ asset: "other", acquired: "2022-01-10", transferred: "2024-07-15", saleConsideration: 800_000, costOfAcquisition: 500_000 }),
    // Unlisted shares held 30 months to 15 July 2024: long-term, 20 % with indexation (indexed gain worked above).
    sale({ asset: "unlisted_share", acquired: "2022-01-10", transferred: "2024-07-15", saleConsideration: 800_000, costOfAcquisition: 500_000 }),
    // A market linked debenture sold at a loss on 20 January 2025: short-term (s.50AA), a loss of 1,00,000.
    sale({
      asset: "market_linked_debenture",
      acquired: "2022-01-01",
      transferred: "2025-01-20",
      saleConsideration: 900_000,
      costOfAcquisition: 1_000_000,
    }),
  ];
  const byHand: CapitalGain[] = [
    {
      section: "111A",
      gain: 50_000,
      arose: "by_15_june",
      transferredBefore23July2024: true,
      indexedGain: null,
      landOrBuildingAcquiredBefore23July2024: false,
    },
    {
      section: "112A",
      gain: 299_000,
      arose: "by_15_december",
      transferredBefore23July2024: false,
      indexedGain: null,
      landOrBuildingAcquiredBefore23July2024: false,
    },
    {
      section: "112",
      gain: 4_000_000,
      arose: "by_15_december",
      transferredBefore23July2024: false,
      indexedGain: 1_652_694.61,
      landOrBuildingAcquiredBefore23July2024: true,
    },
    {
      section: "short_term_other",
      gain: 300_000,
      arose: "by_15_september",
      transferredBefore23July2024: true,
      indexedGain: null,
      landOrBuildingAcquiredBefore23July2024: false,
    },
    {
      section: "112",
      gain: 300_000,
      arose: "by_15_september",
      transferredBefore23July2024: true,
      indexedGain: 227_444.79,
      landOrBuildingAcquiredBefore23July2024: false,
    },
    {
      section: "short_term_other",
      gain: -100_000,
      arose: "by_15_march",
      transferredBefore23July2024: false,
      indexedGain: null,
      landOrBuildingAcquiredBefore23July2024: false,
    },
  ];
  // Dated payments so that interest under s.234C, which reads when each gain arose, is part of the comparison.
  const payments = { tdsTcs: 150_000, advanceTax: [{ date: "2024-12-10", amount: 300_000 }], selfAssessmentTax: [] };

  it("taxes the sales exactly as the same gains classified by hand, in both regimes, with interest, the form and the moves", () => {
    const base = salaryFor(1_500_000, "new", { capitalGains: [{ section: "112A", gain: 20_000 }] });
    const fromSales = computeTax({ ...base, taxesPaid: 450_000, taxPayments: payments, assetSales: sales }, "2024-25");
    const classifiedByHand = computeTax(
      { ...base, taxesPaid: 450_000, taxPayments: payments, capitalGains: [...base.capitalGains, ...byHand] },
      "2024-25",
    );
    expect(fromSales.regimes).toEqual(classifiedByHand.regimes);
    expect(fromSales.itr).toEqual(classifiedByHand.itr);
    expect(fromSales.savingMoves).toEqual(classifiedByHand.savingMoves);
    expect(fromSales.capitalLossesToCarryForward).toEqual(classifiedByHand.capitalLossesToCarryForward);
    expect(fromSales.notes).toEqual(classifiedByHand.notes);
    expect(fromSales.regimes.new.interest?.advanceTaxDeferment.interest).toBeGreaterThan(0);
  });

  it("explains each sale in order, apart from the regimes, and the result parses with its schema", () => {
    const result = ComputeResultSchema.parse(computeTax({ ...taxInput(), assetSales: sales }, "2024-25"));
    expect(result.assetSales?.map((entry) => [entry.label, entry.section, entry.termOfHolding, entry.gain])).toEqual([
      ["ABC Ltd", "111A", "short", 50_000],
      [undefined, "112A", "long", 299_000],
      ["Plot", "112", "long", 4_000_000],
      [undefined, "short_term_other", "short", 300_000],
      [undefined, "112", "long", 300_000],
      [undefined, "short_term_other", "short", -100_000],
    ]);
    expect(result.assetSales?.[1]).not.toHaveProperty("label");
    expect(result.assetSales?.[2]?.rule).toBe(
      "Land or building held 5174 days: long-term, more than 24 months (s.2(42A) as amended from 23 July 2024); s.112; gain: full value of consideration less transfer expenses, cost of acquisition and cost of improvement (s.48); indexed cost of acquisition ₹43,47,305.39: Cost Inflation Index 363 for 2024-25 over 167 for 2010-11 (s.48 Explanation), for a resident's land or building acquired before 23 July 2024, which pays the lower of 12.5 % on the gain and 20 % on the indexed gain (second proviso to s.112(1)(a)).",
    );
    expect(result.assetSales?.[3]?.rule).toContain("not more than 36 months (s.2(42A) as it stood before 23 July 2024)");
    expect(result.assetSales?.[4]?.rule).toContain("more than 24 months (third proviso to s.2(42A) as it stood before 23 July 2024)");
    expect(result.assetSales?.[5]?.rule).toContain("short-term whatever the holding (s.50AA(a))");
    expect(result.capitalLossesToCarryForward).toBeDefined();
    expect(computeTax(taxInput(), "2024-25")).not.toHaveProperty("assetSales");
  });

  it("shows a sale's exemption in its own result, not in capitalGainExemptions, which keeps to profile.capitalGains", () => {
    // s.54EC on the land: 10,00,000 put into bonds exempts 10,00,000 of the 40,00,000 gain and as much of the
    // 16,52,694.61 indexed gain (up to what was invested).
    const land = sale({
      asset: "land_or_building",
      acquired: "2010-08-01",
      transferred: "2024-09-30",
      saleConsideration: 6_000_000,
      costOfAcquisition: 2_000_000,
      exemption: { section: "54EC", invested: 1_000_000, netConsideration: null },
    });
    const result = computeTax({ ...taxInput(), assetSales: [land] }, "2024-25");
    expect(result.assetSales?.[0]?.exemption).toEqual({ section: "54EC", exemptGain: 1_000_000, exemptIndexedGain: 1_000_000 });
    expect(result).not.toHaveProperty("capitalGainExemptions");
    const withGain = computeTax(
      {
        ...taxInput({ capitalGains: [{ section: "112", gain: 500_000, exemption: { section: "54EC", invested: 100_000, netConsideration: null } }] }),
        assetSales: [land],
      },
      "2024-25",
    );
    expect(withGain.capitalGainExemptions).toEqual([{ index: 0, section: "54EC", exemptGain: 100_000, exemptIndexedGain: null }]);
  });
});

describe("a business trust's units (REITs, InvITs) sold on the exchange with securities transaction tax", () => {
  const units = (acquired: string, transferred: string, parts: Partial<AssetSale> = {}) =>
    sale({ asset: "business_trust_unit", acquired, transferred, saleConsideration: 130_000, costOfAcquisition: 100_000, ...parts });

  it("holds them to 36 months before 23 July 2024 and to 12 from it, under ss.111A and 112A", () => {
    // 10 January 2022 to 15 July 2024 is 30 months: not more than 36, so short-term, s.111A.
    const thirty = classified(units("2022-01-10", "2024-07-15"));
    expect(thirty.result).toMatchObject({ termOfHolding: "short", longTermAfterMonths: 36, section: "111A", gain: 30_000 });
    expect(thirty.result.rule).toContain(
      "not more than 36 months (s.2(42A) as it stood before 23 July 2024, its first proviso being for a security other than a unit); sold with securities transaction tax: s.111A",
    );
    // Exactly 36 months, 15 June 2021 to 15 June 2024, is still short-term; a day more is long-term, s.112A.
    expect(classified(units("2021-06-15", "2024-06-15")).entry.section).toBe("111A");
    expect(classified(units("2021-06-15", "2024-06-16")).entry.section).toBe("112A");
    // 1 June 2023 to 1 August 2024 is 14 months: long-term from 23 July 2024, when 12 months suffice.
    expect(classified(units("2023-06-01", "2024-08-01")).result).toMatchObject({
      termOfHolding: "long",
      longTermAfterMonths: 12,
      section: "112A",
      transferredBefore23July2024: false,
      indexedGain: null,
    });
  });

  it("taxes units sold before 23 July 2024 after 30 months at 15 % under s.111A, as the same gain classified by hand", () => {
    // Old regime, taxable salary 10,00,000 (1,12,500); 15 % × 30,000 = 4,500; TI 10,30,000; 1,17,000 + cess 4,680 = 1,21,680.
    const base = salaryFor(1_000_000, "old");
    const byHand: CapitalGain = {
      section: "111A",
      arose: "by_15_september",
      gain: 30_000,
      transferredBefore23July2024: true,
      indexedGain: null,
      landOrBuildingAcquiredBefore23July2024: false,
    };
    const fromSales = computeTax({ ...base, assetSales: [units("2022-01-10", "2024-07-15")] }, "2024-25");
    expect(fromSales.regimes).toEqual(computeTax({ ...base, capitalGains: [byHand] }, "2024-25").regimes);
    expect(fromSales.regimes.old).toMatchObject({ taxableIncome: 1_030_000, specialRateTax: 4_500, totalTax: 121_680 });
  });

  it("taxes a REIT's units held 13 months to June 2025 under s.112A above ₹1,25,000", () => {
    // 2,000 units bought 2 May 2024 for 6,00,000, sold 10 June 2025 for 8,46,000 with 1,000 of brokerage: 365 days to
    // 2 May 2025, then 29 + 10 = 404 days; gain 2,45,000. New regime FY 2025-26, taxable salary 15,00,000: 20,000 +
    // 40,000 + 15 % of 3,00,000 = 1,05,000; s.112A (2,45,000 − 1,25,000) × 12.5 % = 15,000; 1,20,000 + cess 4,800 = 1,24,800.
    const reit = units("2024-05-02", "2025-06-10", { saleConsideration: 846_000, transferExpenses: 1_000, costOfAcquisition: 600_000 });
    const result = computeTax({ ...salaryFor(1_500_000, "new"), assetSales: [reit] }, "2025-26");
    expect(result.assetSales?.[0]).toMatchObject({ termOfHolding: "long", holdingDays: 404, section: "112A", gain: 245_000 });
    expect(result.regimes.new).toMatchObject({ taxableIncome: 1_745_000, slabTax: 105_000, specialRateTax: 15_000, totalTax: 124_800 });
    expect(result.regimes.new.specialRateIncome.find((line) => line.section === "112A")).toMatchObject({
      income: 245_000,
      exemptAmount: 125_000,
      tax: 15_000,
    });
  });

  it("grandfathers units bought before 1 February 2018 at their 31 January 2018 price (s.55(2)(ac))", () => {
    // max(1,00,000, min(1,10,000, 1,50,000)) = 1,10,000; gain 1,50,000 − 1,10,000 = 40,000.
    const outcome = classified(
      units("2017-07-01", "2025-05-20", { saleConsideration: 150_000, costOfAcquisition: 100_000, fairMarketValueOn31January2018: 110_000 }),
    );
    expect(outcome.result).toMatchObject({ section: "112A", costOfAcquisition: 110_000, gain: 40_000 });
    expect(outcome.result.rule).toContain("(s.55(2)(ac))");
  });
});
