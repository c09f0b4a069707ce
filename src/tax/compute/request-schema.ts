// The taxpayer profile: the input of POST /api/v1/compute and what /profiles stores. Amounts are annual rupees
// for the financial year (paise allowed); every field cites the section of the Income-tax Act, 1961 it feeds.
import { z } from "@hono/zod-openapi";
import { individualReturnDates, type IndividualReturnDates, parseIsoDate } from "../domain/deadlines";
import { financialYearLabel, financialYearStartOfLabel } from "../../platform/pure/financial-year";
import {
  ASSET_KINDS,
  type AssetSale,
  CAPITAL_GAIN_EXEMPTIONS,
  CAPITAL_GAIN_SECTIONS,
  CAPITAL_GAIN_SECURITIES,
  type CapitalGainExemption,
  classifyAssetSale,
  type CapitalGainSection,
  FINANCIAL_YEARS,
  FOREIGN_INCOME_HEADS,
  FOREIGN_TAX_RELIEFS,
  type ForeignIncomeHead,
  GOODS_CARRIAGE_KINDS,
  GRATUITY_RELIEF_MIN_YEARS,
  GRATUITY_THREE_YEARS_FROM,
  HOUSE_PROPERTY_TYPES,
  INCOME_PERIODS,
  incomeCountedUnder,
  incomeSplitByPeriodUnder,
  type IncomePeriod,
  LIMITS,
  hasBusinessIncome,
  presumptiveIneligibility,
  REGIMES,
  RESIDENTIAL_STATUSES,
  RETIREMENT_EMPLOYERS,
  SELF_OCCUPIED_INTEREST_CAPS,
  returnDueDate,
  type FinancialYear,
  type RetirementBenefits,
  type TaxInput,
} from "../domain/engine";
import { OTHER_CHAPTER_VIA, SECTION_10_EXEMPTIONS, type OtherChapterVIA, type Section10Exemption } from "../domain/engine/form16-figures";
import { formatPaise } from "../domain/engine/rounding";
import { COUNTRY_CODES } from "./countries";

/** ₹10,000 crore: above any individual's annual figure, and small enough that paise stay exact integers. */
export const MAX_AMOUNT = 100_000_000_000;

/**
 * Rupees to the paisa. A part of a paisa is refused rather than rounded away; the noise a binary floating-point sum
 * leaves (0.1 + 0.2 = 0.30000000000000004) is far smaller than any written decimal and reads as the paisa it stands for.
 */
function toThePaisa(rupees: number): boolean {
  const paise = rupees * 100;
  return Math.abs(paise - Math.round(paise)) <= Math.max(0.001, Math.abs(paise) * 2 ** -50);
}

const rupees = () => z.number().finite().refine(toThePaisa, "has a part of a paisa: send rupees with at most 2 decimals");

function amount(description: string, example: number) {
  return requiredAmount(description, example).optional();
}

function requiredAmount(description: string, example: number) {
  return rupees().nonnegative().max(MAX_AMOUNT).openapi({ description, example });
}

/** An amount that may be negative: a capital or business loss. */
function signedAmount(description: string, example: number) {
  return rupees().min(-MAX_AMOUNT).max(MAX_AMOUNT).openapi({ description, example });
}

/** A calendar date written YYYY-MM-DD. */
function isoDate(description: string, example: string) {
  return z
    .string()
    .superRefine((value, ctx) => {
      const parsed = parseIsoDate(value);
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.error });
    })
    .openapi({ description, example });
}

const PERIOD_WORDS: Readonly<Record<IncomePeriod, string>> = {
  by_15_june: "1 April to 15 June",
  by_15_september: "16 June to 15 September",
  by_15_december: "16 September to 15 December",
  by_15_march: "16 December to 15 March",
  by_31_march: "16 March to 31 March",
};

/** An annual amount split by the periods of the return's schedule, for the s.234C first proviso. */
function byPeriod(received: string, openapi: { description: string; example: Record<IncomePeriod, number> }) {
  return z
    .object(
      Object.fromEntries(INCOME_PERIODS.map((period) => [period, amount(`${received} ${PERIOD_WORDS[period]}.`, 0)])) as Record<
        IncomePeriod,
        ReturnType<typeof amount>
      >,
    )
    .strict()
    .optional()
    .openapi(openapi);
}

function age(description: string, example: number) {
  return z.number().int().min(0).max(130).openapi({ description, example });
}

const HraPeriodSchema = z
  .object({
    months: z.number().int().min(1).max(12).openapi({
      description: "How many months of the year the period covers, 1 to 12; the periods together cover at most 12.",
      example: 6,
    }),
    hraReceived: requiredAmount("House rent allowance received for these months.", 120_000),
    rentPaid: requiredAmount(
      "Rent actually paid for the home lived in during these months; 0 when none was paid, and the period's allowance is then taxed in full (s.10(13A), Explanation (b)).",
      108_000,
    ),
    basicPlusDA: requiredAmount(
      "Basic pay plus dearness allowance for these months: with turnoverCommission, the period's 'salary' of Rule 2A.",
      300_000,
    ),
    turnoverCommission: amount(
      "Commission at a fixed percentage of the turnover achieved by the employee, for these months: part of the period's 'salary' of Rule 2A, with basicPlusDA. Absent: 0.",
      0,
    ),
    isMetroCity: z.boolean().optional().openapi({
      description:
        "Whether the home rented in these months is in a city where the limb is 50 % of salary. Authoritative when given; otherwise the period's city decides, and without either the year's salary.isMetroCity and city.",
      example: false,
    }),
    city: z.string().trim().min(1).max(100).optional().openapi({
      description: "City of the home rented in these months, against the year's list (four metros; eight cities from tax year 2026-27).",
      example: "Pune",
    }),
  })
  .strict()
  .openapi("HraPeriod", {
    description:
      "Months of the year over which the house rent allowance, the rent, basic + DA and the place stayed the same (Rule 2A's 'relevant period').",
  });

/** Salary of each of the ten months s.10(10)(iii) or s.10(10AA)(ii) averages, in order. */
function tenMonthsSalary(description: string) {
  return z
    .array(requiredAmount("One month's salary.", 80_000))
    .length(10)
    .optional()
    .openapi({ description, example: [80_000, 80_000, 80_000, 80_000, 80_000, 80_000, 80_000, 80_000, 80_000, 80_000] });
}

/** A number of days of leave, half days allowed. */
function leaveDays(description: string, example: number) {
  return z.number().min(0).max(25_000).multipleOf(0.5, "must be whole or half days").optional().openapi({ description, example });
}

const SALARY_WORDS = "basic pay, dearness allowance where the terms of employment so provide, and commission at a fixed percentage of turnover";

const PrecedingYearSchema = z
  .object({
    totalIncome: requiredAmount("The year's total income as it was assessed: its return's total income.", 1_400_000),
    taxOnIncreasedIncome: requiredAmount(
      "The tax on that total income increased by the year's share of the payment (one-half or one-third of the payment's part in this year's total income, rounded to ₹10 with it), worked as that year's return was (its regime and rates): income-tax after the s.87A rebate, with surcharge and 4 % cess. Form 10E's annexure for the payment asks for the same figure.",
      345_800,
    ),
  })
  .strict()
  .openapi("PrecedingYear", {
    description:
      "One of the years immediately before this one, nearest first, for relief under s.89 on a payment that gathers years of service into this year (Rule 21A(3)-(5)): that year's average rate of tax is worked on its total income increased by its share of the payment.",
  });

/** The years immediately before this one for s.89 relief, as Rule 21A names them for the payment. */
function precedingYears(description: string) {
  return z
    .array(PrecedingYearSchema)
    .min(1)
    .max(3)
    .openapi({
      description,
      example: [
        { totalIncome: 1_400_000, taxOnIncreasedIncome: 345_800 },
        { totalIncome: 1_300_000, taxOnIncreasedIncome: 314_600 },
        { totalIncome: 1_200_000, taxOnIncreasedIncome: 283_400 },
      ],
    });
}

const RELIEF_WORDS =
  "each regime's paymentsRelief then taxes the payment's part in this year's total income at the lower of this year's average rate of tax and the average of these years' average rates";

const GratuitySchema = z
  .object({
    received: requiredAmount("Gratuity received on leaving the employment; it is part of grossSalary.", 1_600_000),
    coveredByPaymentOfGratuityAct: z.boolean().optional().openapi({
      description:
        "Whether the Payment of Gratuity Act, 1972 covers the employee: true for s.10(10)(ii), false for (iii). Required unless the employer is government or a local authority, whose gratuity is exempt in full (s.10(10)(i)).",
      example: true,
    }),
    lastMonthWages: amount(
      "s.10(10)(ii) only: the wages last drawn for a month, basic pay and dearness allowance (the Act's 'wages'). Fifteen days' wages are this divided by 26 and multiplied by 15 (its s.4(2)).",
      120_000,
    ),
    tenMonthsSalary: tenMonthsSalary(
      `s.10(10)(iii) only: the salary of each of the ten months before the month of leaving (${SALARY_WORDS}); their average is the 'average salary'.`,
    ),
    service: z
      .object({
        years: z.number().int().min(0).max(70).openapi({ description: "Completed years of service.", example: 20 }),
        months: z.number().int().min(0).max(11).optional().openapi({ description: "Months beyond the completed years. Absent: 0.", example: 7 }),
        days: z.number().int().min(0).max(30).optional().openapi({ description: "Days beyond those months. Absent: 0.", example: 0 }),
      })
      .strict()
      .optional()
      .openapi({
        description:
          "Length of service with the employer paying the gratuity. Under s.10(10)(ii) a part of a year of more than six months counts as a year (the Act's s.4(2)); under (iii) only completed years count.",
      }),
    exemptedEarlier: amount(
      "Gratuity exempt under s.10(10) in earlier years, from any employer: the ₹20,00,000 ceiling is reduced by it (second proviso to s.10(10)). Absent: 0.",
      0,
    ),
    precedingYears: precedingYears(
      `To claim relief under s.89 on the part of the gratuity not exempt (tax year 2026-27: s.157 of the Income-tax Act, 2025), for past services of at least five years (Rule 21A(1)(b)): the two years before this one for service under fifteen years, each with one-half of that part (Rule 21A(3)(b)), the three years before it for fifteen years or more, each with one-third (Rule 21A(3)(c)); ${RELIEF_WORDS}. Absent: no relief claimed.`,
    ).optional(),
  })
  .strict()
  .openapi({
    description:
      "Gratuity received on retirement, resignation, termination or incapacity (s.10(10)). Gratuity received while still in service is taxable in full: leave it out here.",
  });

const CommutedPensionSchema = z
  .object({
    received: requiredAmount(
      "The commuted value of pension received (a lump sum for part or all of the pension); it is part of grossSalary.",
      600_000,
    ),
    fullCommutedValue: amount(
      "The commuted value of the whole pension, as the scheme's table gives it (at least received). Give this or portionCommuted when the employer is other.",
      1_800_000,
    ),
    portionCommuted: z
      .object({
        numerator: z.number().int().min(1).max(100).openapi({ description: "Numerator of the part commuted.", example: 1 }),
        denominator: z.number().int().min(1).max(100).openapi({ description: "Denominator of the part commuted.", example: 3 }),
      })
      .strict()
      .optional()
      .openapi({
        description:
          "The part of the pension commuted, as a fraction (one-third: 1/3; 40 %: 40/100): the whole pension's commuted value is then received divided by it. Give this or fullCommutedValue when the employer is other.",
      }),
    gratuityReceived: z.boolean().optional().openapi({
      description:
        "Whether the employee receives gratuity (in this year or another): one-third of the whole pension's commuted value is then exempt, one-half otherwise (s.10(10A)(ii)). Absent: true when the profile has gratuity (retirementBenefits.gratuity or exemptions10 10(10)), false otherwise.",
      example: true,
    }),
    precedingYears: precedingYears(
      `To claim relief under s.89 on the part of the commuted pension not exempt (tax year 2026-27: s.157 of the Income-tax Act, 2025): the three years before this one, each with one-third of that part (Rule 21A(5)); ${RELIEF_WORDS}. For employer other only: the commuted pension of the Government, a local authority or a statutory corporation is exempt in full. Absent: no relief claimed.`,
    ).optional(),
  })
  .strict()
  .openapi({ description: "A payment in commutation of pension (s.10(10A))." });

const LeaveEncashmentSchema = z
  .object({
    received: requiredAmount(
      "Cash equivalent of the earned leave at credit received on retirement or resignation; it is part of grossSalary.",
      700_000,
    ),
    tenMonthsSalary: tenMonthsSalary(
      `s.10(10AA)(ii): the salary drawn in each of the ten months immediately before retirement (${SALARY_WORDS}); their average is the 'average salary'.`,
    ),
    leaveAtCreditDays: leaveDays("s.10(10AA)(ii): the earned leave at credit on retirement, in days, the leave encashed.", 240),
    completedYearsOfService: z.number().int().min(0).max(70).optional().openapi({
      description: "s.10(10AA)(ii): completed years of actual service with this employer; leave counts at no more than 30 days for each.",
      example: 20,
    }),
    leaveTakenInServiceDays: leaveDays(
      "s.10(10AA)(ii): earned leave taken or encashed during service, in days: it comes off the 30 days a year. Absent: 0.",
      300,
    ),
    exemptedEarlier: amount(
      "Leave encashment exempt under s.10(10AA)(ii) in earlier years: the ₹25,00,000 ceiling is reduced by it (second proviso). Absent: 0.",
      0,
    ),
  })
  .strict()
  .openapi({
    description:
      "Earned leave encashed on retirement, whether on superannuation or otherwise (resignation included) (s.10(10AA)). Leave encashed while still in service is taxable in full: leave it out here.",
  });

const RetirementBenefitsSchema = z
  .object({
    employer: z.enum(RETIREMENT_EMPLOYERS).optional().openapi({
      description:
        "Who pays the benefits: government (Central or State), local_authority, statutory_corporation, or other. It decides the clauses: a government's gratuity, commuted pension and leave encashment are exempt in full; a local authority's gratuity and commuted pension; a statutory corporation's commuted pension only. Absent: government when salary.isGovernmentEmployer is true, other otherwise.",
      example: "other",
    }),
    gratuity: GratuitySchema.optional(),
    commutedPension: CommutedPensionSchema.optional(),
    leaveEncashment: LeaveEncashmentSchema.optional(),
  })
  .strict()
  .openapi("RetirementBenefits", {
    description:
      "Benefits received on leaving employment, their exempt part worked out from these facts: gratuity (s.10(10)), commuted pension (s.10(10A)), leave encashment (s.10(10AA)). Each is part of grossSalary, so together they cannot exceed it; exempt in both regimes; not also in exemptions10. Ceilings (₹20,00,000 gratuity, ₹25,00,000 leave encashment) as for leaving from 1 April 2023. Each regime's salary.retirementBenefits shows the working",
    example: {
      employer: "other",
      gratuity: { received: 1_600_000, coveredByPaymentOfGratuityAct: true, lastMonthWages: 120_000, service: { years: 20, months: 7 } },
      leaveEncashment: {
        received: 700_000,
        tenMonthsSalary: [80_000, 80_000, 80_000, 80_000, 80_000, 80_000, 80_000, 80_000, 80_000, 80_000],
        leaveAtCreditDays: 240,
        completedYearsOfService: 20,
      },
    },
  });

const TerminationCompensationSchema = z
  .object({
    received: requiredAmount(
      "Compensation received from the employer or former employer at or in connection with the termination of the employment (a profit in lieu of salary, s.17(3)(i)); it is part of grossSalary. The part of it in total income is what exemptions10 10(10B), retrenchment compensation, leaves.",
      900_000,
    ),
    continuousServiceYears: z.number().int().min(0).max(70).openapi({
      description: "Completed years of continuous service before the termination: relief needs at least three (Rule 21A(1)(c)).",
      example: 8,
    }),
    unexpiredTermYears: z.number().int().min(0).max(70).openapi({
      description: "Completed years of the term of employment left unexpired at the termination: relief needs at least three (Rule 21A(1)(c)).",
      example: 5,
    }),
    precedingYears: precedingYears(
      `The three years before this one, each with one-third of the compensation's part in total income (Rule 21A(4)); ${RELIEF_WORDS}.`,
    ),
  })
  .strict()
  .openapi("TerminationCompensation", {
    description:
      "Compensation on the termination of employment, to claim relief under s.89 on it (Rule 21A(4); tax year 2026-27: s.157 of the Income-tax Act, 2025). Not for an amount under a voluntary retirement or separation scheme once an exemption under s.10(10C) has been claimed for it or for any other amount, in this year or any other (proviso to s.89).",
    example: {
      received: 900_000,
      continuousServiceYears: 8,
      unexpiredTermYears: 5,
      precedingYears: [
        { totalIncome: 600_000, taxOnIncreasedIncome: 96_200 },
        { totalIncome: 550_000, taxOnIncreasedIncome: 85_800 },
        { totalIncome: 500_000, taxOnIncreasedIncome: 75_400 },
      ],
    },
  });

