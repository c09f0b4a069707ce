// Interest for late advance tax and a late return, ss.234A, 234B and 234C of the Income-tax Act, 1961, FY 2025-26,
// new regime. Every figure is worked by hand below. Rule 119A: the amount is rounded down to a multiple of ₹100
// (119A(c)) and a part of a month counts as a whole month (119A(b)). Advance-tax dates: 15 June, 15 September,
// 15 December 2025 and 15 March 2026 (s.211, reference §10.2); return due dates 31 July 2026 without business
// income and 31 August 2026 with it (reference §10.2).
//
// Tax on ₹24,00,000 of total income, new regime FY 2025-26 (s.115BAC(1A)(iii), reference §1.1): 4L-8L at 5 % =
// 20,000; 8L-12L at 10 % = 40,000; 12L-16L at 15 % = 60,000; 16L-20L at 20 % = 80,000; 20L-24L at 25 % =
// 1,00,000; slab tax 3,00,000, no s.87A rebate above ₹12 lakh, no surcharge below ₹50 lakh, cess 4 % = 12,000:
// tax 3,12,000 (s.288B: already a multiple of ₹10).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ComputeResultSchema } from "../../../../src/tax/compute/schemas";
import {
  compareRegimes,
  computeTax,
  type DepositsAndSpending,
  type InterestResult,
  type TaxInput,
  type TaxPayments,
} from "../../../../src/tax/domain/engine";
import { monthsOrPart } from "../../../../src/tax/domain/engine/interest";
import { salaryFor, taxInput, type InputParts } from "./input";

const TAX_ON_24_LAKH = 312_000;

function withPayments(input: TaxInput, payments: Partial<TaxPayments>, returnFiledOn?: string): TaxInput {
  const taxPayments = { tdsTcs: 0, advanceTax: [], selfAssessmentTax: [], ...payments };
  const paid = taxPayments.tdsTcs + [...taxPayments.advanceTax, ...taxPayments.selfAssessmentTax].reduce((sum, p) => sum + p.amount, 0);
  return { ...input, taxesPaid: paid, taxPayments, ...(returnFiledOn === undefined ? {} : { returnFiledOn }) };
}

function newRegimeInterest(input: TaxInput): { totalTax: number; netTaxPayable: number; interest: InterestResult } {
  const regime = computeTax(input, "2025-26").regimes.new;
  if (regime.interest === undefined) throw new Error("interest not worked out");
  return { totalTax: regime.totalTax, netTaxPayable: regime.netTaxPayable, interest: regime.interest };
}

/** ₹24,00,000 of deposit interest: total income 24,00,000, tax 3,12,000 (header). */
const depositInterest = (parts: InputParts = {}) => taxInput({ ...parts, otherIncome: { depositInterest: 2_400_000, ...parts.otherIncome } });

describe("months or part of a month (Rule 119A(b))", () => {
  it.each([
    ["2026-08-01", "2026-08-01", 1],
    ["2026-08-01", "2026-08-31", 1],
    ["2026-08-01", "2026-09-01", 2],
    ["2025-09-17", "2025-10-16", 1],
    ["2025-09-17", "2025-10-17", 2],
    ["2026-04-01", "2026-07-31", 4],
    ["2026-08-01", "2026-07-31", 0],
  ])("%s to %s is %i", (first, last, months) => {
    expect(monthsOrPart(first, last)).toBe(months);
  });
});

