// Chapter VI-A: the deductions from gross total income for one regime, and the rule that cut each claim.
import { GAIN_BUCKETS, type GainBucket } from "./capital-gains";
import { NEW_REGIME_BAR, pushLine } from "./deduction-lines";
import type { Facts } from "./facts";
import { OTHER_VIA_DESCRIPTIONS, type OtherChapterVIA, otherVIAAllowedInNewRegime } from "./form16-figures";
import { specialAfterLoss } from "./house-property-head";
import { percentOfFloor } from "./rounding";
import type { DeductionLine } from "./types";
import { LIMITS, type RegimeRules } from "./years";

const GTI_BOUND = "s.80A(2): Chapter VI-A deductions cannot exceed gross total income";
const REASON_80CCE = "s.80CCE: ₹1,50,000 aggregate for 80C, 80CCC and 80CCD(1)";
const REASON_80CCD1_EMPLOYEE = "s.80CCD(1)(a): 10 % of basic + DA for an employee";
const REASON_80CCD1_OTHERS = "s.80CCD(1)(b): 20 % of gross total income";
const REASON_80CCD1B = "s.80CCD(1B): ₹50,000";
const REASON_80CCD2_10 = "s.80CCD(2): 10 % of basic + DA";
const REASON_80CCD2_14 = "s.80CCD(2): 14 % of basic + DA";
const REASON_80CCD2_REPORTED = "s.80CCD(2): 14 % of basic + DA, at most gross salary less the contribution";
const REASON_80D_SELF = "s.80D(2)(a): ₹25,000 for self, spouse and children";
const REASON_80D_SELF_SENIOR = "s.80D(4): ₹50,000 where the insured is a senior citizen";
const REASON_80D_PARENTS = "s.80D(2)(b): ₹25,000 for parents";
const REASON_80D_PARENTS_SENIOR = "s.80D(4): ₹50,000 where a parent is a senior citizen";
const REASON_80TTA = "s.80TTA: ₹10,000 of savings-account interest";
const REASON_80TTB = "s.80TTB: ₹50,000 of deposit interest for a resident senior citizen";
const REASON_80GG_RENT = "s.80GG: rent paid less 10 % of total income";
const REASON_80GG_MONTHLY = "s.80GG: ₹5,000 for each month rented";
const REASON_80GG_QUARTER = "s.80GG: 25 % of total income";
const REASON_80G_50 = "s.80G(1)(ii): 50 % of the donation";
const REASON_80G_QUALIFYING = "s.80G(4): qualifying limit of 10 % of adjusted gross total income, then 50 %";
const REASON_80TTA_SENIOR = "s.80TTA(2): not for a resident senior citizen, who has s.80TTB";
const REASON_80TTB_ONLY_SENIOR = "s.80TTB: resident senior citizens only";
const REASON_80D_CHECK_UPS = "s.80D(2A): ₹5,000 of check-ups for both groups together, within the group's insurance limit";
const REASON_80D_MEDICAL = "s.80D(2)(c), (d), second proviso: ₹50,000 for the group's medical expenditure and insurance together";
const REASON_80D_TOTAL = "s.80D(2), (4): ₹25,000 or ₹50,000 for self/family plus ₹25,000 or ₹50,000 for parents";

/**
 * A Chapter VI-A claim: the least of the claim, its cap and `room`, what is left of gross total income less its
 * special-rate income; `roomReason` names the rules that set that room.
 */
function allowVIA(
  lines: DeductionLine[] | null,
  section: string,
  description: string,
  claimed: number,
  cap: number,
  capReason: string,
  room: number,
  roomReason: string,
): number {
  const allowed = Math.min(claimed, cap, room);
  if (lines !== null && claimed > 0) {
    pushLine(lines, section, "chapterVIA", description, claimed, allowed, cap, cap <= room ? capReason : roomReason);
  }
  return allowed;
}

