import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { sessionSecrets } from "../../platform/env";
import { decodeCursor, encodeCursor } from "../../platform/http/cursor";
import { errorResponses, taxError, type TaxApp } from "../hono";
import { keySecurity, requireKey, SCOPED_KEY_ERRORS } from "../keys/api-key-auth";
import { listProfiles, type ProfilePosition } from "./queries";
import { profileListItem } from "./service";
import { ListProfilesQuerySchema, ProfileListSchema } from "./schemas";

const PositionSchema = z.object({ u: z.number().int().nonnegative(), i: z.string().max(64), o: z.string() }).strict();

const route = createRoute({
  method: "get",
  path: "/api/v1/profiles",
  tags: ["Profiles"],
  summary: "The owner's saved profiles, newest save first, with an opaque keyset cursor",
  description:
    "Each summary is worked out again from the stored inputs by this release's tax rules, as GET /api/v1/profiles/{id} does (summary.computedWithCurrentRules says when it could not be). Paging never repeats or skips a profile that exists throughout, whatever else is saved or deleted meanwhile. A profile re-saved while you page moves to the front. A tampered cursor is a 400.",
  security: keySecurity("profiles:read"),
  middleware: [requireKey("profiles:read")] as const,
  request: { query: ListProfilesQuerySchema },
  responses: {
    200: { description: "A page of profiles", content: { "application/json": { schema: ProfileListSchema } } },
    ...errorResponses(...SCOPED_KEY_ERRORS, "validation_error"),
  },
});

export function registerListProfiles(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const { limit, cursor } = c.req.valid("query");
    const ownerId = c.var.apiKey.state.ownerId;
    let after: ProfilePosition | null = null;
    if (cursor !== undefined) {
      const position = PositionSchema.safeParse(await decodeCursor(sessionSecrets(c.env), cursor));
      // A cursor is bound to its owner: another owner's cursor is as invalid as a forged one.
      if (!position.success || position.data.o !== ownerId) throw taxError("validation_error", "cursor: is not a cursor this API issued");
      after = { updatedAt: position.data.u, id: position.data.i };
    }
    const rows = await listProfiles(c.env.DB, ownerId, limit + 1, after);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor = rows.length > limit && last ? await encodeCursor(sessionSecrets(c.env), { u: last.updatedAt, i: last.id, o: ownerId }) : null;
    return c.json({ data: page.map(profileListItem), nextCursor }, 200);
  });
}
