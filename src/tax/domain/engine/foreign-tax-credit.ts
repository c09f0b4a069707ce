// Relief for tax a resident paid abroad: s.90 (a country India has a tax treaty with) and s.91 (a country it has
// none with) of the Income-tax Act, 1961, with Rule 128 (tax year 2026-27: ss.159 and 160 of the Income-tax Act,
// 2025). The income is already counted in its head (Schedule FSI); the credit (Schedule TR) comes off each regime's
// tax after s.89 relief. Income and foreign tax in paise inside; tax in whole rupees.
import { exemptPart } from "./capital-gains";
import { presumptiveIncome } from "./presumptive";
import { atAverageRate, toPaise, toRupees } from "./rounding";
import type { CapitalGain, ForeignIncome, ForeignIncomeHead, ForeignTaxCreditLine, RegimeResult, TaxInput } from "./types";
import type { SectionNames } from "./years";

/** One entry of the foreign income, with its income and the foreign tax that counts in paise. */
export interface ForeignIncomeFacts {
  given: ForeignIncome;
  income: number;
  /** The foreign tax paid, at most what the treaty lets the country charge (proviso to Rule 128(4)(i)). */
  foreignTaxCounted: number;
}

const NONE: readonly ForeignIncomeFacts[] = [];

/** Rule 128(1): the credit is a resident's; a non-resident is taxed in India on Indian income only (s.5(2)). */
export function foreignIncomeFacts(list: readonly ForeignIncome[] | undefined, resident: boolean): readonly ForeignIncomeFacts[] {
  if (list === undefined || list.length === 0 || !resident) return NONE;
  return list.map((given) => {
    const paid = toPaise(given.foreignTaxPaid);
    const ceiling = given.taxPayableUnderTreaty;
    return { given, income: toPaise(given.income), foreignTaxCounted: ceiling === undefined ? paid : Math.min(paid, toPaise(ceiling)) };
  });
}

/**
 * What the input counts under a head, in paise: the most the foreign income listed under it can be. Salary: gross
 * salary; house property: the let-out homes' rent, or a net figure as reported when above 0; capital gains: the
 * gains above 0 less what their exemptions take off (income India does not tax earns no credit); other sources: the
 * interest, dividends, family pension, winnings and the income reported to the employer; business: the presumptive
 * income and the profits from books (speculation apart) above 0.
 */
export function incomeCountedUnder(input: TaxInput, head: ForeignIncomeHead): number {
  switch (head) {
    case "salary":
      return toPaise(input.salary.grossSalary);
    case "house_property": {
      const reported = input.reported?.housePropertyIncome;
      if (reported !== undefined) return Math.max(0, toPaise(reported));
      let rent = 0;
      for (const property of input.houseProperties) if (property.type === "let_out") rent += toPaise(property.annualRent);
      return rent;
    }
    case "capital_gains":
      return gainsCounted(input.capitalGains);
    case "other_sources": {
      const other = input.otherIncome;
      return (
        toPaise(other.savingsInterest) +
        toPaise(other.depositInterest) +
        toPaise(other.dividends) +
        toPaise(other.familyPension) +
        toPaise(other.casualWinnings) +
        toPaise(input.reported?.otherSourcesIncome ?? 0)
      );
    }
    case "business":
      return (
        presumptiveIncome(input.presumptive) +
        Math.max(0, toPaise(input.business?.profit ?? 0)) +
        Math.max(0, toPaise(input.business?.speculationProfit ?? 0))
      );
  }
}

/**
 * The part of a head's income that is split by when it arose, in paise, for s.234C: a head's gains, the dividends
 * and winnings of other sources; the whole head for the others.
 */
export function incomeSplitByPeriodUnder(input: TaxInput, head: ForeignIncomeHead): number {
  switch (head) {
    case "capital_gains":
      return gainsCounted(input.capitalGains);
    case "other_sources":
      return toPaise(input.otherIncome.dividends) + toPaise(input.otherIncome.casualWinnings);
    default:
      return incomeCountedUnder(input, head);
  }
}

function gainsCounted(gains: readonly CapitalGain[]): number {
  let counted = 0;
  for (const { gain, exemption } of gains) {
    const paise = toPaise(gain);
    if (paise > 0) counted += paise - exemptPart(exemption, paise);
  }
  return counted;
}

/**
 * Rule 128(4): the credit is worked for each source in each country apart and then added; each is the lower of the
 * foreign tax counted and the Indian tax on that income, and the sum never exceeds the tax (Rule 128(3): tax,
 * surcharge and cess, never interest or a fee). The Indian tax on an income is that income at the Indian rate of
 * tax: the regime's tax after s.89 relief and before this credit, divided by total income (s.91 Explanation (ii));
 * for s.90 the same average rate is taken as Rule 128(4)(i)'s "tax payable under the Act on such income". Returns the
 * credit in whole rupees; fills `out.foreignTaxCredit` when given.
 */
export function foreignTaxCredit(
  entries: readonly ForeignIncomeFacts[],
  indianIncomeTax: number,
  totalIncome: number,
  sections: SectionNames,
  out: RegimeResult | null,
): number {
  let sum = 0;
  const lines: ForeignTaxCreditLine[] = [];
  for (const entry of entries) {
    const indianTaxOnIncome = atAverageRate(entry.income, indianIncomeTax, totalIncome);
    // Paise of foreign tax dropped: the credit never exceeds the tax paid.
    const credit = Math.min(Math.floor(entry.foreignTaxCounted / 100), indianTaxOnIncome);
    sum += credit;
    if (out === null) continue;
    const { given } = entry;
    lines.push({
      country: given.country,
      head: given.head,
      section: given.relief === "treaty" ? sections.treatyRelief : sections.unilateralRelief,
      income: given.income,
      foreignTaxPaid: given.foreignTaxPaid,
      foreignTaxCounted: toRupees(entry.foreignTaxCounted),
      indianTaxOnIncome,
      credit,
    });
  }
  const credit = Math.min(sum, indianIncomeTax);
  if (out !== null) {
    out.foreignTaxCredit = {
      indianIncomeTax,
      // Percent to four decimals (a ratio, not money); each line uses the exact quotient.
      indianRateOfTaxPercent: totalIncome > 0 ? Math.round((indianIncomeTax * 1_000_000) / totalIncome) / 10_000 : 0,
      lines,
      credit,
    };
  }
  return credit;
}
