// Shared OpenAPI pieces of the inventory service: its error body (seed section 2), an operation's error
// responses, the list page wrapper and ISO-8601 time strings.
import { z } from "@hono/zod-openapi";
import { queryInteger } from "../../platform/http/query";
import { errorResponsesOf } from "../../platform/http/errors";
import { inventoryErrors, type InventoryErrorCode } from "./errors";
import { isoTime } from "../../platform/pure/dates";

export const ErrorSchema = z
  .object({
    error: z.string().openapi({ description: "Human-readable message; never database details", example: "This key is read-only" }),
    code: z.string().openapi({ description: "Stable code clients switch on", example: "read_only_key" }),
  })
  .openapi("Error");

const errorContent = { "application/json": { schema: ErrorSchema } };

/**
 * An operation's error responses for the OpenAPI document: the codes it can answer, grouped by status, each with its
 * meaning (`internal_error` always among them).
 */
export function errorResponses(...codes: InventoryErrorCode[]) {
  return errorResponsesOf(inventoryErrors, codes, errorContent);
}

/** The largest `offset` a list accepts (the seed's list endpoints). */
export const MAX_OFFSET = 100_000;

/** `limit` 1..1000 (default 200) and `offset` 0..100000, as in the seed's list endpoints. */
export const PageQuery = z.object({
  limit: queryInteger(1, 1000).default(200),
  offset: queryInteger(0, MAX_OFFSET).default(0),
});

/** How long a `cursor` may be: a list's next_cursor is well under it. */
const MAX_CURSOR_LENGTH = 512;

/**
 * The paging of the lists that also page by keyset (GET /api/v1/sales, /api/v1/inventory, the events list): `limit`, and either
 * `offset` or `cursor` (the previous page's next_cursor). Give the list's schema `.superRefine(oneStartingPoint)`.
 */
export const KeysetPageQuery = z.object({
  limit: queryInteger(1, 1000).default(200),
  offset: queryInteger(0, MAX_OFFSET)
    .optional()
    .openapi({ description: "0 to 100000, default 0: rows to skip, counted as the list stands at this request. Not with `cursor`." }),
  cursor: z.string().min(1).max(MAX_CURSOR_LENGTH).optional().openapi({
    description:
      "`next_cursor` of the previous page, exactly as received: the page starts strictly after that page's last row, whatever was written meanwhile, at any depth (no 100000 cap). Send it with the same filters as the request that gave it; not with `offset`.",
  }),
});

/** A cursor already says where the page starts: an offset beside it is refused rather than one of them ignored. */
export function oneStartingPoint(query: { offset?: number | undefined; cursor?: string | undefined }, ctx: z.RefinementCtx): void {
  if (query.offset !== undefined && query.cursor !== undefined)
    ctx.addIssue({ code: "custom", path: ["cursor"], message: "cannot be combined with offset: send one or the other" });
}

/**
 * The offset of the next page, or null when there is none to ask for: this is the last page, or the next page
 * would start beyond MAX_OFFSET, which the list refuses (has_more then stays true: rows remain past the cap).
 */
export function nextOffset(offset: number, rowsOnPage: number, hasMore: boolean): number | null {
  const next = offset + rowsOnPage;
  return hasMore && next <= MAX_OFFSET ? next : null;
}

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    has_more: z.boolean().openapi({ description: "true while more rows remain" }),
    next_offset: z.number().int().nullable().openapi({
      description:
        "offset to send for the next page; null on the last page, and null with `has_more` true when the next page would start beyond offset 100000, which lists refuse (narrow the filters or the window to reach the rest)",
    }),
  });
}

/** A page of a list that also pages by keyset: pageOf plus `next_cursor`. */
export function keysetPageOf<T extends z.ZodType>(item: T) {
  return pageOf(item).extend({
    next_offset: z.number().int().nullable().openapi({
      description:
        "offset to send for the next page; null on the last page, on a page read by `cursor` (continue with `next_cursor`), and with `has_more` true when the next page would start beyond offset 100000, which offsets cannot reach (`next_cursor` can)",
    }),
    next_cursor: z.string().nullable().openapi({
      description:
        "opaque; send it as `cursor` (with the same filters) for the page that follows this one's last row. It never repeats or skips a row that stays in the list meanwhile, and has no depth cap. null on the last page.",
    }),
  });
}

export const IsoTime = z.string().openapi({ format: "date-time", example: "2026-11-21T10:00:00.000Z" });
export const iso = isoTime;
export const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));
