// The committed OpenAPI document (docs/openapi/inventory.json) against the Worker's real answers: a client generated
// from it, or a validator of responses, must accept every answer the service sends.
import { beforeAll, describe, expect, it } from "vitest";
import inventoryDocument from "../../docs/openapi/inventory.json?raw";
import { documentedAnswers } from "../openapi-conformance";
import { api } from "./helpers";
import { customer, lot, orgWithKey, post, sale, VALID_GSTINS } from "./stock-fixtures";

const expectDocumented = documentedAnswers(JSON.parse(inventoryDocument));

describe("the Worker's answers validate against docs/openapi/inventory.json", () => {
  let key: string;
  let buyerId: string;
  let booked: { id: string; invoice_number: string };
  let millId: string;

  beforeAll(async () => {
    let orgId: string;
    ({ orgId, key } = await orgWithKey());
    const buyer = await customer(orgId, { gstin: VALID_GSTINS[0] });
    buyerId = buyer.id;
    const { id: lotId } = await lot(orgId);
    booked = await sale(orgId, buyerId, [{ lot_id: lotId, kg: "100" }]);
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyerId, sale_id: booked.id, amount: "10000", method: "neft" });
    const invoice = await post(`/admin/api/orgs/${orgId}/mill-invoices`, {
      supplier_name: "Sri Ramalinga Mills",
      invoice_number: "SRM/7",
      amount: "25000",
    });
    await post(`/admin/api/orgs/${orgId}/mill-payments`, {
      supplier_name: "Sri Ramalinga Mills",
      mill_invoice_id: invoice.id,
      amount: "5000",
      method: "rtgs",
    });
    const mills = await expectDocumented(await api("/api/v1/suppliers", key), "get /api/v1/suppliers", 200);
    millId = mills.data.find((mill: { name: string }) => mill.name === "Sri Ramalinga Mills").id;
  });

  it("GET /inventory", async () => {
    const body = await expectDocumented(await api("/api/v1/inventory", key), "get /api/v1/inventory", 200);
    expect(body.data).toHaveLength(1);
  });

  it("GET /sales, /sales/{id} and /sales/by-invoice-number", async () => {
    const listed = await expectDocumented(await api("/api/v1/sales", key), "get /api/v1/sales", 200);
    expect(listed.data.map((row: { id: string }) => row.id)).toEqual([booked.id]);
    await expectDocumented(await api(`/api/v1/sales/${booked.id}`, key), "get /api/v1/sales/{id}", 200);
    const byNumber = `/api/v1/sales/by-invoice-number?invoice_number=${encodeURIComponent(booked.invoice_number)}`;
    const found = await expectDocumented(await api(byNumber, key), "get /api/v1/sales/by-invoice-number", 200);
    expect(found.data.id).toBe(booked.id);
  });

  it("GET /gst-summary of this month", async () => {
    await expectDocumented(await api("/api/v1/gst-summary", key), "get /api/v1/gst-summary", 200);
  });

  it("GET /customers and a customer's statement", async () => {
    const customers = await expectDocumented(await api("/api/v1/customers", key), "get /api/v1/customers", 200);
    expect(customers.data.map((row: { id: string }) => row.id)).toEqual([buyerId]);
    await expectDocumented(await api(`/api/v1/customers/${buyerId}/statement`, key), "get /api/v1/customers/{id}/statement", 200);
  });

  it("a mill's statement", async () => {
    await expectDocumented(await api(`/api/v1/suppliers/${millId}/statement`, key), "get /api/v1/suppliers/{id}/statement", 200);
  });

  it("a refused request: 400 in the error envelope, and 404 for an unknown sale", async () => {
    const refused = await expectDocumented(await api("/api/v1/sales?limit=0", key), "get /api/v1/sales", 400);
    expect(refused.code).toBe("bad_request");
    await expectDocumented(await api("/api/v1/sales/sale_unknown", key), "get /api/v1/sales/{id}", 404);
  });
});
