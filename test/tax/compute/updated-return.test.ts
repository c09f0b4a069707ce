// POST /api/v1/compute with an updated return (s.139(8A)): the additional income-tax of s.140B(3), and the 400s
// for an updated return outside its window or without what it needs.
import { describe, expect, it } from "vitest";
import { ComputeAnswerSchema } from "../../../src/tax/compute/schemas";
import { api, createKey, expectError, expectStatus } from "../helpers";

function compute(key: string, body: unknown) {
  return api("/api/v1/compute", key, { method: "POST", body: JSON.stringify(body) });
}

// FY 2024-25, deposit interest 10,00,000, new regime: tax 3L-7L 20,000 + 7L-10L 30,000 + cess 2,000 = 52,000.
// TDS 30,000 leaves 22,000. Assessment year 2025-26 ends 31 March 2026; the return's due date 16 September 2025,
// the last day for a belated return 31 December 2025 (reference §10.2).
const missedInterest = {
  residentialStatus: "resident",
  age: 40,
  otherIncome: { depositInterest: 1_000_000 },
  taxPayments: { tdsTcs: 30_000 },
};

describe("POST /api/v1/compute: an updated return", () => {
  it("adds 25 % of the tax and interest payable to an updated return 10 months after the assessment year", async () => {
    const { key } = await createKey({ scopes: [] });
    const body = await expectStatus(
      await compute(key, { financialYear: "2024-25", profile: { ...missedInterest, updatedReturn: { filedOn: "2027-01-31" } } }),
      200,
    );
    const regime = ComputeAnswerSchema.parse(body.data).regimes.new;
    // s.234A 22,000 × 17 months (17 September 2025 to 31 January 2027) = 3,740; s.234B 22,000 × 22 months (April
    // 2025 to January 2027) = 4,840; s.234C 99 + 297 + 495 + 220 = 1,111: 9,691. Fee (s.234F) 5,000.
    // s.140B(3)(i): 25 % of (22,000 + 9,691) = 7,922.75. Payable 44,613.75 → 44,610 (s.288B).
    expect(regime.interest?.totalInterest).toBe(9_691);
    expect(regime.interest?.updatedReturn).toMatchObject({
      monthsAfterAssessmentYear: 10,
      additionalTaxPercent: 25,
      base: 31_691,
      additionalTax: 7_922.75,
      payableWithUpdatedReturn: 44_610,
    });
  });

  // s.80C ₹1,50,000 and ₹3,00,000 donated at 100 % without a qualifying limit (s.80G(1)(i)), and TDS ₹10,000. Old
  // regime: total income 5,50,000, tax 12,500 + 10,000 + cess 900 = 23,400; the new regime allows neither deduction
  // (s.115BAC(2)(i)): 52,000.
  const deducting = { ...missedInterest, deductions: { section80C: 150_000, section80G_100: 300_000 }, taxPayments: { tdsTcs: 10_000 } };
  const onTime = (regime?: string) => ({ taxAndInterestPayable: 0, ...(regime === undefined ? {} : { regime }) });

  it("states in whole rupees what the cheaper regime saves when the additional tax has paise", async () => {
    const { key } = await createKey({ scopes: [] });
    // An earlier return on 10 September 2025, on time, that made nothing payable; the updated return on 31 January 2027.
    // Old regime: 13,400 unpaid. s.234A 13,400 × 17 months = 2,278; s.234B 13,400 × 22 = 2,948; s.234C 2,000 × 3 % +
    // 6,000 × 3 % + 10,000 × 3 % + 13,400 × 1 % = 674: 5,900. s.140B(3)(i): 25 % of (13,400 + 5,900) = 4,825. In all
    // 23,400 + 5,900 + 4,825 = 34,125. New regime: 42,000 unpaid. s.234A 7,140; s.234B 9,240; s.234C 6,300 × 3 % +
    // 18,900 × 3 % + 31,500 × 3 % + 42,000 × 1 % = 2,121: 18,501. 25 % of 60,501 = 15,125.25. In all 85,626.25. The
    // old regime saves 51,501.25, 51,501 to the rupee.
    const profile = { ...deducting, returnFiledOn: "2025-09-10", updatedReturn: { filedOn: "2027-01-31", earlierReturn: onTime() } };
    const answer = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { financialYear: "2024-25", profile }), 200)).data);
    expect(answer.regimes.old.interest?.totalInterest).toBe(5_900);
    expect(answer.regimes.old.interest?.updatedReturn?.additionalTax).toBe(4_825);
    expect(answer.regimes.new.interest?.totalInterest).toBe(18_501);
    expect(answer.regimes.new.interest?.updatedReturn?.additionalTax).toBe(15_125.25);
    expect(answer.recommendedRegime).toBe("old");
    expect(answer.recommendedRegimeSaving).toBe(51_501);
    // Whether the earlier return opted out decides whether the old regime is open (s.115BAC(6)(ii)); the profile does not say.
    expect(answer.notes.some((note) => note.startsWith("updatedReturn.earlierReturn.regime: not given"))).toBe(true);
  });

  // The regime an updated return may use. s.115BAC(6) proviso clause (ii): without income from business or profession
  // the old regime is chosen only "along with the return of income to be furnished under sub-section (1) of section
  // 139"; an updated return is furnished under s.139(8A), so the old regime is open to it only when the earlier return,
  // furnished by the due date (16 September 2025), chose it. Less tax unpaid in the old regime means less interest and
  // additional tax too, so it costs less in all and, closed, the new regime saves 0 over it.
  const closed: [string, Record<string, unknown>, string][] = [
    [
      "without an earlier return",
      { ...deducting, updatedReturn: { filedOn: "2027-01-31" } },
      "no return was furnished before the updated return of 2027-01-31",
    ],
    [
      "over an earlier return filed after its due date",
      { ...deducting, returnFiledOn: "2025-11-20", updatedReturn: { filedOn: "2027-01-31", earlierReturn: onTime() } },
      "the earlier return was filed after that date, on 2025-11-20",
    ],
    [
      "over an earlier return filed on time that stayed in the new regime",
      { ...deducting, returnFiledOn: "2025-09-10", updatedReturn: { filedOn: "2027-01-31", earlierReturn: onTime("new") } },
      "the earlier return, filed on 2025-09-10, stayed in the new regime",
    ],
  ];
  it.each(closed)("closes the old regime to an updated return %s", async (_, profile, why) => {
    const { key } = await createKey({ scopes: [] });
    const answer = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { financialYear: "2024-25", profile }), 200)).data);
    expect(answer.regimes.old.totalTax).toBe(23_400);
    expect(answer.regimes.new.totalTax).toBe(52_000);
    expect(answer.regimes.old.notAvailable).toEqual({
      section: "115BAC(6)(ii)",
      reason: `s.115BAC(6)(ii): without income from business or profession the old regime can be chosen only in the return furnished under s.139(1), by its due date 2025-09-16; ${why}, and an updated return (s.139(8A)) cannot opt out itself: it is taxed under the new regime`,
    });
    expect(answer.recommendedRegime).toBe("new");
    expect(answer.recommendedRegimeSaving).toBe(0);
    expect(answer.savingMoves.filter((move) => move.regimeAfter === "old")).toEqual([]);
  });

  it("keeps the old regime open over an earlier return filed on time that chose it, and echoes its regime", async () => {
    const { key } = await createKey({ scopes: [] });
    const profile = { ...deducting, returnFiledOn: "2025-09-10", updatedReturn: { filedOn: "2027-01-31", earlierReturn: onTime("old") } };
    const answer = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { financialYear: "2024-25", profile }), 200)).data);
    expect(answer.regimes.old.notAvailable).toBeUndefined();
    expect(answer.recommendedRegime).toBe("old");
    expect(answer.recommendedRegimeSaving).toBe(51_501);
    // The old regime is the earlier return's choice, not a step left to take: an updated return comes after the
    // year and its due date, too late to pay into the year or to opt out, so no saving move is offered.
    expect(answer.savingMoves).toEqual([]);
    expect(answer.notes.filter((note) => note.startsWith("updatedReturn."))).toEqual([]);
    expect(answer.regimes.old.interest?.updatedReturn?.earlierReturn).toEqual({
      filedOn: "2025-09-10",
      taxAndInterestPayable: 0,
      refundIssued: 0,
      regime: "old",
    });
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    [
      "an updated return while a belated return can still be filed",
      { ...missedInterest, updatedReturn: { filedOn: "2025-12-31" } },
      "2024-25",
      "profile.updatedReturn.filedOn: must fall after 2025-12-31, the last day for a belated return, and by 2030-03-31, 48 months from the end of the assessment year (s.139(8A))",
    ],
    [
      // FY 2025-26: a return may be revised up to 2027-03-31 (s.139(5) as the Finance Act 2026 has it, with the s.234I
      // fee from 1 January), so an updated return of an earlier return comes only after that.
      "an updated return while the earlier return can still be revised",
      { ...missedInterest, returnFiledOn: "2026-07-20", updatedReturn: { filedOn: "2027-02-15", earlierReturn: onTime() } },
      "2025-26",
      "profile.updatedReturn.filedOn: must fall after 2027-03-31, the last day for revising the earlier return (s.139(5)), and by 2031-03-31, 48 months from the end of the assessment year (s.139(8A))",
    ],
    [
      "an updated return more than 48 months after the assessment year",
      { ...missedInterest, updatedReturn: { filedOn: "2030-04-01" } },
      "2024-25",
      "profile.updatedReturn.filedOn: must fall after 2025-12-31",
    ],
    [
      "an updated return for tax year 2026-27",
      { ...missedInterest, updatedReturn: { filedOn: "2028-01-31" } },
      "2026-27",
      "profile.updatedReturn.filedOn: is not supported for tax year 2026-27",
    ],
    [
      "an earlier return's figures without its date",
      { ...missedInterest, updatedReturn: { filedOn: "2027-01-31", earlierReturn: { taxAndInterestPayable: 0 } } },
      "2024-25",
      "profile.updatedReturn.earlierReturn: with updatedReturn, returnFiledOn is the earlier return's date",
    ],
    [
      "an earlier return's date without its figures",
      { ...missedInterest, returnFiledOn: "2025-09-10", updatedReturn: { filedOn: "2027-01-31" } },
      "2024-25",
      "profile.returnFiledOn: with updatedReturn, returnFiledOn is the earlier return's date",
    ],
    [
      "an earlier return filed after its due date that chose the old regime",
      { ...missedInterest, returnFiledOn: "2025-11-20", updatedReturn: { filedOn: "2027-01-31", earlierReturn: onTime("old") } },
      "2024-25",
      "profile.updatedReturn.earlierReturn.regime: cannot be old: without income from business or profession the old regime is chosen only in the return furnished by its due date 2025-09-16 (s.115BAC(6)(ii)), and returnFiledOn 2025-11-20 is after it",
    ],
    [
      "an earlier return's regime that is neither old nor new",
      { ...missedInterest, returnFiledOn: "2025-09-10", updatedReturn: { filedOn: "2027-01-31", earlierReturn: onTime("both") } },
      "2024-25",
      "profile.updatedReturn.earlierReturn.regime: ",
    ],
    [
      "an updated return without taxPayments",
      { residentialStatus: "resident", otherIncome: { depositInterest: 1_000_000 }, updatedReturn: { filedOn: "2027-01-31" } },
      "2024-25",
      "profile.updatedReturn: needs taxPayments",
    ],
  ];
  it("takes an updated return of an FY 2025-26 return from the day after its revision window closes", async () => {
    const { key } = await createKey({ scopes: [] });
    const profile = { ...missedInterest, returnFiledOn: "2026-07-20", updatedReturn: { filedOn: "2027-04-01", earlierReturn: onTime() } };
    await expectStatus(await compute(key, { profile, financialYear: "2025-26" }), 200);
  });

  it.each(refusals)("refuses %s with 400 validation_error", async (_, profile, financialYear, expected) => {
    const { key } = await createKey({ scopes: [] });
    const message = await expectError(await compute(key, { profile, financialYear }), 400, "validation_error");
    expect(message.startsWith(expected), message).toBe(true);
  });
});
