// The API reference page and its files, served by the Worker itself under the pages' CSP.
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
import taxDocument from "../../docs/openapi/tax.json?raw";
import apiGuide from "../../docs/tax-api.md?raw";
import { documentedErrorStatuses } from "../error-table";
import { taxErrors } from "../../src/tax/hono";
import { PAGE_CSP } from "../../src/platform/ui/headers";
import { TAX_SCOPES, type TaxScope } from "../../src/tax/keys/scopes";
import { ASSET_KINDS } from "../../src/tax/domain/engine";
import { ACCOUNT_SELECTION_DESCRIPTION } from "../../src/tax/accounts/operator-auth";
import { admin, api, createAccount, createKey, expectError } from "./helpers";
import { headerExample, RATE_LIMIT_POLICY, RATE_LIMIT_STATE } from "../rate-limit-syntax";

const TAX = "http://tax.test";

describe("API reference at /api/v1/docs", () => {
  it("is an HTML page that loads Swagger UI and its start-up script from this origin only", async () => {
    const response = await fetchWorker(`${TAX}/api/v1/docs`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    expect(response.headers.get("Content-Security-Policy")).toBe(PAGE_CSP);
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual([
      "/api/v1/docs/favicon-32x32.png",
      "/api/v1/docs/swagger-ui.css",
      "/api/v1/docs/overrides.css",
      "/api/v1/docs/swagger-ui-bundle.js",
      "/api/v1/docs/init.js",
    ]);
    // No inline script: every <script> has a src and an empty body.
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(html).not.toMatch(/<script[^>]*>[^<]+<\/script>/);
  });

  it("serves Swagger UI's script and stylesheet from the installed package, and the start-up script for the live document the page names", async () => {
    const bundle = await fetchWorker(`${TAX}/api/v1/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("Content-Type")).toContain("javascript");
    expect(await bundle.text()).toContain("SwaggerUIBundle");
    const css = await fetchWorker(`${TAX}/api/v1/docs/swagger-ui.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get("Content-Type")).toContain("text/css");
    await css.arrayBuffer();
    const overrides = await fetchWorker(`${TAX}/api/v1/docs/overrides.css`);
    expect(overrides.status).toBe(200);
    expect(overrides.headers.get("Content-Type")).toContain("text/css");
    expect(await overrides.text()).toContain(".opblock-summary-method");
    const init = await fetchWorker(`${TAX}/api/v1/docs/init.js`);
    expect(init.status).toBe(200);
    expect(init.headers.get("Content-Type")).toContain("javascript");
    expect(await init.text()).toContain("url: reference.dataset.document");
    const page = await (await fetchWorker(`${TAX}/api/v1/docs`)).text();
    expect(page).toContain('<main id="api-reference" data-document="/api/v1/openapi.json"></main>');
  });

  it("exposes no other file of the package", async () => {
    for (const file of ["index.html", "package.json", "swagger-initializer.js", "swagger-ui-bundle.js.map"]) {
      const response = await fetchWorker(`${TAX}/api/v1/docs/${file}`);
      expect(response.status, file).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("not_found");
    }
    const root = await fetchWorker(`${TAX}/index.html`);
    expect(root.status).toBe(404);
    await root.arrayBuffer();
  });
});

describe("the committed OpenAPI document", () => {
  it("docs/openapi/tax.json is exactly the served document (refresh it with npm run openapi)", async () => {
    const response = await fetchWorker(`${TAX}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(JSON.parse(taxDocument));
  });

  it("every operation has a unique operationId and a security requirement", () => {
    const document = JSON.parse(taxDocument) as { paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>> };
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

  it("every management operation that takes accountEmail opens its description with how the account is chosen", () => {
    type Named = {
      description?: string;
      parameters?: Array<{ name: string }>;
      requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
    };
    const document = JSON.parse(taxDocument) as { paths: Record<string, Record<string, Named>> };
    const naming: string[] = [];
    const silent: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const inQuery = (operation.parameters ?? []).some((parameter) => parameter.name === "accountEmail");
        const inBody = "accountEmail" in (operation.requestBody?.content?.["application/json"]?.schema?.properties ?? {});
        if (!inQuery && !inBody) continue;
        naming.push(`${method} ${path}`);
        if (!operation.description?.startsWith(`${ACCOUNT_SELECTION_DESCRIPTION} `)) silent.push(`${method} ${path}`);
      }
    }
    // Keys (issue, list), the account, and every webhook endpoint and events operation.
    expect(naming.length).toBeGreaterThanOrEqual(15);
    expect(silent).toEqual([]);
  });
});

describe("declared errors", () => {
  it("the guide's Errors table lists every code the service answers with, under its status, and no other", () => {
    expect(documentedErrorStatuses(apiGuide)).toEqual(taxErrors.statusOf);
  });

  it("every error answer names its codes, each one of the catalogue under its status, and every operation its internal error", () => {
    expect(errorCodeProblems(JSON.parse(taxDocument), taxErrors.statusOf, taxErrors.codeOf.internal)).toEqual([]);
  });

  it("every operation that validates a parameter, header or body declares its 400", () => {
    expect(undeclaredValidationErrors(JSON.parse(taxDocument))).toEqual([]);
  });

  it("every operation taking an Idempotency-Key declares its 409 and 422, which /compute answers like any other", async () => {
    const { key } = await createKey();
    const compute = (financialYear: string) =>
      api("/api/v1/compute", key, {
        method: "POST",
        headers: { "Idempotency-Key": "one-key-two-requests" },
        body: JSON.stringify({ financialYear, profile: { residentialStatus: "resident" } }),
      });
    expect((await compute("2025-26")).status).toBe(200);
    await expectError(await compute("2024-25"), 422, "idempotency_key_reused");
    expect(undeclaredIdempotencyErrors(await served())).toEqual([]);
  });

  it("every operation that reads a body declares its 413 and 415, which key creation answers like any other", async () => {
    const email = await createAccount();
    const asText = await fetchWorker(`${TAX}/admin/api/keys`, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, "Content-Type": "text/plain" },
      body: JSON.stringify({ accountEmail: email, scopes: [] }),
    });
    await expectError(asText, 415, "unsupported_media_type");
    await expectError(
      await admin("POST", "/admin/api/keys", { accountEmail: email, scopes: [], name: "x".repeat(20_000) }),
      413,
      "payload_too_large",
    );
    expect(undeclaredBodyErrors(await served())).toEqual([]);
  });

  it("a free account's eleventh key is a 409 key_limit_reached, which key creation declares", async () => {
    const email = await createAccount();
    for (let i = 0; i < 10; i++) await createKey({ email, scopes: [] });
    await expectError(await admin("POST", "/admin/api/keys", { accountEmail: email, scopes: [] }), 409, "key_limit_reached");
    expect(Object.keys((await served()).paths["/admin/api/keys"]!.post!.responses)).toContain("409");
  });

  it("every declared error, the health check's 503 included, is the error envelope", async () => {
    expect(errorsWithoutEnvelope(await served(), "#/components/schemas/Error")).toEqual([]);
  });
});

describe("generated operation details", () => {
  it("names operations from method and path, and secures management with the operator token or a session", () => {
    const document = JSON.parse(taxDocument) as {
      paths: Record<string, Record<string, { operationId: string; security: Array<Record<string, string[]>> }>>;
      components: { securitySchemes: Record<string, { type: string }> };
    };
    // GET + profiles + {id} -> "get" "Profiles" "ById"; the /api/v1 prefix is dropped, /admin/api reads "Admin".
    expect(document.paths["/api/v1/profiles/{id}"]!.get!.operationId).toBe("getProfilesById");
    expect(document.paths["/admin/api/keys/{id}/rotate"]!.post!.operationId).toBe("postAdminKeysByIdRotate");
    expect(document.paths["/admin/api/keys/{id}/rotate"]!.post!.security).toEqual([{ operatorToken: [] }, { session: [] }]);
    expect(document.paths["/admin/api/accounts"]!.get!.security).toEqual([{ operatorToken: [] }, { session: [] }]);
    expect(document.paths["/api/v1/compute"]!.post!.security).toEqual([{ apiKey: [] }]);
    expect(document.paths["/api/v1/profiles"]!.post!.security).toEqual([{ apiKey: ["profiles:write"] }]);
    expect(document.paths["/api/v1/health"]!.get!.security).toEqual([]);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(["apiKey", "operatorToken", "session", "webhookSignature"]);
  });
});

type Operation = {
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { headers?: Record<string, { $ref?: string }>; content?: Record<string, { schema?: { $ref?: string } }> }>;
};
const served = async (): Promise<{ paths: Record<string, Record<string, Operation>>; components: { headers: Record<string, unknown> } }> =>
  (await fetchWorker(`${TAX}/api/v1/openapi.json`)).json();

/**
 * Each operation the document secures with an API key, with the scopes that open it: OpenAPI lists alternatives, so a
 * key holding any one of them is let in (none for /compute).
 */
function* keyedOperations(document: Awaited<ReturnType<typeof served>>): Generator<{ path: string; method: string; scopes: string[] }> {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const keyed = operation.security?.filter((requirement) => "apiKey" in requirement);
      if (!keyed?.length) continue;
      for (const requirement of keyed) expect(requirement.apiKey!.length, `${method} ${path}: one scope per alternative`).toBeLessThanOrEqual(1);
      yield { path, method, scopes: keyed.flatMap((requirement) => requirement.apiKey!) };
    }
  }
}

describe("scopes and response headers in the document", () => {
  it("each keyed operation names the scopes it enforces: a key with every other scope gets 403 forbidden", async () => {
    let checked = 0;
    for (const { path, method, scopes } of keyedOperations(await served())) {
      if (scopes.length === 0) continue;
      const key = await createKey({ scopes: TAX_SCOPES.filter((scope) => !scopes.includes(scope)) });
      const response = await api(path.replace(/\{[^}]+\}/g, "id_x"), key.key, { method: method.toUpperCase() });
      expect(response.status, `${method} ${path} without ${scopes.join(" or ")}`).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("forbidden");
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });

  it("each keyed operation answers a key holding only one scope it names (none for /compute) without a 403", async () => {
    let checked = 0;
    for (const { path, method, scopes } of keyedOperations(await served())) {
      for (const holding of scopes.length === 0 ? [[]] : scopes.map((scope) => [scope])) {
        const key = await createKey({ scopes: holding as TaxScope[] });
        const response = await api(path.replace(/\{[^}]+\}/g, "id_x"), key.key, { method: method.toUpperCase() });
        const body = await response.text();
        expect([401, 403], `${method} ${path} with [${holding.join(", ")}]: ${response.status} ${body}`).not.toContain(response.status);
        expect(response.headers.get("X-RateLimit-Limit"), `${method} ${path}`).toBe("30");
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(16);
  });

  it("the document's examples of RateLimit-Policy and RateLimit have the syntax the answers use", async () => {
    const document = await served();
    expect(headerExample(document, "RateLimit-Policy")).toMatch(RATE_LIMIT_POLICY);
    expect(headerExample(document, "RateLimit")).toMatch(RATE_LIMIT_STATE);
    const key = await createKey({ scopes: ["deadlines:read"] });
    const response = await api("/api/v1/deadlines", key.key);
    expect(response.status).toBe(200);
    expect(response.headers.get("RateLimit-Policy")).toMatch(RATE_LIMIT_POLICY);
    expect(response.headers.get("RateLimit")).toMatch(RATE_LIMIT_STATE);
  });

  it("a keyed answer carries the headers its response declares", async () => {
    const document = await served();
    const declared = Object.keys(document.paths["/api/v1/deadlines"]!.get!.responses["200"]!.headers ?? {});
    for (const name of declared) expect(document.components.headers, name).toHaveProperty(name);
    const key = await createKey();
    const response = await api("/api/v1/deadlines", key.key);
    expect(response.status).toBe(200);
    // Sent only on a replay or for a key near its expiry.
    const conditional = new Set(["Idempotent-Replayed", "X-Service-Key-Expires-Soon"]);
    for (const name of declared.filter((name) => !conditional.has(name))) expect(response.headers.has(name), name).toBe(true);
    expect(declared).toEqual(
      expect.arrayContaining(["X-Request-Id", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "RateLimit", "RateLimit-Policy"]),
    );
  });
});

describe("the guide's request table", () => {
  it("names every kind of asset a sale may be, as the API takes them", () => {
    const row = apiGuide.split("\n").find((line) => line.startsWith("| `…asset`")) ?? "";
    expect(ASSET_KINDS.filter((kind) => !row.includes(`${kind} `) && !row.includes(`${kind}\``))).toEqual([]);
  });
});
