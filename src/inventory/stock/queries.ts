// Godowns, SKUs, mills and lots: receiving stock (back office) and the in-stock list (GET /api/v1/inventory).
// The lot reads stay raw SQL because they run on a D1 read-replica session, which drizzle's D1 driver is not
// typed for; their columns are aliased to the schema's names and typed from it.
import { failedWith } from "../../platform/d1";
import { and, eq } from "drizzle-orm";
import { newId } from "../../platform/ids";
import { IST_OFFSET_MS } from "../../platform/pure/ist";
import { inventoryDb } from "../db/client";
import { type godowns, type lots, skus, stockMovements, type suppliers } from "../db/schema";
import { CONTENDED_WRITE_ATTEMPTS, insertedEventIds, kgSql } from "../db/event-rows";
import { formatGrams } from "../domain/money";
import { BOUNDS } from "../domain/write-bounds";
import type { ReadDb } from "../http/read-session";

type Lot = typeof lots.$inferSelect;
type Sku = typeof skus.$inferSelect;
type Godown = typeof godowns.$inferSelect;

/**
 * A lot with its SKU, godown and mill, as the read API and the back office show it, and every figure its kg
 * remaining comes from: received + transferred in − transferred out − sold + returned + adjusted.
 */
export type LotRow = Pick<
  Lot,
  | "id"
  | "skuId"
  | "lotNumber"
  | "gramsReceived"
  | "gramsTransferredIn"
  | "gramsTransferredOut"
  | "gramsAdjusted"
  | "gramsSold"
  | "gramsReturned"
  | "gramsRemaining"
  | "costPaisePerKg"
  | "receivedAt"
> &
  Pick<Sku, "sku" | "yarnType" | "countNe" | "ply" | "denier" | "filaments" | "blend" | "composition" | "shade" | "hsn" | "gstRateBps"> & {
    skuName: Sku["name"];
    godownCode: Godown["code"];
    godownName: Godown["name"];
    godownCity: Godown["city"];
    supplierName: (typeof suppliers.$inferSelect)["name"] | null;
  };

const LOT_SELECT = `
  SELECT l.id, l.sku_id AS skuId, l.lot_number AS lotNumber, l.grams_received AS gramsReceived,
         l.grams_transferred_in AS gramsTransferredIn, l.grams_transferred_out AS gramsTransferredOut, l.grams_adjusted AS gramsAdjusted,
         l.grams_remaining AS gramsRemaining, l.cost_paise_per_kg AS costPaisePerKg, l.received_at AS receivedAt,
         l.grams_sold AS gramsSold, l.grams_returned AS gramsReturned,
         s.sku, s.name AS skuName, s.yarn_type AS yarnType, s.count_ne AS countNe, s.ply, s.denier, s.filaments, s.blend,
         s.composition, s.shade, s.hsn, s.gst_rate_bps AS gstRateBps, g.code AS godownCode, g.name AS godownName,
         g.city AS godownCity, m.name AS supplierName
    FROM lots l
    JOIN skus s ON s.org_id = l.org_id AND s.id = l.sku_id
    JOIN godowns g ON g.org_id = l.org_id AND g.id = l.godown_id
    LEFT JOIN suppliers m ON m.org_id = l.org_id AND m.id = l.supplier_id`;

/** A row of LOT_SELECT as D1 answers it raw: its columns in the order selected. */
type LotValues = [
  id: string,
  skuId: string,
  lotNumber: string,
  gramsReceived: number,
  gramsTransferredIn: number,
  gramsTransferredOut: number,
  gramsAdjusted: number,
  gramsRemaining: number,
  costPaisePerKg: number,
  receivedAt: number,
  gramsSold: number,
  gramsReturned: number,
  sku: string,
  skuName: string,
  yarnType: LotRow["yarnType"],
  countNe: number | null,
  ply: number,
  denier: number | null,
  filaments: number | null,
  blend: string | null,
  composition: string,
  shade: string | null,
  hsn: string,
  gstRateBps: number,
  godownCode: string,
  godownName: string,
  godownCity: string,
  supplierName: string | null,
];

/**
 * A page of lots is read raw and named here: an object literal of one shape for every row costs far less than D1's
 * own naming of each row's columns, which was the largest single cost of the inventory list.
 */
