// The API reference page, and the service's root and `/admin/` leading somewhere useful.
import { env } from "cloudflare:test";
import { fetchWorker } from "../worker-under-test";
import { describe, expect, it } from "vitest";
import {
  errorCodeProblems,
  errorsWithoutEnvelope,
  tagProblems,
  undeclaredBodyErrors,
  undeclaredIdempotencyErrors,
  undeclaredValidationErrors,
  undescribedOperations,
} from "../openapi-rules";
import inventoryDocument from "../../docs/openapi/inventory.json?raw";
import apiGuide from "../../docs/inventory-api.md?raw";
import { documentedErrorStatuses } from "../error-table";
import { inventoryErrors } from "../../src/inventory/http/errors";
import { PAGE_CSP } from "../../src/platform/ui/headers";
import { INVENTORY_SCOPES, type InventoryScope } from "../../src/inventory/keys/api-key-auth";
import { OPERATOR_ONLY_DESCRIPTION, ORG_SELECTION_DESCRIPTION } from "../../src/inventory/orgs/operator-auth";
import { SALE_SELECTION_DESCRIPTION } from "../../src/inventory/sales/resolve-sale-org";
import { admin, api, createKey, createOrg, expectError, expectStatus, type TestKey } from "./helpers";
import { post } from "./stock-fixtures";
import { headerExample, RATE_LIMIT_POLICY, RATE_LIMIT_STATE } from "../rate-limit-syntax";

const INV = "http://inventory.test";

describe("API reference at /api/v1/docs", () => {
  it("is an HTML page under the pages' CSP loading Swagger UI from this Worker", async () => {
    const response = await fetchWorker(`${INV}/api/v1/docs`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Security-Policy")).toBe(PAGE_CSP);
    expect(html).toContain('<script src="/api/v1/docs/swagger-ui-bundle.js"></script>');
    const bundle = await fetchWorker(`${INV}/api/v1/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(await bundle.text()).toContain("SwaggerUIBundle");
  });

  it("/ leads to the API reference and /admin/ to the admin area", async () => {
    const root = await fetchWorker(`${INV}/`, { redirect: "manual" });
    expect(root.status).toBe(302);
    expect(root.headers.get("Location")).toBe("/api/v1/docs");
    const admin = await fetchWorker(`${INV}/admin/`, { redirect: "manual" });
    expect(admin.status).toBe(301);
    expect(admin.headers.get("Location")).toBe("/admin");
    for (const base of ["/api/v1", "/api/v1/"]) {
      const response = await fetchWorker(`${INV}${base}`, { redirect: "manual" });
      expect(response.status, base).toBe(302);
      expect(response.headers.get("Location")).toBe("/api/v1/docs");
    }
  });
});

describe("the committed OpenAPI document", () => {
  it("docs/openapi/inventory.json is exactly the served document (refresh it with npm run openapi)", async () => {
    const response = await fetchWorker(`${INV}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(JSON.parse(inventoryDocument));
  });

  it("every operation has a unique operationId and a security requirement", () => {
    const document = JSON.parse(inventoryDocument) as { paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>> };
    const ids: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]+$/);
        expect(Array.isArray(operation.security), `${method} ${path}`).toBe(true);
        ids.push(operation.operationId!);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("descriptions and tags in the reference", () => {
  it("every operation has a description, and the tags that group them are each declared once, described and used", async () => {
    const document = await served();
    expect(undescribedOperations(document)).toEqual([]);
    expect(tagProblems(document)).toEqual([]);
  });

  it("every management operation whose path names the organisation opens its description with how the organisation is chosen", () => {
    type Described = { description?: string; security?: Array<Record<string, string[]>> };
    const document = JSON.parse(inventoryDocument) as { paths: Record<string, Record<string, Described>> };
    const naming: string[] = [];
    const silent: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      if (path !== "/admin/api/orgs/{id}" && !path.startsWith("/admin/api/orgs/{id}/")) continue;
      for (const [method, operation] of Object.entries(item)) {
        naming.push(`${method} ${path}`);
        // A change only the operator's token may make says that instead: a session gets no further than 403.
        const operatorOnly = JSON.stringify(operation.security) === JSON.stringify([{ operatorToken: [] }]);
        const opening = operatorOnly ? OPERATOR_ONLY_DESCRIPTION : ORG_SELECTION_DESCRIPTION;
        if (!operation.description?.startsWith(`${opening} `)) silent.push(`${method} ${path}`);
      }
    }
    // The organisation, its keys and audit log, every webhook endpoint and events operation, and the back-office writes.
    expect(naming.length).toBeGreaterThanOrEqual(30);
    expect(silent).toEqual([]);
  });

  it("every operation on a sale by its id opens its description with whose sales the caller may name", () => {
    const document = JSON.parse(inventoryDocument) as { paths: Record<string, Record<string, { description?: string }>> };
    const onSales = Object.entries(document.paths)
      .filter(([path]) => path.startsWith("/admin/api/sales/{id}/"))
      .flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ at: `${method} ${path}`, operation })));
    // Cancelling, dispatching and taking goods back.
    expect(onSales.length).toBeGreaterThanOrEqual(3);
    expect(onSales.filter(({ operation }) => !operation.description?.startsWith(`${SALE_SELECTION_DESCRIPTION} `)).map(({ at }) => at)).toEqual([]);
  });
});

