import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses, taxError, type TaxApp } from "../hono";
import { databaseCheck } from "./queries";

const CheckSchema = z.enum(["ok", "failed"]);

const HealthSchema = z
  .object({
    status: z.literal("ok"),
    version: z.string(),
    checks: z.object({ database: CheckSchema, queue: CheckSchema, keyGuard: CheckSchema }),
  })
  .openapi("Health");

const route = createRoute({
  method: "get",
  path: "/api/v1/health",
  tags: ["Health"],
  summary: "Integration health (no authentication)",
  description: "Checks that D1 answers a query and that the queue and Durable Object bindings are present. 503 when one fails.",
  responses: {
    200: { description: "Every dependency is healthy", content: { "application/json": { schema: z.object({ data: HealthSchema }) } } },
    ...errorResponses(503),
  },
});

export function registerHealth(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const database = await databaseCheck(c.env.DB);
    const queue = typeof c.env.WEBHOOKS?.send === "function" ? "ok" : "failed";
    const keyGuard = typeof c.env.KEY_GUARD?.idFromName === "function" ? "ok" : "failed";
    const checks = { database, queue, keyGuard } as const;
    const failed = Object.entries(checks)
      .filter(([, state]) => state !== "ok")
      .map(([name]) => name);
    if (failed.length > 0) throw taxError("service_unavailable", `Unhealthy: ${failed.join(", ")} failed`);
    return c.json({ data: { status: "ok" as const, version: c.env.SERVICE_VERSION, checks } }, 200);
  });
}
