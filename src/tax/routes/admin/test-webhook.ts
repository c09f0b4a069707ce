import { createRoute, z } from "@hono/zod-openapi";
import { requireAdmin, resolveAccount } from "../../admin";
import type { TaxApp } from "../../app";
import { taxDb } from "../../db/client";
import { findEndpoint } from "../../db/webhooks";
import { taxError } from "../../errors";
import { errorResponses } from "../../schemas/common";
import { TestSendSchema, WebhookIdParamSchema } from "../../schemas/webhooks";
import { testSendView } from "../../webhook-endpoints";
import { sendTestEvent } from "../../webhooks";
import { AccountEmailQuery } from "./list-webhooks";

const route = createRoute({
  method: "post",
  path: "/admin/api/webhooks/{id}/test",
  tags: ["Management"],
  summary: "Send a signed `webhook.test` event to one of an account's endpoints now",
  description: "At most 10 test sends per endpoint in any 60 s, counted with the account's own test sends; beyond that 429 `rate_limited` with `Retry-After`.",
  middleware: [requireAdmin] as const,
  request: { params: WebhookIdParamSchema, query: AccountEmailQuery },
  responses: {
    200: { description: "Sent (see `attempt.outcome`)", content: { "application/json": { schema: z.object({ data: TestSendSchema }) } } },
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

export function registerAdminTestWebhook(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const account = await resolveAccount(c, taxDb(c.env.DB), c.req.valid("query").accountEmail);
    const endpoint = await findEndpoint(c.env.DB, c.req.valid("param").id, account.id);
    if (!endpoint) throw taxError("not_found", "No such webhook endpoint");
    return c.json({ data: testSendView(await sendTestEvent(c.env, endpoint)) }, 200);
  });
}
