// How Form 16 rows are recognised: a fixture of the corpus printed another way must still compute to its own Part
// B, rows 12 (total taxable income) and 13 (tax on total income). Each case changes one thing in a fixture and,
// where it adds a figure, adjusts the rows that add it up, so the expected figures are the form's own.
import { describe, expect, it } from "vitest";
import { parseDocuments } from "../../../../src/tax/domain/documents";
import { computeTax } from "../../../../src/tax/domain/engine";
import { ComputeRequestSchema, toTaxInput } from "../../../../src/tax/compute/request-schema";
import { byName } from "./fixtures";

/** The fixture's text with each [from, to] replaced once; a `from` missing from the text fails the test. */
function edited(name: string, ...edits: [string, string][]): string {
  let text = byName(name).text;
  for (const [from, to] of edits) {
    if (!text.includes(from)) throw new Error(`${name} has no ${JSON.stringify(from)}`);
    text = text.replace(from, to);
  }
  return text;
}

/** The text's compute request, as /compute's schema accepts it, and what it computes to in the chosen regime. */
function computed(text: string) {
  const result = parseDocuments([{ text }]);
  if (!result.ok) throw new Error(result.error.message);
  const request = ComputeRequestSchema.parse(result.computeRequest);
  const regime = computeTax({ ...toTaxInput(request.profile), chosenRegime: request.chosenRegime! }, request.financialYear!).regimes[
    request.chosenRegime!
  ];
  return { result, request, partB: { taxableIncome: regime.taxableIncome, slabTax: regime.slabTax } };
}

// The payroll fixture's Part B: total taxable income 4,11,600 and tax 8,080 (old regime, FY 2024-25).
const PAYROLL_PART_B = { taxableIncome: 411_600, slabTax: 8_080 };

/** The payroll fixture with `extra` rupees more salary, so rows 3 to 9 grow by it and row 11 by the same. */
function payrollWithMoreSalary(extra: "40" | "2,500" | "20", ...edits: [string, string][]): string {
  const rows: Record<typeof extra, [string, string][]> = {
    "40": [
      ["₹ 8,40,000.00", "₹ 8,80,000.00"],
      ["Rs. 8,40,000.00", "Rs. 8,80,000.00"],
      ["6,96,000.00", "7,36,000.00"],
      ["6,43,600.00", "6,83,600.00"],
      ["5,36,100.00", "5,76,100.00"],
      ["1,24,500.00", "1,64,500.00"],
    ],
    "2,500": [
      ["₹ 8,40,000.00", "₹ 8,42,500.00"],
      ["Rs. 8,40,000.00", "Rs. 8,42,500.00"],
      ["6,96,000.00", "6,98,500.00"],
      ["6,43,600.00", "6,46,100.00"],
      ["5,36,100.00", "5,38,600.00"],
      ["1,24,500.00", "1,27,000.00"],
    ],
    "20": [
      ["₹ 8,40,000.00", "₹ 8,60,000.00"],
      ["Rs. 8,40,000.00", "Rs. 8,60,000.00"],
      ["6,96,000.00", "7,16,000.00"],
      ["6,43,600.00", "6,63,600.00"],
      ["5,36,100.00", "5,56,100.00"],
      ["1,24,500.00", "1,44,500.00"],
    ],
  };
  return edited("form16-payroll-indian-grouping", ...edits, ...rows[extra]);
}

describe("a Chapter VI-A label that starts with its section number", () => {
  it("80C and 80E followed by their description ('80C - Contribution', '80E - Education') are 80C and 80E", () => {
    // 40,000 more salary and 40,000 of 80E: rows 12 and 13 stay 4,11,600 and 8,080.
    const text = payrollWithMoreSalary("40", [
      `   (a) Deduction in respect of life insurance premia, contributions to
       provident fund etc. under section 80C             Rs. 1,10,000.00   Rs. 1,10,000.00`,
      `   (a) 80C - Contribution to PF / LIC / ELSS             Rs. 1,10,000.00   Rs. 1,10,000.00
   (h) 80E - Education loan interest                     Rs. 40,000.00     Rs. 40,000.00`,
    ]);
    const { request, partB } = computed(text);
    expect(request.profile.deductions).toMatchObject({ section80C: 110_000, section80E: 40_000 });
    expect(partB).toEqual(PAYROLL_PART_B);
  });

  it("'80G - Prime Minister's National Relief Fund' is a donation under 80G, not relief under section 89", () => {
    // The donation deductible in full (5,000 instead of 2,500) and 2,500 more salary: rows 12 and 13 unchanged.
    const text = payrollWithMoreSalary("2,500", [
      `   (k) Total Deduction in respect of donations to certain funds, charitable
       institutions, etc. under section 80G              5,000.00      2,500.00        2,500.00`,
      "   (k) 80G - Prime Minister's National Relief Fund      5,000.00      5,000.00        5,000.00",
    ]);
    const { result, request, partB } = computed(text);
    expect(request.profile.deductions?.section80G_100).toBe(5_000);
    expect(result.unmapped).toEqual([]);
    expect(partB).toEqual(PAYROLL_PART_B);
  });

  it("'80D - Dependent parents' is the parents' 80D, not 80DD", () => {
    const text = payrollWithMoreSalary("20", [
      "       under section 80D                                 ₹ 12,000.00       ₹ 12,000.00",
      "       under section 80D                                 ₹ 12,000.00       ₹ 12,000.00\n" +
        "   (g) 80D - Dependent parents (mediclaim)               ₹ 20,000.00       ₹ 20,000.00",
    ]);
    const { request, partB } = computed(text);
    expect(request.profile.deductions).toMatchObject({ section80D_selfFamily: 12_000, section80D_parents: 20_000 });
    expect(request.profile.deductions?.otherChapterVIA).toBeUndefined();
    expect(partB).toEqual(PAYROLL_PART_B);
  });
});

