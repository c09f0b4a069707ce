// What the tax engine returns (tests parse engine output with it) and the `data` of a POST /api/v1/compute
// response, which is that result with the line-by-line detail only on request. Tax lines are whole rupees; income lines keep any paise they came in with.
import { z } from "@hono/zod-openapi";
import {
  ASSET_KINDS,
  CAPITAL_GAIN_EXEMPTIONS,
  CAPITAL_GAIN_SECTIONS,
  FINANCIAL_YEARS,
  FOREIGN_INCOME_HEADS,
  INCOME_HEADS,
  ITR_FORMS,
  MOVE_FIELDS,
  REBATE_87A_BASES,
  REGIMES,
  RELIEF_PAYMENTS,
  RETURN_CONDITIONS,
  INCOME_PERIODS,
  SAVING_MOVE_KINDS,
  TERMS_OF_HOLDING,
} from "../domain/engine";

const rupees = (description: string, example: number) => z.number().openapi({ description, example });
const wholeRupees = (description: string, example: number) => z.number().int().openapi({ description, example });

export const DeductionLineSchema = z
  .object({
    section: z.string().openapi({ description: "Section of the Act, e.g. 80C, 10(13A), 16(ia), 24(b).", example: "80C" }),
    head: z.enum(INCOME_HEADS).openapi({
      description: "Where it applies: an income head (exemption or deduction inside it) or Chapter VI-A (from gross total income).",
      example: "chapterVIA",
    }),
    description: z.string().openapi({ description: "What the section covers, in words.", example: "Life insurance, PF, PPF, ELSS and the like" }),
    claimed: rupees("Amount claimed (for s.16(ia): the statutory standard deduction).", 180_000),
    allowed: rupees("Amount allowed in this regime.", 150_000),
    limit: rupees("The statutory limit that applied; null when the section has no monetary cap.", 150_000).nullable(),
    limitedBy: z.string().nullable().openapi({
      description: "The cap or rule that bound the claim, citing its section; null when allowed in full.",
      example: "s.80CCE: ₹1,50,000 aggregate for 80C, 80CCC and 80CCD(1)",
    }),
  })
  .openapi("DeductionLine");

export const SlabLineSchema = z
  .object({
    from: wholeRupees("Slab starts above this taxable income.", 400_000),
    upTo: wholeRupees("Slab ends at this taxable income; null for the top slab.", 800_000).nullable(),
    ratePercent: z.number().openapi({ description: "Rate of the slab, First Schedule / s.115BAC(1A).", example: 5 }),
    taxableAmount: wholeRupees(
      "Part of incomeAtSlabRates in this slab. With agricultural income counted for the rate (agriculturalIncome.integrated), the income above the basic exemption sits above that agricultural income, as the Finance Act places it.",
      400_000,
    ),
    tax: rupees("Exact tax on this slab (a 5 % band on a multiple of ₹10 can end in 50 paise).", 20_000),
  })
  .openapi("SlabLine");

export const SpecialRateLineSchema = z
  .object({
    section: z.string().openapi({
      description:
        "Section of the year's Act: 111A, 112, 112A, 115BB, 115A (Income-tax Act, 1961) or 196, 197, 198, 194, 207 (Income-tax Act, 2025); for a non-resident's dividends charged at a tax treaty's rate, 90(2) (tax year 2026-27: 159(4)).",
      example: "112A",
    }),
    description: z
      .string()
      .openapi({ description: "What the income is, in words.", example: "Long-term gains on listed equity and equity funds with STT" }),
    ratePercent: z.number().openapi({ description: "The section's rate; under 90(2), the treaty's rate as given.", example: 12.5 }),
    income: wholeRupees("Income in total income after set-off of losses.", 250_000),
    exemptAmount: wholeRupees("s.112A: the first ₹1,25,000 of the year's gains, charged no tax (FY 2024-25: shared by both rates).", 125_000),
    basicExemptionAdjusted: wholeRupees(
      "Residents: basic exemption left unused by slab-rate income and set against this income (provisos to ss.111A, 112, 112A).",
      0,
    ),
    indexationRelief: wholeRupees(
      "s.112: tax ignored because a gain's other tax is lower, both on the gain less the losses and basic exemption set against it: a resident's land or building acquired before 23 July 2024, 20 % on the indexed gain below 12.5 % (second proviso to s.112(1)(a)); a listed security or zero coupon bond transferred before that day, 10 % without indexation below 20 % with it.",
      0,
    ),
    taxableAmount: wholeRupees("Income charged at the rate.", 125_000),
    tax: wholeRupees("Tax at the rate less any indexation relief, to the rupee.", 15_625),
  })
  .openapi("SpecialRateLine");

const isoDay = (description: string, example: string) => z.string().openapi({ description, example });
const months = (description: string, example: number) => z.number().int().openapi({ description, example });
const hundreds = (description: string, example: number) => wholeRupees(`${description} Rounded down to a multiple of ₹100 (Rule 119A(c)).`, example);

export const InterestPeriodSchema = z
  .object({
    from: isoDay("First day of the run of months.", "2026-04-01"),
    to: isoDay("Last day of the run's last month.", "2026-05-31"),
    months: months("Months in the run.", 2),
    base: hundreds("Shortfall the months are charged on.", 171_600),
    interest: wholeRupees("base × 1 % × months.", 3_432),
  })
  .openapi("InterestPeriod");

export const InstalmentInterestSchema = z
  .object({
    dueDate: isoDay("Instalment date: 15 June, 15 September, 15 December or 15 March (s.211).", "2025-12-15"),
    percentDue: z.number().int().openapi({ description: "Share of the tax due on returned income due by this date, cumulative.", example: 75 }),
    taxDue: rupees("Tax due on returned income for this instalment: the tax (totalTax) less TDS/TCS, and less laterIncomeTaxLeftOut.", 312_000),
    laterIncomeTaxLeftOut: wholeRupees(
      "Tax on capital gains, dividends, winnings and a new business's profit (business.firstYearProfitByPeriod) that arose after this date, left out of taxDue (first proviso to s.234C(1); tax year 2026-27: s.425(4)) because advance tax paid after this date and by 31 March covers it; 0 otherwise.",
      0,
    ),
    amountDue: rupees("percentDue of taxDue.", 234_000),
    paidByDueDate: rupees("Advance tax paid on or before dueDate.", 140_400),
    shortfall: rupees("amountDue less paidByDueDate; 0 when nothing is short.", 93_600),
    safeHarbour: z.boolean().openapi({
      description: "true when 12 % by 15 June or 36 % by 15 September was paid: then no interest for the instalment although it is short.",
      example: false,
    }),
    base: hundreds("The shortfall interest is charged on; 0 under the safe harbour.", 93_600),
    months: months("3 for June, September and December; 1 for March.", 3),
    interest: wholeRupees("base × 1 % × months.", 2_808),
  })
  .openapi("InstalmentInterest");

