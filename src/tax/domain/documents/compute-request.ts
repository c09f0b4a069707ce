// From parsed documents to a POST /compute body: every figure the documents give, in the fields /compute reads,
// with the financial year (not the assessment year the form prints) and the regime the employee chose. Figures
// that have no place in /compute are listed in `unmapped` with the reason, and where two documents of one
// person and year disagree the disagreement is listed in `conflicts` rather than settled silently.
import { FINANCIAL_YEARS, type FinancialYear, LIMITS } from "../engine";
import type { OtherChapterVIA, Section10Exemption } from "../engine/form16-figures";
import { formatRupees } from "../engine/rounding";
import { OTHER_PROVISIONS_BREAK_UP } from "./form16-items";
import { shiftYear } from "./lines";
import type {
  AisDocument,
  ChapterVIAKey,
  DocumentComputeRequest,
  DocumentConflict,
  Form16AmountKey,
  Form16Document,
  ParsedDocument,
  UnmappedFigure,
} from "./types";

/** Why a Form 16's s.89 relief is not carried into the request: relief is worked out from the payments behind it. */
export const RELIEF_89_NOT_MAPPED =
  "the Form 16 does not show the payments behind its relief under s.89: give profile.arrears for salary paid in arrears or in advance (with Form 10E's extra tax in their own years), or the preceding years for gratuity and commuted pension (salary.retirementBenefits) or compensation on termination (salary.terminationCompensation), to have it worked out for both regimes";

export interface ComputeRequestResult {
  computeRequest: DocumentComputeRequest | null;
  unmapped: UnmappedFigure[];
  conflicts: DocumentConflict[];
  /** What the request takes from the documents by inference rather than as printed, and why. */
  notes: string[];
}

/** What the caller adds to the documents: its age, which a Form 16 does not print. */
export interface CallerFacts {
  age?: number;
}

const EXEMPTION_ROWS: [Form16AmountKey, Section10Exemption][] = [
  ["travelConcession10_5", "10(5)"],
  ["gratuity10_10", "10(10)"],
  ["commutedPension10_10A", "10(10A)"],
  ["leaveEncashment10_10AA", "10(10AA)"],
  ["houseRentAllowance10_13A", "10(13A)"],
  ["specialAllowances10_14", "10(14)"],
];

// Rows of the break-up of 2(g), which row 2(h) totals.
const BREAK_UP_EXEMPTION_ROWS: [Form16AmountKey, Section10Exemption][] = [
  ["retrenchment10_10B", "10(10B)"],
  ["voluntaryRetirement10_10C", "10(10C)"],
];

/** Rows whose deduction the new regime bars and /compute limits itself, so a declared gross amount can stand in. */
const OLD_REGIME_ONLY_ROWS: ReadonlySet<ChapterVIAKey> = new Set<ChapterVIAKey>([
  "section80C",
  "section80CCC",
  "section80CCD1",
  "totalSection80C80CCC80CCD1",
  "section80CCD1B",
  "section80D",
  "section80DParents",
  "section80E",
  "section80TTA",
]);

const OTHER_VIA_ROWS: [ChapterVIAKey, OtherChapterVIA][] = [
  ["section80TTA", "80TTA"],
  ["section80TTB", "80TTB"],
  ["section80CCHEmployee", "80CCH(1)"],
  ["section80CCHGovernment", "80CCH(2)"],
  ["section80DD", "80DD"],
  ["section80DDB", "80DDB"],
  ["section80EEA", "80EEA"],
  ["section80EEB", "80EEB"],
  ["section80GG", "80GG"],
  ["section80GGC", "80GGC"],
  ["section80U", "80U"],
];

// All sums in paise, so two documents' figures add without drift.
const paise = (rupees: number): number => Math.round(rupees * 100);
const rupees = (p: number): number => p / 100;

/** The financial year a document covers: Form 130 names it (tax year), Form 16 and AIS name the assessment year. */
export function documentFinancialYear(document: ParsedDocument): { financialYear: string | null; assessmentYear: string | null } {
  if (document.documentType === "form16") {
    if (document.taxYear !== null) return { financialYear: document.taxYear, assessmentYear: null };
    if (document.assessmentYear !== null) {
      return { financialYear: shiftYear(document.assessmentYear, -1), assessmentYear: document.assessmentYear };
    }
    return { financialYear: null, assessmentYear: null };
  }
  // From tax year 2026-27 there is no assessment year: only a printed one is passed on.
  const assessmentYear = document.assessmentYear;
  return { financialYear: document.financialYear ?? (assessmentYear === null ? null : shiftYear(assessmentYear, -1)), assessmentYear };
}