function lotRowOf(v: LotValues): LotRow {
  return {
    id: v[0],
    skuId: v[1],
    lotNumber: v[2],
    gramsReceived: v[3],
    gramsTransferredIn: v[4],
    gramsTransferredOut: v[5],
    gramsAdjusted: v[6],
    gramsRemaining: v[7],
    costPaisePerKg: v[8],
    receivedAt: v[9],
    gramsSold: v[10],
    gramsReturned: v[11],
    sku: v[12],
    skuName: v[13],
    yarnType: v[14],
    countNe: v[15],
    ply: v[16],
    denier: v[17],
    filaments: v[18],
    blend: v[19],
    composition: v[20],
    shade: v[21],
    hsn: v[22],
    gstRateBps: v[23],
    godownCode: v[24],
    godownName: v[25],
    godownCity: v[26],
    supplierName: v[27],
  };
}

export interface InventoryQuery {
  godownCode?: string;
  yarnType?: string;
  limit: number;
  offset: number;
}

/** The order of the inventory list: newest received first, lot id breaking ties. */
const LOTS_ORDER = "l.received_at DESC, l.id DESC";

/** Lots with stock, newest received first (id breaks ties so pages never overlap or skip). */
export async function listInventory(db: ReadDb, orgId: string, query: InventoryQuery): Promise<{ rows: LotRow[]; hasMore: boolean }> {
  const results = await db
    .prepare(
      `${LOT_SELECT}
      WHERE l.org_id = ?1 AND l.grams_remaining > 0
        AND (?2 IS NULL OR g.code = ?2)
        AND (?3 IS NULL OR s.yarn_type = ?3)
      ORDER BY ${LOTS_ORDER}
      LIMIT ?4 OFFSET ?5`,
    )
    .bind(orgId, query.godownCode ?? null, query.yarnType ?? null, query.limit + 1, query.offset)
    .raw<LotValues>();
  return { rows: results.slice(0, query.limit).map(lotRowOf), hasMore: results.length > query.limit };
}

/** A place in the inventory list: a lot's receipt instant and id, its sort key. */
export interface LotPosition {
  receivedAt: number;
  id: string;
}

export interface InventoryAfterQuery {
  godownCode?: string | undefined;
  yarnType?: string | undefined;
  limit: number;
  after: LotPosition;
}

/**
 * The lots of listInventory's filters and order that come strictly after `after`. The row-value comparison is
 * where SQLite starts its walk of lots_in_stock_received, so a page costs the same at any depth.
 */
export async function listInventoryAfter(db: ReadDb, orgId: string, query: InventoryAfterQuery): Promise<{ rows: LotRow[]; hasMore: boolean }> {
  const results = await db
    .prepare(
      `${LOT_SELECT}
      WHERE l.org_id = ?1 AND l.grams_remaining > 0
        AND (?2 IS NULL OR g.code = ?2)
        AND (?3 IS NULL OR s.yarn_type = ?3)
        AND (l.received_at, l.id) < (?4, ?5)
      ORDER BY ${LOTS_ORDER}
      LIMIT ?6`,
    )
    .bind(orgId, query.godownCode ?? null, query.yarnType ?? null, query.after.receivedAt, query.after.id, query.limit + 1)
    .raw<LotValues>();
  return { rows: results.slice(0, query.limit).map(lotRowOf), hasMore: results.length > query.limit };
}

export async function findLot(db: ReadDb, orgId: string, lotId: string): Promise<LotRow | null> {
  return db.prepare(`${LOT_SELECT} WHERE l.org_id = ?1 AND l.id = ?2`).bind(orgId, lotId).first<LotRow>();
}

export type SkuRow = Pick<
  typeof skus.$inferSelect,
  "id" | "sku" | "yarnType" | "name" | "composition" | "countNe" | "ply" | "hsn" | "gstRateBps" | "stockLowThresholdGrams"
>;

export async function findSku(db: D1Database, orgId: string, sku: string): Promise<SkuRow | undefined> {
  return inventoryDb(db)
    .select({
      id: skus.id,
      sku: skus.sku,
      yarnType: skus.yarnType,
      name: skus.name,
      composition: skus.composition,
      countNe: skus.countNe,
      ply: skus.ply,
      hsn: skus.hsn,
      gstRateBps: skus.gstRateBps,
      stockLowThresholdGrams: skus.stockLowThresholdGrams,
    })
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
  /** The yarn type the receipt names: the lot joins its SKU only when the SKU is of this type. */
  yarnType: string;
  /** The SKU details the receipt names (null: not named): the lot joins its SKU only when they agree with it. */
  named: NamedSkuDetails;
  newSku: NewSku | null;
}

