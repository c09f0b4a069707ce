import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, istDateOf } from "../../../src/inventory/domain/ist";
import { CustomerBalancesPageSchema } from "../../../src/inventory/ledger/schemas";
import { parseCsv } from "../domain/csv-parse";
import { admin, api, createKey, expectError, expectStatus } from "../helpers";
import { sameMillisecondIds } from "../../same-millisecond";
import { customer, lot, orgWithKey, post, sale } from "../stock-fixtures";

const today = istDateOf(Date.now());

describe("GET /api/v1/customers", () => {
  let orgId: string;
  let key: string;
  let buyer: { id: string };
  let quiet: { id: string };

  beforeAll(async () => {
    ({ orgId, key } = await orgWithKey());
    buyer = await customer(orgId, { name: "Kumaran Knit Fabrics", gstin: "33AAECG4315R1ZE", credit_limit: "500000" });
    quiet = await customer(orgId, { name: "No dealings yet" });
    const l = await lot(orgId, { received_at: new Date(Date.parse(`${addDays(today, -120)}T10:00:00+05:30`)).toISOString() });
    // Each sale: 10 kg × 100.00 = 1000.00 + 5 % = 1050.00. Booked in date order.
    const book = (daysAgo: number) =>
      sale(orgId, buyer.id, [{ lot_id: l.id, kg: "10", rate_per_kg: "100" }], { sale_date: addDays(today, -daysAgo) });
    const over90 = await book(100);
    await book(75);
    const mid = await book(45);
    await book(10);
    const cancelled = await book(5);
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, sale_id: over90.id, amount: "50", method: "upi" });
    await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, sale_id: mid.id, amount: "50" });
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, sale_id: cancelled.id, amount: "160", method: "upi" });
    await expectStatus(await admin("POST", `/admin/api/sales/${cancelled.id}/cancel`), 200);
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, amount: "40", method: "neft" });
  });

  it("ages each open invoice by its sale date and holds money on account apart", async () => {
    const page = CustomerBalancesPageSchema.parse(await expectStatus(await api("/api/v1/customers", key), 200));
    expect(page.data.map((c) => c.id)).toEqual([buyer.id, quiet.id]);
    // 100 days: 1050 − 50 paid = 1000; 75 days: 1050; 45 days: 1050 − 50 credited = 1000; 10 days: 1050.
    // On account: 160 paid against the cancelled sale + 40 with no invoice = 200. Outstanding 4100 − 200 = 3900.
    expect(page.data[0]).toEqual({
      id: buyer.id,
      name: "Kumaran Knit Fabrics",
      gstin: "33AAECG4315R1ZE",
      credit_limit: "500000.00",
      outstanding: "3900.00",
      on_account: "200.00",
      ageing: { "0_30": "1050.00", "31_60": "1000.00", "61_90": "1050.00", over_90: "1000.00" },
    });
    expect(page.data[1]).toMatchObject({
      outstanding: "0.00",
      on_account: "0.00",
      ageing: { "0_30": "0.00", "31_60": "0.00", "61_90": "0.00", over_90: "0.00" },
    });
  });

  it("agrees with the customers export's outstanding", async () => {
    const response = await api("/api/v1/export/customers", key);
    const rows = parseCsv(await response.text());
    const exported = rows.find((r) => r[0] === buyer.id)!;
    expect(exported[exported.length - 1]).toBe("3900.00");
  });

  it("pages, needs customers:read (sales:read and exports:read do not open it), and shows only the key's organisation", async () => {
    const first = CustomerBalancesPageSchema.parse(await expectStatus(await api("/api/v1/customers?limit=1", key), 200));
    expect(first).toMatchObject({ has_more: true, next_offset: 1 });
    const second = CustomerBalancesPageSchema.parse(await expectStatus(await api("/api/v1/customers?limit=1&offset=1", key), 200));
    expect(second.data.map((c) => c.id)).toEqual([quiet.id]);
    expect(second.has_more).toBe(false);
    await expectError(await api("/api/v1/customers?limit=0", key), 400, "bad_request");
    await expectError(await api("/api/v1/customers", null), 401, "missing_token");
    for (const scope of ["inventory:read", "sales:read", "suppliers:read", "exports:read"] as const) {
      await expectError(await api("/api/v1/customers", (await createKey(orgId, { scopes: [scope] })).key), 403, "missing_scope");
    }
    const customersOnly = await createKey(orgId, { scopes: ["customers:read"] });
    const listed = CustomerBalancesPageSchema.parse(await expectStatus(await api("/api/v1/customers", customersOnly.key), 200));
    expect(listed.data.map((c) => c.id)).toEqual([buyer.id, quiet.id]);
    const other = await orgWithKey();
    expect(CustomerBalancesPageSchema.parse(await expectStatus(await api("/api/v1/customers", other.key), 200)).data).toEqual([]);
  });

  it("lists customers written in the same millisecond in the order they were written, in the list and the export", async () => {
    const { orgId: org, key: orgKey } = await orgWithKey();
    const at = Date.now();
    const written = sameMillisecondIds("cust", 4, at);
    await env.DB.batch(
      written.map((id, i) =>
        env.DB.prepare("INSERT INTO customers (id, org_id, name, created_at) VALUES (?1, ?2, ?3, ?4)").bind(id, org, `Bulk entry ${i + 1}`, at),
      ),
    );
    const listed = CustomerBalancesPageSchema.parse(await expectStatus(await api("/api/v1/customers", orgKey), 200));
    expect(listed.data.map((c) => c.id)).toEqual(written);
    const paged: string[] = [];
    for (let offset = 0; offset < written.length; offset += 3) {
      const page = CustomerBalancesPageSchema.parse(await expectStatus(await api(`/api/v1/customers?limit=3&offset=${offset}`, orgKey), 200));
      paged.push(...page.data.map((c) => c.id));
    }
    expect(paged).toEqual(written);
    const exported = parseCsv(await (await api("/api/v1/export/customers", orgKey)).text());
    expect(exported.slice(1).map((r) => r[0])).toEqual(written);
  });
});