/** Figures of one document in paise, keyed by the /compute field they fill. */
interface Figures {
  /** Row 1(d) of a Form 16; the TDS-192 total of an AIS. */
  grossSalary: number | null;
  /** Row 1(e): salary from the year's other employers, as this employer was told of it. */
  otherEmployers: number | null;
  /** Of row 1(d), the employer's NPS contribution above ₹7,50,000 that row 1(b) counts as a perquisite (s.17(2)(vii)). */
  countedPerquisite: number;
  professionalTax: number | null;
  exemptions10: Map<Section10Exemption, number>;
  housePropertyIncome: number | null;
  otherSources: number | null;
  savingsInterest: number | null;
  depositInterest: number | null;
  dividends: number | null;
  /** Lottery, crossword, race and online-game winnings (TDS-194B, 194BB, 194BA), taxed at 30 % (ss.115BB, 115BBJ). */
  casualWinnings: number | null;
  section80C: number | null;
  section80CCD1B: number | null;
  section80CCD2: number | null;
  section80D: number | null;
  /** Set when the form prints the parents' 80D on a row of its own: `section80D` is then self and family. */
  section80DParents: number | null;
  parentsSeniorCitizen: boolean | null;
  section80E: number | null;
  section80G: number | null;
  otherChapterVIA: Map<OtherChapterVIA, number>;
  taxesPaid: number | null;
  /** Salary tax deducted, to compare a Form 16 with the AIS. */
  salaryTds: number | null;
  /** The AIS shows tax deducted under s.194N on cash withdrawn, which rules out ITR-1. */
  tdsOnCashWithdrawals: boolean;
  chosenRegime: "old" | "new" | null;
}

function emptyFigures(): Figures {
  return {
    grossSalary: null,
    otherEmployers: null,
    countedPerquisite: 0,
    professionalTax: null,
    exemptions10: new Map(),
    housePropertyIncome: null,
    otherSources: null,
    savingsInterest: null,
    depositInterest: null,
    dividends: null,
    casualWinnings: null,
    section80C: null,
    section80CCD1B: null,
    section80CCD2: null,
    section80D: null,
    section80DParents: null,
    parentsSeniorCitizen: null,
    section80E: null,
    section80G: null,
    otherChapterVIA: new Map(),
    taxesPaid: null,
    salaryTds: null,
    tdsOnCashWithdrawals: false,
    chosenRegime: null,
  };
}

const sum = (values: (number | null)[]): number | null => {
  const present = values.filter((v): v is number => v !== null);
  return present.length === 0 ? null : present.reduce((a, b) => a + b, 0);
};

interface BreakUpRow<S> {
  field: string;
  section: S;
  value: number | null;
}

/**
 * A total row and the break-up table that details it (2(h) and 2(g)'s table, 10(n) and 10(m)'s): the rows go by
 * section and only the rest of the total as `otherSection`. A break-up details its total and never adds to it: rows
 * that add up to more are left out and the total stands, as the form's own arithmetic uses it. Without the total,
 * the rows stand alone. Returns what went into `into`.
 */
function detailTotal<S extends string>(
  total: number | null,
  rows: BreakUpRow<S>[],
  otherSection: S,
  formRows: { total: string; addedBy: string },
  into: Map<S, number>,
  skip: (field: string, amount: number | null, reason: string) => void,
): number {
  const present = rows.filter((row): row is BreakUpRow<S> & { value: number } => row.value !== null && row.value > 0);
  const rowsTotal = present.reduce((sum, row) => sum + row.value, 0);
  if (total !== null && rowsTotal > total) {
    const { total: row, addedBy } = formRows;
    const reason = `a row of the break-up of ${row}, whose rows add up to more than ${row}; ${row} was used, as the form's row ${addedBy} does`;
    for (const row of present) skip(row.field, row.value, reason);
    if (total > 0) into.set(otherSection, total);
    return Math.max(0, total);
  }
  for (const row of present) into.set(row.section, row.value);
  const rest = (total ?? 0) - rowsTotal;
  if (rest > 0) into.set(otherSection, rest);
  return rowsTotal + Math.max(0, rest);
}

