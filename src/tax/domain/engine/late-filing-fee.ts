// The fee for a late return: s.234F of the Income-tax Act, 1961 (inserted by the Finance Act 2017 for AY 2018-19
// on; substituted by the Finance Act 2021 from AY 2021-22, which dropped the ₹10,000 for a return after
// 31 December), and for tax year 2026-27 s.428 of the Income-tax Act, 2025: ₹5,000, or at most ₹1,000 where total
// income does not exceed ₹5,00,000, from a person required to furnish a return who furnishes it after the due date.
import type { LateFilingFee } from "./types";

const FEE = 5_000;
/** Proviso to s.234F(1); s.428(b). */
const SMALL_INCOME_FEE = 1_000;
const SMALL_INCOME_UP_TO = 500_000;

export interface LateFilingFacts {
  section: string;
  dueDate: string;
  filedOn: string;
  /** Rupees: income before Chapter VI-A deductions. */
  grossTotalIncome: number;
  /** Rupees, rounded under s.288A. */
  totalIncome: number;
  /** The regime's basic exemption for the taxpayer's age and residence. */
  maximumAmountNotChargeable: number;
}

export function lateFilingFee(f: LateFilingFacts): LateFilingFee {
  // Sixth proviso to s.139(1) (s.263(1)(a)(iii) of the 2025 Act): an individual must file when total income
  // "without giving effect to ... Chapter VI-A" (Chapter VIII) exceeded the maximum amount not chargeable to tax.
  const returnRequired = f.grossTotalIncome > f.maximumAmountNotChargeable;
  const late = f.filedOn > f.dueDate;
  const fee = !late || !returnRequired ? 0 : f.totalIncome <= SMALL_INCOME_UP_TO ? SMALL_INCOME_FEE : FEE;
  return {
    section: f.section,
    dueDate: f.dueDate,
    filedOn: f.filedOn,
    returnRequired,
    maximumAmountNotChargeable: f.maximumAmountNotChargeable,
    fee,
  };
}