describe("interest under ss.234A, 234B and 234C", () => {
  it("is left out when the make-up of taxes paid is not given", () => {
    expect(computeTax(depositInterest({ taxesPaid: 0 }), "2025-26").regimes.new.interest).toBeUndefined();
  });

  it("a freelancer under s.44ADA with ₹3,12,000 of tax and no advance tax pays s.234C on the 15 March instalment only, and s.234B to filing", () => {
    // Gross receipts 48,00,000, 50 % presumed (s.44ADA(1)): total income 24,00,000, tax 3,12,000. Nothing paid until
    // self-assessment tax of 3,12,000 with the return on 31 July 2026 (due 31 August, business income).
    // s.234C(1)(b): presumptive income, one instalment; shortfall 3,12,000 × 1 % = 3,120.
    // s.234B: advance tax 0 < 90 %; shortfall 3,12,000 from 1 April to 31 July 2026 = 4 months: 3,12,000 × 4 % = 12,480
    // (the payment in July lowers the base only from August).
    // s.234A: filed before the due date: 0. Total 15,600; payable with interest 3,12,000 + 15,600 − 3,12,000 = 15,600.
    const freelancer = taxInput({ presumptive: { profession: { grossReceipts: 4_800_000, cashReceipts: 0, declaredIncome: 0 } } });
    const { totalTax, netTaxPayable, interest } = newRegimeInterest(
      withPayments(freelancer, { selfAssessmentTax: [{ date: "2026-07-31", amount: 312_000 }] }, "2026-07-31"),
    );
    expect(totalTax).toBe(TAX_ON_24_LAKH);
    expect(netTaxPayable).toBe(0);
    expect(interest.advanceTaxDeferment.instalments).toEqual([
      expect.objectContaining({
        dueDate: "2026-03-15",
        percentDue: 100,
        taxDue: 312_000,
        paidByDueDate: 0,
        base: 312_000,
        months: 1,
        interest: 3_120,
      }),
    ]);
    expect(interest.advanceTaxDefault).toMatchObject({
      section: "234B",
      assessedTax: 312_000,
      advanceTaxPaid: 0,
      shortfall: 312_000,
      interest: 12_480,
    });
    expect(interest.advanceTaxDefault.periods).toEqual([{ from: "2026-04-01", to: "2026-07-31", months: 4, base: 312_000, interest: 12_480 }]);
    expect(interest.lateReturn).toMatchObject({ section: "234A", dueDate: "2026-08-31", filedOn: "2026-07-31", months: 0, interest: 0 });
    expect(interest.totalInterest).toBe(15_600);
    expect(interest.payableWithInterest).toBe(15_600);
  });

  it("charges each short instalment three months (one for March), on the shortfall rounded down to ₹100", () => {
    // Tax 3,12,000 less TDS 1,12,000: tax due on returned income 2,00,000 (s.234C Explanation).
    // 15 June: 15 % = 30,000; paid 20,050 (under the 12 % = 24,000 harbour); shortfall 9,950 → 9,900 × 3 % = 297.
    // 15 Sept: 45 % = 90,000; paid 70,000 (under 36 % = 72,000); shortfall 20,000 × 3 % = 600.
    // 15 Dec: 75 % = 1,50,000; paid 1,30,000; shortfall 20,000 × 3 % = 600.
    // 15 March: 100 % = 2,00,000; paid 1,80,000; shortfall 20,000 × 1 % = 200. Total s.234C 1,697.
    // s.234B: advance tax 1,80,000 is exactly 90 % of assessed tax 2,00,000: not "less than ninety per cent", so nil.
    const input = withPayments(
      depositInterest(),
      {
        tdsTcs: 112_000,
        advanceTax: [
          { date: "2025-06-15", amount: 20_050 },
          { date: "2025-09-15", amount: 49_950 },
          { date: "2025-12-15", amount: 60_000 },
          { date: "2026-03-15", amount: 50_000 },
        ],
        selfAssessmentTax: [{ date: "2026-07-10", amount: 20_000 }],
      },
      "2026-07-20",
    );
    const { interest } = newRegimeInterest(input);
    expect(
      interest.advanceTaxDeferment.instalments.map((i) => [i.dueDate, i.amountDue, i.paidByDueDate, i.shortfall, i.base, i.months, i.interest]),
    ).toEqual([
      ["2025-06-15", 30_000, 20_050, 9_950, 9_900, 3, 297],
      ["2025-09-15", 90_000, 70_000, 20_000, 20_000, 3, 600],
      ["2025-12-15", 150_000, 130_000, 20_000, 20_000, 3, 600],
      ["2026-03-15", 200_000, 180_000, 20_000, 20_000, 1, 200],
    ]);
    expect(interest.advanceTaxDeferment.interest).toBe(1_697);
    expect(interest.advanceTaxDefault).toMatchObject({ assessedTax: 200_000, advanceTaxPaid: 180_000, shortfall: 0, periods: [], interest: 0 });
    expect(interest.lateReturn.interest).toBe(0);
    // Payable with interest: 3,12,000 + 1,697 − 3,12,000 paid = 1,697, to the nearest ₹10 (s.288B): 1,700.
    expect(interest.payableWithInterest).toBe(1_700);
  });

  it("charges nothing for June and September when 12 % and 36 % were paid (proviso to s.234C(1)(a)), and does for a rupee less", () => {
    // Tax due 2,00,000 as above. By 15 June 24,000 = 12 %; by 15 Sept 72,000 = 36%; by 15 Dec 1,50,000 = 75 %;
    // by 15 March 2,00,000. Shortfalls of 6,000 and 18,000 are forgiven; nothing else is short: no interest.
    const payments = (june: number) => ({
      tdsTcs: 112_000,
      advanceTax: [
        { date: "2025-06-10", amount: june },
        { date: "2025-09-12", amount: 72_000 - june },
        { date: "2025-12-15", amount: 78_000 },
        { date: "2026-03-14", amount: 50_000 },
      ],
    });
    const safe = newRegimeInterest(withPayments(depositInterest(), payments(24_000), "2026-07-31")).interest;
    expect(safe.advanceTaxDeferment.instalments.slice(0, 2).map((i) => [i.shortfall, i.safeHarbour, i.interest])).toEqual([
      [6_000, true, 0],
      [18_000, true, 0],
    ]);
    expect(safe.totalInterest).toBe(0);
    // 23,999 by 15 June is under 12 %: shortfall 30,000 − 23,999 = 6,001 → 6,000 × 3 % = 180. September still 36 %.
    const short = newRegimeInterest(withPayments(depositInterest(), payments(23_999), "2026-07-31")).interest;
    expect(short.advanceTaxDeferment.instalments[0]).toMatchObject({ shortfall: 6_001, safeHarbour: false, base: 6_000, interest: 180 });
    expect(short.totalInterest).toBe(180);
  });

  it("charges a resident senior citizen without business income no s.234B or s.234C (s.207(2)), but s.234A for a late return", () => {
    // Age 65, tax 3,12,000 all paid as self-assessment tax on 5 August 2026 with the return (due 31 July).
    // s.234A: 1 August to 5 August is part of one month: 3,12,000 × 1 % = 3,120.
    const senior = withPayments(depositInterest({ age: 65 }), { selfAssessmentTax: [{ date: "2026-08-05", amount: 312_000 }] }, "2026-08-05");
    const { interest } = newRegimeInterest(senior);
    expect(interest.advanceTaxDue).toBe(false);
    expect(interest.advanceTaxNotDueBecause).toMatch(/^s\.207\(2\)/);
    expect(interest.advanceTaxDefault.interest).toBe(0);
    expect(interest.advanceTaxDeferment).toMatchObject({ instalments: [], interest: 0 });
    expect(interest.lateReturn).toMatchObject({ dueDate: "2026-07-31", months: 1, base: 312_000, interest: 3_120 });
    expect(interest.totalInterest).toBe(3_120);
  });

  it("asks a s.44AD trader for one instalment by 15 March (s.234C(1)(b)) and charges s.234B on the rest", () => {
    // s.44AD: 6 % of 1,00,00,000 digital + 8 % of 90,00,000 other = 6,00,000 + 7,20,000 = 13,20,000 total income.
    // Slab tax 20,000 + 40,000 + 1,20,000 × 15 % = 18,000 → 78,000; s.87A: above ₹12 lakh and 78,000 < 1,20,000
    // excess, so no relief; cess 3,120; tax 81,120. Nothing paid by 15 December: no interest for those dates.
    // 15 March: 50,000 paid; shortfall 31,120 → 31,100 × 1 % = 311.
    // s.234B: 50,000 < 90 % of 81,120 = 73,008; shortfall 31,120 → 31,100, April to August 2026 (self-assessment tax
    // and return on 20 August) = 5 months: 311 × 5 = 1,555. s.234A: due 31 August: nil. Total 1,866; payable 1,870.
    const trader = taxInput({
      presumptive: { business: { digitalTurnover: 10_000_000, otherTurnover: 9_000_000, cashReceipts: 0, declaredIncome: 0 } },
    });
    const input = withPayments(
      trader,
      { advanceTax: [{ date: "2026-03-15", amount: 50_000 }], selfAssessmentTax: [{ date: "2026-08-20", amount: 31_120 }] },
      "2026-08-20",
    );
    const { totalTax, interest } = newRegimeInterest(input);
    expect(totalTax).toBe(81_120);
    expect(interest.advanceTaxDeferment.instalments).toEqual([
      expect.objectContaining({ dueDate: "2026-03-15", shortfall: 31_120, base: 31_100, interest: 311 }),
    ]);
    expect(interest.advanceTaxDefault.periods).toEqual([{ from: "2026-04-01", to: "2026-08-31", months: 5, base: 31_100, interest: 1_555 }]);
    expect(interest.lateReturn).toMatchObject({ dueDate: "2026-08-31", interest: 0 });
    expect(interest.totalInterest).toBe(1_866);
    expect(interest.payableWithInterest).toBe(1_870);
  });

  it("leaves tax on a capital gain of the third period out of the June and September instalments (first proviso to s.234C(1))", () => {
    // Deposit interest 16,00,000: slab tax 20,000 + 40,000 + 60,000 = 1,20,000, cess 4,800: 1,24,800 by 15 September.
    // s.112A gain of 10,25,000 arising 16 Sept-15 Dec: (10,25,000 − 1,25,000) × 12.5 % = 1,12,500; slab + special
    // 2,32,500, cess 9,300: tax 2,41,800. Tax on the gain 2,41,800 − 1,24,800 = 1,17,000, paid after 15 June.
    // Paid: 18,720 (15 % of 1,24,800) by 15 June, 56,160 (45 %) by 15 Sept, 1,81,350 (75 % of 2,41,800) by 15 Dec,
    // 2,41,800 by 15 March: no shortfall on any instalment, no interest.
    // Had the gain counted from June: 15 % of 2,41,800 = 36,270, under 12 % (29,016) paid, shortfall 17,550 → 525.
    const input = withPayments(
      taxInput({ otherIncome: { depositInterest: 1_600_000 }, capitalGains: [{ section: "112A", gain: 1_025_000, arose: "by_15_december" }] }),
      {
        advanceTax: [
          { date: "2025-06-15", amount: 18_720 },
          { date: "2025-09-15", amount: 37_440 },
          { date: "2025-12-15", amount: 125_190 },
          { date: "2026-03-15", amount: 60_450 },
        ],
      },
      "2026-07-31",
    );
    const { totalTax, interest } = newRegimeInterest(input);
    expect(totalTax).toBe(241_800);
    expect(interest.advanceTaxDeferment.instalments.map((i) => [i.taxDue, i.laterIncomeTaxLeftOut, i.amountDue, i.shortfall, i.interest])).toEqual([
      [124_800, 117_000, 18_720, 0, 0],
      [124_800, 117_000, 56_160, 0, 0],
      [241_800, 0, 181_350, 0, 0],
      [241_800, 0, 241_800, 0, 0],
    ]);
    expect(interest.totalInterest).toBe(0);
  });

  it("charges the whole tax on the earlier instalments when the tax on the later gain was not paid by 31 March (first proviso)", () => {
    // The gain of the last case, but only 18,720 by 15 June and 37,440 by 15 Sept paid (56,160). Advance tax paid
    // after 15 June is 37,440 and after 15 Sept nothing: both less than the 1,17,000 tax on the gain, so the proviso
    // does not apply and each instalment is worked on the whole 2,41,800.
    // 15 June: 15 % = 36,270; 18,720 is under 12 % (29,016); shortfall 17,550 → 17,500 × 3 % = 525.
    // 15 Sept: 45 % = 1,08,810; 56,160 is under 36 % (87,048); shortfall 52,650 → 52,600 × 3 % = 1,578.
    // 15 Dec: 75 % = 1,81,350; shortfall 1,25,190 → 1,25,100 × 3 % = 3,753.
    // 15 March: shortfall 1,85,640 → 1,85,600 × 1 % = 1,856. Total s.234C 7,712.
    const input = withPayments(
      taxInput({ otherIncome: { depositInterest: 1_600_000 }, capitalGains: [{ section: "112A", gain: 1_025_000, arose: "by_15_december" }] }),
      {
        advanceTax: [
          { date: "2025-06-15", amount: 18_720 },
          { date: "2025-09-15", amount: 37_440 },
        ],
        selfAssessmentTax: [{ date: "2026-07-31", amount: 185_640 }],
      },
      "2026-07-31",
    );
    const { interest } = newRegimeInterest(input);
    expect(interest.advanceTaxDeferment.instalments.map((i) => [i.laterIncomeTaxLeftOut, i.base, i.interest])).toEqual([
      [0, 17_500, 525],
      [0, 52_600, 1_578],
      [0, 125_100, 3_753],
      [0, 185_600, 1_856],
    ]);
    expect(interest.advanceTaxDeferment.interest).toBe(7_712);
  });

  it("does not excuse any instalment when the tax on a gain of 16-31 March was not paid by 31 March, whatever was paid before it arose (first proviso)", () => {
    // Deposit interest 24,00,000: tax 3,12,000 (header), paid on time: 46,800 by 15 June, 1,40,400 by 15 Sept,
    // 2,34,000 by 15 Dec, 3,12,000 by 15 March. A s.112A gain of 10,25,000 arose 16-31 March: (10,25,000 −
    // 1,25,000) × 12.5 % = 1,12,500 + 4 % cess = 1,17,000; tax 4,29,000. Nothing was paid after 15 March; the
    // 1,17,000 came with the return on 31 July 2026. The proviso needs the tax on such income paid "as part of the
    // remaining instalments ... or ... by the 31st day of March": payments made before the gain arose are not, so no
    // instalment leaves it out and each is worked on 4,29,000:
    // 15 June 15 % = 64,350 − 46,800 = 17,550 (46,800 is under 12 % = 51,480) → 17,500 × 3 % = 525.
    // 15 Sept 45 % = 1,93,050 − 1,40,400 = 52,650 (under 36 % = 1,54,440) → 52,600 × 3 % = 1,578.
    // 15 Dec 75 % = 3,21,750 − 2,34,000 = 87,750 → 87,700 × 3 % = 2,631.
    // 15 March 4,29,000 − 3,12,000 = 1,17,000 × 1 % = 1,170. Total s.234C 5,904.
    const input = withPayments(
      taxInput({ otherIncome: { depositInterest: 2_400_000 }, capitalGains: [{ section: "112A", gain: 1_025_000, arose: "by_31_march" }] }),
      {
        advanceTax: [
          { date: "2025-06-15", amount: 46_800 },
          { date: "2025-09-15", amount: 93_600 },
          { date: "2025-12-15", amount: 93_600 },
          { date: "2026-03-15", amount: 78_000 },
        ],
        selfAssessmentTax: [{ date: "2026-07-31", amount: 117_000 }],
      },
      "2026-07-31",
    );
    const { totalTax, interest } = newRegimeInterest(input);
    expect(totalTax).toBe(429_000);
    expect(interest.advanceTaxDeferment.instalments.map((i) => [i.laterIncomeTaxLeftOut, i.taxDue, i.base, i.interest])).toEqual([
      [0, 429_000, 17_500, 525],
      [0, 429_000, 52_600, 1_578],
      [0, 429_000, 87_700, 2_631],
      [0, 429_000, 117_000, 1_170],
    ]);
    expect(interest.advanceTaxDeferment.interest).toBe(5_904);
  });

  it("leaves tax on winnings of January out of the June, September and December instalments when it was paid by 15 March (first proviso to s.234C(1))", () => {
    // Salary 24,75,000, taxable 24,00,000 after the ₹75,000 standard deduction: slab tax 3,00,000 (header), all of
    // it and its cess covered by TDS under s.192: 3,12,000. In January 2026 (16 December-15 March) ₹5,00,000 was won
    // at a casino abroad, so no tax was deducted under s.194B: s.115BB 30 % = 1,50,000, no basic exemption or
    // rebate against it; total income 29,00,000 (no surcharge below ₹50 lakh); tax (3,00,000 + 1,50,000) + 4 % cess
    // = 4,68,000. Tax less TDS 1,56,000 ≥ ₹10,000, so advance tax was due (s.208); all 1,56,000 paid on 15 March.
    // Winnings are income under s.2(24)(ix), clause (b) of the first proviso: the tax on them (4,68,000 − 3,12,000 =
    // 1,56,000) is left out of the three instalments before they were won, since the 1,56,000 paid after 15 December
    // covers it. June, September, December: tax due 3,12,000 − 3,12,000 TDS = 0; March: 4,68,000 − 3,12,000 =
    // 1,56,000, all paid. No s.234C, no s.234B (all the assessed tax paid in the year), no s.234A (filed on time).
    // Taken as won by 15 June instead, each instalment is on 1,56,000: June 15 % = 23,400 × 3 % = 702; September
    // 45 % = 70,200 × 3 % = 2,106; December 75 % = 1,17,000 × 3 % = 3,510; March nil: 6,318 of interest.
    const won = (casualWinningsByPeriod?: readonly number[]) =>
      withPayments(
        {
          ...salaryFor(2_400_000, "new", { otherIncome: { casualWinnings: 500_000 } }),
          ...(casualWinningsByPeriod === undefined ? {} : { casualWinningsByPeriod }),
        },
        { tdsTcs: 312_000, advanceTax: [{ date: "2026-03-15", amount: 156_000 }] },
        "2026-07-31",
      );
    const inJanuary = newRegimeInterest(won([0, 0, 0, 500_000, 0]));
    expect(inJanuary.totalTax).toBe(468_000);
    expect(inJanuary.interest.advanceTaxDeferment.instalments.map((i) => [i.laterIncomeTaxLeftOut, i.taxDue, i.shortfall, i.interest])).toEqual([
      [156_000, 0, 0, 0],
      [156_000, 0, 0, 0],
      [156_000, 0, 0, 0],
      [0, 156_000, 0, 0],
    ]);
    expect(inJanuary.interest.totalInterest).toBe(0);
    const byJune = newRegimeInterest(won());
    expect(byJune.interest.advanceTaxDeferment.instalments.map((i) => i.interest)).toEqual([702, 2_106, 3_510, 0]);
    expect(byJune.interest.totalInterest).toBe(6_318);
  });

  describe("a new business's profit (clause (c) of the first proviso to s.234C(1))", () => {
    // Salary 24,75,000, taxable 24,00,000 after the ₹75,000 standard deduction: tax 3,12,000 (header), all of it TDS
    // under s.192. A business started this year, profit from books 6,00,000: total income 30,00,000, slab tax
    // 3,00,000 + 6,00,000 × 30 % = 4,80,000, cess 19,200, tax 4,99,200; the business's share 4,99,200 − 3,12,000 =
    // 1,87,200 (≥ ₹10,000: advance tax was due, s.208). Four instalments (profit from books, s.211(1)(a)).
    const business = (firstYearProfitByPeriod?: readonly number[]) => ({
      profit: 600_000,
      newRegimeProfit: null,
      lossesBroughtForward: [],
      speculationProfit: null,
      speculationLossesBroughtForward: [],
      taxAudit: false,
      ...(firstYearProfitByPeriod === undefined ? {} : { firstYearProfitByPeriod }),
    });
    const started = (advanceTax: TaxPayments["advanceTax"], firstYearProfitByPeriod?: readonly number[]) =>
      withPayments({ ...salaryFor(2_400_000, "new"), business: business(firstYearProfitByPeriod) }, { tdsTcs: 312_000, advanceTax }, "2026-07-31");

    it("leaves the tax on a profit that arose from 16 December out of the three earlier instalments when it was paid by 15 March", () => {
      // All the profit arose 16 December-15 March; 1,87,200 paid on 15 March. June, September and December leave the
      // 1,87,200 out (paid after each and by 31 March): due 3,12,000 − 3,12,000 TDS = 0. March: 1,87,200, all paid.
      // No s.234C; no s.234B (all the assessed tax paid in the year).
      const inJanuary = newRegimeInterest(started([{ date: "2026-03-15", amount: 187_200 }], [0, 0, 0, 600_000, 0]));
      expect(inJanuary.totalTax).toBe(499_200);
      expect(inJanuary.interest.advanceTaxDeferment.instalments.map((i) => [i.laterIncomeTaxLeftOut, i.taxDue, i.shortfall, i.interest])).toEqual([
        [187_200, 0, 0, 0],
        [187_200, 0, 0, 0],
        [187_200, 0, 0, 0],
        [0, 187_200, 0, 0],
      ]);
      expect(inJanuary.interest.totalInterest).toBe(0);
      // Without the split the profit counts from 15 June: 15 % of 1,87,200 = 28,080 → 28,000 × 3 % = 840; 45 % =
      // 84,240 → 84,200 × 3 % = 2,526; 75 % = 1,40,400 × 3 % = 4,212; March paid: 7,578.
      const byJune = newRegimeInterest(started([{ date: "2026-03-15", amount: 187_200 }]));
      expect(byJune.interest.advanceTaxDeferment.instalments.map((i) => i.interest)).toEqual([840, 2_526, 4_212, 0]);
      expect(byJune.interest.totalInterest).toBe(7_578);
    });

    it("leaves out only the tax on the profit that arose after each instalment", () => {
      // 2,00,000 arose 16 June-15 September, 4,00,000 16 December-15 March. By 15 September total income 26,00,000:
      // 3,00,000 + 2,00,000 × 30 % = 3,60,000 + cess 14,400 = 3,74,400, so 62,400 on the first part and 1,24,800 on
      // the second. Paid 62,400 on 15 December and 1,24,800 on 15 March.
      // June: 1,87,200 arose later, and 1,87,200 was paid after 15 June: left out, due 0.
      // September: 1,24,800 left out (paid after 15 September: 1,87,200; after 15 December: 1,24,800): due 4,99,200
      // − 1,24,800 − 3,12,000 = 62,400; 45 % = 28,080, none paid by then (under 36 %): 28,000 × 3 % = 840.
      // December: due 62,400, 75 % = 46,800, 62,400 paid: nil. March: 1,87,200 paid: nil. s.234C 840.
      const payments = [
        { date: "2025-12-15", amount: 62_400 },
        { date: "2026-03-15", amount: 124_800 },
      ];
      const { interest } = newRegimeInterest(started(payments, [0, 200_000, 0, 400_000, 0]));
      expect(interest.advanceTaxDeferment.instalments.map((i) => [i.laterIncomeTaxLeftOut, i.taxDue, i.base, i.interest])).toEqual([
        [187_200, 0, 0, 0],
        [124_800, 62_400, 28_000, 840],
        [124_800, 62_400, 0, 0],
        [0, 187_200, 0, 0],
      ]);
      expect(interest.totalInterest).toBe(840);
      // Without the split: June 840 (above); September 84,240 − 0 → 84,200 × 3 % = 2,526; December 1,40,400 −
      // 62,400 = 78,000 × 3 % = 2,340; March paid: 5,706.
      expect(newRegimeInterest(started(payments)).interest.totalInterest).toBe(5_706);
    });

    it("splits the new regime's profit in the profit's proportions", () => {
      // newRegimeProfit 8,00,000 beside profit 6,00,000, which arose half 16 June-15 September, half 16 December-15
      // March: the new regime's 4,00,000 and 4,00,000. Total income 32,00,000: 3,00,000 + 30 % of 8,00,000 =
      // 5,40,000 + cess 21,600 = 5,61,600. By 15 September 28,00,000: 3,00,000 + 1,20,000 = 4,20,000 + 16,800 =
      // 4,36,800. Tax arising after 15 June 2,49,600, after 15 September and 15 December 1,24,800. Paid 1,24,800 on 15
      // December and on 15 March: June due 0; September 5,61,600 − 1,24,800 − 3,12,000 = 1,24,800, 45 % = 56,160,
      // none paid: 56,100 × 3 % = 1,683; December 75 % = 93,600, 1,24,800 paid; March 2,49,600 paid. s.234C 1,683.
      const input = started(
        [
          { date: "2025-12-15", amount: 124_800 },
          { date: "2026-03-15", amount: 124_800 },
        ],
        [0, 300_000, 0, 300_000, 0],
      );
      const { totalTax, interest } = newRegimeInterest({ ...input, business: { ...input.business!, newRegimeProfit: 800_000 } });
      expect(totalTax).toBe(561_600);
      expect(interest.advanceTaxDeferment.instalments.map((i) => [i.laterIncomeTaxLeftOut, i.taxDue, i.interest])).toEqual([
        [249_600, 0, 0],
        [124_800, 124_800, 1_683],
        [124_800, 124_800, 0],
        [0, 249_600, 0],
      ]);
      expect(interest.totalInterest).toBe(1_683);
    });
  });

  describe("when interest decides the recommendation", () => {
    // Deposit interest 10,00,000; s.80E 3,62,550 (old regime only, s.115BAC(2)); a s.112A gain of 10,25,000 that
    // arose 16 September-15 December 2025. Rates FY 2025-26 (reference §1.1); 112A: 12.5 % above ₹1,25,000.
    // Old: slab income 6,37,450 → 12,500 + 1,37,450 × 20 % = 39,990; 112A (10,25,000 − 1,25,000) × 12.5 % =
    // 1,12,500; no s.87A (total income above ₹5 lakh); cess 6,099.60; tax 1,58,589.60 → 1,58,590 (s.288B).
    // New: slab income 10,00,000 → 20,000 + 20,000 = 40,000; no s.87A (total income 20,25,000 above ₹12 lakh);
    // 1,12,500; cess 6,100; tax 1,58,600. On tax alone the old regime is ₹10 cheaper.
    // By 15 June and 15 September, before the gain: old 39,990 + 1,599.60 = 41,590; new 10,00,000 is within
    // ₹12 lakh, so s.87A leaves 0. Advance tax 1,58,600 was paid on 15 December, covering the tax on the gain in
    // either regime (first proviso to s.234C(1)), and the return filed on 31 July 2026, its due date.
    // New: June and September are due on 0; 15 December 1,18,950 and 15 March 1,58,600 are paid: no interest.
    // Old: 1,58,590 − 41,590 = 1,17,000 on the gain is left out. 15 June 15 % of 41,590 = 6,238.50, none paid
    // (under 12 %): 6,200 × 3 % = 186; 15 September 45 % = 18,715.50 → 18,700 × 3 % = 561; 15 December 75 % of
    // 1,58,590 = 1,18,942.50 and 15 March are covered; s.234B: 1,58,600 ≥ 90 %: nil. Interest 747.
    // Cost with interest: old 1,59,337, new 1,58,600: the new regime, ₹737 less.
    const input = withPayments(
      taxInput({
        otherIncome: { depositInterest: 1_000_000 },
        deductions: { section80E: 362_550 },
        capitalGains: [{ section: "112A", gain: 1_025_000, arose: "by_15_december" }],
      }),
      { advanceTax: [{ date: "2025-12-15", amount: 158_600 }] },
      "2026-07-31",
    );

    it("recommends the regime whose tax plus interest is lower, though its tax alone is higher", () => {
      const result = computeTax(input, "2025-26");
      expect([result.regimes.old.totalTax, result.regimes.new.totalTax]).toEqual([158_590, 158_600]);
      expect(result.regimes.old.interest?.advanceTaxDeferment.instalments.map((i) => [i.laterIncomeTaxLeftOut, i.base, i.interest])).toEqual([
        [117_000, 6_200, 186],
        [117_000, 18_700, 561],
        [0, 0, 0],
        [0, 0, 0],
      ]);
      expect(result.regimes.old.interest?.totalInterest).toBe(747);
      expect(result.regimes.new.interest?.totalInterest).toBe(0);
      expect(result).toMatchObject({ recommendedRegime: "new", recommendedRegimeSaving: 737 });
      // Without the dated payments nothing is known of interest: the tax alone decides, by ₹10.
      const { taxPayments: _payments, returnFiledOn: _filed, ...plain } = input;
      expect(computeTax(plain, "2025-26")).toMatchObject({ recommendedRegime: "old", recommendedRegimeSaving: 10 });
    });

    it("does not offer opting out as a saving, and words the old regime's moves as an opt-out", () => {
      // Opting out saves ₹10 of tax but adds ₹747 of interest. s.80C to ₹1,50,000 pays off only in the old
      // regime (slab income 4,87,450: 11,872.50; + 1,12,500; cess 4,974.90; 1,29,347.40 → 1,29,350), so with the
      // new regime recommended its words must say to opt out (s.115BAC(6)).
      const { savingMoves } = computeTax(input, "2025-26");
      expect(savingMoves.map((move) => move.kind)).not.toContain("switch_regime");
      const top80C = savingMoves.find((move) => move.kind === "top_up_80c");
      expect(top80C).toMatchObject({ regimeAfter: "old", totalTaxAfter: 129_350 });
      expect(top80C?.action).toContain("opt out of the new regime (s.115BAC(6))");
    });
  });

  it("names the Income-tax Act, 2025 sections and dates for tax year 2026-27", () => {
    // The late salaried case a year on: the 2025 Act keeps the rates and the rules (ss.423-425; tax year 2026-27 slabs
    // are those of FY 2025-26, reference §1.1), due date 31 July 2027 (reference §10.3), instalments 15 June 2026 to
    // 15 March 2027. s.423: 440; s.424: 1,320; s.425: 1,111. s.428(a), the late-filing fee: ₹5,000 on a total
    // income above ₹5 lakh. s.266(3) [U], as the Explanation to s.140A(1): the 22,000 paid on 10 September 2027 goes
    // to the fee, then to the 440 + 1,320 + 1,111 = 2,871 of interest accrued by then, and 14,129 to tax; it was paid
    // in the last month charged, so no base changes.
    const input = withPayments(
      salaryFor(2_400_000, "new"),
      { tdsTcs: 290_000, selfAssessmentTax: [{ date: "2027-09-10", amount: 22_000 }] },
      "2027-09-10",
    );
    const interest = computeTax(input, "2026-27").regimes.new.interest;
    expect(interest?.lateReturn).toEqual({ section: "423", dueDate: "2027-07-31", filedOn: "2027-09-10", months: 2, base: 22_000, interest: 440 });
    expect(interest?.advanceTaxDefault).toMatchObject({ section: "424", interest: 1_320 });
    expect(interest?.advanceTaxDeferment.section).toBe("425");
    expect(interest?.lateFilingFee).toMatchObject({ section: "428", dueDate: "2027-07-31", filedOn: "2027-09-10", fee: 5_000 });
    expect(interest?.selfAssessmentTax).toEqual({
      section: "266",
      payments: [
        { date: "2027-09-10", amount: 22_000, feeDue: 5_000, interestDue: 2_871, towardsFee: 5_000, towardsInterest: 2_871, towardsTax: 14_129 },
      ],
    });
    expect(interest?.advanceTaxDeferment.instalments.map((i) => [i.dueDate, i.interest])).toEqual([
      ["2026-06-15", 99],
      ["2026-09-15", 297],
      ["2026-12-15", 495],
      ["2027-03-15", 220],
    ]);
  });

  it("charges a salaried taxpayer whose TDS fell short all three sections when the return is late (s.234A)", () => {
    // Salary 24,75,000 less the ₹75,000 standard deduction: total income 24,00,000, tax 3,12,000; TDS 2,90,000.
    // Assessed tax 22,000 ≥ ₹10,000, so advance tax was due (s.208); none paid; all of it paid with the return on
    // 10 September 2026 (due 31 July).
    // s.234A: 22,000 unpaid at the due date; 1 August to 10 September = 2 months: 440.
    // s.234B: shortfall 22,000, April to September 2026 = 6 months: 1,320.
    // s.234C: 15 % = 3,300 × 3 % = 99; 45 % = 9,900 × 3 % = 297; 75 % = 16,500 × 3 % = 495; 22,000 × 1 % = 220: 1,111.
    // Total 2,871. s.234F: late, total income above ₹5 lakh: ₹5,000. Payable 2,871 + 5,000 = 7,871, to the nearest
    // ₹10: 7,870.
    const input = withPayments(
      salaryFor(2_400_000, "new"),
      { tdsTcs: 290_000, selfAssessmentTax: [{ date: "2026-09-10", amount: 22_000 }] },
      "2026-09-10",
    );
    const { interest } = newRegimeInterest(input);
    expect(interest.lateReturn).toEqual({ section: "234A", dueDate: "2026-07-31", filedOn: "2026-09-10", months: 2, base: 22_000, interest: 440 });
    expect(interest.advanceTaxDefault.periods).toEqual([{ from: "2026-04-01", to: "2026-09-30", months: 6, base: 22_000, interest: 1_320 }]);
    expect(interest.advanceTaxDeferment.instalments.map((i) => i.interest)).toEqual([99, 297, 495, 220]);
    expect(interest.totalInterest).toBe(2_871);
    expect(interest.lateFilingFee?.fee).toBe(5_000);
    expect(interest.payableWithInterest).toBe(7_870);
  });

  it("counts advance tax paid on 31 March for s.234B (s.211 proviso) but not for the 15 March instalment", () => {
    // The salaried case above, the 22,000 paid as advance tax on 31 March 2026 instead of with the return.
    // s.234C: nothing was paid by any instalment date: 99 + 297 + 495 + 220 = 1,111 as before.
    // s.234B: 22,000 is all of the assessed tax, so not short of 90 %: nil. s.234A: filed on the due date: nil.
    const input = withPayments(salaryFor(2_400_000, "new"), { tdsTcs: 290_000, advanceTax: [{ date: "2026-03-31", amount: 22_000 }] }, "2026-07-31");
    const { interest } = newRegimeInterest(input);
    expect(interest.advanceTaxDeferment.instalments.map((i) => [i.paidByDueDate, i.interest])).toEqual([
      [0, 99],
      [0, 297],
      [0, 495],
      [0, 220],
    ]);
    expect(interest.advanceTaxDefault).toMatchObject({ advanceTaxPaid: 22_000, shortfall: 0, interest: 0 });
    expect(interest.totalInterest).toBe(1_111);
  });

  it("charges no s.234B or s.234C when tax less TDS is under ₹10,000 (s.208), and does at ₹10,000", () => {
    // TDS 3,02,010: 3,12,000 − 3,02,010 = 9,990 < 10,000: no advance tax due.
    const under = newRegimeInterest(
      withPayments(salaryFor(2_400_000, "new"), { tdsTcs: 302_010, selfAssessmentTax: [{ date: "2026-07-31", amount: 9_990 }] }, "2026-07-31"),
    ).interest;
    expect(under).toMatchObject({ advanceTaxDue: false, totalInterest: 0, payableWithInterest: 0 });
    expect(under.advanceTaxNotDueBecause).toMatch(/^s\.208/);
    // TDS 3,02,000: 10,000 due. s.234C: 1,500 → 1,500 × 3 % = 45; 4,500 → 135; 7,500 → 225; 10,000 × 1 % = 100: 505.
    // s.234B: 10,000 for April to July 2026 (paid with the return on 31 July) = 4 months: 400. Total 905.
    const at = newRegimeInterest(
      withPayments(salaryFor(2_400_000, "new"), { tdsTcs: 302_000, selfAssessmentTax: [{ date: "2026-07-31", amount: 10_000 }] }, "2026-07-31"),
    ).interest;
    expect(at.advanceTaxDeferment.instalments.map((i) => i.interest)).toEqual([45, 135, 225, 100]);
    expect(at.advanceTaxDefault.interest).toBe(400);
    expect(at.totalInterest).toBe(905);
  });

  it("lowers the s.234B base from the month after each self-assessment payment (s.234B(2)) by its tax part, and s.234A by the tax part paid by the due date", () => {
    // Tax 3,12,000, no TDS. Advance tax 46,800 by 15 June (15 %) and 93,600 more by 15 Sept (45 %): 1,40,400.
    // s.234C: 15 Dec 75 % = 2,34,000 − 1,40,400 = 93,600 × 3 % = 2,808; 15 March 3,12,000 − 1,40,400 = 1,71,600 × 1 %
    // = 1,716: 4,524.
    // s.234B: 1,40,400 < 90 % (2,80,800); shortfall 1,71,600. Self-assessment 1,00,000 on 20 May 2026 and 71,600 on
    // 25 September 2026 with the return (due 31 July).
    // 20 May (Explanation to s.140A(1)): before the due date, so no fee and no s.234A yet; interest accrued: s.234C
    // 4,524 + s.234B April and May on 1,71,600 = 3,432: 7,956 to interest, 1,00,000 − 7,956 = 92,044 to tax.
    // s.234B from June: 1,71,600 − 92,044 = 79,556 → 79,500; June to September 4 months: 3,180. s.234B 6,612.
    // s.234A: 3,12,000 − 1,40,400 − 92,044 of tax paid by the due date = 79,556 → 79,500; 1 August to 25 September =
    // 2 months: 1,590. Total interest 1,590 + 6,612 + 4,524 = 12,726.
    // 25 September: fee ₹5,000 (late, total income 24,00,000); interest 12,726 − 7,956 taken = 4,770; tax 71,600 −
    // 5,000 − 4,770 = 61,830. Payable 3,12,000 + 12,726 + 5,000 − 3,12,000 = 17,726, to the nearest ₹10: 17,730.
    // (Taking every rupee as tax, as this engine once did, gave bases of 71,600 for both: 2,864 and 1,432.)
    const input = withPayments(
      depositInterest(),
      {
        advanceTax: [
          { date: "2025-06-15", amount: 46_800 },
          { date: "2025-09-15", amount: 93_600 },
        ],
        selfAssessmentTax: [
          { date: "2026-05-20", amount: 100_000 },
          { date: "2026-09-25", amount: 71_600 },
        ],
      },
      "2026-09-25",
    );
    const { interest } = newRegimeInterest(input);
    expect(interest.advanceTaxDeferment.instalments.map((i) => i.interest)).toEqual([0, 0, 2_808, 1_716]);
    expect(interest.advanceTaxDefault.periods).toEqual([
      { from: "2026-04-01", to: "2026-05-31", months: 2, base: 171_600, interest: 3_432 },
      { from: "2026-06-01", to: "2026-09-30", months: 4, base: 79_500, interest: 3_180 },
    ]);
    expect(interest.advanceTaxDefault.interest).toBe(6_612);
    expect(interest.lateReturn).toMatchObject({ months: 2, base: 79_500, interest: 1_590 });
    expect(interest.totalInterest).toBe(12_726);
    expect(interest.selfAssessmentTax).toEqual({
      section: "140A",
      payments: [
        { date: "2026-05-20", amount: 100_000, feeDue: 0, interestDue: 7_956, towardsFee: 0, towardsInterest: 7_956, towardsTax: 92_044 },
        { date: "2026-09-25", amount: 71_600, feeDue: 5_000, interestDue: 4_770, towardsFee: 5_000, towardsInterest: 4_770, towardsTax: 61_830 },
      ],
    });
    expect(interest.payableWithInterest).toBe(17_730);
  });
});

