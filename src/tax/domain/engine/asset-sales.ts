// Capital gains worked out from the sales themselves: each sale's term of holding (s.2(42A)), its section (ss.111A,
// 112A, 112, or the slab rates), its gain (s.48 with ss.50AA, 50C, 55(2)(ac) and 55(2)(b)) and, where the engine
// taxes one, its indexed gain (s.48 Explanation). Each becomes a capital-gains entry that the rest of the engine
// takes as it takes one the caller classified. Rupees in; paise inside; rupees (paise kept) out.
import { daysInMonth } from "../../../platform/pure/dates";
import { financialYearLabel, financialYearStartOf } from "../../../platform/pure/financial-year";
import { exemptPart } from "./capital-gains";
import { formatPaise, toPaise, toRupees } from "./rounding";
import type {
  AssetKind,
  AssetSale,
  AssetSaleResult,
  CapitalGain,
  CapitalGainSection,
  CapitalGainSecurity,
  IncomePeriod,
  ResidentialStatus,
  TaxInput,
} from "./types";

/**
 * Cost Inflation Index by financial year (s.48 Explanation (v)), as CBDT notified it: Notification 44/2017 for
 * 2001-02 to 2017-18, then 26/2018, 63/2019, 32/2020, 73/2021, 62/2022, 21/2023, 44/2024 and 70/2025, one a year.
 * None has been found for tax year 2026-27.
 */
export const COST_INFLATION_INDEX: Readonly<Record<string, number>> = {
  "2001-02": 100,
  "2002-03": 105,
  "2003-04": 109,
  "2004-05": 113,
  "2005-06": 117,
  "2006-07": 122,
  "2007-08": 129,
  "2008-09": 137,
  "2009-10": 148,
  "2010-11": 167,
  "2011-12": 184,
  "2012-13": 200,
  "2013-14": 220,
  "2014-15": 240,
  "2015-16": 254,
  "2016-17": 264,
  "2017-18": 272,
  "2018-19": 280,
  "2019-20": 289,
  "2020-21": 301,
  "2021-22": 317,
  "2022-23": 331,
  "2023-24": 348,
  "2024-25": 363,
  "2025-26": 376,
};

/** Finance (No. 2) Act 2024: new holding periods, rates and no indexation for transfers from this day. */
const JULY_23_2024 = "2024-07-23";
/** s.55(2)(ac): listed equity and equity-fund units acquired before this day keep their gains to 31 January 2018. */
const FEBRUARY_1_2018 = "2018-02-01";
/** s.55(2)(b): assets acquired before this day may take their fair market value on it as cost. */
const APRIL_1_2001 = "2001-04-01";
/** s.50AA(a): a specified mutual fund's units acquired from this day. */
const APRIL_1_2023 = "2023-04-01";
/** s.2(48)(a): a zero coupon bond is one issued on or after this day. */
const JUNE_1_2005 = "2005-06-01";
/** The first year of the Cost Inflation Index (s.48 Explanation (iii): "or 2001, whichever is later"). */
const FIRST_INDEXED_YEAR = "2001-02";

/** ss.111A, 112A: sold with securities transaction tax; s.55(2)(ac) grandfathers them. */
const STT_ASSETS: readonly AssetKind[] = ["listed_equity_share", "equity_oriented_fund_unit", "business_trust_unit"];

/** Bonds and debentures that keep no indexation (fourth proviso to s.48). */
const BONDS: readonly AssetKind[] = ["listed_bond_or_debenture", "unlisted_bond_or_debenture", "unlisted_zero_coupon_bond"];

const ASSET_WORDS: Readonly<Record<AssetKind, string>> = {
  listed_equity_share: "Listed equity share",
  equity_oriented_fund_unit: "Equity-oriented fund's unit",
  business_trust_unit: "Business trust's unit",
  listed_security_other: "Listed security",
  listed_bond_or_debenture: "Listed bond or debenture",
  listed_fund_unit_other: "Listed fund's unit",
  unlisted_share: "Share not listed in India",
  land_or_building: "Land or building",
  specified_mutual_fund_unit: "Specified mutual fund's unit",
  market_linked_debenture: "Market linked debenture",
  unlisted_bond_or_debenture: "Unlisted bond or debenture",
  unlisted_zero_coupon_bond: "Unlisted zero coupon bond",
  other: "Capital asset",
};

/**
 * What s.112(1) as it stood before 23 July 2024 asks of a long-term asset: a listed security other than a unit, or a
 * zero coupon bond, pays at most 10 % of its gain without indexation (its proviso); an unlisted security, 10 % without
 * indexation for a non-resident (clause (c)(iii)). A unit, listed or not, is neither of the first; an `other` asset
 * may or may not be a security, so a non-resident's is refused.
 */