function form16Figures(document: Form16Document, unmapped: UnmappedFigure[], notes: string[], source: string): Figures {
  const f = emptyFigures();
  const a = (key: Form16AmountKey): number | null => (document.amounts[key] === null ? null : paise(document.amounts[key]!));
  const grossTaken: ChapterVIAKey[] = [];
  const deductible = (key: ChapterVIAKey): number | null => {
    const row = document.chapterVIA[key];
    const value = row?.deductible ?? null;
    // The new regime allows none of these, so its form deducts 0 of what the employee declared: the old regime's
    // figure needs the declared amount, to which /compute applies the old regime's own limits.
    if (document.optedOutOf115BAC === false && OLD_REGIME_ONLY_ROWS.has(key) && !value && row?.gross) {
      grossTaken.push(key);
      return paise(row.gross);
    }
    return value === null ? null : paise(value);
  };
  const skip = (field: string, amount: number | null, reason: string): void => {
    if (amount !== null && amount !== 0) unmapped.push({ source, field, amount: rupees(amount), reason });
  };

  // Row 1(d), before s.10 exemptions (/compute works out its own), and 1(e) apart: merged, it may repeat
  // another Form 16's 1(d).
  f.grossSalary = a("grossSalary") ?? sum([a("salary17_1"), a("perquisites17_2"), a("profitsInLieuOfSalary17_3")]);
  f.otherEmployers = a("salaryFromOtherEmployers");
  f.professionalTax = a("taxOnEmployment16iii");
  skip(
    "amounts.entertainmentAllowance16ii",
    a("entertainmentAllowance16ii"),
    "s.16(ii) entertainment allowance (Government employees) has no /compute field",
  );
  skip("amounts.relief89", a("relief89"), RELIEF_89_NOT_MAPPED);

  let listed = 0;
  for (const [key, section] of EXEMPTION_ROWS) {
    const value = a(key);
    if (value !== null && value > 0) {
      f.exemptions10.set(section, value);
      listed += value;
    }
  }
  // Row 2(h) (2(g) when the total is missing) holds the other exemptions, which its break-up lists; row 2(i) is the
  // total of all of them.
  const otherExemptions = a("totalOtherExemptions10") ?? a("otherExemptions10");
  const exemptionsBrokenUp = BREAK_UP_EXEMPTION_ROWS.map(([key, section]) => ({ field: `amounts.${key}`, section, value: a(key) }));
  listed += detailTotal(otherExemptions, exemptionsBrokenUp, "10(other)", { total: "2(h)", addedBy: "2(i)" }, f.exemptions10, skip);
  const total = a("totalExemptions10");
  if (total !== null && total > listed) {
    // A total without its break-up: the unexplained part is taken as "any other" exemption.
    f.exemptions10.set("10(other)", (f.exemptions10.get("10(other)") ?? 0) + total - listed);
  }

  f.housePropertyIncome = a("housePropertyIncome");
  f.otherSources = a("otherSourcesIncome");
  // A loss printed without its sign ("Less: Loss from house property   2,00,000.00"): row 8, 7(a) + 7(b), says which.
  const otherIncomeTotal = a("totalOtherIncome");
  if (f.housePropertyIncome !== null && f.housePropertyIncome > 0 && otherIncomeTotal === (f.otherSources ?? 0) - f.housePropertyIncome) {
    f.housePropertyIncome = -f.housePropertyIncome;
    notes.push(
      `housePropertyIncome: a loss of ${formatRupees(rupees(-f.housePropertyIncome))}: ${source} prints row 7(a) without its sign, and its row 8 (7(a) + 7(b)) as ${otherIncomeTotal < 0 ? "-" : ""}${formatRupees(rupees(Math.abs(otherIncomeTotal)))}`,
    );
  }

  f.section80C = deductible("totalSection80C80CCC80CCD1") ?? sum([deductible("section80C"), deductible("section80CCC"), deductible("section80CCD1")]);
  f.section80CCD1B = deductible("section80CCD1B");
  f.section80CCD2 = deductible("section80CCD2");
  // An employer applies the s.17(2)(vii) limit to its own contributions; row 1(b) holds at most what it prints.
  const aboveLimit = (f.section80CCD2 ?? 0) - LIMITS.employerContributionsPerquisiteAbove * 100;
  f.countedPerquisite = Math.max(0, Math.min(aboveLimit, a("perquisites17_2") ?? 0));
  f.section80D = deductible("section80D");
  f.section80DParents = deductible("section80DParents");
  if (f.section80DParents !== null) f.parentsSeniorCitizen = document.parentsSeniorCitizen;
  // s.80D(2)(b), (4): more than 25,000 for parents is deductible only when a parent is a senior citizen, so an
  // employer that allowed more was told one is, whether or not the form says so.
  if (f.section80DParents !== null && f.parentsSeniorCitizen === null && f.section80DParents > paise(LIMITS.section80D)) {
    f.parentsSeniorCitizen = true;
    notes.push(
      `deductions.parentsSeniorCitizen: true, inferred from ${source}: it allows ${formatRupees(rupees(f.section80DParents))} for parents' health insurance, more than the ${formatRupees(LIMITS.section80D)} s.80D allows unless a parent is a senior citizen; the form does not say so`,
    );
  }
  f.section80E = deductible("section80E");
  // The deductible 80G figure is already after the 50 % and qualifying-limit rules: allowed in full.
  f.section80G = deductible("section80G");
  // Row 10(n) totals the sections Part B has no row for, which its break-up lists.
  const otherProvisions = deductible("totalOtherProvisions") ?? deductible("otherProvisions");
  const provisionsBrokenUp: BreakUpRow<OtherChapterVIA>[] = [];
  for (const [key, section] of OTHER_VIA_ROWS) {
    const value = deductible(key);
    if (otherProvisions !== null && OTHER_PROVISIONS_BREAK_UP.has(key)) provisionsBrokenUp.push({ field: `chapterVIA.${key}`, section, value });
    else if (value !== null && value > 0) f.otherChapterVIA.set(section, value);
  }
  detailTotal(otherProvisions, provisionsBrokenUp, "other", { total: "10(n)", addedBy: "11" }, f.otherChapterVIA, skip);
  if (grossTaken.length > 0) {
    notes.push(
      `deductions: ${source} is a new-regime form, which deducts nothing under ${grossTaken.map((key) => `chapterVIA.${key}`).join(", ")}; their gross amounts were taken, so the old regime's figure has them within its own limits (the new regime's allows none of them)`,
    );
  }

  // This employer's TDS: Part A's total when present, else Part B's net tax payable (what it deducted); plus
  // the TDS/TCS others deducted that the employee reported through Form 12BAA (rows 19 and 20).
  const employerTds = document.partA === null ? a("netTaxPayable") : paise(document.partA.taxDeducted);
  f.taxesPaid = employerTds === null ? null : sum([employerTds, a("tdsReportedByEmployee"), a("tcsReportedByEmployee")]);
  f.salaryTds = employerTds;
  f.chosenRegime = document.optedOutOf115BAC === null ? null : document.optedOutOf115BAC ? "old" : "new";
  return f;
}

