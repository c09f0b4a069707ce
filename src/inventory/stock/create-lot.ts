import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { readBody } from "../../platform/http/body";
import { IdempotencyKeyHeaders, idempotentWrites } from "../../platform/http/idempotency";
import {
  idempotentForActor,
  requireAdmin,
  resolveOrg,
  ORG_SELECTION_DESCRIPTION,
  ADMIN_WRITE_ERRORS,
  ORG_SELECTION_ERRORS,
} from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { DEFAULT_STOCK_LOW_THRESHOLD_GRAMS } from "../db/schema";
import { findSku, receiveLot, type NewSku } from "./queries";
import { isAheadOfNow, istDateOf } from "../domain/ist";
import { formatGrams } from "../domain/money";
import { gstRateOn, RATED_HEADINGS } from "../domain/gst-rates";
import { YARN_CATALOGUE, type YarnType } from "../domain/yarn";
import { inventoryError, BODY_ERRORS, IDEMPOTENCY_ERRORS } from "../http/errors";
import { errorResponses } from "../http/schemas";
import { CreateLotSchema, LotSchema, lotView } from "./schemas";
import { OrgIdParam } from "../http/wire-formats";

const route = createRoute({
  method: "post",
  path: "/admin/api/orgs/{id}/lots",
  tags: ["Back office"],
  summary: "Receive a lot of yarn into a godown",
  description: `${ORG_SELECTION_DESCRIPTION} The godown and the mill are created on first use. A SKU new to the organisation takes its count, composition, HSN and GST rate from the yarn catalogue when it is a catalogue SKU, otherwise from the optional fields (HSN defaults to the yarn type's heading). A SKU's details are set once: a later receipt may repeat them, and one that contradicts them is refused (400 \`bad_request\` against the catalogue, 409 \`conflict\` against the SKU's first receipt). 409 \`conflict\` also when the same lot of the SKU is already in that godown, or the SKU exists with another yarn type.`,
  middleware: [requireAdmin, readBody({ maxBytes: 16_384 }), idempotentForActor] as const,
  request: {
    query: NoQueryParameters,
    headers: IdempotencyKeyHeaders,
    params: OrgIdParam,
    body: { required: true, content: { "application/json": { schema: CreateLotSchema } } },
  },
  responses: {
    201: { description: "Received", content: { "application/json": { schema: z.object({ data: LotSchema }) } } },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...ORG_SELECTION_ERRORS, ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS, "conflict"),
  },
});

/** Tariff heading of a yarn type (inventory-domain reference §1.4), used when a new SKU names no HSN. */
const HEADING: Record<YarnType, string | null> = {
  cotton_carded: "5205",
  cotton_combed: "5205",
  cotton_compact: "5205",
  cotton_oe: "5205",
  melange: "5205",
  cvc_blend: "5206",
  polyester_spun: "5509",
  pc_blend: "5509",
  pv_blend: "5509",
  viscose_spun: "5510",
  polyester_fdy: "5402",
  polyester_dty: "5402",
  nylon_filament: "5402",
  viscose_filament: "5403",
  other: null,
};

type Body = z.infer<typeof CreateLotSchema>;

type SkuDetails = Pick<NewSku, "name" | "composition" | "countNe" | "ply" | "hsn"> & { stockLowThresholdGrams?: number };

/**
 * The first detail the receipt names that its SKU does not have, as "field: what the SKU has". A SKU's details are set
 * once (by the catalogue or its first receipt): a later receipt repeating them is fine, one changing them is refused
 * rather than ignored. An HSN agrees when one is the other's heading or subheading.
 */
function detailContradicted(body: Body, sku: SkuDetails): string | undefined {
  // Absent and null name nothing (the optional text fields read both as null).
  const differs = (given: unknown, has: unknown) => given != null && given !== has;
  if (differs(body.sku_name, sku.name)) return `sku_name: ${body.sku} is named "${sku.name}"`;
  if (differs(body.composition, sku.composition)) return `composition: ${body.sku} is ${sku.composition}`;
  if (differs(body.count_ne, sku.countNe)) return `count_ne: ${body.sku} has ${sku.countNe === null ? "no count" : `count ${sku.countNe}`}`;
  if (differs(body.ply, sku.ply)) return `ply: ${body.sku} has ply ${sku.ply}`;
  if (body.hsn !== undefined && !sku.hsn.startsWith(body.hsn) && !body.hsn.startsWith(sku.hsn)) return `hsn: ${body.sku} has HSN ${sku.hsn}`;
  if (sku.stockLowThresholdGrams !== undefined && differs(body.stock_low_threshold_kg, sku.stockLowThresholdGrams)) {
    return `stock_low_threshold_kg: ${body.sku} is low under ${formatGrams(sku.stockLowThresholdGrams)} kg`;
  }
  return undefined;
}