export const SalarySchema = z
  .object({
    grossSalary: amount(
      "Gross salary for the year, s.17(1)-(3) (Form 16 Part B row 1(d)), including HRA and any employer NPS contribution (s.17(1)(viii)).",
      1_800_000,
    ),
    basicPlusDA: amount(
      "Basic pay plus dearness allowance that counts for retirement benefits: the 'salary' of s.80CCD, and with turnoverCommission of Rule 2A for s.10(13A). With hraPeriods it must be at least their sum (equal to it when they cover 12 months), or be left out (it is then their sum).",
      900_000,
    ),
    turnoverCommission: amount(
      "Commission at a fixed percentage of the turnover achieved by the employee, for the year (part of grossSalary): Rule 2A's 'salary' for s.10(13A) is basic + DA and this commission (Rule 2(h) of Part A of the Fourth Schedule, as the Supreme Court read it in Gestetner Duplicators v. CIT, 1978). It is not part of the s.80CCD salary. With hraPeriods, give each period's commission in the period instead. Absent: 0.",
      0,
    ),
    hraReceived: amount(
      "House rent allowance received, s.10(13A). With hraPeriods it must equal their sum, or be left out (it is then their sum).",
      360_000,
    ),
    rentPaid: amount(
      "Rent actually paid for the home lived in, s.10(13A) with Rule 2A. With hraPeriods it must equal their sum, or be left out (it is then their sum).",
      300_000,
    ),
    isMetroCity: z.boolean().optional().openapi({
      description:
        "Whether the rented home is in a city where the s.10(13A) limb is 50 % of salary (Rule 2A). Authoritative when given; otherwise `city` decides.",
      example: true,
    }),
    hraPeriods: z
      .array(HraPeriodSchema)
      .min(1)
      .max(12)
      .optional()
      .openapi({
        description:
          "The s.10(13A) exemption worked period by period (Rule 2A): one entry for each stretch of months in which the allowance, rent, basic + DA or city changed, each exempting the least of the Rule's three limbs (nothing without rent). At most 12 months; hraReceived, rentPaid and basicPlusDA must agree with the periods, as the guide says. Without hraPeriods the year is one period.",
        example: [
          { months: 6, hraReceived: 120_000, rentPaid: 108_000, basicPlusDA: 300_000, city: "Pune" },
          { months: 6, hraReceived: 150_000, rentPaid: 240_000, basicPlusDA: 360_000, city: "Mumbai" },
        ],
      }),
    professionalTax: amount("Tax on employment paid, s.16(iii) (old regime only; at most ₹2,500 under Art. 276(2)).", 2_500),
    isGovernmentEmployer: z.boolean().optional().openapi({
      description: "Employer is the Central or a State Government: s.80CCD(2) allows 14 % instead of 10 % in the old regime.",
      example: false,
    }),
    isPension: z.boolean().optional().openapi({
      description:
        "true when grossSalary is a pension from a former employer and there was no employment in the year: an own NPS contribution (deductions.section80CCD1) is then held to 20 % of gross total income, as for anyone who is not an employee (s.80CCD(1)(b)), and needs no basicPlusDA. A pension carries no house rent allowance and no employer NPS contribution: with either, a 400.",
      example: false,
    }),
    employerPfContribution: amount(
      "Employer's contribution to a recognised provident fund for the year. With the employer's NPS contribution (deductions.section80CCD2) and superannuation contribution, the part of the total above ₹7,50,000 is taxed as a perquisite, s.17(2)(vii) (all years). Not part of grossSalary.",
      108_000,
    ),
    employerSuperannuationContribution: amount(
      "Employer's contribution to an approved superannuation fund for the year, counted in the s.17(2)(vii) ₹7,50,000 aggregate (all years). Not part of grossSalary.",
      0,
    ),
    exemptions10: z
      .object(
        Object.fromEntries(
          SECTION_10_EXEMPTIONS.map((section) => [
            section,
            amount(`Exempt under s.${section === "10(other)" ? "10, any other clause" : section}, as Form 16 row 2 reports it.`, 0),
          ]),
        ) as Record<Section10Exemption, ReturnType<typeof amount>>,
      )
      .strict()
      .optional()
      .openapi({
        description:
          "s.10 exemptions as the employer reported them (Form 16 row 2 and 2(g)), by section. A reported 10(13A) replaces working HRA out. 10(10C) is exempt up to ₹5,00,000 in one year of a lifetime (not with s.89 relief for it). The new regime bars 10(5), 10(13A), 10(14) and 10(other) (s.115BAC(2)(i)): report 10(10B) and 10(10C) by section, as they stay exempt. For 10(10), 10(10A) or 10(10AA) worked out from the facts, use retirementBenefits instead (not both)",
        example: { "10(13A)": 120_000, "10(5)": 30_000 },
      }),
    retirementBenefits: RetirementBenefitsSchema.optional(),
    terminationCompensation: TerminationCompensationSchema.optional(),
  })
  .strict()
  .openapi({ description: "Income under the head Salaries, s.15-17. Missing numbers count as 0." });

export const HousePropertySchema = z
  .object({
    type: z.enum(HOUSE_PROPERTY_TYPES).openapi({
      description: "self_occupied: nil annual value, s.23(2) (at most two; a third is deemed let out, s.23(4)); let_out: annual value per s.23(1).",
      example: "self_occupied",
    }),
    annualRent: amount("Rent received or receivable for the year, s.23(1) (expected rent for a deemed let-out home).", 0),
    municipalTaxesPaid: amount("Municipal taxes paid by the owner in the year, deducted from annual value, s.23(1) proviso.", 0),
    interestOnHousingLoan: amount(
      "Interest payable on a loan for the property, s.24(b): for self-occupied homes allowed in the old regime only, at most ₹30,000 for the homes whose interestCap is other together and ₹2,00,000 for all of them together; uncapped for let-out. Include the year's instalment of the interest for the years before the home was acquired or built: a fifth of it, in the year of completion and each of the four after (s.24(b)), within the same caps.",
      150_000,
    ),
    interestCap: z.enum(SELF_OCCUPIED_INTEREST_CAPS).optional().openapi({
      description:
        "A self_occupied home's only: which s.24(b) cap its loan interest falls under. acquisition_or_construction (the default): a loan from 1 April 1999 to acquire or construct it, completed within five years; ₹2,00,000. other: any other loan; such homes together at most ₹30,000. All self-occupied homes together at most ₹2,00,000; nothing in the new regime. A home deemed let out (s.23(4)) has its interest in full.",
      example: "acquisition_or_construction",
    }),
  })
  .strict()
  .superRefine((property, ctx) => {
    if (property.interestCap !== undefined && property.type !== "self_occupied") {
      ctx.addIssue({ code: "custom", path: ["interestCap"], message: "applies to a self_occupied home only: a let-out home's interest has no cap" });
    }
  })
  .openapi({ description: "One house property, income under the head House property, ss.22-27." });

export const OtherIncomeSchema = z
  .object({
    savingsInterest: amount("Interest on savings accounts, s.56 (s.80TTA / s.80TTB).", 8_000),
    depositInterest: amount("Interest on fixed and recurring deposits, s.56 (s.80TTB for resident senior citizens).", 0),
    dividends: amount(
      "Dividends, s.56(2)(i). A resident's are taxed at the slab rates. A non-resident's are taxed at 20 % under s.115A (tax year 2026-27: s.207 of the Income-tax Act, 2025) in both regimes, with no basic exemption, no Chapter VI-A deduction and no s.87A rebate against them, or at a tax treaty's rate given in dividendTreatyRatePercent where that costs less. Surcharge on their tax at 20 % is capped at 15 %.",
      0,
    ),
    dividendInterestExpense: amount(
      "Interest paid in the year on money borrowed to earn the dividends (mutual-fund income in dividends included): their only deduction, at most 20 % of them, in both regimes (s.57(i) proviso), shown as otherSources.dividendInterestDeduction. None against a non-resident's dividends under s.115A, nor from tax year 2026-27 (the notes say so). Needs dividends.",
      30_000,
    ),
    dividendTreatyRatePercent: z
      .number()
      .gt(0)
      .max(100)
      .multipleOf(0.1, "must be a percent with at most one decimal, such as 15 or 7.5")
      .optional()
      .openapi({
        description:
          "A non-resident's only (otherwise a 400), with dividends: the rate, in percent with at most one decimal, at which the tax treaty with the country of residence caps India's tax on gross dividends. Charged where it is more beneficial than s.115A's 20 % (s.90(2); tax year 2026-27: s.159(4)), with no surcharge or cess; see each regime's dividendTreaty.",
        example: 15,
      }),
    dividendsByPeriod: byPeriod("Dividends received", {
      description:
        "dividends split by when they were received, by the return's periods, adding up to dividends; for s.234C only (its first proviso; tax year 2026-27: s.425). Absent: received by 15 June, which gives the most interest, as the notes say. A deemed dividend under s.2(22)(e) is outside that proviso: count it in by_15_june.",
      example: { by_15_june: 0, by_15_september: 12_000, by_15_december: 0, by_15_march: 8_000, by_31_march: 0 },
    }),
    familyPension: amount("Family pension received, s.56(2)(ii), with the s.57(iia) deduction.", 0),
    casualWinnings: amount(
      "Winnings from lotteries, crossword puzzles, races, card and online games, gambling or betting, s.56(2)(ib): taxed at 30 % under s.115BB (online games: s.115BBJ; tax year 2026-27: s.194 of the Income-tax Act, 2025) with no basic exemption, no deduction and no s.87A rebate.",
      0,
    ),
    casualWinningsByPeriod: byPeriod("Winnings received", {
      description:
        "casualWinnings split by when they were won, by the return's periods; the parts must add up to casualWinnings (winnings of every kind, s.2(24)(ix)); for s.234C only (its first proviso; tax year 2026-27: s.425). Absent: won by 15 June, which gives the most interest, as the notes say.",
      example: { by_15_june: 0, by_15_september: 0, by_15_december: 0, by_15_march: 500_000, by_31_march: 0 },
    }),
    reportedToEmployer: amount("Income from other sources the employee reported to the employer for TDS, Form 16 row 7(b), as a net figure.", 0),
  })
  .strict()
  .openapi({ description: "Income from other sources, ss.56-57. Missing numbers count as 0." });

type ExemptionSection = (typeof CAPITAL_GAIN_EXEMPTIONS)[number];

/**
 * The gains each exemption can have, by the kind of asset its sub-section (1) names: ss.54, 54EC and 54F only
 * long-term ones; ss.54B, 54D, 54G and 54GA any term, but never listed shares or fund units (ss.111A, 112A).
 */
const EXEMPT_GAINS: Record<ExemptionSection, { sections: readonly CapitalGainSection[]; asset: string }> = {
  "54": { sections: ["112"], asset: "long-term gains on a residential house" },
  "54B": { sections: ["112", "short_term_other"], asset: "gains on land used for agricultural purposes" },
  "54D": { sections: ["112", "short_term_other"], asset: "gains on land or buildings of an industrial undertaking acquired compulsorily" },
  "54EC": { sections: ["112"], asset: "long-term gains on land or buildings" },
  "54F": { sections: ["112", "112A"], asset: "long-term gains" },
  "54G": {
    sections: ["112", "short_term_other"],
    asset: "gains on machinery, plant, land or buildings of an industrial undertaking shifted out of an urban area",
  },
  "54GA": {
    sections: ["112", "short_term_other"],
    asset: "gains on machinery, plant, land or buildings of an industrial undertaking shifted to a Special Economic Zone",
  },
};

/** Which of the two lists a limit across them is reported on, and their name in its message. */
function listsNaming(inGains: boolean, inSales: boolean): { path: "capitalGains" | "assetSales"; words: string } {
  if (!inSales) return { path: "capitalGains", words: "gains" };
  return { path: "assetSales", words: inGains ? "gains and sales" : "sales" };
}

/** First proviso to s.54(1): two houses only where the capital gain does not exceed ₹2 crore. */
const TWO_HOUSES_GAIN_LIMIT = 20_000_000;

/**
 * Why a gain's exemption cannot apply as given, or null. The two-house limit is on the gain as s.48 computes it:
 * with indexation for a transfer before 23 July 2024, where the indexed gain is given.
 */
function exemptionProblem(entry: {
  section: CapitalGainSection;
  gain: number;
  indexedGain?: number | undefined;
  transferredBefore23July2024?: boolean | undefined;
  exemption?: { section: ExemptionSection; netConsideration?: number | undefined; twoHouses?: boolean | undefined } | undefined;
}): { field: "section" | "netConsideration" | "twoHouses"; message: string } | null {
  const exemption = entry.exemption;
  if (exemption === undefined) return null;
  if (entry.gain <= 0) return { field: "section", message: "a loss has no gain to exempt" };
  const { sections, asset } = EXEMPT_GAINS[exemption.section];
  if (!sections.includes(entry.section)) {
    return { field: "section", message: `s.${exemption.section} applies to ${asset} (section ${sections.join(" or ")})` };
  }
  if (exemption.section !== "54F" && exemption.netConsideration !== undefined) return { field: "netConsideration", message: "applies to s.54F only" };
  if (exemption.section !== "54" && exemption.twoHouses !== undefined) return { field: "twoHouses", message: "applies to s.54 only" };
  if (exemption.section === "54F") {
    if (exemption.netConsideration === undefined) return { field: "netConsideration", message: "s.54F needs the net consideration" };
    if (exemption.netConsideration < entry.gain) return { field: "netConsideration", message: "must be at least the gain: the gain is a part of it" };
  }
  const gain = entry.transferredBefore23July2024 === true && entry.indexedGain !== undefined ? entry.indexedGain : entry.gain;
  if (exemption.twoHouses === true && gain > TWO_HOUSES_GAIN_LIMIT) {
    return {
      field: "twoHouses",
      message: `two houses may be bought only with a capital gain of at most ₹2,00,00,000 (first proviso to s.54(1)); this one is ${formatPaise(Math.round(gain * 100))}`,
    };
  }
  return null;
}

/** A reinvestment that exempts a gain or part of it (ss.54-54GA), the same for a capital gain and a sale. */
const CapitalGainExemptionSchema = z
  .object({
    section: z.enum(CAPITAL_GAIN_EXEMPTIONS).openapi({
      description:
        "The section whose reinvestment exempts the gain: 54 (a house into another house, two with twoHouses), 54B (agricultural land), 54D (compulsorily acquired industrial land or buildings), 54EC (bonds, at most ₹50,00,000 a year), 54F (any other long-term asset into a house), 54G and 54GA (an industrial undertaking moved out of an urban area, or into a SEZ). Conditions: the guide's Capital gains section.",
      example: "54EC",
    }),
    invested: requiredAmount(
      "What was put into the new asset: the new house or houses (counted up to ₹10 crore), the agricultural land, the land or buildings for the undertaking, the bonds, or (54G, 54GA) the new machinery, plant, land or buildings and the expenses of shifting; including what was deposited in the capital gains account scheme by the return's due date.",
      500_000,
    ),
    netConsideration: requiredAmount("s.54F only: the full value of consideration less transfer expenses, at least the gain.", 2_000_000).optional(),
    twoHouses: z.boolean().optional().openapi({
      description:
        "s.54 only: the gain went into two residential houses in India, allowed where the capital gain (the indexed gain for a transfer before 23 July 2024, where given) is at most ₹2,00,00,000 (first proviso to s.54(1)); invested is then the cost of both, up to ₹10 crore together. Once in a lifetime: earlier years are yours to check. A larger gain, or the option on more than one gain, is refused.",
      example: true,
    }),
  })
  .strict()
  .optional()
  .openapi({
    description:
      "A reinvestment that exempts the gain or part of it. ss.54, 54B, 54D, 54EC, 54G and 54GA exempt the gain up to what was invested; s.54F the gain in the proportion the investment bears to the net consideration. The conditions of time, of the kind of asset and (s.54F) of not owning more than one other house are the caller's to check.",
  });