export const SelfAssessmentPaymentSchema = z
  .object({
    date: isoDay("Date the self-assessment tax was paid.", "2026-05-20"),
    amount: rupees("Rupees paid.", 100_000),
    feeDue: rupees("The late-filing fee not yet met at date: lateFilingFee.fee once the due date has passed, 0 before it.", 0),
    interestDue: rupees(
      "Interest accrued by date, less what earlier payments took: s.234A from the day after the due date to date, s.234B for each month or part of a month from 1 April to date (on the base of advanceTaxDefault.periods), and all of s.234C.",
      7_956,
    ),
    towardsFee: rupees("The part that met the fee: the lesser of amount and feeDue.", 0),
    towardsInterest: rupees("The part that met the interest: the lesser of what the fee left and interestDue.", 7_956),
    towardsTax: rupees(
      "What is left, the tax paid: it alone lowers advanceTaxDefault's base from the next month (s.234B(2)) and, paid by the due date, lateReturn's base.",
      92_044,
    ),
  })
  .openapi("SelfAssessmentPayment");

const EarlierReturnResultSchema = z
  .object({
    filedOn: isoDay("As given.", "2025-09-15"),
    taxAndInterestPayable: rupees("As given.", 0),
    refundIssued: rupees("As given; 0 when not given.", 0),
    regime: z.enum(REGIMES).optional().openapi({ description: "As given; absent when not given.", example: "new" }),
  })
  .openapi("EarlierReturn", { description: "profile.updatedReturn.earlierReturn with profile.returnFiledOn; null without one." });

export const InterestResultSchema = z
  .object({
    advanceTaxDue: z.boolean().openapi({
      description:
        "Whether advance tax was due: not for a resident aged 60 or more without business or professional income (s.207(2); tax year 2026-27: s.403(3)), nor when the tax less TDS/TCS is under ₹10,000 (s.208; s.404). When false, advanceTaxDefault and advanceTaxDeferment charge nothing.",
      example: true,
    }),
    advanceTaxNotDueBecause: z
      .string()
      .nullable()
      .openapi({ description: "Why advance tax was not due, citing the section; null when it was.", example: null }),
    lateReturn: z
      .object({
        section: z.string().openapi({ description: "234A (tax year 2026-27: 423).", example: "234A" }),
        dueDate: isoDay(
          "The s.139(1) due date of the return: with business or professional income the later one, and when the accounts must be audited (profile.business.taxAudit) the audit cases' date (Explanation 2(a) to s.139(1)).",
          "2026-07-31",
        ),
        filedOn: isoDay("returnFiledOn as given; null when not given (taken as filed by the due date).", "2026-09-25").nullable(),
        months: months("Months or parts of a month from the day after dueDate to filedOn (Rule 119A(b)); 0 when not late.", 2),
        base: hundreds(
          "Tax (totalTax) less TDS/TCS, advance tax and the tax part (selfAssessmentTax.payments[].towardsTax) of self-assessment tax paid by the due date (CBDT Circular 2/2015).",
          79_500,
        ),
        interest: wholeRupees("base × 1 % × months.", 1_590),
      })
      .openapi({ description: "Interest for a return furnished after its due date, s.234A." }),
    advanceTaxDefault: z
      .object({
        section: z.string().openapi({ description: "234B (tax year 2026-27: 424).", example: "234B" }),
        assessedTax: rupees("Tax (totalTax) less TDS/TCS.", 312_000),
        advanceTaxPaid: rupees("Advance tax paid in the year.", 140_400),
        shortfall: rupees("assessedTax less advanceTaxPaid when that is under 90 % of assessedTax; otherwise 0.", 171_600),
        periods: z.array(InterestPeriodSchema).openapi({
          description:
            "Runs of months from 1 April after the year to returnFiledOn (without it, the due date), each on one base: the tax part of a self-assessment payment (selfAssessmentTax.payments[].towardsTax) lowers the base from the month after the month it was paid in (s.234B(2)). Empty when nothing is charged.",
        }),
        interest: wholeRupees("Sum of the periods' interest.", 6_612),
      })
      .openapi({ description: "Interest for advance tax short of 90 % of assessed tax, s.234B." }),
    advanceTaxDeferment: z
      .object({
        section: z.string().openapi({ description: "234C (tax year 2026-27: 425).", example: "234C" }),
        instalments: z.array(InstalmentInterestSchema).openapi({
          description:
            "One line per instalment: four, or only 15 March with presumptive income under s.44AD or s.44ADA and no income computed from books or under s.44AE (s.234C(1)(b)); empty when advance tax was not due.",
        }),
        interest: wholeRupees("Sum of the instalments' interest.", 4_524),
      })
      .openapi({ description: "Interest for deferment of advance tax, s.234C." }),
    totalInterest: wholeRupees("Interest under all three sections.", 12_726),
    lateFilingFee: z
      .object({
        section: z.string().openapi({ description: "234F (tax year 2026-27: 428).", example: "234F" }),
        dueDate: isoDay("The s.139(1) due date of the return, as in lateReturn.", "2026-07-31"),
        filedOn: isoDay("returnFiledOn as given.", "2026-09-25"),
        returnRequired: z.boolean().openapi({
          description: "Whether a return was required: returnRequiredBy is not empty. When false no fee is due.",
          example: true,
        }),
        returnRequiredBy: z.array(z.enum(RETURN_CONDITIONS)).openapi({
          description:
            "Every condition that required a return, in this order: `income` (gross total income before Chapter VI-A and the ss.54-54GA exemptions above maximumAmountNotChargeable, per regime), then those of the seventh proviso to s.139(1) (`current_account_deposits`, `foreign_travel`, `electricity`, `business_turnover`, `professional_receipts`, `tds_tcs`, `savings_account_deposits`; thresholds in the guide). Empty when none was met.",
          example: ["income", "tds_tcs"],
        }),
        maximumAmountNotChargeable: wholeRupees(
          "The regime's basic exemption for the taxpayer: old regime ₹2,50,000, for a resident aged 60 or more ₹3,00,000, aged 80 or more ₹5,00,000; new regime ₹3,00,000 (FY 2024-25) or ₹4,00,000.",
          400_000,
        ),
        fee: wholeRupees(
          "₹5,000; ₹1,000 where total income (taxableIncome) does not exceed ₹5,00,000; 0 when the return is filed by dueDate or was not required.",
          5_000,
        ),
      })
      .optional()
      .openapi({
        description:
          "The fee for a return furnished after its due date by a person required to furnish it, s.234F (as substituted by the Finance Act 2021; tax year 2026-27: s.428). Present only with profile.returnFiledOn; absent (not zero) otherwise.",
      }),
    selfAssessmentTax: z
      .object({
        section: z.string().openapi({ description: "140A (tax year 2026-27: 266).", example: "140A" }),
        payments: z.array(SelfAssessmentPaymentSchema).openapi({
          description:
            "profile.taxPayments.selfAssessmentTax in date order, each split into what met the fee, the interest and the tax; empty when there is none.",
        }),
      })
      .openapi({
        description:
          "How the self-assessment tax was adjusted: a payment goes first to the late-filing fee, then to the interest, and only the balance to the tax (Explanation to s.140A(1); tax year 2026-27: s.266(3)). So a payment that covers the tax but not the interest accrued by its date leaves tax unpaid: s.234B keeps running on it, and s.234A does when it was paid by the due date.",
      }),
    payableWithInterest: wholeRupees(
      "taxLiability + totalInterest + lateFilingFee.fee − taxesPaid, rounded to the nearest ₹10 (s.288B); 0 when a refund is still due. netTaxPayable leaves interest and the fee out.",
      17_730,
    ),
    refundAfterInterest: wholeRupees(
      "taxesPaid − taxLiability − totalInterest − lateFilingFee.fee, rounded per s.288B; 0 when anything is payable.",
      0,
    ),
    updatedReturn: z
      .object({
        section: z.string().openapi({ description: "140B.", example: "140B" }),
        filedOn: isoDay("profile.updatedReturn.filedOn.", "2027-01-31"),
        monthsAfterAssessmentYear: months("Months or parts of a month from the end of the assessment year to filedOn.", 10),
        additionalTaxPercent: wholeRupees("25, 50, 60 or 70: the first, second, third or fourth twelve months (s.140B(3)).", 25),
        earlierReturn: EarlierReturnResultSchema.nullable(),
        base: rupees(
          "Tax (taxLiability) less TDS/TCS and advance tax, plus totalInterest, less earlierReturn.taxAndInterestPayable, plus earlierReturn.refundIssued; 0 when negative.",
          22_440,
        ),
        additionalTax: rupees("base × additionalTaxPercent; 0 when not allowed.", 5_610),
        allowed: z.boolean().openapi({ description: "false when base is not above 0 (first proviso to s.139(8A)).", example: true }),
        notAllowedBecause: z.string().nullable().openapi({ description: "Why not allowed; null when allowed.", example: null }),
        payableWithUpdatedReturn: wholeRupees(
          "Tax, interest and fee less taxes paid, plus earlierReturn.refundIssued, not below 0; plus additionalTax; rounded per s.288B.",
          33_050,
        ),
      })
      .optional()
      .openapi({ description: "The additional income-tax on an updated return (s.140B). Present only with profile.updatedReturn." }),
  })
  .openapi("InterestResult", {
    description:
      "Interest the return demands at 1 % a month (ss.234A, 234B, 234C; tax year 2026-27: ss.423-425 of the Income-tax Act, 2025), each worked on its base rounded down to ₹100 with any part of a month counted as a month (Rule 119A), and, with profile.returnFiledOn, the fee for a late return (s.234F; s.428). Present only when profile.taxPayments is given.",
  });

