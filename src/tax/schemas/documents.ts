// Request and response schemas of POST /api/v1/documents/parse. The parsers live in domain/documents; these
// schemas describe their result field by field, and the tests parse every fixture's result with them.
import { z } from "@hono/zod-openapi";
import { FORM16_ROW_LABELS } from "../domain/documents/form16-items";
import {
  CHAPTER_VIA_KEYS,
  FORM16_AMOUNT_KEYS,
  type ChapterVIAKey,
  type Form16AmountKey,
} from "../domain/documents/types";

export const DOCUMENT_TYPES = ["form16", "ais"] as const;
export const AIS_CATEGORIES = [
  "salary",
  "savingsInterest",
  "depositInterest",
  "dividends",
  "rent",
  "saleOfSecurities",
  "taxesPaid",
  "refunds",
  "other",
] as const;
export const DOCUMENT_PARSE_ERROR_CODES = [
  "unrecognised_document",
  "no_items_found",
  "encrypted_ais_json",
  "unsupported_json",
] as const;

const documentType = z.enum(DOCUMENT_TYPES).openapi({
  description: "form16: Form 16 Part B (Annexure-I) or Form 130 from tax year 2026-27; ais: Annual Information Statement.",
  example: "form16",
});

export const DocumentParseRequestSchema = z
  .object({
    type: documentType.optional().openapi({ description: "Document type; detected from the text when absent." }),
    text: z.string().min(1).openapi({
      description:
        "The document's text: pdftotext -layout output or a copy-paste from a PDF viewer; for AIS also the decrypted AIS utility JSON as a string.",
      example: "Whether opting out of taxation u/s 115BAC(1A)? Yes\n(a) Salary as per provisions contained in section 17(1) 1450000.00",
    }),
  })
  .strict()
  .openapi("DocumentParseRequest");
export type DocumentParseRequest = z.infer<typeof DocumentParseRequestSchema>;

/** Query of the text/plain form of the request: the body is the text, the type comes from ?type=. */
export const DocumentParseQuerySchema = z.object({
  type: documentType.optional().openapi({ description: "Document type for a text/plain body; detected when absent." }),
});

const rupees = (description: string) => z.number().finite().openapi({ description });
const nullableRupees = (description: string) =>
  z.number().finite().nullable().openapi({ description: `${description}. null: not found in the text.` });

const WarningSchema = z
  .object({
    line: z.number().int().nonnegative().openapi({ description: "1-based line of the text; 0 for AIS JSON, which has no lines.", example: 44 }),
    text: z.string().openapi({ description: "The line, trimmed to 160 characters, individuals' PANs masked.", example: "Bonus paid in arrears 1,23,456.78" }),
    message: z.string().openapi({ example: "amount on a line that matched no known Form 16 item" }),
  })
  .strict()
  .openapi("DocumentWarning");

export const DocumentProfileSchema = z
  .object({
    residentialStatus: z.literal("resident").openapi({ description: "Neither document states residence; resident is the default." }),
    houseProperties: z.tuple([]).openapi({ description: "Always empty: neither document gives the property facts /compute needs." }),
    salary: z
      .object({
        grossSalary: rupees("Form 16: row 1(d) plus 1(e) (other employers); AIS: the TDS-192 total."),
        professionalTax: rupees("Form 16 row 4(c), tax on employment u/s 16(iii).").optional(),
      })
      .strict()
      .optional(),
    deductions: z
      .object({
        section80C: rupees("Deductible 80C + 80CCC + 80CCD(1), Form 16 row 10(d).").optional(),
        section80CCD1B: rupees("Deductible 80CCD(1B), row 10(e).").optional(),
        section80CCD2: rupees("Deductible 80CCD(2), row 10(f).").optional(),
        section80D_selfFamily: rupees("Deductible 80D, row 10(g); Form 16 does not split self/family from parents.").optional(),
        section80E: rupees("Deductible 80E, row 10(h).").optional(),
        section80G_100: rupees("Deductible 80G, row 10(k), already after the 50 % and qualifying-limit rules.").optional(),
      })
      .strict(),
    otherIncome: z
      .object({
        savingsInterest: rupees("AIS SFT-016(SB) total.").optional(),
        depositInterest: rupees("AIS deposit interest: the larger of the TDS-194A and SFT-016 (TD/RD) reports.").optional(),
        dividends: rupees("AIS dividends: the larger of the TDS-194/194K and SFT-015 reports.").optional(),
      })
      .strict()
      .optional(),
    taxesPaid: rupees("Form 16: Part A tax deducted, else Part B net tax payable plus Form 12BAA TDS/TCS; AIS: all TDS/TCS plus advance and self-assessment tax.").optional(),
  })
  .strict()
  .openapi("DocumentProfile", {
    description: "Fields of a /compute profile the document can fill; add age and anything else before computing.",
  });

const ChapterVIASchema = z
  .object({
    gross: z.number().finite().nullable(),
    qualifying: z.number().finite().nullable(),
    deductible: z.number().finite().nullable(),
  })
  .strict()
  .nullable()
  .openapi({ description: "Gross, qualifying and deductible amounts of one Chapter VI-A row; null when the row is absent." });

const amountShape = Object.fromEntries(
  FORM16_AMOUNT_KEYS.map((key) => [key, nullableRupees(FORM16_ROW_LABELS[key])]),
) as { [K in Form16AmountKey]: ReturnType<typeof nullableRupees> };
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
    amounts: z.object(amountShape).strict(),
    chapterVIA: z.object(chapterVIAShape).strict(),
    partA: z
      .object({ amountPaidOrCredited: rupees("Part A total paid/credited."), taxDeducted: rupees("Part A total tax deducted."), taxDeposited: rupees("Part A total tax deposited.") })
      .strict()
      .nullable(),
    itemsFound: z.number().int().nonnegative(),
    profile: DocumentProfileSchema,
    warnings: z.array(WarningSchema).openapi({ description: "Lines worth a look: amounts that matched no item, items printed twice. At most 64 KB of them." }),
    warningsTotal: z.number().int().nonnegative().openapi({ description: "How many warnings there were, including any left out to keep the answer under 64 KB." }),
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
    entries: z.array(AisEntrySchema),
    totals: z
      .object({
        salary: rupees("TDS-192."),
        savingsInterest: rupees("SFT-016(SB)."),
        depositInterest: rupees("Larger of TDS-194A and SFT-016 (TD/RD) reports."),
        dividends: rupees("Larger of TDS-194/194K and SFT-015 reports."),
        rent: rupees("TDS-194I, TDS-194IB."),
        saleOfSecurities: rupees("SFT-017/SFT-018 sales."),
        taxesPaid: rupees("All TDS/TCS plus advance and self-assessment tax."),
        refunds: rupees("Part B4 refunds."),
      })
      .strict(),
    profile: DocumentProfileSchema,
    warnings: z.array(WarningSchema).openapi({ description: "Lines worth a look: amounts that matched no item, items printed twice. At most 64 KB of them." }),
    warningsTotal: z.number().int().nonnegative().openapi({ description: "How many warnings there were, including any left out to keep the answer under 64 KB." }),
  })
  .strict()
  .openapi("AisDocument");

/** The `data` of a successful parse. */
export const ParsedDocumentSchema = z
  .discriminatedUnion("documentType", [Form16DocumentSchema, AisDocumentSchema])
  .openapi("ParsedDocument");
export type ParsedDocumentResponse = z.infer<typeof ParsedDocumentSchema>;