/** A section 112 gain's security names the 10 % limbs of s.112(1) as it stood before 23 July 2024: only for such transfers. */
function securityProblems(
  entry: {
    security?: string | undefined;
    transferredBefore23July2024?: boolean | undefined;
    landOrBuildingAcquiredBefore23July2024?: boolean | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  if (entry.security === undefined) return;
  if (entry.transferredBefore23July2024 !== true) {
    ctx.addIssue({
      code: "custom",
      path: ["security"],
      message:
        "applies only to a transfer before 23 July 2024 (transferredBefore23July2024: true, FY 2024-25): from that day a section 112 gain is taxed at 12.5 % without indexation whatever the asset",
    });
  }
  if (entry.landOrBuildingAcquiredBefore23July2024 === true) {
    ctx.addIssue({
      code: "custom",
      path: ["security"],
      message: "land or a building is not a security: give landOrBuildingAcquiredBefore23July2024 or security, not both",
    });
  }
}

export const CapitalGainSchema = z
  .object({
    section: z.enum(CAPITAL_GAIN_SECTIONS).openapi({
      description:
        "111A: short-term gain on listed equity shares, equity-fund units or business trust units sold with STT (15 % before 23 July 2024, 20 % after; ITA 2025 s.196). " +
        "112A: long-term gain on the same (10 % before 23 July 2024, 12.5 % after, on gains above ₹1,25,000 a year; ITA 2025 s.198). " +
        "112: any other long-term gain (20 % with indexation before 23 July 2024, with the 10 % limbs that security names; 12.5 % without indexation after; ITA 2025 s.197). " +
        "short_term_other: any other short-term gain, taxed at the slab rates.",
      example: "112A",
    }),
    gain: signedAmount("Sale consideration less cost and transfer expenses, s.48, without indexation. Negative for a loss.", 250_000),
    transferredBefore23July2024: z.boolean().optional().openapi({
      description:
        "FY 2024-25 only: the transfer took place before 23 July 2024, so the old rates apply. Rejected for later years, and without financialYear (the default is the current year).",
      example: false,
    }),
    indexedGain: signedAmount(
      "s.112 only: the gain with indexed cost of acquisition and improvement. Used for transfers before 23 July 2024 (20 % with indexation), and for land or buildings acquired before that date (see landOrBuildingAcquiredBefore23July2024).",
      180_000,
    ).optional(),
    arose: z.enum(INCOME_PERIODS).optional().openapi({
      description:
        "When the gain arose, by the return's periods (by_15_june, by_15_september, by_15_december, by_15_march, by_31_march), for s.234C only (its first proviso; tax year 2026-27: s.425): tax on a gain is not due in the instalments before it arose. Absent: arisen by 15 June, which gives the most interest, as the notes say.",
      example: "by_15_december",
    }),
    exemption: CapitalGainExemptionSchema,
    landOrBuildingAcquiredBefore23July2024: z.boolean().optional().openapi({
      description:
        "s.112 only: the asset is land or a building acquired before 23 July 2024. A resident then pays the lower of 12.5 % without indexation and 20 % on indexedGain, each on the gain less any basic exemption set against it (s.112(1)(a) provisos; ITA 2025 s.197(3)).",
      example: false,
    }),
    security: z.enum(CAPITAL_GAIN_SECURITIES).optional().openapi({
      description:
        "s.112 with transferredBefore23July2024 (FY 2024-25) only: the kind of security, for the 10 % limbs of s.112(1) as it then stood. listed_other_than_unit and zero_coupon_bond: the lower of 20 % on indexedGain and 10 % on gain. unlisted: a non-resident 10 % on gain (s.112(1)(c)(iii)), a resident 20 % on indexedGain. Refused for other sections, later transfers and with landOrBuildingAcquiredBefore23July2024.",
      example: "listed_other_than_unit",
    }),
  })
  .strict()
  .superRefine((entry, ctx) => {
    const problem = exemptionProblem(entry);
    if (problem !== null) ctx.addIssue({ code: "custom", path: ["exemption", problem.field], message: problem.message });
    if (entry.section === "112") {
      securityProblems(entry, ctx);
      return;
    }
    for (const field of ["indexedGain", "landOrBuildingAcquiredBefore23July2024", "security"] as const) {
      if (entry[field] !== undefined) ctx.addIssue({ code: "custom", path: [field], message: "applies to section 112 gains only" });
    }
  })
  .openapi({ description: "One capital gain or loss of the year, ss.45-55A." });

// What each kind covers; the guide's table of asset kinds gives each one's holding period, section and rate.
const ASSET_KIND_WORDS =
  "listed_equity_share: an equity share listed on a recognised stock exchange in India, sold with securities transaction tax (and, for s.112A, bought with it unless CBDT exempts the purchase). " +
  "equity_oriented_fund_unit: a unit of an equity-oriented fund (s.112A Explanation), sold with securities transaction tax. " +
  "business_trust_unit: a listed unit of a REIT or InvIT sold on a recognised stock exchange in India with securities transaction tax; costOfAcquisition less what s.48 Explanation 1 takes off. " +
  "listed_security_other: any other listed security that is not a unit and keeps indexation (preference shares, sovereign gold bonds, capital indexed bonds), or a listed equity share sold without securities transaction tax. " +
  "listed_bond_or_debenture: a listed bond or debenture, government securities and listed zero coupon bonds included (not a market linked debenture). " +
  "listed_fund_unit_other: a listed unit of a fund other than an equity-oriented fund (gold or debt exchange-traded funds), unless specified_mutual_fund_unit. " +
  "unlisted_share: a share not listed in India, foreign shares included. " +
  "land_or_building: land, a building or both (s.50C's stamp duty value; a resident's acquired before 23 July 2024 pays the lower of two taxes). " +
  "specified_mutual_fund_unit: a unit acquired on or after 1 April 2023 of a specified mutual fund (s.50AA). " +
  "market_linked_debenture: s.50AA. " +
  "unlisted_bond_or_debenture: an unlisted bond or debenture other than a zero coupon bond. " +
  "unlisted_zero_coupon_bond: a zero coupon bond (s.2(48)) not listed in India. " +
  "other: any other capital asset (gold, jewellery, works of art, units of unlisted funds); a non-resident's long-term one transferred before 23 July 2024 is refused: give it in capitalGains. " +
  "A business trust's unit sold without securities transaction tax, or before it was listed, is not among these: give its gain in capitalGains.";

const ImprovementCostSchema = z
  .object({
    financialYear: z
      .string()
      .refine((value) => financialYearStartOfLabel(value) !== null, 'must be a financial year written like "2015-16"')
      .openapi({ description: "The financial year the expenditure was incurred in, whose Cost Inflation Index indexes it.", example: "2015-16" }),
    amount: requiredAmount("Capital expenditure on additions or alterations in that year.", 300_000),
  })
  .strict();

export const AssetSaleSchema = z
  .object({
    asset: z.enum(ASSET_KINDS).openapi({
      description: `The kind of asset, which decides the holding period (s.2(42A)), the section, the rate and the cost rules (the guide's table of asset kinds). ${ASSET_KIND_WORDS}`,
      example: "land_or_building",
    }),
    acquired: isoDate(
      "Date the asset became yours, YYYY-MM-DD: the purchase or allotment; for an asset received by gift, will or inheritance (s.49(1)) the previous owner's date, whose holding counts as yours (s.2(42A) Explanation 1(i)(b)). Not after transferred.",
      "2010-06-15",
    ),
    transferred: isoDate(
      "Date of the sale, redemption or other transfer, YYYY-MM-DD, within the request's financialYear (which assetSales needs). Before or from 23 July 2024 decides the holding period, the rate and indexation.",
      "2025-09-10",
    ),
    saleConsideration: requiredAmount("What the transfer brought in, or the redemption or maturity paid: the consideration before s.50C.", 8_000_000),
    transferExpenses: amount(
      "Expenditure wholly and exclusively in connection with the transfer (brokerage, legal fees); not securities transaction tax (s.48). 0 when absent.",
      90_000,
    ),
    costOfAcquisition: requiredAmount(
      "What the asset cost: its price with the expenses of buying it; 0 for bonus shares or units (s.55(2)(aa)). For an asset received by gift, will or inheritance, the previous owner's cost (s.49(1)).",
      2_000_000,
    ),
    costOfImprovement: z
      .array(ImprovementCostSchema)
      .max(20)
      .optional()
      .openapi({
        description:
          "Capital expenditure on additions or alterations (s.55(1)(b)), each with its financial year, which indexation needs: from 2001-02 (earlier improvements do not count), not before the year of acquisition and not after the year of the transfer. Not for a s.50AA asset.",
        example: [{ financialYear: "2015-16", amount: 300_000 }],
      }),
    fairMarketValueOn31January2018: amount(
      "Listed equity share, equity-oriented fund's unit or business trust's unit acquired before 1 February 2018 only: its highest price on a recognised stock exchange on 31 January 2018, or an unlisted unit's net asset value that day (s.55(2)(ac) Explanation). The cost is then the higher of costOfAcquisition and the lower of this value and saleConsideration. Without it the cost is costOfAcquisition.",
      450,
    ),
    fairMarketValueOn1April2001: amount(
      "An asset acquired before 1 April 2001 only: its fair market value on that day, taken as the cost where higher (s.55(2)(b)); for land or building at most its stamp duty value that day (proviso), which is yours to apply. Not for a s.50AA asset.",
      800_000,
    ),
    stampDutyValue: amount(
      "Land or building only: the value the stamp duty authority adopted or assessed for the transfer (or on the date of the agreement, where the first and second provisos to s.50C(1) allow it). Where it exceeds 110 % of saleConsideration it is the full value of consideration (s.50C(1) and its third proviso).",
      9_500_000,
    ),
    exemption: CapitalGainExemptionSchema,
    label: z.string().trim().min(1).max(100).optional().openapi({
      description: "Your own name for the sale, up to 100 characters, echoed in the result's assetSales.",
      example: "Flat in Pune",
    }),
  })
  .strict()
  .openapi("AssetSale", {
    description:
      "One sale (transfer) of a capital asset as the seller holds it: the service classifies it and works out its gain, and the gain joins the capital gains of the year.",
  });

type AssetSaleInput = z.infer<typeof AssetSaleSchema>;

function toExemption(exemption: NonNullable<AssetSaleInput["exemption"]>): CapitalGainExemption {
  return { section: exemption.section, invested: exemption.invested, netConsideration: exemption.netConsideration ?? null };
}

function toAssetSale(sale: AssetSaleInput): AssetSale {
  return {
    asset: sale.asset,
    acquired: sale.acquired,
    transferred: sale.transferred,
    saleConsideration: sale.saleConsideration,
    transferExpenses: sale.transferExpenses ?? 0,
    costOfAcquisition: sale.costOfAcquisition,
    costOfImprovement: sale.costOfImprovement ?? [],
    fairMarketValueOn31January2018: sale.fairMarketValueOn31January2018 ?? null,
    fairMarketValueOn1April2001: sale.fairMarketValueOn1April2001 ?? null,
    stampDutyValue: sale.stampDutyValue ?? null,
    ...(sale.exemption === undefined ? {} : { exemption: toExemption(sale.exemption) }),
    label: sale.label ?? null,
  };
}

/** Each sale classified as the engine will: what cannot be, and an exemption its derived gain cannot have. */
function assetSaleProblems(profile: Profile, ctx: z.RefinementCtx): void {
  (profile.assetSales ?? []).forEach((sale, index) => {
    // A malformed date has its own issue already.
    if (!parseIsoDate(sale.acquired).ok || !parseIsoDate(sale.transferred).ok) return;
    const outcome = classifyAssetSale(toAssetSale(sale), profile.residentialStatus);
    if (!outcome.ok) {
      ctx.addIssue({ code: "custom", path: ["assetSales", index, ...outcome.problem.path], message: outcome.problem.message });
      return;
    }
    const { entry } = outcome;
    const problem = exemptionProblem({
      section: entry.section,
      gain: entry.gain,
      indexedGain: entry.indexedGain ?? undefined,
      transferredBefore23July2024: entry.transferredBefore23July2024,
      exemption: sale.exemption,
    });
    if (problem !== null) ctx.addIssue({ code: "custom", path: ["assetSales", index, "exemption", problem.field], message: problem.message });
  });
}

const { presumptiveGoodsCarriagesMax, presumptiveHeavyVehicleAboveKg } = LIMITS;
/** 1,000 tons: far above any road vehicle, a bound on the input only. */
const MAX_VEHICLE_WEIGHT_KG = 1_000_000;

const GoodsCarriageSchema = z
  .object({
    kind: z.enum(GOODS_CARRIAGE_KINDS).openapi({
      description:
        "heavy: a heavy goods vehicle, a goods carriage whose gross vehicle weight exceeds 12,000 kg (s.44AE Explanation (aa)), presumed to earn ₹1,000 per ton of grossVehicleWeightKg a month; other: any other goods carriage, presumed to earn ₹7,500 a month (s.44AE(2)).",
      example: "heavy",
    }),
    grossVehicleWeightKg: z.number().int().positive().max(MAX_VEHICLE_WEIGHT_KG).optional().openapi({
      description:
        "Heavy goods vehicles only: the gross vehicle weight in kilograms as the registration certificate gives it (the unladen weight for a vehicle to which no gross vehicle weight applies, such as a tractor), above 12,000. The rate runs on the weight as it is, a part of a ton included: ₹1 a kilogram a month.",
      example: 16_200,
    }),
    monthsOwned: z.number().int().min(1).max(12).openapi({
      description:
        "Months of the year the carriage was owned, a part of a month counting as a whole one (s.44AE(2)): 12 for the whole year, 3 for one bought on 20 January. A carriage held on hire purchase or instalments still owed counts as owned (Explanation (b)).",
      example: 12,
    }),
    declaredIncome: amount(
      "The income claimed to have been actually earned from this carriage: taxed instead of the presumed income when higher (s.44AE(2)).",
      0,
    ),
  })
  .strict()
  .superRefine((carriage, ctx) => {
    const weight = carriage.grossVehicleWeightKg;
    if (carriage.kind === "heavy" && weight === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["grossVehicleWeightKg"],
        message: "is required for a heavy goods vehicle: its presumed income is ₹1,000 per ton of it a month (s.44AE(2)(i))",
      });
    }
    if (carriage.kind === "heavy" && weight !== undefined && weight <= presumptiveHeavyVehicleAboveKg) {
      ctx.addIssue({
        code: "custom",
        path: ["grossVehicleWeightKg"],
        message: "must exceed 12,000 kg for a heavy goods vehicle (s.44AE Explanation (aa)); a lighter carriage is kind other",
      });
    }
    if (carriage.kind === "other" && weight !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["grossVehicleWeightKg"],
        message: "applies only to kind heavy: any other goods carriage is presumed to earn ₹7,500 a month whatever its weight (s.44AE(2)(ii))",
      });
    }
  })
  .openapi("GoodsCarriage", { description: "One goods carriage owned in the year, for s.44AE." });

export const PresumptiveSchema = z
  .object({
    business: z
      .object({
        digitalTurnover: amount(
          "Turnover received by account-payee cheque, bank transfer or another electronic mode by the return's due date: 6 % is presumed income.",
          6_000_000,
        ),
        otherTurnover: amount("All other turnover, cash included: 8 % is presumed income.", 500_000),
        cashReceipts: amount(
          "Amounts received in the year in cash, a bearer cheque or draft included (for the ₹3 crore limit, which needs them to be at most 5 % of turnover). Absent: all of otherTurnover is taken as cash.",
          0,
        ),
        declaredIncome: amount("A higher income you declare; the higher of this and the presumed income is taxed.", 0),
      })
      .strict()
      .refine(
        (b) => b.digitalTurnover !== undefined || b.otherTurnover !== undefined || b.declaredIncome !== undefined,
        "give digitalTurnover, otherTurnover or declaredIncome",
      )
      .optional()
      .openapi({
        description:
          "Business income on the presumptive basis, s.44AD (ITA 2025 s.58): residents only, turnover up to ₹2 crore, or ₹3 crore when cash received is at most 5 % of turnover.",
      }),
    profession: z
      .object({
        grossReceipts: amount("Gross professional receipts of the year.", 3_000_000),
        cashReceipts: amount("The part of gross receipts received in cash (for the ₹75 lakh limit).", 0),
        declaredIncome: amount("A higher income you declare; the higher of this and 50 % of receipts is taxed.", 0),
      })
      .strict()
      .refine((p) => p.grossReceipts !== undefined || p.declaredIncome !== undefined, "give grossReceipts or declaredIncome")
      .optional()
      .openapi({
        description:
          "Professional income on the presumptive basis, s.44ADA (ITA 2025 s.58): residents only, receipts up to ₹50 lakh, or ₹75 lakh when cash is at most 5 % of receipts.",
      }),
    goodsCarriages: z
      .array(GoodsCarriageSchema)
      .min(1)
      .max(presumptiveGoodsCarriagesMax, {
        error: (issue) =>
          `lists ${(issue.input as unknown[]).length} goods carriages: s.44AE is only for a business that owns no more than ten at any time in the year; compute this business's income from its books and give it in business.profit`,
      })
      .optional()
      .openapi({
        description:
          "Presumptive income of a business of plying, hiring or leasing goods carriages, s.44AE (ITA 2025 s.58): one entry per goods carriage owned in the year, at most ten, each presumed to earn for every month or part owned ₹1,000 per ton of gross vehicle weight (heavy goods vehicle) or ₹7,500 (any other), or more when it actually earned more; nothing more is deducted. Residents and non-residents alike.",
        example: [
          { kind: "heavy", grossVehicleWeightKg: 16_200, monthsOwned: 12 },
          { kind: "other", monthsOwned: 5 },
        ],
      }),
  })
  .strict()
  .openapi({ description: "Presumptive income under the head Profits and gains of business or profession, taxed at the slab rates." });

/**
 * s.72(3) (tax year 2026-27: s.112(2)): a business loss is set off in at most the eight years after the one it arose
 * in; s.73(4) (s.113(3)): a speculation loss in at most four.
 */
const BUSINESS_LOSS_YEARS = 8;
const SPECULATION_LOSS_YEARS = 4;

const BusinessLossBroughtForwardSchema = z
  .object({
    financialYear: z
      .string()
      .refine((label) => financialYearStartOfLabel(label) !== null, "must be a financial year such as 2021-22")
      .openapi({
        description:
          "The financial year the loss arose in (was first computed for), such as 2021-22: one of the eight before the request's financialYear (s.72(3)); of the four, for a speculation loss (s.73(4)).",
        example: "2023-24",
      }),
    amount: requiredAmount("What is left of that year's business loss, not yet set off in any year.", 150_000),
    fromDeductionsBarredInNewRegime: amount(
      "Of amount, the part that came from deductions the new regime denies (s.115BAC(2)(i): s.10AA, additional depreciation under s.32(1)(iia), ss.32AD, 33AB, 33ABA, 35(1)(ii), (iia), (iii), 35(2AA), 35AD, 35CCC); 0 when none, as for most businesses. The new regime never sets it off, and a year assessed under it ends that part (s.115BAC(2)(ii)(a), (3)). The result's lossesToCarryForward give it for the next year.",
      0,
    ),
  })
  .strict()
  .superRefine((loss, ctx) => {
    if ((loss.fromDeductionsBarredInNewRegime ?? 0) > loss.amount) {
      ctx.addIssue({ code: "custom", path: ["fromDeductionsBarredInNewRegime"], message: "must not exceed amount: it is a part of it" });
    }
  })
  .openapi("BusinessLossBroughtForward", { description: "A business loss of an earlier year not yet set off (s.72)." });