describe("80CCD(1B) as payroll software prints it", () => {
  it.each(["Section 80CCD1B - NPS", "Section 80CCD 1B - NPS", "Section 80CCD(1)(B) - NPS"])("'%s' is 80CCD(1B)", (label) => {
    const text = edited("form16-traces-layout-old-regime", [
      `      (e) Deductions in respect of amount paid/deposited to notified pension
          scheme under section 80CCD (1B)                                            50000.00         50000.00`,
      `      (e) ${label}                                                                   50000.00         50000.00`,
    ]);
    const { result, request, partB } = computed(text);
    expect(request.profile.deductions?.section80CCD1B).toBe(50_000);
    expect(result.ok && result.documents[0]!.warnings).toEqual([]);
    // The fixture's own Part B (its expected.json working): 8,44,500 and 81,400.
    expect(partB).toEqual({ taxableIncome: 844_500, slabTax: 81_400 });
  });
});

describe("a row whose amounts are printed on its first line and whose label goes on to the next", () => {
  it("10(e) 80CCD(1B), its first line matching nothing alone, keeps its amounts", () => {
    const text = edited("form16-traces-layout-old-regime", [
      `      (e) Deductions in respect of amount paid/deposited to notified pension
          scheme under section 80CCD (1B)                                            50000.00         50000.00`,
      `      (e) Deductions in respect of amount paid/deposited to notified pension         50000.00         50000.00
          scheme under section 80CCD (1B)`,
    ]);
    const { result, request, partB } = computed(text);
    expect(request.profile.deductions?.section80CCD1B).toBe(50_000);
    expect(result.ok && result.documents[0]!.warnings).toEqual([]);
    // The fixture's own Part B (its expected.json working): 8,44,500 and 81,400.
    expect(partB).toEqual({ taxableIncome: 844_500, slabTax: 81_400 });
  });

  it("10(j), the Central Government's Agnipath contribution, is 80CCH(2) and allowed in the new regime", () => {
    // 30,000 more salary and 30,000 under 10(j): the new-regime fixture's rows 12 and 13 stay 10,38,600 and 55,790.
    const text = edited(
      "form16-traces-part-a-and-b-new-regime",
      [
        "         under section 80E                                                        0.00             0.00\n",
        "         under section 80E                                                        0.00             0.00\n" +
          "     (j) Deduction in respect of contribution by the Central Government to  30000.00         30000.00\n" +
          "         Agnipath Scheme under section 80CCH\n",
      ],
      [
        "(a) Salary as per provisions contained in section 17(1)                         1160000.00",
        "(a) Salary as per provisions contained in section 17(1)                         1190000.00",
      ],
      [
        "(d) Total                                                                                    1160000.00",
        "(d) Total                                                                                    1190000.00",
      ],
      ["[1(d)-2(i)]                            1160000.00", "[1(d)-2(i)]                            1190000.00"],
      ["[(3+1(e)-5]                                    1085000.00", "[(3+1(e)-5]                                    1115000.00"],
      [
        "Gross total income (6+8)                                                                  1085000.00",
        "Gross total income (6+8)                                                                  1115000.00",
      ],
      ["+10(l)+10(n)]                                46400.00", "+10(l)+10(n)]                                76400.00"],
    );
    const { request, partB } = computed(text);
    expect(request.profile.deductions?.otherChapterVIA).toEqual({ "80CCH(2)": 30_000 });
    expect(partB).toEqual({ taxableIncome: 1_038_600, slabTax: 55_790 });
  });

  it("consecutive rows printed that way, whose second lines name their section alone, keep each row's own figure", () => {
    // Rows 2(c)-(e) with their amounts on their first lines, as a narrow label column prints them; 25,000 more
    // salary and 25,000 of leave encashment under s.10(10AA), which the new regime allows (s.115BAC(2)): rows 3
    // to 13 stay as the new-regime fixture prints them, 10,38,600 and 55,790.
    const text = edited(
      "form16-traces-part-a-and-b-new-regime",
      [
        "(a) Salary as per provisions contained in section 17(1)                         1160000.00",
        "(a) Salary as per provisions contained in section 17(1)                         1185000.00",
      ],
      [
        "(d) Total                                                                                    1160000.00",
        "(d) Total                                                                                    1185000.00",
      ],
      [
        `     (c) Commuted value of pension under section 10(10A)                                 0.00
     (d) Cash equivalent of leave salary encashment under section 10
         (10AA)                                                                          0.00
     (e) House rent allowance under section 10(13A)                                      0.00`,
        `     (c) Commuted value of pension under                                                 0.00
         section 10(10A)
     (d) Cash equivalent of leave salary                                             25000.00
         encashment under section 10(10AA)
     (e) House rent allowance under                                                      0.00
         section 10(13A)`,
      ],
      [
        "[2(a)+2(b)+2(c)+2(d)+2(e)+2(f)+2(h)]                                                         0.00",
        "[2(a)+2(b)+2(c)+2(d)+2(e)+2(f)+2(h)]                                                     25000.00",
      ],
    );
    const { result, request, partB } = computed(text);
    if (!result.ok || result.documents[0]!.documentType !== "form16") throw new Error("not parsed");
    expect(result.documents[0]!.amounts).toMatchObject({ commutedPension10_10A: 0, leaveEncashment10_10AA: 25_000, houseRentAllowance10_13A: 0 });
    expect(result.documents[0]!.warnings).toEqual([]);
    expect(request.profile.salary?.exemptions10).toEqual({ "10(10AA)": 25_000 });
    expect(partB).toEqual({ taxableIncome: 1_038_600, slabTax: 55_790 });
  });

  it("a row that matches nothing is not completed by the next row, which has a marker of its own", () => {
    const text = edited("form16-traces-layout-old-regime", [
      "      (i) Deduction in respect of contribution by the employee to Agnipath",
      "      (x) Bonus paid in arrears (memo)                                          12345.00\n" +
        "      (i) Deduction in respect of contribution by the employee to Agnipath",
    ]);
    const { result, partB } = computed(text);
    const warnings = result.ok ? result.documents[0]!.warnings : [];
    expect(warnings.map((w) => w.message)).toEqual(["amount on a line that matched no known Form 16 item"]);
    expect(warnings[0]?.text).toContain("Bonus paid in arrears");
    expect(partB).toEqual({ taxableIncome: 844_500, slabTax: 81_400 });
  });
});