export const RegimeNotAvailableSchema = z
  .object({
    section: z.string().openapi({
      description:
        "The rule that closes the regime: s.115BAC(6)(ii) of the Income-tax Act, 1961 (tax year 2026-27: s.202(4)(b) of the Income-tax Act, 2025).",
      example: "115BAC(6)(ii)",
    }),
    reason: z.string().openapi({
      description:
        "Why, in words, with the return's due date and profile.returnFiledOn (with an updated return, the earlier return and the updated return's date).",
      example:
        "s.115BAC(6)(ii): without income from business or profession the old regime can be chosen only in the return furnished under s.139(1), by its due date 2026-07-31; a return filed on 2026-09-10 is taxed under the new regime",
    }),
  })
  .openapi("RegimeNotAvailable");

const AgriculturalIncomeSchema = z.object({
  netAgriculturalIncome: rupees("profile.agriculturalIncome as given.", 200_000),
  maximumAmountNotChargeable: wholeRupees(
    "The regime's basic exemption for the taxpayer: old regime ₹2,50,000, for a resident aged 60 or more ₹3,00,000, aged 80 or more ₹5,00,000; new regime ₹3,00,000 (FY 2024-25) or ₹4,00,000. The amount added to the agricultural income in (2).",
    250_000,
  ),
  integrated: z.boolean().openapi({
    description:
      "Whether the agricultural income was counted for the rate: it is above ₹5,000 and incomeAtSlabRates is above maximumAmountNotChargeable. When false, slabTax is the plain tax on incomeAtSlabRates.",
    example: true,
  }),
  taxWithAgriculturalIncome: rupees(
    "(1) Tax at the regime's slab rates on incomeAtSlabRates plus the net agricultural income in whole rupees, exact (it can end in 50 paise); null when not integrated.",
    112_500,
  ).nullable(),
  taxOnAgriculturalIncomeAndExemption: rupees(
    "(2) Tax at the same rates on the net agricultural income in whole rupees plus maximumAmountNotChargeable, exact; null when not integrated. slabTax is (1) − (2), to the rupee.",
    10_000,
  ).nullable(),
});

const ArrearsReliefSchema = z.object({
  section: z.string().openapi({ description: "89 (tax year 2026-27: 157).", example: "89" }),
  taxWithArrears: wholeRupees("This year's tax with the arrears: taxLiability (Form 10E, Annexure I, item 4).", 152_464),
  taxWithoutArrears: wholeRupees("This year's tax assessed again without the arrears, in the same regime (item 5).", 78_000),
  extraTaxThisYear: wholeRupees("What the arrears add to this year's tax (item 6).", 74_464),
  extraTaxInEarlierYears: rupees("profile.arrears.extraTaxInEarlierYears: what they would have added in the years they belong to (item 7).", 12_480),
  relief: wholeRupees(
    "extraTaxThisYear less extraTaxInEarlierYears, or 0 when that is not positive (item 8): taken off the tax before totalTax.",
    61_984,
  ),
});

const PrecedingYearRateSchema = z.object({
  totalIncome: rupees("precedingYears[].totalIncome as given.", 1_400_000),
  share: rupees("includedInTotalIncome divided by the number of years (two: one-half; three: one-third), to the nearest paisa.", 333_333.33),
  increasedTotalIncome: wholeRupees("totalIncome + share, rounded to the nearest ₹10 as total income is (s.288A).", 1_733_330),
  taxOnIncreasedIncome: rupees("precedingYears[].taxOnIncreasedIncome as given.", 345_800),
  averageRatePercent: z.number().openapi({
    description: "taxOnIncreasedIncome ÷ increasedTotalIncome, in percent to four decimals; the taxes use the exact quotient.",
    example: 19.95,
  }),
});

