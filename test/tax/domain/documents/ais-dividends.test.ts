// Dividends an AIS reports twice: by the payer that deducted tax on them (Part B1, TDS-194 "Dividend received" or
// TDS-194K "Income from MF units", the deductor with its TAN) and by the company's statement of financial
// transactions (Part B2, SFT-015 "Dividend", the reporting entity with its PAN), tax-rules.md §12. One payer's two
// reports are one income; two payers' reports are two. Every expected figure is the entries' own amounts.
import { describe, expect, it } from "vitest";
import { parseDocuments } from "../../../../src/tax/domain/documents";
import type { AisDocument } from "../../../../src/tax/domain/documents";

type Code = "TDS-194" | "TDS-194K" | "SFT-015";

interface Row {
  code: Code;
  /** Information source as the AIS prints it: name and TAN (Part B1) or PAN (Part B2); null when not printed. */
  source: string | null;
  amount: number;
}

const DESCRIPTIONS: Record<Code, string> = {
  "TDS-194": "Dividend received",
  "TDS-194K": "Income from MF units",
  "SFT-015": "Dividend",
};

const fromDeductor = (row: Row): boolean => row.code.startsWith("TDS-");
const indian = (rupees: number): string => rupees.toLocaleString("en-IN");

// The AIS PDF's text, laid out as the text export example of tax-rules.md §12.
function aisText(rows: Row[]): string {
  const line = (row: Row, serial: number): string =>
    `${serial} ${row.code} ${DESCRIPTIONS[row.code]} ${row.source ?? ""} 1 ${indian(row.amount)}`.replace(/ {2,}/g, " ");
  const tds = rows.filter(fromDeductor);
  const sft = rows.filter((r) => !fromDeductor(r));
  return [
    "ANNUAL INFORMATION STATEMENT (AIS)",
    "Financial Year 2025-26 Assessment Year 2026-27",
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
    header: { columnLabel: ["Financial Year", "Assessment Year"], columnData: [["2025-26", "2026-27"]] },
    partA: { columnLabel: ["PAN", "Name"], columnData: [["ABCPV4321K", "ASHA VERMA"]] },
    partB: {
      sections: [
        { sectionKey: "tdsTcs", title: "TDS/TCS Information", elements: rows.filter(fromDeductor).map(element) },
        { sectionKey: "sft", title: "SFT Information", elements: rows.filter((r) => !fromDeductor(r)).map(element) },
      ],
    },
  });
}

function parsed(text: string): { dividends: number | undefined; document: AisDocument } {
  const result = parseDocuments([{ text, type: "ais" }]);
  if (!result.ok) throw new Error(result.error.message);
  const document = result.documents[0]!;
  if (document.documentType !== "ais") throw new Error("not an AIS");
  return { dividends: result.computeRequest?.profile.otherIncome?.dividends, document };
}

const NORTHWIND_TDS = "NORTHWIND POWER LIMITED (MUMN01234D)";
const NORTHWIND_SFT = "NORTHWIND POWER LIMITED (AAACN4455Q)";
const SOUTHWIND_SFT = "SOUTHWIND CABLES LIMITED (AAACS4455Q)";
const ACME_FUND_TDS = "ACME MUTUAL FUND (MUMA01234D)";

describe.each([
  ["the AIS PDF's text", aisText],
  ["the AIS utility JSON", aisJson],
])("dividends in %s, paired payer by payer", (_, ais) => {
  it("a fund's TDS-194K income and a company's SFT-015 dividend are two incomes, both counted", () => {
    // ACME Mutual Fund deducted tax on ₹15,000 of income from its units and Southwind reported a ₹24,000 dividend:
    // different payers, so the income is 15,000 + 24,000 = 39,000 (the larger of the two totals would be 24,000).
    const { dividends, document } = parsed(
      ais([
        { code: "TDS-194K", source: ACME_FUND_TDS, amount: 15_000 },
        { code: "SFT-015", source: SOUTHWIND_SFT, amount: 24_000 },
      ]),
    );
    expect(dividends).toBe(39_000);
    expect(document.totals.dividends).toBe(39_000);
    expect(document.warnings).toEqual([]);
  });

  it("one company under both codes, another under SFT-015 only and a fund under TDS-194K only", () => {
    // Northwind: larger of 20,000 (TDS-194) and 19,500 (SFT-015) = 20,000; Southwind 4,000; ACME 15,000.
    // Total 39,000, where the larger of all TDS (35,000) and all SFT-015 (23,500) would leave 4,000 out.
    const { dividends } = parsed(
      ais([
        { code: "TDS-194", source: NORTHWIND_TDS, amount: 20_000 },
        { code: "TDS-194K", source: ACME_FUND_TDS, amount: 15_000 },
        { code: "SFT-015", source: NORTHWIND_SFT, amount: 19_500 },
        { code: "SFT-015", source: SOUTHWIND_SFT, amount: 4_000 },
      ]),
    );
    expect(dividends).toBe(39_000);
  });

  it("one company reporting its dividend under both codes: the larger report, not the sum", () => {
    // Northwind's ₹20,000 under TDS-194 and its ₹20,000 under SFT-015 are the same dividend: 20,000.
    const { dividends } = parsed(
      ais([
        { code: "TDS-194", source: NORTHWIND_TDS, amount: 20_000 },
        { code: "SFT-015", source: NORTHWIND_SFT, amount: 20_000 },
      ]),
    );
    expect(dividends).toBe(20_000);
  });

  it("a report whose payer is not named cannot be paired: the larger of the two totals, with a warning", () => {
    // An unnamed TDS-194 ₹20,000 may be Southwind's ₹4,000 dividend or another: only the larger, 20,000, is certain.
    const { dividends, document } = parsed(
      ais([
        { code: "TDS-194", source: null, amount: 20_000 },
        { code: "SFT-015", source: SOUTHWIND_SFT, amount: 4_000 },
      ]),
    );
    expect(dividends).toBe(20_000);
    expect(document.warnings.map((w) => w.message)).toEqual([
      expect.stringContaining("dividends under TDS-194/194K and SFT-015 could not be paired payer by payer"),
    ]);
  });
});
