// Every list refuses an offset above 100000 (the read API's documented cap), so no page may point its
// next_offset beyond it; the lists that also page by cursor reach the rows past it by next_cursor. Each list gets
// 100002 rows (offsets 0 to 100001), written straight into D1.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { admin, api, expectError, expectStatus } from "./helpers";
import { customer, lot, orgWithKey } from "./stock-fixtures";

/** Rows at offsets 0 to 100001: one past the last offset a list accepts, and one more beyond it. */
const ROWS = 100_002;
const CAP = 100_000;

/** `INSERT … SELECT` over i = 0 … count − 1, one statement. */
const numbered = (insert: string, select: string, from = "FROM n", count = ROWS) =>
  `${insert} WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${count - 1}) ${select} ${from}`;

interface List {
  name: string;
  /** Writes `rows` rows of the list for the organisation (ROWS unless given); returns the path to page. */
  fill(orgId: string, rows?: number): Promise<string>;
  call(path: string, key: string): Promise<Response>;
}

const asOperator = (path: string) => admin("GET", path);
const withKey = (path: string, key: string) => api(path, key);

const LISTS: List[] = [
  {
    // The operator's list holds every organisation of the database: the bulk ones come after those the file's
    // other tests create, which only makes the list longer than ROWS.
    name: "GET /admin/api/orgs",
    fill: async (orgId) => {
      await env.DB.prepare(
        numbered(
          "INSERT INTO organisations (id, name, plan, subscription_status, created_at)",
          "SELECT ?1 || '_org_' || i, 'Bulk Mill ' || i, 'business', 'active', 1700000000000 + i",
        ),
      )
        .bind(orgId)
        .run();
      return "/admin/api/orgs";
    },
    call: asOperator,
  },
  {
    name: "GET /admin/api/orgs/{id}/audit",
    fill: async (orgId) => {
      await env.DB.prepare(
        numbered(
          "INSERT INTO audit_log (id, org_id, action, key_id, actor, reason, at)",
          "SELECT ?1 || '_aud_' || i, ?1, 'key.revoked', NULL, 'operator', NULL, 1700000000000 + i",
        ),
      )
        .bind(orgId)
        .run();
      return `/admin/api/orgs/${orgId}/audit`;
    },
    call: asOperator,
  },
  {
    name: "GET /admin/api/orgs/{id}/keys",
    fill: async (orgId) => {
      await env.DB.prepare(
        numbered(
          "INSERT INTO api_keys (id, org_id, name, prefix, key_hash, access, scopes, created_at, revoked_at)",
          "SELECT ?1 || '_key_' || i, ?1, NULL, 'p' || i, ?1 || '_hash_' || i, 'read_only', '[]', 1700000000000 + i, 1700000000000 + i",
        ),
      )
        .bind(orgId)
        .run();
      return `/admin/api/orgs/${orgId}/keys`;
    },
    call: asOperator,
  },
  {
    name: "GET /api/v1/inventory",
    fill: async (orgId, rows = ROWS) => {
      // One lot through the API brings the SKU, godown and mill the other lots share.
      const first = await lot(orgId, { kg: "1" });
      await env.DB.prepare(
        numbered(
          `INSERT INTO lots (id, org_id, lot_number, sku_id, godown_id, supplier_id, grams_received, grams_remaining, cost_paise_per_kg,
                             received_at, created_at)`,
          `SELECT ?1 || '_lot_' || i, l.org_id, 'BULK-' || i, l.sku_id, l.godown_id, l.supplier_id, 1000, 1000, 30000,
                  1700000000000 + i, 1700000000000 + i`,
          "FROM n, lots l WHERE l.id = ?2",
          rows - 1,
        ),
      )
        .bind(orgId, first.id)
        .run();
      return "/api/v1/inventory";
    },
    call: withKey,
  },
  {
    name: "GET /api/v1/sales",
    fill: async (orgId, rows = ROWS) => {
      const buyer = await customer(orgId);
      await env.DB.prepare(
        numbered(
          `INSERT INTO sales (id, org_id, invoice_number, financial_year, invoice_seq, customer_id, sale_date, sold_at, status,
                              grams_total, taxable_paise, gst_paise, total_paise, created_at)`,
          // Sold in the last 100 seconds, inside the default window (the last 30 days, IST).
          `SELECT ?1 || '_sale_' || i, ?1, 'BULK/' || i, 'BULK', i + 1, ?2, date((?3 - i) / 1000, 'unixepoch', '+330 minutes'), ?3 - i,
                  'confirmed', 1000, 100, 5, 105, ?3`,
          "FROM n",
          rows,
        ),
      )
        .bind(orgId, buyer.id, Date.now())
        .run();
      return "/api/v1/sales";
    },
    call: withKey,
  },
  {
    name: "GET /api/v1/customers",
    fill: async (orgId) => {
      await env.DB.prepare(
        numbered(
          "INSERT INTO customers (id, org_id, name, created_at)",
          "SELECT ?1 || '_cust_' || printf('%06d', i), ?1, 'Customer ' || i, 1700000000000",
        ),
      )
        .bind(orgId)
        .run();
      return "/api/v1/customers";
    },
    call: withKey,
  },
  {
    name: "GET /api/v1/suppliers",
    fill: async (orgId) => {
      await env.DB.prepare(
        numbered(
          "INSERT INTO suppliers (id, org_id, name, created_at)",
          "SELECT ?1 || '_mill_' || printf('%06d', i), ?1, 'Mill ' || i, 1700000000000",
        ),
      )
        .bind(orgId)
        .run();
      return "/api/v1/suppliers";
    },
    call: withKey,
  },
];