// Explanation to s.140A(1): "where the amount paid by the assessee under this sub-section falls short of the
// aggregate of the tax, interest and fee as aforesaid, the amount so paid shall first be adjusted towards the fee
// payable and thereafter towards the interest payable as aforesaid and the balance, if any, shall be adjusted towards
// the tax payable". s.234B(2): interest runs to the date the tax is paid, "thereafter ... on the amount by which the
// tax so paid together with the advance tax paid falls short of the assessed tax": only the balance, the tax, lowers
// it (from the month after the payment's, part of a month counting as a month, Rule 119A(b)). At a payment's date the
// interest payable is s.234C in full (its instalments end on 15 March), s.234B for each month or part of a month
// from 1 April, and s.234A from the day after the due date; the s.234F fee is payable only once the due date has
// passed.
//
// Unless said otherwise: ₹24,00,000 of deposit interest, FY 2025-26, new regime: tax 3,12,000 (header), no TDS, no
// advance tax, return filed on its due date, 31 July 2026, so no s.234A and no fee. s.234C on nothing paid: 15 June
// 15 % = 46,800 × 3 % = 1,404; 15 Sept 45 % = 1,40,400 × 3 % = 4,212; 15 Dec 75 % = 2,34,000 × 3 % = 7,020; 15 March
// 3,12,000 × 1 % = 3,120: 15,756. s.234B: nothing paid is under 90 %, shortfall 3,12,000, 1 % = 3,120 a month.
describe("self-assessment tax meets the fee and the interest before the tax (Explanation to s.140A(1))", () => {
  const paidInMay = (amount: number) =>
    newRegimeInterest(withPayments(depositInterest(), { selfAssessmentTax: [{ date: "2026-05-20", amount }] }, "2026-07-31")).interest;

  it("keeps s.234B running on the part of a payment the interest took, when it covered the tax only", () => {
    // 3,12,000 on 20 May 2026. Interest by then: s.234C 15,756 + s.234B April and May 6,240 = 21,996; tax 3,12,000 −
    // 21,996 = 2,90,004. From June s.234B runs on 3,12,000 − 2,90,004 = 21,996 → 21,900: June and July 438.
    // s.234B 6,240 + 438 = 6,678; total interest 15,756 + 6,678 = 22,434; payable 3,12,000 + 22,434 − 3,12,000 =
    // 22,434, to the nearest ₹10: 22,430. Taken all as tax, s.234B would stop in May: 6,240.
    const interest = paidInMay(312_000);
    expect(interest.selfAssessmentTax).toEqual({
      section: "140A",
      payments: [
        { date: "2026-05-20", amount: 312_000, feeDue: 0, interestDue: 21_996, towardsFee: 0, towardsInterest: 21_996, towardsTax: 290_004 },
      ],
    });
    expect(interest.advanceTaxDefault.periods).toEqual([
      { from: "2026-04-01", to: "2026-05-31", months: 2, base: 312_000, interest: 6_240 },
      { from: "2026-06-01", to: "2026-07-31", months: 2, base: 21_900, interest: 438 },
    ]);
    expect(interest.advanceTaxDeferment.interest).toBe(15_756);
    expect(interest.advanceTaxDefault.interest).toBe(6_678);
    expect(interest.lateReturn.interest).toBe(0);
    expect(interest.totalInterest).toBe(22_434);
    expect(interest.payableWithInterest).toBe(22_430);
  });

  it("stops s.234B after the month of a payment that covered the tax and the interest accrued by then", () => {
    // 3,12,000 + 21,996 = 3,33,996 on 20 May: 21,996 to interest, 3,12,000 to tax, nothing left short from June.
    // s.234B 6,240, total 21,996; paid 3,33,996 = 3,12,000 + 21,996: nothing payable, nothing to refund.
    const interest = paidInMay(333_996);
    expect(interest.selfAssessmentTax.payments).toEqual([
      { date: "2026-05-20", amount: 333_996, feeDue: 0, interestDue: 21_996, towardsFee: 0, towardsInterest: 21_996, towardsTax: 312_000 },
    ]);
    expect(interest.advanceTaxDefault.periods).toEqual([{ from: "2026-04-01", to: "2026-05-31", months: 2, base: 312_000, interest: 6_240 }]);
    expect(interest.totalInterest).toBe(21_996);
    expect(interest).toMatchObject({ payableWithInterest: 0, refundAfterInterest: 0 });
  });

  it("carries what earlier payments took into the next one", () => {
    // 2,00,000 on 15 April 2026: interest s.234C 15,756 + s.234B April 3,120 = 18,876; tax 1,81,124. May on 3,12,000 −
    // 1,81,124 = 1,30,876 → 1,30,800: 1,308.
    // 1,50,000 on 10 June: s.234B April 3,120 + May and June 1,308 × 2 = 5,736; with s.234C 21,492 accrued, less the
    // 18,876 taken: 2,616 to interest, 1,47,384 to tax. From July 1,30,876 − 1,47,384 is below nothing: no more s.234B.
    // Total interest 15,756 + 5,736 = 21,492; paid 3,50,000: refund 3,50,000 − 3,12,000 − 21,492 = 16,508, to the
    // nearest ₹10 16,510.
    const interest = newRegimeInterest(
      withPayments(
        depositInterest(),
        {
          selfAssessmentTax: [
            { date: "2026-06-10", amount: 150_000 },
            { date: "2026-04-15", amount: 200_000 },
          ],
        },
        "2026-07-31",
      ),
    ).interest;
    expect(interest.selfAssessmentTax.payments).toEqual([
      { date: "2026-04-15", amount: 200_000, feeDue: 0, interestDue: 18_876, towardsFee: 0, towardsInterest: 18_876, towardsTax: 181_124 },
      { date: "2026-06-10", amount: 150_000, feeDue: 0, interestDue: 2_616, towardsFee: 0, towardsInterest: 2_616, towardsTax: 147_384 },
    ]);
    expect(interest.advanceTaxDefault.periods).toEqual([
      { from: "2026-04-01", to: "2026-04-30", months: 1, base: 312_000, interest: 3_120 },
      { from: "2026-05-01", to: "2026-06-30", months: 2, base: 130_800, interest: 2_616 },
    ]);
    expect(interest.totalInterest).toBe(21_492);
    expect(interest).toMatchObject({ payableWithInterest: 0, refundAfterInterest: 16_510 });
  });

  it("takes the late-filing fee first from a payment after the due date", () => {
    // Salary 24,75,000: tax 3,12,000, TDS 2,90,000, assessed tax 22,000, no advance tax (the salaried case above).
    // s.234C 99 + 297 + 495 + 220 = 1,111. Due 31 July 2026; 22,000 paid on 10 August, return on 5 September.
    // 10 August: fee ₹5,000 (late, total income above ₹5 lakh); interest s.234A 1 August-10 August, 1 month on
    // 22,000 = 220, s.234B April to August 5 × 220 = 1,100, s.234C 1,111: 2,431; tax 22,000 − 5,000 − 2,431 = 14,569.
    // s.234B in September on 22,000 − 14,569 = 7,431 → 7,400: 74; s.234B 1,174. s.234A on the 22,000 unpaid at the due
    // date, 1 August to 5 September = 2 months: 440. Total 440 + 1,174 + 1,111 = 2,725; payable 3,12,000 + 2,725 +
    // 5,000 − 3,12,000 = 7,725, to the nearest ₹10: 7,730.
    const input = withPayments(
      salaryFor(2_400_000, "new"),
      { tdsTcs: 290_000, selfAssessmentTax: [{ date: "2026-08-10", amount: 22_000 }] },
      "2026-09-05",
    );
    const { interest } = newRegimeInterest(input);
    expect(interest.selfAssessmentTax.payments).toEqual([
      { date: "2026-08-10", amount: 22_000, feeDue: 5_000, interestDue: 2_431, towardsFee: 5_000, towardsInterest: 2_431, towardsTax: 14_569 },
    ]);
    expect(interest.advanceTaxDefault.periods).toEqual([
      { from: "2026-04-01", to: "2026-08-31", months: 5, base: 22_000, interest: 1_100 },
      { from: "2026-09-01", to: "2026-09-30", months: 1, base: 7_400, interest: 74 },
    ]);
    expect(interest.lateReturn).toMatchObject({ months: 2, base: 22_000, interest: 440 });
    expect(interest.totalInterest).toBe(2_725);
    expect(interest.lateFilingFee?.fee).toBe(5_000);
    expect(interest.payableWithInterest).toBe(7_730);
  });

  it("with no advance tax due, takes a payment before the due date all as tax, and one after for the fee and s.234A first", () => {
    // Age 65, no business income: no advance tax (s.207(2)), so no s.234B or s.234C. Return filed 5 August 2026,
    // after the 31 July due date: fee ₹5,000.
    // Paid 3,12,000 on 15 July: no interest has run and no fee is payable yet: all tax. s.234A on 3,12,000 − 3,12,000
    // = 0. Payable 3,12,000 + 5,000 − 3,12,000 = 5,000.
    const senior = (date: string) =>
      newRegimeInterest(withPayments(depositInterest({ age: 65 }), { selfAssessmentTax: [{ date, amount: 312_000 }] }, "2026-08-05")).interest;
    const early = senior("2026-07-15");
    expect(early.selfAssessmentTax.payments).toEqual([
      { date: "2026-07-15", amount: 312_000, feeDue: 0, interestDue: 0, towardsFee: 0, towardsInterest: 0, towardsTax: 312_000 },
    ]);
    expect(early.lateReturn).toMatchObject({ base: 0, interest: 0 });
    expect(early.payableWithInterest).toBe(5_000);
    // Paid on 5 August with the return: fee 5,000, s.234A 1 August-5 August, 1 month on 3,12,000 = 3,120, tax 3,03,880.
    // s.234A stays on what was unpaid at the due date, so interest is 3,120 either way; payable 3,120 + 5,000 = 8,120.
    const late = senior("2026-08-05");
    expect(late.selfAssessmentTax.payments).toEqual([
      { date: "2026-08-05", amount: 312_000, feeDue: 5_000, interestDue: 3_120, towardsFee: 5_000, towardsInterest: 3_120, towardsTax: 303_880 },
    ]);
    expect(late.advanceTaxDefault.periods).toEqual([]);
    expect(late.totalInterest).toBe(3_120);
    expect(late.payableWithInterest).toBe(8_120);
  });

  it("splits every payment exactly and keeps the amount payable equal to tax, interest and fee less all paid", () => {
    // Any split of the tax into self-assessment payments, any filing date up to 31 December 2026: each payment's
    // parts add up to it, none takes more fee or interest than was due, and the balance is the return's.
    const payment = fc.record({
      date: fc.integer({ min: 0, max: 274 }).map((day) => new Date(Date.UTC(2026, 3, 1 + day)).toISOString().slice(0, 10)),
      amount: fc.integer({ min: 1, max: 20_000_000 }).map((paise) => paise / 100),
    });
    fc.assert(
      fc.property(fc.array(payment, { minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 290_000 }), (payments, tdsTcs) => {
        const filedOn = payments.reduce((last, p) => (p.date > last ? p.date : last), "2026-04-01");
        const result = computeTax(withPayments(depositInterest(), { tdsTcs, selfAssessmentTax: payments }, filedOn), "2025-26");
        expect(ComputeResultSchema.parse(result)).toEqual(result);
        const regime = result.regimes.new;
        const interest = regime.interest as InterestResult;
        const fee = interest.lateFilingFee?.fee ?? 0;
        let towardsFee = 0;
        let towardsInterest = 0;
        for (const p of interest.selfAssessmentTax.payments) {
          expect(Math.round((p.towardsFee + p.towardsInterest + p.towardsTax) * 100)).toBe(Math.round(p.amount * 100));
          expect(p.towardsFee).toBeLessThanOrEqual(p.feeDue);
          expect(p.towardsInterest).toBeLessThanOrEqual(p.interestDue);
          expect(Math.min(p.towardsFee, p.towardsInterest, p.towardsTax)).toBeGreaterThanOrEqual(0);
          // Summed in paise: rupee fractions added as floats drift (40,698 came out as 40,698.00000000001).
          towardsFee += Math.round(p.towardsFee * 100);
          towardsInterest += Math.round(p.towardsInterest * 100);
        }
        expect(towardsFee).toBeLessThanOrEqual(Math.round(fee * 100));
        expect(towardsInterest).toBeLessThanOrEqual(Math.round(interest.totalInterest * 100));
        // s.288B rounds the balance to ₹10, so it is within ₹5 of the exact figure.
        const balance = regime.taxLiability + interest.totalInterest + fee - regime.taxesPaid;
        expect(Math.abs(interest.payableWithInterest - interest.refundAfterInterest - balance)).toBeLessThanOrEqual(5);
      }),
      { numRuns: 200 },
    );
  });
});

