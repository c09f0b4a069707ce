import { fetchWorker } from "../worker-under-test";
import { describe, expect, it } from "vitest";

describe("OpenAPI document: stock, sales and exports", () => {
  it("documents every read path with its parameters, headers and error codes, and every back-office write", async () => {
    const document = await (await fetchWorker("http://inventory.test/api/v1/openapi.json")).json<any>();
    const params = (path: string) => (document.paths[path].get.parameters as Array<{ name: string; in: string }>).map((p) => `${p.in}:${p.name}`);
    expect(params("/api/v1/inventory")).toEqual(
      expect.arrayContaining(["query:limit", "query:offset", "query:godown_code", "query:yarn_type", "header:x-d1-bookmark"]),
    );
    expect(params("/api/v1/sales")).toEqual(
      expect.arrayContaining(["query:limit", "query:offset", "query:from", "query:to", "header:x-d1-bookmark"]),
    );
    expect(params("/api/v1/gst-summary")).toEqual(["query:month", "header:x-d1-bookmark"]);
    for (const [path, scope] of [
      ["/api/v1/inventory", "inventory:read"],
      ["/api/v1/sales", "sales:read"],
      ["/api/v1/gst-summary", "sales:read"],
      ["/api/v1/customers", "customers:read"],
      ["/api/v1/customers/{id}/statement", "customers:read"],
      ["/api/v1/export/customers", "exports:read"],
      ["/api/v1/export/expenses", "exports:read"],
      ["/api/v1/export/mill-payments", "exports:read"],
      ["/api/v1/export/customers/{id}/statement", "exports:read"],
      ["/api/v1/suppliers", "suppliers:read"],
      ["/api/v1/suppliers/{id}/statement", "suppliers:read"],
      ["/api/v1/export/suppliers/{id}/statement", "exports:read"],
    ] as const) {
      const responses = document.paths[path].get.responses;
      expect(Object.keys(responses)).toEqual(expect.arrayContaining(["200", "400", "401", "403", "429", "500"]));
      // The key headers of the API description (sections 3 and 5): a key's expiry, and a rotated key in its grace.
      expect(Object.keys(responses["200"].headers)).toEqual(
        expect.arrayContaining([
          "X-D1-Bookmark",
          "X-RateLimit-Limit",
          "X-RateLimit-Remaining",
          "X-RateLimit-Reset",
          "X-Service-Key-Expires",
          "X-Service-Key-Superseded",
        ]),
      );
      expect(document.paths[path].get.security).toEqual([{ apiKey: [scope] }]);
    }
    expect(Object.keys(document.paths["/api/v1/export/customers"].get.responses["200"].content)).toEqual(["text/csv; charset=utf-8"]);
    expect(document.components.securitySchemes.apiKey.description).toContain("X-Service-Key-Expires");
    expect(document.components.securitySchemes.apiKey.description).toContain("X-Service-Key-Superseded");
    expect(document.paths["/admin/api/orgs/{id}/sales"].post.responses["409"].description).toContain("insufficient_stock");
    for (const path of ["customers", "lots", "sales", "payments", "credit-notes", "expenses", "mill-invoices", "mill-payments"]) {
      expect(document.paths[`/admin/api/orgs/{id}/${path}`].post.requestBody, path).toBeDefined();
    }
    expect(document.paths["/admin/api/orgs/{id}/annual-returns/{financialYear}"].put.requestBody).toBeDefined();
    // Removing a recorded day is the operator's alone, and takes no body.
    const removal = document.paths["/admin/api/orgs/{id}/annual-returns/{financialYear}"].delete;
    expect([removal.requestBody, removal.security, Object.keys(removal.responses)]).toEqual([
      undefined,
      [{ operatorToken: [] }],
      expect.arrayContaining(["200", "400", "401", "403", "404", "429"]),
    ]);
    expect(document.paths["/admin/api/sales/{id}/cancel"].post).toBeDefined();
    expect(document.paths["/admin/api/sales/{id}/dispatch"].post).toBeDefined();
    expect(document.components.schemas.Lot.properties).toHaveProperty("kg_remaining");
    expect(document.components.schemas.Sale.properties).toHaveProperty("invoice_number");
  });
});
