import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { IdempotencyKeyHeaders } from "../../platform/http/idempotency";
import { idempotentForActor, ADMIN_WRITE_ERRORS } from "../accounts/operator-auth";
import { operatorOnly } from "../../platform/auth/admin";
import { hashPassword } from "../../platform/auth/password";
import { readBody } from "../../platform/http/body";
import { newId } from "../../platform/ids";
import { requireAdmin } from "./operator-auth";
import { errorResponses, taxError, type TaxApp, BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../hono";
import { taxDb } from "../db/client";
import { insertAccount } from "./queries";
import { AccountDetailSchema, CreateAccountSchema } from "./schemas";
import { accountDetail } from "./service";

const route = createRoute({
  method: "post",
  path: "/admin/api/accounts",
  tags: ["Management"],
  summary: "Create an account (operator only)",
  description:
    "Only the operator's token may create accounts this way (a session is 403 `forbidden`; people sign up on the web page). The account starts on the free plan, its email kept in lower case. With a `password` (10 to 200 characters) its owner can sign in to the web page; without one nobody can, and the operator manages it by its email. An account with the same email in any letter case is 409 `conflict`. The answer is the account as `GET /admin/api/account` shows it. Send an Idempotency-Key to retry safely.",
  middleware: [
    requireAdmin,
    operatorOnly("Only the operator creates accounts this way"),
    readBody({ maxBytes: 16_384 }),
    idempotentForActor,
  ] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    body: { required: true, content: { "application/json": { schema: CreateAccountSchema } } },
  },
  responses: {
    201: { description: "Created", content: { "application/json": { schema: z.object({ data: AccountDetailSchema }) } } },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, "conflict"),
  },
});

export function registerCreateAccount(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const { email, password } = c.req.valid("json");
    const now = Date.now();
    const account = {
      id: newId("acct", now),
      email,
      plan: "free" as const,
      passwordHash: password ? await hashPassword(password) : null,
      createdAt: now,
      paidUntil: null,
    };
    if (!(await insertAccount(taxDb(c.env.DB), account))) throw taxError("conflict", "An account with that email exists");
    return c.json({ data: accountDetail(account, now) }, 201);
  });
}