describe("row A, the regime the employee chose", () => {
  const QUESTION = "                          Whether opting out of taxation u/s 115BAC(1A)?                                        Yes\n";
  const columns = "Sl. No.   Particulars                                                   Amount (Rs.)\n";

  it.each([
    [
      "the answer printed on the line above the question, column headings below it",
      `${" ".repeat(50)}Yes\nWhether opting out of taxation u/s 115BAC(1A)?\n${columns}`,
    ],
    ["the question without its question mark", "Whether opting out of taxation u/s 115BAC(1A)    Yes\n"],
  ])("%s: Yes is the old regime, and the form computes to its own Part B", (_, row) => {
    const { request, partB } = computed(edited("form16-traces-layout-old-regime", [QUESTION, row]));
    expect(request.chosenRegime).toBe("old");
    expect(partB).toEqual({ taxableIncome: 844_500, slabTax: 81_400 });
  });

  it("'Sl. No.' below an unanswered question is no answer: the regime is left unknown, and said so", () => {
    const result = parseDocuments([
      { text: edited("form16-traces-layout-old-regime", [QUESTION, `Whether opting out of taxation u/s 115BAC(1A)?\n${columns}`]) },
    ]);
    if (!result.ok || result.documents[0]!.documentType !== "form16") throw new Error("not parsed");
    expect(result.documents[0]!.optedOutOf115BAC).toBeNull();
    expect(result.computeRequest?.chosenRegime).toBeUndefined();
    expect(result.documents[0]!.warnings.map((w) => w.message)).toContain(
      "row A, whether opting out of s.115BAC(1A) (the regime chosen): not found in the text; left null",
    );
  });
});

