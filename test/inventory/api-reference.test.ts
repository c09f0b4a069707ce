// The API reference page, and the service's root and `/admin/` leading somewhere useful.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PAGE_CSP } from "../../src/platform/ui/headers";

const INV = "http://inventory.test";

describe("API reference at /api/v1/docs", () => {
  it("is an HTML page under the pages' CSP loading Swagger UI from this Worker", async () => {
    const response = await SELF.fetch(`${INV}/api/v1/docs`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Security-Policy")).toBe(PAGE_CSP);
    expect(html).toContain('<script src="/api/v1/docs/swagger-ui-bundle.js"></script>');
    const bundle = await SELF.fetch(`${INV}/api/v1/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(await bundle.text()).toContain("SwaggerUIBundle");
  });

  it("/ leads to the API reference and /admin/ to the admin area", async () => {
    const root = await SELF.fetch(`${INV}/`, { redirect: "manual" });
    expect(root.status).toBe(302);
    expect(root.headers.get("Location")).toBe("/api/v1/docs");
    const admin = await SELF.fetch(`${INV}/admin/`, { redirect: "manual" });
    expect(admin.status).toBe(301);
    expect(admin.headers.get("Location")).toBe("/admin");
    for (const base of ["/api/v1", "/api/v1/"]) {
      const response = await SELF.fetch(`${INV}${base}`, { redirect: "manual" });
      expect(response.status, base).toBe(302);
      expect(response.headers.get("Location")).toBe("/api/v1/docs");
    }
  });
});
