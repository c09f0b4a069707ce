import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { newId } from "../../platform/ids";
import { errorResponses, taxError, type TaxApp, BODY_ERRORS } from "../hono";
import { keySecurity, requireKey, SCOPED_KEY_ERRORS } from "../keys/api-key-auth";
import { deleteProfile } from "./queries";
import { ProfileIdParamSchema } from "./schemas";
import { dispatchEvents } from "../webhooks/events";
import { noBody } from "../../platform/http/body";

const route = createRoute({
  method: "delete",
  path: "/api/v1/profiles/{id}",
  tags: ["Profiles"],
  summary: "Delete a profile",
  description: "200 with the id; deleting again is a 404, and so is another owner's id.",
  security: keySecurity("profiles:write"),
  middleware: [requireKey("profiles:write"), noBody] as const,
  request: { query: NoQueryParameters, params: ProfileIdParamSchema },
  responses: {
    200: {
      description: "Deleted",
      content: { "application/json": { schema: z.object({ data: z.object({ id: z.string(), deleted: z.literal(true) }) }) } },
    },
    ...errorResponses(...SCOPED_KEY_ERRORS, "validation_error", "not_found", ...BODY_ERRORS),
  },
});

export function registerDeleteProfile(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const { id } = c.req.valid("param");
    const now = Date.now();
    const eventId = newId("evt", now);
    if (!(await deleteProfile(c.env.DB, c.var.apiKey.state.ownerId, id, eventId, now))) throw taxError("not_found", "No such profile");
    await dispatchEvents(c.env, [eventId], now);
    return c.json({ data: { id, deleted: true as const } }, 200);
  });
}
