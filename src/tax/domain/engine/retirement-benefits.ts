// The exempt part of benefits on leaving employment, worked from the facts: gratuity (s.10(10)), commuted pension
// (s.10(10A)) and leave encashment (s.10(10AA)). Each is exempt up to a limit, the least of its clause's limbs other
// than the amount received, or in full where its clause says so. Paise, exact: products that can pass 2^53 are
// taken in BigInt, and a limb with a fraction of a paisa is rounded down ("to the extent it does not exceed").
// Gratuity or leave encashed while still in service is salary with no such exemption: these are for retirement,
// resignation or termination only. Sources: s.10 as the Act's text has it; the Payment of Gratuity Act's s.4(2) and
// the notifications (S.O. 1420(E) of 2018, 16/2019, 31/2023) as reproductions give them; that Act's s.4(3) as amended
// in 2018 was not read, only the notification made under it.
import { formatPaise, toPaise } from "./rounding";
import type { CommutedPension, Gratuity, LeaveEncashment, RetirementBenefits, RetirementEmployer } from "./types";
import { LIMITS } from "./years";

/** One benefit's exemption in paise: what was received, and the limit on its exempt part with the limb that set it. */
export interface RetirementExemption {
  section: "10(10)" | "10(10A)" | "10(10AA)";
  description: string;
  received: number;
  /** Infinity where the clause exempts the benefit in full. */
  limit: number;
  /** The limb that gives `limit`, worked out in words; null where there is no limit. */
  limb: string | null;
}

/** A limb of a "least of": its amount in paise and how it was worked out. */
interface Limb {
  paise: number;
  working: string;
}

// s.10(10)(iii) and s.10(10AA)(ii): "average salary" over the ten months before leaving.
const AVERAGING_MONTHS = 10;
// Explanation to s.10(10AA): earned leave counts at no more than thirty days for every year of actual service.
const LEAVE_DAYS_A_YEAR = 30;

/** Every benefit given, in the order of the clauses. */
export function retirementExemptions(benefits: RetirementBenefits | undefined): RetirementExemption[] {
  if (benefits === undefined) return [];
  const exemptions: RetirementExemption[] = [];
  if (benefits.gratuity !== null) exemptions.push(gratuityExemption(benefits.gratuity, benefits.employer));
  if (benefits.commutedPension !== null) exemptions.push(commutedPensionExemption(benefits.commutedPension, benefits.employer));
  if (benefits.leaveEncashment !== null) exemptions.push(leaveEncashmentExemption(benefits.leaveEncashment, benefits.employer));
  return exemptions;
}

/**
 * s.10(10): (i) a government servant's (the Union's and the States' civil services and posts, the all-India and
 * defence services) or a local authority's employee's gratuity is exempt in full; (ii) under the Payment of Gratuity
 * Act, up to the amount its s.4(2) and (3) give; (iii) any other, up to half a month's average salary for each
 * completed year. The provisos cap (ii) and (iii) at the notified limit less what was exempt in earlier years.
 */
