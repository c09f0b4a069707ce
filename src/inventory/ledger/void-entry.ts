// POST /admin/api/orgs/{id}/{payments|credit-notes|expenses|mill-invoices|mill-payments}/{entryId}/void: a
// ledger entry is never edited or deleted; a mistaken one is voided with a reason, and stops counting.
import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { readBody } from "../../platform/http/body";
import { IdempotencyKeyHeaders, idempotentWrites } from "../../platform/http/idempotency";
import {
  actorName,
  idempotentForActor,
  requireAdmin,
  resolveOrg,
  ORG_SELECTION_DESCRIPTION,
  ADMIN_WRITE_ERRORS,
  ORG_SELECTION_ERRORS,
} from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { inventoryError, BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../http/errors";
import { errorResponses, iso, IsoTime } from "../http/schemas";
import { IdSchema, text } from "../http/wire-formats";
import { dispatchEvents } from "../webhooks/service";
import { VOIDABLE_ENTRIES, voidEntry, type VoidableKind } from "./void-queries";

const PATH_OF: Record<VoidableKind, string> = {
  payment: "payments",
  credit_note: "credit-notes",
  expense: "expenses",
  mill_invoice: "mill-invoices",
  mill_payment: "mill-payments",
};

/** Each kind as summaries and messages name it, with the article its sound takes ("an expense"). */
const NAME_OF: Record<VoidableKind, { article: "a" | "an"; name: string }> = {
  payment: { article: "a", name: "payment" },
  credit_note: { article: "a", name: "credit note" },
  expense: { article: "an", name: "expense" },
  mill_invoice: { article: "a", name: "mill invoice" },
  mill_payment: { article: "a", name: "mill payment" },
};

const VoidEntrySchema = z.object({ reason: text(500).openapi({ description: "Why it is voided; kept in the audit log" }) }).strict();

const VoidedEntrySchema = z
  .object({
    kind: z.enum(Object.keys(VOIDABLE_ENTRIES) as [VoidableKind, ...VoidableKind[]]),
    id: z.string(),
    voided_at: IsoTime,
    void_reason: z.string(),
    voided_by: z.string().openapi({ description: "`operator`, or the signed-in admin's email" }),
  })
  .openapi("VoidedEntry");

const Params = z.object({
  id: IdSchema.openapi({ param: { name: "id", in: "path" }, example: "org_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
  entryId: IdSchema.openapi({ param: { name: "entryId", in: "path" }, example: "pay_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
});

const DESCRIPTION =
  "A voided entry stays in the books with its void (when, who, why) but no longer counts: not in balances, settlement, ageing, payables or exports. Voiding a payment or credit note that had completed its invoice re-opens it (`paid_at` is cleared; settling it again sends a new invoice.paid). A mill invoice with payments against it is 409 `conflict` until they are voided; a credit note of a sales return cannot be voided (its kg went back into stock). Emits entry.voided and writes an audit entry. An entry already voided is 409 `conflict`.";

function route(kind: VoidableKind) {
  return createRoute({
    method: "post",
    path: `/admin/api/orgs/{id}/${PATH_OF[kind]}/{entryId}/void`,
    tags: ["Back office"],
    summary: `Void ${NAME_OF[kind].article} ${NAME_OF[kind].name}, with a reason`,
    description: `${ORG_SELECTION_DESCRIPTION} ${DESCRIPTION}`,
    middleware: [requireAdmin, readBody({ maxBytes: 4_096 }), idempotentForActor] as const,
    request: {
      query: NoQueryParameters,
      headers: IdempotencyKeyHeaders,
      params: Params,
      body: { required: true, content: { "application/json": { schema: VoidEntrySchema } } },
    },
    responses: {
      200: { description: "Voided", content: { "application/json": { schema: z.object({ data: VoidedEntrySchema }) } } },
      ...errorResponses(...ADMIN_WRITE_ERRORS, ...ORG_SELECTION_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, "conflict"),
    },
  });
}

export function registerVoidEntries(app: InventoryApp): void {
  for (const kind of Object.keys(VOIDABLE_ENTRIES) as VoidableKind[]) {
    app.openapi(route(kind), async (c) => {
      const { id, entryId } = c.req.valid("param");
      const org = await resolveOrg(c, inventoryDb(c.env.DB), id);
      const outcome = await voidEntry(
        idempotentWrites(c, c.env.DB),
        org.id,
        kind,
        entryId,
        { reason: c.req.valid("json").reason, actor: actorName(c) },
        Date.now(),
      );
      const label = NAME_OF[kind].name;
      if (outcome.kind === "not_found") throw inventoryError("not_found", `No ${label} ${entryId}`);
      if (outcome.kind === "already_voided") throw inventoryError("conflict", `The ${label} was already voided at ${iso(outcome.voidedAt)}`);
      if (outcome.kind === "mill_invoice_has_payments") {
        throw inventoryError("conflict", "Mill payments are recorded against this invoice; void them first");
      }
      if (outcome.kind === "return_credit_note") {
        throw inventoryError("conflict", "This credit note records returned goods, which went back into stock; it cannot be voided");
      }
      await dispatchEvents(c.env, outcome.eventIds);
      const { value } = outcome;
      return c.json(
        {
          data: { kind: value.entryKind, id: value.id, voided_at: iso(value.voidedAt), void_reason: value.voidReason, voided_by: value.voidedBy },
        },
        200,
      );
    });
  }
}
