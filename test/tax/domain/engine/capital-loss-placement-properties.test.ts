// Wherever a short-term loss is set off, the engine's placement costs no more than any other the Act allows (a
// short-term loss may go against any capital gain, ss.70(2), 74(1)). Each other placement on a ₹25,000 grid is priced
// by the engine itself as the net gains it leaves, so this checks the choice, not the tax on a given set of gains,
// which the worked cases check. Profiles are seeded, so a failure names one to work by hand.
import { describe, expect, it } from "vitest";
import { computeTax, type FinancialYear } from "../../../../src/tax/domain/engine";
import { taxInput, type InputParts } from "./input";
import { seeded } from "./seeded";

const STEP = 25_000;
const SECTIONS = ["short_term_other", "111A", "112", "112A"] as const;

/** Every way to take `units` steps of loss off `gains` (steps each), each gain at most its own. */
function* splits(gains: readonly number[], units: number, from = 0): Generator<number[]> {
  if (from === gains.length - 1) {
    if (units <= gains[from]!) yield [units];
    return;
  }
  for (let here = 0; here <= Math.min(units, gains[from]!); here++) for (const rest of splits(gains, units - here, from + 1)) yield [here, ...rest];
}

const withGains = (base: InputParts, amounts: readonly number[]): InputParts => ({
  ...base,
  capitalGains: SECTIONS.map((section, i) => ({ section, gain: amounts[i]! })).filter((gain) => gain.gain > 0),
});

describe("capital-loss placement: no placement on a ₹25,000 grid costs less than the engine's", () => {
  const random = seeded(20261129);
  const units = (max: number) => Math.floor(random() * (max + 1));
  for (let n = 0; n < 200; n++) {
    const year: FinancialYear = random() < 0.5 ? "2024-25" : "2025-26";
    const gains = [units(8), units(12), units(8), units(12)];
    const loss = 1 + units(11);
    const base: InputParts = { otherIncome: { depositInterest: units(40) * STEP } };
    it(`profile ${n}: FY ${year}, interest ${base.otherIncome!.depositInterest}, gains ${gains.map((g) => g * STEP)}, short-term loss ${loss * STEP}`, () => {
      const engine = computeTax(
        taxInput({
          ...withGains(
            base,
            gains.map((g) => g * STEP),
          ),
          capitalGains: [
            ...withGains(
              base,
              gains.map((g) => g * STEP),
            ).capitalGains!,
            { section: "short_term_other", gain: -loss * STEP },
          ],
        }),
        year,
      );
      const setOff = Math.min(
        loss,
        gains.reduce((a, b) => a + b, 0),
      );
      const least = { old: Infinity, new: Infinity };
      for (const taken of splits(gains, setOff)) {
        const net = computeTax(
          taxInput(
            withGains(
              base,
              gains.map((g, i) => (g - taken[i]!) * STEP),
            ),
          ),
          year,
        );
        least.old = Math.min(least.old, net.regimes.old.totalTax);
        least.new = Math.min(least.new, net.regimes.new.totalTax);
      }
      expect(engine.regimes.old.totalTax).toBeLessThanOrEqual(least.old);
      expect(engine.regimes.new.totalTax).toBeLessThanOrEqual(least.new);
    });
  }
});
