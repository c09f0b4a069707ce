// POST /admin/api/orgs/{id}/lots/{lotId}/adjustments and /transfers: the kg of a lot changes other than by a
// sale only through these, each recorded as a stock movement with who made it and why, and audited.
import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { readBody } from "../../platform/http/body";
import { IdempotencyKeyHeaders, idempotentWrites } from "../../platform/http/idempotency";
import { istDateOf } from "../domain/ist";
import { formatGrams } from "../domain/money";
import { BOUNDS } from "../domain/write-bounds";
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
import { IdSchema, Kg, kgInput, optionalText } from "../http/wire-formats";
import { dispatchEvents } from "../webhooks/service";
import { adjustLot, type StockMovementRow, transferLot } from "./queries";
import { CreateLotSchema, LotSchema, lotView } from "./schemas";

const Params = z.object({
  id: IdSchema.openapi({ param: { name: "id", in: "path" }, example: "org_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
  lotId: IdSchema.openapi({ param: { name: "lotId", in: "path" }, example: "lot_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
});

const notes = optionalText(500);

const AdjustLotSchema = z
  .discriminatedUnion("reason", [
    z.object({ reason: z.literal("damage"), kg: Kg.openapi({ description: "Kilograms damaged, taken off the lot" }), notes }).strict(),
    z
      .object({
        reason: z.literal("count_correction"),
        kg_counted: kgInput("thresholdGrams").openapi({ description: "Kilograms found by a physical count: the lot's new kg remaining" }),
        notes,
      })
      .strict(),
  ])
  .openapi("StockAdjustment");

const TransferLotSchema = z.object({ godown_code: CreateLotSchema.shape.godown_code, kg: Kg, notes }).strict().openapi("StockTransfer");

const MovementSchema = z
  .object({
    id: z.string(),
    lot_id: z.string(),
    kind: z.enum(["adjustment", "transfer_out", "transfer_in"]),
    kg_change: z.string().openapi({ description: "Signed kilograms: what the movement did to the lot's kg remaining", example: "-12.500" }),
    reason: z.enum(["damage", "count_correction", "transfer"]),
    notes: z.string().nullable(),
    counterpart_lot_id: z.string().nullable(),
    actor: z.string(),
    created_at: IsoTime,
  })
  .openapi("StockMovement");

const movementView = (m: StockMovementRow): z.infer<typeof MovementSchema> => ({
  id: m.id,
  lot_id: m.lotId,
  kind: m.kind,
  kg_change: formatGrams(m.gramsDelta),
  reason: m.reason,
  notes: m.notes,
  counterpart_lot_id: m.counterpartLotId,
  actor: m.actor,
  created_at: iso(m.createdAt),
});

const adjustRoute = createRoute({
  method: "post",
  path: "/admin/api/orgs/{id}/lots/{lotId}/adjustments",
  tags: ["Back office"],
  summary: "Adjust a lot's kg: damage taken off, or a physical count that corrects it",
  description: `${ORG_SELECTION_DESCRIPTION} Kg remaining never go below 0, and a count never raises them above what the lot's receipt, transfers, sales and returns leave it before any adjustment, kg_received + kg_transferred_in − kg_transferred_out − kg_sold + kg_returned (409 \`conflict\` otherwise: kg sold left with the buyer, kg sent away are counted in the other godown's lot, and more is a new receipt). Damaged kg found again may be counted back up to that figure. The lot's \`kg_adjusted\` shows the net of its adjustments. A count that equals the books is 409 \`conflict\` (nothing to correct). A count taken while a sale changed the lot is 409 \`conflict\`: count again. Damage is applied to the lot's new kg when a sale changed it in between, tried 3 times, then 409 \`conflict_retry\`: nothing recorded, send it again (with a new Idempotency-Key if you used one). Recorded as a stock movement and in the audit log. Like a sale, kg taken off that take the SKU's kg across all godowns from at or above its threshold to below it emit stock.low (\`cause\` the reason, \`movement_id\` the movement).`,
  middleware: [requireAdmin, readBody({ maxBytes: 4_096 }), idempotentForActor] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    params: Params,
    body: { required: true, content: { "application/json": { schema: AdjustLotSchema } } },
  },
  responses: {
    201: {
      description: "Adjusted",
      content: { "application/json": { schema: z.object({ data: z.object({ movement: MovementSchema, lot: LotSchema }) }) } },
    },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...ORG_SELECTION_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, "conflict", "conflict_retry"),
  },
});

const transferRoute = createRoute({
  method: "post",
  path: "/admin/api/orgs/{id}/lots/{lotId}/transfers",
  tags: ["Back office"],
  summary: "Move kg of a lot to another godown",
  description: `${ORG_SELECTION_DESCRIPTION} The kg leave this lot (its \`kg_transferred_out\`) and join the same lot (number, SKU, mill, cost, receipt date) in the other godown (its \`kg_transferred_in\`), created on first use with \`kg_received\` 0.000: kg received is only ever what the mill delivered into that godown, so kg sent back where they came from never add to it. 409 \`insufficient_stock\` when the lot has fewer kg; 409 \`conflict\` when the other godown already holds a lot of that number and SKU from another receipt (another mill, cost or receipt date), which the kg are never added to, or when its lot would hold more than 1000000.000 kg; the same godown is 400. Recorded as two stock movements that name each other, and in the audit log. The SKU's kg across all godowns stay the same, so a transfer never emits stock.low.`,
  middleware: [requireAdmin, readBody({ maxBytes: 4_096 }), idempotentForActor] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    params: Params,
    body: { required: true, content: { "application/json": { schema: TransferLotSchema } } },
  },
  responses: {
    201: {
      description: "Transferred",
      content: { "application/json": { schema: z.object({ data: z.object({ from: LotSchema, to: LotSchema }) }) } },
    },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...ORG_SELECTION_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, "insufficient_stock", "conflict"),
  },
});

