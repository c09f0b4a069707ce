// Migration 0029 keeps each sale's lines on the sale as the JSON the sales list answers with, and a trigger keeps
// them from then on. The test books sales through the API, puts the sales table back as 0028 left it (no column, no
// trigger), runs the migration and reads the list back: the same lines, in the order written, with the amounts
// worked by hand, and the same as the single sale (whose lines are read from the line rows themselves).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SaleSchema, SalesPageSchema } from "../../../src/inventory/sales/schemas";
import { api, expectStatus } from "../helpers";
import { customer, lot, orgWithKey, sale } from "../stock-fixtures";

type Sale = ReturnType<typeof SaleSchema.parse>;

async function listed(key: string): Promise<Sale[]> {
  return SalesPageSchema.parse(await expectStatus(await api("/api/v1/sales?limit=1000", key), 200)).data;
}

async function byId(key: string, id: string): Promise<Sale> {
  return SaleSchema.parse((await expectStatus<{ data: unknown }>(await api(`/api/v1/sales/${id}`, key), 200)).data);
}

describe("migration 0029: a sale's lines kept on the sale", () => {
  it("writes every sale's lines as listed before, and the trigger it creates keeps later sales' lines", async () => {
    const { orgId, key } = await orgWithKey();
    const buyer = await customer(orgId);
    const first = await lot(orgId, { kg: "100", lot_number: "M1" });
    const second = await lot(orgId, { kg: "100", lot_number: "M2" });
    // Sold within the seller's state: CGST and SGST at 2.5 % each, each rounded to the paisa.
    // 12.345 kg × 320.00 = 3,950.40, 2 × 98.76 = 197.52; 2 kg × 333.33 = 666.66, 2 × (16.6665 → 16.67) = 33.34.
    const two = await sale(orgId, buyer.id, [
      { lot_id: second.id, kg: "12.345" },
      { lot_id: first.id, kg: "2", rate_per_kg: "333.33" },
    ]);
    const one = await sale(orgId, buyer.id, [{ lot_id: first.id, kg: "0.5" }]); // 0.5 × 320.00 = 160.00, GST 8.00
    const before = await listed(key);

    await env.DB.batch([env.DB.prepare("DROP TRIGGER sale_items_json"), env.DB.prepare("ALTER TABLE sales DROP COLUMN items_json")]);
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0029_"));
    await env.DB.batch(migration!.queries.map((query) => env.DB.prepare(query)));

    const after = await listed(key);
    expect(after).toEqual(before);
    const lines = (s: Sale | undefined) => s?.items.map((i) => [i.lot_number, i.kg, i.rate_per_kg, i.amount, i.gst_rate_percent, i.gst_amount]);
    expect(lines(after.find((s) => s.id === two.id))).toEqual([
      ["M2", "12.345", "320.00", "3950.40", 5, "197.52"],
      ["M1", "2.000", "333.33", "666.66", 5, "33.34"],
    ]);
    expect(lines(after.find((s) => s.id === one.id))).toEqual([["M1", "0.500", "320.00", "160.00", 5, "8.00"]]);
    for (const s of after) expect(s.items).toEqual((await byId(key, s.id)).items);

    // A sale booked after the migration is listed with its lines: the trigger is back.
    const later = await sale(orgId, buyer.id, [
      { lot_id: first.id, kg: "1" },
      { lot_id: second.id, kg: "3" },
    ]);
    const laterListed = (await listed(key)).find((s) => s.id === later.id);
    expect(lines(laterListed)).toEqual([
      ["M1", "1.000", "320.00", "320.00", 5, "16.00"],
      ["M2", "3.000", "320.00", "960.00", 5, "48.00"],
    ]);
    expect(laterListed?.items).toEqual((await byId(key, later.id)).items);
  });
});
