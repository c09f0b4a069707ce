// Deposit interest an AIS reports twice: by the bank that deducted tax on it (Part B1, TDS-194A, the deductor
// with its TAN) and by the bank's statement of financial transactions (Part B2, SFT-016, the reporting entity
// with its PAN), tax-rules.md §12. One bank's two reports are one income; two banks' reports are two.
import { describe, expect, it } from "vitest";
import { parseDocuments } from "../../../../src/tax/domain/documents";
import type { AisDocument } from "../../../../src/tax/domain/documents";

interface Row {
  code: "TDS-194A" | "SFT-016(TD)";
  /** Information source as the AIS prints it: name and TAN (Part B1) or PAN (Part B2); null when not printed. */
  source: string | null;
  amount: number;
}

const DESCRIPTIONS = {
  "TDS-194A": "Interest other than Interest on securities (Section 194A)",
  "SFT-016(TD)": "Interest income - time deposit",
};

const indian = (rupees: number): string => rupees.toLocaleString("en-IN");

// The AIS PDF's text, laid out as the text export example of tax-rules.md §12.
function aisText(rows: Row[]): string {
  const line = (row: Row, serial: number): string =>
    `${serial} ${row.code} ${DESCRIPTIONS[row.code]} ${row.source ?? ""} 1 ${indian(row.amount)}`.replace(/ {2,}/g, " ");
  const tds = rows.filter((r) => r.code === "TDS-194A");
  const sft = rows.filter((r) => r.code !== "TDS-194A");
  return [
    "ANNUAL INFORMATION STATEMENT (AIS)",
    "Financial Year 2024-25 Assessment Year 2025-26",
    "PART A - GENERAL INFORMATION",
    "Permanent Account Number (PAN) ABCPV4321K",
    "Name ASHA VERMA",
    "PART B1 - INFORMATION RELATING TO TAX DEDUCTED OR COLLECTED AT SOURCE",
    "SR. NO. INFORMATION CODE INFORMATION DESCRIPTION INFORMATION SOURCE COUNT AMOUNT",
    ...tds.map((row, i) => line(row, i + 1)),
    "PART B2 - INFORMATION RELATING TO SPECIFIED FINANCIAL TRANSACTION (SFT)",
    "SR. NO. INFORMATION CODE INFORMATION DESCRIPTION INFORMATION SOURCE COUNT AMOUNT",
    ...sft.map((row, i) => line(row, tds.length + i + 1)),
  ].join("\n");
}

// The decrypted AIS utility JSON: one element per information code, its l2 summary table naming the source.
function aisJson(rows: Row[]): string {
  const element = (row: Row) => ({
    infoSrcId: row.code,
    l2: {
      columnLabel: ["Information Code", "Information Description", "Information Source", "Count", "Amount"],
      columnData: [[row.code, DESCRIPTIONS[row.code], row.source, "1", row.amount.toFixed(2)]],
    },
  });
  return JSON.stringify({
    header: { columnLabel: ["Financial Year", "Assessment Year"], columnData: [["2024-25", "2025-26"]] },
    partA: { columnLabel: ["PAN", "Name"], columnData: [["ABCPV4321K", "ASHA VERMA"]] },
    partB: {
      sections: [
        { sectionKey: "tdsTcs", title: "TDS/TCS Information", elements: rows.filter((r) => r.code === "TDS-194A").map(element) },
        { sectionKey: "sft", title: "SFT Information", elements: rows.filter((r) => r.code !== "TDS-194A").map(element) },
      ],
    },
  });
}

function parsed(text: string): { depositInterest: number | undefined; document: AisDocument } {
  const result = parseDocuments([{ text, type: "ais" }]);
  if (!result.ok) throw new Error(result.error.message);
  const document = result.documents[0]!;
  if (document.documentType !== "ais") throw new Error("not an AIS");
  return { depositInterest: result.computeRequest?.profile.otherIncome?.depositInterest, document };
}

const HDFC_TDS = "HDFC BANK LIMITED (MUMH01234C)";
const HDFC_SFT = "HDFC BANK LIMITED (AAACH2702H)";
const SBI_SFT = "STATE BANK OF INDIA (AAACS8577K)";

describe.each([
  ["the AIS PDF's text", aisText],
  ["the AIS utility JSON", aisJson],
])("deposit interest in %s, paired bank by bank", (_, ais) => {
  it("two banks, one reporting only TDS-194A interest and the other only SFT-016 interest: both are counted", () => {
    // HDFC deducted tax on ₹30,000 and SBI reported ₹12,000 of time-deposit interest: different deposits,
    // so the income is 30,000 + 12,000 = 42,000.
    const { depositInterest, document } = parsed(
      ais([
        { code: "TDS-194A", source: HDFC_TDS, amount: 30_000 },
        { code: "SFT-016(TD)", source: SBI_SFT, amount: 12_000 },
      ]),
    );
    expect(depositInterest).toBe(42_000);
    expect(document.warnings).toEqual([]);
  });

  it("one bank reporting its interest under both codes: the larger report, not the sum", () => {
    // HDFC's ₹30,000 on which it deducted tax and its ₹28,500 SFT report describe the same deposits:
    // the larger, 30,000.
    const { depositInterest } = parsed(
      ais([
        { code: "TDS-194A", source: HDFC_TDS, amount: 30_000 },
        { code: "SFT-016(TD)", source: HDFC_SFT, amount: 28_500 },
      ]),
    );
    expect(depositInterest).toBe(30_000);
  });

  it("one bank under both codes and another under SFT-016 only: the first bank's larger report plus the second's", () => {
    // HDFC: larger of 30,000 (TDS-194A) and 28,500 (SFT-016) = 30,000; SBI: 12,000. Total 42,000, where the larger
    // of all TDS (30,000) and all SFT (28,500 + 12,000 = 40,500) would leave out 1,500 of SBI's interest.
    const { depositInterest } = parsed(
      ais([
        { code: "TDS-194A", source: HDFC_TDS, amount: 30_000 },
        { code: "SFT-016(TD)", source: HDFC_SFT, amount: 28_500 },
        { code: "SFT-016(TD)", source: SBI_SFT, amount: 12_000 },
      ]),
    );
    expect(depositInterest).toBe(42_000);
  });

  it("one bank whose name is written with Ltd in one part and Limited in the other is still one bank", () => {
    // 30,000 and 28,500 from HDFC Bank: the larger, 30,000.
    const { depositInterest } = parsed(
      ais([
        { code: "TDS-194A", source: "HDFC BANK LTD. (MUMH01234C)", amount: 30_000 },
        { code: "SFT-016(TD)", source: HDFC_SFT, amount: 28_500 },
      ]),
    );
    expect(depositInterest).toBe(30_000);
  });

  it("a report whose bank is not named cannot be paired: the larger of the two totals, with a warning", () => {
    // Unnamed TDS-194A ₹30,000 may be SBI's ₹12,000 deposit or another: only the larger, 30,000, is certain.
    const { depositInterest, document } = parsed(
      ais([
        { code: "TDS-194A", source: null, amount: 30_000 },
        { code: "SFT-016(TD)", source: SBI_SFT, amount: 12_000 },
      ]),
    );
    expect(depositInterest).toBe(30_000);
    expect(document.warnings.map((w) => w.message)).toEqual([
      expect.stringContaining("deposit interest under TDS-194A and SFT-016 could not be paired bank by bank"),
    ]);
  });
});
