import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { listInventory } from "../../../src/inventory/stock/queries";
import { InventoryPageSchema } from "../../../src/inventory/stock/schemas";
import { plansOf } from "../../query-plan";
import { api, createKey, expectError, expectStatus } from "../helpers";
import { customer, lot, orgWithKey, sale } from "../stock-fixtures";

type Page = ReturnType<typeof InventoryPageSchema.parse>;

async function inventory(key: string, query = "", headers: Record<string, string> = {}): Promise<Page> {
  return InventoryPageSchema.parse(await expectStatus(await api(`/api/v1/inventory${query}`, key, { headers }), 200));
}

describe("GET /api/v1/inventory", () => {
  let orgId: string;
  let key: string;
  const lots: Array<{ id: string; godown: string; yarnType: string; receivedAt: string }> = [];
  let soldOutId: string;
  const received: unknown[] = [];

  beforeAll(async () => {
    ({ orgId, key } = await orgWithKey());
    const specs = [
      { sku: "CTN-CMB-30S1-RW", yarn_type: "cotton_combed", godown_code: "TPR-1", received_at: "2026-10-01T04:30:00Z" },
      { sku: "CTN-CMB-40S1-RW", yarn_type: "cotton_combed", godown_code: "TPR-2", received_at: "2026-10-03T04:30:00Z" },
      { sku: "PES-SPN-30S1-RW", yarn_type: "polyester_spun", godown_code: "TPR-1", received_at: "2026-10-02T04:30:00Z" },
      { sku: "PC-CRD-30S1-RW-6535", yarn_type: "pc_blend", godown_code: "SRT-1", received_at: "2026-10-05T04:30:00Z" },
      // Same instant as the next one: id (creation order) breaks the tie, so paging is stable.
      { sku: "VIS-SPN-30S1-RW", yarn_type: "viscose_spun", godown_code: "SRT-1", received_at: "2026-10-04T04:30:00Z" },
      { sku: "CTN-CMB-30S1-RW", yarn_type: "cotton_combed", godown_code: "SRT-1", received_at: "2026-10-04T04:30:00Z" },
      { sku: "PES-FDY-50D48F-SD", yarn_type: "polyester_fdy", godown_code: "TPR-1", received_at: "2026-09-28T04:30:00Z" },
    ];
    for (const spec of specs) {
      const created = await lot(orgId, { ...spec, kg: "250.5" });
      received.push(created);
      lots.push({ id: created.id, godown: spec.godown_code, yarnType: spec.yarn_type, receivedAt: spec.received_at });
    }
    const soldOut = await lot(orgId, { godown_code: "TPR-1", kg: "40", received_at: "2026-10-06T04:30:00Z" });
    soldOutId = soldOut.id;
    const buyer = await customer(orgId);
    await sale(orgId, buyer.id, [{ lot_id: soldOut.id, kg: "40" }]);
  });

  const expectedOrder = () =>
    [...lots].sort((a, b) => (a.receivedAt === b.receivedAt ? (a.id < b.id ? 1 : -1) : a.receivedAt < b.receivedAt ? 1 : -1)).map((l) => l.id);

  it("lists lots with kg remaining > 0, newest received first, with SKU, godown, mill and cost", async () => {
    const page = await inventory(key);
    expect(page.data.map((l) => l.id)).toEqual(expectedOrder());
    expect(page.data.map((l) => l.id)).not.toContain(soldOutId);
    expect(page).toMatchObject({ has_more: false, next_offset: null });
    const first = page.data.find((l) => l.sku === "PC-CRD-30S1-RW-6535")!;
    expect(first).toMatchObject({
      yarn_type: "pc_blend",
      count_ne: 30,
      blend: "65/35",
      composition: "65% polyester / 35% cotton",
      hsn: "550953",
      gst_rate_percent: 5,
      godown_code: "SRT-1",
      supplier_name: "Sri Ramalinga Mills",
      kg_received: "250.500",
      kg_remaining: "250.500",
      cost_per_kg: "300.00",
      stock_value: "75150.00",
      received_at: "2026-10-05T04:30:00.000Z",
    });
  });

  it("shows each lot as its receipt answered, field for field (the list reads its rows by position, the receipt by name)", async () => {
    const page = await inventory(key);
    expect(page.data).toHaveLength(received.length);
    expect(new Set(page.data)).toEqual(new Set(received));
  });

  it("filters by godown_code, by yarn_type, and by both", async () => {
    expect((await inventory(key, "?godown_code=TPR-1")).data.map((l) => l.id)).toEqual(
      expectedOrder().filter((id) => lots.find((l) => l.id === id)!.godown === "TPR-1"),
    );
    expect((await inventory(key, "?yarn_type=cotton_combed")).data.map((l) => l.id)).toEqual(
      expectedOrder().filter((id) => lots.find((l) => l.id === id)!.yarnType === "cotton_combed"),
    );
    const both = await inventory(key, "?godown_code=SRT-1&yarn_type=cotton_combed");
    expect(both.data).toHaveLength(1);
    expect(both.data[0]).toMatchObject({ godown_code: "SRT-1", yarn_type: "cotton_combed" });
    expect((await inventory(key, "?godown_code=NOWHERE")).data).toEqual([]);
    expect((await inventory(key, "?yarn_type=nylon_filament")).data).toEqual([]);
  });

  it("pages visit every lot exactly once, following next_offset until has_more is false", async () => {
    for (const limit of [1, 2, 3, 7]) {
      const seen: string[] = [];
      let offset = 0;
      for (let guard = 0; guard < 20; guard++) {
        const page = await inventory(key, `?limit=${limit}&offset=${offset}`);
        expect(page.data.length).toBeLessThanOrEqual(limit);
        seen.push(...page.data.map((l) => l.id));
        if (!page.has_more) {
          expect(page.next_offset).toBeNull();
          break;
        }
        expect(page.next_offset).toBe(offset + limit);
        offset = page.next_offset!;
      }
      expect(seen).toEqual(expectedOrder());
    }
  });

  it("accepts the bounds: limit 1 and 1000, offset 0 and 100000", async () => {
    expect((await inventory(key, "?limit=1")).data).toHaveLength(1);
    expect((await inventory(key, "?limit=1000")).data).toHaveLength(lots.length);
    expect((await inventory(key, "?offset=0")).data).toHaveLength(lots.length);
    expect(await inventory(key, "?offset=100000")).toEqual({ data: [], has_more: false, next_offset: null, next_cursor: null });
  });

  describe.each([
    ["limit=0", "limit"],
    ["limit=1001", "limit"],
    ["limit=-5", "limit"],
    ["limit=abc", "limit"],
    ["limit=2.5", "limit"],
    ["offset=-1", "offset"],
    ["offset=100001", "offset"],
    ["offset=x", "offset"],
    ["yarn_type=silk", "yarn_type"],
    ["godown_code=", "godown_code"],
    ["colour=red", "colour"],
  ])("?%s", (query, field) => {
    it(`is 400 bad_request naming ${field}`, async () => {
      const message = await expectError(await api(`/api/v1/inventory?${query}`, key), 400, "bad_request");
      expect(message).toContain(field);
    });
  });

  it("returns a D1 bookmark and accepts it back; a malformed bookmark is 400", async () => {
    const response = await api("/api/v1/inventory?limit=1", key);
    await expectStatus(response, 200);
    const bookmark = response.headers.get("X-D1-Bookmark");
    expect(bookmark).toMatch(/^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/);
    expect((await inventory(key, "?limit=1", { "X-D1-Bookmark": bookmark! })).data).toHaveLength(1);
    await expectError(await api("/api/v1/inventory", key, { headers: { "X-D1-Bookmark": "'; DROP TABLE lots" } }), 400, "bad_request");
  });

  it("shows the GST rate in force today for the lot's HSN, not the one its SKU was set up with", async () => {
    const own = await orgWithKey();
    const polyester = await lot(own.orgId, { sku: "PES-SPN-30S1-RW", yarn_type: "polyester_spun" });
    // A polyester spun SKU (HSN 5509) set up before 22 September 2025 recorded 12 % (Notification 1/2017-Central
    // Tax (Rate)); man-made-fibre yarn is 5 % from that day (Notification 9/2025-Central Tax (Rate)).
    await env.DB.prepare("UPDATE skus SET gst_rate_bps = 1200 WHERE org_id = ? AND sku = 'PES-SPN-30S1-RW'").bind(own.orgId).run();
    const page = await inventory(own.key);
    expect(page.data.find((l) => l.id === polyester.id)).toMatchObject({ hsn: "550921", gst_rate_percent: 5 });
  });

  it("needs a key with inventory:read, and shows only the key's organisation", async () => {
    await expectError(await api("/api/v1/inventory", null), 401, "missing_token");
    await expectError(await api("/api/v1/inventory", "inv_nope_nope"), 401, "missing_token");
    const salesOnly = await createKey(orgId, { scopes: ["sales:read"] });
    await expectError(await api("/api/v1/inventory", salesOnly.key), 403, "missing_scope");
    const scoped = await createKey(orgId, { scopes: ["inventory:read"] });
    expect((await inventory(scoped.key)).data).toHaveLength(lots.length);

    const other = await orgWithKey();
    await lot(other.orgId, { godown_code: "TPR-1" });
    const theirs = await inventory(other.key);
    expect(theirs.data).toHaveLength(1);
    expect(theirs.data.map((l) => l.id)).not.toContain(lots[0]!.id);
    expect((await inventory(key)).data.map((l) => l.id)).not.toContain(theirs.data[0]!.id);
  });
});

describe("the figures of a page of lots", () => {
  // Each lot's kg sold and returned are totals on its row, kept by the sales, cancellations and returns that change
  // them: a page costs its lots, never a walk of their sales or credit notes.
  it("are read from the lots' rows, touching no sale line or credit note", async () => {
    const { orgId } = await orgWithKey();
    const [plan] = await plansOf((db) => listInventory(db, orgId, { limit: 200, offset: 0 }));
    expect(plan).toContain("SEARCH l USING INDEX lots_in_stock_received");
    expect(plan).not.toMatch(/sale_items|credit_note|\b(SCAN|SEARCH) (i|r|v)\b/);
  });
});
