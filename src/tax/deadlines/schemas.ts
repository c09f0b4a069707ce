// Request and response schemas of GET /api/v1/deadlines. The calendar itself lives in domain/deadlines.
import { z } from "@hono/zod-openapi";
import { ACTS, DEADLINE_CATEGORIES, parseDeadlineCursor, parseIsoDate } from "../domain/deadlines";
import { queryInteger } from "../../platform/http/query";

export const DeadlinesQuerySchema = z
  .object({
    from: z
      .string()
      .superRefine((value, ctx) => {
        const parsed = parseIsoDate(value);
        if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.error });
      })
      .optional()
      .openapi({
        description: "First day to include (YYYY-MM-DD, a real calendar date). Defaults to today in India (IST).",
        example: "2026-07-01",
      }),
    limit: queryInteger(1, 100).default(10).openapi({ description: "How many due dates to return, 1 to 100.", example: 5 }),
    cursor: z
      .string()
      .transform((value, ctx) => {
        const position = parseDeadlineCursor(value);
        if (position === null) {
          ctx.addIssue({ code: "custom", message: "is not a cursor this API issued" });
          return z.NEVER;
        }
        return position;
      })
      .optional()
      .openapi({ description: "`nextCursor` of the previous page, instead of `from`." }),
  })
  // A misspelt parameter is refused: left unread, it would answer for the default instead.
  .strict()
  .refine((query) => query.from === undefined || query.cursor === undefined, {
    path: ["from"],
    message: "give from or cursor, not both: the cursor says where the page starts",
  });

export const DeadlineSchema = z
  .object({
    date: z.string().openapi({ description: "Statutory due date (IST), YYYY-MM-DD, not moved for holidays.", example: "2026-07-31" }),
    title: z.string().openapi({ example: "ITR for AY 2026-27 (no business income)" }),
    description: z.string().openapi({
      example: "Return of income for FY 2025-26 by individuals and HUFs without business or professional income.",
    }),
    category: z.enum(DEADLINE_CATEGORIES).openapi({ description: "Kind of obligation.", example: "itr_filing" }),
    appliesTo: z.string().openapi({ description: "Who the date binds.", example: "Individuals and HUFs without business income" }),
    form: z.string().nullable().openapi({ description: "Form to file or issue under the governing Act, if any.", example: "ITR-1 / ITR-2" }),
    section: z.string().openapi({ description: "Section (and rule) of the governing Act.", example: "s.139(1)" }),
    act: z.enum(ACTS).openapi({
      description: "The Act that governs the year: the 1961 Act up to AY 2026-27, the 2025 Act from tax year 2026-27.",
      example: "Income-tax Act, 1961",
    }),
    financialYear: z.string().openapi({ description: "Financial year the obligation belongs to.", example: "2025-26" }),
    assessmentYear: z.string().nullable().openapi({ description: "Assessment year (1961 Act only).", example: "2026-27" }),
    taxYear: z.string().nullable().openapi({ description: "Tax year (2025 Act only).", example: null }),
    source: z.string().openapi({ description: "Where the date comes from, and what is unconfirmed.", example: "Income-tax Act, 1961 s.139(1)" }),
  })
  .openapi("Deadline");

export const DeadlinesResponseSchema = z
  .object({
    data: z.array(DeadlineSchema),
    nextCursor: z.string().nullable().openapi({ description: "Where the next page starts (send it as `cursor`); null after the last due date." }),
  })
  .openapi("DeadlineList", { description: "Due dates on or after `from`, ascending." });
