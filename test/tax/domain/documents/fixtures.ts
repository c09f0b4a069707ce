// The synthetic document corpus (no real person's data), each text with the expected result beside it.
// Imported as raw strings so the same tests run under plain Node vitest and inside workerd.
import aisCopyPaste from "../../../fixtures/documents/ais-copy-paste-fy2025-26.txt?raw";
import aisCopyPasteExpected from "../../../fixtures/documents/ais-copy-paste-fy2025-26.expected.json";
import aisLayout from "../../../fixtures/documents/ais-layout-fy2024-25.txt?raw";
import aisLayoutExpected from "../../../fixtures/documents/ais-layout-fy2024-25.expected.json";
import aisWrapped from "../../../fixtures/documents/ais-layout-wrapped-columns.txt?raw";
import aisWrappedExpected from "../../../fixtures/documents/ais-layout-wrapped-columns.expected.json";
import aisJsonObjects from "../../../fixtures/documents/ais-utility-object-rows.json?raw";
import aisJsonObjectsExpected from "../../../fixtures/documents/ais-utility-object-rows.expected.json";
import aisJsonPositional from "../../../fixtures/documents/ais-utility-positional.json?raw";
import aisJsonPositionalExpected from "../../../fixtures/documents/ais-utility-positional.expected.json";
import form130 from "../../../fixtures/documents/form130-tax-year-2026-27.txt?raw";
import form130Expected from "../../../fixtures/documents/form130-tax-year-2026-27.expected.json";
import copyPaste from "../../../fixtures/documents/form16-copy-paste-mangled.txt?raw";
import copyPasteExpected from "../../../fixtures/documents/form16-copy-paste-mangled.expected.json";
import ibmGlued from "../../../fixtures/documents/form16-ibm-traces-glued.txt?raw";
import ibmGluedExpected from "../../../fixtures/documents/form16-ibm-traces-glued.expected.json";
import payroll from "../../../fixtures/documents/form16-payroll-indian-grouping.txt?raw";
import payrollExpected from "../../../fixtures/documents/form16-payroll-indian-grouping.expected.json";
import traces2019 from "../../../fixtures/documents/form16-traces-2019-layout.txt?raw";
import traces2019Expected from "../../../fixtures/documents/form16-traces-2019-layout.expected.json";
import tracesLayout from "../../../fixtures/documents/form16-traces-layout-old-regime.txt?raw";
import tracesLayoutExpected from "../../../fixtures/documents/form16-traces-layout-old-regime.expected.json";
import tracesPartAB from "../../../fixtures/documents/form16-traces-part-a-and-b-new-regime.txt?raw";
import tracesPartABExpected from "../../../fixtures/documents/form16-traces-part-a-and-b-new-regime.expected.json";
import form16CellsFy202425Old from "../../../fixtures/documents/form16-cells-fy2024-25-old.txt?raw";
import form16CellsFy202425OldExpected from "../../../fixtures/documents/form16-cells-fy2024-25-old.expected.json";
import form16TabSeparatedFy202425New from "../../../fixtures/documents/form16-tab-separated-fy2024-25-new.txt?raw";
import form16TabSeparatedFy202425NewExpected from "../../../fixtures/documents/form16-tab-separated-fy2024-25-new.expected.json";
import form16ReflowedFy202526Old from "../../../fixtures/documents/form16-reflowed-fy2025-26-old.txt?raw";
import form16ReflowedFy202526OldExpected from "../../../fixtures/documents/form16-reflowed-fy2025-26-old.expected.json";
import form16PageBreaksFy202526New from "../../../fixtures/documents/form16-page-breaks-fy2025-26-new.txt?raw";
import form16PageBreaksFy202526NewExpected from "../../../fixtures/documents/form16-page-breaks-fy2025-26-new.expected.json";
import form16CrlfRsStampFy202526Old from "../../../fixtures/documents/form16-crlf-rs-stamp-fy2025-26-old.txt?raw";
import form16CrlfRsStampFy202526OldExpected from "../../../fixtures/documents/form16-crlf-rs-stamp-fy2025-26-old.expected.json";
import form16RupeeMarginalReliefFy202526New from "../../../fixtures/documents/form16-rupee-marginal-relief-fy2025-26-new.txt?raw";
import form16RupeeMarginalReliefFy202526NewExpected from "../../../fixtures/documents/form16-rupee-marginal-relief-fy2025-26-new.expected.json";
import form16BacktickYesOldRegimeFy202425 from "../../../fixtures/documents/form16-backtick-yes-old-regime-fy2024-25.txt?raw";
import form16BacktickYesOldRegimeFy202425Expected from "../../../fixtures/documents/form16-backtick-yes-old-regime-fy2024-25.expected.json";
import form16Fy202324OldOlderForm from "../../../fixtures/documents/form16-fy2023-24-old-older-form.txt?raw";
import form16Fy202324OldOlderFormExpected from "../../../fixtures/documents/form16-fy2023-24-old-older-form.expected.json";
import form16Fy202324NewOlderForm from "../../../fixtures/documents/form16-fy2023-24-new-older-form.txt?raw";
import form16Fy202324NewOlderFormExpected from "../../../fixtures/documents/form16-fy2023-24-new-older-form.expected.json";
import form130LayoutTy202627Old from "../../../fixtures/documents/form130-layout-ty2026-27-old.txt?raw";
import form130LayoutTy202627OldExpected from "../../../fixtures/documents/form130-layout-ty2026-27-old.expected.json";
import form130CellsTy202627New from "../../../fixtures/documents/form130-cells-ty2026-27-new.txt?raw";
import form130CellsTy202627NewExpected from "../../../fixtures/documents/form130-cells-ty2026-27-new.expected.json";
import form16OneLineFy202526Old from "../../../fixtures/documents/form16-one-line-fy2025-26-old.txt?raw";
import form16OneLineFy202526OldExpected from "../../../fixtures/documents/form16-one-line-fy2025-26-old.expected.json";
import form16GluedRentPaidFy202526Old from "../../../fixtures/documents/form16-glued-rent-paid-fy2025-26-old.txt?raw";
import form16GluedRentPaidFy202526OldExpected from "../../../fixtures/documents/form16-glued-rent-paid-fy2025-26-old.expected.json";
import form16OtherEmployerFy202425New from "../../../fixtures/documents/form16-other-employer-fy2024-25-new.txt?raw";
import form16OtherEmployerFy202425NewExpected from "../../../fixtures/documents/form16-other-employer-fy2024-25-new.expected.json";
import form16FirstEmployerFy202425New from "../../../fixtures/documents/form16-first-employer-fy2024-25-new.txt?raw";
import form16FirstEmployerFy202425NewExpected from "../../../fixtures/documents/form16-first-employer-fy2024-25-new.expected.json";
import aisTwoEmployersInactiveFy202425 from "../../../fixtures/documents/ais-two-employers-inactive-fy2024-25.txt?raw";
import aisTwoEmployersInactiveFy202425Expected from "../../../fixtures/documents/ais-two-employers-inactive-fy2024-25.expected.json";
import aisTabSeparatedCrlfFy202526 from "../../../fixtures/documents/ais-tab-separated-crlf-fy2025-26.txt?raw";
import aisTabSeparatedCrlfFy202526Expected from "../../../fixtures/documents/ais-tab-separated-crlf-fy2025-26.expected.json";
import aisOneCellPerLineTy202627 from "../../../fixtures/documents/ais-one-cell-per-line-ty2026-27.txt?raw";
import aisOneCellPerLineTy202627Expected from "../../../fixtures/documents/ais-one-cell-per-line-ty2026-27.expected.json";
import aisPlainNumberPaymentsFy202425 from "../../../fixtures/documents/ais-plain-number-payments-fy2024-25.txt?raw";
import aisPlainNumberPaymentsFy202425Expected from "../../../fixtures/documents/ais-plain-number-payments-fy2024-25.expected.json";

