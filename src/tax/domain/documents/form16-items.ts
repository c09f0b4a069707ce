// The line items of Form 16 Part B (Annexure-I) and of Form 130, as label matchers over compact labels
// (lower-case letters, digits and brackets: "section 80CCD (1B)" -> "section80ccd(1b)"). Rows follow
// tax-rules.md §11 (current TRACES layout, the 2019 layout and the Form 130 wording). Each item matches by its
// section number or by the words of its description, because Form 130 (ITA 2025) renumbers the sections.
// Order matters: the first matching item wins, so the more specific labels come first.
import { FragmentHits, buildFragmentIndex, scanFragments } from "./fragments";
import type { ChapterVIAKey, Form16AmountKey } from "./types";

export type ItemGroup = "salary" | "exemptions" | "section16" | "otherIncome" | "chapterVIA" | "tax";

export type Form16Item =
  | { kind: "amount"; key: Form16AmountKey; group: ItemGroup }
  | { kind: "chapterVIA"; key: ChapterVIAKey }
  | { kind: "heading"; group: ItemGroup | "partA"; amountKey?: Form16AmountKey }
  | { kind: "regime"; optOutWording: boolean };

interface Matcher {
  item: Form16Item;
  /** Alternatives; each is a list of fragments that must all occur in the label. */
  any: string[][];
  /** Fragments that veto the match. */
  none?: string[];
}

const amount = (key: Form16AmountKey, group: ItemGroup, any: string[][], none?: string[]): Matcher => ({
  item: { kind: "amount", key, group },
  any,
  ...(none ? { none } : {}),
});

const deduction = (key: ChapterVIAKey, any: string[][], none?: string[]): Matcher => ({
  item: { kind: "chapterVIA", key },
  any,
  ...(none ? { none } : {}),
});

const heading = (group: ItemGroup | "partA", any: string[][], amountKey?: Form16AmountKey): Matcher => ({
  item: amountKey ? { kind: "heading", group, amountKey } : { kind: "heading", group },
  any,
});