function newSkuOf(body: Body, today: string): NewSku {
  const known = YARN_CATALOGUE.find((s) => s.sku === body.sku);
  const threshold = body.stock_low_threshold_kg ?? DEFAULT_STOCK_LOW_THRESHOLD_GRAMS;
  if (known) {
    if (known.yarnType !== body.yarn_type) throw inventoryError("bad_request", `yarn_type: catalogue SKU ${body.sku} is ${known.yarnType}`);
    const contradicted = detailContradicted(body, known);
    if (contradicted) throw inventoryError("bad_request", `${contradicted} in the catalogue`);
    return {
      sku: known.sku,
      name: known.name,
      yarnType: known.yarnType,
      countNe: known.countNe,
      ply: known.ply,
      denier: known.denier,
      filaments: known.filaments,
      blend: known.blend,
      composition: known.composition,
      shade: known.shade,
      hsn: known.hsn,
      gstRateBps: rateBpsOf(known.hsn, today),
      stockLowThresholdGrams: threshold,
    };
  }
  const hsn = body.hsn ?? HEADING[body.yarn_type];
  if (!hsn) throw inventoryError("bad_request", "hsn: is required for a new SKU of yarn_type other");
  return {
    sku: body.sku,
    name: body.sku_name ?? body.sku,
    yarnType: body.yarn_type,
    countNe: body.count_ne ?? null,
    ply: body.ply ?? 1,
    denier: null,
    filaments: null,
    blend: null,
    composition: body.composition ?? body.yarn_type.replaceAll("_", " "),
    shade: null,
    hsn,
    gstRateBps: rateBpsOf(hsn, today),
    stockLowThresholdGrams: threshold,
  };
}

/** The rate a sale of the HSN would charge today: stock the sales side could not tax is refused here. */
function rateBpsOf(hsn: string, today: string): number {
  const rate = gstRateOn(hsn, today);
  if (!rate.ok) throw inventoryError("bad_request", `hsn: ${hsn} is not a heading of the yarn GST rate table (${RATED_HEADINGS})`);
  return rate.rateBps;
}

export function registerCreateLot(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const org = await resolveOrg(c, inventoryDb(c.env.DB), c.req.valid("param").id);
    const now = Date.now();
    const receivedAt = body.received_at === undefined ? now : Date.parse(body.received_at);
    if (isAheadOfNow(receivedAt, now)) throw inventoryError("bad_request", "received_at: must not be in the future");
    const existing = await findSku(c.env.DB, org.id, body.sku);
    const outcome = await receiveLot(
      idempotentWrites(c, c.env.DB),
      org.id,
      {
        lotNumber: body.lot_number,
        godownCode: body.godown_code,
        grams: body.kg,
        costPaisePerKg: body.cost_per_kg,
        receivedAt,
        supplierName: body.supplier_name,
        sku: body.sku,
        yarnType: body.yarn_type,
        named: {
          name: body.sku_name,
          composition: body.composition,
          countNe: body.count_ne ?? null,
          ply: body.ply ?? null,
          hsn: body.hsn ?? null,
          stockLowThresholdGrams: body.stock_low_threshold_kg ?? null,
        },
        newSku: existing ? null : newSkuOf(body, istDateOf(now)),
      },
      now,
    );
    if (outcome.kind === "sku_disagrees") {
      // The write checks the SKU, as registered before or by a receipt at the same moment; read it to say how it differs.
      const registered = await findSku(c.env.DB, org.id, body.sku);
      if (registered === undefined || registered.yarnType !== body.yarn_type) {
        throw inventoryError("conflict", `sku: ${body.sku} is registered as ${registered?.yarnType ?? "another yarn type"}, not ${body.yarn_type}`);
      }
      throw inventoryError(
        "conflict",
        `${detailContradicted(body, registered) ?? `sku: ${body.sku} has other details`}; a SKU's details are set by its first receipt`,
      );
    }
    if (outcome.kind === "lot_already_in_godown") {
      throw inventoryError("conflict", `Lot ${body.lot_number} of ${body.sku} is already in godown ${body.godown_code}`);
    }
    return c.json({ data: lotView(outcome.lot, istDateOf(now)) }, 201);
  });
}
