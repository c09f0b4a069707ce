// s.23(2) and (4): at most two homes the owner lives in have nil annual value; with more, the owner chooses
// which two, and every other is deemed let out at its expected rent. The engine makes the choice that gives the
// lowest income from house property, whatever the order the homes were listed in.
import { percentOfFloor, toPaise } from "./rounding";
import type { HouseProperty } from "./types";
import { LIMITS } from "./years";

/** Income (paise) of a home deemed let out: annual value less 30 % (s.24(a)) less the interest (s.24(b)). */
export function deemedLetOutIncome(property: HouseProperty): number {
  const value = toPaise(property.annualRent) - toPaise(property.municipalTaxesPaid);
  return value - (value > 0 ? percentOfFloor(value, LIMITS.letOutStandardDeductionPercent) : 0) - toPaise(property.interestOnHousingLoan);
}

/** Whether a home's loan falls under the first proviso to s.24(b) (before 1-4-1999, repair, or built late). */
function underFirstProviso(property: HouseProperty): boolean {
  return property.interestCap === "other";
}

const FIRST_PROVISO_CAP = LIMITS.selfOccupiedInterestOther * 100;
const SECOND_PROVISO_CAP = LIMITS.selfOccupiedInterest * 100;

/** The homes' interest under each proviso of s.24(b), paise; null where no home falls under it. */
function interestByProviso(homes: readonly HouseProperty[]): { first: number | null; second: number | null } {
  let first: number | null = null;
  let second: number | null = null;
  for (const home of homes) {
    const interest = toPaise(home.interestOnHousingLoan);
    if (underFirstProviso(home)) first = (first ?? 0) + interest;
    else second = (second ?? 0) + interest;
  }
  return { first, second };
}

/**
 * s.24(b) on the self-occupied `homes`' interest, paise: ₹30,000 for the homes under the first proviso together
 * ("the amount of deduction or, as the case may be, the aggregate"), ₹2,00,000 for those under the second, and
 * `aggregateCap` for all (₹2,00,000 for both provisos together, third proviso; nil in the new regime, s.115BAC(2)(i)).
 * `limit` is the cap that applies to these homes, `allowed` the interest within it, and `provisos` which apply.
 */
export function selfOccupiedInterestAllowance(
  homes: readonly HouseProperty[],
  aggregateCap: number,
): { allowed: number; limit: number; provisos: "first" | "second" | "both" } {
  const { first, second } = interestByProviso(homes);
  return {
    allowed: Math.min(aggregateCap, Math.min(first ?? 0, FIRST_PROVISO_CAP) + Math.min(second ?? 0, SECOND_PROVISO_CAP)),
    limit: Math.min(aggregateCap, (first === null ? 0 : FIRST_PROVISO_CAP) + (second === null ? 0 : SECOND_PROVISO_CAP)),
    provisos: first === null ? "second" : second === null ? "first" : "both",
  };
}

/** Orders homes by their figures, so ties between equally good pairs break the same way in any input order. */
function compareHomes(a: HouseProperty, b: HouseProperty): number {
  return (
    a.annualRent - b.annualRent ||
    a.municipalTaxesPaid - b.municipalTaxesPaid ||
    a.interestOnHousingLoan - b.interestOnHousingLoan ||
    Number(underFirstProviso(a)) - Number(underFirstProviso(b))
  );
}

/**
 * Indexes of the homes treated as self-occupied, ascending. `interestCap` is the s.24(b) limit on their interest
 * together (paise; 0 in the new regime, s.115BAC(2)(i)), within which the homes under the first proviso share
 * ₹30,000 (selfOccupiedInterestAllowance). Each home kept out of the deemed let-out set removes its deemed income (whose
 * interest is uncapped) and adds its interest to the capped pool, so the best pair maximises
 * deemed(a) + deemed(b) + the interest allowed on [a, b].
 */
export function chooseSelfOccupied(properties: readonly HouseProperty[], interestCap: number): number[] {
  const candidates: number[] = [];
  for (let i = 0; i < properties.length; i++) if (properties[i]!.type === "self_occupied") candidates.push(i);
  if (candidates.length <= LIMITS.selfOccupiedNilValueProperties) return candidates;
  let best: [number, number] = [candidates[0]!, candidates[1]!];
  let bestValue = -Infinity;
  for (let x = 0; x < candidates.length; x++) {
    for (let y = x + 1; y < candidates.length; y++) {
      const a = properties[candidates[x]!]!;
      const b = properties[candidates[y]!]!;
      const value = deemedLetOutIncome(a) + deemedLetOutIncome(b) + selfOccupiedInterestAllowance([a, b], interestCap).allowed;
      if (value > bestValue || (value === bestValue && comparePairs([a, b], [properties[best[0]]!, properties[best[1]]!]) < 0)) {
        bestValue = value;
        best = [candidates[x]!, candidates[y]!];
      }
    }
  }
  return best;
}

function comparePairs(p: [HouseProperty, HouseProperty], q: [HouseProperty, HouseProperty]): number {
  const [p1, p2] = compareHomes(p[0], p[1]) <= 0 ? p : [p[1], p[0]];
  const [q1, q2] = compareHomes(q[0], q[1]) <= 0 ? q : [q[1], q[0]];
  return compareHomes(p1, q1) || compareHomes(p2, q2);
}