function aisFigures(document: AisDocument, unmapped: UnmappedFigure[], source: string): Figures {
  const f = emptyFigures();
  const totals = document.totals;
  const has = (category: string): boolean => document.entries.some((e) => e.category === category && e.amount !== null);
  if (has("salary")) f.grossSalary = paise(totals.salary);
  if (has("savingsInterest")) f.savingsInterest = paise(totals.savingsInterest);
  if (has("depositInterest")) f.depositInterest = paise(totals.depositInterest);
  if (has("dividends")) f.dividends = paise(totals.dividends);
  if (has("casualWinnings")) f.casualWinnings = paise(totals.casualWinnings);
  if (document.entries.some((e) => e.taxDeducted !== null || e.category === "taxesPaid")) f.taxesPaid = paise(totals.taxesPaid);
  const salaryTds = document.entries.filter((e) => e.category === "salary" && e.taxDeducted !== null);
  if (salaryTds.length > 0) f.salaryTds = salaryTds.reduce((p, e) => p + paise(e.taxDeducted!), 0);
  const skip = (field: string, amount: number, reason: string): void => {
    if (amount !== 0) unmapped.push({ source, field, amount, reason });
  };
  skip("totals.rent", totals.rent, "rent received needs the property facts (type, municipal taxes, loan interest): add it as houseProperties");
  skip("totals.saleOfSecurities", totals.saleOfSecurities, "sale values are not gains: /compute needs the capital gain, not the sale consideration");
  skip("totals.refunds", totals.refunds, "a refund of an earlier year is not income of this year (its interest is, under other sources)");
  for (const entry of document.entries) {
    if (entry.category !== "other") continue;
    // Cash withdrawn is not income: its TDS is tax paid, and the deduction itself rules out ITR-1.
    if (entry.code?.split("(")[0] === "TDS-194N") {
      f.tdsOnCashWithdrawals = true;
      continue;
    }
    // A Part B3 payment for another assessment year (`paymentEntry`: the only entry without a code that is not counted).
    if (entry.code === null) {
      skip(`entries.${entry.description}`, entry.amount ?? 0, "tax paid for another assessment year is that year's credit, not this one's");
      continue;
    }
    // Every entry's TDS is in taxesPaid; without its income the request would credit tax on income it does not tax.
    const tds = entry.code?.startsWith("TDS-") === true && entry.taxDeducted !== null && entry.taxDeducted !== 0 ? entry.taxDeducted : null;
    if ((entry.amount === null || entry.amount === 0) && tds === null) continue;
    unmapped.push({
      source,
      field: `entries.${entry.code ?? entry.description}`,
      amount: entry.amount,
      reason:
        tds === null
          ? "no /compute field for this kind of information; check whether it is taxable income"
          : `no /compute field for this income, but its tax deducted (${tds}) is counted in taxesPaid: add the income to the request yourself`,
    });
  }
  return f;
}

/**
 * Merges the figures of several documents of one person and year. Salaries and employer NPS of different
 * employers add up; a figure two documents both state (the same 80C declared to two employers, the salary in
 * Form 16 and in the AIS) is not added twice: the larger is kept and the disagreement reported.
 */