export const BusinessSchema = z
  .object({
    profit: signedAmount(
      "The year's profit of business or profession from the books under ss.28-44 (tax year 2026-27: ss.26-66 of the Income-tax Act, 2025), negative for a loss, after the Act's allowances and disallowances. All businesses and professions together, a partner's salary, interest and commission from the firm included; not presumptive income (profile.presumptive) nor a speculation business (speculationProfit).",
      600_000,
    ).optional(),
    newRegimeProfit: signedAmount(
      "Only when profit claims a deduction the new regime denies (s.115BAC(2)(i): s.10AA, additional depreciation under s.32(1)(iia), ss.32AD, 33AB, 33ABA, 35(1)(ii), (iia), (iii), 35(2AA), 35AD, 35CCC): the profit computed without it, which the new regime charges. Never below profit. Absent: the same as profit, the case of most businesses.",
      650_000,
    ).optional(),
    lossBroughtForward: z
      .array(BusinessLossBroughtForwardSchema)
      .max(BUSINESS_LOSS_YEARS)
      .optional()
      .openapi({
        description:
          "Business losses of earlier years not yet set off (s.72; tax year 2026-27: s.112), one entry a year, each from a return filed by its due date (s.80), which the caller checks. Set off against this year's business income only, oldest first, after this year's losses; a loss in its eighth year ends if not set off. What is left is in each regime's business.lossesToCarryForward.",
        example: [{ financialYear: "2023-24", amount: 150_000 }],
      }),
    speculationProfit: signedAmount(
      "The year's profit of speculation businesses (Explanation 2 to s.28, s.43(5): e.g. intraday share trading; not F&O), computed from the books as profit is and netted together; negative for a loss. A loss is set off only against speculation profit, this year's or that of the next four years (s.73; tax year 2026-27: s.113). A profit is business income: business losses go against it.",
      -50_000,
    ).optional(),
    speculationLossBroughtForward: z
      .array(BusinessLossBroughtForwardSchema)
      .max(SPECULATION_LOSS_YEARS)
      .optional()
      .openapi({
        description:
          "Speculation losses of earlier years not yet set off (s.73(2)), as lossBroughtForward: set off against this year's speculation profit only, oldest first; one in its fourth year after the one it arose in ends if not set off (s.73(4)). What is left is in business.speculationLossesToCarryForward.",
        example: [{ financialYear: "2024-25", amount: 40_000 }],
      }),
    taxAudit: z.boolean().optional().openapi({
      description:
        "true when the accounts must be audited under s.44AB (tax year 2026-27: s.63 of the Income-tax Act, 2025) or another law: the return is then due on the audit cases' date, 31 October after the year (Explanation 2(a) to s.139(1); FY 2024-25: 10 December 2025, as extended), which moves interest under ss.234A and 234B and the late-filing fee. Needs profit or speculationProfit. Absent: false.",
      example: false,
    }),
    firstYearProfitByPeriod: byPeriod("Profit that arose", {
      description:
        "Only for the first year a business or profession has income: profit split by when it arose, by the return's periods, adding up to profit (above 0, no business loss brought forward), for s.234C only (clause (c) of its first proviso; tax year 2026-27: s.425). newRegimeProfit is taken to arise alike. Absent, the income is taken as arisen by 15 June, which gives the most interest.",
      example: { by_15_june: 0, by_15_september: 0, by_15_december: 150_000, by_15_march: 450_000, by_31_march: 0 },
    }),
  })
  .strict()
  .superRefine((business, ctx) => {
    if (business.profit === undefined) {
      if (
        business.lossBroughtForward === undefined &&
        business.speculationProfit === undefined &&
        business.speculationLossBroughtForward === undefined
      ) {
        ctx.addIssue({ code: "custom", message: "give profit, speculationProfit or a loss brought forward" });
      }
      if (business.newRegimeProfit !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["newRegimeProfit"],
          message: "needs business.profit: it is the same year's profit without some deductions",
        });
      }
      if (business.taxAudit === true && business.speculationProfit === undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["taxAudit"],
          message: "needs business.profit or business.speculationProfit: the audit is of the accounts a profit is computed from",
        });
      }
    } else if (business.newRegimeProfit !== undefined && business.newRegimeProfit < business.profit) {
      ctx.addIssue({
        code: "custom",
        path: ["newRegimeProfit"],
        message: "must not be below business.profit: the new regime only denies deductions (s.115BAC(2)(i)), so its profit is the same or higher",
      });
    }
    const firstYear = business.firstYearProfitByPeriod;
    if (firstYear !== undefined) {
      const partsPaise = Object.values(firstYear).reduce((sum: number, part) => sum + Math.round((part ?? 0) * 100), 0);
      const profitPaise = Math.round((business.profit ?? 0) * 100);
      // Clause (c) of the first proviso to s.234C(1) is for income that arises under the head for the first time: a
      // loss of an earlier year says the head is not new.
      const problem =
        business.profit === undefined || business.profit <= 0
          ? "needs business.profit above 0: it splits this year's profit"
          : (business.lossBroughtForward?.length ?? 0) > 0 || (business.speculationLossBroughtForward?.length ?? 0) > 0
            ? "is for the first year income arises under the head business or profession: a business loss brought forward says it is not"
            : partsPaise !== profitPaise
              ? `must add up to business.profit (${formatPaise(profitPaise)}); the parts add up to ${formatPaise(partsPaise)}`
              : null;
      if (problem !== null) ctx.addIssue({ code: "custom", path: ["firstYearProfitByPeriod"], message: problem });
    }
    for (const field of ["lossBroughtForward", "speculationLossBroughtForward"] as const) {
      const seen = new Set<string>();
      (business[field] ?? []).forEach((loss, index) => {
        if (seen.has(loss.financialYear)) {
          ctx.addIssue({
            code: "custom",
            path: [field, index, "financialYear"],
            message: `${loss.financialYear} is given twice: give each year's loss once`,
          });
        }
        seen.add(loss.financialYear);
      });
    }
  })
  .openapi("Business", {
    description:
      "Income from business or profession computed from books of account, and business losses of earlier years. This year's loss is set off against the other heads but salary (s.71(2A)); the rest is carried forward eight years against business income only (s.72), when the return is filed by its due date (s.80). A speculation business's loss goes against speculation profit only, four years (s.73).",
  });

export const DeductionsSchema = z
  .object({
    section80C: amount(
      "Life insurance, PF, PPF, ELSS, home-loan principal and the like, s.80C (with 80CCC/80CCD(1) capped at ₹1,50,000 by s.80CCE). An own NPS contribution goes in section80CCD1, whose limit is checked; a s.80CCC pension-fund premium goes here.",
      100_000,
    ),
    section80CCD1: amount(
      "Own contribution to NPS claimed under s.80CCD(1): up to 10 % of basic + DA for an employee (salary.basicPlusDA is then needed), 20 % of gross total income for anyone else, and with section80C within the ₹1,50,000 of s.80CCE. What these limits leave out counts under s.80CCD(1B), within what section80CCD1B leaves of ₹50,000; never enter a rupee in both.",
      0,
    ),
    section80CCD1B: amount("Own contribution to NPS over the s.80CCE limit, s.80CCD(1B), up to ₹50,000.", 0),
    section80CCD2: amount(
      "Employer's contribution to NPS, s.80CCD(2) (also part of grossSalary): up to 14 % of basic + DA in the new regime, 10 % (14 % for Government) in the old.",
      0,
    ),
    section80D_selfFamily: amount(
      "Health-insurance premium for self, spouse and children, s.80D(2)(a): ₹25,000, or ₹50,000 for a senior citizen.",
      15_000,
    ),
    section80D_parents: amount("Health-insurance premium for parents, s.80D(2)(b): ₹25,000, or ₹50,000 if a parent is a senior citizen.", 0),
    parentsAge: age("Age of the elder insured parent, for the s.80D(4) senior-citizen limit (60 or more).", 62).optional(),
    section80D_checkUpSelfFamily: amount(
      "Preventive health check-ups for self, spouse and children, s.80D(2)(a): within that group's limit, and ₹5,000 for both groups' check-ups together (s.80D(2A)); may be paid in cash.",
      0,
    ),
    section80D_checkUpParents: amount(
      "Preventive health check-ups for parents, s.80D(2)(b): within the parents' limit and the same ₹5,000 (s.80D(2A)).",
      0,
    ),
    section80D_medicalSelfFamily: amount(
      "Medical expenditure on the taxpayer or spouse who is a senior citizen (resident, 60 or more) with no health insurance, s.80D(2)(c): up to ₹50,000, less the group's insurance and check-ups (second proviso).",
      0,
    ),
    section80D_medicalParents: amount(
      "Medical expenditure on a parent who is a senior citizen with no health insurance, s.80D(2)(d): up to ₹50,000, less the parents' insurance and check-ups. That the parent is such a senior is the caller's to check (parentsAge is the insured parent's age).",
      0,
    ),
    section80E: amount("Interest on a loan for higher education, s.80E (no cap).", 0),
    section80GG_rentPaid: amount(
      "Rent paid in the year for the home one lives in, by someone who receives no house rent allowance, s.80GG: the deduction is the least of the rent above 10 % of total income, ₹5,000 a month and 25 % of total income. Not for someone who owns a home where they live or work, nor with a home elsewhere that they occupy and claim as self-occupied under s.23(2)(a) (the caller's to check); Form 10BA goes with the return.",
      0,
    ),
    section80GG_months: z.number().int().min(1).max(12).optional().openapi({
      description: "Months of the year section80GG_rentPaid was paid for, for the ₹5,000 a month of s.80GG; 12 when absent.",
      example: 12,
    }),
    section80G_100: amount("Donations deductible at 100 % without qualifying limit, s.80G(1)(i) (e.g. PM National Relief Fund).", 0),
    section80G_50: amount("Donations deductible at 50 % without qualifying limit, s.80G(1)(ii) (e.g. PM Drought Relief Fund).", 0),
    section80D: amount(
      "Health-insurance premium when the split between self/family and parents is not known (Form 16 row 10(g)): allowed up to both s.80D caps together, with a note.",
      0,
    ),
    parentsSeniorCitizen: z.boolean().optional().openapi({
      description: "A parent covered by s.80D is a senior citizen, when parentsAge is not known (s.80D(4)).",
      example: false,
    }),
    otherChapterVIA: z
      .object(
        Object.fromEntries(
          OTHER_CHAPTER_VIA.map((section) => [
            section,
            amount(
              `Deductible amount under ${section === "other" ? "any other provision of Chapter VI-A" : `s.${section}`}, as Form 16 row 10 reports it.`,
              0,
            ),
          ]),
        ) as Record<OtherChapterVIA, ReturnType<typeof amount>>,
      )
      .strict()
      .optional()
      .openapi({
        description:
          "The rest of Chapter VI-A as Form 16 prints it, deductible amounts by section (old regime only, except 80CCH(2)). 80TTA (₹10,000, not for senior citizens) and 80TTB (₹50,000, senior citizens) keep their caps and replace the deduction worked out from interest; 80DD and 80U are held to ₹1,25,000 (the severe-disability amount) and 80DDB to ₹1,00,000 (a senior's treatment), residents only; 80EEA and 80EEB to ₹1,50,000 each, 80GG to ₹60,000.",
        example: { "80TTA": 10_000 },
      }),
    section80G_50WithLimit: amount(
      "Donations deductible at 50 % within the qualifying limit of 10 % of adjusted gross total income, s.80G(1)(ii) with s.80G(4) (most charitable institutions).",
      0,
    ),
  })
  .strict()
  .openapi({ description: "Chapter VI-A deductions (old regime, except s.80CCD(2)). Missing numbers count as 0." });

const TaxPaymentSchema = z
  .object({
    date: isoDate("Date the tax was paid (the challan date), YYYY-MM-DD.", "2025-09-12"),
    amount: rupees().positive().max(MAX_AMOUNT).openapi({ description: "Rupees paid.", example: 45_000 }),
  })
  .strict();

export const TaxPaymentsSchema = z
  .object({
    tdsTcs: amount("Tax deducted or collected at source for the year (Form 26AS / AIS), Form 16 included.", 90_000),
    advanceTax: z
      .array(TaxPaymentSchema)
      .max(50)
      .optional()
      .openapi({
        description:
          "Advance tax payments, each dated within the financial year (1 April to 31 March; tax paid by 31 March counts as advance tax, s.211).",
        example: [{ date: "2025-09-12", amount: 45_000 }],
      }),
    selfAssessmentTax: z
      .array(TaxPaymentSchema)
      .max(50)
      .optional()
      .openapi({
        description:
          "Self-assessment tax (s.140A), each dated after the year ends and no later than returnFiledOn (or, without it, the return's s.139(1) due date, the day the return is then taken as furnished).",
        example: [{ date: "2026-07-20", amount: 15_000 }],
      }),
  })
  .strict()
  .openapi("TaxPayments", {
    description:
      "What taxesPaid is made of, with dates. When given (with financialYear), each regime's result adds `interest`: interest under ss.234A, 234B and 234C (tax year 2026-27: ss.423-425 of the Income-tax Act, 2025), with returnFiledOn the fee for a late return (s.234F; s.428), and the amount payable with them.",
  });

const UpdatedReturnSchema = z
  .object({
    filedOn: isoDate(
      "Date the updated return (s.139(8A)) is furnished: after the last day for a belated return, within 48 months from the end of the assessment year. Interest then runs to it; see the guide.",
      "2027-01-31",
    ),
    earlierReturn: z
      .object({
        taxAndInterestPayable: requiredAmount(
          "Tax and interest the earlier return made payable after TDS/TCS and advance tax (its fee left out).",
          0,
        ),
        refundIssued: amount("Refund issued on the earlier return. Absent: 0.", 0),
        regime: z.enum(REGIMES).optional().openapi({
          description:
            "The regime the earlier return was furnished under, read without business or professional income (an updated return cannot opt out itself, s.115BAC(6)(ii)): new, over an earlier return furnished by its due date, closes the old regime (regimes.old.notAvailable); old with an earlier return furnished late is refused. Absent: both regimes are shown as open, and the notes say so.",
          example: "new",
        }),
      })
      .strict()
      .optional()
      .openapi({ description: "The return furnished before it, dated by returnFiledOn; absent when there was none." }),
  })
  .strict()
  .openapi("UpdatedReturn", {
    description:
      "The profile is an updated return for FY 2024-25 or 2025-26: each regime's interest.updatedReturn adds the additional income-tax of s.140B(3). Needs taxPayments. Without income from business or profession the old regime is open to it only when the earlier return, furnished by its s.139(1) due date, chose it (s.115BAC(6)(ii)): without an earlier return, over a late one, or over one that stayed in the new regime, regimes.old.notAvailable says so.",
  });

/** Sum of the payments in paise, exact. */
function paymentsPaise(payments: z.infer<typeof TaxPaymentsSchema>): number {
  let paise = Math.round((payments.tdsTcs ?? 0) * 100);
  for (const payment of [...(payments.advanceTax ?? []), ...(payments.selfAssessmentTax ?? [])]) paise += Math.round(payment.amount * 100);
  return paise;
}

export const DepositsAndSpendingSchema = z
  .object({
    currentAccountDeposits: amount(
      "Deposited in the year in one or more current accounts with a bank or co-operative bank: above ₹1 crore requires a return.",
      0,
    ),
    savingsAccountDeposits: amount("Deposited in the year in one or more savings accounts: ₹50 lakh or more requires a return (Rule 12AB).", 0),
    foreignTravel: amount("Spent in the year on travel to a foreign country, for oneself or anyone else: above ₹2 lakh requires a return.", 250_000),
    electricity: amount("Spent in the year on electricity: above ₹1 lakh requires a return.", 0),
  })
  .strict()
  .openapi("DepositsAndSpending", {
    description:
      "Deposits and spending of the year that require a return whatever the income (the seventh proviso to s.139(1) and Rule 12AB; tax year 2026-27: s.263(1) and the conditions its rules prescribe). Read only to judge whether a late return owes the s.234F fee (s.428): each regime's interest.lateFilingFee.returnRequiredBy names the conditions met; without returnFiledOn it changes nothing, and the result's notes say so. Absent amounts are 0.",
  });

/** One fact of returnFormFacts; absent, it is false. */
function returnFormFact(description: string) {
  return z.boolean().optional().openapi({ description, example: false });
}

const ReturnFormFactsSchema = z
  .object({
    companyDirector: returnFormFact("A director in a company. ITR-1 and ITR-4 are not for one."),
    heldUnlistedEquityShares: returnFormFact(
      "Held unlisted equity shares at any time during the financial year. ITR-1 and ITR-4 are not for such a holder.",
    ),
    assetsOutsideIndia: returnFormFact(
      "Has any asset located outside India, a financial interest in any entity included. ITR-1 and ITR-4 are not for such an owner.",
    ),
    signingAuthorityOutsideIndia: returnFormFact(
      "Has signing authority in any account located outside India. ITR-1 and ITR-4 are not for such a person.",
    ),
    tdsOnCashWithdrawals: returnFormFact(
      "Tax was deducted under s.194N on cash withdrawn in the year from a bank, co-operative bank or post office. ITR-1 is not for such a person; ITR-4 is, as its conditions do not name s.194N.",
    ),
    esopTaxDeferred: returnFormFact(
      "Tax on shares allotted under an employee stock option plan of an eligible start-up is deferred (s.192(1C) for the deduction at source, s.191(2) for the tax). ITR-1 and ITR-4 are not for such an employee.",
    ),
  })
  .strict()
  .openapi("ReturnFormFacts", {
    description:
      "Facts beside the income that rule out the simple return forms ITR-1 (Sahaj) and ITR-4 (Sugam), as their notified forms list them. Read only to choose the return form (the result's itr): any fact that is true names ITR-2, or ITR-3 with business income, and itr.rule says which. Absent facts are false.",
    example: { companyDirector: false, heldUnlistedEquityShares: true },
  });

/** Why a foreign income's country is not one, or null: an ISO 3166-1 alpha-2 code in capitals, not India's. */
function countryProblem(code: string): string | null {
  const upper = code.toUpperCase();
  if (upper === "IN") return "must be a country outside India: income that arose in India is not foreign income";
  if (COUNTRY_CODES.has(code)) return null;
  if (COUNTRY_CODES.has(upper)) return `must be in capitals: ${upper}`;
  if (upper === "UK") return "UK is not an ISO 3166-1 code: the United Kingdom is GB";
  return "must be an ISO 3166-1 alpha-2 country code in capitals, such as US, GB or AE";
}

