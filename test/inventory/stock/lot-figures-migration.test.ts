// Migration 0027 turns the lots the service kept before it into the new figures. Before it a transfer added its
// kg to the receiving lot's kg received (so kg sent back where they came from swelled that lot's receipt, and a lot
// created by a transfer had received only transfers), and no lot kept its transfers or adjustments. The test
// writes the movements through the API, puts the lots table back into its old shape with the old figures, runs
// the migration's statements on it, and reads the lots back. Figures are worked by hand.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { InventoryPageSchema } from "../../../src/inventory/stock/schemas";
import { admin, api, expectStatus } from "../helpers";
import { customer, lot, orgWithKey, sale } from "../stock-fixtures";

/** The lots table as migrations up to 0026 left it. */
const OLD_LOTS = `CREATE TABLE old_lots (
  id text PRIMARY KEY NOT NULL, org_id text NOT NULL, lot_number text NOT NULL, sku_id text NOT NULL, godown_id text NOT NULL,
  supplier_id text, grams_received integer NOT NULL, grams_remaining integer NOT NULL, cost_paise_per_kg integer NOT NULL,
  received_at integer NOT NULL, created_at integer NOT NULL,
  FOREIGN KEY (org_id) REFERENCES organisations(id),
  FOREIGN KEY (org_id, sku_id) REFERENCES skus(org_id, id),
  FOREIGN KEY (org_id, godown_id) REFERENCES godowns(org_id, id),
  FOREIGN KEY (org_id, supplier_id) REFERENCES suppliers(org_id, id),
  CONSTRAINT lots_grams_remaining CHECK (grams_remaining >= 0 AND grams_remaining <= grams_received),
  CONSTRAINT lots_grams_received CHECK (grams_received > 0),
  CONSTRAINT lots_cost CHECK (cost_paise_per_kg >= 0)
)`;

/**
 * Puts the lots back as the old service kept them: a lot's transfers in were part of its kg received. The sales go
 * back to their shape before 0029 (no lines kept as JSON, no trigger keeping them) and 0030 (no mark of a cancellation
 * after GST's time limit), which later migrations add.
 */
async function asBeforeTheMigration(): Promise<void> {
  await env.DB.batch([
    env.DB.prepare("DROP TRIGGER sale_items_json"),
    env.DB.prepare("ALTER TABLE sales DROP COLUMN items_json"),
    env.DB.prepare("ALTER TABLE sales DROP COLUMN cancelled_after_gst_time_limit"),
    env.DB.prepare("PRAGMA defer_foreign_keys = on"),
    env.DB.prepare(OLD_LOTS),
    env.DB.prepare(
      `INSERT INTO old_lots SELECT id, org_id, lot_number, sku_id, godown_id, supplier_id, grams_received + grams_transferred_in, grams_remaining,
         cost_paise_per_kg, received_at, created_at FROM lots`,
    ),
    env.DB.prepare("DROP TABLE lots"),
    env.DB.prepare("ALTER TABLE old_lots RENAME TO lots"),
    env.DB.prepare("PRAGMA defer_foreign_keys = off"),
  ]);
}

/** Runs migration 0027 and every one after it, as a database that stopped at 0026 would be brought up to date. */
async function migrate(): Promise<void> {
  const pending = env.TEST_MIGRATIONS.filter((m) => m.name >= "0027_");
  await env.DB.batch(pending.flatMap((m) => m.queries).map((query) => env.DB.prepare(query)));
}