const MATCHERS: Matcher[] = [
  // Row A. Current TRACES asks about opting out (yes = old regime); FY 2019-20 to 2022-23 asked about opting in.
  { item: { kind: "regime", optOutWording: true }, any: [["optingoutoftaxation"], ["optoutoftaxation"], ["optedout"]] },
  { item: { kind: "regime", optOutWording: false }, any: [["optingfortaxation"], ["optedfortaxation"]] },

  // Rows 13-21, tax computation. "Net tax payable" before "tax payable".
  amount("netTaxPayable", "tax", [["nettaxpayable"], ["nettaxdeductible"]]),
  amount("tdsReportedByEmployee", "tax", [["taxdeductedatsourceasperform"], ["taxdeductedatsource", "12baa"]]),
  amount("tcsReportedByEmployee", "tax", [["taxcollectedatsourceasperform"], ["taxcollectedatsource", "12baa"]]),
  // Donations to the Prime Minister's (or a Chief Minister's) Relief Fund are s.80G, not relief u/s 89.
  amount("relief89", "tax", [["relief"]], ["marginal", "relieffund"]),
  amount("taxPayable", "tax", [["taxpayable"]]),
  amount("healthAndEducationCess", "tax", [["educationcess"], ["healthandeducation"]]),
  amount("surcharge", "tax", [["surcharge"]]),
  amount("rebate87A", "tax", [["rebate"]]),
  amount("taxOnTotalIncome", "tax", [["taxontotalincome"]]),
  amount("totalTaxableIncome", "tax", [["totaltaxableincome"], ["totalincome(911)"]]),

  // Rows 10-11, Chapter VI-A (ITA 2025: Schedule XV). Totals first, then sections, longest code first.
  amount("totalChapterVIA", "chapterVIA", [["aggregateofdeductibleamount"], ["aggregateofdeduction"]]),
  deduction("totalOtherProvisions", [["totalofamountdeductibleunderanyotherprovision"], ["totalofamountdeductibleunderanyother"]]),
  deduction("otherProvisions", [["amountdeductibleunderanyotherprovision"], ["deductibleunderanyotherprovision"]]),
  deduction("totalSection80C80CCC80CCD1", [["totaldeductionundersection80c"], ["total", "80ccc"], ["total", "lifeinsurance", "pension"]]),
  // Payroll software also prints 80CCD(1B) as "80CCD 1B", "80CCD1B" or "80CCD(1)(B)"; matched before 80CCD(1).
  deduction("section80CCD1B", [["80ccd(1b)"], ["80ccd1b"], ["80ccd(1)(b)"], ["notifiedpensionscheme"], ["additionalcontribution", "pension"]]),
  deduction("section80CCD2", [
    ["80ccd(2)"],
    ["contributionbyemployertopension"],
    ["employerscontributiontopension"],
    ["employercontribution", "pension"],
  ]),
  deduction("section80CCD1", [
    ["80ccd(1)"],
    ["contributionbytaxpayertopension"],
    ["contributionbyemployeetopension"],
    ["employeecontribution", "pension"],
  ]),
  deduction("section80CCC", [["80ccc"], ["certainpensionfund"]]),
  deduction("section80CCHGovernment", [["agnipath", "centralgovernment"], ["80cch(2)"]]),
  deduction("section80CCHEmployee", [["agnipath"], ["80cch(1)"]]),
  deduction("section80C", [["80c"], ["lifeinsurancepremi"]], ["80cc"]),
  deduction("section80DDB", [["80ddb"], ["specifieddisease"]]),
  deduction("section80DD", [["80dd"], ["maintenanceincludingmedicaltreatment"]]),
  // Payroll layouts that split 80D print the parents' premium on a row of its own.
  deduction(
    "section80DParents",
    [
      ["80d", "parent"],
      ["healthinsurance", "parent"],
    ],
    ["80dd"],
  ),
  deduction("section80D", [["80d"], ["healthinsurance"]], ["80dd"]),
  deduction("section80EEA", [["80eea"], ["affordablehousing"]]),
  deduction("section80EEB", [["80eeb"], ["electricvehicle"]]),
  deduction("section80E", [["80e"], ["highereducation"], ["educationloan"]], ["80ee"]),
  deduction("section80GGC", [["80ggc"], ["politicalpart"]]),
  // An HRA row may mention the rent paid; only a deduction row is s.80GG.
  deduction("section80GG", [["80gg"], ["rentspaid"], ["rentpaid", "deduction"]], ["houserent", "10(13a)"]),
  deduction("section80G", [["80g"], ["donation"], ["relieffund"]], ["80gg"]),
  deduction("section80TTA", [["80tta"], ["interestondepositsinsavings"], ["savingsaccount", "interest"]]),
  deduction("section80TTB", [["80ttb"], ["interestondeposits", "seniorcitizen"]]),
  deduction("section80U", [["80u"], ["personwithdisabilit"]]),
  heading("chapterVIA", [["chaptervia"], ["schedulexv"], ["grossamount"], ["deductibleamount"], ["qualifyingamount"]]),

  // Rows 7-9, other income reported by the employee.
  amount("grossTotalIncome", "otherIncome", [["grosstotalincome"]]),
  amount("totalOtherIncome", "otherIncome", [["totalamountofotherincome"]]),
  amount("housePropertyIncome", "otherIncome", [["houseproperty"]]),
  amount("otherSourcesIncome", "otherIncome", [["othersources"]]),
  heading("otherIncome", [["anyotherincomereported"], ["otherincomereportedbytheemployee"]]),

  // Rows 3-6, salary from this employer and s.16 deductions.
  amount("incomeChargeableUnderSalaries", "section16", [["chargeableundertheheadsalar"], ["incomechargeable", "salar"]]),
  amount("totalDeductions16", "section16", [
    ["totalamountofdeductionsunder"],
    ["totalamountofdeductionundersection"],
    ["totalamountofdeductionsus16"],
  ]),
  amount("standardDeduction16ia", "section16", [["standarddeduction"], ["16(ia)"]]),
  amount("entertainmentAllowance16ii", "section16", [["entertainmentallowance"], ["16(ii)"]]),
  amount("taxOnEmployment16iii", "section16", [["taxonemployment"], ["professionaltax"], ["16(iii)"]]),
  heading("section16", [["deductionsundersection16"], ["deductionsundersection19"]]),
  amount("salaryFromCurrentEmployer", "salary", [["salaryreceivedfromcurrentemployer"]]),
  amount("salaryFromOtherEmployers", "salary", [["otheremployer"]]),

  // Row 2, s.10 exemptions. 10(10AA) before 10(10A) before 10(10).
  amount("totalExemptions10", "exemptions", [["totalamountofexemptionclaimed"], ["totalexemptionclaimed"]]),
  amount("totalOtherExemptions10", "exemptions", [["totalamountofanyotherexemption"]]),
  amount("otherExemptions10", "exemptions", [["amountofanyotherexemption"]]),
  amount("specialAllowances10_14", "exemptions", [["10(14)"], ["specialallowance"]]),
  amount("houseRentAllowance10_13A", "exemptions", [["10(13a)"], ["houserentallowance"]]),
  // Retrenchment and voluntary retirement compensation are rows of the break-up of 2(g), never rows of their own.
  amount("voluntaryRetirement10_10C", "exemptions", [["10(10c)"], ["voluntaryretirement"], ["voluntaryseparation"]]),
  amount("retrenchment10_10B", "exemptions", [["10(10b)"], ["retrenchment"]]),
  amount("leaveEncashment10_10AA", "exemptions", [["10(10aa)"], ["leavesalaryencashment"], ["leaveencashment"]]),
  amount("commutedPension10_10A", "exemptions", [["10(10a)"], ["commutedvalueofpension"], ["commutedpension"]]),
  amount("gratuity10_10", "exemptions", [["10(10)"], ["gratuity"]]),
  amount("travelConcession10_5", "exemptions", [["10(5)"], ["travelconcession"], ["leavetravel"]]),
  heading("exemptions", [["allowancestotheextentexempt"], ["exemptundersection10"]]),

  // Row 1, gross salary.
  amount("perquisites17_2", "salary", [["17(2)"], ["valueofperquisites"]]),
  amount("profitsInLieuOfSalary17_3", "salary", [["17(3)"], ["profitsinlieu"]]),
  amount("salary17_1", "salary", [["17(1)"], ["salaryasperprovisions"], ["salaryasper"]]),
  heading("salary", [["grosssalary"]], "grossSalary"),
];

