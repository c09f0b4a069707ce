// Interest on money borrowed to earn dividends: the one deduction the s.57(i) proviso allows against dividends and
// mutual-fund income, worked once per computation (it is the same in both regimes).
import { percentOfFloor } from "./rounding";
import type { YearRules } from "./years";

// s.115A(3): no deduction under s.57 in computing the income s.115A(1) charges. Only 1961-Act years allow the
// deduction at all, so the section is that Act's.
const REASON_NON_RESIDENT = "s.115A(3): no deduction under s.57 from a non-resident's dividends taxed under s.115A";

/** In paise: what was claimed and allowed, the cap, and the rule that allows less than the claim. */
export interface DividendInterest {
  section: string;
  claimed: number;
  allowed: number;
  limit: number;
  limitedBy: string;
}

/**
 * s.57(i) proviso: from dividends and mutual-fund income the only deduction is interest, at most 20 % of that
 * income as included in total income. s.115BAC(2) does not list it, so both regimes allow it. The Finance Act
 * 2026 withdrew it from tax year 2026-27 (s.93(2) of the 2025 Act): `dividendInterestCapPercent` is then null.
 */
export function dividendInterest(claimed: number, dividends: number, resident: boolean, year: YearRules): DividendInterest {
  const section = year.sections.dividendInterest;
  const capPercent = year.dividendInterestCapPercent;
  if (capPercent === null) {
    const limitedBy = `s.${section} as amended by the Finance Act, 2026: no deduction from dividends or mutual-fund income`;
    return { section, claimed, allowed: 0, limit: 0, limitedBy };
  }
  if (!resident) return { section, claimed, allowed: 0, limit: 0, limitedBy: REASON_NON_RESIDENT };
  const limit = percentOfFloor(dividends, capPercent);
  const limitedBy = `s.${section} proviso: interest only, up to ${capPercent} % of the dividends`;
  return { section, claimed, allowed: Math.min(claimed, limit), limit, limitedBy };
}
