// Relief under s.89 on a payment that gathers years of service into one year's income: gratuity (Rule 21A(3)),
// compensation on termination of employment (Rule 21A(4)) and commuted pension (Rule 21A(5)) of the Income-tax Rules,
// 1962. The tax on the payment's part in total income at this year's average rate comes down to the tax on it at the
// average of the average rates of the preceding years, each year's total income increased by its share of the payment
// "as if the total income so increased were the total income of that previous year". Those years' taxes are the
// caller's, as Form 10E's annexures ask for them. Source: Rule 21A as the Rules' text has it (a copy of the department's
// page). Tax year 2026-27: s.157 of the Income-tax Act, 2025, with the 1962 rule applied; the Income-tax Rules, 2026
// were not read [U]. Income in paise, tax in whole rupees; rates kept exact as BigInt fractions until the last step.
import { atAverageRate, roundToTenRupees, toPaise, toRupees } from "./rounding";
import type { PaymentRelief, PaymentsRelief, PrecedingYear, PrecedingYearRate, ReliefPayment, TaxInput } from "./types";

/** The s.10 clauses whose exempt part comes off a relieved payment: gratuity, commuted pension, retrenchment compensation. */
export type RelievedExemption = "10(10)" | "10(10A)" | "10(10B)";

/** What one regime exempted under each of those clauses, in paise. */
export type RelievedExemptions = Record<RelievedExemption, number>;

/** A payment relief is claimed on, in paise. */
export interface ReliefPaymentFacts {
  payment: ReliefPayment;
  description: string;
  received: number;
  /** The clause whose exemption comes off `received` to give the part in total income. */
  exemptUnder: RelievedExemption;
  /** How many preceding years are averaged, each increased by this fraction of the payment: 2 or 3. */
  years: number;
  precedingYears: readonly { totalIncome: number; tax: number }[];
}

const NONE: readonly ReliefPaymentFacts[] = [];

// Rule 21A(1)(b): gratuity "in respect of past services ... extending over a period of not less than five years";
// (3)(b) for five to fifteen years, (3)(c) for fifteen or more.
export const GRATUITY_RELIEF_MIN_YEARS = 5;
export const GRATUITY_THREE_YEARS_FROM = 15;

/** The payments the input claims relief on, in the order of the rule's sub-rules. */
export function reliefPaymentFacts(input: TaxInput): readonly ReliefPaymentFacts[] {
  const { retirementBenefits: benefits, terminationCompensation: compensation } = input.salary;
  const gratuity = benefits?.gratuity;
  const pension = benefits?.commutedPension;
  const payments: ReliefPaymentFacts[] = [];
  if (gratuity?.precedingYears !== undefined && gratuity.service.years >= GRATUITY_RELIEF_MIN_YEARS) {
    const served = gratuity.service.years;
    const three = served >= GRATUITY_THREE_YEARS_FROM;
    payments.push({
      payment: "gratuity",
      description: three
        ? `Gratuity for ${served} years of past services (fifteen or more): the three preceding years, each with one-third of it`
        : `Gratuity for ${served} years of past services (five or more, under fifteen): the two preceding years, each with one-half of it`,
      received: toPaise(gratuity.received),
      exemptUnder: "10(10)",
      years: three ? 3 : 2,
      precedingYears: precedingYearsFacts(gratuity.precedingYears),
    });
  }
  if (compensation !== undefined) {
    payments.push({
      payment: "termination_compensation",
      description: "Compensation on termination of employment: the three preceding years, each with one-third of it",
      received: toPaise(compensation.received),
      exemptUnder: "10(10B)",
      years: 3,
      precedingYears: precedingYearsFacts(compensation.precedingYears),
    });
  }
  if (pension?.precedingYears !== undefined) {
    payments.push({
      payment: "commuted_pension",
      description: "Commuted pension: the three preceding years, each with one-third of it",
      received: toPaise(pension.received),
      exemptUnder: "10(10A)",
      years: 3,
      precedingYears: precedingYearsFacts(pension.precedingYears),
    });
  }
  return payments.length === 0 ? NONE : payments;
}

function precedingYearsFacts(years: readonly PrecedingYear[]): { totalIncome: number; tax: number }[] {
  return years.map((year) => ({ totalIncome: toPaise(year.totalIncome), tax: toPaise(year.taxOnIncreasedIncome) }));
}

/**
 * Rule 21A(3)(a), (4)(a), (5)(a): each payment's relief is the tax on its part in total income at the average rate of
 * tax on that total income (`taxLiability` ÷ `taxableIncome`, before any relief) less the tax on it at the preceding
 * years' rate, when positive. The reliefs added never exceed `taxLeft`, the tax the arrears relief leaves.
 */
export function reliefOnPayments(
  payments: readonly ReliefPaymentFacts[],
  exempt: RelievedExemptions,
  taxLiability: number,
  taxableIncome: number,
  taxLeft: number,
  section: string,
): PaymentsRelief {
  let sum = 0;
  const lines: PaymentRelief[] = [];
  for (const payment of payments) {
    const line = paymentRelief(payment, exempt, taxLiability, taxableIncome);
    sum += line.relief;
    lines.push(line);
  }
  return {
    section,
    // Percent to four decimals (a ratio, not money); the taxes use the exact quotient.
    averageRatePercent: taxableIncome > 0 ? Math.round((taxLiability * 1_000_000) / taxableIncome) / 10_000 : 0,
    payments: lines,
    relief: Math.max(0, Math.min(sum, taxLeft)),
  };
}

function paymentRelief(payment: ReliefPaymentFacts, exempt: RelievedExemptions, taxLiability: number, taxableIncome: number): PaymentRelief {
  const included = Math.max(0, payment.received - exempt[payment.exemptUnder]);
  const taxAtAverageRate = atAverageRate(included, taxLiability, taxableIncome);
  const n = BigInt(payment.years);
  // "An amount equal to one-half (one-third) of the amount ... included in the total income", to the nearest paisa.
  const share = Number((2n * BigInt(included) + n) / (2n * n));
  // The preceding years' rates added as one fraction, numerator / denominator (tax in paise over income in rupees is
  // a rate in percent); a year whose increased total income is nil has a nil rate.
  let numerator = 0n;
  let denominator = 1n;
  const precedingYears: PrecedingYearRate[] = payment.precedingYears.map((year) => {
    const increased = roundToTenRupees(year.totalIncome + share);
    if (increased > 0) {
      numerator = numerator * BigInt(increased) + BigInt(year.tax) * denominator;
      denominator *= BigInt(increased);
    }
    return {
      totalIncome: toRupees(year.totalIncome),
      share: toRupees(share),
      increasedTotalIncome: increased,
      taxOnIncreasedIncome: toRupees(year.tax),
      averageRatePercent: increased > 0 ? nearest(BigInt(year.tax) * 10_000n, BigInt(increased)) / 10_000 : 0,
    };
  });
  // included (paise) × the average of the rates (percent) ÷ 100 ÷ 100 gives rupees.
  const taxAtPrecedingRate = nearest(BigInt(included) * numerator, denominator * n * 10_000n);
  return {
    payment: payment.payment,
    description: payment.description,
    includedInTotalIncome: toRupees(included),
    taxAtAverageRate,
    precedingYears,
    averageOfPrecedingRatesPercent: nearest(numerator * 10_000n, denominator * n) / 10_000,
    taxAtPrecedingRate,
    relief: Math.max(0, taxAtAverageRate - taxAtPrecedingRate),
  };
}

/** numerator ÷ denominator to the nearest whole number, half up, for non-negative numerators. */
function nearest(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}