export interface Form16Expected {
  description: string;
  /** Part B worked by hand from the year's slabs (tax-rules.md §1-2): rows 12 and 13 follow from it. */
  working?: string;
  type: "form16";
  fields: Record<string, unknown>;
  amounts: Record<string, number>;
  chapterVIA: Record<string, { gross: number | null; qualifying: number | null; deductible: number | null }>;
  partA: { amountPaidOrCredited: number; taxDeducted: number; taxDeposited: number } | null;
  warnings: number;
}

export interface AisExpected {
  description: string;
  type: "ais";
  fields: Record<string, unknown>;
  entries: Record<string, unknown>[];
  totals: Record<string, number>;
  warnings: number;
}

export interface Fixture {
  name: string;
  text: string;
  expected: Form16Expected | AisExpected;
}

export const FIXTURES: Fixture[] = [
  { name: "form16-traces-layout-old-regime", text: tracesLayout, expected: tracesLayoutExpected as Form16Expected },
  { name: "form16-traces-part-a-and-b-new-regime", text: tracesPartAB, expected: tracesPartABExpected as Form16Expected },
  { name: "form16-copy-paste-mangled", text: copyPaste, expected: copyPasteExpected as Form16Expected },
  { name: "form16-ibm-traces-glued", text: ibmGlued, expected: ibmGluedExpected as Form16Expected },
  { name: "form16-traces-2019-layout", text: traces2019, expected: traces2019Expected as Form16Expected },
  { name: "form16-payroll-indian-grouping", text: payroll, expected: payrollExpected as Form16Expected },
  { name: "form130-tax-year-2026-27", text: form130, expected: form130Expected as Form16Expected },
  { name: "form16-cells-fy2024-25-old", text: form16CellsFy202425Old, expected: form16CellsFy202425OldExpected as Form16Expected },
  {
    name: "form16-tab-separated-fy2024-25-new",
    text: form16TabSeparatedFy202425New,
    expected: form16TabSeparatedFy202425NewExpected as Form16Expected,
  },
  { name: "form16-reflowed-fy2025-26-old", text: form16ReflowedFy202526Old, expected: form16ReflowedFy202526OldExpected as Form16Expected },
  { name: "form16-page-breaks-fy2025-26-new", text: form16PageBreaksFy202526New, expected: form16PageBreaksFy202526NewExpected as Form16Expected },
  {
    name: "form16-crlf-rs-stamp-fy2025-26-old",
    text: form16CrlfRsStampFy202526Old,
    expected: form16CrlfRsStampFy202526OldExpected as Form16Expected,
  },
  {
    name: "form16-rupee-marginal-relief-fy2025-26-new",
    text: form16RupeeMarginalReliefFy202526New,
    expected: form16RupeeMarginalReliefFy202526NewExpected as Form16Expected,
  },
  {
    name: "form16-backtick-yes-old-regime-fy2024-25",
    text: form16BacktickYesOldRegimeFy202425,
    expected: form16BacktickYesOldRegimeFy202425Expected as Form16Expected,
  },
  { name: "form16-fy2023-24-old-older-form", text: form16Fy202324OldOlderForm, expected: form16Fy202324OldOlderFormExpected as Form16Expected },
  { name: "form16-fy2023-24-new-older-form", text: form16Fy202324NewOlderForm, expected: form16Fy202324NewOlderFormExpected as Form16Expected },
  { name: "form130-layout-ty2026-27-old", text: form130LayoutTy202627Old, expected: form130LayoutTy202627OldExpected as Form16Expected },
  { name: "form130-cells-ty2026-27-new", text: form130CellsTy202627New, expected: form130CellsTy202627NewExpected as Form16Expected },
  { name: "form16-one-line-fy2025-26-old", text: form16OneLineFy202526Old, expected: form16OneLineFy202526OldExpected as Form16Expected },
  {
    name: "form16-glued-rent-paid-fy2025-26-old",
    text: form16GluedRentPaidFy202526Old,
    expected: form16GluedRentPaidFy202526OldExpected as Form16Expected,
  },
  {
    name: "form16-other-employer-fy2024-25-new",
    text: form16OtherEmployerFy202425New,
    expected: form16OtherEmployerFy202425NewExpected as Form16Expected,
  },
  {
    name: "form16-first-employer-fy2024-25-new",
    text: form16FirstEmployerFy202425New,
    expected: form16FirstEmployerFy202425NewExpected as Form16Expected,
  },
  { name: "ais-layout-fy2024-25", text: aisLayout, expected: aisLayoutExpected as AisExpected },
  { name: "ais-copy-paste-fy2025-26", text: aisCopyPaste, expected: aisCopyPasteExpected as AisExpected },
  { name: "ais-layout-wrapped-columns", text: aisWrapped, expected: aisWrappedExpected as AisExpected },
  { name: "ais-utility-positional", text: aisJsonPositional, expected: aisJsonPositionalExpected as AisExpected },
  { name: "ais-utility-object-rows", text: aisJsonObjects, expected: aisJsonObjectsExpected as AisExpected },
  {
    name: "ais-two-employers-inactive-fy2024-25",
    text: aisTwoEmployersInactiveFy202425,
    expected: aisTwoEmployersInactiveFy202425Expected as AisExpected,
  },
  { name: "ais-tab-separated-crlf-fy2025-26", text: aisTabSeparatedCrlfFy202526, expected: aisTabSeparatedCrlfFy202526Expected as AisExpected },
  { name: "ais-one-cell-per-line-ty2026-27", text: aisOneCellPerLineTy202627, expected: aisOneCellPerLineTy202627Expected as AisExpected },
  {
    name: "ais-plain-number-payments-fy2024-25",
    text: aisPlainNumberPaymentsFy202425,
    expected: aisPlainNumberPaymentsFy202425Expected as AisExpected,
  },
];

export const byName = (name: string): Fixture => {
  const fixture = FIXTURES.find((f) => f.name === name);
  if (fixture === undefined) throw new Error(`no fixture ${name}`);
  return fixture;
};
