// Request and response schemas of the annual returns: the day an organisation furnished a financial year's annual
// GST return.
import { z } from "@hono/zod-openapi";
import { creditNotesAdjustGstUntil, parseFinancialYear } from "../domain/annual-return";
import { iso, IsoTime } from "../http/schemas";
import { IstDate, OrgIdParam } from "../http/wire-formats";
import type { AnnualReturnRow } from "./queries";

/** GST's time limit for correcting an invoice (CGST ss.34(2), 37(3)), as the operations that meet it describe it. */
export const GST_CORRECTION_LIMIT_DESCRIPTION =
  "30 November following the end of the invoice's financial year (April to March), or the day that year's annual return was furnished when it is recorded (PUT /admin/api/orgs/{id}/annual-returns/{financialYear}) and earlier";

/** The organisation and a financial year written "2024-25", read as the year it began in and its label. */
export const AnnualReturnParams = OrgIdParam.extend({
  financialYear: z
    .string()
    .max(32)
    .transform((value, ctx) => {
      const parsed = parseFinancialYear(value);
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return { startYear: parsed.startYear, label: parsed.label };
    })
    .openapi({
      param: { name: "financialYear", in: "path" },
      description: "The financial year (1 April to 31 March) as its two calendar years, the second the year after the first; 2017-18 or later",
      example: "2024-25",
    }),
});

export const RecordAnnualReturnSchema = z
  .object({
    filed_on: IstDate.openapi({
      description:
        "The IST calendar day the annual return was furnished, as on its acknowledgement: after 31 March that ends the financial year, and not after today",
      example: "2025-10-15",
    }),
  })
  .strict();

export const AnnualReturnSchema = z
  .object({
    financial_year: z.string().openapi({ example: "2024-25" }),
    filed_on: z.string().openapi({ format: "date", example: "2025-10-15" }),
    credit_notes_adjust_gst_until: z.string().openapi({
      format: "date",
      description:
        "The last IST day on which a credit note against an invoice of this year still adjusts GST: `filed_on`, or 30 November after the year if that is earlier (CGST s.34(2))",
      example: "2025-10-15",
    }),
    created_at: IsoTime.openapi({ description: "When the filing date was recorded" }),
  })
  .openapi("AnnualReturn");

export const annualReturnView = (row: AnnualReturnRow): z.infer<typeof AnnualReturnSchema> => ({
  financial_year: row.financialYear,
  filed_on: row.filedOn,
  credit_notes_adjust_gst_until: creditNotesAdjustGstUntil(row.financialYear, row.filedOn),
  created_at: iso(row.createdAt),
});