const ForeignIncomeSchema = z
  .object({
    country: z
      .string()
      .superRefine((value, ctx) => {
        const problem = countryProblem(value);
        if (problem !== null) ctx.addIssue({ code: "custom", message: problem });
      })
      .openapi({
        description: "ISO 3166-1 alpha-2 code, in capitals, of the country the income arose in and was taxed in (not IN).",
        example: "US",
      }),
    head: z.enum(FOREIGN_INCOME_HEADS).openapi({
      description:
        "The head the income is counted under in this profile: salary (salary.grossSalary), house_property (a let-out home abroad), capital_gains (a gain on foreign shares or property), other_sources (foreign dividends or interest), business (presumptive income or a profit from books).",
      example: "salary",
    }),
    income: rupees().positive().max(MAX_AMOUNT).openapi({
      description:
        "The part of that head's income, as this profile counts it, that arose in the country, in rupees: already included in the head, never added to it (as the return's Schedule FSI lists it).",
      example: 600_000,
    }),
    foreignTaxPaid: requiredAmount(
      "Tax paid in that country on this income, by deduction or otherwise, in rupees: each payment or deduction converted at the State Bank of India's telegraphic-transfer buying rate on the last day of the month before the month it was paid or deducted (Rule 128(4)(ii)). Tax disputed there is left out until the dispute is settled (Rule 128(5)).",
      150_000,
    ),
    relief: z.enum(FOREIGN_TAX_RELIEFS).openapi({
      description:
        "treaty: India has a tax treaty with the country, relief under s.90 (tax year 2026-27: s.159 of the Income-tax Act, 2025); no_treaty: it has none, relief under s.91 (s.160). The credit is worked the same way for both; the section is named in the result.",
      example: "treaty",
    }),
    taxPayableUnderTreaty: amount(
      "Only with relief treaty: the most the treaty lets the country charge on this income, in rupees (for example 15 % of a dividend under the dividends article). Foreign tax paid above it is not credited (proviso to Rule 128(4)(i)); claim the excess back from that country. Absent: all the tax paid counts.",
      90_000,
    ),
    dividendsAndWinnings: amount(
      "other_sources only: the part of income that is dividends or winnings, which s.234C counts from when they arose; the rest (interest and the like) counts at every instalment. Absent: as much of income as the head's dividends and winnings.",
      100_000,
    ),
  })
  .strict()
  .superRefine((entry, ctx) => {
    if (entry.dividendsAndWinnings !== undefined) {
      const problem =
        entry.head !== "other_sources"
          ? "applies only to head other_sources"
          : entry.dividendsAndWinnings > entry.income
            ? "must not exceed income"
            : null;
      if (problem !== null) ctx.addIssue({ code: "custom", path: ["dividendsAndWinnings"], message: problem });
    }
    if (entry.taxPayableUnderTreaty !== undefined && entry.relief !== "treaty") {
      ctx.addIssue({
        code: "custom",
        path: ["taxPayableUnderTreaty"],
        message: "applies only with relief treaty (s.90): without a treaty no treaty limits the foreign tax",
      });
    }
  })
  .openapi("ForeignIncome", {
    description: "Income that arose in one country outside India, already counted in its head, and the tax paid on it there.",
  });

/** What the profile counts under each head, in words, for the message when the foreign income listed exceeds it. */
const HEAD_COUNTS: Readonly<Record<ForeignIncomeHead, string>> = {
  salary: "salary.grossSalary",
  house_property: "the let-out homes' annualRent, or housePropertyIncome when given",
  capital_gains: "the gains of capitalGains and assetSales above 0, less their exemptions",
  other_sources: "otherIncome's interest, dividends, family pension, winnings and reportedToEmployer",
  business: "the presumptive income, and business.profit and business.speculationProfit above 0",
};

/**
 * What is wrong with the foreign income listed: a non-resident lists none (India taxes a non-resident only on income
 * from India, so no tax paid abroad is credited: Rule 128(1) is for a resident), and a head's foreign income is a part
 * of what the profile counts under it.
 */
function foreignIncomeProblems(foreign: NonNullable<Profile["foreignIncome"]>, profile: Profile): string[] {
  if (profile.residentialStatus === "non_resident") {
    return [
      "applies only to a resident (resident or resident_not_ordinarily_resident): India taxes a non-resident only on income from India, so no tax paid abroad is credited (ss.90, 91)",
    ];
  }
  const given = toTaxInput(profile);
  // A sale counts as the capitalGains entry it works out to; one that cannot be classified is refused on its own.
  const saleGains = (given.assetSales ?? []).flatMap((sale) => {
    const outcome = classifyAssetSale(sale, given.residentialStatus);
    return outcome.ok ? [outcome.entry] : [];
  });
  const input = { ...given, capitalGains: [...given.capitalGains, ...saleGains] };
  const problems: string[] = [];
  for (const head of FOREIGN_INCOME_HEADS) {
    let listed = 0;
    for (const entry of foreign) if (entry.head === head) listed += Math.round(entry.income * 100);
    if (listed === 0) continue;
    const counted = incomeCountedUnder(input, head);
    if (listed > counted) {
      problems.push(
        `the ${head} income listed adds up to ${formatPaise(listed)}, more than the ${formatPaise(counted)} the profile counts under that head (${HEAD_COUNTS[head]}): foreign income is a part of its head's income, already counted in it`,
      );
    }
  }
  let dividendsAndWinnings = 0;
  for (const entry of foreign) dividendsAndWinnings += Math.round((entry.dividendsAndWinnings ?? 0) * 100);
  const headsDividendsAndWinnings = incomeSplitByPeriodUnder(input, "other_sources");
  if (dividendsAndWinnings > headsDividendsAndWinnings) {
    problems.push(
      `the dividendsAndWinnings listed add up to ${formatPaise(dividendsAndWinnings)}, more than otherIncome's dividends and casualWinnings (${formatPaise(headsDividendsAndWinnings)})`,
    );
  }
  return problems;
}

export const ProfileSchema = z
  .object({
    age: age(
      "Age on 31 March of the financial year; 60+ and 80+ give the senior bands of the First Schedule (residents only). When absent the rates for below 60 apply and the result's notes say so.",
      34,
    ).optional(),
    residentialStatus: z.enum(RESIDENTIAL_STATUSES).openapi({
      description:
        "Residential status, s.6. Only residents get s.87A and the senior-citizen bands; a non-resident's dividends are taxed at 20 % (s.115A), or at a tax treaty's rate (otherIncome.dividendTreatyRatePercent) where that costs less; ITR-1 needs resident and ordinarily resident.",
      example: "resident",
    }),
    city: z.string().trim().min(1).max(100).optional().openapi({
      description:
        "City of the rented home; when isMetroCity is absent it selects the s.10(13A) 50 % limb from the year's list (four metros; eight cities from tax year 2026-27).",
      example: "Pune",
    }),
    houseProperties: z.array(HousePropertySchema).max(20).optional().openapi({
      description: "House properties owned, ss.22-27; empty or absent when none.",
      example: [],
    }),
    salary: SalarySchema.optional(),
    otherIncome: OtherIncomeSchema.optional(),
    agriculturalIncome: amount(
      "Net agricultural income of the year (s.2(1A)): from land in India used for agriculture, less the expenses of earning it; 0 for a loss, which is not counted. Exempt (s.10(1)) and left out of total income, but above ₹5,000 it raises the rate on the income at the slab rates, in both regimes (partial integration; the guide's \"Agricultural income\" works it through); each regime's agriculturalIncome shows the figures. Above ₹5,000 it also rules out ITR-1 and ITR-4.",
      200_000,
    ),
    capitalGains: z
      .array(CapitalGainSchema)
      .max(100)
      .optional()
      .openapi({
        description:
          "Capital gains and losses of the year. Losses are set off within the head (s.70): a short-term loss against any gain, a long-term loss against long-term gains only, against the dearest gains first; what is left is reported, not carried forward.",
        example: [{ section: "112A", gain: 250_000 }],
      }),
    assetSales: z
      .array(AssetSaleSchema)
      .max(100)
      .optional()
      .openapi({
        description:
          "Sales of capital assets, each classified here from its own facts (holding period, section, gain under s.48 with ss.50C and 55(2), indexed gain where the tax needs it) and then counted as a capitalGains entry would be. Needs financialYear, and every transferred date within it. The result's assetSales explains each sale; the guide's Capital gains section has the rules.",
        example: [
          {
            asset: "land_or_building",
            acquired: "2010-06-15",
            transferred: "2025-09-10",
            saleConsideration: 8_000_000,
            transferExpenses: 90_000,
            costOfAcquisition: 2_000_000,
            stampDutyValue: 9_500_000,
            label: "Flat in Pune",
          },
        ],
      }),
    capitalLossesBroughtForward: z
      .object({
        shortTerm: amount("Short-term capital losses of earlier years still to be set off: against any capital gain.", 40_000),
        longTerm: amount("Long-term capital losses of earlier years still to be set off: against long-term gains only.", 0),
      })
      .strict()
      .optional()
      .openapi({
        description:
          "Capital losses of earlier years carried forward into this one (s.74), each from a return filed by its due date (s.80) within the eight years, which the caller checks. Set off against this year's gains after this year's own losses, the same way in both regimes; what is left is in capitalLossesToCarryForward. Absent amounts are 0.",
      }),
    housePropertyLossBroughtForward: z
      .object({
        amount: requiredAmount("House-property losses of earlier years still to be set off: against income from house property only.", 150_000),
        fromSelfOccupiedInterest: requiredAmount(
          "Of amount, the part that came from interest on the loan of a self-occupied home (s.24(b) on a s.23(2) property), 0 when none. The new regime never sets it off, and a year assessed under it ends that part (s.115BAC(2)(ii)(a), (3)).",
          0,
        ),
      })
      .strict()
      .optional()
      .openapi({
        description:
          "House-property losses of earlier years carried forward into this one (s.71B), within the eight assessment years after the one each arose in, which the caller checks (unlike a capital loss, a late return does not forfeit one, s.80). They are set off against this year's income from house property only; what is left is in each regime's houseProperty.lossToCarryForward.",
      }),
    arrears: z
      .object({
        salary: amount(
          "Salary received this year in arrears or in advance (a pay revision's arrears, next year's pay), already counted in salary.grossSalary. Not gratuity, commuted pension or compensation on termination of employment, which the Rules relieve otherwise: claim that relief in salary.retirementBenefits and salary.terminationCompensation.",
          240_000,
        ),
        familyPension: amount("Family pension received this year in arrears, already counted in otherIncome.familyPension.", 0),
        extraTaxInEarlierYears: requiredAmount(
          "For each earlier (or, for an advance, later) year the arrears belong to: that year's tax on its total income with its share of them, less its tax without it; summed over the years (Form 10E, Annexure I, item 7). 0 when none of those years would have taxed them.",
          12_480,
        ),
      })
      .strict()
      .optional()
      .openapi({
        description:
          "Relief when salary is paid in arrears or in advance, or family pension in arrears (s.89, Rule 21A(2); tax year 2026-27: s.157): each regime is assessed again without the arrears; what they add this year less what they would have added in their own years (the caller's Form 10E figures) is arrearsRelief.relief, taken off before totalTax.",
      }),
    foreignIncome: z
      .array(ForeignIncomeSchema)
      .max(50)
      .optional()
      .openapi({
        description:
          "A resident's income that arose outside India and the tax paid on it there, one entry per country and head (Schedules FSI and TR). It is already counted in its head: listing it only says on which part each regime credits the foreign tax (s.90 with a treaty, s.91 without; tax year 2026-27: ss.159, 160). Not for a non-resident; rules out ITR-1 and ITR-4; the credit needs Form 67 (the guide's section on tax paid abroad).",
        example: [{ country: "US", head: "other_sources", income: 100_000, foreignTaxPaid: 25_000, relief: "treaty", taxPayableUnderTreaty: 15_000 }],
      }),
    presumptive: PresumptiveSchema.optional(),
    business: BusinessSchema.optional(),
    deductions: DeductionsSchema.optional(),
    housePropertyIncome: rupees().min(-MAX_AMOUNT).max(MAX_AMOUNT).optional().openapi({
      description:
        "Net income from house property as reported (Form 16 row 7(a)), negative for a loss; used instead of houseProperties. A loss is still set off only up to ₹2,00,000 (s.71(3A)) and not at all in the new regime.",
      example: -200_000,
    }),
    taxesPaid: amount(
      "TDS, TCS, advance tax and self-assessment tax already paid for the year, ss.192-219. With taxPayments it must equal their sum, or be left out (it is then their sum).",
      150_000,
    ),
    taxPayments: TaxPaymentsSchema.optional(),
    returnFiledOn: isoDate(
      "Date the return is (or will be) furnished, YYYY-MM-DD, with taxPayments and financialYear, up to the last day for a belated return (s.139(4)). After the s.139(1) due date it draws s.234A interest and, when a return was required, the s.234F fee (tax year 2026-27: ss.423, 428); it also ends the s.234B period and, without business or professional income, the choice of the old regime (s.115BAC(6)(ii); s.202(4)(b)). With updatedReturn, the earlier return's date. Absent: the return is taken as furnished on its due date (no fee), as the notes say.",
      "2026-07-31",
    ).optional(),
    updatedReturn: UpdatedReturnSchema.optional(),
    depositsAndSpending: DepositsAndSpendingSchema.optional(),
    specifiedSeniorCitizen: z.boolean().optional().openapi({
      description:
        "true for a specified senior citizen (s.194P): a resident aged 75 or more whose only income is pension (salary or otherIncome.familyPension) and interest from the bank that pays it, declared to that bank (Form 12BBA). No return is required, so a late return owes no s.234F fee. Without a pension, with other income, a non-resident or under 75 (or no age): a 400.",
      example: false,
    }),
    returnFormFacts: ReturnFormFactsSchema.optional(),
  })
  .strict()
  .superRefine((profile, ctx) => {
    const deductions = profile.deductions;
    const pension = profile.salary?.isPension === true;
    if (pension) {
      if (yearFigure(profile.salary, "hraReceived") > 0) {
        const path = profile.salary?.hraReceived === undefined ? ["salary", "hraPeriods"] : ["salary", "hraReceived"];
        ctx.addIssue({ code: "custom", path, message: "a pension (salary.isPension) carries no house rent allowance" });
      }
      if ((deductions?.section80CCD2 ?? 0) > 0) {
        ctx.addIssue({
          code: "custom",
          path: ["deductions", "section80CCD2"],
          message: "a pension (salary.isPension) has no employer NPS contribution",
        });
      }
    }
    if (
      (deductions?.section80CCD1 ?? 0) > 0 &&
      !pension &&
      (profile.salary?.grossSalary ?? 0) > 0 &&
      yearFigure(profile.salary, "basicPlusDA") === 0
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["deductions", "section80CCD1"],
        message: "needs salary.basicPlusDA: an employee's s.80CCD(1) limit is 10 % of basic + DA (for a pension, set salary.isPension)",
      });
    }
    if ((deductions?.section80CCD2 ?? 0) > (profile.salary?.grossSalary ?? 0)) {
      ctx.addIssue({ code: "custom", path: ["deductions", "section80CCD2"], message: "must not exceed salary.grossSalary: it is part of it" });
    }
    if ((deductions?.section80GG_rentPaid ?? 0) > 0) {
      const problem = receivesHra(profile)
        ? NO_80GG_WITH_HRA
        : deductions?.otherChapterVIA?.["80GG"] !== undefined
          ? "give s.80GG once: as this rent, or as otherChapterVIA.80GG as Form 16 prints it"
          : null;
      if (problem !== null) ctx.addIssue({ code: "custom", path: ["deductions", "section80GG_rentPaid"], message: problem });
    } else if ((deductions?.otherChapterVIA?.["80GG"] ?? 0) > 0 && receivesHra(profile)) {
      ctx.addIssue({ code: "custom", path: ["deductions", "otherChapterVIA", "80GG"], message: NO_80GG_WITH_HRA });
    }
    assetSaleProblems(profile, ctx);
    const gainExemptions = (profile.capitalGains ?? []).flatMap((gain) => (gain.exemption === undefined ? [] : [gain.exemption]));
    const saleExemptions = (profile.assetSales ?? []).flatMap((sale) => (sale.exemption === undefined ? [] : [sale.exemption]));
    // s.54EC(1) provisos: ₹50 lakh of bonds in a year, whatever the number of transfers.
    const bondsIn = (exemptions: typeof gainExemptions) =>
      exemptions.reduce((sum, exemption) => sum + (exemption.section === "54EC" ? exemption.invested : 0), 0);
    const bonds = bondsIn(gainExemptions) + bondsIn(saleExemptions);
    if (bonds > 5_000_000) {
      const where = listsNaming(bondsIn(gainExemptions) > 0, bondsIn(saleExemptions) > 0);
      ctx.addIssue({
        code: "custom",
        path: [where.path],
        message: `s.54EC allows at most ₹50,00,000 of bonds in a year; the ${where.words} name ${formatPaise(Math.round(bonds * 100))}`,
      });
    }
    // Second proviso to s.54(1): the two-house option, once used, is never available again, in that year or another.
    const twoHousesIn = (exemptions: typeof gainExemptions) => exemptions.filter((exemption) => exemption.twoHouses === true).length;
    const twoHouseClaims = twoHousesIn(gainExemptions) + twoHousesIn(saleExemptions);
    if (twoHouseClaims > 1) {
      const where = listsNaming(twoHousesIn(gainExemptions) > 0, twoHousesIn(saleExemptions) > 0);
      ctx.addIssue({
        code: "custom",
        path: [where.path],
        message: `s.54's two-house option may be used only once (second proviso to s.54(1)); ${twoHouseClaims} ${where.words} claim it`,
      });
    }
    const houseLoss = profile.housePropertyLossBroughtForward;
    if (houseLoss !== undefined && houseLoss.fromSelfOccupiedInterest > houseLoss.amount) {
      ctx.addIssue({
        code: "custom",
        path: ["housePropertyLossBroughtForward", "fromSelfOccupiedInterest"],
        message: "must not exceed housePropertyLossBroughtForward.amount: it is a part of it",
      });
    }
    const arrears = profile.arrears;
    if (arrears !== undefined) {
      for (const problem of arrearsProblems(arrears, profile))
        ctx.addIssue({ code: "custom", path: ["arrears", problem.field], message: problem.message });
    }
    const foreign = profile.foreignIncome;
    if (foreign !== undefined && foreign.length > 0) {
      for (const message of foreignIncomeProblems(foreign, profile)) ctx.addIssue({ code: "custom", path: ["foreignIncome"], message });
    }
    if (profile.specifiedSeniorCitizen === true) {
      const problem = notSpecifiedSeniorCitizen(profile);
      if (problem !== null) ctx.addIssue({ code: "custom", path: ["specifiedSeniorCitizen"], message: problem });
    }
    const presumptive = profile.presumptive;
    if (presumptive !== undefined) {
      const problem = presumptiveIneligibility(profile.residentialStatus, presumptiveBusiness(presumptive), presumptiveProfession(presumptive));
      if (problem !== null) ctx.addIssue({ code: "custom", path: ["presumptive", problem.field], message: problem.message });
    }
    const payments = profile.taxPayments;
    if (payments !== undefined && profile.taxesPaid !== undefined && Math.round(profile.taxesPaid * 100) !== paymentsPaise(payments)) {
      ctx.addIssue({
        code: "custom",
        path: ["taxesPaid"],
        message: `must equal the sum of taxPayments (${formatPaise(paymentsPaise(payments))}), or be left out`,
      });
    }
    if (payments === undefined && profile.returnFiledOn !== undefined) {
      ctx.addIssue({ code: "custom", path: ["returnFiledOn"], message: "needs taxPayments: interest is worked out only from dated payments" });
    }
    const updated = profile.updatedReturn;
    if (payments === undefined && updated !== undefined) {
      ctx.addIssue({ code: "custom", path: ["updatedReturn"], message: "needs taxPayments: interest is worked out only from dated payments" });
    }
    if (updated !== undefined && (updated.earlierReturn === undefined) !== (profile.returnFiledOn === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: updated.earlierReturn === undefined ? ["returnFiledOn"] : ["updatedReturn", "earlierReturn"],
        message:
          "with updatedReturn, returnFiledOn is the earlier return's date: give both returnFiledOn and updatedReturn.earlierReturn, or neither",
      });
    }
    if ((profile.otherIncome?.dividendInterestExpense ?? 0) > 0 && (profile.otherIncome?.dividends ?? 0) === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["otherIncome", "dividendInterestExpense"],
        message: "needs otherIncome.dividends: the interest is deducted only from the dividends it was borrowed to earn (s.57(i) proviso)",
      });
    }
    const treatyRate = profile.otherIncome?.dividendTreatyRatePercent;
    if (treatyRate !== undefined) {
      const problem =
        profile.residentialStatus !== "non_resident"
          ? "applies only to a non-resident (residentialStatus non_resident): a resident's dividends are taxed at the slab rates"
          : (profile.otherIncome?.dividends ?? 0) === 0
            ? "needs otherIncome.dividends: the rate applies to them"
            : null;
      if (problem !== null) ctx.addIssue({ code: "custom", path: ["otherIncome", "dividendTreatyRatePercent"], message: problem });
    }
    for (const [annual, split] of [
      ["dividends", "dividendsByPeriod"],
      ["casualWinnings", "casualWinningsByPeriod"],
    ] as const) {
      const parts = profile.otherIncome?.[split];
      if (parts === undefined) continue;
      const partsPaise = Object.values(parts).reduce((sum: number, part) => sum + Math.round((part ?? 0) * 100), 0);
      const annualPaise = Math.round((profile.otherIncome?.[annual] ?? 0) * 100);
      if (partsPaise !== annualPaise) {
        ctx.addIssue({
          code: "custom",
          path: ["otherIncome", split],
          message: `must add up to otherIncome.${annual} (${formatPaise(annualPaise)}); the parts add up to ${formatPaise(partsPaise)}`,
        });
      }
    }
    const salary = profile.salary;
    if (salary === undefined) return;
    // Commission at a fixed percentage of turnover is salary beside basic + DA (s.17(1)(iv)), Rule 2A's too. Paise.
    const commission =
      salary.turnoverCommission === undefined
        ? hraPeriodsPaise(salary.hraPeriods, "turnoverCommission")
        : Math.round(salary.turnoverCommission * 100);
    if (
      yearFigure(salary, "hraReceived") > 0 &&
      yearFigure(salary, "rentPaid") > 0 &&
      yearFigure(salary, "basicPlusDA") === 0 &&
      commission === 0 &&
      salary.exemptions10?.["10(13A)"] === undefined
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["salary", "basicPlusDA"],
        message:
          "is needed with hraReceived and rentPaid: the s.10(13A) exemption's limits are parts of basic + DA (Rule 2A), and without it nothing is exempt",
      });
    }
    // Basic + DA and HRA are parts of gross salary (s.17(1)) beside what was paid on leaving the employment; larger
    // values are a data-entry error, and would raise the limits worked on them.
    const beside = grossBesideLeaving(salary);
    for (const key of ["basicPlusDA", "hraReceived"] as const) {
      const given = salary[key];
      if (given !== undefined && Math.round(given * 100) > beside.room) {
        ctx.addIssue({ code: "custom", path: ["salary", key], message: beyondGrossLessLeaving(beside, "it is part of it") });
      } else if (given === undefined && hraPeriodsPaise(salary.hraPeriods, key) > beside.room) {
        ctx.addIssue({ code: "custom", path: ["salary", "hraPeriods"], message: `the periods' ${key} add up to more than salary.grossSalary` });
      }
    }
    // Both commission and basic + DA are parts of gross salary.
    if (commission > 0 && commission + Math.round(yearFigure(salary, "basicPlusDA") * 100) > beside.room) {
      ctx.addIssue({
        code: "custom",
        path: ["salary", salary.turnoverCommission === undefined ? "hraPeriods" : "turnoverCommission"],
        message:
          salary.turnoverCommission === undefined
            ? "the periods' turnoverCommission with basicPlusDA add up to more than salary.grossSalary: both are part of it"
            : "must not exceed salary.grossSalary less basicPlusDA: both are part of it",
      });
    }
    if (salary.retirementBenefits !== undefined) {
      for (const problem of retirementBenefitProblems(salary, salary.retirementBenefits))
        ctx.addIssue({ code: "custom", path: ["salary", "retirementBenefits", ...problem.path], message: problem.message });
    }
    if (salary.terminationCompensation !== undefined) {
      for (const problem of terminationCompensationProblems(salary, salary.terminationCompensation))
        ctx.addIssue({ code: "custom", path: ["salary", "terminationCompensation", ...problem.path], message: problem.message });
    }
    if (salary.hraPeriods !== undefined) {
      if (salary.turnoverCommission !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["salary", "turnoverCommission"],
          message:
            "with hraPeriods, give the commission period by period in hraPeriods[].turnoverCommission: each period's HRA is worked on its own salary",
        });
      }
      for (const problem of hraPeriodProblems(salary, salary.hraPeriods))
        ctx.addIssue({ code: "custom", path: ["salary", problem.field], message: problem.message });
    }
  })
  .openapi("TaxProfile", {
    description: "A taxpayer's facts for one financial year (an individual, s.2(31)(i)).",
    example: {
      age: 34,
      residentialStatus: "resident",
      houseProperties: [],
      salary: {
        grossSalary: 1_800_000,
        basicPlusDA: 900_000,
        hraReceived: 360_000,
        rentPaid: 300_000,
        isMetroCity: true,
        professionalTax: 2_500,
      },
      deductions: { section80C: 100_000, section80D_selfFamily: 15_000 },
      taxesPaid: 150_000,
    },
  });
