// Stock that changes other than by a sale: damage and count corrections, and transfers between godowns. A lot's
// kg remaining always equals what the mill delivered into it, plus its transfers in, less its transfers out and its
// sales (not cancelled), plus its returns and adjustments; the lot shows each figure.
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { adjustLot } from "../../../src/inventory/stock/queries";
import { InventoryPageSchema, LotSchema } from "../../../src/inventory/stock/schemas";
import { installReceivers, receiver, respond } from "../../webhook-receiver";
import { admin, api, expectError, expectStatus } from "../helpers";
import { countedUpBeforeTheRule, customer, lot, orgWithKey, sale } from "../stock-fixtures";
import { racedWrites } from "../../d1-race";

installReceivers();

const adjust = (orgId: string, lotId: string, body: unknown) => admin("POST", `/admin/api/orgs/${orgId}/lots/${lotId}/adjustments`, body);
const transfer = (orgId: string, lotId: string, body: unknown) => admin("POST", `/admin/api/orgs/${orgId}/lots/${lotId}/transfers`, body);

/**
 * Lots whose kg remaining is not received − sold (not cancelled) + returned + movements, or whose transfer,
 * adjustment, sold and returned totals are not the sums of their movements, sale lines and returned lines.
 */
async function drift(orgId: string): Promise<number> {
  const movements = (kind: string) => `(SELECT COALESCE(SUM(m.grams_delta), 0) FROM stock_movements m WHERE m.lot_id = l.id AND m.kind = '${kind}')`;
  const sold =
    "(SELECT COALESCE(SUM(i.grams), 0) FROM sale_items i JOIN sales s ON s.id = i.sale_id WHERE i.lot_id = l.id AND s.status <> 'cancelled')";
  const returned = "(SELECT COALESCE(SUM(r.grams), 0) FROM credit_note_items r WHERE r.lot_id = l.id)";
  const row = await env.DB.prepare(
    `SELECT COUNT(*) AS n FROM lots l WHERE l.org_id = ?1 AND (l.grams_remaining <> l.grams_received - ${sold} + ${returned}
       + (SELECT COALESCE(SUM(m.grams_delta), 0) FROM stock_movements m WHERE m.lot_id = l.id)
       OR l.grams_transferred_in <> ${movements("transfer_in")} OR l.grams_transferred_out <> -${movements("transfer_out")}
       OR l.grams_adjusted <> ${movements("adjustment")} OR l.grams_sold <> ${sold} OR l.grams_returned <> ${returned})`,
  )
    .bind(orgId)
    .first<{ n: number }>();
  return row!.n;
}

/** A lot's figures, the terms of kg remaining = received + transferred in − transferred out − sold + returned + adjusted. */
const figures = (lot: unknown) => {
  const l = LotSchema.parse(lot);
  return {
    received: l.kg_received,
    in: l.kg_transferred_in,
    out: l.kg_transferred_out,
    sold: l.kg_sold,
    returned: l.kg_returned,
    adjusted: l.kg_adjusted,
    remaining: l.kg_remaining,
  };
};