const SECURITIES: Readonly<Partial<Record<AssetKind, CapitalGainSecurity>>> = {
  listed_security_other: "listed_other_than_unit",
  listed_bond_or_debenture: "listed_other_than_unit",
  unlisted_share: "unlisted",
  unlisted_bond_or_debenture: "unlisted",
  unlisted_zero_coupon_bond: "zero_coupon_bond",
};

/** A non-resident's unlisted zero coupon bond is an unlisted security: clause (c)(iii) charges it 10 % outright. */
function securityOf(asset: AssetKind, resident: boolean): CapitalGainSecurity | undefined {
  const security = SECURITIES[asset];
  return security === "zero_coupon_bond" && !resident ? "unlisted" : security;
}

/** Months past which an asset is long-term, and the provision; before or from 23 July 2024. */
interface HoldingPeriod {
  months: number;
  provision: string;
}

const LISTED_12: HoldingPeriod = { months: 12, provision: "first proviso to s.2(42A)" };
const ZERO_COUPON_12: HoldingPeriod = { months: 12, provision: "first proviso to s.2(42A), which names a zero coupon bond, listed or not" };
const OLD_24: HoldingPeriod = { months: 24, provision: "third proviso to s.2(42A) as it stood before 23 July 2024" };
const OLD_36: HoldingPeriod = { months: 36, provision: "s.2(42A) as it stood before 23 July 2024" };
const OLD_36_UNIT: HoldingPeriod = {
  months: 36,
  provision: "s.2(42A) as it stood before 23 July 2024, its first proviso being for a security other than a unit",
};
const NEW_24: HoldingPeriod = { months: 24, provision: "s.2(42A) as amended from 23 July 2024" };

/** null: s.50AA deems every gain short-term. */
function holdingPeriod(asset: AssetKind, before: boolean): HoldingPeriod | null {
  switch (asset) {
    case "listed_equity_share":
    case "equity_oriented_fund_unit":
    case "listed_security_other":
    case "listed_bond_or_debenture":
      return LISTED_12;
    case "listed_fund_unit_other":
    case "business_trust_unit":
      return before ? OLD_36_UNIT : LISTED_12;
    case "unlisted_share":
    case "land_or_building":
      return before ? OLD_24 : NEW_24;
    case "other":
      return before ? OLD_36 : NEW_24;
    case "unlisted_bond_or_debenture":
      return before ? OLD_36 : null;
    case "unlisted_zero_coupon_bond":
      return before ? ZERO_COUPON_12 : null;
    case "specified_mutual_fund_unit":
    case "market_linked_debenture":
      return null;
  }
}

/** The date `months` calendar months after `date`, its day held to the month's last ("2020-02-29" + 12 = "2021-02-28"). */
function addMonths(date: string, months: number): string {
  const total = Number(date.slice(5, 7)) - 1 + months;
  const year = Number(date.slice(0, 4)) + Math.floor(total / 12);
  const month = (total % 12) + 1;
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(year, month));
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
}

function yearOfDate(date: string): string {
  return financialYearLabel(financialYearStartOf(date));
}

/** The return's period a transfer falls in (the advance-tax instalment dates, s.211), for the s.234C first proviso. */
function periodOf(date: string): IncomePeriod {
  const month = Number(date.slice(5, 7));
  // Months of the financial year in order: April 4 ... March 15.
  const day = (month >= 4 ? month : month + 12) * 100 + Number(date.slice(8, 10));
  if (day <= 615) return "by_15_june";
  if (day <= 915) return "by_15_september";
  if (day <= 1215) return "by_15_december";
  if (day <= 1515) return "by_15_march";
  return "by_31_march";
}

/** `paise × index(to) / index(from)`, half a paisa up; null when either index is not notified. */
function indexed(paise: number, fromYear: string, toYear: string): number | null {
  const from = COST_INFLATION_INDEX[fromYear];
  const to = COST_INFLATION_INDEX[toYear];
  if (from === undefined || to === undefined) return null;
  return Math.floor((paise * to * 2 + from) / (2 * from));
}

function laterYear(a: string, b: string): string {
  return a > b ? a : b;
}

/** Where a sale's problem is, below the sale (e.g. ["costOfImprovement", 0, "financialYear"]), and what it is. */
export interface AssetSaleProblem {
  path: (string | number)[];
  message: string;
}

export type AssetSaleOutcome = { ok: true; entry: CapitalGain; result: AssetSaleResult } | { ok: false; problem: AssetSaleProblem };

