// Request and response schemas of POST /api/v1/documents/parse. The parsers live in domain/documents; these
// schemas describe their result field by field, and the tests parse every fixture's result with them.
import { z } from "@hono/zod-openapi";
import { FORM16_ROW_LABELS } from "../domain/documents/form16-items";
import { RELIEF_89_NOT_MAPPED } from "../domain/documents/compute-request";
import { ComputeRequestSchema } from "../compute/request-schema";
import { queryInteger } from "../../platform/http/query";
import { CHAPTER_VIA_KEYS, FORM16_AMOUNT_KEYS, type ChapterVIAKey, type Form16AmountKey } from "../domain/documents/types";

export const DOCUMENT_TYPES = ["form16", "ais"] as const;
export const AIS_CATEGORIES = [
  "salary",
  "savingsInterest",
  "depositInterest",
  "dividends",
  "rent",
  "saleOfSecurities",
  "casualWinnings",
  "taxesPaid",
  "refunds",
  "other",
] as const;

const documentType = z.enum(DOCUMENT_TYPES).openapi({
  description: "form16: Form 16 Part B (Annexure-I) or Form 130 from tax year 2026-27; ais: Annual Information Statement.",
  example: "form16",
});

const documentText = z
  .string()
  .min(1)
  .refine((text) => text.trim() !== "", "is empty")
  .refine((text) => !text.includes("\u0000"), "contains NUL bytes; send the document's text, not the binary file")
  .openapi({
    description:
      "The document's text: pdftotext -layout output, text extracted one cell per line, a tab-separated export or a copy-paste from a PDF viewer; for AIS also the decrypted AIS utility JSON as a string.",
    example: "Whether opting out of taxation u/s 115BAC(1A)? Yes\n(a) Salary as per provisions contained in section 17(1) 1450000.00",
  });

/** Most documents one person has for one year: a Form 16 per employer and the AIS. */
export const MAX_DOCUMENTS = 5;

const age = z.number().int().min(0).max(130).optional().openapi({
  description:
    "Age on 31 March of the year, copied into computeRequest.profile.age (an AIS's date of birth gives it otherwise; a Form 16 prints none). Without it /compute uses the rates for below 60, unless a Form 16 allows an 80TTB deduction, which only a resident of 60 or over may claim: then the age is 60, and notes says so.",
  example: 34,
});

export const DocumentParseRequestSchema = z
  .object({
    type: documentType.optional().openapi({ description: "Document type of `text`; detected when absent." }),
    text: documentText.optional(),
    documents: z
      .array(z.object({ type: documentType.optional(), text: documentText }).strict())
      .min(1)
      .max(MAX_DOCUMENTS)
      .optional()
      .openapi({
        description: `Up to ${MAX_DOCUMENTS} documents of one person and year (Form 16s of several employers, Form 16 and AIS), merged into one computeRequest. Instead of text.`,
      }),
    age,
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.text === undefined) === (body.documents === undefined)) {
      ctx.addIssue({ code: "custom", path: ["text"], message: "send either text or documents" });
    }
    if (body.documents !== undefined && body.type !== undefined) {
      ctx.addIssue({ code: "custom", path: ["type"], message: "give the type inside each of documents" });
    }
  })
  .openapi("DocumentParseRequest");
export type DocumentParseRequest = z.infer<typeof DocumentParseRequestSchema>;

/** Query of the text/plain form of the request: the body is the text, the type comes from ?type=. */
export const DocumentParseQuerySchema = z
  .object({
    type: documentType.optional().openapi({ description: "Document type for a text/plain body; detected when absent. With a JSON body, a 400." }),
    age: queryInteger(0, 130)
      .optional()
      .openapi({ description: "Age for computeRequest.profile.age, for a text/plain body. With a JSON body, a 400.", example: 34 }),
  })
  // A misspelt parameter is refused: left unread, its document would be read without it.
  .strict();

const rupees = (description: string) => z.number().finite().openapi({ description });
const nullableRupees = (description: string) =>
  z
    .number()
    .finite()
    .nullable()
    .openapi({ description: `${description}. null: not found in the text.` });

const WarningSchema = z
  .object({
    line: z.number().int().nonnegative().openapi({ description: "1-based line of the text; 0 for AIS JSON, which has no lines.", example: 44 }),
    text: z
      .string()
      .openapi({ description: "The line, trimmed to 160 characters, individuals' PANs masked.", example: "Bonus paid in arrears 1,23,456.78" }),
    message: z.string().openapi({ example: "amount on a line that matched no known Form 16 item" }),
  })
  .strict()
  .openapi("DocumentWarning");

const ChapterVIASchema = z
  .object({
    gross: z.number().finite().nullable(),
    qualifying: z.number().finite().nullable(),
    deductible: z.number().finite().nullable(),
  })
  .strict()
  .nullable()
  .openapi({ description: "Gross, qualifying and deductible amounts of one Chapter VI-A row; null when the row is absent." });

