import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays, istDateOf } from "../../../src/inventory/domain/ist";
import { SupplierPayablesPageSchema } from "../../../src/inventory/ledger/schemas";
import { api, createKey, expectError, expectStatus } from "../helpers";
import { sameMillisecondIds } from "../../same-millisecond";
import { orgWithKey, post } from "../stock-fixtures";

const today = istDateOf(Date.now());

describe("GET /api/v1/suppliers", () => {
  it("shows each mill's invoices, payments and what is payable; needs suppliers:read; only the key's organisation", async () => {
    const { orgId, key } = await orgWithKey();
    const srm = await post(`/admin/api/orgs/${orgId}/mill-invoices`, {
      supplier_name: "Sri Ramalinga Mills",
      invoice_number: "SRM/1",
      amount: "2,45,000.00",
      date: addDays(today, -20),
    });
    await post(`/admin/api/orgs/${orgId}/mill-invoices`, {
      supplier_name: "Sri Ramalinga Mills",
      invoice_number: "SRM/2",
      amount: "55,000.50",
      date: addDays(today, -5),
    });
    await post(`/admin/api/orgs/${orgId}/mill-payments`, {
      supplier_name: "Sri Ramalinga Mills",
      mill_invoice_id: srm.id,
      amount: "1,00,000",
      method: "rtgs",
    });
    await post(`/admin/api/orgs/${orgId}/mill-payments`, { supplier_name: "Vardhman Spinning", amount: "10,000", method: "neft" });
    const page = SupplierPayablesPageSchema.parse(await expectStatus(await api("/api/v1/suppliers", key), 200));
    // Sri Ramalinga: 245000.00 + 55000.50 = 300000.50 invoiced, 100000.00 paid → 200000.50 payable.
    // Vardhman: nothing invoiced, 10000.00 paid in advance → -10000.00.
    expect(page.data.map(({ id: _id, ...rest }) => rest)).toEqual([
      {
        name: "Sri Ramalinga Mills",
        gstin: null,
        invoiced: "300000.50",
        paid: "100000.00",
        payable: "200000.50",
        oldest_invoice_date: addDays(today, -20),
      },
      { name: "Vardhman Spinning", gstin: null, invoiced: "0.00", paid: "10000.00", payable: "-10000.00", oldest_invoice_date: null },
    ]);
    expect(page).toMatchObject({ has_more: false, next_offset: null });
    await expectError(await api("/api/v1/suppliers", null), 401, "missing_token");
    // Mills' accounts are not part of sales, nor of the CSV exports.
    for (const scope of ["sales:read", "customers:read", "exports:read"] as const) {
      await expectError(await api("/api/v1/suppliers", (await createKey(orgId, { scopes: [scope] })).key), 403, "missing_scope");
    }
    const suppliersOnly = await createKey(orgId, { scopes: ["suppliers:read"] });
    expect(SupplierPayablesPageSchema.parse(await expectStatus(await api("/api/v1/suppliers", suppliersOnly.key), 200)).data).toEqual(page.data);
    await expectError(await api("/api/v1/suppliers?offset=-1", key), 400, "bad_request");
    const other = await orgWithKey();
    expect(SupplierPayablesPageSchema.parse(await expectStatus(await api("/api/v1/suppliers", other.key), 200)).data).toEqual([]);
  });

  it("lists mills written in the same millisecond in the order they were written", async () => {
    const { orgId, key } = await orgWithKey();
    const at = Date.now();
    const written = sameMillisecondIds("mill", 4, at);
    await env.DB.batch(
      written.map((id, i) =>
        env.DB.prepare("INSERT INTO suppliers (id, org_id, name, created_at) VALUES (?1, ?2, ?3, ?4)").bind(id, orgId, `Mill ${i + 1}`, at),
      ),
    );
    const page = SupplierPayablesPageSchema.parse(await expectStatus(await api("/api/v1/suppliers", key), 200));
    expect(page.data.map((m) => m.id)).toEqual(written);
  });
});