/**
 * Chapter VI-A sections Part B has no row of its own for: an employer lists them in the break-up of row 10(m)
 * ("any other provision(s)"), and row 10(n) totals them (row 11 adds 10(n), not the break-up).
 */
export const OTHER_PROVISIONS_BREAK_UP: ReadonlySet<ChapterVIAKey> = new Set([
  "section80DD",
  "section80DDB",
  "section80EEA",
  "section80EEB",
  "section80GG",
  "section80GGC",
  "section80TTB",
  "section80U",
]);

/** Exemptions the break-up of row 2(g) lists that /compute takes by section; row 2(h) totals them with the rest. */
export const OTHER_EXEMPTIONS_BREAK_UP: ReadonlySet<Form16AmountKey> = new Set(["retrenchment10_10B", "voluntaryRetirement10_10C"]);

/**
 * Which break-up table a heading opens: "Break up for 'Amount of any other exemption under section 10' ..." (row
 * 2(g)) or "... 'Amount deductible under any other provision(s) of Chapter VI-A' ..." (row 10(m)). Row 2(g)'s own
 * note ("[Note: Break-up to be filled and signed by employer ...]") opens none.
 */
export function breakUpTable(compactLabel: string): "exemptions" | "chapterVIA" | null {
  const at = compactLabel.indexOf("breakup");
  if (at < 0 || !(compactLabel.startsWith("for", at + 7) || compactLabel.startsWith("of", at + 7))) return null;
  if (compactLabel.includes("anyotherexemption", at)) return "exemptions";
  return compactLabel.includes("anyotherprovision", at) ? "chapterVIA" : null;
}

