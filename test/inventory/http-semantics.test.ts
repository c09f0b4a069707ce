// HTTP as the guide promises it: routes that ignore their query ignore a parameter without a name too; 404 for an
// unknown path and 405 with Allow for a known one are decided on the path the router reads (percent-decoded, whole);
// and every spelling of application/json that RFC 9110 §8.3.1 allows is JSON.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker } from "../worker-under-test";
import { admin, api, createKey, createOrg, expectError, expectStatus, INVENTORY } from "./helpers";

describe("the routes that ignore query parameters", () => {
  // A monitor that defeats caches with `?=<time>` must not read the service as down.
  it.each([["/api/v1/health?=1"], ["/api/v1/openapi.json?=1"], ["/api/v1/docs?=1"], ["/admin?=1"]])(
    "GET %s answers as without the query (200)",
    async (path) => {
      const response = await fetchWorker(`${INVENTORY}${path}`);
      expect(response.status, (await response.text()).slice(0, 200)).toBe(200);
    },
  );

  it("a route that checks its query asks for the key first: ?=5 without one is 401", async () => {
    await expectError(await api("/api/v1/sales?=5", null), 401, "missing_token");
  });
});

describe("404 for an unknown path, 405 with Allow for a known path and another method", () => {
  it("GET /admin/api/orgs/<190 characters>/bogus, a path no route has, is 404", async () => {
    const response = await admin("GET", `/admin/api/orgs/${"a".repeat(190)}/bogus`);
    await expectError(response, 404, "not_found");
    expect(response.headers.get("Allow")).toBeNull();
  });

  it("a percent-encoded spelling of a known path (RFC 3986 §6.2.2.2) is that path: 405 with its Allow", async () => {
    const org = await createOrg();
    const { key } = await createKey(org, { access: "read_only" });
    await expectStatus(await api("/api/v1/sale%73", key), 200);
    const sales = await api("/api/v1/sale%73", key, { method: "OPTIONS" });
    await expectError(sales, 405, "method_not_allowed");
    expect(sales.headers.get("Allow")).toBe("GET");
    const customers = await admin("PUT", `/admin/api/org%73/${org}/customers`);
    await expectError(customers, 405, "method_not_allowed");
    expect(customers.headers.get("Allow")).toBe("POST");
  });
});

describe("Content-Type", () => {
  it.each([["application/json ; charset=utf-8"], ["application/json;"], ["application/json; charset=utf-8"]])(
    "'%s' is JSON: the customer is created (201)",
    async (type) => {
      const org = await createOrg();
      const response = await fetchWorker(`${INVENTORY}/admin/api/orgs/${org}/customers`, {
        method: "POST",
        headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, "Content-Type": type },
        body: JSON.stringify({ name: "Sri Murugan Tex" }),
      });
      await expectStatus(response, 201);
    },
  );
});

describe("WWW-Authenticate on a 401", () => {
  it("names the key realm on the API and is a plain Bearer challenge on the management API", async () => {
    const withoutKey = await api("/api/v1/sales", null);
    await expectError(withoutKey, 401, "missing_token");
    expect(withoutKey.headers.get("WWW-Authenticate")).toBe('Bearer realm="inv"');
    const withoutToken = await fetchWorker(`${INVENTORY}/admin/api/orgs`);
    expect(withoutToken.status).toBe(401);
    expect(withoutToken.headers.get("WWW-Authenticate")).toBe("Bearer");
  });
});
