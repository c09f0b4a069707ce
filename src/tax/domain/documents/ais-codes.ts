// AIS information codes (tax-rules.md §12): TDS-<section>, TCS-<section>, SFT-<nnn>(<sub-code>), and the
// category each one adds to. SFT codes per Rule 114E as listed there; the table warns that some public
// parsers mislabel them (e.g. SFT-005 as FD interest), so only these meanings are used.
import { compact } from "./lines";
import type { AisCategory, AisTotals } from "./types";

const isUpperOrDigit = (c: string): boolean => (c >= "A" && c <= "Z") || (c >= "0" && c <= "9");

/**
 * Reads an information code at the start of a token: TDS-192, TDS-194I(b), SFT-016(SB), SFT-17(Sale).
 * Returns the code upper-cased except for the sub-code, or null.
 */
export function readInformationCode(token: string): string | null {
  const upper = token.toUpperCase();
  const prefix = upper.slice(0, 4);
  if (prefix !== "TDS-" && prefix !== "TCS-" && prefix !== "SFT-") return null;
  let i = 4;
  while (i < token.length && i < 14 && isUpperOrDigit(upper[i]!)) i++;
  if (i === 4 || !(upper[4]! >= "0" && upper[4]! <= "9")) return null;
  let code = upper.slice(0, i);
  if (token[i] === "(") {
    const close = token.indexOf(")", i);
    if (close > i + 1 && close - i <= 12) {
      code += token.slice(i, close + 1);
      i = close + 1;
    }
  }
  return i === token.length ? code : null;
}

/** Descriptions as printed in the AIS for the codes whose wording is known (tax-rules.md §12). */
export const KNOWN_DESCRIPTIONS: Record<string, string> = {
  "TDS-192": "Salary received (Section 192)",
  "TDS-194A": "Interest other than Interest on securities (Section 194A)",
};

/** The AIS category an information code adds to; the description breaks ties for plain SFT-016 and SFT-017. */
export function categoryOf(code: string, description: string): AisCategory {
  const base = code.split("(")[0]!;
  const sub = code.includes("(") ? code.slice(code.indexOf("(") + 1, -1).toUpperCase() : "";
  const words = compact(description);
  switch (base) {
    case "TDS-192":
      return "salary";
    case "TDS-194A":
      return "depositInterest";
    case "TDS-194":
    case "TDS-194K":
    case "SFT-015":
    case "SFT-15":
      return "dividends";
    case "TDS-194I":
    case "TDS-194IB":
      return "rent";
    case "TDS-194B":
    case "TDS-194BB":
    case "TDS-194BA":
      // Lotteries and games (s.194B), horse races (s.194BB), online games (s.194BA): all winnings taxed at 30 %.
      return "casualWinnings";
    case "SFT-016":
    case "SFT-16":
      // The sub-code says which account; only without one do the description's words decide (a heading such as
      // "Interest from savings bank" run into a term deposit's description must not make it savings interest).
      if (sub === "SB") return "savingsInterest";
      if (sub === "TD" || sub === "RD") return "depositInterest";
      return words.includes("saving") ? "savingsInterest" : "depositInterest";
    case "SFT-017":
    case "SFT-17":
    case "SFT-018":
    case "SFT-18":
      // The same codes report purchases; only sales are sale of securities.
      return sub.startsWith("PUR") || words.includes("purchase") ? "other" : "saleOfSecurities";
    default:
      return "other";
  }
}

export const emptyTotals = (): AisTotals => ({
  salary: 0,
  savingsInterest: 0,
  depositInterest: 0,
  dividends: 0,
  rent: 0,
  saleOfSecurities: 0,
  casualWinnings: 0,
  taxesPaid: 0,
  refunds: 0,
});