const amountShape = Object.fromEntries(FORM16_AMOUNT_KEYS.map((key) => [key, nullableRupees(FORM16_ROW_LABELS[key])])) as {
  [K in Form16AmountKey]: ReturnType<typeof nullableRupees>;
};
const chapterVIAShape = Object.fromEntries(CHAPTER_VIA_KEYS.map((key) => [key, ChapterVIASchema])) as {
  [K in ChapterVIAKey]: typeof ChapterVIASchema;
};

const typeSource = z.enum(["given", "detected"]).openapi({ description: "Whether the caller named the type or the parser detected it." });

export const Form16DocumentSchema = z
  .object({
    documentType: z.literal("form16"),
    typeSource,
    formNumber: z.enum(["16", "130"]).nullable().openapi({ description: "Form No. 16, or Form No. 130 from tax year 2026-27." }),
    assessmentYear: z.string().nullable().openapi({ example: "2025-26" }),
    taxYear: z.string().nullable().openapi({ description: "Printed by Form 130 instead of an assessment year.", example: "2026-27" }),
    employerName: z.string().nullable().openapi({ example: "ZENITH ORBIT SOFTWARE PRIVATE LIMITED" }),
    employerTan: z.string().nullable().openapi({ example: "PNEZ04567C" }),
    employeePan: z.string().nullable().openapi({ description: "Masked: first two and last two characters kept.", example: "ABXXXXXX1K" }),
    optedOutOf115BAC: z.boolean().nullable().openapi({
      description: "true: old regime (opted out of s.115BAC(1A)); false: new regime; null: the row was not found.",
    }),
    parentsSeniorCitizen: z.boolean().nullable().openapi({
      description: "true when the form prints the parents' 80D on a row of its own and says they are senior citizens; null otherwise.",
    }),
    amounts: z.object(amountShape).strict(),
    chapterVIA: z.object(chapterVIAShape).strict(),
    partA: z
      .object({
        amountPaidOrCredited: rupees("Part A total paid/credited."),
        taxDeducted: rupees("Part A total tax deducted."),
        taxDeposited: rupees("Part A total tax deposited."),
      })
      .strict()
      .nullable(),
    itemsFound: z.number().int().nonnegative(),
    warnings: z
      .array(WarningSchema)
      .openapi({ description: "Lines worth a look: amounts that matched no item, items printed twice. At most 64 KB of them." }),
    warningsTotal: z
      .number()
      .int()
      .nonnegative()
      .openapi({ description: "How many warnings there were, including any left out to keep the answer under 64 KB." }),
  })
  .strict()
  .openapi("Form16Document");

const AisEntrySchema = z
  .object({
    code: z.string().nullable().openapi({ description: "Information code; null for tax payments and refunds.", example: "TDS-192" }),
    description: z.string().openapi({ example: "Salary received (Section 192)" }),
    source: z.string().nullable().openapi({ example: "ZENITH ORBIT SOFTWARE PRIVATE LIMITED (PNEZ04567C)" }),
    count: z.number().int().nullable(),
    amount: z.number().finite().nullable(),
    taxDeducted: z.number().finite().nullable().openapi({ description: "TDS/TCS summed over the entry's quarter rows." }),
    category: z.enum(AIS_CATEGORIES),
  })
  .strict()
  .openapi("AisEntry");

export const AisDocumentSchema = z
  .object({
    documentType: z.literal("ais"),
    typeSource,
    format: z.enum(["text", "json"]).openapi({ description: "text: the AIS PDF's text; json: the decrypted AIS utility JSON." }),
    pan: z.string().nullable().openapi({ description: "Masked PAN from Part A.", example: "ABXXXXXX1K" }),
    name: z.string().nullable().openapi({ example: "ASHA VERMA" }),
    financialYear: z.string().nullable().openapi({ example: "2024-25" }),
    assessmentYear: z.string().nullable().openapi({ example: "2025-26" }),
    age: z.number().int().nullable().openapi({
      description:
        "Age reached by the end of the financial year, by Part A's date of birth (not itself returned); computeRequest takes it unless age is given.",
      example: 34,
    }),
    entries: z.array(AisEntrySchema),
    totals: z
      .object({
        salary: rupees("TDS-192."),
        savingsInterest: rupees("SFT-016(SB)."),
        depositInterest: rupees("Each bank's larger of its TDS-194A and SFT-016 (TD/RD) reports, added up over banks."),
        dividends: rupees("Each payer's larger of its TDS-194/194K and SFT-015 reports, added up over payers."),
        rent: rupees("TDS-194I, TDS-194IB."),
        saleOfSecurities: rupees("SFT-017/SFT-018 sales."),
        casualWinnings: rupees("TDS-194B: winnings from lotteries, crossword puzzles, card games and other games, gambling or betting."),
        taxesPaid: rupees("All TDS/TCS plus advance and self-assessment tax."),
        refunds: rupees("Part B4 refunds."),
      })
      .strict(),
    warnings: z
      .array(WarningSchema)
      .openapi({ description: "Lines worth a look: amounts that matched no item, items printed twice. At most 64 KB of them." }),
    warningsTotal: z
      .number()
      .int()
      .nonnegative()
      .openapi({ description: "How many warnings there were, including any left out to keep the answer under 64 KB." }),
  })
  .strict()
  .openapi("AisDocument");

