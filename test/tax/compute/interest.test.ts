// POST /api/v1/compute with the make-up of taxes paid: interest under ss.234A, 234B and 234C, and the 400s for
// payments and dates that do not fit the year.
import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { ComputeAnswerSchema } from "../../../src/tax/compute/schemas";
import { fetchWorker } from "../../worker-under-test";
import { api, createKey, expectError, expectStatus, TAX } from "../helpers";
import taxApiGuide from "../../../docs/tax-api.md?raw";

/** The descriptions of the served OpenAPI document a test below reads. */
const ServedIncomeByPeriod = z.object({
  components: z.object({
    schemas: z.object({
      TaxProfile: z.object({
        properties: z.object({
          otherIncome: z.object({
            properties: z.object({
              dividendsByPeriod: z.object({ description: z.string() }),
              casualWinningsByPeriod: z.object({ description: z.string() }),
            }),
          }),
        }),
      }),
    }),
  }),
});

function compute(key: string, body: unknown) {
  return api("/api/v1/compute", key, { method: "POST", body: JSON.stringify(body) });
}

// Salary 24,75,000, new regime FY 2025-26: total income 24,00,000 after the ₹75,000 standard deduction (s.16(ia));
// slab tax 3,00,000 (20,000 + 40,000 + 60,000 + 80,000 + 1,00,000 on the s.115BAC(1A)(iii) bands), cess 12,000:
// tax 3,12,000. TDS 2,90,000 leaves 22,000 (≥ ₹10,000, so advance tax was due, s.208); none was paid; all of it
// was paid with the return on 10 September 2026, after its 31 July due date (reference §10.2).
const lateSalaried = {
  residentialStatus: "resident",
  age: 40,
  salary: { grossSalary: 2_475_000 },
  taxPayments: { tdsTcs: 290_000, selfAssessmentTax: [{ date: "2026-09-10", amount: 22_000 }] },
  returnFiledOn: "2026-09-10",
};