export type Profile = z.infer<typeof ProfileSchema>;

const SPECIFIED_SENIOR_CITIZEN_AGE = 75;

type Salary = z.infer<typeof SalarySchema>;
type HraPeriodAmount = "hraReceived" | "rentPaid" | "basicPlusDA";

/** The periods' sum of one amount in paise, exact; 0 without periods. */
function hraPeriodsPaise(periods: Salary["hraPeriods"], key: HraPeriodAmount | "turnoverCommission"): number {
  let paise = 0;
  if (periods !== undefined) for (const period of periods) paise += Math.round((period[key] ?? 0) * 100);
  return paise;
}

/** The year's figure in rupees: as given, or, left out beside hraPeriods, the periods' sum (0 without either). */
function yearFigure(salary: Salary | undefined, key: HraPeriodAmount): number {
  return salary?.[key] ?? hraPeriodsPaise(salary?.hraPeriods, key) / 100;
}

/**
 * What is wrong with hraPeriods beside the year's figures: months beyond a year, and a year's figure that does not
 * match them. The year's basic + DA also holds the months outside the periods (s.80CCD limits are on the year's).
 */
function hraPeriodProblems(salary: Salary, periods: NonNullable<Salary["hraPeriods"]>): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const months = periods.reduce((sum, period) => sum + period.months, 0);
  if (months > 12) problems.push({ field: "hraPeriods", message: `the months add up to ${months}; the periods of one year cover at most 12` });
  for (const key of ["hraReceived", "rentPaid"] as const) {
    const sum = hraPeriodsPaise(periods, key);
    const given = salary[key];
    if (given !== undefined && Math.round(given * 100) !== sum) {
      problems.push({ field: key, message: `must equal the sum of hraPeriods (${formatPaise(sum)}), or be left out` });
    }
  }
  const basic = hraPeriodsPaise(periods, "basicPlusDA");
  const givenBasic = salary.basicPlusDA === undefined ? null : Math.round(salary.basicPlusDA * 100);
  if (givenBasic !== null && months >= 12 && givenBasic !== basic) {
    problems.push({
      field: "basicPlusDA",
      message: `must equal the sum of hraPeriods (${formatPaise(basic)}) when they cover 12 months, or be left out`,
    });
  } else if (givenBasic !== null && givenBasic < basic) {
    problems.push({
      field: "basicPlusDA",
      message: `must be at least the sum of hraPeriods (${formatPaise(basic)}): it is the year's, the months outside the periods included; or be left out`,
    });
  }
  return problems;
}

type RetirementBenefitsInput = NonNullable<Salary["retirementBenefits"]>;
type Problem = { path: (string | number)[]; message: string };

/** The three benefits, the exemptions10 section each would duplicate, and the employers whose clause (i) exempts it in full. */
const RETIREMENT_CLAUSES = [
  { benefit: "gratuity", section: "10(10)", fullyExempt: ["government", "local_authority"] },
  { benefit: "commutedPension", section: "10(10A)", fullyExempt: ["government", "local_authority", "statutory_corporation"] },
  { benefit: "leaveEncashment", section: "10(10AA)", fullyExempt: ["government"] },
] as const;

// What each benefit's clause (i) makes needless, and why.
const EXEMPT_IN_FULL: Record<(typeof RETIREMENT_CLAUSES)[number]["benefit"], { fields: readonly string[]; why: string }> = {
  gratuity: {
    fields: ["coveredByPaymentOfGratuityAct", "lastMonthWages", "tenMonthsSalary", "service", "exemptedEarlier", "precedingYears"],
    why: "a government or local authority employee's gratuity is exempt in full (s.10(10)(i))",
  },
  commutedPension: {
    fields: ["fullCommutedValue", "portionCommuted", "gratuityReceived", "precedingYears"],
    why: "commuted pension from the Government, a local authority or a statutory corporation is exempt in full (s.10(10A)(i))",
  },
  leaveEncashment: {
    fields: ["tenMonthsSalary", "leaveAtCreditDays", "completedYearsOfService", "leaveTakenInServiceDays", "exemptedEarlier"],
    why: "a Central or State Government employee's leave encashment on retirement is exempt in full (s.10(10AA)(i))",
  },
};

/** The employer the benefits' clauses read: as given, or from salary.isGovernmentEmployer. */
function retirementEmployer(salary: Salary, benefits: RetirementBenefitsInput): RetirementBenefits["employer"] {
  return benefits.employer ?? (salary.isGovernmentEmployer === true ? "government" : "other");
}

/** Whether the profile has gratuity, for s.10(10A)(ii)'s one-third. */
function hasGratuity(salary: Salary): boolean {
  return salary.retirementBenefits?.gratuity !== undefined || (salary.exemptions10?.["10(10)"] ?? 0) > 0;
}

/**
 * What was received on leaving the employment, in paise: the retirement benefits and compensation on termination,
 * each a part of grossSalary beside the pay, allowances and arrears.
 */
function paidOnLeavingPaise(salary: Salary): number {
  let paise = Math.round((salary.terminationCompensation?.received ?? 0) * 100);
  for (const { benefit } of RETIREMENT_CLAUSES) paise += Math.round((salary.retirementBenefits?.[benefit]?.received ?? 0) * 100);
  return paise;
}

/** What grossSalary leaves, in paise, beside the payments on leaving the employment (`leaving`). */
function grossBesideLeaving(salary: Salary | undefined): { room: number; leaving: number } {
  const leaving = salary === undefined ? 0 : paidOnLeavingPaise(salary);
  return { room: Math.max(0, Math.round((salary?.grossSalary ?? 0) * 100) - leaving), leaving };
}

/** The message for a part of grossSalary that exceeds what the payments on leaving the employment leave of it. */
function beyondGrossLessLeaving({ room, leaving }: { room: number; leaving: number }, what: string): string {
  return leaving === 0
    ? `must not exceed salary.grossSalary: ${what}`
    : `must not exceed salary.grossSalary less the retirement benefits and compensation on termination received (${formatPaise(room)}): ${what}`;
}

/**
 * What is wrong with the retirement benefits: none named, one also reported in exemptions10, more received than the
 * gross salary they are part of, and facts missing for the clause that applies or given for another.
 */
function retirementBenefitProblems(salary: Salary, benefits: RetirementBenefitsInput): Problem[] {
  const problems: Problem[] = [];
  const employer = retirementEmployer(salary, benefits);
  let received = 0;
  let named = 0;
  for (const { benefit, section, fullyExempt } of RETIREMENT_CLAUSES) {
    const given = benefits[benefit];
    if (given === undefined) continue;
    named++;
    received += Math.round(given.received * 100);
    if (salary.exemptions10?.[section] !== undefined) {
      problems.push({
        path: [benefit],
        message: `give ${benefit} once: here, to have its exemption worked out, or as exemptions10["${section}"], as the employer reported it`,
      });
    }
    if ((fullyExempt as readonly string[]).includes(employer)) {
      const { fields, why } = EXEMPT_IN_FULL[benefit];
      for (const field of fields) {
        if (Object.hasOwn(given, field)) problems.push({ path: [benefit, field], message: `not needed: ${why}` });
      }
    }
  }
  if (named === 0) problems.push({ path: [], message: "name at least one benefit: gratuity, commutedPension or leaveEncashment" });
  const gross = Math.round((salary.grossSalary ?? 0) * 100);
  if (received > gross) {
    problems.push({
      path: [],
      message: `the benefits received add up to ${formatPaise(received)}, more than salary.grossSalary (${formatPaise(gross)}): they are part of it`,
    });
  }
  const gratuity = benefits.gratuity;
  if (gratuity !== undefined && employer !== "government" && employer !== "local_authority") {
    problems.push(...gratuityProblems(gratuity));
  }
  const pension = benefits.commutedPension;
  if (pension !== undefined && employer === "other") {
    problems.push(...commutedPensionProblems(pension, hasGratuity(salary)));
    if (pension.precedingYears !== undefined) {
      problems.push(...precedingYearsProblems(["commutedPension"], pension.precedingYears, 3, "21A(5)(b)", pension.received));
    }
  }
  const leave = benefits.leaveEncashment;
  if (leave !== undefined && employer !== "government") {
    for (const field of ["tenMonthsSalary", "leaveAtCreditDays", "completedYearsOfService"] as const) {
      if (leave[field] === undefined) problems.push({ path: ["leaveEncashment", field], message: "is required for s.10(10AA)(ii)" });
    }
  }
  return problems;
}

/** s.10(10)(ii) or (iii): the Act's coverage and the service decide; each clause reads its own measure of salary. */
function gratuityProblems(gratuity: NonNullable<RetirementBenefitsInput["gratuity"]>): Problem[] {
  const problems: Problem[] = [];
  const covered = gratuity.coveredByPaymentOfGratuityAct;
  if (covered === undefined) {
    problems.push({
      path: ["gratuity", "coveredByPaymentOfGratuityAct"],
      message: "is required: whether the Payment of Gratuity Act, 1972 covers the employee decides between s.10(10)(ii) and (iii)",
    });
  }
  if (gratuity.service === undefined) problems.push({ path: ["gratuity", "service"], message: "is required for s.10(10)(ii) and (iii)" });
  const years = gratuity.precedingYears;
  const served = gratuity.service?.years;
  if (years !== undefined && served !== undefined) {
    if (served < GRATUITY_RELIEF_MIN_YEARS) {
      problems.push({
        path: ["gratuity", "precedingYears"],
        message: `relief under s.89 is for gratuity for past services of at least five years (Rule 21A(1)(b)); service.years is ${served}`,
      });
    } else {
      const three = served >= GRATUITY_THREE_YEARS_FROM;
      problems.push(
        ...precedingYearsProblems(
          ["gratuity"],
          years,
          three ? 3 : 2,
          three ? "21A(3)(c), for fifteen years or more of past services" : "21A(3)(b), for five to fifteen years of past services",
          gratuity.received,
        ),
      );
    }
  }
  if (covered === true) {
    if (gratuity.lastMonthWages === undefined) problems.push({ path: ["gratuity", "lastMonthWages"], message: "is required for s.10(10)(ii)" });
    if (gratuity.tenMonthsSalary !== undefined) {
      problems.push({ path: ["gratuity", "tenMonthsSalary"], message: "applies to s.10(10)(iii) only (coveredByPaymentOfGratuityAct false)" });
    }
  } else if (covered === false) {
    if (gratuity.tenMonthsSalary === undefined) problems.push({ path: ["gratuity", "tenMonthsSalary"], message: "is required for s.10(10)(iii)" });
    if (gratuity.lastMonthWages !== undefined) {
      problems.push({ path: ["gratuity", "lastMonthWages"], message: "applies to s.10(10)(ii) only (coveredByPaymentOfGratuityAct true)" });
    }
  }
  return problems;
}

