// The API reference page and its files, served by the Worker itself under the pages' CSP.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import taxDocument from "../../docs/openapi/tax.json?raw";
import { PAGE_CSP } from "../../src/platform/ui/headers";

const TAX = "http://tax.test";

describe("API reference at /api/v1/docs", () => {
  it("is an HTML page that loads Swagger UI and its start-up script from this origin only", async () => {
    const response = await SELF.fetch(`${TAX}/api/v1/docs`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    expect(response.headers.get("Content-Security-Policy")).toBe(PAGE_CSP);
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual([
      "/api/v1/docs/favicon-32x32.png",
      "/api/v1/docs/swagger-ui.css",
      "/api/v1/docs/swagger-ui-bundle.js",
      "/api/v1/docs/init.js",
    ]);
    // No inline script: every <script> has a src and an empty body.
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(html).not.toMatch(/<script[^>]*>[^<]+<\/script>/);
  });

  it("serves Swagger UI's script and stylesheet from the installed package, and the start-up script naming the live document", async () => {
    const bundle = await SELF.fetch(`${TAX}/api/v1/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("Content-Type")).toContain("javascript");
    expect(await bundle.text()).toContain("SwaggerUIBundle");
    const css = await SELF.fetch(`${TAX}/api/v1/docs/swagger-ui.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get("Content-Type")).toContain("text/css");
    await css.arrayBuffer();
    const init = await SELF.fetch(`${TAX}/api/v1/docs/init.js`);
    expect(init.status).toBe(200);
    expect(await init.text()).toContain('url: "/api/v1/openapi.json"');
  });

  it("exposes no other file of the package", async () => {
    for (const file of ["index.html", "package.json", "swagger-initializer.js", "swagger-ui-bundle.js.map"]) {
      const response = await SELF.fetch(`${TAX}/api/v1/docs/${file}`);
      expect(response.status, file).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("not_found");
    }
    const root = await SELF.fetch(`${TAX}/index.html`);
    expect(root.status).toBe(404);
    await root.arrayBuffer();
  });
});

describe("the committed OpenAPI document", () => {
  it("docs/openapi/tax.json is exactly the served document (refresh it with npm run openapi)", async () => {
    const response = await SELF.fetch(`${TAX}/api/v1/openapi.json`);
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
    expect(document.paths["/api/v1/compute"]!.post!.security).toEqual([{ apiKey: [] }]);
    expect(document.paths["/api/v1/health"]!.get!.security).toEqual([]);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(["apiKey", "operatorToken", "session"]);
  });
});
