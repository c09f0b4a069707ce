// One typical salaried compute: both regimes, the recommendation, the ITR form and every saving move (each a
// re-run of the engine). vitest reports operations per second, i.e. computes per second on one core.
import { bench, describe } from "vitest";
import type { TaxInput } from "../../src/tax/domain/engine";
import { deployed } from "./deployed";

const { computeTax } = await deployed<typeof import("../../src/tax/domain/engine")>("src/tax/domain/engine/index.ts");

const salaried: TaxInput = {
  age: 34,
  residentialStatus: "resident",
  city: "Bengaluru",
  salary: {
    grossSalary: 1_800_000,
    basicPlusDA: 900_000,
    hraReceived: 360_000,
    rentPaid: 300_000,
    isMetroCity: null,
    professionalTax: 2_500,
    isGovernmentEmployer: false,
    employerPfContribution: 108_000,
    employerSuperannuationContribution: 0,
  },
  houseProperties: [{ type: "self_occupied", annualRent: 0, municipalTaxesPaid: 0, interestOnHousingLoan: 150_000 }],
  otherIncome: { savingsInterest: 8_000, depositInterest: 25_000, dividends: 4_000, familyPension: 0, casualWinnings: 0 },
  capitalGains: [],
  presumptive: { business: null, profession: null, goodsCarriages: [] },
  deductions: {
    section80C: 100_000,
    section80CCD1B: 0,
    section80CCD2: 0,
    section80D_selfFamily: 15_000,
    section80D_parents: 0,
    parentsAge: 63,
    section80E: 0,
    section80G_100: 0,
    section80G_50: 0,
    section80G_50WithLimit: 0,
  },
  taxesPaid: 150_000,
};

// The same taxpayer with a year of investing: equity gains both sides of ₹1,25,000, a loss, and a flat bought
// before 23 July 2024 (the indexation choice).
const investor: TaxInput = {
  ...salaried,
  capitalGains: [
    { section: "111A", gain: 180_000, transferredBefore23July2024: false, indexedGain: null, landOrBuildingAcquiredBefore23July2024: false },
    { section: "112A", gain: 340_000, transferredBefore23July2024: false, indexedGain: null, landOrBuildingAcquiredBefore23July2024: false },
    { section: "112A", gain: -60_000, transferredBefore23July2024: false, indexedGain: null, landOrBuildingAcquiredBefore23July2024: false },
    { section: "112", gain: 2_400_000, transferredBefore23July2024: false, indexedGain: 1_300_000, landOrBuildingAcquiredBefore23July2024: true },
  ],
};

let sink = 0;

describe("tax engine", () => {
  bench(
    "computeTax: typical salaried profile, both regimes + saving moves",
    () => {
      sink += computeTax(salaried, "2026-27").savingMoves.length;
    },
    { time: 3_000, warmupTime: 1_000 },
  );
  bench(
    "engine: the same profile with capital gains (111A, 112A, a loss, 112 with indexation choice) + moves",
    () => {
      sink += computeTax(investor, "2025-26").savingMoves.length;
    },
    { time: 3_000, warmupTime: 1_000 },
  );
});

// Keeps the result observable so the JIT cannot drop the call.
export const observed = (): number => sink;