// The fee for a late return, s.234F of the Income-tax Act, 1961 as substituted by the Finance Act 2021 (from AY
// 2021-22): a person required to furnish a return under s.139 who does not by the s.139(1) due date pays ₹5,000,
// or at most ₹1,000 where total income does not exceed ₹5,00,000. "Required": the sixth proviso to s.139(1), total
// income without giving effect to Chapter VI-A above the maximum amount not chargeable to tax, i.e. the regime's
// basic exemption (reference §1: ₹4,00,000 in the new regime for FY 2025-26; old regime ₹2,50,000, ₹3,00,000 at
// 60, ₹5,00,000 at 80). Due date 31 July 2026, or 31 August 2026 with business income (reference §10.2).
describe("the fee for a late return (s.234F)", () => {
  const fee = (input: TaxInput, regime: "old" | "new" = "new") => computeTax(input, "2025-26").regimes[regime].interest?.lateFilingFee;

  it("charges none for a return filed on its due date, and is shown only when the filing date is given", () => {
    // Salary 12,75,000 less ₹75,000: total income 12,00,000, tax nil after s.87A (₹60,000 rebate). Filed 31 July.
    const onTime = newRegimeInterest(withPayments(salaryFor(1_200_000, "new"), {}, "2026-07-31")).interest;
    expect(onTime.lateFilingFee).toEqual({
      section: "234F",
      dueDate: "2026-07-31",
      filedOn: "2026-07-31",
      returnRequired: true,
      returnRequiredBy: ["income"],
      maximumAmountNotChargeable: 400_000,
      fee: 0,
    });
    expect(onTime.payableWithInterest).toBe(0);
    // Without returnFiledOn the return is taken as on time and the interest answers as it did before the fee.
    const undated = newRegimeInterest(withPayments(salaryFor(1_200_000, "new"), {})).interest;
    expect(undated).not.toHaveProperty("lateFilingFee");
  });

  it.each([
    // One day late (1 August 2026). Salary 5,65,000 less ₹75,000: total income 4,90,000, within ₹5 lakh: ₹1,000.
    ["4,90,000", 1_000, 490_000],
    // Salary 12,75,000: total income 12,00,000, above ₹5 lakh: ₹5,000, though s.87A leaves no tax.
    ["12,00,000", 5_000, 1_200_000],
    // Exactly ₹5,00,000 "does not exceed five lakh rupees": ₹1,000; ₹10 more (the next s.288A step): ₹5,000.
    ["5,00,000", 1_000, 500_000],
    ["5,00,010", 5_000, 500_010],
  ])("charges a salaried return one day late with total income ₹%s a fee of ₹%i, payable with the tax", (_, expected, totalIncome) => {
    // New regime FY 2025-26: each income is within ₹12 lakh, so s.87A leaves no tax and no interest.
    const { totalTax, interest } = newRegimeInterest(withPayments(salaryFor(totalIncome, "new"), {}, "2026-08-01"));
    expect(totalTax).toBe(0);
    expect(interest.lateFilingFee).toMatchObject({
      section: "234F",
      dueDate: "2026-07-31",
      filedOn: "2026-08-01",
      returnRequired: true,
      fee: expected,
    });
    expect(interest.totalInterest).toBe(0);
    expect(interest.payableWithInterest).toBe(expected);
  });

  it.each([
    // Deposit interest 2,40,000 (no standard deduction): within ₹2,50,000 old and ₹4,00,000 new: no return required.
    ["under both regimes' exemption", "old", taxInput({ otherIncome: { depositInterest: 240_000 } }), 250_000, false, 0],
    ["under both regimes' exemption", "new", taxInput({ otherIncome: { depositInterest: 240_000 } }), 400_000, false, 0],
    // Exactly ₹2,50,000 has not "exceeded" it.
    ["at the old regime's exemption", "old", taxInput({ otherIncome: { depositInterest: 250_000 } }), 250_000, false, 0],
    // 3,00,000 before Chapter VI-A is above ₹2,50,000, though s.80C 1,50,000 leaves total income 1,50,000: ₹1,000.
    [
      "above the exemption before Chapter VI-A only",
      "old",
      taxInput({ otherIncome: { depositInterest: 300_000 }, deductions: { section80C: 150_000 } }),
      250_000,
      true,
      1_000,
    ],
    // Aged 65, the same 2,90,000 is within the senior band's ₹3,00,000; at 35 it is above ₹2,50,000.
    ["within a senior's exemption", "old", taxInput({ age: 65, otherIncome: { depositInterest: 290_000 } }), 300_000, false, 0],
    ["above a younger person's exemption", "old", taxInput({ age: 35, otherIncome: { depositInterest: 290_000 } }), 250_000, true, 1_000],
  ] as const)("judges a late return with income %s (%s regime) by income before Chapter VI-A", (_, regime, input, limit, required, expected) => {
    // Filed on 31 December 2026, the last day for a belated return; every case's tax is nil after s.87A.
    expect(fee(withPayments(input, {}, "2026-12-31"), regime)).toMatchObject({
      maximumAmountNotChargeable: limit,
      returnRequired: required,
      fee: expected,
    });
  });

  it("judges by income before the reinvestment exemptions: a gain exempt under s.54 still requires a return", () => {
    // The sixth proviso to s.139(1) tests total income "without giving effect to the provisions of section 54, 54B,
    // 54D, 54EC, 54F, 54G, 54GA or 54GB or Chapter VI-A". A long-term gain of ₹10,00,000 on a house (s.112), all of
    // it reinvested in a new house (s.54): total income nil, but ₹10,00,000 before the exemption is above ₹2,50,000
    // (old) and ₹4,00,000 (new), so a return was due by 31 July 2026. Filed 15 October 2026 with total income nil,
    // within ₹5 lakh: ₹1,000 in each regime.
    const reinvested = taxInput({
      capitalGains: [{ section: "112", gain: 1_000_000, exemption: { section: "54", invested: 1_000_000, netConsideration: null } }],
    });
    const late = computeTax(withPayments(reinvested, {}, "2026-10-15"), "2025-26");
    for (const regime of ["old", "new"] as const) {
      expect(late.regimes[regime].taxableIncome).toBe(0);
      expect(late.regimes[regime].interest?.lateFilingFee).toMatchObject({ returnRequired: true, returnRequiredBy: ["income"], fee: 1_000 });
      expect(late.regimes[regime].interest?.payableWithInterest).toBe(1_000);
    }
    // Half reinvested under s.54EC (bonds, at most ₹50 lakh): ₹2,00,000 of a ₹4,00,000 gain charged, ₹4,00,000
    // before the exemption: above the old regime's ₹2,50,000, not above the new regime's ₹4,00,000.
    const halfInBonds = taxInput({
      capitalGains: [{ section: "112", gain: 400_000, exemption: { section: "54EC", invested: 200_000, netConsideration: null } }],
    });
    const bonds = computeTax(withPayments(halfInBonds, {}, "2026-10-15"), "2025-26");
    expect(bonds.regimes.old.interest?.lateFilingFee).toMatchObject({ returnRequired: true, fee: 1_000 });
    expect(bonds.regimes.new.interest?.lateFilingFee).toMatchObject({ returnRequired: false, returnRequiredBy: [], fee: 0 });
  });

  it("charges each regime the fee for its own total income and counts it in the recommendation", () => {
    // A professional under s.44ADA, gross receipts 12,50,000 (none in cash): 50 % = 6,25,000; s.80C 1,25,000.
    // Old regime: total income 5,00,000, tax 12,500 less the s.87A rebate of 12,500 = nil. New regime: 6,25,000,
    // 11,250 less the rebate = nil. Filed 1 September 2026, a day after the 31 August due date for business income.
    // Fee: old ₹1,000 (within ₹5 lakh), new ₹5,000. No advance tax was due (nil tax, s.208), so no interest.
    // Costs: old 1,000, new 5,000: the old regime, ₹4,000 less. A professional opts out by the due date, apart from
    // the return (s.115BAC(6)(i)), so the old regime is still open to a late return. Without the fee it is a tie,
    // which goes to the new regime.
    const professional = taxInput({
      presumptive: { profession: { grossReceipts: 1_250_000, cashReceipts: 0, declaredIncome: 0 } },
      deductions: { section80C: 125_000 },
    });
    const late = computeTax(withPayments(professional, {}, "2026-09-01"), "2025-26");
    expect([late.regimes.old.taxableIncome, late.regimes.new.taxableIncome]).toEqual([500_000, 625_000]);
    expect([late.regimes.old.totalTax, late.regimes.new.totalTax]).toEqual([0, 0]);
    expect(late.regimes.old.interest?.lateFilingFee).toMatchObject({ dueDate: "2026-08-31", fee: 1_000 });
    expect(late.regimes.new.interest?.lateFilingFee).toMatchObject({ dueDate: "2026-08-31", fee: 5_000 });
    expect([late.regimes.old.interest?.payableWithInterest, late.regimes.new.interest?.payableWithInterest]).toEqual([1_000, 5_000]);
    expect(late).toMatchObject({ recommendedRegime: "old", recommendedRegimeSaving: 4_000 });
    expect(computeTax(withPayments(professional, {}, "2026-08-31"), "2025-26")).toMatchObject({
      recommendedRegime: "new",
      recommendedRegimeSaving: 0,
    });
  });
});

