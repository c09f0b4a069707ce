// Figures as an employer's Form 16 (or Form 130) states them, for people who have the certificate but not the
// inputs behind each figure: s.10 exemptions by section, net income from house property, other income offered
// for TDS, an 80D total the form does not split, and the rest of Chapter VI-A. An explicit figure wins over the
// inputs that would compute it, and the result says so in `notes`.
import { toPaise } from "./rounding";

/**
 * s.10 exemptions of salary by section: those Form 16 row 2 prints, and the retrenchment and voluntary retirement
 * compensation its break-up of row 2(g) lists.
 */
export const SECTION_10_EXEMPTIONS = ["10(5)", "10(10)", "10(10A)", "10(10AA)", "10(10B)", "10(10C)", "10(13A)", "10(14)", "10(other)"] as const;
export type Section10Exemption = (typeof SECTION_10_EXEMPTIONS)[number];

// s.115BAC(2)(i) bars clauses (5), (13A), (14), (17) and (32) of s.10 in the new regime. Gratuity, commuted pension,
// leave encashment, retrenchment and voluntary retirement compensation stay exempt; "any other" clause reported as
// one figure may hold a barred one, so it is barred.
const BARRED_IN_NEW_REGIME: ReadonlySet<Section10Exemption> = new Set(["10(5)", "10(13A)", "10(14)", "10(other)"]);
export const allowedInNewRegime = (section: Section10Exemption): boolean => !BARRED_IN_NEW_REGIME.has(section);

/** Chapter VI-A rows Form 16 prints beyond the ones the profile computes from inputs. */
export const OTHER_CHAPTER_VIA = [
  "80TTA",
  "80TTB",
  "80CCH(1)",
  "80CCH(2)",
  "80DD",
  "80DDB",
  "80EEA",
  "80EEB",
  "80GG",
  "80GGC",
  "80U",
  "other",
] as const;
export type OtherChapterVIA = (typeof OTHER_CHAPTER_VIA)[number];

/** s.115BAC(2)(i): of Chapter VI-A only 80CCD(2), 80CCH(2) and 80JJAA survive in the new regime. */
export const otherVIAAllowedInNewRegime = (section: OtherChapterVIA): boolean => section === "80CCH(2)";

export const OTHER_VIA_DESCRIPTIONS: Record<OtherChapterVIA, string> = {
  "80TTA": "Interest on savings accounts, as reported",
  "80TTB": "Interest on deposits (resident senior citizen), as reported",
  "80CCH(1)": "Own contribution to the Agnipath Scheme",
  "80CCH(2)": "Central Government's contribution to the Agnipath Scheme",
  "80DD": "Maintenance of a dependant with disability",
  "80DDB": "Medical treatment of specified diseases",
  "80EEA": "Interest on a loan for affordable housing",
  "80EEB": "Interest on a loan for an electric vehicle",
  "80GG": "Rent paid without HRA",
  "80GGC": "Contributions to political parties",
  "80U": "Person with disability",
  other: "Any other provision of Chapter VI-A, as reported",
};

export const EXEMPTION_DESCRIPTIONS: Record<Section10Exemption, string> = {
  "10(5)": "Leave travel concession, as reported",
  "10(10)": "Gratuity, as reported",
  "10(10A)": "Commuted pension, as reported",
  "10(10AA)": "Leave encashment, as reported",
  "10(10B)": "Retrenchment compensation, as reported",
  "10(10C)": "Voluntary retirement compensation, as reported",
  "10(13A)": "House rent allowance, as reported",
  "10(14)": "Special allowances, as reported",
  "10(other)": "Any other s.10 exemption, as reported",
};

/** What the engine reads of the reported figures; every field optional, absent means "not reported". */
export interface ReportedFigures {
  exemptions10?: Partial<Record<Section10Exemption, number>>;
  /** Net income from house property, Form 16 row 7(a); negative for a loss. */
  housePropertyIncome?: number;
  /** Income from other sources the employee offered for TDS, Form 16 row 7(b). */
  otherSourcesIncome?: number;
  /** An 80D total that does not say how much is for parents. */
  section80D?: number;
  /** Whether a parent covered by 80D is a senior citizen, when the parent's age is not known. */
  parentsSeniorCitizen?: boolean;
  otherChapterVIA?: Partial<Record<OtherChapterVIA, number>>;
}

