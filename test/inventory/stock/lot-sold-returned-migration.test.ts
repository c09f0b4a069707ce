// Migration 0028 gives each lot its kg sold and returned as totals on its row. The test writes sales, a cancelled
// sale and a return through the API, drops the two columns (the lots table as it was before), runs the migration
// and reads the totals and the inventory list back. Figures are worked by hand.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { InventoryPageSchema } from "../../../src/inventory/stock/schemas";
import { admin, api, expectStatus } from "../helpers";
import { customer, lot, orgWithKey, post, sale } from "../stock-fixtures";

describe("migration 0028: a lot's kg sold and returned", () => {
  it("sums each lot's sales not cancelled and its returns, and the list and later writes go on from those totals", async () => {
    const { orgId, key } = await orgWithKey();
    const buyer = await customer(orgId);
    const l1 = await lot(orgId, { kg: "100", lot_number: "S1" });
    const l2 = await lot(orgId, { kg: "50", lot_number: "S2" });
    // L1: 20 kg and 15 kg sold, 5 kg of the 20 returned; a 10 kg sale cancelled. L2: 12 kg on the 15 kg invoice.
    const first = await sale(orgId, buyer.id, [{ lot_id: l1.id, kg: "20" }]);
    await expectStatus(await admin("POST", `/admin/api/sales/${first.id}/dispatch`), 200);
    await sale(orgId, buyer.id, [
      { lot_id: l1.id, kg: "15" },
      { lot_id: l2.id, kg: "12" },
    ]);
    const cancelled = await sale(orgId, buyer.id, [{ lot_id: l1.id, kg: "10" }]);
    await expectStatus(await admin("POST", `/admin/api/sales/${cancelled.id}/cancel`), 200);
    await post(`/admin/api/sales/${first.id}/returns`, { items: [{ lot_id: l1.id, kg: "5" }] });

    await env.DB.batch([env.DB.prepare("ALTER TABLE lots DROP COLUMN grams_sold"), env.DB.prepare("ALTER TABLE lots DROP COLUMN grams_returned")]);
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0028_"));
    await env.DB.batch(migration!.queries.map((query) => env.DB.prepare(query)));

    const lots = await env.DB.prepare(
      "SELECT id, grams_sold AS sold, grams_returned AS returned, grams_remaining AS remaining FROM lots WHERE org_id = ?",
    )
      .bind(orgId)
      .all();
    expect(Object.fromEntries(lots.results.map(({ id, ...figures }) => [id, figures]))).toEqual({
      // 100 − (20 + 15) + 5 = 70; the cancelled 10 kg are neither sold nor off the lot.
      [l1.id]: { sold: 35_000, returned: 5_000, remaining: 70_000 },
      // 50 − 12 = 38
      [l2.id]: { sold: 12_000, returned: 0, remaining: 38_000 },
    });

    // Run again over totals gone wrong (as after a sale recorded by an older version), the UPDATEs put them right.
    await env.DB.prepare("UPDATE lots SET grams_sold = 1, grams_returned = 1 WHERE org_id = ?").bind(orgId).run();
    const updates = migration!.queries.filter((query) => /^(--[^\n]*\n)*UPDATE/.test(query.trim()));
    expect(updates).toHaveLength(3);
    await env.DB.batch(updates.map((query) => env.DB.prepare(query)));
    const again = await env.DB.prepare("SELECT id, grams_sold AS sold, grams_returned AS returned FROM lots WHERE org_id = ?").bind(orgId).all();
    expect(Object.fromEntries(again.results.map(({ id, ...figures }) => [id, figures]))).toEqual({
      [l1.id]: { sold: 35_000, returned: 5_000 },
      [l2.id]: { sold: 12_000, returned: 0 },
    });

    // A sale after the migration adds to the migrated total: 35 + 4 = 39 kg sold, 70 − 4 = 66 kg remaining.
    await sale(orgId, buyer.id, [{ lot_id: l1.id, kg: "4" }]);
    const page = InventoryPageSchema.parse(await expectStatus(await api("/api/v1/inventory", key), 200));
    expect(page.data.find((l) => l.id === l1.id)).toMatchObject({
      kg_received: "100.000",
      kg_sold: "39.000",
      kg_returned: "5.000",
      kg_remaining: "66.000",
    });
  });
});
