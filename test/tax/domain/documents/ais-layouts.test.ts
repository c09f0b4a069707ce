// AIS texts as the portal's PDF prints them beyond the plain table: an SFT reporting entity's PAN with its own id
// after it, the description "Dividend income (SFT-015)", each SFT entry's table of reports under it, category
// headings between entries, the page header repeated, and the year labels stacked above their values. The same
// income reported by the deductor (Part B1) and by the reporting entity (Part B2) is one income (tax-rules.md §12),
// so each text's expected total is its one amount, counted once.
import { describe, expect, it } from "vitest";
import { parseDocuments } from "../../../../src/tax/domain/documents";
import type { AisDocument } from "../../../../src/tax/domain/documents";
import { payerName } from "../../../../src/tax/domain/documents/ais-summary";

const HEADER = "Annual Information Statement (AIS)\nFinancial Year 2024-25 Assessment Year 2025-26\n";
const B1 = "Part B1-Information relating to tax deducted or collected at source\n";
const B2 = "Part B2-Information relating to specified financial transaction (SFT)\n";
const HDFC_TDS =
  "1 TDS-194A Interest other than Interest on securities (Section 194A) HDFC BANK LIMITED (HYDH05521C) 1 18,600\n" +
  "Q4(Jan-Mar) 31/03/2025 18,600 1,860 1,860 Active\n";

function parsed(text: string) {
  const result = parseDocuments([{ text, type: "ais" }]);
  if (!result.ok) throw new Error(result.error.message);
  return { document: result.documents[0] as AisDocument, request: result.computeRequest };
}

describe("the same income reported under TDS and under SFT is counted once", () => {
  it("when the SFT source is the bank's PAN with its reporting id after a dot, (AAACH2702H.AB772)", () => {
    const { document } = parsed(
      `${HEADER}${B1}${HDFC_TDS}${B2}2 SFT-016(TD) Interest income (SFT-016) - Term Deposit HDFC BANK LIMITED (AAACH2702H.AB772) 1 18,600\n`,
    );
    expect(document.totals).toMatchObject({ depositInterest: 18_600, taxesPaid: 1_860 });
    expect(document.warnings).toEqual([]);
  });

  it("when the SFT entry's own table of reports follows it", () => {
    const { document } = parsed(
      `${HEADER}${B1}${HDFC_TDS}${B2}2 SFT-016(TD) Interest income (SFT-016) - Term Deposit HDFC BANK LIMITED (AAACH2702H) 2 18,600\n` +
        "SR. NO. REPORTED ON ACCOUNT NUMBER ACCOUNT TYPE INTEREST AMOUNT STATUS\n" +
        "1 06/05/2025 50301030866101 Time Deposit 10,000 Active\n" +
        "2 06/05/2025 50301021695330 Time Deposit 8,600 Active\n",
    );
    expect(document.totals).toMatchObject({ depositInterest: 18_600 });
    expect(document.entries.map((e) => e.source)).toEqual(["HDFC BANK LIMITED (HYDH05521C)", "HDFC BANK LIMITED (AAACH2702H)"]);
    expect(document.warnings).toEqual([]);
  });

  it("when the page header is repeated after the SFT entry", () => {
    const { document } = parsed(
      `${HEADER}${B1}${HDFC_TDS}${B2}2 SFT-016(TD) Interest income (SFT-016) - Term Deposit HDFC BANK LIMITED (AAACH2702H) 1 18,600\n` +
        "Page 1 of 2\nPAN\nABCPV4321K\nName\nASHA VERMA\n",
    );
    expect(document.totals).toMatchObject({ depositInterest: 18_600 });
  });

  it('when the SFT-015 description is "Dividend income (SFT-015)"', () => {
    const { document } = parsed(
      `${HEADER}${B1}1 TDS-194 Dividend (Section 194) INFOSYS LIMITED (BLRI01234K) 1 21,500\n` +
        `Q1(Apr-Jun) 30/06/2024 21,500 2,150 2,150 Active\n${B2}` +
        "2 SFT-015 Dividend income (SFT-015) INFOSYS LIMITED (AAACI4798L) 1 21,500\n" +
        "SR. NO. REPORTED ON DIVIDEND AMOUNT STATUS\n1 14/05/2025 21,500 Active\n",
    );
    expect(document.entries[1]).toMatchObject({ description: "Dividend income (SFT-015)", source: "INFOSYS LIMITED (AAACI4798L)" });
    expect(document.totals).toMatchObject({ dividends: 21_500, taxesPaid: 2_150 });
  });
});

it("a category heading after a term deposit's entry leaves it term deposit interest, not savings interest", () => {
  const { document } = parsed(
    `${HEADER}${B1}${HDFC_TDS}${B2}2 SFT-016(TD) Interest income (SFT-016) - Term Deposit HDFC BANK LIMITED (AAACH2702H) 1 18,600\n` +
      "Interest from savings bank\n" +
      "3 SFT-016(SB) Interest income (SFT-016) - Savings HDFC BANK LIMITED (AAACH2702H) 1 2,140\n",
  );
  expect(document.totals).toMatchObject({ depositInterest: 18_600, savingsInterest: 2_140 });
});