function merge(all: { kind: "form16" | "ais"; source: string; figures: Figures }[], conflicts: DocumentConflict[]): Figures {
  const merged = emptyFigures();
  const form16s = all.filter((d) => d.kind === "form16");
  const aises = all.filter((d) => d.kind === "ais");

  const larger = (field: string, entries: { source: string; value: number | null }[]): number | null => {
    const present = entries.filter((e): e is { source: string; value: number } => e.value !== null);
    if (present.length === 0) return null;
    const values = new Set(present.map((e) => e.value));
    if (values.size > 1) {
      conflicts.push({
        field,
        values: present.map((e) => ({ source: e.source, amount: rupees(e.value) })),
        resolution: "kept the larger figure; check which is right",
      });
    }
    return Math.max(...present.map((e) => e.value));
  };
  const added = (pick: (f: Figures) => number | null, from: typeof all): number | null => sum(from.map((d) => pick(d.figures)));

  // Each employer's Form 16 covers its own salary, exemptions, profession tax, employer NPS and TDS.
  merged.grossSalary = added((f) => f.grossSalary, form16s);
  if (form16s.length === 1) {
    // Alone, a Form 16's row 1(e) is the only record of the other employers' salary.
    merged.grossSalary = sum([merged.grossSalary, form16s[0]!.figures.otherEmployers]);
  } else {
    // Together, each Form 16's 1(e) should be the other Form 16s' 1(d): the salary is counted from the 1(d)s.
    for (const d of form16s) {
      const reported = d.figures.otherEmployers ?? 0;
      const others = sum(form16s.filter((o) => o !== d).map((o) => o.figures.grossSalary)) ?? 0;
      if (reported > 0 && reported !== others) {
        conflicts.push({
          field: "salary.grossSalary",
          values: [
            { source: `${d.source} row 1(e)`, amount: rupees(reported) },
            { source: "the other Form 16s, row 1(d)", amount: rupees(others) },
          ],
          resolution: "counted each employer's row 1(d) once; row 1(e) was not added",
        });
      }
    }
  }
  merged.countedPerquisite = form16s.reduce((total, d) => total + d.figures.countedPerquisite, 0);
  merged.professionalTax = added((f) => f.professionalTax, form16s);
  for (const d of form16s) {
    for (const [section, value] of d.figures.exemptions10) merged.exemptions10.set(section, (merged.exemptions10.get(section) ?? 0) + value);
  }
  merged.section80CCD2 = added((f) => f.section80CCD2, form16s);
  merged.taxesPaid = added((f) => f.taxesPaid, form16s);
  merged.salaryTds = added((f) => f.salaryTds, form16s);
  // The employee's own figures, declared to each employer in turn: the same money, not twice the money.
  const own = (field: string, pick: (f: Figures) => number | null): number | null =>
    larger(
      field,
      form16s.map((d) => ({ source: d.source, value: pick(d.figures) })),
    );
  merged.housePropertyIncome = own("housePropertyIncome", (f) => f.housePropertyIncome);
  merged.otherSources = own("otherIncome.reportedToEmployer", (f) => f.otherSources);
  merged.section80C = own("deductions.section80C", (f) => f.section80C);
  merged.section80CCD1B = own("deductions.section80CCD1B", (f) => f.section80CCD1B);
  merged.section80D = own("deductions.section80D", (f) => f.section80D);
  merged.section80DParents = own("deductions.section80D_parents", (f) => f.section80DParents);
  merged.parentsSeniorCitizen = form16s.map((d) => d.figures.parentsSeniorCitizen).find((s) => s !== null) ?? null;
  merged.section80E = own("deductions.section80E", (f) => f.section80E);
  merged.section80G = own("deductions.section80G_100", (f) => f.section80G);
  const sections = new Set(form16s.flatMap((d) => [...d.figures.otherChapterVIA.keys()]));
  for (const section of sections) {
    const value = own(`deductions.otherChapterVIA.${section}`, (f) => f.otherChapterVIA.get(section) ?? null);
    if (value !== null) merged.otherChapterVIA.set(section, value);
  }
  const regimes = new Set(form16s.map((d) => d.figures.chosenRegime).filter((r) => r !== null));
  if (regimes.size > 1) {
    conflicts.push({
      field: "chosenRegime",
      values: form16s.map((d) => ({ source: d.source, amount: null, value: d.figures.chosenRegime })),
      resolution: "the employers were told different regimes; the return decides (s.115BAC(6)), so none was chosen here",
    });
  } else {
    merged.chosenRegime = [...regimes][0] ?? null;
  }

  if (aises.length > 0) {
    const ais = aises[0]!;
    if (aises.length > 1) {
      conflicts.push({
        field: "documents",
        values: aises.map((d) => ({ source: d.source, amount: null })),
        resolution: "more than one AIS for the year; only the first was used",
      });
    }
    const a = ais.figures;
    merged.savingsInterest = a.savingsInterest;
    merged.depositInterest = a.depositInterest;
    merged.dividends = a.dividends;
    merged.casualWinnings = a.casualWinnings;
    merged.tdsOnCashWithdrawals = a.tdsOnCashWithdrawals;
    if (form16s.length === 0) {
      merged.grossSalary = a.grossSalary;
      merged.taxesPaid = a.taxesPaid;
    } else {
      // The AIS's TDS-192 is the same salary the Form 16s certify: compared, not added.
      if (a.grossSalary !== null && merged.grossSalary !== null && a.grossSalary !== merged.grossSalary) {
        conflicts.push({
          field: "salary.grossSalary",
          values: [
            ...form16s.map((d) => ({ source: d.source, amount: rupees(d.figures.grossSalary ?? 0) })),
            { source: ais.source, amount: rupees(a.grossSalary) },
          ],
          resolution: "kept the Form 16 gross salary (row 1(d)); the AIS reports the amount paid or credited under s.192, which can differ",
        });
      }
      // The AIS holds every TDS/TCS and advance tax; the salary TDS in it should equal the Form 16s'.
      if (a.taxesPaid !== null && a.salaryTds === null && merged.salaryTds !== null && merged.salaryTds > 0) {
        // The employer's return is not (yet) in the AIS, or its rows were lost: the Form 16s' TDS is added to it.
        conflicts.push({
          field: "taxesPaid",
          values: [
            { source: "Form 16 salary TDS", amount: rupees(merged.salaryTds) },
            { source: `${ais.source} salary TDS`, amount: 0 },
          ],
          resolution: "the AIS shows no salary TDS: added the Form 16 salary TDS to the AIS's TDS, TCS and tax payments",
        });
        merged.taxesPaid = a.taxesPaid + merged.salaryTds;
      } else if (a.taxesPaid !== null) {
        if (a.salaryTds !== null && merged.salaryTds !== null && a.salaryTds !== merged.salaryTds) {
          conflicts.push({
            field: "taxesPaid",
            values: [
              { source: "Form 16 salary TDS", amount: rupees(merged.salaryTds) },
              { source: `${ais.source} salary TDS`, amount: rupees(a.salaryTds) },
            ],
            resolution: "used the AIS (all TDS, TCS and tax payments of the year); its salary TDS differs from the Form 16",
          });
        }
        merged.taxesPaid = a.taxesPaid;
      }
      const interest = sum([a.savingsInterest, a.depositInterest, a.dividends]);
      if (merged.otherSources !== null && merged.otherSources > 0 && interest !== null && interest > 0) {
        conflicts.push({
          field: "otherIncome",
          values: [
            { source: "Form 16 row 7(b)", amount: rupees(merged.otherSources) },
            { source: ais.source, amount: rupees(interest) },
          ],
          resolution: "both were kept; if the income reported to the employer is this interest, remove otherIncome.reportedToEmployer",
        });
      }
    }
  }
  return merged;
}