// Seventh proviso to s.139(1) (Finance (No. 2) Act 2019, from AY 2020-21): a person not otherwise required to file
// must, if in the year he deposited "an amount or aggregate of amounts exceeding one crore rupees" in current
// accounts, incurred "expenditure ... exceeding two lakh rupees" on foreign travel or "exceeding one lakh rupees" on
// electricity, or fulfils the conditions prescribed: Rule 12AB (Notification 37/2022) business turnover "exceeds
// sixty lakh rupees", professional gross receipts "exceeds ten lakh rupees", TDS and TCS "twenty-five thousand rupees
// or more" ("fifty thousand" for an individual resident in India aged sixty or more), savings-account deposits
// "fifty lakh or more". Such a person filing late owes the s.234F fee like any other.
//
// The filer below has ₹2,40,000 of deposit interest, FY 2025-26: under both regimes' exemption (₹2,50,000 old,
// ₹4,00,000 new), so income alone requires no return; total income 2,40,000, within ₹5 lakh, so the fee is ₹1,000.
// Filed 31 December 2026, after the 31 July due date.
describe("a return required whatever the income (seventh proviso to s.139(1), Rule 12AB)", () => {
  const withSpending = (input: TaxInput, spent: Partial<DepositsAndSpending>): TaxInput => ({
    ...input,
    depositsAndSpending: { currentAccountDeposits: 0, savingsAccountDeposits: 0, foreignTravel: 0, electricity: 0, ...spent },
  });
  const interestOnly = (parts: InputParts = {}) => taxInput({ otherIncome: { depositInterest: 240_000 }, ...parts });
  const feeOf = (input: TaxInput, tdsTcs = 0) =>
    (["old", "new"] as const).map((regime) => {
      const fee = computeTax(withPayments(input, { tdsTcs }, "2026-12-31"), "2025-26").regimes[regime].interest?.lateFilingFee;
      return { returnRequiredBy: fee?.returnRequiredBy, fee: fee?.fee };
    });

  it.each([
    ["₹1 crore deposited in current accounts", { currentAccountDeposits: 10_000_000 }, null],
    ["₹1 crore and a rupee", { currentAccountDeposits: 10_000_001 }, "current_account_deposits"],
    ["₹2 lakh spent on foreign travel", { foreignTravel: 200_000 }, null],
    ["₹2 lakh and a rupee", { foreignTravel: 200_001 }, "foreign_travel"],
    ["₹1 lakh spent on electricity", { electricity: 100_000 }, null],
    ["₹1 lakh and a rupee", { electricity: 100_001 }, "electricity"],
    ["a rupee under ₹50 lakh deposited in savings accounts", { savingsAccountDeposits: 4_999_999 }, null],
    ["₹50 lakh deposited in savings accounts", { savingsAccountDeposits: 5_000_000 }, "savings_account_deposits"],
  ] as const)("with %s, charges a late return by that condition", (_, spent, condition) => {
    const expected = condition === null ? { returnRequiredBy: [], fee: 0 } : { returnRequiredBy: [condition], fee: 1_000 };
    expect(feeOf(withSpending(interestOnly(), spent))).toEqual([expected, expected]);
  });

  it.each([
    ["aged 35, ₹24,999", 35, "resident", 24_999, false],
    ["aged 35, ₹25,000", 35, "resident", 25_000, true],
    ["a resident aged 65, ₹49,999", 65, "resident", 49_999, false],
    ["a resident aged 65, ₹50,000", 65, "resident", 50_000, true],
    // The ₹50,000 is for an individual resident in India only.
    ["a non-resident aged 65, ₹25,000", 65, "non_resident", 25_000, true],
  ] as const)("counts TDS and TCS for %s", (_, age, residentialStatus, tdsTcs, required) => {
    const expected = required ? { returnRequiredBy: ["tds_tcs"], fee: 1_000 } : { returnRequiredBy: [], fee: 0 };
    expect(feeOf(interestOnly({ age, residentialStatus }), tdsTcs)).toEqual([expected, expected]);
  });

  it("counts a trader's turnover above ₹60 lakh under s.44AD, and names income too where the regime's exemption is passed", () => {
    // Turnover 60,00,100, all digital: 6 % = 3,60,006 (s.44AD(1)). Old regime: above ₹2,50,000, so income requires a
    // return as well; new regime: within ₹4,00,000, so the turnover alone does. Due 31 August 2026 with business
    // income; total income 3,60,010 after s.288A, within ₹5 lakh: ₹1,000 in each.
    const trader = (turnover: number) =>
      taxInput({ presumptive: { business: { digitalTurnover: turnover, otherTurnover: 0, cashReceipts: 0, declaredIncome: 0 }, profession: null } });
    expect(feeOf(trader(6_000_100))).toEqual([
      { returnRequiredBy: ["income", "business_turnover"], fee: 1_000 },
      { returnRequiredBy: ["business_turnover"], fee: 1_000 },
    ]);
    // ₹60,00,000 has not "exceeded" sixty lakh: 3,60,000 is still above the old regime's exemption only.
    expect(feeOf(trader(6_000_000))).toEqual([
      { returnRequiredBy: ["income"], fee: 1_000 },
      { returnRequiredBy: [], fee: 0 },
    ]);
  });

  it("lists every condition met, in a fixed order", () => {
    // Receipts 10,00,010 under s.44ADA: 50 % = 5,00,005, above both exemptions; total income 5,00,010 after s.288A,
    // above ₹5 lakh: ₹5,000. TDS 1,00,001 (10 % under s.194J) and ₹3 lakh of foreign travel as well.
    const professional = withSpending(
      taxInput({ presumptive: { business: null, profession: { grossReceipts: 1_000_010, cashReceipts: 0, declaredIncome: 0 } } }),
      { foreignTravel: 300_000 },
    );
    const all = { returnRequiredBy: ["income", "foreign_travel", "professional_receipts", "tds_tcs"], fee: 5_000 };
    expect(feeOf(professional, 100_001)).toEqual([all, all]);
  });

  it("says that deposits and spending change nothing without a filing date", () => {
    // Without returnFiledOn the return is taken as on time, so no fee is worked out and the input is unused.
    const undated = computeTax(withSpending(interestOnly(), { foreignTravel: 300_000 }), "2025-26");
    expect(undated.regimes.new).not.toHaveProperty("interest");
    expect(undated.notes).toContain(
      "depositsAndSpending: read only to judge whether a late return owes the fee under s.234F; without returnFiledOn the return is taken as filed on its due date, so it changes nothing here",
    );
    const dated = computeTax(withPayments(withSpending(interestOnly(), { foreignTravel: 300_000 }), {}, "2026-08-01"), "2025-26");
    expect(dated.notes.some((note) => note.startsWith("depositsAndSpending"))).toBe(false);
  });

  it("charges nothing for a return required only by a condition when it is filed by its due date", () => {
    const onTime = computeTax(withPayments(withSpending(interestOnly(), { electricity: 150_000 }), {}, "2026-07-31"), "2025-26");
    expect(onTime.regimes.new.interest?.lateFilingFee).toMatchObject({ returnRequired: true, returnRequiredBy: ["electricity"], fee: 0 });
  });
});