function problem(path: (string | number)[], message: string): AssetSaleOutcome {
  return { ok: false, problem: { path, message } };
}

/** What a sale's fields say that cannot be, before any classification. */
function inputProblem(sale: AssetSale, fiftyAA: boolean): AssetSaleOutcome | null {
  if (sale.acquired > sale.transferred) return problem(["acquired"], `must not be after transferred (${sale.transferred})`);
  if (sale.fairMarketValueOn31January2018 !== null) {
    if (!STT_ASSETS.includes(sale.asset)) {
      return problem(
        ["fairMarketValueOn31January2018"],
        "applies only to a listed equity share, an equity-oriented fund's unit or a business trust's unit (s.55(2)(ac))",
      );
    }
    if (sale.acquired >= FEBRUARY_1_2018) {
      return problem(["fairMarketValueOn31January2018"], "applies only to an asset acquired before 1 February 2018 (s.55(2)(ac))");
    }
  }
  if (sale.fairMarketValueOn1April2001 !== null) {
    if (fiftyAA) {
      return problem(["fairMarketValueOn1April2001"], "does not apply to a s.50AA asset, whose gain deducts its cost of acquisition itself");
    }
    if (sale.acquired >= APRIL_1_2001) {
      return problem(["fairMarketValueOn1April2001"], "applies only to an asset acquired before 1 April 2001 (s.55(2)(b))");
    }
  }
  if (sale.stampDutyValue !== null && sale.asset !== "land_or_building") {
    return problem(["stampDutyValue"], "applies only to land or a building (s.50C)");
  }
  if (fiftyAA && sale.costOfImprovement.length > 0) {
    return problem(["costOfImprovement"], "does not apply to a s.50AA asset, whose gain deducts only its cost of acquisition and transfer expenses");
  }
  const acquiredYear = yearOfDate(sale.acquired);
  const transferYear = yearOfDate(sale.transferred);
  for (let i = 0; i < sale.costOfImprovement.length; i++) {
    const year = sale.costOfImprovement[i]!.financialYear;
    const path = ["costOfImprovement", i, "financialYear"];
    if (year < FIRST_INDEXED_YEAR) return problem(path, "must be 2001-02 or later: improvements before 1 April 2001 do not count (s.55(1)(b))");
    if (year < acquiredYear) return problem(path, `must not be before ${acquiredYear}, the year the asset was acquired`);
    if (year > transferYear) return problem(path, `must not be after ${transferYear}, the year of the transfer`);
  }
  if (sale.asset === "specified_mutual_fund_unit" && sale.acquired < APRIL_1_2023) {
    return problem(
      ["acquired"],
      "a specified mutual fund's unit acquired before 1 April 2023 is outside s.50AA: give it as listed_fund_unit_other when listed, otherwise as other",
    );
  }
  if (sale.asset === "unlisted_zero_coupon_bond" && sale.acquired < JUNE_1_2005) {
    return problem(
      ["acquired"],
      "a zero coupon bond is one issued on or after 1 June 2005 (s.2(48)): give an earlier bond as unlisted_bond_or_debenture",
    );
  }
  return null;
}

/**
 * One sale classified, or why it cannot be. A resident but not ordinarily resident person is a resident (s.6): only
 * residents have the land-or-building choice of the second proviso to s.112(1)(a).
 */
