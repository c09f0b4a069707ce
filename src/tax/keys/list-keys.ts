import { createRoute, z } from "@hono/zod-openapi";
import { queryInteger } from "../../platform/http/query";
import {
  ACCOUNT_SELECTION_DESCRIPTION,
  AccountEmailField,
  requireAdmin,
  resolveAccount,
  ADMIN_READ_ERRORS,
  ACCOUNT_SELECTION_ERRORS,
} from "../accounts/operator-auth";
import { errorResponses, iso, isoOrNull, type TaxApp } from "../hono";
import { CursorQuery, issueListCursor, openListCursor } from "../http/list-cursor";
import { taxDb } from "../db/client";
import { listKeysPage } from "./queries";
import { lastUsedAt, lifecycleState } from "./service";
import { KeySchema } from "./schemas";

const QuerySchema = z
  .object({
    accountEmail: AccountEmailField,
    limit: queryInteger(1, 100).default(50).openapi({ description: "Page size, 1 to 100", example: 50 }),
    cursor: CursorQuery,
  })
  .strict();

const route = createRoute({
  method: "get",
  path: "/admin/api/keys",
  tags: ["Management"],
  summary: "List an account's keys (no secrets), newest first, a page at a time",
  description: `${ACCOUNT_SELECTION_DESCRIPTION} Every key the account ever had, revoked and expired ones included, in pages of up to 100 with an opaque keyset cursor: follow \`nextCursor\` until it is null. Paging never repeats or skips a key. A tampered cursor, or one issued for another account, is a 400.`,
  middleware: [requireAdmin] as const,
  request: { query: QuerySchema },
  responses: {
    200: {
      description: "The keys, newest first",
      content: { "application/json": { schema: z.object({ data: z.array(KeySchema), nextCursor: z.string().nullable() }).openapi("ApiKeyList") } },
    },
    ...errorResponses(...ADMIN_READ_ERRORS, ...ACCOUNT_SELECTION_ERRORS),
  },
});

export function registerListKeys(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const db = taxDb(c.env.DB);
    const { accountEmail, limit, cursor } = c.req.valid("query");
    const account = await resolveAccount(c.var.actor, db, accountEmail);
    // A cursor is bound to its account: another account's cursor is as invalid as a forged one.
    const after = cursor === undefined ? null : await openListCursor(c.env, account.id, {}, cursor);
    const now = Date.now();
    const rows = await listKeysPage(db, account.id, limit + 1, after);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor = rows.length > limit && last ? await issueListCursor(c.env, account.id, {}, last) : null;
    const data = await Promise.all(
      page.map(async (row) => ({
        id: row.id,
        name: row.name,
        prefix: row.prefix,
        scopes: row.scopes,
        state: lifecycleState(row, now),
        createdAt: iso(row.createdAt),
        expiresAt: iso(row.expiresAt),
        revokedAt: isoOrNull(row.revokedAt),
        lastUsedAt: isoOrNull(await lastUsedAt(c.env, row)),
        replacesKeyId: row.replacesKeyId,
        replacedByKeyId: row.replacedByKeyId,
      })),
    );
    return c.json({ data, nextCursor }, 200);
  });
}