/** s.10(10A)(ii): the whole pension's commuted value, given or from the part commuted, and gratuity as the profile has it. */
function commutedPensionProblems(pension: NonNullable<RetirementBenefitsInput["commutedPension"]>, profileHasGratuity: boolean): Problem[] {
  const problems: Problem[] = [];
  const { fullCommutedValue, portionCommuted } = pension;
  if (fullCommutedValue === undefined && portionCommuted === undefined) {
    problems.push({
      path: ["commutedPension"],
      message: "needs fullCommutedValue or portionCommuted: the exempt part is a share of the whole pension's commuted value (s.10(10A)(ii))",
    });
  } else if (fullCommutedValue !== undefined && portionCommuted !== undefined) {
    problems.push({ path: ["commutedPension"], message: "give fullCommutedValue or portionCommuted, not both" });
  }
  if (fullCommutedValue !== undefined && fullCommutedValue < pension.received) {
    problems.push({ path: ["commutedPension", "fullCommutedValue"], message: "must be at least received: what was received is a part of it" });
  }
  if (portionCommuted !== undefined && portionCommuted.numerator > portionCommuted.denominator) {
    problems.push({ path: ["commutedPension", "portionCommuted"], message: "must be at most the whole pension: numerator no more than denominator" });
  }
  if (pension.gratuityReceived === false && profileHasGratuity) {
    problems.push({
      path: ["commutedPension", "gratuityReceived"],
      message: "is false, but the profile has gratuity: with any gratuity, one-third is exempt (s.10(10A)(ii)(a))",
    });
  }
  return problems;
}

const YEARS_IN_WORDS = ["", "one year", "two years", "three years"] as const;

/**
 * What is wrong with the years before this one for s.89 relief on a payment: not as many as the rule names, or a tax
 * beyond the year's total income with its share of the payment (at most `received` ÷ the number of years).
 */
function precedingYearsProblems(
  at: (string | number)[],
  years: readonly { totalIncome: number; taxOnIncreasedIncome: number }[],
  expected: 2 | 3,
  rule: string,
  received: number,
): Problem[] {
  if (years.length !== expected) {
    return [
      {
        path: [...at, "precedingYears"],
        message: `needs the ${YEARS_IN_WORDS[expected]} before this one (Rule ${rule}); ${YEARS_IN_WORDS[years.length]} given`,
      },
    ];
  }
  const problems: Problem[] = [];
  const share = Math.ceil(Math.round(received * 100) / expected);
  years.forEach((year, index) => {
    const ceiling = Math.round(year.totalIncome * 100) + share;
    if (Math.round(year.taxOnIncreasedIncome * 100) > ceiling) {
      problems.push({
        path: [...at, "precedingYears", index, "taxOnIncreasedIncome"],
        message: `cannot exceed the year's total income increased by its share of the payment (at most ${formatPaise(ceiling)})`,
      });
    }
  });
  return problems;
}

/**
 * What is wrong with compensation on termination for s.89 relief: the conditions of Rule 21A(1)(c) not met, the
 * years not as the rule names them, more than the salary it is part of, an s.10(10B) exemption beyond it, or an
 * s.10(10C) exemption beside it (proviso to s.89).
 */
function terminationCompensationProblems(salary: Salary, compensation: NonNullable<Salary["terminationCompensation"]>): Problem[] {
  const problems: Problem[] = [];
  const exemptions = salary.exemptions10 ?? {};
  if ((exemptions["10(10C)"] ?? 0) > 0) {
    problems.push({
      path: [],
      message:
        'cannot go with exemptions10["10(10C)"]: no relief under s.89 on compensation under a voluntary retirement or separation scheme once its exemption under s.10(10C) is claimed (proviso to s.89)',
    });
  }
  if (compensation.continuousServiceYears < 3) {
    problems.push({
      path: ["continuousServiceYears"],
      message: "relief under s.89 is for compensation after continuous service of at least three years (Rule 21A(1)(c))",
    });
  }
  if (compensation.unexpiredTermYears < 3) {
    problems.push({
      path: ["unexpiredTermYears"],
      message: "relief under s.89 is for compensation where at least three years of the term of employment were left (Rule 21A(1)(c))",
    });
  }
  const received = Math.round(compensation.received * 100);
  const retrenchment = Math.round((exemptions["10(10B)"] ?? 0) * 100);
  if (retrenchment > received) {
    problems.push({
      path: ["received"],
      message: `must be at least exemptions10["10(10B)"] (${formatPaise(retrenchment)}): the retrenchment compensation exempt is part of it`,
    });
  }
  const benefitsReceived = paidOnLeavingPaise(salary) - received;
  const room = Math.max(0, Math.round((salary.grossSalary ?? 0) * 100) - benefitsReceived);
  if (received > room) {
    problems.push({
      path: ["received"],
      message:
        benefitsReceived === 0
          ? "must not exceed salary.grossSalary: it is part of it"
          : `must not exceed salary.grossSalary less the retirement benefits received (${formatPaise(room)}): it is part of it`,
    });
  }
  problems.push(...precedingYearsProblems([], compensation.precedingYears, 3, "21A(4)(b)", compensation.received));
  return problems;
}

/** The benefits as the engine reads them: the employer resolved, absent figures 0, absent service nil. */
function toRetirementBenefits(salary: Salary, benefits: RetirementBenefitsInput): RetirementBenefits {
  const { gratuity, commutedPension, leaveEncashment } = benefits;
  return {
    employer: retirementEmployer(salary, benefits),
    gratuity:
      gratuity === undefined
        ? null
        : {
            received: gratuity.received,
            coveredByGratuityAct: gratuity.coveredByPaymentOfGratuityAct ?? false,
            lastMonthWages: gratuity.lastMonthWages ?? 0,
            tenMonthsSalary: gratuity.tenMonthsSalary ?? [],
            service: { years: gratuity.service?.years ?? 0, months: gratuity.service?.months ?? 0, days: gratuity.service?.days ?? 0 },
            exemptedEarlier: gratuity.exemptedEarlier ?? 0,
            ...(gratuity.precedingYears === undefined ? {} : { precedingYears: gratuity.precedingYears }),
          },
    commutedPension:
      commutedPension === undefined
        ? null
        : {
            received: commutedPension.received,
            fullCommutedValue: commutedPension.fullCommutedValue ?? null,
            portionCommuted: commutedPension.portionCommuted ?? null,
            gratuityReceived: commutedPension.gratuityReceived ?? hasGratuity(salary),
            ...(commutedPension.precedingYears === undefined ? {} : { precedingYears: commutedPension.precedingYears }),
          },
    leaveEncashment:
      leaveEncashment === undefined
        ? null
        : {
            received: leaveEncashment.received,
            tenMonthsSalary: leaveEncashment.tenMonthsSalary ?? [],
            leaveAtCreditDays: leaveEncashment.leaveAtCreditDays ?? 0,
            completedYearsOfService: leaveEncashment.completedYearsOfService ?? 0,
            leaveTakenInServiceDays: leaveEncashment.leaveTakenInServiceDays ?? 0,
            exemptedEarlier: leaveEncashment.exemptedEarlier ?? 0,
          },
  };
}

/** s.80GG is for an assessee with no income under s.10(13A), however the deduction is entered. */
const NO_80GG_WITH_HRA = "applies only to someone who receives no house rent allowance (s.80GG); the profile has one";

/** Whether the profile has a house rent allowance: received, or its exempt part as Form 16 prints it. */
function receivesHra(profile: Profile): boolean {
  return yearFigure(profile.salary, "hraReceived") > 0 || (profile.salary?.exemptions10?.["10(13A)"] ?? 0) > 0;
}

/** What is wrong with the arrears for s.89: each must be named and be part of the income it was counted in. */
function arrearsProblems(arrears: NonNullable<Profile["arrears"]>, profile: Profile): { field: string; message: string }[] {
  const salary = arrears.salary ?? 0;
  const familyPension = arrears.familyPension ?? 0;
  const problems: { field: string; message: string }[] = [];
  if (salary === 0 && familyPension === 0) problems.push({ field: "salary", message: "name the arrears: salary, familyPension or both above 0" });
  const beside = grossBesideLeaving(profile.salary);
  if (Math.round(salary * 100) > beside.room) {
    problems.push({ field: "salary", message: beyondGrossLessLeaving(beside, "the arrears are counted in it") });
  }
  if (familyPension > (profile.otherIncome?.familyPension ?? 0)) {
    problems.push({ field: "familyPension", message: "must not exceed otherIncome.familyPension: the arrears are counted in it" });
  }
  return problems;
}

/** Why s.194P cannot apply to the profile, or null: resident, 75 or older, and only pension and that bank's interest. */
function notSpecifiedSeniorCitizen(profile: Profile): string | null {
  const who = "applies only to a resident aged 75 or more whose income is pension and interest from the bank that pays it (s.194P)";
  if (profile.residentialStatus === "non_resident") return `${who}; the profile is a non-resident's`;
  if (profile.age === undefined || profile.age < SPECIFIED_SENIOR_CITIZEN_AGE) return `${who}; give an age of 75 or more`;
  const other = profile.otherIncome;
  const otherIncomes = [
    (profile.houseProperties?.length ?? 0) > 0 || (profile.housePropertyIncome ?? 0) !== 0 ? "house property" : null,
    (profile.capitalGains?.length ?? 0) > 0 || (profile.assetSales?.length ?? 0) > 0 ? "capital gains" : null,
    profile.presumptive !== undefined || profile.business?.profit !== undefined || profile.business?.speculationProfit !== undefined
      ? "business or profession"
      : null,
    (other?.dividends ?? 0) > 0 ? "dividends" : null,
    (other?.casualWinnings ?? 0) > 0 ? "winnings" : null,
    (profile.agriculturalIncome ?? 0) > 0 ? "agriculture" : null,
    (profile.foreignIncome?.length ?? 0) > 0 ? "outside India" : null,
    leftEmployment(profile.salary) ? "leaving an employment (gratuity, leave encashment or compensation)" : null,
  ].filter((income) => income !== null);
  if (otherIncomes.length > 0) return `${who}; the profile also has income from ${otherIncomes.join(", ")}`;
  if (profile.salary?.isPension === false) return `${who}; the profile's salary is not a pension (salary.isPension)`;
  if ((profile.salary?.grossSalary ?? 0) === 0 && (other?.familyPension ?? 0) === 0) return `${who}; the profile has no pension`;
  return null;
}

/** Whether the salary holds a payment on leaving an employment, which is salary and not pension (s.17(1)(iii), (3)). */
function leftEmployment(salary: Salary | undefined): boolean {
  if (salary === undefined) return false;
  const exemptions = salary.exemptions10 ?? {};
  return (
    salary.retirementBenefits?.gratuity !== undefined ||
    salary.retirementBenefits?.leaveEncashment !== undefined ||
    salary.terminationCompensation !== undefined ||
    (["10(10)", "10(10AA)", "10(10B)", "10(10C)"] as const).some((section) => (exemptions[section] ?? 0) > 0)
  );
}

/** "2025-26" -> "2024-25": the financial year an assessment year assesses. */
function financialYearOf(assessmentYear: string): string {
  return financialYearLabel(Number(assessmentYear.slice(0, 4)) - 1);
}

/**
 * Transfers before 23 July 2024 fall in FY 2024-25 only; a request naming one for another year (or for the
 * default, current year, which FY 2024-25 can no longer be) is refused, wherever a profile is given with its year.
 */
export function refusePreJuly2024TransfersOutsideTheirYear(
  request: { profile: Profile; financialYear?: FinancialYear | undefined },
  ctx: z.RefinementCtx,
): void {
  if (request.financialYear === "2024-25") return;
  (request.profile.capitalGains ?? []).forEach((entry, index) => {
    if (entry.transferredBefore23July2024 === true) {
      ctx.addIssue({
        code: "custom",
        path: ["profile", "capitalGains", index, "transferredBefore23July2024"],
        message:
          request.financialYear === undefined
            ? "only FY 2024-25 has transfers before 23 July 2024; send financialYear 2024-25 (without it, the year is the current one)"
            : "only FY 2024-25 has transfers before 23 July 2024",
      });
    }
  });
}

/**
 * Dates belong to the request's financial year: sales within it (the year of a transfer is the year its gain is
 * charged in, s.45(1)), and payment and filing dates as `refusePaymentDatesOutsideTheirYear` says.
 */
export function refuseDatesOutsideTheirYear(request: { profile: Profile; financialYear?: FinancialYear | undefined }, ctx: z.RefinementCtx): void {
  refuseSalesOutsideTheirYear(request, ctx);
  refusePaymentDatesOutsideTheirYear(request, ctx);
}

/** The first and last days of a financial year, and the day after it. */
function daysOf(year: FinancialYear): { first: string; last: string; after: string } {
  const start = Number(year.slice(0, 4));
  return { first: `${start}-04-01`, last: `${start + 1}-03-31`, after: `${start + 1}-04-01` };
}

function refuseSalesOutsideTheirYear(request: { profile: Profile; financialYear?: FinancialYear | undefined }, ctx: z.RefinementCtx): void {
  const sales = request.profile.assetSales;
  if (sales === undefined) return;
  const year = request.financialYear;
  if (year === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["financialYear"],
      message: "is required with profile.assetSales: each sale's date must fall in it (without it, the year is the current one)",
    });
    return;
  }
  const { first, last } = daysOf(year);
  sales.forEach((sale, index) => {
    if (parseIsoDate(sale.transferred).ok && (sale.transferred < first || sale.transferred > last)) {
      ctx.addIssue({
        code: "custom",
        path: ["profile", "assetSales", index, "transferred"],
        message: `must fall in FY ${year} (${first} to ${last}): a sale's gain is charged in the year of the transfer (s.45(1))`,
      });
    }
  });
}

/**
 * Payment and filing dates belong to the request's financial year: advance tax within it, self-assessment tax and
 * the return after it, up to the last day for a belated return (s.139(4); tax year 2026-27: s.263(4)).
 */
function refusePaymentDatesOutsideTheirYear(request: { profile: Profile; financialYear?: FinancialYear | undefined }, ctx: z.RefinementCtx): void {
  const { taxPayments, returnFiledOn } = request.profile;
  if (taxPayments === undefined) return;
  const year = request.financialYear;
  if (year === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["financialYear"],
      message: "is required with profile.taxPayments: payment dates belong to one financial year (without it, the year is the current one)",
    });
    return;
  }
  const returns = individualReturnDates(year);
  if (returns === undefined) return;
  const { first, last, after } = daysOf(year);
  const path = ["profile", "taxPayments"];
  (taxPayments.advanceTax ?? []).forEach((payment, index) => {
    if (payment.date < first || payment.date > last) {
      ctx.addIssue({
        code: "custom",
        path: [...path, "advanceTax", index, "date"],
        message: `must fall in FY ${year} (${first} to ${last}): advance tax is paid during the year; tax paid after it is self-assessment tax`,
      });
    }
  });
  const filedOn = returnFiledOn !== undefined && parseIsoDate(returnFiledOn).ok ? returnFiledOn : undefined;
  // Without returnFiledOn the return is taken as furnished on its due date, and s.140A tax comes before the return.
  const dueDate = returnDueDate(returns, businessInputOf(request.profile));
  const updatedOn = request.profile.updatedReturn?.filedOn;
  const lastPayment = (updatedOn !== undefined && parseIsoDate(updatedOn).ok ? updatedOn : undefined) ?? filedOn ?? dueDate;
  (taxPayments.selfAssessmentTax ?? []).forEach((payment, index) => {
    if (payment.date < after || payment.date > lastPayment) {
      ctx.addIssue({
        code: "custom",
        path: [...path, "selfAssessmentTax", index, "date"],
        message:
          filedOn === undefined
            ? `must fall from ${after} (after FY ${year}) to ${dueDate}, the return's due date, or come with returnFiledOn: self-assessment tax is paid before the return (s.140A), taken as furnished on its due date without returnFiledOn`
            : `must fall from ${after} (after FY ${year}) to returnFiledOn ${filedOn}: self-assessment tax is paid before the return (s.140A)`,
      });
    }
  });
  if (filedOn !== undefined && (filedOn < after || filedOn > returns.lastDayForBelatedReturn)) {
    ctx.addIssue({
      code: "custom",
      path: ["profile", "returnFiledOn"],
      message: `must fall from ${after} (after FY ${year}) to ${returns.lastDayForBelatedReturn}, the last day for a belated return`,
    });
  }
  refuseUpdatedReturnOutsideItsWindow(request.profile.updatedReturn, year, returns, ctx);
  // Tax year 2026-27 refuses an updated return above, and its rule is s.202(4)(b) of the 2025 Act.
  if (year !== "2026-27") refuseOldRegimeOfALateEarlierReturn(request.profile, filedOn, dueDate, ctx);
}

/**
 * s.115BAC(6)(ii): without business or professional income the old regime is chosen only along with the return
 * furnished under s.139(1), so an earlier return furnished after its due date cannot have chosen it.
 */
function refuseOldRegimeOfALateEarlierReturn(profile: Profile, filedOn: string | undefined, dueDate: string, ctx: z.RefinementCtx): void {
  if (profile.updatedReturn?.earlierReturn?.regime !== "old" || filedOn === undefined || filedOn <= dueDate) return;
  if (hasBusinessIncome(businessInputOf(profile))) return;
  ctx.addIssue({
    code: "custom",
    path: ["profile", "updatedReturn", "earlierReturn", "regime"],
    message: `cannot be old: without income from business or profession the old regime is chosen only in the return furnished by its due date ${dueDate} (s.115BAC(6)(ii)), and returnFiledOn ${filedOn} is after it`,
  });
}

/**
 * s.139(8A) (Finance Act 2025): an updated return within 48 months from the end of the assessment year; s.140B(3)
 * prices only one furnished after the time for a belated or revised return (s.139(4), (5)) has run out.
 */
function refuseUpdatedReturnOutsideItsWindow(
  updated: { filedOn: string; earlierReturn?: unknown } | undefined,
  year: FinancialYear,
  returns: IndividualReturnDates,
  ctx: z.RefinementCtx,
): void {
  if (updated === undefined || !parseIsoDate(updated.filedOn).ok) return;
  const path = ["profile", "updatedReturn", "filedOn"];
  if (year === "2026-27") {
    ctx.addIssue({
      code: "custom",
      path,
      message: "is not supported for tax year 2026-27: updated returns are worked out for FY 2024-25 and 2025-26",
    });
    return;
  }
  // s.140B(3) prices an updated return furnished after the time for a belated return, or for revising the earlier one.
  const after =
    updated.earlierReturn === undefined
      ? { day: returns.lastDayForBelatedReturn, words: "the last day for a belated return" }
      : { day: returns.lastDayForRevisedReturn, words: "the last day for revising the earlier return (s.139(5))" };
  const lastDay = `${Number(year.slice(0, 4)) + 6}-03-31`;
  if (updated.filedOn <= after.day || updated.filedOn > lastDay) {
    ctx.addIssue({
      code: "custom",
      path,
      message: `must fall after ${after.day}, ${after.words}, and by ${lastDay}, 48 months from the end of the assessment year (s.139(8A))`,
    });
  }
}

