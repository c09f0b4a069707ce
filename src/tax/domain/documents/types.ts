// Result types of the document parsers. Amounts are rupees (two decimals at most); null means the item was
// not found in the text, 0 means it was printed blank, "-", "NIL" or 0.00.
import type { FinancialYear } from "../engine";
import type { OtherChapterVIA, Section10Exemption } from "../engine/form16-figures";

export type DocumentType = "form16" | "ais";

/** A line that held an amount but matched no known item, or an amount we had to interpret. */
export interface DocumentWarning {
  /** 1-based line number in the submitted text. */
  line: number;
  /** The line, trimmed, cut to 160 characters, individuals' PANs masked. */
  text: string;
  message: string;
}

/** A POST /compute body built from documents (the fields of src/tax/schemas/profile.ts they can fill). */
export interface DocumentComputeRequest {
  /** The financial year the income was earned in: the assessment year printed on Form 16 less one. */
  financialYear: FinancialYear;
  /** The assessment year the document printed, so /compute can refuse it passed as the financial year. */
  assessmentYear?: string;
  /** The regime the employee told the employer (Form 16 row A); both are computed either way. */
  chosenRegime?: "old" | "new";
  profile: {
    age?: number;
    residentialStatus: "resident";
    salary?: {
      grossSalary?: number;
      professionalTax?: number;
      exemptions10?: Partial<Record<Section10Exemption, number>>;
    };
    housePropertyIncome?: number;
    otherIncome?: {
      savingsInterest?: number;
      depositInterest?: number;
      dividends?: number;
      casualWinnings?: number;
      reportedToEmployer?: number;
    };
    deductions?: {
      section80C?: number;
      section80CCD1B?: number;
      section80CCD2?: number;
      section80D?: number;
      section80D_selfFamily?: number;
      section80D_parents?: number;
      parentsSeniorCitizen?: boolean;
      section80E?: number;
      section80G_100?: number;
      otherChapterVIA?: Partial<Record<OtherChapterVIA, number>>;
    };
    taxesPaid?: number;
    returnFormFacts?: { tdsOnCashWithdrawals: true };
  };
}

/** A figure a document gives that the compute request does not carry, and why. */
export interface UnmappedFigure {
  /** Which document: "documents[0]" and so on. */
  source: string;
  field: string;
  amount: number | null;
  reason: string;
}

/** Two documents of one person and year that disagree about a figure. */
export interface DocumentConflict {
  field: string;
  values: { source: string; amount: number | null; value?: string | null }[];
  resolution: string;
}

export const FORM16_AMOUNT_KEYS = [
  "salary17_1",
  "perquisites17_2",
  "profitsInLieuOfSalary17_3",
  "grossSalary",
  "salaryFromOtherEmployers",
  "travelConcession10_5",
  "gratuity10_10",
  "commutedPension10_10A",
  "leaveEncashment10_10AA",
  "retrenchment10_10B",
  "voluntaryRetirement10_10C",
  "houseRentAllowance10_13A",
  "specialAllowances10_14",
  "otherExemptions10",
  "totalOtherExemptions10",
  "totalExemptions10",
  "salaryFromCurrentEmployer",
  "standardDeduction16ia",
  "entertainmentAllowance16ii",
  "taxOnEmployment16iii",
  "totalDeductions16",
  "incomeChargeableUnderSalaries",
  "housePropertyIncome",
  "otherSourcesIncome",
  "totalOtherIncome",
  "grossTotalIncome",
  "totalChapterVIA",
  "totalTaxableIncome",
  "taxOnTotalIncome",
  "rebate87A",
  "surcharge",
  "healthAndEducationCess",
  "taxPayable",
  "relief89",
  "tdsReportedByEmployee",
  "tcsReportedByEmployee",
  "netTaxPayable",
] as const;

export type Form16AmountKey = (typeof FORM16_AMOUNT_KEYS)[number];

export const CHAPTER_VIA_KEYS = [
  "section80C",
  "section80CCC",
  "section80CCD1",
  "totalSection80C80CCC80CCD1",
  "section80CCD1B",
  "section80CCD2",
  "section80D",
  "section80DParents",
  "section80DD",
  "section80DDB",
  "section80E",
  "section80EEA",
  "section80EEB",
  "section80CCHEmployee",
  "section80CCHGovernment",
  "section80G",
  "section80GG",
  "section80GGC",
  "section80TTA",
  "section80TTB",
  "section80U",
  "otherProvisions",
  "totalOtherProvisions",
] as const;