describe("declared errors", () => {
  it("the guide's Errors table lists every code the service answers with, under its status, and no other", () => {
    expect(documentedErrorStatuses(apiGuide)).toEqual(inventoryErrors.statusOf);
  });

  it("every error answer names its codes, each one of the catalogue under its status, and every operation its internal error", () => {
    expect(errorCodeProblems(JSON.parse(inventoryDocument), inventoryErrors.statusOf, inventoryErrors.codeOf.internal)).toEqual([]);
  });

  it("every operation that validates a parameter, header or body declares its 400", () => {
    expect(undeclaredValidationErrors(JSON.parse(inventoryDocument))).toEqual([]);
  });

  it("every operation taking an Idempotency-Key declares its 409 and 422, which organisation creation answers like any other", async () => {
    const idempotencyKey = `org-${crypto.randomUUID()}`;
    const create = (name: string) =>
      fetchWorker(`${INV}/admin/api/orgs`, {
        method: "POST",
        headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
        body: JSON.stringify({ name, plan: "business" }),
      });
    await expectStatus(await create("Sri Ganesh Mills"), 201);
    await expectError(await create("Sri Murugan Mills"), 422, "idempotency_key_reused");
    expect(undeclaredIdempotencyErrors(await served())).toEqual([]);
  });

  it("every operation that reads a body declares its 413 and 415, which key creation answers like any other", async () => {
    const orgId = await createOrg();
    const asText = await fetchWorker(`${INV}/admin/api/orgs/${orgId}/keys`, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, "Content-Type": "text/plain" },
      body: JSON.stringify({ access: "read_only" }),
    });
    await expectError(asText, 415, "unsupported_media_type");
    await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/keys`, { access: "read_only", name: "x".repeat(20_000) }),
      413,
      "payload_too_large",
    );
    expect(undeclaredBodyErrors(await served())).toEqual([]);
  });

  it("every declared error is the error envelope", async () => {
    expect(errorsWithoutEnvelope(await served(), "#/components/schemas/Error")).toEqual([]);
  });
});

describe("generated operation details", () => {
  it("operator-only changes name the operator token alone; other management takes a session too", () => {
    const document = JSON.parse(inventoryDocument) as { paths: Record<string, Record<string, { security: Array<Record<string, string[]>> }>> };
    expect(document.paths["/admin/api/orgs"]!.post!.security).toEqual([{ operatorToken: [] }]);
    expect(document.paths["/admin/api/orgs"]!.get!.security).toEqual([{ operatorToken: [] }, { session: [] }]);
    expect(document.paths["/admin/api/orgs/{id}"]!.patch!.security).toEqual([{ operatorToken: [] }]);
    expect(document.paths["/admin/api/orgs/{id}"]!.get!.security).toEqual([{ operatorToken: [] }, { session: [] }]);
    expect(document.paths["/api/v1/inventory"]!.get!.security).toEqual([{ apiKey: ["inventory:read"] }]);
    expect(document.paths["/api/v1/health"]!.get!.security).toEqual([]);
  });

  it("each void operation's summary names its entry with the article English gives it", () => {
    const document = JSON.parse(inventoryDocument) as { paths: Record<string, Record<string, { summary: string }>> };
    const summaryOf = (entries: string) => document.paths[`/admin/api/orgs/{id}/${entries}/{entryId}/void`]!.post!.summary;
    expect(summaryOf("expenses")).toBe("Void an expense, with a reason");
    expect(summaryOf("payments")).toBe("Void a payment, with a reason");
    expect(summaryOf("credit-notes")).toBe("Void a credit note, with a reason");
    expect(summaryOf("mill-invoices")).toBe("Void a mill invoice, with a reason");
    expect(summaryOf("mill-payments")).toBe("Void a mill payment, with a reason");
  });
});

type Operation = {
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { headers?: Record<string, { $ref?: string }>; content?: Record<string, { schema?: { $ref?: string } }> }>;
};
const served = async (): Promise<{ paths: Record<string, Record<string, Operation>>; components: { headers: Record<string, unknown> } }> =>
  (await fetchWorker(`${INV}/api/v1/openapi.json`)).json();

/**
 * Every keyed read and the one scope that opens it, as the scopes are defined to users (docs/inventory-api.md,
 * "Scopes"): written by hand, so a read mapped onto another scope, or a new read nobody mapped, fails here.
 * Customers' contacts and credit, and mills' accounts, are their own scopes: neither sales nor exports open them.
 */
const SCOPE_OF_READ: Record<string, InventoryScope> = {
  "/api/v1/inventory": "inventory:read",
  "/api/v1/sales": "sales:read",
  "/api/v1/sales/{id}": "sales:read",
  "/api/v1/sales/by-invoice-number": "sales:read",
  "/api/v1/gst-summary": "sales:read",
  "/api/v1/customers": "customers:read",
  "/api/v1/customers/{id}/statement": "customers:read",
  "/api/v1/suppliers": "suppliers:read",
  "/api/v1/suppliers/{id}/statement": "suppliers:read",
  "/api/v1/export/customers": "exports:read",
  "/api/v1/export/customers/{id}/statement": "exports:read",
  "/api/v1/export/suppliers/{id}/statement": "exports:read",
  "/api/v1/export/expenses": "exports:read",
  "/api/v1/export/mill-payments": "exports:read",
};

/** The documented v1 operations that take no key: neither a scope nor a key's access applies to them. */
const PUBLIC_V1_PATHS = ["/api/v1/health"];

describe("scopes and response headers in the document", () => {
  it("each v1 operation names the one scope its resource belongs to", async () => {
    const document = await served();
    const named: Record<string, string[] | undefined> = {};
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const scopes = operation.security?.find((requirement) => "apiKey" in requirement)?.apiKey;
        if (scopes === undefined) continue;
        expect(method, path).toBe("get");
        named[path] = scopes;
      }
    }
    expect(named).toEqual(Object.fromEntries(Object.entries(SCOPE_OF_READ).map(([path, scope]) => [path, [scope]])));
  });

  it("a key with one scope reaches the reads of that scope and gets 403 missing_scope on every other; a key with no scopes reaches every read", async () => {
    const orgId = await createOrg();
    const everything = await createKey(orgId);
    const buyer = await post<{ id: string }>(`/admin/api/orgs/${orgId}/customers`, { name: "Kumaran Knit Fabrics", contact: "98430 12345" });
    const received = await post<{ id: string }>(`/admin/api/orgs/${orgId}/lots`, {
      lot_number: "SKSM-2611-0457",
      sku: "CTN-CMB-30S1-RW",
      yarn_type: "cotton_combed",
      godown_code: "TPR-1",
      kg: "500",
      cost_per_kg: "298.50",
      supplier_name: "Sri Kannapiran Spinning Mills",
    });
    const sold = await post<{ id: string; invoice_number: string }>(`/admin/api/orgs/${orgId}/sales`, {
      customer_id: buyer.id,
      items: [{ lot_id: received.id, kg: "50", rate_per_kg: "313.50" }],
    });
    const mills = await expectStatus<{ data: Array<{ id: string }> }>(await api("/api/v1/suppliers", everything.key), 200);
    const ids: Record<string, string> = { customers: buyer.id, suppliers: mills.data[0]!.id, sales: sold.id };
    // Each path with the ids of this organisation's rows, so a read its key may make answers 200.
    const url = (path: string) =>
      path.replace(/\/(customers|suppliers|sales)\/\{id\}/, (_, records: string) => `/${records}/${ids[records]}`) +
      (path.endsWith("/by-invoice-number") ? `?invoice_number=${encodeURIComponent(sold.invoice_number)}` : "");

    const keys: Array<[string, TestKey, InventoryScope | null]> = [["no scopes", everything, null]];
    for (const scope of INVENTORY_SCOPES) keys.push([scope, await createKey(orgId, { scopes: [scope] }), scope]);
    for (const [holding, key, scope] of keys) {
      for (const [path, needed] of Object.entries(SCOPE_OF_READ)) {
        const response = await api(url(path), key.key);
        const body = await response.text();
        const expected = scope === null || scope === needed ? 200 : 403;
        expect(response.status, `${path} with ${holding}: ${body}`).toBe(expected);
        if (expected === 403) expect(JSON.parse(body)).toEqual({ error: expect.stringContaining(needed), code: "missing_scope" });
        expect(response.headers.get("X-RateLimit-Limit"), `${path} with ${holding}`).toBe("1200");
      }
    }
  });

  it("every write method on every keyed v1 path: 403 read_only_key for a read-only key (with or without scopes), 405 for a read_write key", async () => {
    const document = await served();
    const orgId = await createOrg();
    const readOnly = await createKey(orgId, { access: "read_only" });
    const readOnlyScoped = await createKey(orgId, { access: "read_only", scopes: ["sales:read"] });
    const readWrite = await createKey(orgId, { access: "read_write" });
    const paths = Object.keys(document.paths).filter((path) => path.startsWith("/api/v1/") && !PUBLIC_V1_PATHS.includes(path));
    expect(paths.length).toBeGreaterThanOrEqual(9);
    for (const path of paths) {
      const url = path.replace(/\{[^}]+\}/g, "id_x");
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        for (const key of [readOnly, readOnlyScoped]) {
          const response = await api(url, key.key, { method, body: "{}" });
          expect(response.status, `${method} ${path}`).toBe(403);
          expect(await response.json()).toEqual({ error: expect.any(String), code: "read_only_key" });
        }
        const response = await api(url, readWrite.key, { method, body: "{}" });
        expect(response.status, `${method} ${path}`).toBe(405);
        // RFC 9110 section 15.5.6: a 405 names the methods the resource does support.
        expect(response.headers.get("Allow"), `${method} ${path}`).toBe("GET");
        expect(((await response.json()) as { code: string }).code).toBe("method_not_allowed");
      }
    }
  });

  it("a write to a v1 path that does not exist is 404 not_found, whatever the key; to the public document or health, 405", async () => {
    const orgId = await createOrg();
    const keys = [null, (await createKey(orgId, { access: "read_only" })).key, (await createKey(orgId, { access: "read_write" })).key];
    for (const key of keys) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        for (const path of ["/api/v1/slaes", "/api/v1/export/ledger", "/api/v1/inventory/lot_x"]) {
          const response = await api(path, key, { method, body: "{}" });
          expect(response.status, `${method} ${path}`).toBe(404);
          expect(await response.json()).toEqual({ error: expect.any(String), code: "not_found" });
        }
        for (const path of ["/api/v1/openapi.json", ...PUBLIC_V1_PATHS]) {
          const response = await api(path, key, { method, body: "{}" });
          expect(response.status, `${method} ${path}`).toBe(405);
          expect(response.headers.get("Allow"), `${method} ${path}`).toBe("GET");
          expect(await response.json()).toEqual({ error: expect.any(String), code: "method_not_allowed" });
        }
      }
    }
    // Other methods on an endpoint name the one it supports.
    for (const path of ["/api/v1/inventory", "/api/v1/sales/sale_x", "/api/v1/export/customers"]) {
      const response = await api(path, null, { method: "OPTIONS" });
      expect(response.status, path).toBe(405);
      expect(response.headers.get("Allow"), path).toBe("GET");
      await response.arrayBuffer();
    }
  });

  it("the document's examples of RateLimit-Policy and RateLimit have the syntax the answers use", async () => {
    const document = await served();
    expect(headerExample(document, "RateLimit-Policy")).toMatch(RATE_LIMIT_POLICY);
    expect(headerExample(document, "RateLimit")).toMatch(RATE_LIMIT_STATE);
    const key = await createKey(await createOrg());
    const response = await api("/api/v1/inventory", key.key);
    expect(response.status).toBe(200);
    expect(response.headers.get("RateLimit-Policy")).toMatch(RATE_LIMIT_POLICY);
    expect(response.headers.get("RateLimit")).toMatch(RATE_LIMIT_STATE);
  });

  it("a keyed answer carries the headers its response declares", async () => {
    const document = await served();
    const declared = Object.keys(document.paths["/api/v1/inventory"]!.get!.responses["200"]!.headers ?? {});
    for (const name of declared.filter((name) => !name.startsWith("X-D1"))) expect(document.components.headers, name).toHaveProperty(name);
    const orgId = await createOrg();
    const key = await createKey(orgId);
    const response = await api("/api/v1/inventory", key.key);
    expect(response.status).toBe(200);
    // Sent only on a replay, for a key with an expiry (near it), or for a rotated key in its grace.
    const conditional = new Set(["Idempotent-Replayed", "X-Service-Key-Expires-Soon", "X-Service-Key-Expires", "X-Service-Key-Superseded"]);
    for (const name of declared.filter((name) => !conditional.has(name))) expect(response.headers.has(name), name).toBe(true);
    expect(declared).toEqual(
      expect.arrayContaining(["X-Request-Id", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "RateLimit", "RateLimit-Policy"]),
    );
  });

  it("refusals to a rotated key with an expiry carry its key-state headers, and every keyed answer of the document declares them", async () => {
    const key = await createKey(await createOrg("business"), {
      scopes: ["sales:read"],
      expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    await expectStatus(await admin("POST", `/admin/api/keys/${key.id}/rotate`, { grace_hours: 24 }), 201);
    for (const [path, status] of [
      ["/api/v1/sales?limit=0", 400],
      ["/api/v1/inventory", 403],
      ["/api/v1/sales/sale_00000000000000000000000000", 404],
    ] as const) {
      const response = await api(path, key.key);
      expect(response.status, path).toBe(status);
      expect(response.headers.get("X-Service-Key-Expires"), path).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(response.headers.get("X-Service-Key-Superseded"), path).toBe("true");
      await response.arrayBuffer();
    }
    const undeclared: string[] = [];
    for (const [name, document] of [
      ["served", await served()],
      ["committed", JSON.parse(inventoryDocument) as Awaited<ReturnType<typeof served>>],
    ] as const) {
      for (const [path, item] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(item as Record<string, Operation>)) {
          if (!(operation.security ?? []).some((requirement) => "apiKey" in requirement)) continue;
          for (const [status, response] of Object.entries(operation.responses)) {
            for (const header of ["X-Service-Key-Expires", "X-Service-Key-Superseded"]) {
              if (!(header in (response.headers ?? {}))) undeclared.push(`${name}: ${method} ${path} ${status} ${header}`);
            }
          }
        }
      }
    }
    expect(undeclared).toEqual([]);
  });
});
