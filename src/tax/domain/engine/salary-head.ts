// Income from salaries (ss.15 to 17) for one regime: the s.10 exemptions (HRA, the retirement benefits worked out in
// retirement-benefits.ts, and those the employer reported), the s.17(2)(vii) perquisite, then the s.16 deductions
// (standard deduction and profession tax).
import { NEW_REGIME_BAR, pushLine } from "./deduction-lines";
import type { Facts } from "./facts";
import { EXEMPTION_DESCRIPTIONS, allowedInNewRegime } from "./form16-figures";
import { hraLeastOfThree, hraRentLimb, type HraPeriodFacts } from "./hra";
import type { RelievedExemptions } from "./payment-relief";
import type { DeductionLine } from "./types";
import { LIMITS, type RegimeRules } from "./years";

const LIMB_RENT = "rent paid minus 10 % of salary";
const LIMB_50 = "50 % of salary (metro)";
const LIMB_40 = "40 % of salary (other places)";
const LIMB_NO_RENT = "no rent paid (s.10(13A), Explanation (b))";
const REASON_SD_SALARY = "s.16(ia): limited to the salary";
const REASON_PT_CAP = "Art. 276(2): profession tax cannot exceed ₹2,500 a year";
const REASON_SALARY = "s.16: limited to the salary left after the standard deduction";
const REASON_EXEMPTION_SALARY = "s.10: an exemption cannot exceed the salary it exempts";
const REASON_VRS_CAP = "s.10(10C): ₹5,00,000 of voluntary retirement compensation";

/** No exemption for s.89 to relieve the rest of: the usual salary, shared rather than built on every run. */
const NONE_RELIEVED: RelievedExemptions = Object.freeze({ "10(10)": 0, "10(10A)": 0, "10(10B)": 0 });

/** Why an exemption stopped where it did: its own limit, or what was left of the salary. */
function limitReason(exempt: number, cap: number, salaryLeft: number, capReason: string): string {
  return exempt === cap && cap < salaryLeft ? capReason : REASON_EXEMPTION_SALARY;
}

/** The Salaries head, in paise. */
export interface SalaryHead {
  /** Every s.10 exemption: HRA (s.10(13A)), the retirement benefits and those the employer reported. */
  hraExemption: number;
  /** With lines, the retirement benefits' lines (also added to them); otherwise null. */
  retirementBenefitLines: DeductionLine[] | null;
  /** The exempt part of gratuity, commuted pension and retrenchment compensation: s.89 relieves the rest of each. */
  relievedExemptions: RelievedExemptions;
  employerContributionPerquisite: number;
  standardDeduction: number;
  professionalTax: number;
  incomeFromSalary: number;
}

