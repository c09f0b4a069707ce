// Keyset paging of GET /api/v1/sales and /api/v1/inventory: following next_cursor visits every row that stays in
// the list exactly once, in the list's order, whatever is written between two requests; offsets do not (they count
// rows as the list stands at each request). Expected orders come from the rows the tests write and the documented
// order (sales: sold_at newest first, then id; lots: received_at newest first, then id), never from a list answer.
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { addDays, istDateOf } from "../../src/inventory/domain/ist";
import { SalesPageSchema } from "../../src/inventory/sales/schemas";
import { InventoryPageSchema } from "../../src/inventory/stock/schemas";
import { fromBase64Url, toBase64Url } from "../../src/platform/crypto";
import { encodeCursor } from "../../src/platform/http/cursor";
import { fetchWorker } from "../worker-under-test";
import { admin, api, expectError, expectStatus, INVENTORY } from "./helpers";
import { customer, holdClockAt, ist, lot, orgWithKey, sale } from "./stock-fixtures";

const today = istDateOf(Date.now());

type Page = { ids: string[]; has_more: boolean; next_offset: number | null; next_cursor: string | null };

async function salesPage(key: string, query: string): Promise<Page> {
  const page = SalesPageSchema.parse(await expectStatus(await api(`/api/v1/sales?${query}`, key), 200));
  return { ...page, ids: page.data.map((s) => s.id) };
}

async function inventoryPage(key: string, query: string): Promise<Page> {
  const page = InventoryPageSchema.parse(await expectStatus(await api(`/api/v1/inventory?${query}`, key), 200));
  return { ...page, ids: page.data.map((l) => l.id) };
}

/** Newest first, the greater id first among equals: the documented order of both lists. */
const newestFirst = (rows: Array<{ id: string; at: number }>) =>
  [...rows].sort((a, b) => (a.at !== b.at ? b.at - a.at : a.id < b.id ? 1 : -1)).map((r) => r.id);

/** One walk through a list, a page at a time, by offset or by cursor (`filters` is the rest of the query). */
function walker(read: (query: string) => Promise<Page>, by: "offset" | "cursor", limit: number, filters = "") {
  const seen: string[] = [];
  let next: string | number | null = by === "offset" ? 0 : "";
  return {
    seen,
    get done() {
      return next === null;
    },
    async step() {
      const at = by === "offset" ? `&offset=${next}` : next === "" ? "" : `&cursor=${encodeURIComponent(String(next))}`;
      const page = await read(`limit=${limit}${filters}${at}`);
      seen.push(...page.ids);
      if (by === "cursor" && next !== "") expect(page.next_offset).toBeNull();
      next = by === "offset" ? page.next_offset : page.next_cursor;
      expect(next === null).toBe(!page.has_more);
    },
    async rest() {
      for (let guard = 0; !this.done && guard < 100; guard++) await this.step();
    },
  };
}

/** An organisation whose sales were sold at the given instants, booked in time order (invoices are numbered in date order). */
async function salesBook(soldAts: number[]) {
  const own = await orgWithKey();
  const buyer = await customer(own.orgId);
  const stock = await lot(own.orgId, { kg: "10000", received_at: new Date(ist(addDays(today, -60))).toISOString() });
  const sales: Array<{ id: string; at: number }> = [];
  for (const at of [...soldAts].sort((a, b) => a - b)) {
    const created = await sale(own.orgId, buyer.id, [{ lot_id: stock.id, kg: "1" }], { sold_at: new Date(at).toISOString() });
    sales.push({ id: created.id, at });
  }
  return { ...own, buyerId: buyer.id, lotId: stock.id, sales, order: newestFirst(sales) };
}

/** An organisation whose lots (1000 kg each) were received at the given instants. */
async function lotsBook(receivedAts: Array<{ at: number; godown_code?: string; sku?: string; yarn_type?: string }>) {
  const own = await orgWithKey();
  const lots: Array<{ id: string; at: number; godown: string; yarnType: string }> = [];
  for (const spec of receivedAts) {
    const { at, ...rest } = spec;
    const created = await lot(own.orgId, { ...rest, received_at: new Date(at).toISOString() });
    lots.push({ id: created.id, at, godown: spec.godown_code ?? "TPR-1", yarnType: spec.yarn_type ?? "cotton_combed" });
  }
  return { ...own, lots, order: newestFirst(lots) };
}

const days = (...offsets: number[]) => offsets.map((d) => ist(addDays(today, d), "12:00"));
const received = (day: number, time = "10:00") => ist(addDays(today, day), time);

