import { beforeAll, describe, expect, it } from "vitest";
import { SaleSchema, SalesPageSchema } from "../../../src/inventory/sales/schemas";
import { admin, api, createKey, expectError, expectStatus } from "../helpers";
import { customer, lot, orgWithKey, sale } from "../stock-fixtures";

const one = async (path: string, key: string) => SaleSchema.parse((await expectStatus<{ data: unknown }>(await api(path, key), 200)).data);

describe("GET /api/v1/sales/{id} and /api/v1/sales/by-invoice-number", () => {
  let orgId: string;
  let key: string;
  let booked: ReturnType<typeof SaleSchema.parse>;

  beforeAll(async () => {
    ({ orgId, key } = await orgWithKey());
    const buyer = await customer(orgId, { name: "Kumaran Knit Fabrics, Tiruppur", gstin: "33AAECG4315R1ZE" });
    const l = await lot(orgId);
    booked = SaleSchema.parse(await sale(orgId, buyer.id, [{ lot_id: l.id, kg: "1.5" }])); // 1.5 kg × 320.00 = 480.00 + 5 % = 504.00
  });

  it("answer the same sale, with its items and amounts, by id and by invoice number (slashes encoded or not)", async () => {
    const byId = await one(`/api/v1/sales/${booked.id}`, key);
    expect(byId).toEqual(booked);
    expect(byId).toMatchObject({ taxable_amount: "480.00", gst_amount: "24.00", total_amount: "504.00", status: "confirmed" });
    expect(await one(`/api/v1/sales/by-invoice-number?invoice_number=${booked.invoice_number}`, key)).toEqual(booked);
    expect(await one(`/api/v1/sales/by-invoice-number?invoice_number=${encodeURIComponent(booked.invoice_number)}`, key)).toEqual(booked);
  });

  it("list an invoice's lines in the order they were written, on the sale as booked, by id, by number and in the sales list", async () => {
    // Eight lots of the same SKU: nothing but the order of entry tells the lines apart.
    const buyer = await customer(orgId);
    const lots: string[] = [];
    for (let i = 0; i < 8; i++) lots.push((await lot(orgId, { kg: "10" })).id);
    const written = lots.map((lot_id, i) => ({ lot_id, kg: `${i + 1}` }));
    const booked = SaleSchema.parse(await sale(orgId, buyer.id, written));
    const lineOrder = (s: ReturnType<typeof SaleSchema.parse>) => s.items.map((i) => [i.lot_id, i.kg]);
    const expected = written.map((w) => [w.lot_id, `${w.kg}.000`]);
    expect(lineOrder(booked)).toEqual(expected);
    expect(lineOrder(await one(`/api/v1/sales/${booked.id}`, key))).toEqual(expected);
    expect(lineOrder(await one(`/api/v1/sales/by-invoice-number?invoice_number=${booked.invoice_number}`, key))).toEqual(expected);
    const listed = SalesPageSchema.parse(await expectStatus(await api("/api/v1/sales?limit=1000", key), 200)).data.find((s) => s.id === booked.id)!;
    expect(lineOrder(listed)).toEqual(expected);
  });

  it("show a cancelled sale with its status", async () => {
    const buyer = await customer(orgId);
    const l = await lot(orgId);
    const s = await sale(orgId, buyer.id, [{ lot_id: l.id, kg: "1" }]);
    await expectStatus(await admin("POST", `/admin/api/sales/${s.id}/cancel`), 200);
    expect((await one(`/api/v1/sales/${s.id}`, key)).status).toBe("cancelled");
  });

  it("are 404 for unknown sales and for another organisation's, 400 for a malformed number, and need sales:read", async () => {
    const other = await orgWithKey();
    await expectError(await api(`/api/v1/sales/${booked.id}`, other.key), 404, "not_found");
    await expectError(await api(`/api/v1/sales/by-invoice-number?invoice_number=${booked.invoice_number}`, other.key), 404, "not_found");
    await expectError(await api("/api/v1/sales/sale_nope", key), 404, "not_found");
    await expectError(await api("/api/v1/sales/by-invoice-number?invoice_number=INV/2627/999999", key), 404, "not_found");
    const message = await expectError(await api("/api/v1/sales/by-invoice-number?invoice_number=42", key), 400, "bad_request");
    expect(message.startsWith("invoice_number")).toBe(true);
    await expectError(await api("/api/v1/sales/by-invoice-number", key), 400, "bad_request");
    await expectError(await api(`/api/v1/sales/${booked.id}`, null), 401, "missing_token");
    const inventoryOnly = await createKey(orgId, { scopes: ["inventory:read"] });
    await expectError(await api(`/api/v1/sales/${booked.id}`, inventoryOnly.key), 403, "missing_scope");
    await expectError(await api(`/api/v1/sales/by-invoice-number?invoice_number=${booked.invoice_number}`, inventoryOnly.key), 403, "missing_scope");
  });

  it("are in the OpenAPI document with their scope, parameters and read headers", async () => {
    const document = await expectStatus<any>(await api("/api/v1/openapi.json", null), 200);
    const byId = document.paths["/api/v1/sales/{id}"].get;
    const byNumber = document.paths["/api/v1/sales/by-invoice-number"].get;
    for (const operation of [byId, byNumber]) {
      expect(operation.security).toBeDefined();
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["200", "401", "403", "404", "429"]));
      expect(operation.responses["200"].headers["X-D1-Bookmark"]).toBeDefined();
    }
    expect(byNumber.parameters.map((p: { name: string }) => p.name)).toContain("invoice_number");
  });
});
