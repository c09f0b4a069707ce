// The facts beside income that rule out the simple return forms (profile.returnFormFacts). Expected forms come from
// the forms' "Not for an individual who ..." lists, as reported for ITR-1 and ITR-4 AY 2025-26 (Notification No.
// 40/2025, tax-rules.md ITR1-25) and ITR-1 AY 2026-27 (notified 2026-03-30, ITR1-26): a director in a company,
// unlisted equity shares held at any time in the year, any asset (a financial interest in any entity included) or
// signing authority in an account outside India, and tax on an eligible start-up's ESOPs deferred rule out both
// forms; tax deducted under s.194N rules out ITR-1 only, as ITR-4's list does not name it. Tax year 2026-27 is
// taken as AY 2026-27.
import { describe, expect, it } from "vitest";
import { computeTax, FINANCIAL_YEARS, type ReturnFormFacts, type TaxInput } from "../../../../src/tax/domain/engine";
import { salaryFor, taxInput } from "./input";

const NONE: ReturnFormFacts = {
  companyDirector: false,
  heldUnlistedEquityShares: false,
  assetsOutsideIndia: false,
  signingAuthorityOutsideIndia: false,
  tdsOnCashWithdrawals: false,
  esopTaxDeferred: false,
};

// Salary income of ₹8,00,000 after the standard deduction, nothing else: ITR-1 in every year.
const salaried = salaryFor(800_000, "new");
// 50 % of ₹20,00,000 of professional receipts, s.44ADA: ₹10,00,000 of presumptive income, ITR-4 in every year.
const professional = taxInput({ presumptive: { profession: { grossReceipts: 2_000_000, cashReceipts: 0, declaredIncome: 0 } } });

function withFacts(input: TaxInput, facts: Partial<ReturnFormFacts>): TaxInput {
  return { ...input, returnFormFacts: { ...NONE, ...facts } };
}

// Each fact, in the forms' order, with the rule the salaried and the professional profile then get (null: ITR-4 stays).
const CASES: ReadonlyArray<[keyof ReturnFormFacts, string, string | null]> = [
  [
    "companyDirector",
    "ITR-2: ITR-1 is not for a director in a company",
    "ITR-3: business or professional income, and ITR-4 is not for a director in a company",
  ],
  [
    "heldUnlistedEquityShares",
    "ITR-2: ITR-1 is not for someone who held unlisted equity shares at any time in the year",
    "ITR-3: business or professional income, and ITR-4 is not for someone who held unlisted equity shares at any time in the year",
  ],
  [
    "assetsOutsideIndia",
    "ITR-2: ITR-1 is not for someone with assets outside India, a financial interest in any entity included",
    "ITR-3: business or professional income, and ITR-4 is not for someone with assets outside India, a financial interest in any entity included",
  ],
  [
    "signingAuthorityOutsideIndia",
    "ITR-2: ITR-1 is not for someone with signing authority in an account outside India",
    "ITR-3: business or professional income, and ITR-4 is not for someone with signing authority in an account outside India",
  ],
  ["tdsOnCashWithdrawals", "ITR-2: ITR-1 is not for someone who had tax deducted at source on cash withdrawals", null],
  [
    "esopTaxDeferred",
    "ITR-2: ITR-1 is not for someone whose tax on ESOPs of an eligible start-up is deferred",
    "ITR-3: business or professional income, and ITR-4 is not for someone whose tax on ESOPs of an eligible start-up is deferred",
  ],
];

describe.each(FINANCIAL_YEARS)("return form facts, FY %s", (year) => {
  it("without them, or with all of them false, the salaried profile files ITR-1 and the professional one ITR-4", () => {
    for (const input of [salaried, { ...salaried, returnFormFacts: NONE }]) expect(computeTax(input, year).itr.form).toBe("ITR-1");
    for (const input of [professional, { ...professional, returnFormFacts: NONE }]) expect(computeTax(input, year).itr.form).toBe("ITR-4");
  });

  it.each(CASES)("%s: ITR-2 instead of ITR-1; ITR-3 instead of ITR-4 where ITR-4's list names it", (fact, itr1Rule, itr4Rule) => {
    expect(computeTax(withFacts(salaried, { [fact]: true }), year).itr).toEqual({ form: "ITR-2", rule: itr1Rule });
    const professionalForm = computeTax(withFacts(professional, { [fact]: true }), year).itr;
    if (itr4Rule === null) expect(professionalForm.form).toBe("ITR-4");
    else expect(professionalForm).toEqual({ form: "ITR-3", rule: itr4Rule });
  });

  it("names the first fact in the forms' order when several hold", () => {
    const all = Object.fromEntries(CASES.map(([fact]) => [fact, true]));
    expect(computeTax(withFacts(salaried, all), year).itr.rule).toBe("ITR-2: ITR-1 is not for a director in a company");
    expect(computeTax(withFacts(salaried, { esopTaxDeferred: true, heldUnlistedEquityShares: true }), year).itr.rule).toBe(
      "ITR-2: ITR-1 is not for someone who held unlisted equity shares at any time in the year",
    );
    // s.194N is not on ITR-4's list, so the professional profile is sent to ITR-3 by the deferred ESOP tax.
    expect(computeTax(withFacts(professional, { tdsOnCashWithdrawals: true, esopTaxDeferred: true }), year).itr.rule).toBe(
      "ITR-3: business or professional income, and ITR-4 is not for someone whose tax on ESOPs of an eligible start-up is deferred",
    );
  });
});