// The catalogue compiled once: every distinct fragment gets an id in one automaton, and each fragment knows the
// alternatives it is part of and the matchers it vetoes. A label is scanned once for all fragments; only the
// alternatives of the fragments found are then checked, and the earliest matcher that holds wins, exactly as
// trying the matchers in order would.
interface Alternative {
  matcher: number;
  fragments: number[];
}

const FRAGMENT_IDS = new Map<string, number>();
const fragmentId = (fragment: string): number => {
  let id = FRAGMENT_IDS.get(fragment);
  if (id === undefined) {
    id = FRAGMENT_IDS.size;
    FRAGMENT_IDS.set(fragment, id);
  }
  return id;
};
const ALTERNATIVES_BY_FRAGMENT: Alternative[][] = [];
const VETOES: number[][] = MATCHERS.map((matcher) => (matcher.none ?? []).map(fragmentId));
MATCHERS.forEach((matcher, index) => {
  for (const fragments of matcher.any) {
    const alternative: Alternative = { matcher: index, fragments: [...new Set(fragments.map(fragmentId))] };
    for (const id of alternative.fragments) (ALTERNATIVES_BY_FRAGMENT[id] ??= []).push(alternative);
  }
});
const FRAGMENT_INDEX = buildFragmentIndex([...FRAGMENT_IDS.keys()]);
for (let id = 0; id < FRAGMENT_IDS.size; id++) ALTERNATIVES_BY_FRAGMENT[id] ??= [];
const hits = new FragmentHits(FRAGMENT_INDEX);

/**
 * The earliest matcher, by catalogue order, that the fragments in `hits` satisfy. Indexed loops, not for-of: the
 * optimising compiler then takes much less time over this hot function, time a fresh isolate pays in its first parse.
 */
function firstMatch(): Form16Item | null {
  let best = MATCHERS.length;
  for (let h = 0; h < hits.count; h++) {
    const alternatives = ALTERNATIVES_BY_FRAGMENT[hits.ids[h]!]!;
    for (let a = 0; a < alternatives.length; a++) {
      const alternative = alternatives[a]!;
      if (alternative.matcher >= best) continue;
      if (allHit(alternative.fragments) && !anyHit(VETOES[alternative.matcher]!)) best = alternative.matcher;
    }
  }
  return best < MATCHERS.length ? MATCHERS[best]!.item : null;
}

/** Whether every fragment of `ids` was found. */
function allHit(ids: number[]): boolean {
  for (let i = 0; i < ids.length; i++) if (!hits.has(ids[i]!)) return false;
  return true;
}

/** Whether any fragment of `ids` was found. */
function anyHit(ids: number[]): boolean {
  for (let i = 0; i < ids.length; i++) if (hits.has(ids[i]!)) return true;
  return false;
}

// Every label fragment is at least three characters; shorter labels are row markers or noise.
const MIN_FRAGMENT_CHARS = 3;
for (const fragment of FRAGMENT_IDS.keys()) {
  if (fragment.length < MIN_FRAGMENT_CHARS) throw new Error(`label fragment "${fragment}" is too short`);
}

