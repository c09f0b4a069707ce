import { createRoute, z } from "@hono/zod-openapi";
import { readBody } from "../../platform/http/body";
import { requireAdmin, resolveAccount } from "../accounts/operator-auth";
import { errorResponses, type TaxApp } from "../hono";
import { taxDb } from "../db/client";
import { CreatedWebhookEndpointSchema, CreateWebhookSchema } from "./schemas";
import { registerEndpoint } from "./service";

const AdminCreateWebhookSchema = CreateWebhookSchema.extend({
  accountEmail: z.email().max(254).transform((e) => e.toLowerCase()).optional().openapi({ description: "Operator calls only" }),
}).strict();

const route = createRoute({
  method: "post",
  path: "/admin/api/webhooks",
  tags: ["Management"],
  summary: "Register a webhook endpoint for an account; the signing secret is shown only in this response",
  middleware: [requireAdmin, readBody({ maxBytes: 8_192 })] as const,
  request: { body: { required: true, content: { "application/json": { schema: AdminCreateWebhookSchema } } } },
  responses: {
    201: { description: "Registered", content: { "application/json": { schema: z.object({ data: CreatedWebhookEndpointSchema }) } } },
    ...errorResponses(400, 401, 403, 404, 409, 413, 415),
  },
});

export function registerAdminCreateWebhook(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const { accountEmail, ...body } = c.req.valid("json");
    const account = await resolveAccount(c.var.actor, taxDb(c.env.DB), accountEmail);
    return c.json({ data: await registerEndpoint(c.env, account.id, body) }, 201);
  });
}