// s.194P (Finance Act 2021, from 1 April 2021): for a specified senior citizen, a resident aged 75 or more with only
// pension and interest from the bank that pays it, who declared so to that bank, the bank works out and deducts the
// tax, and "the provisions of section 139 shall not apply": no return is required, so no s.234F fee.
// A pensioner aged 76, FY 2025-26: pension 9,00,000, deposit interest 2,00,000, TDS 30,000 (under the ₹50,000 of
// Rule 12AB for a resident aged 60 or more). Old regime: 8,50,000 after the ₹50,000 standard deduction + 2,00,000 =
// 10,50,000 before Chapter VI-A, above the senior's ₹3,00,000; s.80TTB 50,000 leaves 10,00,000, above ₹5 lakh.
// New regime: 8,25,000 + 2,00,000 = 10,25,000, above ₹4,00,000. Filed 31 December 2026: ₹5,000 in each, unless
// s.194P applies.
describe("a specified senior citizen (s.194P) needs no return", () => {
  const pensioner = withPayments(
    taxInput({ age: 76, salary: { grossSalary: 900_000 }, otherIncome: { depositInterest: 200_000 } }),
    { tdsTcs: 30_000 },
    "2026-12-31",
  );
  const fees = (input: TaxInput) => {
    const result = computeTax(input, "2025-26");
    return (["old", "new"] as const).map((regime) => {
      const fee = result.regimes[regime].interest?.lateFilingFee;
      return { returnRequiredBy: fee?.returnRequiredBy, fee: fee?.fee };
    });
  };

  it("owes the fee for a late return without the declaration, and none with it", () => {
    const byIncome = { returnRequiredBy: ["income"], fee: 5_000 };
    expect(fees(pensioner)).toEqual([byIncome, byIncome]);
    const declared = { ...pensioner, specifiedSeniorCitizen: true };
    expect(fees(declared)).toEqual([
      { returnRequiredBy: [], fee: 0 },
      { returnRequiredBy: [], fee: 0 },
    ]);
    expect(computeTax(declared, "2025-26").notes.some((note) => note.startsWith("specifiedSeniorCitizen: no return is required (s.194P"))).toBe(true);
    expect(computeTax(pensioner, "2025-26").notes.some((note) => note.startsWith("specifiedSeniorCitizen"))).toBe(false);
  });

  it("leaves the tax itself as it is: the bank deducts what the return would have shown", () => {
    const declared = computeTax({ ...pensioner, specifiedSeniorCitizen: true }, "2025-26");
    const undeclared = computeTax(pensioner, "2025-26");
    expect([declared.regimes.old.totalTax, declared.regimes.new.totalTax]).toEqual([
      undeclared.regimes.old.totalTax,
      undeclared.regimes.new.totalTax,
    ]);
  });
});