const PaymentReliefSchema = z.object({
  payment: z.enum(RELIEF_PAYMENTS).openapi({
    description:
      "gratuity (Rule 21A(3)), termination_compensation (Rule 21A(4)) or commuted_pension (Rule 21A(5)): salary.retirementBenefits.gratuity, salary.terminationCompensation or salary.retirementBenefits.commutedPension.",
    example: "gratuity",
  }),
  description: z.string().openapi({
    description: "The case of the rule in words: how many preceding years, and the share of the payment each takes.",
    example: "Gratuity for 25 years of past services (fifteen or more): the three preceding years, each with one-third of it",
  }),
  includedInTotalIncome: rupees(
    "The payment less its exempt part: salary.retirementBenefits' s.10(10) or 10(10A) line, or exemptions10 10(10B) for compensation.",
    1_000_000,
  ),
  taxAtAverageRate: wholeRupees(
    "includedInTotalIncome at this year's average rate (averageRatePercent), worked exactly and rounded to the nearest rupee.",
    221_302,
  ),
  precedingYears: z.array(PrecedingYearRateSchema).openapi({ description: "Each preceding year as given, nearest first, with its average rate." }),
  averageOfPrecedingRatesPercent: z.number().openapi({
    description: "The average of the preceding years' average rates, in percent to four decimals.",
    example: 19.2313,
  }),
  taxAtPrecedingRate: wholeRupees("includedInTotalIncome at that average, worked exactly and rounded to the nearest rupee.", 192_313),
  relief: wholeRupees("taxAtAverageRate less taxAtPrecedingRate, or 0 when the preceding years' rate is not the lower.", 28_989),
});

const PaymentsReliefSchema = z.object({
  section: z.string().openapi({ description: "89 (tax year 2026-27: 157).", example: "89" }),
  averageRatePercent: z.number().openapi({
    description:
      "This year's average rate of tax: taxLiability (before any relief) ÷ taxableIncome, in percent to four decimals; the taxes use the exact quotient.",
    example: 22.1302,
  }),
  payments: z
    .array(PaymentReliefSchema)
    .openapi({ description: "Each payment relief is claimed on, in this order: gratuity, compensation on termination, commuted pension." }),
  relief: wholeRupees(
    "The payments' reliefs added, never more than the tax arrearsRelief.relief leaves: taken off the tax with it before totalTax.",
    28_989,
  ),
});

const DividendTreatySchema = z.object({
  section: z.string().openapi({ description: "90(2) (tax year 2026-27: 159(4)).", example: "90(2)" }),
  treatyRatePercent: z.number().openapi({ description: "profile.otherIncome.dividendTreatyRatePercent as given.", example: 15 }),
  taxAtTreatyRate: wholeRupees(
    "The regime's taxLiability (before any s.89 relief) with the dividends at the treaty's rate: their tax is the whole of it, with no surcharge or cess added, while they still count in total income for the surcharge on other income.",
    150_000,
  ),
  taxAtActRate: wholeRupees(
    "The same with the dividends at 20 % under s.115A (tax year 2026-27: s.207), surcharge (at most 15 %) and 4 % cess included.",
    208_000,
  ),
  applied: z.boolean().openapi({
    description:
      "Whether the dividends were charged at the treaty's rate: only when taxAtTreatyRate is the lower (s.90(2): the Act applies where it is more beneficial; a tie keeps the Act's rate). specialRateIncome's dividend line names the section and rate charged.",
    example: true,
  }),
});

const ForeignTaxCreditLineSchema = z
  .object({
    country: z.string().openapi({ description: "profile.foreignIncome[].country as given.", example: "US" }),
    head: z.enum(FOREIGN_INCOME_HEADS).openapi({ description: "profile.foreignIncome[].head as given.", example: "salary" }),
    section: z.string().openapi({
      description: "90 with a tax treaty, 91 without (tax year 2026-27: 159 or 160 of the Income-tax Act, 2025).",
      example: "90",
    }),
    income: rupees("profile.foreignIncome[].income as given.", 600_000),
    foreignTaxPaid: rupees("profile.foreignIncome[].foreignTaxPaid as given.", 150_000),
    foreignTaxCounted: rupees(
      "foreignTaxPaid, at most taxPayableUnderTreaty where given: foreign tax above what the treaty allows is ignored (proviso to Rule 128(4)(i)).",
      150_000,
    ),
    indianTaxOnIncome: wholeRupees(
      "The Indian tax on this income: income × indianIncomeTax ÷ taxableIncome, worked exactly and rounded to the nearest rupee (50 paise up).",
      59_969,
    ),
    credit: wholeRupees(
      "The lower of foreignTaxCounted (paise dropped) and indianTaxOnIncome: each source in each country is worked apart (Rule 128(4)).",
      59_969,
    ),
  })
  .openapi("ForeignTaxCreditLine");

const ForeignTaxCreditSchema = z.object({
  indianIncomeTax: wholeRupees(
    "The regime's tax the credit comes off: taxLiability (tax after the s.87A rebate, with surcharge and cess) less arrearsRelief.relief and paymentsRelief.relief when present.",
    192_400,
  ),
  indianRateOfTaxPercent: z.number().openapi({
    description:
      "The Indian rate of tax: indianIncomeTax ÷ taxableIncome (total income), in percent to four decimals (s.91 Explanation (ii); for s.90 the same average rate is taken as Rule 128(4)'s tax payable under the Act on the income). Each line uses the exact quotient, not this rounded figure.",
    example: 9.9948,
  }),
  lines: z.array(ForeignTaxCreditLineSchema).openapi({ description: "One line per profile.foreignIncome entry, in its order." }),
  credit: wholeRupees(
    "The lines' credits added, at most indianIncomeTax: the credit is against tax, surcharge and cess, never interest or a fee (Rule 128(3)). Taken off before totalTax.",
    59_969,
  ),
});

/** A business loss left for later years, by the year it arose in. */
const BusinessLossCarriedSchema = z.object({
  financialYear: z.string().openapi({ description: "The financial year the loss arose in.", example: "2025-26" }),
  amount: rupees("What is left of it.", 150_000),
  fromDeductionsBarredInNewRegime: rupees(
    "Of amount, the part from deductions the new regime denies (s.115BAC(2)(i)); each set-off takes that part first, which leaves the most for a year in the new regime. Always 0 in the new regime, which ends that part (s.115BAC(3)).",
    0,
  ),
});

