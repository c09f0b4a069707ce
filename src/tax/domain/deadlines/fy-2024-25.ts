// FY 2024-25 / AY 2025-26 under the Income-tax Act, 1961, with return and audit dates as actually extended by
// CBDT (tax-rules reference §10.1).
import { advanceTaxInstalments, monthlyTdsDeposits, quarterlyTcsStatements, quarterlyTdsCertificates, quarterlyTdsStatements } from "./recurring";
import type { DeadlineYear } from "./types";

const ITMUM = "Income Tax Dept Mumbai due-date list (incometaxmumbai.gov.in/due-dates)";

// The CBDT extensions (the press release of 2025-05-27; Circular 15/2025 for audit cases) carried no caveat for
// interest under s.234A, so the extended dates are the due dates for it.
const RETURNS = {
  dueWithoutBusinessIncome: "2025-09-16",
  dueWithBusinessIncome: "2025-09-16",
  dueWithAudit: "2025-12-10",
  lastDayForBelatedReturn: "2025-12-31",
  lastDayForRevisedReturn: "2025-12-31",
};

export const FY_2024_25: DeadlineYear = {
  financialYear: "2024-25",
  assessmentYear: "2025-26",
  taxYear: null,
  act: "Income-tax Act, 1961",
  individualReturns: RETURNS,
  deadlines: [
    ...advanceTaxInstalments({
      startYear: 2024,
      form: "Challan ITNS 280",
      section: "s.211(1)(a)",
      source: "Income-tax Act, 1961 s.211",
      presumptive: { appliesTo: "Assessees under s.44AD or s.44ADA", section: "s.211(1)(b)" },
      paidByYearEnd: { section: "s.211, proviso", source: "Income-tax Act, 1961 s.211 proviso" },
    }),
    ...monthlyTdsDeposits({
      startYear: 2024,
      form: "Challan ITNS 281",
      section: "s.200(1); Rule 30(2)",
      source: `Rule 30 of the Income-tax Rules, 1962; ${ITMUM}`,
      note: "Form 26QB/26QC/26QD payers (property, rent, contracts by individuals) have 30 days from month end instead.",
    }),
    ...quarterlyTdsStatements({
      startYear: 2024,
      form: "Form 24Q / 26Q / 27Q",
      formsExplained: "24Q for salary, 26Q for other payments to residents, 27Q for payments to non-residents",
      section: "s.200(3); Rule 31A",
      source: `Rule 31A of the Income-tax Rules, 1962; ${ITMUM}; no extension found for FY 2024-25`,
    }),
    ...quarterlyTcsStatements({
      startYear: 2024,
      form: "Form 27EQ",
      section: "s.206C(3); Rule 31AA",
      source: `Rule 31AA of the Income-tax Rules, 1962; ${ITMUM}`,
    }),
    ...quarterlyTdsCertificates({
      startYear: 2024,
      form: "Form 16A",
      section: "s.203; Rule 31(3)",
      source: `Rule 31(3) of the Income-tax Rules, 1962; ${ITMUM}`,
    }),
    {
      date: "2025-06-15",
      title: "Form 16 to employees for FY 2024-25",
      description: "Employers issue Form 16 (Part A and Part B) for the salary TDS of FY 2024-25.",
      category: "form_issue",
      appliesTo: "Employers deducting TDS on salary",
      form: "Form 16",
      section: "s.203; Rule 31",
      source: `Rule 31 of the Income-tax Rules, 1962; ${ITMUM}`,
    },
    {
      date: RETURNS.dueWithoutBusinessIncome,
      title: "ITR for AY 2025-26 (non-audit), as extended",
      description:
        "Return of income for FY 2024-25 by assessees not liable to audit. Due 31 July 2025, extended to " +
        "15 September 2025, then by one day to 16 September 2025.",
      category: "itr_filing",
      appliesTo: "Individuals, HUFs and other assessees not liable to audit",
      form: "ITR-1 / ITR-2 / ITR-3 / ITR-4",
      section: "s.139(1)",
      source: "CBDT press release of 2025-05-27 and one-day extension of 2025-09-15 (New Indian Express, CAclubindia)",
    },
    {
      date: "2025-11-10",
      title: "Tax audit report for AY 2025-26, as extended",
      description: "Tax audit report for FY 2024-25. Due 30 September 2025, extended to 31 October 2025, then to 10 November 2025.",
      category: "audit_report",
      appliesTo: "Assessees liable to tax audit",
      form: "Form 3CA-3CD / 3CB-3CD",
      section: "s.44AB",
      source: "CBDT Circular 14/2025 (2025-09-25) and Circular 15/2025 (2025-10-29)",
    },
    {
      date: "2025-11-30",
      title: "ITR for AY 2025-26 (transfer-pricing cases)",
      description: "Return of income for assessees who must furnish a transfer-pricing report. Not extended.",
      category: "itr_filing",
      appliesTo: "Assessees required to furnish a report under s.92E",
      form: "ITR-3 / ITR-5 / ITR-6 / ITR-7",
      section: "s.139(1), Explanation 2(aa)",
      source: "Income-tax Act, 1961 s.139(1) Explanation 2(aa); CBDT Circular 15/2025 left it unchanged",
    },
    {
      date: RETURNS.dueWithAudit,
      title: "ITR for AY 2025-26 (audit cases), as extended",
      description: "Return of income for audit cases. Due 31 October 2025, extended to 10 December 2025.",
      category: "itr_filing",
      appliesTo: "Companies, assessees liable to audit and partners of audited firms",
      form: "ITR-3 / ITR-5 / ITR-6 / ITR-7",
      section: "s.139(1), Explanation 2(a)",
      source: "CBDT Circular 15/2025 (2025-10-29)",
    },
    {
      date: RETURNS.lastDayForBelatedReturn,
      title: "Belated and revised ITR for AY 2025-26",
      description: "Last day for a belated or revised return: three months before the end of the assessment year.",
      category: "belated_revised",
      appliesTo: "All assessees",
      form: "ITR-1 to ITR-7",
      section: "s.139(4), s.139(5)",
      source: "Income-tax Act, 1961 s.139(4) and (5); no extension found for AY 2025-26",
    },
    {
      date: "2030-03-31",
      title: "Updated return (ITR-U) for AY 2025-26",
      description: "Last day for an updated return: 48 months from the end of the assessment year.",
      category: "updated_return",
      appliesTo: "Eligible assessees (no loss return, no lower tax, no pending assessment)",
      form: "ITR-U",
      section: "s.139(8A)",
      source: 'Income-tax Act, 1961 s.139(8A) ("forty-eight months")',
    },
  ],
};
