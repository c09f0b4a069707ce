// Godowns, SKUs, mills and lots: receiving stock (back office) and the in-stock list (GET /api/v1/inventory).
// The lot reads stay raw SQL because they run on a D1 read-replica session, which drizzle's D1 driver is not
// typed for; their columns are aliased to the schema's names and typed from it.
import { and, eq } from "drizzle-orm";
import { newId } from "../../platform/ids";
import { inventoryDb } from "../db/client";
import { type godowns, type lots, skus, type suppliers } from "../db/schema";
import type { ReadDb } from "../http/read-session";

type Lot = typeof lots.$inferSelect;
type Sku = typeof skus.$inferSelect;
type Godown = typeof godowns.$inferSelect;

/** A lot with its SKU, godown and mill, as the read API and the back office show it. */
export type LotRow = Pick<Lot, "id" | "lotNumber" | "gramsReceived" | "gramsRemaining" | "costPaisePerKg" | "receivedAt"> &
  Pick<Sku, "sku" | "yarnType" | "countNe" | "ply" | "denier" | "filaments" | "blend" | "composition" | "shade" | "hsn" | "gstRateBps"> & {
    skuName: Sku["name"];
    godownCode: Godown["code"];
    godownName: Godown["name"];
    godownCity: Godown["city"];
    supplierName: (typeof suppliers.$inferSelect)["name"] | null;
  };

const LOT_SELECT = `
  SELECT l.id, l.lot_number AS lotNumber, l.grams_received AS gramsReceived, l.grams_remaining AS gramsRemaining,
         l.cost_paise_per_kg AS costPaisePerKg, l.received_at AS receivedAt,
         s.sku, s.name AS skuName, s.yarn_type AS yarnType, s.count_ne AS countNe, s.ply, s.denier, s.filaments, s.blend,
         s.composition, s.shade, s.hsn, s.gst_rate_bps AS gstRateBps, g.code AS godownCode, g.name AS godownName,
         g.city AS godownCity, m.name AS supplierName
    FROM lots l
    JOIN skus s ON s.org_id = l.org_id AND s.id = l.sku_id
    JOIN godowns g ON g.org_id = l.org_id AND g.id = l.godown_id
    LEFT JOIN suppliers m ON m.org_id = l.org_id AND m.id = l.supplier_id`;

export interface InventoryQuery {
  godownCode?: string;
  yarnType?: string;
  limit: number;
  offset: number;
}

/** Lots with stock, newest received first (id breaks ties so pages never overlap or skip). */
export async function listInventory(db: ReadDb, orgId: string, query: InventoryQuery): Promise<{ rows: LotRow[]; hasMore: boolean }> {
  const { results } = await db
    .prepare(
      `${LOT_SELECT}
      WHERE l.org_id = ?1 AND l.grams_remaining > 0
        AND (?2 IS NULL OR g.code = ?2)
        AND (?3 IS NULL OR s.yarn_type = ?3)
      ORDER BY l.received_at DESC, l.id DESC
      LIMIT ?4 OFFSET ?5`,
    )
    .bind(orgId, query.godownCode ?? null, query.yarnType ?? null, query.limit + 1, query.offset)
    .all<LotRow>();
  return { rows: results.slice(0, query.limit), hasMore: results.length > query.limit };
}

export async function findLot(db: ReadDb, orgId: string, lotId: string): Promise<LotRow | null> {
  return db.prepare(`${LOT_SELECT} WHERE l.org_id = ?1 AND l.id = ?2`).bind(orgId, lotId).first<LotRow>();
}

export type SkuRow = Pick<typeof skus.$inferSelect, "id" | "sku" | "yarnType" | "gstRateBps" | "stockLowThresholdGrams">;