// s.115A(5) (substituted by the Finance Act 2020): a non-resident whose total income consists only of income under
// s.115A(1)(a), dividends among it, need not furnish a return under s.139(1) where tax was deducted from it at not
// less than the rate of s.115A(1)(a)(A), 20 %. Non-resident, dividends 10,00,000 only, TDS 2,08,000 (20 % plus
// cess): tax 2,00,000 + cess 8,000 = 2,08,000 in both regimes, all deducted. A return filed after the due date owes
// no s.234F fee; with TDS at a treaty's 15 % (1,50,000) the condition fails and ₹5,000 is owed (total income above
// ₹5 lakh), as it is when another income stands beside the dividends.
describe("a non-resident with only dividends taxed at source at 20 % needs no return (s.115A(5))", () => {
  const dividendsOnly = (tdsTcs: number, otherIncome = {}) =>
    withPayments(taxInput({ residentialStatus: "non_resident", otherIncome: { dividends: 1_000_000, ...otherIncome } }), { tdsTcs }, "2026-09-30");
  const fees = (input: TaxInput, year: "2024-25" | "2025-26" = "2025-26") => {
    const result = computeTax(input, year);
    return (["old", "new"] as const).map((regime) => {
      const fee = result.regimes[regime].interest?.lateFilingFee;
      return { totalTax: result.regimes[regime].totalTax, returnRequired: fee?.returnRequired, fee: fee?.fee };
    });
  };

  it("owes no fee for a late return when the tax deducted is at least 20 % of the dividends", () => {
    const none = { totalTax: 208_000, returnRequired: false, fee: 0 };
    expect(fees(dividendsOnly(208_000))).toEqual([none, none]);
    expect(fees({ ...dividendsOnly(208_000), returnFiledOn: "2025-10-15" }, "2024-25")).toEqual([none, none]);
  });

  it("owes it when the deduction was at a lower rate or another income stands beside the dividends", () => {
    expect(fees(dividendsOnly(150_000)).map((regime) => regime.fee)).toEqual([5_000, 5_000]);
    expect(fees(dividendsOnly(210_000, { depositInterest: 100_000 })).map((regime) => regime.fee)).toEqual([5_000, 5_000]);
  });
});