export function classifyAssetSale(sale: AssetSale, residentialStatus: ResidentialStatus): AssetSaleOutcome {
  const resident = residentialStatus !== "non_resident";
  const before = sale.transferred < JULY_23_2024;
  const period = holdingPeriod(sale.asset, before);
  const earlyProblem = inputProblem(sale, period === null);
  if (earlyProblem !== null) return earlyProblem;
  const holdingDays = dayNumber(sale.transferred) - dayNumber(sale.acquired);
  const longTerm = period !== null && sale.transferred > addMonths(sale.acquired, period.months);
  const stt = STT_ASSETS.includes(sale.asset);
  const section: CapitalGainSection = longTerm ? (stt ? "112A" : "112") : stt ? "111A" : "short_term_other";

  if (before && longTerm && !resident && sale.asset === "other") {
    return problem(
      ["asset"],
      "a non-resident's long-term gain on an asset given as other and transferred before 23 July 2024 is taxed by whether it is a security: an unlisted security (a fund's unit among them) at 10 % without indexation (s.112(1)(c)(iii)), anything else at 20 % with indexation; give it in capitalGains, with security unlisted for a security",
    );
  }

  const rules: string[] = [];
  const words = ASSET_WORDS[sale.asset];
  if (period === null) {
    const clause = BONDS.includes(sale.asset) ? "s.50AA(b), transfers from 23 July 2024" : "s.50AA(a)";
    rules.push(`${words} held ${holdingDays} days: short-term whatever the holding (${clause})`);
  } else {
    rules.push(
      `${words} held ${holdingDays} days: ${longTerm ? "long-term, more" : "short-term, not more"} than ${period.months} months (${period.provision})`,
    );
  }
  rules.push(
    section === "111A" || section === "112A"
      ? `sold with securities transaction tax: s.${section}`
      : section === "112"
        ? "s.112"
        : "taxed at the slab rates",
  );

  // s.48: the full value of consideration, s.50C's stamp duty value for land or building where it exceeds 110 %.
  const received = toPaise(sale.saleConsideration);
  const stampDuty = sale.stampDutyValue === null ? null : toPaise(sale.stampDutyValue);
  let consideration = received;
  if (stampDuty !== null) {
    if (stampDuty * 100 > received * 110) {
      consideration = stampDuty;
      rules.push(
        `full value of consideration ${formatPaise(stampDuty)}, the stamp duty value, as it is more than 110 % of the ${formatPaise(received)} received (s.50C(1) and its third proviso)`,
      );
    } else {
      rules.push(
        `full value of consideration the ${formatPaise(received)} received, the stamp duty value ${formatPaise(stampDuty)} being not more than 110 % of it (third proviso to s.50C(1))`,
      );
    }
  }

  // Cost of acquisition: s.55(2)(b)(i), then s.55(2)(ac), which is "subject to" it.
  const actual = toPaise(sale.costOfAcquisition);
  let cost = actual;
  if (sale.fairMarketValueOn1April2001 !== null) {
    const fairValue = toPaise(sale.fairMarketValueOn1April2001);
    cost = Math.max(actual, fairValue);
    rules.push(
      fairValue > actual
        ? `cost of acquisition ${formatPaise(cost)}, the fair market value on 1 April 2001, higher than the cost (s.55(2)(b)(i))`
        : `cost of acquisition ${formatPaise(cost)}, the cost, not less than the fair market value on 1 April 2001 (s.55(2)(b)(i))`,
    );
  }
  if (sale.fairMarketValueOn31January2018 !== null && longTerm) {
    const fairValue = toPaise(sale.fairMarketValueOn31January2018);
    const base = cost;
    cost = Math.max(base, Math.min(fairValue, consideration));
    rules.push(
      `cost of acquisition ${formatPaise(cost)}: the higher of the cost ${formatPaise(base)} and the lower of the fair market value on 31 January 2018 ${formatPaise(fairValue)} and the consideration ${formatPaise(consideration)} (s.55(2)(ac))`,
    );
  }
  const expenses = toPaise(sale.transferExpenses);
  let improvement = 0;
  for (const item of sale.costOfImprovement) improvement += toPaise(item.amount);
  const gain = consideration - expenses - cost - improvement;
  rules.push(
    period === null
      ? "gain: consideration less cost of acquisition and transfer expenses (s.50AA)"
      : "gain: full value of consideration less transfer expenses, cost of acquisition and cost of improvement (s.48)",
  );

  // Indexation only where the engine taxes an indexed gain: a transfer before 23 July 2024 under s.112 (not a bond or
  // debenture, fourth proviso to s.48, nor a non-resident's unlisted security, s.112(1)(c)(iii)), and a resident's
  // land or building acquired before that day with a gain.
  const landAcquiredBefore = sale.asset === "land_or_building" && sale.acquired < JULY_23_2024;
  const security = before && section === "112" ? securityOf(sale.asset, resident) : undefined;
  const unlistedAtTen = !resident && security === "unlisted";
  const indexable = section === "112" && !BONDS.includes(sale.asset);
  const indexForOldRate = before && indexable && !unlistedAtTen;
  const indexForLand = !before && indexable && landAcquiredBefore && resident && gain > 0;
  let indexedCost: number | null = null;
  let indexedImprovement: number | null = null;
  if (indexForOldRate || indexForLand) {
    const transferYear = yearOfDate(sale.transferred);
    if (COST_INFLATION_INDEX[transferYear] === undefined) {
      return problem(
        ["transferred"],
        `needs the Cost Inflation Index for ${transferYear}, which has not been notified: a resident's land or building acquired before 23 July 2024 pays the lower of two taxes, one of them on the indexed gain (second proviso to s.112(1)(a)); give this gain in capitalGains with your own indexedGain`,
      );
    }
    const firstYear = laterYear(yearOfDate(sale.acquired), FIRST_INDEXED_YEAR);
    indexedCost = indexed(cost, firstYear, transferYear)!;
    indexedImprovement = 0;
    for (const item of sale.costOfImprovement) indexedImprovement += indexed(toPaise(item.amount), item.financialYear, transferYear)!;
    const index = `Cost Inflation Index ${COST_INFLATION_INDEX[transferYear]} for ${transferYear} over ${COST_INFLATION_INDEX[firstYear]} for ${firstYear}`;
    rules.push(
      indexForOldRate
        ? `indexed cost of acquisition ${formatPaise(indexedCost)}: ${index} (second proviso to s.48 and its Explanation, a transfer before 23 July 2024)`
        : `indexed cost of acquisition ${formatPaise(indexedCost)}: ${index} (s.48 Explanation), for a resident's land or building acquired before 23 July 2024, which pays the lower of 12.5 % on the gain and 20 % on the indexed gain (second proviso to s.112(1)(a))`,
    );
    if (sale.costOfImprovement.length > 0) {
      rules.push(`indexed cost of improvement ${formatPaise(indexedImprovement)}, each from the index of its own year (s.48 Explanation (iv))`);
    }
  } else if (before && section === "112") {
    rules.push(
      unlistedAtTen
        ? "a non-resident's unlisted security: 10 % on the gain computed without indexation (s.112(1)(c)(iii))"
        : "no indexation for a bond or debenture (fourth proviso to s.48)",
    );
  } else if (!before && section === "112" && landAcquiredBefore) {
    rules.push(
      resident
        ? "no indexation: a loss leaves no tax for the second proviso to s.112(1)(a) to lower"
        : "no indexation: the second proviso to s.112(1)(a) is a resident's only",
    );
  }
  const indexedGain = indexedCost === null || indexedImprovement === null ? null : consideration - expenses - indexedCost - indexedImprovement;
  if (security === "listed_other_than_unit" || security === "zero_coupon_bond") {
    const asset = security === "zero_coupon_bond" ? "a zero coupon bond" : "a listed security other than a unit";
    rules.push(`tax not more than 10 % of the gain without indexation, for ${asset} (proviso to s.112(1))`);
  }

  const arose = periodOf(sale.transferred);
  const entry: CapitalGain = {
    section,
    arose,
    gain: toRupees(gain),
    transferredBefore23July2024: before,
    indexedGain: indexedGain === null ? null : toRupees(indexedGain),
    landOrBuildingAcquiredBefore23July2024: section === "112" && landAcquiredBefore,
    ...(security === undefined ? {} : { security }),
    ...(sale.exemption === undefined ? {} : { exemption: sale.exemption }),
  };
  const result: AssetSaleResult = {
    ...(sale.label === null ? {} : { label: sale.label }),
    asset: sale.asset,
    termOfHolding: longTerm ? "long" : "short",
    holdingDays,
    longTermAfterMonths: period === null ? null : period.months,
    section,
    transferredBefore23July2024: before,
    arose,
    fullValueOfConsideration: toRupees(consideration),
    transferExpenses: toRupees(expenses),
    costOfAcquisition: toRupees(cost),
    costOfImprovement: toRupees(improvement),
    indexedCostOfAcquisition: indexedCost === null ? null : toRupees(indexedCost),
    indexedCostOfImprovement: indexedImprovement === null ? null : toRupees(indexedImprovement),
    gain: toRupees(gain),
    indexedGain: indexedGain === null ? null : toRupees(indexedGain),
    ...(sale.exemption === undefined
      ? {}
      : {
          exemption: {
            section: sale.exemption.section,
            exemptGain: toRupees(exemptPart(sale.exemption, gain)),
            exemptIndexedGain: indexedGain === null ? null : toRupees(exemptPart(sale.exemption, indexedGain)),
          },
        }),
    rule: `${rules.join("; ")}.`,
  };
  return { ok: true, entry, result };
}

/**
 * The input with its asset sales turned into capital-gains entries after its own, and each sale's result; the
 * results are null without sales. A sale that cannot be classified is refused with the request, so one here is a
 * programming error.
 */
export function withAssetSales(input: TaxInput): { input: TaxInput; results: AssetSaleResult[] | null } {
  if (input.assetSales === undefined) return { input, results: null };
  const { assetSales, ...rest } = input;
  const entries: CapitalGain[] = [];
  const results: AssetSaleResult[] = [];
  assetSales.forEach((sale, index) => {
    const outcome = classifyAssetSale(sale, input.residentialStatus);
    if (!outcome.ok) throw new Error(`assetSales[${index}]: ${outcome.problem.message}`);
    entries.push(outcome.entry);
    results.push(outcome.result);
  });
  return { input: { ...rest, capitalGains: [...input.capitalGains, ...entries] }, results };
}
