import { createRoute, type z } from "@hono/zod-openapi";
import type { TypedResponse } from "hono";
import { errorResponses, type TaxApp } from "../hono";
import { keySecurity, requireKey, SCOPED_KEY_ERRORS } from "../keys/api-key-auth";
import { type DeadlinePosition, deadlineCursor, istToday, listDeadlines } from "../domain/deadlines";
import { boundedMemo } from "../../platform/pure/bounded-memo";
import { DeadlinesQuerySchema, DeadlinesResponseSchema } from "./schemas";

const route = createRoute({
  method: "get",
  path: "/api/v1/deadlines",
  tags: ["Deadlines"],
  summary: "Income-tax due dates on or after a date, ascending",
  description:
    "A key with `deadlines:read`. The income-tax due dates (advance tax, TDS and TCS, certificates, returns, audit reports) on or after `from` (by default today in IST), earliest first, at most `limit`; send `nextCursor` as `cursor` for the next page. Dates are as extended by the CBDT, never moved for weekends or holidays. It holds FY 2024-25, FY 2025-26 and tax year 2026-27 (7 May 2024 to 31 March 2032; FY 2027-28 is not yet in it). A malformed date, a `limit` outside 1 to 100, a cursor this API did not issue, `from` with `cursor` or an unknown query parameter is a 400.",
  security: keySecurity("deadlines:read"),
  middleware: [requireKey("deadlines:read")] as const,
  request: { query: DeadlinesQuerySchema },
  responses: {
    200: { description: "Due dates", content: { "application/json": { schema: DeadlinesResponseSchema } } },
    ...errorResponses(...SCOPED_KEY_ERRORS, "validation_error"),
  },
});

/**
 * Serialised answers per (position, limit), in this isolate. The calendar is static and public, so an answer
 * depends on nothing else; the key check, its counting and its headers run on every request before this.
 */
const answerFor = boundedMemo(
  256,
  (position: Required<DeadlinePosition>, limit: number) => `${deadlineCursor(position)}|${limit}`,
  (position, limit) => {
    const { deadlines, next } = listDeadlines({ ...position, limit });
    return JSON.stringify({ data: deadlines, nextCursor: next && deadlineCursor(next) });
  },
);

export function registerListDeadlines(app: TaxApp): void {
  app.openapi(route, (c) => {
    const { from, limit, cursor } = c.req.valid("query");
    const position = cursor ?? { from: from ?? istToday(Date.now()), skip: 0 };
    const answer = answerFor(position, limit);
    // Typed as the JSON answer it is: the response schema still documents and types this route.
    return c.body(answer, 200, { "Content-Type": "application/json" }) as unknown as TypedResponse<
      z.infer<typeof DeadlinesResponseSchema>,
      200,
      "json"
    >;
  });
}