describe("a return filed after its due date cannot opt out of the new regime without business income (s.115BAC(6))", () => {
  // s.115BAC(6) as substituted by the Finance Act 2023 (reference §1.1): the new regime is the default; without
  // business or professional income the old regime is chosen only "along with the return of income to be furnished
  // under sub-section (1) of section 139" (clause (ii)), so not in a belated return (s.139(4)); with such income by a
  // form furnished by the s.139(1) due date (clause (i)), whenever the return is filed.
  //
  // A salaried filer, FY 2025-26: salary 16,75,000 (basic + DA 10,00,000), s.80C 1,50,000, s.80E 9,75,000; TDS
  // 1,24,800. New regime: 16,75,000 − 75,000 (s.16(ia)) = 16,00,000; 20,000 + 40,000 + 60,000 = 1,20,000 on the
  // s.115BAC(1A)(iii) bands, no s.87A above ₹12 lakh, cess 4,800: 1,24,800, all deducted at source, so no advance
  // tax was due (s.208) and no interest. Old regime: 16,75,000 − 50,000 = 16,25,000, less 1,50,000 and 9,75,000
  // (s.115BAC(2) allows them only here) = 5,00,000; 12,500 less the s.87A rebate of 12,500 (total income within
  // ₹5 lakh): nil. Due date 31 July 2026 (reference §10.2).
  // Filed 10 September 2026: s.234F fee (total income above ₹5 lakh ₹5,000, within it ₹1,000): new 1,29,800 in all,
  // old 1,000. The old regime would cost 1,28,800 less, but it is closed to this return.
  const salaried = taxInput({
    salary: { grossSalary: 1_675_000, basicPlusDA: 1_000_000 },
    deductions: { section80C: 150_000, section80E: 975_000 },
  });
  const filed = (on: string) => withPayments(salaried, { tdsTcs: 124_800 }, on);

  it("recommends the new regime to a late salaried filer whose old regime would cost less, and marks the old one not available", () => {
    const late = computeTax(filed("2026-09-10"), "2025-26");
    expect([late.regimes.old.totalTax, late.regimes.new.totalTax]).toEqual([0, 124_800]);
    expect([late.regimes.old.interest?.lateFilingFee?.fee, late.regimes.new.interest?.lateFilingFee?.fee]).toEqual([1_000, 5_000]);
    expect(late.recommendedRegime).toBe("new");
    // The new regime costs more than the old regime's figures, so it saves nothing against them.
    expect(late.recommendedRegimeSaving).toBe(0);
    expect(late.regimes.old.notAvailable).toEqual({
      section: "115BAC(6)(ii)",
      reason:
        "s.115BAC(6)(ii): without income from business or profession the old regime can be chosen only in the return furnished under s.139(1), by its due date 2026-07-31; a return filed on 2026-09-10 is taxed under the new regime",
    });
    expect(late.regimes.new).not.toHaveProperty("notAvailable");
    expect(late.itr.form).toBe("ITR-1");
  });

  it("offers the late filer no move into the old regime, only what the new regime allows", () => {
    // Only s.80CCD(2) counts in the new regime (s.115BAC(2)(i)): 14 % of basic + DA = 1,40,000. 16,00,000 −
    // 1,40,000 = 14,60,000: 20,000 + 40,000 + 2,60,000 × 15 % = 99,000, cess 3,960: 1,02,960, 21,840 less.
    const { savingMoves } = computeTax(filed("2026-09-10"), "2025-26");
    expect(savingMoves.map((move) => [move.kind, move.regimeAfter, move.totalTaxBefore, move.totalTaxAfter, move.taxSaving])).toEqual([
      ["employer_nps_80ccd2", "new", 124_800, 102_960, 21_840],
    ]);
    expect(savingMoves[0]?.action).not.toContain("opt out");
  });

  it("says why the old regime chosen with the employer cannot be kept", () => {
    const { notes } = computeTax({ ...filed("2026-09-10"), chosenRegime: "old" }, "2025-26");
    expect(notes).toContain(
      "chosenRegime: the old regime chosen with the employer cannot be kept for this return: s.115BAC(6)(ii): without income from business or profession the old regime can be chosen only in the return furnished under s.139(1), by its due date 2026-07-31; a return filed on 2026-09-10 is taxed under the new regime",
    );
  });

  it("recommends the old regime to the same filer on the due date, as the figures say", () => {
    // Filed 31 July 2026: no fee; old nil against new 1,24,800, and opting out with the return saves 1,24,800.
    const onTime = computeTax(filed("2026-07-31"), "2025-26");
    expect(onTime).toMatchObject({ recommendedRegime: "old", recommendedRegimeSaving: 124_800 });
    expect(onTime.regimes.old).not.toHaveProperty("notAvailable");
    expect(onTime.savingMoves.map((move) => [move.kind, move.taxSaving])).toEqual([["switch_regime", 124_800]]);
  });

  it("keeps both regimes open to a professional filing late, and says the opt-out had to be furnished by the due date", () => {
    // s.44ADA, gross receipts 12,50,000: 50 % = 6,25,000; s.80C 1,25,000. Old: 5,00,000, nil after s.87A; new:
    // 6,25,000, nil after s.87A. Due 31 August 2026 with business income; filed 1 September: fee old ₹1,000, new
    // ₹5,000. Clause (i) is a form apart from the return, so the filing date does not close the old regime.
    const professional = taxInput({
      presumptive: { profession: { grossReceipts: 1_250_000, cashReceipts: 0, declaredIncome: 0 } },
      deductions: { section80C: 125_000 },
    });
    const late = computeTax(withPayments(professional, {}, "2026-09-01"), "2025-26");
    expect(late).toMatchObject({ recommendedRegime: "old", recommendedRegimeSaving: 4_000 });
    expect(late.regimes.old).not.toHaveProperty("notAvailable");
    expect(late.notes).toContain(
      "returnFiledOn: after the due date 2026-08-31; with income from business or profession the old regime is open only if its opt-out was furnished by that date, apart from the return (s.115BAC(6)(i)), which the profile does not say: both regimes are shown as open",
    );
  });

  it("gives a stored profile's summary the same answer", () => {
    expect(compareRegimes(filed("2026-09-10"), "2025-26")).toEqual({
      recommendedRegime: "new",
      totalTax: { old: 0, new: 124_800 },
      notAvailable: { old: computeTax(filed("2026-09-10"), "2025-26").regimes.old.notAvailable },
    });
    expect(compareRegimes(filed("2026-07-31"), "2025-26")).toEqual({ recommendedRegime: "old", totalTax: { old: 0, new: 124_800 } });
  });

  it("names s.202(4)(b) and s.263(1) of the Income-tax Act, 2025 for tax year 2026-27", () => {
    // Same figures a year on (the slabs, rebate and standard deductions are unchanged, reference §1.1); the return
    // is due 31 July 2027 (reference §10.3) and filed on 1 August 2027.
    const late = computeTax(withPayments(salaried, { tdsTcs: 124_800 }, "2027-08-01"), "2026-27");
    expect(late.recommendedRegime).toBe("new");
    expect(late.regimes.old.notAvailable).toEqual({
      section: "202(4)(b)",
      reason:
        "s.202(4)(b): without income from business or profession the old regime can be chosen only in the return furnished under s.263(1), by its due date 2027-07-31; a return filed on 2027-08-01 is taxed under the new regime",
    });
  });
});