describe("stock adjustments", () => {
  it("damage takes kg off; a count sets the kg remaining; each is a movement with its actor, and audited", async () => {
    const { orgId } = await orgWithKey();
    const stock = await lot(orgId, { kg: "100" });
    const damaged = await expectStatus(await adjust(orgId, stock.id, { reason: "damage", kg: "12.5", notes: "Bags wet in the rain" }), 201);
    expect(damaged.data.movement).toMatchObject({
      kind: "adjustment",
      kg_change: "-12.500",
      reason: "damage",
      notes: "Bags wet in the rain",
      actor: "operator",
    });
    expect(LotSchema.parse(damaged.data.lot).kg_remaining).toBe("87.500");

    // 87.5 kg on the books, 90 kg counted: +2.5 kg.
    const counted = await expectStatus(await adjust(orgId, stock.id, { reason: "count_correction", kg_counted: "90" }), 201);
    expect(counted.data.movement).toMatchObject({ kg_change: "2.500", reason: "count_correction" });
    expect(counted.data.lot.kg_remaining).toBe("90.000");
    const audit = await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/audit`), 200);
    expect(audit.data.slice(0, 2).map((a: { action: string; reason: string }) => [a.action, a.reason])).toEqual([
      ["stock.adjusted", `${stock.id}: count_correction 2.500 kg`],
      ["stock.adjusted", `${stock.id}: damage -12.500 kg`],
    ]);
    expect(await drift(orgId)).toBe(0);
  });

  // 100 kg received, 10 kg damaged: 90 kg left; before adjustments the lot would hold 100 kg.
  it.each([
    [{ reason: "damage", kg: "90.001" }, "outside 0 to 100.000 kg, what its receipt, transfers, sales and returns leave it (it holds 90.000 kg)"],
    [{ reason: "count_correction", kg_counted: "100.001" }, "outside 0 to 100.000 kg"],
    [{ reason: "count_correction", kg_counted: "90" }, "nothing to correct"],
  ])("refuses %j with 409, changing nothing", async (body, message) => {
    const { orgId } = await orgWithKey();
    const stock = await lot(orgId, { kg: "100" });
    await expectStatus(await adjust(orgId, stock.id, { reason: "damage", kg: "10" }), 201);
    expect(await expectError(await adjust(orgId, stock.id, body), 409, "conflict")).toContain(message);
    const { n } = (await env.DB.prepare("SELECT COUNT(*) AS n FROM stock_movements WHERE lot_id = ?").bind(stock.id).first<{ n: number }>())!;
    expect(n).toBe(1);
  });

  it("a count never brings back the kg transferred to another godown: they are counted there", async () => {
    const { orgId } = await orgWithKey();
    const stock = await lot(orgId, { kg: "100" });
    await expectStatus(await transfer(orgId, stock.id, { godown_code: "ERD-1", kg: "40" }), 201);
    // 100 kg received, 40 kg sent to ERD-1: this godown can hold at most 60 kg of the lot, by hand.
    expect(await expectError(await adjust(orgId, stock.id, { reason: "count_correction", kg_counted: "60.001" }), 409, "conflict")).toContain(
      "outside 0 to 60.000 kg",
    );
    await expectStatus(await adjust(orgId, stock.id, { reason: "damage", kg: "5" }), 201);
    const counted = await expectStatus(await adjust(orgId, stock.id, { reason: "count_correction", kg_counted: "60" }), 201);
    expect(LotSchema.parse(counted.data.lot).kg_remaining).toBe("60.000");
    const { total } = (await env.DB.prepare("SELECT SUM(grams_remaining) AS total FROM lots WHERE org_id = ?")
      .bind(orgId)
      .first<{ total: number }>())!;
    expect(total).toBe(100_000);
    expect(await drift(orgId)).toBe(0);
  });

  it.each([
    [{ reason: "damage", kg: "-5" }, "kg: must be > 0"],
    [{ reason: "damage", kg_counted: "5" }, "kg: is required"],
    [{ reason: "theft", kg: "5" }, 'reason: must be one of "damage", "count_correction"'],
    [{ kg: "5" }, "reason: is required"],
  ])("refuses %j with 400: %s", async (body, expected) => {
    const { orgId } = await orgWithKey();
    const stock = await lot(orgId);
    expect(await expectError(await adjust(orgId, stock.id, body), 400, "bad_request")).toBe(expected);
  });
});

describe("godown transfers", () => {
  it("moves kg into the same lot in the other godown, created on first use and added to after; sales draw on both", async () => {
    const { orgId } = await orgWithKey();
    const stock = await lot(orgId, { kg: "100", godown_code: "TPR-1" });
    const first = await expectStatus(await transfer(orgId, stock.id, { godown_code: "ERD-1", kg: "30" }), 201);
    expect(first.data.from).toMatchObject({ id: stock.id, godown_code: "TPR-1", kg_remaining: "70.000", kg_received: "100.000" });
    expect(first.data.to).toMatchObject({ godown_code: "ERD-1", lot_number: first.data.from.lot_number });
    // The mill delivered nothing into ERD-1: the 30 kg are a transfer in there, and a transfer out here.
    expect(figures(first.data.to)).toEqual({
      received: "0.000",
      in: "30.000",
      out: "0.000",
      sold: "0.000",
      returned: "0.000",
      adjusted: "0.000",
      remaining: "30.000",
    });
    expect(figures(first.data.from)).toEqual({
      received: "100.000",
      in: "0.000",
      out: "30.000",
      sold: "0.000",
      returned: "0.000",
      adjusted: "0.000",
      remaining: "70.000",
    });
    const second = await expectStatus(await transfer(orgId, stock.id, { godown_code: "ERD-1", kg: "10" }), 201);
    expect(second.data.to).toMatchObject({ id: first.data.to.id, kg_remaining: "40.000" });

    const buyer = await customer(orgId);
    await sale(orgId, buyer.id, [{ lot_id: first.data.to.id, kg: "15" }]);
    const movements = await env.DB.prepare(
      "SELECT lot_id AS lotId, kind, grams_delta AS delta, counterpart_lot_id AS other FROM stock_movements WHERE org_id = ? ORDER BY rowid",
    )
      .bind(orgId)
      .all();
    expect(movements.results).toEqual([
      { lotId: stock.id, kind: "transfer_out", delta: -30_000, other: first.data.to.id },
      { lotId: first.data.to.id, kind: "transfer_in", delta: 30_000, other: stock.id },
      { lotId: stock.id, kind: "transfer_out", delta: -10_000, other: first.data.to.id },
      { lotId: first.data.to.id, kind: "transfer_in", delta: 10_000, other: stock.id },
    ]);
    expect(await drift(orgId)).toBe(0);
  });

  it.each([
    ["another mill", { supplier_name: "Sri Kumaran Mills" }],
    ["another cost", { cost_per_kg: "250.00" }],
    ["another receipt date", { received_at: "2025-06-01T10:00:00+05:30" }],
  ])("never adds the kg to that lot number of the SKU already in the other godown with %s: 409, nothing moved", async (_, differs) => {
    const { orgId } = await orgWithKey();
    const same = { lot_number: "SKSM-2611-0457", cost_per_kg: "300.00", supplier_name: "Sri Ramalinga Mills" };
    const stock = await lot(orgId, { ...same, kg: "100", godown_code: "TPR-1" });
    const there = await lot(orgId, { ...same, ...differs, kg: "50", godown_code: "ERD-1" });
    // Joining that lot, the 30 kg would take its cost and receipt date: the godowns hold
    // 100 kg × ₹300.00 + 50 kg × its cost before the transfer, and must still afterwards.
    expect(await expectError(await transfer(orgId, stock.id, { godown_code: "ERD-1", kg: "30" }), 409, "conflict")).toContain("another receipt");
    const lots = await env.DB.prepare("SELECT id, grams_received AS received, grams_remaining AS remaining FROM lots WHERE org_id = ? ORDER BY id")
      .bind(orgId)
      .all();
    expect(lots.results).toEqual(
      [
        { id: stock.id, received: 100_000, remaining: 100_000 },
        { id: there.id, received: 50_000, remaining: 50_000 },
      ].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
    const { n } = (await env.DB.prepare("SELECT COUNT(*) AS n FROM stock_movements WHERE org_id = ?").bind(orgId).first<{ n: number }>())!;
    expect(n).toBe(0);
  });

  it("adds to the same lot number received in the other godown from the same mill, at the same cost, on the same day", async () => {
    const { orgId } = await orgWithKey();
    const same = { lot_number: "SKSM-2611-0458", cost_per_kg: "300.00", supplier_name: "Sri Ramalinga Mills" };
    const stock = await lot(orgId, { ...same, kg: "100", godown_code: "TPR-1", received_at: "2025-06-01T09:00:00+05:30" });
    const there = await lot(orgId, { ...same, kg: "50", godown_code: "ERD-1", received_at: "2025-06-01T17:00:00+05:30" });
    const moved = await expectStatus(await transfer(orgId, stock.id, { godown_code: "ERD-1", kg: "30" }), 201);
    // 50 kg from the mill + 30 kg from TPR-1.
    expect(moved.data.to).toMatchObject({
      id: there.id,
      kg_received: "50.000",
      kg_transferred_in: "30.000",
      kg_remaining: "80.000",
      cost_per_kg: "300.00",
    });
    expect(await drift(orgId)).toBe(0);
  });

  it("more than the lot holds is 409 insufficient_stock and moves nothing; the same godown is 400; another organisation's lot is 404", async () => {
    const { orgId } = await orgWithKey();
    const other = await orgWithKey();
    const stock = await lot(orgId, { kg: "10", godown_code: "TPR-1" });
    expect(await expectError(await transfer(orgId, stock.id, { godown_code: "ERD-1", kg: "10.001" }), 409, "insufficient_stock")).toBe(
      `Lot ${stock.id} holds 10.000 kg; nothing was moved`,
    );
    expect(await expectError(await transfer(orgId, stock.id, { godown_code: "TPR-1", kg: "1" }), 400, "bad_request")).toContain("godown_code");
    await expectError(await transfer(other.orgId, stock.id, { godown_code: "ERD-1", kg: "1" }), 404, "not_found");
    await expectError(await adjust(other.orgId, stock.id, { reason: "damage", kg: "1" }), 404, "not_found");
    const lots = await env.DB.prepare("SELECT COUNT(*) AS n, SUM(grams_remaining) AS grams FROM lots WHERE org_id = ?").bind(orgId).first();
    expect(lots).toEqual({ n: 1, grams: 10_000 });
    const { n } = (await env.DB.prepare("SELECT COUNT(*) AS n FROM stock_movements WHERE org_id IN (?, ?)")
      .bind(orgId, other.orgId)
      .first<{ n: number }>())!;
    expect(n).toBe(0);
    // Not even the godown the refused transfers named: only the lot's own exists.
    const godowns = await env.DB.prepare("SELECT code FROM godowns WHERE org_id IN (?, ?)").bind(orgId, other.orgId).all<{ code: string }>();
    expect(godowns.results.map((g) => g.code)).toEqual(["TPR-1"]);
  });

  it("never takes the lot in the other godown past 1,000,000 kg, the most a lot may hold: 409 conflict, nothing moved", async () => {
    const { orgId } = await orgWithKey();
    const receipt = { lot_number: "SKSM-2611-0900", kg: "100", supplier_name: "Sri Kannapiran Spinning Mills" };
    const source = await lot(orgId, { ...receipt, godown_code: "TPR-1" });
    const target = await lot(orgId, { ...receipt, godown_code: "ERD-1" });
    // The target as earlier transfers left it: 999,999.999 kg on hand (100 kg received, the rest sent in).
    await env.DB.prepare("UPDATE lots SET grams_transferred_in = 999900000, grams_remaining = 999999999 WHERE id = ?").bind(target.id).run();
    await expectStatus(await transfer(orgId, source.id, { godown_code: "ERD-1", kg: "0.001" }), 201);
    const before = await env.DB.prepare("SELECT id, grams_remaining FROM lots WHERE org_id = ? ORDER BY id").bind(orgId).all();
    expect(await expectError(await transfer(orgId, source.id, { godown_code: "ERD-1", kg: "0.001" }), 409, "conflict")).toBe(
      "The lot in godown ERD-1 would hold more than 1000000.000 kg, the most a lot may; nothing was moved",
    );
    expect((await env.DB.prepare("SELECT id, grams_remaining FROM lots WHERE org_id = ? ORDER BY id").bind(orgId).all()).results).toEqual(
      before.results,
    );
    const { n } = (await env.DB.prepare("SELECT COUNT(*) AS n FROM stock_movements WHERE org_id = ?").bind(orgId).first<{ n: number }>())!;
    expect(n).toBe(2);
  });
});

describe("a lot's figures reconcile from the API", () => {
  // Worked by hand: 100 kg received, 20 kg sold, 40 kg to ERD-1 and the same 40 kg back, 1.5 kg damaged.
  // TPR-1: 100 + 40 − 40 − 20 + 0 − 1.5 = 78.5 kg. ERD-1: 0 + 40 − 40 = 0 kg.
  it("kg sent away and back are a transfer out and in, never kg received; a count cannot bring back kg sold", async () => {
    const { orgId, key } = await orgWithKey();
    const stock = await lot(orgId, { kg: "100", godown_code: "TPR-1" });
    const buyer = await customer(orgId);
    await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "20" }]);
    const away = await expectStatus(await transfer(orgId, stock.id, { godown_code: "ERD-1", kg: "40" }), 201);
    const back = await expectStatus(await transfer(orgId, away.data.to.id, { godown_code: "TPR-1", kg: "40" }), 201);
    expect(back.data.to.id).toBe(stock.id);
    expect(figures(back.data.from)).toEqual({
      received: "0.000",
      in: "40.000",
      out: "40.000",
      sold: "0.000",
      returned: "0.000",
      adjusted: "0.000",
      remaining: "0.000",
    });
    await expectStatus(await adjust(orgId, stock.id, { reason: "damage", kg: "1.5" }), 201);

    const page = InventoryPageSchema.parse(await expectStatus(await api("/api/v1/inventory", key), 200));
    const listed = page.data.filter((l) => l.lot_number === away.data.to.lot_number);
    // ERD-1's lot holds 0 kg, so only TPR-1's is in stock.
    expect(listed.map(figures)).toEqual([
      { received: "100.000", in: "40.000", out: "40.000", sold: "20.000", returned: "0.000", adjusted: "-1.500", remaining: "78.500" },
    ]);

    // Before adjustments the lot would hold 100 + 40 − 40 − 20 = 80 kg: a count of 100 kg would bring back the 20 kg sold.
    expect(await expectError(await adjust(orgId, stock.id, { reason: "count_correction", kg_counted: "100" }), 409, "conflict")).toContain(
      "outside 0 to 80.000 kg",
    );
    await expectError(await adjust(orgId, stock.id, { reason: "count_correction", kg_counted: "80.001" }), 409, "conflict");
    // The damaged 1.5 kg found again: 78.5 → 80 kg, the adjustments net to 0.
    const found = await expectStatus(await adjust(orgId, stock.id, { reason: "count_correction", kg_counted: "80" }), 201);
    expect(figures(found.data.lot)).toEqual({
      received: "100.000",
      in: "40.000",
      out: "40.000",
      sold: "20.000",
      returned: "0.000",
      adjusted: "0.000",
      remaining: "80.000",
    });
    expect(await drift(orgId)).toBe(0);
  });

  // 100 kg received, 30 kg sold, then counted back to 100 kg under the rule before the cap: 30 kg adjusted up. Before
  // adjustments it would hold 100 − 30 = 70 kg.
  it("a lot counted up past its kg sold before the cap can still be written down, but not counted up again", async () => {
    const { orgId } = await orgWithKey();
    const stock = await lot(orgId, { kg: "100" });
    await sale(orgId, (await customer(orgId)).id, [{ lot_id: stock.id, kg: "30" }]);
    await countedUpBeforeTheRule(stock.id, 100_000);
    // 100 − 4 = 96 kg, still above 70: taken off, so accepted; adjusted 30 − 4 = 26.
    const damaged = await expectStatus(await adjust(orgId, stock.id, { reason: "damage", kg: "4" }), 201);
    expect(figures(damaged.data.lot)).toMatchObject({ sold: "30.000", adjusted: "26.000", remaining: "96.000" });
    const lower = await expectStatus(await adjust(orgId, stock.id, { reason: "count_correction", kg_counted: "90" }), 201);
    expect(figures(lower.data.lot)).toMatchObject({ adjusted: "20.000", remaining: "90.000" });
    expect(await expectError(await adjust(orgId, stock.id, { reason: "count_correction", kg_counted: "91" }), 409, "conflict")).toContain(
      "outside 0 to 70.000 kg",
    );
    expect(await drift(orgId)).toBe(0);
  });

  // Worked by hand: 100 kg received; sale A 10 kg, dispatched, 2 kg returned; sale B 5 kg, cancelled;
  // 30 kg to ERD-1, where 4 kg are damaged. TPR-1: 100 − 30 − 10 + 2 = 62 kg. ERD-1: 30 − 4 = 26 kg.
  it("shows kg sold on sales not cancelled and kg returned, each in the lot they came from", async () => {
    const { orgId } = await orgWithKey();
    const stock = await lot(orgId, { kg: "100", godown_code: "TPR-1" });
    const buyer = await customer(orgId);
    const a = await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "10" }]);
    const b = await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "5" }]);
    await expectStatus(await admin("POST", `/admin/api/sales/${b.id}/cancel`), 200);
    await expectStatus(await admin("POST", `/admin/api/sales/${a.id}/dispatch`), 200);
    await expectStatus(await admin("POST", `/admin/api/sales/${a.id}/returns`, { items: [{ lot_id: stock.id, kg: "2" }] }), 201);
    const moved = await expectStatus(await transfer(orgId, stock.id, { godown_code: "ERD-1", kg: "30" }), 201);
    expect(figures(moved.data.from)).toEqual({
      received: "100.000",
      in: "0.000",
      out: "30.000",
      sold: "10.000",
      returned: "2.000",
      adjusted: "0.000",
      remaining: "62.000",
    });
    const damaged = await expectStatus(await adjust(orgId, moved.data.to.id, { reason: "damage", kg: "4" }), 201);
    expect(figures(damaged.data.lot)).toEqual({
      received: "0.000",
      in: "30.000",
      out: "0.000",
      sold: "0.000",
      returned: "0.000",
      adjusted: "-4.000",
      remaining: "26.000",
    });
    // ERD-1 can count at most its 30 kg transferred in.
    await expectError(await adjust(orgId, moved.data.to.id, { reason: "count_correction", kg_counted: "30.001" }), 409, "conflict");
    expect(await drift(orgId)).toBe(0);
  });
});

/** The organisation's stock.low events, oldest first, with their payload. */
async function stockLow(orgId: string) {
  const { results } = await env.DB.prepare("SELECT id, payload FROM events WHERE org_id = ? AND type = 'stock.low' ORDER BY id")
    .bind(orgId)
    .all<{ id: string; payload: string }>();
  return results.map((r): Record<string, unknown> & { id: string } => ({ id: r.id, ...JSON.parse(r.payload) }));
}

/** A receiver subscribed to stock.low (one that reorders on it). */
async function stockLowReceiver(orgId: string) {
  const { url, received } = receiver(() => respond.ok());
  await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/webhooks`, { url, events: ["stock.low"] }), 201);
  return received;
}

// The SKU's threshold is 500 kg unless set (docs/inventory-api.md), across all its godowns, as for a sale.
describe("stock.low from stock movements", () => {
  it("damage that takes the SKU from at or above its threshold to below it sends stock.low once, naming the movement", async () => {
    const { orgId } = await orgWithKey();
    const received = await stockLowReceiver(orgId);
    // 400 kg in TPR-1 and 300 kg in TPR-2: 700 kg of the SKU.
    const one = await lot(orgId, { kg: "400", godown_code: "TPR-1" });
    await lot(orgId, { kg: "300", godown_code: "TPR-2" });
    await expectStatus(await adjust(orgId, one.id, { reason: "damage", kg: "150" }), 201); // 700 → 550: still above
    expect(await stockLow(orgId)).toEqual([]);
    const crossing = await expectStatus(await adjust(orgId, one.id, { reason: "damage", kg: "60" }), 201); // 550 → 490: crosses
    await expectStatus(await adjust(orgId, one.id, { reason: "damage", kg: "10" }), 201); // 490 → 480: already below
    const low = await stockLow(orgId);
    expect(low).toHaveLength(1);
    expect(low[0]).toMatchObject({
      sku: "CTN-CMB-30S1-RW",
      yarn_type: "cotton_combed",
      kg_remaining: "490.000",
      threshold_kg: "500.000",
      cause: "damage",
      sale_id: null,
      movement_id: crossing.data.movement.id,
    });
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 60_000, interval: 100 });
    expect(received[0]!.headers.get("X-Service-Event")).toBe("stock.low");
    expect(JSON.parse(received[0]!.body)).toMatchObject({ id: low[0]!.id, data: { cause: "damage", movement_id: crossing.data.movement.id } });
  });

  it("a count below the books that crosses sends stock.low; a count that stays at the threshold, or only adds, sends nothing", async () => {
    const { orgId } = await orgWithKey();
    const received = await stockLowReceiver(orgId);
    const stock = await lot(orgId, { kg: "600" });
    await expectStatus(await adjust(orgId, stock.id, { reason: "count_correction", kg_counted: "500" }), 201); // 600 → 500: not below
    await expectStatus(await adjust(orgId, stock.id, { reason: "count_correction", kg_counted: "550" }), 201); // 500 → 550: kg added
    expect(await stockLow(orgId)).toEqual([]);
    const crossing = await expectStatus(await adjust(orgId, stock.id, { reason: "count_correction", kg_counted: "499.999" }), 201); // 550 → 499.999
    const low = await stockLow(orgId);
    expect(low).toEqual([
      expect.objectContaining({
        kg_remaining: "499.999",
        threshold_kg: "500.000",
        cause: "count_correction",
        sale_id: null,
        movement_id: crossing.data.movement.id,
      }),
    ]);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 60_000, interval: 100 });
    expect(JSON.parse(received[0]!.body)).toMatchObject({ id: low[0]!.id, data: { cause: "count_correction" } });
    // Counted back above (nothing sent), then under again: a new crossing, a new event.
    await expectStatus(await adjust(orgId, stock.id, { reason: "count_correction", kg_counted: "520" }), 201);
    expect(await stockLow(orgId)).toHaveLength(1);
    await expectStatus(await adjust(orgId, stock.id, { reason: "damage", kg: "30" }), 201); // 520 → 490
    expect((await stockLow(orgId)).map((e) => e.cause)).toEqual(["count_correction", "damage"]);
  });

  it("a sale's stock.low names the sale, with cause sale and no movement", async () => {
    const { orgId } = await orgWithKey();
    const stock = await lot(orgId, { kg: "600" });
    const buyer = await customer(orgId);
    const sold = await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "150" }]); // 600 → 450
    expect(await stockLow(orgId)).toEqual([expect.objectContaining({ kg_remaining: "450.000", cause: "sale", sale_id: sold.id, movement_id: null })]);
  });

  it("a transfer between godowns never sends stock.low: the SKU's kg across godowns stay the same", async () => {
    const { orgId } = await orgWithKey();
    const stock = await lot(orgId, { kg: "600", godown_code: "TPR-1" });
    // TPR-1 keeps 100 kg, ERD-1 gets 500 kg: 600 kg of the SKU either way.
    await expectStatus(await transfer(orgId, stock.id, { godown_code: "ERD-1", kg: "500" }), 201);
    expect(await stockLow(orgId)).toEqual([]);
  });

  it("a refused adjustment sends nothing", async () => {
    const { orgId } = await orgWithKey();
    const stock = await lot(orgId, { kg: "600" });
    await expectError(await adjust(orgId, stock.id, { reason: "damage", kg: "600.001" }), 409, "conflict");
    expect(await stockLow(orgId)).toEqual([]);
  });
});

