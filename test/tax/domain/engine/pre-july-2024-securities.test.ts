// The 10 % limbs of s.112(1) for long-term gains transferred before 23 July 2024 (FY 2024-25). Every figure is worked
// by hand in `work` from the cited text; none is engine output. Source: s.112 of the Income-tax Act, 1961 as published
// on incometaxindia.gov.in (2025 edition; repo namish800/tax-act-scraper, output/markdown/sections/section_112.md),
// which carries the Finance (No. 2) Act 2024's substitution of clauses (a) to (d) and keeps the 10 % limbs for
// transfers before 23 July 2024:
// - proviso to s.112(1): "where the tax payable in respect of any income arising from the transfer of a long-term
//   capital asset which takes place before the 23rd day of July, 2024, being listed securities (other than a unit) or
//   zero coupon bond, exceeds ten per cent of the amount of capital gains before giving effect to the provisions of
//   the second proviso to section 48, then, such excess shall be ignored";
// - s.112(1)(c)(iii): a non-resident (not a company), "long-term capital gains arising from the transfer of a capital
//   asset, being unlisted securities or shares of a company not being a company in which the public are
//   substantially interested, as computed without giving effect to the first and second provisos to section 48",
//   "at the rate of ten per cent for any transfer which takes place before the 23rd day of July, 2024";
// - s.112(1)(a)(ii) first proviso: a resident's unexhausted basic exemption reduces the long-term gains first.
//   [U] Whether the proviso's 10 % is on the gain before or after that reduction the Act does not say; both taxes are
//   worked after it, as for the land's lower of two taxes (second proviso to s.112(1)(a)), and likewise after a loss
//   set off against the gain (s.70(3)).
// - s.48 fourth proviso: no indexation for a bond or debenture other than capital indexed bonds and sovereign gold bonds.
// - s.2(42A) first proviso (output/markdown/sections/section_2.md): "in the case of a security [***] listed in a
//   recognized stock exchange in India or a unit of the Unit Trust of India ... or a unit of an equity oriented fund or
//   a zero coupon bond", 12 months for the Act's 36; its footnotes give the words the Finance (No. 2) Act 2024 took out
//   from 23 July 2024, "(other than a unit)", and the "thirty-six" it replaced: a zero coupon bond, listed or not, was
//   long-term after 12 months before that day. s.2(48): a zero coupon bond is one issued on or after 1 June 2005.
//   s.50AA(b) (section_50aa.md): notwithstanding s.2(42A), an unlisted bond transferred, redeemed or maturing on or
//   after 23 July 2024 is short-term.
// Slab arithmetic: old regime below 60, tax at 10L 1,12,500; new regime FY 2024-25, tax at 15L 1,40,000.
import { describe, expect, it } from "vitest";
import {
  type AssetSale,
  type CapitalGain,
  classifyAssetSale,
  computeTax,
  type FinancialYear,
  type Regime,
  type RegimeResult,
  type ResidentialStatus,
  type TaxInput,
} from "../../../../src/tax/domain/engine";
import { salaryFor, taxInput } from "./input";

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

interface WorkedCase {
  name: string;
  work: string;
  /** FY 2024-25 unless said. */
  year?: FinancialYear;
  regime: Regime;
  input: TaxInput;
  expected: DeepPartial<Omit<RegimeResult, "deductions" | "slabs" | "specialRateIncome">>;
  /** Special-rate lines with income, in the engine's bucket order. */
  special: Array<Record<string, unknown>>;
}

const OLD = "old" as const;
const NEW = "new" as const;
const FY24: FinancialYear = "2024-25";
const BEFORE = { section: "112", transferredBefore23July2024: true } as const;