describe("the year a label names", () => {
  /** The new-regime page-breaks fixture with every "Assessment Year: 2026-27" (first page and page headers) replaced. */
  const withAssessmentYear = (printed: string, below: string): string =>
    byName("form16-page-breaks-fy2025-26-new")
      .text.replace("Assessment Year: 2026-27\n", `Assessment Year: 2026-27\n${below}`)
      .replaceAll("Assessment Year: 2026-27", printed);

  it("'Assessment Year: 2026-2027' is AY 2026-27, FY 2025-26, whatever year the next line names", () => {
    const { request, partB } = computed(withAssessmentYear("Assessment Year: 2026-2027", "Financial Year: 2025-26\n"));
    expect([request.financialYear, request.assessmentYear]).toEqual(["2025-26", "2026-27"]);
    // The fixture's own Part B (FY 2025-26 new regime): 10,45,000, tax 44,500, all of it rebated under s.87A.
    expect(partB).toEqual({ taxableIncome: 1_045_000, slabTax: 44_500 });
  });

  // The financial year is never read as the assessment year; a form that names only the financial year is for the
  // assessment year after it.
  it.each([
    ["Assessment Year:", "Financial Year: 2025-26\n"],
    ["A.Y. 2026-27", ""],
    ["A.Y.:2026-2027", ""],
    ["F.Y. 2025-26", ""],
    ["Financial Year: 2025-26", ""],
  ])("%j (then %j) is FY 2025-26, AY 2026-27", (printed, below) => {
    const { result, request, partB } = computed(withAssessmentYear(printed, below));
    expect(result.documents[0]).toMatchObject({ assessmentYear: "2026-27", taxYear: null });
    expect([request.financialYear, request.assessmentYear]).toEqual(["2025-26", "2026-27"]);
    expect(partB).toEqual({ taxableIncome: 1_045_000, slabTax: 44_500 });
  });

  it("an assessment year printed without its value, and no financial year, names no year", () => {
    const result = parseDocuments([{ text: withAssessmentYear("Assessment Year:", "") }]);
    if (!result.ok || result.documents[0]!.documentType !== "form16") throw new Error("not parsed");
    expect(result.documents[0]!.assessmentYear).toBeNull();
    expect(result.computeRequest).toBeNull();
    expect(result.unmapped.map((u) => u.field)).toEqual(["financialYear"]);
  });
});