describe.each(LISTS)("$name at the offset cap", ({ fill, call }) => {
  it("never gives a next_offset beyond 100000: past it, next_offset is null while has_more stays true, and every next_offset given is accepted", async () => {
    const { orgId, key } = await orgWithKey();
    const path = await fill(orgId);
    const page = async (offset: number, limit: number) => {
      const body = await expectStatus(await call(`${path}?offset=${offset}&limit=${limit}`, key), 200);
      return { rows: body.data.length as number, has_more: body.has_more as boolean, next_offset: body.next_offset as number | null };
    };

    // Offsets 99999 and 100000 still hold rows: the next page starts at the cap, which the list accepts.
    expect(await page(CAP - 1, 1)).toEqual({ rows: 1, has_more: true, next_offset: CAP });
    // The page at the cap holds offset 100000; offset 100001 remains, but no request can reach it.
    expect(await page(CAP, 1)).toEqual({ rows: 1, has_more: true, next_offset: null });
    // A page that ends past the cap likewise: rows 99999 and 100000, then 100001 remains.
    expect(await page(CAP - 1, 2)).toEqual({ rows: 2, has_more: true, next_offset: null });
    await expectError(await call(`${path}?offset=${CAP + 1}&limit=1`, key), 400, "bad_request");

    // A client following next_offset from just before the cap is never refused.
    let offset: number | null = CAP - 3;
    let pages = 0;
    while (offset !== null) {
      offset = (await page(offset, 2)).next_offset;
      pages++;
    }
    // 99997–99998, 99999–100000, then null.
    expect(pages).toBe(2);
  }, 120_000);
});

/** The row at offset 100001 of the lists that also page by cursor, as their fill writes them (oldest last). */
const BEYOND_THE_CAP: Record<string, (orgId: string) => string> = {
  // The lot through the API is the newest; of the bulk lots, i = 0 was received first.
  "GET /api/v1/inventory": (orgId) => `${orgId}_lot_0`,
  // Sold at now − i: i = 100001 is the oldest.
  "GET /api/v1/sales": (orgId) => `${orgId}_sale_${ROWS - 1}`,
};

describe.each(LISTS.filter((list) => list.name in BEYOND_THE_CAP))("$name past the offset cap, by cursor", ({ name, fill, call }) => {
  it("the page at offset 100000 gives a next_cursor, and following it reaches the row no offset can", async () => {
    const { orgId, key } = await orgWithKey();
    const path = await fill(orgId);
    const atCap = await expectStatus(await call(`${path}?offset=${CAP}&limit=1`, key), 200);
    expect(atCap).toMatchObject({ has_more: true, next_offset: null, next_cursor: expect.any(String) });
    const beyond = await expectStatus(await call(`${path}?limit=1000&cursor=${encodeURIComponent(atCap.next_cursor)}`, key), 200);
    expect(beyond).toMatchObject({ has_more: false, next_offset: null, next_cursor: null });
    expect(beyond.data.map((row: { id: string }) => row.id)).toEqual([BEYOND_THE_CAP[name]!(orgId)]);
  }, 120_000);
});

describe.each(LISTS.filter((list) => list.name === "GET /api/v1/inventory" || list.name === "GET /api/v1/sales"))(
  "$name without limit",
  ({ fill, call }) => {
    it("answers a page of 200 rows, the documented default, and points to the next", async () => {
      const { orgId, key } = await orgWithKey();
      const path = await fill(orgId, 201);
      const body = await expectStatus(await call(path, key), 200);
      expect({ rows: body.data.length, has_more: body.has_more, next_offset: body.next_offset }).toEqual({
        rows: 200,
        has_more: true,
        next_offset: 200,
      });
    });
  },
);
