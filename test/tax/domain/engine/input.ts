// Builds a fully populated engine input from the parts a test cares about.
import type { CapitalGain, HouseProperty, TaxInput } from "../../../../src/tax/domain/engine";

export interface InputParts {
  age?: number;
  residentialStatus?: TaxInput["residentialStatus"];
  city?: string | null;
  salary?: Partial<TaxInput["salary"]>;
  houseProperties?: HouseProperty[];
  otherIncome?: Partial<TaxInput["otherIncome"]>;
  capitalGains?: Array<Partial<CapitalGain> & Pick<CapitalGain, "section" | "gain">>;
  presumptive?: Partial<TaxInput["presumptive"]>;
  deductions?: Partial<TaxInput["deductions"]>;
  taxesPaid?: number;
}

export function taxInput(parts: InputParts = {}): TaxInput {
  return {
    age: parts.age ?? 35,
    residentialStatus: parts.residentialStatus ?? "resident",
    city: parts.city ?? null,
    salary: {
      grossSalary: 0,
      basicPlusDA: 0,
      hraReceived: 0,
      rentPaid: 0,
      isMetroCity: null,
      professionalTax: 0,
      isGovernmentEmployer: false,
      employerPfContribution: 0,
      employerSuperannuationContribution: 0,
      ...parts.salary,
    },
    houseProperties: parts.houseProperties ?? [],
    otherIncome: { savingsInterest: 0, depositInterest: 0, dividends: 0, familyPension: 0, casualWinnings: 0, ...parts.otherIncome },
    capitalGains: (parts.capitalGains ?? []).map((gain) => ({
      transferredBefore23July2024: false,
      indexedGain: null,
      landOrBuildingAcquiredBefore23July2024: false,
      ...gain,
    })),
    presumptive: { business: null, profession: null, goodsCarriages: [], ...parts.presumptive },
    deductions: {
      section80C: 0,
      section80CCD1B: 0,
      section80CCD2: 0,
      section80D_selfFamily: 0,
      section80D_parents: 0,
      parentsAge: null,
      section80E: 0,
      section80G_100: 0,
      section80G_50: 0,
      section80G_50WithLimit: 0,
      ...parts.deductions,
    },
    taxesPaid: parts.taxesPaid ?? 0,
  };
}

/** A salaried taxpayer whose taxable income is `taxableIncome` after the regime's standard deduction, s.16(ia). */
export function salaryFor(taxableIncome: number, regime: "old" | "new", parts: InputParts = {}): TaxInput {
  const standardDeduction = regime === "old" ? 50_000 : 75_000;
  return taxInput({ ...parts, salary: { grossSalary: taxableIncome + standardDeduction, ...parts.salary } });
}