export const RegimeResultSchema = z
  .object({
    regime: z.enum(REGIMES).openapi({ description: "old, or new (s.115BAC(1A), the default).", example: "new" }),
    salary: z.object({
      grossSalary: rupees("Gross salary, s.17.", 1_800_000),
      hraExemption: rupees(
        "Salary exempt under s.10: HRA under s.10(13A) (old regime only), the retirement benefits worked out from profile.salary.retirementBenefits, and the exemptions reported in profile.salary.exemptions10 that the regime allows.",
        210_000,
      ),
      standardDeduction: rupees("Standard deduction, s.16(ia).", 75_000),
      professionalTax: rupees("Tax on employment allowed, s.16(iii) (old regime only).", 0),
      employerContributionPerquisite: rupees(
        "s.17(2)(vii): employer contributions to NPS, provident fund and superannuation above ₹7,50,000 in the year, taxed as a perquisite.",
        0,
      ),
      incomeFromSalary: rupees("Income chargeable under the head Salaries.", 1_725_000),
      retirementBenefits: z.array(DeductionLineSchema).optional().openapi({
        description:
          "Present only when profile.salary.retirementBenefits is given: gratuity (s.10(10)), commuted pension (s.10(10A)) and leave encashment (s.10(10AA)), each with the amount received (claimed), the part exempt (allowed), the least of the clause's other limbs (limit; null for a full exemption) and the limb that held it, worked out (limitedBy). The same in both regimes; with ?detail=full they are in deductions too.",
      }),
    }),
    houseProperty: z.object({
      selfOccupied: z.array(z.number().int()).openapi({
        description:
          "Positions (from 0) in houseProperties of the homes given nil annual value, s.23(2). With more than two self-occupied homes, the pair that gives the lowest income is chosen (s.23(4)); the others are deemed let out.",
        example: [0],
      }),
      incomeFromHouseProperty: rupees("Income under the head House property (negative: loss), ss.22-27, before set-off.", 0),
      lossSetOff: rupees("House-property loss set off against other heads, s.71(3A) (≤ ₹2,00,000; nil in the new regime).", 0),
      lossNotSetOff: rupees("This year's house-property loss not set off against other heads.", 0),
      lossBroughtForwardSetOff: rupees(
        "Of profile.housePropertyLossBroughtForward, what was set off against this year's income from house property (s.71B); in the new regime never the part from a self-occupied home's loan interest (s.115BAC(2)(ii)(a)).",
        0,
      ),
      lossToCarryForward: rupees(
        "House-property loss left for later years (s.71B): this year's loss not set off and the rest of the losses brought forward, whatever the filing date (s.80 does not cover s.71B). In the new regime a loss it does not set off ends (s.115BAC(3)): this year's loss and the self-occupied-interest part are not carried.",
        0,
      ),
      lossToCarryForwardFromSelfOccupiedInterest: rupees(
        "Of lossToCarryForward, the part from a self-occupied home's loan interest (s.24(b) on a s.23(2) property), which next year's profile.housePropertyLossBroughtForward.fromSelfOccupiedInterest takes. Each set-off takes that part first, as the Act names no order and that leaves the most for a year in the new regime. 0 in the new regime, and for this year's loss given as a net figure (housePropertyIncome).",
        0,
      ),
    }),
    otherSources: z.object({
      savingsInterest: rupees("Savings-account interest, s.56.", 8_000),
      depositInterest: rupees("Deposit interest, s.56.", 0),
      dividends: rupees(
        "Dividends, s.56(2)(i); a non-resident's are also listed in specialRateIncome, at 20 % under s.115A or at a tax treaty's rate (s.90(2)).",
        0,
      ),
      dividendInterestDeduction: rupees(
        "Interest on money borrowed to earn the dividends, deducted from them (s.57(i) proviso): the interest paid, at most 20 % of the dividends, in both regimes. Nil against a non-resident's dividends taxed under s.115A (s.115A(3)), and from tax year 2026-27 (s.93(2) of the Income-tax Act, 2025, as amended by the Finance Act, 2026).",
        0,
      ),
      familyPension: rupees("Family pension, s.56(2)(ii).", 0),
      familyPensionDeduction: rupees("Deduction u/s 57(iia).", 0),
      casualWinnings: rupees("Winnings from lotteries, games and betting, s.56(2)(ib), taxed at 30 % (s.115BB).", 0),
      incomeFromOtherSources: rupees("Income under the head Other sources.", 8_000),
    }),
    business: z.object({
      presumptiveBusinessIncome: rupees("s.44AD: higher of 6 % of digital and 8 % of other turnover, or the income declared.", 0),
      presumptiveProfessionIncome: rupees("s.44ADA: higher of 50 % of gross receipts, or the income declared.", 0),
      presumptiveGoodsCarriageIncome: rupees(
        "s.44AE: for each goods carriage, ₹1,000 per ton of gross vehicle weight (a heavy goods vehicle) or ₹7,500 (any other) for every month or part of a month owned, or the income declared for it when higher; added over the carriages.",
        0,
      ),
      profitFromBooks: rupees(
        "profile.business.profit (negative: a loss); in the new regime profile.business.newRegimeProfit where given (s.115BAC(2)(i)). 0 without.",
        600_000,
      ),
      incomeFromBusiness: rupees(
        "Income under the head Profits and gains of business or profession: the presumptive income and profitFromBooks set off within the head (s.70(1)); negative: a loss, before its set-off against other heads.",
        600_000,
      ),
      lossSetOff: rupees(
        "This year's business loss set off against the other heads (s.71; tax year 2026-27: s.109): never against salary (s.71(2A)) nor winnings (s.58(4)); other sources and short-term gains at the slab rates first, then income from house property, then a non-resident's dividends and special-rate capital gains, dearest first. In both regimes.",
        0,
      ),
      lossBroughtForwardSetOff: rupees(
        "Of profile.business.lossBroughtForward, what was set off against this year's business income (s.72(1); tax year 2026-27: s.112), oldest first, after this year's losses of every head; in the new regime never the parts from deductions it denies (s.115BAC(2)(ii)(a)).",
        0,
      ),
      lossToCarryForward: rupees("Business loss left for later years: the sum of lossesToCarryForward.", 0),
      lossesToCarryForward: z.array(BusinessLossCarriedSchema).openapi({
        description:
          "Business losses left for later years, by the year each arose in, oldest first: next year's profile.business.lossBroughtForward as it is. This year's loss not set off (none from a return filed after its due date, s.80) and what is left of the losses brought forward, except those in their eighth year after the one they arose in (s.72(3)). Differs by regime where the profit does or the set-off does.",
        example: [],
      }),
      lossLostToLateReturn: rupees(
        "This year's business loss not set off, which is not carried forward because profile.returnFiledOn is after the return's s.139(1) due date (s.80; tax year 2026-27: s.121); 0 otherwise.",
        0,
      ),
      lossBroughtForwardLapsed: rupees(
        "What is left of the losses brought forward from the eighth year before this one: carried no further (s.72(3)).",
        0,
      ),
      speculationProfit: rupees("profile.business.speculationProfit; negative: a loss, set off against no other income (s.73(1)).", 0),
      speculationLossBroughtForwardSetOff: rupees(
        "Of profile.business.speculationLossBroughtForward, what was set off against this year's speculation profit (s.73(2)), oldest first, before other business losses of earlier years.",
        0,
      ),
      speculationLossToCarryForward: rupees("The sum of speculationLossesToCarryForward.", 0),
      speculationLossesToCarryForward: z.array(BusinessLossCarriedSchema).openapi({
        description:
          "As lossesToCarryForward, for speculation losses: next year's profile.business.speculationLossBroughtForward; none in its fourth year after the one it arose in (s.73(4)).",
        example: [],
      }),
      speculationLossLostToLateReturn: rupees("As lossLostToLateReturn, for this year's speculation loss (s.80).", 0),
      speculationLossBroughtForwardLapsed: rupees("As lossBroughtForwardLapsed, for speculation losses in their fourth year (s.73(4)).", 0),
    }),
    capitalGains: z.object({
      shortTermAtSlabRates: rupees(
        "Other short-term gains after set-off, taxed at the slab rates. Each regime sets capital losses against the gains where they save it the most tax, so this and the specialRateIncome lines can differ between the regimes; the amounts set off and carried forward do not.",
        0,
      ),
      shortTermLossNotSetOff: rupees("This year's short-term loss left after set-off within the head (s.70(2)); see capitalLossesToCarryForward.", 0),
      longTermLossNotSetOff: rupees(
        "This year's long-term loss left after set-off against long-term gains (s.70(3)); see capitalLossesToCarryForward.",
        0,
      ),
      shortTermLossBroughtForwardSetOff: rupees(
        "Of profile.capitalLossesBroughtForward.shortTerm, what was set off against this year's gains (s.74(1)), after this year's own losses: against any capital gain, where it saves the most tax.",
        0,
      ),
      longTermLossBroughtForwardSetOff: rupees(
        "Of profile.capitalLossesBroughtForward.longTerm, what was set off against this year's long-term gains (s.74(1)), where it saves the most tax.",
        0,
      ),
      incomeFromCapitalGains: rupees("Income under the head Capital gains after set-off.", 0),
    }),
    grossTotalIncome: rupees("Gross total income, s.80B(5), after set-off.", 1_733_000),
    deductions: z.array(DeductionLineSchema).openapi({ description: "Every exemption and deduction claimed, with what was allowed and why." }),
    chapterVIADeductions: rupees(
      "Total Chapter VI-A deductions allowed: never more than gross total income less special-rate income (s.80A(2); ss.111A, 112, 112A, 115BB; s.115A(4) for a non-resident's dividends).",
      0,
    ),
    taxableIncome: wholeRupees("Total income rounded to the nearest ₹10, s.288A.", 1_733_000),
    incomeAtSlabRates: wholeRupees("Taxable income less special-rate income: what the slab rates apply to.", 1_733_000),
    agriculturalIncome: AgriculturalIncomeSchema.optional().openapi({
      description:
        'Net agricultural income counted for the rate (partial integration), present only when profile.agriculturalIncome is above 0: above ₹5,000, slabTax is (1) the tax on incomeAtSlabRates plus the agricultural income, less (2) the tax on the agricultural income plus the basic exemption; rebate, surcharge and cess follow, and special-rate income keeps its rates (the guide\'s "Agricultural income").',
    }),
    slabs: z.array(SlabLineSchema).openapi({ description: "Slab-by-slab tax on the income at slab rates." }),
    slabTax: wholeRupees(
      "Income-tax at the slab rates, to the rupee; with agricultural income counted for the rate, agriculturalIncome's (1) − (2).",
      146_600,
    ),
    specialRateIncome: z.array(SpecialRateLineSchema).openapi({
      description:
        "Capital gains, winnings and a non-resident's dividends, taxed at their sections' own rates (the dividends possibly at a treaty's).",
    }),
    specialRateTax: wholeRupees("Tax on special-rate income.", 0),
    rebate87A: wholeRupees(
      "Rebate u/s 87A (with the new-regime marginal relief of its proviso). Never against tax on s.112A gains or winnings; from FY 2025-26 the new regime's rebate covers slab-rate tax only.",
      0,
    ),
    rebate87ABasis: z.enum(REBATE_87A_BASES).openapi({
      description: "How s.87A applied: income within the threshold, marginal relief just above it, none above it, or none for a non-resident.",
      example: "above_threshold",
    }),
    taxAfterRebate: wholeRupees("Slab tax plus special-rate tax, less the s.87A rebate.", 146_600),
    surchargeRatePercent: z.number().openapi({
      description:
        "Surcharge rate (10/15/25/37 %; 25 % cap in the new regime), Finance Act First Schedule. 25 % and 37 % apply only when income other than dividends and ss.111A/112/112A gains exceeds ₹2 crore / ₹5 crore.",
      example: 0,
    }),
    surcharge: wholeRupees(
      "Surcharge before marginal relief; on tax on dividends and ss.111A/112/112A gains at no more than 15 %, and none on tax at a treaty's rate (dividendTreaty).",
      0,
    ),
    surchargeMarginalRelief: wholeRupees("Marginal relief on surcharge at the nearest lower threshold.", 0),
    cess: wholeRupees("Health and Education Cess, 4 % of tax plus surcharge; none on tax at a treaty's rate (dividendTreaty).", 5_864),
    taxLiability: wholeRupees("Tax after rebate + surcharge after relief + cess, to the rupee.", 152_464),
    arrearsRelief: ArrearsReliefSchema.optional().openapi({
      description:
        "Relief under s.89 (tax year 2026-27: s.157) for salary paid in arrears or in advance and family pension paid in arrears. Present only when profile.arrears is given.",
    }),
    paymentsRelief: PaymentsReliefSchema.optional().openapi({
      description:
        "Relief under s.89 (tax year 2026-27: s.157) on gratuity, compensation on termination of employment and commuted pension: each payment's part in total income taxed at the lower of this year's average rate and the average of the preceding years' average rates (Rule 21A(3)-(5)). Present only when such relief is claimed (precedingYears in salary.retirementBenefits' gratuity or commutedPension, or salary.terminationCompensation).",
    }),
    dividendTreaty: DividendTreatySchema.optional().openapi({
      description:
        "A non-resident's dividends under a tax treaty (s.90(2); tax year 2026-27: s.159(4) of the Income-tax Act, 2025): the regime's tax with them at the treaty's rate and at the Act's, and which was charged. Present only when profile.otherIncome.dividendTreatyRatePercent is given.",
    }),
    foreignTaxCredit: ForeignTaxCreditSchema.optional().openapi({
      description:
        "Credit for tax paid abroad on a resident's foreign income (s.90 with a tax treaty, s.91 without; tax year 2026-27: ss.159 and 160 of the Income-tax Act, 2025; Rule 128), after any s.89 relief. Present only when profile.foreignIncome lists any.",
    }),
    totalTax: wholeRupees(
      "Tax liability, less arrearsRelief.relief, paymentsRelief.relief and foreignTaxCredit.credit when present, rounded to the nearest ₹10, s.288B.",
      152_460,
    ),
    taxesPaid: rupees("Taxes already paid (TDS, TCS, advance and self-assessment tax).", 150_000),
    netTaxPayable: wholeRupees(
      "Tax still payable (liability less any s.89 relief and foreign tax credit, less taxes paid), rounded per s.288B; 0 when a refund is due.",
      2_460,
    ),
    refund: wholeRupees("Refund due, rounded per s.288B; 0 when tax is payable.", 0),
    effectiveRatePercent: z.number().openapi({ description: "Total tax as a percentage of gross total income, two decimals.", example: 8.8 }),
    interest: InterestResultSchema.optional().openapi({
      description:
        "Interest for late advance tax and a late return, the fee for a late return (with profile.returnFiledOn), and the amount payable with them. Present only when profile.taxPayments is given; absent (not zero) otherwise.",
    }),
    notAvailable: RegimeNotAvailableSchema.optional().openapi({
      description:
        "Present only on the old regime, when it cannot be chosen for this return: without business or professional income, a return furnished after its s.139(1) due date (s.115BAC(6)(ii); tax year 2026-27: s.202(4)(b)), or an updated return whose earlier return did not opt out in time. Its figures are then for information only.",
    }),
  })
  .openapi("RegimeResult");

