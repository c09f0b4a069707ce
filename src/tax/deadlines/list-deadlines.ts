import { createRoute } from "@hono/zod-openapi";
import { errorResponses, type TaxApp } from "../hono";
import { bearerSecurity, requireKey } from "../keys/api-key-auth";
import { istToday, listDeadlines } from "../domain/deadlines";
import { DeadlinesQuerySchema, DeadlinesResponseSchema } from "./schemas";

const route = createRoute({
  method: "get",
  path: "/api/v1/deadlines",
  tags: ["Deadlines"],
  summary: "Income-tax due dates on or after a date, ascending",
  security: bearerSecurity,
  middleware: [requireKey("deadlines:read")] as const,
  request: { query: DeadlinesQuerySchema },
  responses: {
    200: { description: "Due dates", content: { "application/json": { schema: DeadlinesResponseSchema } } },
    ...errorResponses(400, 401, 403, 429),
  },
});

export function registerListDeadlines(app: TaxApp): void {
  app.openapi(route, (c) => {
    const { from, limit } = c.req.valid("query");
    return c.json({ data: listDeadlines({ from: from ?? istToday(Date.now()), limit }) }, 200);
  });
}