function gratuityExemption(gratuity: Gratuity, employer: RetirementEmployer): RetirementExemption {
  const received = toPaise(gratuity.received);
  if (employer === "government" || employer === "local_authority") {
    return {
      section: "10(10)",
      description: "Gratuity, s.10(10)(i): a government or local authority employee's, exempt in full",
      received,
      limit: Infinity,
      limb: null,
    };
  }
  const { years, months, days } = gratuity.service;
  const clause = gratuity.coveredByGratuityAct ? "s.10(10)(ii)" : "s.10(10)(iii)";
  let formula: Limb;
  if (gratuity.coveredByGratuityAct) {
    // Payment of Gratuity Act s.4(2): fifteen days' wages for every completed year of service or part of one in
    // excess of six months; for a monthly-rated employee, the month's wages divided by 26 and multiplied by 15.
    const partCounts = months > 6 || (months === 6 && days > 0);
    const counted = years + (partCounts ? 1 : 0);
    const wages = toPaise(gratuity.lastMonthWages);
    const paise = mulDivFloor(wages, 15 * counted, 26);
    const beyond = monthsAndDays(months, days);
    const part =
      beyond === null
        ? ""
        : partCounts
          ? ` (${years} completed and ${beyond}, more than six months, counted)`
          : ` (the ${beyond} beyond them not counted)`;
    formula = { paise, working: `${clause}: 15/26 × ${formatPaise(wages)} × ${plural(counted, "year")}${part} = ${formatPaise(paise)}` };
  } else {
    // Half a month's average salary for each year of completed service (a part year does not count).
    const total = sumPaise(gratuity.tenMonthsSalary);
    const paise = mulDivFloor(total, years, 2 * AVERAGING_MONTHS);
    formula = {
      paise,
      working: `${clause}: ½ × ${formatPaise(total)} ÷ 10 (the average salary of the 10 months before the month of leaving) × ${plural(years, "completed year")} = ${formatPaise(paise)}`,
    };
  }
  const source = gratuity.coveredByGratuityAct
    ? "s.4(3) of the Payment of Gratuity Act, S.O. 1420(E) of 29 March 2018"
    : "Notification 16/2019, S.O. 1213(E), for those leaving on or after 29 March 2018";
  const ceiling = ceilingLimb(clause, LIMITS.gratuityCeiling, source, toPaise(gratuity.exemptedEarlier), "second proviso to s.10(10)");
  const description = gratuity.coveredByGratuityAct ? "Gratuity under the Payment of Gratuity Act, s.10(10)(ii)" : "Gratuity, s.10(10)(iii)";
  return withLeast("10(10)", description, received, [formula, ceiling]);
}

/**
 * s.10(10A): (i) commuted pension from the Government, a local authority or a statutory corporation is exempt in
 * full; (ii) any other employer's, up to the commuted value of one-third of the pension where the employee receives
 * gratuity, one-half where not.
 */
function commutedPensionExemption(pension: CommutedPension, employer: RetirementEmployer): RetirementExemption {
  const received = toPaise(pension.received);
  if (employer !== "other") {
    return {
      section: "10(10A)",
      description: "Commuted pension, s.10(10A)(i): a government, local authority or statutory corporation employee's, exempt in full",
      received,
      limit: Infinity,
      limb: null,
    };
  }
  const portion = pension.portionCommuted;
  // The whole pension's commuted value: as given, or what was received scaled up from the part commuted.
  const whole = portion === null ? toPaise(pension.fullCommutedValue ?? 0) : mulDivFloor(received, portion.denominator, portion.numerator);
  const share = pension.gratuityReceived ? 3 : 2;
  const paise = Math.floor(whole / share);
  const from = portion === null ? "" : ` (${formatPaise(received)} for ${portion.numerator}/${portion.denominator} of it)`;
  const why = pension.gratuityReceived ? "(a), gratuity received: one-third" : "(b), no gratuity received: one-half";
  const working = `s.10(10A)(ii)${why} of ${formatPaise(whole)}, the commuted value of the whole pension${from}, = ${formatPaise(paise)}`;
  return withLeast("10(10A)", "Commuted pension, s.10(10A)(ii)", received, [{ paise, working }]);
}

/**
 * s.10(10AA): (i) a Central or State Government employee's leave encashment on retirement is exempt in full; (ii)
 * any other employee's up to the least of the leave at credit (at most 30 days for every year of actual service,
 * Explanation) at the average salary of the ten months before retirement, ten months of that salary, and the notified
 * limit less what was exempt in earlier years (second proviso).
 */