export const SavingMoveSchema = z
  .object({
    kind: z.enum(SAVING_MOVE_KINDS).openapi({ description: "The kind of action.", example: "top_up_80c" }),
    section: z.string().openapi({ description: "Section of the Act the action uses.", example: "80C" }),
    action: z.string().openapi({ description: "What to do, in words.", example: "Invest ₹50,000 more in s.80C instruments" }),
    actBy: isoDay(
      "The last day the action still counts for this year: 31 March for an investment, premium or contribution (ss.80C, 80CCD(1B), 80CCD(2) and 80D count what is paid in the year); for switch_regime, the return's due date under s.139(1) (tax year 2026-27: s.263(1)). A move whose actBy has passed still shows what the year's claim would have saved.",
      "2026-03-31",
    ),
    change: z
      .object({
        field: z.enum(MOVE_FIELDS).openapi({ description: "Profile field the engine was re-run with.", example: "deductions.section80C" }),
        from: rupees("Current value.", 100_000),
        to: rupees("Value after the action.", 150_000),
      })
      .nullable()
      .openapi({ description: "The input change behind the saving; null for a regime switch." }),
    investment: rupees(
      "Money the action puts into the premium or contribution, change.to − change.from to the paisa; 0 for a regime switch.",
      50_000,
    ),
    regimeAfter: z.enum(REGIMES).openapi({ description: "Cheaper regime after the action: the one to file under for the saving.", example: "old" }),
    totalTaxBefore: wholeRupees(
      "Total tax now: the lower of the two regimes' (the recommended one, unless interest or the late-filing fee decided the recommendation), or for a regime switch of the default new regime. When the old regime is not available for the return (regimes.old.notAvailable), the new regime's: no move then opts out of it.",
      152_460,
    ),
    totalTaxAfter: wholeRupees("Total tax of regimeAfter with change.field set to change.to and nothing else changed, computed again.", 140_000),
    taxSaving: wholeRupees(
      "totalTaxBefore − totalTaxAfter, always positive: what this one move saves. Each move is priced alone on the profile as sent, so the savings of two moves need not add up.",
      12_460,
    ),
  })
  .openapi("SavingMove");