const cases: WorkedCase[] = [
  {
    name: "a resident's sovereign gold bond, indexed: 10 % on the gain without indexation is lower",
    work: "20% × indexed 3,00,000 = 60,000 > 10% × gain 4,00,000 = 40,000 → 40,000, 20,000 ignored; TI 10L + 3L (the indexed gain) = 13L; 1,12,500 + 40,000 = 1,52,500 + cess 6,100 = 1,58,600",
    regime: OLD,
    input: salaryFor(1_000_000, OLD, { capitalGains: [{ ...BEFORE, gain: 400_000, indexedGain: 300_000, security: "listed_other_than_unit" }] }),
    expected: { taxableIncome: 1_300_000, specialRateTax: 40_000, totalTax: 158_600 },
    special: [{ section: "112", ratePercent: 20, income: 300_000, taxableAmount: 300_000, indexationRelief: 20_000, tax: 40_000 }],
  },
  {
    name: "a resident's listed preference shares, indexed: 20 % with indexation is lower, nothing ignored",
    work: "20% × indexed 1,50,000 = 30,000 < 10% × 4,00,000 = 40,000 → 30,000; TI 11.5L; 1,12,500 + 30,000 = 1,42,500 + cess 5,700 = 1,48,200",
    regime: OLD,
    input: salaryFor(1_000_000, OLD, { capitalGains: [{ ...BEFORE, gain: 400_000, indexedGain: 150_000, security: "listed_other_than_unit" }] }),
    expected: { taxableIncome: 1_150_000, specialRateTax: 30_000, totalTax: 148_200 },
    special: [{ section: "112", ratePercent: 20, income: 150_000, indexationRelief: 0, tax: 30_000 }],
  },
  {
    name: "a zero coupon bond, not indexed (fourth proviso to s.48): 10 % of the gain",
    work: "no indexation, so the gain 2,00,000 is both: 20% = 40,000, 10% = 20,000 → 20,000; new regime 15L 1,40,000 + 20,000 = 1,60,000 + cess 6,400 = 1,66,400",
    regime: NEW,
    input: salaryFor(1_500_000, NEW, { capitalGains: [{ ...BEFORE, gain: 200_000, security: "zero_coupon_bond" }] }),
    expected: { taxableIncome: 1_700_000, specialRateTax: 20_000, totalTax: 166_400 },
    special: [{ section: "112", ratePercent: 20, income: 200_000, indexationRelief: 20_000, tax: 20_000 }],
  },
  {
    name: "the same bond without security: 20 % as before",
    work: "20% × 2,00,000 = 40,000; 1,40,000 + 40,000 = 1,80,000 + cess 7,200 = 1,87,200",
    regime: NEW,
    input: salaryFor(1_500_000, NEW, { capitalGains: [{ ...BEFORE, gain: 200_000 }] }),
    expected: { specialRateTax: 40_000, totalTax: 187_200 },
    special: [{ section: "112", ratePercent: 20, income: 200_000, indexationRelief: 0, tax: 40_000 }],
  },
  {
    name: "the same listed bond sold on 23 July 2024 or later: 12.5 % without indexation, the security changing nothing",
    work: "s.112(1)(a)(ii)(B): 12.5% × 2,00,000 = 25,000; 1,40,000 + 25,000 = 1,65,000 + cess 6,600 = 1,71,600",
    regime: NEW,
    input: salaryFor(1_500_000, NEW, { capitalGains: [{ section: "112", gain: 200_000, security: "listed_other_than_unit" }] }),
    expected: { specialRateTax: 25_000, totalTax: 171_600 },
    special: [{ section: "112", ratePercent: 12.5, income: 200_000, indexationRelief: 0, tax: 25_000 }],
  },
  {
    name: "a non-resident's listed bond: the proviso is for every assessee",
    work: "s.112(1)(c)(ii) 20% × 2,00,000 = 40,000, capped at 10% = 20,000; old regime 10L 1,12,500 + 20,000 = 1,32,500 + cess 5,300 = 1,37,800",
    regime: OLD,
    input: salaryFor(1_000_000, OLD, {
      residentialStatus: "non_resident",
      capitalGains: [{ ...BEFORE, gain: 200_000, security: "listed_other_than_unit" }],
    }),
    expected: { specialRateTax: 20_000, totalTax: 137_800 },
    special: [{ section: "112", ratePercent: 20, income: 200_000, indexationRelief: 20_000, tax: 20_000 }],
  },
  {
    name: "a non-resident's unlisted shares: 10 % on the gain without indexation, which is in total income",
    work: "s.112(1)(c)(iii): 10% × 5,00,000 = 50,000 (the indexed gain 3,00,000 unused); TI 10L + 5L = 15L; 1,12,500 + 50,000 = 1,62,500 + cess 6,500 = 1,69,000",
    regime: OLD,
    input: salaryFor(1_000_000, OLD, {
      residentialStatus: "non_resident",
      capitalGains: [{ ...BEFORE, gain: 500_000, indexedGain: 300_000, security: "unlisted" }],
    }),
    expected: { taxableIncome: 1_500_000, specialRateTax: 50_000, totalTax: 169_000 },
    special: [{ section: "112", ratePercent: 10, income: 500_000, taxableAmount: 500_000, tax: 50_000 }],
  },
  {
    name: "a non-resident's unlisted shares pay 10 % without indexation even where 20 % with it would be less",
    work: "clause (c)(ii) excludes clause (c)(iii) assets: 10% × 5,00,000 = 50,000, not 20% × 2,00,000 = 40,000; 1,62,500 + cess 6,500 = 1,69,000",
    regime: OLD,
    input: salaryFor(1_000_000, OLD, {
      residentialStatus: "non_resident",
      capitalGains: [{ ...BEFORE, gain: 500_000, indexedGain: 200_000, security: "unlisted" }],
    }),
    expected: { specialRateTax: 50_000, totalTax: 169_000 },
    special: [{ section: "112", ratePercent: 10, income: 500_000, tax: 50_000 }],
  },
  {
    name: "a resident's unlisted shares: 20 % with indexation, clause (c)(iii) being a non-resident's",
    work: "s.112(1)(a)(ii)(A): 20% × 3,00,000 = 60,000; 1,12,500 + 60,000 = 1,72,500 + cess 6,900 = 1,79,400",
    regime: OLD,
    input: salaryFor(1_000_000, OLD, { capitalGains: [{ ...BEFORE, gain: 500_000, indexedGain: 300_000, security: "unlisted" }] }),
    expected: { taxableIncome: 1_300_000, specialRateTax: 60_000, totalTax: 179_400 },
    special: [{ section: "112", ratePercent: 20, income: 300_000, tax: 60_000 }],
  },
  {
    name: "a resident with no other income: both taxes on the gain less the unexhausted basic exemption",
    work: "old regime, shortfall 2,50,000; listed bond 6,00,000 (no indexation): 20% × 3,50,000 = 70,000, 10% × 3,50,000 = 35,000 → 35,000; TI 6L > 5L, no s.87A rebate; + cess 1,400 = 36,400",
    regime: OLD,
    input: taxInput({ capitalGains: [{ ...BEFORE, gain: 600_000, security: "listed_other_than_unit" }] }),
    expected: { taxableIncome: 600_000, specialRateTax: 35_000, rebate87A: 0, totalTax: 36_400 },
    special: [{ section: "112", income: 600_000, basicExemptionAdjusted: 250_000, taxableAmount: 350_000, indexationRelief: 35_000, tax: 35_000 }],
  },
  {
    name: "the exemption goes first against gains taxed at 15 %, then against the bond at 10 %",
    work: "shortfall 2,50,000; s.111A before 23 July 1,00,000 at 15 %, listed bond 5,00,000 at 10 %: 1,00,000 to s.111A (15 % a rupee) → nil, 1,50,000 to the bond (10 %) → 10% × 3,50,000 = 35,000; the other way round 15,000 + 25,000 = 40,000; TI 6L; + cess 1,400 = 36,400",
    regime: OLD,
    input: taxInput({
      capitalGains: [
        { section: "111A", gain: 100_000, transferredBefore23July2024: true },
        { ...BEFORE, gain: 500_000, security: "listed_other_than_unit" },
      ],
    }),
    expected: { taxableIncome: 600_000, specialRateTax: 35_000, totalTax: 36_400 },
    special: [
      {
        section: "112",
        ratePercent: 20,
        income: 500_000,
        basicExemptionAdjusted: 150_000,
        taxableAmount: 350_000,
        indexationRelief: 35_000,
        tax: 35_000,
      },
      { section: "111A", ratePercent: 15, income: 100_000, basicExemptionAdjusted: 100_000, tax: 0 },
    ],
  },
  {
    name: "a long-term loss set off against the bond lowers both taxes",
    work: "bond 10,00,000, a s.112 loss 4,00,000 (before 23 July, indexed the same) → 6,00,000 in total income; 20% × 6L = 1,20,000, 10% × (10L − 4L) = 60,000 → 60,000; TI 16L; 1,12,500 + 60,000 = 1,72,500 + cess 6,900 = 1,79,400",
    regime: OLD,
    input: salaryFor(1_000_000, OLD, {
      capitalGains: [
        { ...BEFORE, gain: 1_000_000, security: "listed_other_than_unit" },
        { ...BEFORE, gain: -400_000, indexedGain: -400_000 },
      ],
    }),
    expected: { taxableIncome: 1_600_000, specialRateTax: 60_000, totalTax: 179_400 },
    special: [{ section: "112", income: 600_000, indexationRelief: 60_000, tax: 60_000 }],
  },
  {
    name: "a loss goes against the gain at 20 % before the bond capped at 10 %",
    work: "unlisted shares indexed 3,00,000 (20 %), bond 10,00,000 (10 %), loss 4,00,000: 3,00,000 against the shares (20 % a rupee), 1,00,000 against the bond → 10% × 9L = 90,000; the loss all on the bond would leave 60,000 + 60,000 = 1,20,000; TI 10L + 9L = 19L; 1,12,500 + 90,000 = 2,02,500 + cess 8,100 = 2,10,600",
    regime: OLD,
    input: salaryFor(1_000_000, OLD, {
      capitalGains: [
        { ...BEFORE, gain: 500_000, indexedGain: 300_000, security: "unlisted" },
        { ...BEFORE, gain: 1_000_000, security: "listed_other_than_unit" },
        { ...BEFORE, gain: -400_000, indexedGain: -400_000 },
      ],
    }),
    expected: { taxableIncome: 1_900_000, specialRateTax: 90_000, totalTax: 210_600 },
    special: [{ section: "112", income: 900_000, indexationRelief: 90_000, tax: 90_000 }],
  },
  {
    name: "a resident's land sold from 23 July 2024: a loss set off against it lowers both of its taxes too",
    work: "land 10,00,000, indexed 5,00,000; a s.112 loss 4,00,000 set against it (20 % on its indexed gain being the lower, a rupee of loss there saves 20 %): 12.5% × 6L = 75,000, 20% × 1L = 20,000 → 20,000, 55,000 ignored; new regime FY 2025-26 20L 2,00,000 + 20,000 = 2,20,000 + cess 8,800 = 2,28,800",
    year: "2025-26",
    regime: NEW,
    input: salaryFor(2_000_000, NEW, {
      capitalGains: [
        { section: "112", gain: 1_000_000, indexedGain: 500_000, landOrBuildingAcquiredBefore23July2024: true },
        { section: "112", gain: -400_000 },
      ],
    }),
    expected: { taxableIncome: 2_600_000, specialRateTax: 20_000, totalTax: 228_800 },
    special: [{ section: "112", ratePercent: 12.5, income: 600_000, indexationRelief: 55_000, tax: 20_000 }],
  },
];

