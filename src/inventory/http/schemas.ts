// Shared OpenAPI pieces of the inventory service: its error body (seed section 2), error responses by
// status, the list page wrapper and ISO-8601 time strings.
import { z } from "@hono/zod-openapi";
import { queryInteger } from "../../platform/http/query";
import { describeErrorStatus } from "./errors";

export const ErrorSchema = z
  .object({
    error: z.string().openapi({ description: "Human-readable message; never database details", example: "This key is read-only" }),
    code: z.string().openapi({ description: "Stable code clients switch on", example: "read_only_key" }),
  })
  .openapi("Error");

const errorContent = { "application/json": { schema: ErrorSchema } };

/** Standard error responses for the OpenAPI document, by status. */
export function errorResponses(...statuses: Array<400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 503>) {
  return Object.fromEntries(statuses.map((status) => [status, { description: describeErrorStatus(status), content: errorContent }]));
}

/** The largest `offset` a list accepts (the seed's list endpoints). */
export const MAX_OFFSET = 100_000;

/** `limit` 1..1000 (default 200) and `offset` 0..100000, as in the seed's list endpoints. */
export const PageQuery = z.object({
  limit: queryInteger(1, 1000).default(200),
  offset: queryInteger(0, MAX_OFFSET).default(0),
});

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

export const IsoTime = z.string().openapi({ format: "date-time", example: "2026-11-21T10:00:00.000Z" });
export const iso = (ms: number) => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));
