// GET /api/v1/health, the same for both services: its answer, its place in the OpenAPI document and the checks
// behind it. Each service's route adds its own 503 in its own envelope. Monitors call it often, so it costs one
// trivial D1 query and creates nothing: the queue and the key guard are checked as bound, never sent to.
import { z } from "@hono/zod-openapi";
import { isBinding } from "../env";
import { databaseCheck } from "./queries";

const CheckSchema = z.enum(["ok", "failed"]);

export const HealthSchema = z
  .object({
    status: z.literal("ok"),
    version: z.string(),
    checks: z.object({ database: CheckSchema, queue: CheckSchema, keyGuard: CheckSchema }),
  })
  .openapi("Health");

export type HealthChecks = z.infer<typeof HealthSchema>["checks"];

/** The OpenAPI tag of the route. */
export const HEALTH_TAG = {
  name: "Health",
  description: "Whether the service and what it depends on answer, for monitoring; no authentication.",
};

/** The route's definition, less its 503 (each service's error envelope): spread it into `createRoute`. */
export const healthOperation = {
  method: "get" as const,
  path: "/api/v1/health" as const,
  tags: [HEALTH_TAG.name],
  summary: "Integration health (no authentication)",
  description: "Checks that D1 answers a query and that the queue and Durable Object bindings are present. 503 when one fails.",
};

export const healthyResponse = {
  description: "Every dependency is healthy",
  content: { "application/json": { schema: z.object({ data: HealthSchema }) } },
};

/** The 503's `Retry-After`: a database that failed a trivial query is worth asking again soon, not hammering. */
export const UNHEALTHY_RETRY_AFTER = { "Retry-After": "30" };

/** What the checks look at: the service's D1 database, its webhook queue producer and its key guard namespace. */
export interface HealthDependencies {
  DB: D1Database;
  WEBHOOKS: unknown;
  KEY_GUARD: unknown;
}

/** Each dependency's state, and the message of the 503 naming those that failed (null when every one is ok). */
export async function checkHealth(env: HealthDependencies): Promise<{ checks: HealthChecks; failure: string | null }> {
  const checks: HealthChecks = {
    database: await databaseCheck(env.DB),
    queue: isBinding.queue(env.WEBHOOKS) ? "ok" : "failed",
    keyGuard: isBinding.durableObject(env.KEY_GUARD) ? "ok" : "failed",
  };
  const failed = Object.entries(checks)
    .filter(([, state]) => state !== "ok")
    .map(([name]) => name);
  return { checks, failure: failed.length > 0 ? `Unhealthy: ${failed.join(", ")} failed` : null };
}