describe("the 10 % limbs of s.112(1) for transfers before 23 July 2024", () => {
  it.each(cases)("$regime: $name", ({ input, year, regime, expected, special }) => {
    const result = computeTax(input, year ?? FY24).regimes[regime];
    expect(result).toMatchObject(expected);
    expect(result.specialRateIncome.filter((line) => line.income > 0)).toMatchObject(special);
  });

  it("ignores the security in other years, where every s.112 gain is taxed at 12.5 % without indexation", () => {
    // FY 2025-26: transferredBefore23July2024 cannot apply; 12.5% × 2,00,000 = 25,000.
    const input = salaryFor(1_600_000, NEW, { capitalGains: [{ ...BEFORE, gain: 200_000, security: "listed_other_than_unit" }] });
    expect(computeTax(input, "2025-26").regimes.new.specialRateTax).toBe(25_000);
  });
});

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

describe("asset sales before 23 July 2024 under the 10 % limbs", () => {
  // A zero coupon bond bought 10 May 2019 for 6,00,000, sold 10 May 2024 for 8,50,000 with 1,000 of brokerage: listed,
  // so long-term after 12 months (first proviso to s.2(42A)); 10 May 2019 to 10 May 2024 is 5 × 365 + 2 (29 February
  // 2020 and 2024) = 1,827 days. Gain 8,50,000 − 1,000 − 6,00,000 = 2,49,000, never indexed (fourth proviso to s.48).
  const bond = sale({
    asset: "listed_bond_or_debenture",
    acquired: "2019-05-10",
    transferred: "2024-05-10",
    saleConsideration: 850_000,
    transferExpenses: 1_000,
    costOfAcquisition: 600_000,
  });
  // 100 sovereign gold bonds bought 5 August 2016 (2016-17, index 264) at 3,120, sold on the exchange 10 July 2024
  // (2024-25, index 363) at 7,200: gain 7,20,000 − 3,12,000 = 4,08,000; indexed cost 3,12,000 × 363 / 264 = 4,29,000,
  // indexed gain 2,91,000 (a sovereign gold bond keeps indexation, fourth proviso to s.48).
  const goldBonds = sale({
    asset: "listed_security_other",
    acquired: "2016-08-05",
    transferred: "2024-07-10",
    saleConsideration: 720_000,
    costOfAcquisition: 312_000,
  });
  // Unlisted shares bought 1 April 2019 for 5,00,000, sold 1 June 2024 for 15,00,000: long-term after 24 months (third
  // proviso to s.2(42A) as it stood); 5 × 365 + 2 + 30 + 31 = 1,888 days; gain 10,00,000.
  const shares = sale({
    asset: "unlisted_share",
    acquired: "2019-04-01",
    transferred: "2024-06-01",
    saleConsideration: 1_500_000,
    costOfAcquisition: 500_000,
  });
  const byHand: CapitalGain[] = [
    {
      section: "112",
      arose: "by_15_june",
      gain: 249_000,
      transferredBefore23July2024: true,
      indexedGain: null,
      landOrBuildingAcquiredBefore23July2024: false,
      security: "listed_other_than_unit",
    },
    {
      section: "112",
      arose: "by_15_september",
      gain: 408_000,
      transferredBefore23July2024: true,
      indexedGain: 291_000,
      landOrBuildingAcquiredBefore23July2024: false,
      security: "listed_other_than_unit",
    },
  ];

  it("classifies a listed bond and gold bonds under the proviso to s.112(1), and explains it", () => {
    const fromBond = classified(bond);
    expect(fromBond.entry).toEqual(byHand[0]);
    expect(fromBond.result).toMatchObject({ termOfHolding: "long", holdingDays: 1827, longTermAfterMonths: 12, gain: 249_000, indexedGain: null });
    expect(fromBond.result.rule).toBe(
      "Listed bond or debenture held 1827 days: long-term, more than 12 months (first proviso to s.2(42A)); s.112; gain: full value of consideration less transfer expenses, cost of acquisition and cost of improvement (s.48); no indexation for a bond or debenture (fourth proviso to s.48); tax not more than 10 % of the gain without indexation, for a listed security other than a unit (proviso to s.112(1)).",
    );
    const fromGold = classified(goldBonds);
    expect(fromGold.entry).toEqual(byHand[1]);
    expect(fromGold.result).toMatchObject({ indexedCostOfAcquisition: 429_000, gain: 408_000, indexedGain: 291_000 });
  });

  it("taxes them as the same gains classified by hand, and as worked by hand", () => {
    // Bucket at 20 %: 2,49,000 + 2,91,000 = 5,40,000. The bond: 20% × 2,49,000 = 49,800 against 10% = 24,900 → 24,900;
    // the gold bonds: 58,200 against 40,800 → 40,800; tax 65,700 (42,300 ignored). TI 10L + 5.4L = 15.4L; 1,12,500 +
    // 65,700 = 1,78,200 + cess 7,128 = 1,85,328, 1,85,330 after s.288B.
    const base = salaryFor(1_000_000, OLD);
    const fromSales = computeTax({ ...base, assetSales: [bond, goldBonds] }, FY24);
    const classifiedByHand = computeTax({ ...base, capitalGains: byHand }, FY24);
    expect(fromSales.regimes).toEqual(classifiedByHand.regimes);
    expect(fromSales.regimes.old).toMatchObject({ taxableIncome: 1_540_000, specialRateTax: 65_700, totalTax: 185_330 });
    expect(fromSales.regimes.old.specialRateIncome.find((line) => line.income > 0)).toMatchObject({
      section: "112",
      income: 540_000,
      indexationRelief: 42_300,
      tax: 65_700,
    });
  });

  it("taxes a non-resident's unlisted shares at 10 % on the gain without indexation", () => {
    const outcome = classified(shares, "non_resident");
    const entry: CapitalGain = {
      section: "112",
      arose: "by_15_june",
      gain: 1_000_000,
      transferredBefore23July2024: true,
      indexedGain: null,
      landOrBuildingAcquiredBefore23July2024: false,
      security: "unlisted",
    };
    expect(outcome.entry).toEqual(entry);
    expect(outcome.result.rule).toBe(
      "Share not listed in India held 1888 days: long-term, more than 24 months (third proviso to s.2(42A) as it stood before 23 July 2024); s.112; gain: full value of consideration less transfer expenses, cost of acquisition and cost of improvement (s.48); a non-resident's unlisted security: 10 % on the gain computed without indexation (s.112(1)(c)(iii)).",
    );
    // 10% × 10,00,000 = 1,00,000; TI 20L; 1,12,500 + 1,00,000 = 2,12,500 + cess 8,500 = 2,21,000.
    const base = salaryFor(1_000_000, OLD, { residentialStatus: "non_resident" });
    const fromSales = computeTax({ ...base, assetSales: [shares] }, FY24);
    expect(fromSales.regimes).toEqual(computeTax({ ...base, capitalGains: [entry] }, FY24).regimes);
    expect(fromSales.regimes.old).toMatchObject({ taxableIncome: 2_000_000, specialRateTax: 100_000, totalTax: 221_000 });
  });

  it("keeps a resident's unlisted shares at 20 % with indexation", () => {
    // Indexed cost 5,00,000 × 363 / 289 (2019-20) = 6,28,027.68 (to the paisa, half up); indexed gain 8,71,972.32.
    const outcome = classified(shares);
    expect(outcome.entry).toMatchObject({ indexedGain: 871_972.32, security: "unlisted" });
    expect(outcome.result.rule).not.toContain("s.112(1)(c)(iii)");
    // 20% × 8,71,972 (s.288A rounding leaves whole rupees) = 1,74,394.40 → 1,74,394.
    expect(computeTax({ ...salaryFor(1_000_000, OLD), assetSales: [shares] }, FY24).regimes.old.specialRateTax).toBe(174_394);
  });

  it("holds a listed fund's unit to 36 months before 23 July 2024, with indexation and no 10 % limit, and to 12 months after", () => {
    // s.2(42A) before 23 July 2024: its first proviso's 12 months were for "a security (other than a unit)"; a gold
    // exchange-traded fund's unit needed more than 36 months. 10 January 2022 to 15 July 2024 is 30 months.
    const thirty = classified(
      sale({ asset: "listed_fund_unit_other", acquired: "2022-01-10", transferred: "2024-07-15", saleConsideration: 2, costOfAcquisition: 1 }),
    );
    expect(thirty.result).toMatchObject({ termOfHolding: "short", longTermAfterMonths: 36, section: "short_term_other" });
    expect(thirty.result.rule).toContain(
      "not more than 36 months (s.2(42A) as it stood before 23 July 2024, its first proviso being for a security other than a unit)",
    );
    // 10 January 2020 to 15 July 2024, 54 months: long-term, indexed (2019-20, 289, to 363), not capped (a unit).
    const fiftyFour = classified(
      sale({
        asset: "listed_fund_unit_other",
        acquired: "2020-01-10",
        transferred: "2024-07-15",
        saleConsideration: 500_000,
        costOfAcquisition: 289_000,
      }),
    );
    // Indexed cost 2,89,000 × 363 / 289 = 3,63,000; indexed gain 1,37,000.
    expect(fiftyFour.entry).toEqual({
      section: "112",
      arose: "by_15_september",
      gain: 211_000,
      transferredBefore23July2024: true,
      indexedGain: 137_000,
      landOrBuildingAcquiredBefore23July2024: false,
    });
    // From 23 July 2024 "(other than a unit)" is omitted: 12 months. 1 June 2023 to 1 August 2024 is 14 months.
    const after = classified(
      sale({ asset: "listed_fund_unit_other", acquired: "2023-06-01", transferred: "2024-08-01", saleConsideration: 2, costOfAcquisition: 1 }),
    );
    expect(after.result).toMatchObject({ termOfHolding: "long", longTermAfterMonths: 12, section: "112", transferredBefore23July2024: false });
  });
});

