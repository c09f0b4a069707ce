import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { readBody } from "../../platform/http/body";
import { IdempotencyKeyHeaders, idempotentWrites } from "../../platform/http/idempotency";
import { newId } from "../../platform/ids";
import { errorResponses, iso, type TaxApp, BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../hono";
import { keySecurity, idempotentForAccount, requireKey, SCOPED_KEY_ERRORS } from "../keys/api-key-auth";
import { saveProfile } from "./queries";
import { currentYearOrFail } from "../compute/current-year";
import { labelKey, summarise } from "./service";
import { ProfileListItemSchema, SaveProfileSchema } from "./schemas";
import { dispatchEvents } from "../webhooks/events";

const route = createRoute({
  method: "post",
  path: "/api/v1/profiles",
  tags: ["Profiles"],
  summary: "Create or replace the profile with this label (idempotent per label)",
  description:
    "201 when the label is new, 200 when it existed (same id, inputs replaced). The summary is worked out now, stored, and sent in profile.saved. Saving what is stored already (inputs in any key order, the same summary) changes nothing: 200, updatedAt unchanged, no event. Concurrent saves of one new label end as one profile.",
  security: keySecurity("profiles:write"),
  middleware: [requireKey("profiles:write"), readBody({ maxBytes: 65_536 }), idempotentForAccount] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    body: { required: true, content: { "application/json": { schema: SaveProfileSchema } } },
  },
  responses: {
    200: { description: "Replaced", content: { "application/json": { schema: z.object({ data: ProfileListItemSchema }) } } },
    201: { description: "Created", content: { "application/json": { schema: z.object({ data: ProfileListItemSchema }) } } },
    ...errorResponses(...SCOPED_KEY_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS),
  },
});

export function registerSaveProfile(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const { label, profile, financialYear } = c.req.valid("json");
    const now = Date.now();
    const summary = summarise(profile, financialYear ?? currentYearOrFail(now));
    const saved = await saveProfile(idempotentWrites(c, c.env.DB), {
      proposedId: newId("prof", now),
      ownerId: c.var.apiKey.state.ownerId,
      label,
      labelKey: labelKey(label),
      inputs: profile,
      summary,
      nowMs: now,
      eventId: newId("evt", now),
    });
    if (saved.eventId !== null) await dispatchEvents(c.env, [saved.eventId], now);
    const data = {
      id: saved.row.id,
      label: saved.row.label,
      createdAt: iso(saved.row.createdAt),
      updatedAt: iso(saved.row.updatedAt),
      summary: { ...summary, computedWithCurrentRules: true },
    };
    return saved.created ? c.json({ data }, 201) : c.json({ data }, 200);
  });
}