/** The parts of the engine's input these figures interact with (types.ts imports this file, not the reverse). */
interface InputWithReported {
  reported?: ReportedFigures;
  salary: { basicPlusDA: number; hraReceived: number; rentPaid: number };
  houseProperties: readonly unknown[];
  otherIncome: { savingsInterest: number; depositInterest: number };
  deductions: { section80CCD2: number };
}

/** The reported figures in paise, as `assess` reads them; null where not reported. */
export interface ReportedFacts {
  exemptions10: { section: Section10Exemption; paise: number }[];
  housePropertyIncome: number | null;
  otherSourcesIncome: number;
  section80D: number;
  parentsSeniorCitizen: boolean | null;
  otherChapterVIA: { section: OtherChapterVIA; paise: number }[];
  /** Basic + DA was not given, so the s.80CCD(2) figure is taken as the employer's deductible amount. */
  employerNpsAsReported: boolean;
}

export function toReportedFacts(input: InputWithReported): ReportedFacts {
  const reported = input.reported ?? {};
  return {
    exemptions10: presentAmounts(SECTION_10_EXEMPTIONS, reported.exemptions10),
    housePropertyIncome: reported.housePropertyIncome === undefined ? null : toPaise(reported.housePropertyIncome),
    otherSourcesIncome: toPaise(reported.otherSourcesIncome ?? 0),
    section80D: toPaise(reported.section80D ?? 0),
    parentsSeniorCitizen: reported.parentsSeniorCitizen ?? null,
    otherChapterVIA: presentAmounts(OTHER_CHAPTER_VIA, reported.otherChapterVIA),
    employerNpsAsReported: input.salary.basicPlusDA === 0 && input.deductions.section80CCD2 > 0,
  };
}

/** The sections of `order` given in `amounts`, in paise, in statutory order. A plain loop: this runs per compute. */
function presentAmounts<S extends string>(order: readonly S[], amounts: Partial<Record<S, number>> | undefined): { section: S; paise: number }[] {
  const present: { section: S; paise: number }[] = [];
  if (amounts === undefined) return present;
  for (const section of order) {
    const amount = amounts[section];
    if (amount !== undefined) present.push({ section, paise: toPaise(amount) });
  }
  return present;
}

/**
 * What the result should tell the user about how the figures were read: where an explicit figure overrode the
 * inputs given beside it, and where a cap could not be checked for want of an input. `seniorCitizen`: a resident of
 * 60 or more, whose interest deduction is s.80TTB's rather than s.80TTA's.
 */
export function reportedFigureNotes(input: InputWithReported, ageGiven: boolean, seniorCitizen: boolean): string[] {
  const notes: string[] = [];
  const reported = input.reported ?? {};
  if (!ageGiven) notes.push("profile.age: not given; computed with the rates for a resident below 60");
  const hra = reported.exemptions10?.["10(13A)"];
  if (hra !== undefined && (input.salary.hraReceived > 0 || input.salary.rentPaid > 0)) {
    notes.push("salary.exemptions10: the reported s.10(13A) exemption was used, not the one hraReceived and rentPaid would give");
  }
  if (reported.housePropertyIncome !== undefined && input.houseProperties.length > 0) {
    notes.push("housePropertyIncome: the reported net income from house property was used; houseProperties were not computed");
  }
  if (input.salary.basicPlusDA === 0 && input.deductions.section80CCD2 > 0) {
    notes.push(
      "deductions.section80CCD2: basic + DA not given, so the employer's contribution was taken as reported (the employer applies the 10 %/14 % cap), up to 14 % of grossSalary less it, the most any basic + DA allows; give salary.basicPlusDA to have it checked",
    );
  }
  if (reported.section80D !== undefined && reported.section80D > 0) {
    notes.push(
      "deductions.section80D: not split between self/family and parents; allowed up to both caps together (₹25,000 or ₹50,000 each); split it into section80D_selfFamily and section80D_parents for an exact check",
    );
  }
  const interestSection = seniorCitizen ? "80TTB" : "80TTA";
  if (reported.otherChapterVIA?.[interestSection] !== undefined && (input.otherIncome.savingsInterest > 0 || input.otherIncome.depositInterest > 0)) {
    notes.push(`deductions.otherChapterVIA: the reported ${interestSection} deduction was used, not one computed from the interest given`);
  }
  return notes;
}