describe("an unlisted zero coupon bond: 12 months and 10 % before 23 July 2024, s.50AA(b) from that day", () => {
  // Bought 15 March 2023 for 8,00,000, redeemed 20 June 2024 for 10,00,000 (a redemption is a transfer, s.2(47)(iva)).
  // 12 months end on 15 March 2024, so 20 June 2024 is past them: long-term. 15 March 2023 to 15 March 2024 is 366
  // days (29 February 2024 between), then 16 + 30 + 31 + 20 = 97: 463 days. Gain 2,00,000, never indexed (a bond).
  const bond = sale({
    asset: "unlisted_zero_coupon_bond",
    acquired: "2023-03-15",
    transferred: "2024-06-20",
    saleConsideration: 1_000_000,
    costOfAcquisition: 800_000,
  });
  const byHand: CapitalGain = {
    section: "112",
    arose: "by_15_september",
    gain: 200_000,
    transferredBefore23July2024: true,
    indexedGain: null,
    landOrBuildingAcquiredBefore23July2024: false,
    security: "zero_coupon_bond",
  };

  it("is long-term after 12 months, where another unlisted bond needed 36, and is capped at 10 % (proviso to s.112(1))", () => {
    const outcome = classified(bond);
    expect(outcome.entry).toEqual(byHand);
    expect(outcome.result).toMatchObject({ termOfHolding: "long", holdingDays: 463, longTermAfterMonths: 12, indexedCostOfAcquisition: null });
    expect(outcome.result.rule).toBe(
      "Unlisted zero coupon bond held 463 days: long-term, more than 12 months (first proviso to s.2(42A), which names a zero coupon bond, listed or not); s.112; gain: full value of consideration less transfer expenses, cost of acquisition and cost of improvement (s.48); no indexation for a bond or debenture (fourth proviso to s.48); tax not more than 10 % of the gain without indexation, for a zero coupon bond (proviso to s.112(1)).",
    );
    // The same 15 months on an unlisted bond that is not a zero coupon bond are short-term: s.2(42A) said 36.
    expect(classified({ ...bond, asset: "unlisted_bond_or_debenture" }).result).toMatchObject({ termOfHolding: "short", longTermAfterMonths: 36 });
    // "Not more than twelve months": 20 June 2023 to 20 June 2024 is short-term, a day more long-term.
    const heldFrom20June2023 = (transferred: string) => classified({ ...bond, acquired: "2023-06-20", transferred }).entry.section;
    expect(heldFrom20June2023("2024-06-20")).toBe("short_term_other");
    expect(heldFrom20June2023("2024-06-21")).toBe("112");
  });

  it("taxes it at 10 % of the gain, for a resident as the same gain classified by hand", () => {
    // Old regime, taxable salary 10,00,000 (1,12,500). 20 % × 2,00,000 = 40,000 against 10 % = 20,000 → 20,000,
    // 20,000 ignored; TI 12,00,000; 1,12,500 + 20,000 = 1,32,500 + cess 5,300 = 1,37,800.
    const base = salaryFor(1_000_000, OLD);
    const fromSales = computeTax({ ...base, assetSales: [bond] }, FY24);
    expect(fromSales.regimes).toEqual(computeTax({ ...base, capitalGains: [byHand] }, FY24).regimes);
    expect(fromSales.regimes.old).toMatchObject({ taxableIncome: 1_200_000, specialRateTax: 20_000, totalTax: 137_800 });
    expect(fromSales.regimes.old.specialRateIncome.find((line) => line.income > 0)).toMatchObject({
      section: "112",
      ratePercent: 20,
      income: 200_000,
      indexationRelief: 20_000,
      tax: 20_000,
    });
  });

  it("sets a resident's unused basic exemption against the gain before the 10 %", () => {
    // Old regime, no other income: bought 4,00,000, redeemed 10,00,000, gain 6,00,000; 2,50,000 of exemption leaves
    // 3,50,000 (first proviso to s.112(1)(a)); 20 % = 70,000 against 10 % = 35,000 → 35,000 + cess 1,400 = 36,400
    // (total income 6,00,000: no s.87A rebate).
    const result = computeTax({ ...taxInput(), assetSales: [{ ...bond, costOfAcquisition: 400_000 }] }, FY24);
    expect(result.regimes.old).toMatchObject({ taxableIncome: 600_000, specialRateTax: 35_000, totalTax: 36_400 });
  });

  it("taxes a non-resident's under s.112(1)(c)(iii), an unlisted security: 10 % on a line of its own", () => {
    // 10 % × 2,00,000 = 20,000; TI 12,00,000; 1,12,500 + 20,000 = 1,32,500 + cess 5,300 = 1,37,800.
    const outcome = classified(bond, "non_resident");
    expect(outcome.entry).toEqual({ ...byHand, security: "unlisted" });
    expect(outcome.result.rule).toContain("a non-resident's unlisted security: 10 % on the gain computed without indexation (s.112(1)(c)(iii))");
    const result = computeTax({ ...salaryFor(1_000_000, OLD, { residentialStatus: "non_resident" }), assetSales: [bond] }, FY24);
    expect(result.regimes.old).toMatchObject({ taxableIncome: 1_200_000, specialRateTax: 20_000, totalTax: 137_800 });
    expect(result.regimes.old.specialRateIncome.filter((line) => line.income > 0)).toMatchObject([
      { section: "112", ratePercent: 10, income: 200_000, tax: 20_000 },
    ]);
  });

  it("is short-term whatever the holding when redeemed from 23 July 2024 (s.50AA(b))", () => {
    // Held five years to 20 August 2024: s.50AA(b) applies notwithstanding s.2(42A). Gain 2,00,000 at the slab rates.
    const outcome = classified({ ...bond, acquired: "2019-08-01", transferred: "2024-08-20" });
    expect(outcome.entry).toEqual({
      section: "short_term_other",
      arose: "by_15_september",
      gain: 200_000,
      transferredBefore23July2024: false,
      indexedGain: null,
      landOrBuildingAcquiredBefore23July2024: false,
    });
    expect(outcome.result).toMatchObject({ termOfHolding: "short", longTermAfterMonths: null });
    expect(outcome.result.rule).toContain("short-term whatever the holding (s.50AA(b), transfers from 23 July 2024)");
  });

  it("refuses one acquired before 1 June 2005, when no bond was a zero coupon bond (s.2(48))", () => {
    const outcome = classifyAssetSale({ ...bond, acquired: "2005-05-31" }, "resident");
    expect(outcome.ok ? null : outcome.problem).toEqual({
      path: ["acquired"],
      message: "a zero coupon bond is one issued on or after 1 June 2005 (s.2(48)): give an earlier bond as unlisted_bond_or_debenture",
    });
    expect(classifyAssetSale({ ...bond, acquired: "2005-06-01" }, "resident").ok).toBe(true);
  });
});
