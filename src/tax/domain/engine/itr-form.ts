// Which return form. Without business income: ITR-1 (Sahaj) when every one of its conditions holds, else ITR-2.
// With presumptive income: ITR-4 (Sugam) within its conditions, else ITR-3. With income computed from books, or a
// business loss of an earlier year, ITR-3 (Schedule BP; ITR-4 is for the presumptive schemes, and only ITR-3's
// schedules carry a business loss forward). Conditions per the ITR-1/ITR-4
// notifications (reference §9): from AY 2025-26 both allow s.112A gains up to ₹1,25,000 and no other capital
// gain, and neither takes winnings from lotteries or races nor agricultural income above ₹5,000.
import { formatRupees } from "./rounding";
import type { ItrForm, RegimeResult, ReturnFormFacts, TaxInput } from "./types";
import { LIMITS, type YearRules } from "./years";

type Choice = { form: ItrForm; rule: string };

/**
 * Facts that rule out the simple forms whatever the income, in the order of the forms' "Not for an individual
 * who ..." list. ITR-4's list has no s.194N (Notification 40/2025 for AY 2025-26).
 */
const EXCLUDING_FACTS: readonly { fact: keyof ReturnFormFacts; notFor: string; itr1Only: boolean }[] = [
  { fact: "companyDirector", notFor: "a director in a company", itr1Only: false },
  { fact: "heldUnlistedEquityShares", notFor: "someone who held unlisted equity shares at any time in the year", itr1Only: false },
  { fact: "assetsOutsideIndia", notFor: "someone with assets outside India, a financial interest in any entity included", itr1Only: false },
  { fact: "signingAuthorityOutsideIndia", notFor: "someone with signing authority in an account outside India", itr1Only: false },
  { fact: "tdsOnCashWithdrawals", notFor: "someone who had tax deducted at source on cash withdrawals", itr1Only: true },
  { fact: "esopTaxDeferred", notFor: "someone whose tax on ESOPs of an eligible start-up is deferred", itr1Only: false },
];

function excludingFact(facts: ReturnFormFacts | undefined, simple: ItrForm): string | null {
  if (facts === undefined) return null;
  for (const { fact, notFor, itr1Only } of EXCLUDING_FACTS) {
    if (facts[fact] && (simple === "ITR-1" || !itr1Only)) return `${simple} is not for ${notFor}`;
  }
  return null;
}