describe("the break-up tables at the end of Part B detail rows 2(h) and 10(n); they never add to them", () => {
  const chapterVIABreakUp = (rows: string): string =>
    "Break up for 'Amount deductible under any other provision(s) of Chapter VI-A' to be filled by the employer:\n" +
    "S.No.    Section under which deduction is allowed       Gross Amount   Qualifying Amount   Deductible Amount\n" +
    rows;
  /** The old-regime TRACES fixture with 75,000 under 10(n) (rows 11 to 13 as the form then prints them) and a break-up. */
  const withOtherProvisions = (breakUp: string): string =>
    edited(
      "form16-traces-layout-old-regime",
      [
        "          Chapter VI-A                                                        0.00            0.00            0.00",
        "          Chapter VI-A                                                    75000.00        75000.00        75000.00",
      ],
      ["+10(l)+10(n)]                                     298000.00", "+10(l)+10(n)]                                     373000.00"],
      [
        "Total taxable income (9-11)                                                                       844500.00",
        "Total taxable income (9-11)                                                                       769500.00",
      ],
      [
        "Tax on total income                                                                                81400.00",
        "Tax on total income                                                                                66400.00",
      ],
      ["Page 1 of 1", `${breakUp}Page 1 of 1`],
    );
  // GTI 11,42,500 − Chapter VI-A 3,73,000 = 7,69,500 (row 12); old regime FY 2024-25: 12,500 + 20 % of 2,69,500 = 66,400 (row 13).
  const FORM_PART_B = { taxableIncome: 769_500, slabTax: 66_400 };

  it("10(n) 75,000 broken up as 80DD 75,000 is 80DD 75,000 once", () => {
    const { request, partB } = computed(
      withOtherProvisions(
        chapterVIABreakUp("1.       80DD                                             75000.00          75000.00             75000.00\n"),
      ),
    );
    expect(request.profile.deductions?.otherChapterVIA).toEqual({ "80TTA": 8_000, "80DD": 75_000 });
    expect(partB).toEqual(FORM_PART_B);
  });

  it("a break-up row of a section the form has no field for stays in 10(n) as other, without a warning", () => {
    const rows =
      "1.       80DD                                             50000.00          50000.00             50000.00\n" +
      "2.       80QQB                                            25000.00          25000.00             25000.00\n";
    const { result, request, partB } = computed(withOtherProvisions(chapterVIABreakUp(rows)));
    expect(request.profile.deductions?.otherChapterVIA).toEqual({ "80TTA": 8_000, "80DD": 50_000, other: 25_000 });
    expect(result.ok && result.documents[0]!.warnings).toEqual([]);
    expect(partB).toEqual(FORM_PART_B);
  });

  it("a break-up adding up to more than 10(n) is listed, and 10(n) stands as the form's row 11 counts it", () => {
    const rows =
      "1.       80DD                                             75000.00          75000.00             75000.00\n" +
      "2.       80U                                              75000.00          75000.00             75000.00\n";
    const { result, request, partB } = computed(withOtherProvisions(chapterVIABreakUp(rows)));
    expect(request.profile.deductions?.otherChapterVIA).toEqual({ "80TTA": 8_000, other: 75_000 });
    expect(result.unmapped.map((u) => [u.field, u.amount])).toEqual([
      ["chapterVIA.section80DD", 75_000],
      ["chapterVIA.section80U", 75_000],
    ]);
    expect(partB).toEqual(FORM_PART_B);
  });

  it("2(h) 19,200 broken up into allowances under 10(14) is 19,200 of other exemptions, not 10(14) as well", () => {
    // 19,200 more salary and 2(h) 19,200 (2(i) 1,63,200): rows 3 to 13 as the payroll fixture prints them.
    const text = edited(
      "form16-payroll-indian-grouping",
      [
        "   (i) Total amount of exemption claimed under section 10                      ₹1,44,000.00",
        "   (h) Total amount of any other exemption under section 10                    ₹19,200.00\n" +
          "   (i) Total amount of exemption claimed under section 10                      ₹1,63,200.00",
      ],
      ["₹ 8,40,000.00", "₹ 8,59,200.00"],
      ["Rs. 8,40,000.00", "Rs. 8,59,200.00"],
      [
        "Bonus paid in arrears for FY 2023-24 (memo)                                   1,23,456.78",
        "Break-up of 'Amount of any other exemption under section 10':\n" +
          "S.No.  Nature of exemption                                   Amount\n" +
          "1.     Children education allowance u/s 10(14)              2,400.00\n" +
          "2.     Hostel expenditure allowance u/s 10(14)              3,600.00\n" +
          "3.     Transport allowance u/s 10(14)                       13,200.00",
      ],
    );
    const { result, request, partB } = computed(text);
    expect(request.profile.salary?.exemptions10).toEqual({ "10(13A)": 144_000, "10(other)": 19_200 });
    expect(result.ok && result.documents[0]!.warnings).toEqual([]);
    expect(partB).toEqual(PAYROLL_PART_B);
  });

  describe("voluntary retirement and retrenchment compensation in the break-up of 2(g) stay exempt in the new regime", () => {
    // The new-regime fixture (FY 2025-26) with 5,00,000 more salary, all of it exempt under 2(h): rows 3 to 13 are
    // unchanged, total taxable income 10,45,000 and tax 20,000 + 10 % of 2,45,000 = 44,500. s.115BAC(2)(i) bars
    // clauses (5), (13A), (14), (17) and (32) of s.10, not (10B) or (10C), so the form's own Part B stands only if
    // these rows are read by section rather than as "any other" exemption.
    const withOtherExemptions = (breakUp: string): string =>
      edited(
        "form16-page-breaks-fy2025-26-new",
        [
          "(a)  Salary as per provisions contained in section 17(1)                                                1180000.00",
          "(a)  Salary as per provisions contained in section 17(1)                                                1680000.00",
        ],
        [
          "(d)  Total                                                                                              1180000.00",
          "(d)  Total                                                                                              1680000.00",
        ],
        [
          "(h)  Total amount of any other exemption under section 10                                                     0.00",
          "(h)  Total amount of any other exemption under section 10                                                500000.00",
        ],
        [
          "(i)  Total amount of exemption claimed under section 10 [2(a)+2(b)+2(c)+2(d)+2(e)+2(f)+2(h)]                  0.00",
          "(i)  Total amount of exemption claimed under section 10 [2(a)+2(b)+2(c)+2(d)+2(e)+2(f)+2(h)]             500000.00",
        ],
        [
          "Verification",
          `Break-up of 'Amount of any other exemption under section 10':\nS.No.  Nature of exemption        Amount\n${breakUp}Verification`,
        ],
      );
    const NEW_REGIME_PART_B = { taxableIncome: 1_045_000, slabTax: 44_500 };

    it("10(10C) 3,00,000 and 10(10B) 2,00,000 go by section", () => {
      const { result, request, partB } = computed(
        withOtherExemptions(
          "1.     Compensation on voluntary retirement u/s 10(10C)      3,00,000.00\n" +
            "2.     Retrenchment compensation u/s 10(10B)                 2,00,000.00\n",
        ),
      );
      expect(request.profile.salary?.exemptions10).toEqual({ "10(10B)": 200_000, "10(10C)": 300_000 });
      expect(result.ok && result.documents[0]!.warnings).toEqual([]);
      expect(partB).toEqual(NEW_REGIME_PART_B);
    });

    it("the rest of 2(h) stays other, and is barred in the new regime as it may hold a barred clause", () => {
      // 2(h) 5,00,000 of which 10(10C) 4,80,000 and a transport allowance of 20,000 under 10(14): the new regime
      // allows the 4,80,000 only, so taxable income is 20,000 above the form's (which allowed both): 10,65,000, tax
      // 20,000 + 10 % of 2,65,000 = 46,500.
      const { request, partB } = computed(
        withOtherExemptions(
          "1.     Voluntary retirement compensation u/s 10(10C)         4,80,000.00\n" +
            "2.     Transport allowance u/s 10(14)                          20,000.00\n",
        ),
      );
      expect(request.profile.salary?.exemptions10).toEqual({ "10(10C)": 480_000, "10(other)": 20_000 });
      expect(partB).toEqual({ taxableIncome: 1_065_000, slabTax: 46_500 });
    });

    it("a break-up adding up to more than 2(h) is listed, and 2(h) stands as the form's row 2(i) counts it", () => {
      const { result, request } = computed(
        withOtherExemptions(
          "1.     Voluntary retirement compensation u/s 10(10C)         5,00,000.00\n" +
            "2.     Retrenchment compensation u/s 10(10B)                 1,00,000.00\n",
        ),
      );
      expect(request.profile.salary?.exemptions10).toEqual({ "10(other)": 500_000 });
      expect(result.unmapped.map((u) => [u.field, u.amount])).toEqual([
        ["amounts.retrenchment10_10B", 100_000],
        ["amounts.voluntaryRetirement10_10C", 500_000],
      ]);
    });
  });

  it("the 2019 layout with both tables computes to its own Part B", () => {
    // The 2019-layout fixture dated AY 2025-26 (old-regime slabs unchanged): 3,81,700, tax 6,585, all rebated.
    const text = edited("form16-traces-2019-layout", ["Assessment Year: 2021-22", "Assessment Year: 2025-26"]);
    const { request, partB } = computed(text);
    expect(request.profile.deductions?.otherChapterVIA).toEqual({ "80TTA": 3_200, "80DD": 75_000 });
    expect(partB).toEqual({ taxableIncome: 381_700, slabTax: 6_585 });
  });
});