const isFinancialYear = (year: string): year is FinancialYear => (FINANCIAL_YEARS as readonly string[]).includes(year);

/**
 * The /compute body for one or more documents of one person and year. Returns `computeRequest: null` when the
 * documents name no year /compute supports, or years that differ.
 */
export function buildComputeRequest(documents: { document: ParsedDocument; source: string }[], caller: CallerFacts = {}): ComputeRequestResult {
  const unmapped: UnmappedFigure[] = [];
  const conflicts: DocumentConflict[] = [];
  const notes: string[] = [];
  const years = documents.map(({ document, source }) => ({ source, ...documentFinancialYear(document) }));
  const named = years.filter((y) => y.financialYear !== null);
  const distinct = new Set(named.map((y) => y.financialYear));
  if (distinct.size > 1) {
    conflicts.push({
      field: "financialYear",
      values: named.map((y) => ({ source: y.source, amount: null, value: y.financialYear })),
      resolution: "the documents are for different years; parse each year separately",
    });
    return { computeRequest: null, unmapped, conflicts, notes };
  }
  const financialYear = named[0]?.financialYear ?? null;
  const assessmentYear = named.find((y) => y.assessmentYear !== null)?.assessmentYear ?? null;
  if (financialYear === null || !isFinancialYear(financialYear)) {
    unmapped.push({
      source: documents.map((d) => d.source).join(", "),
      field: "financialYear",
      amount: null,
      reason:
        financialYear === null
          ? "no assessment year, tax year or financial year was found in the text"
          : `financial year ${financialYear} is not one /compute supports (${FINANCIAL_YEARS.join(", ")})`,
    });
    return { computeRequest: null, unmapped, conflicts, notes };
  }

  const pans = new Set(
    documents.map(({ document }) => (document.documentType === "form16" ? document.employeePan : document.pan)).filter((p) => p !== null),
  );
  if (pans.size > 1) {
    conflicts.push({
      field: "pan",
      values: documents.map(({ document, source }) => ({
        source,
        amount: null,
        value: document.documentType === "form16" ? document.employeePan : document.pan,
      })),
      resolution: "the documents name different people; nothing was merged",
    });
    return { computeRequest: null, unmapped, conflicts, notes };
  }

  const perDocument = withoutRepeatedEmployers(documents, conflicts).map(({ document, source }) => ({
    kind: document.documentType,
    source,
    figures: document.documentType === "form16" ? form16Figures(document, unmapped, notes, source) : aisFigures(document, unmapped, source),
  }));
  const f = merge(perDocument, conflicts);
  // A figure of the merged request is one document's when only one was sent.
  const source = perDocument.length === 1 ? perDocument[0]!.source : "documents";
  withinComputeLimit(f, unmapped, source);
  employerNpsWithinSalary(f, unmapped, source);
  withoutCountedPerquisite(f, notes);
  noRentDeductionBesideHra(f, unmapped, source);
  const withAge = withAgeFromAis(documents, financialYear, caller, notes);
  return { computeRequest: toRequest(f, financialYear, assessmentYear, withAgeFromSection80TTB(f, withAge, notes)), unmapped, conflicts, notes };
}