/** The Salaries head under `rules`; adds its deduction lines to `lines` when given. */
export function salaryHead(f: Facts, rules: RegimeRules, lines: DeductionLine[] | null): SalaryHead {
  const oldStyle = rules.allowsOldRegimeDeductions;
  // s.10(13A): least of HRA received, rent − 10 % of salary, 50 %/40 % of salary, for the year or summed over
  // Rule 2A's periods; in tenths of a paisa so the 10 % limb stays exact.
  let hraExemption = 0;
  const reportedExemptions = f.reported.exemptions10;
  const hraReported = reportedExemptions.some((e) => e.section === "10(13A)");
  if (f.hraReceived > 0 && !hraReported) {
    const periods = f.hraPeriods;
    let tenths = 0;
    let yearLeast = 0;
    if (periods === null) {
      yearLeast = hraLeastOfThree(f.hraReceived, f.rentPaid, f.hraSalary, f.fiftyPercentCity);
      tenths = Math.max(0, yearLeast);
    } else {
      for (let i = 0; i < periods.length; i++) {
        const p = periods[i]!;
        tenths += Math.max(0, hraLeastOfThree(p.hraReceived, p.rentPaid, p.salary, p.fiftyPercentCity));
      }
    }
    hraExemption = oldStyle ? Math.floor(tenths / 10) : 0;
    if (lines !== null) {
      // Only shown when less than the HRA received is exempt, so the binding limb is rent or city.
      const reason = !oldStyle
        ? NEW_REGIME_BAR
        : periods !== null
          ? periodsReason(periods)
          : hraReason(bindingLimb(yearLeast, f.rentPaid, f.hraSalary, f.fiftyPercentCity));
      pushLine(lines, "10(13A)", "salary", "House rent allowance exemption", f.hraReceived, hraExemption, hraExemption, reason);
    }
  }
  // Gratuity, commuted pension and leave encashment worked out from the facts (s.115BAC(2) bars none of their
  // clauses, so both regimes exempt the same), then the exemptions as the employer reported them (Form 16 row 2),
  // each held to its own limit and to what is left of the salary.
  const benefits = f.retirementBenefits;
  let retirementBenefitLines: DeductionLine[] | null = null;
  let relievedExemptions = NONE_RELIEVED;
  if (benefits.length > 0 || reportedExemptions.length > 0) {
    retirementBenefitLines = lines === null || benefits.length === 0 ? null : [];
    relievedExemptions = { "10(10)": 0, "10(10A)": 0, "10(10B)": 0 };
    for (let i = 0; i < benefits.length; i++) {
      const benefit = benefits[i]!;
      const salaryLeft = Math.max(0, f.grossSalary - hraExemption);
      const exempt = Math.min(benefit.received, benefit.limit, salaryLeft);
      hraExemption += exempt;
      if (benefit.section !== "10(10AA)") relievedExemptions[benefit.section] = exempt;
      if (lines !== null && retirementBenefitLines !== null) {
        const reason = limitReason(exempt, benefit.limit, salaryLeft, benefit.limb ?? REASON_EXEMPTION_SALARY);
        pushLine(lines, benefit.section, "salary", benefit.description, benefit.received, exempt, benefit.limit, reason);
        retirementBenefitLines.push(lines[lines.length - 1]!);
      }
    }
    // The Act's own cap on voluntary retirement compensation holds whatever the employer reported.
    for (let i = 0; i < reportedExemptions.length; i++) {
      const { section, paise } = reportedExemptions[i]!;
      const allowedHere = oldStyle || allowedInNewRegime(section);
      const cap = !allowedHere ? 0 : section === "10(10C)" ? LIMITS.voluntaryRetirementExemption * 100 : Infinity;
      const salaryLeft = Math.max(0, f.grossSalary - hraExemption);
      const exempt = Math.min(paise, cap, salaryLeft);
      hraExemption += exempt;
      if (section === "10(10B)") relievedExemptions[section] = exempt;
      if (lines !== null && paise > 0) {
        const reason = allowedHere ? limitReason(exempt, cap, salaryLeft, REASON_VRS_CAP) : NEW_REGIME_BAR;
        pushLine(lines, section === "10(other)" ? "10" : section, "salary", EXEMPTION_DESCRIPTIONS[section], paise, exempt, cap, reason);
      }
    }
  }
  // s.17(2)(vii): the employer's NPS, PF and superannuation contributions above ₹7,50,000 a year are a perquisite.
  const employerContributionPerquisite = Math.max(
    0,
    f.section80CCD2 + f.otherEmployerContributions - LIMITS.employerContributionsPerquisiteAbove * 100,
  );
  const netSalary = Math.max(0, f.grossSalary + employerContributionPerquisite - hraExemption);
  let standardDeduction = 0;
  // The perquisite is salary (s.17(1)(iv)), so it earns the standard deduction even without a cash salary.
  if (netSalary > 0) {
    const cap = rules.standardDeduction * 100;
    standardDeduction = Math.min(cap, netSalary);
    if (lines !== null) pushLine(lines, "16(ia)", "salary", "Standard deduction", cap, standardDeduction, cap, REASON_SD_SALARY);
  }
  let professionalTax = 0;
  if (f.professionalTax > 0) {
    const cap = oldStyle ? LIMITS.professionalTax * 100 : 0;
    const room = netSalary - standardDeduction;
    professionalTax = Math.min(f.professionalTax, cap, room);
    if (lines !== null) {
      const reason = !oldStyle ? NEW_REGIME_BAR : cap <= room ? REASON_PT_CAP : REASON_SALARY;
      pushLine(lines, "16(iii)", "salary", "Tax on employment (profession tax)", f.professionalTax, professionalTax, cap, reason);
    }
  }
  const incomeFromSalary = netSalary - standardDeduction - professionalTax;
  return {
    hraExemption,
    retirementBenefitLines,
    relievedExemptions,
    employerContributionPerquisite,
    standardDeduction,
    professionalTax,
    incomeFromSalary,
  };
}

/**
 * Why the periods' exemption fell short of their HRA: the limb that held it; with several periods, that of the
 * period that lost the most, named.
 */
function periodsReason(periods: readonly HraPeriodFacts[]): string {
  let largest = 0;
  let largestCutTenths = -1;
  let largestLeast = 0;
  for (let i = 0; i < periods.length; i++) {
    const p = periods[i]!;
    const least = hraLeastOfThree(p.hraReceived, p.rentPaid, p.salary, p.fiftyPercentCity);
    const cut = p.hraReceived * 10 - Math.max(0, least);
    if (cut > largestCutTenths) {
      largest = i;
      largestCutTenths = cut;
      largestLeast = least;
    }
  }
  const p = periods[largest]!;
  const limb = p.rentPaid === 0 ? LIMB_NO_RENT : bindingLimb(largestLeast, p.rentPaid, p.salary, p.fiftyPercentCity);
  if (periods.length === 1) return hraReason(limb);
  const months = p.months === 1 ? "1 month" : `${p.months} months`;
  return `s.10(13A), Rule 2A, period by period; the most was cut in salary.hraPeriods[${largest}] (${months}): ${limb}`;
}

/** The limb that held an exemption below its HRA, from the least of the three (`least`, tenths of a paisa). */
function bindingLimb(least: number, rentPaid: number, salary: number, fiftyPercentCity: boolean): string {
  return least === hraRentLimb(rentPaid, salary) ? LIMB_RENT : fiftyPercentCity ? LIMB_50 : LIMB_40;
}

function hraReason(limb: string): string {
  return `s.10(13A), Rule 2A: ${limb}`;
}