/** "a", "a and b", "a, b and c". */
function listed(items: readonly string[]): string {
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

const ROOM_SECTIONS: Readonly<Record<GainBucket["kind"], string>> = { "111A": "s.111A(2)", "112": "s.112(2)", "112A": "s.112A(5)" };

/**
 * Why Chapter VI-A can fall short of a claim's cap: s.80A(2) keeps it within gross total income, and where that
 * income holds special-rate income (what losses of other heads left of it), the sections that keep deductions off
 * it: ss.111A(2), 112(2), 112A(5), s.115A(4) for a non-resident's dividends, s.115BB for winnings.
 */
function viaRoomReason(f: Facts, lossAgainstSpecial: number): string {
  const left = specialAfterLoss(f, lossAgainstSpecial);
  const sections: string[] = [];
  for (const kind of ["111A", "112", "112A"] as const) {
    if (GAIN_BUCKETS.some((bucket, i) => bucket.kind === kind && left.gains[i]! > 0)) sections.push(ROOM_SECTIONS[kind]);
  }
  const incomes = sections.length > 0 ? ["capital gains taxed at special rates"] : [];
  if (left.nonResidentDividends > 0) {
    sections.push("s.115A(4)");
    incomes.push("a non-resident's dividends");
  }
  if (f.casualWinnings > 0) {
    sections.push("s.115BB");
    incomes.push("winnings");
  }
  if (sections.length === 0) return GTI_BOUND;
  return `${listed([...sections, "s.80A(2)"])}: Chapter VI-A deductions cannot exceed gross total income less ${listed(incomes)}`;
}

interface Limit {
  cap: number;
  reason: string;
}

const BARRED: Limit = { cap: 0, reason: NEW_REGIME_BAR };
const LIMIT_80TTA: Limit = { cap: LIMITS.section80TTA * 100, reason: REASON_80TTA };
const LIMIT_80TTA_SENIOR: Limit = { cap: 0, reason: REASON_80TTA_SENIOR };
const LIMIT_80TTB: Limit = { cap: LIMITS.section80TTB * 100, reason: REASON_80TTB };
const LIMIT_80TTB_ONLY_SENIOR: Limit = { cap: 0, reason: REASON_80TTB_ONLY_SENIOR };
// ss.80DD and 80U allow a fixed ₹75,000, or ₹1,25,000 with severe disability, and s.80DDB what was paid up to
// ₹40,000, or ₹1,00,000 for a senior citizen, less what insurance or the employer paid back: which applies depends
// on certificates and on the patient's age, so a claim is held to the larger. All three are for residents only.
const LIMIT_80DD: Limit = { cap: LIMITS.disabilitySevere * 100, reason: "s.80DD: ₹75,000, or ₹1,25,000 for a dependant with severe disability" };
const LIMIT_80U: Limit = { cap: LIMITS.disabilitySevere * 100, reason: "s.80U: ₹75,000, or ₹1,25,000 for severe disability" };
const LIMIT_80DDB: Limit = { cap: LIMITS.section80DDBSenior * 100, reason: "s.80DDB: ₹40,000, or ₹1,00,000 for a senior citizen" };
// ss.80EEA and 80EEB: interest on a home or electric-vehicle loan sanctioned in their windows, ₹1,50,000 each.
const LIMIT_80EEA: Limit = { cap: LIMITS.loanInterest80EEA80EEB * 100, reason: "s.80EEA(2): ₹1,50,000" };
const LIMIT_80EEB: Limit = { cap: LIMITS.loanInterest80EEA80EEB * 100, reason: "s.80EEB(2): ₹1,50,000" };
const LIMIT_80GG: Limit = { cap: LIMITS.section80GGMonthly * 12 * 100, reason: REASON_80GG_MONTHLY };
const RESIDENTS_ONLY: Readonly<Record<"80DD" | "80DDB" | "80U", Limit>> = {
  "80DD": { cap: 0, reason: "s.80DD: residents only" },
  "80DDB": { cap: 0, reason: "s.80DDB: residents only" },
  "80U": { cap: 0, reason: "s.80U: residents only" },
};

/**
 * The cap and its rule for a deduction given as Form 16 prints it, where the regime allows it; null where the Act
 * sets no amount. s.80TTA(2) excludes senior citizens, who have s.80TTB instead.
 */
function reportedVIALimit(section: OtherChapterVIA, f: Facts): Limit | null {
  switch (section) {
    case "80TTA":
      return f.seniorCitizen ? LIMIT_80TTA_SENIOR : LIMIT_80TTA;
    case "80TTB":
      return f.seniorCitizen ? LIMIT_80TTB : LIMIT_80TTB_ONLY_SENIOR;
    case "80DD":
      return f.resident ? LIMIT_80DD : RESIDENTS_ONLY["80DD"];
    case "80DDB":
      return f.resident ? LIMIT_80DDB : RESIDENTS_ONLY["80DDB"];
    case "80U":
      return f.resident ? LIMIT_80U : RESIDENTS_ONLY["80U"];
    case "80EEA":
      return LIMIT_80EEA;
    case "80EEB":
      return LIMIT_80EEB;
    case "80GG":
      return LIMIT_80GG;
    default:
      return null;
  }
}

/**
 * One s.80D group's insurance and medical expenditure on a senior citizen without insurance, with their lines; and
 * the room its check-ups have left: within the insurance limit, and with the rest within ₹50,000 (second proviso).
 */
function insuranceAndMedical(
  lines: DeductionLine[] | null,
  group: string,
  medicalGroup: string,
  insurance: number,
  medical: number,
  insuranceCap: number,
  insuranceReason: string,
  oldStyle: boolean,
  room: number,
  roomReason: string,
): { allowed: number; checkUpRoom: number } {
  const insured = allowVIA(lines, "80D", `Health insurance: ${group}`, insurance, insuranceCap, insuranceReason, room, roomReason);
  const together = LIMITS.section80DMedical * 100;
  const spent = allowVIA(
    lines,
    "80D",
    `Medical expenditure, senior citizen without health insurance: ${medicalGroup}`,
    medical,
    oldStyle ? together - insured : 0,
    oldStyle ? REASON_80D_MEDICAL : NEW_REGIME_BAR,
    room - insured,
    roomReason,
  );
  return { allowed: insured + spent, checkUpRoom: Math.min(insuranceCap - insured, together - insured - spent) };
}

/**
 * The Chapter VI-A deductions under `rules`, paise, within `ordinaryIncome`: gross total income less its
 * special-rate income. `lossAgainstSpecial`, the losses of other heads set off against that income, only serves to
 * name the sections in a cut claim's reason. Adds a line for each claim to `lines` when given.
 */
export function chapterVIADeductions(
  f: Facts,
  rules: RegimeRules,
  ordinaryIncome: number,
  grossTotalIncome: number,
  lossAgainstSpecial: number,
  lines: DeductionLine[] | null,
): number {
  const oldStyle = rules.allowsOldRegimeDeductions;
  // Only s.80CCD(2) and s.80CCH(2) survive in the new regime (s.115BAC(2)(i)); s.80G goes last because its
  // qualifying limit is on gross total income less the other deductions. None is set against special-rate income
  // (ss.111A(2), 112(2), 112A(5), 115BB; s.115A(4) for a non-resident's dividends), so the room is the ordinary
  // part of gross total income.
  const bar = oldStyle ? Infinity : 0;
  // Only the detailed result shows why a claim was cut.
  const roomReason = lines === null || grossTotalIncome === ordinaryIncome ? GTI_BOUND : viaRoomReason(f, lossAgainstSpecial);
  const section80C = allowVIA(
    lines,
    "80C",
    "Life insurance, PF, PPF, ELSS and the like",
    f.section80C,
    oldStyle ? LIMITS.section80CCE * 100 : 0,
    oldStyle ? REASON_80CCE : NEW_REGIME_BAR,
    ordinaryIncome,
    roomReason,
  );
  let via = section80C;
  // The gross total income Chapter VI-A works from: less the gains and dividends ss.111A(2), 112(2), 112A(5) and
  // 115A(4)(b) take out of it; winnings stay (s.115BB deems nothing of the kind).
  const reducedGrossTotalIncome = ordinaryIncome + f.casualWinnings;
  // s.80CCD(1): an employee's own contribution within 10 % of basic + DA, anyone else's (a pensioner's too) within
  // 20 % of gross total income; and with 80C within the ₹1,50,000 of s.80CCE.
  const employee = f.grossSalary > 0 && !f.salaryIsPension;
  const ownNpsLimit = employee
    ? percentOfFloor(f.basicPlusDA, LIMITS.ownNpsPercentOfSalary)
    : percentOfFloor(reducedGrossTotalIncome, LIMITS.ownNpsPercentOfGrossTotalIncome);
  const cceLeft = LIMITS.section80CCE * 100 - section80C;
  const ownNpsUnder1 = allowVIA(
    lines,
    "80CCD(1)",
    "Own contribution to NPS, within s.80CCE",
    f.section80CCD1,
    oldStyle ? Math.min(ownNpsLimit, cceLeft) : 0,
    !oldStyle ? NEW_REGIME_BAR : cceLeft <= ownNpsLimit ? REASON_80CCE : employee ? REASON_80CCD1_EMPLOYEE : REASON_80CCD1_OTHERS,
    ordinaryIncome - via,
    roomReason,
  );
  via += ownNpsUnder1;
  const ownNpsUnder1B = allowVIA(
    lines,
    "80CCD(1B)",
    "Own contribution to NPS",
    f.section80CCD1B,
    oldStyle ? LIMITS.section80CCD1B * 100 : 0,
    oldStyle ? REASON_80CCD1B : NEW_REGIME_BAR,
    ordinaryIncome - via,
    roomReason,
  );
  via += ownNpsUnder1B;
  // s.80CCD(1B) allows "whether or not any deduction is allowed under sub-section (1)" and bars only what (1) allowed,
  // so the own contribution (1) left out counts there, within what the ₹50,000 has left.
  const ownNpsLeftOut = f.section80CCD1 - ownNpsUnder1;
  if (oldStyle && ownNpsLeftOut > 0) {
    via += allowVIA(
      lines,
      "80CCD(1B)",
      "Own contribution to NPS not allowed under s.80CCD(1)",
      ownNpsLeftOut,
      LIMITS.section80CCD1B * 100 - ownNpsUnder1B,
      REASON_80CCD1B,
      ordinaryIncome - via,
      roomReason,
    );
  }
  const npsPercent = f.isGovernmentEmployer ? rules.employerNpsPercentGovernment : rules.employerNpsPercent;
  // Without basic + DA the employer's deductible figure (it applied the cap) is taken as reported, within the
  // highest cap basic + DA could give: 14 % of the gross salary less the contribution, which it includes.
  const reportedNpsLimit = percentOfFloor(f.grossSalary - f.section80CCD2, rules.employerNpsPercentGovernment);
  via += allowVIA(
    lines,
    "80CCD(2)",
    "Employer's contribution to NPS",
    f.section80CCD2,
    f.reported.employerNpsAsReported ? reportedNpsLimit : percentOfFloor(f.basicPlusDA, npsPercent),
    f.reported.employerNpsAsReported ? REASON_80CCD2_REPORTED : npsPercent === 14 ? REASON_80CCD2_14 : REASON_80CCD2_10,
    ordinaryIncome - via,
    roomReason,
  );
  // s.80D, two groups: each group's insurance (clauses (a), (b)), and medical expenditure on a senior citizen
  // without insurance (clauses (c), (d)); then the check-ups, inside the group's insurance limit and the ₹50,000 of
  // the second proviso, ₹5,000 for both groups together (s.80D(2A)). The check-ups go last, and to self and family
  // first: as only their ₹5,000 is shared, that order deducts the most.
  const selfCap = f.seniorCitizen ? LIMITS.section80DSenior : LIMITS.section80D;
  const splitStart = via;
  const self = insuranceAndMedical(
    lines,
    "self, spouse and children",
    "self or spouse",
    f.section80D_selfFamily,
    f.section80D_medicalSelfFamily,
    oldStyle ? selfCap * 100 : 0,
    !oldStyle ? NEW_REGIME_BAR : f.seniorCitizen ? REASON_80D_SELF_SENIOR : REASON_80D_SELF,
    oldStyle,
    ordinaryIncome - via,
    roomReason,
  );
  via += self.allowed;
  const parentsCap = f.parentsSeniorCitizen ? LIMITS.section80DSenior : LIMITS.section80D;
  const parents = insuranceAndMedical(
    lines,
    "parents",
    "parents",
    f.section80D_parents,
    f.section80D_medicalParents,
    oldStyle ? parentsCap * 100 : 0,
    !oldStyle ? NEW_REGIME_BAR : f.parentsSeniorCitizen ? REASON_80D_PARENTS_SENIOR : REASON_80D_PARENTS,
    oldStyle,
    ordinaryIncome - via,
    roomReason,
  );
  via += parents.allowed;
  const selfCheckUps = allowVIA(
    lines,
    "80D",
    "Preventive health check-ups: self, spouse and children",
    f.section80D_checkUpSelfFamily,
    oldStyle ? Math.min(LIMITS.section80DCheckUps * 100, self.checkUpRoom) : 0,
    oldStyle ? REASON_80D_CHECK_UPS : NEW_REGIME_BAR,
    ordinaryIncome - via,
    roomReason,
  );
  via += selfCheckUps;
  via += allowVIA(
    lines,
    "80D",
    "Preventive health check-ups: parents",
    f.section80D_checkUpParents,
    oldStyle ? Math.min(LIMITS.section80DCheckUps * 100 - selfCheckUps, parents.checkUpRoom) : 0,
    oldStyle ? REASON_80D_CHECK_UPS : NEW_REGIME_BAR,
    ordinaryIncome - via,
    roomReason,
  );
  if (f.reported.section80D > 0) {
    // An unsplit total: the parents' part may be for a senior citizen unless their age or the user says otherwise.
    // It shares both caps with whatever the split fields already took.
    const parentsTotalCap = f.parentsMaybeSeniorCitizen ? LIMITS.section80DSenior : LIMITS.section80D;
    const totalCap = Math.max(0, (selfCap + parentsTotalCap) * 100 - (via - splitStart));
    via += allowVIA(
      lines,
      "80D",
      "Health insurance: self, family and parents together",
      f.reported.section80D,
      oldStyle ? totalCap : 0,
      oldStyle ? REASON_80D_TOTAL : NEW_REGIME_BAR,
      ordinaryIncome - via,
      roomReason,
    );
  }
  via += allowVIA(lines, "80E", "Interest on education loan", f.section80E, bar, NEW_REGIME_BAR, ordinaryIncome - via, roomReason);
  // Deductions given as Form 16 prints them, each within the Act's amount where it sets one.
  const reportedVIA = f.reported.otherChapterVIA;
  // Only the one of s.80TTA/80TTB the taxpayer may claim stands in for the deduction computed from interest; the
  // other, refused below, leaves that deduction in place.
  const interestSection = f.seniorCitizen ? "80TTB" : "80TTA";
  const interestReported = reportedVIA.some((r) => r.section === interestSection);
  for (let i = 0; i < reportedVIA.length; i++) {
    const { section, paise } = reportedVIA[i]!;
    const limit = oldStyle || otherVIAAllowedInNewRegime(section) ? reportedVIALimit(section, f) : BARRED;
    via += allowVIA(
      lines,
      section,
      OTHER_VIA_DESCRIPTIONS[section],
      paise,
      limit?.cap ?? Infinity,
      limit?.reason ?? roomReason,
      ordinaryIncome - via,
      roomReason,
    );
  }
  // s.80TTB for resident senior citizens (all deposits); s.80TTA(2) excludes them, others get savings interest.
  if (!interestReported && f.seniorCitizen) {
    via += allowVIA(
      lines,
      "80TTB",
      "Interest on deposits",
      f.savingsInterest + f.depositInterest,
      oldStyle ? LIMITS.section80TTB * 100 : 0,
      oldStyle ? REASON_80TTB : NEW_REGIME_BAR,
      ordinaryIncome - via,
      roomReason,
    );
  } else if (!interestReported) {
    via += allowVIA(
      lines,
      "80TTA",
      "Interest on savings accounts",
      f.savingsInterest,
      oldStyle ? LIMITS.section80TTA * 100 : 0,
      oldStyle ? REASON_80TTA : NEW_REGIME_BAR,
      ordinaryIncome - via,
      roomReason,
    );
  }
  // s.80G without a qualifying limit; then s.80GG, whose percentages are of total income before s.80GG (so after
  // those); then s.80G within the qualifying limit, on gross total income less every deduction but s.80G's (s.80G(4)),
  // s.80GG's included. s.80GG's base would count this last s.80G line too, which counts s.80GG: it comes first.
  const beforeDonations = via;
  via += allowVIA(lines, "80G", "Donations: 100 %, no qualifying limit", f.section80G_100, bar, NEW_REGIME_BAR, ordinaryIncome - via, roomReason);
  via += allowVIA(
    lines,
    "80G",
    "Donations: 50 %, no qualifying limit",
    f.section80G_50,
    oldStyle ? Math.floor(f.section80G_50 / 2) : 0,
    oldStyle ? REASON_80G_50 : NEW_REGIME_BAR,
    ordinaryIncome - via,
    roomReason,
  );
  const donations = via - beforeDonations;
  // s.80GG: rent for one's own home without house rent allowance, the least of the rent above 10 % of total income,
  // ₹5,000 for each month rented and 25 % of total income.
  if (f.section80GG_rentPaid > 0) {
    const totalIncome = reducedGrossTotalIncome - via;
    const aboveTenth = Math.max(0, f.section80GG_rentPaid - percentOfFloor(totalIncome, LIMITS.section80GGRentAbovePercent));
    const monthly = LIMITS.section80GGMonthly * f.section80GG_months * 100;
    const quarter = Math.max(0, percentOfFloor(totalIncome, LIMITS.section80GGPercent));
    const limit = Math.min(aboveTenth, monthly, quarter);
    const reason = limit === aboveTenth ? REASON_80GG_RENT : limit === monthly ? REASON_80GG_MONTHLY : REASON_80GG_QUARTER;
    via += allowVIA(
      lines,
      "80GG",
      "Rent paid for one's home, without house rent allowance",
      f.section80GG_rentPaid,
      oldStyle ? limit : 0,
      oldStyle ? reason : NEW_REGIME_BAR,
      ordinaryIncome - via,
      roomReason,
    );
  }
  const adjustedGrossTotalIncome = reducedGrossTotalIncome - (via - donations);
  const qualifying = Math.min(f.section80G_50WithLimit, percentOfFloor(adjustedGrossTotalIncome, LIMITS.section80GQualifyingPercent));
  via += allowVIA(
    lines,
    "80G",
    "Donations: 50 %, within the qualifying limit",
    f.section80G_50WithLimit,
    oldStyle ? Math.floor(qualifying / 2) : 0,
    !oldStyle ? NEW_REGIME_BAR : qualifying < f.section80G_50WithLimit ? REASON_80G_QUALIFYING : REASON_80G_50,
    ordinaryIncome - via,
    roomReason,
  );
  return via;
}