describe("GET /api/v1/sales by cursor", () => {
  it("a walk by cursor gives every sale of the window exactly once, newest first, with sales sold at the same instant split across pages", async () => {
    // Three sales share an instant, so with any limit below 6 some page boundary falls between two of them.
    const [d1, d2, d3, d4] = days(-20, -15, -10, -5);
    const book = await salesBook([d1!, d2!, d3!, d3!, d3!, d4!]);
    for (const limit of [1, 2, 3, 4, 5, 6, 7]) {
      const walk = walker((q) => salesPage(book.key, q), "cursor", limit);
      await walk.rest();
      expect(walk.seen, `limit ${limit}`).toEqual(book.order);
    }
  });

  it("a sale booked between two pages is not read again by cursor, where the offset walk repeats a row", async () => {
    const book = await salesBook(days(-4, -3, -2, -1));
    const byOffset = walker((q) => salesPage(book.key, q), "offset", 2);
    const byCursor = walker((q) => salesPage(book.key, q), "cursor", 2);
    await byOffset.step();
    await byCursor.step();
    // Booked now, it sorts first: every sale already listed moves down one place.
    await sale(book.orgId, book.buyerId, [{ lot_id: book.lotId, kg: "1" }]);
    await byOffset.rest();
    await byCursor.rest();
    expect(byCursor.seen).toEqual(book.order);
    const [day4, day3, day2, day1] = book.order;
    expect(byOffset.seen).toEqual([day4, day3, day3, day2, day1]);
  });

  it("a sale cancelled between two pages makes no other sale slip past the cursor, where the offset walk misses one", async () => {
    const book = await salesBook(days(-4, -3, -2, -1));
    const byOffset = walker((q) => salesPage(book.key, q), "offset", 2);
    const byCursor = walker((q) => salesPage(book.key, q), "cursor", 2);
    await byOffset.step();
    await byCursor.step();
    const [day4, day3, day2, day1] = book.order;
    await expectStatus(await admin("POST", `/admin/api/sales/${day4}/cancel`), 200);
    await byOffset.rest();
    await byCursor.rest();
    expect(byCursor.seen).toEqual([day4, day3, day2, day1]);
    expect(byOffset.seen).toEqual([day4, day3, day1]);
  });

  it("keeps the window of its first page: a default window does not move at midnight IST during a walk", async () => {
    const book = await salesBook(days(-30, -20, -10));
    const [newest, middle, oldest] = book.order;
    try {
      holdClockAt(ist(today, "23:59"));
      const first = await salesPage(book.key, "limit=1");
      expect(first.ids).toEqual([newest]);
      // Past midnight the default window starts a day later and no longer holds the oldest sale (30 days back).
      holdClockAt(ist(addDays(today, 1), "00:01"));
      expect((await salesPage(book.key, "limit=10")).ids).toEqual([newest, middle]);
      const rest = await salesPage(book.key, `limit=10&cursor=${encodeURIComponent(first.next_cursor!)}`);
      expect(rest.ids).toEqual([middle, oldest]);
      expect(rest).toMatchObject({ has_more: false, next_cursor: null, next_offset: null });
    } finally {
      vi.useRealTimers();
    }
  });

  it("an offset page gives a next_cursor too: the walk may go on by cursor from there", async () => {
    const book = await salesBook(days(-4, -3, -2, -1));
    const first = await salesPage(book.key, "limit=1&offset=1");
    expect(first.ids).toEqual([book.order[1]]);
    const rest = await salesPage(book.key, `limit=10&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(rest.ids).toEqual(book.order.slice(2));
  });
});

describe("GET /api/v1/inventory by cursor", () => {
  it("a walk by cursor gives every lot in stock exactly once, newest received first, with lots received at the same instant split across pages", async () => {
    const book = await lotsBook([
      { at: received(-9) },
      { at: received(-7), godown_code: "SRT-1" },
      { at: received(-5) },
      { at: received(-5), sku: "PES-SPN-30S1-RW", yarn_type: "polyester_spun" },
      { at: received(-5), godown_code: "SRT-1" },
      { at: received(-2) },
    ]);
    for (const limit of [1, 2, 3, 4, 5, 6, 7]) {
      const walk = walker((q) => inventoryPage(book.key, q), "cursor", limit);
      await walk.rest();
      expect(walk.seen, `limit ${limit}`).toEqual(book.order);
    }
    // With filters, the walk keeps them.
    const inSrt = walker((q) => inventoryPage(book.key, q), "cursor", 1, "&godown_code=SRT-1&yarn_type=cotton_combed");
    await inSrt.rest();
    expect(inSrt.seen).toEqual(book.order.filter((id) => book.lots.find((l) => l.id === id)!.godown === "SRT-1"));
  });

  it("a lot received between two pages is not read again by cursor, where the offset walk repeats a row", async () => {
    const book = await lotsBook([{ at: received(-4) }, { at: received(-3) }, { at: received(-2) }, { at: received(-1) }]);
    const byOffset = walker((q) => inventoryPage(book.key, q), "offset", 2);
    const byCursor = walker((q) => inventoryPage(book.key, q), "cursor", 2);
    await byOffset.step();
    await byCursor.step();
    await lot(book.orgId, {}); // received now: the newest lot, first in the list
    await byOffset.rest();
    await byCursor.rest();
    expect(byCursor.seen).toEqual(book.order);
    const [day1, day2, day3, day4] = book.order;
    expect(byOffset.seen).toEqual([day1, day2, day2, day3, day4]);
  });

  it("a lot sold out between two pages makes no other lot slip past the cursor, where the offset walk misses one", async () => {
    const book = await lotsBook([{ at: received(-4) }, { at: received(-3) }, { at: received(-2) }, { at: received(-1) }]);
    const byOffset = walker((q) => inventoryPage(book.key, q), "offset", 2);
    const byCursor = walker((q) => inventoryPage(book.key, q), "cursor", 2);
    await byOffset.step();
    await byCursor.step();
    const [newest, second, third, oldest] = book.order;
    const buyer = await customer(book.orgId);
    await sale(book.orgId, buyer.id, [{ lot_id: newest!, kg: "1000" }]); // its whole 1000 kg: it leaves the list
    await byOffset.rest();
    await byCursor.rest();
    expect(byCursor.seen).toEqual([newest, second, third, oldest]);
    expect(byOffset.seen).toEqual([newest, second, oldest]);
  });
});

describe("cursors refused", () => {
  /** A sales cursor of a 3-sale book, its organisation and key. */
  async function salesCursor(query = "limit=1") {
    const book = await salesBook(days(-3, -2, -1));
    const page = await salesPage(book.key, query);
    return { ...book, cursor: page.next_cursor! };
  }

  const payloadOf = (cursor: string) => JSON.parse(new TextDecoder().decode(fromBase64Url(cursor.split(".")[0]!)));
  const withPayload = (cursor: string, payload: unknown) =>
    `${toBase64Url(new TextEncoder().encode(JSON.stringify(payload)))}.${cursor.split(".")[1]}`;

  it("cursor with offset is 400 bad_request naming cursor, offset=0 included", async () => {
    const { key, cursor } = await salesCursor();
    for (const offset of ["0", "1"]) {
      const message = await expectError(await api(`/api/v1/sales?offset=${offset}&cursor=${encodeURIComponent(cursor)}`, key), 400, "bad_request");
      expect(message).toMatch(/^cursor: cannot be combined with offset/);
    }
    const lots = await lotsBook([{ at: received(-1, "09:00") }, { at: received(-1, "08:00") }]);
    const lotCursor = (await inventoryPage(lots.key, "limit=1")).next_cursor!;
    const message = await expectError(await api(`/api/v1/inventory?cursor=${encodeURIComponent(lotCursor)}&offset=0`, lots.key), 400, "bad_request");
    expect(message).toMatch(/^cursor: cannot be combined with offset/);
  });

  it("a malformed, cut or altered cursor is 400 bad_request naming cursor", async () => {
    const { key, cursor, order } = await salesCursor();
    const payload = payloadOf(cursor);
    // Moved back past the first sale: a caller must not choose its own position.
    const moved = withPayload(cursor, { ...payload, after: { ...payload.after, soldAt: payload.after.soldAt + 86_400_000 } });
    for (const bad of ["abc", cursor.slice(0, -1), `${cursor}x`, moved, `${cursor.split(".")[0]}`, "a".repeat(513)]) {
      const response = await api(`/api/v1/sales?cursor=${encodeURIComponent(bad)}`, key);
      const text = await response.clone().text();
      const message = await expectError(response, 400, "bad_request");
      expect(message).toMatch(/^cursor: /);
      for (const id of order) expect(text).not.toContain(id);
    }
  });

  it("a cursor of another version is 400 bad_request saying to start again", async () => {
    const { key, cursor } = await salesCursor();
    // Signed with the service's own secret, as a cursor of another release would be.
    const other = await encodeCursor({ current: env.SESSION_SECRET }, { ...payloadOf(cursor), v: 2 });
    const message = await expectError(await api(`/api/v1/sales?cursor=${encodeURIComponent(other)}`, key), 400, "bad_request");
    expect(message).toMatch(/^cursor: was given by another version of this API.*start again without cursor/);
  });

  it("a cursor sent with other filters than the request that gave it is 400 bad_request naming the filter", async () => {
    const from = addDays(today, -10);
    const { key, cursor } = await salesCursor(`limit=1&from=${from}`);
    const c = encodeURIComponent(cursor);
    expect(await expectError(await api(`/api/v1/sales?cursor=${c}`, key), 400, "bad_request")).toMatch(
      new RegExp(`^from: was ${from} in the request`),
    );
    expect(await expectError(await api(`/api/v1/sales?from=${addDays(from, 1)}&cursor=${c}`, key), 400, "bad_request")).toMatch(/^from: /);
    expect(await expectError(await api(`/api/v1/sales?from=${from}&to=${today}&cursor=${c}`, key), 400, "bad_request")).toMatch(
      /^to: was not sent with the request that gave this cursor/,
    );
    // The same filters continue the walk.
    expect((await salesPage(key, `from=${from}&cursor=${c}`)).ids).toHaveLength(2);

    const lots = await lotsBook([{ at: received(-1, "09:00") }, { at: received(-1, "08:00") }]);
    const lc = encodeURIComponent((await inventoryPage(lots.key, "limit=1&godown_code=TPR-1")).next_cursor!);
    expect(await expectError(await api(`/api/v1/inventory?cursor=${lc}`, lots.key), 400, "bad_request")).toMatch(/^godown_code: was TPR-1/);
    expect(await expectError(await api(`/api/v1/inventory?godown_code=SRT-1&cursor=${lc}`, lots.key), 400, "bad_request")).toMatch(/^godown_code: /);
    expect(
      await expectError(await api(`/api/v1/inventory?godown_code=TPR-1&yarn_type=cotton_combed&cursor=${lc}`, lots.key), 400, "bad_request"),
    ).toMatch(/^yarn_type: was not sent/);
    expect((await inventoryPage(lots.key, `godown_code=TPR-1&cursor=${lc}`)).ids).toEqual([lots.order[1]]);
  });

  it("a cursor of one list is refused by the other", async () => {
    const { key, cursor } = await salesCursor();
    expect(await expectError(await api(`/api/v1/inventory?cursor=${encodeURIComponent(cursor)}`, key), 400, "bad_request")).toMatch(
      /^cursor: is not a next_cursor this list gave/,
    );
  });

  it("another organisation's cursor gives nothing of the first organisation's: 400, with none of its rows", async () => {
    const first = await salesCursor();
    const other = await salesBook(days(-3, -2, -1));
    const refused = await api(`/api/v1/sales?cursor=${encodeURIComponent(first.cursor)}`, other.key);
    const refusedText = await refused.clone().text();
    expect(await expectError(refused, 400, "bad_request")).toMatch(/^cursor: /);
    for (const id of [...first.order, ...other.order]) expect(refusedText).not.toContain(id);
    // Re-addressed to the other organisation without its signature: still refused.
    const payload = payloadOf(first.cursor);
    const readdressed = withPayload(first.cursor, { ...payload, org: other.orgId });
    expect(await expectError(await api(`/api/v1/sales?cursor=${encodeURIComponent(readdressed)}`, other.key), 400, "bad_request")).toMatch(
      /^cursor: /,
    );

    const lotsFirst = await lotsBook([{ at: received(-1, "09:00") }, { at: received(-1, "08:00") }]);
    const lotsOther = await lotsBook([{ at: received(-1, "07:00") }]);
    const lotCursor = (await inventoryPage(lotsFirst.key, "limit=1")).next_cursor!;
    const response = await api(`/api/v1/inventory?cursor=${encodeURIComponent(lotCursor)}`, lotsOther.key);
    const text = await response.clone().text();
    expect(await expectError(response, 400, "bad_request")).toMatch(/^cursor: /);
    for (const id of lotsFirst.order) expect(text).not.toContain(id);
  });
});

describe("cursors across a rotation of the service's secret", () => {
  /** The service's bindings with its secrets as they stand part-way through a rotation (docs/operations.md). */
  const rotated = (secrets: { SESSION_SECRET: string; SESSION_SECRET_PREVIOUS?: string }) => ({ ...env, ...secrets });

  it("a cursor given before the rotation still pages while the old value is SESSION_SECRET_PREVIOUS, and is 400 naming cursor once it is removed", async () => {
    const book = await salesBook(days(-3, -2, -1));
    const first = await salesPage(book.key, "limit=1");
    const query = `/api/v1/sales?limit=10&cursor=${encodeURIComponent(first.next_cursor!)}`;
    const newSecret = "rotated-session-secret-0123456789abcdef";
    const during = rotated({ SESSION_SECRET: newSecret, SESSION_SECRET_PREVIOUS: env.SESSION_SECRET });
    const read = (bindings: object) => fetchWorker(`${INVENTORY}${query}`, { headers: { Authorization: `Bearer ${book.key}` } }, bindings);
    const page = SalesPageSchema.parse(await expectStatus(await read(during), 200));
    expect(page.data.map((s) => s.id)).toEqual(book.order.slice(1));
    const after = rotated({ SESSION_SECRET: newSecret });
    expect(await expectError(await read(after), 400, "bad_request")).toMatch(/^cursor: /);
  });
});