describe("the parents' 80D row without the words 'senior citizen'", () => {
  /** The old-regime TRACES fixture with a parents' 80D row of `parents` rupees and rows 11 to 13 as the form prints them. */
  const withParents = (parents: string, aggregate: string, taxable: string, tax: string): string =>
    edited(
      "form16-traces-layout-old-regime",
      [
        "      (g) Deduction in respect of health insurance premia under section 80D          25000.00         25000.00",
        "      (g) Deduction in respect of health insurance premia under section 80D          25000.00         25000.00\n" +
          `          80D - health insurance premia for parents                                   ${parents}         ${parents}`,
      ],
      ["+10(l)+10(n)]                                     298000.00", `+10(l)+10(n)]                                     ${aggregate}`],
      [
        "Total taxable income (9-11)                                                                       844500.00",
        `Total taxable income (9-11)                                                                       ${taxable}`,
      ],
      [
        "Tax on total income                                                                                81400.00",
        `Tax on total income                                                                                ${tax}`,
      ],
    );

  it("allowing more than 25,000 means a senior parent: the flag is set, and the notes say it was inferred", () => {
    // s.80D(2)(b), (4) (tax-rules.md §7): parents ₹25,000, ₹50,000 if a parent is a senior citizen. Rows 12 and 13:
    // GTI 11,42,500 − 3,48,000 = 7,94,500; 12,500 + 20 % of 2,94,500 = 71,400.
    const { result, request, partB } = computed(withParents("50000.00", "348000.00", "794500.00", "71400.00"));
    expect(request.profile.deductions).toMatchObject({ section80D_parents: 50_000, parentsSeniorCitizen: true });
    expect(result.ok && result.notes).toEqual([expect.stringContaining("deductions.parentsSeniorCitizen: true, inferred")]);
    expect(partB).toEqual({ taxableIncome: 794_500, slabTax: 71_400 });
  });

  it("25,000 or less says nothing about the parents' age: no flag, no note", () => {
    // GTI 11,42,500 − 3,18,000 = 8,24,500; 12,500 + 20 % of 3,24,500 = 77,400.
    const { result, request, partB } = computed(withParents("20000.00", "318000.00", "824500.00", "77400.00"));
    expect(request.profile.deductions?.parentsSeniorCitizen).toBeUndefined();
    expect(result.ok && result.notes).toEqual([]);
    expect(partB).toEqual({ taxableIncome: 824_500, slabTax: 77_400 });
  });
});