export async function findSku(db: D1Database, orgId: string, sku: string): Promise<SkuRow | undefined> {
  return inventoryDb(db)
    .select({ id: skus.id, sku: skus.sku, yarnType: skus.yarnType, gstRateBps: skus.gstRateBps, stockLowThresholdGrams: skus.stockLowThresholdGrams })
    .from(skus)
    .where(and(eq(skus.orgId, orgId), eq(skus.sku, sku)))
    .get();
}

export interface NewSku {
  sku: string;
  name: string;
  yarnType: string;
  countNe: number | null;
  ply: number;
  denier: number | null;
  filaments: number | null;
  blend: string | null;
  composition: string;
  shade: string | null;
  hsn: string;
  gstRateBps: number;
  stockLowThresholdGrams: number;
}

export interface ReceiveLot {
  lotNumber: string;
  godownCode: string;
  grams: number;
  costPaisePerKg: number;
  receivedAt: number;
  supplierName: string | null;
  /** The SKU, and its details when it is new to the organisation (created in the same batch). */
  sku: string;
  newSku: NewSku | null;
}

export type ReceiveLotOutcome = { kind: "received"; lot: LotRow } | { kind: "lot_already_in_godown" };

/** Receives a lot; its godown and mill are created on first use. Refused when the same lot is already in that godown. */
export async function receiveLot(db: D1Database, orgId: string, lot: ReceiveLot, nowMs: number): Promise<ReceiveLotOutcome> {
  const id = newId("lot", nowMs);
  const statements: D1PreparedStatement[] = [
    db
      .prepare("INSERT OR IGNORE INTO godowns (id, org_id, code, name, city, created_at) VALUES (?1, ?2, ?3, ?3, NULL, ?4)")
      .bind(newId("gdn", nowMs), orgId, lot.godownCode, nowMs),
  ];
  if (lot.newSku) {
    const s = lot.newSku;
    statements.push(
      db
        .prepare(
          `INSERT OR IGNORE INTO skus (id, org_id, sku, name, yarn_type, count_ne, ply, denier, filaments, blend, composition, shade, hsn,
             gst_rate_bps, stock_low_threshold_grams, created_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)`,
        )
        .bind(
          newId("sku", nowMs),
          orgId,
          s.sku,
          s.name,
          s.yarnType,
          s.countNe,
          s.ply,
          s.denier,
          s.filaments,
          s.blend,
          s.composition,
          s.shade,
          s.hsn,
          s.gstRateBps,
          s.stockLowThresholdGrams,
          nowMs,
        ),
    );
  }
  if (lot.supplierName !== null) statements.push(upsertSupplier(db, orgId, lot.supplierName, nowMs));
  statements.push(
    db
      .prepare(
        `INSERT INTO lots (id, org_id, lot_number, sku_id, godown_id, supplier_id, grams_received, grams_remaining, cost_paise_per_kg, received_at, created_at)
         VALUES (?1, ?2, ?3,
           (SELECT id FROM skus WHERE org_id = ?2 AND sku = ?4),
           (SELECT id FROM godowns WHERE org_id = ?2 AND code = ?5),
           (SELECT id FROM suppliers WHERE org_id = ?2 AND name = ?6),
           ?7, ?7, ?8, ?9, ?10)`,
      )
      .bind(id, orgId, lot.lotNumber, lot.sku, lot.godownCode, lot.supplierName, lot.grams, lot.costPaisePerKg, lot.receivedAt, nowMs),
  );
  try {
    await db.batch(statements);
  } catch (error) {
    if (String(error).includes("UNIQUE constraint failed: lots.")) return { kind: "lot_already_in_godown" };
    throw error;
  }
  return { kind: "received", lot: (await findLot(db, orgId, id))! };
}

export function upsertSupplier(db: D1Database, orgId: string, name: string, nowMs: number): D1PreparedStatement {
  return db
    .prepare("INSERT OR IGNORE INTO suppliers (id, org_id, name, created_at) VALUES (?1, ?2, ?3, ?4)")
    .bind(newId("mill", nowMs), orgId, name, nowMs);
}
