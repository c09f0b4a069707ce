// HTTP as the guide promises it: routes that ignore their query ignore a parameter without a name too; 404 for an
// unknown path and 405 with Allow for a known one are decided on the path the router reads (percent-decoded, whole);
// and every spelling of application/json that RFC 9110 §8.3.1 allows is JSON.
import { describe, expect, it } from "vitest";
import { fetchWorker } from "../worker-under-test";
import { api, createKey, expectError, expectStatus, TAX } from "./helpers";

const COMPUTE = { financialYear: "2025-26", profile: { age: 40, residentialStatus: "resident", salary: { grossSalary: 1_575_000 } } };

describe("the routes that ignore query parameters", () => {
  // A monitor that defeats caches with `?=<time>` must not read the service as down.
  it.each([["/api/v1/health?=1"], ["/api/v1/health?=&x=1"], ["/api/v1/openapi.json?=1"], ["/api/v1/docs?=1"]])(
    "GET %s answers as without the query (200)",
    async (path) => {
      const response = await fetchWorker(`${TAX}${path}`);
      expect(response.status, (await response.text()).slice(0, 200)).toBe(200);
    },
  );

  it("a route that checks its query asks for the key first: ?=5 without one is 401", async () => {
    await expectError(await api("/api/v1/deadlines?=5", null), 401, "unauthorized");
  });
});

describe("404 for an unknown path, 405 with Allow for a known path and another method", () => {
  const long = "a".repeat(190);

  it("an unknown path longer than 200 characters is 404, not a 405 naming a shorter route's methods", async () => {
    const { key } = await createKey();
    const response = await api(`/api/v1/webhooks/${long}/nonexistent`, key);
    await expectError(response, 404, "not_found");
    expect(response.headers.get("Allow")).toBeNull();
  });

  it("a GET to the POST-only test-send route with a long id is 405 with Allow: POST", async () => {
    const { key } = await createKey();
    const response = await api(`/api/v1/webhooks/${long}/test`, key);
    await expectError(response, 405, "method_not_allowed");
    expect(response.headers.get("Allow")).toBe("POST");
  });

  it("a percent-encoded spelling of a known path (RFC 3986 §6.2.2.2) is that path: PUT /api/v1/comput%65 is 405 Allow: POST", async () => {
    const { key } = await createKey({ scopes: ["deadlines:read"] });
    await expectStatus(await api("/api/v1/deadline%73?limit=1", key), 200);
    const encoded = await api("/api/v1/comput%65", key, { method: "PUT" });
    await expectError(encoded, 405, "method_not_allowed");
    expect(encoded.headers.get("Allow")).toBe("POST");
  });
});

describe("Content-Type", () => {
  it.each([
    ["application/json ; charset=utf-8"],
    ["application/json;"],
    ["application/json; charset=utf-8"],
    ["APPLICATION/JSON"],
    ["application/merge-patch+json"],
  ])("'%s' is JSON: the profile is computed (200)", async (type) => {
    const { key } = await createKey();
    const response = await api("/api/v1/compute", key, { method: "POST", body: JSON.stringify(COMPUTE), headers: { "Content-Type": type } });
    await expectStatus(response, 200);
  });
});