describe("a new-regime form that lists declared deductions at 0 deductible", () => {
  // The new-regime TRACES fixture with 80C of 2,00,000 and 80D of 25,000 declared (gross) and 0 deductible, as the new
  // regime allows neither. New regime (its Part B, unchanged): 10,38,600, tax 55,790. Old regime, FY 2024-25, below
  // 60 (tax-rules.md §1.2, §2, §7): 11,60,000 − standard deduction 50,000 = 11,10,000; 80C held to 1,50,000, 80D
  // 25,000, 80CCD(2) 46,400 as reported: 2,21,400; total income 8,88,600; tax 12,500 + 20 % of 3,88,600 = 90,220.
  const declared = edited(
    "form16-traces-part-a-and-b-new-regime",
    [
      "provident fund etc. under section 80C                                    0.00             0.00",
      "provident fund etc. under section 80C                               200000.00             0.00",
    ],
    [
      "(d) Total deduction under section 80C, 80CCC and 80CCD(1)                    0.00             0.00",
      "(d) Total deduction under section 80C, 80CCC and 80CCD(1)               200000.00             0.00",
    ],
    [
      "health insurance premia under section 80D        0.00             0.00",
      "health insurance premia under section 80D    25000.00             0.00",
    ],
  );

  it("takes the declared amounts, so the old regime's figure has them within its limits; the new regime's is the form's", () => {
    const { result, request, partB } = computed(declared);
    expect(request.chosenRegime).toBe("new");
    expect(request.profile.deductions).toMatchObject({ section80C: 200_000, section80D: 25_000 });
    expect(result.ok && result.notes).toEqual([expect.stringContaining("is a new-regime form, which deducts nothing under")]);
    expect(partB).toEqual({ taxableIncome: 1_038_600, slabTax: 55_790 });
    const old = computeTax(toTaxInput(request.profile), request.financialYear!).regimes.old;
    expect({ taxableIncome: old.taxableIncome, slabTax: old.slabTax }).toEqual({ taxableIncome: 888_600, slabTax: 90_220 });
  });
});

describe("an 80TTB row: the employee is a senior citizen", () => {
  // s.80TTB is for a resident of 60 or over (tax-rules.md §7), so the form's Part B was worked on the senior bands.
  // The old-regime TRACES fixture with its 80TTA of 8,000 replaced by 80TTB of 20,000 (the interest in row 7(b)):
  // row 11 2,98,000 − 8,000 + 20,000 = 3,10,000; row 12 11,42,500 − 3,10,000 = 8,32,500; row 13 on the senior
  // bands (§1.2): 5 % of 2,00,000 = 10,000 + 20 % of 3,32,500 = 66,500, so 76,500 (below 60 it would be 79,000).
  const senior = edited(
    "form16-traces-layout-old-regime",
    [
      "under section 80TTA                                              8000.00         8000.00         8000.00",
      "under section 80TTA                                              0.00            0.00            0.00",
    ],
    [
      "      (m) Amount Deductible under any other provision(s) of Chapter VI-A\n",
      "      (m) Amount Deductible under any other provision(s) of Chapter VI-A\n          80TTB                                                     20000.00        20000.00        20000.00\n",
    ],
    [
      "          Chapter VI-A                                                        0.00            0.00            0.00",
      "          Chapter VI-A                                                        20000.00        20000.00        20000.00",
    ],
    ["+10(l)+10(n)]                                     298000.00", "+10(l)+10(n)]                                     310000.00"],
    [
      "Total taxable income (9-11)                                                                       844500.00",
      "Total taxable income (9-11)                                                                       832500.00",
    ],
    [
      "Tax on total income                                                                                81400.00",
      "Tax on total income                                                                                76500.00",
    ],
  );

  it("without an age, the request says 60 and the notes say it was inferred, so it computes to the form's own tax", () => {
    const { result, request, partB } = computed(senior);
    expect(request.profile.age).toBe(60);
    expect(request.profile.deductions?.otherChapterVIA).toEqual({ "80TTB": 20_000 });
    expect(result.ok && result.notes).toEqual([expect.stringContaining("profile.age: 60, inferred from the Form 16")]);
    expect(partB).toEqual({ taxableIncome: 832_500, slabTax: 76_500 });
  });

  it("an age the caller gives stands, with no note", () => {
    const result = parseDocuments([{ text: senior }], { age: 82 });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.computeRequest?.profile.age).toBe(82);
    expect(result.notes).toEqual([]);
  });
});

