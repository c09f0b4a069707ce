// The shape of one statutory due date. Pure data: the calendar tables in this folder are the only producers.

export const DEADLINE_CATEGORIES = [
  "advance_tax",
  "itr_filing",
  "tds_deposit",
  "tds_return",
  "tcs_return",
  "form_issue",
  "belated_revised",
  "updated_return",
  "audit_report",
] as const;
export type DeadlineCategory = (typeof DEADLINE_CATEGORIES)[number];

// The Income-tax Act, 2025 governs from 1 April 2026 (tax year 2026-27); earlier years stay under the 1961 Act.
export const ACTS = ["Income-tax Act, 1961", "Income-tax Act, 2025"] as const;
export type Act = (typeof ACTS)[number];

export interface Deadline {
  /** Statutory due date (IST calendar day), YYYY-MM-DD, not rolled forward for holidays. */
  date: string;
  title: string;
  description: string;
  category: DeadlineCategory;
  /** Who the date binds, in plain words. */
  appliesTo: string;
  /** Form (or forms) to file or issue under the governing Act; null when no form is involved. */
  form: string | null;
  /** Section (and rule) of the governing Act. */
  section: string;
  act: Act;
  /** The financial year the obligation belongs to, e.g. "2025-26". */
  financialYear: string;
  /** Assessment year under the 1961 Act; null from tax year 2026-27, when the 2025 Act drops the concept. */
  assessmentYear: string | null;
  /** Tax year under the 2025 Act; null for years governed by the 1961 Act. */
  taxYear: string | null;
  /** Where the date comes from (notification, circular, rule), and what is unconfirmed. */
  source: string;
}

/**
 * An individual's return dates for one year, as its table lists them: the engine reads them for interest on a
 * late return (s.234A) and to bound the dates a request may give.
 */
export interface IndividualReturnDates {
  /** s.139(1) due date without business or professional income. */
  dueWithoutBusinessIncome: string;
  /** s.139(1) due date with business or professional income whose accounts need no audit (presumptive income). */
  dueWithBusinessIncome: string;
  /** s.139(1) due date when the accounts must be audited (s.44AB or another law; Explanation 2(a)(ii) to s.139(1)). */
  dueWithAudit: string;
  /** Last day for a belated return (s.139(4)). */
  lastDayForBelatedReturn: string;
  /** Last day for revising a return (s.139(5)), a fee included where one applies. */
  lastDayForRevisedReturn: string;
}

/** One financial (or tax) year's calendar. Adding a year is adding one of these. */
export interface DeadlineYear {
  financialYear: string;
  assessmentYear: string | null;
  taxYear: string | null;
  act: Act;
  individualReturns: IndividualReturnDates;
  deadlines: readonly YearDeadline[];
}

/** A row of a year table: the year-level fields are filled in from the table. */
export type YearDeadline = Omit<Deadline, "act" | "financialYear" | "assessmentYear" | "taxYear">;
