import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { readBody } from "../../platform/http/body";
import { IdempotencyKeyHeaders, idempotentWrites } from "../../platform/http/idempotency";
import {
  idempotentForActor,
  actorName,
  requireAdmin,
  resolveOrg,
  ORG_SELECTION_DESCRIPTION,
  ADMIN_WRITE_ERRORS,
  ORG_SELECTION_ERRORS,
} from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { createExpense } from "./queries";
import { entryDate } from "../http/entry-date";
import { errorResponses } from "../http/schemas";
import { CreateExpenseSchema, ExpenseSchema, expenseView } from "./schemas";
import { OrgIdParam } from "../http/wire-formats";
import { BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../http/errors";

const route = createRoute({
  method: "post",
  path: "/admin/api/orgs/{id}/expenses",
  tags: ["Back office"],
  summary: "Record an expense",
  description: `${ORG_SELECTION_DESCRIPTION} Money the organisation spent (freight, wages, rent, …) under a \`category\` of its choosing. \`date\` is a calendar day in India (IST), today by default, and may not be in the future or before 1 July 2017, when GST began (400 naming it); \`created_by\` defaults to the signed-in admin's email, or \`operator\`. The expense is a row of the expenses CSV export (GET /api/v1/export/expenses) until it is voided (POST /admin/api/orgs/{id}/expenses/{entryId}/void); it sends no event and changes no other figure of the books. Send an Idempotency-Key to retry without recording it twice.`,
  middleware: [requireAdmin, readBody({ maxBytes: 16_384 }), idempotentForActor] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    params: OrgIdParam,
    body: { required: true, content: { "application/json": { schema: CreateExpenseSchema } } },
  },
  responses: {
    201: { description: "Recorded", content: { "application/json": { schema: z.object({ data: ExpenseSchema }) } } },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...ORG_SELECTION_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS),
  },
});

export function registerCreateExpense(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), c.req.valid("param").id);
    const now = Date.now();
    const { value } = await createExpense(
      idempotentWrites(c, c.env.DB),
      org.id,
      {
        spentOn: entryDate("date", body.date, now),
        category: body.category,
        amountPaise: body.amount,
        notes: body.notes,
        createdBy: body.created_by ?? actorName(c),
      },
      now,
    );
    return c.json({ data: expenseView(value) }, 201);
  });
}
