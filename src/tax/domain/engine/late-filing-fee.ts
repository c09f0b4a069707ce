// The fee for a late return: s.234F of the Income-tax Act, 1961 (inserted by the Finance Act 2017 for AY 2018-19
// on; substituted by the Finance Act 2021 from AY 2021-22, which dropped the ₹10,000 for a return after
// 31 December), and for tax year 2026-27 s.428 of the Income-tax Act, 2025: ₹5,000, or at most ₹1,000 where total
// income does not exceed ₹5,00,000, from a person required to furnish a return who furnishes it after the due date.
import type { LateFilingFee, ReturnCondition, TaxInput } from "./types";

const FEE = 5_000;
/** Proviso to s.234F(1); s.428(b). */
const SMALL_INCOME_FEE = 1_000;
const SMALL_INCOME_UP_TO = 500_000;

export interface LateFilingFacts {
  section: string;
  dueDate: string;
  filedOn: string;
  /** Rupees: gross total income before the reinvestment exemptions (ss.54-54GA) and Chapter VI-A deductions. */
  incomeForFiling: number;
  /** Rupees, rounded under s.288A. */
  totalIncome: number;
  /** The regime's basic exemption for the taxpayer's age and residence. */
  maximumAmountNotChargeable: number;
  /** The conditions met that require a return whatever the income (`conditionsBeyondIncome`). */
  conditionsBeyondIncome: readonly ReturnCondition[];
  /**
   * Nothing requires a return whatever the income: s.139 does not apply to a specified senior citizen (s.194P), nor
   * s.139(1) to a non-resident with only dividends taxed at source at s.115A's rate (s.115A(5)).
   */
  noReturnRequired: boolean;
}

export function lateFilingFee(f: LateFilingFacts): LateFilingFee {
  // Sixth proviso to s.139(1) (s.263(1)(a)(iii) of the 2025 Act): an individual must file when total income
  // "without giving effect to the provisions of section 54, 54B, 54D, 54EC, 54F, 54G, 54GA or 54GB or Chapter VI-A"
  // (Chapter VIII) exceeded the maximum amount not chargeable to tax.
  const byIncome = f.incomeForFiling > f.maximumAmountNotChargeable;
  const returnRequiredBy: ReturnCondition[] = f.noReturnRequired
    ? []
    : byIncome
      ? ["income", ...f.conditionsBeyondIncome]
      : [...f.conditionsBeyondIncome];
  const returnRequired = returnRequiredBy.length > 0;
  const late = f.filedOn > f.dueDate;
  const fee = !late || !returnRequired ? 0 : f.totalIncome <= SMALL_INCOME_UP_TO ? SMALL_INCOME_FEE : FEE;
  return {
    section: f.section,
    dueDate: f.dueDate,
    filedOn: f.filedOn,
    returnRequired,
    returnRequiredBy,
    maximumAmountNotChargeable: f.maximumAmountNotChargeable,
    fee,
  };
}

// Seventh proviso to s.139(1) (Finance (No. 2) Act 2019, from AY 2020-21): more than ₹1 crore deposited in current
// accounts, more than ₹2 lakh spent on foreign travel, more than ₹1 lakh on electricity. Rule 12AB (Notification
// 37/2022, clause (iv) of that proviso): business turnover above ₹60 lakh, professional receipts above ₹10 lakh, TDS
// and TCS of ₹25,000 or more (₹50,000 for a resident aged 60 or more), or ₹50 lakh or more in savings accounts.
const CURRENT_ACCOUNT_DEPOSITS_ABOVE = 10_000_000;
const FOREIGN_TRAVEL_ABOVE = 200_000;
const ELECTRICITY_ABOVE = 100_000;
const BUSINESS_TURNOVER_ABOVE = 6_000_000;
const PROFESSIONAL_RECEIPTS_ABOVE = 1_000_000;
const TDS_TCS_FROM = 25_000;
const SENIOR_RESIDENT_TDS_TCS_FROM = 50_000;
const SAVINGS_ACCOUNT_DEPOSITS_FROM = 5_000_000;

/** The conditions met that require a return whatever the income; the same in both regimes. */
export function conditionsBeyondIncome(input: TaxInput, seniorResident: boolean): ReturnCondition[] {
  const spent = input.depositsAndSpending;
  const business = input.presumptive.business;
  const profession = input.presumptive.profession;
  const tdsTcs = input.taxPayments?.tdsTcs ?? 0;
  const met: [ReturnCondition, boolean][] = [
    ["current_account_deposits", (spent?.currentAccountDeposits ?? 0) > CURRENT_ACCOUNT_DEPOSITS_ABOVE],
    ["foreign_travel", (spent?.foreignTravel ?? 0) > FOREIGN_TRAVEL_ABOVE],
    ["electricity", (spent?.electricity ?? 0) > ELECTRICITY_ABOVE],
    ["business_turnover", business !== null && business.digitalTurnover + business.otherTurnover > BUSINESS_TURNOVER_ABOVE],
    ["professional_receipts", profession !== null && profession.grossReceipts > PROFESSIONAL_RECEIPTS_ABOVE],
    ["tds_tcs", tdsTcs >= (seniorResident ? SENIOR_RESIDENT_TDS_TCS_FROM : TDS_TCS_FROM)],
    ["savings_account_deposits", (spent?.savingsAccountDeposits ?? 0) >= SAVINGS_ACCOUNT_DEPOSITS_FROM],
  ];
  return met.filter(([, isMet]) => isMet).map(([condition]) => condition);
}