describe("migration 0027: a lot's kg received and its movement totals", () => {
  it("takes a lot's transfers in out of its kg received and keeps each total from the lot's stock movements", async () => {
    const { orgId, key } = await orgWithKey();
    const transfer = (lotId: string, godown: string, kg: string) =>
      admin("POST", `/admin/api/orgs/${orgId}/lots/${lotId}/transfers`, { godown_code: godown, kg });
    // L1: 100 kg received in TPR-1, 20 kg sold, 40 kg to ERD-1 and back, 1.5 kg damaged.
    const l1 = await lot(orgId, { kg: "100", godown_code: "TPR-1", lot_number: "L1" });
    await sale(orgId, (await customer(orgId)).id, [{ lot_id: l1.id, kg: "20" }]);
    const away = await expectStatus(await transfer(l1.id, "ERD-1", "40"), 201);
    await expectStatus(await transfer(away.data.to.id, "TPR-1", "40"), 201);
    await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/lots/${l1.id}/adjustments`, { reason: "damage", kg: "1.5" }), 201);
    // L2: 100 kg in TPR-1 and 50 kg in ERD-1 from the same mill, cost and day; 30 kg moved to ERD-1, 10 kg from
    // there on to SLM-1, where a count finds 9 kg (1 kg short).
    const same = { lot_number: "L2", received_at: "2026-11-02T09:00:00+05:30" };
    const l2 = await lot(orgId, { ...same, kg: "100", godown_code: "TPR-1" });
    const l2There = await lot(orgId, { ...same, kg: "50", godown_code: "ERD-1" });
    await expectStatus(await transfer(l2.id, "ERD-1", "30"), 201);
    const onward = await expectStatus(await transfer(l2There.id, "SLM-1", "10"), 201);
    await expectStatus(
      await admin("POST", `/admin/api/orgs/${orgId}/lots/${onward.data.to.id}/adjustments`, { reason: "count_correction", kg_counted: "9" }),
      201,
    );

    await asBeforeTheMigration();
    const old = await env.DB.prepare("SELECT id, grams_received AS received, grams_remaining AS remaining FROM lots WHERE org_id = ?")
      .bind(orgId)
      .all();
    // What the old service showed: L1 100 + 40 back = 140 kg received; its ERD-1 lot 40; L2 in ERD-1 50 + 30 = 80.
    expect(Object.fromEntries(old.results.map((r) => [r.id, [r.received, r.remaining]]))).toEqual({
      [l1.id]: [140_000, 78_500],
      [away.data.to.id]: [40_000, 0],
      [l2.id]: [100_000, 70_000],
      [l2There.id]: [80_000, 70_000],
      [onward.data.to.id]: [10_000, 9_000],
    });

    await migrate();
    const lots = await env.DB.prepare(
      `SELECT id, grams_received AS received, grams_transferred_in AS "in", grams_transferred_out AS out, grams_adjusted AS adjusted,
              grams_remaining AS remaining FROM lots WHERE org_id = ?`,
    )
      .bind(orgId)
      .all();
    expect(Object.fromEntries(lots.results.map(({ id, ...figures }) => [id, figures]))).toEqual({
      // 100 + 40 − 40 − 20 sold − 1.5 = 78.5
      [l1.id]: { received: 100_000, in: 40_000, out: 40_000, adjusted: -1_500, remaining: 78_500 },
      // 0 + 40 − 40 = 0
      [away.data.to.id]: { received: 0, in: 40_000, out: 40_000, adjusted: 0, remaining: 0 },
      // 100 − 30 = 70
      [l2.id]: { received: 100_000, in: 0, out: 30_000, adjusted: 0, remaining: 70_000 },
      // 50 + 30 − 10 = 70
      [l2There.id]: { received: 50_000, in: 30_000, out: 10_000, adjusted: 0, remaining: 70_000 },
      // 0 + 10 − 1 = 9
      [onward.data.to.id]: { received: 0, in: 10_000, out: 0, adjusted: -1_000, remaining: 9_000 },
    });

    // The API reads the migrated lots, and the service goes on writing them: the list shows L1 as worked above.
    const page = InventoryPageSchema.parse(await expectStatus(await api("/api/v1/inventory?godown_code=TPR-1", key), 200));
    expect(page.data.find((l) => l.id === l1.id)).toMatchObject({
      kg_received: "100.000",
      kg_transferred_in: "40.000",
      kg_transferred_out: "40.000",
      kg_sold: "20.000",
      kg_returned: "0.000",
      kg_adjusted: "-1.500",
      kg_remaining: "78.500",
    });
    await expectStatus(await transfer(l1.id, "ERD-1", "8.5"), 201);
    const after = await env.DB.prepare(
      'SELECT grams_received AS received, grams_transferred_in AS "in", grams_remaining AS remaining FROM lots WHERE id = ?',
    )
      .bind(away.data.to.id)
      .first();
    expect(after).toEqual({ received: 0, in: 48_500, remaining: 8_500 });
  });
});