/** Without an age from the caller, the one the AIS's date of birth gives (the Form 16 prints none). */
function withAgeFromAis(documents: { document: ParsedDocument }[], financialYear: string, caller: CallerFacts, notes: string[]): CallerFacts {
  if (caller.age !== undefined) return caller;
  const age = documents.map(({ document }) => (document.documentType === "ais" ? document.age : null)).find((a) => a !== null);
  if (age === undefined || age === null) return caller;
  notes.push(`profile.age: ${age}, the age at the end of FY ${financialYear} by the AIS's date of birth`);
  return { ...caller, age };
}

/**
 * The employer's NPS contribution above ₹7,50,000 a year is a perquisite (s.17(2)(vii)): each form counts it in row
 * 1(b), and so in 1(d), while /compute adds it to the salary itself from deductions.section80CCD2. That part is taken
 * out of the salary, so it is counted once.
 */
function withoutCountedPerquisite(f: Figures, notes: string[]): void {
  if (f.grossSalary === null) return;
  const counted = Math.min(f.countedPerquisite, f.grossSalary);
  if (counted <= 0) return;
  f.grossSalary -= counted;
  notes.push(
    `salary.grossSalary: row 1(d) less ${formatRupees(rupees(counted))}, the employer's NPS contribution above ${formatRupees(LIMITS.employerContributionsPerquisiteAbove)} that row 1(b) counts as a perquisite (s.17(2)(vii)); /compute adds it back from deductions.section80CCD2, so it is counted once`,
  );
}

/**
 * s.80TTB is for a resident senior citizen only, so an employer that allowed it was told the employee is 60 or over:
 * without an age from the caller, the request says 60, or the old regime's figure would lose the deduction and the
 * senior band and no longer be the tax the form states.
 */
function withAgeFromSection80TTB(f: Figures, caller: CallerFacts, notes: string[]): CallerFacts {
  const allowed = f.otherChapterVIA.get("80TTB") ?? 0;
  if (caller.age !== undefined || allowed <= 0) return caller;
  notes.push(
    `profile.age: ${LIMITS.seniorAge}, inferred from the Form 16: it allows ${formatRupees(rupees(allowed))} under s.80TTB, which only a resident of ${LIMITS.seniorAge} or over may claim; the form does not give the age, so give it (age) when it is 80 or over`,
  );
  return { ...caller, age: LIMITS.seniorAge };
}

/**
 * An employer issues one Form 16 (Form 130 from tax year 2026-27) a year to each employee (s.203, Rule 31): a second
 * with the same TAN is the same form again, whose salary and TDS would otherwise be counted twice. Only the first is
 * used, and a conflict says so.
 */
function withoutRepeatedEmployers<D extends { document: ParsedDocument; source: string }>(documents: D[], conflicts: DocumentConflict[]): D[] {
  const tanOf = ({ document }: D): string | null => (document.documentType === "form16" ? document.employerTan : null);
  const byTan = new Map<string, D[]>();
  for (const d of documents) {
    const tan = tanOf(d);
    if (tan !== null) byTan.set(tan, [...(byTan.get(tan) ?? []), d]);
  }
  for (const [tan, copies] of byTan) {
    if (copies.length === 1) continue;
    conflicts.push({
      field: "documents",
      values: copies.map((d) => ({ source: d.source, amount: null, value: tan })),
      resolution: `more than one Form 16 from the employer with TAN ${tan}, which issues one a year; only the first was used`,
    });
  }
  return documents.filter((d) => {
    const tan = tanOf(d);
    return tan === null || byTan.get(tan)![0] === d;
  });
}

/** The largest amount /compute accepts in any field (MAX_AMOUNT of its schema): ₹10,000 crore. */
export const COMPUTE_MAX_RUPEES = 100_000_000_000;

/** A figure beyond what /compute accepts is left out, and listed, so the request stays valid. */
function withinComputeLimit(f: Figures, unmapped: UnmappedFigure[], source: string): void {
  const max = COMPUTE_MAX_RUPEES * 100;
  const tooLarge = (field: string, value: number): void => {
    unmapped.push({
      source,
      field,
      amount: rupees(value),
      reason: "larger than any amount /compute accepts (₹10,000 crore); check the text",
    });
  };
  for (const key of Object.keys(f) as (keyof Figures)[]) {
    const value = f[key];
    if (typeof value === "number" && Math.abs(value) > max) {
      tooLarge(key, value);
      (f as unknown as Record<string, number | null>)[key] = null;
    }
  }
  for (const map of [f.exemptions10, f.otherChapterVIA] as Map<string, number>[]) {
    for (const [section, value] of map) {
      if (value > max) {
        tooLarge(section, value);
        map.delete(section);
      }
    }
  }
}

/**
 * The employer's NPS contribution is part of the gross salary (s.17(1)(viii)): one above the salary the request will
 * carry (row 1(d) less the perquisite counted from it) is listed, and row 1(d) stays whole, as nothing adds it back.
 */
