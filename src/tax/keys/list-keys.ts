import { createRoute, z } from "@hono/zod-openapi";
import type { TaxScope } from "./api-key-auth";
import { requireAdmin, resolveAccount } from "../accounts/operator-auth";
import { errorResponses, iso, isoOrNull, type TaxApp } from "../hono";
import { taxDb } from "../db/client";
import { listKeys } from "./queries";
import { lastUsedAt, lifecycleState } from "./service";
import { KeySchema } from "./schemas";

const route = createRoute({
  method: "get",
  path: "/admin/api/keys",
  tags: ["Management"],
  summary: "List an account's keys (no secrets)",
  middleware: [requireAdmin] as const,
  request: { query: z.object({ accountEmail: z.email().max(254).transform((e) => e.toLowerCase()).optional() }) },
  responses: {
    200: { description: "The keys, newest first", content: { "application/json": { schema: z.object({ data: z.array(KeySchema) }) } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerListKeys(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const db = taxDb(c.env.DB);
    const account = await resolveAccount(c.var.actor, db, c.req.valid("query").accountEmail);
    const now = Date.now();
    const rows = await listKeys(db, account.id);
    const data = await Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        name: row.name,
        prefix: row.prefix,
        scopes: row.scopes as TaxScope[],
        state: lifecycleState(row, now),
        createdAt: iso(row.createdAt),
        expiresAt: iso(row.expiresAt),
        revokedAt: isoOrNull(row.revokedAt),
        lastUsedAt: isoOrNull(await lastUsedAt(c.env, row)),
        replacesKeyId: row.replacesKeyId,
        replacedByKeyId: row.replacedByKeyId,
      })),
    );
    return c.json({ data }, 200);
  });
}
