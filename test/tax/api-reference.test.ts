// The API reference page and its files, served by the Worker itself under the pages' CSP.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
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
    expect(sources).toEqual(["/api/v1/docs/swagger-ui.css", "/api/v1/docs/swagger-ui-bundle.js", "/api/v1/docs/init.js"]);
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
