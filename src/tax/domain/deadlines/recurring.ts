// Dates that recur every financial year on the same statutory rule. Each year table calls these with that
// year's forms, sections and sources; the tests pin every generated date.
import { financialYearLabel } from "../../../platform/pure/financial-year";
import type { YearDeadline } from "./types";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

interface Citation {
  form: string | null;
  section: string;
  source: string;
}

/** `startYear` is the first calendar year of the financial year: 2025 for FY 2025-26. */
interface YearRule extends Citation {
  startYear: number;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The four advance-tax instalment dates of the year starting in `startYear`: 15 June, 15 September, 15 December, 15 March. */
export function advanceTaxDueDates(startYear: number): readonly [string, string, string, string] {
  return [`${startYear}-06-15`, `${startYear}-09-15`, `${startYear}-12-15`, `${startYear + 1}-03-15`];
}

/**
 * Advance tax: 15 June / 15 September / 15 December / 15 March, cumulative 15/45/75/100% (1961 Act s.211,
 * 2025 Act s.408), plus the single 15 March instalment of presumptive-income assessees, and with `paidByYearEnd` the
 * 31 March up to which tax paid still counts as advance tax of the year.
 */
export function advanceTaxInstalments(
  rule: YearRule & { presumptive: { appliesTo: string; section: string }; paidByYearEnd?: { section: string; source: string } },
): YearDeadline[] {
  const { startYear } = rule;
  const dates = advanceTaxDueDates(startYear);
  const instalments = [
    [dates[0], "15%"],
    [dates[1], "45%"],
    [dates[2], "75%"],
    [dates[3], "100%"],
  ] as const;
  return [
    ...instalments.map(([date, share]) => ({
      date,
      title: `Advance tax: ${share} of the ${financialYearLabel(startYear)} liability`,
      description: `Advance tax paid by this date must reach ${share} (cumulative) of the tax estimated for ${financialYearLabel(startYear)}.`,
      category: "advance_tax" as const,
      appliesTo: "Assessees whose tax for the year, net of TDS, is ₹10,000 or more (resident senior citizens without business income are exempt)",
      form: rule.form,
      section: rule.section,
      source: rule.source,
    })),
    {
      date: dates[3],
      title: `Advance tax: single instalment on presumptive income for ${financialYearLabel(startYear)}`,
      description:
        "Assessees taxed on presumptive business or professional income pay all their advance tax in one instalment; income from goods carriages keeps the four.",
      category: "advance_tax",
      appliesTo: rule.presumptive.appliesTo,
      form: rule.form,
      section: rule.presumptive.section,
      source: rule.source,
    },
    ...(rule.paidByYearEnd === undefined
      ? []
      : [
          {
            date: `${startYear + 1}-03-31`,
            title: `Advance tax paid by today counts for FY ${financialYearLabel(startYear)}`,
            description: "Tax paid by 31 March is treated as advance tax for the year (relevant to interest under s.234B).",
            category: "advance_tax" as const,
            appliesTo: "Assessees liable to advance tax",
            form: rule.form,
            section: rule.paidByYearEnd.section,
            source: rule.paidByYearEnd.source,
          },
        ]),
  ];
}

/**
 * TDS deposits: the 7th of the following month, except tax deducted in March, due on 30 April
 * (Rule 30(2) of the 1962 Rules, carried into Rule 218 of the 2026 Rules).
 */
export function monthlyTdsDeposits(rule: YearRule & { note: string }): YearDeadline[] {
  const deposits: YearDeadline[] = [];
  for (let i = 0; i < 12; i++) {
    const monthIndex = (3 + i) % 12; // April first
    const year = monthIndex >= 3 ? rule.startYear : rule.startYear + 1;
    const monthName = MONTHS[monthIndex] ?? "";
    const isMarch = monthIndex === 2;
    const date = isMarch ? `${year}-04-30` : `${monthIndex === 11 ? year + 1 : year}-${pad(((monthIndex + 1) % 12) + 1)}-07`;
    deposits.push({
      date,
      title: `TDS deposit for ${monthName} ${year}`,
      description:
        `Pay the tax deducted at source in ${monthName} ${year} to the Central Government` +
        (isMarch ? ": March deductions get until 30 April. " : " by the 7th of the following month. ") +
        rule.note,
      category: "tds_deposit",
      appliesTo: "Non-Government deductors",
      form: rule.form,
      section: rule.section,
      source: rule.source,
    });
  }
  return deposits;
}

const quarters = (startYear: number) =>
  [
    { label: `Q1 (April-June ${startYear})`, tdsMonth: `${startYear}-07`, certificateMonth: `${startYear}-08` },
    { label: `Q2 (July-September ${startYear})`, tdsMonth: `${startYear}-10`, certificateMonth: `${startYear}-11` },
    { label: `Q3 (October-December ${startYear})`, tdsMonth: `${startYear + 1}-01`, certificateMonth: `${startYear + 1}-02` },
    { label: `Q4 (January-March ${startYear + 1})`, tdsMonth: `${startYear + 1}-05`, certificateMonth: `${startYear + 1}-06` },
  ] as const;

/** Quarterly TDS statements: 31 July / 31 October / 31 January / 31 May (Rule 31A; Rule 219 from 2026). */
export function quarterlyTdsStatements(rule: YearRule & { formsExplained: string }): YearDeadline[] {
  return quarters(rule.startYear).map((q) => ({
    date: `${q.tdsMonth}-31`,
    title: `TDS statements for ${q.label}`,
    description: `Quarterly TDS statements for ${q.label}: ${rule.formsExplained}.`,
    category: "tds_return" as const,
    appliesTo: "Deductors",
    form: rule.form,
    section: rule.section,
    source: rule.source,
  }));
}

/** Quarterly TCS statements: the 15th of July / October / January / May (Rule 31AA). */
export function quarterlyTcsStatements(rule: YearRule): YearDeadline[] {
  return quarters(rule.startYear).map((q) => ({
    date: `${q.tdsMonth}-15`,
    title: `TCS statement for ${q.label}`,
    description: `Quarterly statement of tax collected at source for ${q.label}.`,
    category: "tcs_return" as const,
    appliesTo: "Collectors",
    form: rule.form,
    section: rule.section,
    source: rule.source,
  }));
}

/** Non-salary TDS certificates: 15 days after the quarter's TDS statement due date (Rule 31(3)). */
export function quarterlyTdsCertificates(rule: YearRule): YearDeadline[] {
  return quarters(rule.startYear).map((q) => ({
    date: `${q.certificateMonth}-15`,
    title: `TDS certificates (non-salary) for ${q.label}`,
    description: `Issue TDS certificates for non-salary deductions of ${q.label}, 15 days after the statement due date.`,
    category: "form_issue" as const,
    appliesTo: "Deductors (non-salary payments)",
    form: rule.form,
    section: rule.section,
    source: rule.source,
  }));
}