export function registerMoveStock(app: InventoryApp): void {
  app.openapi(adjustRoute, async (c) => {
    const { id, lotId } = c.req.valid("param");
    const body = c.req.valid("json");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), id);
    const change = body.reason === "damage" ? { reason: body.reason, grams: body.kg } : { reason: body.reason, gramsCounted: body.kg_counted };
    const now = Date.now();
    const outcome = await adjustLot(idempotentWrites(c, c.env.DB), org.id, lotId, change, { notes: body.notes, actor: actorName(c) }, now);
    switch (outcome.kind) {
      case "lot_not_found":
        throw inventoryError("not_found", `No lot ${lotId}`);
      case "no_change":
        throw inventoryError("conflict", "The count equals the lot's kg remaining; nothing to correct");
      case "stale_count":
        throw inventoryError(
          "conflict",
          "The lot changed while it was being counted (a sale, transfer, return or adjustment was recorded); count it again",
        );
      case "contended":
        throw inventoryError(
          "conflict_retry",
          "Sales or other changes kept changing the lot while the damage was being recorded; nothing was recorded: send it again (with a new Idempotency-Key if you used one)",
        );
      case "out_of_range":
        throw inventoryError(
          "conflict",
          `The lot would hold a kg remaining outside 0 to ${formatGrams(outcome.gramsBeforeAdjustments)} kg, what its receipt, transfers, sales and returns leave it (it holds ${formatGrams(outcome.gramsRemaining)} kg)`,
        );
      case "adjusted":
        await dispatchEvents(c.env, outcome.eventIds);
        return c.json({ data: { movement: movementView(outcome.movement), lot: lotView(outcome.lot, istDateOf(now)) } }, 201);
    }
  });

  app.openapi(transferRoute, async (c) => {
    const { id, lotId } = c.req.valid("param");
    const body = c.req.valid("json");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), id);
    const now = Date.now();
    const outcome = await transferLot(
      idempotentWrites(c, c.env.DB),
      org.id,
      lotId,
      { godownCode: body.godown_code, grams: body.kg, notes: body.notes, actor: actorName(c) },
      now,
    );
    switch (outcome.kind) {
      case "lot_not_found":
        throw inventoryError("not_found", `No lot ${lotId}`);
      case "same_godown":
        throw inventoryError("bad_request", "godown_code: the lot is already in that godown");
      case "insufficient_stock":
        throw inventoryError("insufficient_stock", `Lot ${lotId} holds ${formatGrams(outcome.gramsRemaining)} kg; nothing was moved`);
      case "lot_full_in_godown":
        throw inventoryError(
          "conflict",
          `The lot in godown ${body.godown_code} would hold more than ${formatGrams(BOUNDS.gramsOnHandPerLot.max)} kg, the most a lot may; nothing was moved`,
        );
      case "another_receipt_in_godown":
        throw inventoryError(
          "conflict",
          `Godown ${body.godown_code} already holds this lot number of the SKU from another receipt (another mill, cost or receipt date); nothing was moved`,
        );
      case "transferred":
        return c.json({ data: { from: lotView(outcome.from, istDateOf(now)), to: lotView(outcome.to, istDateOf(now)) } }, 201);
    }
  });
}
