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

export interface Form16Expected {
  description: string;
  type: "form16";
  fields: Record<string, unknown>;
  amounts: Record<string, number>;
  chapterVIA: Record<string, { gross: number | null; qualifying: number | null; deductible: number | null }>;
  partA: { amountPaidOrCredited: number; taxDeducted: number; taxDeposited: number } | null;
  profile: Record<string, unknown>;
  warnings: number;
}

export interface AisExpected {
  description: string;
  type: "ais";
  fields: Record<string, unknown>;
  entries: Record<string, unknown>[];
  totals: Record<string, number>;
  profile: Record<string, unknown>;
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
  { name: "ais-layout-fy2024-25", text: aisLayout, expected: aisLayoutExpected as AisExpected },
  { name: "ais-copy-paste-fy2025-26", text: aisCopyPaste, expected: aisCopyPasteExpected as AisExpected },
  { name: "ais-layout-wrapped-columns", text: aisWrapped, expected: aisWrappedExpected as AisExpected },
  { name: "ais-utility-positional", text: aisJsonPositional, expected: aisJsonPositionalExpected as AisExpected },
  { name: "ais-utility-object-rows", text: aisJsonObjects, expected: aisJsonObjectsExpected as AisExpected },
];

export const byName = (name: string): Fixture => {
  const fixture = FIXTURES.find((f) => f.name === name);
  if (fixture === undefined) throw new Error(`no fixture ${name}`);
  return fixture;
};