function employerNpsWithinSalary(f: Figures, unmapped: UnmappedFigure[], source: string): void {
  if (f.section80CCD2 === null) return;
  const salary = Math.max(0, f.grossSalary ?? 0);
  if (f.section80CCD2 <= salary - Math.min(f.countedPerquisite, salary)) return;
  unmapped.push({
    source,
    field: "section80CCD2",
    amount: rupees(f.section80CCD2),
    reason: "more than the gross salary read, of which the employer's NPS contribution is a part; check the text",
  });
  f.section80CCD2 = null;
  f.countedPerquisite = 0;
}

/** s.80GG is for someone who receives no house rent allowance: beside an HRA exemption it is listed, not claimed. */
function noRentDeductionBesideHra(f: Figures, unmapped: UnmappedFigure[], source: string): void {
  const rent = f.otherChapterVIA.get("80GG");
  if (rent === undefined || (f.exemptions10.get("10(13A)") ?? 0) <= 0) return;
  unmapped.push({
    source,
    field: "80GG",
    amount: rupees(rent),
    reason: "s.80GG applies only to someone who receives no house rent allowance, and the form shows an HRA exemption",
  });
  f.otherChapterVIA.delete("80GG");
}

function toRequest(f: Figures, financialYear: FinancialYear, assessmentYear: string | null, caller: CallerFacts): DocumentComputeRequest {
  const r = (p: number | null): number | undefined => (p === null ? undefined : rupees(p));
  const positive = (p: number | null): number | undefined => (p === null || p <= 0 ? undefined : rupees(p));
  const profile: DocumentComputeRequest["profile"] =
    caller.age === undefined ? { residentialStatus: "resident" } : { age: caller.age, residentialStatus: "resident" };

  const salary: NonNullable<DocumentComputeRequest["profile"]["salary"]> = {};
  if (f.grossSalary !== null && f.grossSalary >= 0) salary.grossSalary = rupees(f.grossSalary);
  const professionalTax = positive(f.professionalTax);
  if (professionalTax !== undefined) salary.professionalTax = professionalTax;
  if (f.exemptions10.size > 0) salary.exemptions10 = Object.fromEntries([...f.exemptions10].map(([k, v]) => [k, rupees(v)]));
  if (Object.keys(salary).length > 0) profile.salary = salary;

  // Row 7(a) is signed: a loss from a self-occupied home's loan interest is negative.
  if (f.housePropertyIncome !== null && f.housePropertyIncome !== 0) profile.housePropertyIncome = rupees(f.housePropertyIncome);

  const otherIncome: NonNullable<DocumentComputeRequest["profile"]["otherIncome"]> = {};
  const put = <K extends keyof typeof otherIncome>(key: K, value: number | undefined): void => {
    if (value !== undefined) otherIncome[key] = value;
  };
  put("savingsInterest", positive(f.savingsInterest));
  put("depositInterest", positive(f.depositInterest));
  put("dividends", positive(f.dividends));
  put("casualWinnings", positive(f.casualWinnings));
  put("reportedToEmployer", positive(f.otherSources));
  if (Object.keys(otherIncome).length > 0) profile.otherIncome = otherIncome;

  const deductions: NonNullable<DocumentComputeRequest["profile"]["deductions"]> = {};
  const deduct = (
    key: "section80C" | "section80CCD1B" | "section80CCD2" | "section80D" | "section80E" | "section80G_100",
    value: number | null,
  ): void => {
    const v = positive(value);
    if (v !== undefined) deductions[key] = v;
  };
  deduct("section80C", f.section80C);
  deduct("section80CCD1B", f.section80CCD1B);
  deduct("section80CCD2", f.section80CCD2);
  if (f.section80DParents === null) {
    deduct("section80D", f.section80D);
  } else {
    // Split by the form: self and family on the 80D row, parents on theirs, each with its own cap.
    const self = positive(f.section80D);
    const parents = positive(f.section80DParents);
    if (self !== undefined) deductions.section80D_selfFamily = self;
    if (parents !== undefined) deductions.section80D_parents = parents;
    if (f.parentsSeniorCitizen !== null) deductions.parentsSeniorCitizen = f.parentsSeniorCitizen;
  }
  deduct("section80E", f.section80E);
  deduct("section80G_100", f.section80G);
  if (f.otherChapterVIA.size > 0) deductions.otherChapterVIA = Object.fromEntries([...f.otherChapterVIA].map(([k, v]) => [k, rupees(v)]));
  if (Object.keys(deductions).length > 0) profile.deductions = deductions;

  const taxesPaid = r(f.taxesPaid);
  if (taxesPaid !== undefined && taxesPaid >= 0) profile.taxesPaid = taxesPaid;
  if (f.tdsOnCashWithdrawals) profile.returnFormFacts = { tdsOnCashWithdrawals: true };

  return {
    financialYear,
    ...(assessmentYear === null ? {} : { assessmentYear }),
    ...(f.chosenRegime === null ? {} : { chosenRegime: f.chosenRegime }),
    profile,
  };
}