/** Why neither ITR-1 nor ITR-4 fits, or null when the simple form's common conditions hold. */
function simpleFormBar(input: TaxInput, year: YearRules, chosen: RegimeResult, simple: ItrForm): string | null {
  if (input.residentialStatus !== "resident") return `${simple} is only for a resident and ordinarily resident individual`;
  if (chosen.taxableIncome > year.itr1MaxTotalIncome) return `total income above ${formatRupees(year.itr1MaxTotalIncome)} (50 lakh)`;
  if ((input.agriculturalIncome ?? 0) > LIMITS.simpleFormAgriculturalIncome) {
    return `agricultural income above ${formatRupees(LIMITS.simpleFormAgriculturalIncome)} cannot be reported in ${simple}`;
  }
  if ((input.foreignIncome?.length ?? 0) > 0) {
    return `income from outside India and the relief claimed for tax paid on it need Schedules FSI and TR, which ${simple} does not have`;
  }
  // The simple forms' other-sources schedule has a row for the s.57(iia) family-pension deduction only.
  if (chosen.otherSources.dividendInterestDeduction > 0) {
    return `interest deducted from dividends (s.${year.sections.dividendInterest}) has no row in ${simple}, which takes only the family-pension deduction`;
  }
  if (input.houseProperties.length > year.itr1MaxHouseProperties) {
    const allowed = year.itr1MaxHouseProperties === 1 ? "one house property" : `${year.itr1MaxHouseProperties} house properties`;
    return `more house properties than ${simple} for ${year.yearLabel} allows (${allowed})`;
  }
  const excluded = excludingFact(input.returnFormFacts, simple);
  if (excluded !== null) return excluded;
  if (chosen.houseProperty.lossToCarryForward > 0) return `a house-property loss is left to carry forward, which ${simple} cannot report`;
  const broughtForward = input.capitalLossesBroughtForward;
  if (broughtForward !== undefined && broughtForward.shortTerm + broughtForward.longTerm > 0) {
    return `capital losses brought forward from earlier years cannot be set off in ${simple}`;
  }
  if ((input.housePropertyLossBroughtForward?.amount ?? 0) > 0) {
    return `house-property losses brought forward from earlier years cannot be set off in ${simple}`;
  }
  if (input.capitalGains.some((gain) => gain.exemption !== undefined)) {
    const exempted = [...new Set(input.capitalGains.flatMap((gain) => (gain.exemption === undefined ? [] : [gain.exemption.section])))];
    return `capital-gains exemptions (${exempted.length === 1 ? "s." : "ss."}${exempted.join(", ")}) need the capital-gains schedule`;
  }
  if (input.otherIncome.casualWinnings > 0) return `winnings from lotteries, games or betting cannot be reported in ${simple}`;
  const gains = input.capitalGains;
  const equity = `s.${year.sections.ltcgEquity}`;
  if (gains.some((entry) => entry.section !== "112A")) return `capital gains other than ${equity} long-term gains need the capital-gains schedule`;
  let total = 0;
  for (const entry of gains) total += entry.gain;
  if (gains.some((entry) => entry.gain < 0)) return `a capital loss cannot be reported in ${simple}`;
  if (total > LIMITS.section112AExemption) {
    return `${equity} long-term gains above ${formatRupees(LIMITS.section112AExemption)} need the capital-gains schedule`;
  }
  return null;
}

/** The presumptive schemes ITR-4 takes (ss.44AD, 44ADA and 44AE, reference §9), as the year's Act numbers them. */
function presumptiveSections(year: YearRules): string {
  const { presumptiveBusiness, presumptiveProfession, presumptiveGoodsCarriages } = year.sections;
  const sections = [...new Set([presumptiveBusiness, presumptiveProfession, presumptiveGoodsCarriages])];
  return sections.length === 1 ? `s.${sections[0]}` : `ss.${sections.join("/")}`;
}

/** Why income from books or a business loss of an earlier year needs ITR-3, or null without either. */
function booksBar(input: TaxInput): string | null {
  const business = input.business;
  if (business === undefined) return null;
  if (business.profit !== null || business.speculationProfit !== null) {
    return "ITR-3: income from business or profession computed from books of account";
  }
  if (business.lossesBroughtForward.length > 0 || business.speculationLossesBroughtForward.length > 0) {
    return "ITR-3: business losses brought forward from earlier years";
  }
  return null;
}

export function chooseItrForm(input: TaxInput, year: YearRules, chosen: RegimeResult): Choice {
  const books = booksBar(input);
  if (books !== null) return { form: "ITR-3", rule: books };
  const { business, profession, goodsCarriages } = input.presumptive;
  const presumptive = business !== null || profession !== null || goodsCarriages.length > 0;
  if (presumptive) {
    const bar = simpleFormBar(input, year, chosen, "ITR-4");
    if (bar !== null) return { form: "ITR-3", rule: `ITR-3: business or professional income, and ${bar}` };
    return {
      form: "ITR-4",
      rule: `ITR-4 (Sugam): resident individual with presumptive income (${presumptiveSections(year)}), total income up to ${formatRupees(year.itr1MaxTotalIncome)}`,
    };
  }
  const bar = simpleFormBar(input, year, chosen, "ITR-1");
  if (bar !== null) return { form: "ITR-2", rule: `ITR-2: ${bar}` };
  return {
    form: "ITR-1",
    rule: `ITR-1 (Sahaj): resident individual with salary, house property and other-sources income, total income up to ${formatRupees(year.itr1MaxTotalIncome)}`,
  };
}
