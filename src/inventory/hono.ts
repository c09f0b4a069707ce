// The inventory service's Hono env and app factory: the one module every route imports. It is a leaf (it
// imports no route and no feature), so the composition root can import every route without a cycle.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Actor } from "../platform/auth/admin";
import { createApp, type AppEnv } from "../platform/http/app";
import type { AuthenticatedKey } from "../platform/keys/middleware";
import type { InventoryEnv } from "./env";
import { inventoryErrors } from "./http/errors";

/** `apiKey` is set by the API-key middleware on /api/v1, `actor` by the admin middleware on /admin/api. */
export type InventoryAppEnv = AppEnv<InventoryEnv, { apiKey: AuthenticatedKey; actor: Actor }>;
export type InventoryApp = OpenAPIHono<InventoryAppEnv>;
export type InventoryContext = Context<InventoryAppEnv>;

export function createInventoryApp(): InventoryApp {
  return createApp<InventoryAppEnv>({ catalogue: inventoryErrors });
}