it("reads the year labels stacked above their values in the same order", () => {
  const text =
    "Annual Information Statement (AIS)\nFinancial Year\nAssessment Year\n2025-26\n2026-27\n" +
    `${B1}1 TDS-192 Salary received (Section 192) ACME LIMITED (BLRA01234A) 4 9,00,000\n` +
    "Q4(Jan-Mar) 31/03/2026 9,00,000 10,000 10,000 Active\n";
  const { document, request } = parsed(text);
  expect([document.financialYear, document.assessmentYear]).toEqual(["2025-26", "2026-27"]);
  expect(request?.financialYear).toBe("2025-26");
});

it("a bank's name pairs its TDS row (its TAN) with its SFT row (its PAN, with or without the reporting id)", () => {
  const tds = payerName("HDFC BANK LIMITED (HYDH05521C)");
  expect(tds).toBe("hdfcbanklimited");
  expect(payerName("HDFC BANK LIMITED (AAACH2702H.AB772)")).toBe(tds);
  expect(payerName("HDFC Bank Ltd. (AAACH2702H)")).toBe(tds);
});

it("AIS JSON: tax deducted in the transactions of an element with several sources is said, never silently dropped", () => {
  const element = {
    title: "Salary",
    infoSrcId: "TDS-192",
    l2: {
      columnLabel: ["Information Code", "Information Description", "Information Source", "Count", "Amount"],
      columnData: [
        ["TDS-192", "Salary received (Section 192)", "YAMUNA RETAIL PRIVATE LIMITED (DELY06060R)", "2", "450000.00"],
        ["TDS-192", "Salary received (Section 192)", "KAVERI SOFTWARE LABS PRIVATE LIMITED (BLRK05050Q)", "2", "900000.00"],
      ],
    },
    l1: {
      columnLabel: ["Quarter", "Date of Payment/Credit", "Amount Paid/Credited", "Tax Deducted", "Tax Deposited", "Status"],
      columnData: [
        ["Q3", "31-Dec-2024", "450000.00", "24440.00", "24440.00", "Active"],
        ["Q4", "31-Mar-2025", "900000.00", "75000.00", "75000.00", "Active"],
      ],
    },
  };
  const json = {
    header: { columnLabel: ["Financial Year", "Assessment Year"], columnData: ["2024-25", "2025-26"] },
    partB: { sections: [{ sectionKey: "tdsTcs", title: "TDS/TCS Information", elements: [element] }] },
  };
  const { document } = parsed(JSON.stringify(json));
  expect(document.totals.salary).toBe(1_350_000);
  // 24,440 + 75,000 = 99,440, which neither source can be given alone.
  expect(document.warnings.map((w) => w.message)).toContainEqual(expect.stringMatching(/^tax deducted or collected of 99440 .* add it yourself$/));
});

it("winnings from horse races (TDS-194BB) and online games (TDS-194BA) are casual winnings, as lottery winnings (TDS-194B) are", () => {
  const { document, request } = parsed(
    `${HEADER}${B1}1 TDS-194B Winnings from lottery or crossword puzzle (Section 194B) LOTTERY BOARD (MUML01234A) 1 50,000\n` +
      "2 TDS-194BB Winnings from horse race (Section 194BB) ROYAL TURF CLUB (MUMR04567B) 1 20,000\n" +
      "3 TDS-194BA Net winnings from online games (Section 194BA) GAMES24 PRIVATE LIMITED (BLRG07890C) 1 12,500\n",
  );
  expect(document.entries.map((e) => e.category)).toEqual(["casualWinnings", "casualWinnings", "casualWinnings"]);
  // 50,000 + 20,000 + 12,500.
  expect(request?.profile.otherIncome?.casualWinnings).toBe(82_500);
});

it("AIS JSON: a derived amount other than the reported one is said beside the entry", () => {
  const json = {
    header: { columnLabel: ["Financial Year", "Assessment Year"], columnData: ["2024-25", "2025-26"] },
    partB: {
      sections: [
        {
          sectionKey: "sft",
          title: "SFT Information",
          elements: [
            {
              title: "Interest from savings bank",
              infoSrcId: "SFT-016",
              l2: {
                columnLabel: ["Information Code", "Information Description", "Information Source", "Count", "Amount", "Derived Amount"],
                columnData: [["SFT-016(SB)", "Interest income - savings bank", "PUNJAB NATIONAL BANK (AAACP0165G)", "1", "25300.00", "0.00"]],
              },
            },
          ],
        },
      ],
    },
  };
  const { document } = parsed(JSON.stringify(json));
  expect(document.totals.savingsInterest).toBe(25_300);
  expect(document.warnings).toEqual([
    {
      line: 0,
      text: "partB.sections[0].elements[0].l2.columnData[0]",
      message:
        "the AIS derives 0 from the reported 25300 (after feedback or de-duplication); the reported amount was used: correct the request if the derived one is right",
    },
  ]);
});