export interface NamedSkuDetails {
  name: string | null;
  composition: string | null;
  countNe: number | null;
  ply: number | null;
  /** Agrees with the SKU's when either is the other's heading or subheading. */
  hsn: string | null;
  stockLowThresholdGrams: number | null;
}

export type ReceiveLotOutcome = { kind: "received"; lot: LotRow } | { kind: "lot_already_in_godown" } | { kind: "sku_disagrees" };

/**
 * Receives a lot; its godown and mill are created on first use. Refused when the same lot is already in that godown,
 * or when the SKU is of another yarn type or has other details than the receipt names: checked in the batch, so a
 * receipt racing another that creates the SKU otherwise is refused rather than booked under it.
 */
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
           (SELECT id FROM skus WHERE org_id = ?2 AND sku = ?4 AND yarn_type = ?11
              AND (?12 IS NULL OR name = ?12) AND (?13 IS NULL OR composition = ?13) AND (?14 IS NULL OR count_ne = ?14)
              AND (?15 IS NULL OR ply = ?15) AND (?17 IS NULL OR stock_low_threshold_grams = ?17)
              AND (?16 IS NULL OR substr(hsn, 1, length(?16)) = ?16 OR substr(?16, 1, length(hsn)) = hsn)),
           (SELECT id FROM godowns WHERE org_id = ?2 AND code = ?5),
           (SELECT id FROM suppliers WHERE org_id = ?2 AND name = ?6),
           ?7, ?7, ?8, ?9, ?10)`,
      )
      .bind(
        id,
        orgId,
        lot.lotNumber,
        lot.sku,
        lot.godownCode,
        lot.supplierName,
        lot.grams,
        lot.costPaisePerKg,
        lot.receivedAt,
        nowMs,
        lot.yarnType,
        lot.named.name,
        lot.named.composition,
        lot.named.countNe,
        lot.named.ply,
        lot.named.hsn,
        lot.named.stockLowThresholdGrams,
      ),
  );
  try {
    await db.batch(statements);
  } catch (error) {
    if (failedWith(error, "UNIQUE constraint failed: lots.")) return { kind: "lot_already_in_godown" };
    if (failedWith(error, "NOT NULL constraint failed: lots.sku_id")) return { kind: "sku_disagrees" };
    throw error;
  }
  return { kind: "received", lot: (await findLot(db, orgId, id))! };
}

export function upsertSupplier(db: D1Database, orgId: string, name: string, nowMs: number): D1PreparedStatement {
  return db
    .prepare("INSERT OR IGNORE INTO suppliers (id, org_id, name, created_at) VALUES (?1, ?2, ?3, ?4)")
    .bind(newId("mill", nowMs), orgId, name, nowMs);
}

/** What took a SKU's kg: a sale, or a stock movement named by its reason. */
export type StockTaken = { cause: "sale"; saleId: string } | { cause: "damage" | "count_correction"; movementId: string };

/**
 * stock.low once per crossing: the SKU's kg across godowns is under its threshold now and was not before
 * `gramsTaken` left it. Runs in the batch that took them, after the lot update; for a movement, only when its row
 * was written (the update applied). A transfer between godowns leaves the SKU's kg as they were, so never crosses.
 */
export function stockLowStatement(
  db: D1Database,
  taken: StockTaken & { eventId: string; orgId: string; skuId: string; gramsTaken: number; nowMs: number },
): D1PreparedStatement {
  const saleId = taken.cause === "sale" ? taken.saleId : null;
  const movementId = taken.cause === "sale" ? null : taken.movementId;
  return db
    .prepare(
      `INSERT OR IGNORE INTO events (id, org_id, type, payload, dedupe_key, created_at)
       SELECT ?1, k.org_id, 'stock.low',
              json_object('sku_id', k.id, 'sku', k.sku, 'yarn_type', k.yarn_type, 'kg_remaining', ${kgSql("t.grams")},
                          'threshold_kg', ${kgSql("k.stock_low_threshold_grams")}, 'cause', ?7, 'sale_id', ?4, 'movement_id', ?8),
              'stock.low:' || k.id || ':' || COALESCE(?4, ?8), ?5
         FROM skus k, (SELECT COALESCE(SUM(grams_remaining), 0) AS grams FROM lots WHERE org_id = ?2 AND sku_id = ?3) t
        WHERE k.org_id = ?2 AND k.id = ?3
          AND t.grams < k.stock_low_threshold_grams AND t.grams + ?6 >= k.stock_low_threshold_grams
          AND (?8 IS NULL OR EXISTS (SELECT 1 FROM stock_movements WHERE id = ?8))`,
    )
    .bind(taken.eventId, taken.orgId, taken.skuId, saleId, taken.nowMs, taken.gramsTaken, taken.cause, movementId);
}

export type StockMovementRow = Omit<typeof stockMovements.$inferSelect, "orgId">;

export type AdjustLotOutcome =
  | { kind: "adjusted"; movement: StockMovementRow; lot: LotRow; eventIds: string[] }
  | { kind: "lot_not_found" }
  | { kind: "no_change" }
  | { kind: "stale_count" }
  | { kind: "out_of_range"; gramsRemaining: number; gramsBeforeAdjustments: number }
  /** Damage: other writes changed the lot between each read and its write, every time tried. */
  | { kind: "contended" };

type AdjustmentChange = { reason: "damage"; grams: number } | { reason: "count_correction"; gramsCounted: number };

/**
 * Damage takes `grams` off the lot; a count correction sets its kg remaining to what was counted. Never below 0,
 * and a count never raises it above what the lot's receipt, transfers, sales and returns leave it, before any
 * adjustment: received + transferred in − transferred out − sold + returned. More than that is not a correction: kg sold left with the buyer, kg sent
 * away are counted in the other godown's lot, and kg never received are a receipt. Damaged kg found again may be
 * counted back, up to that figure. The lot update is conditional on
 * the kg it read, so a sale in between makes the correction fail rather than overwrite it; the movement and its
 * audit row are written only when the update was. Damage is relative, so it is applied again to the new figure
 * (at most CONTENDED_WRITE_ATTEMPTS times in all); a count is not, and would overwrite the sale: it must be taken again.
 */
export async function adjustLot(
  db: D1Database,
  orgId: string,
  lotId: string,
  change: AdjustmentChange,
  recorded: { notes: string | null; actor: string },
  nowMs: number,
): Promise<AdjustLotOutcome> {
  for (let attempt = 1; attempt <= CONTENDED_WRITE_ATTEMPTS; attempt++) {
    const outcome = await adjustLotOnce(db, orgId, lotId, change, recorded, nowMs);
    if (outcome.kind !== "lot_changed") return outcome;
    if (change.reason === "count_correction") return { kind: "stale_count" };
  }
  return { kind: "contended" };
}

/** One read of the lot and its conditional write; `lot_changed` when the lot changed in between. */
async function adjustLotOnce(
  db: D1Database,
  orgId: string,
  lotId: string,
  change: AdjustmentChange,
  recorded: { notes: string | null; actor: string },
  nowMs: number,
): Promise<Exclude<AdjustLotOutcome, { kind: "stale_count" | "contended" }> | { kind: "lot_changed" }> {
  const lot = await findLot(db, orgId, lotId);
  if (!lot) return { kind: "lot_not_found" };
  const target = change.reason === "damage" ? lot.gramsRemaining - change.grams : change.gramsCounted;
  const delta = target - lot.gramsRemaining;
  if (delta === 0) return { kind: "no_change" };
  // kg remaining = before adjustments + adjusted, so this is received + in − out − sold + returned. Kg taken off are
  // always allowed down to 0: a lot counted up past it before this cap existed can still be written down.
  const gramsBeforeAdjustments = lot.gramsRemaining - lot.gramsAdjusted;
  if (target < 0 || (delta > 0 && target > gramsBeforeAdjustments)) {
    return { kind: "out_of_range", gramsRemaining: lot.gramsRemaining, gramsBeforeAdjustments };
  }
  const id = newId("mov", nowMs);
  const statements = [
    db
      .prepare("UPDATE lots SET grams_remaining = ?3, grams_adjusted = grams_adjusted + ?5 WHERE org_id = ?1 AND id = ?2 AND grams_remaining = ?4")
      .bind(orgId, lotId, target, lot.gramsRemaining, delta),
    db
      .prepare(
        `INSERT INTO stock_movements (id, org_id, lot_id, kind, grams_delta, reason, notes, counterpart_lot_id, actor, created_at)
         SELECT ?1, ?2, ?3, 'adjustment', ?4, ?5, ?6, NULL, ?7, ?8 WHERE changes() = 1`,
      )
      .bind(id, orgId, lotId, delta, change.reason, recorded.notes, recorded.actor, nowMs),
    db
      .prepare(
        `INSERT INTO audit_log (id, org_id, action, key_id, actor, reason, at)
         SELECT ?1, ?2, 'stock.adjusted', NULL, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM stock_movements WHERE id = ?6)`,
      )
      .bind(newId("aud", nowMs), orgId, recorded.actor, `${lotId}: ${change.reason} ${formatGrams(delta)} kg`, nowMs, id),
  ];
  // Kg taken off (damage, or a count below the books) may take the SKU under its threshold, as a sale may.
  const events: Array<{ id: string; index: number }> = [];
  if (delta < 0) {
    const eventId = newId("evt", nowMs);
    events.push({ id: eventId, index: statements.length });
    statements.push(stockLowStatement(db, { cause: change.reason, movementId: id, eventId, orgId, skuId: lot.skuId, gramsTaken: -delta, nowMs }));
  }
  const results = await db.batch(statements);
  if (results[0]!.meta.changes !== 1) return { kind: "lot_changed" };
  const movement = await inventoryDb(db).select().from(stockMovements).where(eq(stockMovements.id, id)).get();
  const { orgId: _org, ...row } = movement!;
  return { kind: "adjusted", movement: row, lot: (await findLot(db, orgId, lotId))!, eventIds: insertedEventIds(results, events) };
}

export type TransferLotOutcome =
  | { kind: "transferred"; from: LotRow; to: LotRow }
  | { kind: "lot_not_found" }
  | { kind: "same_godown" }
  | { kind: "insufficient_stock"; gramsRemaining: number }
  | { kind: "another_receipt_in_godown" }
  | { kind: "lot_full_in_godown" };

/**
 * Moves kg of a lot to another godown in ONE batch: out of this lot, into the same lot (number, SKU, mill, cost
 * and receipt date) in the other godown, created on first use (with 0 kg received: the mill delivered them
 * elsewhere) or added to. Each side counts them as transferred, never as received, so kg sent back where they came
 * from do not swell that lot's receipt. Both movements name each other; the
 * second half runs only when the first took the kg (`grams_remaining >= ?`), so stock is never created or lost.
 * A lot of that number and SKU already in the other godown from another receipt (another mill, cost or IST
 * receipt date) is never added to: the kg would take its cost and date, changing the stock's value and letting
 * them be sold dated before they arrived. The first half checks this too, so a receipt racing the transfer
 * cannot slip in between.
 */
export async function transferLot(
  db: D1Database,
  orgId: string,
  lotId: string,
  move: { godownCode: string; grams: number; notes: string | null; actor: string },
  nowMs: number,
): Promise<TransferLotOutcome> {
  const from = await findLot(db, orgId, lotId);
  if (!from) return { kind: "lot_not_found" };
  if (from.godownCode === move.godownCode) return { kind: "same_godown" };
  const outId = newId("mov", nowMs);
  const inId = newId("mov", nowMs);
  // The statements after the first half run only when it took the kg: its movement row exists.
  const moved = (param: string) => `EXISTS (SELECT 1 FROM stock_movements WHERE id = ${param})`;
  const targetGodown = "(SELECT id FROM godowns WHERE org_id = ?1 AND code = ?3)";
  const istDay = (column: string) => `((${column} + ${IST_OFFSET_MS}) / 86400000)`;
  // For the lot being moved (the outer `lots` row): that godown holds its number and SKU from another receipt.
  const anotherReceipt = `EXISTS (SELECT 1 FROM lots t WHERE t.org_id = lots.org_id AND t.godown_id = ${targetGodown} AND t.sku_id = lots.sku_id
       AND t.lot_number = lots.lot_number AND (t.supplier_id IS NOT lots.supplier_id OR t.cost_paise_per_kg <> lots.cost_paise_per_kg
       OR ${istDay("t.received_at")} <> ${istDay("lots.received_at")}))`;
  // ...or its lot there would hold more than a lot may (BOUNDS.gramsOnHandPerLot) once the kg arrive.
  const overfull = `EXISTS (SELECT 1 FROM lots t WHERE t.org_id = lots.org_id AND t.godown_id = ${targetGodown} AND t.sku_id = lots.sku_id
       AND t.lot_number = lots.lot_number AND t.grams_remaining + ?4 > ${BOUNDS.gramsOnHandPerLot.max})`;
  await db.batch([
    db
      .prepare(
        `UPDATE lots SET grams_remaining = grams_remaining - ?4, grams_transferred_out = grams_transferred_out + ?4
          WHERE org_id = ?1 AND id = ?2 AND grams_remaining >= ?4 AND NOT ${anotherReceipt} AND NOT ${overfull}`,
      )
      .bind(orgId, lotId, move.godownCode, move.grams),
    db
      .prepare(
        `INSERT INTO stock_movements (id, org_id, lot_id, kind, grams_delta, reason, notes, counterpart_lot_id, actor, created_at)
         SELECT ?1, ?2, ?3, 'transfer_out', -?4, 'transfer', ?5, NULL, ?6, ?7 WHERE changes() = 1`,
      )
      .bind(outId, orgId, lotId, move.grams, move.notes, move.actor, nowMs),
    // The godown is created only by a transfer that took place: a refused one leaves nothing behind.
    db
      .prepare(`INSERT OR IGNORE INTO godowns (id, org_id, code, name, city, created_at) SELECT ?1, ?2, ?3, ?3, NULL, ?4 WHERE ${moved("?5")}`)
      .bind(newId("gdn", nowMs), orgId, move.godownCode, nowMs, outId),
    db
      .prepare(
        `INSERT INTO lots (id, org_id, lot_number, sku_id, godown_id, supplier_id, grams_received, grams_transferred_in, grams_remaining,
                           cost_paise_per_kg, received_at, created_at)
         SELECT ?4, s.org_id, s.lot_number, s.sku_id, ${targetGodown}, s.supplier_id, 0, ?5, ?5, s.cost_paise_per_kg, s.received_at, ?6
           FROM lots s WHERE s.org_id = ?1 AND s.id = ?2 AND ${moved("?7")}
         ON CONFLICT (org_id, godown_id, sku_id, lot_number)
         DO UPDATE SET grams_transferred_in = grams_transferred_in + excluded.grams_transferred_in,
                       grams_remaining = grams_remaining + excluded.grams_remaining`,
      )
      .bind(orgId, lotId, move.godownCode, newId("lot", nowMs), move.grams, nowMs, outId),
    db
      .prepare(
        `INSERT INTO stock_movements (id, org_id, lot_id, kind, grams_delta, reason, notes, counterpart_lot_id, actor, created_at)
         SELECT ?8, ?1, t.id, 'transfer_in', ?4, 'transfer', ?5, ?2, ?6, ?7
           FROM lots t JOIN lots s ON s.org_id = t.org_id AND s.id = ?2
          WHERE t.org_id = ?1 AND t.godown_id = ${targetGodown} AND t.sku_id = s.sku_id AND t.lot_number = s.lot_number AND ${moved("?9")}`,
      )
      .bind(orgId, lotId, move.godownCode, move.grams, move.notes, move.actor, nowMs, inId, outId),
    db.prepare("UPDATE stock_movements SET counterpart_lot_id = (SELECT lot_id FROM stock_movements WHERE id = ?2) WHERE id = ?1").bind(outId, inId),
    db
      .prepare(
        `INSERT INTO audit_log (id, org_id, action, key_id, actor, reason, at)
         SELECT ?1, ?2, 'stock.transferred', NULL, ?3, ?4, ?5 WHERE ${moved("?6")}`,
      )
      .bind(newId("aud", nowMs), orgId, move.actor, `${lotId}: ${formatGrams(move.grams)} kg to ${move.godownCode}`, nowMs, outId),
  ]);
  const out = await db.prepare("SELECT counterpart_lot_id AS toLotId FROM stock_movements WHERE id = ?").bind(outId).first<{ toLotId: string }>();
  if (!out) {
    const clash = await db
      .prepare(`SELECT 1 AS clash FROM lots WHERE org_id = ?1 AND id = ?2 AND ${anotherReceipt}`)
      .bind(orgId, lotId, move.godownCode)
      .first<{ clash: number }>();
    if (clash) return { kind: "another_receipt_in_godown" };
    const full = await db
      .prepare(`SELECT 1 AS full FROM lots WHERE org_id = ?1 AND id = ?2 AND ${overfull}`)
      .bind(orgId, lotId, move.godownCode, move.grams)
      .first<{ full: number }>();
    if (full) return { kind: "lot_full_in_godown" };
    return { kind: "insufficient_stock", gramsRemaining: (await findLot(db, orgId, lotId))?.gramsRemaining ?? 0 };
  }
  return { kind: "transferred", from: (await findLot(db, orgId, lotId))!, to: (await findLot(db, orgId, out.toLotId))! };
}
