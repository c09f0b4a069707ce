// Request and response schemas of lots: receiving a lot and the inventory read.
import { z } from "@hono/zod-openapi";
import { gstRateOn } from "../domain/gst-rates";
import { formatGrams, formatPaise, formatValueOf } from "../domain/money";
import { BOUNDS } from "../domain/write-bounds";
import { iso, IsoTime, KeysetPageQuery, keysetPageOf, oneStartingPoint } from "../http/schemas";
import { Kg, kgInput, KgText, Money, optionalText, Rupees, text, YarnTypeSchema } from "../http/wire-formats";
import type { LotRow } from "./queries";

export const CreateLotSchema = z
  .object({
    lot_number: text(64).openapi({ description: "The mill's lot number printed on the bags", example: "TPR-2611-0457" }),
    sku: z
      .string()
      .regex(/^[A-Z0-9][A-Z0-9-]{1,47}$/, "must be upper-case letters, digits and dashes")
      .openapi({ example: "CTN-CMB-30S1-RW" }),
    yarn_type: YarnTypeSchema,
    godown_code: z
      .string()
      .regex(/^[A-Z0-9][A-Z0-9-]{0,31}$/, "must be upper-case letters, digits and dashes")
      .openapi({ example: "TPR-1" }),
    kg: Kg,
    cost_per_kg: Rupees("costPaisePerKg").openapi({
      description: `Purchase cost in rupees per kg, GST extra: 0 (yarn received free of charge) up to ${formatPaise(BOUNDS.costPaisePerKg.max)}`,
    }),
    received_at: z.iso.datetime({ offset: true }).optional().openapi({
      description:
        "ISO-8601 instant; default now. Not in the future (up to five minutes ahead of the service's clock is taken as clock drift; the date never)",
    }),
    supplier_name: optionalText(200).openapi({ description: "The mill; created on first use" }),
    // Only used when the SKU is new to the organisation; catalogue SKUs fill these themselves.
    sku_name: optionalText(200),
    composition: optionalText(200),
    count_ne: z.number().int().min(1).max(200).nullish(),
    ply: z.number().int().min(1).max(6).optional(),
    hsn: z
      .string()
      .regex(/^\d{4}(\d{2}){0,2}$/, "must be 4, 6 or 8 digits")
      .optional()
      .openapi({ description: "A heading of the yarn GST rate table: 5204-5207, 5401-5406, 5501-5511" }),
    stock_low_threshold_kg: kgInput("thresholdGrams").optional(),
  })
  .strict();

export const LotSchema = z
  .object({
    id: z.string(),
    lot_number: z.string().openapi({ description: "Mill lot number; shade and quality are uniform within a lot" }),
    sku: z.string().openapi({ example: "CTN-CMB-30S1-RW" }),
    sku_name: z.string().openapi({ example: "30s combed cotton, raw white" }),
    yarn_type: YarnTypeSchema,
    count_ne: z.number().int().nullable().openapi({ description: "English count (Ne); null for filament yarn" }),
    ply: z.number().int(),
    denier: z.number().int().nullable(),
    filaments: z.number().int().nullable(),
    blend: z.string().nullable().openapi({ example: "65/35" }),
    composition: z.string().openapi({ example: "100% cotton" }),
    shade: z.string().nullable(),
    hsn: z.string().openapi({ example: "52052310" }),
    gst_rate_percent: z.number().openapi({ description: "GST rate in force today (IST) for its HSN", example: 5 }),
    godown_code: z.string(),
    godown_name: z.string(),
    godown_city: z.string().nullable(),
    supplier_name: z.string().nullable().openapi({ description: "The mill" }),
    kg_received: KgText.openapi({
      description: "Kg the mill delivered into this lot in this godown; 0.000 for a lot that began with a transfer from another godown",
    }),
    kg_transferred_in: KgText.openapi({ description: "Kg moved into this lot from the same lot in other godowns" }),
    kg_transferred_out: KgText.openapi({ description: "Kg moved from this lot to the same lot in other godowns" }),
    kg_sold: KgText.openapi({ description: "Kg of this lot on sales not cancelled" }),
    kg_returned: KgText.openapi({ description: "Kg of this lot that came back on credit notes (sales returns)" }),
    kg_adjusted: z.string().openapi({
      description: "Net kg of the lot's adjustments, signed: damage taken off, count corrections up or down",
      example: "-1.500",
    }),
    kg_remaining: KgText.openapi({
      description: "kg_received + kg_transferred_in − kg_transferred_out − kg_sold + kg_returned + kg_adjusted",
    }),
    cost_per_kg: Money.openapi({ description: "Purchase cost, rupees per kg, GST extra" }),
    stock_value: Money.openapi({ description: "kg_remaining × cost_per_kg, rupees" }),
    received_at: IsoTime,
  })
  .openapi("Lot");

/**
 * A lot as the API shows it on IST date `today`. Its GST rate is the one in force that day for its HSN, not the
 * one its SKU was set up with: a polyester SKU set up before 22 September 2025 recorded 12 %, and its stock sells
 * at 5 % since (Notification 9/2025-Central Tax (Rate)). The recorded rate stands only for an HSN outside the table.
 */
export function lotView(row: LotRow, today: string): z.infer<typeof LotSchema> {
  const rate = gstRateOn(row.hsn, today);
  return {
    id: row.id,
    lot_number: row.lotNumber,
    sku: row.sku,
    sku_name: row.skuName,
    yarn_type: row.yarnType,
    count_ne: row.countNe,
    ply: row.ply,
    denier: row.denier,
    filaments: row.filaments,
    blend: row.blend,
    composition: row.composition,
    shade: row.shade,
    hsn: row.hsn,
    gst_rate_percent: (rate.ok ? rate.rateBps : row.gstRateBps) / 100,
    godown_code: row.godownCode,
    godown_name: row.godownName,
    godown_city: row.godownCity,
    supplier_name: row.supplierName,
    kg_received: formatGrams(row.gramsReceived),
    kg_transferred_in: formatGrams(row.gramsTransferredIn),
    kg_transferred_out: formatGrams(row.gramsTransferredOut),
    kg_sold: formatGrams(row.gramsSold),
    kg_returned: formatGrams(row.gramsReturned),
    kg_adjusted: formatGrams(row.gramsAdjusted),
    kg_remaining: formatGrams(row.gramsRemaining),
    cost_per_kg: formatPaise(row.costPaisePerKg),
    stock_value: formatValueOf(row.gramsRemaining, row.costPaisePerKg),
    received_at: iso(row.receivedAt),
  };
}

export const InventoryQuerySchema = KeysetPageQuery.extend({
  godown_code: z.string().min(1).max(32).optional().openapi({ description: "Only lots in this godown" }),
  yarn_type: YarnTypeSchema.optional().openapi({ description: "Only SKUs of this type" }),
})
  .strict()
  .superRefine(oneStartingPoint);

export const InventoryPageSchema = keysetPageOf(LotSchema).openapi("InventoryPage");