function leaveEncashmentExemption(leave: LeaveEncashment, employer: RetirementEmployer): RetirementExemption {
  const received = toPaise(leave.received);
  if (employer === "government") {
    return {
      section: "10(10AA)",
      description: "Leave encashment on retirement, s.10(10AA)(i): a Central or State Government employee's, exempt in full",
      received,
      limit: Infinity,
      limb: null,
    };
  }
  const total = sumPaise(leave.tenMonthsSalary);
  const average = `${formatPaise(total)} ÷ 10 (the average salary of the 10 months before retirement)`;
  // Days in halves, so half days stay exact; the cap is 30 days for each completed year, less leave taken or encashed.
  const atCredit = Math.round(leave.leaveAtCreditDays * 2);
  const taken = Math.round(leave.leaveTakenInServiceDays * 2);
  const entitled = Math.max(0, 2 * LEAVE_DAYS_A_YEAR * leave.completedYearsOfService - taken);
  const counted = Math.min(atCredit, entitled);
  const leavePaise = mulDivFloor(total, counted, 2 * LEAVE_DAYS_A_YEAR * AVERAGING_MONTHS);
  const capped =
    counted < atCredit
      ? ` (of ${halfDays(atCredit)} at credit: at most 30 days × ${plural(leave.completedYearsOfService, "year")} of service less ${halfDays(taken)} taken or encashed, Explanation to s.10(10AA))`
      : "";
  const leaveAtCredit: Limb = {
    paise: leavePaise,
    working: `s.10(10AA)(ii): ${halfDays(counted)} of earned leave${capped} ÷ 30 × ${average} = ${formatPaise(leavePaise)}`,
  };
  const tenMonths: Limb = { paise: total, working: `s.10(10AA)(ii): 10 months × ${average} = ${formatPaise(total)}` };
  const ceiling = ceilingLimb(
    "s.10(10AA)(ii)",
    LIMITS.leaveEncashmentCeiling,
    "Notification 31/2023, S.O. 2276(E), for retirements from 1 April 2023",
    toPaise(leave.exemptedEarlier),
    "second proviso to s.10(10AA)(ii)",
  );
  return withLeast("10(10AA)", "Leave encashment on retirement, s.10(10AA)(ii)", received, [leaveAtCredit, tenMonths, ceiling]);
}

/** The notified ceiling, less what earlier years exempted. */
function ceilingLimb(clause: string, ceilingRupees: number, source: string, earlier: number, proviso: string): Limb {
  const ceiling = ceilingRupees * 100;
  const paise = Math.max(0, ceiling - earlier);
  const working =
    earlier === 0
      ? `${clause}: the ceiling of ${formatPaise(ceiling)} (${source})`
      : `${clause}: the ceiling of ${formatPaise(ceiling)} (${source}) less ${formatPaise(earlier)} exempt in earlier years (${proviso}) = ${formatPaise(paise)}`;
  return { paise, working };
}

/** The exemption limited by the least of `limbs`; on a tie the first named holds. */
function withLeast(section: RetirementExemption["section"], description: string, received: number, limbs: Limb[]): RetirementExemption {
  let least = limbs[0]!;
  for (let i = 1; i < limbs.length; i++) if (limbs[i]!.paise < least.paise) least = limbs[i]!;
  return { section, description, received, limit: least.paise, limb: least.working };
}

/** floor(a × b / c) for non-negative integers, exact at any size. */
function mulDivFloor(a: number, b: number, c: number): number {
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

function sumPaise(amounts: readonly number[]): number {
  let paise = 0;
  for (const amount of amounts) paise += toPaise(amount);
  return paise;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** Days held in halves, in words: "240 days", "12.5 days". */
function halfDays(halves: number): string {
  return halves === 2 ? "1 day" : `${halves % 2 === 0 ? halves / 2 : (halves / 2).toFixed(1)} days`;
}

/** The months and days beyond the completed years, in words; null when none. */
function monthsAndDays(months: number, days: number): string | null {
  const parts = [months > 0 ? plural(months, "month") : null, days > 0 ? plural(days, "day") : null].filter((part) => part !== null);
  return parts.length === 0 ? null : parts.join(" ");
}
