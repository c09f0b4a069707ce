// AIS layouts a generator of statements from random figures found misread: each case is the smallest text that showed
// it. Every expected figure is the text's own amounts, mapped by hand as the API guide's AIS section says: one bank's
// TDS-194A and SFT-016 reports are one income (the larger counts), SFT-016(SB) is savings interest, (TD)/(RD) and
// plain SFT-016 deposit interest, taxesPaid is every entry's TDS.
import { describe, expect, it } from "vitest";
import { parseDocuments } from "../../../../src/tax/domain/documents";
import type { AisDocument } from "../../../../src/tax/domain/documents";

const TITLE = "Annual Information Statement (AIS)\nFinancial Year 2024-25 Assessment Year 2025-26\n";

const B1 = "Part B1 - Information relating to tax deducted or collected at source\n";
const B2 = "Part B2 - Information relating to specified financial transaction (SFT)\n";

function parsed(text: string) {
  const result = parseDocuments([{ text, type: "ais" }]);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return { document: result.documents[0] as AisDocument, request: result.computeRequest };
}

describe("pdftotext -layout: a category heading on its own line after an entry is not part of it", () => {
  const HEAD =
    "SR. NO.  INFORMATION CODE  INFORMATION DESCRIPTION                                     INFORMATION SOURCE                              COUNT          AMOUNT\n";
  const text =
    `${TITLE}PART B1 - INFORMATION RELATING TO TAX DEDUCTED OR COLLECTED AT SOURCE\n${HEAD}` +
    "1        TDS-194A          Interest other than Interest on securities (Section 194A)  HDFC BANK LIMITED (MUMH01234C)                     1          40,000\n" +
    "   1        Q4(Jan-Mar)    15/03/2025               40,000                 4,000          4,000           Active\n" +
    `PART B2 - INFORMATION RELATING TO SPECIFIED FINANCIAL TRANSACTION (SFT)\n${HEAD}` +
    "Interest from deposit\n" +
    "2        SFT-016           Interest income                                             HDFC BANK LIMITED (AAACH2702H)                     1          40,000\n" +
    "Interest from savings bank\n" +
    "3        SFT-016(SB)       Interest income - savings bank                              HDFC BANK LIMITED (AAACH2702H)                     1           2,000\n";

  it("a plain SFT-016 deposit entry stays deposit interest: savings 2,000 and deposit 40,000 (not 42,000 savings)", () => {
    const { document, request } = parsed(text);
    expect(document.entries[1]).toMatchObject({ description: "Interest income", category: "depositInterest" });
    expect(document.totals).toMatchObject({ savingsInterest: 2_000, depositInterest: 40_000 });
    expect(request?.profile.otherIncome).toEqual({ savingsInterest: 2_000, depositInterest: 40_000 });
  });

  it("nor is it appended to a sub-coded entry's description", () => {
    const { document } = parsed(text.replace("SFT-016           Interest income      ", "SFT-016(TD)       Interest income      "));
    expect(document.entries[1]!.description).toBe("Interest income");
  });
});

describe('a viewer copy of a row whose description wraps inside "(Section 194A)", the source beside it on the first line', () => {
  const text =
    `${TITLE}${B1}` +
    "1 TDS-194A Interest other than Interest on securities (Section HDFC BANK LIMITED (MUMH01234C) 1 18,600\n" +
    "194A)\n" +
    "Q4(Jan-Mar) 31/03/2025 18,600 1,860 1,860 Active\n" +
    `${B2}` +
    "2 SFT-016(TD) Interest income - time deposit HDFC BANK LIMITED (AAACH2702H) 1 18,600\n";

  it("keeps the bank as the TDS-194A entry's source", () => {
    const { document } = parsed(text);
    expect(document.entries[0]).toMatchObject({
      description: "Interest other than Interest on securities (Section 194A)",
      source: "HDFC BANK LIMITED (MUMH01234C)",
    });
  });

  it("counts HDFC's ₹18,600 once (depositInterest 18,600, not 37,200)", () => {
    const { document, request } = parsed(text);
    expect(document.totals.depositInterest).toBe(18_600);
    expect(request?.profile.otherIncome?.depositInterest).toBe(18_600);
  });
});

describe('"Dividend income (SFT-015)" / "Interest income (SFT-016) - Term Deposit" on a line after the code', () => {
  it("one cell per line: dividends 21,500 once, source without (SFT-015)", () => {
    const { document } = parsed(
      `${TITLE}${B1}1 TDS-194 Dividend (Section 194) INFOSYS LIMITED (BLRI01234K) 1 21,500\n` +
        `Q1(Apr-Jun) 30/06/2024 21,500 2,150 2,150 Active\n${B2}` +
        "2\nSFT-015\nDividend income (SFT-015)\nINFOSYS LIMITED (AAACI4798L)\n1\n21,500\n",
    );
    expect(document.entries[1]).toMatchObject({ description: "Dividend income (SFT-015)", source: "INFOSYS LIMITED (AAACI4798L)" });
    expect(document.totals.dividends).toBe(21_500);
  });

  it("copy-paste broken after the code: depositInterest 18,600 once", () => {
    const { document } = parsed(
      `${TITLE}${B1}1 TDS-194A Interest other than Interest on securities (Section 194A) HDFC BANK LIMITED (MUMH01234C) 1 18,600\n` +
        `Q4(Jan-Mar) 31/03/2025 18,600 1,860 1,860 Active\n${B2}` +
        "2 SFT-016(TD)\nInterest income (SFT-016) - Term Deposit HDFC BANK LIMITED (AAACH2702H) 1 18,600\n",
    );
    expect(document.entries[1]!.source).toBe("HDFC BANK LIMITED (AAACH2702H)");
    expect(document.totals.depositInterest).toBe(18_600);
  });
});
