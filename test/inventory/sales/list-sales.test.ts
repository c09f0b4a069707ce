import { beforeAll, describe, expect, it } from "vitest";
import { addDays, istDateOf } from "../../../src/inventory/domain/ist";
import { SalesPageSchema } from "../../../src/inventory/sales/schemas";
import { admin, api, createKey, expectError, expectStatus } from "../helpers";
import { customer, ist, lot, orgWithKey, sale } from "../stock-fixtures";

type Page = ReturnType<typeof SalesPageSchema.parse>;

async function sales(key: string, query = ""): Promise<Page> {
  return SalesPageSchema.parse(await expectStatus(await api(`/api/v1/sales${query}`, key), 200));
}

const today = istDateOf(Date.now());
// A fixed window in the past: D is the `to` day, F the `from` day.
const D = addDays(today, -10);
const F = addDays(today, -12);

describe("GET /api/v1/sales", () => {
  let orgId: string;
  let key: string;
  let customerId: string;
  let lotId: string;
  const at: Record<string, string> = {};

  const book = async (name: string, soldAt: number) => {
    const created = await sale(orgId, customerId, [{ lot_id: lotId, kg: "1.5" }], { sold_at: new Date(soldAt).toISOString() });
    at[name] = created.id;
    return created;
  };

  beforeAll(async () => {
    ({ orgId, key } = await orgWithKey());
    customerId = (await customer(orgId, { name: "Kumaran Knit Fabrics, Tiruppur", gstin: "33AAECG4315R1ZE" })).id;
    lotId = (await lot(orgId, { kg: "5000", received_at: new Date(ist(addDays(today, -60))).toISOString() })).id;
    // Booked in date order: a financial year's invoices are numbered in date order.
    await book("day31", ist(addDays(today, -31), "12:00")); // outside the default window
    await book("day30", ist(addDays(today, -30), "00:00")); // first day of the default window
    await book("beforeFrom", ist(addDays(F, -1), "23:59") + 59_000); // 23:59:59 IST the day before `from`: out
    await book("fromStart", ist(F, "00:00")); // 00:00 IST on `from`: in
    await book("middle", ist(addDays(F, 1), "12:00"));
    const cancelled = await book("cancelled", ist(addDays(F, 1), "15:00"));
    await expectStatus(await admin("POST", `/admin/api/sales/${cancelled.id}/cancel`), 200);
    await book("toEnd", ist(D, "23:59")); // 23:59 IST on `to`: in
    await book("afterTo", ist(addDays(D, 1), "00:00")); // 00:00 IST the next day: out
    await book("now", Date.now() - 1_000);
  });

  it("includes 00:00 IST on from and 23:59 IST on to; excludes the instants just outside; excludes cancelled; newest first", async () => {
    const page = await sales(key, `?from=${F}&to=${D}`);
    expect(page.data.map((s) => s.id)).toEqual([at.toEnd, at.middle, at.fromStart]);
    expect(page.data[0]).toMatchObject({
      sale_date: D,
      status: "confirmed",
      customer_name: "Kumaran Knit Fabrics, Tiruppur",
      customer_gstin: "33AAECG4315R1ZE",
    });
    expect(page.data[2]!.sale_date).toBe(F);
  });

  it("a one-day window covers exactly that IST day", async () => {
    expect((await sales(key, `?from=${D}&to=${D}`)).data.map((s) => s.id)).toEqual([at.toEnd]);
    expect((await sales(key, `?from=${addDays(D, 1)}&to=${addDays(D, 1)}`)).data.map((s) => s.id)).toEqual([at.afterTo]);
  });

  it("defaults to the 30 days before today plus today (IST)", async () => {
    const ids = (await sales(key)).data.map((s) => s.id);
    expect(ids[0]).toBe(at.now);
    expect(ids).toContain(at.day30);
    expect(ids).not.toContain(at.day31);
    expect(ids).not.toContain(at.cancelled);
    // `to` alone keeps the default `from`, and `from` alone runs to today.
    expect((await sales(key, `?to=${addDays(today, -30)}`)).data.map((s) => s.id)).toEqual([at.day30]);
    expect((await sales(key, `?from=${today}`)).data.map((s) => s.id)).toEqual([at.now]);
  });

  it("each sale carries its items, amounts as exact decimal strings", async () => {
    const [first] = (await sales(key, `?from=${D}&to=${D}`)).data;
    expect(first).toMatchObject({ kg: "1.500", taxable_amount: "480.00", gst_amount: "24.00", total_amount: "504.00" });
    expect(first!.items).toEqual([
      expect.objectContaining({
        lot_id: lotId,
        sku: "CTN-CMB-30S1-RW",
        kg: "1.500",
        rate_per_kg: "320.00",
        amount: "480.00",
        gst_rate_percent: 5,
        gst_amount: "24.00",
      }),
    ]);
    expect(first!.invoice_number).toMatch(/^INV\/\d{4}\/\d{6}$/);
  });

  it("pages visit every sale exactly once", async () => {
    const from = addDays(today, -40);
    const all = (await sales(key, `?from=${from}&limit=1000`)).data.map((s) => s.id);
    expect(all).toHaveLength(8);
    for (const limit of [1, 3, 5]) {
      const seen: string[] = [];
      let offset = 0;
      for (;;) {
        const page = await sales(key, `?from=${from}&limit=${limit}&offset=${offset}`);
        seen.push(...page.data.map((s) => s.id));
        if (!page.has_more) break;
        offset = page.next_offset!;
      }
      expect(seen).toEqual(all);
    }
  });

  it("a sale booked between two pages repeats a row on the next page and never hides one", async () => {
    const own = await orgWithKey();
    const buyer = await customer(own.orgId);
    const stock = await lot(own.orgId, { kg: "100", received_at: new Date(ist(addDays(today, -5))).toISOString() });
    const booked: string[] = [];
    for (const day of [-4, -3, -2, -1]) {
      booked.push(
        (await sale(own.orgId, buyer.id, [{ lot_id: stock.id, kg: "1" }], { sold_at: new Date(ist(addDays(today, day))).toISOString() })).id,
      );
    }
    const first = await sales(own.key, "?limit=2");
    expect(first.data.map((s) => s.id)).toEqual([booked[3], booked[2]]);
    // Booked now: it sorts first, so every row after it moves down one place.
    await sale(own.orgId, buyer.id, [{ lot_id: stock.id, kg: "1" }]);
    const second = await sales(own.key, `?limit=2&offset=${first.next_offset}`);
    expect(second.data.map((s) => s.id)).toEqual([booked[2], booked[1]]);
    const third = await sales(own.key, `?limit=2&offset=${second.next_offset}`);
    expect(third.data.map((s) => s.id)).toEqual([booked[0]]);
  });

  describe.each([
    ["from=2026-13-01", "from"],
    ["from=2026-02-30", "from"],
    ["from=2026-2-3", "from"],
    ["to=20261101", "to"],
    ["to=yesterday", "to"],
    [`from=${D}&to=${F}`, "from"],
    ["limit=0", "limit"],
    ["limit=1001", "limit"],
    ["offset=-1", "offset"],
    ["offset=100001", "offset"],
  ])("?%s", (query, field) => {
    it(`is 400 bad_request naming ${field}`, async () => {
      const message = await expectError(await api(`/api/v1/sales?${query}`, key), 400, "bad_request");
      expect(message.startsWith(field)).toBe(true);
    });
  });

  it("needs sales:read, and never shows another organisation's sales", async () => {
    await expectError(await api("/api/v1/sales", null), 401, "missing_token");
    const inventoryOnly = await createKey(orgId, { scopes: ["inventory:read"] });
    await expectError(await api("/api/v1/sales", inventoryOnly.key), 403, "missing_scope");
    const other = await orgWithKey();
    expect((await sales(other.key, `?from=${addDays(today, -40)}`)).data).toEqual([]);
  });
});
