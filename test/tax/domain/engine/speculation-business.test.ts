// A speculation business (Explanation 2 to s.28, s.43(5): e.g. intraday share trading) under s.73: its loss is set
// off only against the profits of another speculation business (s.73(1)), what is left is carried forward and set off
// only against speculation profit (s.73(2)) for at most four years after the one it arose in (s.73(4)), and only from a
// return filed by its due date (s.80, which names s.73). Its profit is business income: this year's other business
// loss goes against it (s.70(1)) and so do other business losses of earlier years (s.72(1)(i): "any business").
// Sections read in the Act's text (the incometaxindia.gov.in edition reproduced in namish800/tax-act-scraper). Every
// expected figure is worked by hand in the comment beside it from these rules and the year's rates; none is engine
// output.
// FY 2025-26 rates: old regime below 60 — 2.5L–5L 5 %, 5L–10L 20 %, above 30 % (tax at 5L 12,500, at 10L 1,12,500);
// s.87A up to 5L. New regime — 4L–8L 5 %, 8L–12L 10 %, 12L–16L 15 % (tax at 8L 20,000, 12L 60,000); s.87A up to 12L
// (₹60,000). Cess 4 %. Standard deduction 50,000 old, 75,000 new.
import { describe, expect, it } from "vitest";
import { ComputeResultSchema } from "../../../../src/tax/compute/schemas";
import { computeTax, type FinancialYear, type TaxInput } from "../../../../src/tax/domain/engine";
import type { BusinessFromBooks } from "../../../../src/tax/domain/engine/types";
import { type InputParts, taxInput } from "./input";

const REGIMES = ["old", "new"] as const;

function withBooks(business: Partial<BusinessFromBooks>, parts: InputParts = {}, more: Partial<TaxInput> = {}): TaxInput {
  const books: BusinessFromBooks = {
    profit: null,
    newRegimeProfit: null,
    lossesBroughtForward: [],
    speculationProfit: null,
    speculationLossesBroughtForward: [],
    taxAudit: false,
    ...business,
  };
  return { ...taxInput(parts), business: books, ...more };
}

function compute(input: TaxInput, year: FinancialYear = "2025-26") {
  return ComputeResultSchema.parse(computeTax(input, year));
}

const loss = (financialYear: string, amount: number) => ({ financialYear, amount, fromDeductionsBarredInNewRegime: 0 });

describe("this year's speculation loss", () => {
  it("is set off against neither salary nor the profit of another business, and is carried forward whole (s.73(1), (2))", () => {
    // Salary 12,00,000; books 3,00,000; speculation −1,00,000. Old: 11,50,000 + 3,00,000 = 14,50,000: 1,12,500 + 30 %
    // of 4,50,000 (1,35,000) = 2,47,500; cess 9,900; 2,57,400.
    const result = compute(withBooks({ profit: 300_000, speculationProfit: -100_000 }, { salary: { grossSalary: 1_200_000 } }));
    for (const regime of REGIMES) {
      expect(result.regimes[regime].business).toMatchObject({
        profitFromBooks: 300_000,
        speculationProfit: -100_000,
        incomeFromBusiness: 300_000,
        lossSetOff: 0,
        lossToCarryForward: 0,
        speculationLossBroughtForwardSetOff: 0,
        speculationLossToCarryForward: 100_000,
        speculationLossesToCarryForward: [{ financialYear: "2025-26", amount: 100_000, fromDeductionsBarredInNewRegime: 0 }],
      });
    }
    expect(result.regimes.old).toMatchObject({ grossTotalIncome: 1_450_000, totalTax: 257_400 });
    // New: 11,25,000 + 3,00,000 = 14,25,000: 60,000 + 15 % of 2,25,000 (33,750) = 93,750; cess 3,750; 97,500.
    expect(result.regimes.new).toMatchObject({ grossTotalIncome: 1_425_000, totalTax: 97_500 });
    expect(result.itr).toEqual({ form: "ITR-3", rule: "ITR-3: income from business or profession computed from books of account" });
  });

  it("is not carried forward from a return filed after its due date (s.80), while speculation losses of earlier years are", () => {
    // With business income the return for FY 2025-26 is due on 31 August 2026. Speculation −80,000; 2024-25's 30,000
    // meets no speculation profit and carries on.
    const business = { speculationProfit: -80_000, speculationLossesBroughtForward: [loss("2024-25", 30_000)] };
    const parts = { salary: { grossSalary: 1_000_000 } };
    const late = compute(withBooks(business, parts, { returnFiledOn: "2026-09-01" }));
    for (const regime of REGIMES) {
      expect(late.regimes[regime].business).toMatchObject({
        speculationLossLostToLateReturn: 80_000,
        speculationLossToCarryForward: 30_000,
        speculationLossesToCarryForward: [{ financialYear: "2024-25", amount: 30_000, fromDeductionsBarredInNewRegime: 0 }],
        lossLostToLateReturn: 0,
      });
    }
    expect(late.notes).toContain(
      "business.speculationLossLostToLateReturn: returnFiledOn is after the due date 2026-08-31, so this year's speculation loss, ₹80,000, is not carried forward (s.80) against the next four years' speculation profit (s.73); speculation losses brought forward from earlier years still are",
    );
    // Filed on the due date itself (31 August, a business return's, not 31 July): both are carried.
    const onTime = compute(withBooks(business, parts, { returnFiledOn: "2026-08-31" }));
    expect(onTime.regimes.old.business).toMatchObject({ speculationLossLostToLateReturn: 0, speculationLossToCarryForward: 110_000 });
    expect(onTime.notes.some((note) => note.startsWith("business.speculationLossLostToLateReturn"))).toBe(false);
  });

  it("in tax year 2026-27 names the Income-tax Act, 2025's sections (s.121 for the return, s.113 for the loss)", () => {
    const late = compute(withBooks({ speculationProfit: -50_000 }, {}, { returnFiledOn: "2027-09-01" }), "2026-27");
    expect(late.notes).toContain(
      "business.speculationLossLostToLateReturn: returnFiledOn is after the due date 2027-08-31, so this year's speculation loss, ₹50,000, is not carried forward (s.121) against the next four years' speculation profit (s.113); speculation losses brought forward from earlier years still are",
    );
  });
});