export const AssetSaleResultSchema = z
  .object({
    label: z.string().optional().openapi({ description: "The sale's label, when it has one.", example: "Flat in Pune" }),
    asset: z.enum(ASSET_KINDS).openapi({ description: "The kind of asset, as given.", example: "land_or_building" }),
    termOfHolding: z.enum(TERMS_OF_HOLDING).openapi({
      description: "long: held more than longTermAfterMonths (s.2(42A)); short otherwise, and always for a s.50AA asset.",
      example: "long",
    }),
    holdingDays: z.number().int().openapi({ description: "Days from acquired to transferred.", example: 5566 }),
    longTermAfterMonths: z.number().int().nullable().openapi({
      description:
        "The holding period for the asset and the transfer date: 12, 24 or 36 months (36 only before 23 July 2024); null for a s.50AA asset, whose gain is short-term whatever the holding.",
      example: 24,
    }),
    section: z.enum(CAPITAL_GAIN_SECTIONS).openapi({
      description: "Where the gain is taxed, as capitalGains[].section names it: 111A, 112A, 112 or short_term_other (the slab rates).",
      example: "112",
    }),
    transferredBefore23July2024: z
      .boolean()
      .openapi({ description: "The transfer was before 23 July 2024: the earlier rates apply.", example: false }),
    arose: z.enum(INCOME_PERIODS).openapi({
      description: "The return's period the transfer falls in, for interest on deferred advance tax (s.234C first proviso).",
      example: "by_15_september",
    }),
    fullValueOfConsideration: rupees("saleConsideration, or the stamp duty value where s.50C takes it.", 9_500_000),
    transferExpenses: rupees("As given (0 when absent).", 90_000),
    costOfAcquisition: rupees(
      "The cost used: costOfAcquisition, or the value on 1 April 2001 where higher (s.55(2)(b)), and for a long-term listed equity share or equity-oriented fund's unit acquired before 1 February 2018 the higher of that and the lower of its value on 31 January 2018 and the consideration (s.55(2)(ac)).",
      2_000_000,
    ),
    costOfImprovement: rupees("The costs of improvement together.", 0),
    indexedCostOfAcquisition: rupees(
      "The cost indexed with the Cost Inflation Index of the transfer's year over that of the first year held (2001-02 at the earliest), to the paisa, half up (s.48 Explanation (iii)); null where the tax needs no indexed gain.",
      4_502_994.01,
    ).nullable(),
    indexedCostOfImprovement: rupees(
      "Each improvement indexed from its own year, together (s.48 Explanation (iv)); null with no indexation.",
      0,
    ).nullable(),
    gain: rupees(
      "fullValueOfConsideration less transferExpenses, costOfAcquisition and costOfImprovement (s.48; s.50AA: no improvement); negative for a loss.",
      7_410_000,
    ),
    indexedGain: rupees(
      "The gain with the indexed costs, where the tax uses it: a transfer before 23 July 2024 taxed under s.112 (not of a bond or debenture, nor a non-resident's unlisted security), and a resident's land or building acquired before 23 July 2024 (the lower of 12.5 % on gain and 20 % on this); null otherwise.",
      4_907_005.99,
    ).nullable(),
    exemption: z
      .object({
        section: z.enum(CAPITAL_GAIN_EXEMPTIONS).openapi({ description: "The exemption's section.", example: "54EC" }),
        exemptGain: rupees("The part of the gain not charged to tax.", 5_000_000),
        exemptIndexedGain: rupees("The same for the indexed gain; null without one.", 5_000_000).nullable(),
      })
      .optional()
      .openapi({ description: "Present only when the sale names an exemption: what it took off the gain." }),
    rule: z.string().openapi({
      description:
        "Every rule applied to the sale, in words, citing sections of the Income-tax Act, 1961 (tax year 2026-27 takes the same rules, carried into the Income-tax Act, 2025).",
      example:
        "Land or building held 5566 days: long-term, more than 24 months (s.2(42A) as amended from 23 July 2024); s.112; full value of consideration ₹95,00,000, the stamp duty value, as it is more than 110 % of the ₹80,00,000 received (s.50C(1) and its third proviso); gain: full value of consideration less transfer expenses, cost of acquisition and cost of improvement (s.48); indexed cost of acquisition ₹45,02,994.01: Cost Inflation Index 376 for 2025-26 over 167 for 2010-11 (s.48 Explanation), for a resident's land or building acquired before 23 July 2024, which pays the lower of 12.5 % on the gain and 20 % on the indexed gain (second proviso to s.112(1)(a)).",
    }),
  })
  .openapi("AssetSaleResult");