/** The `data` of a successful parse. */
export const ParsedDocumentSchema = z.discriminatedUnion("documentType", [Form16DocumentSchema, AisDocumentSchema]).openapi("ParsedDocument");

const UnmappedFigureSchema = z
  .object({
    source: z.string().openapi({
      description:
        "Which document: documents[0], documents[1], …; text for a single document; documents for a figure of several merged into the request.",
      example: "text",
    }),
    field: z.string().openapi({ example: "amounts.relief89" }),
    amount: z.number().finite().nullable(),
    reason: z.string().openapi({ example: RELIEF_89_NOT_MAPPED }),
  })
  .strict()
  .openapi("UnmappedFigure");

const DocumentConflictSchema = z
  .object({
    field: z.string().openapi({ example: "deductions.section80C" }),
    values: z.array(z.object({ source: z.string(), amount: z.number().finite().nullable(), value: z.string().nullable().optional() }).strict()),
    resolution: z.string().openapi({ example: "kept the larger figure; check which is right" }),
  })
  .strict()
  .openapi("DocumentConflict");

const FormFigureSchema = z
  .object({
    form: z.number().finite().openapi({ description: "As the form prints it" }),
    computed: z.number().finite().openapi({ description: "What POST /compute makes of computeRequest" }),
  })
  .strict();

const FormCheckSchema = z
  .object({
    regime: z.enum(["old", "new"]).openapi({ description: "The regime the form chose (row A), in which both figures are computed" }),
    taxableIncome: FormFigureSchema.openapi({ description: "Row 12, total taxable income" }),
    taxOnTotalIncome: FormFigureSchema.openapi({ description: "Row 13, tax on total income (before the s.87A rebate, surcharge and cess)" }),
    taxPayable: z.union([FormFigureSchema, z.null()]).openapi({ description: "Row 17, tax payable (13 + 15 + 16 − 14); null when not printed" }),
    matches: z.boolean().openapi({
      description:
        "true when computeRequest computes to the form's own rows 12, 13 and 17 (row 12 rounded to ₹10, the tax to the rupee). false means a figure was read otherwise than the form meant it, the age given differs from the one the employer used, or the form's own arithmetic is off: compare the amounts and warnings with the form before relying on the request.",
    }),
  })
  .strict()
  .openapi("FormCheck");

const mergedFields = {
  // A union with null rather than `.nullable()`: the generator draws a nullable named schema as allOf of the schema
  // and a nullable type, which null cannot pass; the union is anyOf of the two, the same at run time.
  computeRequest: z.union([ComputeRequestSchema, z.null()]).openapi({
    description:
      "A body POST /compute accepts unchanged: financialYear (the assessment year on Form 16 less one; Form 130 names it), assessmentYear as printed, chosenRegime from row A, and every figure the documents give. null when no supported year was found or the documents are of different years or people (see unmapped and conflicts).",
  }),
  unmapped: z
    .array(UnmappedFigureSchema)
    .openapi({ description: "Figures the documents give that computeRequest does not carry, each with the reason." }),
  conflicts: z
    .array(DocumentConflictSchema)
    .openapi({ description: "Figures two documents state differently, and what was done; never resolved silently." }),
  notes: z.array(z.string()).openapi({
    description: "What computeRequest takes from the documents by inference rather than as printed, and why.",
    example: [
      "deductions.parentsSeniorCitizen: true, inferred from text: it allows ₹50,000 for parents' health insurance, more than the ₹25,000 s.80D allows unless a parent is a senior citizen; the form does not say so",
    ],
  }),
  formCheck: z.union([FormCheckSchema, z.null()]).openapi({
    description:
      "For a request built from one Form 16 (or Form 130) alone that states its regime and rows 12 and 13: what POST /compute makes of computeRequest in that regime, beside the form's own figures. null for any other request (several documents, an AIS) or a form without those rows.",
  }),
};

/**
 * The `data` of a parse of one `text`: the document with its compute request. Each is one strict object, not an
 * `.extend()` of the document: the generator draws that as allOf with the strict document, which refuses the fields
 * added beside it.
 */
export const SingleParseSchema = z.union([
  z
    .object({ ...Form16DocumentSchema.shape, ...mergedFields })
    .strict()
    .openapi("Form16ParseResult"),
  z
    .object({ ...AisDocumentSchema.shape, ...mergedFields })
    .strict()
    .openapi("AisParseResult"),
]);

/** The `data` of a parse of several `documents`. */
export const MergedParseSchema = z
  .object({ documents: z.array(ParsedDocumentSchema), ...mergedFields })
  .strict()
  .openapi("MergedParseResult");

export const DocumentParseResultSchema = z.union([SingleParseSchema, MergedParseSchema]).openapi("DocumentParseResult");