describe("a speculation profit", () => {
  it("takes this year's other business loss (s.70(1)) and other business losses of earlier years (s.72(1))", () => {
    // Books −2,00,000, speculation 5,00,000: the head 3,00,000, nothing set off against other heads. The 2022-23
    // business loss of 1,00,000 goes against it: business 2,00,000. Old: salary 7,50,000 + 2,00,000 + interest
    // 1,00,000 = 10,50,000: 1,12,500 + 15,000 = 1,27,500; cess 5,100; 1,32,600.
    const result = compute(
      withBooks(
        { profit: -200_000, speculationProfit: 500_000, lossesBroughtForward: [loss("2022-23", 100_000)] },
        { salary: { grossSalary: 800_000 }, otherIncome: { depositInterest: 100_000 } },
      ),
    );
    for (const regime of REGIMES) {
      expect(result.regimes[regime].business).toMatchObject({
        speculationProfit: 500_000,
        incomeFromBusiness: 300_000,
        lossSetOff: 0,
        lossBroughtForwardSetOff: 100_000,
        lossToCarryForward: 0,
        speculationLossToCarryForward: 0,
      });
    }
    expect(result.regimes.old).toMatchObject({ grossTotalIncome: 1_050_000, totalTax: 132_600 });
    // New: 7,25,000 + 2,00,000 + 1,00,000 = 10,25,000, within ₹12 lakh: rebated to nil.
    expect(result.regimes.new).toMatchObject({ grossTotalIncome: 1_025_000, totalTax: 0 });
  });

  it("takes speculation losses of earlier years, oldest first, which never reach other business income (s.73(2))", () => {
    // Speculation 1,50,000 against 2022-23's 1,00,000 and 50,000 of 2023-24's 2,00,000; 1,50,000 of it is left, and
    // the books' 4,00,000 stays whole. Old: salary 5,50,000 + 4,00,000 = 9,50,000: 12,500 + 90,000 = 1,02,500; cess
    // 4,100; 1,06,600.
    const result = compute(
      withBooks(
        { profit: 400_000, speculationProfit: 150_000, speculationLossesBroughtForward: [loss("2023-24", 200_000), loss("2022-23", 100_000)] },
        { salary: { grossSalary: 600_000 } },
      ),
    );
    for (const regime of REGIMES) {
      expect(result.regimes[regime].business).toMatchObject({
        incomeFromBusiness: 550_000,
        speculationLossBroughtForwardSetOff: 150_000,
        speculationLossToCarryForward: 150_000,
        speculationLossesToCarryForward: [{ financialYear: "2023-24", amount: 150_000, fromDeductionsBarredInNewRegime: 0 }],
        speculationLossBroughtForwardLapsed: 0,
      });
    }
    expect(result.regimes.old).toMatchObject({ grossTotalIncome: 950_000, totalTax: 106_600 });
    // New: 5,25,000 + 4,00,000 = 9,25,000, rebated to nil.
    expect(result.regimes.new).toMatchObject({ grossTotalIncome: 925_000, totalTax: 0 });
  });

  it("is reached last by this year's other business loss and first by speculation losses of earlier years", () => {
    // s.44ADA 50 % of 4,00,000 = 2,00,000; books −3,00,000; speculation 2,00,000: the head 1,00,000. The books' loss
    // takes the presumptive income first, then 1,00,000 of the speculation profit; the 1,00,000 left of it goes to
    // 2024-25's speculation loss (1,50,000: 50,000 carried), so the 2023-24 business loss of 1,00,000 meets nothing and
    // carries on. The other orders would carry more. Total income: the interest of 50,000.
    const result = compute(
      withBooks(
        {
          profit: -300_000,
          speculationProfit: 200_000,
          lossesBroughtForward: [loss("2023-24", 100_000)],
          speculationLossesBroughtForward: [loss("2024-25", 150_000)],
        },
        {
          presumptive: { profession: { grossReceipts: 400_000, cashReceipts: 0, declaredIncome: 0 } },
          otherIncome: { depositInterest: 50_000 },
        },
      ),
    );
    for (const regime of REGIMES) {
      expect(result.regimes[regime].business).toMatchObject({
        presumptiveProfessionIncome: 200_000,
        incomeFromBusiness: 100_000,
        speculationLossBroughtForwardSetOff: 100_000,
        speculationLossesToCarryForward: [{ financialYear: "2024-25", amount: 50_000, fromDeductionsBarredInNewRegime: 0 }],
        lossBroughtForwardSetOff: 0,
        lossesToCarryForward: [{ financialYear: "2023-24", amount: 100_000, fromDeductionsBarredInNewRegime: 0 }],
      });
      expect(result.regimes[regime].grossTotalIncome).toBe(50_000);
    }
  });
});