/**
 * The database as adjustLot uses it, raced: inside each write's own transaction a sale takes 1 kg off the lot just
 * before the write and gives it back just after. The write, conditional on the kg it read, changes nothing, while
 * every fresh read finds the lot as it was. The race stops after 10 writes, so code that retried without a bound
 * records the damage then instead of looping for ever.
 */
function racedLot(d1: D1Database, lotId: string) {
  return racedWrites(d1, {
    before: () => d1.prepare("UPDATE lots SET grams_remaining = grams_remaining - 1000 WHERE id = ?").bind(lotId),
    after: () => d1.prepare("UPDATE lots SET grams_remaining = grams_remaining + 1000 WHERE id = ?").bind(lotId),
  });
}

describe("damage while sales keep changing the lot", () => {
  it("is applied to a fresh read at most 3 times in all (docs/inventory-api.md), then answers `contended` with nothing recorded", async () => {
    const { orgId } = await orgWithKey();
    const stock = await lot(orgId, { kg: "100" });
    const race = racedLot(env.DB, stock.id);
    const recorded = { notes: null, actor: "operator" };
    expect(await adjustLot(race.db, orgId, stock.id, { reason: "damage", grams: 5_000 }, recorded, Date.now())).toEqual({ kind: "contended" });
    expect(race.writes()).toBe(3);
    const { n } = (await env.DB.prepare("SELECT COUNT(*) AS n FROM stock_movements WHERE lot_id = ?").bind(stock.id).first<{ n: number }>())!;
    expect(n).toBe(0);
    // Without the race the same damage is recorded: 100 kg − 5 kg.
    const done = await adjustLot(env.DB, orgId, stock.id, { reason: "damage", grams: 5_000 }, recorded, Date.now());
    expect(done).toMatchObject({ kind: "adjusted", lot: { gramsRemaining: 95_000 } });
  });

  it("answers 409 conflict_retry in the envelope and records nothing when every write finds the lot changed", async () => {
    const { orgId } = await orgWithKey();
    const stock = await lot(orgId, { kg: "100" });
    // The database drops every change to this lot (no row changed, no error), as when a sale changed it first.
    const trigger = `drop_lot_${stock.id}`;
    await env.DB.prepare(`CREATE TRIGGER ${trigger} BEFORE UPDATE ON lots WHEN NEW.id = '${stock.id}' BEGIN SELECT RAISE(IGNORE); END`).run();
    try {
      expect(await expectError(await adjust(orgId, stock.id, { reason: "damage", kg: "5" }), 409, "conflict_retry")).toContain("send it again");
    } finally {
      await env.DB.prepare(`DROP TRIGGER ${trigger}`).run();
    }
    const { n } = (await env.DB.prepare("SELECT COUNT(*) AS n FROM stock_movements WHERE lot_id = ?").bind(stock.id).first<{ n: number }>())!;
    expect(n).toBe(0);
    expect(await drift(orgId)).toBe(0);
  });
});