export const ComputeResultSchema = z
  .object({
    financialYear: z.enum(FINANCIAL_YEARS).openapi({ description: "Financial year computed.", example: "2025-26" }),
    yearLabel: z
      .string()
      .openapi({ description: "The year in the Act's terms: previous year and assessment year, or tax year.", example: "FY 2025-26 (AY 2026-27)" }),
    act: z.string().openapi({ description: "The Act governing the year.", example: "Income-tax Act, 1961" }),
    regimes: z.object({ old: RegimeResultSchema, new: RegimeResultSchema }),
    recommendedRegime: z.enum(REGIMES).openapi({
      description:
        "The regime with the lower total tax, or, when interest is worked out (profile.taxPayments given), the lower total tax plus interest and the late-filing fee (ties: new, the default). Always new when regimes.old.notAvailable is present: a return filed after its due date without income from business or profession cannot opt out of the new regime (s.115BAC(6)(ii)), nor can an updated return.",
      example: "new",
    }),
    recommendedRegimeSaving: wholeRupees(
      "How much less the recommended regime costs than the other: totalTax, plus totalInterest and lateFilingFee.fee when interest is worked out, and with an updated return its additionalTax, the difference rounded to the rupee. When the old regime is not available (regimes.old.notAvailable), what the new regime costs less than the old regime's figures, or 0 when it costs more.",
      96_360,
    ),
    chosenRegime: z
      .enum(REGIMES)
      .nullable()
      .openapi({ description: "The regime chosen with the employer, as the request gave it; null when not given.", example: "old" }),
    itr: z
      .object({
        form: z.enum(ITR_FORMS).openapi({
          description:
            "Return form under s.139(1) and Rule 12: ITR-1 (salary, up to two homes by year, other sources, s.112A gains up to ₹1,25,000), ITR-2 (other capital gains, winnings, non-residents), ITR-4 (presumptive income within its limits), ITR-3 (other business). Agricultural income above ₹5,000, foreign income and the facts of profile.returnFormFacts rule out ITR-1 and ITR-4 (the guide lists them).",
          example: "ITR-1",
        }),
        rule: z.string().openapi({ description: "The condition that decided the form.", example: "ITR-2: total income above ₹50,00,000 (50 lakh)" }),
      })
      .openapi({ description: "Return form for the recommended regime." }),
    savingMoves: z.array(SavingMoveSchema).openapi({
      description:
        "Actions that lower the tax, each priced alone; largest saving first, and for equal savings the smaller investment first. Always empty for an updated return (profile.updatedReturn): it is furnished after the year and its due date have passed, too late for a payment to count for the year or to opt out of the new regime.",
    }),
    capitalLossesToCarryForward: z
      .object({
        shortTerm: rupees(
          "Short-term capital loss to carry forward: this year's not set off, and what is left of the losses brought forward. Set off later against any capital gain.",
          40_000,
        ),
        longTerm: rupees("Long-term capital loss to carry forward, the same way; set off later against long-term gains only.", 0),
        shortTermLostToLateReturn: rupees(
          "This year's short-term loss not carried forward because profile.returnFiledOn is after the return's s.139(1) due date (s.80); 0 otherwise.",
          0,
        ),
        longTermLostToLateReturn: rupees("The same for this year's long-term loss.", 0),
      })
      .optional()
      .openapi({
        description:
          "Capital losses left for later years (s.74(1)): each may be set off in the eight assessment years after the one it arose in, which the caller keeps track of. The same in both regimes. Rupees, with the paise of the gains and losses entered, so a figure goes into next year's profile.capitalLossesBroughtForward as it is. Present only when profile.capitalGains, profile.assetSales or profile.capitalLossesBroughtForward is given.",
      }),
    capitalGainExemptions: z
      .array(
        z.object({
          index: z.number().int().openapi({ description: "Position (from 0) of the gain in profile.capitalGains.", example: 0 }),
          section: z.enum(CAPITAL_GAIN_EXEMPTIONS).openapi({ description: "The exemption's section.", example: "54EC" }),
          exemptGain: rupees("The part of the gain (without indexation) not charged to tax.", 500_000),
          exemptIndexedGain: rupees("The same for the indexed gain, where it is given; null otherwise.", 300_000).nullable(),
        }),
      )
      .optional()
      .openapi({
        description:
          "What each exemption took off its gain (ss.54, 54B, 54D, 54EC, 54F, 54G, 54GA), the same in both regimes; the gains in each regime's capital-gains figures are what is left. Present only when a gain of profile.capitalGains names an exemption; a sale's is in its assetSales entry.",
      }),
    assetSales: z.array(AssetSaleResultSchema).optional().openapi({
      description:
        "Present only when profile.assetSales is given: for each sale, in order, how it was classified and its gain worked out. The same in both regimes: it decides nothing a regime changes.",
    }),
    notes: z.array(z.string()).openapi({
      description:
        "How the input was read where it could be read two ways: an explicit figure used instead of the inputs beside it, a cap that could not be checked, a missing age.",
      example: ["deductions.section80CCD2: basic + DA not given, so the employer's contribution was allowed as reported"],
    }),
    disclaimer: z.string().openapi({ description: "The result is informational, not tax advice." }),
  })
  .openapi("ComputeResult");

/** `?detail=full` asks for the line-by-line working; without it each regime carries its totals only. */
export const ComputeQuerySchema = z
  .object({
    detail: z.enum(["full"]).optional().openapi({
      description:
        "`full` adds each regime's `deductions` (every exemption and deduction with what was allowed and why) and `slabs` (slab-by-slab tax). Without it the answer carries the totals, the recommended regime, the ITR form and the saving moves.",
      example: "full",
    }),
  })
  .strict();

const detailOnly = " Present only with `?detail=full`.";
// Whole objects, not `.extend()`s of the engine's result: the generator draws an extension of a named schema as allOf
// with it, where deductions and slabs would stay required.
export const RegimeAnswerSchema = z
  .object({
    ...RegimeResultSchema.shape,
    deductions: z
      .array(DeductionLineSchema)
      .optional()
      .openapi({ description: `Every exemption and deduction claimed, with what was allowed and why.${detailOnly}` }),
    slabs: z
      .array(SlabLineSchema)
      .optional()
      .openapi({ description: `Slab-by-slab tax on the income at slab rates.${detailOnly}` }),
  })
  .openapi("RegimeAnswer");

/** The `data` of a POST /api/v1/compute response: the engine's result, with the line detail only on request. */
export const ComputeAnswerSchema = z
  .object({ ...ComputeResultSchema.shape, regimes: z.object({ old: RegimeAnswerSchema, new: RegimeAnswerSchema }) })
  .openapi("ComputeAnswer");
export type ComputeAnswer = z.infer<typeof ComputeAnswerSchema>;
