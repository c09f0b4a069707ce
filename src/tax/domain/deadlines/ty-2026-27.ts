// Tax year 2026-27: the first year under the Income-tax Act, 2025 and the Income-tax Rules, 2026
// (tax-rules reference §10.3). The 2025 Act replaces "previous year / assessment year" with "tax year".
import { advanceTaxInstalments, monthlyTdsDeposits, quarterlyTcsStatements, quarterlyTdsStatements } from "./recurring";
import type { DeadlineYear } from "./types";

const TAXHEAL_TDS = "TaxHeal on TDS under the Income-tax Rules, 2026 (new forms and Rules 218-219)";
const S263 = "Income-tax Act, 2025 s.263 per ABCAUS and TaxHeal (Budget 2026 memorandum); section text not read";
const ITR_FORMS = "ITR forms for tax year 2026-27 are notified under the Income-tax Rules, 2026; their numbering is not confirmed";
const RETURNS = {
  dueWithoutBusinessIncome: "2027-07-31",
  dueWithBusinessIncome: "2027-08-31",
  dueWithAudit: "2027-10-31",
  lastDayForBelatedReturn: "2027-12-31",
  lastDayForRevisedReturn: "2028-03-31",
};

export const TY_2026_27: DeadlineYear = {
  financialYear: "2026-27",
  assessmentYear: null,
  taxYear: "2026-27",
  act: "Income-tax Act, 2025",
  individualReturns: RETURNS,
  deadlines: [
    ...advanceTaxInstalments({
      startYear: 2026,
      form: null,
      section: "s.408",
      source: "Income-tax Act, 2025 s.408 per cabkgoyal and LegalWiz compliance calendar FY 2026-27; section text not read",
      presumptive: {
        appliesTo: "Assessees under s.58 for a business or profession (its Table's serials 1 and 3, formerly s.44AD/s.44ADA)",
        section: "s.408(2)",
      },
    }),
    ...monthlyTdsDeposits({
      startYear: 2026,
      form: null,
      section: "Rule 218 (TDS under ss.392-393)",
      source: `${TAXHEAL_TDS}; Rule 218 replaces Rule 30 with the same 7th / 30 April dates`,
      note: "Form 141 payers (rent, property, contract or VDA payments by individuals) have 30 days from month end instead.",
    }),
    ...quarterlyTdsStatements({
      startYear: 2026,
      form: "Form 138 / 140 / 144",
      formsExplained: "Form 138 for salary (was 24Q), 140 for other payments to residents (was 26Q), 144 for non-residents (was 27Q)",
      section: "Rule 219",
      source: TAXHEAL_TDS,
    }),
    ...quarterlyTcsStatements({
      startYear: 2026,
      form: "Form 143",
      section: "s.394; Rule 219",
      source: `${TAXHEAL_TDS}; Form 143 replaces 27EQ; the 15th-of-month dates are presumed unchanged (unconfirmed)`,
    }),
    {
      date: "2027-06-15",
      title: "Form 130 to employees for tax year 2026-27",
      description: "Employers issue Form 130 (the former Form 16) for the salary TDS of tax year 2026-27.",
      category: "form_issue",
      appliesTo: "Employers deducting TDS on salary",
      form: "Form 130",
      section: "Income-tax Rules, 2026 (replaces Rule 31; section of the 2025 Act not confirmed)",
      source: 'Renumbering per the420, AKM Global and SAG Infotech; date "largely unchanged" (AKM Global), rule text not read',
    },
    {
      date: RETURNS.dueWithoutBusinessIncome,
      title: "Return of income for tax year 2026-27 (no business income)",
      description: `Return for tax year 2026-27 by individuals and HUFs without business income. ${ITR_FORMS}.`,
      category: "itr_filing",
      appliesTo: "Individuals and HUFs without business income (ITR-1/ITR-2 type); any other assessee not listed later",
      form: null,
      section: "s.263(1)",
      source: S263,
    },
    {
      date: RETURNS.dueWithBusinessIncome,
      title: "Return of income for tax year 2026-27 (non-audit business or profession)",
      description: `Return for non-audit business and professional assessees. ${ITR_FORMS}.`,
      category: "itr_filing",
      appliesTo: "Non-audit business/profession assessees, partners of non-audit firms (and spouses), non-audit trusts",
      form: null,
      section: "s.263(1)",
      source: S263,
    },
    {
      date: RETURNS.dueWithAudit,
      title: "Return of income for tax year 2026-27 (audit cases)",
      description: `Return for companies and audit cases. ${ITR_FORMS}.`,
      category: "itr_filing",
      appliesTo: "Companies, assessees liable to audit and partners of audited firms",
      form: null,
      section: "s.263(1)",
      source: S263,
    },
    {
      date: "2027-11-30",
      title: "Return of income for tax year 2026-27 (transfer-pricing cases)",
      description: `Return for assessees who furnish the s.172 transfer-pricing report. ${ITR_FORMS}.`,
      category: "itr_filing",
      appliesTo: "Assessees required to furnish a report under s.172",
      form: null,
      section: "s.263(1)",
      source: S263,
    },
    {
      date: RETURNS.lastDayForBelatedReturn,
      title: "Belated return, and revised return without fee, for tax year 2026-27",
      description: "Nine months from the end of the tax year: last day for a belated return and for a revision without fee.",
      category: "belated_revised",
      appliesTo: "All assessees",
      form: null,
      section: "s.263(4), s.263(5)",
      source: `${S263}; nine-month wording per TaxTMI's summary of clause 263(4) of the Bill (unconfirmed)`,
    },
    {
      date: RETURNS.lastDayForRevisedReturn,
      title: "Revised return for tax year 2026-27 (with fee)",
      description: "Twelve months from the end of the tax year (was nine); a fee applies to revisions after nine months.",
      category: "belated_revised",
      appliesTo: "All assessees who filed a return",
      form: null,
      section: "s.263(5)",
      source: `${S263}; Budget speech of 2026-02-01 (Mint)`,
    },
    {
      // s.263(6) counts 48 months from the end of the financial year *succeeding* the tax year (2028-03-31),
      // so 2032-03-31; the reference's 2031-03-31 counted from the end of the tax year itself.
      date: "2032-03-31",
      title: "Updated return for tax year 2026-27",
      description: "Last day for an updated return: 48 months from the end of the financial year following the tax year.",
      category: "updated_return",
      appliesTo: "Eligible assessees (no lower tax or higher refund, no pending assessment)",
      form: null,
      section: "s.263(6)",
      source: "Income-tax Act, 2025 s.263(6) as summarised in the Finance Bill 2026 memorandum (TaxTMI, CAclubindia)",
    },
  ],
};