describe("a business loss in its eighth year beside a younger speculation loss", () => {
  it("takes the speculation profit rather than lapse, and the speculation loss is carried", () => {
    // FY 2025-26: 2017-18 is the eighth year before (s.72(3)): its 1,00,000 ends unless set off now; the 2024-25
    // speculation loss may wait until FY 2028-29 (s.73(4)). s.72(1) sets a business loss against any business profit,
    // speculation profit included; s.73(2) a speculation loss against speculation profit only; neither orders them.
    // Salary 10,00,000 − 50,000 (old regime) + speculation 1,00,000 − 1,00,000 = 9,50,000 either way: 12,500 +
    // 20 % × 4,50,000 = 1,02,500 + cess 4,100 = 1,06,600.
    const result = compute(
      withBooks(
        { speculationProfit: 100_000, lossesBroughtForward: [loss("2017-18", 100_000)], speculationLossesBroughtForward: [loss("2024-25", 100_000)] },
        { salary: { grossSalary: 1_000_000 } },
      ),
    );
    for (const regime of REGIMES) {
      expect(result.regimes[regime].business).toMatchObject({
        lossBroughtForwardSetOff: 100_000,
        lossBroughtForwardLapsed: 0,
        speculationLossBroughtForwardSetOff: 0,
        speculationLossesToCarryForward: [{ financialYear: "2024-25", amount: 100_000, fromDeductionsBarredInNewRegime: 0 }],
      });
    }
    expect(result.regimes.old.totalTax).toBe(106_600);
  });

  it("leaves the speculation profit to a speculation loss in its own last year", () => {
    // 2021-22 is the fourth year before FY 2025-26 for a speculation loss: both losses end now, and the speculation
    // profit can keep only one of them; the speculation loss can take no other income, the business loss none either
    // here, so 1,00,000 ends whichever takes it: the speculation loss takes it, as before.
    const result = compute(
      withBooks({
        speculationProfit: 100_000,
        lossesBroughtForward: [loss("2017-18", 100_000)],
        speculationLossesBroughtForward: [loss("2021-22", 100_000)],
      }),
    );
    expect(result.regimes.old.business).toMatchObject({ speculationLossBroughtForwardSetOff: 100_000, lossBroughtForwardLapsed: 100_000 });
  });
});

describe("speculation losses brought forward", () => {
  it("in their fourth year are set off as far as speculation profit goes, and the rest ends (s.73(4))", () => {
    // FY 2025-26: 2021-22 is the fourth year before. Speculation 30,000 takes 30,000 of its 1,00,000; 70,000 ends;
    // 2022-23's 50,000 carries on.
    const result = compute(
      withBooks({ speculationProfit: 30_000, speculationLossesBroughtForward: [loss("2021-22", 100_000), loss("2022-23", 50_000)] }),
    );
    for (const regime of REGIMES) {
      expect(result.regimes[regime].business).toMatchObject({
        speculationLossBroughtForwardSetOff: 30_000,
        speculationLossBroughtForwardLapsed: 70_000,
        speculationLossesToCarryForward: [{ financialYear: "2022-23", amount: 50_000, fromDeductionsBarredInNewRegime: 0 }],
      });
      expect(result.regimes[regime].grossTotalIncome).toBe(0);
    }
  });

  it("stay unused without speculation profit, even beside other business income, and still need ITR-3", () => {
    // No speculation business this year; books 2,00,000 is not speculation profit. 2021-22's 40,000 ends.
    const withProfit = compute(withBooks({ profit: 200_000, speculationLossesBroughtForward: [loss("2021-22", 40_000), loss("2024-25", 10_000)] }));
    expect(withProfit.regimes.old.business).toMatchObject({
      speculationLossBroughtForwardSetOff: 0,
      speculationLossBroughtForwardLapsed: 40_000,
      speculationLossesToCarryForward: [{ financialYear: "2024-25", amount: 10_000, fromDeductionsBarredInNewRegime: 0 }],
    });
    expect(withProfit.regimes.old.grossTotalIncome).toBe(200_000);
    const alone = compute(withBooks({ speculationLossesBroughtForward: [loss("2024-25", 10_000)] }, { salary: { grossSalary: 500_000 } }));
    expect(alone.itr).toEqual({ form: "ITR-3", rule: "ITR-3: business losses brought forward from earlier years" });
  });
});