/** Each kind of business loss brought forward: the field, the years it is set off in, its section and this year's own. */
const LOSS_KINDS = [
  { field: "lossBroughtForward", years: BUSINESS_LOSS_YEARS, inWords: "eight", section: "72(3)", thisYears: "business.profit" },
  {
    field: "speculationLossBroughtForward",
    years: SPECULATION_LOSS_YEARS,
    inWords: "four",
    section: "73(4)",
    thisYears: "business.speculationProfit",
  },
] as const;

/**
 * A business loss brought forward arose in one of the eight financial years before the request's (s.72(3); tax year
 * 2026-27: s.112(2)), a speculation loss in one of the four (s.73(4)): an older one has ended, and the year's own loss
 * is in profile.business.profit or speculationProfit.
 */
export function refuseBusinessLossesOutsideTheirYears(
  request: { profile: Profile; financialYear?: FinancialYear | undefined },
  ctx: z.RefinementCtx,
): void {
  const business = request.profile.business;
  for (const kind of LOSS_KINDS) {
    const losses = business?.[kind.field];
    if (losses === undefined || losses.length === 0) continue;
    const year = request.financialYear;
    if (year === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["financialYear"],
        message: `is required with profile.business.${kind.field}: a loss is set off only in the ${kind.inWords} years after the one it arose in (s.${kind.section}); without it, the year is the current one`,
      });
      return;
    }
    const start = Number(year.slice(0, 4));
    losses.forEach((loss, index) => {
      const arose = financialYearStartOfLabel(loss.financialYear);
      if (arose === null) return;
      const path = ["profile", "business", kind.field, index, "financialYear"];
      if (arose >= start) {
        ctx.addIssue({ code: "custom", path, message: `must be before FY ${year}: this year's own loss is ${kind.thisYears}` });
      } else if (start - arose > kind.years) {
        ctx.addIssue({
          code: "custom",
          path,
          message: `a loss of FY ${loss.financialYear} could be set off only up to FY ${financialYearLabel(arose + kind.years)} (s.${kind.section}): it has ended, leave it out`,
        });
      }
    });
  }
}

export const ComputeRequestSchema = z
  .object({
    profile: ProfileSchema,
    financialYear: z.enum(FINANCIAL_YEARS).optional().openapi({
      description:
        "Financial year, the 'previous year' of s.3, in which the income was earned (2026-27 is a 'tax year' under the Income-tax Act, 2025); NOT the assessment year printed on Form 16, which is the year after. Default: the financial year of today's date in India (IST); once that year is not one of these (from 1 April 2027), leaving it out is a 400.",
      example: "2025-26",
    }),
    chosenRegime: z.enum(["old", "new"]).optional().openapi({
      description:
        "The regime the employee told the employer (Form 16 row A). Both regimes are computed either way; the result compares it with the cheaper one.",
      example: "old",
    }),
    assessmentYear: z
      .string()
      .regex(/^\d{4}-\d{2}$/, "must look like 2025-26")
      .refine((year) => financialYearStartOfLabel(year) !== null, "must be a year such as 2026-27, its second part the year after its first")
      .optional()
      .openapi({
        description:
          "The assessment year a document named (POST /documents/parse fills it in). Only checked: it must be the year after financialYear, which catches an assessment year passed as the financial year.",
        example: "2026-27",
      }),
  })
  .strict()
  .superRefine((request, ctx) => {
    if (request.assessmentYear !== undefined) {
      const expected = financialYearOf(request.assessmentYear);
      if (request.financialYear === undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["financialYear"],
          message: `is required with assessmentYear; for assessment year ${request.assessmentYear} it is ${expected}`,
        });
      } else if (request.financialYear !== expected) {
        ctx.addIssue({
          code: "custom",
          path: ["financialYear"],
          message: `${request.financialYear} does not match assessmentYear ${request.assessmentYear}: the financial year is the year before the assessment year (${expected})`,
        });
      }
    }
    refusePreJuly2024TransfersOutsideTheirYear(request, ctx);
    refuseDatesOutsideTheirYear(request, ctx);
    refuseBusinessLossesOutsideTheirYears(request, ctx);
  })
  .openapi("ComputeRequest", {
    example: {
      financialYear: "2025-26",
      profile: {
        age: 40,
        residentialStatus: "resident",
        salary: { grossSalary: 1_575_000, employerPfContribution: 108_000 },
        otherIncome: { dividends: 20_000 },
        capitalGains: [
          { section: "112A", gain: 300_000 },
          { section: "111A", gain: -40_000 },
          { section: "112", gain: 2_400_000, indexedGain: 1_300_000, landOrBuildingAcquiredBefore23July2024: true },
        ],
        presumptive: { profession: { grossReceipts: 1_200_000 } },
        taxesPaid: 150_000,
      },
    },
  });

/** The parsed profile as the engine's fully populated input: absent numbers are 0, absent lists empty. */
export function toTaxInput(profile: Profile): TaxInput {
  const salary = profile.salary ?? {};
  const other = profile.otherIncome ?? {};
  const deductions = profile.deductions ?? {};
  const firstReturnOn = profile.returnFiledOn ?? profile.updatedReturn?.filedOn;
  return {
    age: profile.age ?? 0,
    ageGiven: profile.age !== undefined,
    residentialStatus: profile.residentialStatus,
    city: profile.city ?? null,
    salary: {
      grossSalary: salary.grossSalary ?? 0,
      basicPlusDA: yearFigure(salary, "basicPlusDA"),
      hraReceived: yearFigure(salary, "hraReceived"),
      rentPaid: yearFigure(salary, "rentPaid"),
      isMetroCity: salary.isMetroCity ?? null,
      ...(salary.turnoverCommission === undefined ? {} : { turnoverCommission: salary.turnoverCommission }),
      ...(salary.hraPeriods === undefined
        ? {}
        : {
            hraPeriods: salary.hraPeriods.map((period) => ({
              months: period.months,
              hraReceived: period.hraReceived,
              rentPaid: period.rentPaid,
              basicPlusDA: period.basicPlusDA,
              ...(period.turnoverCommission === undefined ? {} : { turnoverCommission: period.turnoverCommission }),
              isMetroCity: period.isMetroCity ?? null,
              city: period.city ?? null,
            })),
          }),
      professionalTax: salary.professionalTax ?? 0,
      isGovernmentEmployer: salary.isGovernmentEmployer ?? false,
      ...(salary.isPension === true ? { isPension: true } : {}),
      employerPfContribution: salary.employerPfContribution ?? 0,
      employerSuperannuationContribution: salary.employerSuperannuationContribution ?? 0,
      ...(salary.retirementBenefits === undefined ? {} : { retirementBenefits: toRetirementBenefits(salary, salary.retirementBenefits) }),
      ...(salary.terminationCompensation === undefined
        ? {}
        : {
            terminationCompensation: {
              received: salary.terminationCompensation.received,
              precedingYears: salary.terminationCompensation.precedingYears,
            },
          }),
    },
    houseProperties: (profile.houseProperties ?? []).map((property) => ({
      type: property.type,
      annualRent: property.annualRent ?? 0,
      municipalTaxesPaid: property.municipalTaxesPaid ?? 0,
      interestOnHousingLoan: property.interestOnHousingLoan ?? 0,
      ...(property.interestCap === undefined ? {} : { interestCap: property.interestCap }),
    })),
    otherIncome: {
      savingsInterest: other.savingsInterest ?? 0,
      depositInterest: other.depositInterest ?? 0,
      dividends: other.dividends ?? 0,
      ...(other.dividendInterestExpense === undefined ? {} : { dividendInterestExpense: other.dividendInterestExpense }),
      // Undefined when absent, rather than spread in: the typical request builds nothing for it.
      dividendTreatyRatePercent: other.dividendTreatyRatePercent,
      familyPension: other.familyPension ?? 0,
      casualWinnings: other.casualWinnings ?? 0,
    },
    ...(profile.agriculturalIncome === undefined ? {} : { agriculturalIncome: profile.agriculturalIncome }),
    capitalGains: (profile.capitalGains ?? []).map((entry) => ({
      section: entry.section,
      gain: entry.gain,
      ...(entry.arose === undefined ? {} : { arose: entry.arose }),
      transferredBefore23July2024: entry.transferredBefore23July2024 ?? false,
      indexedGain: entry.indexedGain ?? null,
      landOrBuildingAcquiredBefore23July2024: entry.landOrBuildingAcquiredBefore23July2024 ?? false,
      ...(entry.security === undefined ? {} : { security: entry.security }),
      ...(entry.exemption === undefined ? {} : { exemption: toExemption(entry.exemption) }),
    })),
    ...(profile.assetSales === undefined ? {} : { assetSales: profile.assetSales.map(toAssetSale) }),
    ...(profile.capitalLossesBroughtForward === undefined
      ? {}
      : {
          capitalLossesBroughtForward: {
            shortTerm: profile.capitalLossesBroughtForward.shortTerm ?? 0,
            longTerm: profile.capitalLossesBroughtForward.longTerm ?? 0,
          },
        }),
    ...(profile.housePropertyLossBroughtForward === undefined ? {} : { housePropertyLossBroughtForward: profile.housePropertyLossBroughtForward }),
    ...(profile.arrears === undefined
      ? {}
      : {
          arrears: {
            salary: profile.arrears.salary ?? 0,
            familyPension: profile.arrears.familyPension ?? 0,
            extraTaxInEarlierYears: profile.arrears.extraTaxInEarlierYears,
          },
        }),
    ...(profile.foreignIncome === undefined ? {} : { foreignIncome: profile.foreignIncome }),
    ...businessInputOf(profile),
    deductions: {
      section80C: deductions.section80C ?? 0,
      section80CCD1: deductions.section80CCD1 ?? 0,
      section80CCD1B: deductions.section80CCD1B ?? 0,
      section80CCD2: deductions.section80CCD2 ?? 0,
      section80D_selfFamily: deductions.section80D_selfFamily ?? 0,
      section80D_parents: deductions.section80D_parents ?? 0,
      parentsAge: deductions.parentsAge ?? null,
      section80D_checkUpSelfFamily: deductions.section80D_checkUpSelfFamily ?? 0,
      section80D_checkUpParents: deductions.section80D_checkUpParents ?? 0,
      section80D_medicalSelfFamily: deductions.section80D_medicalSelfFamily ?? 0,
      section80D_medicalParents: deductions.section80D_medicalParents ?? 0,
      section80E: deductions.section80E ?? 0,
      section80GG_rentPaid: deductions.section80GG_rentPaid ?? 0,
      ...(deductions.section80GG_months === undefined ? {} : { section80GG_months: deductions.section80GG_months }),
      section80G_100: deductions.section80G_100 ?? 0,
      section80G_50: deductions.section80G_50 ?? 0,
      section80G_50WithLimit: deductions.section80G_50WithLimit ?? 0,
    },
    taxesPaid: profile.taxesPaid ?? (profile.taxPayments === undefined ? 0 : paymentsPaise(profile.taxPayments) / 100),
    ...(profile.taxPayments === undefined
      ? {}
      : {
          taxPayments: {
            tdsTcs: profile.taxPayments.tdsTcs ?? 0,
            advanceTax: profile.taxPayments.advanceTax ?? [],
            selfAssessmentTax: profile.taxPayments.selfAssessmentTax ?? [],
          },
        }),
    // The engine's returnFiledOn is the first return furnished: without an earlier one, the updated return.
    ...(firstReturnOn === undefined ? {} : { returnFiledOn: firstReturnOn }),
    ...(profile.updatedReturn === undefined
      ? {}
      : {
          updatedReturn: {
            filedOn: profile.updatedReturn.filedOn,
            earlierReturn:
              profile.updatedReturn.earlierReturn === undefined || profile.returnFiledOn === undefined
                ? null
                : {
                    filedOn: profile.returnFiledOn,
                    taxAndInterestPayable: profile.updatedReturn.earlierReturn.taxAndInterestPayable,
                    refundIssued: profile.updatedReturn.earlierReturn.refundIssued ?? 0,
                    ...(profile.updatedReturn.earlierReturn.regime === undefined ? {} : { regime: profile.updatedReturn.earlierReturn.regime }),
                  },
          },
        }),
    ...(profile.specifiedSeniorCitizen === undefined ? {} : { specifiedSeniorCitizen: profile.specifiedSeniorCitizen }),
    ...(profile.returnFormFacts === undefined
      ? {}
      : {
          returnFormFacts: {
            companyDirector: profile.returnFormFacts.companyDirector ?? false,
            heldUnlistedEquityShares: profile.returnFormFacts.heldUnlistedEquityShares ?? false,
            assetsOutsideIndia: profile.returnFormFacts.assetsOutsideIndia ?? false,
            signingAuthorityOutsideIndia: profile.returnFormFacts.signingAuthorityOutsideIndia ?? false,
            tdsOnCashWithdrawals: profile.returnFormFacts.tdsOnCashWithdrawals ?? false,
            esopTaxDeferred: profile.returnFormFacts.esopTaxDeferred ?? false,
          },
        }),
    ...(profile.depositsAndSpending === undefined
      ? {}
      : {
          depositsAndSpending: {
            currentAccountDeposits: profile.depositsAndSpending.currentAccountDeposits ?? 0,
            savingsAccountDeposits: profile.depositsAndSpending.savingsAccountDeposits ?? 0,
            foreignTravel: profile.depositsAndSpending.foreignTravel ?? 0,
            electricity: profile.depositsAndSpending.electricity ?? 0,
          },
        }),
    ...(other.dividendsByPeriod === undefined ? {} : { dividendsByPeriod: INCOME_PERIODS.map((period) => other.dividendsByPeriod?.[period] ?? 0) }),
    ...(other.casualWinningsByPeriod === undefined
      ? {}
      : { casualWinningsByPeriod: INCOME_PERIODS.map((period) => other.casualWinningsByPeriod?.[period] ?? 0) }),
    reported: {
      ...(salary.exemptions10 ? { exemptions10: salary.exemptions10 } : {}),
      ...(profile.housePropertyIncome !== undefined ? { housePropertyIncome: profile.housePropertyIncome } : {}),
      ...(other.reportedToEmployer !== undefined ? { otherSourcesIncome: other.reportedToEmployer } : {}),
      ...(deductions.section80D !== undefined ? { section80D: deductions.section80D } : {}),
      ...(deductions.parentsSeniorCitizen !== undefined ? { parentsSeniorCitizen: deductions.parentsSeniorCitizen } : {}),
      ...(deductions.otherChapterVIA ? { otherChapterVIA: deductions.otherChapterVIA } : {}),
    },
  };
}

type Presumptive = z.infer<typeof PresumptiveSchema>;

/** A profile's business, presumptive and from books, as the engine reads it. */
function businessInputOf(profile: Profile): Pick<TaxInput, "presumptive" | "business"> {
  const presumptive = profile.presumptive ?? {};
  return {
    presumptive: {
      business: presumptiveBusiness(presumptive),
      profession: presumptiveProfession(presumptive),
      goodsCarriages: goodsCarriages(presumptive),
    },
    ...(profile.business === undefined ? {} : { business: businessFromBooks(profile.business) }),
  };
}

function presumptiveBusiness(presumptive: Presumptive): TaxInput["presumptive"]["business"] {
  const business = presumptive.business;
  if (business === undefined) return null;
  const otherTurnover = business.otherTurnover ?? 0;
  return {
    digitalTurnover: business.digitalTurnover ?? 0,
    otherTurnover,
    cashReceipts: business.cashReceipts ?? otherTurnover,
    declaredIncome: business.declaredIncome ?? 0,
  };
}

function presumptiveProfession(presumptive: Presumptive): TaxInput["presumptive"]["profession"] {
  const profession = presumptive.profession;
  if (profession === undefined) return null;
  return { grossReceipts: profession.grossReceipts ?? 0, cashReceipts: profession.cashReceipts ?? 0, declaredIncome: profession.declaredIncome ?? 0 };
}

function goodsCarriages(presumptive: Presumptive): TaxInput["presumptive"]["goodsCarriages"] {
  return (presumptive.goodsCarriages ?? []).map((carriage) => {
    const owned = { monthsOwned: carriage.monthsOwned, declaredIncome: carriage.declaredIncome ?? 0 };
    // The schema has required the weight of a heavy goods vehicle.
    return carriage.kind === "heavy"
      ? { kind: "heavy", grossVehicleWeightKg: carriage.grossVehicleWeightKg ?? 0, ...owned }
      : { kind: "other", ...owned };
  });
}

function lossesBroughtForward(
  losses: readonly z.infer<typeof BusinessLossBroughtForwardSchema>[] | undefined,
): NonNullable<TaxInput["business"]>["lossesBroughtForward"] {
  return (losses ?? []).map((loss) => ({
    financialYear: loss.financialYear,
    amount: loss.amount,
    fromDeductionsBarredInNewRegime: loss.fromDeductionsBarredInNewRegime ?? 0,
  }));
}

function businessFromBooks(business: z.infer<typeof BusinessSchema>): NonNullable<TaxInput["business"]> {
  return {
    profit: business.profit ?? null,
    newRegimeProfit: business.newRegimeProfit ?? null,
    lossesBroughtForward: lossesBroughtForward(business.lossBroughtForward),
    speculationProfit: business.speculationProfit ?? null,
    speculationLossesBroughtForward: lossesBroughtForward(business.speculationLossBroughtForward),
    taxAudit: business.taxAudit ?? false,
    ...(business.firstYearProfitByPeriod === undefined
      ? {}
      : { firstYearProfitByPeriod: INCOME_PERIODS.map((period) => business.firstYearProfitByPeriod?.[period] ?? 0) }),
  };
}