describe("rows printed as 'label - amount', as some payroll software prints Part B", () => {
  // Old regime, FY 2024-25 (AY 2025-26), so the form's own Part B, worked by hand (tax-rules.md):
  // 1(d) 14,40,000 − 2(i) 1,22,400 (HRA 1,20,000 + other 2,400) = 13,17,600 (row 3); − row 5, 52,400 (standard
  // deduction 50,000, s.16(ia) old regime, §2; tax on employment 2,400) = 12,65,200 (row 6); + row 8, −1,29,950
  // (house property loss 1,50,000, set off in full as it is under ₹2,00,000, §8; other sources 20,050)
  // = 11,35,250 (row 9); − row 11, 2,25,000 (80C 1,50,000 and 80CCD(1B) 50,000 at their caps, 80D self 25,000, §7)
  // = 9,10,250 (row 12, already a multiple of ₹10, §5 s.288A). Row 13, old-regime slabs under 60 (§1.2):
  // 12,500 + 20 % × (9,10,250 − 5,00,000) = 94,550. Row 14: no 87A rebate above ₹5,00,000 (§3). Row 15: no
  // surcharge up to ₹50 lakh (§4.1). Row 16: 4 % cess on 94,550 = 3,782 (§5). Row 17: 94,550 + 3,782 = 98,332.
  const form = `FORM NO. 16
PART B (Annexure-I)
Details of Salary Paid and any other income and tax deducted
Name of the Employer: KAVERI PAY-ROLL SERVICES PVT LTD
TAN of the Employer: BLRK01234E
PAN of the Employee: AKJPR4821M
Assessment Year: 2025-26
Whether opting out of taxation u/s 115BAC(1A)? - Yes
1. Gross Salary
(a) Salary as per provisions contained in section 17(1) - 1440000.00
(b) Value of perquisites under section 17(2) - 0.00
(c) Profits in lieu of salary under section 17(3) - 0.00
(d) Total - 1440000.00
2. Less: Allowances to the extent exempt under section 10
(e) House rent allowance under section 10(13A) - 120000.00
(h) Total amount of any other exemption under section 10 - 2400.00
(i) Total amount of exemption claimed under section 10 - 122400.00
3. Total amount of salary received from current employer - 1317600.00
4. Less: Deductions under section 16
(a) Standard deduction under section 16(ia) - 50000.00
(c) Tax on employment under section 16(iii) - 2400.00
5. Total amount of deductions under section 16 - 52400.00
6. Income chargeable under the head "Salaries" - 1265200.00
7. Add: Any other income reported by the employee
(a) Income (or admissible loss) from house property reported by employee offered for TDS - -150000.00
(b) Income under the head Other Sources offered for TDS - 20050.00
8. Total amount of other income reported by the employee - -129950.00
9. Gross total income (6+8) - 1135250.00
10. Deductions under Chapter VI-A
Section 80C - 150000.00
Section 80CCD(1B) - 50000.00
Section 80D - 25000.00
11. Aggregate of deductible amount under Chapter VI-A - 225000.00
12. Total taxable income (9-11) - 910250.00
13. Tax on total income - 94550.00
14. Rebate under section 87A, if applicable - 0.00
15. Surcharge, wherever applicable - 0.00
16. Health and education cess - 3782.00
17. Tax payable (13+15+16-14) - 98332.00
`;

  it("reads each row's own figure and computes to the form's rows 12 to 17", () => {
    const result = parseDocuments([{ text: form }]);
    if (!result.ok || result.documents[0]!.documentType !== "form16") throw new Error("not parsed");
    const document = result.documents[0]!;
    expect(document.warnings).toEqual([]);
    expect(document.amounts).toMatchObject({
      salary17_1: 1_440_000,
      houseRentAllowance10_13A: 120_000,
      totalOtherExemptions10: 2_400,
      taxOnEmployment16iii: 2_400,
      housePropertyIncome: -150_000,
      otherSourcesIncome: 20_050,
    });
    expect(document.chapterVIA.section80C).toEqual({ gross: null, qualifying: null, deductible: 150_000 });
    const request = ComputeRequestSchema.parse(result.computeRequest);
    expect(request.chosenRegime).toBe("old");
    const regime = computeTax({ ...toTaxInput(request.profile), chosenRegime: "old" }, request.financialYear!).regimes.old;
    expect({
      taxableIncome: regime.taxableIncome,
      taxOnTotalIncome: regime.slabTax,
      rebate87A: regime.rebate87A,
      surcharge: regime.surcharge,
      cess: regime.cess,
      taxPayable: regime.taxLiability,
    }).toEqual({ taxableIncome: 910_250, taxOnTotalIncome: 94_550, rebate87A: 0, surcharge: 0, cess: 3_782, taxPayable: 98_332 });
  });
});