export type ChapterVIAKey = (typeof CHAPTER_VIA_KEYS)[number];

/** One Chapter VI-A row: Form 16 prints gross and deductible, and a qualifying amount for 80G and later rows. */
export interface ChapterVIAAmounts {
  gross: number | null;
  qualifying: number | null;
  deductible: number | null;
}

export interface Form16PartATotals {
  amountPaidOrCredited: number;
  taxDeducted: number;
  taxDeposited: number;
}

export interface Form16Document {
  documentType: "form16";
  /** "given" when the caller named the type, "detected" when the parser recognised it. */
  typeSource: "given" | "detected";
  /** "16" for Form No. 16 (to tax year 2025-26), "130" for Form No. 130 (Income-tax Rules 2026). */
  formNumber: "16" | "130" | null;
  assessmentYear: string | null;
  /** Form 130 names the tax year instead of an assessment year. */
  taxYear: string | null;
  employerName: string | null;
  employerTan: string | null;
  /** Masked: first two and last two characters kept (ABXXXXXX4F). */
  employeePan: string | null;
  /** true: old regime (opted out of s.115BAC(1A)); false: new regime; null: not printed. */
  optedOutOf115BAC: boolean | null;
  /** true when a separate 80D row for parents says they are senior citizens (s.80D(4)); null otherwise. */
  parentsSeniorCitizen: boolean | null;
  amounts: Record<Form16AmountKey, number | null>;
  chapterVIA: Record<ChapterVIAKey, ChapterVIAAmounts | null>;
  /** Part A quarterly summary total, when Part A is in the text. */
  partA: Form16PartATotals | null;
  /** Number of items found, amounts and Chapter VI-A rows together. */
  itemsFound: number;
  /** At most 64 KB of them; `warningsTotal` counts every warning, kept or not. */
  warnings: DocumentWarning[];
  warningsTotal: number;
}

export type AisCategory =
  | "salary"
  | "savingsInterest"
  | "depositInterest"
  | "dividends"
  | "rent"
  | "saleOfSecurities"
  | "casualWinnings"
  | "taxesPaid"
  | "refunds"
  | "other";

export interface AisEntry {
  /** Information code as printed (TDS-192, SFT-016(SB)); null for tax payments and refunds, which have none. */
  code: string | null;
  description: string;
  /** Reporting entity and its TAN/PAN; an individual's PAN is masked. */
  source: string | null;
  count: number | null;
  amount: number | null;
  /** TDS/TCS deducted or collected, summed over the quarter rows. */
  taxDeducted: number | null;
  category: AisCategory;
}

export type AisTotals = Record<Exclude<AisCategory, "other">, number>;

export interface AisDocument {
  documentType: "ais";
  typeSource: "given" | "detected";
  /** "text" for the text of the AIS PDF, "json" for the decrypted AIS utility JSON. */
  format: "text" | "json";
  pan: string | null;
  name: string | null;
  financialYear: string | null;
  assessmentYear: string | null;
  /** The age reached by the end of the financial year, by Part A's date of birth (which is not returned); null without it. */
  age: number | null;
  entries: AisEntry[];
  /** Sums per category. Tax payments add the TDS/TCS of every entry to advance and self-assessment tax. */
  totals: AisTotals;
  /** At most 64 KB of them; `warningsTotal` counts every warning, kept or not. */
  warnings: DocumentWarning[];
  warningsTotal: number;
}

export type ParsedDocument = Form16Document | AisDocument;

export const PARSE_ERROR_CODES = ["unrecognised_document", "no_items_found", "encrypted_ais_json", "unsupported_json"] as const;
export type ParseErrorCode = (typeof PARSE_ERROR_CODES)[number];

export interface ParseError {
  code: ParseErrorCode;
  message: string;
}

/** Expected failures are values: an unrecognisable text is not an exception. */
export type ParseResult = { ok: true; document: ParsedDocument } | { ok: false; error: ParseError };
