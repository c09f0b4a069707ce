import { createRoute } from "@hono/zod-openapi";
import { checkHealth, healthOperation, healthyResponse, UNHEALTHY_RETRY_AFTER } from "../../platform/health/health";
import { inventoryError } from "../http/errors";
import type { InventoryApp } from "../hono";
import { errorResponses } from "../http/schemas";

const route = createRoute({
  ...healthOperation,
  responses: { 200: healthyResponse, ...errorResponses("service_unavailable") },
});

export function registerHealth(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const { checks, failure } = await checkHealth(c.env);
    if (failure !== null) throw inventoryError("service_unavailable", failure, UNHEALTHY_RETRY_AFTER);
    return c.json({ data: { status: "ok" as const, version: c.env.SERVICE_VERSION, checks } }, 200);
  });
}