// "80E - Education loan" compacts to "80eeducationloan", which reads as section 80EE, and "80D - Dependent
// parents" as 80DD. A section number printed as a word of its own with words after it is closed with "()"
// before the label is compacted, so the next word cannot lengthen it. "80CCD (1B)" is left as it is.
const SECTION_NUMBER_BEFORE_WORDS = /(?<![A-Za-z0-9(])(80[A-Za-z]{1,5})(?=[^A-Za-z0-9(]+[A-Za-z])/g;

/** The label with every Chapter VI-A section number that words follow closed off: "80E - Education" -> "80E() - Education". */
export function closeSectionNumbers(label: string): string {
  return label.includes("80") ? label.replace(SECTION_NUMBER_BEFORE_WORDS, "$1()") : label;
}

/** The first item whose label fragments all occur in the compact label. */
export function matchForm16Item(compactLabel: string): Form16Item | null {
  if (compactLabel.length < MIN_FRAGMENT_CHARS) return null;
  hits.clear();
  scanFragments(FRAGMENT_INDEX, compactLabel, 0, hits);
  return firstMatch();
}

/**
 * `matchForm16Item(compact(\`${before} ${label}\`))` without building either string: the scan skips what
 * `compact` drops and carries on from `before` into `label`, so fragments spanning the two are found.
 */
export function matchForm16ItemAcross(before: string, label: string): Form16Item | null {
  hits.clear();
  scanFragments(FRAGMENT_INDEX, label, scanFragments(FRAGMENT_INDEX, before, 0, hits), hits);
  return firstMatch();
}

/** Human labels for warnings and the README; the Annexure row each key stands for. */
export const FORM16_ROW_LABELS: Record<Form16AmountKey, string> = {
  salary17_1: "1(a) Salary as per section 17(1)",
  perquisites17_2: "1(b) Value of perquisites under section 17(2)",
  profitsInLieuOfSalary17_3: "1(c) Profits in lieu of salary under section 17(3)",
  grossSalary: "1(d) Total gross salary",
  salaryFromOtherEmployers: "1(e) Reported total amount of salary received from other employer(s)",
  travelConcession10_5: "2(a) Travel concession or assistance under section 10(5) (LTA)",
  gratuity10_10: "2(b) Death-cum-retirement gratuity under section 10(10)",
  commutedPension10_10A: "2(c) Commuted value of pension under section 10(10A)",
  leaveEncashment10_10AA: "2(d) Cash equivalent of leave salary encashment under section 10(10AA)",
  retrenchment10_10B: "Break-up of 2(g): retrenchment compensation under section 10(10B)",
  voluntaryRetirement10_10C: "Break-up of 2(g): voluntary retirement compensation under section 10(10C)",
  houseRentAllowance10_13A: "2(e) House rent allowance under section 10(13A)",
  specialAllowances10_14: "2(f) Other special allowances under section 10(14)",
  otherExemptions10: "2(g) Amount of any other exemption under section 10",
  totalOtherExemptions10: "2(h) Total amount of any other exemption under section 10",
  totalExemptions10: "2(i) Total amount of exemption claimed under section 10",
  salaryFromCurrentEmployer: "3 Total amount of salary received from current employer",
  standardDeduction16ia: "4(a) Standard deduction under section 16(ia)",
  entertainmentAllowance16ii: "4(b) Entertainment allowance under section 16(ii)",
  taxOnEmployment16iii: "4(c) Tax on employment under section 16(iii)",
  totalDeductions16: "5 Total amount of deductions under section 16",
  incomeChargeableUnderSalaries: "6 Income chargeable under the head Salaries",
  housePropertyIncome: "7(a) Income (or admissible loss) from house property reported by employee",
  otherSourcesIncome: "7(b) Income under the head Other Sources offered for TDS",
  totalOtherIncome: "8 Total amount of other income reported by the employee",
  grossTotalIncome: "9 Gross total income",
  totalChapterVIA: "11 Aggregate of deductible amount under Chapter VI-A",
  totalTaxableIncome: "12 Total taxable income",
  taxOnTotalIncome: "13 Tax on total income",
  rebate87A: "14 Rebate under section 87A",
  surcharge: "15 Surcharge",
  healthAndEducationCess: "16 Health and education cess",
  taxPayable: "17 Tax payable",
  relief89: "18 Relief under section 89",
  tdsReportedByEmployee: "19 Tax deducted at source as per Form No. 12BAA (Form 122)",
  tcsReportedByEmployee: "20 Tax collected at source as per Form No. 12BAA (Form 122)",
  netTaxPayable: "21 Net tax payable",
};