describe("POST /api/v1/compute: interest for late advance tax and a late return", () => {
  it("works out interest per regime when the payments are given, and leaves it out when they are not", async () => {
    const { key } = await createKey({ scopes: [] });
    const body = await expectStatus(await compute(key, { financialYear: "2025-26", profile: lateSalaried }), 200);
    const result = ComputeAnswerSchema.parse(body.data);
    const regime = result.regimes.new;
    // taxesPaid is the payments' sum: 2,90,000 + 22,000 = 3,12,000; nothing is left of the tax itself.
    expect(regime).toMatchObject({ totalTax: 312_000, taxesPaid: 312_000, netTaxPayable: 0 });
    // s.234A: 22,000 unpaid at 31 July; 1 August to 10 September = 2 months (Rule 119A(b)): 440.
    // s.234B: 22,000 short, April to September 2026 = 6 months: 1,320.
    // s.234C: 3,300 × 3 % = 99; 9,900 × 3 % = 297; 16,500 × 3 % = 495; 22,000 × 1 % = 220: 1,111.
    // Total 2,871. s.234F: late, total income above ₹5 lakh: ₹5,000. Payable with interest and fee to the nearest
    // ₹10 (s.288B): 7,871 → 7,870.
    expect(regime.interest?.lateReturn).toEqual({
      section: "234A",
      dueDate: "2026-07-31",
      filedOn: "2026-09-10",
      months: 2,
      base: 22_000,
      interest: 440,
    });
    expect(regime.interest?.advanceTaxDefault.interest).toBe(1_320);
    expect(regime.interest?.advanceTaxDeferment.instalments.map((i) => i.interest)).toEqual([99, 297, 495, 220]);
    expect(regime.interest).toMatchObject({ totalInterest: 2_871, payableWithInterest: 7_870, refundAfterInterest: 0 });
    expect(result.regimes.old.interest).toBeDefined();
    expect(result.recommendedRegime).toBe("new");

    // Without the payments the answer is what it always was: one taxesPaid and no interest at all.
    const { taxPayments: _payments, returnFiledOn: _filed, ...plain } = lateSalaried;
    const without = await expectStatus(await compute(key, { financialYear: "2025-26", profile: { ...plain, taxesPaid: 312_000 } }), 200);
    expect(without.data.regimes.new).not.toHaveProperty("interest");
    expect(without.data.regimes.new.netTaxPayable).toBe(0);
  });

  it("shows how each self-assessment payment met the fee, the interest and the tax, and charges s.234B on the tax it left unpaid", async () => {
    // The late salaried filer, the 22,000 paid on 10 August 2026 and the return on 5 September. Explanation to
    // s.140A(1): the payment goes to the fee, then the interest, then the tax. On 10 August: fee ₹5,000 (late, total
    // income above ₹5 lakh); interest s.234A 1 month on 22,000 = 220, s.234B April to August 5 × 220 = 1,100, s.234C
    // 1,111: 2,431; tax 22,000 − 5,000 − 2,431 = 14,569. s.234B in September on 22,000 − 14,569 = 7,431 → 7,400: 74.
    // s.234A 2 months (1 August to 5 September) on 22,000: 440. Total 440 + 1,174 + 1,111 = 2,725; payable 7,725 → 7,730.
    const { key } = await createKey({ scopes: [] });
    const profile = {
      ...lateSalaried,
      taxPayments: { tdsTcs: 290_000, selfAssessmentTax: [{ date: "2026-08-10", amount: 22_000 }] },
      returnFiledOn: "2026-09-05",
    };
    const result = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { financialYear: "2025-26", profile }), 200)).data);
    const interest = result.regimes.new.interest;
    expect(interest?.selfAssessmentTax).toEqual({
      section: "140A",
      payments: [
        { date: "2026-08-10", amount: 22_000, feeDue: 5_000, interestDue: 2_431, towardsFee: 5_000, towardsInterest: 2_431, towardsTax: 14_569 },
      ],
    });
    expect(interest?.advanceTaxDefault.periods).toEqual([
      { from: "2026-04-01", to: "2026-08-31", months: 5, base: 22_000, interest: 1_100 },
      { from: "2026-09-01", to: "2026-09-30", months: 1, base: 7_400, interest: 74 },
    ]);
    expect(interest).toMatchObject({ totalInterest: 2_725, payableWithInterest: 7_730, refundAfterInterest: 0 });
  });

  it("takes self-assessment tax up to the later due date of a return with business income, and not a day after", async () => {
    // A professional under s.44ADA files by 31 August 2026 for FY 2025-26 (reference §10.2), a salaried person by
    // 31 July. Without returnFiledOn the return is taken as furnished on its due date, so self-assessment tax paid on
    // 20 August fits the professional's return; paid on 1 September it cannot have come before it (s.140A).
    const { key } = await createKey({ scopes: [] });
    const professional = (date: string) => ({
      residentialStatus: "resident",
      age: 40,
      presumptive: { profession: { grossReceipts: 1_250_000 } },
      taxPayments: { tdsTcs: 0, selfAssessmentTax: [{ date, amount: 10_000 }] },
    });
    await expectStatus(await compute(key, { financialYear: "2025-26", profile: professional("2026-08-20") }), 200);
    const message = await expectError(await compute(key, { financialYear: "2025-26", profile: professional("2026-09-01") }), 400, "validation_error");
    expect(message).toContain("must fall from 2026-04-01 (after FY 2025-26) to 2026-08-31, the return's due date");
  });

  it("charges each regime the fee for a late return (s.234F) on its own total income, payable and compared with the interest", async () => {
    // s.234F as substituted by the Finance Act 2021: a person required to file (s.139(1): income before Chapter VI-A
    // above the basic exemption) who files after the due date pays ₹5,000, or at most ₹1,000 where total income
    // does not exceed ₹5,00,000. A professional under s.44ADA, receipts 12,50,000: 50 % = 6,25,000; s.80C 1,25,000.
    // Old regime: total income 5,00,000, tax 12,500 less the s.87A rebate = nil; fee ₹1,000. New regime: 6,25,000,
    // tax 11,250 less the rebate = nil; fee ₹5,000. Due 31 August 2026 with business income (reference §10.2);
    // filed 1 September. Nil tax, so no advance tax was due (s.208) and no interest. The old regime costs ₹4,000
    // less; a professional's opt-out is made by the due date apart from the return (s.115BAC(6)(i)).
    const { key } = await createKey({ scopes: [] });
    const profile = {
      residentialStatus: "resident",
      age: 40,
      presumptive: { profession: { grossReceipts: 1_250_000 } },
      deductions: { section80C: 125_000 },
      taxPayments: { tdsTcs: 0 },
      returnFiledOn: "2026-09-01",
    };
    const late = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { financialYear: "2025-26", profile }), 200)).data);
    expect(late.regimes.old.interest?.lateFilingFee).toEqual({
      section: "234F",
      dueDate: "2026-08-31",
      filedOn: "2026-09-01",
      returnRequired: true,
      // 6,25,000 before Chapter VI-A is above the exemption, and receipts of 12,50,000 are above Rule 12AB's ₹10 lakh.
      returnRequiredBy: ["income", "professional_receipts"],
      maximumAmountNotChargeable: 250_000,
      fee: 1_000,
    });
    expect(late.regimes.new.interest?.lateFilingFee).toEqual({
      section: "234F",
      dueDate: "2026-08-31",
      filedOn: "2026-09-01",
      returnRequired: true,
      // 6,25,000 before Chapter VI-A is above the exemption, and receipts of 12,50,000 are above Rule 12AB's ₹10 lakh.
      returnRequiredBy: ["income", "professional_receipts"],
      maximumAmountNotChargeable: 400_000,
      fee: 5_000,
    });
    expect([late.regimes.old.interest?.payableWithInterest, late.regimes.new.interest?.payableWithInterest]).toEqual([1_000, 5_000]);
    expect(late).toMatchObject({ recommendedRegime: "old", recommendedRegimeSaving: 4_000 });

    // Without returnFiledOn the return is taken as on time: no fee field, and a tie that goes to the new regime.
    const { returnFiledOn: _filed, ...undated } = profile;
    const onTime = await expectStatus(await compute(key, { financialYear: "2025-26", profile: undated }), 200);
    for (const regime of ["old", "new"]) expect(onTime.data.regimes[regime].interest).not.toHaveProperty("lateFilingFee");
    expect(onTime.data).toMatchObject({ recommendedRegime: "new", recommendedRegimeSaving: 0 });
  });

  it("charges the fee to a late return that spending required though the income did not (seventh proviso to s.139(1))", async () => {
    // Deposit interest 2,40,000: within both regimes' exemption (₹2,50,000 old, ₹4,00,000 new), so income alone
    // requires no return. ₹2,50,000 spent on foreign travel is above the seventh proviso's ₹2 lakh, so a return was
    // required; filed 1 August 2026, a day after the 31 July due date; total income within ₹5 lakh: ₹1,000 (s.234F).
    const { key } = await createKey({ scopes: [] });
    const profile = {
      residentialStatus: "resident",
      age: 40,
      otherIncome: { depositInterest: 240_000 },
      taxPayments: { tdsTcs: 0 },
      returnFiledOn: "2026-08-01",
    };
    const travelled = ComputeAnswerSchema.parse(
      (
        await expectStatus(
          await compute(key, { financialYear: "2025-26", profile: { ...profile, depositsAndSpending: { foreignTravel: 250_000 } } }),
          200,
        )
      ).data,
    );
    for (const regime of [travelled.regimes.old, travelled.regimes.new]) {
      expect(regime.interest?.lateFilingFee).toMatchObject({ returnRequired: true, returnRequiredBy: ["foreign_travel"], fee: 1_000 });
      expect(regime.interest?.payableWithInterest).toBe(1_000);
    }
    const stayed = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { financialYear: "2025-26", profile }), 200)).data);
    expect(stayed.regimes.new.interest?.lateFilingFee).toMatchObject({ returnRequired: false, returnRequiredBy: [], fee: 0 });
  });

  it("charges a specified senior citizen (s.194P) no fee for a late return, and says why", async () => {
    // Aged 78, pension 9,00,000 and deposit interest 2,00,000: 10,50,000 (old) and 10,25,000 (new) after the standard
    // deduction, above every exemption and ₹5 lakh, so filed late (1 August 2026) the return would owe ₹5,000. A
    // specified senior citizen's bank deducts the tax and s.139 does not apply (s.194P): no return, no fee.
    const { key } = await createKey({ scopes: [] });
    const profile = {
      residentialStatus: "resident",
      age: 78,
      salary: { grossSalary: 900_000 },
      otherIncome: { depositInterest: 200_000 },
      taxPayments: { tdsTcs: 150_000 },
      returnFiledOn: "2026-08-01",
    };
    const owed = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { financialYear: "2025-26", profile }), 200)).data);
    expect(owed.regimes.new.interest?.lateFilingFee).toMatchObject({ returnRequiredBy: ["income", "tds_tcs"], fee: 5_000 });
    const declared = ComputeAnswerSchema.parse(
      (await expectStatus(await compute(key, { financialYear: "2025-26", profile: { ...profile, specifiedSeniorCitizen: true } }), 200)).data,
    );
    for (const regime of [declared.regimes.old, declared.regimes.new]) {
      expect(regime.interest?.lateFilingFee).toMatchObject({ returnRequired: false, returnRequiredBy: [], fee: 0 });
    }
    expect(declared.notes.filter((note) => note.startsWith("specifiedSeniorCitizen: no return is required (s.194P"))).toHaveLength(1);
  });

  it("recommends the new regime to a salaried return filed late, whose old regime is closed (s.115BAC(6)(ii)), and the saved profile agrees", async () => {
    // s.115BAC(6)(ii) (reference §1.1): without business or professional income the old regime is chosen only in the
    // return furnished under s.139(1), so not in one filed after its due date, 31 July 2026 (reference §10.2).
    // Salary 16,75,000, s.80C 1,50,000, s.80E 9,75,000, TDS 1,24,800. New: 16,00,000 after ₹75,000, 1,20,000 on
    // the s.115BAC(1A)(iii) bands + 4,800 cess = 1,24,800, all deducted (no advance tax due, s.208). Old:
    // 16,25,000 − 11,25,000 = 5,00,000, 12,500 less the s.87A rebate = nil. Filed 10 September 2026: s.234F fee
    // new ₹5,000, old ₹1,000 (total income within ₹5 lakh). The old regime would cost 1,28,800 less, but is closed.
    const { key } = await createKey();
    const profile = {
      residentialStatus: "resident",
      age: 40,
      salary: { grossSalary: 1_675_000 },
      deductions: { section80C: 150_000, section80E: 975_000 },
      taxPayments: { tdsTcs: 124_800 },
      returnFiledOn: "2026-09-10",
    };
    const reason =
      "s.115BAC(6)(ii): without income from business or profession the old regime can be chosen only in the return furnished under s.139(1), by its due date 2026-07-31; a return filed on 2026-09-10 is taxed under the new regime";
    const late = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { financialYear: "2025-26", profile }), 200)).data);
    expect([late.regimes.old.totalTax, late.regimes.new.totalTax]).toEqual([0, 124_800]);
    expect(late).toMatchObject({ recommendedRegime: "new", recommendedRegimeSaving: 0 });
    expect(late.regimes.old.notAvailable).toEqual({ section: "115BAC(6)(ii)", reason });
    expect(late.savingMoves.filter((move) => move.kind === "switch_regime" || move.regimeAfter === "old")).toEqual([]);

    const saved = await expectStatus(
      await api("/api/v1/profiles", key, { method: "POST", body: JSON.stringify({ label: "late salaried", profile, financialYear: "2025-26" }) }),
      201,
    );
    expect(saved.data.summary).toEqual({
      financialYear: "2025-26",
      recommendedRegime: "new",
      totalTax: { old: 0, new: 124_800 },
      notAvailable: { old: { section: "115BAC(6)(ii)", reason } },
      computedWithCurrentRules: true,
    });
    const read = await expectStatus(await api(`/api/v1/profiles/${saved.data.id}`, key), 200);
    expect(read.data.summary).toEqual(saved.data.summary);

    // Filed on its due date, the return can opt out, and the old regime is recommended as the figures say.
    const onTime = await expectStatus(await compute(key, { financialYear: "2025-26", profile: { ...profile, returnFiledOn: "2026-07-31" } }), 200);
    expect(onTime.data).toMatchObject({ recommendedRegime: "old", recommendedRegimeSaving: 124_800 });
    expect(onTime.data.regimes.old).not.toHaveProperty("notAvailable");
  });

  it("answers a profile without taxPayments byte for byte alike, whether or not it gives the periods interest alone uses", async () => {
    const { key } = await createKey({ scopes: [] });
    const profile = {
      residentialStatus: "resident",
      age: 40,
      salary: { grossSalary: 1_800_000 },
      otherIncome: { dividends: 20_000, casualWinnings: 50_000 },
      capitalGains: [{ section: "112A", gain: 300_000 }],
      taxesPaid: 150_000,
    };
    const withPeriods = {
      ...profile,
      otherIncome: {
        dividends: 20_000,
        dividendsByPeriod: { by_15_june: 0, by_15_september: 12_000, by_15_december: 0, by_15_march: 8_000, by_31_march: 0 },
        casualWinnings: 50_000,
        casualWinningsByPeriod: { by_15_december: 50_000 },
      },
      capitalGains: [{ section: "112A", gain: 300_000, arose: "by_15_december" }],
    };
    for (const query of ["", "?detail=full"]) {
      const plain = await api(`/api/v1/compute${query}`, key, { method: "POST", body: JSON.stringify({ financialYear: "2025-26", profile }) });
      const periods = await api(`/api/v1/compute${query}`, key, {
        method: "POST",
        body: JSON.stringify({ financialYear: "2025-26", profile: withPeriods }),
      });
      const [plainText, periodsText] = [await plain.text(), await periods.text()];
      expect(plain.status, plainText).toBe(200);
      expect(periodsText).toBe(plainText);
      const data = JSON.parse(plainText).data;
      for (const regime of ["old", "new"]) expect(data.regimes[regime]).not.toHaveProperty("interest");
      expect(data.notes.some((note: string) => /arose|dividendsByPeriod|casualWinningsByPeriod|returnFiledOn/.test(note))).toBe(false);
    }
  });

  it("tells a caller that a deemed dividend (s.2(22)(e)) gets no relief under the s.234C first proviso, and that winnings of every kind do", async () => {
    // First proviso to s.234C(1): clause (e) covers dividends "other than the income referred to in sub-clause (e)
    // of clause (22) of section 2"; clause (b) covers winnings, "income of the nature referred to in sub-clause (ix)
    // of clause (24) of section 2", lotteries, races, card and other games alike.
    const served = ServedIncomeByPeriod.parse(await (await fetchWorker(`${TAX}/api/v1/openapi.json`)).json());
    const { dividendsByPeriod, casualWinningsByPeriod } = served.components.schemas.TaxProfile.properties.otherIncome.properties;
    expect(dividendsByPeriod.description).toContain("s.2(22)(e)");
    expect(dividendsByPeriod.description).toContain("by_15_june");
    expect(casualWinningsByPeriod.description).toContain("s.2(24)(ix)");
    expect(casualWinningsByPeriod.description).toContain("must add up to casualWinnings");
    const guide = taxApiGuide.replace(/\s+/g, " ");
    expect(guide).toContain("deemed dividend under s.2(22)(e)");
    expect(guide).toContain("winnings without `casualWinningsByPeriod` are taken as arisen by 15 June");
    expect(guide).not.toContain("Winnings (s.115BB), which it does cover");
  });

  it("leaves the tax on winnings won in January out of the earlier instalments when casualWinningsByPeriod says so", async () => {
    // Salary 24,75,000 (taxable 24,00,000, tax 3,12,000, all of it TDS under s.192) and ₹5,00,000 won abroad in
    // January 2026 with no tax deducted: s.115BB 30 % = 1,50,000 + 4 % cess, tax 4,68,000; the 1,56,000 balance paid
    // as advance tax on 15 March. First proviso to s.234C(1), clause (b): the 1,56,000 on the winnings is left out of
    // June, September and December, leaving nothing due then: no interest. Without the period the winnings count
    // from 15 June: 23,400 × 3 % + 70,200 × 3 % + 1,17,000 × 3 % = 702 + 2,106 + 3,510 = 6,318.
    const { key } = await createKey({ scopes: [] });
    const profile = {
      residentialStatus: "resident",
      age: 40,
      salary: { grossSalary: 2_475_000 },
      otherIncome: { casualWinnings: 500_000 },
      taxPayments: { tdsTcs: 312_000, advanceTax: [{ date: "2026-03-15", amount: 156_000 }] },
      returnFiledOn: "2026-07-31",
    };
    const withPeriod = { ...profile, otherIncome: { casualWinnings: 500_000, casualWinningsByPeriod: { by_15_march: 500_000 } } };
    const inJanuary = ComputeAnswerSchema.parse(
      (await expectStatus(await compute(key, { financialYear: "2025-26", profile: withPeriod }), 200)).data,
    );
    expect(inJanuary.regimes.new.totalTax).toBe(468_000);
    expect(inJanuary.regimes.new.interest?.advanceTaxDeferment.instalments.map((i) => i.laterIncomeTaxLeftOut)).toEqual([
      156_000, 156_000, 156_000, 0,
    ]);
    expect(inJanuary.regimes.new.interest?.totalInterest).toBe(0);
    expect(inJanuary.notes.some((note) => note.startsWith("otherIncome.casualWinningsByPeriod"))).toBe(false);

    const byJune = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { financialYear: "2025-26", profile }), 200)).data);
    expect(byJune.regimes.new.interest?.advanceTaxDeferment.instalments.map((i) => i.interest)).toEqual([702, 2_106, 3_510, 0]);
    expect(
      byJune.notes.some((note) => note.startsWith("otherIncome.casualWinningsByPeriod: not given, so the winnings are taken as won by 15 June")),
    ).toBe(true);
  });

  it("leaves the tax on a new business's profit of January out of the earlier instalments when business.firstYearProfitByPeriod says so", async () => {
    // Salary 24,75,000 (taxable 24,00,000, tax 3,12,000, all of it TDS under s.192) and a business started this year
    // whose profit, 6,00,000, arose 16 December-15 March: total income 30,00,000, 3,00,000 + 30 % of 6,00,000 =
    // 4,80,000 + 4 % cess = 4,99,200; the 1,87,200 balance paid as advance tax on 15 March. Clause (c) of the first
    // proviso to s.234C(1): the 1,87,200 is left out of June, September and December, leaving nothing due then: no
    // interest. Without the split the profit counts from 15 June: 28,000 × 3 % + 84,200 × 3 % + 1,40,400 × 3 % =
    // 840 + 2,526 + 4,212 = 7,578.
    const { key } = await createKey({ scopes: [] });
    const profile = {
      residentialStatus: "resident",
      age: 40,
      salary: { grossSalary: 2_475_000 },
      business: { profit: 600_000 },
      taxPayments: { tdsTcs: 312_000, advanceTax: [{ date: "2026-03-15", amount: 187_200 }] },
      returnFiledOn: "2026-07-31",
    };
    const split = { ...profile, business: { profit: 600_000, firstYearProfitByPeriod: { by_15_march: 600_000 } } };
    const inJanuary = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { financialYear: "2025-26", profile: split }), 200)).data);
    expect(inJanuary.regimes.new.totalTax).toBe(499_200);
    expect(inJanuary.regimes.new.interest?.advanceTaxDeferment.instalments.map((i) => i.laterIncomeTaxLeftOut)).toEqual([
      187_200, 187_200, 187_200, 0,
    ]);
    expect(inJanuary.regimes.new.interest?.totalInterest).toBe(0);
    const byJune = ComputeAnswerSchema.parse((await expectStatus(await compute(key, { financialYear: "2025-26", profile }), 200)).data);
    expect(byJune.regimes.new.interest?.advanceTaxDeferment.instalments.map((i) => i.interest)).toEqual([840, 2_526, 4_212, 0]);
    expect(byJune.regimes.new.interest?.totalInterest).toBe(7_578);
  });

  it("says in notes what it assumed for a gain without its period and a return without its date", async () => {
    const { key } = await createKey({ scopes: [] });
    const profile = {
      residentialStatus: "resident",
      otherIncome: { depositInterest: 1_600_000 },
      capitalGains: [{ section: "112A", gain: 1_025_000 }],
      taxPayments: { advanceTax: [{ date: "2026-03-15", amount: 241_800 }] },
    };
    const body = await expectStatus(await compute(key, { financialYear: "2025-26", profile }), 200);
    const notes: string[] = body.data.notes;
    expect(notes.some((note) => note.startsWith("capitalGains[0].arose: not given, so taken as arisen by 15 June"))).toBe(true);
    expect(notes.some((note) => note.startsWith("returnFiledOn: not given, so the return is taken as filed on its due date, 2026-07-31"))).toBe(true);
  });

  const year = "2025-26";
  const refusals: Array<[string, unknown, string | undefined, string]> = [
    [
      "taxesPaid that is not the payments' sum",
      { ...lateSalaried, taxesPaid: 300_000 },
      year,
      "profile.taxesPaid: must equal the sum of taxPayments (₹3,12,000), or be left out",
    ],
    [
      "payments without financialYear",
      lateSalaried,
      undefined,
      "financialYear: is required with profile.taxPayments: payment dates belong to one financial year (without it, the year is the current one)",
    ],
    [
      "advance tax paid after the year",
      { ...lateSalaried, taxPayments: { ...lateSalaried.taxPayments, advanceTax: [{ date: "2026-04-01", amount: 1 }] }, taxesPaid: undefined },
      year,
      "profile.taxPayments.advanceTax[0].date: must fall in FY 2025-26 (2025-04-01 to 2026-03-31): advance tax is paid during the year; tax paid after it is self-assessment tax",
    ],
    [
      "self-assessment tax paid within the year",
      { ...lateSalaried, taxPayments: { tdsTcs: 290_000, selfAssessmentTax: [{ date: "2026-03-31", amount: 22_000 }] } },
      year,
      "profile.taxPayments.selfAssessmentTax[0].date: must fall from 2026-04-01 (after FY 2025-26) to returnFiledOn 2026-09-10: self-assessment tax is paid before the return (s.140A)",
    ],
    [
      "self-assessment tax paid after the return",
      { ...lateSalaried, returnFiledOn: "2026-09-09" },
      year,
      "profile.taxPayments.selfAssessmentTax[0].date: must fall from 2026-04-01 (after FY 2025-26) to returnFiledOn 2026-09-09: self-assessment tax is paid before the return (s.140A)",
    ],
    [
      // Without returnFiledOn the return is taken as furnished on its due date (31 July 2026), so self-assessment tax
      // paid on 10 September could not have come before it (s.140A(1)); it would silently end s.234B in July and
      // charge no s.234A for a return that cannot have been on time.
      "self-assessment tax paid after the due date without returnFiledOn",
      { ...lateSalaried, returnFiledOn: undefined },
      year,
      "profile.taxPayments.selfAssessmentTax[0].date: must fall from 2026-04-01 (after FY 2025-26) to 2026-07-31, the return's due date, or come with returnFiledOn: self-assessment tax is paid before the return (s.140A), taken as furnished on its due date without returnFiledOn",
    ],
    [
      "a return filed before the year ended",
      { ...lateSalaried, taxPayments: { tdsTcs: 312_000 }, returnFiledOn: "2026-03-31" },
      year,
      "profile.returnFiledOn: must fall from 2026-04-01 (after FY 2025-26) to 2026-12-31, the last day for a belated return",
    ],
    [
      "a return filed after the last day for a belated return",
      { ...lateSalaried, taxPayments: { tdsTcs: 312_000 }, returnFiledOn: "2027-01-01" },
      year,
      "profile.returnFiledOn: must fall from 2026-04-01 (after FY 2025-26) to 2026-12-31, the last day for a belated return",
    ],
    [
      "a filing date without payments",
      { residentialStatus: "resident", returnFiledOn: "2026-07-31" },
      year,
      "profile.returnFiledOn: needs taxPayments: interest is worked out only from dated payments",
    ],
    [
      "a date that does not exist",
      { ...lateSalaried, taxPayments: { tdsTcs: 290_000, selfAssessmentTax: [{ date: "2026-02-30", amount: 22_000 }] } },
      year,
      "profile.taxPayments.selfAssessmentTax[0].date: is not a real calendar date",
    ],
    [
      "a payment of nothing",
      { ...lateSalaried, taxPayments: { tdsTcs: 290_000, advanceTax: [{ date: "2025-06-15", amount: 0 }] } },
      year,
      "profile.taxPayments.advanceTax[0].amount",
    ],
    [
      "dividends split into parts that do not add up",
      { residentialStatus: "resident", otherIncome: { dividends: 20_000, dividendsByPeriod: { by_15_june: 10_000 } } },
      year,
      "profile.otherIncome.dividendsByPeriod: must add up to otherIncome.dividends (₹20,000); the parts add up to ₹10,000",
    ],
    [
      "winnings split into parts that do not add up",
      { residentialStatus: "resident", otherIncome: { casualWinnings: 500_000, casualWinningsByPeriod: { by_15_march: 400_000 } } },
      year,
      "profile.otherIncome.casualWinningsByPeriod: must add up to otherIncome.casualWinnings (₹5,00,000); the parts add up to ₹4,00,000",
    ],
    [
      "a period of winnings without the winnings",
      { residentialStatus: "resident", otherIncome: { casualWinningsByPeriod: { by_15_june: 10_000 } } },
      year,
      "profile.otherIncome.casualWinningsByPeriod: must add up to otherIncome.casualWinnings (₹0); the parts add up to ₹10,000",
    ],
    [
      "a negative part of the winnings",
      { residentialStatus: "resident", otherIncome: { casualWinnings: 0, casualWinningsByPeriod: { by_15_june: 10_000, by_15_march: -10_000 } } },
      year,
      "profile.otherIncome.casualWinningsByPeriod.by_15_march: must be >= 0",
    ],
    [
      "a winnings period that the return does not have",
      { residentialStatus: "resident", otherIncome: { casualWinnings: 10_000, casualWinningsByPeriod: { by_30_june: 10_000 } } },
      year,
      "profile.otherIncome.casualWinningsByPeriod.by_30_june: unknown field",
    ],
    [
      "a new business's profit split into parts that do not add up",
      { residentialStatus: "resident", business: { profit: 600_000, firstYearProfitByPeriod: { by_15_march: 500_000 } } },
      year,
      "profile.business.firstYearProfitByPeriod: must add up to business.profit (₹6,00,000); the parts add up to ₹5,00,000",
    ],
    [
      "a new business's split without a profit",
      { residentialStatus: "resident", business: { profit: -50_000, firstYearProfitByPeriod: { by_15_march: 0 } } },
      year,
      "profile.business.firstYearProfitByPeriod: needs business.profit above 0: it splits this year's profit",
    ],
    [
      "a new business's split beside a business loss of an earlier year",
      {
        residentialStatus: "resident",
        business: {
          profit: 600_000,
          firstYearProfitByPeriod: { by_15_march: 600_000 },
          lossBroughtForward: [{ financialYear: "2023-24", amount: 100_000 }],
        },
      },
      year,
      "profile.business.firstYearProfitByPeriod: is for the first year income arises under the head business or profession: a business loss brought forward says it is not",
    ],
    [
      "a negative amount spent on foreign travel",
      { residentialStatus: "resident", depositsAndSpending: { foreignTravel: -1 } },
      year,
      "profile.depositsAndSpending.foreignTravel: must be >= 0",
    ],
    [
      "a kind of deposit the conditions do not have",
      { residentialStatus: "resident", depositsAndSpending: { fixedDeposits: 10_000_000 } },
      year,
      "profile.depositsAndSpending.fixedDeposits: unknown field",
    ],
    [
      "a specified senior citizen who is a non-resident",
      { residentialStatus: "non_resident", age: 80, salary: { grossSalary: 600_000 }, specifiedSeniorCitizen: true },
      year,
      "profile.specifiedSeniorCitizen: applies only to a resident aged 75 or more whose income is pension and interest from the bank that pays it (s.194P); the profile is a non-resident's",
    ],
    [
      "a specified senior citizen aged 74",
      { residentialStatus: "resident", age: 74, salary: { grossSalary: 600_000 }, specifiedSeniorCitizen: true },
      year,
      "profile.specifiedSeniorCitizen: applies only to a resident aged 75 or more whose income is pension and interest from the bank that pays it (s.194P); give an age of 75 or more",
    ],
    [
      "a specified senior citizen with dividends and a house let out",
      {
        residentialStatus: "resident",
        age: 78,
        salary: { grossSalary: 600_000 },
        otherIncome: { dividends: 10_000 },
        houseProperties: [{ type: "let_out", annualRent: 120_000 }],
        specifiedSeniorCitizen: true,
      },
      year,
      "profile.specifiedSeniorCitizen: applies only to a resident aged 75 or more whose income is pension and interest from the bank that pays it (s.194P); the profile also has income from house property, dividends",
    ],
    [
      // s.194P(2)(b): pension income, and interest from the bank that pays it; with no pension no bank pays one.
      "a specified senior citizen with no pension, only deposit interest",
      { residentialStatus: "resident", age: 80, otherIncome: { depositInterest: 1_200_000 }, specifiedSeniorCitizen: true },
      year,
      "profile.specifiedSeniorCitizen: applies only to a resident aged 75 or more whose income is pension and interest from the bank that pays it (s.194P); the profile has no pension",
    ],
    [
      "a specified senior citizen whose salary the profile says is not a pension",
      { residentialStatus: "resident", age: 76, salary: { grossSalary: 900_000, isPension: false }, specifiedSeniorCitizen: true },
      year,
      "profile.specifiedSeniorCitizen: applies only to a resident aged 75 or more whose income is pension and interest from the bank that pays it (s.194P); the profile's salary is not a pension (salary.isPension)",
    ],
    [
      "a gain's period that the return does not have",
      { residentialStatus: "resident", capitalGains: [{ section: "112A", gain: 1, arose: "by_30_june" }] },
      year,
      "profile.capitalGains[0].arose",
    ],
  ];
  it.each(refusals)("refuses %s with 400 validation_error", async (_, profile, financialYear, expected) => {
    const { key } = await createKey({ scopes: [] });
    const message = await expectError(
      await compute(key, { profile, ...(financialYear === undefined ? {} : { financialYear }) }),
      400,
      "validation_error",
    );
    expect(message.startsWith(expected), message).toBe(true);
  });

  it("answers the messages the guide shows for payments and dates, word for word", () => {
    const guide = taxApiGuide.replace(/\s+/g, " ");
    const notShown = new Set([
      "self-assessment tax paid after the return",
      "a return filed after the last day for a belated return",
      "a period of winnings without the winnings",
      "a negative part of the winnings",
      "a winnings period that the return does not have",
      "a new business's split without a profit",
    ]);
    const full = refusals
      .filter(([name, , , message]) => !notShown.has(name) && /: .+/.test(message) && !message.includes("calendar"))
      .map(([, , , message]) => message);
    expect(full.length).toBeGreaterThan(6);
    for (const message of full) expect(guide.includes(`\`${message}\``), `docs/tax-api.md shows \`${message}\``).toBe(true);
  });
});
